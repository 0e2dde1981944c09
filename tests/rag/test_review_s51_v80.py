"""Hostile review (s51) of the evidence v80 answer-versus-refuse rules: Chinese function words dropped from the asked
fact's key terms (:data:`rag.answerability.asked_fact.FUNCTION_WORDS`), the counted thing and the ordinal
(:mod:`rag.answerability.counted`, signal ``uncounted``; the count's verb, ``counted_event``, was reviewed and then dropped),
the members and the noun of a subject (:mod:`rag.answerability.attributes`: X的Y有哪些, 有哪些Y, X的Y是什么 / 是怎样的),
and the asked event for which body (哪所大学, 哪家公司) and which ones (哪些) (:mod:`rag.answerability.event_verbs`).

A refusal is right only when the sources truly lack the asked fact; a false refusal of an answerable question is the
worse failure. Every test states the right behaviour. A case that shows a defect is marked ``xfail(strict=True,
raises=AssertionError)`` with its defect number (numbered most costly first), so fixing one case breaks no other; an
unmarked case pins behaviour that is right today and must stay so. The gate is :func:`decide` of
tests/rag/test_review_s50_v79.py (the evidence rule at a bar of 0, so only the refusing rules decide);
:func:`decide_scatter` adds the scatter check as configs/default.yaml sets it, which is where the key terms matter.

Defects, most costly first:
(1) attributes crashes: "X的目的是什么？" / "…的目的有哪些？" / "合同的标的是什么？" read the part 目的 (标的), split it at its
own 的 into "" and index it: IndexError out of the evidence rule for a very common question;
(2) attributes: X的Y是什么 / 是怎样的 / 怎么样 / 有哪些 / 有哪些Y refuse an answer that never names Y, in encyclopaedia
entries (职业 / 女演员, 国籍 / 美国华裔, 地址 / 位于…号, 学历 / 博士学位, 代表作 / 以《山河》闻名, 主题 / 围绕…展开讨论,
气候, 症状 / 出现发热、咳嗽, 主要产品 / 设计和销售 iPhone, 景点 / 名胜古迹, 天敌 / 遭到…捕食) and in handbooks, where the
check is not limited to running prose (流程 and 手续 / the steps, 工资 / 薪酬, 福利 / 五险一金, 规则 / 密码长度至少8位, 职责 /
负责…, 费用 / 交通、住宿); a part of three characters is never read by its pieces (栖息地 / 栖息于);
(3) event_verbs for which body / which ones: the event written in another word refuses the sentence that states it:
工作 / 现任, 上班 / 工作, 毕业 / 考入…获学士学位, 就读 / 读书, 收购 / 并购, 效力 / 加盟, 获得 / 荣获, 主演 / 出演,
生产 / 主要产品包括, 缴纳 / 办理, 说 / 精通;
(4) counted: the count written another way refuses it: another noun for the thing (床位 / 病床, 座位 / 可容纳观众,
分店 / 门店, 照片 / 彩照, 领导 / 两级审批, seats / spectators / capacity, desks / workstations,
monitors / displays, signatures / signed by), the number and the thing in two clauses (跑道为南北走向，共两条; 塔楼…，
现存四座 is read only by luck; 设有跑道、滑行道各两条), children as 一子一女 / 两个儿子, a number word it lacks (双跑道, 兩,
thirteen–nineteen, sixty–ninety, twice, twin), the thing inside a compound ("120-bedroom", "30-storey"), traditional
characters (兩條);
(5) counted_noun misreads the question: "how many times / employees / athletes" are stemmed to tim / employe / athlet,
which the skip list (time, employee, athlete) no longer matches, so "won the league twice" and "3,000 staff" refuse; a
verb after the noun is read as the counted thing (多少个国家参赛 → 参赛); "how many died" counts "died";
(6) counted_event (the count's verb): 出版 / 著有, 出动 / 调派, 拥有 / 开设;
(7) ordinals: 第几任 against 第45位总统, 第几张 against 出道专辑, 第几部 against 处女作, a traditional 張;
(8) FUNCTION_WORDS: a surname jieba cuts off (曾医生, 于老师, 向经理) is dropped from the key terms, so the scatter check
no longer refuses another doctor's hours; 以前 / 以后 (495510d) drop the before / after the fact turns on;
(9) fails to refuse: any number in the thing's clause counts it (a year: "跑道于1998年延长", "extended in 1998"; a
runway's designation), one English word of several counts ("silver medals" for "gold medals"), a 2-character piece
counts (奥运银牌 for 奥运金牌, 竞争 for 竞争对手), and 支 of 哪支球队 is read as a verb.

Timing (not pinned): no input took over 1 s. The slowest measured: event_verbs over a question of 9,000 characters
(0.4 s, jieba), counted_noun over 20,000 repeated English words (0.1 s), the English attribute pattern over a 20,000-
character word (0.14 s).
"""

from __future__ import annotations

import pytest

from rag.answer_types import without_asking
from rag.answerability.asked_fact import ASKING_NOUNS, FUNCTION_WORDS, SCAFFOLD_WORDS
from rag.answerability.attributes import asked_attribute, attribute_unwritten
from rag.answerability.counted import asked_ordinal, counted_noun, counts, ordinal_in
from rag.answerability.event_verbs import event_unsaid, event_verbs
from rag.answerability.question_terms import content_terms
from rag.memo import TextTerms
from tests.rag.helpers import chunk, env, item
from tests.rag.review_helpers import pinned
from tests.rag.test_review_s50_v79 import FILLER_EN, FILLER_ZH, decide

# the attacks a later fix mended: each is the short hash of its parameters, and runs as a plain test
# (57 mended after the review, in the same session: the crash, attributes in running prose only and the kinds an answer
# gives unnamed, verbs written another way for which body / which ones, counts per sentence with more number words,
# stems read before the skip list, ordinals of one class, surnames and dated time words kept, counted_event dropped)
FIXED: frozenset[str] = frozenset({
    "1690d216d7",
    "1857a43e7b",
    "1c4ba0140f",
    "2520c1d0db",
    "25a727c798",
    "30e836eb15",
    "33cd7b1dc9",
    "3947eddbd7",
    "3d2ff89ee7",
    "3e04944b65",
    "4047021a60",
    "4416ec2def",
    "54c33a07a1",
    "56a219e9c9",
    "58171c29b1",
    "5ee9f9c74e",
    "5f4414b7d5",
    "63c90cc7d7",
    "65caf724cb",
    "6cc678b456",
    "70a531dbea",
    "7163f03e55",
    "73a9fb6fdd",
    "74117486bb",
    "7a53cb9f10",
    "7a927a2d64",
    "7e0eb0813f",
    "83c0e4831d",
    "8ad9717e69",
    "92417d814b",
    "9c1ff2c1c5",
    "9d761a2cd8",
    "a129f15e63",
    "a393344586",
    "a3f338b66c",
    "a564170dfd",
    "a90b18ec62",
    "a9809778f7",
    "b4e2ed290b",
    "b982f3dbf0",
    "bb1a2edfa9",
    "bd95b8b639",
    "be8a7dd838",
    "c27906e2cd",
    "caccb373f0",
    "cf1172c68d",
    "d1e2006981",
    "d66387492f",
    "da7b50afd5",
    "dda633c8f7",
    "ddd0cc8d06",
    "e219186383",
    "e5ab9b832e",
    "effe60b10b",
    "f20007d779",
    "f5e73aac09",
    "fd477dcc0f",
})


bug = pinned(FIXED)


def decide_scatter(question: str, corpus: list[tuple[str, str]], language: str = "zh", **params):
    """:func:`decide` with the scatter check of configs/default.yaml (read in running prose), where the asked fact's key
    terms decide: a bar of 0, so only the refusing rules decide."""
    from rag.answerability import answerability

    space = env([chunk(cid, text) for cid, text in corpus], language=language)
    rule = answerability.build({"name": "evidence", "params": {
        "semantic": False, "coverage_weight": 1.0, "answer_at": 0.0, "answer_type": True, "measure_ratio": 0.4,
        "scatter_at": {"zh": 0.6133, "en": 0.5012}, "scatter_coverage": 0.5, "scatter_scope": "prose", **params}})
    return rule(question, [item(n, text, cid.split("#")[0], title=text.split("\n")[0])
                           for n, (cid, text) in enumerate(corpus, 1)], space)


def H(title: str, body: str) -> tuple[str, str]:   # noqa: N802
    """A chunk of one source: its title line, then its text."""
    return ("a#0", f"{title}\n{body}")


def refused_by(decision, signal: str) -> bool:
    return decision.action == "refuse" and decision.signals.get(signal) == 1.0


def no_crash(function, *args):
    """``function(*args)``, an exception turned into a failed assertion (so a crash is a pinned defect)."""
    try:
        return function(*args)
    except Exception as error:   # noqa: BLE001
        raise AssertionError(f"raised {error!r}") from error


# ---------------------------------------------------------------------------------------------------------------------
# 1. attributes: a crash on 目的 / 标的

C1 = "attributes: the part 目的 (标的) is split at its own 的 into '' and indexed"


@pytest.mark.parametrize("question", [
    bug(1, C1, "这次改革的目的是什么？"),
    bug(1, C1, "公司设立员工持股计划的目的是什么？"),
    bug(1, C1, "设立该基金的目的有哪些？"),
    bug(1, C1, "这项政策的目的是怎样的？"),
    bug(1, C1, "合同的标的是什么？"),
    # what it reads today
    "这次改革的意义是什么？",
    "What is the purpose of the hardship fund?",
])
def test_attributes_read_any_question_without_crashing(question: str) -> None:
    part = no_crash(asked_attribute, question, ASKING_NOUNS)
    assert part is None or part.strip()
    no_crash(attribute_unwritten, question, "任何来源。", ASKING_NOUNS)


@pytest.mark.parametrize(("question", "corpus"), [
    bug(1, f"{C1} (at the gate: the evidence rule raises)", "这次户籍改革的目的是什么？",
        [H("户籍改革", "户籍改革于2014年启动。这次户籍改革的目的是让农民工在城市落户。改革由公安部牵头。")]),
    bug(1, f"{C1} (at the gate, a handbook)", "试用期考核的目的是什么？",
        [H("试用期考核", "试用期考核于试用期满前两周进行。试用期考核的目的是确认员工能否胜任岗位。")] + FILLER_ZH),
])
def test_attributes_gate_survives_a_purpose_question(question: str, corpus) -> None:
    assert no_crash(decide, question, corpus, "zh").action == "answer"


# ---------------------------------------------------------------------------------------------------------------------
# 2. attributes: the member or the noun asked, never named by the answer

A2 = "attributes (what / members): the answer never names the asked noun"


@pytest.mark.parametrize(("question", "corpus"), [
    bug(2, f"{A2}: 职业 (a bio says 女演员)", "王青的职业是什么？",
        [H("王青", "王青，1990年生于北京，中国女演员。2015年主演电影《山河》而成名。")]),
    bug(2, f"{A2}: 国籍 (美国华裔)", "王青的国籍是什么？",
        [H("王青", "王青，1990年生于北京，美国华裔女演员。2015年主演电影《山河》而成名。")]),
    bug(2, f"{A2}: 地址 (位于…号)", "青禾公司的地址是什么？",
        [H("青禾公司", "青禾公司成立于2005年，是一家食品企业。公司位于成都市武侯区天府大道100号。")]),
    bug(2, f"{A2}: 学历 (博士学位)", "王青的学历是什么？", [H("王青", "王青，1980年生于成都。他毕业于清华大学，获博士学位。")]),
    bug(2, f"{A2}: 代表作 (以《山河》闻名)", "王青的代表作是什么？",
        [H("王青", "王青，1990年生于北京，中国女演员。她以2015年主演的电影《山河》而闻名。")]),
    bug(2, f"{A2}: 主题 (围绕…展开讨论)", "青山论坛的主题是什么？",
        [H("青山论坛", "第五届青山论坛于2023年5月在成都举行。与会代表围绕数字化转型展开讨论。")]),
    bug(2, f"{A2}: 气候 (冬无严寒、夏无酷暑)", "青岛的气候是怎样的？",
        [H("青岛", "青岛位于山东半岛南部，濒临黄海。青岛冬无严寒、夏无酷暑，年平均气温12.7℃。")]),
    bug(2, f"{A2}: 症状 (出现发热、咳嗽)", "流感的症状有哪些？",
        [H("流感", "流感是由流感病毒引起的急性呼吸道传染病。患者常出现发热、咳嗽、头痛和乏力。")]),
    bug(2, f"{A2}: 主要产品 (设计和销售 iPhone)", "苹果公司的主要产品有哪些？",
        [H("苹果公司", "苹果公司成立于1976年，总部位于加州库比蒂诺。公司设计和销售iPhone、iPad和Mac电脑。")]),
    bug(2, f"{A2}: 景点 (名胜古迹)", "北京有哪些景点？",
        [H("北京", "北京是中国的首都，有三千多年建城史。北京有故宫、长城、颐和园等名胜古迹，每年吸引大量游客。")]),
    bug(2, f"{A2}: 天敌 (遭到…的捕食)", "大熊猫的天敌有哪些？",
        [H("大熊猫", "大熊猫是中国特有的熊科动物。幼年大熊猫可能遭到豺、金猫和雕的捕食。成年大熊猫几乎没有捕食者。")]),
    bug(2, f"{A2}: a part of three characters is never read by its pieces (栖息地 / 栖息于)", "大熊猫的栖息地是怎样的？",
        [H("大熊猫", "大熊猫是中国特有的熊科动物。大熊猫栖息于海拔2000至3000米的高山竹林中。")]),
    # handbooks (the attributes check is not limited to running prose)
    bug(2, f"{A2}: 流程 (a handbook's steps)", "报销的流程是什么？",
        [H("费用报销", "员工填写报销单并附上发票，经部门负责人签字后交财务部审核。审核通过后款项于五个工作日内打入工资卡。")]
        + FILLER_ZH),
    bug(2, f"{A2}: 手续 (a handbook's steps)", "离职的手续是什么？",
        [H("离职", "员工离职须提前30天提交书面申请。经批准后办理工作交接，并归还工牌和电脑。")] + FILLER_ZH),
    bug(2, f"{A2}: 工资 (薪酬)", "试用期的工资是怎样的？",
        [H("试用期", "新员工试用期为三个月。试用期薪酬为转正后标准的80%，转正后按合同约定发放。")] + FILLER_ZH),
    bug(2, f"{A2}: 福利 (五险一金, 免费午餐)", "公司的福利有哪些？",
        [H("员工关怀", "公司为员工缴纳五险一金，提供免费午餐和年度体检。每年组织一次团建旅游。")] + FILLER_ZH),
    bug(2, f"{A2}: 规则 (IT: 密码长度至少8位)", "密码的规则是什么？",
        [H("信息安全", "系统密码长度至少8位，须包含大小写字母和数字。密码每90天必须更换一次。")] + FILLER_ZH),
    bug(2, f"{A2}: 职责 (负责…)", "产品经理的职责是什么？",
        [H("岗位说明", "产品经理负责收集用户需求、撰写需求文档并跟进研发进度。产品经理向产品总监汇报。")] + FILLER_ZH),
    bug(2, f"{A2}: 费用 (交通、住宿和餐饮)", "差旅报销包括哪些费用？",
        [H("差旅报销", "差旅报销范围包括交通、住宿和餐饮补助。超标部分由个人承担。")] + FILLER_ZH),
    # what it answers today
    ("大熊猫的食物是什么？", [H("大熊猫", "大熊猫是中国特有的熊科动物。大熊猫的食物99%是竹子。")]),
    ("马来穿山甲的天敌有哪些？", [H("马来穿山甲", "马来穿山甲多在夜间活动。马来穿山甲的天敌有老虎、豹和蟒蛇。")]),
    ("公司有哪些假期？", [H("休假", "员工享有年假、病假、婚假、产假和丧假。各类假期的天数按国家规定执行。")] + FILLER_ZH),
    ("阿莫西林的副作用有哪些？",   # (作用 is a kind any answer gives without naming it)
     [H("阿莫西林", "阿莫西林是一种常用的青霉素类抗生素。服用后可能出现恶心、腹泻、皮疹等不良反应。")]),
    ("苹果公司的產品有哪些？", [H("苹果公司", "苹果公司成立于1976年。公司的產品包括iPhone、iPad和Mac電腦。")]),
])
def test_attributes_answer_what_the_source_states(question: str, corpus) -> None:
    assert no_crash(decide, question, corpus, "zh").action == "answer"


@pytest.mark.parametrize(("question", "corpus"), [
    bug(9, "attributes fails to refuse: a 2-character piece (竞争) of 竞争对手 stands for it",
        "苹果公司的竞争对手有哪些？",
        [H("苹果公司", "苹果公司成立于1976年。苹果公司在智能手机市场竞争激烈，市场份额约为20%。")]),
    # what it refuses today
    ("马来穿山甲的天敌有哪些？", [H("马来穿山甲", "马来穿山甲很多时都是独居的。它的皮肤、皮革及肉都是人类猎杀的目的。")]),
    ("塞内加尔国徽的图案是怎样的？", [H("塞内加尔国徽", "塞内加尔国徽启用于1965年。国徽所使用的颜色和物件带有文化、政治和地区性的意义。")]),
])
def test_attributes_refuse_a_noun_never_written(question: str, corpus) -> None:
    assert refused_by(decide(question, corpus, "zh"), "attribute_unwritten")


# ---------------------------------------------------------------------------------------------------------------------
# 3. event_verbs: which body, which ones

E3 = "event_verbs (which body / which ones): the event written in another word"


@pytest.mark.parametrize(("question", "kind", "sentence"), [
    bug(3, f"{E3}: 现任 for 工作", "王青在哪家公司工作？", "organisation", "他现任华为技术有限公司高级工程师，负责无线研发。"),
    bug(3, f"{E3}: 工作 for 上班", "王青在哪家公司上班？", "organisation", "他在华为技术有限公司工作了十年。"),
    bug(3, f"{E3}: 考入…获学士学位 for 毕业", "王青毕业于哪所大学？", "organisation", "他1998年考入清华大学，2002年获学士学位。"),
    bug(3, f"{E3}: 读书 for 就读", "王青曾就读于哪所学校？", "organisation", "他少年时在成都第七中学读书。"),
    bug(3, f"{E3}: 并购 for 收购", "哪家公司收购了青禾餐饮？", "organisation", "2018年青禾餐饮被百胜中国控股有限公司并购。"),
    bug(3, f"{E3}: 加盟 for 效力", "王青效力于哪支球队？", "organisation", "2019年他加盟上海海港足球俱乐部，司职中场。"),
    bug(3, f"{E3}: 荣获 for 获得", "王青获得过哪些奖项？", "list", "她曾荣获金马奖最佳女主角和金像奖最佳女主角。"),
    bug(3, f"{E3}: 出演 for 主演", "王青主演过哪些电影？", "list", "她出演了《山河》《远方》等多部影片。"),
    bug(3, f"{E3}: 主要产品包括 for 生产", "青禾公司生产哪些产品？", "list", "公司的主要产品包括酱油、醋和豆瓣酱。"),
    bug(3, f"{E3}: 办理 for 缴纳 (handbook)", "青禾公司为员工缴纳哪些保险？", "list", "公司为员工办理养老、医疗、失业、工伤和生育保险。"),
    bug(3, f"{E3}: 精通 for 说", "王青会说哪些语言？", "list", "她精通英语、法语和日语。"),
    # what it reads today
    ("马克·茨柏克沃斯基毕业于哪所大学？", "organisation", "茨柏克沃斯基1980年毕业于卡内基梅隆大学。"),
    ("他在哪家公司工作？", "organisation", "他在华为公司工作了十年。"),
    ("青山河流经哪几个省？", "list", "河流途经甘肃、宁夏和内蒙古，最终注入黄河。"),
    ("入职需要带哪些东西？", "list", "新员工请携带身份证、学历证书和一寸照片。"),
])
def test_event_verbs_which_answer_the_event_written_another_way(question: str, kind: str, sentence: str) -> None:
    assert event_unsaid(question, sentence, kind, []) == []


@pytest.mark.parametrize(("question", "corpus"), [
    bug(3, f"{E3} (at the gate)", "王青在哪家公司工作？",
        [H("王青", "王青，1980年生于成都，毕业于四川大学。他现任华为技术有限公司高级工程师，负责无线研发。")]),
    bug(3, f"{E3} (at the gate)", "王青毕业于哪所大学？", [H("王青", "王青，1980年生于成都。他1998年考入清华大学，2002年获学士学位。")]),
    # what it answers today
    ("青山河流经哪些省份？", [H("青山河", "青山河发源于青海省，全长1200公里。河流经过甘肃、宁夏和内蒙古，最终注入黄河。")]),
    ("王青在哪家医院出生？", [H("王青", "王青，1990年生于北京协和医院，中国女演员。她以电影《山河》成名。")]),
])
def test_event_verbs_which_at_the_gate(question: str, corpus) -> None:
    assert decide(question, corpus, "zh").action == "answer"


@pytest.mark.parametrize(("question", "kind", "sentence"), [
    # what it refuses today
    ("马克·茨柏克沃斯基毕业于哪所大学？", "organisation", "2008年1月，茨柏克沃斯基加入SWsoft担任资深技术顾问。"),
    ("洛拉·帕尼亚尼会讲哪些语言？", "list", "她的父亲是义大利作家和编剧家恩佐·帕尼亚尼。"),
    ("王青效力于哪支球队？", "organisation", "2019年他在上海海港足球俱乐部举办的慈善晚宴上致辞。"),
])
def test_event_verbs_which_refuse_another_event(question: str, kind: str, sentence: str) -> None:
    assert event_unsaid(question, sentence, kind, []) != []


@pytest.mark.parametrize(("question", "kind"), [
    bug(9, "event_verbs: 支 of 哪支球队 is read as a verb (any 一支 / 支持 then writes the event)", "王青效力于哪支球队？",
        "organisation"),
    bug(9, "event_verbs: 支 of 哪支球队 is read as a verb", "王青支持哪支球队？", "organisation"),
    # what it reads today
    ("王青毕业于哪所大学？", "organisation"),
    ("王青在哪家公司工作？", "organisation"),
])
def test_event_verbs_the_asking_classifier_is_no_verb(question: str, kind: str) -> None:
    assert "支" not in event_verbs(question, kind) and "所" not in event_verbs(question, kind)
    assert "家" not in event_verbs(question, kind)


# ---------------------------------------------------------------------------------------------------------------------
# 4. counted: the count written another way

N4 = "counted: the source counts the thing, written another way"


@pytest.mark.parametrize(("question", "corpus", "language"), [
    bug(4, f"{N4}: 病床 for 床位", "这所医院有多少张床位？",
        [H("青山医院", "青山医院始建于1952年，是一所三级甲等综合医院。医院编制病床800张，年门诊量约120万人次。")], "zh"),
    bug(4, f"{N4}: 可容纳观众 for 座位", "体育场有多少个座位？",
        [H("青山体育场", "青山体育场建于2008年，是该市最大的体育场。体育场可容纳6万名观众。")], "zh"),
    bug(4, f"{N4}: 门店 for 分店", "公司有几家分店？",
        [H("青禾餐饮", "青禾餐饮成立于2005年，总部位于成都。公司目前在全国开设门店120家。")], "zh"),
    bug(4, f"{N4}: 双跑道 (双 is no number)", "机场有几条跑道？",
        [H("青山机场", "青山机场于1998年启用，位于市区以北20公里。该机场为双跑道机场，年旅客吞吐量超过千万人次。")], "zh"),
    bug(4, f"{N4}: the number in the next clause", "机场有几条跑道？",
        [H("青山机场", "青山机场于1998年启用，位于市区以北20公里。机场的跑道为南北走向，共两条。")], "zh"),
    bug(4, f"{N4}: 、 splits 跑道 from its number", "机场有几条跑道？",
        [H("青山机场", "青山机场于1998年启用，位于市区以北20公里。机场设有跑道、滑行道各两条。")], "zh"),
    bug(4, f"{N4}: 一子一女 counts children", "林永康有几个孩子？",
        [H("林永康", "林永康是香港商人，1950年生于广州。林永康已婚，育有一子一女。他现居香港。")], "zh"),
    bug(4, f"{N4}: 彩照 for 照片 (handbook)", "入职需要交几张照片？",
        [H("入职须知", "新员工入职时须提交身份证复印件和一寸免冠彩照两张。体检报告须在入职前一周内完成。")] + FILLER_ZH, "zh"),
    bug(4, f"{N4}: 两级审批 for 几个领导签字 (handbook)", "报销需要几个领导签字？",
        [H("费用报销", "报销单须经部门经理和财务总监两级审批。审批通过后五个工作日内付款。")] + FILLER_ZH, "zh"),
    bug(4, f"{N4}: spectators for seats", "How many seats does Corvan Park have?",
        [H("Corvan Park", "Corvan Park opened in 1923 as home of Corvan Rovers. The ground holds 21,000 spectators.")], "en"),
    bug(4, f"{N4}: a capacity for seats", "How many seats does Corvan Park have?",
        [H("Corvan Park", "Corvan Park opened in 1923 as home of Corvan Rovers. The ground has a capacity of 21,000.")], "en"),
    bug(4, f"{N4}: '120-bedroom' for rooms", "How many rooms does the Corvan Hotel have?",
        [H("Corvan Hotel", "The Corvan Hotel opened in 1899 on the seafront. The 120-bedroom hotel was refurbished in 2015.")],
        "en"),
    bug(4, f"{N4}: '30-storey' for floors", "How many floors does Corvan Tower have?",
        [H("Corvan Tower", "Corvan Tower was completed in 1974. The 30-storey tower is the tallest in the city.")], "en"),
    bug(4, f"{N4}: 'twin' is no number", "How many runways does Corvan airport have?",
        [H("Corvan Airport", "Corvan Airport opened in 1962 north of the city. It has twin runways and a small terminal.")],
        "en"),
    bug(4, f"{N4}: 'fifteen' is no number", "How many classrooms does Hallam School have?",
        [H("Hallam School", "Hallam School was founded in 1880. The school has fifteen classrooms and a sports hall.")], "en"),
    bug(4, f"{N4}: an enumeration without a number", "How many campuses does Hallam University have?",
        [H("Hallam University", "Hallam University was founded in 1905. It has campuses in Leeds, York and Hull.")], "en"),
    bug(4, f"{N4}: 'scored twice'", "How many goals did Oduya score in the final?",
        [H("Oduya", "Oduya joined Corvan Rovers in 2010. He scored twice in the 2012 final and retired in 2015.")], "en"),
    bug(4, f"{N4}: displays for monitors (IT handbook)", "How many monitors can I order?",
        [H("IT > Equipment", "Staff may order up to two additional displays through the IT portal. Orders arrive within 5 "
                             "working days.")] + FILLER_EN, "en"),
    bug(4, f"{N4}: 'signed by two directors' (finance handbook)", "How many signatures does a purchase order over £5,000 need?",
        [H("Finance > Purchase orders", "Purchase orders over £5,000 must be signed by two directors. Smaller orders need "
                                        "one manager's approval.")] + FILLER_EN, "en"),
    bug(4, f"{N4}: workstations for desks", "How many desks does the Leeds office have?",
        [H("Offices > Leeds", "The Leeds office opened in 2015. It has 120 workstations over two floors.")] + FILLER_EN, "en"),
    # what it answers today
    ("机场有几条跑道？", [H("青山机场", "青山机场于1998年启用。机场有两条跑道，主跑道长3,000米。机场又有13个停机坪。")], "zh"),
    ("这座桥有几个桥墩？", [H("青山大桥", "青山大桥于1995年建成通车。大桥全长1,200米，共有桥墩十二个。")], "zh"),
    ("古堡现存几座塔楼？", [H("霍尔特古堡", "霍尔特古堡建于1280年，原有塔楼八座。古堡的塔楼大多毁于战火，现存四座。")], "zh"),
    ("林永康有几个孩子？", [H("林永康", "林永康是香港商人，1950年生于广州。林永康已婚，育有3名子女。")], "zh"),
    ("How many runways does Corvan airport have?",
     [H("Corvan Airport", "Corvan Airport opened in 1962 north of the city. It has a single runway and a small terminal.")],
     "en"),
    ("How many meeting rooms does the Leeds office have?",
     [H("Offices > Leeds", "The Leeds office opened in 2015. There are five meeting rooms and a boardroom.")] + FILLER_EN, "en"),
    ("How many sons does Margaret Oduya have?",
     [H("Margaret Oduya", "Margaret Oduya was born in 1961 in Leeds. She married in 1990 and has two sons and a daughter.")],
     "en"),
    ("How many children does Margaret Oduya have?",   # (people are never checked: "three sons" answers)
     [H("Margaret Oduya", "Margaret Oduya was born in 1961 in Leeds. She married in 1990 and has three sons.")], "en"),
])
def test_counted_answers_a_count_the_source_states(question: str, corpus, language: str) -> None:
    assert decide(question, corpus, language).action == "answer"


@pytest.mark.parametrize(("sentence", "nouns", "counted"), [
    bug(4, f"{N4}: traditional characters (兩條)", "機場有兩條跑道。", ("跑道",), True),
    bug(4, f"{N4}: 双 is no number", "该机场为双跑道机场。", ("跑道",), True),
    bug(4, f"{N4}: 两个儿子和一个女儿 count children", "他与妻子育有两个儿子和一个女儿。", ("孩子",), True),
    bug(4, f"{N4}: a colon splits the thing from its number", "机场概况如下，跑道数量：2条。", ("跑道",), True),
    bug(4, f"{N4}: 'thirteen'", "The airport has thirteen gates.", ("gate",), True),
    bug(4, f"{N4}: 'a pair of'", "The airport has a pair of parallel runways.", ("runway",), True),
    bug(4, f"{N4}: 'bedrooms' for rooms (the stem must start a word)", "The hotel has 120 bedrooms.", ("room",), True),
    # what it reads today
    ("机场有２条跑道。", ("跑道",), True),               # full-width digits
    ("育有子女三人。", ("孩子",), True),
    ("共有跑道两条。", ("跑道",), True),
    ("The tower has 30 stories.", ("storey",), True),
    ("Each staff member gets 2 monitors.", ("monitor",), True),
    ("公司在北京、上海和广州设有3家分公司。", ("分公司",), True),
    ("机场又有13个停机坪。", ("跑道",), False),
    ("Staff wear a navy fleece.", ("polo", "shirt"), False),
])
def test_counts_reads_the_count(sentence: str, nouns: tuple[str, ...], counted: bool) -> None:
    assert counts(sentence, nouns) is counted


# ---------------------------------------------------------------------------------------------------------------------
# 5. counted_noun: the counted thing misread

Q5 = "counted_noun misreads the question"


@pytest.mark.parametrize(("question", "nouns"), [
    bug(5, f"{Q5}: 'times' is stemmed to tim, which the skip list (time) misses", "How many times can I retake the safety test?",
        ()),
    bug(5, f"{Q5}: 'employees' is stemmed to employe, which the skip list (employee) misses",
        "How many employees does Corvan have?", ()),
    bug(5, f"{Q5}: 'athletes' is stemmed to athlet, which the skip list (athlete) misses",
        "How many athletes took part in the 2012 Games?", ()),
    bug(5, f"{Q5}: the verb after the noun is read as the thing (参赛)", "本届奥运会共有多少个国家参赛？", ("国家",)),
    bug(5, f"{Q5}: a verb is read as the thing ('died')", "How many died in the Hallam fire?", ()),
    # what it reads today
    ("伊丽莎白港机场有几条跑道？", ("跑道",)),
    ("这届江临文学奖一共有多少部作品参评？", ("作品",)),
    ("How many gold medals did she win?", ("gold", "medal")),
    ("How many storeys does Corvan Tower have?", ("storey",)),
    ("How many children does she have?", ()),
    ("How many sick days can I take?", ()),
    ("公司有多少名员工？", ()),
    ("夏尔精通哪几门语言？", ()),
])
def test_counted_noun_reads_the_counted_thing(question: str, nouns: tuple[str, ...]) -> None:
    assert counted_noun(question) == nouns


@pytest.mark.parametrize(("question", "corpus", "language"), [
    bug(5, f"{Q5} (at the gate: 'won the league twice' refused as tim)", "How many times has Corvan Rovers won the league?",
        [H("Corvan Rovers", "Corvan Rovers were founded in 1880. The club has won the league twice, in 1923 and 1951.")], "en"),
    bug(5, f"{Q5} (at the gate, HR: 'may retake it twice')", "How many times can I retake the safety test?",
        [H("Training > Safety test", "Staff who fail the safety test may retake it twice. A third failure is referred to "
                                     "the line manager.")] + FILLER_EN, "en"),
    bug(5, f"{Q5} (at the gate: '3,000 staff' refused as employe)", "How many employees does Corvan have?",
        [H("About Corvan", "Corvan was founded in 2003 in Leeds. It has around 3,000 staff across 12 sites.")], "en"),
    bug(5, f"{Q5} (at the gate: 'killed 42' refused as died)", "How many died in the Hallam fire?",
        [H("Hallam fire", "The Hallam fire broke out on 3 May 1921 in a textile mill. It killed 42 workers.")], "en"),
    bug(5, f"{Q5} (at the gate: 204个国家 refused as 参赛)", "本届奥运会共有多少个国家参赛？",
        [H("2012年奥运会", "2012年奥运会于7月27日在伦敦开幕。共有204个国家和地区参加了本届奥运会。")], "zh"),
    # what it answers today
    ("How many times can I resit the exam?",
     [H("Training > Exams", "Candidates may resit the exam up to three times. Each resit costs £50.")] + FILLER_EN, "en"),
    ("How many employees does Corvan have?",
     [H("About Corvan", "Corvan was founded in 2003 in Leeds. It employs around 3,000 people across 12 sites.")], "en"),
])
def test_counted_noun_at_the_gate(question: str, corpus, language: str) -> None:
    assert decide(question, corpus, language).action == "answer"


# ---------------------------------------------------------------------------------------------------------------------
# 6. counted_event: the count's verb written another way

V6 = "counted_event: the count's verb written another way"


@pytest.mark.parametrize("corpus", [
    bug(6, f"{V6}: 著有 for 出版", [H("王青", "王青是当代作家，1965年生于湖南。他一生著有长篇小说五部，短篇小说集两部。")]),
    # what it answers today
    [H("王青", "王青是当代作家，1965年生于湖南。他一生出版长篇小说五部，短篇小说集两部。")],
])
def test_counted_event_novels(corpus) -> None:
    assert decide("王青一共出版了几部小说？", corpus, "zh").action == "answer"


@pytest.mark.parametrize(("question", "corpus"), [
    bug(6, f"{V6}: 调派 for 出动", "那次火灾一共出动了多少辆消防车？",
        [H("恒泰化工火灾", "2019年3月，恒泰化工厂发生火灾。消防部门共调派消防车30辆、消防员150名赶赴现场。")]),
    bug(6, f"{V6}: 开设 for 拥有", "青禾公司在全球拥有多少家门店？",
        [H("青禾公司", "青禾公司成立于2005年，总部位于成都。截至2020年，公司在全球开设了3000家门店。")]),
    # what it answers today
    ("地球体育场能容纳多少名观众？", [H("地球体育场", "地球体育场建于1990年。体育场可容纳6万名观众，是该国最大的球场。")]),
])
def test_counted_event_at_the_gate(question: str, corpus) -> None:
    assert decide(question, corpus, "zh").action == "answer"


def test_a_count_of_another_event_is_no_longer_refused() -> None:
    # the price of dropping counted_event after this review (its verbs are written another way too often: 著有 / 出版,
    # 调派 / 出动, 开设 / 拥有): a count of another event is answered again
    corpus = [H("江临文学奖", "第十九届江临文学奖评选结果4月26日在岚州揭晓，共有12部作品获奖。本届评委会由15名评委组成。")]
    assert not refused_by(decide("这届江临文学奖一共有多少部作品参评？", corpus, "zh"), "uncounted")


# ---------------------------------------------------------------------------------------------------------------------
# 7. ordinals

O7 = "ordinals: the source writes the ordinal another way"


@pytest.mark.parametrize(("question", "corpus"), [
    bug(7, f"{O7}: 第45位总统 for 第几任 (both are usual)", "特朗普是美国第几任总统？",
        [H("唐纳德·特朗普", "唐纳德·特朗普，1946年6月14日生于纽约。他是美国第45位总统，2017年就任。")]),
    bug(7, f"{O7}: 出道专辑 is the first", "《山河》是王青的第几张专辑？",
        [H("山河 (专辑)", "《山河》是歌手王青于2009年发行的录音室专辑。这是她的出道专辑，收录10首歌曲。")]),
    bug(7, f"{O7}: 处女作 is the first", "《山河》是王青的第几部电影？",
        [H("王青", "王青是中国女演员，1990年生于北京。2015年主演的《山河》是她的电影处女作，票房过亿。")]),
    bug(7, f"{O7}: traditional 張", "《山河》是王青的第几张专辑？",
        [H("山河 (专辑)", "《山河》是歌手王青于2009年发行的录音室专辑。这是她的第5張專輯，收录10首歌曲。")]),
    bug(7, f"{O7}: 第十二次举办 for 第几届", "青山杯是第几届举办？",
        [H("青山杯", "青山杯足球赛始于1990年。2020年的比赛是该赛事的第十二次举办，共有16支球队参赛。")]),
    # what it answers today
    ("《山河》是王青的第几张专辑？",
     [H("山河 (专辑)", "《山河》是歌手王青于2009年发行的录音室专辑。这是她的第五张录音室专辑，收录10首歌曲。")]),
    ("《山河》是王青的第几张专辑？",
     [H("山河 (专辑)", "《山河》是歌手王青于2009年发行的第５张专辑，收录10首歌曲。专辑销量超过百万。")]),
    ("2008年北京奥运会是第几届奥运会？",
     [H("2008年北京奥运会", "2008年北京奥运会于8月8日开幕。这是第29届夏季奥林匹克运动会，共有204个国家和地区参加。")]),
    ("《山河》是王青的第几部电影？",
     [H("王青", "王青是中国女演员，1990年生于北京。2015年主演的《山河》是她的第一部电影，票房过亿。")]),
])
def test_ordinals_answer_the_ordinal_written(question: str, corpus) -> None:
    assert decide(question, corpus, "zh").action == "answer"


@pytest.mark.parametrize(("sentence", "classifier", "written"), [
    bug(7, f"{O7}: 〇 is no numeral", "这是第二〇届年会。", "届", True),
    bug(7, f"{O7}: 號 (traditional) for 号", "他身穿第三十二號球衣。", "号", True),
    ("第四十五任总统", "任", True), ("第 ５ 张", "张", True), ("首部", "部", True), ("首届", "届", True),
    ("第１２届", "届", True), ("专辑曾登上英国音乐排行榜第18位。", "张", False),
])
def test_ordinal_in(sentence: str, classifier: str, written: bool) -> None:
    assert ordinal_in(sentence, classifier) is written


@pytest.mark.parametrize(("question", "classifier"), [
    ("他是美国第几任总统？", "任"), ("这是第几代iPhone？", "代"), ("这是本赛季第几轮？", "轮"),
    ("他是第几个登上月球的人？", None), ("蒙泰罗获得第几名？", None), ("第几", None), ("", None),
])
def test_asked_ordinal(question: str, classifier: str | None) -> None:
    assert asked_ordinal(question) == classifier


# ---------------------------------------------------------------------------------------------------------------------
# 8. FUNCTION_WORDS: no key terms of the asked fact

F8 = "FUNCTION_WORDS: a content word jieba cuts off is dropped"


def key_terms(question: str) -> set[str]:
    """The asked fact's key terms as the evidence rule reads them for a Chinese corpus (the question's content terms, its
    asking words aside, less the asking nouns, the scaffolding and the function words, tokenised with jieba)."""
    space = env([chunk("a#0", "x")], language="zh")
    asking = TextTerms()(space.space, " ".join(sorted(ASKING_NOUNS | SCAFFOLD_WORDS | FUNCTION_WORDS)))
    return content_terms(without_asking(question), space) - asking


@pytest.mark.parametrize(("question", "word"), [
    bug(8, f"{F8}: the surname 曾 (曾医生)", "曾医生几点出诊？", "曾"),
    bug(8, f"{F8}: the surname 于 (于老师)", "于老师的办公室在哪？", "于"),
    bug(8, f"{F8}: the surname 向 (向经理)", "向经理的电话是多少？", "向"),
    bug(8, "FUNCTION_WORDS: 以前 is the fact asked (before 2015, not after: '2015年以后，总经理为张三' holds every other key term)",
        "2015年以前青禾公司的总经理是谁？", "以前"),
    # never a negation, nor a name that holds a function word's character
    ("试用期员工不能请年假吗？", "试用期"),
    ("无固定期限合同怎么签？", "无"),
    ("向日葵什么时候开花？", "向日葵"),
    ("于都县在哪个省？", "于都县"),
    ("曾国藩是哪里人？", "曾国藩"),
])
def test_function_words_leave_the_asked_words(question: str, word: str) -> None:
    assert word in key_terms(question)


@pytest.mark.parametrize(("question", "word"), [
    ("雷霆打猎鹰那场比分是多少？", "那场"), ("他还在那家公司吗？", "还"), ("现在开车能从青藜桥上过吗？", "从"),
    ("他曾在哪家公司工作？", "曾"),
])
def test_function_words_are_no_key_terms(question: str, word: str) -> None:
    assert word not in key_terms(question)


DOCTORS = [("a#0", "门诊安排\n王医生每周二上午出诊，地点在门诊三楼。李医生每周四下午出诊。"),
           ("b#0", "专家门诊\n专家门诊的医生出诊时间以挂号系统为准。医生停诊会提前一天通知。"),
           ("c#0", "夜间急诊\n急诊医生全天出诊。夜间请走急诊通道。")]


@pytest.mark.parametrize("question", [
    bug(8, f"{F8}: another doctor's hours answer 曾医生 (function_words=False refuses by scatter)", "曾医生几点出诊？"),
    bug(8, f"{F8}: another doctor's hours answer 于医生", "于医生几点出诊？"),
    # what it refuses today: a surname jieba keeps
    "张医生几点出诊？",
])
def test_function_words_the_scatter_check_refuses_another_person(question: str) -> None:
    assert decide_scatter(question, DOCTORS).action == "refuse"


def test_function_words_the_scatter_check_answers_the_person_asked() -> None:
    assert decide_scatter("王医生几点出诊？", DOCTORS).action == "answer"


# ---------------------------------------------------------------------------------------------------------------------
# 9. fails to refuse: a number or a word of something else

R9 = "counted fails to refuse"


@pytest.mark.parametrize(("question", "corpus", "language"), [
    bug(9, f"{R9}: a year in the runway's clause counts runways", "机场有几条跑道？",
        [H("青山机场", "青山机场位于市区以北20公里。机场跑道于1998年延长至3,200米。")], "zh"),
    bug(9, f"{R9}: a year in the runway's clause counts runways", "How many runways does Corvan airport have?",
        [H("Corvan Airport", "Corvan Airport lies north of the city. The runway was extended to 3,200 m in 1998.")], "en"),
    bug(9, f"{R9}: one word of several ('medals') counts gold medals", "How many gold medals did Oduya win?",
        [H("Oduya", "Oduya competed at the 2012 Games in London. She won two silver medals in the relay.")], "en"),
    # what it refuses today
    ("伊丽莎白港机场有几条跑道？",
     [H("伊丽莎白港机场", "伊丽莎白港机场是南非的一座机场。机场又有13个停机坪。主航站楼于2004年启用。")], "zh"),
    ("How many runways does Port Elizabeth airport have?",
     [H("Port Elizabeth Airport", "Port Elizabeth Airport is owned by ACSA. It has 13 aircraft stands and one terminal.")], "en"),
    ("How many campuses does Hallam University have?",
     [H("Hallam University", "Hallam University was founded in 1905. It has 3 libraries and 40,000 students.")], "en"),
])
def test_counted_refuses_a_count_of_something_else(question: str, corpus, language: str) -> None:
    assert refused_by(decide(question, corpus, language), "uncounted")


@pytest.mark.parametrize(("sentence", "nouns"), [
    bug(9, f"{R9}: a runway's designation counts runways", "It has runway 09/27, resurfaced last year.", ("runway",)),
    bug(9, f"{R9}: a 2-character piece (奥运) counts 奥运金牌", "她在2012年获得两枚奥运银牌。", ("奥运金牌",)),
    # what it refuses today
    ("她在2012年获得两枚银牌。", ("金牌",)),
    ("第二条是17/35，长1,667米；", ("跑道",)),
])
def test_counts_reads_no_other_count(sentence: str, nouns: tuple[str, ...]) -> None:
    assert counts(sentence, nouns) is False


# ---------------------------------------------------------------------------------------------------------------------
# Degenerate and long inputs (correctness only; timings are in the module docstring)

DEGENERATE = ["", " ", "？", "几", "多少？", "how many", "How many ", "第几", "的是什么", "的有哪些", "有哪些", "哪几", "几几几几",
              "how many?!", "有多少\u3000个跑道", "How many 跑道?", "有几个 runways？"]


def test_degenerate_questions() -> None:
    for question in DEGENERATE:
        assert counted_noun(question) == (), question
        assert asked_ordinal(question) is None, question
        assert no_crash(asked_attribute, question, ASKING_NOUNS) is None, question
        for kind in ("date", "place", "person", "organisation", "list"):
            assert event_unsaid(question, "2015年，公司成立。", kind, []) == [], (question, kind)


def test_degenerate_sentences() -> None:
    for sentence in ["", " ", "。", "，，，", "1"]:
        assert counts(sentence, ("跑道",)) is False and counts(sentence, ("runway",)) is False
        assert ordinal_in(sentence, "张") is False


def test_long_inputs_read_correctly() -> None:
    assert counted_noun("机场有几条" + "跑道的" * 5000 + "？") == ("跑道",)
    assert counted_noun("How many" + " " * 50000 + "x") == ()
    assert counted_noun("How many " + "big " * 20000 + "runways?") == ("big", "big", "big")
    assert counts("机场" * 50000 + "1", ("跑道",)) is False
    assert counts("1 runway, " * 20000, ("runway",)) is True
    assert ordinal_in("第" + " " * 20000 + "1" * 20000 + " " * 20000 + "x", "张") is False
    assert asked_attribute("苹果" * 10000 + "的天敌有哪些？", ASKING_NOUNS) == "天敌"
    assert event_unsaid("他何时辞去董事长职务？", "2015年" * 20000, "date", []) != []


def test_long_run_of_de_reads_without_crashing() -> None:
    assert no_crash(asked_attribute, "的" * 20000 + "是什么？", ASKING_NOUNS) is None
