"""Loading a suite, checking its cases against its corpus, and the suite hash."""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Collection
from pathlib import Path
from typing import NamedTuple

from eval.suites.formats import _beir_cases, _jsonl_cases, _table_cases, _yaml_cases
from eval.suites.models import Case, Suite, SuiteFile
from rag._yaml import load_yaml
from rag.errors import ConfigError


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
