"""Hostile review (s46) of the English half of the rows-no-question-names rule (``unnamed_row``,
rag.answerability.unnamed_rows; evidence ``refuse_siblings``).

xfail(strict) tests pin a defect (the test states the right behaviour); unmarked tests pin right behaviour. After
the review the fixed cases lost their marks: a case still marked is a defect left (docs/answerability.md, "Rows no
question names")."""

from __future__ import annotations

import pytest

from rag.answerability.unnamed_rows import unnamed_row
from tests.rag.helpers import use_nearer_rows

TUNICS = ("Uniform\n| Role | Tunic colour |\n|---|---|\n| Matron | Navy |\n| Ward Manager | Dark blue |\n"
          "| Registered Nurse | Royal blue |\n| Healthcare Assistant | Grey |")
MILEAGE = "Mileage\n| Vehicle | Rate |\n|---|---|\n| Car | 45p per mile |\n| Van | 50p per mile |\n| Bike | 20p per mile |"
FARES = ("Travel claims\n| Vehicle | Rate |\n|---|---|\n| Car | 45p per mile |\n| Lorry | 60p per mile |\n"
         "| Taxi | Actual fare |\n| Bus | Actual fare |")
SHIFTS = "Shifts\n| Shift | Start | Finish |\n|---|---|---|\n| Early shift | 07:00 | 15:00 |\n| Late shift | 14:00 | 22:00 |"
ROOMS = "Room hire\n| Room | Hourly rate |\n|---|---|\n| Tennyson Room | £18 |\n| Garden Room | £12 |"
MEALS = "| Meal | Allowance |\n|---|---|\n| Breakfast | £6 |\n| Lunch | £8 |\n| Evening meal | £15 |"
EXAMS = "Exam fees\n| Exam | Resit fee |\n|---|---|\n| GCSE | £45 |\n| A level | £90 |"
AGE = ("Age-restricted sales\n| Product | Minimum age |\n|---|---|\n| Knife or blade | 18 |\n| Energy drink | 16 |\n"
       "| Lottery ticket | 18 |")
ROLES = "Theatre uniform\n| Role | Scrubs colour |\n|---|---|\n| Anaesthetist | Green |\n| Theatre Sister | Navy |"
WARDS = ("Visiting\n| Ward | Visiting hours |\n|---|---|\n| Gynaecology | 14:00–20:00 |\n| Paediatric ward | 10:00–19:00 |\n"
         "| Maternity | 10:00–20:00 |")
ICU = ("Visiting\n| Ward | Visiting hours |\n|---|---|\n| Intensive Care Unit | 14:00–20:00 |\n| Maternity | 10:00–20:00 |\n"
       "| Surgical wards | 14:00–19:00 |")
SEN = "Contacts\n| Role | Contact |\n|---|---|\n| SEN Co-ordinator | Mrs Hale |\n| Exams Officer | Mr Idris |"
NURSERY = "Fees\n| Room | Daily fee |\n|---|---|\n| Baby room | £65 |\n| Toddler room | £60 |\n| Pre-school room | £55 |"
MINI = "Vehicle hire\n| Vehicle | Daily charge |\n|---|---|\n| Mini-bus | £80 |\n| Van | £60 |"
LEAVE = ("Leave\n| Type | Entitlement |\n|---|---|\n| Annual leave | 25 days |\n| Sick leave | See sickness policy |\n"
         "| Compassionate leave | Up to 5 days |")
CONTACT = ("Contacts\n| Contact | Details |\n|---|---|\n| Telephone | 01632 960 123 |\n| Email | people@trust.example |\n"
           "| Office | Room 4, Kingsley House |")
TERMS = ("Term dates\n| Term | Starts | Ends |\n|---|---|---|\n| Autumn term | 4 September | 20 December |\n"
         "| Spring term | 6 January | 28 March |\n| Summer term | 22 April | 19 July |")
DISCOUNT = "Staff discount\n| Department | Discount |\n|---|---|\n| Food | 10% |\n| Clothing | 20% |\n| Home | 15% |"
CODES = ("Attendance codes\n| Code | Meaning |\n|---|---|\n| B | Off-site education |\n| C | Leave of absence authorised |\n"
         "| I | Illness |\n| M | Medical or dental appointment |")
ACCESS = "Rooms\n| Room | Capacity | Step-free access |\n|---|---|---|\n| Tennyson Room | 40 | Yes |\n| Garden Room | 12 | No |"
KIT = "PE kit\n| Item | Colour |\n|---|---|\n| Polo shirt | White |\n| Shorts | Black |\n| Sweatshirt | Navy |"
TILL = ("Till differences\n| Difference | Action |\n|---|---|\n| £10 or less | Note it on the cash sheet |\n"
        "| More than £10 | Tell the duty manager |")
SERVICE = ("Annual leave\n| Length of service | Annual leave |\n|---|---|\n| Less than 2 years | 25 days |\n"
           "| 2 to 5 years | 27 days |\n| More than 5 years | 30 days |")
HEADERLESS = "Tunic colours\n| Matron | Navy |\n| Ward Manager | Dark blue |\n| Registered Nurse | Royal blue |"
TRANSPOSED = "Shifts\n| | Early | Late |\n|---|---|---|\n| Start | 07:00 | 14:00 |\n| Finish | 15:00 | 22:00 |"


# defect 1: a row named in the plural (or an irregular form) whose singular is shorter than five letters, or whose
# change falls inside the first five letters (van/vans, lorry/lorries, knife/knives, GCSE/GCSEs), neither names the
# row (5-letter stems differ) nor counts as written (5-letter prefix missing) — the row's own name is refused
@pytest.mark.parametrize(("question", "text"), [
    ("What's the mileage rate for vans?", MILEAGE),
    ("Do bikes get a mileage rate?", MILEAGE),
    ("What do we pay for lorries?", FARES),
    ("Can I claim taxis?", FARES),
    ("Can I claim for buses?", FARES),
    ("How much does it cost to resit GCSEs?", EXAMS),
    ("How old do you have to be to buy knives?", AGE),
    ("What's the allowance for meals?", MEALS),
])
def test_a_row_named_in_the_plural_is_answered(question: str, text: str) -> None:
    assert unnamed_row(question, text, text) is None


# defect 2: British/American spellings and hyphenation of a row differ inside the first five letters
# (anaes/anest, gynae/gynec, paedi/pedia, co-or/coord, mini-/minib, pre-s/presc)
@pytest.mark.parametrize(("question", "text"), [
    ("What colour scrubs do anesthetists wear?", ROLES),
    ("What are the visiting hours on gynecology?", WARDS),
    ("What are the visiting hours on pediatrics?", WARDS),
    ("Who is the special needs coordinator?", SEN),
    ("How much is the minibus per day?", MINI),
    ("What's the daily fee for preschool?", NURSERY),
])
def test_a_spelling_variant_of_a_row_is_answered(question: str, text: str) -> None:
    assert unnamed_row(question, text, text) is None


# defect 3: an everyday abbreviation or synonym of a row (ICU, SENCo, HCA, vacation, supper, helpline, Michaelmas,
# groceries, chickenpox → Illness) is unwritten and rare, so the row the table does list is refused
@pytest.mark.parametrize(("question", "text"), [
    ("What are the visiting hours on ICU?", ICU),
    ("Who is the SENCo?", SEN),
    ("What colour tunic do HCAs wear?", TUNICS),
    pytest.param("How many vacation days do I get?", LEAVE, marks=pytest.mark.xfail(strict=True, reason="defect 3, left: a synonym of a listed row no source writes is refused")),
    pytest.param("What's the allowance for supper?", MEALS, marks=pytest.mark.xfail(strict=True, reason="defect 3, left: a synonym of a listed row no source writes is refused")),
    pytest.param("What is the helpline number?", CONTACT, marks=pytest.mark.xfail(strict=True, reason="defect 3, left: a synonym of a listed row no source writes is refused")),
    pytest.param("When does the Michaelmas term start?", TERMS, marks=pytest.mark.xfail(strict=True, reason="defect 3, left: a synonym of a listed row no source writes is refused")),
    pytest.param("What's the staff discount on groceries?", DISCOUNT, marks=pytest.mark.xfail(strict=True, reason="defect 3, left: a synonym of a listed row no source writes is refused")),
    pytest.param("What code do I use when a child has chickenpox?", CODES, marks=pytest.mark.xfail(strict=True, reason="defect 3, left: a synonym of a listed row no source writes is refused")),
])
def test_an_abbreviation_or_synonym_of_a_row_is_answered(question: str, text: str) -> None:
    assert unnamed_row(question, text, text) is None


# defect 4: a question about the whole table or about a column names no row by nature; any rare word for the asked
# attribute or its unit (tariffs, timings, reimbursement, wheelchair for step-free, pence, kilometre) refuses it
@pytest.mark.parametrize(("question", "text"), [
    ("What are the hourly tariffs for the rooms?", ROOMS),
    pytest.param("What are the shift timings?", SHIFTS, marks=pytest.mark.xfail(strict=True, reason="defect 4, left: a rare word for a column the embedder puts nearer the rows")),
    ("How much reimbursement can I claim for meals?", MEALS),
    ("Which rooms are wheelchair accessible?", ACCESS),
    pytest.param("What are the mileage rates in pence?", MILEAGE, marks=pytest.mark.xfail(strict=True, reason="defect 4, left: a rare word for a column the embedder puts nearer the rows")),
    pytest.param("Is mileage paid per kilometre?", MILEAGE, marks=pytest.mark.xfail(strict=True, reason="defect 4, left: a rare word for a column the embedder puts nearer the rows")),
])
def test_a_rare_word_for_the_asked_attribute_is_answered(question: str, text: str, nearer_rows) -> None:
    # (fixed after the review by the evidence rule's check that the word stands nearer the rows' labels than the
    # columns' headers, read here with the offline USE embedder; the English pipeline reads it with MiniLM)
    assert unnamed_row(question, text, text, nearer_rows) is None


def test_the_nearer_rows_check_keeps_the_rules_own_cases(nearer_rows) -> None:
    assert unnamed_row("What colour tunic do physiotherapists wear?", TUNICS, TUNICS, nearer_rows) is not None
    assert unnamed_row("What mileage rate do I get for my scooter?", MILEAGE, MILEAGE, nearer_rows) is not None


@pytest.fixture(scope="module")
def nearer_rows():   # noqa: ANN201 - a NearerRows over the offline USE embedder
    return use_nearer_rows()


# defect 5: words that set the scene inside the asking sentence of a whole-table question — days, festivals, people,
# organisations, the asker's group, a sign-off, or a scene sentence placed LAST — are taken for the asked row
# (capitalised words are "specific" whatever their frequency: Saturday 4.9, Christmas 4.9)
@pytest.mark.parametrize(("question", "text"), [
    ("What are the shift times on Saturday?", SHIFTS),
    ("What are the shift times over Christmas?", SHIFTS),
    ("How much is room hire on a Sunday?", ROOMS),
    ("What are the shift start times in the mornings?", SHIFTS),
    pytest.param("Hi, I'm Gareth from the Rotary club, how much is room hire per hour?", ROOMS, marks=pytest.mark.xfail(strict=True, reason="defect 5, left: a scene word in the asking sentence is taken for a row")),
    ("What are the shift times for Tomasz's team?", SHIFTS),
    ("What tunic colours do NHS staff wear?", TUNICS),
    pytest.param("What colour PE kit do pupils need?", KIT, marks=pytest.mark.xfail(strict=True, reason="defect 5, left: a scene word in the asking sentence is taken for a row")),
    ("How much does a room cost per hour? I'm booking for the Brackley Ramblers.", ROOMS),
    ("What are the shift times? Cheers, Dave", SHIFTS),
])
def test_a_scene_word_in_a_whole_table_question_is_answered(question: str, text: str) -> None:
    assert unnamed_row(question, text, text) is None


# defect 6: amounts and durations said in words bypass the "rows by number" gate (it needs a digit), and the
# colloquial unit is itself a rare noun: "a few quid" places the question in "£10 or less"
@pytest.mark.parametrize(("question", "text"), [
    ("I'm a few quid down on the till, who do I tell?", TILL),
    ("How much annual leave do I get in my first fortnight?", SERVICE),
])
def test_an_amount_in_words_is_answered(question: str, text: str) -> None:
    assert unnamed_row(question, text, text) is None


# defect 7: a header-less table (PDF conversions) loses its first row to the "header"; a question naming that row
# then names none, and any rare scene word refuses it
def test_the_first_row_of_a_headerless_table_is_a_row() -> None:
    assert unnamed_row("What colour tunic does the matron wear in the hospice?", HEADERLESS, HEADERLESS) is None


# defect 8 (missed): only the LAST sentence is read, so the unlisted row said in a first sentence, or followed by a
# courtesy sentence, is never looked at
@pytest.mark.parametrize("question", [
    "I'm a physiotherapist starting Monday. What colour tunic do I wear?",
    "What colour tunic do physiotherapists wear? Thanks!",
    "What colour tunic do physiotherapists wear? Thanks in advance.",
])
def test_an_unlisted_row_outside_the_last_sentence_is_caught(question: str) -> None:
    assert unnamed_row(question, TUNICS, TUNICS) is not None


# defect 9 (missed): "written" is any source word sharing the first five letters, so a row is excused by an
# unrelated word elsewhere (physical / physiotherapists, cleaned / cleaners, reception / receptionists)
@pytest.mark.parametrize(("question", "elsewhere"), [
    ("What colour tunic do physiotherapists wear?", "Physical activity is encouraged."),
    pytest.param("What colour tunic do cleaners wear?", "Wards are cleaned daily.", marks=pytest.mark.xfail(strict=True, reason="defect 9, left: a source word sharing the first letters excuses the row")),
    ("What colour tunic do receptionists wear?", "Visitors sign in at reception."),
])
def test_an_unrelated_word_does_not_excuse_an_unlisted_row(question: str, elsewhere: str) -> None:
    sources = TUNICS + "\n\n" + elsewhere
    assert unnamed_row(question, TUNICS, sources) is not None


# defect 10 (missed): an unlisted row sharing a word with a listed one, or too common (doctors 4.55), or a
# colloquial form lemminflect lacks (physios), is let through; a gathering word in ANY cell ("Grey (any shade)")
# switches the rule off for the whole source; an attribute-by-row (transposed) table reads the attribute as a row
@pytest.mark.parametrize(("question", "text"), [
    pytest.param("What colour tunic does a student nurse wear?", TUNICS, marks=pytest.mark.xfail(strict=True, reason="defect 10, left: an unlisted row sharing a word with a listed one, too common, or unknown, is let through")),
    pytest.param("What colour tunic do ward clerks wear?", TUNICS, marks=pytest.mark.xfail(strict=True, reason="defect 10, left: an unlisted row sharing a word with a listed one, too common, or unknown, is let through")),
    pytest.param("What colour tunic do doctors wear?", TUNICS, marks=pytest.mark.xfail(strict=True, reason="defect 10, left: an unlisted row sharing a word with a listed one, too common, or unknown, is let through")),
    pytest.param("What colour tunic do physios wear?", TUNICS, marks=pytest.mark.xfail(strict=True, reason="defect 10, left: an unlisted row sharing a word with a listed one, too common, or unknown, is let through")),
    ("What colour tunic do physiotherapists wear?", TUNICS.replace("| Grey |", "| Grey (any shade) |")),   # fixed after the code review
    pytest.param("What time does the twilight shift start?", TRANSPOSED, marks=pytest.mark.xfail(strict=True, reason="defect 10, left: an unlisted row sharing a word with a listed one, too common, or unknown, is let through")),
])
def test_an_unlisted_row_is_caught(question: str, text: str) -> None:
    assert unnamed_row(question, text, text) is not None


# right behaviour: the rule's own cases, and questions that name their row however they dress it up
@pytest.mark.parametrize(("question", "text", "word"), [
    ("What colour tunic do physiotherapists wear?", TUNICS, "physiotherapists"),
    ("What colour tunic do porters wear?", TUNICS, "porters"),
    ("What mileage rate do I get for my scooter?", MILEAGE, "scooter"),
])
def test_an_unlisted_row_is_refused(question: str, text: str, word: str) -> None:
    found = unnamed_row(question, text, text)
    assert found is not None and found[0] == word


@pytest.mark.parametrize(("question", "text"), [
    ("What colour are the nurses' tunics?", TUNICS),                                  # plural possessive
    ("WHAT COLOUR TUNIC DO NURSES WEAR?", TUNICS),                                     # shouted
    ("What colour tunic does a Matron wear in Outpatients?", TUNICS),                  # a place beside a named row
    ("What colour tunic do the matrons wear at Furness General?", TUNICS),
    ("What is the tunic hue for a matron?", TUNICS),                                   # a rare attribute word
    ("What's the mileage rate for a car? Cheers", MILEAGE),                           # a sign-off, row named
    ("What's the mileage rate for a van?", MILEAGE),
    ("How much leave do I get after 3 years with the Trust?", SERVICE),              # rows by number
    ("What are the visiting hours on ICU?", ICU.replace("Intensive Care Unit", "Intensive Care Unit (ICU)")),
    ("Dr. Patel asked: what are the visiting hours on maternity?", ICU),
    ("Which code is for a dental appointment?", CODES),
])
def test_a_named_row_is_answered(question: str, text: str) -> None:
    assert unnamed_row(question, text, text) is None


@pytest.mark.parametrize("question", ["", "???", "pre- and post-natal e- x-", "What about the --- ?", "Ça va? Zoë"])
def test_odd_questions_do_not_crash(question: str) -> None:
    assert unnamed_row(question, TUNICS, TUNICS) is None


def test_a_large_table_is_read() -> None:
    # measured by hand once: 20,000 rows and a 2,000-word question in about 0.3 s
    # (labels told apart by letters: rows told apart by number are left alone since the review)
    big = "| Role | Tunic |\n|---|---|\n" + "\n".join(
        f"| Role {chr(97 + i % 26)}{chr(97 + i // 26 % 26)}{chr(97 + i // 676 % 26)}q | Colour |" for i in range(20000))
    found = unnamed_row("What colour tunic do physiotherapists wear in the " + "very " * 2000 + "big ward?", big, big)
    assert found is not None and found[0] == "physiotherapists"
