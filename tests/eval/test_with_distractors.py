"""goldensets/_build/with_distractors.py: a suite's twin whose corpus also holds unrelated documents."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from eval.suites.load import load_suite
from rag.corpus import scan

ROOT = Path(__file__).resolve().parents[2]


def _script():
    spec = importlib.util.spec_from_file_location("with_distractors", ROOT / "goldensets/_build/with_distractors.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
