"""Suites: a corpus plus golden cases — the public format of DESIGN §5.

Cases come from YAML (a list of mappings, in ``suite.yaml`` or a file it names), JSONL (one
case per line), a BEIR folder (``queries.jsonl`` + ``qrels/<split>.tsv``, graded relevance
kept), or a table that Hugging Face ``datasets`` reads from local files (csv, json, parquet).
Every problem is reported with file, line and field, and nothing runs half-loaded.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
from collections.abc import Collection
from pathlib import Path
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from rag._yaml import YamlDoc, load_yaml
from rag.config import Language
from rag.errors import ConfigError
from rag.types import DECLINES, Identity


class IdentitySpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    departments: list[str] = []
    clearance: int = Field(default=0, ge=0)


class Turn(BaseModel):
    """One earlier turn of a conversation."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    role: Literal["user", "assistant"]
    content: str = Field(min_length=1)


class Case(BaseModel):
    """One golden question. ``expected_docs`` items are document ids; an inner list is an
    OR-group (any one of its documents satisfies it)."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    id: str = Field(min_length=1)
    question: str = Field(min_length=1)
    # answer / refuse, or an evidence level to assert exactly: partial, conflict (two sources
    # disagree), background (related but insufficient: declines, like refuse)
    expect: Literal["answer", "partial", "conflict", "background", "refuse"] = "answer"
    expected_docs: list[str | list[str]] = []
    relevance: dict[str, int] = {}
    reference: str | None = None
    as_: str | None = Field(default=None, alias="as")
    tags: list[str] = []
    must_contain: list[str] = []       # the answer must hold every one of these
    answers: list[str] = []            # gold answers: the answer must hold at least one (CMRC, SQuAD spans)
    must_not_contain: list[str] = []
    split: Literal["dev", "test"] | None = None
    history: list[Turn] = []     # the conversation before this question, oldest first
    route: Literal["rag", "direct", "refuse"] | None = None   # the route a router should take

    @field_validator("id", mode="before")
    @classmethod
    def _id_as_text(cls, value: Any) -> Any:
        return str(value) if isinstance(value, int) else value

    @field_validator("expected_docs", "tags", "must_contain", "answers", "must_not_contain", mode="before")
    @classmethod
    def _one_as_list(cls, value: Any) -> Any:
        """``expected_docs: policy`` means ``[policy]``; a number is an id or a string."""
        if isinstance(value, str | int):
            return [str(value)]
        if isinstance(value, list):
            return [str(v) if isinstance(v, int) else v for v in value]
        return value

    @property
    def groups(self) -> list[tuple[str, ...]]:
        return [tuple(g) if isinstance(g, list) else (g,) for g in self.expected_docs]

    def grade(self, doc_id: str) -> int:
        return self.relevance.get(doc_id, 1)

    @property
    def contains(self) -> list[tuple[str, ...]]:
        """What the answer must hold, as groups of which any one member will do: each
        ``must_contain`` string on its own, and the ``answers`` as one group — unless the case
        must decline, whose gold answer was cut out of the corpus on purpose (a negative-rejection
        case keeps it as a record; its ``must_contain`` strings still count as they always did)."""
        gold = [tuple(self.answers)] if self.answers and self.expect not in DECLINES else []
        return [(s,) for s in self.must_contain] + gold


class SuiteFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
    language: Language
    corpus: str
    description: str = ""
    format: Literal["cases", "beir", "table"] = "cases"
    mode: Literal["full", "retrieval"] | None = None
    identities: dict[str, IdentitySpec] = {}
    cases: str | list[Any] | None = None
    queries: str | None = None
    # one qrels file (its queries are the cases), or one per split: {dev: qrels/train.tsv,
    # test: qrels/test.tsv} — a split's qrels are read only when that split is asked for
    qrels: str | dict[Literal["dev", "test"], str] | None = None
    columns: dict[str, str] = {}


class Suite(BaseModel):
    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    spec: SuiteFile
    path: Path
    cases: list[Case]
    case_lines: dict[str, tuple[str, int | None]] = {}
    hash: str = ""
    warnings: list[str] = []

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def language(self) -> str:
        return self.spec.language

    @property
    def mode(self) -> str:
        """``retrieval`` suites (BEIR by default) are scored on rankings only."""
        return self.spec.mode or ("retrieval" if self.spec.format == "beir" else "full")

    @property
    def corpus_dir(self) -> Path:
        """The corpus folder, or one corpus file: a BEIR suite's ``corpus.jsonl`` (named, or
        found in the standard layout where queries.jsonl and qrels/ sit beside it)."""
        path = self.path.parent / self.spec.corpus
        if self.spec.format == "beir" and path.is_dir():
            found = beir_corpus_file(path)
            if found is not None:
                return found
        return path

    def identity(self, name: str | None) -> Identity | None:
        if name is None:
            return None
        spec = self.spec.identities[name]
        return Identity(name, tuple(spec.departments), spec.clearance)


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


def beir_corpus_file(folder: Path) -> Path | None:
    for name in ("corpus.jsonl", "corpus.jsonl.gz"):
        if (folder / name).is_file():
            return folder / name
    return None


def _beir_paths(doc: YamlDoc, spec: SuiteFile, base: Path) -> tuple[Path, dict[str | None, Path]]:
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
    queries_path, by_split = _beir_paths(doc, spec, base)
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


def load_suite(path: str | Path, *, check_corpus: bool = True, splits: Collection[str] | None = None) -> Suite:
    """Read and validate a suite. With ``check_corpus``, every expected document must exist
    in the corpus (the corpus is loaded, not chunked). ``splits`` keeps only the cases of those
    splits; a BEIR suite with qrels per split does not even read the others'."""
    path = Path(path)
    doc = load_yaml(path)
    if not isinstance(doc.data, dict):
        raise doc.error("a suite file must be a mapping")
    spec: SuiteFile = doc.validate(SuiteFile)
    base = path.parent
    corpus = base / spec.corpus
    if not (corpus.is_dir() or corpus.is_file()):
        raise doc.error(f"corpus folder or file {str(corpus)!r} does not exist", ["corpus"])
    if corpus.is_file() and not corpus.name.lower().endswith((".jsonl", ".jsonl.gz")):
        raise doc.error(f"a corpus file must be JSONL (one document per line: _id, title, text), not {corpus.name!r}; "
                        "or name a folder of documents", ["corpus"])
    if spec.format == "beir":
        cases, lines = _beir_cases(doc, spec, base, splits)
    elif spec.format == "table":
        cases, lines = _table_cases(doc, spec, base)
    elif isinstance(spec.cases, list):
        cases, lines = _yaml_cases(doc, spec.cases, ["cases"])
    elif isinstance(spec.cases, str):
        case_path = base / spec.cases
        if case_path.suffix.lower() in (".jsonl", ".gz"):
            cases, lines = _jsonl_cases(case_path)
        else:
            case_doc = load_yaml(case_path)
            cases, lines = _yaml_cases(case_doc, case_doc.data, [])
    else:
        cases, lines = [], {}
    if splits is not None:
        cases = [c for c in cases if c.split in splits]
    if not cases:
        raise doc.error("the suite has no cases" + (f" in split(s) {sorted(splits)}" if splits is not None else "")
                        + (" (no query of the qrels file is in the queries file)" if spec.format == "beir" else ""),
                        ["cases"])
    suite = Suite(spec=spec, path=path, cases=cases, case_lines=lines)
    warnings = check_cases(suite, corpus_ids(suite) if check_corpus else None)
    return suite.model_copy(update={"hash": suite_hash(suite), "warnings": warnings})


def check_cases(suite: Suite, doc_ids: CorpusIds | None) -> list[str]:
    """Duplicate ids, unknown identities, bad OR-groups, refuse cases with expected
    documents, and expected documents missing from the corpus. An expected document that is
    in the corpus with no text is a warning: it stays relevant and can never be retrieved,
    as trec_eval scores it. Returns the warnings."""
    seen: set[str] = set()
    warnings: list[str] = []

    def error(case: Case, message: str, field: str) -> ConfigError:
        top = field.split(".")[0]
        file, line = suite.case_lines.get(f"{case.id}\0{top}") or suite.case_lines.get(case.id, (str(suite.path), None))
        return ConfigError(message, file=file, line=line, field=f"cases[{case.id}].{field}")

    for case in suite.cases:
        if case.id in seen:
            raise error(case, f"duplicate case id {case.id!r}", "id")
        seen.add(case.id)
        if case.as_ is not None and case.as_ not in suite.spec.identities:
            known = ", ".join(sorted(suite.spec.identities)) or "none declared"
            raise error(case, f"unknown identity {case.as_!r} (identities: {known})", "as")
        if case.expect == "refuse" and case.expected_docs:   # background cases may name the related documents
            raise error(case, "a case that expects 'refuse' cannot list expected documents", "expected_docs")
        for i, group in enumerate(case.expected_docs):
            if isinstance(group, list) and (not group or len(set(group)) != len(group)):
                raise error(case, "an OR-group must list distinct documents", f"expected_docs.{i}")
        flat = [d for g in case.groups for d in g]
        if len(set(flat)) != len(flat):
            raise error(case, "a document appears in two groups", "expected_docs")
        if doc_ids is not None:
            empty = [d for d in flat if d in doc_ids.empty]
            missing = [d for d in flat if d not in doc_ids.loaded and d not in doc_ids.empty]
            if missing:
                raise error(case, f"expected document(s) {missing} are not in the corpus", "expected_docs")
            if empty:
                where = error(case, "", "expected_docs")
                warnings.append(f"{where.file}:{where.line or '?'}: cases[{case.id}]: expected document(s) {empty} "
                                "have no text; they count as relevant and never retrieved")
    return warnings


class CorpusIds(NamedTuple):
    loaded: frozenset[str]     # documents with text (quarantined ones included)
    empty: frozenset[str]      # documents in the corpus with no text


def corpus_ids(suite: Suite) -> CorpusIds:
    """Ids of every document in the corpus, quarantined ones included (cheap: no chunking).
    Remembered per corpus content, since a sweep loads the same suite once per variant."""
    from rag.corpus import scan

    files = scan(suite.corpus_dir)
    return _ids_of(tuple((f.rel, f.digest) for f in files), str(suite.corpus_dir))


@functools.lru_cache(maxsize=32)
def _ids_of(fingerprint: tuple[tuple[str, str], ...], corpus_dir: str) -> CorpusIds:
    from rag.clean import cleaners
    from rag.corpus import load_corpus, scan
    from rag.poison import scanners

    corpus = load_corpus(scan(corpus_dir), clean=cleaners.build("standard"), scan_poison=scanners.build("none"))
    empty = {i.source.split("#", 1)[1] for i in corpus.issues if "#" in i.source and "no text" in i.reason}
    empty |= {i.source.rsplit(".", 1)[0] for i in corpus.issues if "#" not in i.source and "empty" in i.reason}
    return CorpusIds(frozenset(d.doc_id for d in corpus.documents), frozenset(empty))


def suite_hash(suite: Suite) -> str:
    """Hash of the suite file (identities included), the cases, and the corpus: every file's
    bytes and its sidecar's (access labels). A baseline from another version is detectable."""
    from rag.corpus import scan

    corpus = [(f.rel, f.digest) for f in scan(suite.corpus_dir)] if suite.corpus_dir.exists() else []
    # a case without history or route hashes as it did before those fields existed
    cases = [c.model_dump(mode="json", exclude={k for k in ("history", "route", "answers") if not getattr(c, k)} or None)
             for c in suite.cases]
    blob = json.dumps([suite.spec.model_dump(mode="json"), cases, corpus],
                      sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]
