"""An English row the table does not list (rag.answerability.unnamed_rows, evidence ``refuse_siblings``)."""

from __future__ import annotations

import pytest

from rag.answerability import answerability
from rag.answerability.unnamed_rows import unnamed_row
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


REPAIRS = "维修收费\n| 项目 | 人工费 |\n|---|---|\n| 更换水龙头 | 30 元/个 |\n| 疏通下水道 | 50 元/次 |\n| 更换灯具 | 20 元/个 |"
NIGHTS = "夜班补贴\n| 岗位 | 夜班补贴（每班） |\n|---|---|\n| 营业员 | 60 元 |\n| 执业药师 | 80 元 |\n| 店长、副店长 | 100 元 |"
MEALS_ZH = "工作餐\n| 餐次 | 餐标 |\n|---|---|\n| 早餐 | 8 元 |\n| 午餐 | 15 元 |\n| 晚餐 | 15 元 |"
PENS = "办公用品\n| 物品 | 每季度限领 |\n|---|---|\n| 签字笔 | 5 支 |\n| 笔记本 | 2 本 |\n| 打印纸 | 2 包 |"
REFERRAL = "推荐奖\n| 被推荐岗位 | 推荐奖励 |\n|---|---|\n| 厨师、面点师 | 800元 |\n| 厨师长、店长 | 2000元 |"
SUBSIDY = "补贴\n| 补贴项目 | 标准 |\n|---|---|\n| 子女教育补贴 | 每月 300 元 |\n| 夜班补贴 | 45 元 |"
LEAVE_LIST = "假期\n- 婚假：员工依法登记结婚的，给予婚假 13 天。\n- 陪产假：男员工在配偶生育期间可休陪产假 15 天。"


@pytest.mark.parametrize(("question", "text", "word"), [
    ("户内更换马桶的人工费是多少？", REPAIRS, "马桶"),                   # a specific noun no row names
    ("实习生上夜班，每班夜班补贴是多少？", NIGHTS, "实习生"),
    ("驾驶员的雨衣多久发一次？", "| 岗位 | 劳保用品 | 周期 |\n|---|---|---|\n| 叉车司机 | 安全帽 | 每 2 年 |\n"
     "| 仓管员 | 工作服 | 每年 |", "雨衣"),
])
def test_zh_a_specific_thing_no_row_names_is_caught(question: str, text: str, word: str) -> None:
    found = unnamed_row(question, text, text)
    assert found is not None and found[0] == word


@pytest.mark.parametrize(("question", "text"), [
    ("营业员的夜班补贴是多少？", NIGHTS),                              # names a row
    ("店长上夜班补贴多少？", NIGHTS),                                  # a part of a row's label
    ("执业药师夜班补贴多少？", NIGHTS),
    ("早饭餐标是多少？", MEALS_ZH),                                    # shares 早 with 早餐: may be the row itself
    ("笔用完了，一个季度能领几支？", PENS),                            # 笔 of 签字笔
    ("我推荐表弟来店里当厨师长，推荐奖多少？", REFERRAL),               # names a row; 表弟 sets the scene
    ("我表弟刚来店里。推荐奖是多少？", REFERRAL),                       # the scene's sentence is not the asking one
    ("较大安全事件应在多长时间内报告？", "| 事件等级 | 时限 |\n|---|---|\n| 一般事件 | 24 小时 |\n| 重大事件 | 1 小时 |"),
    ("孩子教育补贴每月多少？", SUBSIDY),                               # a common word (孩子 5.6) is no specific thing
    ("保洁员的夜班补贴是多少？", NIGHTS + "\n| 其他岗位 | 40 元 |"),      # a row gathers the others
    ("户内更换马桶的人工费是多少？", REPAIRS + "\n马桶维修另行报价。"),    # written in the sources
    ("员工结婚有几天假？", LEAVE_LIST),
    ("碗碟洗完进消毒柜，温度有什么要求？", "| 项目 | 温度要求 |\n|---|---|\n| 冷藏冰箱 | 0–5℃ |\n| 餐具消毒柜 | 120℃ |"),   # a label's noun
    ("普通员工去成都出差，住宿每晚上限是多少？", "| 城市类别 | 住宿费 | 经理级住宿费 |\n|---|---|---|\n| 一类城市 | 500 元 | 650 元 |\n"
     "| 二类城市 | 400 元 | 500 元 |"),                                   # the plain kind: the plain column                                # 结婚 is written
])
def test_zh_a_question_the_table_answers_is_left(question: str, text: str) -> None:
    assert unnamed_row(question, text, text) is None


# a code review's findings (s46): headers read at a word's start, a serial column whole, abbreviations in the asking
# sentence, a capital after the asker's own post, gathering words, a bare "---" line
@pytest.mark.parametrize(("header", "names_rows"), [("Data type", True), ("Agenda item", True), ("Extra shift", True),
                                                    ("Charge per item", False), ("Site opens", False), ("Role", True)])
def test_a_header_names_rows_by_its_last_word(header: str, names_rows: bool) -> None:
    from rag.answerability.unnamed_rows import _LABEL_HEADER

    assert bool(_LABEL_HEADER.search(header)) is names_rows


@pytest.mark.parametrize(("header", "serial"), [("序号", True), ("科室代码", True), ("Code", True), ("Postcode", False),
                                                ("Dress code", False), ("Casino", False)])
def test_a_serial_column_is_read_whole(header: str, serial: bool) -> None:
    from rag.answerability.unnamed_rows import _SERIAL

    assert bool(_SERIAL.fullmatch(header)) is serial


def test_an_abbreviation_does_not_end_the_asking_sentence() -> None:
    from rag.answerability.row_words import asking_sentence as _asking_sentence

    assert _asking_sentence("What is the per diem in St. Louis?") == ("", "What is the per diem in St. Louis?")


def test_a_gathering_word_in_a_value_cell_leaves_the_rule_on() -> None:
    text = TUNICS.replace("| Grey |", "| Grey (any shade) |")
    assert unnamed_row("What colour tunic do physiotherapists wear?", text, text) is not None
    assert unnamed_row("What colour tunic do physiotherapists wear?", TUNICS + "\n| All other staff | White |",
                       TUNICS) is None


def test_a_bare_rule_line_is_no_header_separator() -> None:
    from rag.answerability.unnamed_rows import table_rows

    rows, _ = table_rows("| Matron | Navy |\n| Porter | Grey |\n---\nMore text.")
    assert [labels for labels, _ in rows] == [["Matron"], ["Porter"]]


def test_a_scene_before_a_lower_case_question_is_no_row() -> None:
    from rag.answerability.row_words import asking_sentence as _asking_sentence

    assert _asking_sentence("I drive out to the community clinics most weeks. how do I get a staff parking permit?") \
        == ("", "how do I get a staff parking permit?")


DUTIES = ("Duties\n| Duty | Sign-on between | Maximum spreadover |\n|---|---|---|\n| Early | 04:30 and 07:00 | 9 hours |\n"
          "| Middle | 08:00 and 11:00 | 9 hours 30 minutes |\n| Late | 13:00 and 16:30 | 9 hours |\n| Split | 06:00 and 07:30 | "
          "12 hours |")
FLEET = ("The fleet\n| Depot | Buses | Vehicle types |\n|---|---|---|\n| Ashby Road | 64 | Wright StreetDeck double-decks, "
         "Alexander Dennis Enviro200 single-decks |\n| Kingsmere | 41 | Alexander Dennis Enviro200 single-decks |\n"
         "| Holt Bridge | 27 | Optare Solo midibuses, Plaxton Leopard coaches for the X7 |\n\nBuses are refuelled at night.")
DIRECTORY = ("People and posts\n| Post | Name | Depot | Extension |\n|---|---|---|---|\n| Depot Manager | Carl Jones | Ashby Road "
             "| 2100 |\n| Depot Manager | Amy Lee | Holt Bridge | 2300 |\n| Duty Allocator | Dean Whitfield | Ashby Road | 2120 |\n"
             "| Duty Allocator | Sue Platt | Kingsmere | 2220 |\n| Payroll Clerk | Ian Moss | Head office | 4100 |")


@pytest.mark.parametrize(("question", "text", "word"), [
    # a common word before the first column's kind that no row's label writes: another row of that kind
    ("What time does a night duty sign on?", DUTIES, "night"),
    # a town another source names, put before the kind of row (Depot), is a depot the table leaves out
    ("How many buses are based at the Westbury depot?", FLEET, "Westbury"),
    # a row named by label, pinned to a place only another row holds
    ("What is the extension for the duty allocator at Holt Bridge?", DIRECTORY, "Holt"),
])
def test_a_row_of_the_tables_kind_it_leaves_out_is_caught(question: str, text: str, word: str) -> None:
    found = unnamed_row(question, text, text + "\nThe X7 runs between Holt Bridge and Westbury.")
    assert found is not None and found[0] == word


@pytest.mark.parametrize(("question", "text"), [
    ("What time does a split duty sign on?", DUTIES),                      # a row by its label
    ("What time does the next duty sign on?", DUTIES),                     # a word that points
    ("How long is the longest duty?", DUTIES),                             # a word that compares
    ("How many buses are kept at the Kingsmere depot?", FLEET),
    ("How many buses are at the bus depot?", FLEET),                       # the source writes the word
    ("What is the extension for the duty allocator at Kingsmere?", DIRECTORY),   # the pair is a row
    ("What is the extension for the depot manager at Holt Bridge?", DIRECTORY),
    ("What is the extension for the payroll clerk?", DIRECTORY),
    # a model's name with a number in it numbers no row, and a question naming its row is left
    ("How many buses does Holt Bridge have?", FLEET),
])
def test_a_row_of_the_tables_kind_it_lists_is_left(question: str, text: str) -> None:
    assert unnamed_row(question, text, text) is None


@pytest.mark.parametrize(("label", "numbered"), [
    ("Enviro200 single-decks", False), ("Ticketline TL5", False),        # a number inside a name
    ("Less than 5 years", True), ("P6", True), ("Years 7–9", True), ("满1年", True), ("£10 or less", True),
])
def test_a_number_inside_a_word_numbers_no_row(label: str, numbered: bool) -> None:
    from rag.answerability.row_words import NUMBERED as _NUMBERED

    assert bool(_NUMBERED.search(label)) is numbered


GRADES = ("| Grade | Typical posts | Minimum |\n|---|---|---|\n| Grade 3 | Deckhand | £24,000 |\n| Grade 4 | Bosun | £32,000 |\n"
          "| Grade 5 | Officer | £38,000 |")
SECURITY = ("| Location | Shift | Hours |\n|---|---|---|\n| Westhaven terminal | Night security | 21:45–05:30 |\n"
            "| Westhaven terminal | Early | 06:00–14:00 |\n| Holmsound terminal | Early | 06:30–14:30 |\n"
            "| Holmsound terminal | Late | 14:00–22:00 |")


CONTACTS = ("| Site | Role | Name | Extension |\n|---|---|---|---|\n| Millbrook | Assistant Site Manager | Naomi Clarke | 2102 |\n"
            "| Millbrook | Site Manager | Gareth Lowe | 2101 |\n| Kingsmead | Site Manager | Tom Brennan | 4101 |\n"
            "| Kingsmead | Duty manager desk | On the rota | 4110 |")


@pytest.mark.parametrize(("question", "text", "refused"), [
    ("What is the salary range for Grade 8?", GRADES, "Grade 8"),                 # a code no row has
    ("What is the salary range for Grade 4?", GRADES, None),
    ("What is the salary range for Grade 8?", GRADES + "\n| Grade 6 and above | Master | £45,000 |", None),   # a range
    ("P9 的月薪上限是多少？", "| 职级 | 上限 |\n|---|---|\n| P6 | 30000 |\n| P7 | 40000 |", "P9"),
    ("P9 的月薪上限是多少？", "| 职级 | 上限 |\n|---|---|\n| P6 | 30000 |\n| P7 | 40000 |\n| P8 及以上 | 面议 |", None),
    # two label columns name rows, and no row holds both
    ("What time does the night security shift at Holmsound terminal start?", SECURITY, "night"),
    ("What time does the night security shift at Westhaven terminal start?", SECURITY, None),
    ("What time does the early shift at Holmsound terminal start?", SECURITY, None),
    ("When does the night security shift start?", SECURITY, None),
    # the row a column names best (two words), not every row sharing one of them (evidence v72)
    ("What is the extension for the Assistant Site Manager at Kingsmead?", CONTACTS, "Assistant"),
    ("What is the extension for the Site Manager at Kingsmead?", CONTACTS, None),
    ("What is the extension for the Assistant Site Manager at Millbrook?", CONTACTS, None),
])
def test_a_code_or_a_pair_of_labels_no_row_holds(question: str, text: str, refused) -> None:
    found = unnamed_row(question, text, text)
    assert (found[0] if found else None) == refused


def test_a_latin_letter_with_its_accent_stays_in_its_word() -> None:   # (evidence v72)
    from rag.answerability.row_words import content_words

    assert {"crèch", "café"} <= content_words("How many polo shirts does a crèche assistant at the café get?")


MILEAGE = ("| Mode | Rate |\n|---|---|\n| Own car (business mileage) | 48p per mile |\n"
           "| Passenger in a colleague's car on the same trip | 5p per mile |\n| Own bicycle | 20p per mile |\n"
           "| Rail | Standard class |\n| Taxi | Only when approved |")
CASUAL = ("| Casual role | Hourly rate |\n|---|---|\n| Casual usher | £11.50 |\n| Casual café bar assistant | £12.45 |\n"
          "| Casual stage crew | £13.00 |")


@pytest.mark.parametrize(("question", "text", "refused"), [   # (evidence v73)
    # "own" tells whose, not which: the motorcycle is no row the car's "own" names
    ("What is the mileage rate if I use my own motorcycle on Playhouse business?", MILEAGE, "motorcycle"),
    ("What is the rate for my own car?", MILEAGE, None),
    ("What can I claim for cycling on my own bicycle?", MILEAGE, None),
    # a word every row holds names none of them: "casual" leaves the asked post to the other words
    ("What is the hourly rate for a casual usher?", CASUAL, None),
    ("What is the hourly rate for a casual chaperone?", CASUAL, "chaperone"),
])
def test_words_that_name_no_one_row(question: str, text: str, refused) -> None:
    found = unnamed_row(question, text, text)
    assert (found[0] if found else None) == refused


CPD = ("CPD\n| Role | Annual CPD budget | Paid study leave |\n|---|---|---|\n| Veterinary surgeon | £1,500 | 5 days |\n"
       "| Registered veterinary nurse | £700 | 3 days |\n| Student veterinary nurse | College fees | 1 day a week |")
RECEPTION = "Front desk\nReceptionists open the practice at 08:00 and book every appointment in the practice system."


@pytest.mark.parametrize(("focus", "refused"), [("receptionist", True), ("", False)])
def test_a_follow_ups_focus_must_be_a_row_of_the_table_itself(focus: str, refused: bool) -> None:
    # (evidence v94: unseen vet-en mt-cpd-budget-receptionist-refuse) "And for a receptionist?" after "What is the annual
    # CPD budget for a vet?" — another source writes of receptionists, which the unnamed-row rule reads as written; the
    # follow-up swapped its focus into the table's question, so the table's own rows must name it
    space = env([chunk("cpd#1", CPD), chunk("desk#0", RECEPTION)], language="en")
    if focus:
        space.facts["focus"] = focus
    params = {"semantic": False, "coverage_weight": 1.0, "answer_at": 0.0, "answer_type": True}
    # (the unnamed-row rule alone: since v111 the focus standing in no statement with the CPD budget refuses it first)
    decide = answerability.build({"name": "evidence", "params": {**params, "focus_together": False}})
    context = [item(1, CPD, "cpd"), item(2, RECEPTION, "desk", score=0.5)]
    decision = decide("What is the annual CPD budget for a receptionist?", context, space)
    assert (decision.action == "refuse") is refused
    assert (decision.signals.get("sibling_row") == 1.0) is refused
    if refused:
        assert "receptionist" in decision.reason
    default = answerability.build({"name": "evidence", "params": params})(
        "What is the annual CPD budget for a receptionist?", context, space)
    assert (default.check == "focus_apart") is refused and (default.action == "refuse") is refused


def test_a_focus_another_source_states_the_fact_of_is_not_refused() -> None:   # (a review)
    elsewhere = "Kennels\nKennel assistants get an annual CPD budget of £300, agreed with the Head Nurse."
    space = env([chunk("cpd#1", CPD), chunk("kennel#0", elsewhere)], language="en")
    space.facts["focus"] = "kennel assistant"
    decide = answerability.build({"name": "evidence", "params": {"semantic": False, "coverage_weight": 1.0,
                                                                   "answer_at": 0.0, "answer_type": True}})
    decision = decide("What is the annual CPD budget for a kennel assistant?",
                      [item(1, CPD, "cpd"), item(2, elsewhere, "kennel", score=0.5)], space)
    assert "sibling_row" not in decision.signals


def test_a_focus_a_row_names_is_answered() -> None:
    space = env([chunk("cpd#1", CPD), chunk("desk#0", RECEPTION)], language="en")
    space.facts["focus"] = "student veterinary nurse"
    decide = answerability.build({"name": "evidence", "params": {"semantic": False, "coverage_weight": 1.0,
                                                                   "answer_at": 0.0, "answer_type": True}})
    decision = decide("What is the annual CPD budget for a student veterinary nurse?", [item(1, CPD, "cpd")], space)
    assert decision.action == "answer"
