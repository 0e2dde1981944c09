"""``ragbench ask`` on the shipped Chinese suite with the shipped default config (offline)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval.cli import main

ROOT = Path(__file__).resolve().parents[3]
DEFAULT = str(ROOT / "configs" / "default.yaml")


@pytest.fixture
def ask(tmp_path: Path, monkeypatch, capsys):
    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))

    def run(question: str, *args: str) -> dict:
        assert main(["ask", DEFAULT, question, "--suite", "kb-zh", "--json", *args]) == 0
        out = capsys.readouterr().out
        return json.loads(out) | {"_raw": out}

    return run


def test_answerable_question_cites_the_expected_document(ask) -> None:
    frame = ask("一线城市普通员工出差住宿每晚的标准是多少？", "--as", "employee")
    assert frame["behaviour"] == "answered"
    assert "500 元/晚" in frame["answer"]
    assert [c["doc_id"] for c in frame["citations"]] == ["travel-policy"]


def test_confidential_document_depends_on_who_asks(ask) -> None:
    denied = ask("P6 职级的月薪上限是多少？", "--as", "employee")
    assert denied["behaviour"] == "refused"
    assert "salary-bands" not in denied["_raw"] and "36,000" not in denied["_raw"]
    allowed = ask("P6 职级的月薪上限是多少？", "--as", "hr_manager")
    assert allowed["behaviour"] == "answered" and "36,000" in allowed["answer"]
    assert [c["doc_id"] for c in allowed["citations"]] == ["salary-bands"]


def test_outdated_policy_does_not_win(ask) -> None:
    frame = ask("出差坐高铁可以坐一等座吗？", "--as", "employee")
    assert "二等座" in frame["answer"] and "travel-policy-2019" not in [c["doc_id"] for c in frame["citations"]]


def test_question_outside_the_corpus_is_refused(ask) -> None:
    frame = ask("员工持股计划什么时候开始？", "--as", "employee")
    assert frame["behaviour"] == "refused" and frame["usage"]["model_calls"] == 0


def test_readable_trace_cards(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    assert main(["ask", DEFAULT, "VPN 报错 809 怎么处理？", "--suite", "kb-zh", "--as", "it_staff"]) == 0
    out = capsys.readouterr().out
    for card in ("── acl · identity", "── retrieve · dense", "── fuse · rrf", "── context · packed",
                 "── answerability · evidence", "══ answered (asked as it_staff)", "*[1] VPN 连接故障处理手册"):
        assert card in out, card


def test_bad_suite_and_identity_are_usage_errors(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    assert main(["ask", DEFAULT, "q"]) == 2
    assert "choose one with --suite (kb-zh, kb-en)" in capsys.readouterr().err
    assert main(["ask", DEFAULT, "q", "--suite", "kb-zh", "--as", "ceo"]) == 2
    assert "has no identity 'ceo'" in capsys.readouterr().err


def test_trace_cards_show_route_type_hops_and_the_run_chain(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    question = "《费用报销细则》说差旅费用按另一份办法执行，那份办法规定出差伙食补助每天多少钱？"
    assert main(["ask", DEFAULT, question, "--suite", "kb-zh", "--as", "employee"]) == 0
    out = capsys.readouterr().out
    assert "── route · rules" in out and "question_type: reference" in out
    assert "hops: 《费用报销细则》 → 《青禾科技差旅管理办法（2024 版）》" in out
    chain = next(line for line in out.splitlines() if line.strip().startswith("route rag · "))
    assert "evidence enough" in chain and "citations supported" in chain
    assert "100 元" in out and "依据现行版本" in out
