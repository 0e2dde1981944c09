"""A hostile review (session 57) of evidence v88's rules: pending facts, related entities, the implied whole year,
ordinals, bodies of a kind, event words. Each attack is kept: fixed ones pass, the ones left are strict xfails that say
why (docs/answerability.md, "A second news set")."""

from __future__ import annotations

import re

import pytest

from rag.answer_types import asked_type, candidates, has_candidate
from rag.answerability.contrasts import other_side, sides_of
from rag.answerability.event_verbs import event_unsaid
from rag.answerability.pending import pending_clause, says_pending
from rag.answerability.related_entities import about_related, related_only


def _pending(question: str, sentences: list[str], share=lambda text: 0.0) -> bool:
    kind = asked_type(question)
    return says_pending(sentences, kind, question, share, lambda clause: has_candidate(clause, kind, question))


def _share_of(question: str):
    """A crude stand-in for asked_fact's share: the question's words (Latin words, CJK bigrams) a clause holds."""
    words = set(re.findall(r"[a-z]{3,}", question.lower()))
    words |= {question[i:i + 2] for i in range(len(question) - 1) if re.fullmatch(r"[\u4e00-\u9fff]{2}", question[i:i + 2])}

    def share(text: str) -> float:
        low = text.lower()
        return sum(w in low for w in words) / max(len(words), 1)

    return share


def _related(question: str, sentences: list[str]) -> bool:
    kind = asked_type(question)
    return related_only(question, sentences, lambda s: has_candidate(s, kind, question))


# ── 1. pending: a slot named for ANOTHER thing than the asked one refuses the answering clause (high) ──────────────
@pytest.mark.parametrize("question, sentence", [
    ("When do tickets for the final go on sale?",
     "Tickets for the final go on sale on Friday, though the date of the final has yet to be confirmed."),
    ("决赛门票什么时候开售？", "决赛门票将于周五开售，但决赛具体时间尚未公布。"),
])
def test_f01_pending_slot_of_another_thing(question: str, sentence: str) -> None:
    assert not _pending(question, [sentence])


# ── 2. pending: the pending words stand INSIDE the clause that holds the answer (high) ────────────────────────────
@pytest.mark.parametrize("question, sentence", [
    ("When will the final be played?", "The final will be played on 3 June at a venue to be confirmed."),
    ("How much do ungraded staff get?", "Staff who have not yet been appointed to a grade receive £300."),
    ("How many days of leave do probationers get?",
     "Employees whose probation is not yet confirmed get 10 days of leave."),
    ("实习生每月补贴多少？", "尚未确定岗位的实习生每月补贴2000元。"),
])
def test_f02_pending_words_inside_the_answering_clause(question: str, sentence: str) -> None:
    assert not _pending(question, [sentence], _share_of(question))


# ── 3. pending: 将于<date>公布/确定/揭晓 states WHEN it happens; only exempt when the question writes the same verb (high)
@pytest.mark.parametrize("question, sentence", [
    ("中考成绩什么时候出？", "浔岭市中考成绩将于7月5日公布。"),
    ("统计局哪天发布一季度GDP数据？", "国家统计局将于4月16日公布一季度GDP数据。"),
    ("年度调薪在几月？", "年度调薪将于每年4月确定。"),
    ("绩效考核结果在哪里查看？", "考核结果将于次月5日前在OA上公示。"),
    ("金鸡奖颁奖典礼在哪里举行？", "第十届金鸡奖将在厦门揭晓。"),
])
def test_f03_scheduled_announcement_is_the_answer(question: str, sentence: str) -> None:
    # the clause is pending by its words, but it holds the asked candidate (the date, the place): it states the fact
    assert not _pending(question, [sentence], _share_of(question))


# ── 4. pending: a handbook's step still needed (尚需…批准) beside the answer; a tie in share refuses (high) ──────────
def test_f04_handbook_approval_step_is_not_pending() -> None:
    question = "报销多久到账？"
    assert not _pending(question, ["报销单尚需部门经理批准，批准后3个工作日内到账。"], _share_of(question))


# ── 5. speculative words inside a stated fact (medium-high) ────────────────────────────────────────────────────────
@pytest.mark.parametrize("question, sentence", [
    ("哪支球队获得总冠军？", "湖人队在争夺总冠军的比赛中以4比2击败凯尔特人。"),
    ("决赛队伍奖金多少？", "入围决赛的队伍将获得5000元奖金。"),
    ("How many years before I'm eligible for share options?",
     "Staff may become eligible for share options after 2 years of service."),
])
def test_f05_speculative_word_inside_a_fact(question: str, sentence: str) -> None:
    assert not _pending(question, [sentence], _share_of(question))


# ── 6. related: handbook words 同城/同省/毗邻/邻近/竞品 relate no entity (high) ─────────────────────────────────────
@pytest.mark.parametrize("sentence", [
    "同城出差每天补贴50元。",
    "同省调动的员工一次性补贴2000元。",
    "公司总部毗邻地铁2号线，位于上海市浦东新区张江路100号。",
    "邻近春节，公司将于1月20日发放年终奖。",
    "竞品分析报告须于每月5日前提交。",
])
def test_f06_handbook_sentence_is_not_about_a_related_entity(sentence: str) -> None:
    assert not about_related(sentence)


# ── 7. related: the asked entity's own sentence that names its rival (high) ────────────────────────────────────────
@pytest.mark.parametrize("question, sentence", [
    ("What was Ashdown Foods' profit in 2023?",
     "Ashdown Foods overtook rival Hollins & Pyke in 2023, posting a profit of £30m."),
    ("What was Ashdown's pre-tax profit?",
     "Ashdown, which competes with Hollins & Pyke, said its pre-tax profit rose to £30m."),
    ("鸿泰证券2023年营收多少？", "鸿泰证券超越竞争对手岫原证券，2023年营收达50亿元。"),
])
def test_f07_asked_entitys_own_sentence_naming_a_rival(question: str, sentence: str) -> None:
    assert not _related(question, [sentence])


# ── 8. related: 与…同期…的 / 相较于同行业 compare the asked entity with itself or its peers (medium-high) ──────────
@pytest.mark.parametrize("question, sentence", [
    ("公司今年营收多少？", "与去年同期相比公司的营收增长15%，达到50亿元。"),
    ("我司年假有几天？", "相较于同行业其他公司，我司年假更长，为15天。"),
])
def test_f08_comparison_is_not_a_related_entity(question: str, sentence: str) -> None:
    assert not _related(question, [sentence])


# ── 9. bodies: the names users and news actually write, without 队 / 大学 / 银行 / 电视台 (high) ──────────────────────
@pytest.mark.parametrize("question, sentence", [
    pytest.param("2020年NBA总冠军是哪支球队？", "湖人以4比2击败热火，夺得2020年NBA总冠军。", marks=pytest.mark.xfail(strict=True, reason="no tagger here reads this name as an organisation (not a candidate before v88 either)")),
    ("哪支球队获得女排世界杯冠军？", "中国女排以11战全胜的成绩夺得女排世界杯冠军。"),
    pytest.param("哪支球队赢得了中超冠军？", "上海申花在最后一轮击败山东泰山，赢得中超冠军。", marks=pytest.mark.xfail(strict=True, reason="no tagger here reads this name as an organisation (not a candidate before v88 either)")),
    pytest.param("他毕业于哪所大学？", "他1998年毕业于清华，获工学学士学位。", marks=pytest.mark.xfail(strict=True, reason="no tagger here reads this name as an organisation (not a candidate before v88 either)")),
    ("他毕业于哪所大学？", "他本科就读于北大中文系。"),
    pytest.param("手术是在哪家医院完成的？", "手术在协和完成。", marks=pytest.mark.xfail(strict=True, reason="no tagger here reads this name as an organisation (not a candidate before v88 either)")),
    ("工资通过哪家银行发放？", "工资统一由工行代发。"),
    pytest.param("工资卡需要办理哪家银行的？", "新员工须办理招行工资卡。", marks=pytest.mark.xfail(strict=True, reason="no tagger here reads this name as an organisation (not a candidate before v88 either)")),
    ("晚会由哪家电视台直播？", "晚会由央视直播。"),
])
def test_f09_abbreviated_body_names_are_candidates(question: str, sentence: str) -> None:
    assert has_candidate(sentence, "organisation", question), candidates(sentence, "organisation", question)


# ── 10. bodies: kin lists too narrow, and the generic filter eats 市一医院 (high for handbooks) ─────────────────────
@pytest.mark.parametrize("question, sentence", [
    ("孩子在哪家医院出生？", "孩子出生于浔岭市妇幼保健院。"),
    ("年度体检在哪家医院进行？", "年度体检统一安排在爱康国宾体检中心。"),
    ("年度体检在哪家医院进行？", "年度体检统一安排在市社区卫生服务中心。"),
    ("手术是在哪家医院完成的？", "手术在杭州市一医院完成。"),
    ("他在哪所学校任教？", "他在中央党校任教。"),
])
def test_f10_body_kin_too_narrow(question: str, sentence: str) -> None:
    assert has_candidate(sentence, "organisation", question), candidates(sentence, "organisation", question)


# ── 11. Chinese ordinals: 首部 / 首任 are the first (high) ────────────────────────────────────────────────────────
@pytest.mark.parametrize("question, sentences", [
    ("学校第一任校长是谁？", ["首任校长为张三，第二任校长为李四。"]),
    ("他的第一部诗集是哪年出版的？", ["他的首部诗集《春水》出版于1990年。", "第二部诗集《秋风》于1995年出版。"]),
])
def test_f11_shou_is_the_first(question: str, sentences: list[str]) -> None:
    assert not other_side(sides_of(question), sentences)


# ── 12. English ordinals: the base case written without "first" (medium-high) ─────────────────────────────────────
@pytest.mark.parametrize("question, sentence", [
    ("How many days of holiday do I get in my first year?", "Staff get 20 days of holiday, rising to 22 days in their second year."),
    ("How much did the film take in its first week?", "The film took £3m in its debut week and £2m in its second week."),
    ("Who scored the first goal?", "Smith opened the scoring after 10 minutes before Jones added a second goal."),
])
def test_f12_english_first_written_otherwise(question: str, sentence: str) -> None:
    assert not other_side(sides_of(question), [sentence])


# ── 13. implied whole year: a part word that dates no figure (high) ────────────────────────────────────────────────
@pytest.mark.parametrize("question, sentence", [
    ("What was Pelham Bank's pre-tax profit for 2022?",
     "Pelham Bank's interim chief executive said pre-tax profit for 2022 rose to £1.2bn."),
    ("What was the budget for the 2024 Christmas party?",
     "The Q4 social committee set a budget of £5,000 for the 2024 Christmas party."),
    pytest.param("2023年研发投入多少？", "据公司上半年披露，2023年研发投入21亿元。", marks=pytest.mark.xfail(strict=True, reason="a part named before the figure as when it was reported: left")),
    ("2024年春节值班补贴每天多少？", "根据2024年一季度排班表，春节值班人员每天补贴300元。"),
])
def test_f13_part_word_that_dates_no_figure(question: str, sentence: str) -> None:
    assert not other_side(sides_of(question), [sentence])


# ── 14. missed refusals: obvious variants of the pending phrases (medium) ──────────────────────────────────────────
@pytest.mark.parametrize("sentence", [
    "The date hasn't been set yet.", "The fee wasn't disclosed.", "The club didn't disclose the fee.",
    "The club refused to disclose the fee.", "Jane Doe is set to be named chief executive.",
    "Jane Doe is poised to become chief executive.", "The film was nominated for Best Picture.",
    "交易价格未公开。", "伤亡人数不详。", "开幕时间暂不公布。", "最终人选尚无定论。", "张三是新任总裁的热门人选。",
    "张三料将出任总裁。", "该片获得最佳影片提名。", "决赛地点还没定。",
])
def test_f14_pending_variants_missed(sentence: str) -> None:
    assert pending_clause(sentence, "") is not None


# ── 15. missed refusals: related-entity openings the rule does not read (medium) ──────────────────────────────────
@pytest.mark.parametrize("sentence", [
    "2023年12月31日，同城的岫原证券宣布方立诚接任总裁。",   # a full date pushes 同城 past the 12-character opening
    "同业券商岫原证券2023年营收50亿元。",
    "其主要对手岫原证券2023年营收50亿元。",
    "同样位于浔岭的蔚川市已于7月5日公布成绩。",
    "Neighbouring Ashdown reported a profit of £30m.",
    "Fellow retailer Ashdown made £30m.",
    "Ashdown, Hollins's closest rival, made £30m.",
])
def test_f15_related_openings_missed(sentence: str) -> None:
    assert about_related(sentence)


# ── 16. missed refusals: the body's kin word read as a verb / noun, and 得主 no longer checked (medium) ─────────────
@pytest.mark.parametrize("question, sentence", [
    ("这本书由哪家出版社出版？", "这本书将于明年出版。"),
    ("2024年西江杯冠军是哪支球队？", "本届比赛由浔岭体育局主办，数万球迷排队观赛。"),
])
def test_f16_kin_word_inside_another_word_is_no_body(question: str, sentence: str) -> None:
    assert not has_candidate(sentence, "organisation", question), candidates(sentence, "organisation", question)


@pytest.mark.xfail(strict=True, reason="得主 is no event (it refused '获得长篇小说奖'); the winner's role is not read: left")
def test_f16b_winner_question_keeps_some_event() -> None:
    # nothing of "得主" is checked any more: the jury chair's name answers "who won"
    q = "第十二届青崖文学奖长篇小说奖得主是谁？"
    assert event_unsaid(q, "第十二届青崖文学奖长篇小说奖评委会主任由张三担任。", "person")


# ── 18. full-width forms are not normalised (low) ──────────────────────────────────────────────────────────────────
@pytest.mark.xfail(strict=True, reason="full-width digits and letters are not folded by these rules: left")
def test_f18_full_width_forms() -> None:
    assert sides_of("２０２３年研发投入是多少？")                       # no implied whole-year side
    assert sides_of("他的第１部诗集是哪年出版的？")                     # no ordinal side
    assert pending_clause("Ｔｈｅ ｖｅｎｕｅ ｈａｓ ｙｅｔ ｔｏ ｂｅ ｃｏｎｆｉｒｍｅｄ．") is not None
