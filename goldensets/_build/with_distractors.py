"""A suite's twin whose corpus also holds unrelated documents, for measuring what a larger corpus does to the pipeline.

The shipped suites have small corpora (12 to 256 documents); a user's corpus, or a public benchmark's, is larger, and
retrieval then fills the top sources with whatever shares most words with the question. The twin keeps the suite's
cases, identities and sidecars, and adds ``--limit`` documents (a seeded sample) of a BEIR-style corpus file (JSONL or
JSONL.gz with ``_id``, ``title``, ``text``; by default SciFact's 5,183 abstracts) to its corpus: appended to a JSONL
corpus, or written as Markdown files (``distractor-<id>.md``, public) beside a folder corpus's documents. Written
outside the repo and run like any suite:

    python goldensets/_build/with_distractors.py --out /tmp/big negrej-en kb-en
    ragbench run configs/default.yaml --split dev -P "suites=[/tmp/big/negrej-en/suite.yaml]" --out /tmp/big-run

docs/answerability.md ("A larger corpus") gives what it measured.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import shutil
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
SCIFACT = ROOT / "scifact" / "corpus" / "corpus.jsonl.gz"


_SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$")


def distractors(path: Path, limit: int | None, seed: int = 0) -> list[dict[str, str]]:
    """``limit`` documents of a BEIR-style corpus file (all when None), in a seeded sample. Every id must be unique
    and fit a file name (letters, digits, ``.``, ``_``, ``-``), checked before anything is written."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        rows = [(n, json.loads(line)) for n, line in enumerate(fh, 1) if line.strip()]
    seen: dict[str, int] = {}
    for n, row in rows:
        doc_id = str(row.get("_id", ""))
        if not _SAFE_ID.match(doc_id):
            raise SystemExit(f"{path}:{n}: _id {doc_id!r} is not a safe file name (letters, digits, '.', '_', '-')")
        if doc_id in seen:
            raise SystemExit(f"{path}:{n}: _id {doc_id!r} was used on line {seen[doc_id]}")
        seen[doc_id] = n
    if limit is not None and limit < len(rows):
        rows = random.Random(seed).sample(rows, limit)
    return [{"_id": f"distractor-{row['_id']}", "title": " ".join(str(row.get("title") or "").split()),
             "text": row["text"]} for _, row in rows]


def twin(suite: str, out: Path, extra: list[dict[str, str]]) -> int:
    """Write the twin of goldensets/``suite`` under ``out``; the number of documents added."""
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", suite):
        raise SystemExit(f"{suite!r}: name a suite folder under goldensets/ (kb-en, negrej-en …), not a path")
    source = ROOT / suite
    spec_path = source / "suite.yaml"
    if not spec_path.is_file():
        raise SystemExit(f"{source}: no suite.yaml")
    spec = yaml.safe_load(spec_path.read_text(encoding="utf-8"))
    if spec.get("format") == "beir":
        raise SystemExit(f"{suite}: a BEIR suite is a retrieval benchmark; its corpus is left as it is")
    corpus = source / str(spec.get("corpus", "docs"))
    target = (out / suite).resolve()
    if target == ROOT.resolve() or ROOT.resolve() in target.parents or target in ROOT.resolve().parents:
        raise SystemExit(f"{target}: write the twins outside goldensets/ (--out)")
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target)
    if corpus.is_file() and corpus.name.endswith((".jsonl", ".jsonl.gz")):
        written = target / "corpus-with-distractors.jsonl"
        opener = gzip.open if corpus.suffix == ".gz" else open
        with opener(corpus, "rt", encoding="utf-8") as fh, written.open("w", encoding="utf-8") as sink:
            for line in fh:
                if line.strip():
                    sink.write(line.rstrip("\n") + "\n")
            for row in extra:
                sink.write(json.dumps(row, ensure_ascii=False) + "\n")
        spec["corpus"] = written.name
    elif corpus.is_dir():
        folder = target / corpus.relative_to(source)
        for row in extra:
            (folder / f"{row['_id']}.md").write_text(f"# {row['title']}\n\n{row['text']}\n", encoding="utf-8")
    else:
        raise SystemExit(f"{corpus}: a JSONL corpus file or a folder is needed")
    spec["name"] = f"{spec.get('name', suite)}-distractors"
    spec["description"] = f"{spec.get('description', suite)} (+ {len(extra)} unrelated documents)"
    (target / "suite.yaml").write_text(yaml.safe_dump(spec, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return len(extra)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suites", nargs="+", help="suite folders under goldensets/")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--distractors", type=Path, default=SCIFACT, help="a BEIR-style corpus file (JSONL or .gz)")
    parser.add_argument("--limit", type=int, default=None, help="how many of its documents (a seeded sample)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    extra = distractors(args.distractors, args.limit, args.seed)
    for suite in args.suites:
        print(f"{suite}: {twin(suite, args.out, extra)} documents added")


if __name__ == "__main__":
    main()
