"""Suite loading and validation: every problem names file, line and field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval.cli import main
from eval.suites import load_suite
from rag.errors import ConfigError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def suite_dir(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nalpha text", encoding="utf-8")
    (docs / "b.md").write_text("# B\n\nbravo text", encoding="utf-8")
    (docs / "c.md").write_text("# C\n\ncharlie text", encoding="utf-8")
    return tmp_path


def write_suite(folder: Path, cases: str, extra: str = "") -> Path:
    (folder / "cases.yaml").write_text(cases, encoding="utf-8")
    path = folder / "suite.yaml"
    path.write_text("name: t\nlanguage: en\ncorpus: docs\nidentities:\n  staff: {departments: [it], clearance: 1}\n"
                    f"cases: cases.yaml\n{extra}", encoding="utf-8")
    return path


def error_of(path: Path) -> ConfigError:
    with pytest.raises(ConfigError) as info:
        load_suite(path)
    return info.value


def test_a_valid_suite_with_or_groups(suite_dir: Path) -> None:
    path = write_suite(suite_dir, "- id: q1\n  question: alpha?\n  expected_docs: [[a, b], c]\n  as: staff\n"
                                  "- id: q2\n  question: nothing?\n  expect: refuse\n")
    suite = load_suite(path)
    assert [c.id for c in suite.cases] == ["q1", "q2"]
    assert suite.cases[0].groups == [("a", "b"), ("c",)]
    assert suite.identity("staff").departments == ("it",) and len(suite.hash) == 16


@pytest.mark.parametrize("cases,line,field,message", [
    ("- id: q1\n  question: a?\n- id: q1\n  question: b?\n", 3, "cases[q1].id", "duplicate case id"),
    ("- id: q1\n  question: a?\n  as: boss\n", 3, "cases[q1].as", "unknown identity 'boss'"),
    ("- id: q1\n  question: a?\n  expected_docs: [zulu]\n", 3, "cases[q1].expected_docs", "not in the corpus"),
    ("- id: q1\n  question: a?\n  expected_docs: [[]]\n", 3, "cases[q1].expected_docs.0", "OR-group"),
    ("- id: q1\n  question: a?\n  expected_docs: [[a, a]]\n", 3, "cases[q1].expected_docs.0", "OR-group"),
    ("- id: q1\n  question: a?\n  expected_docs: [a, [a, b]]\n", 3, "cases[q1].expected_docs", "two groups"),
    ("- id: q1\n  question: a?\n  expect: refuse\n  expected_docs: [a]\n", 4, "cases[q1].expected_docs", "refuse"),
])
def test_case_errors_name_file_line_and_field(suite_dir: Path, cases: str, line: int, field: str, message: str) -> None:
    err = error_of(write_suite(suite_dir, cases))
    assert (Path(err.file).name, err.line, err.field) == ("cases.yaml", line, field)
    assert message in err.message


def test_schema_errors_point_into_the_case(suite_dir: Path) -> None:
    err = error_of(write_suite(suite_dir, "- id: q1\n  question: a?\n- id: q2\n  question: b?\n  expekt: answer\n"))
    assert (err.line, err.field, err.message) == (5, "1.expekt", "unknown field")
    err = error_of(write_suite(suite_dir, "- id: q1\n  question: a?\n  expect: maybe\n"))
    assert err.line == 3 and err.field == "0.expect"


def test_jsonl_cases_report_their_line(suite_dir: Path) -> None:
    rows = [{"id": "q1", "question": "a?", "expected_docs": ["a"]}, {"id": "q2", "qestion": "b?"}]
    (suite_dir / "cases.jsonl").write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    path = write_suite(suite_dir, "[]")
    path.write_text(path.read_text().replace("cases: cases.yaml", "cases: cases.jsonl"), encoding="utf-8")
    err = error_of(path)
    assert (Path(err.file).name, err.line) == ("cases.jsonl", 2)


def test_table_cases_through_hf_datasets(suite_dir: Path) -> None:
    (suite_dir / "cases.csv").write_text(
        'id,question,expect,expected_docs,as\nq1,alpha?,answer,"[""a"", [""b"", ""c""]]",staff\nq2,nothing?,refuse,,\n',
        encoding="utf-8")
    path = write_suite(suite_dir, "[]", extra="format: table\n")
    path.write_text(path.read_text().replace("cases: cases.yaml", "cases: cases.csv"), encoding="utf-8")
    suite = load_suite(path)
    assert [(c.id, c.expect, c.groups, c.as_) for c in suite.cases] == [
        ("q1", "answer", [("a",), ("b", "c")], "staff"), ("q2", "refuse", [], None)]


def test_beir_suite_keeps_graded_relevance_and_only_qrels_queries(tmp_path: Path) -> None:
    (tmp_path / "corpus").mkdir()
    (tmp_path / "corpus" / "corpus.jsonl").write_text(
        "\n".join(json.dumps({"_id": d, "title": d, "text": f"text {d}"}) for d in ("d1", "d2", "d3")), encoding="utf-8")
    (tmp_path / "queries.jsonl").write_text(
        "\n".join(json.dumps({"_id": q, "text": f"query {q}"}) for q in ("q1", "q2", "train")), encoding="utf-8")
    (tmp_path / "qrels").mkdir()
    (tmp_path / "qrels" / "test.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td2\t1\nq2\td3\t1\n")
    (tmp_path / "suite.yaml").write_text("name: b\nlanguage: en\nformat: beir\ncorpus: corpus\n"
                                         "queries: queries.jsonl\nqrels: qrels/test.tsv\n", encoding="utf-8")
    suite = load_suite(tmp_path / "suite.yaml")
    assert suite.mode == "retrieval" and [c.id for c in suite.cases] == ["q1", "q2"]
    assert suite.cases[0].relevance == {"d1": 2, "d2": 1}


def test_shipped_suites_validate_and_are_big_enough() -> None:
    zh = load_suite(ROOT / "goldensets/kb-zh/suite.yaml")
    en = load_suite(ROOT / "goldensets/kb-en/suite.yaml")
    sci = load_suite(ROOT / "goldensets/scifact/suite.yaml")
    assert len(zh.cases) >= 50 and len(en.cases) >= 30
    assert sum(c.split == "test" for c in sci.cases) == 300 and sum(c.split == "dev" for c in sci.cases) == 809
    for suite in (zh, en):
        tags = {t for c in suite.cases for t in c.tags}
        assert {"acl", "refuse", "injection", "outdated", "two-docs", "colloquial", "table"} <= tags
        kinds = {p.suffix for p in suite.corpus_dir.iterdir() if not p.name.endswith(".yaml")}
        assert {".md", ".docx", ".pdf", ".html"} <= kinds
    assert main(["validate", str(ROOT / "goldensets/kb-zh/suite.yaml"), str(ROOT / "goldensets/scifact/suite.yaml")]) == 0


def test_turns_expand_into_cases_with_the_conversation_as_history(tmp_path) -> None:  # noqa: ANN001
    from eval.suites import load_suite

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A\n\nText.", encoding="utf-8")
    (tmp_path / "suite.yaml").write_text(
        "name: t\nlanguage: zh\ncorpus: docs\nidentities: {emp: {}}\ncases:\n"
        "  - id: conv\n    as: emp\n    split: dev\n    tags: [x]\n    turns:\n"
        "      - {question: 住宿标准？, reference: 500 元。, expected_docs: [a]}\n"
        "      - {question: 那经理呢？, expected_docs: [a]}\n"
        "      - {question: 薪酬呢？, expect: refuse, split: test}\n"
        "  - id: solo\n    question: 还有吗？\n    history: [{role: user, content: 住宿标准？}]\n", encoding="utf-8")
    suite = load_suite(tmp_path / "suite.yaml")
    cases = {c.id: c for c in suite.cases}
    assert list(cases) == ["conv#1", "conv#2", "conv#3", "solo"]
    assert cases["conv#1"].history == []
    assert [t.model_dump() for t in cases["conv#3"].history] == [
        {"role": "user", "content": "住宿标准？"}, {"role": "assistant", "content": "500 元。"},
        {"role": "user", "content": "那经理呢？"}]
    assert cases["conv#2"].as_ == "emp" and cases["conv#2"].split == "dev" and cases["conv#3"].split == "test"
    assert set(cases["conv#2"].tags) == {"x", "multi-turn"} and cases["solo"].history[0].content == "住宿标准？"


def test_bad_turns_name_file_line_and_field(tmp_path) -> None:  # noqa: ANN001
    import pytest as _pytest

    from eval.suites import load_suite
    from rag.errors import ConfigError

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A\n\nText.", encoding="utf-8")
    (tmp_path / "suite.yaml").write_text(
        "name: t\nlanguage: en\ncorpus: docs\ncases:\n  - id: conv\n    turns:\n"
        "      - {question: fine}\n      - {question: bad, expect: maybe}\n", encoding="utf-8")
    with _pytest.raises(ConfigError) as err:
        load_suite(tmp_path / "suite.yaml")
    assert err.value.line == 8 and "expect" in str(err.value.field)
    (tmp_path / "suite.yaml").write_text(
        "name: t\nlanguage: en\ncorpus: docs\ncases:\n  - id: conv\n    question: q\n    turns: [{question: a}]\n",
        encoding="utf-8")
    with _pytest.raises(ConfigError, match="not 'question'"):
        load_suite(tmp_path / "suite.yaml")


def test_beir_qrels_per_split_and_a_split_never_asked_for_is_never_read(tmp_path: Path, monkeypatch) -> None:
    import eval.suites.formats as suites_module

    (tmp_path / "qrels").mkdir()
    (tmp_path / "corpus.jsonl").write_text('{"_id": "d1", "title": "T", "text": "a"}\n{"_id": "d2", "title": "U", "text": "b"}\n')
    (tmp_path / "queries.jsonl").write_text('{"_id": "q1", "text": "one"}\n{"_id": "q2", "text": "two"}\n')
    (tmp_path / "qrels" / "train.tsv").write_text("query-id\tcorpus-id\tscore\nq1\td1\t1\n")
    (tmp_path / "qrels" / "test.tsv").write_text("query-id\tcorpus-id\tscore\nq2\td2\t1\n")
    (tmp_path / "suite.yaml").write_text("name: b\nlanguage: en\nformat: beir\ncorpus: corpus.jsonl\n"
                                         "qrels: {dev: qrels/train.tsv, test: qrels/test.tsv}\n")
    read: list[str] = []
    real = suites_module._read_text
    monkeypatch.setattr(suites_module, "_read_text", lambda p: (read.append(Path(p).name), real(p))[1])
    dev = load_suite(tmp_path / "suite.yaml", splits=["dev"])
    assert [(c.id, c.split) for c in dev.cases] == [("q1", "dev")] and "test.tsv" not in read
    both = load_suite(tmp_path / "suite.yaml")
    assert {(c.id, c.split) for c in both.cases} == {("q1", "dev"), ("q2", "test")} and "test.tsv" in read
