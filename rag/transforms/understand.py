"""Query understanding: what kind of question this is, and whether it asks several things.

``classify`` records the question type — fact, count, list, compare, procedure, follow-up,
reference (names a document and asks about another it points to) — and the asked fact (number,
date, person, place, organisation, list, yes/no, definition, procedure, reason:
:mod:`rag.answer_types`) in
the trace and in ``env.facts["question_type"]``; with ``top_k`` by type it widens or narrows how
many sources reach the context (a list or compare question needs more, a fact fewer). ``hyde``
reads the type through its ``only_for`` condition.

``split`` turns a question that enumerates ("一线城市和省会城市的住宿标准分别是多少？", "the hotel
caps in London and Lisbon") into one sub-query per item, each retrieved on its own; the pipeline
then keeps the best source of every part in the context.
"""

from __future__ import annotations

import re

from rag.answer_types import asked_type
from rag.text import CJK, ZH_LOOK_UP
from rag.transforms import Transform, transforms
from rag.transforms.followup import is_follow_up
from rag.transforms.slots import points_back, resolve_pointer
from rag.types import QueryEnv, QueryVariant

TYPES = ("fact", "count", "list", "compare", "procedure", "follow-up", "reference")

# a question that names one document and asks about another it points to ("《A》说按另一份制度
#执行，那份制度……", "the booking guide points to another policy — what does that policy …")
_REFERENCE = {
    "zh": re.compile(r"(另一份|那份|另外一份|它引用的|其中引用的|所引用的|里提到的那份|提到的另一)"),
    "en": re.compile(r"\b(another|the other|that) (policy|document|guide|rulebook|rules|handbook|manual|runbook)\b"
                     r"|\bthe (policy|document|guide|rules) it (mentions|refers to|points to|names)\b", re.I),
}

_RULES = {
    "zh": [("compare", r"区别|不同|差别|相比|比较|哪个更|哪种更|有何差异"),
           ("count", r"几个|几种|几类|几项|多少个|多少种|多少类|多少项"),
           ("list", r"哪些|哪几|有什么.{0,4}(要求|条件|规定)|包括什么|包含哪|列出|都有什么"),
           ("procedure", r"怎么|如何|怎样|流程|步骤|手续|办理")],
    "en": [("compare", r"\b(difference|differ|compare|compared|versus|vs\.?|better|which is (more|less))\b"),
           ("count", r"\bhow many (different )?(kinds|types|ways|steps|levels|tiers|categories|options)\b"),
           ("list", r"\b(which|what) (are|were) the\b|\blist\b|\bwhat (documents|items|options|steps)\b"),
           ("procedure", r"\bhow (do|can|should|to)\b|\b(steps|process|procedure)\b")],
}


def question_type(question: str, env: QueryEnv) -> str:
    lang = "en" if env.language == "en" else "zh"
    if env.history and is_follow_up(question, lang):
        return "follow-up"
    if _REFERENCE[lang].search(question):
        return "reference"
    for kind, pattern in _RULES[lang]:
        if re.search(pattern, question, re.I):
            return kind
    return "fact"


@transforms.register("classify", version="2")
def classify(*, top_k: dict[str, int] | None = None) -> Transform:
    """Record the question type; ``top_k`` (e.g. ``{list: 8, compare: 8, fact: 4}``) sets how
    many ranked sources the context gets for that type (others keep the config's ``top_k``)."""
    table = dict(top_k or {})

    def transform(question: str, env: QueryEnv) -> list[QueryVariant]:
        kind = question_type(question, env)
        env.facts["question_type"] = kind
        env.facts["asked"] = asked_type(question)   # the kind of fact asked for (rag.answer_types)
        if kind in table:
            env.facts["top_k"] = int(table[kind])
        return [QueryVariant(question, "original")]

    return transform


_ZH_SEP = re.compile(r"(以及|、|和|与|及|跟)")
_ZH_STOP = re.compile(r"[的，,。？?！!；;：:\s]|分别|各自|都|是|有|需要|要求|能|可以|怎么|如何|多少|几|什么|哪")
_EN_SEP = re.compile(r"[,;]\s*(?:and|or)\s+|\s+(?:and|or)\s+|[,;]\s+", re.I)
# "+" or "&" joins two questions ("what do I do with it + where do I reset it?"), never the words of a name
# ("Terms & Conditions", "R & D", "40 + 15"): only before a question word
_EN_SYMBOL_JOIN = re.compile(r"\s+[+&]\s+(?=(?:how|what|when|where|who|whom|which|why)\b)", re.I)
_EN_STOP = re.compile(r"[?,.!;:]|\b(?:respectively|each|both)\b", re.I)


# one message that asks several questions: "居家办公每周最多几天？电脑坏了多久会响应？"
_QUESTIONS = re.compile(r"[^？?]+[？?]")


# a word that joins a second question to the first ("另外报销要多久到账？", "also, when must …"):
# it asks nothing, and is no term to look for in the sources
_ZH_LEAD = re.compile(r"^(?:另外|还有(?![没无0-9０-９一二两三四五六七八九十几个点些])|以及|并且|而且|此外|再者|顺便问一下|顺便问下|顺便|再问一下|再问下)[，,、\s]*")
# never "besides X": it excludes X; "while I'm at it", "by the way", "one more thing" only join
_EN_LEAD = re.compile(r"^(?:and also|and|also|plus|additionally|separately(?!\s+from)|(?:and\s+)?while i'?m at it|(?:and\s+)?by the way|btw|"
                      r"(?:and\s+)?on top of that|(?:and\s+)?one more thing)\b[,:\s]*", re.I)


# the number of a numbered question ("1) …", "2. …", "（3）…", "4、…"): it asks nothing
# (never a decimal, a clock time or "3、4月": no digit after the mark)
_ENUMERATOR = re.compile(r"^\s*(?:[(（]?\d{1,2}\s*(?:[)）]|[.、:：](?!\d))|[(（][一二三四五六七八九十]{1,2}[)）]|"
                         r"[一二三四五六七八九十]{1,2}、(?![一二三四五六七八九十\d]))\s*(?=\S)")


def _unjoined(part: str) -> str:
    """A part without the word that joined it to the one before, or its number in a numbered list."""
    return _EN_LEAD.sub("", _ZH_LEAD.sub("", _ENUMERATOR.sub("", part.strip(), count=1)), count=1)


# a clause, then the question it leads to: "the vpn keeps saying VPN-203, what's that about"
_EN_CLAUSE_THEN_ASKS = re.compile(r",\s*(?:how|what|when|where|who|whom|whose|which|why)\b", re.I)


# an asking verb before its subject ("…, if she's still out on thursday does she need a note")
# (never "that is it", "whatever it is I'll take it": no dummy "it", no contraction after the subject)
_EN_INVERTED = re.compile(r"(?:^|,\s*|\b(?:then|so)\s+)[^,]*?\b(?:do|does|did|is|are|can|could|will|would|should|must|may)\s+"
                          r"(?:i|you|he|she|they|we)\b(?!['’])(?!\s*[,.])", re.I)
_EN_ASKS_INDIRECTLY = re.compile(r"\b(?:ask|asks|asking|asked|wondering|wonder|want to know|wants to know|check)\s+"
                                 r"(?:me\s+|us\s+)?(?:how|what|when|where|who|which|whether|if)\b", re.I)


def _asks(text: str) -> bool:
    """Whether a piece of a message asks something: a Chinese clause that ends asking ("…多少",
    "…吗"), an English one that opens with a question word ("when must …", "is there …")."""
    original, text = text, _unjoined(text).rstrip("。.！!")
    if CJK.search(text):
        return _zh_asks(text)
    # "and the vpn keeps saying VPN-203, what's that about": a clause, then its question
    # "also one of their suppliers keeps emailing to ask what day we reconcile invoices": asks indirectly
    # (only when a joining word adds it: "My manager asked if I had done the training" is background)
    indirect = bool(_EN_LEAD.match(original.strip()) and (_EN_ASKS_INDIRECTLY.search(text) or _EN_INVERTED.search(text)))
    return bool(_EN_CLAUSE.match(text) or _EN_CLAUSE_THEN_ASKS.search(text) or indirect)


def _asked_questions(question: str) -> list[str]:
    """The questions of a message that asks more than one, each ending in its own question
    mark (the last may lack one when it still asks: "年假能顺延到什么时候？还有体检公司出多少钱");
    none when it asks one. A statement after the last question mark ("… I joined in 2021.") is
    context, not a question; each question must be long enough to stand alone; the word that
    joins one to the one before ("另外", "also") is left out."""
    text = question.strip()
    found = [q.strip() for q in _QUESTIONS.findall(text)]
    # "is it even open then?? also what's …": a doubled mark ends the same question
    rest = text[list(_QUESTIONS.finditer(text))[-1].end():].strip().lstrip("？?!！ ") if found else ""
    if rest and not rest.endswith((".", "!", "。", "！")) and _asks(rest) and _stands_alone(rest):
        found.append(rest.rstrip("。.！!") + ("？" if CJK.search(rest) else "?"))
    elif rest and not CJK.search(rest):
        # "… keep the hamper? Also, which day of the month do we reconcile invoices now, their team keeps
        # asking. Background: …": a sentence a joining word opens that asks is a question, however it ends
        # (never an exclamation, "Also what a mess this week has been!", nor a statement without a
        # question's word order, "Also when I get back I'll be in the office all week.")
        for sentence in re.split(r"(?<=[.!])\s+", rest):
            if _EN_LEAD.match(sentence) and _EN_CLAUSE.match(_unjoined(sentence)) and _stands_alone(sentence) \
                    and not sentence.rstrip().endswith("!") and _EN_INVERTED.search(_unjoined(sentence)):
                found.append(sentence.strip().rstrip(".!") + "?")
    found = [_unjoined(q) for q in found]
    found = [q for q in found if _stands_alone(q) and not _META_REQUEST.match(q)]
    return found if len(found) >= 2 else []


_META_REQUEST = re.compile(r"^\W*(?:(?:can|could|would|will)\s+you|please)\s+(?:please\s+)?(?:help|answer|check|explain)"
                           r"(?:\s+(?:me|us|her|him|them))?(?:\s+(?:with\s+)?(?:this|that|it|answer\s+(?:her|him|them)))?\W*$", re.I)


def _stands_alone(question: str) -> bool:
    """Long enough to be asked on its own: four letters or characters, punctuation aside."""
    return len(re.sub(r"\W", "", question)) >= 4


# two questions in one sentence, a comma between them: "补贴多少钱，申请要找谁批？" (a comma
# inside a number, 5,000, separates nothing)
_ZH_CLAUSE_SEP = re.compile(r"[，；;。！!]|,(?!\d{3})")
_ZH_SENTENCE_END = "。！!；;"
_ZH_ASKS_AT_END = re.compile(r"(多少|几|谁|哪|什么|(?<!没)啥(?![也都])|怎么|(?<!不)咋(?!舌)|如何|多久|多长|是否|能否|可否|有没有|要不要|能不能|可不可以|"
                             r"会不会|是不是|吗|呢).{0,4}$")
_ZH_IF = re.compile(r"^(如果|假如|假设|若|要是|万一|当|一旦)")


# a question word that asks from inside its clause ("体检报告多久以后能查到", "密码每隔多少天要更换一次"),
# unless a 的 after it makes it a modifier ("多少天以内的病假"); a bare 几 or 什么 may only count
# ("几个同事一起出差"), so these ask only at the end
_ZH_ASKS_WITHIN = re.compile(r"几点|几号|几月|几天|几次|几年|多少|多久|多长时间|什么时候|哪里|哪儿|哪天|哪一天|谁")


_ZH_FIRST_PERSON = re.compile(r"^\s*(?:我|咱|本人)")
_ZH_INDEFINITE = re.compile(r"(?:过|好|没)$")   # 过几天, 好几天: some days, not how many


# what a look-up request asks for: a thing, not the asker ("帮我看看我下个月…") nor a particle
_LOOKED_UP = re.compile(r"\s*(?![我吧呢啊一下，,。])\S{2,}")


def _zh_asks(clause: str) -> bool:
    """Whether a Chinese clause asks: a question word at its end, or one of the unambiguous ones
    inside it with no 的 after; never a condition ("如果报销超过多少钱")."""
    if _ZH_IF.match(clause):
        return False
    if _ZH_ASKS_AT_END.search(clause):
        return True
    if (request := ZH_LOOK_UP.match(clause)) and _LOOKED_UP.match(clause[request.end():]):
        return True   # a request to look something up asks for it: "帮我查一下 P6 的月薪上限"
    if _ZH_FIRST_PERSON.match(clause):
        return False   # "我过几天要去上海出差", "我还有几天年假没休完": the asker's scene
    within = _ZH_ASKS_WITHIN.search(clause)
    return within is not None and "的" not in clause[within.end():] and not _ZH_INDEFINITE.search(clause[:within.start()])


_ZH_JOIN = re.compile(r"以及|还有|另外|并且|而且|此外|同时")


def _joined_questions(clause: str) -> list[str]:
    """A clause cut where a joining word follows a question that has ended asking
    ("年假能顺延到什么时候以及体检公司出多少钱"); left whole when the words before it ask nothing
    ("住宿费以及餐费分别是多少", "我今年还有多少天年假")."""
    for match in _ZH_JOIN.finditer(clause):
        left, right = clause[:match.start()].strip(), clause[match.end():].strip()
        if _zh_asks(left) and _stands_alone(right):
            return [left, *_joined_questions(right)]
    return [clause]


def _zh_clauses(question: str) -> list[str]:
    """The clauses of a message that asks two things in one sentence, each asking at its end
    (a question word, "吗", "是否" …) and long enough to stand alone, with the clauses before
    them that only set the scene kept in front of each ("我下个月去深圳出差，住宿标准多少，能带家属吗？").
    None when only one clause asks ("我在上海出差，住宿标准是多少？"), when an asking clause is a
    modifier or a condition ("几级以上的员工，出差可以坐飞机吗？", "如果报销超过多少钱，…"), or
    when one is too short to stand alone ("工资什么时候发，发多少？")."""
    body = question.strip().rstrip("？?")
    # each clause, and whether a sentence ended before it ("…上限是多少。他明年要是升到 P8，…几个月工资？")
    clauses: list[str] = []
    fresh: list[bool] = []
    at = 0
    for sep in [*_ZH_CLAUSE_SEP.finditer(body), None]:
        end = sep.start() if sep else len(body)
        pieces = [piece for piece in _joined_questions(body[at:end].strip()) if piece]
        opened = at > 0 and body[at - 1] in _ZH_SENTENCE_END
        clauses += pieces
        fresh += [opened] + [False] * (len(pieces) - 1) if pieces else []
        at = sep.end() if sep else end
    asks = [_zh_asks(c) for c in clauses]
    if sum(asks) < 2 or not asks[-1]:
        return []   # one question; or the message ends on a clause that does not ask
    first = asks.index(True)
    scene = "，".join(clauses[:first])
    # after the first question, a clause that does not ask sets up the next one only when it opens
    # with a joining word ("…最长能用多久，另外找 IT 服务台咨询点一般性的问题，多久会有人回"); the
    # clauses up to the next that asks are that question
    groups: list[list[str]] = []
    for clause, asking, opened in zip(clauses[first:], asks[first:], fresh[first:], strict=True):
        if groups and not asking and _zh_asks(groups[-1][-1]) and not opened and \
                (not _ZH_LEAD.match(clause) or _ZH_FIRST_PERSON.match(_unjoined(clause))):
            # "…多少钱，我下个月去上海": a clause after a question that neither asks nor opens one; "体检是哪天，
            # 另外我在外地出差，能改期吗": the asker's scene, whose question leans on the first one
            return []
        if not groups or _zh_asks(groups[-1][-1]):
            groups.append([clause])
        else:
            groups[-1].append(clause)
    asked = [_unjoined("，".join(group)) for group in groups]
    if not all(map(_stands_alone, asked)):
        return []
    return [f"{scene}，{c}？" if scene else f"{c}？" for c in asked]


def _as_many_words(before: str, item: str) -> int:
    """How many characters at the end of ``before`` make an item at least as long as ``item``, in
    whole jieba words: "住宿费以及餐费" pairs 住宿费 with 餐费 (not 宿费), "年假和调休" 年假 with 调休
    (jieba cuts 年假 into 年 / 假)."""
    import jieba

    taken = 0
    for word in reversed(jieba.lcut(before)):
        taken += len(word)
        if len(before[len(before) - taken:].strip()) >= len(item.strip()):
            break
    return taken




# what ends an enumerated item: a verb, pronoun, adverb, preposition, particle or conjunction
# (jieba's tags, read in the whole question): "病假和事假扣工资吗" → 事假; but a verbal noun (vn:
# 工资, 调休) names an item
_NOT_ITEM = ("v", "r", "d", "p", "u", "c", "y")


def _leading_nouns(q: str, start: int, text: str) -> str:
    """The item an enumeration names: ``text`` (which starts at ``start`` in ``q``) up to the first
    word that is no part of a name; the whole text when that would leave nothing."""
    import jieba.posseg

    at = 0
    for pair in jieba.posseg.lcut(q):
        word_start, at = at, at + len(pair.word)
        if at <= start:
            continue
        if word_start >= start + len(text):
            break
        if word_start > start and pair.flag.startswith(_NOT_ITEM) and pair.flag != "vn":
            return text[:word_start - start].rstrip() or text
    return text


def _is_pronoun(item: str) -> bool:
    import jieba.posseg

    words = [p for p in jieba.posseg.lcut(item.strip()) if p.word.strip()]
    return bool(words) and words[0].flag.startswith("r")


def _zh_parts(question: str) -> list[str]:
    if asked := _asked_questions(question) or _zh_clauses(question) or _told_parts(question, "zh"):
        return asked
    parts = _zh_items(question)
    # three or more items ("北京、上海和广州"): the second part holds the rest, and is split again
    return list(dict.fromkeys(piece for part in parts for piece in (_zh_items(part) or [part])))


def _separating(q: str) -> re.Match[str] | None:
    """The first joining word that stands as a word of its own: the 与 of 参与, the 和 of 和平 and
    the 及 of 及时 join nothing."""
    import jieba

    starts, at = set(), 0
    for word in jieba.lcut(q):
        starts.add((at, word))
        at += len(word)
    return next((m for m in _ZH_SEP.finditer(q) if (m.start(), m.group()) in starts), None)


def _zh_items(question: str) -> list[str]:
    q = re.sub(r"分别|各自|各(?=[是要需怎多几有能该])", "", question)
    match = _separating(q)
    if not match:
        return []
    rest = q[match.end():]
    after = rest.lstrip()
    start = match.end() + len(rest) - len(after)
    stop = re.compile(_ZH_STOP.pattern.replace(r"\s", "")).search(after)   # a code may hold a space-free run
    right = _leading_nouns(q, start, (after[:stop.start()] if stop else after).rstrip())
    if not 1 <= len(right) <= 10:
        return []
    end_left = len(q[:match.start()].rstrip())
    left_start = max(0, end_left - _as_many_words(q[:end_left], right))   # parallel items match
    left = q[left_start:end_left]
    if not left.strip() or _ZH_STOP.search(left.strip()) or _is_pronoun(left) or _is_pronoun(right):
        return []   # "我和同事一起出差" names who asks, not what is asked
    head, tail = q[:left_start], q[start + len(right):]
    if re.search(r"相比|比较|比起|对比|相同|一样", right) or re.match(r"\s*(相比|比较|比起|对比|相同|一样)", tail):
        return []   # "A和B相比有什么不同": a comparison asks about both at once
    return [f"{head}{item}{tail}" for item in (left, right)]


# a question word, or one after its preposition ("by when must I …", "to whom do I …")
_EN_CLAUSE = re.compile(r"(?:(?:by|until|till|since)\s+(?=when\b)|(?:to|for|with|from)\s+(?=whom\b)|"
                        r"(?:in|on|at|from|for|by|to)\s+(?=which\b)|at\s+(?=what time\b)|for\s+(?=how long\b))?"
                        r"(how|what|when|where|who|whom|whose|which|why|can|do|does|is|are|must|should)\b", re.I)


# the scene set before the question: "I'm going to Lisbon next month: what's the hotel cap, and …"
# (or a dash: "Getting my accounts set up as a new starter — how long does my password …")
_EN_OPENS = r"(?:how|what|when|where|who|which|why|can|could|do|does|did|is|are|was|were|will|would|should|must|may|has|have|am)\b"
_EN_SCENE = re.compile(r"^(?P<scene>[^?]{3,}?(?::|[.!](?=\s))|(?:[^\s?]+\s+){4,}?[—–-])\s*"
                       rf"(?={_EN_OPENS})", re.I)
# a shorter lead before a dash ("new starter here - how often …") is a scene only when nothing after
# it points back at it: "Hybrid working — is it allowed …?" names the topic "it" stands for
_EN_SHORT_SCENE = re.compile(r"^(?P<scene>(?:[^\s?]+\s+){1,3}?[—–-])\s*" rf"(?={_EN_OPENS})", re.I)
_DETERMINER = {"the", "a", "an", "my", "our", "your", "their", "his", "her", "its"}


def _en_scene(question: str) -> re.Match[str] | None:
    """The scene a message sets before its first question, if any."""
    if scene := _EN_SCENE.match(question):
        return scene
    short = _EN_SHORT_SCENE.match(question)
    return short if short and not points_back(question[short.end():], "en") else None


# a request that asks indirectly: "Tell me how far ahead … and the core hours …", "我想知道A和B"
_EN_TELL = re.compile(r"^\s*(?:please\s+)?(?:tell me|let me know|i(?:'d| would) like to know|i want to know|"
                      r"i need to know|(?:can|could) you tell me)\s+", re.I)
_EN_ITEM_OPENS = re.compile(r"(?:the|a|an|my|our|how|what|when|where|who|which|whether|if)\b", re.I)
_ZH_TELL = re.compile(r"^\s*(?:请问一下|请问|请告诉我|告诉我|我想知道|想知道|我想问一下|我想问|想问一下|想问)[，,：:\s]*")


def _told_parts(question: str, language: str) -> list[str]:
    """The indirect questions a request joins with "and" / 和: "Tell me how far ahead a host must
    book visitor parking and the core hours when everyone must be reachable." Each must open as
    a question or a noun phrase does (English) or ask (Chinese); the request stays with each."""
    opener = (_EN_TELL if language == "en" else _ZH_TELL).match(question)
    if not opener:
        return []
    head, body = question[:opener.end()], question[opener.end():].strip()
    end = re.search(r"[.?!。？！]*\s*$", body)
    mark = end.group().strip() if end else ""
    body = body[:end.start()] if end else body
    seps = re.finditer(r"\s+and\s+|,\s*and\s+" if language == "en" else r"以及|还有|和|与", body)
    for sep in seps:
        left, right = body[:sep.start()].strip(" ,，"), body[sep.end():].strip()
        if language == "en":
            # "the pros and the cons of …" are one thing: a noun phrase must say what it is about
            ok = bool(_EN_ITEM_OPENS.match(left) and _EN_ITEM_OPENS.match(right)
                      and min(len(left.split()), len(right.split())) >= 3)
        else:
            ok = _zh_asks(left) and _zh_asks(right) and _stands_alone(right)
        if ok and _stands_alone(left):
            return [f"{head}{left}{mark}", f"{head}{right}{mark}"]
    return []


_EN_WHAT_ABOUT = re.compile(r"\s*(?:and\s+)?(?:what|how)\s+about\b[^,?;]*[,;]", re.I)
# a question after a condition: "…, and if my laptop gets stolen while I'm there, which number do I call?"
_EN_CONDITION = re.compile(r"(?:if|once|in case|should)\b[^,?]{3,}?,\s*", re.I)


def _asks_if(text: str) -> bool:
    """A clause that asks after a condition it opens with ("if it breaks, who do I call?")."""
    condition = _EN_CONDITION.match(text)
    return bool(condition and _EN_CLAUSE.match(text[condition.end():]))


# a noun phrase before a pronoun in the same part ("what about a lost laptop, how quickly must I
# report that?"): the pronoun may point at it, so it is not read as the first part's topic
_EN_NOUN_PHRASE = re.compile(r"\b(?:a|an|the|my|our|your|this|that)\s+[A-Za-z]", re.I)
# …or the things the part itself counts ("how many leftover days can I carry over, and by when must I
# use them?"): a plural pronoun after "how many" + noun; never "it" after "which form" ("What is the
# travel allowance, and which form do I need to claim it?" claims the allowance)
_EN_COUNTED_NOUN = re.compile(r"\bhow many\s+(?!(?:do|does|did|are|were|can|could|will|would|should|shall|may|must|have|"
                              r"had|i|you|we|they|of)\b)[A-Za-z]", re.I)
_EN_PLURAL_POINTER = ("they", "them", "their", "those", "these")
# …except the subject of an asking verb ("does a part-time employee have to follow it?")
_EN_ASKING_VERB_END = re.compile(r"\b(?:do|does|did|must|can|could|will|would|should|shall|may|is|are|was|were)\s*$", re.I)
_EN_IF_END = re.compile(r"\bif\s*$", re.I)
# …nor a time phrase after a preposition ("when on my first day will I get it?"): it says when, and the
# pronoun still points at the first part's topic (never a particle: "fill in the form and sign it")
_EN_ADVERBIAL_END = re.compile(r"\b(?:on|in|at|during|before|after|within|until|till|by|since|throughout)\s*$", re.I)
_EN_TIME_PHRASE = re.compile(r"(?:\w+\s+){0,2}(?:day|week|month|year|morning|afternoon|evening|night|weekend|shift|trip|"
                             r"visit|holiday|break|lunch)s?\b", re.I)


# a Chinese part with this many characters before its pronoun names what the pronoun points at itself
_ZH_OWN_NOUN = 6


_THEY = ("they", "them", "their")
_THEY_WORD = re.compile(r"\b(?:they|them|their|theirs)\b", re.I)



# where a statement opens: the start of a part, or after a stop, a comma or a joining word
_EN_CLAUSE_START = re.compile(r"(?:^|[,;:.!?—–]|\b(?:and|but|so|also|then))\s*$", re.I)


def _pointer_in_split(part: str, first: str, language: str) -> str | None:
    """A later part with its pronoun read as the first part's topic ("What does VPN-203 mean and how
    do I fix it?"); the topic is read from the first part's question, not from the scene it
    carries, and an English pronoun after a noun phrase of its own part is left as written."""
    if language == "en":
        scene = _EN_SCENE.match(first)   # a short dash lead ("Company car — who …?") may be the topic
        first = first[scene.end():] if scene else first
        # the scene all parts carry is skipped; a part's own ("I checked my admin account out at 6pm,
        # it's 3am now — can I keep using it?") holds what its pronoun may point at
        own = _EN_SCENE.match(part)
        own = own if own and scene and own.group("scene") == scene.group("scene") else None
        pointer = points_back(part, language)
        if pointer is None:
            return None
        if pointer.group().lower() in _THEY and _THEY_WORD.search(first):
            # "Will they get a full bonus? How long is their probation?": the first part's people, whom its topic
            # words do not name (the review's "Do new hires get laptops when they join? What OS do they run?"
            # means the laptops, which no rule here reads either; "new hires" was no better)
            return None
        if pointer.group().lower() in ("they", "their") and _EN_CLAUSE_START.search(part[:pointer.start()]):
            # "they want to buy from a new supplier", "they've hinted …": a "they" that opens a statement is
            # mostly the people of the message's scene (a team, a supplier), not the first part's topic
            # (blind dev cases md-d6, md-d7); "when do they ship?", "follow them" still point back
            return None
        before = part[own.end() if own else 0:pointer.start()]
        if _EN_IF_END.search(before):
            return None   # "if it was, when will I be paid?" echoes, it asks about nothing new
        if pointer.group().lower() in _EN_PLURAL_POINTER and _EN_COUNTED_NOUN.search(before) \
                and not _EN_ASKING_VERB_END.search(before):
            return None
        for phrase in _EN_NOUN_PHRASE.finditer(before):
            # the subject of an asking verb ("does a part-time employee have to follow it?") is not
            # what the object pronoun points at
            lead = before[:phrase.start()]
            # the phrase match ends on the first letter of the word after its determiner
            when = _EN_ADVERBIAL_END.search(lead) and _EN_TIME_PHRASE.match(before, phrase.end() - 1)
            if not (_EN_ASKING_VERB_END.search(lead) or when):
                return None
    elif (pointer := points_back(part, language)) is not None and \
            len(re.sub(r"\W", "", _unjoined(part[:pointer.start()]))) >= _ZH_OWN_NOUN:
        return None   # "…要送我们每人一个 300 来块的礼盒，这个能收吗？": 这个 is the part's own 礼盒
    return resolve_pointer(part, first, language)


def _en_parts(question: str, clauses_only: bool = False) -> list[str]:
    """The parts of an English message; with ``clauses_only`` (the rest after a second question)
    only whole questions, never the items of an enumeration ("who is in Research and Development?")."""
    question = _EN_SYMBOL_JOIN.sub(" and ", question)
    if asked := _asked_questions(question):
        return asked
    if told := _told_parts(question, "en"):
        return told
    if scene := _en_scene(question):   # each part keeps the scene
        return [f"{scene.group('scene')} {p}" for p in _en_parts(question[scene.end():], clauses_only)]
    if about := _EN_WHAT_ABOUT.match(question):
        # "What about the bonus, when is it paid, and how is it calculated?": the head stays with each
        # part; "what about a lost laptop, how quickly must I report that?" asks one thing
        head = about.group().strip().rstrip(",;")
        rest = _en_parts(question[about.end():].strip(), clauses_only=True)
        return [f"{head}, {p}" for p in rest] if len(rest) >= 2 else []
    match = _EN_SEP.search(question)
    if not match:
        return []
    after = _unjoined(question[match.end():])
    if _EN_CLAUSE.match(after) or _asks_if(after):   # two questions joined: "How long is X and how many Y?"
        if not _EN_CLAUSE.match(question.strip()):   # "Under the 2022 policy, how large …" is one question
            return []
        first = re.sub(r"\s+(?:and|or)$", "", question[:match.start()].strip(), flags=re.I)   # "… stipend and, if …"
        # three or more ("What time …, how long …, and how long …?"): the rest is split again, but
        # never a question after its condition ("should the hotel cost more, who approves it?")
        rest = [after.strip()] if _asks_if(after) else (_en_parts(after.strip(), clauses_only=True) or [after.strip()])
        return [first + "?", *rest]
    if clauses_only or not re.search(r"\b(and|or)\b", match.group(), re.I):   # a bare comma does not enumerate
        return []
    if re.search(r"[?？!！]\s*$", question[:match.start()]):
        return []   # "Can I carry over leave? And that is it for today": no item crosses a question's end
    stop = _EN_STOP.search(after)
    right_words = (after[:stop.start()] if stop else after).split()
    if not 1 <= len(right_words) <= 6:
        return []
    before = question[:match.start()].split(" ")
    n = len(right_words)
    # parallel items are as long as each other, unless the right one opens with a determiner
    # the left one also has: "the hotel cap for tier 1 cities and the deadline for claims"
    opener = right_words[0].lower()
    if opener in _DETERMINER and opener in (w.lower() for w in before[1:]):
        n = len(before) - max(i for i, w in enumerate(before) if w.lower() == opener)
    if len(before) <= n:
        return []
    left = " ".join(before[-n:])
    head = " ".join(before[:-n])
    tail = after[len(" ".join(right_words)):] if not stop else after[stop.start():]
    return [f"{head} {item}{tail}".strip() for item in (left, " ".join(right_words))]


# longer than this, a message is not split (the rules would take time and stack for nothing)
MAX_SPLIT_CHARS = 600


@transforms.register("split", version="14")
def split() -> Transform:
    """One sub-query per enumerated item (each retrieved separately; the question itself
    stays first). A question without an enumeration is left alone."""

    def transform(question: str, env: QueryEnv) -> list[QueryVariant]:
        if len(question) > MAX_SPLIT_CHARS:   # a pasted email or document is no list of questions
            return [QueryVariant(question)]
        parts = _en_parts(question) if env.language == "en" else _zh_parts(question)
        parts = [p for p in dict.fromkeys(parts) if p and p != question]
        if len(parts) < 2:
            return [QueryVariant(question)]
        lang = "en" if env.language == "en" else "zh"
        # "What does VPN-203 mean and how do I fix it?": "it" in the second part is the first part's
        # topic; a third part's may point at the second ("which OS does it run, and when do I get it?")
        parts[1] = _pointer_in_split(parts[1], parts[0], lang) or parts[1]
        env.facts["sub_queries"] = parts
        return [QueryVariant(question), *(QueryVariant(p, "sub") for p in parts)]

    return transform
