"""Does the source of the asked fact write the most specific thing the question names? (evidence v95,
``refuse_rarest_unsaid``, signal ``rarest_unsaid``)

A handbook answers its siblings in one voice: "How much cash float is loaded into each self-checkout machine?" against
"Each staffed till starts the day with a float of £150"; "保安部员工配发几套工服？" against the 客房部 row. The window
that carries most of the question's key terms holds an amount of the asked kind, so the key-term support passes — but
the rarest of the question's terms that the top sources write (by document frequency in the corpus: self-checkout, 保安部)
stands elsewhere. A source that never writes the most specific thing the question names answers another question.

- **The rarest term**: the question's key term of highest rarity weight that some top source writes (a term no top source
  writes is the unknown-name and focus rules' business), never a number, a word of one Chinese character or one opening
  on 每 (每晚, 每班: how often, not what). In English only a word that can be a noun, a name, or a word no dictionary
  holds (lemminflect): "take care of", "kept", "without" name nothing a statement must repeat. (Chinese reads every
  word: jieba's tagger cuts 年假 as 年 / 假.)
- **Where it must stand**: the source that holds the asked type (the evidence rule's window, ``asked.sentence``), with
  its title and headings, which name what a table row or a list item leaves out.
- **Where it is read**: a question that asks one thing (one word that asks), alone, over sources that are no running
  prose — a message of several parts, a conversation and a reference question spread their terms on purpose, and
  running prose has the scatter and meaning checks.

Chosen on the 34 dev suites against evidence v94 (passes gained and lost): English +19 −8 (the handbooks +19 −6,
kb-en −2), Chinese +18 −4 (the handbooks +18 −4). An earlier form that read the window alone, on every question but
conversations and split messages: English +26 −12 (with every word, not only those that can be nouns, the handbooks
lost 16 where they lost 7), Chinese +23 −9.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rag.memo import text_terms
from rag.text import CJK, EN_NUMBER_WORDS
from rag.types import QueryEnv

_NUMBER_WORDS = frozenset(word for word, n in EN_NUMBER_WORDS.items() if 1 <= n <= 12)
# the words that ask: a message that asks twice asks several things, each with its own most specific term ("…年终奖目标大概能拿
# 多少钱 算上公司系数是多少", which the split did not cut for want of punctuation)
_ASKS = re.compile(r"多少|几[个天次年月号点级种项位名]?|什么|哪|谁|多久|多长|怎么|如何|是否|吗|"
                   r"\b(?:how|what|when|where|who|whom|whose|which)\b", re.I)


def asks_once(question: str) -> bool:
    """Whether a message asks one thing: at most one word that asks."""
    return len(_ASKS.findall(question)) <= 1


def rarest_unsaid(question: str, source: str, keys: dict[str, float], held: set[str], joined: str,
                  env: QueryEnv, nouns_only: bool) -> str:
    """The question's rarest key term that the top sources (``joined``, whose index terms are ``held``) write and
    ``source`` (the asked fact's source, with its headings) does not; "" when it does, or no term qualifies."""
    written = [t for t in keys if keys[t] > 0 and (t in held or (CJK.search(t) and t in joined)) and _may_be_rarest(t)
               and (not nouns_only or CJK.search(t) or _names_a_thing(t, question, env))]
    if not written:
        return ""
    rarest = max(written, key=lambda t: (keys[t], t))
    said = rarest in text_terms(env.space, source) or bool(CJK.search(rarest)) and rarest in source
    return "" if said else rarest


def _may_be_rarest(term: str) -> bool:
    # (an amount or a year is the asked value or a condition, never the thing asked about; a code — P3, VPN-809 — is)
    if re.fullmatch(r"[\d.,，]+[^\W\d_]{0,2}", term) or term.lower() in _NUMBER_WORDS:
        return False
    return not (CJK.search(term) and (len(term) < 2 or term.startswith("每")))


def _names_a_thing(term: str, question: str, env: QueryEnv) -> bool:
    """Whether an English index term stands for a word of the question that can be a noun or a name ("ticket", "Ellerby",
    "self-checkout"), not only a verb, an adjective or an adverb ("kept", "missing", "without")."""
    words = [w for w in re.findall(r"[A-Za-z][A-Za-z'-]*", question) if term in env.space.tokenize(w)]
    return not words or any(w[:1].isupper() or _can_be_noun(w.lower()) for w in words)


@lru_cache(maxsize=8192)
def _can_be_noun(word: str) -> bool:
    from lemminflect import getAllLemmas

    lemmas = getAllLemmas(word)
    return not lemmas or "NOUN" in lemmas or "PROPN" in lemmas
