"""The labels file: people's verdicts on judged metrics, one per line or row.

JSONL, CSV or YAML (a list of mappings), with fields ``suite, case_id, metric, value,
annotator, note`` and ``answer_hash``. ``value`` is binary (0/1), ordinal (a whole number on a
scale) or continuous (in [0, 1]).

**A label belongs to the answer it judged.** ``answer_hash`` is a hash of the question, the
context texts and the answer the annotator read (:func:`answer_hash`; ``ragbench label`` writes
it into every label it exports). A label counts for a run only where the run's case has the
same hash; the others are *stale* — the answer changed since the label was made — and are
reported as such, never used. A label of a metric that judges the case alone (:data:`KEYED_BY`
``case``: whether the question should be answered at all) may leave the hash out.

A malformed label is an input error naming the file, the line and the field.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from pathlib import Path
from typing import Any

import pydantic
import yaml

from rag.errors import ConfigError

FIELDS = ("suite", "case_id", "metric", "value", "annotator", "note", "answer_hash")

# what each labelled metric's verdict is about: the answer a run gave (its question, context and
# answer), or the case itself, whatever was answered
KEYED_BY = {
    "faithfulness": "answer",          # is every statement of the answer supported by the context?
    "correctness": "answer",           # is the answer right (against the reference)?
    "factual_correctness": "answer",
    "answer_relevancy": "answer",
    "context_recall": "answer",        # does the context hold the reference's statements?
    "context_precision": "answer",
    "answerable": "case",              # should this question be answered from the corpus at all?
}
# a labelled metric and the judged metric it qualifies (people judge "correctness", binary; the
# judge's closest ragas metric is factual_correctness, a claim-level F1)
JUDGED_AS = {"correctness": "factual_correctness"}


class Label(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    suite: str
    case_id: str
    metric: str
    value: float
    annotator: str = "anonymous"
    note: str = ""
    answer_hash: str | None = None

    @pydantic.field_validator("metric")
    @classmethod
    def _known(cls, value: str) -> str:
        if value not in KEYED_BY:
            raise ValueError(f"unknown labelled metric {value!r} (known: {', '.join(KEYED_BY)})")
        return value

    @pydantic.field_validator("value")
    @classmethod
    def _on_a_scale(cls, value: float) -> float:
        if not (0.0 <= value <= 1.0 or (value.is_integer() and 0 <= value <= 10)):
            raise ValueError("a label's value is in [0, 1] (binary or continuous) or a whole number up to 10 (ordinal)")
        return value

    @pydantic.model_validator(mode="after")
    def _hash_when_needed(self) -> Label:
        if KEYED_BY[self.metric] == "answer" and not self.answer_hash:
            raise ValueError(f"a {self.metric} label belongs to the answer it judged: answer_hash is required")
        return self


def answer_hash(question: str, contexts: list[str], answer: str) -> str:
    """What an annotator read, as one short hash: the question, the context texts in order and
    the answer (whitespace at the ends ignored)."""
    blob = json.dumps([question.strip(), [c.strip() for c in contexts], answer.strip()], ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]


def record_hash(record: Any) -> str:
    return answer_hash(record.question, [c.get("text", "") for c in record.context], record.answer or "")


def _rows(path: Path) -> list[tuple[int, dict[str, Any]]]:
    try:
        text = path.read_text(encoding="utf-8-sig")   # a byte-order mark (Excel's CSV) is not part of the data
    except FileNotFoundError as exc:
        raise ConfigError("file not found", file=str(path)) from exc
    except UnicodeDecodeError as exc:
        raise ConfigError("file is not UTF-8", file=str(path)) from exc
    suffix = path.suffix.lower()
    if suffix == ".jsonl":
        out = []
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                try:
                    out.append((number, json.loads(line)))
                except ValueError as exc:
                    raise ConfigError(f"not JSON: {exc}", file=str(path), line=number) from exc
        return out
    if suffix == ".csv":
        rows = csv.DictReader(io.StringIO(text, newline=""))
        missing = {"suite", "case_id", "metric", "value"} - set(rows.fieldnames or [])
        if missing:
            raise ConfigError(f"missing column(s) {', '.join(sorted(missing))}", file=str(path), line=1)
        out = []
        for row in rows:
            if None in row:
                raise ConfigError("more cells than columns", file=str(path), line=rows.line_num)
            out.append((rows.line_num, {k: v for k, v in row.items() if v not in (None, "")}))
        return out
    if suffix in (".yaml", ".yml"):
        from rag._yaml import load_yaml

        doc = load_yaml(path)
        if not isinstance(doc.data, list):
            raise doc.error("a labels file is a list of labels")
        return [(doc.line_of([i]) or 0, row) for i, row in enumerate(doc.data)]
    raise ConfigError("a labels file is .jsonl, .csv or .yaml", file=str(path))


def load_all(paths: list[Path]) -> list[Label]:
    """The labels of several files (one per suite, say): an annotator's label of a case and
    metric may stand in one of them only."""
    seen: dict[tuple[str, str, str, str], Path] = {}
    out = []
    for path in paths:
        for label in load_labels(path):
            key = (label.suite, label.case_id, label.metric, label.annotator)
            if key in seen and seen[key] != Path(path):
                raise ConfigError(f"{label.annotator} labelled {label.suite}/{label.case_id} {label.metric} in "
                                  f"{seen[key]} too", file=str(path))
            seen[key] = Path(path)
            out.append(label)
    return out


def load_labels(path: str | Path) -> list[Label]:
    """Every label of the file, validated; the first bad one names its line and field."""
    path = Path(path)
    labels = []
    seen: dict[tuple[str, str, str, str], int] = {}
    for number, row in _rows(path):
        if not isinstance(row, dict):
            raise ConfigError("a label is a mapping", file=str(path), line=number)
        try:
            label = Label.model_validate(row)
        except pydantic.ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(p) for p in err["loc"]) or None
            raise ConfigError(err["msg"].removeprefix("Value error, "), file=str(path), line=number,
                              field=field) from exc
        key = (label.suite, label.case_id, label.metric, label.annotator)
        if key in seen:
            raise ConfigError(f"{label.annotator} labelled {label.suite}/{label.case_id} {label.metric} twice "
                              f"(first on line {seen[key]})", file=str(path), line=number)
        seen[key] = number
        labels.append(label)
    return labels


def write_labels(labels: list[Label], path: Path) -> Path:
    from rag.store import write_text_atomic

    if path.suffix.lower() == ".yaml":
        text = yaml.safe_dump([lb.model_dump(exclude_none=True) for lb in labels], allow_unicode=True, sort_keys=False)
    else:
        text = "".join(json.dumps(lb.model_dump(exclude_none=True), ensure_ascii=False) + "\n" for lb in labels)
    write_text_atomic(path, text)
    return path


def matching(labels: list[Label], records: list[Any]) -> tuple[dict[tuple[str, str, str], list[Label]], list[Label]]:
    """The labels that count for these records — by (suite, case id, metric) — and the stale
    ones (the run answered the case, but not with the answer they judged). Labels of cases the
    run did not answer are neither: they are left out."""
    by_key = {(r.suite, r.case_id): r for r in records}
    hashes: dict[tuple[str, str], str] = {}
    counted: dict[tuple[str, str, str], list[Label]] = {}
    stale = []
    for label in labels:
        record = by_key.get((label.suite, label.case_id))
        if record is None:
            continue
        if KEYED_BY[label.metric] == "answer":
            key = (record.suite, record.case_id)
            if key not in hashes:
                hashes[key] = record_hash(record)
            if label.answer_hash != hashes[key]:
                stale.append(label)
                continue
        counted.setdefault((label.suite, label.case_id, label.metric), []).append(label)
    return counted, stale
