"""A window that says the asked fact is not known yet (undecided, unannounced, undisclosed, only expected) holds no
candidate of it (rag/answerability/pending.py)."""

from __future__ import annotations

import pytest

from rag.answer_types import asked_type, has_candidate
from rag.answerability.asked_fact import asked_fact
from rag.answerability.pending import pending_clause, says_pending
from tests.rag.helpers import chunk, env
from tests.rag.test_levels import ctx


@pytest.mark.parametrize("sentence, question, clause", [
    ("Tickets will cost £25, the FA said, but the venue has yet to be confirmed.", "", " but the venue has yet to be confirmed."),
    ("The venue for the final will be confirmed later in the season.", "", "The venue for the final will be confirmed later in the season."),
    ("The terms of the deal were not disclosed.", "", "The terms of the deal were not disclosed."),
    ("No date has been set for the reopening.", "", "No date has been set for the reopening."),
    ("Paul Reed is the bookmakers' favourite to take over.", "", "Paul Reed is the bookmakers' favourite to take over."),
    ("具体开幕时间尚未公布。", "", "具体开幕时间尚未公布。"),
    ("收购价格未予披露。", "", "收购价格未予披露。"),
    ("新任总裁人选待定。", "", "新任总裁人选待定。"),
    ("巴西队被看好夺冠。", "卡塔尔世界杯冠军是哪支球队？", "巴西队被看好夺冠。"),
    ("三部影片入围最佳影片。", "哪部影片获得最佳影片？", "三部影片入围最佳影片。"),
    # no pending clause: a rule for the case, a fact stated, or the speculative word the question asks about
    ("If the date is not yet confirmed, call HR on 4410.", "", None),
    ("如时间未定，请联系行政部。", "", None),
    ("Three films were shortlisted for the prize.", "Which films were shortlisted?", None),
    ("三部影片入围最佳影片。", "哪些影片入围了最佳影片？", None),
    ("The venue was confirmed as Harford Park.", "", None),
    ("Paul Reed was appointed head teacher in 2023.", "", None),
    ("决赛于5月4日在奥体中心举行。", "", None),
])
def test_a_clause_that_says_the_fact_is_not_known(sentence: str, question: str, clause: str | None) -> None:
    # (a clause ends at a comma or the sentence's end, which it does not hold)
    assert pending_clause(sentence, question) == (clause.rstrip("。.") if clause else None)


def _pending(question: str, sentences: list[str], share=lambda text: 0.0) -> bool:
    kind = asked_type(question)
    return says_pending(sentences, kind, question, share, lambda clause: has_candidate(clause, kind, question))


def _share_of(*terms: str):
    return lambda text: sum(t in text.lower() for t in terms) / len(terms)


def test_a_pending_clause_that_names_the_asked_slot() -> None:
    assert _pending("Where will the final be played?",
                    ["Tickets for the final will cost £25, but the venue for the final has yet to be confirmed."],
                    _share_of("final", "played"))
    assert _pending("开幕式是哪天？", ["组委会表示，开幕式的具体时间尚未公布。"], _share_of("开幕式"))
    # another clause with a candidate names the slot too: the hours stand, the pending clause qualifies them
    assert not _pending("接待室什么时候开放？", ["接待室开放时间为周一至周五8:00-17:00，节假日开放时间另行通知。"],
                        _share_of("接待室", "开放"))
    # a review's attacks (session 57): the pending slot of something the question does not ask carries none of it,
    # and a pending clause that holds the candidate states it
    assert not _pending("When do tickets go on sale?",
                        ["Tickets for the final go on sale on Friday, though the date of the final has yet to be confirmed."],
                        _share_of("tickets", "sale"))
    assert not _pending("When is the final?", ["The final will be played on 3 June at a venue to be confirmed."],
                        _share_of("final"))
    assert not _pending("实习生每月补贴多少？", ["尚未确定岗位的实习生每月补贴2000元。"], _share_of("实习生", "补贴"))
    assert not _pending("中考成绩什么时候出？", ["中考成绩将于7月5日公布。"], _share_of("中考", "成绩"))


def test_a_pending_clause_that_carries_the_question() -> None:
    question = "When will the museum open?"
    weights = {"museum": 1.0, "open": 1.0}

    def share(text: str) -> float:
        return sum(w for t, w in weights.items() if t in text.lower()) / 2

    assert _pending(question, ["The museum opening has been postponed indefinitely."], share)
    # a clause holding a date carries more of the question than the pending one: it states the fact
    assert not _pending(question, ["The museum will open on 5 May 2025, though the café's menu is yet to be confirmed."],
                        share)
    # a pending clause that carries nothing of the question and names no slot says nothing of the asked fact
    assert not _pending(question, ["Parking charges have not been decided."], share)


def test_the_support_skips_a_window_that_says_the_fact_is_pending() -> None:
    text = ("Tickets for the 2024 Kestrel Cup final will cost between £25 and £60, the Kestrel Football Association said, "
            "but the venue for the final has yet to be confirmed.")
    items = [ctx(1, "n", text, "")]
    space = env([chunk("n#0", text, doc="n")])
    weights = {"final": 1.0, "2024": 1.0, "kestrel": 1.0, "cup": 1.0, "played": 1.0}
    asked = asked_fact("Where will the final of the 2024 Kestrel Cup be played?", items, space, weights)
    assert asked.source is None and asked.answer_type == 0.0 and asked.support > 0.5
    stated = asked_fact("Where will the final of the 2024 Kestrel Cup be played?",
                        [ctx(1, "n", "The 2024 Kestrel Cup final will be played at Harford Park in May.", "")], space, weights)
    assert stated.source == 1


@pytest.mark.parametrize("sentence, question, pending", [
    # a step still needed, a decision or an announcement to come, a proposal (evidence v88)
    ("条例共七章五十二条，尚需报请省人大常委会批准后公布施行。", "条例从什么时候开始施行？", True),
    ("公司正在推进选址工作，预计将在上半年内确定最终落户地点。", "第二座超级工厂落户在哪里？", True),
    ("专家评审后已确定拟入选名单并进行公示。", "首批链主企业有哪些？", True),
    # the question asks about the announcement itself: the sentence answers it
    ("考核结果将于次月10日公布。", "考核结果什么时候公布？", False),
    ("The venue has yet to be confirmed.", "When will the venue be confirmed?", False),
])
def test_steps_and_announcements_to_come(sentence: str, question: str, pending: bool) -> None:
    assert (pending_clause(sentence, question) is not None) is pending


@pytest.mark.parametrize("sentence, pending", [
    # a forecast, an analysts' consensus, a campaign or a bid is no fact (evidence v88)
    ("A warning has been issued, with forecasters saying that up to 60mm of rain could fall.", True),
    ("Local leaders have launched a campaign to persuade Voltaris to build its gigafactory on the docks.", True),
    ("City analysts expect Quarrendon Foods to report a rise in annual profit.", True),
    ("Rainfall reached 60mm in three hours, the Met Office said.", False),
    ("Voltaris will build its gigafactory on the former docks at Grisdale Bay.", False),
])
def test_forecasts_and_campaigns(sentence: str, pending: bool) -> None:
    assert (pending_clause(sentence, "") is not None) is pending


def test_a_window_about_what_may_come_writes_no_event_of_what_came() -> None:
    # "将争夺第三个冠军" writes 冠军 of a title still to be fought for: the semi-final's window does not borrow it
    from rag.answerability.asked_fact_checks import asked_fact_refusal
    text = ("2023年澄澜羽毛球公开赛男单半决赛中，头号种子拉斯·维斯特高以2比0轻取日本选手，顺利晋级决赛。"
            "赛后他表示自己状态正佳，将争夺个人在该项赛事中的第三个冠军，此前两次夺冠均在澄澜体育馆完成。")
    items = [ctx(1, "n", text, "")]
    space = env([chunk("n#0", text, doc="n")], language="zh")
    question = "2023年澄澜羽毛球公开赛男单冠军是谁？"
    weights = {"2023": 1.0, "澄澜": 1.0, "羽毛球": 1.0, "公开赛": 1.0, "男单": 1.0, "冠军": 1.0}
    asked = asked_fact(question, items, space, weights)
    refusal = asked_fact_refusal(question, asked, items, 2, sub_queries=False)
    assert refusal is not None and refusal[1] in ("event_unsaid", "untyped_sources")
    # the window that writes the title won is read
    won = text.replace("将争夺个人在该项赛事中的第三个冠军", "最终夺得男单冠军")
    items = [ctx(1, "n", won, "")]
    asked = asked_fact(question, items, env([chunk("n#0", won, doc="n")], language="zh"), weights)
    assert asked_fact_refusal(question, asked, items, 2, sub_queries=False) is None


@pytest.mark.parametrize("sentence, pending", [
    # put off with no new date (evidence v88)
    ("The opening of the museum has been delayed until next year after building work uncovered problems.", True),
    ("开馆时间推迟到明年。", True),
    ("因天气原因，比赛延期举行。", True),
    ("The match has been postponed to 5 May.", False),             # the new date is the answer
    ("会议推迟至5月10日举行。", False),
    ("Payments delayed by more than 30 days incur a fee of £25.", False),   # a rule, no news of a delay
    ("If your flight is delayed, call the duty manager.", False),
])
def test_put_off_with_no_new_date(sentence: str, pending: bool) -> None:
    assert (pending_clause(sentence, "") is not None) is pending


def test_a_clause_that_speculates_about_its_candidate_is_pending() -> None:
    # the favourite is the candidate the clause holds, and still no fact (a review's fix must not undo this)
    assert _pending("2024年西江杯男篮邀请赛冠军是哪支球队？", ["卫冕冠军沙澳海鹰队被普遍视为夺冠热门，赛事总奖金为120万元。"],
                    _share_of("西江杯", "冠军"))
    assert _pending("Who won the Brightwater Prize?", ["Ann Lee is the favourite to win the Brightwater Prize."],
                    _share_of("brightwater", "prize"))
    # …but a speculative word that only describes a noun leaves the stated fact
    assert not _pending("决赛奖金是多少？", ["入围决赛的队伍将获得5000元奖金。"], _share_of("决赛", "奖金"))
