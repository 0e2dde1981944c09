"""Where a suite's cases come from: YAML, JSONL, a BEIR folder, or a table read by Hugging Face
``datasets``; and every file a suite reads. Each reader names file, line and field on an error."""

from __future__ import annotations

import gzip
import json
from collections.abc import Collection
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from eval.suites.models import Case, Suite, SuiteFile
from rag._yaml import YamlDoc, load_yaml
from rag.errors import ConfigError


def _case_error(exc: ValidationError, where: str, line: int | None, prefix: str) -> ConfigError:
    err = exc.errors()[0]
    field = ".".join(str(p) for p in err["loc"]) or None
    msg = "unknown field" if err["type"] == "extra_forbidden" else (
        "required field is missing" if err["type"] == "missing" else err["msg"])
    return ConfigError(msg, file=where, line=line, field=f"{prefix}{field}" if field else prefix.rstrip("."))


# what a conversation passes on to each of its turns (a turn may override any of them)
_SHARED = ("as", "tags", "split")


def expand_turns(raw: dict[str, Any]) -> list[tuple[int | None, dict[str, Any]]]:
    """A conversation (``turns:``) becomes one case per turn, ``<id>#<n>``: turn n carries the
    conversation's ``history`` and every earlier turn — its question as the user's turn and its
    ``reference`` (when given) as the assistant's — so every turn is an independent case that
    any target can answer and that runs in parallel. Returns (turn index, case mapping) pairs;
    a plain case is one pair with index None."""
    if "turns" not in raw:
        return [(None, raw)]
    turns = raw["turns"]
    if not isinstance(turns, list) or not turns or not all(isinstance(t, dict) for t in turns):
        raise ValueError("turns must be a non-empty list of mappings")
    extra = sorted(set(raw) - {"id", "turns", "history", *_SHARED})
    if extra:
        raise ValueError(f"a conversation carries id, turns, history, {', '.join(_SHARED)}; not {extra[0]!r}")
    history = list(raw.get("history") or [])
    out = []
    for n, turn in enumerate(turns, start=1):
        case = {k: raw[k] for k in _SHARED if k in raw}
        case.update(turn)
        case["id"] = f"{raw.get('id')}#{n}"
        case["history"] = list(history)
        case["tags"] = sorted({*(case.get("tags") or []), "multi-turn"})
        out.append((n - 1, case))
        history.append({"role": "user", "content": turn.get("question", "")})
        if turn.get("reference"):
            history.append({"role": "assistant", "content": turn["reference"]})
    return out


def _yaml_cases(doc: YamlDoc, items: Any, loc: list[str | int]) -> tuple[list[Case], dict[str, tuple[str, int | None]]]:
    if not isinstance(items, list):
        raise doc.error("cases must be a list of mappings", loc)
    cases, lines = [], {}
    for i, raw_case in enumerate(items):
        here = [*loc, i]
        if not isinstance(raw_case, dict):
            raise doc.error("a case must be a mapping", here)
        try:
            expanded = expand_turns(raw_case)
        except ValueError as exc:
            raise doc.error(str(exc), [*here, "turns"]) from exc
        for turn, raw in expanded:
            at = here if turn is None else [*here, "turns", turn]
            try:
                case = Case.model_validate(raw)
            except ValidationError as exc:
                err = exc.errors()[0]
                raise doc.error(_case_error(exc, "", None, "").message, [*at, *err["loc"]]) from exc
            cases.append(case)
            lines[case.id] = (str(doc.path), doc.line_of(at))
            for key in raw:  # each field's own line, so errors point at the field
                lines[f"{case.id}\0{key}"] = (str(doc.path), doc.line_of([*at, key]) or doc.line_of(at))
    return cases, lines


def _case_at(raw: Any, path: Path, number: int) -> Case:
    """A case from one row of a JSONL file or a table; errors name the row."""
    try:
        return Case.model_validate(raw)
    except ValidationError as exc:
        raise _case_error(exc, str(path), number, "") from exc


def _jsonl_cases(path: Path) -> tuple[list[Case], dict[str, tuple[str, int | None]]]:
    cases, lines = [], {}
    for number, line in enumerate(_read_text(path).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
        except ValueError as exc:
            raise ConfigError(f"not JSON: {exc}", file=str(path), line=number) from exc
        if not isinstance(raw, dict):
            raise ConfigError("a case must be a JSON object", file=str(path), line=number)
        try:
            expanded = expand_turns(raw)
        except ValueError as exc:
            raise ConfigError(str(exc), file=str(path), line=number, field="turns") from exc
        for _, item in expanded:
            case = _case_at(item, path, number)
            cases.append(case)
            lines[case.id] = (str(path), number)
    return cases, lines


def _read_text(path: Path) -> str:
    if not path.is_file():
        raise ConfigError("file not found", file=str(path))
    data = path.read_bytes()
    return (gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data).decode("utf-8")


def beir_paths(doc: YamlDoc, spec: SuiteFile, base: Path) -> tuple[Path, dict[str | None, Path]]:
    """queries and qrels as named, else BEIR's standard layout beside the corpus file:
    ``queries.jsonl`` and ``qrels/test.tsv``. The qrels by split (``None``: no splits)."""
    corpus = base / spec.corpus
    home = corpus if corpus.is_dir() else corpus.parent
    paths: list[Any] = []
    for key, defaults in (("queries", ["queries.jsonl", "queries.jsonl.gz"]), ("qrels", ["qrels/test.tsv"])):
        named = getattr(spec, key)
        if isinstance(named, dict):
            paths.append({split: base / p for split, p in named.items()})
            continue
        if named:
            paths.append(base / named)
            continue
        found = next((home / d for d in defaults if (home / d).is_file()), None)
        if found is None:
            raise doc.error(f"a BEIR suite names its {key} file, or keeps {defaults[0]} beside its corpus "
                            f"({home})", [key])
        paths.append(found)
    qrels = paths[1] if isinstance(paths[1], dict) else {None: paths[1]}
    return paths[0], qrels


def read_qrels(qrels_path: Path) -> dict[str, dict[str, int]]:
    relevance: dict[str, dict[str, int]] = {}
    for number, line in enumerate(_read_text(qrels_path).splitlines(), start=1):
        parts = line.split("\t")
        if number == 1 and parts[0] == "query-id":
            continue
        if len(parts) != 3 or not parts[2].strip().lstrip("-").isdigit():
            raise ConfigError("a qrels line is query-id<TAB>corpus-id<TAB>score", file=str(qrels_path), line=number)
        relevance.setdefault(parts[0], {})[parts[1]] = int(parts[2])
    return relevance


def _beir_cases(doc: YamlDoc, spec: SuiteFile, base: Path, splits: Collection[str] | None = None
                ) -> tuple[list[Case], dict[str, tuple[str, int | None]]]:
    queries_path, by_split = beir_paths(doc, spec, base)
    relevance: dict[str, dict[str, int]] = {}
    split_of: dict[str, str | None] = {}
    for split, qrels_path in by_split.items():
        if split is not None and splits is not None and split not in splits:
            continue   # never read: a tune must not see the test qrels before its final evaluation
        for qid, grades in read_qrels(qrels_path).items():
            if qid in split_of:
                raise ConfigError(f"query {qid} is in two splits' qrels", file=str(qrels_path))
            relevance[qid], split_of[qid] = grades, split
    cases, lines = [], {}
    for number, line in enumerate(_read_text(queries_path).splitlines(), start=1):
        if not line.strip():
            continue
        row = json.loads(line)
        qid = str(row["_id"])
        if qid not in relevance:  # only the split's queries (SciFact: 300 of 1,109)
            continue
        grades = {d: g for d, g in relevance[qid].items() if g > 0}
        cases.append(Case(id=qid, question=row["text"], expected_docs=list(grades), relevance=grades,
                          split=split_of[qid]))
        lines[qid] = (str(queries_path), number)
    missing = sorted(set(relevance) - set(lines))
    if missing:
        raise ConfigError(f"qrels name queries that {queries_path.name} lacks: {missing[:5]}",
                          file=str(next(iter(by_split.values()))))
    return cases, lines


def _table_cases(doc: YamlDoc, spec: SuiteFile, base: Path) -> tuple[list[Case], dict[str, tuple[str, int | None]]]:
    """A local csv / json / parquet table read by Hugging Face ``datasets``; ``columns`` maps
    case fields to column names. List fields may hold JSON text (``["a", ["b", "c"]]``)."""
    from rag._lazy import require

    if not isinstance(spec.cases, str):
        raise doc.error("a table suite names its table file in 'cases'", ["cases"])
    path = base / spec.cases
    if not path.is_file():
        raise doc.error(f"table {str(path)!r} not found", ["cases"])
    datasets = require("datasets", pip="datasets")
    kind = {".csv": "csv", ".json": "json", ".jsonl": "json", ".parquet": "parquet"}.get(path.suffix.lower())
    if kind is None:
        raise doc.error("a table is .csv, .json, .jsonl or .parquet", ["cases"])
    table = datasets.load_dataset(kind, data_files=str(path), split="train")
    columns = {field: spec.columns.get(field, field) for field in
               ("id", "question", "expect", "expected_docs", "reference", "as", "tags", "must_contain", "must_not_contain",
                "split")}
    cases, lines = [], {}
    for number, row in enumerate(table, start=2 if kind == "csv" else 1):
        raw: dict[str, Any] = {}
        for field, column in columns.items():
            value = row.get(column)
            if value is None or value == "":
                continue
            if field in ("expected_docs", "tags", "must_contain", "answers", "must_not_contain") and isinstance(value, str):
                value = json.loads(value) if value.strip().startswith("[") else [value]
            raw[field] = value
        case = _case_at(raw, path, number)
        cases.append(case)
        lines[case.id] = (str(path), number)
    return cases, lines


def suite_files(suite: Suite) -> list[Path]:
    """Every file and folder the suite reads: its own file, its corpus, and its cases file (or
    table, or a BEIR suite's queries and qrels, found as the suite loader finds them)."""
    base = suite.path.parent
    found = [suite.path, base / suite.spec.corpus]
    if suite.spec.format == "beir":
        queries, qrels = beir_paths(load_yaml(suite.path), suite.spec, base)
        found += [queries, *qrels.values()]
    elif isinstance(suite.spec.cases, str):
        found.append(base / suite.spec.cases)
    return found
