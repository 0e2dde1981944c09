"""goldensets/cmrc2018-probe: rebuilt byte for byte, and made of cmrc2018-negrej's dev paragraphs only."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = ROOT / "goldensets" / "cmrc2018-probe"


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def test_the_builder_rebuilds_the_shipped_files(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("probe_build", ROOT / "goldensets" / "_build" / "cmrc2018_probe.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    for name, _ in build.BATCHES:
        shutil.copyfile(PROBE / name, tmp_path / name)
    build.OUT = tmp_path
    build.main()
    for name in ("cases.jsonl", "corpus.jsonl"):
        assert (tmp_path / name).read_bytes() == (PROBE / name).read_bytes(), name


def test_only_dev_paragraphs_and_every_answer_as_written() -> None:
    negrej = _lines(ROOT / "goldensets" / "cmrc2018-negrej" / "cases.jsonl")
    split_of = {case["id"].split("_QUERY_")[0]: case["split"] for case in negrej}
    text_of = {doc["_id"]: doc["text"] for doc in _lines(ROOT / "goldensets" / "cmrc2018-negrej" / "corpus.jsonl")}
    questions = _lines(PROBE / "questions.jsonl") + _lines(PROBE / "questions-2.jsonl")
    assert len({q["paragraph"] for q in questions}) == len(questions) // 3 == 127   # every dev paragraph, once
    assert {split_of[q["paragraph"]] for q in questions} == {"dev"}     # no test paragraph was read to write them
    assert all(q["answer"] in text_of[q["paragraph"]] for q in questions)
    cases = _lines(PROBE / "cases.jsonl")
    probe_text = "\n".join(doc["text"] for doc in _lines(PROBE / "corpus.jsonl"))
    assert {c["split"] for c in cases} == {"dev"}
    # a must-refuse question's answer stands nowhere in the probe's corpus; an answerable one's stands in its paragraph
    assert not any(c["answers"][0] in probe_text for c in cases if c["expect"] == "refuse")
    assert sum(c["expect"] == "answer" for c in cases) == 192 and sum(c["expect"] == "refuse" for c in cases) == 159
