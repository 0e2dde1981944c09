"""An English row the table does not list: "What colour tunic do physiotherapists wear?" against a uniform table of
Matron, Ward Manager and Registered Nurse.

Chinese names a row's kind in its last character (:mod:`rag.answerability.siblings`); English does not, and a word
before a row's head is as often a verb or an adjective ("attend training", "a typical shift") as a row. So English
reads the question the other way round: a question that names **no row** of the table that holds the asked fact, yet
names **a specific thing** that no top source writes, asks about a row the table leaves out. The row that states a
value for Registered Nurse does not answer for physiotherapists.

- A question names a row when it holds a word that tells the row from its siblings — a label's words but its last
  ("Compassionate leave": compassionate; "leave" is the kind the rows share), or a one-word label ("Matron") — or a word
  of exactly one row's short cells ("London" of a "Tier 1 | London, Paris" row). Labels are read in a table's first
  column and any column whose header names a kind of row (Role, Vehicle, Course …), and before the colon of a list's
  labelled items ("- Maternity: 16 weeks at full pay"). Then the table answers it.
- A specific thing is a noun that English uses rarely — a Zipf frequency of at most ``4.4`` in ``wordfreq`` (paternity
  3.2, minibus 2.8, scooter 3.6; typical 4.6, shift 4.8, night 5.6) — or a capitalised word no English dictionary
  holds (Kingsley House, the Fenwick depot). A word ``lemminflect`` knows only as an adjective, a verb or an adverb
  (cheapest, attend, abroad) names no row, and a lower-case word it does not know is slang or a typo ("dosh",
  "brekkie", "xmas"), which the rule leaves to the other evidence. The bar 4.4 was chosen on the dev splits of the
  English suites (at 4.8 three answered dev questions were refused).
- The thing counts as unwritten when no top source holds a word starting with its first five letters (hygien of
  hygiene, hygienic; physi of physio), a possessive aside.

Never where a row gathers the others ("All other staff", "Any other vehicle", "All other cities"): the asked row may be
among them; never where rows are told apart by number ("Less than 5 years", "Years 7–9") and the question gives one;
and a specific thing is looked for in the question's last sentence only, the ones before it setting the scene (where
a row may be named: "Research has spent half its budget. What's their allocation for 2025?").
"""

from __future__ import annotations

import re
from functools import lru_cache

from rag.text import EN_FUNCTION_WORDS, is_table_row, is_table_separator, table_cells

SPECIFIC_AT = 4.4   # wordfreq Zipf: at most this, a noun names a specific thing (fitted on the English dev splits)

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’-]*")
_GATHERS = re.compile(r"\b(?:other|others|all|any|rest|everyone|everybody|anyone)\b", re.I)
_LABEL_HEADER = re.compile(r"\b(?:role|position|post|job|grade|band|shift|store|branch|site|type|item|vehicle|course|"
                           r"training|school|room|service|group|category|class|level)s?\b", re.I)


# a labelled list item: "- Maternity: 16 weeks at full pay", "* Nominated partner (spouse …): 10 tickets"
_LIST_ITEM = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+([A-Za-z][^:\n]{0,60}?):\s+(\S.*)$")


def _stem(word: str) -> str:
    return re.sub(r"['’]s?$", "", word.lower())[:5]


def _rows(text: str) -> list[tuple[list[str], list[str]]]:
    """(label cells, other cells) of each data row of the tables of ``text`` (the header row names the columns), and of
    each item of a list of two labelled items or more (the label before its colon)."""
    rows: list[tuple[list[str], list[str]]] = []
    header, columns = True, [0]
    for line in text.split("\n"):
        if not is_table_row(line):
            header, columns = True, [0]
            continue
        if is_table_separator(line):
            continue
        cells = table_cells(line)
        if header:
            header = False
            columns = [0, *(i for i, head in enumerate(cells) if i and _LABEL_HEADER.search(head))]
            continue
        rows.append(([cells[i] for i in columns if i < len(cells)], [c for i, c in enumerate(cells) if i not in columns]))
    items = [found for found in map(_LIST_ITEM.match, text.split("\n")) if found]
    if len(items) >= 2:   # a list whose items are labelled ("- Maternity: 16 weeks …", "- Part-time staff: £120 …")
        rows += [([found.group(1)], []) for found in items]   # (the text after the colon describes it)
    return rows


_SHORT_CELL = 5   # words: a cell this short names its row's thing ("London, Paris"); a longer one describes it


def _naming_words(labels: list[str]) -> set[str]:
    """The words of a row's labels that tell it from its siblings: all but the last of a label of several words
    ("Compassionate leave": compassionate; leave is the kind every row shares), and a one-word label itself."""
    words: set[str] = set()
    for label in labels:
        found = [w for w in _WORD.findall(re.sub(r"\([^)]*\)", " ", label)) if w.lower() not in EN_FUNCTION_WORDS]
        words |= {_stem(w) for w in (found[:-1] if len(found) > 1 else found)}
    return words


def _content(text: str) -> set[str]:
    return {_stem(w) for w in _WORD.findall(text) if w.lower() not in EN_FUNCTION_WORDS}


@lru_cache(maxsize=8192)
def _specific(word: str, capitalised: bool) -> bool:
    """Whether ``word`` names a specific thing: a rare noun, or a capitalised word no dictionary holds."""
    from lemminflect import getAllLemmas
    from wordfreq import zipf_frequency

    lowered = word.lower()
    head = lowered.rsplit("-", 1)[-1]   # "e-reader": a reader; "de-icing" is read whole first
    kinds = getAllLemmas(lowered) or getAllLemmas(head)
    if not kinds:
        return capitalised and "-" not in word
    if lowered.endswith("ing") and "VERB" in kinds:
        return False   # "booking the minibus", "de-icing": a doing, not a thing
    return "NOUN" in kinds and zipf_frequency(lowered, "en") <= SPECIFIC_AT


def _asking_sentence(question: str) -> str:
    """The question's last sentence: the ones before it set the scene ("A colleague has 12 years' service. How many
    days of leave do they get?")."""
    sentences = [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Za-z])", question.strip()) if s.strip()]
    return sentences[-1] if sentences else question


def unnamed_row(question: str, text: str, sources: str) -> tuple[str, str] | None:
    """(the question's specific word, a row label of the table) when ``text`` — the source holding the asked fact —
    holds a table of two rows or more, the question names none of them, and it names a specific thing that
    ``sources`` (every top source's text) never writes; None otherwise. English questions only."""
    rows = [row for row in _rows(text) if any(cell.strip() for cell in row[0] + row[1])]
    if len(rows) < 2 or any(_GATHERS.search(cell) for labels, cells in rows for cell in labels + cells):
        return None
    if re.search(r"\d", question) and sum(bool(re.search(r"\d", " ".join(labels))) for labels, _ in rows) * 2 >= len(rows):
        return None   # rows by number ("Less than 5 years", "Years 7–9"): the question's number places it in one
    asked = _content(question)
    naming = [_naming_words(labels) for labels, _ in rows]
    short = [_content(" ".join(cell for cell in cells if len(cell.split()) <= _SHORT_CELL)) for _, cells in rows]
    if any(asked & words for words in naming) or any(sum(word in words for words in short) == 1 for word in asked):
        return None   # the question names a row
    written = sources.lower()
    for at, found in enumerate(_WORD.finditer(_asking_sentence(question))):
        word = re.sub(r"['’]s?$", "", found.group(0))
        if len(word) < 3 or word.lower() in EN_FUNCTION_WORDS or "'" in word or "’" in word or word.isdigit():
            continue
        if re.search(r"\b" + re.escape(word.lower()[:5]), written):
            continue
        capitalised = word[:1].isupper() and at > 0
        if _specific(word, capitalised):
            label = next((cell for labels, cells in rows for cell in labels + cells if cell.strip()), "")
            return word, label
    return None
