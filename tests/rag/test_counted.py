"""What a "how many" question counts, and whether a sentence counts it (rag.answerability.counted, evidence v80)."""

from __future__ import annotations

import pytest

from rag.answer_types import asked_type
from rag.answerability.asked_fact import AskedFact
from rag.answerability.asked_fact_checks import asked_fact_refusal
from rag.answerability.counted import asked_ordinal, counted_noun, counts, ordinal_in
from tests.rag.helpers import item


@pytest.mark.parametrize(("question", "nouns"), [
    ("伊丽莎白港机场有几条跑道？", ("跑道",)),            # tagged in the whole question (alone, 条跑道 reads 跑道 as a verb)
    ("爱普格评分由几项指标分别构成？", ("指标",)),
    ("古监狱保存了几座中世纪的塔楼？", ("塔楼",)),        # through 的 to the head noun
    ("这届江临文学奖一共有多少部作品参评？", ("作品",)),
    ("How many runways does Port Elizabeth airport have?", ("runway",)),
    ("How many polo shirts is a crèche assistant issued?", ("polo", "shirt")),
    ("How many Plaxton Leopard coaches are kept at Holt Bridge?", ("plaxton", "leopard", "coach")),
    # a unit, a sum, people, a time or an ordinal: nothing this module checks
    ("年假一共几天？", ()),
    ("2025 年春节一共放几天假？", ()),                     # jieba glues the unit on: 天假
    ("系统登录密码连续输错几次会被锁定？", ()),
    ("被派驻到营业部的员工每月有多少驻点补贴？", ()),      # a sum asked by what it pays for
    ("新员工领取工装需要交多少押金？", ()),
    ("这个项目有多少人参加？", ()),                        # one character
    ("夏尔精通哪几门语言？", ()),                          # 哪几 asks a list
    ("《This Is Where I Came In》是Bee Gees的第几张原创专辑？", ()),   # an ordinal (asked_ordinal)
    ("How many days of annual leave do I get?", ()),
    ("How many people live in Cressnoll now?", ()),
    ("How many children does she have?", ()),             # people go by other names ("three kids")
    ("多少钱？", ()),
])
def test_counted_noun(question: str, nouns: tuple[str, ...]) -> None:
    assert counted_noun(question) == nouns


@pytest.mark.parametrize(("sentence", "nouns", "counted"), [
    ("机场又有13个停机坪和有一个8,700平方米的航站楼。", ("跑道",), False),
    ("第二条是17/35，长1,667米；", ("跑道",), False),
    ("机场有两条跑道，主跑道长3,000米。", ("跑道",), True),
    ("爱普格评分由五项指标组成。", ("指标",), True),
    ("林永康已婚，育有3名子女。", ("孩子",), True),          # a number of people counts people under another name
    ("机场每年可处理二百万人次。", ("跑道",), False),          # …never runways
    ("每年接待游客约二百万人次。", ("游客",), True),
    ("The airport has 13 aircraft stands and one terminal.", ("runway",), False),
    ("The airport has two runways, the longer 3,000 m.", ("runway",), True),
    ("Each assistant is issued three polo shirts.", ("polo", "shirt"), True),
    ("Staff wear a navy fleece.", ("polo", "shirt"), False),    # no number at all
    ("任何句子", (), True),                                     # nothing counted: nothing to check
])
def test_counts(sentence: str, nouns: tuple[str, ...], counted: bool) -> None:
    assert counts(sentence, nouns) is counted


@pytest.mark.parametrize(("question", "classifier"), [
    ("《real world》是EXILE的第几张单曲？", "张"),
    ("他是第几届奥运会的冠军？", "届"),
    ("蒙泰罗获得第几名？", None),          # a rank is answered without its classifier (排名第三)
    ("香港在DVD分区属于第几区？", None),
])
def test_asked_ordinal(question: str, classifier: str | None) -> None:
    assert asked_ordinal(question) == classifier


@pytest.mark.parametrize(("sentence", "classifier", "written"), [
    ("专辑曾登上英国音乐排行榜第18位。", "张", False),
    ("这是他们的第20张录音室专辑。", "张", True),
    ("2006年发行首张单曲。", "张", True),
    ("他在第十届全运会上夺冠。", "届", True),
])
def test_ordinal_in(sentence: str, classifier: str, written: bool) -> None:
    assert ordinal_in(sentence, classifier) is written


_AIRPORT = "这个机场是由南非机场公司拥有。第二条是17/35，长1,667米；机场又有13个停机坪和有一个航站楼。"


@pytest.mark.parametrize(("question", "text", "prose", "refused"), [
    ("伊丽莎白港机场有几条跑道？", _AIRPORT, True, True),
    ("伊丽莎白港机场有几条跑道？", _AIRPORT + "机场共有两条跑道。", True, False),
    ("伊丽莎白港机场有几条跑道？", _AIRPORT, False, False),   # a table or a list states counts in its own shape
    ("伊丽莎白港机场有几个停机坪？", _AIRPORT, True, False),
    ("《real world》是EXILE的第几张单曲？", "2007年该曲登上排行榜第18位。", True, True),
    ("《real world》是EXILE的第几张单曲？", "《real world》是EXILE的第25张单曲，2007年发行。", True, False),
])
def test_the_uncounted_check(question: str, text: str, prose: bool, refused: bool) -> None:
    sources = [item(1, text, title="伊丽莎白港机场")]
    asked = AskedFact(asked_type(question), 0.8, 0.8, 1, text, prose, text, 1)
    # (titles off: the sentence about 第18位 never names 《real world》 either, which v82 reads first)
    decision = asked_fact_refusal(question, asked, sources, 2, sub_queries=False, titles=False)
    assert (decision is not None and decision[1] == "uncounted") is refused
    off = asked_fact_refusal(question, asked, sources, 2, sub_queries=False, counted=False, titles=False)
    assert off is None or off[1] != "uncounted"
