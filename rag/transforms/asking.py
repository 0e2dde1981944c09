"""Whether a piece of a message asks, and the questions a message asks.

A message may ask several things: questions each with its own mark ("居家办公每周最多几天？电脑坏了多久会
响应？"), a last one without it, a clause a joining word adds ("另外", "also"), a numbered list, or a
request that asks indirectly ("Tell me … and …"). These rules are shared by the Chinese and the English
parts of :mod:`rag.transforms.understand`'s ``split`` (:mod:`rag.transforms.parts_zh`,
:mod:`rag.transforms.parts_en`).
"""

from __future__ import annotations

import re

from rag.text import CJK, ZH_LOOK_UP

# one message that asks several questions: "居家办公每周最多几天？电脑坏了多久会响应？"
_QUESTIONS = re.compile(r"[^？?]+[？?]")


# a word that joins a second question to the first ("另外报销要多久到账？", "also, when must …"):
# it asks nothing, and is no term to look for in the sources
ZH_LEAD = re.compile(r"^(?:另外|还有(?![没无0-9０-９一二两三四五六七八九十几个点些])|以及|并且|而且|此外|再者|顺便问一下|顺便问下|顺便|再问一下|再问下)[，,、\s]*")
# never "besides X": it excludes X; "while I'm at it", "by the way", "one more thing" only join
EN_LEAD = re.compile(r"^(?:and also|and|also|plus|additionally|separately(?!\s+from)|(?:and\s+)?while i'?m at it|(?:and\s+)?by the way|btw|"
                      r"(?:and\s+)?on top of that|(?:and\s+)?one more thing)\b[,:\s]*", re.I)


# the number of a numbered question ("1) …", "2. …", "（3）…", "4、…"): it asks nothing
# (never a decimal, a clock time or "3、4月": no digit after the mark)
_ENUMERATOR = re.compile(r"^\s*(?:[(（]?\d{1,2}\s*(?:[)）]|[.、:：](?!\d))|[(（][一二三四五六七八九十]{1,2}[)）]|"
                         r"[一二三四五六七八九十]{1,2}、(?![一二三四五六七八九十\d]))\s*(?=\S)")


def unjoined(part: str) -> str:
    """A part without the word that joined it to the one before, or its number in a numbered list."""
    return EN_LEAD.sub("", ZH_LEAD.sub("", _ENUMERATOR.sub("", part.strip(), count=1)), count=1)



# a clause, then the question it leads to: "the vpn keeps saying VPN-203, what's that about"
_EN_CLAUSE_THEN_ASKS = re.compile(r",\s*(?:how|whats|what|when|where|who|whom|whose|which|why)\b", re.I)


# an asking verb before its subject ("…, if she's still out on thursday does she need a note")
# (never "that is it", "whatever it is I'll take it": no dummy "it", no contraction after the subject)
_EN_INVERTED = re.compile(r"(?:^|,\s*|\b(?:then|so)\s+)[^,]*?\b(?:do|does|did|is|are|can|could|will|would|should|must|may)\s+"
                          r"(?:i|you|he|she|they|we)\b(?!['’])(?!\s*[,.])", re.I)
_EN_ASKS_INDIRECTLY = re.compile(r"\b(?:ask|asks|asking|asked|wondering|wonder|want to know|wants to know|check)\s+"
                                 r"(?:me\s+|us\s+)?(?:how|what|when|where|who|which|whether|if)\b", re.I)


def asks(text: str) -> bool:
    """Whether a piece of a message asks something: a Chinese clause that ends asking ("…多少",
    "…吗"), an English one that opens with a question word ("when must …", "is there …")."""
    original, text = text, unjoined(text).rstrip("。.！!")
    if CJK.search(text):
        return zh_asks(text)
    # "and the vpn keeps saying VPN-203, what's that about": a clause, then its question
    # "also one of their suppliers keeps emailing to ask what day we reconcile invoices": asks indirectly
    # (only when a joining word adds it: "My manager asked if I had done the training" is background)
    indirect = bool(EN_LEAD.match(original.strip()) and (_EN_ASKS_INDIRECTLY.search(text) or _EN_INVERTED.search(text)))
    return bool(EN_CLAUSE.match(text) or _EN_CLAUSE_THEN_ASKS.search(text) or indirect)


# a request to the assistant itself, no question about the sources: "Could you help me answer her?"
_META_REQUEST = re.compile(r"^\W*(?:(?:can|could|would|will)\s+you|please)\s+(?:please\s+)?(?:help|answer|check|explain)"
                           r"(?:\s+(?:me|us|her|him|them))?(?:\s+(?:with\s+)?(?:this|that|it|answer\s+(?:her|him|them)))?\W*$", re.I)


_POINTS_BACK = re.compile(r"\b(?:it|its|they|them|their|this|that|these|those)\b", re.I)


def asked_questions(question: str) -> list[str]:
    """The questions of a message that asks more than one, each ending in its own question
    mark (the last may lack one when it still asks: "年假能顺延到什么时候？还有体检公司出多少钱");
    none when it asks one. A statement after the last question mark ("… I joined in 2021.") is
    context, not a question; each question must be long enough to stand alone; the word that
    joins one to the one before ("另外", "also") is left out."""
    text = question.strip()
    marked = list(_QUESTIONS.finditer(text))
    found = [m.group().strip() for m in marked]
    # "is it even open then?? also what's …": a doubled mark ends the same question
    rest = text[marked[-1].end():].strip().lstrip("？?!！ ") if marked else ""
    # "… how much of that do i get back. also im going to austin next month, whats the daily food allowance":
    # the sentences after the last mark that each ask are questions of their own
    sentences = [t for t in re.split(r"(?<=[.!])\s+", rest) if t.strip()] if rest and not CJK.search(rest) else []
    # (never when one points back: "what is error VPN-203. how do i fix it" stays one question)
    if len(sentences) > 1 and not rest.endswith((".", "!")) and all(asks(t.rstrip(".!")) and stands_alone(t) for t in sentences) \
            and not any(_POINTS_BACK.search(t) for t in sentences[1:]):
        found += [t.rstrip(".!") + "?" for t in sentences]
    elif rest and not rest.endswith((".", "!", "。", "！")) and asks(rest) and stands_alone(rest):
        found.append(rest.rstrip("。.！!") + ("？" if CJK.search(rest) else "?"))
    elif rest and CJK.search(rest):
        # "…得几个人陪着？另外放假期间的值班电话是哪个号，我跟同事对一下。": a sentence a joining word opens
        # whose clause asks is a question, however it ends; the clauses after its last asking one are context
        for sentence in re.findall(r"[^。！!；;]+", rest):
            clauses = re.split(r"[，,]", sentence.strip())
            asking = [i for i, clause in enumerate(clauses) if zh_asks(unjoined(clause))]
            if ZH_LEAD.match(sentence.strip()) and asking and not _ZH_IF.match(unjoined(sentence)):
                found.append("，".join(clauses[:asking[-1] + 1]).strip() + "？")
    elif rest:
        # "… keep the hamper? Also, which day of the month do we reconcile invoices now, their team keeps
        # asking. Background: …": a sentence a joining word opens that asks is a question, however it ends
        # (never an exclamation, "Also what a mess this week has been!", nor a statement without a
        # question's word order, "Also when I get back I'll be in the office all week.")
        for sentence in re.split(r"(?<=[.!])\s+", rest):
            bare = unjoined(sentence)
            if EN_LEAD.match(sentence) and EN_CLAUSE.match(bare) and _EN_INVERTED.search(bare) \
                    and stands_alone(sentence) and not sentence.rstrip().endswith("!"):
                found.append(sentence.strip().rstrip(".!") + "?")
    found = [unjoined(q) for q in found]
    found = [q for q in found if stands_alone(q) and not _META_REQUEST.match(q)]
    return found if len(found) >= 2 else []


# the number of an item in a list written on one line ("…22 年了：1）年假几天 2）奖金几个月", "1. … 2. …",
# "1、年假几天2、病假几天", "①…②…")
_ITEM_NUMBER = re.compile(r"(?:^|(?<=[\s:：，,。；;？?！!]))[(（]?(\d{1,2})\s*[)）.、](?!\d)|"
                          r"(?<=[\u4e00-\u9fff])(\d{1,2})[)）、](?!\d)|([①②③④⑤⑥⑦⑧⑨⑩])")
_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩"
# where the last item ends: its question mark, or the end of its sentence (never "U.S." or "e.g.")
_ITEM_END = re.compile(r"[?？]|[。！!]|(?<![A-Za-z]\.[A-Za-z])(?<!\b[A-Za-z])(?<![\d])\.(?=\s+[A-Z]|\s*$)")
_SENTENCES = re.compile(r"[^。！!？?]+[。！!？?]*|[^.!?]+[.!?]*")


def _item_number(m: re.Match[str]) -> int:
    return int(m.group(1) or m.group(2)) if (m.group(1) or m.group(2)) else _CIRCLED.index(m.group(3)) + 1


def numbered_items(question: str) -> list[str]:
    """The questions of a numbered list, each with the scene set before the list ("有位 P8 的老专家来问，
    他参加工作已经 22 年了：1）一年年假到底几天 2）今年的年终奖目标是几个月工资"): the numbers run 1, 2, …
    and every item asks (with or without its question mark). A question asked before the list or after
    its last item ("…2）病假几天。另外，加班费怎么算？") is a part of its own; what follows the last item
    and asks nothing is context. None when the message holds no such list."""
    run: list[re.Match[str]] = []
    for m in _ITEM_NUMBER.finditer(question):
        if _item_number(m) == len(run) + 1:
            run.append(m)
        elif _item_number(m) == 1:
            run = [m]
    if len(run) < 2:
        return []
    zh = bool(CJK.search(question))
    mark = "？" if zh else "?"
    head = question[:run[0].start()].strip()
    # a question before the list is its own part; the rest of the head is the scene
    before = [t.strip() for t in _SENTENCES.findall(head) if t.strip()]
    asked_before = [t for t in before if t.endswith(("?", "？"))]
    scene = " ".join(t for t in before if t not in asked_before) if asked_before else head
    items = [question[a.end():b.start()].strip() for a, b in zip(run, run[1:], strict=False)]
    last = question[run[-1].end():].strip()
    end = _ITEM_END.search(last)
    items.append(last[:end.start()] if end else last)
    tail = last[end.end():] if end else ""
    items = [re.sub(r"[?？；;，,、\s]+$", "", item) for item in items]
    if not all(item and asks(item) and stands_alone(item) for item in items):
        return []
    after = [t.strip().rstrip("。.！!？?") + mark for t in _SENTENCES.findall(tail)
             if t.strip() and not t.strip().endswith(("。", ".", "!", "！")) and asks(t.strip()) and stands_alone(t)]
    joined = [f"{scene}{'' if not scene or zh else ' '}{item}{mark}" for item in items]
    return [unjoined(q) for q in asked_before] + joined + [unjoined(q) for q in after]


def stands_alone(question: str) -> bool:
    """Long enough to be asked on its own: four letters or characters, punctuation aside."""
    return len(re.sub(r"\W", "", question)) >= 4



_ZH_ASKS_AT_END = re.compile(r"(多少|(?<![好十这])几|谁|哪|什么|(?<!没)啥(?![也都])|怎么|(?<!不)咋(?!舌)|如何|多久|多长|是否|能否|可否|有没有|要不要|能不能|可不可以|"
                             r"会不会|是不是|吗|呢)(?![都也]).{0,4}$")
_ZH_IF = re.compile(r"^(如果|假如|假设|若|要是|万一|当|一旦)")


# a question word that asks from inside its clause ("体检报告多久以后能查到", "密码每隔多少天要更换一次"),
# unless a 的 after it makes it a modifier ("多少天以内的病假"); a bare 几 or 什么 may only count
# ("几个同事一起出差"), so these ask only at the end
_ZH_ASKS_WITHIN = re.compile(r"几点|几号|几月|几天|几次|几年|多少|多久|多长时间|什么时候|哪里|哪儿|哪天|哪一天|谁")


ZH_FIRST_PERSON = re.compile(r"^\s*(?:我|咱|本人)")
# 过几天, 好几天, 十几天: some days, not how many; so is a clause that opens 这几天 / 那几天 / 前几天 (but
# 请假前几天 and 那几点结束 ask)
_ZH_INDEFINITE = re.compile(r"(?:过|好|没|十)$|^\s*(?:这|那|前)$")
# a question asked as X 不 X (能不能, 有没有, 会不会 …), unless it says "whether or not": 不管 / 无论 / 不论 before
# it, or 都 / 也 / 要看 after it ("有没有发票都能报销", "能不能批下来要看领导", review)
_ZH_A_NOT_A = re.compile(r"有没有|能不能|会不会|是不是|要不要|可不可以|用不用|需不需要|行不行|够不够|算不算|让不让|给不给|批不批|报不报")
_ZH_WHETHER_BEFORE = re.compile(r"不管|无论|不论|管它")
_ZH_WHETHER_AFTER = re.compile(r"都|也|要看|取决|得看|看情况")
# 想领几本本子, 打算请几天假, 想干脆在嘉兴多待几天: a few, wanted; not 想知道几点 / 想请问 / 想打听 (a question put as
# a wish), nor 想请几天能批 (a modal after the wish asks); 准备 and 计划 are nouns as often (今年的培训计划安排了几次)
_ZH_WANTS_SOME = re.compile(r"(?:想|打算)(?!知道|了解|确认|问|请问|打听|搞清楚|弄清楚|咨询|请教|查|看)(?:(?!能|可|要|得|该|需)[\u4e00-\u9fff]){1,10}$")


def _whether_or_not(clause: str, start: int, end: int) -> bool:
    """Whether the question word at ``start:end`` says "whether or not" rather than asking."""
    return bool(_ZH_WHETHER_BEFORE.search(clause[:start]) or _ZH_WHETHER_AFTER.search(clause[end:]))


# what a look-up request asks for: a thing, not the asker ("帮我看看我下个月…") nor a particle
_LOOKED_UP = re.compile(r"\s*(?![我吧呢啊一下，,。])\S{2,}")


def zh_asks(clause: str) -> bool:
    """Whether a Chinese clause asks: a question word at its end, or one of the unambiguous ones
    inside it with no 的 after; never a condition ("如果报销超过多少钱")."""
    if _ZH_IF.match(clause):
        return False
    at = 0
    while end := _ZH_ASKS_AT_END.search(clause, at):
        if not (end.group(1) == "几" and _ZH_WANTS_SOME.search(clause[:end.start()])) \
                and not _ZH_WHETHER_BEFORE.search(clause[:end.start()]):
            return True
        at = end.start() + 1   # "想在家多待几天，可以吗" still asks with its 吗
    if any(not _whether_or_not(clause, m.start(), m.end()) for m in _ZH_A_NOT_A.finditer(clause)):
        return True   # "另外能不能现在就先每周在家办公两天", "会不会按在职月数打折": X 不 X asks wherever it stands
    if (request := ZH_LOOK_UP.match(clause)) and _LOOKED_UP.match(clause[request.end():]):
        return True   # a request to look something up asks for it: "帮我查一下 P6 的月薪上限"
    if ZH_FIRST_PERSON.match(clause):
        return False   # "我过几天要去上海出差", "我还有几天年假没休完": the asker's scene
    within = _ZH_ASKS_WITHIN.search(clause)
    return within is not None and "的" not in clause[within.end():] and not _ZH_INDEFINITE.search(clause[:within.start()]) \
        and not (within.group().startswith("几") and _ZH_WANTS_SOME.search(clause[:within.start()]))



# a question word, or one after its preposition ("by when must I …", "to whom do I …")
EN_CLAUSE = re.compile(r"(?:(?:by|until|till|since)\s+(?=when\b)|"
                        r"from\s+(?=when\s+(?:do|does|did|can|could|is|are|was|will|would|should|must|may|has|have)\b)|(?:to|for|with|from)\s+(?=whom\b)|"
                        r"(?:in|on|at|from|for|by|to)\s+(?=which\b)|(?:at|by)\s+(?=what (?:time|date|day|hour)\b)|"
                        r"for\s+(?=how long\b))?"
                        r"(how|what|when|where|who|whom|whose|which|why|can|do|does|is|are|must|should|"
                        r"whats(?!\s*app\b)|hows(?!\s+it\s+going\b)|wheres|whos)\b", re.I)   # (chat spellings: "whats the max …")




# a request that asks indirectly: "Tell me how far ahead … and the core hours …", "我想知道A和B"
_EN_TELL = re.compile(r"^\s*(?:please\s+)?(?:tell me|let me know|i(?:'d| would) like to know|i want to know|"
                      r"i need to know|(?:can|could) you tell me)\s+", re.I)
_EN_ITEM_OPENS = re.compile(r"(?:the|a|an|my|our|how|what|when|where|who|which|whether|if)\b", re.I)
# a request relayed inside a statement ("… and wants to know when …", "she is asking whether …")
_EN_RELAYED = re.compile(r"\b(?:wants?|would like|'d like|needs?) to know\s+(?=(?:how|what|when|where|who|which|whether|if)\b)|"
                         r"\b(?:is|are|was|keeps?) asking\s+(?=(?:how|what|when|where|who|which|whether|if)\b)", re.I)
_EN_IF_THEN = re.compile(r"(?:if|once|when|in case)\b[^,?]{2,40},\s*(?:how|what|when|where|who|which|whether|can|do|does|is|are)\b",
                         re.I)
_ZH_TELL = re.compile(r"^\s*(?:请问一下|请问|请告诉我|告诉我|我想知道|想知道|我想问一下|我想问|想问一下|想问)[，,：:\s]*")


def told_parts(question: str, language: str) -> list[str]:
    """The indirect questions a request joins with "and" / 和: "Tell me how far ahead a host must
    book visitor parking and the core hours when everyone must be reachable." Each must open as
    a question or a noun phrase does (English) or ask (Chinese); the request stays with each."""
    opener = (_EN_TELL if language == "en" else _ZH_TELL).match(question)
    if not opener and language == "en":
        # a request relayed within a statement: "he joined two months ago and wants to know when he'll be
        # allowed to work from home, and once he can, how many days a week": the words before it are the scene
        opener = _EN_RELAYED.search(question)
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
            # "the pros and the cons of …" are one thing: a noun phrase must say what it is about; a question
            # after its condition ("once he can, how many days a week …") opens as a question does
            condition = _EN_IF_THEN.match(right)
            ok = bool(_EN_ITEM_OPENS.match(left) and (_EN_ITEM_OPENS.match(right) or condition)
                      and min(len(left.split()), len(right.split())) >= 3)
        else:
            ok = zh_asks(left) and zh_asks(right) and stands_alone(right)
        if ok and stands_alone(left):
            return [f"{head}{left}{mark}", f"{head}{right}{mark}"]
    return []

