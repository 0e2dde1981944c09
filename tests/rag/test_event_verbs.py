"""A date whose sentence says nothing of the asked event (rag.answerability.event_verbs, evidence v79)."""

from __future__ import annotations

import pytest

from rag.answer_types import asked_type
from rag.answerability.event_verbs import event_unsaid, event_verbs


@pytest.mark.parametrize(("question", "verbs"), [
    ("蒋巨峰是何时辞去四川省长职务的？", ["辞"]),              # 辞去 as 辞职 writes it
    ("富国银行广场建于哪一年？", ["建"]),                 # as a sentence writes it: 1986年兴建
    ("卡塞雷斯老城区是何时被列为世界文化遗产的？", ["列"]),
    ("《real world》什么时候发行的？", ["发行"]),
    ("临平高架桥项目计划什么时候竣工？", ["竣工"]),       # 计划 says nothing of the event
    ("前厅部的早班是几点到几点？", []),                   # a clock time: timetables state it without the verb
    ("春节假放到几号？", []),
    ("What year did the bridge open?", []),               # Chinese only
    ("叶盛茂的籍贯是哪里？", []),                         # no date asked
])
def test_event_verbs(question: str, verbs: list[str]) -> None:
    assert event_verbs(question) == verbs


@pytest.mark.parametrize(("question", "sentence", "refused"), [
    ("蒋巨峰是何时辞去四川省长职务的？", "2007年1月至2013年1月5日任中共四川省委副书记、四川省代省长、省长。", True),
    ("茨柏克沃斯基是何时从微软退休的？", "1996年起，微软独立开发Cairo，茨柏克沃斯基参与Windows NT核心的档案系统开发。", True),
    ("《real world》什么时候发行的？", "2007年波士顿红袜队的松坂大辅在决赛最终战使用的入场歌曲。", True),
    ("临平高架桥项目计划什么时候竣工？", "项目部: 临平高架桥项目部; 开工时间: 2023 年 2 月", True),
    # the dated sentence writes the event
    ("尤金袋鼠最初是何时被发现的？", "尤金袋鼠最初是于1628年船难的生还者在西澳发现的。", False),
    ("富国银行广场建于哪一年？", "1986年，西北国家银行在原址兴建新大厦，并于1988年落成。", False),
    ("西贡商信银行成立的时间是什么时候？", "西贡商业信用银行成立于1991年12月21日。", False),
    ("年终奖什么时候发？", "年终奖于次年1月随工资发放。", False),
    # a schedule states its times without the verb
    ("它平时什么时候开放？", "家长接待室设在行政楼一楼 105 室，接待时间为工作日 12:40 至 13:20。", False),
    # no dated sentence: the other checks decide
    ("蒋巨峰是何时辞去四川省长职务的？", "", False),
])
def test_event_unsaid(question: str, sentence: str, refused: bool) -> None:
    assert bool(event_unsaid(question, sentence)) is refused


@pytest.mark.parametrize(("question", "sentence", "others", "refused"), [
    ("六十进制发源于哪里？", "其他文明也有使用六十进制，如西新几内亚的Ekagi族。", [], True),   # 发源, though jieba tags it a noun
    ("琴娜·杜普洛生活在什么地方？", "在她的网站，杜普洛写道：我并没有真的去作一个作家。", [], True),
    ("西贡商信银行的总部在哪里？", "该银行的总部位于胡志明市。", [], False),
    ("严长寿的出生地在哪里？", "严长寿，出生于上海市，祖籍浙江杭州。", [], False),   # 出生地 by its piece 出生
    ("小艾瑞克·高登现效力于哪儿？", "小艾瑞克·高登，美国职业篮球运动员，现效力于NBA休士顿火箭。", [], False),
    # another window of the source with a place writes the verb
    ("挪威海螯虾主要分布在哪些地区？", "在西班牙及葡萄牙等地，每逢重大节日都会烹煮挪威海螯虾。",
     ["主要分布于东大西洋海域，北至挪威及冰岛之间的挪威海海域。"], False),
])
def test_event_unsaid_where(question: str, sentence: str, others: list[str], refused: bool) -> None:
    assert bool(event_unsaid(question, sentence, "place", others)) is refused


@pytest.mark.parametrize(("question", "sentence", "others", "refused"), [
    ("2001年，叶盛茂接替谁担任调查局局长？", "叶盛茂，中华民国法务部调查局前局长。",
     ["卸任调查局长后遭起诉并被判刑。"], True),
    ("魏舒把筑修城墙的事交给了谁？", "李忠臣被任命为同平章事。", [], True),
    # every window of the source counts for a person: the answer may be a post no name reader finds
    ("根据传统，谁在国会中拥有一个席位？", "1867年5月24日，委任约翰·A·麦克唐纳爵士组建第一任加拿大联邦政府。",
     ["根据传统，总理在国会中拥有一个席位。"], False),
])
def test_event_unsaid_who(question: str, sentence: str, others: list[str], refused: bool) -> None:
    assert bool(event_unsaid(question, sentence, "person", others)) is refused


def test_bound_characters_keep_their_particle() -> None:
    """属于 is no 属: a one-character core that binds to its particle is no verb of its own."""
    assert event_verbs("行政权名义上属于谁？", "person") == []


@pytest.mark.parametrize(("question", "sentence", "refused"), [
    # a character of the verb right after a date states the event in a biography's or a chronicle's words
    ("张三是哪一年出生的？", "张三，1950年3月生，江苏南京人。", False),
    ("大楼是哪一年建成的？", "大楼于1988年落成。", False),
    ("这条线路何时开通？", "该线路2005年通车。", False),
    # …never a character that says nothing of the event, nor one far from the date
    ("《real world》什么时候发行的？", "2007年的入场歌曲由松坂大辅挑选。", True),
    ("蒋巨峰是何时辞去四川省长职务的？", "2007年1月至2013年1月任四川省省长，后调任他职。", True),
])
def test_a_verb_right_after_a_date(question: str, sentence: str, refused: bool) -> None:
    assert bool(event_unsaid(question, sentence)) is refused


# evidence v80: which body (哪所大学, 哪家公司) and which ones (哪些), read in running prose
@pytest.mark.parametrize(("question", "kind", "sentence", "refused"), [
    ("马克·茨柏克沃斯基毕业于哪所大学？", "organisation",
     "2008年1月，茨柏克沃斯基加入SWsoft担任资深技术顾问。", True),
    ("马克·茨柏克沃斯基毕业于哪所大学？", "organisation", "茨柏克沃斯基1980年毕业于卡内基梅隆大学。", False),
    ("他在哪家公司工作？", "organisation", "他在华为公司工作了十年。", False),
    ("洛拉·帕尼亚尼会讲哪些语言？", "list", "她的父亲是义大利作家和编剧家恩佐·帕尼亚尼。", True),
    ("洛拉·帕尼亚尼会讲哪些语言？", "list", "她能讲英语、法语和意大利语。", False),
    ("短叶水蜈蚣主治哪些问题？", "list", "根状茎匍匐，狭线形叶子互生；穗状花序单生茎端。", True),
    ("入职需要带哪些东西？", "list", "新员工请携带身份证、学历证书和一寸照片。", False),   # 带 in 携带
    ("西班牙语内有哪些方言种类？", "list", "西班牙语有许多方言。", False),               # no verb: 有 says nothing
])
def test_event_unsaid_which(question: str, kind: str, sentence: str, refused: bool) -> None:
    assert bool(event_unsaid(question, sentence, kind)) is refused


@pytest.mark.parametrize(("question", "kind", "verbs"), [
    ("发布会的时间是什么时候？", "date", []),          # 时间 names what is asked: never the event (evidence v80)
    ("西贡商信银行成立的时间是什么时候？", "date", ["成立"]),
    ("比赛的地点在哪里？", "place", ["比赛"]),
    ("新馆开放的时间是哪一年？", "date", ["开放"]),
    # …nor a compound ending in one (evidence v98): 地理位置 is the asked place
    ("巴黎第四区的地理位置在哪里？", "place", []),
    ("运动会的举办日期是什么时候？", "date", ["举办"]),
])
def test_an_asking_noun_is_no_event(question: str, kind: str, verbs: list[str]) -> None:
    assert event_verbs(question, kind) == verbs


@pytest.mark.parametrize(("question", "verbs"), [
    ("2014年，吕志兴有哪些活动？", []),       # the listed kind (活动) is never the event, however jieba tags it
    ("除了张天霖，还有哪些名模？", []),       # 还有 says nothing of an event
    ("公司生产哪几种产品？", ["生产"]),
])
def test_what_a_list_asks_of_is_no_event(question: str, verbs: list[str]) -> None:
    assert event_verbs(question, "list") == verbs


# English (evidence v81): the words after the auxiliary, names, numbers and function words aside

from rag.answerability.event_verbs import english_event_words  # noqa: E402


@pytest.mark.parametrize(("question", "words"), [
    ("When did Trailmate reach a million downloads?", ["reach", "million", "downloads"]),
    ("When was the Lumen-2 asteroid probe launched?", ["asteroid", "probe", "launched"]),
    ("In what year was the bridge built?", ["bridge", "built"]),
    ("When did FreshCrate find out about the breach?", ["find", "breach"]),   # "out", "about": function words
    ("When did the fire take place?", ["fire"]),                              # a light verb says nothing
    ("What time does the museum open?", []),                                  # a clock time, not an event's date
    ("How long does the ferry take?", []),
    ("富国银行广场建于哪一年？", []),                                          # Chinese has its own reading
    ("", []),
])
def test_english_event_words(question: str, words: list[str]) -> None:
    assert english_event_words(question) == words


@pytest.mark.parametrize(("question", "sentence", "subject", "refused"), [
    # another event of the same subject dated: refused
    ("When did Trailmate reach a million downloads?",
     "It shows maps that can be downloaded. The app was briefly removed from one app store in 2021.", "Trailmate", True),
    ("When did Quillstone 4.0 come out?", "The project was started in 2009 by two students.", "Quillstone", True),
    # the title names the subject ("breach"); the dated sentence never says when it was found
    ("When did FreshCrate find out about the breach?",
     "FreshCrate said on Friday that hackers had obtained personal data.", "FreshCrate data breach", True),
    # the event written in another form of the same word: answered
    ("When did they build the bridge?", "The bridge was built in 1890.", "Harl Bridge", False),
    ("When did the strike begin?", "The strike began on 3 March 1984.", "Miners' strike", False),
    ("When was the company founded?", "Founded in 1921, the company makes ropes.", "Tarrow Ropes", False),
    ("When did the club win its first title?", "It won the league title in 1972.", "Ambry FC", False),
    # a schedule's times are stated without the event
    ("When does the library open?", "The library is open on Mondays from 9 am.", "Library", False),
    # every event word is the subject's: nothing to look for
    ("When did the FreshCrate data breach happen?", "FreshCrate said on Friday that hackers got in.", "FreshCrate data breach",
     False),
])
def test_english_event_unsaid(question: str, sentence: str, subject: str, refused: bool) -> None:
    assert bool(event_unsaid(question, sentence, "date", [], subject, english=True)) is refused
    assert event_unsaid(question, sentence, "date", [], subject) == []   # Chinese only unless asked (english_events)


_TRAILMATE = ("Trailmate is a hiking app made in Tarnby. It shows maps that can be downloaded region by region. "
              "The app was briefly removed from one app store in 2021 after a dispute about location data.")


@pytest.mark.parametrize(("question", "text", "prose", "refused"), [
    ("When did Trailmate reach a million downloads?", _TRAILMATE, True, True),
    ("When did Trailmate reach a million downloads?", _TRAILMATE + " It reached a million downloads in 2019.", True, False),
    ("When did Trailmate reach a million downloads?", _TRAILMATE, False, False),   # handbooks and tables: not read
    ("When was Trailmate removed from the app store?", _TRAILMATE, True, False),
    ("When do I need to renew the Trailmate licence?", _TRAILMATE, True, False),   # in what case, not an event
])
def test_the_english_event_check(question: str, text: str, prose: bool, refused: bool) -> None:
    from rag.answer_types import asked_type
    from rag.answerability.asked_fact import AskedFact
    from rag.answerability.asked_fact_checks import asked_fact_refusal
    from rag.types import ContextItem

    sources = [ContextItem(1, "trailmate#0", "trailmate", "Trailmate (app)", ("Trailmate (app)",), text, 1.0, 60)]
    sentence = text.split(". ")[-1]
    asked = AskedFact(asked_type(question), 0.8, 0.8, 1, sentence, prose, sentence, 1)
    decision = asked_fact_refusal(question, asked, sources, 2, sub_queries=False, english_events=True)
    assert (decision is not None and decision[1] == "event_unsaid") is refused
    for off in ({"events": False, "english_events": True}, {}):   # off by default (evidence v81)
        decision = asked_fact_refusal(question, asked, sources, 2, sub_queries=False, **off)
        assert decision is None or decision[1] != "event_unsaid"


_HONGDU = ("2013年6月27日，台湾嘉义地方法院一审判决，由于宏都阿里山公司违约，宏都阿里山公司应无偿移转建于阿里山森林铁路北门车站原址的"
           "阿里山丽星北门大饭店给林务局。")


@pytest.mark.parametrize("question, sentence, subject, refused", [
    # jieba glues 公司总部; its piece 公司 is the subject's (the source's title), never the asked headquarters
    ("宏都阿里山公司总部在哪里？", _HONGDU, "宏都阿里山公司", True),
    ("宏都阿里山公司总部在哪里？", _HONGDU, "", False),   # no title: the piece counts as before (evidence v81)
    ("宏都阿里山公司总部在哪里？", "宏都阿里山公司的总部设在台湾嘉义市。", "宏都阿里山公司", False),
    # a piece the title does not write still stands for the word (出生 of 出生地 in 出生于)
    ("鲁迅的出生地在哪里？", "鲁迅1881年出生于浙江绍兴。", "鲁迅", False),
])
def test_a_glued_word_is_not_written_by_the_subjects_piece(question: str, sentence: str, subject: str,
                                                           refused: bool) -> None:
    assert bool(event_unsaid(question, sentence, "place", subject=subject)) is refused


def test_the_winner_asked_is_no_event() -> None:
    # 奖得主 is the one who won: the answer writes "获得长篇小说奖" (evidence v88)
    assert event_verbs("第十二届青崖文学奖长篇小说奖得主是谁？", "person") == []
    assert event_verbs("2023年澄澜羽毛球公开赛男单冠军是谁？", "person") == ["冠军"]


# evidence v101: a sentence that is only a list states a field's values; its verb (分布) was the article's layout
@pytest.mark.parametrize(("question", "sentence", "others", "refused"), [
    ("长柄艾纳香分布在哪些地区？", "花期1-3月。生长于海拔500米至1,400米的地区，常生长在密林中。",
     ["台湾岛、马来西亚、巴基斯坦、缅甸、斯里兰卡、印度以及中国大陆的广西、云南、广东。"], False),
    ("长柄艾纳香分布在哪些地区？", "花期1-3月。生长于海拔500米至1,400米的地区，常生长在密林中。", [], True),
    # a list with a verb is no field: its verb is another event's
    ("长柄艾纳香分布在哪些地区？", "花期1-3月。生长于海拔500米至1,400米的地区。",
     ["曾被引种到台湾岛、马来西亚、巴基斯坦、缅甸等地栽培。"], True),
    # two items are no list; long items are clauses
    ("长柄艾纳香分布在哪些地区？", "生长于海拔500米的地区。", ["台湾岛以及广西。"], True),
    # a list of anything but places states no where (a review's attacks): people, colours, diseases; a single place asked
    ("长柄艾纳香分布在哪些地区？", "生长于海拔500米的地区。", ["张三、李四、王五。"], True),
    ("长柄艾纳香分布在哪些地区？", "生长于海拔500米的地区。", ["红色、黄色、白色。"], True),
    ("长柄艾纳香分布在哪些地区？", "生长于海拔500米的地区。", ["高血压、糖尿病、心脏病。"], True),
    ("他出生在哪里？", "他的父亲是一名教师。", ["北京、上海、广州。"], True),
    ("洛拉会讲哪些语言？", "洛拉生于罗马，在大学研究戏剧。", ["英语、法语、意大利语。"], True),   # places only
    # not for a date: a list of years says nothing of the asked event
    ("大桥是何时建成的？", "大桥由市政府投资，2001年开放参观。", ["1990年、1995年、2001年。"], True),
])
def test_a_bare_list_states_the_field(question: str, sentence: str, others: list[str], refused: bool) -> None:
    kind = asked_type(question)
    assert bool(event_unsaid(question, sentence, kind, others)) is refused


# evidence v105, from a probe set of answerable questions written blind to these rules (every case a false refusal before)
@pytest.mark.parametrize("question, sentence, refused", [
    # a noun a copula makes the asked slot is written by its first character ("其父为…"), never by a common one
    ("蔡敏的父亲是谁？", "其父为中华民国空军中将蔡名永。", False),
    ("在世的加拿大前总理中，年纪最大的是谁？", "在世的加拿大前总理有7位，其中最著名的是约翰·特纳。", True),   # (review)
    ("2023年澄澜羽毛球公开赛男单冠军是谁？", "男单亚军是李明。", True),
    ("蔡敏的父亲是谁？", "蔡敏的老师是张明。", True),
    # a noun before 是何时 is the subject, the verb after it the event
    ("塞内加尔国徽是何时被采用为国徽的？", "1960年，塞内加尔独立。", True),
    # the word after the asking words is the predicate whatever jieba tags it (开业: a noun to jieba)
    ("永旺百货在碧海蓝天的分店何时正式开业？", "该店于2012年1月正式开业。", False),
    ("永旺百货在碧海蓝天的分店何时正式开业？", "该店于2012年1月扩建。", True),
    # verbs that only place or only have say nothing of the event
    ("长谷川町子美术馆坐落在哪里？", "她创建了美术馆（地点在东京都世田谷区樱新町）。", False),
    ("哪所大学在卡塞雷斯设有分校？", "埃斯特雷马杜拉大学在卡塞雷斯有一座分校。", False),
    # the written language's one-character verb and its preposition
    ("蒋家旻出生在哪里？", "蒋家旻生于广东深圳，为家中独女。", False),
    ("蒋家旻出生在哪里？", "蒋家旻在广东深圳读书。", True),
])
def test_v105_event_words(question: str, sentence: str, refused: bool) -> None:
    assert bool(event_unsaid(question, sentence, asked_type(question))) is refused


def test_after_a_preposition_no_word_is_the_predicate() -> None:
    # "何时从微软退休": 微软 (which jieba tags an adjective) is where from, 退休 the event
    assert "微软" not in event_verbs("茨柏克沃斯基是何时从微软退休的？", "date")


@pytest.mark.parametrize("sentence, schedule", [
    ("2013年在央视春晚上演唱《嘀嗒》。", False),     # 晚上 inside 春晚 / 上演
    ("公司于2001年最早上市。", False),                # 早上 inside 最早 / 上市
    ("1984年起，《台视周日卡通》开播。", False),     # a weekday inside a title
    ("每天早上8点开门。", True),
    ("周六晚上营业至2003年。", True),
    ("本馆每天晚上九点闭馆。", True),    # 每天晚上: one jieba word (review)
])
def test_v107_a_schedule_is_read_on_words(sentence: str, schedule: bool) -> None:
    from rag.answerability.event_verbs import _schedule

    assert _schedule(sentence) is schedule


# the review of v105-v107, each attack kept
@pytest.mark.parametrize("question, sentence, refused", [
    # a slot that names what is asked, or a relative's character in another word, writes nothing
    ("西贡商信银行成立的时间是什么时候？", "1995年，该银行同时在河内开设分行。", True),
    ("蔡敏的父亲是谁？", "蔡敏的父母是李明和王芳。", True),
    ("李晨向范冰冰求婚的日期是哪一年？", "2015年，李晨回应网友的要求。", True),
    # the one-character form of a verb is a closed list: 辞职 is no 任职于, 即位 no 位于, 签约 no 约于, 出生 no 先生在
    ("他是何时辞职的？", "2005年起任职于华为。", True),
    ("他是何时即位的？", "1644年，该城位于边境。", True),
    ("双方何时签约？", "约于2010年开始合作。", True),
    ("张明出生在哪里？", "张先生在上海创办公司。", True),
    # a light verb after the asking words is no event, nor a verb a particle leaves one character of
    ("塞内加尔是何时成为一个独立国家的？", "1960年8月20日，塞内加尔宣布独立。", False),
    ("韦明哲是哪年当上岚州市长的？", "2016年，韦明哲出任岚州市长。", False),
])
def test_review_of_v105_v107(question: str, sentence: str, refused: bool) -> None:
    assert bool(event_unsaid(question, sentence, asked_type(question))) is refused
