"""The words of a table's rows and of a question, as the row rules read them (:mod:`rag.answerability.unnamed_rows`,
:mod:`rag.answerability.pinned_rows`, :mod:`rag.answerability.unlisted_kinds`): a word's five-letter stem, the words
that tell a row from its siblings, whether a word names a specific thing (wordfreq, lemminflect), whether the sources
write a word in any of its forms, and the sentence of a question that asks.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rag.holders import knows_first_name
from rag.text import EN_FUNCTION_WORDS, asked_in_part, is_table_separator, sentences_of_part

# wordfreq Zipf: at most this, a noun names a specific thing (fitted on the dev splits of each language's suites)
SPECIFIC_AT_EN = 4.4

# (a Latin letter with its accent stays in its word: crèche, café, naïve)
WORD = re.compile(r"[A-Za-z0-9À-ÖØ-öø-ÿ][A-Za-z0-9À-ÖØ-öø-ÿ'’-]*")

# a label told apart by number: digits (not inside a word: an Enviro200 or a TL5 is a model's name, a P6 or Y7 a grade),
# or a Chinese numeral with its unit (满一年不满十年, 两千元至一万元)
NUMBERED = re.compile(r"(?<![A-Za-z]{2})(?<!\d)\d|[零一二两三四五六七八九十百千万]+(?:个)?(?:年|元|块|万|千|百|天|日|岁|月|周|次|小时|公里|人|级)")

def stem(word: str) -> str:
    return re.sub(r"['’]s?$", "", word.lower())[:5]


def is_separator_line(line: str) -> bool:
    return "|" in line and is_table_separator(line)


SHORT_CELL = 5   # words: a cell this short names its row's thing ("London, Paris"); a longer one describes it


def naming_words(labels: list[str]) -> set[str]:
    """The words of a row's labels that tell it from its siblings: all but the last of a label of several words
    ("Compassionate leave": compassionate; leave is the kind every row shares), and a one-word label itself."""
    words: set[str] = set()
    for label in labels:
        found = [w for w in WORD.findall(re.sub(r"\([^)]*\)", " ", label)) if w.lower() not in EN_FUNCTION_WORDS]
        words |= {stem(w) for w in (found[:-1] if len(found) > 1 else found)}
    return words


def content_words(text: str) -> set[str]:
    return {stem(w) for w in WORD.findall(text) if w.lower() not in EN_FUNCTION_WORDS}


@lru_cache(maxsize=8192)
def is_specific(word: str, capitalised: bool, named_place: bool = False) -> bool:
    """Whether ``word`` names a specific thing: a rare noun, or a rare capitalised word no dictionary holds that is no
    first name (Kingsley, Fenwick; never Saturday, Christmas, Gareth)."""
    from lemminflect import getAllLemmas
    from wordfreq import zipf_frequency


    lowered = word.lower()
    head = lowered.rsplit("-", 1)[-1]   # "e-reader": a reader; "de-icing" is read whole first
    kinds = getAllLemmas(lowered) or getAllLemmas(head)
    # (the commonest of its forms: "mornings" is as common as "morning", "vans" as "van")
    rare = max(zipf_frequency(form, "en") for form in {lowered, *kinds.get("NOUN", ())}) <= SPECIFIC_AT_EN
    if not kinds:
        return capitalised and "-" not in word and rare and (named_place or not knows_first_name(word))
    if lowered.endswith("ing") and "VERB" in kinds:
        return False   # "booking the minibus", "de-icing": a doing, not a thing
    return "NOUN" in kinds and rare


def plain_spelling(text: str) -> str:
    """``text`` lower-cased with hyphens dropped and British vowels read as American (co-ordinator, anaesthetist)."""
    # (oe only before two letters more, as in foetus or manoeuvre: "shoes" is never "shes", the pronoun's plural)
    return re.sub(r"oe(?=[a-z]{2})", "e", re.sub(r"(?<=[a-z])-(?=[a-z])", "", text.lower()).replace("ae", "e"))


@lru_cache(maxsize=8192)
def word_forms(word: str) -> tuple[str, ...]:
    """``word`` and its singulars (vans → van, knives → knife, GCSEs → gcse), spelt as :func:`plain_spelling` spells."""
    from lemminflect import getAllLemmas

    lowered = word.lower()
    forms = {lowered, *getAllLemmas(lowered).get("NOUN", ())}
    if lowered.endswith("s") and len(lowered) > 3:
        forms |= {lowered[:-1], lowered[:-2] if lowered.endswith("es") else lowered[:-1]}
    return tuple(sorted({plain_spelling(form) for form in forms}))


def is_written(word: str, spelt_sources: str) -> bool:
    """Whether the sources write ``word``: one of its forms as a whole word, or a word sharing its first letters — all
    but its last three, five at least (hygien of hygiene, hygienic; physio of physios, physiotherapist)."""
    forms = word_forms(word)
    if any(re.search(rf"\b{re.escape(form)}\b", spelt_sources) for form in forms):
        return True
    spelt = plain_spelling(word)
    return re.search(r"\b" + re.escape(spelt[:max(5, len(spelt) - 3)]), spelt_sources) is not None


def asking_sentence(question: str) -> tuple[str, str]:
    """The question's last sentence that asks (ends with a question mark, when one does): the ones before it set the
    scene ("A colleague has 12 years' service. How many days of leave do they get?"), a sign-off after it is none
    ("… ? Cheers, Dave"); and, apart, the asker's own post said in the scene ("I'm a physiotherapist starting Monday.
    What … do I wear?"), which is the row asked."""
    sentences = [s.strip() for s in sentences_of_part(question) if s.strip()]
    asking = [s for s in sentences if s.endswith("?")]
    scene, last = asked_in_part((asking or sentences or [question])[-1])   # ("… most weeks. how do I get a permit?")
    own = [found.group(1) for s in [*sentences, scene] if s and s != last for found in _OWN_POST.finditer(s)]
    return " ".join(own), last


_OWN_POST = re.compile(r"\b(?:I'm|I’m|I am|I work as)\s+(?:an?|the)\s+(?:new\s+)?([A-Za-z-]+(?:\s+[a-z-]+)?)", re.I)


def first_label(rows: list[tuple[list[str], list[str]]]) -> str:
    return next((cell for labels, cells in rows for cell in labels + cells if cell.strip()), "")


# a Chinese clause that asks, and one that sets the scene (the asker's own place or time: "我在海宁店上班")
ZH_ASKS = re.compile(r"多少|几(?!乎)|什么|啥|哪|谁|怎么|怎样|如何|吗|是否|能否|可否|多久|多长|多大|多高|多远")
ZH_SCENE = re.compile(r"^(?:我|咱|俺|他|她|家里|听说|最近|昨天|今天|明天|上周|下周)")


def asking_clauses(question: str) -> list[str]:
    """Every clause that asks ("海宁店的店长是谁？分机多少？" both), never one that sets the scene ("我在海宁店上班")."""
    return [c for c in re.split(r"[，,。！？；!?;]", question) if ZH_ASKS.search(c) and not ZH_SCENE.search(c)]
