"""An acronym the corpus only writes out (rag.acronyms, the ``acronyms`` transform, the unknown-name rule)."""

from __future__ import annotations

import numpy as np
import pytest

from rag.acronyms import spelled_out, written_out
from rag.transforms import transforms
from tests.rag.helpers import chunk, env

SECURITY = "Multi-factor authentication is mandatory for email, the VPN and every production system."
PROCUREMENT = "Purchases above 2,500 USD need a purchase order approved by finance."


@pytest.mark.parametrize(("acronym", "text", "words"), [
    ("MFA", SECURITY, "multi-factor authentication"),
    ("PO", PROCUREMENT, "purchase order"),
    ("POs", PROCUREMENT, "purchase order"),            # a plural reads as its singular
    ("HR", "Ask human resources first.", "human resources"),
    ("PO", "It was paid on time.", None),               # "on" is no content word
    ("PO", "Put it in the post office box.", "post office"),   # by initials only: a known limit
    ("MFA", "Many firms agree.", None),                 # "many" is a function word
    ("PO", "Purchase the order form.", None),           # "the" stands between: no two words together
    ("Mfa", SECURITY, None),                            # no acronym: capitals only
    ("ABCDEFG", SECURITY, None),                        # seven letters: no acronym
])
def test_spelled_out(acronym: str, text: str, words: str | None) -> None:
    assert spelled_out(acronym, [text]) == words


def test_written_out_only_when_the_asker_may_see_it_and_the_corpus_lacks_the_letters() -> None:
    chunks = [chunk("sec#0", SECURITY), chunk("it#0", "Use the VPN from home.")]
    assert written_out(env(chunks), "MFA") == "multi-factor authentication"
    assert written_out(env(chunks, allowed=np.array([False, True])), "MFA") is None   # the asker may not see it
    assert written_out(env(chunks), "VPN") is None                                     # the corpus writes the letters
    held = [*chunks, chunk("faq#0", "Set up MFA on your phone.")]
    assert written_out(env(held), "MFA") is None


def test_the_transform_reads_the_question_with_the_words() -> None:
    space = env([chunk("sec#0", SECURITY), chunk("proc#0", PROCUREMENT)])
    produced = transforms.build("acronyms")("Do I really have to use MFA, and do I need a PO for a cable?", space)
    assert produced[0].text == ("Do I really have to use MFA (multi-factor authentication), and do I need a "
                                "PO (purchase order) for a cable?")
    assert space.facts["acronyms"] == "MFA: multi-factor authentication; PO: purchase order"
    assert transforms.build("acronyms")("Who approves a VPN account?", space)[0].text == "Who approves a VPN account?"


def test_an_acronym_written_out_is_no_unknown_name() -> None:
    from rag.answerability import answerability
    from tests.rag.helpers import item

    chunks = [chunk("sec#0", SECURITY)]
    decide = answerability.build({"name": "evidence", "params": {"answer_at": 0.0}})
    context = [item(1, SECURITY, "sec")]
    assert "mentions" not in decide("Is MFA needed for production?", context, env(chunks)).reason
    assert "mentions ['ZTNA']" in decide("Is ZTNA needed for production?", context, env(chunks)).reason
