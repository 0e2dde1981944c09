"""The asked fact: what kind of answer a question wants, and whether a sentence holds one.

A passage about the same event covers a question's words as well as the passage that answers
it. What tells them apart is the *asked fact*: a number for "多少" / "how many", a date for
"什么时候" / "when", a person for "谁" / "who", a place for "哪里" / "where", an organisation for
"哪家公司" / "which company", a list for "哪些" / "which … are". :func:`asked_type` reads it from
the question; :func:`has_candidate` says whether a sentence holds a candidate of that type that
the question does not already hold (a year the question names is not its answer).

Types: ``number``, ``date``, ``person``, ``place``, ``organisation``, ``list``; and the untyped
kinds, whose answer has no surface form to look for — ``yesno``, ``definition``,
``procedure``, ``reason`` and ``other`` (:data:`UNTYPED`).

The rules are the same for any corpus: question words, numerals, units, calendar words, role
nouns and name patterns, jieba's part-of-speech tags for Chinese names, places and organisations.
"""

from __future__ import annotations

import bisect
import re

from rag.holders import asks_holder, names_in
from rag.holders import (
    post_asked as post_asked,  # (re-exported: who holds a post is read in rag.holders)
)
from rag.measures import asked_measure, states_measure, unit_given
from rag.text import CJK as _CJK
from rag.text import zh_tagged, zh_tagged_spans

TYPES = ("number", "date", "person", "place", "organisation", "list",
         "yesno", "definition", "procedure", "reason", "other")
UNTYPED = frozenset({"yesno", "definition", "procedure", "reason", "other"})


# ── what is asked ────────────────────────────────────────────────────────────────────────────
_ZH_CLASSIFIERS = "个名位次年天日月周岁元块角分人种项倍场届条家座部张本只辆件台架层楼页章集首期门所间棵头匹份双对级类档册卷辑站"
# a noun that names an amount ("what rate", "the salary range"), and a word before it that says of what
# ("mileage", "nightly hotel"): never a verb or a pronoun, which make the question ask something else
_EN_MEASURES = (r"percentage|percent|proportion|number|amount|fraction|share|rate|size|age|price|cost|fee|limit|magnitude|"
                r"cap|temperature|length|weight|height|width|depth|speed|distance|salary|allowance|deposit|"
                r"charge|discount|budget|penalty|range")
# what news reports as a figure ("What was Pelham Bank's pre-tax profit for 2022?", "What was the attendance at the
# festival?"): a number only after "the" or whose it is ("What is rent?", "What sales are on?" ask none)
_EN_FIGURES = (r"profit|revenue|turnover|sales|earnings|income|loss|debt|valuation|takings|attendance|turnout|"
               r"population|toll|rainfall|score|margin|majority|capacity|fine|wage|bonus|rent|fare|pension")
_EN_MODIFIER = (r"(?!(?:is|are|was|were|do|does|did|can|could|should|will|would|must|may|has|have|had|i|you|we|they|"
                r"he|she|it|kind|type|sort|of|to|for|in|on)\b)[a-z][a-z-]* ")

# whose figure it is: a name of up to four capitalised words ("Pelham Bank's", "Marks & Spencer's", "Westmoor City
# Council's"), or one or two words after a determiner ("the club's", "the on-call manager's", "the investors'"); never
# a phrase with a verb or a preposition ("the reason for the company's loss", "what happened to John's pension")
_POSSESSOR = (r"(?:(?-i:(?:[A-Z][\w.-]* (?:& )?){0,3}[A-Z][\w.-]*)|(?:(?:the|its|their|our|your|his|her|this|that) )?"
              r"(?:[a-z][a-z-]* )?[a-z][a-z-]*)(?:['’]s|(?<=s)['’]) ")
# the year a figure is of, before its noun ("the 2022 profit", "the 2023-24 budget")
_EN_YEAR = r"(?:(?:19|20)\d{2}(?:[-–/]\d{2})? )?"

# what follows the noun of an amount asked: a verb, a preposition, a time word or the end — never another noun ("what
# discount scheme", "what deposit scheme" ask for a scheme); ___ is a when / where blanked
_EN_AFTER_MEASURE = (r"(?:\s+(?:is|are|was|were|do|does|did|can|could|should|will|would|must|may|has|have|for|of|per|"
                     r"on|in|at|to|from|with|applies|apply|when|if|while|whilst|during|last|this|next|before|after)\b|"
                     r"\s+_{3,}|\s*[?.,!;:]|\s*$)")

# the bodies a Chinese question asks which of (哪所大学, 哪家公司): the organisation type, and the event rule's "which body"
ZH_BODIES = r"公司|企业|机构|组织|大学|学校|学院|银行|球队|俱乐部|单位|政党|媒体|出版社|电视台|部门|医院|乐队|团体"

# the body a Chinese question asks which of, and what that body's name ends with: "哪支球队" is answered by a team
# (沙澳海鹰队, a Latin name), never by "梧岭体育中心"; "哪所大学" by a university or college. Bodies whose names need not
# say what they are (公司: 星衍科技; 机构, 单位, 媒体) take any organisation
_ZH_BODY_KIN = {
    "大学": "大学|学院|学校|学府", "学院": "学院|大学|学校|学府",
    "学校": "学校|中学|小学|大学|学院|幼儿园|学府|高中|初中|附中|职高|技校|党校|分校|[一二三四五六七八九十0-9]中",
    "球队": "队|俱乐部", "俱乐部": "俱乐部|队",
    "医院": "医院|卫生院|保健院|诊所|门诊部|医疗中心|医学中心|体检中心|卫生服务中心|院区|[一二三四五六七八九十0-9]院",
    "银行": "银行", "电视台": "电视台|卫视|频道", "出版社": "出版社|出版集团", "乐队": "乐队|乐团|组合|合唱团",
}
_ZH_ASKS_BODY = re.compile(rf"哪[个家所支]?({'|'.join(_ZH_BODY_KIN)})|什么({'|'.join(_ZH_BODY_KIN)})")
_ASK = {
    "zh": [
        ("date", r"什么时候|啥时候|几时|何时|哪一?年|哪一?天|哪一?日|(?<![这那好十头])(?<![^提之以]前)几(?:月|号|日)|哪个月|什么时间|几点|何年|哪个?朝代?|什么年代|"
                 r"哪个?时期|哪个?世纪|什么日子|哪一?季|什么季节|哪个季节|什么时期|什么年份|日期是|时间是|起止|从何时|自何时|到何时"),
        ("list", r"哪几"),   # "分为哪几个级别" lists the levels; "几个" alone counts them
        # 这几天, 那几天, 前几天 (never 提前几天 / 之前几天), 好几个, 十几个, 头几天 say how many loosely;
        # they ask nothing. 后几天 asks ("提交后几天到账？")
        ("number", rf"多少钱|多少|(?<![这那好十头])(?<![^提之以]前)几[{_ZH_CLASSIFIERS}]|多[大长高远久重宽深厚快]|第几|百分之几|几成|几倍|几何(?![学体图形])|几岁|几千|几百|几万"),
        ("person", r"谁|哪位|何人|什么人|哪个人|哪一位|哪些人|由哪位|哪名"),
        ("organisation", rf"哪[个家所支]?({ZH_BODIES})|"
                         r"什么(公司|机构|组织|单位|部门|学校|大学|球队|乐队|团体)"),
        ("place", r"[在去到从]?哪里|[在去到从]?哪儿|何处|何地|什么地方|在哪|去哪|哪[个座片]?(国家|城市|省|省份|地区|地方|州|县|市|区|岛|国|城|位置|地点|房间|楼层|地址)|"
                  r"位于|坐落|发源于|来自哪"),
        ("list", r"哪些|哪几|包括什么|包含什么|包括哪|包含哪|列出|列举"),
        ("procedure", r"怎么办|怎么做|如何|怎么|怎样|流程|步骤|手续"),
        ("reason", r"为什么(?=[\u4e00-\u9fff])|为何|原因|何故"),   # "称之为什么？" asks a name, not a reason
        ("yesno", r"吗[？?]?\s*$|是否|能否|可否|是不是|有没有|能不能|可不可以|会不会|要不要|对不对"),
        ("definition", r"是什么|什么是|指什么|叫什么|称为|又称之为|又称为|称之为|叫做|又称|别称|名字|名称|意思"),
    ],
    "en": [
        ("number", r"\bhow (many|much|long|old|far|tall|high|big|large|often|fast|heavy|wide|deep|soon)\b|"
                   r"\bwhat (percentage|percent|proportion|number|amount|fraction|share|rate|size|age|price|cost|fee|limit|cap)\b|"
                   r"\bwhat(?:'s|’s| is) the (maximum|minimum|max|min|limit|cap|amount|number|price|cost|fee|rate|total)\b|"
                   # "what mileage rate", "at what temperature", "what's the salary range": up to two words may
                   # name the measure's kind ("what does the fee cover" asks no amount); read ahead only, so the
                   # words stay the question's topic
                   # …and the measure is the noun asked about: a verb, a preposition or the end follows it, never
                   # another noun ("what discount scheme", "what deposit scheme" ask for a scheme)
                   rf"\bwhat(?=(?:'s|’s| is| was| are| were)? (?:the )?(?:{_POSSESSOR})?(?:{_EN_MODIFIER}){{0,2}}(?:{_EN_MEASURES})s?"
                   rf"{_EN_AFTER_MEASURE})|"   # (___: a when / where blanked)
                   rf"\bwhat(?=(?:'s|’s| is| was| are| were)? (?:the |{_POSSESSOR}){_EN_YEAR}(?:{_EN_MODIFIER}){{0,2}}"
                   rf"(?:{_EN_FIGURES})(?:e?s)?{_EN_AFTER_MEASURE})|"
                   # "what's the most I can claim", never "the most common cause" (an adjective follows)
                   r"\bwhat(?:'s|’s| is) the (?:most|least)(?=\s+(?:i|you|we|they|he|she|one|a|an|someone|anyone|"
                   r"per|for|that|it|my|our|your)\b)"),
        ("date", r"\bwhen\b|\bhow quickly\b|\bhow quick\b|\bhow (?:early|late)\b(?=\s+(?:do|does|did|can|could|must|should|will|would|is|are|was|were|has|have|may|i|you|we|they|it|he|she)\b)|\bwhat (year|date|time|day|month|century|decade|era|period|hour)\b|"
                 r"\bwhich (year|date|day|month|century|decade|era|period)\b|"
                 # dates asked in the plural ("On which dates …?", "What days …?"), never "what periods of leave"
                 r"\b(?:what|which) (?:dates|days|years|months)\b(?!\s+of\b)|\bby what (date|time)\b|\bhow soon\b|"
                 # "What was the date of the 2022 final?", "what's the closing date for entries", "the deadline" (read
                 # ahead only: the noun stays the question's topic, "deadline for expense claims")
                 # (never a noun after it: "the deadline extension policy", "the date of birth field")
                 r"\bwhat(?=(?:'s|’s| is| was| are| were| will be) the (?:[a-z-]+ )?(?:date|dates|deadline)"
                 r"(?:\s*[?.!,]|\s*$|\s+(?:of|for|to|by|on|in|at|when|this|next|last)\b(?![^?.!]*\b(?:field|format|stamp|"
                 r"policy|policies|form|procedure|process|rule|rules)\b)))"),
        ("person", r"\bwho(m|se)?\b|\bwhich (person|people|man|woman|author|scientist|king|queen|president|player|"
                   r"manager|director|officer|team member)\b"),
        ("organisation", r"\b(which|what) (company|organi[sz]ation|team|university|school|college|agency|department|"
                         r"party|group|club|firm|institution|body|bank|band|network|publisher|newspaper)\b"),
        ("place", r"\bwhere\b|\b(which|what) (country|city|state|place|region|location|town|continent|province|area|"
                  r"river|island|street|building|room|floor|address|site|venue)\b|\bin which\b"),
        ("list", r"\b(what|which) (are|were) (the|some|all)\b|\blist\b|\bname (all|the|some|three|two)\b|"
                 r"\bwhat (kinds|types|items|documents|options|steps)\b"),
        ("procedure", r"\bhow (do|can|should|would|must|to)\b|\bwhat (should|do|must) (i|we|you)\b|\bwhat (steps|is the process|is the procedure)\b"),
        ("reason", r"\bwhy\b|\bfor what reason\b"),
        ("yesno", r"^\s*(is|are|was|were|do|does|did|can|could|should|will|would|has|have|had|may|must|shall|am)\b"),
        ("definition", r"\bwhat (is|are|was|were|does)\b|\bwhat do(es)? .* mean\b"),
    ],
}
_ASK_RE = {lang: [(kind, re.compile(pattern, re.I)) for kind, pattern in rules] for lang, rules in _ASK.items()}


# a sentence, or a question joined to another by "and" / "or" after a comma ("Do I need approval, and who gives it?")
_EN_SENTENCE = re.compile(r"(?:[^.?!;\n,]|,(?!\s*(?:and|or|but|also|plus)\b))+[.?!;,]*")
# a condition that opens a question, with its own when / where ("When my manager is away, who approves my leave?")
_EN_OPENING_CLAUSE = re.compile(r"^\W*(?:when|if|while|once|after|before|whenever|wherever)\b[^,?]*,\s*(?=\w)", re.I)
_EN_WH = re.compile(r"\b(?:what|which|who|whom|whose|where|when|why|how)\b", re.I)
_EN_BARE_WH = re.compile(r"\b(?:when|who|whom|whose|where)\b", re.I)   # words that also open a clause inside a question
_EN_AUX_FIRST = re.compile(r"^\W*(?:is|are|was|were|do|does|did|can|could|should|will|would|has|have|had|may|must|shall|"
                           r"am)\b", re.I)
# …unless a verb of knowing or telling embeds it: "do you know when payday is?", "can you tell me who signs it?"
_EN_EMBEDS = re.compile(r"\b(?:know|tell (?:me|us)|ask|wonder(?:ing)?|remind (?:me|us)|say|said|check|find out|confirm|"
                        r"explain|idea|heard|mentioned|sure|told (?:me|us|you)|any word on|clue)\s*$", re.I)


def without_subordinate_wh(question: str) -> str:
    """An English question with the when / who / where that open a clause inside it blanked out: "Who
    do I call when the VPN fails?" asks a person, "Where can I leave my bike when I come in?" a place,
    "What do I do when my laptop is stolen?" a procedure, "Can staff who are on probation work from
    home?" a yes or no. Such a word asks only as its sentence's first question word, and not after an
    auxiliary that opens the sentence, unless a verb of knowing embeds it ("do you know when …")."""
    def blank(sentence: re.Match[str]) -> str:
        said = sentence.group()
        opening = _EN_OPENING_CLAUSE.match(said)
        if opening and _EN_WH.search(said, opening.end()):
            # the condition's own question word asks nothing; the question after it does
            head = _EN_BARE_WH.sub(lambda w: "_" * len(w.group()), said[: opening.end()])
            said = said[opening.end():]
            return head + blank_rest(said)
        return blank_rest(said)

    def blank_rest(said: str) -> str:
        first = _EN_WH.search(said)
        aux = _EN_AUX_FIRST.match(said)

        def keep(word: re.Match[str]) -> str:
            asks = word.start() == first.start() if first else False
            if asks and aux and not _EN_EMBEDS.search(said[: word.start()]):
                asks = False
            return word.group() if asks else "_" * len(word.group())

        return _EN_BARE_WH.sub(keep, said)

    return _EN_SENTENCE.sub(blank, question)


def asked_type(question: str) -> str:
    """The kind of fact the question asks for (one of :data:`TYPES`). A question with Chinese
    characters is read by the Chinese rules; the first rule that matches wins, so the order
    above is the precedence ("哪一年" is a date before it is a number)."""
    lang = "zh" if _CJK.search(question) else "en"
    text = question.strip()
    # a parenthesised gloss asks nothing (zh); a when / who / where opening a clause asks nothing (en)
    text = re.sub(r"[（(][^）)]*[）)]", "", text) if lang == "zh" else without_subordinate_wh(text)
    for kind, pattern in _ASK_RE[lang]:
        if pattern.search(text):
            return kind
    return "other"


# a word that asks (几等座, 几天, 哪个, 什么样, 几点, 几号, 有没有): 几 or 哪 before a classifier or a word of the clock
# and the calendar (点, 号, 时) or of a share (折, 成), an asking word in it, or a whole A-not-A question (能不能);
# never 几内亚, 茶几, 哪吒 or 几乎
_ASKING_WORD = re.compile(rf"^(?:几|哪)[{_ZH_CLASSIFIERS}等级些里儿样点号时折成]|什么|多少|谁|啥|"
                          r"^(?:有没有|是不是|能不能|可不可以|会不会|要不要|用不用|需不需要|该不该|行不行)$")


def is_asking_word(term: str) -> bool:
    """Whether a token asks rather than names: what a tokenizer leaves of "几等座" or "哪个"."""
    return bool(_ASKING_WORD.search(term))


def without_asking(question: str) -> str:
    """The question with the words that ask removed ("哪一年", "多少", "how long", "which company"):
    they say what kind of fact is wanted, and a sentence that states it does not repeat them.

    Chinese: where the asking words start or end inside one of jieba's words, the edge moves by :func:`_edge`, so
    no piece of a word is left behind to pass for a key term — the 些 of "分布在哪些地区" ("在哪" asks a place), the
    理 and 如 of "如何处理" ("何处" asks one too), the 员 of "哪些人员" ("哪些人" asks a person)."""
    if not _CJK.search(question):
        for _, pattern in _ASK_RE["en"]:
            question = pattern.sub(" ", question)
        return re.sub(r"(?:^|(?<=\s))['’]s\b", "", question)   # "which month's pay": the possessive went with the asking words
    spans = zh_tagged_spans(question)
    starts = [left for left, _, _, _ in spans]
    text = question
    for pattern in _ZH_REMOVED:
        gone: list[tuple[int, int]] = []
        at = 0
        while (match := pattern.search(text, at)) is not None:
            start = _edge(question, match.start(), match.group(), spans, starts, opening=True)
            end = max(start, _edge(question, match.end(), match.group(), spans, starts, opening=False))
            if start < end:
                gone.append((start, end))
            at = max(end, match.start() + 1)
        for start, end in gone:   # (one rebuild per pattern: linear in the question's length)
            text = text[:start] + " " * (end - start) + text[end:]
    return re.sub(r" {2,}", " ", text)


# which one of a kind, untyped ("哪一类人", "哪种方式"): what the typed rules above leave of it (jieba cuts 哪 / 一类)
# (v106: 哪两个; 哪一科 / 哪一属 of a taxonomy and 哪队 leave 科, 属 and 队, which the answer writes: 菊科蒿属)
_ZH_WHICH = re.compile(rf"哪[一两几]?[{_ZH_CLASSIFIERS}]|哪[一两几]?(?=[科属队])")
_ZH_REMOVED = [pattern for _, pattern in _ASK_RE["zh"]] + [_ZH_WHICH]
_ASKING_CHARS = frozenset("哪几多谁什么啥何怎")
# what is left of a word after its asking characters: a unit or a classifier, which the answer writes too (多少度 → 度,
# 第几名 → 名); what only asks (哪些, 什么样, 多长时间)
_UNIT_LEFT = re.compile(rf"^(?:[{_ZH_CLASSIFIERS}度米克斤升秒]|公里|厘米|毫米|公斤|分钟|小时)+$")
_ASKED_LEFT = frozenset("些 样 样子 时间 时候 地方".split())


def _edge(question: str, at: int, asked: str, spans: list[tuple[int, int, str, str]], starts: list[int], *,
          opening: bool) -> int:
    """Where the edge ``at`` of the asking words ``asked`` (their start when ``opening``) goes when it lies inside a
    jieba word. The word's own edge when the asking words' part of it asks (holds an asking character, or is the measure
    after 多: 高 of 多高) and what is left of it only asks or is one character (哪 of 哪些, 多长 of 多长时间, 何 of 如何, 多高 of
    高算); the word's start when the asking words end inside it on a part that asks nothing and one character is left
    (the 国 of 国王 after 哪个, the 员 of 人员 after 哪些人, the 处 of 处理 after 如何): the word stays whole. Where it is
    otherwise: a unit or a classifier left stays (度 of 多少度, 名 of 第几名), and so does a longer rest (中文 of 中文名称,
    营业 of 营业时间) and what is left before the asking words (潘仕成 of 潘仕成为何, where jieba read 成为)."""
    index = bisect.bisect_right(starts, at) - 1
    if index < 0:
        return at
    left, right, _, _ = spans[index]
    if not left < at < right:
        return at
    covered, rest = (question[at:right], question[left:at]) if opening else (question[left:at], question[at:right])
    if _UNIT_LEFT.match(rest):
        return at
    asks = bool(set(covered) & _ASKING_CHARS) or (not opening and asked[:1] == "多" and covered == asked[1:])
    if asks and (len(rest) == 1 or rest in _ASKED_LEFT):
        return left if opening else right
    if not asks and not opening and len(rest) == 1:
        return left
    return at


# ── what a sentence holds ────────────────────────────────────────────────────────────────────
_ZH_NUM = "零〇一二两三四五六七八九十百千万亿半数几"
_NUMBER = {
    "zh": re.compile(rf"[0-9０-９]|[{_ZH_NUM}]+[{_ZH_CLASSIFIERS}余多种]|第[{_ZH_NUM}]+|百分之|[%％]|[{_ZH_NUM}]{{2,}}"),
    "en": re.compile(r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
                     r"forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|dozen|half|twice|double|"
                     r"triple)\b", re.I),
}
_DATE = {
    "zh": re.compile(rf"[0-9０-９]{{1,4}}\s*[年月日号]|[{_ZH_NUM}〇]{{1,4}}[年月日号]|世纪|年代|[朝代]|时期|年间|元年|"
                     r"星期|礼拜|周[一二三四五六日末]|[上下中]午|凌晨|晚上|早上|傍晚|[0-9]{1,2}\s*[:：]\s*[0-9]{2}|"
                     rf"[{_ZH_NUM}0-9]+点|[春夏秋冬][季天]|节|之际|当年|同年|次年|翌年|前夕|期间|初期|末期|中期|"
                     # days counted from an event: "第四天起", "离职当天", "提前一天", "最后一个工作日"
                     rf"第[{_ZH_NUM}0-9]+(个)?(天|日|周|个?月|年|个工作日)|当天|当日|次日|前一[天日]|后一[天日]|"
                     rf"提前[{_ZH_NUM}0-9]+\s*(个)?(天|日|周|小时|个?月|个工作日)|最后一(个工作日|天)|"
                     r"(?<![线以在])(?:上个月|下个月|本月|上周|下周|本周)(?![期报刊])"),
    "en": re.compile(r"\b(1\d{3}|20\d{2})\b|\b(january|february|(?-i:March|MARCH)|april|(?-i:May|MAY)|june|july|august|september|october|"
                     r"november|december|jan|feb|(?-i:Mar|MAR)|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b|\b(monday|tuesday|"
                     r"wednesday|thursday|friday|saturday|sunday|weekday|weekend)s?\b|\b\d{1,2}:\d{2}\b|"
                     r"\b\d{1,2}\s*(am|pm|a\.m\.|p\.m\.)|\bcentury\b|\b(19|20)?\d0s\b|\bo'clock\b|\b(noon|midnight|"
                     r"morning|evening|afternoon|night)\b|\b(spring|summer|autumn|fall|winter)\b|\b\d+\s*(business |working "
                     r"|calendar )?(days?|weeks?|months?|years?|hours?|minutes?)\b|\b(daily|weekly|monthly|annually|yearly|"
                     r"quarterly)\b|\bend of (the )?(day|week|month|year|quarter)\b|"
                     # days counted from an event: "from the fourth day", "one day ahead", "your last working day"
                     r"\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(st|nd|rd|th)|last|next|"
                     r"same|following|previous) (business |working |calendar )?(day|week|month|year|shift)\b|"
                     r"\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|fourteen|thirty) (full )?(business |"
                     r"working |calendar )?(days?|weeks?|months?|years?|hours?|minutes?)\b|\b(today|tomorrow|yesterday|"
                     r"immediately|beforehand|in advance)\b", re.I),
}
_ROLE = {
    "zh": re.compile(r"经理|总监|主管|主任|总裁|董事|部长|局长|处长|科长|校长|院长|教授|博士|老师|医生|律师|先生|女士|员工|专员|"
                     r"负责人|管理员|委员会|部门|团队|人事|秘书|助理|总统|主席|国王|皇帝|王后|皇后|将军|作家|导演|演员|歌手|"
                     r"创始人|创办人|发明|科学家|球员|教练|法师|公主|王子|皇子|太子|大臣|丞相|官员|领导|上级|本人|家属|"
                     r"[\u4e00-\u9fff]·[\u4e00-\u9fff]|父亲|母亲|儿子|女儿|妻子|丈夫|兄|弟|姐|妹|之子|之女|人员|者|"
                     r"[\u4e00-\u9fff]{2,20}部(?![分门长])"),
    "en": re.compile(r"\b(manager|director|supervisor|officer|team|department|committee|head|lead|hr|finance|"
                     r"compliance|security|helpdesk|help desk|desk|administrator|admin|ceo|cfo|cto|president|chair|"
                     r"founder|author|owner|staff|employee|colleague|assistant|secretary|board|mr|mrs|ms|dr|professor|"
                     # (a role, never the first half of a compound: "general-purpose", "head-office", "desk-based";
                     # nor "general" in lower case, an adjective: "the general public")
                     r"king|queen|emperor|(?-i:General)|minister|whoever)\b(?!-)", re.I),
}
_PLACE = {
    "zh": re.compile(r"[\u4e00-\u9fff](省|市|县|区|州|国|岛|山|河|江|湖|海|街|路|镇|乡|村|港|湾|洲|岸|峰|谷|城|宫|寺|庙|"
                     r"馆|楼|室|厅|中心|广场|机场|车站|站|大学|学院|公园|地区|半岛|盆地|平原|高原|沙漠|流域)|"
                     r"[0-9０-９]+\s*[楼层号室]|前台|柜台|官网|网站|门户|小程序|系统|平台|内网|线上|线下|现场|当地|境内|境外|国内|海外"),
    "en": re.compile(r"\b(room|floor|building|office|desk|city|street|campus|portal|website|intranet|site|page|"
                     r"reception|lobby|warehouse|branch|headquarters|hq|online|app|system|tool|form|address|"
                     r"north|south|east|west|central|coast|river|lake|mountain|island|county|province|state)\b", re.I),
}
_ORG = {
    # (a name's words before its kind are bounded: an unbounded run made a text of 16,000 characters without
    # punctuation take seconds, every start read to its end — a review's attack, session 57)
    "zh": re.compile(r"[\u4e00-\u9fff]{2,20}(公司|集团|银行|大学|学院|学校|中学|小学|协会|学会|委员会|组织|机构|政府|"
                     r"俱乐部|中心|联盟|基金会|医院|电视台|出版社|工作室|研究所|研究院|事务所|报社|乐团|剧团|球队|党)|"
                     r"[\u4e00-\u9fff]{2,20}[部局署厅](?![分门长])"),
    "en": re.compile(r"\b(inc|ltd|llc|corp|corporation|company|co|university|college|institute|association|agency|"
                     r"department|ministry|bank|group|club|team|committee|council|party|foundation|society|union|"
                     r"school|network|studio|press|records|federation|league)\b\.?", re.I),
}
_LIST = {
    "zh": re.compile(r"、|[，,；;][^，,；;]+[，,；;]|(和|及|以及|与|或|或者|并且)"),
    "en": re.compile(r",[^,]+,|;|\b(and|or)\b|^\s*[-*•]\s|\|"),
}
# a body that acts, beside _ORG's: "the Harbour Authority", "Northgate NHS Trust", "the Coastguard Service"
_BODY = re.compile(r"\b(?:authority|trust|service|commission|board|office|agency|police|coastguard|council|court|"
                   r"tribunal|regulator|ombudsman|charity)\b", re.I)
# an English question asking which named place (a town, a country …), answered by a name
_ASKS_NAMED_PLACE = re.compile(
    r"\b(?:which|what)\s+(?:towns?|cit(?:y|ies)|countr(?:y|ies)|villages?|count(?:y|ies)|regions?|islands?|provinces?|"
    r"ports?|suburbs?|districts?|nations?)\b(?!['’]s|-|\s+(?:of|tier|band|rate|level|group|code|allowance|limit|cap|council|"
    r"hall|centre|center|nurse|fee|manager|court|team|ferry|car|park|office|policy|rules?|government|police|authority|"
    r"club|school|hospital|airport|station|line|bus|train|road|map|name|size)s?\b)", re.I)
_CALENDAR_NAME = re.compile(r"(?:January|February|March|April|May|June|July|August|September|October|November|December|"
                            r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?:\s+\d{1,2})?", re.I)
# a place's name, at a sentence's start too ("Marlow Creek was evacuated"), after a capitalised function word if any
_LEADS = "The|A|An|In|At|On|From|To|Near|By|It|This|That|Its|Their"
_PLACE_NAME = re.compile(
    rf"\b(?:(?:{_LEADS})\s+|(?:Residents|People|Towns?|Cit(?:y|ies)|Villages?)\s+of\s+)?"
    rf"((?!(?:{_LEADS}|He|She|They|We|I|You|But|And|Or|So|If|When|While|After|Before|As|Of|For|With)\b)"
    r"(?:(?:St|Mt|Ft)\.\s*)?[A-Z][a-zA-Z'’-]+(?:\s+(?:of\s+|de\s+|upon\s+|on\s+|&\s+)?[A-Z][a-zA-Z'’-]+)*)")
# where a sentence starts: one capitalised word there is as often a common noun ("Firefighters said …") as a name —
# a name when it goes on as a place does ("Ellerby was evacuated", "Ellerby, a town of 4,000, …", "Ellerby's …")
_SENTENCE_START = re.compile(r"(?:^|[.!?。:]\s+|\d[.)]\s+)\s*$")
_GOES_ON_AS_PLACE = re.compile(r"(?:['’]s\b|,|\s+(?:was|were|is|has|had|will|saw|became|remains|lies|sits|lost|suffered|"
                               r"recorded|declared)\b)")
# what a capitalised span names that is no place: a body, a title before a name, a holiday, a clock, a headline in capitals
_NO_PLACE = re.compile(r"^(?:Mr|Mrs|Ms|Dr|Sir|Lord|Lady|Mayor|Minister|Prime|President|Chancellor|Councillor|Professor)\b|"
                       r"^(?:Police|Officials|Residents|People|Firefighters|Authorities|Crews|Council|Government)$|"
                       r"\bOffice$|"
                       r"\b(?:Easter|Christmas|New Year|Boxing Day|Halloween|Eid|Diwali|Hanukkah|Ramadan|Thanksgiving|"
                       r"Bank Holiday)\b|^(?:AM|PM)$")
_CAPITALISED = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-zA-Z'’-]+(?:\s+(?:of|de|van|von|the|and|&)?\s*[A-Z][a-zA-Z'’-]+)*")
# the labels of a document's structure, which a "how many" question never asks for
_STRUCTURE = {
    "zh": re.compile(rf"第[{_ZH_NUM}0-9０-９]+[条章节款项篇部编卷]"),
    "en": re.compile(r"\b(article|section|chapter|clause|part|appendix|annex|§)\s*[0-9IVXivx]+(\.[0-9]+)*", re.I),
}
# the number of a list item ("1. Wash uniforms separately", "2) …", "（3）…", "一、…") at the start of a line
# or after a sentence: it orders the steps and counts nothing ("Wash at 60°C" is the item with the answer);
# never "2.5 days", a sentence that ends on its amount ("The fee is 5. Then …") nor a value after a colon
# ("Maximum guests per visit: 4."): an item's text follows its number
_LIST_MARKER = re.compile(r"(?:^|(?<=[.!?。！？；;\n]\s)|(?<=[。！？；：\n]))\s*(?:\d{1,2}[.)．、](?!\d)|[（(]\d{1,2}[)）]|"
                          r"[一二三四五六七八九十]{1,3}、)(?=\s*[A-Za-z\u4e00-\u9fff（(\"“])", re.M)


def without_markers(text: str) -> str:
    """The text without the numbers of its list items (:data:`_LIST_MARKER`)."""
    return _LIST_MARKER.sub(" ", text)


# a clock time ("6:30", "11 am", "下午 3 点") says when, never how many or how much: an hour of 0–23 and
# minutes of 00–59, not a part of a longer run ("2:01:09") — a score (98:95) or ratio (1:50) is no time,
# though a ratio or score that reads as one (21:19) is, so a question about those keeps them (_COUNTS_CLOCK)
_HOUR_MINUTE = r"(?<![0-9.,:：])(?:[01]?[0-9]|2[0-4])\s*[:：]\s*[0-5][0-9](?![0-9]|\s*[:：]\s*[0-9])"
_CLOCK = {
    "zh": re.compile(rf"{_HOUR_MINUTE}|(?:上午|下午|中午|晚上|早上|凌晨|傍晚)\s*[0-9一二三四五六七八九十两]{{1,3}}\s*[点时]"),
    "en": re.compile(rf"(?<![0-9.,])(?:1[0-2]|0?[1-9])(?::[0-5][0-9])?\s*(?:am|pm|a\.m\.|p\.m\.)(?![a-z])|{_HOUR_MINUTE}", re.I),
}
# how long something lasts, a score or a ratio may be read off clock-like numbers ("8:00–18:00", "21:19")
_COUNTS_CLOCK = re.compile(r"how long|how many (?:hours|minutes)|ratio|score|points|多久|多长|几个?小时|几分钟|多少分钟|"
                           r"多少分|比分|比例", re.I)
# "what time …?" asks a time of day; never "what time limit / frame / period / off", "at what time of year"
_ASKS_CLOCK = re.compile(r"\bwhat time\b(?!\s+(?:limit|limits|frame|frames|period|periods|off|zone|of))|"
                         r"\bat what hour\b|几点", re.I)
# "几号 / 哪天 / what date …?" asks a day of the calendar or of the week, never "7×24 小时" or "放假期间"
# (never 几号楼 / 几号线, a building's or a line's number; nor "what day of the trip")
_ASKS_DAY = re.compile(r"几号(?![楼线房车门口位床])|几月几|哪一?天|哪一?日|什么日子|\bwhat date\b|\bwhich (?:date|day)\b(?!-)|"
                       r"\bwhat day\b(?!-)|\bon what day\b", re.I)
# months are read capitalised only ("you may carry over", "Up to 3 may be submitted")
EN_MONTHS = (r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|"
             r"Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)")
_DAY = {
    "zh": re.compile(rf"[0-9０-９{_ZH_NUM}]{{1,3}}\s*[日号](?![常期报志记])|周[一二三四五六日末天]|星期[一二三四五六日天]|"
                     rf"礼拜[一二三四五六日天]|除夕|(?<!最)初[一二三四五六七八九十]|当天|当日|次日|[前后]一[天日]|"
                     rf"第[{_ZH_NUM}0-9]+个?(?:天|日|工作日)|最后一(?:个工作日|天)|[0-9０-９{_ZH_NUM}]{{1,2}}\s*月\s*[底末初中]|"
                     rf"[月年][底末初]|[上中下]旬|元旦|春节|国庆|中秋|清明|端午|劳动节|"
                     rf"[0-9]{{4}}[-/.][0-9]{{1,2}}[-/.][0-9]{{1,2}}"),
    "en": re.compile(rf"\b{EN_MONTHS}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{EN_MONTHS}\b|"
                     r"\b(?:[Mm]on|[Tt]ues|[Ww]ednes|[Tt]hurs|[Ff]ri|[Ss]atur|[Ss]un)days?\b|\b(?:weekday|weekend)s?\b|"
                     r"\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b|\b\d{1,2}\.\d{1,2}\.\d{2,4}\b|"
                     r"\b(?:the\s+)?(?:same|next|following|previous)\s+day\b|"
                     rf"\b(?:end|start|beginning|middle)\s+of\s+(?:the\s+)?(?:month|year|week|quarter|{EN_MONTHS})\b|"
                     r"\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\s+(?:working\s+|business\s+)?"
                     r"day\b|\bday\s+(?:one|two|three|\d{1,3})\b|"
                     r"\b(?:New Year's Day|Christmas(?: Day| Eve)?|Boxing Day|Easter(?: Monday)?|Good Friday)|"
                     r"\b\d{1,2}(?:st|nd|rd|th)\b(?![-\s]*(?:floor|edition|place|century|percentile|party|quarter|grade))"),
}
_TIME_OF_DAY = {
    "zh": re.compile(r"[0-9]{1,2}\s*[点时](?:\s*[0-9]{1,2}\s*分|半|钟)?|[一二三四五六七八九十两]{1,3}点(?:半|钟|[一二三四五六七八九十]+分)|"
                     r"[0-9]{1,2}\.[0-5][0-9](?![0-9])|正午|午夜|中午|凌晨|上午|下午|早上|晚上|傍晚"),
    "en": re.compile(r"\b(?:noon|midday|midnight|o'clock|morning|afternoon|evening)\b|(?<![0-9.,])(?:[01]?[0-9]|2[0-3])\.[0-5][0-9]"
                     r"(?![0-9])", re.I),
}
# "which month / 哪个月 / 几月份 …?" asks a month: a month's name or number, or a month counted from now
# ("next month", 次月, 月底), never "per calendar year" or "3 个月"
_ASKS_MONTH = re.compile(r"\b(?:which|what) month\b(?!s)|哪一?个月|几月份?(?![几0-9])", re.I)
_MONTH = {
    # (a month inside a full date counts, "1月15日"; 每月 / every month names none)
    "zh": re.compile(rf"[0-9０-９{_ZH_NUM}]{{1,2}}\s*月|[0-9]{{4}}[-/.][0-9]{{1,2}}|月[底末初中]|[上中下]旬|"
                     r"(?:当|次|本|下|上)个?月|年[底末初]"),
    # (a month's name capitalised, and never the modal: "May I …")
    "en": re.compile(rf"\b(?!May\s+(?:I|we|you|he|she|it|they|not|also|only|be)\b){EN_MONTHS}\b|\b\d{{4}}-\d{{2}}\b|"
                     r"(?i:\b(?:end|start|beginning|middle) of (?:the )?(?:month|year|quarter)\b|"
                     r"\b(?:next|following|same|previous|that) month\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b)"),
}
_ASKS_LABEL = re.compile(r"第几|哪[一]?[条章节款项篇部编卷]|\b(which|what) (article|section|chapter|clause|part)\b", re.I)
_POS = {"person": ("nr", "nrfg", "nrt"), "place": ("ns",), "organisation": ("nt",)}


# the units a number is read with, so that the question's "10 年" does not hold a source's "10 天"
_ZH_UNIT = r"(?:个(?:工作日|月|小时|学时)|工作日|自然日|学时|小时|分钟|万元|美元|欧元|英镑|周岁|周年|[年月周天日时秒元万块次岁倍%％])"
_EN_UNIT = (r"(?:(?:(?:working|business|calendar)[ -])?(?:years?|yrs?|months?|weeks?|days?|nights?|hours?|hrs?|minutes?|mins?|"
            r"seconds?|secs?|usd|eur|gbp|pounds?|dollars?|euros?|miles?|km|times)\b|%|per ?cent\b)")
# a unit as a kind of quantity, however it is written: "6-month" and "6 months", "yrs" and "years", 万 and 万元
_UNIT_KINDS = [
    (re.compile(r"周岁|岁"), "age"), (re.compile(r"周年|年|years?|yrs?"), "year"), (re.compile(r"个?月|months?"), "month"),
    (re.compile(r"周|weeks?"), "week"), (re.compile(r"天|日|days?|nights?"), "day"), (re.compile(r"学时"), "class hour"),
    (re.compile(r"小时|钟头|时|hours?|hrs?"), "hour"), (re.compile(r"分钟|minutes?|mins?"), "minute"),
    (re.compile(r"秒|seconds?|secs?"), "second"), (re.compile(r"[%％]|per ?cent"), "percent"),
    (re.compile(r"万元?"), "10k yuan"), (re.compile(r"元|块"), "yuan"), (re.compile(r"美元|usd|dollars?"), "usd"),
    (re.compile(r"欧元|eur|euros?"), "eur"), (re.compile(r"英镑|gbp|pounds?"), "gbp"), (re.compile(r"miles?"), "mile"),
    (re.compile(r"次|times"), "times"), (re.compile(r"倍"), "fold"), (re.compile(r"km"), "km"),
]
_UNIT_AFTER = re.compile(rf"\s*[-]?\s*(?:(?:working|business|calendar|自然|工作)[ -]?)?({_ZH_UNIT}|{_EN_UNIT})?", re.I)


def _unit_kind(unit: str) -> str:
    unit = re.sub(r"^(?:working|business|calendar)[ -]?", "", unit.strip().lower())
    unit = re.sub(r"^(?:自然|工作)(?=日)", "", re.sub(r"^个(?=\S)", "", unit))   # 个小时 / 小时, 个工作日 / 日
    return next((kind for pattern, kind in _UNIT_KINDS if pattern.fullmatch(unit)), unit)


def _absent(found: list[str], question: str) -> list[str]:
    """Candidates the question does not hold itself (a name it asks about is not its answer),
    compared whole: the "1" of "1 天" is not held by a question about "12 年". A number read with its unit is the
    question's unless the question writes that number only with a unit of another kind: "10 天" is a candidate for a
    question about "满 10 年", "6 months" is none for one about a "6-month probation"."""
    q = question.lower()

    def held(candidate: str) -> bool:
        c = candidate.strip().lower()
        if (unit := re.match(rf"([0-9０-９][0-9０-９.,]*)\s*-?\s*({_ZH_UNIT}|{_EN_UNIT})$", c, re.I)) is not None:
            number, kind = unit.group(1), _unit_kind(unit.group(2))
            after = [(m.group(1) or "") for m in re.finditer(rf"(?<![0-9a-z.]){re.escape(number)}(?![.,]?[0-9])"
                                                             + _UNIT_AFTER.pattern, q, re.I)]
            return any(not said or _unit_kind(said) == kind for said in after)
        return re.search(rf"(?<![0-9a-z]){re.escape(c)}(?![0-9a-z])", q) is not None if c[:1].isalnum() \
            or c[-1:].isalnum() else c in q

    return [f for f in found if f.strip() and not held(f)]


def candidates(sentence: str, kind: str, question: str, unit_from: str = "") -> list[str]:
    """Candidates of ``kind`` in ``sentence`` that the question does not already hold;
    ``[sentence]`` for an untyped kind (any sentence may answer it). ``unit_from``: the heading the sentence stands
    under, which may give the asked measure's unit for every figure below it ("月基本工资档位（单位：元/月）")."""
    if kind in UNTYPED:
        return [sentence]
    lang = "zh" if _CJK.search(sentence) or _CJK.search(question) else "en"
    found: list[str] = []
    if kind == "number":
        # "how long …?" is not answered by "300 USD", nor "多少厘米" by "1-2 只" (rag.measures)
        measure = asked_measure(question)
        if measure and not states_measure(sentence, measure, question) and not unit_given(unit_from, measure):
            return []
        if not _ASKS_LABEL.search(question):   # "第三条" / "Section 2" label a passage; they count nothing
            sentence = without_markers(_STRUCTURE[lang].sub(" ", sentence))
        sentence = without_clock(sentence, question, lang)
        found = [m.group() for m in _NUMBER[lang].finditer(sentence)]
        # a number is read with its unit: "10 天" answers "满 10 年的员工有几天年假？", whose 10 is of years
        if lang == "zh":   # a digit inside a number the question holds (its own year) is not an answer
            found = [n.group() for n in re.finditer(rf"[0-9０-９](?:[0-9０-９.,]*[0-9０-９])?(?:\s*{_ZH_UNIT})?|[%％]|百分之[^，。]{{1,4}}",
                                                     sentence)] + [f for f in found if not re.match(r"[0-9０-９%％]", f)]
        else:
            found = [n.group() for n in re.finditer(rf"\d(?:[\d.,]*\d)?(?:\s*-?\s*{_EN_UNIT})?", sentence, re.I)] + \
                    [f for f in found if not f[0].isdigit()]
    elif kind == "date" and _ASKS_MONTH.search(question) and not (_ASKS_CLOCK.search(question) or _ASKS_DAY.search(question)):
        found = [m.group() for m in _MONTH[lang].finditer(sentence)]   # "which month's pay …?" asks a month
    elif kind == "date" and (_ASKS_CLOCK.search(question) or _ASKS_DAY.search(question)):
        # "what time …?" asks a time of day, not "14 days"; "几号 / 哪天" a day, not "7×24 小时"; "哪天、几点" both
        if _ASKS_CLOCK.search(question):
            found = [m.group() for m in _CLOCK[lang].finditer(sentence)] + \
                [m.group() for m in _TIME_OF_DAY[lang].finditer(sentence)]
        if _ASKS_DAY.search(question):
            found += [m.group() for m in _DAY[lang].finditer(sentence)]
    elif kind == "date":
        found = [m.group() for m in _DATE[lang].finditer(sentence)]
        if lang == "zh":
            found = [f for f in found if not (f in ("节", "朝", "代") and not re.search(r"[\u4e00-\u9fff](节|朝|代)", sentence))]
    elif kind in ("person", "place", "organisation"):
        found = [m.group() for m in ({"person": _ROLE, "place": _PLACE, "organisation": _ORG}[kind][lang]).finditer(sentence)]
        if lang == "zh":   # jieba's tags; and Latin names inside Chinese text (Nexon, NBA)
            found += [w for w, flag in zh_tagged(sentence) if flag in _POS[kind] and len(w) >= 2]
            if kind == "organisation" and (body := _ZH_ASKS_BODY.search(question)):
                found = _bodies_of(sentence, body.group(1) or body.group(2), found)
            found += re.findall(r"(?<![A-Za-z])[A-Z][A-Za-z0-9&.'-]+", sentence)
        elif kind == "person":
            # a person is a name (rag.holders: a first name, a title) or a body that acts (the Vestria Space Agency),
            # never any capitalised word: "Ostrel", the city an orchestra is based in, answers no "who set it up?"
            found += names_in(sentence) + [m.group() for m in _CAPITALISED.finditer(sentence)
                                           if _ORG["en"].search(m.group()) or _BODY.search(m.group())]
        else:
            found += [m.group() for m in _CAPITALISED.finditer(sentence)]
            if kind == "place" and _ASKS_NAMED_PLACE.search(question):
                # "Which town had to be evacuated?" is answered by a town's name, never "the state government", a
                # month or a weekday: the capitalised spans only, calendar words aside
                found = [name for m in _PLACE_NAME.finditer(sentence) if (name := re.sub(r"['’]s$", "", m.group(1)))
                         and not _CALENDAR_NAME.fullmatch(name) and not _NO_PLACE.search(name)
                         and not _ORG["en"].search(name) and not (" " in name and name.isupper())
                         and not (" " not in name and _SENTENCE_START.search(sentence[:m.start(1)])
                                  and not _GOES_ON_AS_PLACE.match(sentence, m.start(1) + len(name)))]
        if kind == "person" and asks_holder(question):   # "Who is the Fleet Manager?": a name (rag.holders), not a
            found = names_in(sentence)                     # post, a desk, a department or a field's label
    elif kind == "list":
        found = [m.group() for m in _LIST[lang].finditer(sentence)]
        return found   # a separator is never "held by the question" in a way that matters
    return _absent(found, question)


def _bodies_of(sentence: str, body: str, found: list[str]) -> list[str]:
    """The names of the asked ``body`` in a Chinese ``sentence``: the organisations ``found`` whose name says what
    they are (沙澳海鹰队 for 球队, 中央民族学院 for 大学), and any short span ending as such a name does (no tagger knows
    沙澳海鹰队) — never the body's own word after a classifier, a count or a pointer ("8支球队", "多所大学", "该医院")."""
    kin = _ZH_BODY_KIN[body]
    # (第二医院, 市一医院 are names; 排队, 团队, 部队 are no team)
    generic = re.compile(rf"(?:(?<![第市区县])[\d一二三四五六七八九十两]|[支个所家该本各多几其这那每某全]){body}$|"
                         r"(?:排|站|插|团|梯|部|军|车)队$")
    spans = [m.group() for m in re.finditer(rf"[\u4e00-\u9fffA-Za-z0-9·]{{2,10}}?(?:{kin})", sentence)]
    # the names jieba tags as organisations or abbreviations (中国女排, 北大中文系, 工行, 央视) whatever they end with
    tagged = [w for w, flag in zh_tagged(sentence) if flag in ("nt", "j") and len(w) >= 2]
    return [name for name in [*(f for f in found if re.search(kin, f)), *spans] if not generic.search(name)] + tagged


def without_clock(text: str, question: str = "", lang: str | None = None) -> str:
    """The text with its clock times ("6:30", "11 am", "下午 3 点") taken out: they count nothing —
    unless ``question`` asks how long, or about a score or a ratio, which may be read off them.
    ``lang`` is read from the text when not given."""
    if _COUNTS_CLOCK.search(question):
        return text
    return _CLOCK[lang or ("zh" if _CJK.search(text) else "en")].sub(" ", text)


def has_candidate(sentence: str, kind: str, question: str, unit_from: str = "") -> bool:
    return bool(candidates(sentence, kind, question, unit_from))
