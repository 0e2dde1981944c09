"""Paraphrase bridges: a question word the sources never use may still be answered by a word
they do use for the same thing ("broadband" / "internet", "酒店" / "住宿").

Coverage counts the question's content words that stand in the top sources. A colloquial
question shares few of them with the answer, so an answer reached only through a paraphrase
scored as if it were missing. Here each missing word is compared, under the corpus's own
embedder, with the words of the top sources; the closest one counts for the missing word in
proportion to its cosine, once that reaches ``bridge_at``. Nothing outside the corpus is used:
no synonym list, no model beyond the embedder the corpus was indexed with. Word vectors are
memoised per corpus, so a run embeds each distinct word once.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Sequence

import numpy as np

from rag.memo import PerCorpus
from rag.text import CJK as _CJK
from rag.text import EN_FUNCTION_WORDS
from rag.types import QueryEnv

_EN_WORD = re.compile(r"[A-Za-z][A-Za-z'-]{2,}")
_EN_STOP = EN_FUNCTION_WORDS


class WordVectors:
    """Unit vectors of single words under a corpus's embedder, computed once per word."""

    def __init__(self) -> None:
        self._tables: PerCorpus[dict[str, np.ndarray]] = PerCorpus(lambda space: {})
        self._lock = threading.Lock()

    def __call__(self, env: QueryEnv, words: Iterable[str]) -> dict[str, np.ndarray]:
        table = self._tables(env.space)
        wanted = list(dict.fromkeys(words))
        with self._lock:
            new = [w for w in wanted if w not in table]
            if new:
                vectors = np.asarray(env.space.embed_queries(new), dtype=float)
                norms = np.linalg.norm(vectors, axis=1)
                norms[norms == 0] = 1.0
                for word, vector in zip(new, vectors / norms[:, None], strict=True):
                    table[word] = vector
            return {w: table[w] for w in wanted}


def words_of(text: str, language: str) -> list[str]:
    """The content words of a text as written (an English stemmer's "whiski" is no word to embed)."""
    if language == "en":
        return [w.lower() for w in _EN_WORD.findall(text) if w.lower() not in _EN_STOP]
    import jieba

    return [w for w in jieba.lcut(text) if len(w) >= 2 and _CJK.search(w)]


def _cosines(missing: list[str], source_text: str, env: QueryEnv, vectors: WordVectors,
             asked_words: Sequence[str]) -> tuple[list[str], np.ndarray]:
    """The source words that may stand for a missing word, and their cosines (missing × source
    words). A source word the question itself uses already counts; it cannot stand for another."""
    language = "en" if env.language == "en" else "zh"
    asked = set(asked_words)
    candidates = [w for w in dict.fromkeys(words_of(source_text, language)) if w not in missing and w not in asked]
    if not missing or not candidates:
        return [], np.zeros((len(missing), 0))
    table = vectors(env, [*missing, *candidates])
    matrix = np.stack([table[w] for w in candidates])
    return candidates, np.stack([matrix @ table[word] for word in missing])


def bridged(missing: list[str], source_text: str, env: QueryEnv, vectors: WordVectors,
            bridge_at: float, asked_words: Sequence[str] = ()) -> dict[str, tuple[str, float]]:
    """For each missing question word, the source word that stands for it and their cosine,
    when that reaches ``bridge_at``."""
    candidates, cosines = _cosines(missing, source_text, env, vectors, asked_words)
    pairs = sorted(((float(cosines[i, j]), word, source) for i, word in enumerate(missing)
                    for j, source in enumerate(candidates) if cosines[i, j] >= bridge_at), reverse=True)
    out: dict[str, tuple[str, float]] = {}
    used: set[str] = set()
    for cosine, word, source in pairs:   # each source word stands for one missing word, closest first
        if word not in out and source not in used:
            out[word] = (source, round(cosine, 4))
            used.add(source)
    return out


def stand_ins(missing: list[str], source_text: str, env: QueryEnv, vectors: WordVectors,
              bridge_at: float, asked_words: Sequence[str] = ()) -> dict[str, dict[str, float]]:
    """For each missing question word, every source word whose cosine with it reaches
    ``bridge_at`` and that is closer to it than to any other missing word (a sentence may use any
    of them), with that cosine."""
    candidates, cosines = _cosines(missing, source_text, env, vectors, asked_words)
    if not candidates:
        return {}
    nearest = cosines.argmax(axis=0)   # a source word stands only for the missing word closest to it
    out: dict[str, dict[str, float]] = {}
    for i, word in enumerate(missing):
        close = {source: round(float(cosines[i, j]), 4) for j, source in enumerate(candidates)
                 if nearest[j] == i and cosines[i, j] >= bridge_at}
        if close:
            out[word] = close
    return out
