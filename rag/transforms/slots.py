"""Which part of the earlier question a follow-up replaces, and what the earlier question was about.

An elliptical follow-up names only what changed: "那经理呢？" after "普通员工去上海出差，住宿费每晚
上限是多少？", "And VPN-650?" after "What does the VPN-203 error mean?". The standalone question
keeps the subject and the constraints of the earlier turn and swaps the one slot the follow-up
names: "普通经理去上海出差，住宿费每晚上限是多少？" (the rank), "What does the VPN-650 error
mean?" (the code). A follow-up that points back with a pronoun ("这个需要发票吗？", "Can it be
taken after …?") has the pronoun replaced by the earlier question's topic.

The slot is found by the same rules in every corpus:

- **shape** — a code replaces a code (``VPN-203`` → ``VPN-650``, ``P2`` → ``P4``), a number
  with a unit replaces a number with the same unit (``3 天`` → ``5 天``);
- **meaning** — otherwise the span of the earlier question (a word, or two adjacent words)
  closest to the follow-up under the corpus's own embedder, when its cosine reaches
  ``swap_at``: a rank for a rank (经理 / 员工 0.57), a city for a city (Lisbon / London 0.51), a
  benefit for a benefit (gym memberships / courses 0.33), never the topic (经理 / 住宿费 0.08).
  Below it, nothing in the earlier question is of the same kind ("那上海呢？" after a question
  that names no city: 上海 / 出差 0.26), and the follow-up is joined to it instead (its own
  content first). A swapped word takes its modifier with it when the phrase is nearly as
  close ("free software" → "paid software").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np

from rag.answer_types import without_asking
from rag.text import CJK as _CJK
from rag.text import EN_FUNCTION_WORDS, without_look_up, zh_tagged, zh_tagged_spans

_CODE = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{1,10}[-_]?\d+[A-Za-z0-9]*(?![A-Za-z0-9])")
_NUMBER = re.compile(r"(\d+(?:\.\d+)?)\s*([\u3400-\u9fff]|[A-Za-z]+)?")
_EN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'-]*|\d+")

# words that never fill a slot: question scaffolding, function words, pronouns
_EN_SKIP = EN_FUNCTION_WORDS | frozenset("exactly actually really even still already ever".split())
_ZH_SKIP = frozenset(
    "什么 多少 怎么 怎样 如何 哪些 哪个 哪里 是否 可以 能否 能 会 需要 要 吗 呢 吧 请问 一下 我 我们 你 您 是 有 "
    "没有 几 谁 为什么 多久 的 了 和 与 及 或 在 去 到 把 被 对 为 这个 那个 这 那 它 其 该 每 上限 最多 最少 "
    "一共 总共 应该 得 想 知道 时候".split())
# Pronouns that point back. Case matters ("IT" is a department); a dummy "it" ("is it possible
# to …") and a determiner or relative "that" ("that covers", "this year's") point at nothing:
# "that" / "this" count only where they end the clause ("after that?", "is that taxed?" does not).
# …nor "it's 3am now", "it is Monday", "it's late": the time
DUMMY_IT = (r"(?!\s+(?:possible|true|ok|okay|allowed|necessary|required|normal|fine|worth|likely|enough|too|raining)\b)"
          r"(?!(?:'s|\s+is|\s+was)\s+(?:\d|(?:now|already|late|early|midnight|noon|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b))"
          # …nor the "it" of what doing something takes or costs: "How much is it to use the resin printer?", "How long
          # does it take to get a refund?", "What does it cost to hire the hall?" ("How long does it take?" points back)
          # (an infinitive with no object of its own, "How much does it cost to renew?", still points back)
          r"(?!(?<=\bis it)\s+to\s+[a-z]+\s+[a-z])(?!(?<=\bwas it)\s+to\s+[a-z]+\s+[a-z])"
          r"(?!\s+(?:take|takes|took|cost|costs)\b(?:\s+[\w'£$€.,]+){0,3}?\s+to\s+[a-z]+\s+[a-z])")
_EN_POINTER = re.compile(rf"(?<![\w-])(?:[Ii]t{DUMMY_IT}|[Ii]ts|[Tt]hey|[Tt]hem|[Tt]heir)(?![\w-])"
                         r"|(?<![\w-])(?:that|this|those|these)(?=\s*[?.!,;]|\s*$)")
# 它 (not 其它); 这个 / 那个 … only before a predicate ("这个需要发票吗"), never as a determiner
# ("这个月", "那个部门")
_ZH_POINTER = re.compile(r"(?<!其)它们?|(这个|那个|这些|那些|这种|那种)(?=[需要能可是有怎多包算会该必用在还也都就呢吗？?，,。]|$)"
                         r"|上述|该项|此项|(?<=在)(?:这|此|这段)期间")

Similar = Callable[[str, Sequence[str]], Sequence[float]]

_ZH_CLASSIFIERS = frozenset("号天个年月周次件台间份位名条张家元岁楼层栋节")
# words that say when or how often, never what a question is about ("出差伙食补助每天多少钱？" is about 出差伙食补助)
_ZH_NOT_TOPIC = frozenset("每天 每日 每月 每年 每周 每次 每晚 每人 今年 明年 去年 现在 平时 目前".split())
# a noun phrase opens on a determiner or a possessive; a preposition before it makes it a modifier, a subject
# before a run makes the run a verb
_EN_DETERMINER = frozenset("a an the my your our their his her this that these those".split())
_EN_PREPOSITION = frozenset("for of with in on at from to about by into per under over".split())
_EN_BE = frozenset("is are was were be been being get gets got".split())
# a past participle: a regular one, or an irregular one a rule or a form is said to be ("paid", "given", "held")
# (never a noun that ends so: speed, breed, hundred; nor a participle that is also a common noun: cut, set, run)
_EN_PARTICIPLE = re.compile(r"(?!\w*eed$|hundred$)[a-z]{3,}ed|paid|given|taken|made|sent|held|kept|left|done|seen|known|"
                            r"shown|written|brought|bought|built|told|sold|spent|worn|chosen|drawn|lost")
# "a week", "the month": a span of time says how long or how often, never what is asked about (a word that is one, and
# any in a phrase)
_TIME_WORD = r"(?:second|minute|hour|day|night|week|fortnight|month|quarter|year|time)s?"
_EN_SPAN = re.compile(rf"{_TIME_WORD}|\d[\d,.]*")
TIME_WORD = re.compile(rf"\b{_TIME_WORD}\b", re.I)


def _heads(words: list[str]) -> bool:
    """Whether the run after ``words`` (nearest last) is a noun phrase of its own: opened by a determiner
    that no preposition governs."""
    return bool(words) and words[-1] in _EN_DETERMINER and not (len(words) > 1 and words[-2] in _EN_PREPOSITION)


def spans(question: str, language: str) -> list[str]:
    """Candidate slots of a question: its content words and pairs of adjacent content words,
    as written (so that a replacement keeps the rest of the question intact)."""
    if language == "en":
        words = _EN_WORD.findall(question)
        keep = [w for w in words if w.lower() not in _EN_SKIP]
        pairs = [f"{a} {b}" for a, b in zip(words, words[1:], strict=False)
                 if a.lower() not in _EN_SKIP and b.lower() not in _EN_SKIP and f"{a} {b}" in question]
        return list(dict.fromkeys(keep + pairs))
    import jieba

    words = [w for w in jieba.lcut(question) if w.strip()]
    content = [w for w in words if w not in _ZH_SKIP and (len(w) > 1 or not _CJK.search(w))
               and (_CJK.search(w) or re.search(r"[A-Za-z0-9]", w))]
    pairs = [a + b for a, b in zip(words, words[1:], strict=False)
             if a in content and b in content and a + b in question]
    return list(dict.fromkeys(content + pairs))


def by_shape(content: str, previous: str) -> tuple[str, str] | None:
    """The span of ``previous`` that ``content`` replaces by its form alone, and what replaces
    it: a code for a code, a number for the one number with the same unit ("那满 10 年呢？"
    swaps "20 年" for "10 年"); None when the forms say nothing."""
    if _CODE.fullmatch(content.strip()):
        old = [m.group() for m in _CODE.finditer(previous)]
        return (old[0], content.strip()) if len(old) == 1 else None
    numbers = [m for m in _NUMBER.finditer(content) if m.group(2)]
    if len(numbers) == 1 and len(content) - len(numbers[0].group(0)) <= 3:   # "满 10 年", "10 years"
        unit = numbers[0].group(2).lower()
        same = [m.group(0).strip() for m in _NUMBER.finditer(previous) if (m.group(2) or "").lower() == unit]
        return (same[0], numbers[0].group(0).strip()) if len(same) == 1 else None
    return None


# the last characters that name a kind of unit, grade, group or place, which siblings share
_ZH_KIND_HEADS = frozenset("部级类班组区科处室队期档号楼层院系所站线岗团局厅馆店场库段届假证卡险")


def by_head(content: str, previous: str) -> tuple[str, str] | None:
    """The one span of a Chinese ``previous`` that ``content`` names a sibling of by their shared head: as long as it,
    ending in the same character, whole words ("初中部呢？" after "高中部上午第一节课几点开始？" swaps 高中部, however jieba
    cuts 高/中部; "高级的呢？" after "初级内训师…" swaps 初级): one shared character when it names a kind
    (:data:`_ZH_KIND_HEADS`), else two; None when no span or several do."""
    import jieba

    if not re.fullmatch(r"[\u4e00-\u9fff]{2,5}", content):
        return None
    edges = word_edges(previous)
    n = len(content)
    # a head of one character names a kind only when it is one (部, 级, 班 …): 经理 / 办理, 主管 / 保管 share a character,
    # not a kind; two or more shared characters are a head (初中部 / 高中部, 一类城市 / 二类城市)
    shared = 1 if content[-1] in _ZH_KIND_HEADS else 2
    if n <= shared:
        return None
    found = {previous[i:i + n] for i in range(len(previous) - n + 1)
             if i in edges and i + n in edges and previous[i + n - shared:i + n] == content[-shared:]
             and re.fullmatch(r"[\u4e00-\u9fff]+", previous[i:i + n])
             and previous[i:i + n] != content and not set(jieba.lcut(previous[i:i + n])) & _ZH_SKIP}
    return (found.pop(), content) if len(found) == 1 else None


# the end of a Chinese word that names a post or a kind of staff (店长, 调度员, 中层干部, 实习生 …); a word tagged as a verb
# never does (延长, 增长, 加工), nor a length or a gift that ends in 长 (加班时长, 特长)
_ZH_POST_END = re.compile(r"(?:员|长|师|经理|主管|主任|总监|干部|助理|顾问|秘书|会计|出纳|领班|前台|保安|保洁|司机|护士|医生|"
                          r"老师|教师|员工|职工|工人|实习生|学徒|管家|代表|负责人|阿姨|师傅)$")
_ZH_NOT_POST = re.compile(r"(?:时长|特长|专长|擅长|身长|全长|总长|延长|增长|成长|工龄长|时间长|期长)$")
# what names a post's grade or kind, read with it (一般员工, 综合柜员, 高级工程师, 副店长, IT专员): an adjective, a
# distinguishing word, a verb's noun form or a Latin-letter name, never a place, a department, a shift or a number,
# which qualify the post and stay (上海分公司员工, 门诊护士, 周末值班医生, 三号楼项目部安全员)
_ZH_POST_GRADE = ("a", "b", "vn", "eng")
_ZH_POSTS_READ = 200   # (a follow-up's earlier question is a question: a longer text names no post to swap)


def posts_zh(text: str) -> list[str]:
    """The posts a Chinese ``text`` names, each with the words right before it that name its grade or kind
    (:data:`_ZH_POST_GRADE`: "一般员工去省会城市出差…" → 一般员工; "IT专员的电脑补贴…" → IT专员; "顾客投诉菜太咸，领班能…" → 领班;
    "门诊护士…" → 护士): a word ending as a post does (:data:`_ZH_POST_END`, not :data:`_ZH_NOT_POST`), not a verb, nor
    before a noun or a grade it qualifies (员工食堂, 保洁阿姨, 专员级). None in a text over :data:`_ZH_POSTS_READ`
    characters."""
    if len(text) > _ZH_POSTS_READ:
        return []
    tagged = list(zh_tagged(text))
    posts: list[str] = []
    read = -1   # (the last word read as a post's)
    for i, (word, flag) in enumerate(tagged):
        # (jieba may cut 员 or 师 off as a word of its own, a classifier: 运钞 / 员)
        joined = i + 1 < len(tagged) and tagged[i + 1][0] in ("员", "师") and tagged[i + 1][1] in ("q", "zg", "n", "ng")
        whole = word + tagged[i + 1][0] if joined and flag.startswith("n") else word
        if i <= read or not _CJK.search(word) or flag.startswith(("v", "r", "p", "u", "m", "q", "d", "c", "a")) \
                or not _ZH_POST_END.search(whole) or _ZH_NOT_POST.search(whole):
            continue
        after = i + 2 if whole != word else i + 1
        if after < len(tagged) and (tagged[after][1] in ("n", "nr", "nz", "ng") or tagged[after][0][:1] in "级类号"):
            continue   # (a post before a noun or a grade names it, it is no slot: 员工食堂, 保洁阿姨, 专员级, 员工号)
        read = after - 1
        start = i
        while start > 0 and i - start < 2 and tagged[start - 1][1] in _ZH_POST_GRADE:
            start -= 1
        posts.append("".join(w for w, _ in tagged[start:i]) + whole)
    return list(dict.fromkeys(posts))


def by_post(content: str, previous: str) -> tuple[str, str] | None:
    """The one post a Chinese ``previous`` names (:func:`posts_zh`), when the follow-up's ``content`` names a post
    alone: a post swaps for a post, with its grade ("那店长呢？" after "顾客投诉菜太咸，领班能做主送点什么？" swaps 领班, never
    顾客; "那中层干部呢？" after "一般员工去省会城市出差…" swaps 一般员工, never 省会). None when ``content`` is no post, or
    ``previous`` names none or several."""
    if not re.fullmatch(r"[\u4e00-\u9fff]{2,8}", content) or posts_zh(content) != [content]:
        return None
    named = posts_zh(previous)
    return (named[0], content) if len(named) == 1 and named[0] != content else None


def word_edges(text: str) -> set[int]:
    """Where jieba's words of a Chinese ``text`` start and end (0 and the end included)."""
    import jieba

    edges, at = {0}, 0
    for word in jieba.lcut(text):
        at += len(word)
        edges.add(at)
    return edges


def best_slot(content: str, previous: str, language: str, similar: Similar | None,
              swap_at: float) -> tuple[str, str] | None:
    """The span of ``previous`` the follow-up's ``content`` replaces, and its replacement."""
    shaped = by_shape(content, previous) or (by_head(content, previous) or by_post(content, previous)
                                             if language != "en" else None)
    if shaped is not None:
        return shaped
    if similar is None:
        return None
    candidates = [s for s in spans(previous, language) if s.lower() != content.lower()]
    if not candidates:
        return None
    scores = np.asarray(similar(content, candidates), dtype=float)
    best = int(scores.argmax())
    if scores[best] < swap_at:
        return None
    # a word that heads a phrase is swapped with its modifier ("free software" → "paid
    # software", "language courses" → "conferences") when the phrase is nearly as close
    phrases = [(float(scores[i]), c) for i, c in enumerate(candidates)
               if c != candidates[best] and _contains(c, candidates[best], language)]
    if phrases and max(phrases)[0] >= 0.7 * scores[best]:
        return max(phrases)[1], content
    return candidates[best], content


def _contains(phrase: str, word: str, language: str) -> bool:
    # (a Chinese phrase only where the word is its head, after no verb: 上海出差 and 出差上海 are no kind of 上海 — "那去成都
    # 呢？" swaps the place alone)
    return word in phrase.split() if language == "en" else phrase.endswith(word) and len(phrase) > len(word) \
        and not holds_a_verb_zh(phrase[:-len(word)])


def holds_a_verb_zh(text: str) -> bool:
    """Whether jieba tags a word of a Chinese ``text`` as a verb (a verbal noun, 调休, is a thing)."""
    return any(flag.startswith("v") and flag != "vn" for _, flag in zh_tagged(text))


def topic(previous: str, language: str) -> str:
    """What the earlier question is about: its content words in order ("How long is parental
    leave?" → "parental leave"; "出差伙食补助每天多少钱？" → "出差伙食补助")."""
    asked = previous
    previous = without_asking(without_look_up(previous))   # "how many days", "帮我查一下" ask; they are not the topic
    if language == "en":   # the longest run of content words ("hotel cap", "parental leave")
        runs: list[list[str]] = [[]]
        starts = [0]   # where each run starts among the words seen (what came before it: seen[:start])
        seen: list[str] = []
        for word in re.findall(r"[A-Za-z][A-Za-z0-9'-]*|\d[\d,.]*\d|\d|[^\sA-Za-z0-9]", previous):
            seen.append(word.lower())
            if word.lower() in _EN_SKIP or not re.match(r"[A-Za-z0-9]", word):
                runs.append([])
                starts.append(len(seen))
            else:
                runs[-1].append(word)
        for run in runs:
            # a passive's participle closes the run that follows its "be": "How often are dosimeter badges changed?" is
            # about the badges, "When are payslips issued?" the payslips, "Which forms are required?" the forms
            # (the "be" may stand in the asking words taken off: "How often are …", "Is parking provided?")
            if run and _EN_PARTICIPLE.fullmatch(run[-1].lower()):
                head = re.split(rf"(?<![A-Za-z0-9'-]){re.escape(run[0])}(?![A-Za-z0-9'-])", asked, maxsplit=1)[0]
                if _EN_BE.intersection(re.findall(r"[a-z]+", head.lower())[-3:]):
                    run.pop()
        # two runs as long as each other, with no number, are both the topic ("How much RAM will my
        # laptop have?" is about "RAM laptop": the pronoun of a later part may point at either); of
        # more, or with a number ("purchase order" / "5,000 USD"), the first
        longest = max(map(len, runs))
        tied = [run for run in runs if len(run) == longest]
        if len(tied) == 2 and not any(w[:1].isdigit() for run in tied for w in run):
            return " ".join(w for run in tied for w in run)
        chosen = next((i for i, run in enumerate(runs) if run is tied[0]), 0) if longest else None
        if chosen is not None and not _heads(seen[:starts[chosen]]):
            # a run inside a prepositional phrase ("… my smartcard for the patient record") or one that follows
            # its subject ("do I get", "do I book"), a verb, is not what the question is about when a noun
            # phrase of its own ("my smartcard", "a room") stands in it
            phrases = [i for i, (run, start) in enumerate(zip(runs, starts, strict=True))
                       if run and _heads(seen[:start]) and not all(_EN_SPAN.fullmatch(w.lower()) for w in run)]
            if phrases:
                best = max(phrases, key=lambda i: len(runs[i]))
                phrase = " ".join(runs[best])
                # with what a preposition hangs on it ("the policy on hybrid working", "the deadline for expense
                # claims"): the head alone says too little
                # (only a bare noun after it: "my smartcard for the patient record" is about the smartcard)
                after = seen[starts[best] + len(runs[best]):][:1]
                if best + 1 < len(runs) and runs[best + 1] and after and after[0] in _EN_PREPOSITION:
                    phrase = f"{phrase} {after[0]} {' '.join(runs[best + 1])}"
                return phrase
        return " ".join(tied[0]) if longest else ""
    import jieba

    out: list[str] = []
    words = jieba.lcut(previous)
    for i, word in enumerate(words):
        after = words[i + 1] if i + 1 < len(words) else ""
        if word == "的" and out and after not in _ZH_SKIP and _CJK.search(after):
            out.append(word)   # 学校的家长接待室: the head noun and what it belongs to
            continue
        if word in _ZH_SKIP or word in _ZH_NOT_TOPIC or not (_CJK.search(word) or re.search(r"[A-Za-z0-9]", word)):
            if out:
                break   # the topic is the first run of content words
            continue
        near_number = any(w.strip() == "" or w.isdigit() for w in (after, words[i - 1] if i else "x"))
        counted = bool(re.search(r"\d\s*$", "".join(words[:i]))) and word[:1] in _ZH_CLASSIFIERS
        if not out and (word.isdigit() or counted or (len(word) == 1 and _CJK.search(word) and near_number)):
            continue   # 请 2 天事假, 3 号楼的会议室: a run opens on a word, never on a number or what counts it
        out.append(word)
    return "".join(out)


def points_back(question: str, language: str) -> re.Match[str] | None:
    return (_EN_POINTER if language == "en" else _ZH_POINTER).search(question)


_ZH_PERIOD = re.compile(r"(?:冷静|试用|观察|犹豫|考察|见习|哺乳|孕|产|保修|有效|宽限)期")


def _sets_a_condition_zh(subject: str, previous: str) -> bool:
    """Whether the first words of a Chinese question only set a condition on a count ("累计工作满 5 年的员工，…"): they
    name no thing (jieba's tags: no noun, no English word; 工作 of 累计工作满 is a verb's noun form) and a number
    follows them. "出差报销，需要哪些材料？" and "VPN，在家怎么连？" are about their first words."""
    if any((flag.startswith("n") and flag != "vn") or flag == "eng" for _, flag in zh_tagged(subject)):
        return False
    at = previous.find(subject)
    return at >= 0 and bool(re.match(r"\s*[0-9０-９零〇一二两三四五六七八九十百]", previous[at + len(subject):]))


def _asking_clause_topic_zh(previous: str) -> str:
    """The topic of the clause of a Chinese question that asks, after a clause that sets a condition: "累计工作满 5 年的员工，
    年假有几天？" is about 年假 (what 它 points at); "" when there is one clause, or the asking clause's topic is no noun
    (提前, 一年)."""
    clauses = [c for c in re.split(r"[，,；;。！!]", previous) if c.strip()]
    if len(clauses) < 2:
        return ""
    asking = topic(clauses[-1], "zh")
    # (jieba's tagger cuts 年假 as 年 / 假: a topic is kept unless every piece is a verb, an adverb, a number or a measure)
    if not asking or all(flag[:1] in ("v", "d", "m", "q", "r", "t") for _, flag in zh_tagged(asking)):
        return ""
    return asking


def resolve_pointer(question: str, previous: str, language: str) -> str | None:
    """The question with its first back-pointing pronoun replaced by the earlier question's
    topic; None when it has none (or the earlier question has no topic words)."""
    match = points_back(question, language)
    subject = topic(previous, language)
    if language != "en" and subject and _sets_a_condition_zh(subject, previous):
        subject = _asking_clause_topic_zh(previous) or subject
    if match is not None and language != "en" and match.group().endswith("期间"):
        # a period pointed back at ("在这期间") is the period the earlier question named (冷静期, 试用期); none named, no
        # rewrite
        period = _ZH_PERIOD.search(previous)
        subject = period.group() if period else ""
    if match is None or not subject:
        return None
    replacement = subject if language != "en" or match.group().lower() not in {"its", "their"} else f"{subject}'s"
    return question[: match.start()] + replacement + question[match.end():]


# a preposition that opens a slot ("in Lisbon", "for a flyman")
LEADING_PREPOSITION = re.compile(r"(?i)(in|at|for|on|from|to|of|with|by)\s+")


def swap(question: str, content: str, previous: str, language: str, similar: Similar | None,
         swap_at: float) -> str | None:
    """The earlier question with the follow-up's slot swapped in, or None when no slot matches."""
    slot = best_slot(content, previous, language, similar, swap_at)
    if slot is None:
        return None
    old, new = slot
    if language != "en":
        old = _with_bound_tail(old, previous)
    # a whole word, never the inside of one ("intern" in "international")
    bounded = rf"(?<![A-Za-z0-9]){re.escape(old)}(?![A-Za-z0-9])" if re.search(r"[A-Za-z0-9]", old) else re.escape(old)
    if not re.search(bounded, previous):
        return None
    # "And in Lisbon?" for "… the hotel cap in London?": the preposition stands before the slot already
    lead = LEADING_PREPOSITION.match(new)
    if lead and re.search(rf"(?i)\b{lead.group(1)}\s+{bounded}", previous):
        new = new[lead.end():]
    if language == "en" and new[:1].isupper():
        # a place swapped for a place takes its qualifier and its article with it: "And for Europe?" after "… in the
        # UK outside London?" asks about Europe, not "the Europe outside London"
        # ("the UK" → "Europe"; "the Berlin office" keeps its article)
        article = r"(?:\bthe\s+)?" if old.isalpha() and old.isupper() else ""
        qualified = rf"{article}{bounded},?\s+(?:outside|except|excluding|other than|apart from|but not)\s+(?:the\s+)?" \
                    rf"[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*"
        bounded = qualified if re.search(qualified, previous) else rf"{article}{bounded}"
    if language != "en" and not re.search(r"[A-Za-z0-9]", old):
        # "那客房部呢？" after "前厅部配发几套工服？" whose slot is 前厅: the kind the new slot ends with (部) stands after the
        # old one already, and is not written twice (客房部部)
        at = previous.find(old) + len(old)
        tail = next((k for k in range(min(3, len(new) - 1), 0, -1) if previous[at:at + k] == new[-k:]), 0)
        if tail:
            bounded = re.escape(old + previous[at:at + tail])
    return re.sub(bounded, lambda _: new, previous, count=1)


# the last character of a place's name (钱塘湾, 舟山岛); never one that makes it something else's (杭州籍 a person's origin,
# 下沙厂 a factory, 西湖馆 a hall, 浦东校 a school)
_ZH_PLACE_TAIL = frozenset("湾岛港湖山江河桥路街镇村县")


def _with_bound_tail(old: str, previous: str) -> str:
    """A Chinese place slot with the one character jieba cut off its name as a bound morpheme ("钱塘湾项目…": 钱塘 / 湾,
    tagged zg): "临平那边呢？" swaps 钱塘湾, not 钱塘 (which left "临平湾项目"). Any other slot as it is."""
    spans = zh_tagged_spans(previous)
    for (_, _, word, flag), nxt in zip(spans, spans[1:], strict=False):
        if word == old and flag == "ns" and nxt[2] in _ZH_PLACE_TAIL and nxt[3] in ("zg", "ng"):
            return old + nxt[2]
    return old


def embedder_similarity(embed: Callable[[list[str]], object]) -> Similar:
    """Cosines between one text and several under an embedder (``space.embed_queries``)."""

    def similar(text: str, others: Sequence[str]) -> list[float]:
        vectors = np.asarray(embed([text, *others]), dtype=float)
        norms = np.linalg.norm(vectors, axis=1)
        norms[norms == 0] = 1.0
        unit = vectors / norms[:, None]
        return list(unit[1:] @ unit[0])

    return similar
