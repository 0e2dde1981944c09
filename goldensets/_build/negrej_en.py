"""Build goldensets/negrej-en from goldensets/_build/negrej_en_source.yaml.

The English counterpart of cmrc2018-negrej, made by the same protocol from paragraphs written
for ragbench (fictional people, places and organisations, so nothing is answerable from world
knowledge). Every question of the source names the one sentence of its paragraph that holds its
answer.

- Which paragraphs are cut: the paragraphs in hash order (sha256 of "negrej-en:<paragraph id>"),
  dealt round-robin: kept, cut, kept, cut, ... A kept paragraph stays whole and its questions
  must be answered (``expect: answer``, ``expected_docs: [paragraph id]``). From a cut paragraph
  every sentence that holds the answer to any of its questions is removed and the rest stays in
  the corpus (on topic, same entities, without the asked facts); its questions must be refused.
- A question to refuse whose answer text still stands anywhere in the final corpus
  (case-insensitive) is dropped.
- The dev / test split is by paragraph, as in cmrc2018_negrej.py: the same hash order, dealt
  round-robin within each stratum (kept / cut), so both splits hold both kinds.

    python goldensets/_build/negrej_en.py

The same protocol builds another set from another source (a blind pair, a Chinese set of written paragraphs):

    python goldensets/_build/negrej_en.py --source S.yaml --out goldensets/NAME --seed NAME [--language zh]

(Chinese sentences are joined without spaces.)
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
SOURCE = Path(__file__).resolve().parent / "negrej_en_source.yaml"
OUT = ROOT / "goldensets" / "negrej-en"
SEED = "negrej-en"
TYPES = ("number", "date", "person", "place", "organisation", "list", "yesno", "procedure", "reason", "definition")


def order(ids: list[str], seed: str = SEED) -> list[str]:
    return sorted(ids, key=lambda p: hashlib.sha256(f"{seed}:{p}".encode()).hexdigest())


def check(paragraphs: list[dict]) -> None:
    """The source's own rules: ids unique, 6-10 sentences, 3-4 questions, each answer a span of
    its sentence and of no other sentence (its own paragraph's or another's)."""
    seen: set[str] = set()
    for p in paragraphs:
        pid, sents = p["id"], p["sentences"]
        assert pid not in seen, f"duplicate paragraph id {pid}"
        seen.add(pid)
        assert 6 <= len(sents) <= 10, f"{pid}: {len(sents)} sentences"
        assert 3 <= len(p["questions"]) <= 4, f"{pid}: {len(p['questions'])} questions"
        for n, q in enumerate(p["questions"]):
            assert q["type"] in TYPES, f"{pid} q{n}: unknown type {q['type']!r}"
            assert 0 <= q["sentence"] < len(sents), f"{pid} q{n}: no sentence {q['sentence']}"
            assert q["answer"] in sents[q["sentence"]], f"{pid} q{n}: answer is not in sentence {q['sentence']}"
            needle = q["answer"].lower()
            elsewhere = [f"{o['id']}[{i}]" for o in paragraphs for i, s in enumerate(o["sentences"])
                         if needle in s.lower() and (o is not p or i != q["sentence"])]
            if elsewhere:
                print(f"warning: {pid} q{n}: answer {q['answer']!r} also stands in {', '.join(elsewhere)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--seed", default=SEED)
    parser.add_argument("--language", choices=("en", "zh"), default="en")
    args = parser.parse_args()
    joiner = "" if args.language == "zh" else " "
    paragraphs = yaml.safe_load(args.source.read_text(encoding="utf-8"))
    check(paragraphs)
    by_id = {p["id"]: p for p in paragraphs}
    cut = {pid for i, pid in enumerate(order(list(by_id), args.seed)) if i % 2 == 1}

    corpus = []
    for p in paragraphs:
        gone = {q["sentence"] for q in p["questions"]} if p["id"] in cut else set()
        text = joiner.join(s.strip() for i, s in enumerate(p["sentences"]) if i not in gone)
        corpus.append({"_id": p["id"], "title": p["title"], "text": text})
    haystack = "\n".join(f"{d['title']}\n{d['text']}" for d in corpus).lower()

    split: dict[str, str] = {}
    for stratum in (False, True):
        ids = order([pid for pid in by_id if (pid in cut) == stratum], args.seed)
        split |= {pid: ("dev", "test")[i % 2] for i, pid in enumerate(ids)}

    cases, dropped = [], []
    for p in paragraphs:
        for n, q in enumerate(p["questions"]):
            cid = f"{p['id']}_q{n}"
            if p["id"] in cut:
                if q["answer"].lower() in haystack:
                    dropped.append(cid)
                    continue
                case = {"id": cid, "question": q["question"], "expect": "refuse",
                        "tags": ["negative-rejection", f"type:{q['type']}"]}
            else:
                case = {"id": cid, "question": q["question"], "expect": "answer", "expected_docs": [p["id"]],
                        "tags": ["answerable", f"type:{q['type']}"]}
                if q["type"] != "yesno":
                    case["answers"] = [q["answer"]]
            cases.append({**case, "split": split[p["id"]]})

    out_dir: Path = args.out
    out_dir.mkdir(parents=True, exist_ok=True)
    with (out_dir / "corpus.jsonl").open("w", encoding="utf-8") as out:
        for d in corpus:
            out.write(json.dumps(d, ensure_ascii=False) + "\n")
    with (out_dir / "cases.jsonl").open("w", encoding="utf-8") as out:
        for c in cases:
            out.write(json.dumps(c, ensure_ascii=False) + "\n")

    print(f"{len(paragraphs)} paragraphs ({len(paragraphs) - len(cut)} kept, {len(cut)} cut), "
          f"{len(cases)} questions, {len(dropped)} dropped (answer still in the corpus)"
          + (f": {', '.join(dropped)}" if dropped else ""))
    for name in ("dev", "test"):
        chosen = [c for c in cases if c["split"] == name]
        print(f"{name}: {sum(v == name for v in split.values())} paragraphs, {len(chosen)} questions, "
              f"{sum(c['expect'] == 'refuse' for c in chosen)} to refuse")
    kinds = Counter((t.split(":", 1)[1], c["expect"]) for c in cases for t in c["tags"] if t.startswith("type:"))
    for t in TYPES:
        print(f"  {t:<12} {kinds[t, 'answer'] + kinds[t, 'refuse']:>3} ({kinds[t, 'answer']} answer, {kinds[t, 'refuse']} refuse)")


if __name__ == "__main__":
    main()
