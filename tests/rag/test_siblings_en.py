"""An English row the table does not list (rag.answerability.siblings_en, evidence ``refuse_siblings``)."""

from __future__ import annotations

import pytest

from rag.answerability import answerability
from rag.answerability.siblings_en import unnamed_row
from tests.rag.helpers import chunk, env, item

TUNICS = "Uniform\n| Role | Tunic colour |\n|---|---|\n| Matron | Navy |\n| Ward Manager | Dark blue |\n" \
         "| Registered Nurse | Royal blue |\n| Healthcare Assistant | Grey |"
MILEAGE = "Mileage\n| Vehicle | Rate |\n|---|---|\n| Car or van (first 10,000 business miles) | 45p per mile |\n" \
          "| Car or van (over 10,000 business miles) | 25p per mile |\n| Motorcycle | 24p per mile |\n| Bicycle | 20p per mile |"
SITES = "Opening\n| School | Site opens | Site locked |\n|---|---|---|\n| Harrowfield Academy | 06:30 | 21:30 |\n" \
        "| Brookmere High School | 07:00 | 22:00 |"
TIERS = "Hotel caps\n| Tier | Cities | Nightly cap |\n|---|---|---|\n| Tier 1 | London, Paris | 250 USD |\n" \
        "| Tier 2 | Berlin, Madrid | 180 USD |"
TRAINING = ("Refresher training\n| Training | Who | How often |\n|---|---|---|\n| DSL training | DSLs and deputies | Every 2 "
            "years |\n| Manual handling training | Site staff | Every 3 years |\n| First aid (full course) | First aiders | "
            "Every 3 years |")
ROOMS = "Room hire\n| Room | Hourly rate |\n|---|---|\n| Tennyson Room | £18 |\n| Garden Room | £12 |"
SHIFTS = "Shifts\n| Shift | Start | Finish |\n|---|---|---|\n| Early shift | 07:00 | 15:00 |\n| Late shift | 14:00 | 22:00 |"
MEALS = "Meals\n| Meal | Allowance |\n|---|---|\n| Breakfast | £6 |\n| Lunch | £8 |\n| Evening meal | £15 |"
FAMILY = ("Other leave\n- Compassionate leave: up to 5 days' paid leave on the death of a partner.\n"
          "- Maternity: 16 weeks at full pay, then Statutory Maternity Pay.\n- Paternity: 2 weeks at full pay.")
TICKETS = ("Allowance per calendar year\n- Employee: 10 standby tickets.\n- Nominated partner (spouse or a partner "
           "registered with the Staff Travel Office): 10 standby tickets.\n- Parents: two standby tickets each.")
STAFF = "Cover\n| Staff group | Contact |\n|---|---|\n| Teaching staff | Cover manager |\n| All other staff | HR Officer |"


@pytest.mark.parametrize(("question", "text", "word"), [
    ("What colour tunic do physiotherapists wear?", TUNICS, "physiotherapists"),         # a rare noun
    ("What mileage rate can I claim when I travel by electric scooter?", MILEAGE, "scooter"),
    ("What time does Kingsley House open in the morning?", SITES, "Kingsley"),           # a name no dictionary holds
    # a list's labelled items are rows; "leave", the kind they share, names none of them
    ("How many weeks of adoption leave are paid at full pay?", FAMILY, "adoption"),
    # a long description after the colon names no row ("Staff Travel Office")
    ("How many staff travel tickets do my grandparents get each year?", TICKETS, "grandparents"),
    ("What is the daily overdue charge for a borrowed e-reader?",
     "Loans\n| Item type | Overdue charge |\n|---|---|\n| Adult books | 25p per day |\n| DVDs | £1 per day |", "e-reader"),
])
def test_a_specific_thing_no_row_names_is_caught(question: str, text: str, word: str) -> None:
    found = unnamed_row(question, text, text)
    assert found is not None and found[0] == word


@pytest.mark.parametrize(("question", "text"), [
    ("What colour tunic does a Registered Nurse wear?", TUNICS),            # names a row
    ("What colour tunic do nurses wear?", TUNICS),                          # a row, in the plural
    ("What is the motorcycle rate per mile?", MILEAGE),
    ("What is the nightly hotel cap in London?", TIERS),                    # a row's own cell
    ("What are the nightly hotel caps in London and Lisbon?", TIERS),
    ("How many weeks of compassionate leave do I get?", FAMILY),
    ("How many weeks of paternity leave do grandparents get?", FAMILY),   # names the Paternity item
    ("Do I have to attend training?", TRAINING),                           # a verb
    ("How often is manual handling refreshed for porters?", TRAINING),     # names a row; porters set the scene
    ("How long is a typical shift?", SHIFTS),                              # an adjective, and common
    ("How long is a weekend shift?", SHIFTS),                              # common (Zipf 4.9)
    ("How much does the cheapest room cost?", ROOMS),                      # an adjective only
    ("Can I claim me brekkie if I'm out early?", MEALS),                   # slang the dictionary lacks is left alone
    ("how much dosh for xmas lunch", MEALS),
    ("Who do kitchen staff contact?", STAFF),                              # a row gathers the others
    ("What colour tunic do physiotherapists wear?", TUNICS + "\n\nPhysiotherapists wear white."),   # written elsewhere
    ("What colour tunic do physios wear?", "| Role | Tunic |\n|---|---|\n| Physiotherapist | White |\n| Porter | Grey |"),
    ("What colour tunic do physiotherapists wear?", "Physiotherapists wear white tunics."),          # no table
    ("What colour tunic do physiotherapists wear?", "| Role | Tunic |\n|---|---|\n| Matron | Navy |"),  # one row
    # the sentences before the question set the scene
    ("A physiotherapist asked me this morning. What colours are the tunics?", TUNICS),
    ("The Matron asked me. What is the allocation of tunics?", TUNICS),    # a row named in the scene
    # rows told apart by number, and the question gives one
    ("cashed up n my drawer's like 15 quid down, who do i tell?",
     "| Difference | Action |\n|---|---|\n| £10 or less | Note it |\n| More than £10 | Tell the manager |"),
    ("Who do I speak to about booking the minibus?", "| Vehicle | Contact |\n|---|---|\n| Minibus | Office |\n| Van | Site |"),
    # a row gathers the others in any column
    ("What is the hotel cap in Leeds?", TIERS + "\n| Tier 3 | All other cities | 120 USD |"),
])
def test_a_question_the_table_answers_is_left(question: str, text: str) -> None:
    assert unnamed_row(question, text, text) is None


def test_the_words_of_every_top_source_count_as_written() -> None:
    assert unnamed_row("What mileage rate applies to a scooter?", MILEAGE, MILEAGE + "\nScooters are not covered.") is None
    assert unnamed_row("What mileage rate applies to a scooter?", MILEAGE, MILEAGE) is not None


@pytest.mark.parametrize("text", ["", "|", "| |", "|---|", "| a | b |\n|---|---|", "||||\n|---|\n||"])
def test_odd_tables_do_not_crash(text: str) -> None:
    assert unnamed_row("What colour tunic do physiotherapists wear?", text, text) is None


def test_evidence_refuses_an_unlisted_english_row_and_says_why() -> None:
    space = env([chunk("uniform#1", TUNICS), chunk("other#0", "Meals cost 5 GBP.")], language="en")
    decide = answerability.build({"name": "evidence", "params": {"semantic": False, "coverage_weight": 1.0,
                                                                   "answer_at": 0.0, "answer_type": True}})
    refused = decide("What colour tunic do physiotherapists wear?", [item(1, TUNICS, "uniform")], space)
    assert refused.action == "refuse" and refused.signals.get("sibling_row") == 1.0
    assert "physiotherapists" in refused.reason
    answered = decide("What colour tunic does a Registered Nurse wear?", [item(1, TUNICS, "uniform")], space)
    assert answered.action == "answer" and "sibling_row" not in answered.signals
