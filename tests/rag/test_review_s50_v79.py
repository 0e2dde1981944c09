"""Hostile review (s50) of the evidence v79 answer-versus-refuse rules: another name no source gives
(:mod:`rag.answerability.aliases`), a span of months no sentence writes (:mod:`rag.answerability.time_spans`), the asked
event's verb (:mod:`rag.answerability.event_verbs`), a part of the subject never written
(:mod:`rag.answerability.attributes`), ``refuse_untyped_sources`` and ``SCAFFOLD_WORDS``
(:mod:`rag.answerability.evidence`, :mod:`rag.answerability.asked_fact`), and the ``speed`` measure (:mod:`rag.measures`).

A refusal is right only when the sources truly lack the asked fact; a false refusal of an answerable question is the
worse failure. Every test states the right behaviour. A case that shows a defect is marked ``xfail(strict=True,
raises=AssertionError)`` with its defect number (numbered most costly first), so fixing one case breaks no other; an
unmarked case pins behaviour that is right today and must stay so. The gate is built here (:func:`decide`, the evidence
rule with ``measure_ratio`` as configs/default.yaml sets it and a bar of 0, so only the refusing rules decide), not
imported, so an edit to another suite's helper changes nothing.

Defects, most costly first:
(1) untyped_sources refuses handbook and encyclopedia answers whose candidate the type reader misses: a cost that is
free (不收费, "free": the measure rule spares it, this rule then refuses it), people in the plural or as 职工 ("Line
managers approve …", "Permanent employees …", 正式职工), a department as the place to go (在人力资源部办理), a "when"
answered by a span or a relative day (入职后一周内, 三个工作日内, 次月, "with the next payroll run", "once they pass
probation"), a clock time in words ("half past seven"), an era (北宋, "the late Anglo-Saxon period"), a number word
its list leaves out ("sixteen");
(2) event_verbs: the asked event written in another word or form refuses the sentence that states it: 出生 / "1950年3月
生" / 生于 / life dates "（1950年—2010年）", 建成 / 落成, 开通 / 通车, 调薪 / 薪酬调整, 放假 / 休息, 转正 / 转为正式员工,
位于 / 坐落于, 举行 / 举办, 作者 / 创作, 担任 / 为 (also at the gate, in running prose);
(3) aliases: a name given without a marker word the lists hold refuses the source that gives it: an acronym spelt out
in brackets ("Control of Substances … (COSHH)", "NHS (National Health Service)", 世界卫生组织（…WHO）), 即 / "means", an
English name in brackets (伦敦塔桥（Tower Bridge）, a company's), 字 / 号, 美誉, 又译, 原为, "dubbed", "changed its name";
the origin of a name explained without 得名 / 命名 (意为 … 而来, "gave it its name"); another name in a chunk that says
"the bridge" while another chunk names the subject; a yes/no question about nicknames; "the full name of our CEO";
(4) time_spans: a span written another way refuses the sentence that states it: 1969.09—1970.04, Chinese numerals,
至次年4月, 03/1998 – 05/2000, start and end in two sentences, a span inside a longer one; and any question pinned to
months is read (a yes/no about probation; 2024年第一季度 for 2024年1月至3月);
(5) attributes: the part written shorter or in another form (根 / 根部, 叶 / 叶子, leaf / leaves, architectural /
architecture), a compound part (年假制度, 建筑风格), a part read with its 的 (员工的福利), an action read as a part (修建),
what the sentence describes without naming it (毛色, a history);
(6) speed: units it does not read (每小时350公里, 时速可达350公里, 每秒45米, 海里/小时, Mach 2, m.p.h.), a Chinese weather
report's 风力16级, and speeds that are no vehicle's asked as one (broadband Mbps, "average speed of answer", 打印速度);
(7) SCAFFOLD_WORDS are stemmed with the corpus's tokenizer, so "final", "general", "normal", "usual" are no key terms
("the general manager", "the final salary scheme", "normal retirement age", "usual place of work"), nor are 最终, 最后,
当年 where they pick the thing asked about (最终审批人, 最后一班车, 当年入职的员工);
(8) fails to refuse: event_verbs reads the subject noun before the asking word as the event (公司), a name's character
as a verb (屠 of 屠呦呦), 加入 as 加 (held by 参加), and a dated sentence with 上午 as a schedule; aliases takes marker
words that give no name (英语, 命名, "named after", "originally built", 称为 or the name repeated for an origin), reads
别称为何 as "why", and misses the subject behind a lead-in (我想问一下) or a possessive (so another subject's alias
counts); time_spans reads no English span without the start's year, no span of days, no 同年; speed reads 8节车厢 and
第3节 as knots; attributes holds a part inside a longer word (花冠 in 副花冠) or written of another subject.

Note: aliases.py gained the "origin" kind (名字的由来, 因何得名, "why is it called", e5a1eef) during this review; the cases
here are written against it, and the origin cases attack it too.

Not pinned (no timed tests here): no catastrophic backtracking was found. The unbounded patterns (the English
attribute pattern's ``[A-Z][\\w'-]*[^?]* (?:used|like) for``, aliases' ``_CAPITALISED`` with ``\\s+(?:of|…)?\\s*``) are at
worst quadratic in a run of one word or of spaces inside a *question*; measured at well under 0.1 s for 8,000
characters. The long-input tests below assert correctness only.
"""

from __future__ import annotations

import pytest

from rag.answer_types import without_asking
from rag.answerability.aliases import alias_unwritten, asks_alias
from rag.answerability.asked_fact import ASKING_NOUNS, SCAFFOLD_WORDS
from rag.answerability.attributes import asked_attribute, attribute_unwritten
from rag.answerability.event_verbs import event_unsaid, event_verbs
from rag.answerability.question_terms import content_terms
from rag.answerability.time_spans import asked_span, span_unwritten
from rag.measures import asked_measure, states_measure
from rag.memo import TextTerms
from tests.rag.helpers import chunk, env, item
from tests.rag.review_helpers import pinned

# the attacks the fixes after this review mended (evidence v79: untyped sources in running prose only, Chinese scaffolding
# words only, names given in brackets, more alias and origin markers, spans started in one sentence and ended in the
# next, dotted months, a part written as its head (根 for 根部), speeds in more units): each is the short hash of its
# parameters, and runs as a plain test
FIXED = frozenset({
    "95cc6448a7",   # (evidence v105: 坐落 / 位于 / 设有 are light verbs)
    "a0e07b4b83",   # (evidence v80: a part of three characters or more by any two-character piece)
    "85e59f9126",   # (evidence v80: a part of three characters or more by any two-character piece)
    "26fd32b075",   # (the predicate read by where the asking words start)
    "a6826177a7",   # (the predicate read by where the asking words start)
    "256628217e",   # (a verb's character right after a date)
    "31b496023e",   # (a verb's character right after a date)
    "500cd674d1",   # (a verb's character right after a date)
    "805dc4f9a5",   # (a verb's character right after a date)
    "8176c2f030",   # (a verb's character right after a date)
    "fa8dd1eda6",   # (a verb's character right after a date)
    "0023c62b1b",
    "0224c1505a",
    "03f85b529c",
    "12215e771f",
    "1b282b623b",
    "1bbe9d97fd",
    "1c66c5b1df",
    "1f52366a62",
    "27a4504cef",
    "31558b22c1",
    "3af6f10dac",
    "3d30901126",
    "418960e429",
    "4ebfd0440c",
    "4f4c03b97a",
    "542803b56b",
    "595c2d90bb",
    "664f75c80a",
    "703e270ad7",
    "767358927a",
    "79c2d6b04c",
    "831fafd478",
    "881f639065",
    "88818e184b",
    "91d217940c",
    "9b7a23dfb5",
    "9fdc885605",
    "a4c59c9c6d",
    "b03cfff9ba",
    "b08b70a301",
    "b1009001ef",
    "b433fd0d67",
    "b56aaaedb7",
    "b60bbb1ac2",
    "b89122446b",
    "c164fac1cf",
    "c58effb0da",
    "ce03a19033",
    "d39fc96918",
    "d7918e6ae6",
    "d7ebed6fa2",
    "df8c211f7e",
    "e0988080f9",
    "e2e3469c75",
    "e713ad2aa3",
    "e88b697c14",
    "e8db3b18ba",
    "ecae485541",
    "ee1d992108",
    "ee29e217bb",
    "eec677b40b",
    "f2981a0334",
    "fe22810ef6",
})


bug = pinned(FIXED)


def decide(question: str, corpus: list[tuple[str, str]], language: str = "en"):
    """The evidence rule over a corpus of (chunk id, text), every chunk retrieved in order; a chunk's title is its first
    line. ``answer_at`` 0: only the refusing rules decide."""
    from rag.answerability import answerability

    space = env([chunk(cid, text) for cid, text in corpus], language=language)
    rule = answerability.build({"name": "evidence", "params": {
        "semantic": False, "coverage_weight": 1.0, "answer_at": 0.0, "answer_type": True, "measure_ratio": 0.4}})
    return rule(question, [item(n, text, cid.split("#")[0], title=text.split("\n")[0])
                           for n, (cid, text) in enumerate(corpus, 1)], space)


FILLER_EN = [("f1#0", "Leave > Annual leave\nAnnual leave is 25 days a year."),
             ("f2#0", "Pay > Overtime\nOvertime is paid at time and a half.")]
FILLER_ZH = [("f1#0", "福利 > 体检\n体检安排在每年 5 月。"), ("f2#0", "考勤 > 加班\n加班按 1.5 倍计发。")]


# ---------------------------------------------------------------------------------------------------------------------
# 1. refuse_untyped_sources: false refusals at the gate

U1 = "untyped_sources: the type reader misses the candidate the source states"


@pytest.mark.parametrize(("question", "corpus", "language"), [
    bug(1, f"{U1}: a cost that is free (the measure rule spares 不收费 / 免费, this rule refuses it)",
        "停车费多少钱？", [("a#0", "行政 > 停车\n员工在公司停车场停车不收费。")] + FILLER_ZH, "zh"),
    bug(1, f"{U1}: a cost that is free", "How much does the flu jab cost?",
        [("a#0", "Health > Flu jabs\nFlu jabs are free for all staff at the clinic.")] + FILLER_EN, "en"),
    bug(1, f"{U1}: people in the plural (managers) are no person", "Who can approve annual leave?",
        [("a#0", "Leave > Approval\nLine managers approve annual leave requests through the portal.")] + FILLER_EN[1:], "en"),
    bug(1, f"{U1}: people in the plural (employees)", "Who can apply for the hardship fund?",
        [("a#0", "Welfare > Hardship fund\nPermanent employees with six months' service can apply for the hardship fund.")]
        + FILLER_EN, "en"),
    bug(1, f"{U1}: 职工 is no person", "谁可以享受探亲假？",
        [("a#0", "考勤 > 探亲假\n工作满一年的正式职工可享受探亲假。")] + FILLER_ZH, "zh"),
    bug(1, f"{U1}: a span after an event (入职后一周内) is no date", "工作服什么时候发？",
        [("a#0", "行政 > 工作服\n工作服于入职后一周内统一发放。")] + FILLER_ZH, "zh"),
    bug(1, f"{U1}: 三个工作日内 is no date", "报销款什么时候到账？",
        [("a#0", "财务 > 报销\n审批通过后三个工作日内报销款到账。")] + FILLER_ZH, "zh"),
    bug(1, f"{U1}: 次月 is no date", "报销款什么时候到账？", [("a#0", "财务 > 报销\n报销款随次月工资一并发放。")] + FILLER_ZH, "zh"),
    bug(1, f"{U1}: 人力资源部 is no place to go", "在哪里办理工作证？",
        [("a#0", "行政 > 工作证\n工作证在人力资源部办理，需携带一寸照片。")] + FILLER_ZH, "zh"),
    bug(1, f"{U1}: 'with the next payroll run' is no date", "When are expenses reimbursed?",
        [("a#0", "Expenses > Reimbursement\nApproved expenses are reimbursed with the next payroll run.")] + FILLER_EN, "en"),
    bug(1, f"{U1}: a condition answers 'when can new starters …' (_ASKS_CONDITION lists no 'new starters')",
        "When can new starters take annual leave?",
        [("a#0", "Leave > New starters\nNew starters can take annual leave once they pass probation.")] + FILLER_EN[1:], "en"),
    bug(1, f"{U1}: a time of day in words", "When does the canteen open?",
        [("a#0", "Facilities > Canteen\nThe canteen opens at half past seven for breakfast.")] + FILLER_EN, "en"),
    bug(1, f"{U1}: a dynasty without 朝 / 代 (北宋) is no date", "灵泉寺建于什么时候？",
        [("a#0", "灵泉寺\n灵泉寺始建于北宋，寺内有古银杏两株。")], "zh"),
    bug(1, f"{U1}: a period is no date", "When was the Ebbsworth Psalter copied?",
        [("a#0", "Ebbsworth Psalter\nThe Ebbsworth Psalter was copied in the late Anglo-Saxon period by monks at Ebbsworth.")],
        "en"),
    bug(1, f"{U1}: 'sixteen' is no number (the word list skips 13, 14, 16–19)", "How many people does the Boardroom seat?",
        [("a#0", "Rooms > Boardroom\nThe Boardroom seats sixteen.")] + FILLER_EN, "en"),
    # what it reads today: the candidate stands in the sentence
    ("工作服什么时候发？", [("a#0", "行政 > 工作服\n工作服于入职后3日内统一发放。")], "zh"),
    ("When was the Ebbsworth Psalter copied?",
     [("a#0", "Ebbsworth Psalter\nThe Ebbsworth Psalter was copied in 1140 by monks at Ebbsworth.")], "en"),
    ("青崖噪鹛平时都吃些什么？", [("a#0", "青崖噪鹛\n青崖噪鹛主要以昆虫为食，也吃植物种子。")], "zh"),
    ("报销由哪个部门审核？", [("a#0", "财务 > 审核\n报销单由财务处审核。")] + FILLER_ZH, "zh"),
])
def test_untyped_sources_answers_what_the_sources_state(question: str, corpus, language: str) -> None:
    assert decide(question, corpus, language).action == "answer"


@pytest.mark.parametrize(("question", "corpus", "language"), [
    ("Who copied out the Ebbsworth Psalter?", [("a#0", "Ebbsworth Psalter\nThe Ebbsworth Psalter is kept in the cathedral "
                                                "library at Ebbsworth. It has 212 leaves of vellum.")], "en"),
    # (running prose only, after the review: a paragraph of sentences)
    ("青穹牧业在哪个省？", [("a#0", "青穹牧业\n青穹牧业以养殖牦牛为主，年出栏一万头。公司有员工三百余人。"
                                  "产品以牛奶和奶酪为主。")], "zh"),
])
def test_untyped_sources_still_refuses_sources_without_a_candidate(question: str, corpus, language: str) -> None:
    decision = decide(question, corpus, language)
    assert decision.action == "refuse" and decision.signals.get("untyped_sources") == 1.0


# ---------------------------------------------------------------------------------------------------------------------
# 2. event_verbs: the asked event written another way

E2 = "event_verbs: the sentence states the asked event in another word or form"


@pytest.mark.parametrize(("question", "sentence", "kind"), [
    bug(2, f"{E2}: 1950年3月生 (the standard bio form) for 出生", "张三是哪一年出生的？", "张三，1950年3月生，江苏南京人。", "date"),
    bug(2, f"{E2}: 生于 for 出生", "张三是何时出生的？", "张三于1950年3月生于江苏南京。", "date"),
    bug(2, f"{E2}: life dates in brackets", "张三是哪一年出生的？", "张三（1950年—2010年），江苏南京人，物理学家。", "date"),
    bug(2, f"{E2}: 落成 for 建成", "大桥是什么时候建成的？", "大桥于1988年落成。", "date"),
    bug(2, f"{E2}: 通车 for 开通", "地铁2号线什么时候开通？", "地铁2号线于2010年12月通车。", "date"),
    bug(2, f"{E2}: 薪酬调整 for 调薪 (handbook)", "公司什么时候调薪？", "每年4月进行年度薪酬调整。", "date"),
    bug(2, f"{E2}: 休息 for 放假 (a holiday notice)", "国庆节什么时候放假？", "国庆节：10月1日至7日休息，共7天。", "date"),
    bug(2, f"{E2}: 转为正式员工 for 转正", "新员工什么时候转正？", "试用期满且考核合格的，于次月1日转为正式员工。", "date"),
    bug(2, f"{E2}: 生于 for 出生 (where)", "张三出生在哪里？", "张三，1950年生于上海，祖籍浙江。", "place"),
    bug(2, f"{E2}: 坐落于 for 位于", "泰山位于哪里？", "泰山坐落于山东省泰安市中部。", "place"),
    bug(2, f"{E2}: 举办 for 举行", "2008年奥运会在哪个城市举行？", "2008年夏季奥运会在北京举办。", "place"),
    bug(2, f"{E2}: a novel's 作者 is who 创作 it", "《红楼梦》的作者是谁？", "《红楼梦》是清代曹雪芹创作的章回体长篇小说。", "person"),
    bug(2, f"{E2}: 担任 / 为", "谁担任北京大学首任校长？", "严复为北京大学首任校长。", "person"),
    # what it reads today
    ("西贡商信银行成立的时间是什么时候？", "西贡商业信用银行成立于1991年12月21日。", "date"),
    ("张三是哪年考上大学的？", "1977年，张三考入北京大学。", "date"),
    ("严长寿的出生地在哪里？", "严长寿，出生于上海市，祖籍浙江杭州。", "place"),
])
def test_event_verbs_answer_the_event_written_another_way(question: str, sentence: str, kind: str) -> None:
    assert event_unsaid(question, sentence, kind, []) == []


E8 = "event_verbs fails to refuse"


@pytest.mark.parametrize(("question", "sentence"), [
    bug(8, f"{E8}: the subject noun before the asking word (公司) is read as the event, so any 公司 sentence passes",
        "本公司是哪一年成立的？", "2019年5月，公司迁入新址。"),
    bug(8, f"{E8}: 屠 of the name 屠呦呦 is read as a verb", "屠呦呦哪一年获得诺贝尔奖？", "1930年12月30日，屠呦呦出生于浙江宁波。"),
    bug(8, f"{E8}: 加入 read as 加, held by 参加", "他何时加入国民党？", "1925年，他参加北伐。"),
    bug(8, f"{E8}: a dated sentence with 上午 is taken for a schedule", "张三何时辞去董事长职务？", "2015年3月2日上午，张三出席公司年会。"),
    # what it catches today
    ("张三何时辞去董事长职务？", "2015年3月2日，张三出席公司年会。"),
    ("这款手机什么时候发布的？", "该机于2019年7月在深圳工厂投产。"),
])
def test_event_verbs_refuse_a_date_of_another_event(question: str, sentence: str) -> None:
    assert event_unsaid(question, sentence, "date", []) != []


@pytest.mark.parametrize(("question", "kind"), [("", "date"), ("何时", "date"), ("哪里", "place"), ("谁", "person"),
                                                ("When did it open?", "date"), ("何时？" * 500, "date")])
def test_event_verbs_degenerate_questions_read_no_verb(question: str, kind: str) -> None:
    assert event_verbs(question, kind) == []
    assert event_unsaid(question, "2015年", kind, []) == []


# ---------------------------------------------------------------------------------------------------------------------
# 3. aliases: another name given without a marker word

A3 = "aliases: the source gives the name without a marker word the lists hold"


@pytest.mark.parametrize(("question", "sources"), [
    bug(3, f"{A3}: an acronym spelt out in brackets (handbook)", "What does COSHH stand for?",
        ["Control of Substances Hazardous to Health (COSHH) regulations require a risk assessment."]),
    bug(3, f"{A3}: an acronym spelt out in brackets (tests/rag/test_aliases.py pins this refusal)",
        "What does NHS stand for?", ["The NHS (National Health Service) funds the clinic."]),
    bug(3, f"{A3}: 'means'", "What is the full form of GDPR?", ["GDPR means the General Data Protection Regulation."]),
    bug(3, f"{A3}: the full name in brackets", "WHO 是什么的简称？", ["世界卫生组织（World Health Organization，WHO）是联合国下属的专门机构。"]),
    bug(3, f"{A3}: 即", "NHS的全称是什么？", ["NHS即英国国家医疗服务体系，成立于1948年。"]),
    bug(3, f"{A3}: the English name in brackets", "伦敦塔桥的英文名是什么？", ["伦敦塔桥（Tower Bridge）是一座位于伦敦泰晤士河上的开合桥。"]),
    bug(3, f"{A3}: the company's English name in brackets (handbook)", "本公司的英文名是什么？",
        ["科文食品有限公司（Corvan Foods Ltd）成立于2003年，总部位于苏州。"]),
    bug(3, f"{A3}: 字 / 号", "李白又叫什么？", ["李白，字太白，号青莲居士，唐代诗人。"]),
    bug(3, f"{A3}: 美誉", "香港的别称是什么？", ["香港素有“东方之珠”的美誉。"]),
    bug(3, f"{A3}: 又译", "伦勃朗又叫什么？", ["伦勃朗，又译伦布兰特，荷兰画家。"]),
    bug(3, f"{A3}: 原为", "北京站原名叫什么？", ["北京站原为北平东站，1959年迁至现址。"]),
    bug(3, f"{A3}: 'dubbed'", "What is the Corvan Bridge also known as?",
        ["The Corvan Bridge, dubbed the Iron Mile by locals, opened in 1931."]),
    bug(3, f"{A3}: 'changed its name'", "What was Brightline originally called?",
        ["Hallam Data Ltd changed its name to Brightline in 2005."]),
    bug(3, "aliases: the chunk that gives the name says 'the bridge'; only the chunk naming the subject is read",
        "What is the Corvan Bridge also known as?",
        ["The Corvan Bridge crosses the Lune at Hallam.", "Locals call the bridge the Iron Mile; it carries the A683."]),
    bug(3, "aliases: a yes/no question about nicknames asks no name", "Can I use a nickname on my email signature?",
        ["Email signatures must show your name as it appears on your contract, your job title and your team."]),
    bug(3, "aliases: 'the full name of our CEO' asks a person's name, not an expansion", "What is the full name of our CEO?",
        ["Our CEO, Margaret Oduya, joined Corvan in 2019."]),
    # what it reads today
    ("夜来香的别名是什么？", ["夜来香是萝藦科夜来香属的植物，别名“夜香花”、“夜兰香”。"]),
    ("What does NHS stand for?", ["NHS stands for National Health Service."]),
    ("What is Tom Hanks's nickname?", ["Hanks is widely known as America's Dad."]),
    # where a name comes from (the "origin" kind, e5a1eef)
    bug(3, f"{A3}: 意为 … 而来 explains the name", "四加亭名字的由来是什么？", ["四加亭在马来语中意为“四棵树”，因镇口四棵老树而来。"]),
    bug(3, f"{A3}: 'gave it its name'", "Why is the Iron Mile called that?",
        ["The Iron Mile runs a mile beside the old ironworks, which gave it its name."]),
    ("伊丽莎白港机场为什么又叫十分钟机场？", ["从市中心开车只需十分钟，故名。"]),
])
def test_aliases_answer_a_name_the_sources_give(question: str, sources: list[str]) -> None:
    assert alias_unwritten(question, sources) is False


A8 = "aliases fails to refuse"
PANGOLIN = "马来穿山甲每年会产1-2只幼穿山甲。"
FISH = "蓝线裸顶鲷，又称蓝线白𫚭，俗名龙尖，为辐鳍鱼纲的鱼。"


@pytest.mark.parametrize(("question", "sources"), [
    bug(8, f"{A8}: 英语 is a marker word (a school's English lessons give it no other name)", "南宁二中又叫什么？",
        ["南宁二中于1906年建校，开设英语、日语等外语课程。"]),
    bug(8, f"{A8}: 命名 is a marker word (named after what it sells)", "凉茶舖又叫什么？",
        ["凉茶舖以售卖凉茶为主，其名以所售卖的凉茶命名。"]),
    bug(8, f"{A8}: 'named after' gives no other name", "What is the Corvan Bridge also known as?",
        ["The Corvan Bridge, named after engineer John Corvan, opened in 1931."]),
    bug(8, f"{A8}: 'originally built as' gives no former name", "What was the Corvan Bridge originally called?",
        ["The Corvan Bridge was originally built as a rail crossing in 1931."]),
    bug(8, f"{A8}: 为何 is read as 'why', so 别称为何 asks nothing", "天门冬的别称为何？", ["天门冬为天门冬科多年生攀援草本植物。"]),
    bug(8, f"{A8}: a lead-in (我想问一下) is kept in the subject, so every source is read and the fish's 又称 counts",
        "我想问一下，马来穿山甲的别称是什么？", [PANGOLIN, FISH]),
    bug(8, f"{A8}: a possessive subject (Corvan Bridge's) names no source, so another subject's alias counts",
        "What is Corvan Bridge's nickname?",
        ["Corvan Bridge crosses the Lune.", "The Hallam Arch, also called the Gate, is older."]),
    # what it catches today
    ("马来穿山甲的别称是什么？", [PANGOLIN, FISH]),
    ("凉茶舖又叫什么？", ["凉茶舖以售卖凉茶为主，同时也会销售茶叶蛋等相关食物。"]),
    ("What is the Corvan Bridge also known as?", ["The Corvan Bridge crosses the Lune at Hallam. It opened in 1931."]),
    ("别名是什么？", []),
    bug(8, f"{A8}: 称为 gives no origin of a name", "四加亭名字的由来是什么？", ["四加亭被称为柔佛州最美的小镇，人口约两万。"]),
    bug(8, f"{A8}: a source repeating the name ('called the Iron Mile') explains nothing",
        "Why is the Corvan Bridge called the Iron Mile?", ["The Corvan Bridge, called the Iron Mile by locals, opened in 1931."]),
])
def test_aliases_refuse_a_name_no_source_gives(question: str, sources: list[str]) -> None:
    assert alias_unwritten(question, sources) is True


def test_aliases_long_inputs_read_correctly() -> None:
    """Correctness on long inputs (no timing): a long run of capitalised words and of spaces in the question."""
    words = " ".join(["Corvan"] * 3000)
    assert alias_unwritten(f"What is the Corvan Bridge also known as? {words} Bridge", ["Nothing about it."]) is True
    assert asks_alias("What is A" + " " * 5000 + "b also known as?") is False   # (.{1,60} bounds the subject)


# ---------------------------------------------------------------------------------------------------------------------
# 4. time_spans: a span written another way

S4 = "time_spans: the sources state the span, written another way"
Q_ZH = "1969年9月至1970年4月，吴双战担任什么职务？"
Q_EN = "From March 1998 to May 2000, which post did she hold?"


@pytest.mark.parametrize(("question", "sources"), [
    bug(4, f"{S4}: 1969.09—1970.04 (a CV's dotted months)", Q_ZH, "1969.09—1970.04　陆军某团连长\n1970.04—1971.03　营长"),
    bug(4, f"{S4}: Chinese numerals", Q_ZH, "一九六九年九月至一九七〇年四月任连长。"),
    bug(4, f"{S4}: 至次年4月 reads the end as 1969年4月", Q_ZH, "1969年9月至次年4月任连长。"),
    bug(4, f"{S4}: start and end in two sentences", Q_ZH, "1969年9月任连长。1970年4月调任营长。"),
    bug(4, "time_spans: a span inside a longer stated one is answered by it", "1970年1月至1970年3月，吴双战担任什么职务？",
        "1969年9月至1970年4月任连长。"),
    bug(4, f"{S4}: 03/1998 – 05/2000", Q_EN, "She was deputy mayor (03/1998 – 05/2000)."),
    bug(4, f"{S4}: start and end in two sentences", Q_EN, "She became deputy mayor in March 1998. She stood down in May 2000."),
    bug(4, "time_spans: any question pinned to months is read, a yes/no one too (handbook)",
        "2023年3月至2023年6月期间，试用期员工可以请年假吗？", "试用期员工不享受年假。"),
    bug(4, "time_spans: a quarter is the span (2024年第一季度 for 2024年1月至3月)", "2024年1月至3月的加班费怎么算？",
        "2024年第一季度加班按1.5倍计发。"),
    # what it reads today
    (Q_ZH, "1969年9月至1970年4月，任陆军某部连长"),
    (Q_ZH, "1969年9月，任连长，1970年4月，升任营长。"),
    (Q_EN, "Between 1 March 1998 and 31 May 2000 she was deputy mayor."),
    ("1996年2月至4月，他担任什么职务？", "1996年2月至同年4月任集团军代理军长。"),
])
def test_spans_answer_a_span_the_sources_state(question: str, sources: str) -> None:
    assert span_unwritten(question, sources) is None


S8 = "time_spans fails to refuse: the span is never read from the question"
CAREER_EN = ("From June 1994 to March 1998 she was deputy mayor. From May 2000 to April 2004 she led the council. "
             "She retired in 2009.")
CAREER = "1967年4月至1969年9月任陆军排长。1970年4月至1971年3月任连长。1996年4月至1999年12月任武警部队副司令员。"


@pytest.mark.parametrize(("question", "sources"), [
    bug(8, f"{S8}: an English span without the start's year (1996年2月至4月 is read)", "From March to May 2000, which post "
        "did she hold?", CAREER_EN),
    bug(8, f"{S8}: a span of days", "1969年9月1日至1970年4月30日，吴双战担任什么职务？", CAREER),
    bug(8, f"{S8}: 同年", "1996年2月至同年4月，吴双战担任什么职务？", CAREER),
    # what it catches today
    (Q_ZH, CAREER), (Q_EN, CAREER_EN),
])
def test_spans_refuse_a_span_no_sentence_states(question: str, sources: str) -> None:
    assert span_unwritten(question, sources) is not None


def test_spans_long_inputs_read_correctly() -> None:
    """Correctness on long inputs (no timing): a career of 3,000 posts, and a 5,000-digit run."""
    career = "".join(f"{1900 + i % 100}年{1 + i % 12}月至{1900 + i % 100}年{1 + i % 12}月任职{i}。" for i in range(3000))
    assert span_unwritten(Q_ZH, career) is not None
    assert span_unwritten(Q_ZH, career + "1969年9月至1970年4月任连长。") is None
    assert span_unwritten(Q_ZH, "1" * 5000 + "年") is not None
    assert asked_span("2024年0月至3月，他在哪里？") is None


# ---------------------------------------------------------------------------------------------------------------------
# 5. attributes: the part written another way

P5 = "attributes: the source writes the part another way"


@pytest.mark.parametrize(("question", "source"), [
    bug(5, f"{P5}: 根 for 根部", "大果西番莲的根部有什么作用？", "大果西番莲的根可入药，有清热解毒之效。"),
    bug(5, f"{P5}: 叶 for 叶子 (a botanical entry's usual form)", "夜来香的叶子有什么特点？", "夜来香叶对生，宽卵形，基部心形。"),
    bug(5, f"{P5}: 年假 for 年假制度 (handbook)", "公司的年假制度有什么特点？", "年假按工龄计算，满一年享受5天，满十年享受10天。"),
    bug(5, f"{P5}: 建筑 for 建筑风格", "故宫的建筑风格有什么特点？", "故宫建筑采用中轴对称布局，屋顶多用黄色琉璃瓦。"),
    bug(5, "attributes: the part is read with its 的 (员工的福利), which no source writes", "公司的员工的福利有哪些特点？",
        "员工福利包括五险一金、年度体检和节日礼品。"),
    bug(5, "attributes: an action (修建) is read as a part", "长城的修建有什么意义？", "长城始建于春秋战国时期，用于抵御北方游牧民族。"),
    bug(5, "attributes: what the sentence describes without naming it (毛色)", "大熊猫的毛色有什么特点？", "大熊猫身体黑白相间，四肢为黑色。"),
    bug(5, f"{P5}: the singular (leaf) for the plural", "What are the leaves of the Corvan Oak used for?",
        "The leaf of the Corvan Oak is used to make a bitter tea."),
    bug(5, f"{P5}: the adjective (architectural)", "What is special about the architecture of the Corvan Bridge?",
        "The Corvan Bridge is an architectural landmark: a single steel arch."),
    bug(5, "attributes: a history told without the word", "What is special about the history of the Corvan Bridge?",
        "The Corvan Bridge opened in 1931 and was rebuilt after a flood in 1968."),
    # what it reads today
    ("夜来香的副花冠有什么特点？", "夜来香是萝藦科夜来香属的植物。副花冠5裂，肉质，短于花药。"),
    ("年终奖的发放有什么特点？", "年终奖于次年1月随工资发放。"),
    ("What is special about the rind of Brennock Blue?", "Brennock Blue is a blue cheese. Its rind is washed in cider."),
])
def test_attributes_answer_a_part_the_source_describes(question: str, source: str) -> None:
    assert attribute_unwritten(question, source, ASKING_NOUNS) is None


@pytest.mark.parametrize(("question", "source"), [
    bug(8, "attributes fails to refuse: 花冠 is held inside 副花冠", "夜来香的花冠有什么特点？", "夜来香是萝藦科植物。副花冠5裂，肉质。"),
    bug(8, "attributes fails to refuse: the part written of another subject", "大果西番莲的根部有什么作用？",
        "大果西番莲的果实可食。西番莲属其它植物的根部可入药。"),
    # what it catches today
    ("大果西番莲的根部有什么作用？", "大果西番莲是西番莲属的植物中，果实最大的一种。"),
    ("What is special about the rind of Brennock Blue?", "Brennock Blue is a blue cheese made in the Brennock valley."),
])
def test_attributes_refuse_a_part_never_written(question: str, source: str) -> None:
    assert attribute_unwritten(question, source, ASKING_NOUNS) is not None


def test_attributes_long_question_reads_correctly() -> None:
    """Correctness on a long question (no timing): the English pattern's unbounded ``[^?]*``."""
    assert asked_attribute("what is ab of " + "B" * 8000 + " x", ASKING_NOUNS) is None
    assert asked_attribute("What are the leaves of the " + "Corvan " * 1000 + "Oak used for?", ASKING_NOUNS) == "leaves"


# ---------------------------------------------------------------------------------------------------------------------
# 6. the speed measure

V6 = "speed: a speed stated in units the measure does not read"


@pytest.mark.parametrize("sentence", [
    bug(6, f"{V6}: 每小时350公里 (the usual Chinese form)", "列车最高运行速度为每小时350公里。"),
    bug(6, f"{V6}: 时速可达350公里", "京沪高铁列车时速可达350公里。"),
    bug(6, f"{V6}: 每秒45米", "台风中心附近风速达每秒45米。"),
    bug(6, f"{V6}: 海里/小时", "航速20海里/小时。"),
    bug(6, f"{V6}: Mach", "Concorde cruised at Mach 2.04."),
    bug(6, f"{V6}: m.p.h.", "Gusts of 94 m.p.h. were recorded."),
    bug(6, f"{V6}: Mbps (a broadband speed is asked as a speed)", "Office Wi-Fi: 500 Mbps fibre."),
    # what it reads today
    "最高时速350公里。", "Gusts reached 94 mph on the coast.", "an 18-knot ferry", "The cheetah can reach 112 km/hr.",
    "It travels at 300 kilometres an hour.", "风速：45米/秒",
])
def test_speed_is_read_in_its_units(sentence: str) -> None:
    assert states_measure(sentence, "speed") is True


@pytest.mark.parametrize("sentence", [
    bug(8, "speed fails to refuse: 8节车厢 (carriages) is read as knots", "列车共8节车厢。"),
    bug(8, "speed fails to refuse: 第3节 (a lesson) is read as knots", "每天第3节课后做眼保健操。"),
    "A 61-year-old man died when a tree fell on his car.", "The line is open 24 hours a day.",
])
def test_speed_is_not_read_from_other_numbers(sentence: str) -> None:
    assert states_measure(sentence, "speed") is False


@pytest.mark.parametrize(("question", "measure"), [
    bug(6, "speed: a broadband speed is asked as a vehicle's, and refused for want of mph or km/h (handbook)",
        "What's the broadband speed in the office?", None),
    bug(6, "speed: the contact centre's 'average speed of answer' (a KPI in seconds) is asked as a speed",
        "What is the average speed of answer target for the contact centre?", None),
    bug(6, "speed: 打印速度 (pages a minute) is asked as a speed", "打印速度每分钟多少页？", None),
    ("列车最高时速是多少？", "speed"), ("What was the top wind speed in Storm Edwina?", "speed"),
    ("How fast is the first response?", None), ("退款多快能到账？", None),
])
def test_speed_is_asked_of_things_that_move(question: str, measure: str | None) -> None:
    assert asked_measure(question) == measure


@pytest.mark.parametrize(("question", "corpus", "language"), [
    bug(6, "speed at the gate: 每小时350公里 states no speed, so measure_missing refuses", "列车最高运行速度是多少？",
        [("a#0", "京沪高铁\n京沪高铁列车最高运行速度为每小时350公里。")], "zh"),
    bug(6, "speed at the gate: 风力16级 answers a 风速 question in a Chinese weather report", "台风中心附近最大风速是多少？",
        [("a#0", "台风海燕\n台风海燕登陆时中心附近最大风力16级。")], "zh"),
    bug(6, "speed at the gate: Mbps states no speed", "What's the Wi-Fi speed at the Leeds office?",
        [("a#0", "IT > Wi-Fi\nThe Leeds office Wi-Fi runs at 500 Mbps.")] + FILLER_EN, "en"),
    ("列车最高时速是多少？", [("a#0", "京沪高铁\n京沪高铁列车最高时速350公里。")], "zh"),
])
def test_speed_at_the_gate(question: str, corpus, language: str) -> None:
    assert decide(question, corpus, language).action == "answer"


def test_speed_long_run_reads_correctly() -> None:
    assert states_measure("1" * 5000 + " km/h", "speed") and not states_measure("1" * 5000 + "x", "speed")


# ---------------------------------------------------------------------------------------------------------------------
# 7. SCAFFOLD_WORDS: what the question asks about is no scaffolding

def key_terms(question: str, language: str) -> tuple[set[str], object]:
    """The asked fact's key terms as :func:`rag.answerability.evidence.evidence` reads them (the question's content
    terms, its asking words aside, less the asking nouns and the scaffolding words tokenised with the corpus's
    tokenizer), and the search space."""
    space = env([chunk("a#0", "x")], language=language)
    asking = TextTerms()(space.space, " ".join(sorted(ASKING_NOUNS | SCAFFOLD_WORDS)))
    return content_terms(without_asking(question), space) - asking, space


K7 = "SCAFFOLD_WORDS: stemmed with the question, the scaffold word takes a key term of the same stem"


@pytest.mark.parametrize(("question", "word", "language"), [
    bug(7, f"{K7} ('generally' → general)", "Who is the general manager of Corvan Foods?", "general", "en"),
    bug(7, f"{K7} ('finally' → final)", "Is the final salary pension scheme still open?", "final", "en"),
    bug(7, f"{K7} ('normally' → normal)", "What is the normal retirement age?", "normal", "en"),
    bug(7, f"{K7} ('usually' → usual)", "What counts as my usual place of work?", "usual", "en"),
    bug(7, "SCAFFOLD_WORDS: 最终 picks the approver asked about (the final one, not the first)", "最终审批人是谁？", "最终", "zh"),
    bug(7, "SCAFFOLD_WORDS: 最后 picks the bus asked about (the last, not the first)", "最后一班车几点发车？", "最后", "zh"),
    bug(7, "SCAFFOLD_WORDS: 当年 picks the staff asked about (those who joined this year)", "当年入职的员工有年假吗？", "当年", "zh"),
    # key terms that stay
    ("What is the overtime rate for weekend work?", "overtime", "en"),
    ("一般纳税人的增值税税率是多少？", "纳税人", "zh"),
])
def test_scaffolding_leaves_the_asked_words(question: str, word: str, language: str) -> None:
    keys, space = key_terms(question, language)
    assert set(space.space.tokenize(word)) <= keys


@pytest.mark.parametrize(("question", "word", "language"), [
    ("青崖噪鹛平时都吃些什么？", "平时", "zh"), ("到现在一共拍了几季？", "现在", "zh"),
    # (English scaffolding is not read: the index stems "usually" to the "usual" of "usual place of work")
])
def test_scaffolding_words_are_no_key_terms(question: str, word: str, language: str) -> None:
    keys, space = key_terms(question, language)
    assert not set(space.space.tokenize(word)) & keys


# ---------------------------------------------------------------------------------------------------------------------
# The same defects at the gate: the rule, not only its function, refuses

@pytest.mark.parametrize(("question", "corpus", "language"), [
    bug(2, "event_unsaid at the gate (running prose): the author 创作 the novel",
        "《红楼梦》的作者是谁？", [("a#0", "红楼梦\n《红楼梦》是清代曹雪芹创作的章回体长篇小说。全书以贾府的兴衰为背景。"
                                   "小说成书于乾隆年间，流传甚广。")], "zh"),
    bug(2, "event_unsaid at the gate: 生于 for 出生", "张三出生在哪里？",
        [("a#0", "张三\n张三，1950年生于上海，祖籍浙江宁波。他是著名物理学家。1978年他考入北京大学。")], "zh"),
    bug(2, "event_unsaid at the gate: 1950年3月生 for 出生", "张三是哪一年出生的？",
        [("a#0", "张三\n张三，1950年3月生，江苏南京人，物理学家。")], "zh"),
    bug(3, "alias_unwritten at the gate: COSHH spelt out in brackets", "What does COSHH stand for?",
        [("a#0", "Hazardous substances\nControl of Substances Hazardous to Health (COSHH) regulations require a risk "
                 "assessment.")] + FILLER_EN, "en"),
    bug(4, "span_unwritten at the gate: start and end in two sentences", Q_ZH,
        [("a#0", "吴双战\n1969年9月任连长。1970年4月调任营长。")], "zh"),
    bug(5, "attribute_unwritten at the gate: 根 for 根部", "大果西番莲的根部有什么作用？",
        [("a#0", "大果西番莲\n大果西番莲的根可入药，有清热解毒之效。")], "zh"),
    # what it answers today
    ("西贡商信银行何时成立？", [("a#0", "西贡商信银行\n西贡商信银行成立于1991年12月，总部设于胡志明市。")], "zh"),
])
def test_the_gate_answers_what_the_sources_state(question: str, corpus, language: str) -> None:
    assert decide(question, corpus, language).action == "answer"
