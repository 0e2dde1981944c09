"""Answerable questions that three rules tried in session 74 refused, kept as tests after a hostile review withdrew the
rules (docs/answerability.md, "Session 74"): a company's figures asked in money, a candidate's sentence stating another
year than the asked one, and a rival named in another sentence of the window. Each is answered today; a rule that
brings one of those ideas back must keep answering them."""

from __future__ import annotations

import pytest

from rag.answerability import answerability
from tests.rag.helpers import chunk, env, item


def decide(question: str, texts: list[str], language: str = "en") -> str:
    space = env([chunk(f"d{i}#0", t) for i, t in enumerate(texts)], language=language)
    rule = answerability.build({"name": "evidence", "params": {"semantic": False, "coverage_weight": 1.0,
                                                               "answer_at": 0.0, "answer_type": True,
                                                               "measure_ratio": 0.4}})
    return rule(question, [item(n, t, f"d{n - 1}", title="T") for n, t in enumerate(texts, 1)], space).action


@pytest.mark.parametrize("question, texts, language", [
    # "revenue" and "turnover" in other roles, and sums no money pattern reads (yen, crore, kronor, no currency at all)
    ("What was the staff turnover in 2023?", ["Staff turnover in 2023 was 14 per cent, down from 17 per cent in 2022."], "en"),
    ("What is the main source of revenue for Kenya?",
     ["Tourism is the main source of revenue for Kenya, followed by tea exports."], "en"),
    ("What was Toyota's operating profit in 2023?", ["Toyota's operating profit in 2023 was 5.35 trillion yen."], "en"),
    ("What was Infosys's revenue in 2023?", ["Infosys reported revenue of Rs 1,46,767 crore in 2023."], "en"),
    ("What was the company's revenue in 2023?", ["The company's revenue in 2023 was 4.2 billion."], "en"),
    ("营收增速是多少？", ["公司2023年营收增速为12.5%。"], "zh"),
    ("该诗集共收入多少首诗？", ["该诗集共收入诗歌三百一十首。"], "zh"),
    # another year in the candidate's sentence in another role: a report's date, a strike's start, a rule's adoption
    ("How long did the 2022 rail strike last?",
     ["The rail strike that began in December 2021 lasted for three months. It ended in March 2022."], "en"),
    ("2024年员工年假有多少天？", ["本手册适用于2024年。员工年假为15天，2019年经职代会通过。"], "zh"),
    ("How many days of annual leave do full-time staff get in 2024?",
     ["This handbook applies for 2024. Full-time staff get 25 days of annual leave, as agreed in 2019."], "en"),
    # a rival named beside the asked one, whose own sentence states the asked one's fact
    ("How many electoral votes did Kennedy win in 1960?",
     ["Nixon won 219 electoral votes to Kennedy's 303 in 1960. Nixon was the main rival of Kennedy in that election."], "en"),
    ("李四在决赛中得了多少分？", ["张三在决赛中以21比15战胜李四，李四得了15分。张三是李四的老对手。"], "zh"),
])
def test_answerable_questions_the_withdrawn_rules_refused(question: str, texts: list[str], language: str) -> None:
    assert decide(question, texts, language) == "answer"
