"""Another name the sources never give: "凉茶舖又叫什么？", "短叶水蜈蚣的别名是什么？", "南宁二中是什么的简称？",
"What is the Corvan Bridge also known as?" against sources on the same subject that write no second name for it.

A question about another name of its subject is on topic wherever the subject is described, so the key-term support is
high; but an alias is written with a word that gives it: 别名, 又称, 简称, 原名, 更名为, "also known as", "formerly".
Refused when the question asks what another name is and no top source that names the subject writes a word that gives
one of the asked kind: a short or a full name (简称, 全称, "stand for") by 简称, 全称, 缩写 or "short for"; a former name
(原名, 旧称, "originally called") by 原名, 前身, 更名 or "formerly"; any other (别名, 又叫, "also known as") by any of
these or 又称, 俗称, 称为, "known as", "called"; where a name comes from (名字的由来, 因何得名, 以什么命名, "named
after what") by 得名, 命名, 纪念, 源于, "named after", "in honour of". Where no top source names the subject as the question writes it, every
top source is read.
"""

from __future__ import annotations

import re

_SHORT_ZH = r"简称|全称|全名|缩写|简写|略称"
_FORMER_ZH = r"原名|原称|旧称|旧名|前称|前名|曾用名|曾名|曾称|前身|更名|改名|改称|易名|古称|本名|原为"
_OTHER_ZH = (r"别名|别称|又名|又叫|又作|又称|也叫|也称|亦称|亦名|亦作|或称|俗称|通称|统称|雅称|美称|昵称|外号|绰号|英文名|"
             r"又译|亦译|译名|译作|美誉|誉为|也就是|"
             r"英语|英文|称为|称作|叫做|叫作|名为|之称|被称|称之|号称|俗名|土名|命名")
_SHORT_EN = r"\bshort for\b|\bstands? for\b|\babbreviat\w*|\bacronym\b|\bfull (?:name|title|form)\b|\binitials\b"
_FORMER_EN = (r"\bformerly\b|\bpreviously\b|\boriginally\b|\b(?:former|original|old|earlier) names?\b|\brenamed\b|"
              r"\bchanged (?:its|their|his|her) name\b|"
              r"\bn[ée]e\b|\buntil \w+ (?:called|named|known)\b")
_OTHER_EN = (r"\balso (?:known|called|referred to|spelled|written)\b|\ba\.?k\.?a\b|\bknown as\b|\bcalled\b|"
             r"\bcall(?:s|ed)? (?:it|them|him|her|this|the)\b|\bnicknamed?\b|\bnamed\b|\balias\b|\bor simply\b|"
             r"\bbetter known\b|\bdubbed\b|\bmeans\b|\b(?:other|another|trading|brand|common|popular) names?\b")

# what a question asks, by kind: "…是什么的简称？", "…的原名是什么？", "…又叫什么？", "What is X also known as?"
_ASKS = [
    ("short", re.compile(rf"(?:{_SHORT_ZH})(?:是|叫|为)?(?:什么|啥|何)|是(?:什么|哪个?)的(?:{_SHORT_ZH})|"
                         r"\bwhat (?:does|do|did) .{1,60}? stand for\b|\bwhat is .{1,60}? short for\b|"
                         r"\bfull form (?:of|for)\b|\bwhat(?:'s| is) the abbreviation\b", re.I)),
    ("former", re.compile(rf"(?:{_FORMER_ZH})(?:是|叫|为)?(?:什么|啥|何|叫什么)|以前叫什么|"
                          r"\b(?:originally|formerly|previously) (?:called|named|known as)\b|"
                          r"\b(?:former|original|old|earlier) name\b", re.I)),
    ("other", re.compile(r"(?:别名|别称|又名|又叫|又称|也叫|也称|亦称|俗称|昵称|外号|绰号|雅称|美称|英文名|称之为|又被称为)"
                         r"(?:是|叫|为)?(?:什么|啥|何)|还叫什么|"
                         r"\bwhat (?:is|was|are|were) .{1,60}? (?:also )?(?:known|called|referred to) as\b|"
                         r"\bwhat else is .{1,60}? called\b|\b(?:another|other|alternative|common|popular) names? (?:for|of)\b|"
                         r"\bwhat(?:'s|’s| is| was| are)? (?:the |its |his |her |their )?(?:[\w'’-]+['’]s )?nicknames?\b", re.I)),
]
# where a name comes from ("四加亭名字的由来是什么？", "威拍哇丽兰室路是以什么来命名的？", "Why is the Iron Mile called that?")
_ORIGIN_ZH = r"得名|命名|取名|为名|故名|之名|名字来|名称来|名字源|名称源|来源于|源于|源自|纪念|称为|称作|叫做|由此而来|因此而来"
_ORIGIN_EN = (r"\bnamed (?:after|for)\b|\btakes? (?:its|their|his|her) name\b|\bname (?:comes|came|derives|derived) from\b|"
              r"\bin (?:honou?r|memory) of\b|\bcalled\b|\bnamed\b|\bhence the name\b")
_ASKS_ORIGIN = re.compile(r"名字的?由来|名称的?由来|名称来源|名字来源|因何得名|怎么得名|如何得名|得名于|(?:以|用)(?:什么|谁|何)(?:来)?命名|"
                          r"为什么又?(?:叫|被称为|被叫做|取名|称)|为何又?(?:叫|被称为|取名|称)|"
                          r"\bwhy (?:is|was|are|were) .{1,60}? (?:called|named)\b|\bnamed (?:after|for) (?:what|whom|who)\b|"
                          r"\bwhat (?:is|was) .{1,60}? named (?:after|for)\b|\bhow did .{1,60}? get (?:its|their|his|her) name\b|"
                          r"\bwhere does the name\b", re.I)
_GIVES = {
    "origin": re.compile(f"{_ORIGIN_ZH}|{_ORIGIN_EN}", re.I),
    "short": re.compile(f"{_SHORT_ZH}|{_SHORT_EN}", re.I),
    "former": re.compile(f"{_FORMER_ZH}|{_FORMER_EN}", re.I),
    "other": re.compile(f"{_SHORT_ZH}|{_FORMER_ZH}|{_OTHER_ZH}|{_SHORT_EN}|{_FORMER_EN}|{_OTHER_EN}", re.I),
}
_LEAD_ZH = re.compile(r"^(?:请问|那么|那|你知道)?")
_TAIL_ZH = re.compile(r"(?:的|是|是什么的|又|也|还|亦|一般|通常|被)+$")
_CAPITALISED = re.compile(r"(?<!^)(?<![.?!]\s)\b[A-Z][\w'’-]*(?:\s+(?:of|the|de|and)?\s*[A-Z][\w'’-]*)*")


def asked_alias(question: str) -> tuple[str, re.Match[str]] | None:
    """The kind of other name ``question`` asks ("short", "former", "other", or "origin": where its name comes from) and
    where it asks it; None when it asks none ("…为什么又叫十分钟机场？" asks where that name comes from)."""
    if origin := _ASKS_ORIGIN.search(question):
        return "origin", origin
    if re.search(r"(?<![之称名])为什么|为何|\bwhy\b", question, re.I):   # (not 称之为什么)
        return None
    for kind, pattern in _ASKS:
        if asked := pattern.search(question):
            return kind, asked
    return None


def asks_alias(question: str) -> bool:
    """Whether ``question`` asks another name of its subject (又叫什么, 别名是什么, 是什么的简称, "also known as")."""
    return asked_alias(question) is not None


def _subject(question: str, asked: re.Match[str]) -> list[str]:
    """What the other name is asked of, as strings a source naming it writes: the Chinese words before the asking
    words ("凉茶舖" of "凉茶舖又叫什么？"), or the English question's capitalised words."""
    if re.search(r"[\u4e00-\u9fff]", question):
        head = _TAIL_ZH.sub("", _LEAD_ZH.sub("", question[:asked.start()].strip(" ，,？?")))
        return [head] if len(head) >= 2 else []
    return [m.group() for m in _CAPITALISED.finditer(question) if m.group() not in ("I", "What", "Who")]


def alias_unwritten(question: str, sources: list[str]) -> bool:
    """Whether ``question`` asks another name and no source of ``sources`` (the top sources) that names its subject
    writes a word that gives one of the asked kind (every source, when none names it)."""
    asked = asked_alias(question)
    if asked is None:
        return False
    kind, where = asked
    subject = _subject(question, where)
    naming = [s for s in sources if subject and all(n.lower() in s.lower() for n in subject)] or sources
    if kind in ("short", "other") and any(_bracketed(name, source) for name in subject for source in naming):
        return False   # "Control of Substances Hazardous to Health (COSHH)", "伦敦塔桥（Tower Bridge）"
    return not any(_GIVES[kind].search(source) for source in naming)


def _bracketed(name: str, source: str) -> bool:
    """Whether ``source`` writes another name for ``name`` in brackets beside it: "(COSHH)" after the words it stands for,
    "伦敦塔桥（Tower Bridge）"."""
    escaped = re.escape(name)
    return re.search(rf"{escaped}\s*[（(][^（）()]{{2,60}}[)）]|[（(]\s*{escaped}\s*[)）]", source, re.I) is not None
