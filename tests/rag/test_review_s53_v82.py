"""Review s53 of evidence v82: hostile probes of the two new refusal rules.

1. ``title_unnamed`` (rag.answerability.book_titles, read by ``asked_fact_refusal`` through ``_read_with_header``): a
   work the question names in 《》 that the asked fact's sentence, with its source's title and heading, never names.
2. ``event_unsaid(..., subject=...)`` (rag.answerability.event_verbs._written): a two-character piece of a long glued
   verb that the source's title writes no longer writes the event (公司 of 公司总部 for 宏都阿里山公司).

A probe whose current behaviour is right is a plain test; one that shows a defect asserts the right behaviour and is a
strict xfail whose reason names the defect.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from rag.answerability.asked_fact import AskedFact
from rag.answerability.asked_fact_checks import asked_fact_refusal
from rag.answerability.book_titles import title_unnamed, titles_in
from rag.answerability.event_verbs import event_unsaid
from rag.transforms.understand import question_type
from rag.types import ContextItem


def _xfail(reason: str):
    return pytest.mark.xfail(strict=True, reason=reason)


def _item(number: int, title: str, text: str, heading: tuple[str, ...] = ()) -> ContextItem:
    return ContextItem(number, f"d{number}#0", f"d{number}", title, heading or (title,), text, 1.0, len(text))


def _signal(question: str, kind: str, sources: list[ContextItem], source: int | None, sentence: str,
            best_source: int | None = None, best: str = "", prose: bool = False) -> str | None:
    """The signal asked_fact_refusal gives, with ``titles`` set as the evidence rule sets it (off for a reference
    question, as rag.transforms.understand.classify types it)."""
    env = SimpleNamespace(language="zh", history=())
    asked = AskedFact(kind, 0.8, 0.8, source, sentence, prose, best or sentence,
                      best_source if best_source is not None else source)
    decision = asked_fact_refusal(question, asked, sources, 2, sub_queries=False,
                                  titles=question_type(question, env) != "reference")
    return None if decision is None else decision[1]


# ---------------------------------------------------------------------------------------------------------------------
# 1a. title_unnamed on its own: answerable questions that must not be refused (None), right and wrong
# ---------------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("question, read", [
    # the sentence writes the title without marks
    ("《红楼梦》成书于何时？", "红楼梦\n红楼梦成书于清代乾隆年间。"),
    # the question's short name stands inside the source's full name
    ("《劳动合同法》规定试用期最长多久？", "中华人民共和国劳动合同法\n试用期最长不得超过六个月。"),
    # a title split over a line break in the question, or in the source's header
    ("《员工\n手册》规定试用期多久？", "员工手册\n新员工试用期为三个月。"),
    ("《员工手册》规定试用期多久？", "员工\n手册\n新员工试用期为三个月。"),
    # spaces inside the marks, the middle dot, an English title with a typographic apostrophe, case
    ("《 员工手册 》规定试用期多久？", "员工手册 > 第三章 试用期\n新员工试用期为三个月。"),
    ("《哈利·波特与魔法石》何时出版？", "哈利波特与魔法石\n该书于1997年出版。"),
    ("《Harry Potter and the Philosopher's Stone》何时出版？",
     "Harry Potter and the Philosopher’s Stone\n该书于1997年出版。"),
    ("《iPhone 15 用户手册》说保修期多久？", "IPHONE15用户手册 > 保修\n保修期为一年。"),
    # the title only as the last part of the heading path "A > B"
    ("《考勤办法》规定迟到几次算旷工？", "公司制度汇编 > 考勤办法\n迟到三次按旷工半天处理。"),
])
def test_title_named_somehow_is_answered(question: str, read: str) -> None:
    assert title_unnamed(question, read) is None


@pytest.mark.parametrize("question, read", [
    pytest.param("《红楼梦》成书于何时？", "石头记\n《石头记》成书于清代乾隆年间。",
                 marks=_xfail("an alias of the work (石头记 for 红楼梦) is never its name: refused")),
    pytest.param("《泰坦尼克号》何时上映？", "铁达尼号\n该片于1997年上映。",
                 marks=_xfail("the Taiwan/HK translation of a film title (铁达尼号) is never its name: refused")),
    pytest.param("《中华人民共和国劳动合同法》规定试用期最长多久？", "劳动合同法\n试用期最长不得超过六个月。",
                 marks=_xfail("a law's full name in the question, its usual short name in the source: refused")),
    pytest.param("《紅樓夢》成书于何时？", "红楼梦\n成书于清代乾隆年间。",
                 marks=_xfail("traditional characters in the question, simplified in the source: refused")),
    pytest.param("《红楼梦》成书于何时？", "紅樓夢\n成書於清代乾隆年間。",
                 marks=_xfail("simplified characters in the question, traditional in the source: refused")),
    pytest.param("《X战警》何时上映？", "Ｘ战警\n该片于2000年上映。"),   # fixed in the same session (v82)
    pytest.param("《Amélie》何时上映？", "Amelie\n该片于2001年上映。",
                 marks=_xfail("compact drops accented letters (é) instead of folding them: amlie is not in amelie")),
    pytest.param("《三体Ⅱ：黑暗森林》何时出版？", "三体2：黑暗森林\n该书于2008年出版。",
                 marks=_xfail("a Roman numeral (Ⅱ) is dropped, never read as 2: refused")),
    pytest.param("《员工手册（2023版）》规定试用期多久？", "员工手册 > 第三章 试用期\n新员工试用期为三个月。"),   # fixed in the same session (v82)
    pytest.param("《星辰科技员工手册》规定试用期多久？", "员工手册 > 第三章 试用期\n新员工试用期为三个月。",
                 marks=_xfail("the company's name before the handbook's must be written too: refused")),
    pytest.param("《考勤管理制度》规定迟到几次算旷工？", "考勤制度\n迟到三次按旷工半天处理。",
                 marks=_xfail("a document's name as users say it (考勤管理制度 for 考勤制度): refused")),
    pytest.param("《史记·项羽本纪》记述了谁的一生？", "项羽本纪\n本篇记述项羽的一生。",
                 marks=_xfail("a chapter named with its book (史记·项羽本纪) in a source titled by the chapter: refused")),
    # the work only qualifies the asked subject: the fact stands in the person's entry
    pytest.param("演唱《青花瓷》的歌手出生于哪一年？", "周杰伦\n周杰伦1979年1月18日出生于台湾省新北市。"),   # fixed in the same session (v82)
    pytest.param("《红楼梦》的作者曹雪芹是哪一年去世的？", "曹雪芹\n曹雪芹于1763年除夕去世。"),   # fixed in the same session (v82)
    pytest.param("《The Three-Body Problem》何时出版？", "三体\n《三体》英文版于2014年出版。",
                 marks=_xfail("an English title in 《》 against the Chinese source naming the work in Chinese")),
])
def test_title_written_another_way_should_be_answered(question: str, read: str) -> None:
    assert title_unnamed(question, read) is None


# ---------------------------------------------------------------------------------------------------------------------
# 1b. title_unnamed on its own: must-refuse questions (a title returned), right and wrong
# ---------------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("question, read", [
    # a sequel named in the source, the original asked
    ("《流浪地球2》何时上映？", "流浪地球\n《流浪地球》于2019年2月5日上映。"),
    ("《员工手册》和《考勤办法》哪个先发布？", "员工手册\n本手册于2019年发布。"),
    # a title split over a line break stays one title and is still looked for
    ("《宇宙\n奇兵》是何时被改编的？", "台视周日卡通\n该时段始于1984年。"),
])
def test_title_unnamed_is_refused(question: str, read: str) -> None:
    assert title_unnamed(question, read) is not None


@pytest.mark.parametrize("question, read", [
    pytest.param("《流浪地球》何时上映？", "流浪地球2\n《流浪地球2》于2023年1月22日上映。",
                 marks=_xfail("a substring match: the sequel's title 流浪地球2 names the original 流浪地球")),
    pytest.param("《论语》成书于何时？", "论语别裁\n《论语别裁》成书于1976年。",
                 marks=_xfail("a substring match: 论语别裁 (a commentary) names 论语")),
    pytest.param("《1984》何时出版？", "动物庄园\n1984年，出版社再版了《动物庄园》。",
                 marks=_xfail("a title of digits is matched by a year in the sentence")),
    pytest.param("《家》是何时出版的？", "巴金作品\n《春》于1938年出版，全家人都很高兴。",
                 marks=_xfail("a one-character title (巴金《家》) is matched by any sentence with that character")),
    pytest.param("《ＸＹＺ》什么时候发行的？", "其他专辑\n该专辑于2005年发行。"),   # fixed in the same session (v82)
    pytest.param("《１９８４》何时出版？", "动物庄园\n该书于1945年出版。"),   # fixed in the same session (v82)
    pytest.param("《기생충》何时上映？", "其他电影\n该片于2019年上映。",
                 marks=_xfail("a Korean title compacts to nothing: the check is silently off")),
    pytest.param("《ノルウェイの森》何时出版？", "森林之歌\n《森林之歌》于2002年出版。",
                 marks=_xfail("kana are dropped: 《ノルウェイの森》 is looked for as 森 alone")),
    pytest.param("〈出师表〉写于何时？", "后出师表\n该文写于228年。",
                 marks=_xfail("〈〉, the single title marks of an essay or a chapter, are not read")),
    pytest.param("<<流浪地球>>何时上映？", "战狼2\n该片于2017年上映。",
                 marks=_xfail("ASCII <<X>>, how users without a Chinese IME write 《X》, is not read")),
    pytest.param("《《红楼梦》研究》何时出版？", "红楼梦\n《红楼梦》成书于清代乾隆年间。",
                 marks=_xfail("nested marks: only the inner 红楼梦 is read, the asked 红楼梦研究 is lost")),
])
def test_title_unnamed_should_be_refused(question: str, read: str) -> None:
    assert title_unnamed(question, read) is not None


# ---------------------------------------------------------------------------------------------------------------------
# 1c. odd input: no crash, and what is (not) read as a title
# ---------------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("question, titles", [
    ("《》《 》《……》《？》何时成书？", []),            # empty or separator-only marks name nothing
    ("《红楼梦 何时成书？", []),                         # unbalanced: no closing mark
    ("红楼梦》何时成书？", []),
    ("<红楼梦>何时成书？", []),                          # half-width angle brackets are no title marks
    ("《a《b《c", []),
    ("《\n》是什么？", []),
    ("《Real World》和《real world》哪个先发行？", ["Real World", "real world"]),
    ("《员工手册》第三章和《员工手册》第五章有什么不同？", ["员工手册", "员工手册"]),
])
def test_odd_marks(question: str, titles: list[str]) -> None:
    assert titles_in(question) == titles
    assert title_unnamed(question, "") == (titles[0] if titles else None)


def test_very_long_and_unclosed_titles_do_not_crash() -> None:
    long_title = "长" * 200_000
    assert title_unnamed(f"《{long_title}》何时出版？", "短句。") == long_title
    assert title_unnamed(f"《{long_title}》何时出版？", f"标题\n{long_title}于2001年出版。") is None
    assert titles_in("《a" * 50_000) == []
    assert titles_in("《" * 10_000 + "书" + "》" * 10_000) == ["书"]


# ---------------------------------------------------------------------------------------------------------------------
# 1d. through asked_fact_refusal (the header, the best window, a second source, reference questions)
# ---------------------------------------------------------------------------------------------------------------------

_LISTING = "《台视周日卡通》为1980年代中台湾电视公司于每周日上午播出动画节目的时段，始于1984年。"


def test_the_title_in_the_chunk_header_line_is_read() -> None:
    sentence = "迟到三次按旷工半天处理。"
    sources = [_item(1, "公司制度汇编", f"公司制度汇编 > 考勤办法\n{sentence}", ("公司制度汇编", "考勤办法"))]
    assert _signal("《考勤办法》规定迟到几次算旷工？", "number", sources, 1, sentence) != "title_unnamed"


def test_the_best_window_is_read_when_no_sentence_holds_the_type() -> None:
    sources = [_item(1, "台视周日卡通", _LISTING), _item(2, "宇宙奇兵", "宇宙奇兵\n《宇宙奇兵》是一部美国动画。")]
    # the best window stands in the work's own entry: its title names it
    assert _signal("《宇宙奇兵》是何时被改编的？", "date", sources, None, "", 2, "《宇宙奇兵》是一部美国动画。") \
        != "title_unnamed"
    assert _signal("《宇宙奇兵》是何时被改编的？", "date", sources, 1, _LISTING) == "title_unnamed"


def test_no_window_at_all_is_refused_without_a_crash() -> None:
    assert _signal("《宇宙奇兵》是何时被改编的？", "date", [], None, "") in ("title_unnamed", "untyped_sources")


# (fixed in the same session, v82: the source's title and headings are read on their own)
def test_the_title_only_in_the_heading_path_tuple() -> None:
    sentence = "迟到三次按旷工半天处理。"
    sources = [_item(1, "公司制度汇编", sentence, ("公司制度汇编", "考勤办法"))]
    assert _signal("《考勤办法》规定迟到几次算旷工？", "number", sources, 1, sentence) != "title_unnamed"


@_xfail("the sentence before names the work and the answer says 该书: coreference in encyclopedia prose refused")
def test_the_work_named_in_the_sentence_before() -> None:
    text = "J·K·罗琳\n《哈利·波特与魔法石》是罗琳的第一部小说。该书于1997年由布鲁姆斯伯里出版社出版。"
    sources = [_item(1, "J·K·罗琳", text)]
    assert _signal("《哈利·波特与魔法石》何时出版？", "date", sources, 1, "该书于1997年由布鲁姆斯伯里出版社出版。") \
        != "title_unnamed"


@_xfail("a comparison of two works whose facts stand in two sources: the one asked sentence names only one")
def test_a_comparison_over_two_sources() -> None:
    sources = [_item(1, "红楼梦", "红楼梦\n《红楼梦》成书于清代乾隆年间。"),
               _item(2, "西游记", "西游记\n《西游记》成书于明代。")]
    assert _signal("《红楼梦》和《西游记》哪部先成书？", "date", sources, 1, "《红楼梦》成书于清代乾隆年间。") \
        != "title_unnamed"


_TRAVEL = "差旅管理办法 > 住宿标准\n一线城市住宿标准为每晚600元。"


def test_a_reference_question_as_classify_reads_it_is_answered() -> None:
    sources = [_item(1, "费用报销细则", "费用报销细则\n差旅费用按公司另行制定的办法执行。"), _item(2, "差旅管理办法", _TRAVEL)]
    question = "《费用报销细则》说差旅费用按另一份办法执行，那份办法规定的一线城市住宿标准是多少？"
    assert _signal(question, "number", sources, 2, "一线城市住宿标准为每晚600元。") != "title_unnamed"


@_xfail("a reference question not worded 那份/另一份 (这个办法) is typed fact, so the pointing document's title refuses")
def test_a_reference_question_in_other_words() -> None:
    sources = [_item(1, "费用报销细则", "费用报销细则\n差旅费用按《差旅管理办法》执行。"), _item(2, "差旅管理办法", _TRAVEL)]
    question = "《费用报销细则》提到差旅按《差旅管理办法》执行，这个办法规定的一线城市住宿标准是多少？"
    assert _signal(question, "number", sources, 2, "一线城市住宿标准为每晚600元。") != "title_unnamed"


@_xfail("a reference question turns the check off for every title, the pointed-to 《保密协议》 it asks about too")
def test_a_reference_question_about_a_document_no_source_holds() -> None:
    sources = [_item(1, "员工手册", "员工手册\n涉密岗位员工须另行签订保密协议。"),
               _item(2, "劳动合同范本", "劳动合同范本 > 违约责任\n乙方违反服务期约定的，违约金为两万元。")]
    question = "《员工手册》里提到的那份《保密协议》规定的违约金是多少？"
    assert _signal(question, "number", sources, 2, "乙方违反服务期约定的，违约金为两万元。") == "title_unnamed"


def test_empty_titles_and_texts_do_not_crash() -> None:
    sources = [_item(1, "", ""), _item(2, "", "《》")]
    assert _signal("《》是什么时候发布的？", "date", sources, 1, "") in (None, "untyped_sources", "event_unsaid")
    assert _signal("《员工手册》是什么时候发布的？", "date", sources, 2, "《》") == "title_unnamed"


# ---------------------------------------------------------------------------------------------------------------------
# 2. event_unsaid(..., subject=...): a glued verb's piece that the source's title writes
# ---------------------------------------------------------------------------------------------------------------------

_HONGDU = ("2013年6月27日，台湾嘉义地方法院一审判决，由于宏都阿里山公司违约，宏都阿里山公司应无偿移转建于阿里山森林铁路北门车站原址的"
           "阿里山丽星北门大饭店给林务局。")


@pytest.mark.parametrize("question, sentence, subject, refused", [
    # the title's piece (公司) never writes the headquarters, however the title is spelled around it
    ("宏都阿里山公司总部在哪里？", _HONGDU, "宏都阿里山股份有限公司", True),
    ("宏都阿里山公司总部在哪里？", _HONGDU, "宏都阿里山 公司", True),
    ("星巴克公司总部在哪里？", "星巴克公司在全球开设了三万多家门店。", "星巴克公司", True),
    ("宏都阿里山公司总部在哪儿？", _HONGDU, "宏都阿里山公司", True),
    # the sentence writes the asked word whole, or the other piece
    ("宏都阿里山公司总部在哪里？", "宏都阿里山公司的总部设在台湾嘉义市。", "宏都阿里山公司", False),
    ("北京奥运会开幕式在哪里举行？", "开幕式在北京国家体育场举行。", "2008年夏季奥林匹克运动会开幕式", False),
    # a piece the title does not write still counts (the rule before v82)
    ("北京奥运会开幕式在哪里举行？", "北京奥运会于2008年8月8日晚在北京国家体育场开幕。", "2008年夏季奥林匹克运动会", False),
    # odd input
    ("", "任何句子。", "公司", False),
    ("？", "任何句子。", "公司", False),
    ("宏都阿里山公司总部在哪里？", "", "宏都阿里山公司", False),
    ("宏都阿里山公司总部在哪里？", _HONGDU, "公司(总部)[*", True),   # regex characters in a title are plain text
    ("宏都阿里山公司总部在哪里？", "宏都阿里山公司总部", "宏都阿里山公司总部", False),   # the title is the whole word
])
def test_subject_pieces(question: str, sentence: str, subject: str, refused: bool) -> None:
    assert bool(event_unsaid(question, sentence, "place", subject=subject)) is refused


@pytest.mark.parametrize("question, sentence, subject", [
    pytest.param("北京奥运会开幕式在哪里举行？", "北京奥运会于2008年8月8日晚在北京国家体育场开幕。",
                 "2008年夏季奥林匹克运动会开幕式"),   # fixed in the same session (v82)
    pytest.param("新产品发布会在哪里举行？", "新品将于3月5日在深圳湾体育中心发布。", "2024新品发布会通知"),   # fixed in the same session (v82)
    pytest.param("星巴克公司总部在哪里？", "星巴克的总公司位于美国华盛顿州西雅图。", "星巴克公司",
                 marks=_xfail("总公司 (head office) is written, but 公司 is the title's and 总部 absent: refused")),
])
def test_subject_piece_that_is_the_event_should_answer(question: str, sentence: str, subject: str) -> None:
    assert event_unsaid(question, sentence, "place", subject=subject) == []


@pytest.mark.parametrize("question, sentence, subject", [
    pytest.param("腾讯公司总部在哪里？", "腾讯公司于2004年在香港联交所上市。", "腾讯",
                 marks=_xfail("the title omits 公司 (腾讯), so 公司 of 公司总部 writes the event again")),
    pytest.param("星巴克公司总部在哪里？", "星巴克公司在全球开设了三万多家门店。", "Starbucks",
                 marks=_xfail("an English title shares no piece with the Chinese question: 公司 writes the event")),
    pytest.param("宏都阿里山公司总部在哪？", _HONGDU, "宏都阿里山公司",
                 marks=_xfail("colloquial 在哪 (no 里) is not read as asking where: the check is off")),
    pytest.param("宏都阿里山公司總部在哪裡？", _HONGDU, "宏都阿里山公司",
                 marks=_xfail("traditional 哪裡 is not read as asking where: the check is off")),
])
def test_subject_piece_should_still_refuse(question: str, sentence: str, subject: str) -> None:
    assert event_unsaid(question, sentence, "place", subject=subject) != []


def test_the_subject_is_the_asked_fact_sources_title_in_asked_fact_refusal() -> None:
    sources = [_item(1, "宏都阿里山公司", f"宏都阿里山公司\n{_HONGDU}")]
    assert _signal("宏都阿里山公司总部在哪里？", "place", sources, 1, _HONGDU, prose=True) == "event_unsaid"
    sources = [_item(1, "宏都阿里山公司", "宏都阿里山公司\n宏都阿里山公司的总部设在台湾嘉义市。")]
    assert _signal("宏都阿里山公司总部在哪里？", "place", sources, 1, "宏都阿里山公司的总部设在台湾嘉义市。",
                   prose=True) is None
