"""Hostile review (s49) of the evidence v78 answerability rules: ``other_name`` (:mod:`rag.answerability.other_names`),
``other_grade`` (:mod:`rag.answerability.other_grades`), ``deferred`` (:mod:`rag.answerability.deferred`),
``abroad_unspoken`` (:mod:`rag.answerability.abroad`) and the v78 additions to :mod:`rag.measures` (a telephone number,
a ratio asked as a share, 周岁, pay asked after 多少).

A refusal is right only when the sources truly lack the asked fact; a false refusal of an answerable question is the
worse failure. Every test states the right behaviour. One that shows a defect is marked ``xfail(strict=True,
raises=AssertionError)`` per parameter with its defect number (numbered most likely to hit a real user first), so fixing
one case breaks no other; an unmarked test pins behaviour that is right today and must stay so. The gate is built here
(:func:`decide`), not imported, so an edit to another suite's helper changes nothing.

Defects, most likely first:
(1) other_name: a statement that applies to every site, 学部 or post names one of the listed names in passing ("At all
three sites … Westmere Zoo also …", 各学部大课间均为 …；初中部…, 全体员工…，防损员另配…) and is refused for the others;
so is a question whose asker names their site in a clause ("As a keeper at Gullhaven Aquarium, …");
(2) phone: a question about the asker's own phone number ("How do I update my mobile number?", "Do I have to give HR my
mobile number?") or 联系方式是什么 answered by an e-mail address is refused when no source writes a number;
(3) phone: an internal extension or a short number is no telephone number: a table column (分机, Extension), "call the
Security Control Room on 2222", "x4400", 拨打 8110 / 119, "NHS 111";
(4) abroad: sources that name where abroad (Paris, Tokyo, 美国, 日本, 新加坡), or say it another way (外国, 外宾,
留学, "other countries", "outside Britain", "out of the country"), and "overseas" for a place the sources name (the
Dublin office) are refused;
(5) other_name: the answer *is* another listed name (induction is held at Westmere Zoo; 签证由人力资源部办理 when a
contacts table lists 人力资源部 beside 国际部);
(6) other_name: kinds listed with a shared last character or in title case are read as names (住宿费 beside 伙食补助费
in 差旅费包括…；Compassionate Leave beside Sick Leave), so a statement about the asked kind in other words is refused;
(7) other_grade: an open range (二级及以上医院, 一级教师及以下, 二级及以下响应, 中级及以上职称) is no grade written;
(8) deferred: a sentence that hands *another* subject of the same people elsewhere (调度员的岗位工资 … 不在本标准内, "Basic
pay rates for porters … the separate Facilities Pay Agreement") refuses the subject the sources do state (夜班补贴);
(9) other_name: the asked name written shorter ("Gullhaven", "the aquarium") is not the asked name;
(10) deferred: wording that hands nothing to a document — 另行通知 (a date to come), 国家另有规定的从其规定, "in a separate
machine" — is read as handing the subject on;
(11) ratios written "1 to 8", "1 adult : 3 children", "2 members of staff for every 15 pupils", 1∶15 (U+2236) or 1比15
state no ratio;
(12) 多少周岁 / 几周岁 asks a span of time, which "60 周岁" never states;
(13) other_grade: a catch-all row (其他城市, 其他执业资格证书) answers for the grade asked, and is refused;
(14) other_name: the asked name heading the section above the statement, in the chunk's body ("## Gullhaven Aquarium"),
is not read;
(15) other_grade: a grade written without its name the second time ("一级建造师 8000 元，二级 3000 元"; "三等奖 200 元");
(16) other_grade: a limit answers a yes/no question about a higher grade ("可以住五星级酒店吗？" / 不超过四星级);
(17) phone: a number grouped with dots (01.42.68.53.00) is no telephone number;
(18) deferred: a handed-to title in lower case or ending in another noun ("the separate Family Leave policy", "the
separate Code of Conduct") is never looked up among the visible documents;
(19) money: 多少补贴项目 (a count of kinds) asks money;
(20) fail to refuse, phone: the words that call a number one match inside other words ("during 2025", "hotel … 1234");
(21) fail to refuse, abroad: 浦东国际机场, "Birmingham International" (a station) speak of abroad;
(22) fail to refuse, deferred: 按照《…》执行 and 按《…》有关规定执行 hand nothing on;
(23) fail to refuse, other_name: a listed name written shorter in the statement ("At Westmere, …") is no other name;
(24) fail to refuse, other_grade: a grade in full-width digits (２级建造师) is no grade.

Not pinned (no timed tests here): :func:`rag.answerability.other_names.listed_together` is quadratic in the length of a
run of capitalised words (``_LISTED`` backtracks over every shorter name at every capital): 4,000 words in capitals take
about 20 s, 2,000 about 5 s. The default chunker's 800 characters keep a chunk far below that.

Fixed in the same session (its marks removed): 2 (the asker's own number asks nothing), 6 (kinds are no places:
Chinese names end in a place or body, English kinds such as Leave or Allowance are left out), 10 ("a separate machine",
另行通知, 另有规定), 17 (dotted numbers), 18 (lower-case "policy", "Code of Conduct"), 20 (number words inside words),
21 (Birmingham International, 浦东国际机场), 22 (按照《…》执行), and most of 1 (a statement for all sites, 各学部, 全校;
the asker's own site), 3 (an extension, "call … on 2222", x4400, 拨打 119; a mobile number is now a long one), 4 (other
countries, named countries in Chinese, "our overseas office"), 5 (the answer may be the other name: place, body and person
questions are left alone) and 12. Still pinned: the rest of 1, 3, 4 and 5, and 7, 8 (requiring the handing-over
sentence to carry more of the question lost three dev refusals and gained none), 9, 11, 13, 14, 15, 16, 19, 23 and 24.
"""

from __future__ import annotations

import pytest

from rag.answerability.abroad import abroad_unspoken
from rag.answerability.deferred import deferred, handed_to
from rag.answerability.other_grades import other_grade
from rag.answerability.other_names import listed_together
from rag.measures import asked_measure, states_any_measure
from rag.text import compact
from tests.rag.helpers import chunk, env, item


def defect(number: int, why: str) -> pytest.MarkDecorator:
    return pytest.mark.xfail(strict=True, raises=AssertionError, reason=f"defect {number}: {why}")


def bug(number: int, why: str, *values, id: str | None = None):  # noqa: A002
    return pytest.param(*values, marks=defect(number, why), id=id)


def decide(question: str, corpus: list[tuple[str, str]], top: list[str] | None = None, language: str = "en",
           titles: dict[str, str] | None = None, ratio: float | None = 0.4):
    """The evidence rule (with ``measure_ratio`` as configs/default.yaml sets it) over a corpus of (chunk id, text);
    ``top`` the retrieved chunk ids in order (all of them by default). A chunk's title is ``titles[id]`` or its first
    line's first part, as a chunk's header writes it ("Leave > Family leave")."""
    from rag.answerability import answerability

    titles = titles or {}
    texts = dict(corpus)
    top = top if top is not None else [cid for cid, _ in corpus]

    def title(cid: str) -> str:
        return titles.get(cid, texts[cid].split("\n")[0].split(" > ")[0])

    space = env([chunk(cid, text, title=titles.get(cid, "")) for cid, text in corpus], language=language)
    rule = answerability.build({"name": "evidence", "params": {
        "semantic": False, "coverage_weight": 1.0, "answer_at": 0.0, "answer_type": True, "measure_ratio": ratio}})
    return rule(question, [item(n, texts[cid], cid.split("#")[0], title=title(cid)) for n, cid in enumerate(top, 1)],
                space)


def never(text: str) -> bool:
    return False


# ---------------------------------------------------------------------------------------------------------------------
# Handbook text

SITES = "Welcome > Our sites\nWe run three sites: Westmere Zoo, Gullhaven Aquarium and Brackenfold Wildlife Park.\n"
SCHOOL = "学校概况\n学校设初中部、高中部和国际部三个学部。"
CONTACTS_ZH = ("通讯录\n| 部门 | 负责人 | 分机 |\n|---|---|---|\n| 校长办公室 | 王校长 | 8001 |\n| 人力资源部 | 李敏 | 8002 |\n"
               "| 初中部 | 张伟 | 8101 |\n| 国际部 | 陈晨 | 8301 |\n")
POSTS_ZH = "岗位补贴\n| 岗位 | 岗位补贴 |\n|---|---|\n| 收银员 | 每月 100 元 |\n| 理货员 | 每月 80 元 |\n| 防损员 | 每月 120 元 |\n"
TRAVEL_ZH = "差旅费管理办法\n差旅费包括城市间交通费、住宿费、伙食补助费和市内交通费。"
RATES_ZH = ("差旅费管理办法 > 开支标准\n| 地区 | 住宿标准（元/晚） | 伙食补助费（元/天） |\n|---|---|---|\n"
            "| 一类城市 | 500 | 100 |\n| 二类城市 | 400 | 80 |\n")

# chunks that make the words every handbook repeats common, so the question's rarest key term is the rare one
PAY_FILLER = [("f1#0", "Shifts > Rota\nThe night shift rota is published four weeks ahead. Swap a night shift through the app."),
              ("f2#0", "Pay > Overtime\nOvertime is paid for hours beyond your contract; a night shift counts double."),
              ("f3#0", "Allowances > Claims\nClaim any allowance through the HR portal by the 5th of the month.")]
UNIFORM_FILLER = [("f1#0", "Uniform > Issue\nUniform is issued on your first day. Replace worn uniform through your manager."),
                  ("f2#0", "Pay > Allowances\nAllowances are paid monthly. Claim an allowance through the HR portal."),
                  ("f3#0", "Uniform > Standards\nWear your uniform clean and pressed.")]
LEAVE_FILLER = [("f1#0", "Leave > Annual leave\nAnnual leave is 25 days a year. Book leave through the HR portal."),
                ("f2#0", "Leave > Sick leave\nSick leave is paid for up to 26 weeks. Tell your manager before 9am."),
                ("f3#0", "Leave > Unpaid leave\nUnpaid leave of up to 4 weeks may be agreed by your manager.")]
NIGHT_FILLER_ZH = [("f1#0", "排班 > 夜班\n夜班排班表每月 25 日公布。夜班员工可申请调班。"),
                   ("f2#0", "考勤 > 加班\n夜班加班按 1.5 倍计发。补贴随工资发放。"),
                   ("f3#0", "补贴 > 申领\n各项补贴于每月 5 日前申报。")]
CHECKUP_FILLER_ZH = [("f1#0", "福利 > 体检\n体检安排在每年 5 月。体检结果由本人领取。"), ("f2#0", "福利 > 报销\n体检费凭发票报销。"),
                     ("f3#0", "考勤 > 病假\n病假须提供医院证明。")]
LEAVE_FILLER_ZH = [("f1#0", "考勤 > 请假\n请假须提前在 OA 提交申请。"), ("f2#0", "考勤 > 加班\n加班按 1.5 倍计发。"),
                   ("f3#0", "福利 > 体检\n每年体检一次。")]


# ---------------------------------------------------------------------------------------------------------------------
# 1. other_name: false refusals at the gate

def _sites(question: str, text: str):
    return decide(question, [("welcome#0", SITES), ("src#0", text)], ["src#0", "welcome#0"])


@pytest.mark.parametrize(("question", "text"), [
    pytest.param(
        "Which radio channel is used to call an animal escape at Gullhaven Aquarium?",
        "Emergencies > Animal escapes\nAt all three sites, animal escapes are called on radio channel 1. "
        "Westmere Zoo also sounds the site siren.", id="en-all-three-sites"),
    pytest.param(
        "How many days' notice do keepers at Gullhaven Aquarium need to give for annual leave?",
        "Leave > Booking leave\nKeepers at all sites must give 14 days' notice of annual leave, as rotas at Westmere Zoo "
        "and Brackenfold Wildlife Park are set a fortnight ahead.", id="en-all-sites-because"),
    pytest.param(
        "What time is the fire alarm tested at Gullhaven Aquarium?",
        "Fire safety\nThe fire alarm is tested at every site on Mondays at 10:30, except Westmere Zoo, where it is tested "
        "on Tuesdays at 10:30.", id="en-every-site-except"),
    bug(1, "the asker names their site in a clause",
        "As a keeper at Gullhaven Aquarium, how many days of annual leave do I get?",
        "Leave > Annual leave\nKeepers get 28 days of annual leave a year, plus bank holidays; keepers at Westmere Zoo "
        "also get Christmas Day off.", id="en-asker-site-clause"),
    pytest.param(
        "Where do new keepers at Gullhaven Aquarium go for their induction?",
        "Training > Induction\nNew keepers at every site attend a two-day induction at Westmere Zoo in their first month.",
        id="en-answer-is-sibling-place"),
    bug(5, "the answer is held at another listed site",
        "What extension do keepers at Gullhaven Aquarium ring to report an animal escape?",
        "Emergencies > Animal escapes\nKeepers report every animal escape to the control room at Westmere Zoo on "
        "extension 2222, which calls the police.", id="en-central-control-room"),
    bug(9, "the asked name written shorter",
        "Which radio channel is used to call an animal escape at Gullhaven Aquarium?",
        "Emergencies > Animal escapes\nAt Gullhaven, animal escapes are called on radio channel 3; at Westmere Zoo they "
        "are called on channel 1.", id="en-short-alias"),
    bug(9, "'the aquarium' for Gullhaven Aquarium",
        "What time does Gullhaven Aquarium open to visitors?",
        "Visiting > Opening times\nWestmere Zoo opens to visitors at 09:00. The aquarium opens at 10:00 and the wildlife "
        "park at 09:30.", id="en-the-aquarium"),
    bug(14, "the asked name heads the section in the chunk's body",
        "How many spaces does the staff car park at Gullhaven Aquarium have?",
        "Site guides\n## Gullhaven Aquarium\nThe aquarium stands on Harbour Road. Staff enter by the side door on Quay "
        "Street. The staff car park has 60 spaces; staff who also work at Westmere Zoo may use either car park.",
        id="en-heading-in-body"),
    # survived
    pytest.param("What time does Gullhaven Aquarium open on Sundays?",
                 "Visiting > Opening times\n| Day | Westmere Zoo | Gullhaven Aquarium |\n|---|---|---|\n"
                 "| Weekdays | 09:00 | 10:00 |\n| Sundays | 10:00 | 11:00 |\n", id="en-header-cells"),
    pytest.param("What time does Gullhaven Aquarium open?",
                 "Visiting > Opening times\nWestmere Zoo and Gullhaven Aquarium both open at 09:00.", id="en-both-named"),
    pytest.param("How many spaces are in Gullhaven Aquarium's staff car park?",
                 "Parking\nThe Gullhaven Aquarium staff car park has 60 spaces; Westmere Zoo's has 140.", id="en-possessive"),
    pytest.param("How many spaces does the staff car park at Gullhaven Aquarium have?",
                 "Gullhaven Aquarium > Parking\nThe staff car park has 60 spaces. Staff who also work at Westmere Zoo may "
                 "use either car park.", id="en-heading-in-header"),
    pytest.param("How many spaces does the staff car park at Gullhaven Aquarium have?",
                 "Welcome > Getting to work\n- **Westmere Zoo:** staff use Gate C. The car park has 140 spaces.\n"
                 "- **Gullhaven Aquarium:** staff use the Harbour Road car park. It has 60 spaces.\n"
                 "- **Brackenfold Wildlife Park:** staff park in the Keeper's Yard.\n", id="en-bold-items"),
    pytest.param("I'm a keeper at Gullhaven Aquarium. How many days of annual leave do I get?",
                 "Leave > Annual leave\nKeepers get 28 days of annual leave a year, plus bank holidays; keepers at "
                 "Westmere Zoo also get Christmas Day off.", id="en-asker-site-sentence"),
])
def test_other_name_answers_what_the_sources_state(question: str, text: str) -> None:
    decision = _sites(question, text)
    assert decision.action != "refuse", decision.reason


def test_other_name_still_refuses_a_statement_about_another_site() -> None:
    decision = _sites("Which radio channel is used to call an animal escape at Gullhaven Aquarium?",
                      "Emergencies > Animal escapes\nAt Westmere Zoo all escape calls are made on radio channel 1.")
    assert decision.action == "refuse" and decision.signals.get("other_name") == 1.0, decision.reason


@pytest.mark.parametrize("text", [
    bug(23, "the other site written shorter",
        "Emergencies > Animal escapes\nAt Westmere, all escape calls are made on radio channel 1.", id="en-short-other"),
])
def test_other_name_refuses_a_statement_about_another_site_written_shorter(text: str) -> None:
    decision = _sites("Which radio channel is used to call an animal escape at Gullhaven Aquarium?", text)
    assert decision.action == "refuse", decision.reason


@pytest.mark.parametrize(("question", "corpus", "top"), [
    pytest.param("国际部的大课间是几点到几点？",
        [("intro#0", SCHOOL), ("src#0", "作息时间 > 大课间\n各学部大课间均为 9:40—10:10；初中部周三大课间改为升旗仪式。")],
        ["src#0", "intro#0"], id="zh-each-section"),
    pytest.param("国际部的教师每周要值几次班？",
        [("intro#0", SCHOOL), ("src#0", "值班安排 > 教师值班\n全校教师每周值班一次，初中部教师另承担晚自习值班。")],
        ["src#0", "intro#0"], id="zh-whole-school"),
    pytest.param("收银员每年发几套工装？",
        [("a#0", POSTS_ZH), ("u#0", "工装管理\n工装每人每年发两套，防损员另配一套冬季制服。")], ["u#0", "a#0"],
        id="zh-all-staff"),
    pytest.param("我是国际部的老师，每学期请几天事假不扣工资？",
        [("intro#0", SCHOOL), ("s#0", "考勤 > 事假\n教职工每学期事假累计 3 天以内不扣工资，初中部毕业班教师考试期间不准请事假。")],
        ["s#0", "intro#0"], id="zh-asker-section-clause"),
    bug(5, "the answer is 人力资源部, listed with 国际部 in the contacts table", "国际部外籍教师的工作签证办下来要多久？",
        [("contacts#0", CONTACTS_ZH),
         ("visa#0", "外籍教师 > 签证\n外籍教师的工作签证和居留许可由人力资源部统一办理，办理周期约 15 个工作日。")],
        ["visa#0", "contacts#0"], id="zh-answer-names-other-department"),
    pytest.param("去一类城市出差，住宿费每晚最多能报多少？",
        [("intro#0", TRAVEL_ZH), ("rates#0", RATES_ZH)], ["rates#0", "intro#0"], id="zh-cost-kinds-table"),
    pytest.param("出差住宿费每晚最多能报多少钱？",
        [("intro#0", TRAVEL_ZH), ("s#0", "差旅费管理办法 > 开支标准\n员工出差住宿每晚不超过 400 元，伙食补助费每天 100 元。")],
        ["s#0", "intro#0"], id="zh-cost-kinds-sentence"),
])
def test_other_name_zh_answers_what_the_sources_state(question: str, corpus, top) -> None:
    decision = decide(question, corpus, top, language="zh")
    assert decision.action != "refuse", decision.reason


@pytest.mark.parametrize(("question", "corpus", "top"), [
    pytest.param("How many days of Compassionate Leave can I take?",
        [("p#0", "Leave\nThis policy covers Annual Leave, Sick Leave and Compassionate Leave."),
         ("b#0", "Leave > Bereavement\nStaff may take up to 5 days of paid leave on the death of a close relative; "
                 "Sick Leave is dealt with in section 4.")], ["b#0", "p#0"], id="en-title-case-kinds"),
    # survived: "a Matron, a Ward Manager and a Charge Nurse" is no list of names (the article breaks it)
    pytest.param("How much notice does a Charge Nurse have to give?",
                 [("r#0", "Nursing > Roles\nOur wards are led by a Matron, a Ward Manager and a Charge Nurse."),
                  ("n#0", "Resigning > Notice\nAll registered nurses give 8 weeks' notice; a Matron gives 12 weeks.")],
                 ["n#0", "r#0"], id="en-roles-with-articles"),
])
def test_other_name_en_kinds(question: str, corpus, top) -> None:
    decision = decide(question, corpus, top)
    assert decision.action != "refuse", decision.reason


@pytest.mark.parametrize("text", ["初中部、、国际部", "| 初中部 |\n| 高中部 | 国际部 | x |\n|"])
def test_listed_together_reads_degenerate_lists(text: str) -> None:
    assert all(isinstance(group, frozenset) for group in listed_together(text))


# ---------------------------------------------------------------------------------------------------------------------
# 2. other_grade

REWARDS_ZH = "| 证书 | 奖励 |\n|---|---|\n| 一级建造师 | 8000 元 |\n| 二级建造师 | 3000 元 |\n"


@pytest.mark.parametrize(("question", "sources"), [
    bug(7, "二级及以上医院 holds 三级医院", "去三级医院看病需要办转诊吗？",
        "医疗 > 就诊\n在一级医院就诊无需转诊；到二级及以上医院就诊须先办理转诊手续。", id="and-above-hospital"),
    bug(7, "一级教师及以下 holds 二级教师", "二级教师每节课的课时费是多少？",
        "课时费 > 标准\n| 职称 | 课时费 |\n|---|---|\n| 高级教师 | 80 元/节 |\n| 一级教师及以下 | 60 元/节 |\n",
        id="and-below-teacher"),
    bug(7, "二级及以下响应 holds 二级响应", "启动二级响应时，值班人员多长时间内到岗？",
        "应急 > 响应\n启动一级响应时，值班人员 30 分钟内到岗；启动二级及以下响应时，1 小时内到岗。", id="and-below-response"),
    bug(7, "中级及以上职称 holds 高级职称", "高级职称的教师每月职称津贴多少？",
        "津贴 > 职称津贴\n初级职称每月 300 元，中级及以上职称每月 500 元。", id="and-above-title"),
    bug(13, "其他城市 answers for 二线城市", "在二线城市出差，住宿费每晚能报多少？",
        "差旅 > 住宿标准\n北京、上海、广州、深圳等一线城市每晚 600 元；其他城市每晚 400 元。", id="other-cities"),
    bug(13, "其他执业资格证书 answers for 二级建造师", "考下二级建造师证书，公司奖励多少钱？",
        "奖惩办法 > 奖励\n取得一级建造师证书奖励 8000 元，取得其他执业资格证书奖励 2000 元。", id="other-certificates"),
    bug(15, "二级 written without 建造师", "考下二级建造师证书，公司奖励多少钱？",
        "奖惩办法 > 奖励\n取得一级建造师证书奖励 8000 元，二级 3000 元。", id="grade-without-name"),
    bug(15, "三等奖 written without 奖金", "三等奖奖金是多少？",
        "教学比赛 > 奖励\n一等奖奖金 1000 元，二等奖奖金 500 元，三等奖 200 元。", id="prize-without-name"),
    bug(16, "不超过四星级 answers 可以住五星级吗", "出差可以住五星级酒店吗？",
        "差旅 > 住宿\n员工出差住宿原则上不超过四星级酒店标准，每晚不超过 500 元。", id="limit-answers-yes-no"),
    # survived
    pytest.param("2级建造师证书奖励多少钱？", "奖惩办法 > 奖励\n" + REWARDS_ZH, id="arabic-numeral"),
    pytest.param("3类城市住宿标准每晚多少？", "差旅 > 住宿\n| 城市类别 | 住宿 |\n|---|---|\n| 一类城市 | 600 元 |\n"
                 "| 二类城市 | 500 元 |\n| 三类城市 | 400 元 |\n", id="arabic-class"),
    pytest.param("二类城市住宿标准每晚多少？", "差旅 > 住宿\n1-3类城市：每晚 500 元；4类城市：每晚 400 元。", id="arabic-range"),
    pytest.param("二级建造师奖励多少？", "奖惩办法 > 奖励\n取得一级或二级建造师证书的，分别奖励 8000 元、3000 元。", id="either-grade"),
])
def test_other_grade_answers_what_the_sources_state(question: str, sources: str) -> None:
    decision = decide(question, [("src#0", sources)], language="zh")
    assert decision.action != "refuse", decision.reason


@pytest.mark.parametrize(("question", "sources", "asked"), [
    pytest.param("考下二级建造师证书，公司奖励多少钱？", "| 证书 | 奖励 |\n|---|---|\n| 一级建造师 | 8000 元 |\n",
                 "二级建造师", id="caught"),
    pytest.param("3线值班接到电话后要在多少分钟内赶到医院？", "- 二线值班：接到呼叫后20分钟内到达病区。", "3线值班", id="caught-arabic"),
    bug(24, "full-width digits", "２级建造师证书，公司奖励多少钱？", "| 证书 | 奖励 |\n|---|---|\n| 一级建造师 | 8000 元 |\n",
        "２级建造师", id="full-width"),
])
def test_other_grade_catches_a_grade_left_out(question: str, sources: str, asked: str) -> None:
    found = other_grade(question, sources, never)
    assert found is not None and found[0] == asked and found[1] != asked, found


# ---------------------------------------------------------------------------------------------------------------------
# 3. deferred

NIGHT_EN = "Pay > Allowances\nNight shift allowance: £30 per night.\nIt is paid to all staff who work between 23:00 and 07:00.\n" \
           "It is added to your monthly pay."
PORTERS = "Pay > Pay rates\nBasic pay rates for porters and cleaners are set out in the separate Facilities Pay Agreement."
NIGHT_ZH = "津贴补贴标准 > 夜班补贴\n夜班补贴每晚 30 元。\n适用于全体夜班员工。\n随当月工资发放。"
POSTS_PAY_ZH = "津贴补贴标准 > 说明\n调度员、驾驶员的岗位工资见人力资源部管理的薪酬等级表，不在本标准内。"
UNIFORM_ALLOWANCE = "Uniform > Allowance\nThe uniform allowance is £120 a year for all staff who wear uniform.\nIt is paid in " \
                    "April.\nIt covers shoes and tights."
CHECKUP = "福利 > 年度体检\n员工每年体检一次，体检费标准为每人 800 元。\n体检机构由工会统一选定。\n体检当天按出勤计算。\n"


@pytest.mark.parametrize(("question", "corpus", "top", "language"), [
    bug(8, "another subject (basic pay) of the same people is handed on", "How much is the night shift allowance for porters?",
        [*PAY_FILLER, ("allow#0", NIGHT_EN), ("pay#0", PORTERS)], ["allow#0", "pay#0"], "en", id="en-other-subject"),
    bug(8, "岗位工资 of 调度员 is handed on, not 夜班补贴", "调度员的夜班补贴每晚多少钱？",
        [*NIGHT_FILLER_ZH, ("a#0", NIGHT_ZH), ("p#0", POSTS_PAY_ZH)], ["a#0", "p#0"], "zh", id="zh-other-subject"),
    pytest.param("What is the uniform allowance for chefs?",
        [*UNIFORM_FILLER, ("ua#0", UNIFORM_ALLOWANCE),
         ("ul#0", "Kitchen > Laundry\nChefs' whites are washed in a separate machine from front-of-house uniforms.")],
        ["ua#0", "ul#0"], "en", id="en-separate-machine"),
    pytest.param("女职工每年的体检费标准是多少？",
        [*CHECKUP_FILLER_ZH, ("t#0", CHECKUP + "女职工另增加妇科检查项目，具体时间另行通知。")], ["t#0", "f1#0"], "zh",
        id="zh-announced-later"),
    pytest.param("女职工每年的体检费标准是多少？",
        [*CHECKUP_FILLER_ZH, ("t#0", CHECKUP + "女职工的特殊保护，国家另有规定的，从其规定。")], ["t#0", "f1#0"], "zh",
        id="zh-boilerplate"),
    # survived
    pytest.param("How many weeks of paternity leave can I take?",
                 [*LEAVE_FILLER, ("p#0", "Leave > Family leave\nFathers and partners may take two weeks' leave at full pay "
                                         "after the birth of a child.\nTell your manager 15 weeks before the due date.\n"
                                         "The leave must be taken within 8 weeks of the birth.\nPaternity pay for agency "
                                         "workers is set out in the separate Agency Workers Policy.")],
                 ["p#0", "f1#0"], "en", id="en-part-handed-on"),
    pytest.param("How long a sabbatical can I take?",
                 [*LEAVE_FILLER, ("s#0", "Leave > Overview\nSabbaticals are explained in a separate section below.\n"
                                         "Compassionate leave is up to 5 days.\nJury service leave is paid in full."),
                  ("b#0", "Leave > Sabbaticals\nAfter ten years' service you may take up to three months of unpaid leave "
                          "to study or travel.")], ["s#0", "b#0"], "en", id="en-section-below"),
    pytest.param("How much is the night shift allowance?",
                 [*PAY_FILLER, ("allow#0", NIGHT_EN), ("pay#0", PORTERS)], ["allow#0", "pay#0"], "en", id="en-no-post-asked"),
])
def test_deferred_answers_what_the_sources_state(question: str, corpus, top, language: str) -> None:
    decision = decide(question, corpus, top, language=language)
    assert decision.action != "refuse", decision.reason


@pytest.mark.parametrize("title", [
    pytest.param("休假管理办法", id="title-exact"),
    pytest.param("员工休假管理办法（2024 年修订）", id="title-with-year"),
])
def test_deferred_answers_where_the_handed_to_document_is_visible(title: str) -> None:
    leave = "员工手册 > 请假\n婚假、产假、陪产假等假期按《员工休假管理办法》执行。\n病假须提供医院证明。\n事假按日扣发工资。"
    rules = "休假管理办法 > 陪产假\n男职工在配偶生育时享受陪产假。\n陪产假天数为十五天。"
    decision = decide("陪产假有几天？", [*LEAVE_FILLER_ZH, ("l#0", leave), ("b#0", rules)], ["l#0", "b#0"], "zh",
                      titles={"b#0": title, "l#0": "员工手册"})
    assert decision.action != "refuse", decision.reason


TYPED = "Type of leave: Compassionate leave; Paid or unpaid: Paid; How much: Up to 5 days per occasion"


def _holds(term: str, text: str) -> bool:
    return term.lower() in text.lower()


@pytest.mark.parametrize("handing", [
    pytest.param(
        "Paternity leave is covered by the separate Family Leave policy.", id="lower-case-policy"),
    pytest.param(
        "Paternity leave requests are dealt with in the separate Code of Conduct.", id="code-of-conduct"),
    pytest.param("Paternity leave is covered by the separate Family Leave Policy.", id="title-case-policy"),
])
def test_deferred_looks_up_a_visible_handed_to_document(handing: str) -> None:
    visible = {"familyleavepolicy", "codeofconduct"}
    assert deferred([TYPED, handing], TYPED, "paternity", _holds, lambda title: compact(title) in visible) is None


@pytest.mark.parametrize(("sentence", "title"), [
    pytest.param("婚假、产假、陪产假按照《员工休假管理办法》执行。", "员工休假管理办法", id="anzhao"),
    pytest.param("婚假、产假、陪产假按《员工休假管理办法》有关规定执行。", "员工休假管理办法", id="an-youguan-guiding"),
    pytest.param("婚假、产假、陪产假按《员工休假管理办法》执行。", "员工休假管理办法", id="an-zhixing"),
    pytest.param("详见《员工休假管理办法》第三章。", "员工休假管理办法", id="xiangjian"),
])
def test_handed_to_reads_chinese_handing_over(sentence: str, title: str) -> None:
    assert handed_to(sentence) == title


# ---------------------------------------------------------------------------------------------------------------------
# 4. abroad

@pytest.mark.parametrize(("question", "sources"), [
    bug(4, "foreign cities named", "What is the daily allowance when I travel abroad for work?",
        "Travel > Subsistence\nDaily rates: Paris €90, Berlin €80, New York $110, Tokyo ¥12,000.", id="en-cities"),
    pytest.param("What is the per diem for overseas travel?",
        "Travel > Subsistence\nFor travel outside Britain, the daily rate is set by the HMRC country tables: France €80.",
        id="en-outside-britain"),
    pytest.param("What is the per diem for overseas travel?",
        "Travel > Subsistence\nFor travel to other countries, use the HMRC rate for the country you visit.",
        id="en-other-countries"),
    pytest.param("Do I need IT's permission to take my work laptop abroad on holiday?",
        "Laptops > Travel\nYou must get IT's approval before taking a work laptop out of the country.",
        id="en-out-of-the-country"),
    pytest.param("What time does our overseas office in Dublin open?",
        "Offices > Dublin\nThe Dublin office opens at 08:30 and closes at 17:00.", id="en-overseas-office"),
    pytest.param("出国参加学术会议的费用怎么报销？",
        "外出培训 > 学术会议\n赴美国、日本等国家参加学术会议的，须提前一个月报校长审批，费用凭票据实报销。", id="zh-countries"),
    pytest.param("去境外出差有伙食补助吗？",
        "差旅 > 伙食补助\n赴新加坡、马来西亚出差的，伙食补助每天 50 美元。", id="zh-singapore"),
    pytest.param("出国开会住宿费每晚上限多少？",
        "差旅 > 外国出差\n赴外国出差，住宿费按财政部规定的各国标准执行。", id="zh-waiguo"),
    pytest.param("国外客户来访的接待标准是多少？", "接待 > 标准\n外宾接待每人每餐不超过 200 元。", id="zh-waibin"),
    pytest.param("员工出国留学可以申请停薪留职吗？",
        "人事 > 停薪留职\n员工自费留学的，可申请停薪留职，最长两年。", id="zh-liuxue"),
    # survived
    pytest.param("Can I take my work phone abroad?",
                 "Phones > Roaming\nRoaming is off by default; ask IT to enable it before you travel to France, Spain or "
                 "any non-UK destination.", id="en-non-uk"),
    pytest.param("Are overseas students charged the higher fee?", "Fees\nStudents from outside the EU pay the higher fee.",
                 id="en-outside-eu"),
    pytest.param("去境外出差，比如去香港，住宿费每晚上限是多少？", "差旅 > 境外\n赴香港出差的，住宿费每晚不超过 1200 元。", id="zh-hong-kong"),
])
def test_abroad_answers_sources_that_speak_of_it(question: str, sources: str) -> None:
    assert not abroad_unspoken(question, sources)


@pytest.mark.parametrize(("question", "sources", "language"), [
    pytest.param("国外客户来访的接待标准是多少？", "接待 > 标准\n外宾接待每人每餐不超过 200 元。", "zh", id="zh-waibin"),
])
def test_abroad_at_the_gate(question: str, sources: str, language: str) -> None:
    decision = decide(question, [("src#0", sources)], language=language)
    assert decision.action != "refuse", decision.reason


@pytest.mark.parametrize(("question", "sources"), [
    pytest.param("出国开会住宿费每晚上限多少？",
        "差旅 > 住宿\n一类城市每晚 500 元，二类城市每晚 400 元；往返浦东国际机场的出租车费凭票报销。", id="zh-airport"),
    pytest.param("What is the daily subsistence rate when travelling abroad?",
        "Travel > Subsistence\nDay trip over 5 hours: £10. Overnight stay: £25. Trains to the NEC stop at Birmingham "
        "International.", id="en-station"),
    pytest.param("What is the daily subsistence allowance when travelling abroad on hospital business?",
                 "Subsistence > Rates\n| Stay | Rate |\n|---|---|\n| Day trip over 5 hours | £10 |\n", id="caught"),
])
def test_abroad_refuses_domestic_sources(question: str, sources: str) -> None:
    assert abroad_unspoken(question, sources)


# ---------------------------------------------------------------------------------------------------------------------
# 5. Measures: a telephone number, a ratio, 周岁, pay after 多少

@pytest.mark.parametrize(("question", "sources", "language"), [
    pytest.param("How do I update my mobile number on the HR system?",
        "HR system > Personal details\nUpdate your home address, mobile number and emergency contact under My Details > "
        "Edit; changes take effect the next working day.", "en", id="en-update-my-number"),
    pytest.param("Do I have to give HR my mobile number?",
        "Personal details\nAll staff must give HR a mobile number and an emergency contact when they join.", "en",
        id="en-give-my-number"),
    pytest.param("外语培训报名的联系方式是什么？",
        "培训 > 外语培训\n外语培训每学期开班一次。报名联系人：教务处周老师，邮箱 zhoumin@bysx.edu.cn。", "zh", id="zh-contact-email"),
    bug(3, "an extension in a table column (分机)", "财务处的电话是多少？",
        "通讯录\n| 部门 | 负责人 | 分机 |\n|---|---|---|\n| 财务处 | 周敏 | 8102 |\n| 教务处 | 李强 | 8103 |\n", "zh",
        id="zh-extension-column"),
    bug(3, "an extension in a table column (Extension)", "What is the phone number for Payroll?",
        "Contacts\n| Team | Contact | Extension |\n|---|---|---|\n| Payroll | Jo Hart | 4410 |\n| Pensions | Sam Lee | 4420 |\n",
        "en", id="en-extension-column"),
    pytest.param("What number do I call for Security in an emergency?",
        "Emergencies\nIn an emergency, call the Security Control Room on 2222 from any desk phone.", "en", id="en-call-on"),
    pytest.param("What is the phone number for IT support?",
        "IT support\n| Service | Extension | Hours |\n|---|---|---|\n| IT service desk | x4400 | 08:00-18:00 |\n", "en",
        id="en-x-extension"),
    pytest.param("保卫处值班室的电话是多少？", "安全 > 值班\n夜间发现可疑人员，请拨打保卫处值班室 8110。", "zh",
        id="zh-bodi-extension"),
    pytest.param("火警电话是多少？", "安全 > 火灾\n发现火情立即拨打 119，并报告校长办公室。", "zh", id="zh-119"),
    pytest.param("What number should I call for non-urgent medical advice?",
        "Health\nFor non-urgent medical advice, use NHS 111 online or by phone.", "en", id="en-nhs-111"),
    pytest.param("What's the phone number of the Paris office?",
        "Offices\nParis office: 01.42.68.53.00 (switchboard, 9:00–17:00).", "en", id="en-dotted"),
    bug(11, "'a ratio of 1 to 8'", "What is the staff-to-child ratio on trips?",
        "Trips > Supervision\nOn day trips we keep a ratio of 1 to 8 for children under 11.", "en", id="en-1-to-8"),
    bug(11, "'1 adult : 3 children'", "What is the adult to child ratio for under-twos?",
        "Nursery > Staffing\nUnder-twos: 1 adult : 3 children. Two-year-olds: 1 adult : 4 children.", "en",
        id="en-adult-colon-children"),
    bug(11, "'members of staff' in the plural", "What staff to pupil ratio do we need on a residential trip?",
        "Trips > Residential\nResidential trips need 2 members of staff for every 15 pupils, at least one of them "
        "first-aid trained.", "en", id="en-members-of-staff"),
    bug(11, "1∶15 with the ratio colon U+2236", "师生比例是多少？",
        "学校概况\n学校现有教师 120 人，学生 1800 人，师生比例为 1∶15。", "zh", id="zh-ratio-colon"),
    bug(11, "1比15", "师生比例是多少？", "学校概况\n学校现有教师 120 人，学生 1800 人，师生比例约为 1比15。", "zh", id="zh-bi"),
    pytest.param("退休年龄是多少周岁？", "退休 > 年龄\n男职工年满 60 周岁退休，女干部年满 55 周岁退休。", "zh",
        id="zh-zhousui"),
    bug(19, "多少补贴项目 counts kinds", "公司一共有多少补贴项目？",
        "福利 > 补贴\n公司设交通补贴、通讯补贴、餐费补贴和高温补贴四个补贴项目。", "zh", id="zh-count-of-kinds"),
    # survived
    pytest.param("What number do I ring for the police in an emergency?",
                 "Emergencies\nFor police, fire or ambulance, dial 999 from any phone.", "en", id="en-dial-999"),
    pytest.param("What is the keeper-to-animal ratio in the reptile house?",
                 "Staffing > Reptile House\nThe reptile house runs at one keeper to eight animals.", "en", id="en-words-ratio"),
    pytest.param("满几周岁的员工可以申请内退？",
                 "退休 > 内退\n距法定退休年龄不足 5 年、且年满 55 周岁的员工，可申请内部退养。", "zh", id="zh-zhousui-with-span"),
    pytest.param("理赔案件没有按时效结案的，责任人每件要扣多少绩效工资？",
                 "考核 > 结案时效\n理赔案件未按时效结案的，每件扣责任人绩效工资 200 元。", "zh", id="zh-deduct-pay"),
])
def test_the_gate_reads_the_asked_measure(question: str, sources: str, language: str) -> None:
    decision = decide(question, [("src#0", sources)], language=language)
    assert decision.action != "refuse", decision.reason


@pytest.mark.parametrize("sources", [
    pytest.param("Occupational health\nBook through the HR portal. During 2025 the service moves to "
        "the Elm Building.", id="during"),
    pytest.param("Occupational health\nBook through the HR portal; the hotel desk at 1234 Elm Road is "
        "next door.", id="hotel"),
    pytest.param("Occupational health\nBook through the HR portal; the service moves to the Elm Building in the spring.",
                 id="caught"),
])
def test_the_gate_refuses_a_phone_number_no_source_writes(sources: str) -> None:
    decision = decide("What is the phone number for occupational health?", [("src#0", sources)])
    assert decision.action == "refuse", decision.reason


@pytest.mark.parametrize(("text", "measure"), [
    ("客服热线：400-820-8820", "phone"),
    ("人事处电话：0571-8765 4321", "phone"),
    ("Ring 0800 123 456 any time.", "phone"),
    ("Payroll: ext. 4410", "phone"),
    ("one adult for every four children", "percent"),
    ("师生比为 1:12", "percent"),
])
def test_states_the_measure(text: str, measure: str) -> None:
    assert states_any_measure(text, measure)


@pytest.mark.parametrize(("question", "measure"), [
    ("What ratio of adults to children is needed on trips?", "percent"),
    ("每月能拿多少岗位工资？", "money"),
    ("How many phone numbers are listed?", None),
    ("手机号码变更后要做什么？", None),
    bug(12, "几周岁 asks an age, not weeks", "满几周岁可以申请？", None, id="ji-zhousui"),
])
def test_asked_measure(question: str, measure: str | None) -> None:
    assert asked_measure(question) == measure
