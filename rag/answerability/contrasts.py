"""The side of a contrast a question names: the men's race, not the women's; the full marathon, not the half; the
final, not the semi-finals; the first phase (一期), not the second.

News passages about an event state the other sides' facts beside each other ("2024枫泽马拉松半程比赛中，男子组冠军由…获得",
"The Kestrel FA has named the venues for the 2024 Kestrel Cup semi-finals"). Such a sentence holds every key term of
"2024年枫泽马拉松男子全程冠军是谁？" but 全程, and a candidate of the asked type, so the key-term support counts it. A
sentence that writes another side of a contrast the question draws, and not the question's own side, states that other
side's fact: the support (:mod:`rag.answerability.asked_fact`) does not read a window holding one, unless another of its
sentences (or its source's title) writes the question's side alone.

The contrasts are closed sets of words, not learned:

- Chinese: a question word that opens with one member of a set (男子组, 全程, 上半年, 一期, 首轮) against the same word
  opening with another member (女子组, 半程, 下半年, 二期, 次轮), and 决赛 against 半决赛 / 复赛 / 预赛 / 初赛;
- English: men's / women's (male / female, boys / girls), the first / second half against the full year, the final
  against a semi-final or a quarter-final, weekday against weekend, morning / afternoon / evening.

A question that names no side (冠军是谁, "Who won?") draws no contrast, with one exception: a figure asked of a named year
("Pelham Bank's pre-tax profit for 2022", "2023年研发投入是多少") is the whole year's, and a sentence whose figures follow
a part of the year it writes (first-half, Q3, 上半年, 前三季度) states that part's — unless a figure stands before the part
("2023年研发投入21亿元，上半年为9亿元") or the sentence writes the whole year (全年, full-year).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rag.answer_types import asked_type

# Chinese: the first character names the side and the next one is shared (男子 / 女子, 全程 / 半程, 上半年 / 下半年); each
# set applies only before its rests (一期 / 二期, never 一次 / 三次, which is a number the question states; 全程 / 半程,
# never 全球 / 北半球)
_ZH_SETS: tuple[tuple[str, tuple[str, ...] | None], ...] = (
    ("男女", None),
    ("全半", ("程", "马", "天", "日", "年", "场", "价", "票", "额", "职")),
    ("上下", ("午", "班", "半", "旬", "车", "学", "场")),
    ("一二三四五六七八九十", ("期", "轮", "批", "阶段", "号线", "标段", "季度", "等奖")),
    ("初复决", ("赛",)), ("主客", ("场", "队")), ("春夏秋冬", ("季", "装")), ("早中晚", ("餐", "饭", "班", "上")),
)
# an ordinal names one of a sequence: the 第一部 诗集 is not the 第二部, nor the 第一任 president the 第二任 (editions, 第N届,
# are the occasions' rule)
_ZH_ORDINAL = re.compile(r"(?:第([一二三四五六七八九十]|(?<![0-9])[1-9](?![0-9]))|(首))([部次任期轮场章节集季名位本篇卷册])")
_ZH_NUMERALS, _DIGITS = "一二三四五六七八九十", "123456789"
# a word built on 决赛 that names another round; the question's 决赛 is not held by them
_ZH_ROUNDS = ("半决赛", "复赛", "预赛", "初赛", "资格赛", "四分之一决赛")
_EN_SETS = (
    ("men", "women"), ("male", "female"), ("boys", "girls"),
    ("weekday", "weekend"), ("morning", "afternoon", "evening"),
)
# English sides written as phrases, each side with its spellings; a side is held only where no longer phrase of
# another side stands (the "final" of "semi-final")
_EN_PHRASES: tuple[tuple[tuple[str, ...], ...], ...] = (
    (("first half", "first-half", "half-year", "half year", "interim"), ("second half", "second-half"),
     ("full year", "full-year")),
    (("final",), ("semi-final", "semi final", "semifinal"), ("quarter-final", "quarter final", "quarterfinal")),
    (("half marathon", "half-marathon"), ("full marathon",)),
)
# a figure asked of a named year ("Pelham Bank's pre-tax profit for 2022", "2023年研发投入是多少") is the whole year's
# when the question names no part of it: a sentence that writes only a part (first-half, 上半年, 第三季度) states that
# part's figure
# ("interim" is as often a post, "the interim chief executive"; Q4 a committee's name)
_EN_PARTS = ("first half", "first-half", "half-year", "half year", "second half", "second-half",
             "first quarter", "second quarter", "third quarter", "fourth quarter")
_EN_WHOLE = ("full year", "full-year", "annual", "whole year", "for the year", "12 months", "twelve months")
_ZH_PARTS = ("上半年", "下半年", "半年度", "半年报", "一季度", "二季度", "三季度", "四季度", "前三季度", "前三个季度",
             "1-6月", "1—6月", "1至6月", "1-9月", "1至9月")
_ZH_WHOLE = ("全年", "年度", "年报")
_YEAR = re.compile(r"(?<![\d.])(?:19|20)\d{2}(?![\d.])")
# a figure a company or a statistics office reports for a year, which the news also gives for parts of it (a handbook's
# "2024年春节值班补贴每天多少" asks none: its 一季度排班表 is no part of a year's figure)
_FIGURE_NOUN = re.compile(r"\b(?:profits?|revenues?|turnover|sales|income|earnings|loss(?:es)?|investment|gdp|output|"
                          r"dividends?|deficit|surplus|passengers|exports|imports)\b|营收|营业收入|收入|利润|净利|研发投入|投资|"
                          r"销量|销售额|产量|GDP|票房|吞吐量|客流|出口|进口|增长", re.I)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
# an English ordinal before a noun names one of a sequence: the opening weekend is not the second weekend, nor the first
# round the third; "opening" is the first
_EN_ORDINALS = (("first", "opening"), ("second",), ("third",), ("fourth",), ("fifth",))
# (a sequence a news report counts — rounds, legs, weekends, episodes —, never a handbook's "first year", "first week",
# "first aid" or "first floor", which the rule for the others answers: "rising to 22 days in their second year")
_EN_ORDINAL = re.compile(r"\b(first|opening|second|third|fourth|fifth)\s+(weekend|round|leg|stage|heat|set|game|match|"
                         r"race|innings|episode|edition|season|series|phase|instal?lment)s?\b")
# a numeral after these counts back or points, and names no side: 上一季度, 前三期, 这一轮, 每一批
_NOT_A_SIDE = frozenset("上下前后这那每本同该")
_GREETING = re.compile(r"\bgood (?:morning|afternoon|evening)\b", re.I)


# "final" before a word it describes (final salary, final approval, final day) names no round of a competition
_FINAL_ADJECTIVE = re.compile(r"\bfinal\s+(?!(?:of|in|at|on|be|will|is|was|for|and|to|this|next|last|against|between|"
                              r"start|starts|begin|begins|kick|kicks|take|takes|get|gets|go|goes|happen|happens|end|"
                              r"ends|finish|finishes|played|held|hosted|staged)\b)[a-z]")


@dataclass(frozen=True)
class Side:
    """One side the question names: its own forms and the other sides' forms."""
    own: tuple[str, ...]
    others: tuple[str, ...]
    implied: bool = False   # the whole year a figure question names no part of (its own side is rarely written)


def _en_forms(word: str) -> tuple[str, ...]:
    return (word, f"{word}'s", f"{word}’s", f"{word}s") if " " not in word else (word, f"{word}s")


def sides_of(question: str) -> tuple[Side, ...]:
    """The sides of contrasts the question names (each once)."""
    sides: list[Side] = []
    lowered = _GREETING.sub(" ", question.lower())
    if re.search(r"[\u4e00-\u9fff]", question):
        for members, rests in _ZH_SETS:
            named = [(i, rest) for i, ch in enumerate(question) if ch in members
                     and not (i and question[i - 1] in _NOT_A_SIDE)     # 上一季度 is the previous quarter
                     for rest in (rests or (question[i + 1:i + 2],))
                     if re.fullmatch(r"[\u4e00-\u9fff]+", rest) and question.startswith(rest, i + 1)]
            for rest in dict.fromkeys(r for _, r in named):
                heads = {question[i] for i, r in named if r == rest}
                if len(heads) > 1:     # "男子和女子", "一期和二期": both sides, no contrast (三号线一期 draws one)
                    continue
                (head,) = heads
                sides.append(Side((head + rest,), tuple(m + rest for m in members if m != head)))
        # (首任, 首部 are the first: 第一任 is answered by "首任校长张三")
        ordinals = {(m.group(1) or "一", m.group(3)) for m in _ZH_ORDINAL.finditer(question)}
        for head, rest in ordinals:
            if sum(r == rest for _, r in ordinals) == 1:    # "第一次和第二次": both sides, no contrast
                numerals = _ZH_NUMERALS if head in _ZH_NUMERALS else _DIGITS
                first = head in ("一", "1")
                own = (f"第{head}{rest}", f"首{rest}") if first else (f"第{head}{rest}",)
                others = tuple(f"第{n}{rest}" for n in numerals if n != head) + (() if first else (f"首{rest}",))
                sides.append(Side(own, others))
        if "决赛" in question and not any(r in question for r in _ZH_ROUNDS):
            sides.append(Side(("决赛",), _ZH_ROUNDS))
    for group in _EN_SETS:
        named = [w for w in group if re.search(rf"\b{re.escape(w)}(?:'s|’s|s)?\b", lowered)]
        if len(named) == 1:   # "the men's and women's races": both sides, no contrast
            word = named[0]
            sides.append(Side(_en_forms(word), tuple(f for w in group if w != word for f in _en_forms(w))))
    for phrases in _EN_PHRASES:
        every = [p for side in phrases for p in side]
        found = {p for p in every if re.search(rf"(?<![\w-]){re.escape(p)}s?\b", lowered)}
        found = {p for p in found if not any(p != q and p in q for q in found)}   # "semi-final", not its "final"
        named = [side for side in phrases if found & set(side)]
        if len(named) == 1:
            if named[0] == ("final",) and _FINAL_ADJECTIVE.search(lowered):   # "the final salary scheme": no round
                continue
            sides.append(Side(named[0], tuple(p for side in phrases if side != named[0] for p in side)))
    found = list(_EN_ORDINAL.finditer(lowered))
    ordinals = {(m.group(1), m.group(2)) for m in found}
    if len(set(re.findall(r"\b(?:first|opening|second|third|fourth|fifth)\b", lowered))) == 1 and found \
            and asked_type(question) != "yesno":
        # (one ordinal only: "the first and second rounds" name both sides; "Can I travel first class?" is answered
        # by the rule for second class)
        for word, noun in sorted(ordinals):
            own = next(group for group in _EN_ORDINALS if word in group)
            sides.append(Side(tuple(f"{w} {noun}" for w in own),
                              tuple(f"{w} {noun}" for group in _EN_ORDINALS if group != own for w in group)))
    if _YEAR.search(question) and _FIGURE_NOUN.search(question):
        parts, whole = (_ZH_PARTS, _ZH_WHOLE) if re.search(r"[\u4e00-\u9fff]", question) else (_EN_PARTS, _EN_WHOLE)
        if not any(_holds(lowered, form, ()) for form in (*parts, *whole)):
            sides.append(Side(whole, parts, implied=True))
    return tuple(dict.fromkeys(s for s in sides if s.others))


def _holds(text: str, form: str, others: tuple[str, ...]) -> bool:
    """``text`` writes ``form`` outside every longer form of another side (the "final" of "semi-final" is not one)."""
    for other in sorted((o for o in others if form in o), key=len, reverse=True):
        text = text.replace(other, " ")
    if re.search(r"[\u4e00-\u9fff]", form):
        return form in text
    return re.search(rf"(?<![\w-]){re.escape(form)}s?\b", text) is not None


def other_side(sides: tuple[Side, ...], sentences: list[str], header: str = "") -> bool:
    """The ``sentences`` (one window, read under its source's ``header``) write another side of a contrast the question
    draws in a sentence that does not write the question's own side, and no sentence (nor the header) writes the
    question's side alone: "2024枫泽马拉松半程比赛中，男子组冠军由…获得。今年半程报名人数首次超过全程。" states the half
    marathon's winner, though its second sentence names the full one beside the half."""
    texts = [t.lower() for t in sentences]
    head = header.lower()
    for side in sides:
        def own(text: str, side: Side = side) -> bool:
            return any(_holds(text, form, side.others) for form in side.own)

        def other(text: str, side: Side = side) -> bool:
            return any(_holds(text, form, side.own) for form in side.others)

        if own(head) and not other(head):
            continue
        if side.implied:
            read = [_year_read(t, side) for t in texts]
            if "part" in read and "whole" not in read:
                return True
            continue
        if any(other(t) and not own(t) for t in texts) and not any(own(t) and not other(t) for t in texts):
            return True
    return False


def _year_read(text: str, side: Side) -> str | None:
    """What a sentence states of a year's figure: "whole" when it writes the whole year (全年, full-year) or a figure
    before any part of it ("2023年研发投入21亿元，上半年为9亿元"), "part" when its figures follow a part it writes
    ("2023年上半年，研发投入9亿元", "first-half pre-tax profit rose to £690 million in 2022"), None when it states none."""
    if any(_holds(text, form, side.others) for form in side.own):
        return "whole"
    starts = [m.start() for form in side.others for m in re.finditer(re.escape(form), text)]
    figures = [m.start() for m in _NUMBER.finditer(text) if not _YEAR.fullmatch(m.group())]
    if not figures:
        return None
    if not starts:
        return "whole"
    first = min(starts)
    return "whole" if any(at < first for at in figures) else "part"

