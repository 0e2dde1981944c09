"""Foreign data a new user brings: sidecars, symlinks, BEIR folders, empty documents, empty
suites (issue #9, corpus robustness). Each test fails on the old behaviour."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from eval.cli import main
from eval.suites import load_suite
from rag.corpus import scan
from rag.errors import ConfigError
from tests.rag.test_loaders import load_folder


def test_stem_named_sidecar_applies_its_access_labels(write) -> None:
    write("policy.md", "# Pay\n\nBand L4 pays up to 150,000 USD.")
    write("policy.metadata.yaml", "department: hr\nclearance: 3\n")
    corpus = load_folder(write.root)
    assert corpus.documents[0].metadata["department"] == "hr"   # was: public


def test_sidecar_that_matches_no_document_is_an_error(write) -> None:
    write("policy.md", "# Pay\n\ntext")
    write("polcy.md.metadata.yaml", "department: hr\n")
    with pytest.raises(ConfigError) as err:
        scan(write.root)
    assert "polcy.md.metadata.yaml" in str(err.value) and "matches no document" in str(err.value)


def test_ambiguous_stem_sidecar_is_an_error(write) -> None:
    write("policy.md", "# Pay\n\ntext")
    write("policy.txt", "text")
    write("policy.metadata.yaml", "department: hr\n")
    with pytest.raises(ConfigError, match="matches 2 files"):
        scan(write.root)


def test_symlink_out_of_the_corpus_is_refused(write, tmp_path: Path) -> None:
    secret = tmp_path / "outside.txt"
    secret.write_text("root:x:0:0", encoding="utf-8")
    write("a.md", "# A\n\ntext")
    (write.root / "passwd.txt").symlink_to(secret)
    with pytest.raises(ConfigError, match="leads out of the corpus folder"):
        scan(write.root)


def test_symlink_inside_the_corpus_is_fine(write) -> None:
    write("a.md", "# A\n\ntext")
    (write.root / "b.md").symlink_to(write.root / "a.md")
    assert [f.rel for f in scan(write.root)] == ["a.md", "b.md"]


def _beir(folder: Path, docs: list[dict], queries: list[dict], qrels: list[tuple[str, str, int]]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "corpus.jsonl").write_text("\n".join(json.dumps(d) for d in docs), encoding="utf-8")
    (folder / "queries.jsonl").write_text("\n".join(json.dumps(q) for q in queries), encoding="utf-8")
    (folder / "qrels").mkdir(exist_ok=True)
    (folder / "qrels" / "test.tsv").write_text(
        "query-id\tcorpus-id\tscore\n" + "".join(f"{q}\t{d}\t{s}\n" for q, d, s in qrels), encoding="utf-8")


DOCS = [{"_id": "d1", "title": "Wings", "text": "Flutter of swept wings at high speed."},
        {"_id": "d2", "title": "Boundary layers", "text": "Boundary layer transition on flat plates."},
        {"_id": "d3", "title": "", "text": ""}]
QUERIES = [{"_id": "1", "text": "what causes wing flutter"}, {"_id": "2", "text": "boundary layer transition"}]


def test_standard_beir_layout_loads(tmp_path: Path) -> None:
    _beir(tmp_path / "beir", DOCS[:2], QUERIES, [("1", "d1", 1), ("2", "d2", 2)])
    (tmp_path / "suite.yaml").write_text("name: b\nlanguage: en\nformat: beir\ncorpus: beir\n", encoding="utf-8")
    suite = load_suite(tmp_path / "suite.yaml")     # was: queries.jsonl loaded as a second corpus file
    assert [c.id for c in suite.cases] == ["1", "2"] and suite.corpus_dir.name == "corpus.jsonl"
    assert [f.rel for f in scan(suite.corpus_dir)] == ["corpus.jsonl"]


def test_beir_corpus_may_name_the_file(tmp_path: Path) -> None:
    _beir(tmp_path / "beir", DOCS[:2], QUERIES, [("1", "d1", 1), ("2", "d2", 1)])
    (tmp_path / "suite.yaml").write_text("name: b\nlanguage: en\nformat: beir\ncorpus: beir/corpus.jsonl\n",
                                         encoding="utf-8")
    assert len(load_suite(tmp_path / "suite.yaml").cases) == 2


def test_qrel_on_an_empty_document_is_a_warning_and_scored_as_never_retrieved(tmp_path: Path, monkeypatch,
                                                                                capsys) -> None:
    """Cranfield names documents with empty text in its qrels; trec_eval counts them as
    relevant and never retrieved, so recall can never reach 1 on such a query."""
    _beir(tmp_path / "beir", DOCS, QUERIES, [("1", "d1", 1), ("1", "d3", 1), ("2", "d2", 1)])
    (tmp_path / "suite.yaml").write_text("name: b\nlanguage: en\nformat: beir\ncorpus: beir\n", encoding="utf-8")
    suite = load_suite(tmp_path / "suite.yaml")   # was: an input error
    assert suite.warnings and "d3" in suite.warnings[0] and "never retrieved" in suite.warnings[0]
    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    (tmp_path / "config.yaml").write_text(
        "name: c\nsuites: [suite.yaml]\nchunker: whole\nretrievers: [{name: bm25, params: {top_k: 10}}]\n"
        "metrics: [recall@10, ndcg@10]\n", encoding="utf-8")
    assert main(["run", str(tmp_path / "config.yaml"), "--out", str(tmp_path / "runs")]) == 0
    assert "have no text" in capsys.readouterr().err
    from eval.runs.checkpoint import read_cases

    cases = {r.case_id: r for r in read_cases(next((tmp_path / "runs").iterdir()))}
    assert cases["1"].metrics["recall@10"] == 0.5 and cases["2"].metrics["recall@10"] == 1.0


def test_gzipped_beir_layout_loads(tmp_path: Path) -> None:
    folder = tmp_path / "beir"
    _beir(folder, DOCS[:2], QUERIES, [("1", "d1", 1), ("2", "d2", 1)])
    for name in ("corpus.jsonl", "queries.jsonl"):
        (folder / (name + ".gz")).write_bytes(gzip.compress((folder / name).read_bytes()))
        (folder / name).unlink()
    (tmp_path / "suite.yaml").write_text("name: b\nlanguage: en\nformat: beir\ncorpus: beir\n", encoding="utf-8")
    assert len(load_suite(tmp_path / "suite.yaml").cases) == 2


def test_a_suite_with_no_cases_is_an_error(tmp_path: Path, capsys) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A\n\ntext", encoding="utf-8")
    (tmp_path / "cases.yaml").write_text("[]\n", encoding="utf-8")
    (tmp_path / "suite.yaml").write_text("name: e\nlanguage: en\ncorpus: docs\ncases: cases.yaml\n", encoding="utf-8")
    assert main(["validate", str(tmp_path / "suite.yaml")]) == 2   # was: "ok"
    assert "no cases" in capsys.readouterr().err


def test_single_values_and_numeric_ids_in_cases_are_accepted(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "42.md").write_text("# Answer\n\nThe answer is 42.", encoding="utf-8")
    (tmp_path / "cases.jsonl").write_text(json.dumps({"id": 1, "question": "What is the answer?",
                                                       "expected_docs": 42, "tags": "numeric"}), encoding="utf-8")
    (tmp_path / "suite.yaml").write_text("name: s\nlanguage: en\ncorpus: docs\ncases: cases.jsonl\n", encoding="utf-8")
    case = load_suite(tmp_path / "suite.yaml").cases[0]
    assert case.expected_docs == ["42"] and case.tags == ["numeric"] and case.id == "1"


def test_a_cases_suite_may_name_a_jsonl_corpus_file_and_gold_answers(tmp_path: Path) -> None:
    """cmrc2018-negrej's layout: corpus.jsonl beside cases.jsonl whose cases carry ``answers``
    (any one will do) and, for the must-refuse ones, the answer that was cut out."""
    docs = [{"_id": "p1", "title": "泡泡战士", "text": "泡泡战士由韩国Nexon开发。若游戏中离，则4分钟内不得进行配对。"},
            {"_id": "p2", "title": "大桥", "text": "哈洛大桥建成通车后成为城市的象征。"}]
    (tmp_path / "corpus.jsonl").write_text("\n".join(json.dumps(d, ensure_ascii=False) for d in docs), encoding="utf-8")
    cases = [{"id": "q1", "question": "多少分钟内不得配对？", "expect": "answer", "expected_docs": ["p1"],
              "answers": ["4分钟", "四分钟"], "split": "dev"},
             {"id": "q2", "question": "哈洛大桥哪一年通车？", "expect": "refuse", "answers": ["1931年"], "split": "test"}]
    (tmp_path / "cases.jsonl").write_text("\n".join(json.dumps(c, ensure_ascii=False) for c in cases), encoding="utf-8")
    (tmp_path / "suite.yaml").write_text("name: n\nlanguage: zh\ncorpus: corpus.jsonl\ncases: cases.jsonl\n",
                                         encoding="utf-8")
    suite = load_suite(tmp_path / "suite.yaml")
    assert suite.corpus_dir.name == "corpus.jsonl" and [c.contains for c in suite.cases] == [
        [("4分钟", "四分钟")], []]   # a must-refuse case's gold answer is a record, not a check
    (tmp_path / "suite.yaml").write_text("name: n\nlanguage: zh\ncorpus: corpus.csv\ncases: cases.jsonl\n",
                                         encoding="utf-8")
    (tmp_path / "corpus.csv").write_text("x", encoding="utf-8")
    with pytest.raises(ConfigError, match="must be JSONL"):
        load_suite(tmp_path / "suite.yaml")
