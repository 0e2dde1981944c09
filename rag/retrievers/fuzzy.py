"""Fuzzy matching for what embeddings and BM25 handle badly: titles, file paths, heading
paths, error codes and version strings (``VPN-809``, ``v2.3.1``, ``ERR-4107``)."""

from __future__ import annotations

import re

import numpy as np
from pydantic import PositiveInt

from rag._lazy import require
from rag.retrievers import Retriever, retrievers
from rag.types import Candidate, QueryEnv, QueryVariant

_CODE = re.compile(r"[A-Za-z][A-Za-z0-9]*[-_][A-Za-z0-9-]*\d[A-Za-z0-9-]*|v?\d+(?:\.\d+){1,3}")


@retrievers.register("fuzzy", version="1", searches="chunks")
def fuzzy(*, top_k: PositiveInt = 20, min_score: float = 70.0) -> Retriever:
    """rapidfuzz ``WRatio`` of the query against each chunk's title, heading path and source
    path; a code or version string in the query that occurs verbatim in a chunk scores 100."""

    def retrieve(variants: list[QueryVariant], env: QueryEnv) -> list[list[Candidate]]:
        rf = require("rapidfuzz", pip="rapidfuzz")
        chunks = env.space.chunks
        visible = range(len(chunks)) if env.allowed is None else np.flatnonzero(env.allowed).tolist()
        fields = {i: " / ".join([chunks[i].title, *chunks[i].heading_path, chunks[i].source]).lower()
                  for i in visible}
        out = []
        for v in variants:
            query = v.text.lower()
            codes = [c.lower() for c in _CODE.findall(v.text)]
            scored: list[tuple[float, int]] = []
            for i, field_text in fields.items():
                score = rf.fuzz.WRatio(query, field_text)
                text = chunks[i].text.lower()
                if codes and any(code in text for code in codes):
                    score = 100.0
                if score >= min_score:
                    scored.append((score, i))
            scored.sort(key=lambda t: (-t[0], t[1]))
            out.append([Candidate(chunks[i], s, {"fuzzy": s}) for s, i in scored[:top_k]])
        return out

    return retrieve
