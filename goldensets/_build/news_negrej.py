"""Build a negative-rejection suite from news questions in RGB's format.

RGB (Chen et al. 2023, "Benchmarking Large Language Models in Retrieval-Augmented Generation") and
sets like it give each news question the passages a search engine returned for it, already split
into ``positive`` passages (they hold the answer) and ``negative`` ones (on topic, no answer):

    {"id": 0, "query": "…", "answer": ["…", "a variant"], "positive": ["…"], "negative": ["…"]}

The protocol (issue #25): the items in hash order (sha256 of "<seed>:<id>"), dealt round-robin,
keep their positive passages or lose them. The corpus is every negative passage and the kept items'
positive passages (a text given twice is one document). A kept item's question must be answered
from its positive passages; a cut item's question must be refused — unless one of its answers
still stands somewhere in the corpus (case-insensitive; a yes / no answer is no span), and then it
is dropped. Dev and test are
dealt by item within each stratum (kept / cut), so both splits hold both kinds.

    python goldensets/_build/news_negrej.py --source items.jsonl --out DIR --seed NAME [--language zh]

An answer written as a list of lists (a question with several parts) is read as every variant of
every part; an item's optional ``type`` becomes a ``type:`` tag. Bad input exits 2 naming the file,
line and field, before anything is written; the suite is written to a temporary folder and moved
into place whole.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import sys
import tempfile
from pathlib import Path

REQUIRED = ("query", "answer", "positive", "negative")
# a suite's name, as ragbench reads it (the folder's name)
SUITE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
# a yes / no answer is no span of a passage: it never drops a question to refuse
YES_NO = frozenset({"yes", "no", "是", "否", "不是", "对", "不对", "会", "不会", "有", "没有"})


class SourceError(ValueError):
    """A source line that is not a usable item (the message names file, line and field)."""


def order(ids: list[str], seed: str) -> list[str]:
    return sorted(ids, key=lambda i: hashlib.sha256(f"{seed}:{i}".encode()).hexdigest())


def _strings(value: object) -> list[str]:
    """The answer's variants: strings, or lists of strings (one list per part), flattened."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if value != value or value in (float("inf"), float("-inf")):
            raise TypeError("number that is no answer (NaN or infinity)")
        return [str(value)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    raise TypeError(type(value).__name__)


def read_items(path: Path) -> list[dict]:
    """Every item of an RGB-style JSONL file, checked; raises SourceError naming file, line and field."""
    items: list[dict] = []
    seen: dict[str, int] = {}
    with path.open(encoding="utf-8-sig") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            where = f"{path}:{number}"
            try:
                raw = json.loads(line)
            except json.JSONDecodeError as exc:
                raise SourceError(f"{where}: not JSON ({exc.msg})") from None
            except RecursionError:
                raise SourceError(f"{where}: nested too deeply") from None
            if not isinstance(raw, dict):
                raise SourceError(f"{where}: an item must be a JSON object")
            for field in REQUIRED:
                if field not in raw:
                    raise SourceError(f"{where}: field {field!r} is missing")
            item_id = str(raw.get("id", number - 1))
            if not item_id or any(c in item_id for c in "/\\\n") or item_id in (".", ".."):
                raise SourceError(f"{where}: field 'id' {item_id!r} cannot name a document")
            if item_id in seen:
                raise SourceError(f"{where}: field 'id' {item_id!r} repeats line {seen[item_id]}")
            seen[item_id] = number
            if not isinstance(raw["query"], str) or not raw["query"].strip():
                raise SourceError(f"{where}: field 'query' must be a non-empty string")
            try:
                answers = [a.strip() for a in _strings(raw["answer"]) if a.strip()]
            except TypeError as exc:
                raise SourceError(f"{where}: field 'answer' holds a {exc}") from None
            if not answers:
                raise SourceError(f"{where}: field 'answer' holds no answer")
            passages = {}
            for field in ("positive", "negative"):
                value = raw[field]
                if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
                    raise SourceError(f"{where}: field {field!r} must be a list of strings")
                passages[field] = [p.strip() for p in value if p.strip()]
            if not passages["positive"]:
                raise SourceError(f"{where}: field 'positive' holds no passage")
            kind = raw.get("type")
            if kind is not None and not isinstance(kind, str):
                raise SourceError(f"{where}: field 'type' must be a string")
            items.append({"id": item_id, "query": raw["query"].strip(), "answers": answers, "type": kind,
                          **passages})
    if not items:
        raise SourceError(f"{path}: no item")
    return items


def build(items: list[dict], seed: str) -> tuple[list[dict], list[dict], list[str]]:
    """(corpus, cases, dropped case ids) by the protocol above."""
    ids = [it["id"] for it in items]
    cut = {i for n, i in enumerate(order(ids, seed)) if n % 2 == 1}
    split: dict[str, str] = {}
    for stratum in (False, True):
        chosen = order([i for i in ids if (i in cut) == stratum], seed)
        split |= {i: ("dev", "test")[n % 2] for n, i in enumerate(chosen)}

    corpus: list[dict] = []
    doc_of_text: dict[str, str] = {}

    def add(text: str, doc_id: str) -> str:
        if text not in doc_of_text:
            doc_of_text[text] = doc_id
            corpus.append({"_id": doc_id, "title": "", "text": text})
        return doc_of_text[text]

    positives: dict[str, list[str]] = {}
    for it in items:
        for k, text in enumerate(it["negative"]):
            add(text, f"{it['id']}-n{k}")
        if it["id"] not in cut:
            positives[it["id"]] = list(dict.fromkeys(add(t, f"{it['id']}-p{k}") for k, t in enumerate(it["positive"])))
    haystack = "\n".join(d["text"] for d in corpus).lower()

    def stands(answer: str) -> bool:
        """The answer stands in the corpus: as a whole word when it is Latin letters or digits ("1" is not in "1890")."""
        needle = answer.lower()
        if needle in YES_NO:
            return False
        if re.fullmatch(r"[\w .,'’-]+", needle, re.ASCII):
            return re.search(rf"(?<![\w]){re.escape(needle)}(?![\w])", haystack) is not None
        return needle in haystack

    cases: list[dict] = []
    dropped: list[str] = []
    for it in items:
        tags = [f"type:{it['type']}"] if it["type"] else []
        if it["id"] in cut:
            # its answer still stands, or one of its answering passages is in the corpus as another item's
            if any(stands(a) for a in it["answers"]) or any(t in doc_of_text for t in it["positive"]):
                dropped.append(it["id"])
                continue
            case = {"id": it["id"], "question": it["query"], "expect": "refuse", "tags": ["negative-rejection", *tags]}
        else:
            case = {"id": it["id"], "question": it["query"], "expect": "answer", "expected_docs": positives[it["id"]],
                    "tags": ["answerable", *tags]}
            if it["type"] != "yesno":
                case["answers"] = it["answers"]
        cases.append({**case, "split": split[it["id"]]})
    return corpus, cases, dropped


def suite_yaml(name: str, language: str, source: Path) -> str:
    return (f"# A negative-rejection suite built from {json.dumps(source.name, ensure_ascii=False)} (RGB's format) by\n"
            f"# goldensets/_build/news_negrej.py: half the items lost their positive passages (must be refused),\n"
            f"# the rest must be answered from them; split by item into dev and test.\n"
            f"name: {name}\nlanguage: {language}\ncorpus: corpus.jsonl\ncases: cases.jsonl\n")


def write(out: Path, corpus: list[dict], cases: list[dict], yaml_text: str) -> None:
    """The suite folder whole, or nothing: written beside ``out``, the old folder moved aside, the new one moved into
    place, the old one removed last (restored if the move fails). What the old folder holds besides the suite (a
    README, a folder of notes) is kept."""
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    backup = None
    try:
        for name, rows in (("corpus.jsonl", corpus), ("cases.jsonl", cases)):
            with (staging / name).open("w", encoding="utf-8") as f:
                f.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
        (staging / "suite.yaml").write_text(yaml_text, encoding="utf-8")
        if out.exists():
            for kept in out.iterdir():
                if not (staging / kept.name).exists():
                    (shutil.copytree if kept.is_dir() else shutil.copy2)(kept, staging / kept.name)
            backup = Path(tempfile.mkdtemp(prefix=f".{out.name}-old-", dir=out.parent))
            backup.rmdir()
            out.rename(backup)
        try:
            staging.rename(out)
        except BaseException:
            if backup is not None:
                backup.rename(out)
                backup = None
            raise
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if backup is not None:
        shutil.rmtree(backup, ignore_errors=True)


def _ours(folder: Path) -> bool:
    """A folder this script may replace: one it wrote before (its suite.yaml says so)."""
    yaml_file = folder / "suite.yaml"
    return yaml_file.is_file() and "goldensets/_build/news_negrej.py" in yaml_file.read_text(encoding="utf-8")[:400]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, required=True, help="an RGB-style JSONL file")
    parser.add_argument("--out", type=Path, required=True, help="the suite folder to write (replaced whole)")
    parser.add_argument("--seed", help="the hash seed (default: the folder's name)")
    parser.add_argument("--language", choices=("en", "zh"), default="en")
    args = parser.parse_args(argv)
    if not SUITE_NAME.fullmatch(args.out.name):
        print(f"error: --out {args.out}: the folder names the suite, which must match {SUITE_NAME.pattern}",
              file=sys.stderr)
        return 2
    if args.out.is_symlink() or (args.out.exists() and not args.out.is_dir()):
        print(f"error: --out {args.out} is a link or a file; name a folder", file=sys.stderr)
        return 2
    if args.out.exists() and not _ours(args.out):
        print(f"error: --out {args.out} exists and is not a suite this script wrote; choose another folder",
              file=sys.stderr)
        return 2
    try:
        items = read_items(args.source)
    except (OSError, SourceError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    corpus, cases, dropped = build(items, args.seed or args.out.name)
    write(args.out, corpus, cases, suite_yaml(args.out.name, args.language, args.source))
    refuse = sum(c["expect"] == "refuse" for c in cases)
    print(f"{len(items)} items: {len(cases)} cases ({refuse} to refuse), {len(corpus)} passages; "
          f"{len(dropped)} dropped (an answer still in the corpus)" + (f": {', '.join(dropped)}" if dropped else ""))
    for name in ("dev", "test"):
        chosen = [c for c in cases if c["split"] == name]
        print(f"{name}: {len(chosen)} cases, {sum(c['expect'] == 'refuse' for c in chosen)} to refuse")
    return 0


if __name__ == "__main__":
    sys.exit(main())
