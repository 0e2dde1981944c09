"""An acronym the corpus only writes out (rag.acronyms, the ``acronyms`` transform, the unknown-name rule)."""

from __future__ import annotations

import numpy as np
import pytest

from rag.acronyms import spelled_out, written_out
from rag.transforms import transforms
from tests.rag.helpers import chunk, env

SECURITY = "Multi-factor authentication is mandatory for email, the VPN and every production system."
PROCUREMENT = "Purchases above 2,500 USD need a purchase order approved by finance."
SSO = "All internal tools use single sign-on with your Larkfield account."


@pytest.mark.parametrize(("acronym", "text", "words"), [
    ("MFA", SECURITY, "multi-factor authentication"),
    ("SSO", SSO, "single sign-on"),
    ("SSOs", SSO, "single sign-on"),                    # a plural reads as its singular
    ("PO", PROCUREMENT, None),                          # two letters spell too much ("AI", "PM")
    ("AI", "The annual increase is applied in April.", None),
    ("PLEASE", SECURITY, None),                         # five letters or more: a shouted word
    ("TBA", "It was paid to bank accounts.", None),     # "to" is no content word
    ("MFA", "Many firms agree.", None),                 # "many" is a function word
    ("MFA", "Multi-factor in authentication", None),    # "in" stands between: no words together
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
    space = env([chunk("sec#0", SECURITY), chunk("sso#0", SSO)])
    produced = transforms.build("acronyms")("Do I really have to use MFA, and does SSO cover the wiki?", space)
    assert produced[0].text == ("Do I really have to use MFA (multi-factor authentication), and does "
                                "SSO (single sign-on) cover the wiki?")
    assert space.facts["acronyms"] == "MFA: multi-factor authentication; SSO: single sign-on"
    assert transforms.build("acronyms")("Who approves a VPN account?", space)[0].text == "Who approves a VPN account?"


@pytest.mark.parametrize("question", [
    # attacks from review: everyday capitals, a shouted message, an acronym already written out or explained
    "Can I leave at 5 PM on Fridays?", "Is it OK to bring my dog?", "Can I use AI tools for code?",
    "URGENT PLEASE HELP: WHY IS MY MFA NOT WORKING?",
    "Is multi-factor authentication (MFA) required?", "Is MFA (the app on my phone) required?",
])
def test_the_transform_leaves_these_alone(question: str) -> None:
    corpus = [chunk("sec#0", SECURITY), chunk("pay#0", "The annual increase is applied in April by project managers.")]
    assert transforms.build("acronyms")(question, env(corpus))[0].text == question


def test_at_most_three_acronyms_are_looked_up() -> None:
    from rag.transforms.acronyms import MAX_ACRONYMS

    corpus = [chunk("sec#0", SECURITY + " " + SSO + " Travel requests go through corporate booking online.")]
    out = transforms.build("acronyms")("Do ABCD, EFGH and IJKL matter, and what about MFA?", env(corpus))
    assert MAX_ACRONYMS == 3 and out[0].text == "Do ABCD, EFGH and IJKL matter, and what about MFA?"


def test_an_acronym_written_out_is_no_unknown_name() -> None:
    from rag.answerability import answerability
    from tests.rag.helpers import item

    chunks = [chunk("sec#0", SECURITY)]
    decide = answerability.build({"name": "evidence", "params": {"answer_at": 0.0}})
    context = [item(1, SECURITY, "sec")]
    assert "mentions" not in decide("Is MFA needed for production?", context, env(chunks)).reason
    assert "mentions ['ZTNA']" in decide("Is ZTNA needed for production?", context, env(chunks)).reason
    # a made-up expansion of two letters never counts as the word ("AI" is no "annual increase"): two capitals are
    # no proof either way (rag.answerability.evidence), and the evidence finds "ai" missing from the sources
    pay = [chunk("pay#0", "The annual increase is applied in April.")]
    decided = decide("Can I use AI tools?", [item(1, pay[0].text, "pay")], env(pay))
    assert decided.action != "answer" and "'ai'" in decided.reason
