"""A name of several words no document writes (rag.answerability.unwritten_names, evidence v76)."""

from __future__ import annotations

import pytest

from rag.answerability.unwritten_names import name_runs, unwritten_names
from tests.rag.helpers import chunk, env

CERTIFICATES = """Training and Certificates > Required certificates
| Certificate | Who needs it | Valid for |
|---|---|---|
| Ship Security Awareness | All crew and port staff | Does not expire |
| Manual Handling | All staff | 3 years |

Deck and engine officers attend the annual **security** briefing.
"""
CONTACTS = """Contacts
- **Marketing & Communications**: press and print, extension 210.
- The Swim-School Coordinator at Hartfield: extension 344.
- Duty managers' desk: extension 300.
"""


@pytest.mark.parametrize(("question", "runs"), [
    ("How long is the Ship Security Officer certificate valid?", ["Ship Security Officer"]),
    ("What is the extension number for the Marketing & Communications team?", ["Marketing & Communications"]),
    # a generic last word is read without it; two words of which the last is generic are one name
    ("What time does Millbrook Leisure Centre open?", ["Millbrook Leisure"]),
    ("What is the extension of the Hartfield Office?", []),
    # a kind and a code, a day, an acronym of two capitals: never a name of several words
    ("What is the salary range for Band D?", []),
    ("What is the rate for a Grade D3 driver on Easter Monday?", []),
    ("How many cars can MV Cormorant carry?", []),
    # the word that opens a sentence, and a scene's names: not asked about
    ("Safeguarding training: how often?", []),
    ("I'm taking 14 pupils to the Science Museum next month. How many staff do I need per pupil?", []),
    ("I'm travelling to the Lake District. What's the Mileage Rate for the trip?", ["Mileage Rate"]),
    # a sentence in title case or capitals marks no name; a kind before its code is read without it
    ("What's The Annual Leave Allowance?", []),
    ("WHAT IS THE SHIP SECURITY OFFICER RATE?", []),
    ("How often is Safeguarding Adults Level 3 renewed?", ["Safeguarding Adults"]),
    ("Since I live near Canary Wharf, can I claim a taxi?", []),
    ("Can I work from the Lake District next spring?", []),
    ("What is the per diem for a trip to New Zealand?", []),
])
def test_name_runs(question: str, runs: list[str]) -> None:
    assert name_runs(question) == runs


def _space(*texts: str):
    return env([chunk(f"doc{i}#0", text) for i, text in enumerate(texts)], language="en").space


@pytest.mark.parametrize(("question", "unwritten"), [
    ("How long is the Ship Security Officer certificate valid?", ["Ship Security Officer"]),
    ("How long is the Ship Security Awareness certificate valid?", []),
    # plurals, possessives, case, Markdown emphasis and hyphens aside
    ("What are the Ship Security Awarenesses?", []),
    ("What is the extension for the Marketing & Communications team?", []),
    ("What is the extension for the Swim School Coordinator at Hartfield?", []),
    ("Who staffs the Duty Manager's desk?", []),
    ("What does the Engine Officers' briefing cover?", []),
    ("What is the extension for the Ticket Office Coordinator?", ["Ticket Office Coordinator"]),
    # a curly apostrophe, "&" for "and", a compound written joined, another spelling
    ("Who runs the Duty Manager’s desk?", []),
    ("Who chairs the Marketing and Communications team?", []),
    ("What is the Swim-School Coordinator's extension?", []),
])
def test_unwritten_names(question: str, unwritten: list[str]) -> None:
    assert unwritten_names(question, _space(CERTIFICATES, CONTACTS), None) == unwritten


def test_a_name_only_a_hidden_document_writes_is_unwritten() -> None:
    space = _space(CERTIFICATES, "| Post | Salary |\n|---|---|\n| Ship Security Officer | £41,000 |\n")
    question = "How long is the Ship Security Officer certificate valid?"
    assert unwritten_names(question, space, None) == []
    assert unwritten_names(question, space, [True, False]) == ["Ship Security Officer"]


def test_a_follow_ups_rewrite_counts_only_the_names_the_asker_wrote() -> None:
    rewrite = "How long is the STCW First Aid at Work one certificate valid?"
    space = _space("| Certificate | Valid for |\n|---|---|\n| First Aid at Work | 3 years |\n| STCW Basic Safety | 5 years |\n")
    assert unwritten_names("How long is the Staff First Aid certificate valid?", space, None) == ["Staff First Aid"]
    assert unwritten_names(rewrite.replace("STCW", "Staff"), space, None, asked_as="And the First Aid at Work one?") == []


def test_evidence_refuses_a_name_no_document_writes() -> None:
    from tests.rag.test_review_s48_v72 import decide_evidence

    corpus = [("certificates#0", CERTIFICATES), ("contacts#0", CONTACTS)]
    refused = decide_evidence("How long is the Ship Security Officer certificate valid?", corpus,
                              [("certificates#0", CERTIFICATES)], "en")
    assert refused.action == "refuse" and "Ship Security Officer" in refused.reason
    assert refused.signals["unwritten_names"] == 1.0
    answered = decide_evidence("How long is the Ship Security Awareness certificate valid?", corpus,
                               [("certificates#0", CERTIFICATES)], "en")
    assert answered.action != "refuse", answered.reason
