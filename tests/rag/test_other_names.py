"""A statement about another of the names the corpus lists together (rag.answerability.other_names, evidence v77)."""

from __future__ import annotations

import pytest

from rag.answerability.other_names import asked_names, listed_together, siblings
from tests.rag.helpers import chunk, env

WELCOME = """Welcome > Our sites
We run three sites: Westmere Zoo, Gullhaven Aquarium and Brackenfold Wildlife Park.
"""
PARKING = """Welcome > Getting to work
- **Westmere Zoo:** staff use Gate C. The staff car park behind the Service Yard has **140 spaces**.
- **Gullhaven Aquarium:** there is no staff car park.
- **Brackenfold Wildlife Park:** staff park in the Keeper's Yard off Ashdon Lane.
"""
RATIOS = """Staffing > Ratios
| Section | Site | Keeper-to-animal ratio |
|---|---|---|
| Wolf Wood | Brackenfold Wildlife Park | 1:8 |
"""
FIRE = """Fire safety
The fire alarm is tested every week by the maintenance team:

- **Elmfield House:** Mondays at 10:30
- **Larch Court:** Tuesdays at 10:30
- **Oakbank:** Thursdays at 11:00
"""


@pytest.mark.parametrize(("text", "group"), [
    ("We run three sites: Westmere Zoo, Gullhaven Aquarium and Brackenfold Wildlife Park.",
     {"westmere zoo", "gullhaven aquarium", "brackenfold wildlife park"}),
    ("The rest work at Gullhaven Aquarium, at Brackenfold Wildlife Park or at the Ocean Tank.",
     {"gullhaven aquarium", "brackenfold wildlife park", "ocean tank"}),
    (PARKING, {"westmere zoo", "gullhaven aquarium", "brackenfold wildlife park"}),
    ("| Shift | Westmere Zoo | Gullhaven Aquarium |\n|---|---|---|\n| Early | 07:30 | 08:00 |\n",
     {"westmere zoo", "gullhaven aquarium"}),   # (the column of kinds, Shift, is no place)
])
def test_names_listed_together(text: str, group: set[str]) -> None:
    assert frozenset(group) in listed_together(text)


def test_one_name_is_no_group() -> None:
    assert listed_together("Staff at Westmere Zoo use Gate C.") == []


@pytest.mark.parametrize(("question", "names"), [
    ("Which radio channel is used to call an escape at Gullhaven Aquarium?", ["Gullhaven Aquarium"]),
    ("How many spaces are there in the staff car park at Brackenfold Wildlife Park?", ["Brackenfold Wildlife Park"]),
    ("Gullhaven Aquarium: when does it close?", ["Aquarium"]),   # the word that opens a sentence is no name
    ("When is the fire alarm tested at the Head of Finance's office?", ["Head of Finance's"]),
    ("What time is it on Monday?", []),
])
def test_asked_names(question: str, names: list[str]) -> None:
    assert asked_names(question) == names


def test_siblings_are_read_where_the_asker_may_look() -> None:
    space = env([chunk("welcome#0", WELCOME), chunk("hidden#0", "Sites: Gullhaven Aquarium and Ocean Lodge.")]).space
    assert siblings("Gullhaven Aquarium", space, None) == {"westmere zoo", "brackenfold wildlife park", "ocean lodge"}
    assert siblings("Gullhaven Aquarium", space, [True, False]) == {"westmere zoo", "brackenfold wildlife park"}


def _decide(question: str, corpus: list[tuple[str, str]], top: list[tuple[str, str]]):
    from tests.rag.test_review_s48_v72 import decide_evidence

    return decide_evidence(question, corpus, top, "en")


def test_evidence_refuses_a_statement_about_another_listed_site() -> None:
    corpus = [("welcome#0", WELCOME), ("parking#0", PARKING), ("ratios#0", RATIOS)]
    refused = _decide("How many spaces are there in the staff car park at Brackenfold Wildlife Park?", corpus,
                      [("parking#0", PARKING), ("ratios#0", RATIOS)])
    assert refused.action == "refuse" and "westmere zoo" in refused.reason, refused.reason
    assert refused.signals["other_name"] == 1.0
    answered = _decide("How many spaces are there in the staff car park at Westmere Zoo?", corpus,
                       [("parking#0", PARKING), ("ratios#0", RATIOS)])
    assert answered.action == "answer", answered.reason


def test_evidence_answers_a_list_item_under_its_lead_in() -> None:
    # "- **Oakbank:** Thursdays at 11:00" holds none of the question's words but the name: its lead-in holds them
    assert siblings("Oakbank", env([chunk("fire#0", FIRE)]).space, None) == {"elmfield house", "larch court"}
    answered = _decide("When is the fire alarm tested at Oakbank?", [("fire#0", FIRE)], [("fire#0", FIRE)])
    assert answered.action == "answer", answered.reason


@pytest.mark.parametrize(("text", "group"), [
    ("| 时段 | 初中部 | 高中部 | 国际部 |\n|---|---|---|---|\n| 下午第一节课 | 13:40 | 13:30 | 13:20 |\n",
     {"初中部", "高中部", "国际部"}),
    ("学校设初中部、高中部和国际部三个学部。", {"初中部", "高中部", "国际部"}),
    ("本办法适用于南湖店、桐乡店、海盐店的全体员工。", {"南湖店", "桐乡店", "海盐店"}),
])
def test_chinese_names_listed_together(text: str, group: set[str]) -> None:
    assert frozenset(group) in listed_together(text)


def test_evidence_refuses_a_chinese_statement_about_other_listed_names() -> None:
    from tests.rag.test_review_s48_v72 import decide_evidence

    intro = "学校概况\n学校设初中部、高中部和国际部三个学部。"
    times = "作息时间 > 大课间\n初中部大课间为 9:40—10:10，高中部大课间为 9:35—10:00，均包含跑操。"
    corpus = [("intro#0", intro), ("times#0", times)]
    refused = decide_evidence("国际部的大课间是几点到几点？", corpus, [("times#0", times), ("intro#0", intro)], "zh")
    assert refused.action == "refuse" and "国际部" in refused.reason, refused.reason
    answered = decide_evidence("高中部的大课间是几点到几点？", corpus, [("times#0", times), ("intro#0", intro)], "zh")
    assert answered.action != "refuse", answered.reason


def test_a_name_said_shorter_has_the_longer_names_siblings() -> None:
    space = env([chunk("welcome#0", "Our venues: Marlbridge City Museum, Holloway Ironworks and Fernleigh Hall Gallery.")]).space
    assert siblings("Fernleigh Hall", space, None) == {"marlbridge city museum", "holloway ironworks"}


_BOTH = """Welcome > Getting to work
- **Westmere Zoo and Gullhaven Aquarium:** staff use Gate C. The staff car park behind the Service Yard has **140 spaces**.
"""
_SAME_REASON = """
import sys
sys.path.insert(0, {root!r})
from tests.rag.test_other_names import _both_reason
print(_both_reason())
"""


def _both_reason() -> str:
    corpus = [("welcome#0", WELCOME), ("both#0", _BOTH), ("ratios#0", RATIOS)]
    return _decide("How many spaces are there in the staff car park at Brackenfold Wildlife Park?", corpus,
                   [("both#0", _BOTH), ("ratios#0", RATIOS)]).reason


def test_the_other_name_a_reason_gives_is_the_same_in_every_run() -> None:
    """The statement names two of the asked site's siblings; the reason names the first in order, whatever the
    interpreter's hash seed (the siblings are a set: the reason once changed from run to run)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    reason = _both_reason()
    assert "'gullhaven aquarium', listed with it" in reason, reason
    root = str(Path(__file__).resolve().parents[2])
    for seed in ("1", "2", "3"):
        done = subprocess.run([sys.executable, "-c", _SAME_REASON.format(root=root)], capture_output=True, text=True,
                              env={**os.environ, "PYTHONHASHSEED": seed}, cwd=root, check=True)
        assert done.stdout.strip() == reason
