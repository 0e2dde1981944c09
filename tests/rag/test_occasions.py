"""The occasion a question names (its year, its edition): a sentence about another year's or another edition's
event states that occasion's fact, and two such facts do not conflict (rag/answerability/occasions.py)."""

from __future__ import annotations

import pytest

from rag.answerability import answerability
from rag.answerability.asked_fact import asked_fact
from rag.answerability.occasions import Occasion, occasion_of
from tests.rag.helpers import chunk, env
from tests.rag.test_levels import LOOSE, ctx, space_for


@pytest.mark.parametrize("text, years, editions", [
    ("2024年枫泽马拉松男子全程冠军是谁？", {2024}, set()),
    ("Who won the men's race at the 2024 Kelverton Marathon?", {2024}, set()),
    ("the 2023-24 season", {2023, 2024}, set()),
    ("2023/24赛季", {2023, 2024}, set()),
    ("第十二届菊花文化节", set(), {12}),
    ("第12届", set(), {12}),
    ("第二十一届", set(), {21}),
    ("第一百零一届广交会", set(), {101}),            # read by rag.text.zh_number, one reader of Chinese numerals
    ("第一二届", set(), set()),
    ("the 12th Fengze Festival", set(), {12}),
    ("the twelfth annual fair", set(), {12}),
    ("In 2021 the 3rd edition opened", {2021}, {3}),
    # amounts, prices and dates are no occasion
    ("2000 people came", set(), set()),
    ("报销上限2000元", set(), set()),
    ("a fee of £2000", set(), set()),
    ("2000 USD a year", set(), set()),
    ("1950 metres long", set(), set()),
    ("version 2024.5", set(), set()),
    ("on 12th March", set(), set()),
    ("12345 and 20245", set(), set()),
])
def test_years_and_editions_are_read_in_english_and_chinese(text: str, years: set, editions: set) -> None:
    assert occasion_of(text) == Occasion(frozenset(years), frozenset(editions))


def test_another_occasion_is_one_naming_years_none_of_them_the_asked_one() -> None:
    asked = occasion_of("鸿泰证券2023年的研发投入是多少？")
    assert occasion_of("松涧科技2022年年报显示，公司当年研发投入21.9亿元").other_than(asked)
    assert not occasion_of("2024年1月发布的2023年年报显示").other_than(asked)        # names the asked year too
    assert not occasion_of("公司研发投入21.9亿元").other_than(asked)                   # names no year: may be any
    assert not occasion_of("2022年").other_than(occasion_of("研发投入是多少？"))          # the question names none
    assert occasion_of("第十一届菊花文化节开幕").other_than(occasion_of("第十二届菊花文化节是哪天开幕的？"))


def test_the_support_reads_no_window_about_another_year() -> None:
    items = [ctx(1, "n1", "The 2023 Kelverton Marathon men's race was won by Tomas Ridgeway in 2:10:02.", ""),
             ctx(2, "n2", "Organisers of the Kelverton Marathon expect 9,000 runners.", "")]
    space = space_for(items)
    weights = {"kelverton": 1.0, "marathon": 1.0, "men": 1.0, "race": 1.0, "won": 1.0, "2024": 1.0}
    other_year = asked_fact("Who won the men's race at the 2024 Kelverton Marathon?", items, space, weights)
    same_year = asked_fact("Who won the men's race at the 2023 Kelverton Marathon?", items, space,
                           {**weights, "2023": weights["2024"]} | {"2024": 0.0})
    assert other_year.source != 1 and other_year.support < 0.5
    assert same_year.source == 1 and same_year.support > 0.8


def test_the_support_reads_no_window_about_another_edition_in_chinese() -> None:
    items = [ctx(1, "z1", "2021年10月22日，第十一届枫泽菊花文化节在金湖公园开幕。", "")]
    space = env([chunk("z1#0", items[0].text, doc="z1")], language="zh")
    weights = {"枫泽": 1.0, "菊花": 1.0, "文化节": 1.0, "开幕": 1.0}
    assert asked_fact("第十二届枫泽菊花文化节是哪天开幕的？", items, space, weights).support == 0.0
    assert asked_fact("第十一届枫泽菊花文化节是哪天开幕的？", items, space, weights).support == 1.0


def test_figures_of_two_years_do_not_conflict() -> None:
    decide = answerability.build(LOOSE)
    items = [ctx(1, "a", "Ellerby Airport handled 4.2 million passengers in 2023.", ""),
             ctx(2, "b", "Ellerby Airport handled 3.6 million passengers in 2022.", "")]
    asked = "How many passengers used Ellerby Airport in 2023?"
    assert decide(asked, items, space_for(items)).action == "answer"
    # without a year in the question the two are still two years' figures, not a disagreement
    assert decide("How many passengers used Ellerby Airport?", items, space_for(items)).action == "answer"
    # the same year with two figures still conflicts
    same = [items[0], ctx(2, "b", "Ellerby Airport handled 3.6 million passengers in 2023.", "")]
    assert decide(asked, same, space_for(same)).action == "conflict"


def test_a_source_below_the_top_that_names_the_asked_version_is_read() -> None:
    from rag.answerability.asked_fact import sources_naming

    new = ctx(1, "v2025", "值班与加班补贴规定（2025 版） > 二、补贴标准\n| 项目 | 标准 |\n|---|---|\n| 法定节假日值班 | 300% |",
              "值班与加班补贴规定（2025 版）")
    old = ctx(4, "v2023", "值班与加班补贴规定（2023 版，已废止） > 二、补贴标准\n| 项目 | 标准 |\n|---|---|\n| 法定节假日值班 | 100 元/天 |",
              "值班与加班补贴规定（2023 版，已废止）")
    asked = "2023 版值班补贴规定里，法定节假日值班每天补贴多少？"
    assert sources_naming(asked, [new, old]) == [old]
    assert sources_naming("法定节假日值班每天补贴多少？", [new, old]) == []
    space = env([chunk("v2025#0", new.text, doc="v2025"), chunk("v2023#0", old.text, doc="v2023")], language="zh")
    weights = {"值班": 1.0, "法定节假日": 1.0, "补贴": 1.0}
    assert asked_fact(asked, [new], space, weights).support == 0.0            # the 2025 row is another version's
    assert asked_fact(asked, [new, old], space, weights).source == 4


def test_a_conflict_is_about_what_the_question_asks() -> None:
    decide = answerability.build(LOOSE)
    items = [ctx(1, "a", "The Eleanor Vance Museum project in Pellingford has received £2.4 million from the fund.", ""),
             ctx(2, "b", "Descendants of Eleanor Vance have donated more than 400 of her paintings to the museum.", "")]
    # a date asked: two amounts are no disagreement about when
    assert decide("When is the Eleanor Vance Museum in Pellingford opening?", items, space_for(items)).action != "conflict"
    # a person asked: the numbers beside two names are not what is asked
    people = [ctx(1, "a", "Ann Lee won the 2024 race in 2:10:02.", ""), ctx(2, "b", "Ann Lee won the 2024 race in 2:11:30.", "")]
    assert decide("Who won the 2024 race?", people, space_for(people)).action != "conflict"
    # two dates for the same opening still conflict
    dates = [ctx(1, "a", "The Eleanor Vance Museum in Pellingford opens on 12 July 2025.", ""),
             ctx(2, "b", "The Eleanor Vance Museum in Pellingford opens on 19 July 2025.", "")]
    assert decide("When is the Eleanor Vance Museum in Pellingford opening?", dates, space_for(dates)).action == "conflict"


def test_the_margin_of_a_date_conflict_is_set_by_the_best_statement_of_all() -> None:
    import numpy as np

    from rag.answerability.levels import Statement, find_conflict

    def said(doc: str, text: str, cosine: float) -> Statement:
        return Statement(ctx(1, doc, text, ""), text, cosine, np.ones(2) / np.sqrt(2))

    best = said("a", "New suppliers are reviewed before any order.", 0.9)
    far = [said("b", "The check-up starts at 8:00 in October.", 0.5), said("c", "The check-up starts at 8:30 in October.", 0.5)]
    items = [s.item for s in [best, *far]]
    asked = "When does the supplier review end?"
    assert find_conflict([best, *far], space_for(items), margin=0.1, similarity=0.0, question=asked, kind="date") is None
    assert find_conflict(far, space_for(items), margin=0.1, similarity=0.0, question=asked, kind="date") is not None


def test_two_dates_in_different_years_still_conflict_for_a_date_asked() -> None:
    decide = answerability.build(LOOSE)
    items = [ctx(1, "a", "The Eleanor Vance Museum in Pellingford will open on 12 July 2025.", ""),
             ctx(2, "b", "The Eleanor Vance Museum in Pellingford will open on 3 March 2026.", "")]
    assert decide("When will the Eleanor Vance Museum in Pellingford open?", items, space_for(items)).action == "conflict"


@pytest.mark.parametrize("text, years", [
    # a review's attacks (session 56): labels, streets, phones, amounts, decades, dates, other scripts
    ("Room 2024", set()), ("1998 Main Street", set()), ("Call 2024-5678", set()), ("tel 010-2024 5678", set()),
    ("flight CA1987", set()), ("order #2024", set()), ("ZIP 2000", set()), ("邮编2000", set()), ("Windows 2000", set()),
    ("about 2000 staff", set()), ("2000 MW", set()), ("2000 square metres", set()), ("Rs 2000", set()), ("2000平方米", set()),
    ("2000公里", set()), ("2000美元", set()), ("the 1990s", set()), ("2011-12-05", {2011}), ("1999-00", {1999, 2000}),
    ("the 2023-2024 season", {2023, 2024}), ("Pelham Bank's 2024 results showed", {2024}), ("the 2024 finals", {2024}),
    ("二〇二三年", {2023}), ("２０２３年", {2023}),
    # what the fact is compared with, and a dateline, are no occasion; "last year" dates the window from its writing
    ("研发投入21.9亿元，较2022年增长15%", set()), ("a profit of £2 billion, up from £1.5 billion in 2023", set()),
    ("ELLERBY, 18 January 2024 — Ellerby Airport handled 4.2 million passengers", set()),
    ("2025年1月10日，雁渚机场公布，去年旅客吞吐量达1280万人次。", set()),
])
def test_what_is_no_year(text: str, years: set) -> None:
    assert occasion_of(text).years == frozenset(years)


def test_editions_are_never_streets_floors_or_centuries() -> None:
    for text in ("5th Avenue", "12th Street", "1st Floor", "the 20th Century"):
        assert not occasion_of(text).editions
    for text, n in (("the 7th Mayfair Festival", 7), ("the 3rd Junior Cup", 3)):
        assert occasion_of(text).editions == {n}


def test_a_year_the_question_only_bounds_by_is_no_occasion() -> None:
    for q in ("How many titles has the club won since 2010?", "2010年以来获得几次冠军？", "What happened before 2015?"):
        assert not occasion_of(q, question=True)
    # one mark that matches is enough: the 12th festival, prepared since 2023, is the 2024 one asked about
    asked = occasion_of("2024年第十二届菊花文化节是哪天开幕的？", question=True)
    assert not occasion_of("第十二届菊花文化节自2023年12月起筹备，10月18日开幕。").other_than(asked)


@pytest.mark.parametrize("text, years", [
    # a second review's attacks (session 56): a relative phrase clears its own sentence only, never the title
    ("2023 Kelverton Marathon results\nThe men's race was won by Kiptoo, who was also second last year.", {2023}),
    ("The 2023 race was won by Kiptoo. He was second last year.", {2023}),
    # years before a verb or a noun are years; an amount needs a unit or a word of quantity
    ("Euro 2024 takes place in Germany.", {2024}), ("Expo 2025 opens in April.", {2025}),
    ("2023 results showed growth.", {2023}), ("In 2024 staff numbers rose.", {2024}),
    ("In 2024 men's race was won by Kiptoo.", {2024}), ("about 2000 homes lost power", set()),
    ("a crowd of 2000 fans", set()),
    # spans, dot dates, a comparison that wraps the year, labels
    ("The 2022-2025 strategy sets targets.", {2022, 2023, 2024, 2025}), ("本规定自2024.03.01起施行。", {2024}),
    ("与2022年相比，2023年利润增长。", {2023}), ("Ref: 2024/001", set()), ("ISO 2015", set()),
])
def test_a_second_review(text: str, years: set) -> None:
    assert occasion_of(text).years == frozenset(years)


def test_a_version_year_in_a_question_is_its_occasion() -> None:
    for q in ("2025年起值班补贴是多少？", "What is the allowance from 2025?"):
        assert occasion_of(q, question=True).years == {2025}
    assert not occasion_of("The 3rd Battalion marched.").editions
