"""Who holds a post: "Who is the Fleet Manager?", "收费主管是谁？", "食品安全部的负责人是谁？" ask for a person's name.

The post, a desk, a department, a product, a heading or a field label answers none of them. A question that asks a
function ("Who approves …?", "审批人是谁？", "店长是谁任命的？") is answered by a post, and is not read here.

A name is read as people write it in a handbook or a news story: "Dan Hughes", "Mrs Patel", "Dr. Anna Lee",
"DAN HUGHES", a name field ("Name: Priya", "姓名: 何建平", "负责人：刘洋"), 王志刚 in a sentence, 王经理. An English name
opens with a first name that gender-guesser's dictionary knows, or with a title; a Chinese one is a word jieba tags as
a person that its dictionary does not count as a common word, unless it opens with a common surname (李强, 高峰).
"""

from __future__ import annotations

import re
from functools import lru_cache

from rag.text import CJK, dictionary_count, zh_tagged

# ---------------------------------------------------------------------------------------------------- the question

_ZH_POST = (r"(?:经理|总监|主管|主任|管理员|专员|队长|班长|组长|店长|站长|会计|出纳|顾问|协调员|秘书|助理|总裁|董事长|"
            r"校长|院长|科长|部长|处长|药师)")
_ZH_DEPARTMENT = r"(?:部|中心|科|处|办公室|组)"   # a department, which a person heads (never a room: 会议室, 档案室)
_ZH_NAMING = r"(?:(?![的是在和与及或跟])[\u4e00-\u9fffA-Za-z0-9])"   # the words that name the post, not a clause before it
# "是谁" that ends the question, never "是谁任命的" / "是谁批准的" (a function)
_ZH_WHO_WORDS = r"(?:是谁|是哪位|叫什么(?:名字)?|叫啥(?:名字)?|姓什么|的名字是什么|的名字)"
_ZH_WHO = _ZH_WHO_WORDS + r"(?=\s*(?:[？?。，,！!；;]|$|呀|啊|呢|来着|哦))"
_EN_POST = (r"(?:manager|director|supervisor|officer|co-?ordinator|administrator|adviser|advisor|controller|secretary|"
            r"assistant|lead|leader|head of [a-z ]+?|deputy head|headteacher|head teacher|ceo|cfo|cto|chair|chairman|"
            r"chairwoman|president|principal|superintendent|foreman|warden|archivist|librarian|pharmacist|inspector|"
            r"engineer|partner|caretaker|bursar|senco|dsl|clerk|receptionist)")
# words before "person" / "contact" that judge rather than name ("the best person to ask")
_EN_JUDGING = r"(?:best|right|correct|proper|appropriate|main|usual|first|nearest|right|only|other|same|new)"
# a word naming the topic a person or contact is for ("health and safety"): never a judging word, nor "to", "person"
_EN_TOPIC_WORD = rf"(?!(?:the|a|an|{_EN_JUDGING[3:-1]}|to|for|of|about|with|person|people|contact)\b)[a-z&-]+"
_EN_AFTER_POST = (r"(?=\s*(?:[?,.;:!)]|$|and\b|or\b|at\b|for\b|of\b|in\b|on\b|now\b|right now\b|these days\b|currently\b|"
                  r"if\b|when\b|i\b|is\b))")
_ASKS_HOLDER = {
    "zh": re.compile(rf"{_ZH_NAMING}{{0,8}}{_ZH_POST}{_ZH_WHO}|谁是{_ZH_NAMING}{{0,8}}{_ZH_POST}(?![\u4e00-\u9fff])|"
                     # a department's person: "食品安全部的负责人是谁？", "工程部那边是谁负责？"
                     rf"{_ZH_NAMING}{{1,8}}{_ZH_DEPARTMENT}(?:的|那边的?|这边的?)?(?:负责人|主管|领导|联系人)?"
                     rf"(?:是谁(?:负责|管)?|是哪位|谁负责)(?=\s*(?:[？?。，,！!；;]|$|呀|啊|呢))"),
    "en": re.compile(
        # "Who is the Fleet Manager?", "Who is Fleet Manager?", "who's the health and safety person?"
        rf"\bwho(?:'s|’s| is| was| are)\s+(?:(?:the|our|my|your|their|his|her)\s+)?(?:[a-z0-9&-]+\s+){{0,5}}?"
        rf"(?:{_EN_POST}s?|(?<=\s){_EN_TOPIC_WORD}(?:\s+{_EN_TOPIC_WORD}){{0,3}}\s+"
        rf"(?:person|contact|rep|representative)){_EN_AFTER_POST}|"
        # "who the Fleet Manager is", "What's the Fleet Manager's name?"
        rf"\bwho\s+(?:the|our|my|your)\s+(?:[a-z0-9&-]+\s+){{0,5}}?{_EN_POST}\s+(?:is|was)\b|"
        rf"\b(?:the|our|my|your)\s+(?:[a-z0-9&-]+\s+){{0,5}}?{_EN_POST}['’]s\s+name\b", re.I),
}
_EN_QUALIFIER = re.compile(r"^(?:(?:new|current|acting|interim|present|permanent|our|my|the|your|their)\s+)+", re.I)


def asks_holder(question: str) -> bool:
    """Whether the question names a post and asks who holds it, which a personal name answers."""
    return bool(_ASKS_HOLDER["zh" if CJK.search(question) else "en"].search(question))


def post_asked(question: str) -> str:
    """The post a question asks the holder of ("装修管理员", "Fleet Manager", "食品安全部", "health and safety"); ""
    when it asks no holder."""
    found = _ASKS_HOLDER["zh" if CJK.search(question) else "en"].search(question)
    if found is None:
        return ""
    post = re.sub(r"^(?:谁是)|(?<=[部心科处室办组])(?:的|那边的?|这边的?)?(?:负责人|主管|领导|联系人)?(?:是谁(?:负责|管)?|是哪位|谁负责)$|"
                  rf"{_ZH_WHO_WORDS}$|"
                  r"^who(?:'s|’s| is| was| are)\s+|^who\s+|\s+(?:person|contact|rep|representative)$|\s+(?:is|was)$|"
                  r"['’]s\s+name$", "", found.group(), flags=re.I)
    return _EN_QUALIFIER.sub("", post).strip()


# ---------------------------------------------------------------------------------------------------------- names

_TITLES = r"(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Professor|Sir|Dame|Rev|Revd)"
_WORD = re.compile(r"[^\W\d_][\w'’-]*\.?")


def _capitalised_runs(sentence: str) -> list[tuple[str, str]]:
    """The runs of capitalised words of ``sentence`` (any script's capitals: "José Álvarez", "Łukasz Żak"), each word
    next to the one before it, with the word before the run (lower case)."""
    runs: list[tuple[list[str], str]] = []
    end, previous = -2, ""
    for m in _WORD.finditer(sentence):
        word = m.group()
        if word[:1].isupper():
            if runs and sentence[end:m.start()].strip() == "" and m.start() - end <= 2 and not runs[-1][0][-1].endswith(":"):
                runs[-1][0].append(word)
            else:
                runs.append(([word], previous))
            end = m.end()
        else:
            end = -2
        previous = word.lower().rstrip(".")
    return [(" ".join(run).rstrip("."), before) for run, before in runs]
# a field that holds a name: "姓名: 何建平", "Name: Dan Hughes", "联系人：刘洋", "食品安全部负责人：何建平", "Who answers: Neil Fairbrother"
_NAME_FIELD = re.compile(r"(?:姓名|名字|联系人|负责人|\bname|\bcontact(?: name)?|\bwho answers|\bheld by)\s*[:：]\s*"
                         r"([^;；|\n:：,，]{2,30}?)\s*(?=[;；|\n,，]|$)", re.I)
# a surname and a title (王经理, 李老师): the surname a common one by jieba's model (never 部门经理, 总经理, 项目经理)
_ZH_TITLED = re.compile(r"([\u4e00-\u9fff])(?:经理|主任|老师|主管|总监|师傅|总)(?![\u4e00-\u9fff])")
_COMMON_WORD = 20     # a count in jieba's dictionary from which a word is a common one (顾客, 师傅), not a name
_SURNAME_AT = -5.0    # jieba's log-probability that a character opens a person's name, from which it is a surname


@lru_cache(maxsize=1)
def _first_names():   # noqa: ANN202 - gender_guesser's Detector, imported late
    import gender_guesser.detector as detector

    return detector.Detector(case_sensitive=False)


_NOT_A_FIRST_NAME = re.compile(r"(?i)^(?:the|a|an|this|that|these|those|our|your|my|their|his|her|its|all|any|each|every|"
                               r"no|some|for|from|to|in|on|at|by|with|if|when|where|who|what|which|how|please|dear|"
                               r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|easter|christmas|new)$")
_PLACE_BEFORE = frozenset({"in", "at", "from", "near", "via", "outside", "inside", "around", "across"})
_CONTACTING = frozenset({"contact", "ask", "email", "e-mail", "call", "ring", "phone", "see", "tell", "is", "by", "with"})
_CALENDAR_WORD = re.compile(r"(?i)^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|day|eve|weekend|holiday|"
                            r"term|week|month|year)s?$")


def knows_first_name(word: str) -> bool:
    word = word.strip("'’.").split("-")[0]   # (a hyphenated first name by its first part: Anna-Maria)
    return not _NOT_A_FIRST_NAME.match(word) and _first_names().get_gender(word.capitalize()) != "unknown"


def _en_post_word(word: str) -> bool:
    return bool(re.fullmatch(_EN_POST + r"s?", word, re.I)) or word.lower() in {"team", "desk", "department", "office",
                                                                               "unit", "service", "services", "centre"}


def _en_name(span: str, field: bool = False) -> str | None:
    """The person ``span`` names ("Dan Hughes", "Mrs Patel", "DAN HUGHES"), or None: a post, a product, a place, a
    heading. In a name field one word will do ("Name: Priya")."""
    names = _en_names(span, field)
    return names[0] if names else None


def _en_names(span: str, field: bool = False) -> list[str]:
    """The people a run of capitalised words names: a title and the words after it ("Dr. Anna Lee", "Mrs Patel"), or
    a first name gender-guesser knows and the surname after it ("Jo King", "Fiona Beck"); never a post's words."""
    words = span.split()
    readable = [w.title() if span.isupper() and len(words) >= 2 else w for w in words]
    out: list[str] = []
    i = 0
    while i < len(words):
        titled = bool(re.fullmatch(rf"{_TITLES}\.?", readable[i]))
        j = i + 1
        while j < len(words) and j - i <= 3 and not _en_post_word(readable[j]) and not _CALENDAR_WORD.match(readable[j]) \
                and readable[j].lower() not in ("and", "of", "the", "&", "for"):
            j += 1
        if titled and j > i + 1:
            out.append(" ".join(words[i:j]))
        elif not titled and not _en_post_word(readable[i]) and knows_first_name(readable[i]) and j > i + 1:
            out.append(" ".join(words[i:min(j, i + 3)]))
        elif field and len(words) == 1 and not _en_post_word(readable[0]):
            out.append(words[0])
        else:
            i += 1
            continue
        i = j
    return out


def is_zh_name(word: str) -> bool:
    """Whether a Chinese word jieba reads as a person is one: 2–4 characters, no post or unit ending (麻醉师, 人事部), and a
    common surname first or a word its dictionary counts as rare."""
    if not (2 <= len(word) <= 4) or re.search(_ZH_POST, word) or re.search(r"[师员长人部处科室组]$", word):
        return False
    return prob_surname(word[0]) or dictionary_count(word) < _COMMON_WORD


def names_in(sentence: str) -> list[str]:
    """The people ``sentence`` names, in order."""
    found: list[str] = []
    for m in _NAME_FIELD.finditer(sentence):
        value = m.group(1).strip()
        if CJK.search(value):
            if is_zh_name(value):
                found.append(value)
        elif (name := _en_name(value, field=True)) is not None:
            found.append(name)
    if CJK.search(sentence):
        found += [w for w, flag in zh_tagged(re.sub(r"《[^》]*》", " ", sentence)) if flag in ("nr", "nrfg", "nrt") and is_zh_name(w)]
        found += [m.group(1) + sentence[m.end(1):m.end()] for m in _ZH_TITLED.finditer(sentence)
                  if prob_surname(m.group(1))]
    for span, before in _capitalised_runs(sentence):   # (a name in capitals is read in title case: "DAN HUGHES")
        if before in _PLACE_BEFORE and not re.match(_TITLES, span):
            continue   # "based in Milton Keynes", "from Chester": a place
        named = _en_names(span)
        if not named and before in _CONTACTING and len(span.split()) == 1 and knows_first_name(span):
            named = [span]   # "contact Priya on 4410": one first name, after a verb of reaching someone
        found += named
    return list(dict.fromkeys(n for n in found if n))


def prob_surname(char: str) -> bool:
    """Whether jieba's model reads ``char`` as a common surname."""
    from jieba.posseg import prob_emit

    return prob_emit.P[("B", "nr")].get(char, -99.0) >= _SURNAME_AT


def holder_named_with(statement: str, post: str, names: list[str], row: bool) -> bool:
    """Whether ``statement`` names the post's holder: a table row holds one entity, so any name in it; a sentence
    names the holder beside the post ("Escalate to Fiona Beck, Customer Resolution Manager", "保安队长王志刚"), not
    another post's holder further on ("The Fleet Manager reports to the Operations Director, Kate Morgan")."""
    if row:
        return bool(names)
    lowered = statement.lower()
    at = lowered.find(post.lower())
    if at < 0:
        return bool(names)   # the post's words stand apart (a reading of the terms): any name beside them
    end = at + len(post)
    reach = 12 if CJK.search(post) else 30
    for name in names:
        where = statement.find(name)
        if where < 0:
            continue
        between = statement[end:where] if where >= end else statement[where + len(name):at]
        if len(between) <= reach and not re.search(_EN_POST + r"|" + _ZH_POST, between, re.I):
            return True
    return False
