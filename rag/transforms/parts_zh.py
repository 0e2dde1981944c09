"""The parts of a Chinese message for ``split``: its questions (:mod:`rag.transforms.asking`), two
clauses that each ask ("居家办公补贴多少钱，申请要找谁批？"), and the items of an enumeration
("经理和总监的住宿标准分别是多少？"), each part keeping the scene set before it."""

from __future__ import annotations

import re
from itertools import pairwise

from rag.answer_types import asked_type
from rag.text import zh_tagged, zh_tagged_spans
from rag.transforms.asking import (
    ZH_FIRST_PERSON,
    ZH_LEAD,
    asked_questions,
    numbered_items,
    stands_alone,
    told_parts,
    unjoined,
    zh_asks,
)
from rag.transforms.pointers import opens_as_asked_again

_ZH_SEP = re.compile(r"(以及|、|和|与|及|跟)")
_ZH_STOP = re.compile(r"[的，,。？?！!；;：:\s]|分别|各自|都|是|有|需要|要求|能|可以|怎么|如何|多少|几|什么|哪")
_ZH_STOP_IN_CODE = re.compile(_ZH_STOP.pattern.replace(r"\s", ""))   # a code may hold a space-free run


# two questions in one sentence, a comma between them: "补贴多少钱，申请要找谁批？" (a comma
# inside a number, 5,000, separates nothing)
_ZH_CLAUSE_SEP = re.compile(r"[，；;。！!]|,(?!\d{3})")
_ZH_SENTENCE_END = "。！!；;"


_ZH_JOIN = re.compile(r"以及|还有|另外|并且|而且|此外|同时")


def _joined_questions(clause: str) -> list[str]:
    """A clause cut where a joining word follows a question that has ended asking
    ("年假能顺延到什么时候以及体检公司出多少钱"); left whole when the words before it ask nothing
    ("住宿费以及餐费分别是多少", "我今年还有多少天年假")."""
    for match in _ZH_JOIN.finditer(clause):
        left, right = clause[:match.start()].strip(), clause[match.end():].strip()
        if zh_asks(left) and stands_alone(right):
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
        fresh += [opened and j == 0 for j in range(len(pieces))]
        at = sep.end() if sep else end
    asks = [zh_asks(c) for c in clauses]
    if sum(asks) < 2 or not asks[-1]:
        return []   # one question; or the message ends on a clause that does not ask
    first = asks.index(True)
    scene = "，".join(clauses[:first])
    # after the first question, a clause that does not ask sets up the next one only when it opens
    # with a joining word ("…最长能用多久，另外找 IT 服务台咨询点一般性的问题，多久会有人回"); the
    # clauses up to the next that asks are that question
    groups: list[list[str]] = []
    for clause, asking, opened in zip(clauses[first:], asks[first:], fresh[first:], strict=True):
        if groups and not asking and zh_asks(groups[-1][-1]) and not opened and \
                (not ZH_LEAD.match(clause) or ZH_FIRST_PERSON.match(unjoined(clause))):
            # "…多少钱，我下个月去上海": a clause after a question that neither asks nor opens one; "体检是哪天，
            # 另外我在外地出差，能改期吗": the asker's scene, whose question leans on the first one
            return []
        if not groups or zh_asks(groups[-1][-1]):
            groups.append([clause])
        else:
            groups[-1].append(clause)
    asked = [unjoined("，".join(group)) for group in groups]
    if not all(map(stands_alone, asked)):
        return []
    # a later question that names nothing of its own ("…是几个月工资，啥时候发？", "这个要走什么审批，批下来能用
    # 多久？") is asked of what the one before it names: read after it, as its scene
    asked = [asked[0], *(f"{before}。{c}" if _elliptical(c) else c for before, c in pairwise(asked))]
    return [f"{scene}，{c}？" if scene else f"{c}？" for c in asked]


# how a question with no subject of its own opens: an adverb, a modal or verb, a particle, a preposition, an
# adjective or a question word (具体多少, 得提前多久申请, 啥时候发, 比去年多还是少) — never a person (我能请假吗) or a
# word jieba cut from a name it lacks (年 / 假能 …)
_NO_SUBJECT = ("d", "v", "u", "p", "a", "c", "y")
# …or an amount or a span (一个月给多少, 一天给多少; never the 年 jieba cuts from 年假), or a part of the day (下午几点得回来)
_AMOUNT = re.compile(r"[一二两三四五六七八九十几每0-9０-９]")
_ZH_QUESTION_WORD = re.compile(r"^(?:啥|什么|多少|多久|多长|几|怎么|怎样|如何|哪|谁|是否|有没有|能不能|要不要|会不会|是不是)")


# a question that opens on "there" points at the place the question before it names ("下个月去北京参加培训，学时
# 怎么算？那边酒店每晚最多报多少？")
_THERE = re.compile(r"^\s*(?:那|在那|去那|到那)(?:边|里|儿)(?![面头])|^\s*当地")   # never 那里面 (in it)


def _place_in(question: str) -> str:
    """The last place a question names (jieba tags it ``ns``), or ""."""
    words = zh_tagged(question)
    places = [(i, word) for i, (word, flag) in enumerate(words) if flag == "ns" and len(word) >= 2]
    # where the asker goes (去上海出差, 到总部开会) before any other place the question names (回北京的机票)
    gone = [w for i, w in places if i and words[i - 1][0] in ("去", "到", "赴", "前往", "来")]
    return gone[0] if gone else (places[-1][1] if places else "")


def _elliptical(clause: str) -> bool:
    """A question that leans on the one before it: it names nothing of its own and opens without a subject."""
    words = [(word, flag) for word, flag in zh_tagged(clause.strip()) if word.strip()]
    if not words or _names_something(words):
        return False
    word, flag = words[0]
    return flag.startswith(_NO_SUBJECT) or bool(_ZH_QUESTION_WORD.match(word)) \
        or (flag == "m" and bool(_AMOUNT.search(word))) or word in _PART_OF_DAY


# a part of the day names no thing of its own: "两头班中午几点能走，下午几点得回来？" asks 下午 of 两头班
_PART_OF_DAY = frozenset("上午 下午 中午 晚上 早上 早晨 凌晨 夜里 夜间 白天 傍晚 午后".split())


def _names_something(words: list[tuple[str, str]]) -> bool:
    """Whether a clause (its jieba words and tags) names a thing of its own: a noun (客户, 奖金, 时候), a verbal
    noun (重试), a time (周日, 去年) or a Latin word (P8, VPN), not only verbs and question words (啥时候发,
    批下来能用多久, 具体多少)."""
    if any(flag.startswith("n") or flag in ("vn", "eng") or (flag == "t" and word not in _PART_OF_DAY)
           for word, flag in words):
        return True
    # a word jieba's dictionary lacks falls apart into single characters (年假 → 年 / 假): two of them in a row
    # that are no pronoun, particle, preposition, conjunction, adverb or verb are a name
    single = [len(word) == 1 and "\u4e00" <= word <= "\u9fff" and not flag.startswith(("r", "u", "y", "p", "c", "d", "x", "v"))
              for word, flag in words]
    return any(a and b for a, b in pairwise(single))


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
    for word_start, at, _, flag in zh_tagged_spans(q):
        if at <= start:
            continue
        if word_start >= start + len(text):
            break
        if word_start > start and flag.startswith(_NOT_ITEM) and flag != "vn":
            return text[:word_start - start].rstrip() or text
    return text


def _nouns_at(q: str, at: int) -> str:
    """The nouns of ``q`` that open at ``at`` (jieba's words and tags, read in the whole question): the 部门 after
    “市场与销售”; "" when a verb, a particle or anything but a noun comes first."""
    taken = ""
    for start, end, word, flag in zh_tagged_spans(q):
        if end <= at:
            continue
        if start < at or not (flag.startswith("n") or flag in ("vn", "eng")):
            break   # (a word that straddles ``at`` opens no noun there)
        taken += word
    return taken


def _is_pronoun(item: str) -> bool:
    flags = [flag for word, flag in zh_tagged(item.strip()) if word.strip()]
    return bool(flags) and flags[0].startswith("r")


# a message written without punctuation, its clauses apart by spaces ("我工龄十二年了 今年年假还一天没动 …
# 春节是放到哪天来着 我一年年假总共几天"): each space between two Chinese characters ends a clause
_ZH_PUNCTUATION = re.compile(r"[，。？！、；：,?!;]")
_ZH_SPACE = re.compile(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")


# a request to the assistant itself, no question about the sources: "…还问今年能不能休年假，我该怎么回复她？"
_ZH_META = re.compile(r"(?:^|[，,。；;])\s*(?:那|那么)?(?:我|咱)?(?:该|应该|要|得)?(?:怎么|如何)(?:回复|回答|答复|跟(?:他|她|他们|对方)说)"
                      r"(?:他|她|他们|她们|对方|人家)?(?:呢|啊)?[？?]?\s*$")


def zh_parts(question: str) -> list[str]:
    parts = _zh_parts(question)
    if not parts and not _ZH_PUNCTUATION.search(question.strip()) and len(_ZH_SPACE.findall(question)) >= 2:
        # (only when the message read as written has no parts: "…多久有人理 另外上周买了台显示器…" is cut at 另外)
        parts = _zh_parts(_ZH_SPACE.sub("，", question.strip()))
    asked = [p for p in parts if not _ZH_META.search(p)]
    return asked if len(asked) >= 2 else []


def _zh_parts(question: str) -> list[str]:
    if items := numbered_items(question):   # "…：1）年假几天 2）奖金几个月，系数多少": an item may ask two things
        return list(dict.fromkeys(piece for item in items for piece in (zh_parts(item) or [item])))
    if asked := asked_questions(question):
        # a question of several may ask two things itself: "…？他的目标年终奖是几个月工资，啥时候发？"; a later
        # one that names nothing of its own ("…这样可以吗？得提前多久申请？") is read after the one before it
        # (never one that asks the one before again, "那请 5 天呢？": pointers.asked_again reads those)
        pieces: list[str] = []
        for q in asked:
            if cut := _zh_clauses(q):
                pieces += cut
            elif pieces and _elliptical(q) and not opens_as_asked_again(q):
                pieces.append(f"{pieces[-1].rstrip('？?')}。{q}")   # read after the question asked before it
            elif pieces and (there := _THERE.match(q)) and (place := _place_in(pieces[-1])):
                pieces.append(place + q[there.end():])   # "…去北京参加培训…？那边酒店…" asks of 北京
            else:
                pieces.append(q)
        return list(dict.fromkeys(pieces))
    if asked := _zh_clauses(question) or told_parts(question, "zh"):
        return asked
    parts = _zh_items(question)
    # three or more items ("北京、上海和广州"): the second part holds the rest, and is split again
    return list(dict.fromkeys(piece for part in parts for piece in (_zh_items(part) or [part])))


# a work's title or a quoted name is one thing: the 与 of 《请假与休假制度》 or 「研究与开发」 joins nothing of the question
_ZH_QUOTED = re.compile(r"《[^《》]+》|〈[^〈〉]+〉|「[^「」]+」|『[^『』]+』|“[^“”]+”|‘[^‘’]+’|【[^【】]+】|\"[^\"]+\"")


def _separating(q: str, quoted: list[tuple[int, int]]) -> re.Match[str] | None:
    """The first joining word that stands as a word of its own, outside a title or a quoted name (``quoted``: their
    spans in ``q``): the 与 of 参与, the 和 of 和平, the 及 of 及时 and the 与 of 《请假与休假制度》 join nothing."""
    import jieba

    starts, at = set(), 0
    for word in jieba.lcut(q):
        starts.add((at, word))
        at += len(word)
    return next((m for m in _ZH_SEP.finditer(q) if (m.start(), m.group()) in starts
                 and not any(start < m.start() < end for start, end in quoted)), None)


# a reciprocal predicate takes both sides of 与 / 和 / 跟 at once (A 与 B 交好, 和 B 结婚): one event, not two items
_RECIPROCAL_VERBS = (r"交好|交恶|结婚|离婚|成婚|订婚|合作|联手|结盟|联姻|会面|见面|会晤|谈话|对话|交谈|相识|相遇|相爱|恋爱|交往|"
                     r"合并|谈判|签约|交手|交战|对战|对决|竞争|争夺|争吵|决裂|和解|共事|合演|合唱|合著|同台")
_RECIPROCAL = re.compile(rf"\s*(?:曾|曾经|一起|共同|一同|正式|多次|已|已经)?(?:{_RECIPROCAL_VERBS})")


def _reciprocal_opens(tail: str) -> bool:
    """Whether what follows the items opens on a reciprocal verb that is no part of a noun ("交好，…", "合作出版了";
    never "签约日期在哪里查")."""
    opened = _RECIPROCAL.match(tail)
    if opened is None:
        return False
    after = [flag for word, flag in zh_tagged(tail[opened.end():]) if word.strip()]
    return not after or not (after[0].startswith("n") or after[0] in ("t", "vn"))


def _reciprocal_within(item: str) -> bool:
    """Whether a name or a pronoun opens ``item`` and a reciprocal verb follows it ("潘佩珠谈话", "李明合作"; never
    "项目合作奖励" or "劳动合同签约日期", whose verb is part of a thing's name)."""
    words = [(word, flag) for word, flag in zh_tagged(item) if word.strip()]
    return len(words) >= 2 and words[0][1].startswith(("nr", "r")) and re.fullmatch(_RECIPROCAL_VERBS, words[1][0]) is not None


_JOINS = frozenset("或者 或是 或 以及 及 和 与".split())
# …never when the message asks of each (分别, 各自) or asks an amount, which each way may have its own of ("挂失、补办和
# 注销银行卡要多少手续费？")
_EACH = re.compile(r"分别|各自|各(?=[是要需怎多几有能该])")


def _verb_joined(tail: str) -> bool:
    """Whether ``tail`` opens on a joining word, a verb and the verbs' shared object ("或者接触乙酰胺": a third way of
    one event; never "或者熬夜有什么危害", three habits)."""
    words = [(word, flag) for word, flag in zh_tagged(tail.strip()) if word.strip()]
    return len(words) >= 3 and words[0][0] in _JOINS and words[1][1].startswith("v") and words[1][1] != "vn" \
        and (words[2][1].startswith("n") or words[2][1] == "eng")


def _only_verbs(item: str) -> bool:
    """Whether every word of ``item`` is a verb as jieba tags it (吸入, 吞食; never a verbal noun, 调休)."""
    flags = [flag for word, flag in zh_tagged(item.strip()) if word.strip()]
    return bool(flags) and all(flag.startswith("v") and flag != "vn" for flag in flags)


def _zh_items(question: str) -> list[str]:
    q = _EACH.sub("", question)
    quoted = [m.span() for m in _ZH_QUOTED.finditer(q)]
    match = _separating(q, quoted)
    if not match:
        return []
    rest = q[match.end():]
    after = rest.lstrip()
    start = match.end() + len(rest) - len(after)
    # a title or a quoted name is read whole, and the nouns after it with it (“市场与销售”部门): its 与, 的 or verb ends
    # no item
    if opening := _ZH_QUOTED.match(after):
        right = opening.group() + _nouns_at(q, start + opening.end())
        if len(right) - len(opening.group()) > 10:
            return []
    else:
        stop = _ZH_STOP_IN_CODE.search(after)
        right = _leading_nouns(q, start, (after[:stop.start()] if stop else after).rstrip())
        if not 1 <= len(right) <= 10:
            return []
    end_left = len(q[:match.start()].rstrip())
    left_start = max(0, end_left - _as_many_words(q[:end_left], right))   # parallel items match
    # …and the left item never starts inside a title (《请假与休假制度》和《考勤制度》, 《员工手册》与差旅标准)
    # (no title holds the joining word, so each one before it ends before it)
    left_start = next((s for s, e in quoted if s < left_start < e), left_start)
    left = q[left_start:end_left]
    unquoted = _ZH_QUOTED.sub("“”", left.strip())   # (a title's own 的 or 是 is no stop)
    if not left.strip() or _ZH_STOP.search(unquoted) or _is_pronoun(left) or _is_pronoun(right):
        return []   # "我和同事一起出差" names who asks, not what is asked
    head, tail = q[:left_start], q[start + len(right):]
    if re.search(r"相比|比较|比起|对比|相同|一样", right) or re.match(r"\s*(相比|比较|比起|对比|相同|一样)", tail):
        return []   # "A和B相比有什么不同": a comparison asks about both at once
    if _reciprocal_opens(tail) or _reciprocal_within(right):
        return []   # "信亲与信长交好", "谁与潘佩珠谈话": one event of both, never an item each
    if _only_verbs(left) and _only_verbs(right) and _verb_joined(tail) and not _EACH.search(question) \
            and asked_type(question) != "number":
        return []   # "吸入、吞食或者接触乙酰胺": three ways of one event on one object, never a question each (split v30)
    return [f"{head}{item}{tail}" for item in (left, right)]

