"""Evidence-based answerability, decided before any model is called.

Signals, all recorded on the decision:

- **coverage** — the share of the question's content terms (question words removed) found in
  the top sources; a Chinese term also counts inside a longer word (住 / 住宿).
- **semantic** — the best cosine between the question and any single sentence or table row of
  the packed sources (the top ``consider`` before version 81), under the corpus's own embedder.
  Sentence level, because a chunk that mentions the topic in passing scores high as a whole but
  has no sentence that answers.
- **unknown names** — names, acronyms and codes (``CEO``, ``Wi-Fi``, ``P6``, ``Paris``; every
  Latin word of a Chinese question) that no document the asker may see contains: the question
  is about something the asker's corpus never mentions.
- **missing codes** — terms with letters and digits (``VPN-809``, ``L7``) absent from the top
  sources: an answer would be about something else.

Names and codes are also compared with separators and case removed, so ``VPN809`` and
``vpn 809`` find ``VPN-809`` (version 6).

- **best dense** — the best cosine between the question and a context chunk, computed here
  (not read from the retrievers' scores, which depend on which retrievers ran and may come
  from a recall-only route such as HyDE).

Decision: refuse on an unknown name or a missing code; otherwise answer when
``semantic + dense_weight · best_dense + coverage_weight · coverage ≥ answer_at`` (partial
when coverage is below ``partial_coverage``), else refuse. With ``levels: 5`` (version 7, the
default) two more levels come from :mod:`rag.answerability.levels`: ``conflict`` instead of
answer when two current sources give different values, ``background`` instead of refuse when
the score reached ``background_at`` (related but insufficient); ``levels: 3`` is version 6's
answer / partial / refuse. With ``answer_type: true`` (version 8) the decision also reads
the **asked fact** (:mod:`rag.answerability.asked_fact`): ``support`` (the best share of the
question's key terms that one sentence window holds) and ``answer_type`` (the same over windows
that also hold a candidate of the asked type — a number for "多少", a date for "when" …); the
score adds ``type_weight · answer_type``, and ``type_at`` refuses a question that asks for a
typed fact (a number, a date, a person, a place, an organisation, a list) when no sentence that
holds one carries enough of the question (``typed_only``: a yes/no, procedure or definition
question has no surface form to look for, and is left to the evidence score). Thresholds and weights may be given
per language, because cosine scales differ between embedders (MiniLM for English, USE for
Chinese): calibrate them on your own golden set.
"""

from __future__ import annotations

import re
from typing import Any, Literal

import numpy as np
from pydantic import PositiveInt

from rag.answer_types import UNTYPED, asked_type, without_asking
from rag.answerability import Answerability, answerability
from rag.answerability.abroad import abroad_unspoken
from rag.answerability.across_languages import across_languages
from rag.answerability.aliases import alias_unwritten
from rag.answerability.asked_fact import (
    ASKING_NOUNS,
    SCAFFOLD_WORDS,
    asked_fact,
    function_words_of,
    header_of,
    qualifiers_of,
    source_numbered,
    sources_naming,
    without_pointers,
)
from rag.answerability.asked_fact_checks import asked_fact_refusal
from rag.answerability.bridge import WordVectors, bridged, stand_ins, words_of
from rag.answerability.corpus_terms import CorpusTerms
from rag.answerability.follow_up_focus import focus_apart, focus_unheld, focus_untyped
from rag.answerability.levels import Statement, find_conflict, statements_by_meaning
from rag.answerability.local_reader import LocalReader
from rag.answerability.meaning import MeaningReader, MeaningReads, source_read
from rag.answerability.parts import in_parts
from rag.answerability.question_terms import (
    content_terms,
    has_letters_and_digits,
    is_code_term,
    written_codes,
    written_in,
)
from rag.answerability.rarest_term import asks_once, rarest_unsaid
from rag.answerability.reader import Reads, read_by_model
from rag.answerability.table_checks import row_refusal
from rag.answerability.time_spans import span_unwritten
from rag.answerability.unknown_names import unknown_names
from rag.answerability.unwritten_names import unwritten_names
from rag.by_language import by_language, by_language_or_none, for_language
from rag.measures import (
    NO_AMOUNT_NEEDED,
    asked_measure,
    said_in_words,
    states_any_measure,
    states_measure,
)
from rag.memo import item_terms, text_terms
from rag.registry import ComponentSpec
from rag.text import CJK as _CJK
from rag.text import (
    asked_in_another_language,
    compact,
)
from rag.types import ContextItem, Decision, QueryEnv

# ``bridge_support``: stand-ins for the asked fact's support everywhere (true), in running prose only ("prose", v110), or none
BridgeSupport = bool | Literal["prose"]
Language = Literal["zh", "en", "mixed", "default"]   # (rag.by_language.KEYS: a misspelt key is refused, never ignored)

# what answers "how much" without an amount: free, paid in full, no limit
_WITHOUT_AMOUNT = re.compile(r"\b(?:free|no charge|free of charge|at no cost|no cost|not charged|in full|no limit|unlimited|"
                             r"whatever it costs|no cap|no upper limit|uncapped)\b|免费|不收费|不收取|无需付费|全额|据实|实报实销|"
                             r"不设上限|不限|无上限|上不封顶|由公司承担|公司承担", re.I)


def code_singular(code: str) -> str:
    """A code written in the plural without its s ("P60s", "l5s" → "P60", "l5"), or "" when it is none."""
    return code[:-1] if code[-1:] in ("s", "S") and code[-2:-1].isdigit() else ""


def dense_similarity(question: str, context: list[ContextItem], env: QueryEnv) -> float:
    """The best cosine between the question as asked and a context chunk, computed here under
    the corpus's embedder: the same whichever retrievers ran (a BM25-only pipeline has no dense
    scores) and never a recall-only route's score (a HyDE passage's cosine is a guess's, not
    the question's)."""
    by_id = env.space.chunk_by_id
    texts = [by_id[c.chunk_id].text if c.chunk_id in by_id else c.text for c in context]
    q = np.asarray(env.space.embed_queries([question]))[0]
    return float((np.asarray(env.space.embed_passages(texts)) @ q).max())


@answerability.register("evidence", version="116")
def evidence(
    *,
    answer_at: float | dict[str, float] = 0.48,
    coverage_weight: float | dict[str, float] = 0.25,
    dense_weight: float | dict[str, float] = 0.0,
    partial_coverage: float = 0.3,
    consider: int = 3,
    semantic: bool = True,
    refuse_unknown_names: bool = True,
    require_codes: bool = True,
    idf_weighted: bool = False,
    levels: Literal[3, 5] = 5,
    background_at: float | dict[str, float] | None = None,
    conflict_margin: float = 0.1,
    conflict_similarity: float = 0.75,
    answer_type: bool = False,
    type_weight: float | dict[str, float] = 0.0,
    type_at: float | dict[str, float] | None = None,
    typed_only: bool = True,
    window: int = 2,
    parts: bool = True,
    require_focus: bool = True,
    focus_together: bool = True,
    refuse_untyped_focus: bool = False,
    bridge: bool | dict[str, bool] = False,
    bridge_at: float | dict[str, float] = 0.5,
    scatter_at: float | dict[str, float] | None = None,
    scatter_coverage: float | dict[str, float] = 0.6,
    scatter_scope: Literal["all", "prose"] = "all",
    bridge_support: BridgeSupport | dict[Language, BridgeSupport | None] = False,
    cross_answer_at: float | dict[str, float] | None = None,
    part_ratio: float = 1.0,
    require_measure: bool = True,
    refuse_siblings: bool = True,
    refuse_unwritten_names: bool = True,
    measure_ratio: float | dict[str, float] | None = None,
    refuse_abroad: bool = True,
    refuse_unwritten_aliases: bool = True,
    refuse_unwritten_spans: bool = True,
    refuse_unsaid_events: bool = True,
    refuse_unwritten_attributes: bool = True,
    refuse_untyped_sources: bool = True,
    function_words: bool = True,
    refuse_uncounted: bool = True,
    english_events: bool = False,
    semantic_sources: int | None = None,
    refuse_unnamed_titles: bool = True,
    refuse_rarest_unsaid: Literal["words", "nouns"] | dict[str, Literal["words", "nouns"] | None] | None = None,
    meaning_embedder: Any = None,
    meaning_at: float | dict[str, float] | None = None,
    meaning_reads: MeaningReads = "sentences",
    paraphrase_at: float | dict[str, float] | None = None,
    read_paraphrase: bool = False,
    slot_values: bool = True,
    reader: ComponentSpec | None = None,
    reader_reads: list[Reads] | None = None,
    reader_sources: PositiveInt = 3,
    reader_max_tokens: PositiveInt = 8,
    local_reader: str | None = None,
) -> Answerability:
    """See the module docstring. ``answer_at`` and the weights are a float or a mapping by
    language (``{en: …, zh: …, default: …}``). With ``answer_type`` off (the default) the
    decision is version 7's, signal for signal. With ``parts`` (version 9), a question the
    ``split`` transform cut into parts (two questions in one message, "A 和 B 分别…") is decided
    part by part over the same packed context: answered when every part has evidence in some
    source, partial when only some have, refused when none has. With ``require_focus`` a
    follow-up that named something new ("What about gym memberships?", recorded by the
    ``followup`` transform as ``focus``) is refused when none of its words stands in the top
    sources (version 40: when any of them does not): the earlier turn's evidence is none for it; a part of the message ``split`` asked again of
    something else ("…？那进机房呢？", ``part_focus``, version 28) needs every word it names. Version 30: a name written another way ("VPN809" for "VPN-809")
    must stand as whole words (the compacted "voiceover" no longer holds "CEO"). Version 31 (``part_ratio``):
    a part of a message that asks several things is decided at that share of ``answer_at``. (Version 32: the
    plural codes and holidays version 29 read leniently are names again, after review. Version 33: a month
    question's asked fact is a month, never "per calendar year". Version 34: a code or an acronym in the
    plural ("one of my L5s") is the code for the unknown-name and missing-code rules alike, where the
    singular stands; "L6s" against sources that hold only L5 still refuses. Version 35: a common word
    written in capitals for emphasis ("locked out AGAIN", "NOT working") is no name. Version 36: a sentence window is
    cut only at a full stop that ends a sentence, never after "Dr.", "e.g." or an initial. Version 37: a follow-up's focus
    that names part of the week is held where the sources write its days — "周末也一样吗？" by "休息日…" or "周六、周日…",
    "weekend" by "Saturday" — for the focus rule only, not for coverage. Version 38, ``require_measure``: a question
    that asks an amount in a measure (money, a span of time, a percentage, a length, a weight, an area:
    :func:`rag.measures.asked_measure`) is refused when no top source writes an amount in it, nor says it is free, paid
    in full or unlimited — signal ``measure_missing`` (after a review, an amount in words counts: "a fortnight",
    "straight away", 随次月工资, "double time", 一半, a currency only in a table header, 一个月工资). Version 39: an English follow-up whose focus is a place where the
    asker goes ("And if the conference is in Manchester?") is not refused for its name: a rule of its kind ("Hotel
    outside London") covers it, as it does a first question — :func:`rag.answerability.question_terms.goes_to`.
    Version 40: a follow-up's focus needs every one of its words in the top sources, as a part's does ("那高温补贴呢？"
    after a night-shift allowance question: 补贴 stands there, 高温 does not), a word that names the default kind
    (普通, "regular") aside. Version 41: an acronym the sources write only in the plural ("DVD" / "DVDs") is no
    unknown name, nor a word of chat written with a digit ("2moro", "2nite", "l8r"). Version 42, after a hostile
    review: ``require_measure`` reads an amount said in words or with its unit elsewhere ("a fortnight", "straight
    away", 随次月工资, "45p", a currency in a table header, 一半, "double time", "no cap":
    :func:`rag.measures.states_any_measure`); a follow-up's focus leaves out the head that names people in general
    ("part-time staff" / "Part-time employees", 女员工 / 女职工), and a day of the weekend is held by the weekend. Version 43: an award, a bonus, a premium, a grant, a reward, rent
    or a deposit asked "how much" is asked in money (never "pay", which sources state as a span: "full pay for 8 weeks").
    Version 44: 几点, 几号, 几时, 几折 and 几成 ask, as 几天 does, and are no content term no source repeats. Version 45:
    nor is a whole A-not-A question (有没有, 能不能, 是不是, 可不可以, 要不要). Version 46, after a hostile review: the money
    nouns of version 43 ask money only as the noun asked about ("How much is the award?", "what's the premium for …"),
    never "the bonus scheme", "the award ceremony date" or "How much annual leave is the award?". Version 47: a sum
    stated as a share of pay ("12% of base salary", "Target bonus (% of base)", 基本工资的 15%) is an amount in money, and a number of the sources is a candidate of the asked type unless the
    question holds it with its unit ("10 天" for a question about "满 10 年"). Version 48: who holds a post the question
    names ("Who is the Fleet Manager?", "装修管理员是谁？") is answered by a name, never the post, a desk or a department
    (:func:`rag.answer_types.asks_holder`). Version 49: a name of two capitals (TA, TL, VP) is no proof that no document
    speaks of what it names. Version 50: a follow-up's numbered label ("What about Year 10?", "那 3 号楼呢？") is held only
    where the sources write it, or a range or list that holds it ("Years 10–11"). Version 51: a department's or a
    topic's person ("食品安全部的负责人是谁？", "who's the health and safety person?") asks a name too. Version 52,
    ``refuse_siblings``: a question naming a row of the kind a table's rows are (夜宵班 beside 早班 and 中班,
    高级 beside 中级) that the source holding the asked fact never writes is refused — signal ``sibling_row``
    (:mod:`rag.answerability.siblings`). Version 53, after a hostile review: people's names are read in
    :mod:`rag.holders` — a title ("Mrs Patel", "Dr. Anna Lee"), a first name gender-guesser knows, a name field, a name
    in capitals, 王经理, a surname jieba's model knows (李强); "是谁任命的" asks a function; numbered labels in a list
    ("Years 9, 10, 11", "Years 10/11"), an open range ("Year 10 and above"), Chinese numerals (第三批, 一至四号楼), never
    "with 5" nor 2 号线 for 2 号楼. Version 54, after a second review: ``refuse_siblings`` reads Chinese tables only, never
    where the question names a listed row or a row gathers others (其他岗位), never a place, a count or a pointer.
    Versions 55–57, ``refuse_siblings`` in English and Chinese (:mod:`rag.answerability.unnamed_rows`): a question naming
    no row of the table or labelled list holding the asked fact, whose asking sentence names a specific thing (a rare
    noun, a rare capitalised word) that no top source writes and the embedder puts nearer the rows' labels than the
    columns' headers, is refused too — physiotherapists beside Matron and Registered Nurse, 马桶 beside 更换水龙头. Version 58,
    after a code review: a header's kind read at a word's start, a serial column whole, a scene before a lower-case
    question, gathering words only in labels or as "all other". Version 59, after the ninth blind pair: a row named by its
    label but pinned to a value only another row holds ("the duty allocator at Holt Bridge"), and a word before the first
    column's kind that neither the labels nor the source writes ("a night duty", "the Westbury depot"); a digit inside a
    word (Enviro200) numbers no row. Version 60: a Chinese labelled list whose items share their last character (婚假,
    产假, 陪产假) is read as rows of that kind ("探亲假有几天？"), unless another top source writes the asked word. Version 61
    (:mod:`rag.answerability.unlisted_kinds`, signal ``unlisted_kind``): an English specific noun before a noun the top
    sources write after two other words or more ("paternity leave" where they write annual, compassionate and paid
    leave), which no top source writes, is a kind they leave out. Version 62, after a hostile review: the word before
    the kind is a noun and only a noun no top source writes, or a capitalised name; a day, holiday or season says when;
    a pinned value is a whole short cell of capitalised words, never where the asker calls from. Version 63: a Chinese
    word jieba's dictionary reads as a place (中班) is a row beside rows of its kind that are no places (早班, 晚班).
    Version 64: rows labelled by codes of one word and a number (Grade 4, P6) leave out a code the question writes
    (Grade 8) unless a row is a range; two label columns that name rows no row holds together ("the night security
    shift at Holmsound terminal") are a row the table leaves out. Version 65 (:mod:`rag.answer_types`): an English
    "who" question is answered by a person's name or a body that acts (the Vestria Space Agency), never any capitalised
    word (Ostrel, the city an orchestra is based in). Version 66: "one" in a follow-up stands for the noun it was asked
    after ("And a middle one?" needs only "middle" written). Version 67, after a hostile review of v60–v64: a listed
    kind said another way (年休假 / 年假, 高温 of 高温补贴 in another source), a list ending in no kind (申请时间), a town
    (横岗, 德班), nouns of people ("deckhand staff"), "all other leave", a word the paraphrase bridge links to a source
    word, a code written anywhere in the sources or of another length (P60 beside P1–P5), and yes-or-no questions
    against crossed labels are no longer refused. Version 68: a word after a hyphen is no word of its own for the
    kind rule ("co-operative", "ghost-lace": the sources write them unhyphenated); found at the test look. Version 69:
    the corpus's postings are kept with their search space, never by its id alone, which a later suite of the same run
    could reuse once the earlier corpus was freed. Version 70, after a code review: a listed Chinese item said another
    way spares the word whatever other items the list holds; one word naming rows in two label columns crosses none;
    "all other types of leave" gathers; codes keep their written width (Band 01); "shoes" is never the pronoun "she";
    an English "who" is also answered by a public body (the Harbour Authority, an NHS Trust). Version 76,
    ``refuse_unwritten_names`` (:mod:`rag.answerability.unwritten_names`, signal ``unwritten_names``): an English name of
    two capitalised words or more in the sentences that ask ("the Ship Security Officer certificate") that no document the
    asker may see writes, its words together, is refused like a name no document holds. ``measure_ratio`` (version 76,
    a float or one by language, off unless set): a question that asks an amount in a measure (money, a span of time, a
    share: :func:`rag.measures.asked_measure`) is refused when the windows that state an amount in it carry less than
    that share of the key-term support the best window carries (signal ``measure_ratio``): the sentences about what
    was asked state no such amount, only a sentence about something else does. Version 77
    (:mod:`rag.answerability.other_names`, signal ``other_name``; Chinese too since v78): the statement that holds the asked fact's
    type names another of the names the corpus lists with the one asked about ("At Westmere Zoo …" for a question about
    Gullhaven Aquarium), and no statement of the top sources names the asked one with such a candidate. Version 78,
    after a hostile review: ``measure_ratio`` leaves a question whose best window says the amount is free or paid in
    full, or states it in words when no top source writes one in figures; names in title case or capitals, a curly
    apostrophe, "&" for "and", compounds written solid, Dr. / Programme spellings, a kind before its code ("Level 3")
    and where the asker lives are no unwritten names; :mod:`rag.measures` reads a telephone number as a measure; a
    Chinese name with a grade the sources write only with other grades (二级建造师 beside 一级建造师, and no chunk the
    asker may see writes it) is refused (:mod:`rag.answerability.other_grades`, signal ``other_grade``); so is a question
    whose rarest key term stands in a sentence that hands its subject to another document the asker may not see
    ("covered by the separate Family Leave Policy", 不在本标准内, 按《…》执行), when the statement carrying the asked
    type lacks that term (:mod:`rag.answerability.deferred`, signal ``deferred``); and a question about going abroad
    when no top source speaks of abroad (``refuse_abroad``, :mod:`rag.answerability.abroad`, signal ``abroad_unspoken``).
    Version 79: a question asking another name (又叫, 别名, 简称, "also known as") when no top source writes a word that
    gives one (``refuse_unwritten_aliases``, :mod:`rag.answerability.aliases`, signal ``alias_unwritten``), and a question
    pinned to a span of months (1969年9月至1970年4月) when no sentence of the top sources writes its start and its end
    (``refuse_unwritten_spans``, :mod:`rag.answerability.time_spans`, signal ``span_unwritten``); and a Chinese question
    asking when an event happened (or, in running prose, where) when the sentence that carries its key terms and a date
    (a place) writes none of its verbs
    (``refuse_unsaid_events``, :mod:`rag.answerability.event_verbs`, signal ``event_unsaid``). Version 80: Chinese
    words that only join, point or mark (从, 过, 还, 那场, 他) are no key terms of the asked fact (``function_words``), and in
    running prose a "how many" question whose counted thing no sentence with a number of the asked fact's source
    writes ("几条跑道" against "13个停机坪"), or an ordinal no sentence writes (第几张 against 第18位), is refused
    (``refuse_uncounted``, :mod:`rag.answerability.counted`, signal ``uncounted``); in running prose too, the members or
    the noun of a subject the best source never writes (天敌有哪些, 图案是怎样的: ``refuse_unwritten_attributes``) and
    which body or which ones whose verb no candidate's sentence writes (毕业于哪所大学, 会讲哪些语言:
    ``refuse_unsaid_events``). With ``reader`` (a chat model spec, off by default) a model reads the decisions
    ``reader_reads`` names again (:mod:`rag.answerability.reader`). Version 81 offers ``english_events`` (off): an English question asking when an event
    happened, in running prose, refused when no dated sentence of the asked fact's source writes one of its words
    outside the source's title ("When did Trailmate reach a million downloads?" against "removed from one app store in
    2021"); off because it refuses answerable questions that write the event in other words. Version 81 also reads
    the semantic signal over every packed source (``semantic_sources``: None; an int reads the top that many, never fewer
    than ``consider``, which the key terms' coverage still reads). Version 82 refuses a question that names a work in
    title marks (《宇宙奇兵》) the sentence holding the asked fact never names, nor its source's title or heading
    (``refuse_unnamed_titles``, :mod:`rag.answerability.book_titles`, signal ``title_unnamed``), and reads a piece of a
    word jieba glued (公司 of 公司总部) as the subject's when the source's title writes it, never the asked event. Version
    83 reads no sentence window about another year or edition than the question names, reads a packed source below the
    top whose title names the asked one, and finds no conflict between two statements about different ones
    (:mod:`rag.answerability.occasions`), nor any of numbers for a question asking a person, place or organisation, nor
    one for a question asking a date between statements that hold no date. Version 84 reads no window that writes only
    another side of a contrast the question draws — the women's race, the half marathon, the semi-finals, 二期
    (:mod:`rag.answerability.contrasts`). Version 85: an English question asking which town, city or country (a named
    place) finds its candidate only in a capitalised name, never "the state government", a month or a weekday. Version 86,
    after a hostile review: no year of a dateline, a label, a street, a phone number, a decade or a comparison ("较2022年",
    "up from … in 2023"), none in a window that says "last year"; a question's bounding year ("since 2010") is none; one
    matching mark (the edition) is enough; two dates in different years still conflict; a contrast's side read per
    rest (三号线一期 draws 一期) and spellings of one side are one side. Version 87, after a second review: a relative
    phrase ("last year", 去年) clears its own sentence's years only, never the title's; a year before a verb or a noun is
    a year (an amount needs a unit or a word of quantity); spans of years, dot dates, "与2022年相比"; a question's "from
    2025" / "2025年起" is its version's year; "the men's final start" is a round; a named place opening a sentence, after
    "Residents of", or abbreviated (St. Albans), and never a body, a title or a holiday. Version 88: a window that
    says the asked fact is not known yet ("the venue has yet to be confirmed", 时间尚未公布, "the terms were not
    disclosed", the favourite, 入围) holds no candidate of it (:mod:`rag.answerability.pending`); a figure asked of a
    named year is the whole year's, and a sentence whose figures follow a part of the year (first-half, 上半年, 前三季度)
    states that part's (:mod:`rag.answerability.contrasts`). Version 89 (``meaning_embedder``, ``meaning_at``, off
    unless set): in running prose, a question no sentence of the source it would be answered from means — its best
    cosine under a second embedder (multilingual e5 in the default) below ``meaning_at`` — is refused (signal
    ``meaning``, :mod:`rag.answerability.meaning`). Version 90 (``paraphrase_at``, off unless set): a question whose score is
    under the bar is answered when a sentence of the top sources reaches ``paraphrase_at`` under the same embedder (signal
    ``paraphrase``; the decision's ``evidence`` holds that sentence, which the answer quotes), the checks after the bar
    still applying; ``read_paraphrase`` reads the signal on every case (what ``ragbench calibrate`` fits it from). Version 91:
    an English question for a figure news reports ("What was Pelham Bank's pre-tax profit for 2022?", "the attendance",
    "the turnout") asks a number (:mod:`rag.answer_types`). Version 92: nothing inside a title in 《》 ends a sentence
    (:func:`rag.text.sentence_spans`), so 《卡拉OK.LIVE！‧台北‧我》 is read whole. Version 93: a Chinese question that names a
    listed row's modifier and says the word the rows share another way asks that row, never one the table leaves out
    ("上夜班一个班补贴多少钱？" against 中班津贴 and 夜班津贴; 补贴 as common a word as 津贴: :mod:`rag.answerability.siblings`).
    Version 94: a follow-up's focus swapped into a table's question must be named by a row of that table, whatever the
    other top sources write of it, unless one of them has a sentence naming it with a candidate of the asked type
    (:mod:`rag.answerability.table_checks`). Version 95, ``refuse_rarest_unsaid`` (``{language: "words" | "nouns"}``, off
    unless set): a question that asks one thing, alone, over sources that are no running prose is refused when the
    source holding the asked type, with its headings, never writes the question's rarest key term that the top sources
    write ("nouns": in English, only a word that can be a noun or a name) — signal ``rarest_unsaid``,
    :mod:`rag.answerability.rarest_term`. Version 96, ``meaning_reads`` (``"sentences"`` unless set): ``"clauses"`` reads
    the meaning check against each sentence's clauses too, one and two in a row (:func:`rag.answerability.meaning.clause_windows`).
    Version 97, after a review: a question the paraphrase rescue let through is read for meaning with its source's
    clauses too (never below its paraphrase); no clause is cut between two digits ("1，000", "10：30") nor at an English
    mark without a space after it; no window is a run of marks, opens with one, or comes twice. Version 98: a compound
    that ends in a noun naming what is asked (地理位置) is no asked event
    (:mod:`rag.answerability.event_verbs`); a follow-up's focus that writes a count in words is held where the sources
    write it in figures ("five years" / "5 years", 满五年 / 满5年: :mod:`rag.answerability.follow_up_focus`). Version 99
    (the register said 97 through version 98), ``slot_values`` (on unless set): the noun that names the asked slot
    (什么颜色, 英文名是什么, 哪些学校, "what colour") is held by a window that writes a value of its kind — a colour, a
    Latin-script name, a school, an award, a place's name in Chinese (:mod:`rag.answerability.slot_values`). Version 100:
    a Chinese question's asking words are removed by whole jieba words (:func:`rag.answer_types.without_asking`: no 些 of
    在哪些 is left as a key term), and a demonstrative glued to a short word only points (该词 → 词, 这张: none). Version
    101: a sentence that is only a list states a where / which-ones question's event (:mod:`rag.answerability.event_verbs`).
    Version 102: a qualifier of an asking noun (实际功效, 不良影响) is no key term, and merits (优点) are asking nouns.
    Version 103: modal words (才能, 能够, 可以) are function words. Version 104, after a review: an asking word's edge
    inside a jieba word takes the word only when the rest of it only asks or is one character (多长时间, 哪些; a unit
    stays: 多少度), the bare list is of places and read for a question that asks which places, and qualifiers are a
    closed list. Versions 105–108, from a probe written blind to the rules (``goldensets/cmrc2018-probe``) and a review:
    the asked event as the question writes it (a who question's slot written as a relative is, 其父为; the word after the
    asking words is the predicate, 何时正式开业; 坐落, 位于, 设有 are light; 出生 / 生于 and a closed list like it); 哪两个,
    几册 and 多少钱 ask, 哪一科 leaves 科; a pointer's classifier leaves its noun (这首歌 → 歌, never 项目); 职业, 身份 and
    another name's words (称作, 又名) are asking nouns, 据说 hedges, 是从 joins; a part of the day marks a schedule only as a
    word (never 春晚上演唱). Version 109, decisions unchanged: a refusal names the check that made it
    (``Decision.check``: ``score``, ``scatter``, ``meaning``, or the signal it sets), which ``ragbench triage`` counts.
    Version 110: ``bridge_support`` by language, and ``prose``. Version 111 (``focus_together``, on): a follow-up's
    focus must stand in one statement of the top sources (read with the two before it, a row with its header and its
    table's lead, a list item with its lead-in line, each with its source's title and headings) beside something else
    the question asks that the sources write (a focus held by its days, figures, a range or a rule for places is
    exempt), signal
    ``focus_apart``: "And the maintenance team?" after the nurses' tunics is not held by a fire-alarm sentence naming
    the maintenance team. Version 112 (``local_reader``, off): a reader trained here joins support and meaning in one
    cut in place of the two prose cuts, for the languages it was fitted for (:mod:`rag.answerability.local_reader`;
    check ``trained_reader``). Version 114 (113 was withdrawn): "the date of …", "the closing date", "the deadline" ask a
    date and a magnitude a number (:func:`rag.answer_types.asked_type`); 第多少位 asks a rank and 多少位嘉宾 a count, never
    a length (:func:`rag.measures.asked_measure`). Version 115 (``refuse_untyped_focus``): a follow-up that swapped a
    slot of the earlier question (the ``followup`` transform's ``replaced``) and asks a number is refused when no
    statement of the top sources that states a figure names its focus, each read with what leads into it
    (:func:`rag.answerability.follow_up_focus.focus_untyped`, check ``focus_untyped``: "那签约营销员呢？" after
    "专员级员工每月通讯补贴多少？" against the other grades' rows). Version 116: ``refuse_untyped_focus`` off by default — a
    second review found answerable follow-ups it refuses wherever the focus's statement states no figure (实报实销,
    "Not eligible"), leads into its list without a colon, or heads a section of a table.) With
    ``bridge`` a question word
    the top sources never use counts for coverage through the source word closest to it under
    the corpus's embedder, in proportion to their cosine once it reaches ``bridge_at``
    (:mod:`rag.answerability.bridge`: "broadband" through "internet"; a bool, or one by language
    like the thresholds); with ``bridge_support``
    (version 14, off by default) a key term no top source writes counts the same way for the
    asked fact's ``support``, in the sentence that uses a word standing for it ("factories"
    through "plants"); by language, and ``prose`` (version 110) counts them only where the sources are
    running prose, where the scatter check reads the support. With ``scatter_at``
    (version 10) a question whose words the top sources hold (coverage ≥ ``scatter_coverage``)
    but no sentence window holds together (``support`` < ``scatter_at``) is refused: the
    sources are about its subject, and the sentence that would state the asked fact is not
    among them (signal ``scattered``). With ``scatter_scope: prose`` (version 13) the check reads
    only a question whose sources are running prose: the top sources that hold its key terms
    include prose and nothing structured (:func:`rag.prose.form_of`: a paragraph of sentences, no
    heading below its title, no table, list or FAQ entry), where one sentence states one fact; a
    structured document's heading, table header or list lead-in carries part of a fact away from
    the line that states it (signal ``prose``). Version 14 reads a name with the digits it is written
    with (64DD), leaves out a Chinese word glued around a question word (由谁来), and lets a Chinese
    key term of three characters or more count in part through its two-character pieces
    (:func:`rag.answerability.asked_fact.pieces_in`: 出生地 / 出生于). With ``cross_answer_at`` (version 11, by the corpus's
    language) a question asked in another language than the corpus's
    (:func:`rag.text.in_another_language`) is decided on meaning alone: its words cannot cover the
    corpus's, so it is answered when its best cosine with a statement of the top sources (under
    the corpus's embedder, which must read both languages) reaches ``cross_answer_at``; without
    one, such a question is refused, as no threshold was fitted for it (signal
    ``cross_lingual``)."""
    settings = dict(locals())   # (every parameter as given: the reader's rule without its prose checks reuses them)
    corpus_terms = CorpusTerms()
    word_vectors = WordVectors()
    meaning = MeaningReader(meaning_embedder, meaning_reads) if meaning_embedder is not None else None
    trained = LocalReader(local_reader) if local_reader is not None else None

    def surface_of(question: str, terms: set[str] | dict[str, float], env: QueryEnv,
                   written: str | None = None) -> tuple[dict[str, str], list[str]]:
        """Each of ``terms`` → the question's word for it (skipping a word ``written`` holds), and
        the question's words."""
        surface: dict[str, str] = {}
        asked = words_of(question, "en" if env.language == "en" else "zh")
        for word in asked:
            if written is not None and word.lower() in written:
                continue
            for term in text_terms(env.space, word):
                if term in terms:
                    surface.setdefault(term, word)
        return surface, asked

    def paraphrased(question: str, missing: set[str], sources: str, env: QueryEnv) -> dict[str, tuple[str, float]]:
        """Missing question terms that a source word stands for (:mod:`rag.answerability.bridge`)."""
        if not missing:
            return {}
        surface, asked = surface_of(question, missing, env)
        links = bridged(list(dict.fromkeys(surface.values())), sources, env, word_vectors,
                        by_language(bridge_at, env.language), asked)
        return {term: links[word] for term, word in surface.items() if word in links}

    def support_stand_ins(question: str, keys: dict[str, float], sources: str, env: QueryEnv) -> dict[str, dict[str, float]]:
        """Key terms that no source writes as the question does, and the source words that stand
        for them (:func:`rag.answerability.bridge.stand_ins`), keyed by term."""
        surface, asked = surface_of(question, keys, env, written=sources.lower())
        links = stand_ins(list(dict.fromkeys(surface.values())), sources, env, word_vectors,
                          by_language(bridge_at, env.language), asked)
        return {term: links[word] for term, word in surface.items() if word in links}

    def conflicting(said: list[Statement], env: QueryEnv, signals: dict[str, float], question: str = "",
                    kind: str | None = None) -> Decision | None:
        """``conflict`` when two current sources give different values for the asked thing."""
        conflict = find_conflict(said, env, margin=conflict_margin, similarity=conflict_similarity,
                                 question=question, kind=kind) if levels == 5 else None
        if conflict is None:
            return None
        a, b = conflict
        return Decision("conflict", f"sources [{a.item.number}] and [{b.item.number}] give different values",
                        signals, ((a.item.number, a.text), (b.item.number, b.text)))

    def decide(question: str, context: list[ContextItem], env: QueryEnv, sources: int = consider) -> Decision:
        if not context:
            return Decision("refuse", "nothing retrieved that the asker may see", {"coverage": 0.0}, check="nothing_retrieved")
        ranked = sorted(context, key=lambda c: -c.score)
        top = ranked[:sources]
        if asked_in_another_language(question, env):
            return across_languages(question, top, env, cross_answer_at, corpus_terms, conflicting,
                                    require_codes=require_codes, refuse_unknown_names=refuse_unknown_names)
        terms = content_terms(question, env)
        found: set[str] = set()
        for item in top:   # the index's tokens of each source (a parent section's text is tokenised)
            found |= item_terms(env.space, item.chunk_id, item.text)
        joined = "\n".join(item.text for item in top)
        found |= {t for t in terms if _CJK.search(t) and written_in(t, joined)}
        written = compact(joined)   # a code counts however it is written (VPN809 for VPN-809)
        found |= {t for t in terms if has_letters_and_digits(t) and len(compact(t)) >= 3 and compact(t) in written}
        weights = corpus_terms.weights(env, terms) if idf_weighted else dict.fromkeys(sorted(terms), 1.0)
        total = sum(weights.values())
        # a language the mapping leaves out is not bridged ({en: true} bridges English only)
        bridging = bool(by_language_or_none(bridge, env.language))
        soft = paraphrased(question, terms - found, joined, env) if bridging else {}
        coverage = (sum(w for t, w in weights.items() if t in found)
                    + sum(weights[t] * cosine for t, (_, cosine) in sorted(soft.items()))) / total if total else 1.0
        signals: dict[str, float] = {"coverage": round(coverage, 4), "terms": float(len(terms))}
        if bridging:
            signals["bridged"] = float(len(soft))
        weight_dense = by_language(dense_weight, env.language)
        best_dense = float("-inf")
        if weight_dense:
            best_dense = dense_similarity(question, context, env)
            signals["best_dense"] = round(best_dense, 4)

        if refuse_unknown_names:
            unknown = unknown_names(question, env, corpus_terms)
            if unknown:
                return Decision.refused_by("unknown_names", f"no document you may see mentions {unknown[:5]}", signals,
                                           float(len(unknown)))
        if refuse_abroad and abroad_unspoken(question, joined):
            return Decision.refused_by("abroad_unspoken", "asks about going abroad, which no source speaks of", signals)
        if refuse_unwritten_aliases and alias_unwritten(question, [item.text for item in top]):
            return Decision.refused_by("alias_unwritten", "asks another name, which no source gives", signals)
        if refuse_unwritten_spans and (span := span_unwritten(question, joined)):
            (start_year, start_month), (end_year, end_month) = span
            return Decision.refused_by("span_unwritten", f"no source states the span {start_year}-{start_month:02d} to "
                                                         f"{end_year}-{end_month:02d}", signals)
        if refuse_unwritten_names and env.language == "en" and not _CJK.search(question):
            unwritten = unwritten_names(question, env.space, env.allowed, env.facts.get("asked_as"))
            if unwritten:
                return Decision.refused_by("unwritten_names", f"no document you may see writes {unwritten[:3]}", signals,
                                           float(len(unwritten)))
        if require_codes:
            # (a code in the plural stands where its singular does: "my L5s", "P60s")
            codes = sorted(t for t in terms - found if is_code_term(t) and not ((one := code_singular(t)) and one in found))
            # codes as written in the question, which a tokenizer may split (jieba: VPN-999 →
            # vpn, 999): each must appear in the top sources, separators aside
            codes += sorted(c for c in written_codes(question) if compact(c) not in written
                            and not ((one := code_singular(c)) and compact(one) in written))
            if codes:
                return Decision.refused_by("missing_codes", f"the sources never mention {codes[:5]}", signals,
                                           float(len(codes)))
        # what a follow-up named: the evidence of what it was asked after is none for it. A later turn's
        # ("what about gym memberships?", "那夫妻房呢？") needs every one of its words in the sources (since version 40:
        # "夫妻房" is not held by the 房型 of the rows for single rooms); a part of the message
        # ("请假最晚得提前多久在 OA 上提？那去火星出差呢？", asked as the part before it with 去火星出差 swapped
        # in) every one, since the rest of the part is the other part's evidence
        part_focus = env.facts.get("part_focus", {}).get(question, "") if require_focus else ""
        focus = part_focus or (env.facts.get("focus", "") if require_focus else "")
        if focus and focus_unheld(question, focus, part_focus, joined, found, env):
            return Decision.refused_by("focus_missing", f"the follow-up asks about {focus!r}, which the sources never "
                                                        "mention", signals)
        # (v111) … and holds it where it says something else the question asks: "And the maintenance team?" after a
        # question on the nurses' tunics is not answered by "the fire alarm is tested every week by the maintenance team"
        if focus and focus_together and focus_apart(question, focus, top, env):
            return Decision.refused_by("focus_apart", f"the follow-up asks about {focus!r}, which no statement of the "
                                                      "sources names with what the question asks", signals)

        # "多少钱一度电？" / "How much does the permit cost?": no top source writes an amount in the asked measure (money,
        # a span of time, a percentage, a length …), nor says it is free or paid in full — the sources cannot state it
        measure = asked_measure(question) if require_measure else None
        if measure and not _WITHOUT_AMOUNT.search(joined) \
                and not any(states_any_measure(item.text, measure, question) for item in top):
            return Decision.refused_by("measure_missing", f"no source states an amount in the asked measure ({measure})",
                                       signals)

        language = env.language
        score = by_language(coverage_weight, language) * coverage
        if weight_dense:
            score += weight_dense * best_dense
        said: list[Statement] = []
        if semantic:
            # the best sentence of every packed source (v81): a colloquial question's answer may stand in a source
            # that ranks below the ones whose words it shares ("鼠标坏了，能去行政换个新的吗？")
            read = ranked if semantic_sources is None else ranked[:max(sources, semantic_sources)]
            said = statements_by_meaning(question, read, env)
            if said:
                best = max(s.cosine for s in said)
                signals["semantic"] = round(best, 4)
                score += best
        asked, read_for_fact = None, top
        if answer_type or scatter_at is not None:
            unasked = function_words_of(question) | qualifiers_of(question) if function_words else frozenset()
            asking = text_terms(env.space, " ".join(sorted(ASKING_NOUNS | SCAFFOLD_WORDS | unasked)))
            content = content_terms(without_asking(question), env) - asking
            keys = corpus_terms.key_weights(env, without_pointers(content, question) if function_words else content)
            bridged = for_language(bridge_support, language)
            said_as = support_stand_ins(question, keys, joined, env) if bridged is True else None
            # (a packed source below the top whose title names the asked year or edition is read too: occasions.py)
            read_for_fact = top + sources_naming(question, ranked[sources:])
            asked = asked_fact(question, read_for_fact, env, keys, window=window, stand_ins=said_as,
                               slot_values=slot_values)
            if bridged == "prose" and asked.prose:
                # (v110: stand-ins count in running prose only, where the scatter check reads the support — in the
                # prose sources, never in a structured one that holds only stand-ins; a handbook's rows and lists are
                # read by the row and measure checks as the question writes them)
                asked = asked_fact(question, read_for_fact, env, keys, window=window, slot_values=slot_values,
                                   stand_ins=support_stand_ins(question, keys, joined, env), stand_ins_in="prose")
            signals["support"], signals["answer_type"] = asked.support, asked.answer_type
            signals["typed"] = float(asked.kind not in UNTYPED)   # 1: a number, date, name … to look for
            signals["prose"] = float(asked.prose)
            if answer_type:
                score += by_language(type_weight, language) * asked.answer_type
        signals["score"] = round(score, 4)
        threshold = by_language(answer_at, language)
        if part_ratio != 1.0 and question in env.facts.get("sub_queries", ()):
            # a part of a message that asks several things: its words are fewer, and the message's scene
            # and chat stand in it; its bar is ``part_ratio`` of the whole question's
            threshold = round(threshold * part_ratio, 4)
        signals["threshold"] = float(threshold)
        passes = score >= threshold
        rescued_by: tuple[tuple[int, str], ...] = ()
        rescue = by_language_or_none(paraphrase_at, language) if meaning is not None else None
        if meaning is not None and (read_paraphrase or (not passes and rescue is not None)):
            # a question whose words the sources do not share ("Someone nicked my work phone on the bus …") is answered
            # when a sentence of the top sources means it: the best cosine under the meaning embedder (v90)
            signals["paraphrase"], number, sentence = meaning.best(question, top, env)
            if not passes and rescue is not None and signals["paraphrase"] >= rescue:
                passes, signals["paraphrase_at"], rescued_by = True, float(rescue), ((number, sentence),)
        missing = sorted(terms - found - set(soft), key=lambda t: (-weights.get(t, 0), t))
        lacking = by_language(type_at, language) if asked is not None and type_at is not None \
            and not (typed_only and asked.kind in UNTYPED) else None
        # (the source the answer comes from: a paraphrase's, when one let the question through, else the best window's)
        answered_from = rescued_by[0][0] if rescued_by else (asked.best_source if asked is not None else None)
        read = source_read(read_for_fact, answered_from) if passes and asked is not None else None
        # (v112: a trained reader, fitted for this language, joins support and meaning in one cut in place of the two
        # prose checks: rag.answerability.local_reader)
        combined = trained if trained is not None and meaning is not None and read is not None and asked.prose \
            and trained.applies(language) and env.facts.get("question_type") != "reference" else None  # type: ignore[union-attr]
        # a reference question spreads its words over two documents on purpose ("《A》 says see
        # another guide; what does that guide say …"): no one sentence holds them together
        scatter = by_language(scatter_at, language) if asked is not None and scatter_at is not None \
            and env.facts.get("question_type") != "reference" and combined is None \
            and (scatter_scope == "all" or signals["prose"]) else None
        if passes and scatter is not None and asked.support < scatter \
                and coverage >= by_language(scatter_coverage, language):   # type: ignore[union-attr]
            signals["scatter_at"], signals["scattered"] = float(scatter), 1.0
            return Decision("refuse", f"the sources hold {coverage:.0%} of the question's words, but no "
                                      f"{window} sentences {'of the prose ' if scatter_scope == 'prose' else ''}in a row "
                                      f"hold {scatter:.0%} of its key terms (support {asked.support:.2f} < {scatter})",  # type: ignore[union-attr]
                                      signals, check="scatter")
        meant = by_language_or_none(meaning_at, language) if meaning is not None and asked is not None \
            and asked.prose and env.facts.get("question_type") != "reference" else None
        if passes and (meant is not None or combined is not None) and read is not None:
            # running prose whose words hold the question, but no sentence of the source it would be answered from
            # says what it asks ("生命数耗完即算为什么？" once "…生命数耗完即算为踢爆。" is cut from the paragraph)
            # (a paraphrase's source holds the best sentence of all the top sources: its meaning is the paraphrase's,
            # or a clause's of that source that means the question better, when the check reads clauses)
            signals["meaning"], closest = meaning.closest(question, read, env) if not rescued_by \
                else meaning.rescued(question, (signals["paraphrase"], rescued_by[0][1]), read, env)  # type: ignore[union-attr]
            if combined is None and signals["meaning"] < meant:  # type: ignore[operator]
                signals["meaning_at"] = float(meant)  # type: ignore[arg-type]
                return Decision("refuse", f"no sentence of source [{read.number}] says what the question asks "
                                          f"(meaning {signals['meaning']:.3f} < {meant}; closest: {closest[:60]!r})",
                                signals, check="meaning")
        if combined is not None and (reading := combined.score(question, context)) is not None:
            signals["reader_score"] = reading
            signals["reader_z"] = z = combined.combination.z(asked.support, signals["meaning"], reading)  # type: ignore[union-attr]
            if z < 0:
                return Decision("refuse", f"the trained reader finds no sentence of the top sources that states what the "
                                          f"question asks (support {asked.support:.2f}, meaning {signals['meaning']:.3f}, "  # type: ignore[union-attr]
                                          f"reader {reading:.2f}: {z:.2f} < 0)", signals, check="trained_reader")
        rarest_mode = for_language(refuse_rarest_unsaid, language) if refuse_rarest_unsaid else None
        if passes and rarest_mode and asked is not None and asked.sentence and asked.kind not in UNTYPED and not asked.prose \
                and not env.history and not env.facts.get("sub_queries") and asks_once(question) \
                and env.facts.get("question_type") != "reference" \
                and (holder := source_numbered(read_for_fact, asked.source)) is not None \
                and (rarest := rarest_unsaid(question, f"{header_of(holder)}\n{holder.text}", keys, found, joined, env,
                                             nouns_only=rarest_mode == "nouns")):
            # "How much cash float is loaded into each self-checkout machine?" against "Each staffed till starts the day
            # with a float of £150": the source of the asked fact leaves out the most specific thing the question names
            return Decision.refused_by("rarest_unsaid", f"the source that holds the asked fact [{asked.source}] never "
                                                        f"writes {rarest!r}, the most specific thing the question names",
                                       signals)
        if passes and refuse_siblings and asked is not None and asked.source is not None \
                and (refused := row_refusal(question, asked, top, joined, keys, soft, env, corpus_terms.visible_compact)):
            # "夜宵班几点下班？" against a shift table of 早班, 中班 and 晚班: a row the table does not list
            reason, signal = refused
            return Decision.refused_by(signal, reason, signals)
        if passes and lacking is not None and asked.answer_type < lacking:   # type: ignore[union-attr]
            signals["type_at"] = float(lacking)
            return Decision("refuse", f"asked {asked.kind}: no sentence that carries the question's key terms "  # type: ignore[union-attr]
                                      f"holds one (answer_type {asked.answer_type:.2f} < {lacking})", signals,  # type: ignore[union-attr]
                            check="answer_type")
        ratio = by_language_or_none(measure_ratio, language) if asked is not None and measure_ratio is not None else None
        measure = asked_measure(question) if ratio is not None and passes else None
        if measure and asked.answer_type < ratio * asked.support \
                and not (measure == "money" and NO_AMOUNT_NEEDED.search(asked.best)) \
                and not (said_in_words(asked.best, measure)
                         and not any(states_measure(item.text, measure, question) for item in top)):  # type: ignore[union-attr,operator]
            # (the window that carries the question may say it is free, or state the amount in words — "a fortnight",
            # 一个月工资 — when no source writes one in figures)
            # "店长每个月的岗位工资是多少？" against a table of 店长's allowances: the rows that carry the question's terms
            # state no amount of money, only a row of another post does
            signals["measure_ratio"] = float(ratio)  # type: ignore[arg-type]
            return Decision("refuse", f"asks an amount in {measure}, which no sentence that carries the question's key "
                                      f"terms states (answer_type {asked.answer_type:.2f} < {ratio} × support "  # type: ignore[union-attr]
                                      f"{asked.support:.2f})", signals, check="measure_ratio")  # type: ignore[union-attr]
        if passes and asked is not None and (refused := asked_fact_refusal(
                question, asked, top, window, sub_queries=bool(env.facts.get("sub_queries")),
                attributes=refuse_unwritten_attributes, untyped=refuse_untyped_sources, events=refuse_unsaid_events,
                counted=refuse_uncounted, english_events=english_events,
                # (a reference question names the document that hands its fact to another: "《费用报销细则》说差旅费用按另一份
                # 办法执行，那份办法规定…")
                titles=refuse_unnamed_titles and env.facts.get("question_type") != "reference")):
            reason, signal = refused
            return Decision.refused_by(signal, reason, signals)
        # (v115, off since v116) a follow-up that swapped a slot of the earlier question and asks a number is answered
        # only where a statement stating a figure names its focus, read with what leads into it ("那签约营销员呢？"
        # against the other grades' allowance rows)
        swapped = bool(env.facts.get("replaced")) if refuse_untyped_focus and not part_focus else False
        if passes and asked is not None and focus and swapped and asked.kind == "number" \
                and focus_untyped(question, focus, top, env):
            return Decision.refused_by("focus_untyped", f"the follow-up asks about {focus!r}, which no statement of the "
                                                        f"sources stating a figure names", signals)
        if passes:
            if coverage < partial_coverage and score >= threshold:   # (a paraphrase answered shares few words by nature)
                return Decision("partial", f"score {score:.2f} ≥ {threshold}, but missing {missing[:5]}", signals)
            if found_conflict := conflicting(said, env, signals, question,
                                          asked.kind if asked is not None else asked_type(question)):
                return found_conflict
            said_type = f"; asked {asked.kind}, found in [{asked.source}]" if asked is not None and asked.source else ""
            passed = f"score {score:.2f} ≥ {threshold}" if score >= threshold else \
                f"score {score:.2f} < {threshold}, but a sentence means the question (paraphrase {signals['paraphrase']:.3f} ≥ {rescue})"
            # (an answer a paraphrase let through carries the statement that means the question: the answer quotes it)
            return Decision("answer", f"{passed} (coverage {coverage:.0%}){said_type}", signals, rescued_by)
        low = by_language(background_at, language) if background_at is not None else None
        if levels == 5 and low is not None and score >= low:
            return Decision("background", f"related but insufficient: score {score:.2f} < {threshold} (≥ {low}); "
                                          f"missing {missing[:5]}", signals)
        said_type = f"; asked {asked.kind}" if asked is not None else ""
        return Decision("refuse", f"score {score:.2f} < {threshold}; missing {missing[:5]}{said_type}", signals, check="score")

    decided = in_parts(decide) if parts else decide
    if reader is None:
        return decided
    # (a chat model of its own reads the decisions again: rag.answerability.reader; never the pipeline's generator;
    # a prose refusal it overturns is decided again by this rule without its two prose checks)
    from rag.chat import chat_models

    reads = tuple(reader_reads or ("answered",))
    unchecked = evidence(**{**settings, "scatter_at": None, "meaning_at": None, "reader": None, "local_reader": None}) \
        if "prose_refusals" in reads else None   # (built only when a prose refusal can be overturned)
    return read_by_model(decided, chat_models.build(reader, field_path="answerability.params.reader"),
                         reads, reader_sources, unchecked, reader_max_tokens)


@answerability.register("answer_type", version="1")
def answer_type_only(
    *,
    type_at: float | dict[str, float] = 0.5,
    window: int = 2,
    consider: int = 3,
    refuse_unknown_names: bool = True,
    require_codes: bool = True,
) -> Answerability:
    """Answer-type evidence alone: answer when a sentence window of the top sources carries at
    least ``type_at`` of the question's key terms (weighted by rarity) *and* a candidate of the
    asked type; the unknown-name and missing-code rules as in ``evidence``. A baseline beside
    ``evidence`` and ``evidence`` with ``answer_type: true``."""
    return evidence(answer_at=-1e9, coverage_weight=0.0, semantic=False, levels=3, consider=consider,
                    refuse_unknown_names=refuse_unknown_names, require_codes=require_codes,
                    answer_type=True, type_at=type_at, typed_only=False, window=window)


@answerability.register("always", version="1")
def always() -> Answerability:
    """Answer whenever anything was retrieved (to measure what answerability is worth)."""

    def decide(question: str, context: list[ContextItem], env: QueryEnv) -> Decision:
        if not context:
            return Decision("refuse", "nothing retrieved that the asker may see", check="nothing_retrieved")
        return Decision("answer", "always answers when there is context")

    return decide
