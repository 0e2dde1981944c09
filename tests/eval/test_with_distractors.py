"""goldensets/_build/with_distractors.py: a suite's twin whose corpus also holds unrelated documents."""

from __future__ import annotations

import json
from pathlib import Path

from eval.suites.load import load_suite
from rag.corpus import scan
from tests.eval.build_scripts import load

ROOT = Path(__file__).resolve().parents[2]


def _script():
    return load("with_distractors")


def test_a_jsonl_corpus_gains_the_distractors_and_keeps_its_cases(tmp_path: Path) -> None:
    script = _script()
    extra = script.distractors(script.SCIFACT, 20, seed=1)
    assert len(extra) == 20 and len({row["_id"] for row in extra}) == 20
    assert extra == script.distractors(script.SCIFACT, 20, seed=1)   # seeded: the same sample again
    assert script.twin("negrej-en", tmp_path, extra) == 20
    twin = load_suite(tmp_path / "negrej-en" / "suite.yaml")
    original = load_suite(ROOT / "goldensets/negrej-en/suite.yaml")
    assert twin.name == "negrej-en-distractors"
    assert [c.id for c in twin.cases] == [c.id for c in original.cases]
    lines = (tmp_path / "negrej-en" / "corpus-with-distractors.jsonl").read_text(encoding="utf-8").splitlines()
    own = (ROOT / "goldensets/negrej-en/corpus.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == len([line for line in own if line.strip()]) + 20
    assert all(json.loads(line)["_id"].startswith("distractor-") for line in lines[-20:])


def test_a_folder_corpus_gains_public_markdown_documents(tmp_path: Path) -> None:
    script = _script()
    extra = script.distractors(script.SCIFACT, 5)
    script.twin("kb-en", tmp_path, extra)
    twin = load_suite(tmp_path / "kb-en" / "suite.yaml")
    assert twin.name == "kb-en-distractors" and twin.spec.identities   # the identities stay
    files = {f.rel: f for f in scan(tmp_path / "kb-en" / "docs")}
    added = [f for rel, f in files.items() if Path(rel).name.startswith("distractor-")]
    assert len(added) == 5 and all(f.sidecar is None for f in added)   # no sidecar: visible to everyone
    assert len(files) == len(scan(ROOT / "goldensets/kb-en/docs")) + 5


def test_bad_input_stops_before_anything_is_written(tmp_path: Path) -> None:
    import pytest

    script = _script()
    bad = tmp_path / "bad.jsonl"
    for rows, message in (([{"_id": "a/b", "title": "", "text": "x"}], "safe file name"),
                          ([{"_id": "7", "title": "", "text": "x"}, {"_id": "7", "title": "", "text": "y"}],
                           "used on line 1")):
        bad.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
        with pytest.raises(SystemExit, match=message):
            script.distractors(bad, None)
    extra = script.distractors(script.SCIFACT, 2)
    for suite, out, message in (("../goldensets/negrej-en", tmp_path, "not a path"),
                                ("negrej-en", ROOT / "goldensets", "outside goldensets"),
                                ("negrej-en", ROOT / "goldensets/_build", "outside goldensets"),
                                ("scifact", tmp_path, "BEIR")):
        with pytest.raises(SystemExit, match=message):
            script.twin(suite, out, extra)
    assert (ROOT / "goldensets/negrej-en/suite.yaml").is_file()
    assert not (tmp_path / "negrej-en").exists() and not (tmp_path / "scifact").exists()


def test_a_title_on_several_lines_is_one_title(tmp_path: Path) -> None:
    source = tmp_path / "d.jsonl"
    source.write_text(json.dumps({"_id": "n1", "title": "Line one\nline two", "text": "Body."}) + "\n", encoding="utf-8")
    assert _script().distractors(source, None)[0]["title"] == "Line one line two"
