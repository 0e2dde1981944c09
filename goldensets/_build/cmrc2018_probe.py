"""Build goldensets/cmrc2018-probe from its questions.jsonl and cmrc2018-negrej's corpus.

The probe is a second Chinese negative-rejection **dev** set, made by cmrc2018-negrej's protocol over that suite's dev
paragraphs, with new questions written blind to the answerability rules (README.md there). Each dev paragraph carries
three questions of one batch (``questions.jsonl``: 70 paragraphs; ``questions-2.jsonl``: the other 57; paragraph,
question, answer, the answer an exact span of the paragraph). A seeded half of each batch's paragraphs keep their
text: their questions must be answered. In the other half
every sentence holding one of its questions' answers is cut out, and the rest stays: their questions must be refused,
unless the answer still stands anywhere in the corpus (then the question is dropped). The corpus is cmrc2018-negrej's
with those paragraphs cut; every case is dev.

    python goldensets/_build/cmrc2018_probe.py
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "goldensets" / "cmrc2018-probe"
CORPUS = ROOT / "goldensets" / "cmrc2018-negrej" / "corpus.jsonl"
SEED = 20261206
# the question files, each written blind over paragraphs no earlier one used, and the prefix of their case ids
BATCHES = (("questions.jsonl", "PROBE"), ("questions-2.jsonl", "PROBE2"))
_END = re.compile(r"[。！？!?]+[」』”’）)]*")


def sentences(text: str) -> list[tuple[int, int]]:
    """The spans of ``text``'s sentences, each with its closing marks."""
    spans, start = [], 0
    for match in _END.finditer(text):
        spans.append((start, match.end()))
        start = match.end()
    return spans + ([(start, len(text))] if start < len(text) else [])


def main() -> None:
    corpus = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line]
    text_of = {doc["_id"]: doc["text"] for doc in corpus}
    asked: dict[str, list[dict[str, str]]] = defaultdict(list)
    prefix, cut = {}, set()
    for batch, (name, mark) in enumerate(BATCHES):
        mine = set()
        for line in (OUT / name).read_text(encoding="utf-8").splitlines():
            if line:
                question = json.loads(line)
                asked[question["paragraph"]].append(question)
                mine.add(question["paragraph"])
                prefix[question["paragraph"]] = mark
        # (each batch's half is drawn on its own, so a later batch leaves an earlier one's cases as they were)
        cut |= set(random.Random(SEED).sample(sorted(mine), len(mine) // 2))
        assert not batch or not mine & {p for p in prefix if prefix[p] != mark}, "a paragraph in two batches"
    paragraphs = sorted(asked)
    kept_text = {}
    for pid in cut:
        text, spans = text_of[pid], sentences(text_of[pid])
        gone = {i for q in asked[pid] for m in re.finditer(re.escape(q["answer"]), text)
                for i, (start, end) in enumerate(spans) if start < m.end() and m.start() < end}
        kept_text[pid] = "".join(text[start:end] for i, (start, end) in enumerate(spans) if i not in gone)
    docs = [{**doc, "text": kept_text.get(doc["_id"], doc["text"])} for doc in corpus]
    everything = "\n".join(f"{doc['title']}\n{doc['text']}" for doc in docs)
    cases, seen = [], Counter()
    for pid in paragraphs:
        for q in asked[pid]:
            seen[pid] += 1
            refuse = pid in cut
            if refuse and q["answer"] in everything:
                continue   # the answer still stands somewhere: no must-refuse question
            cases.append({"id": f"{prefix[pid]}_{pid}_{seen[pid]}", "question": q["question"],
                          "expect": "refuse" if refuse else "answer", **({} if refuse else {"expected_docs": [pid]}),
                          "tags": ["unanswerable" if refuse else "answerable"], "answers": [q["answer"]], "split": "dev"})
    with (OUT / "corpus.jsonl").open("w", encoding="utf-8") as out:
        out.writelines(json.dumps(doc, ensure_ascii=False) + "\n" for doc in docs)
    with (OUT / "cases.jsonl").open("w", encoding="utf-8") as out:
        out.writelines(json.dumps(case, ensure_ascii=False) + "\n" for case in cases)
    print(f"{len(cases)} cases ({sum(c['expect'] == 'answer' for c in cases)} to answer), {len(cut)} paragraphs cut")


if __name__ == "__main__":
    main()
