"""A corpus folder: find its files, fingerprint them, load, clean and poison-scan them.

A document's id is its sidecar ``document_id``, else its path relative to the corpus folder
without extension. A file that cannot be loaded is reported with its reason and skipped; a
bad sidecar is an input error, because wrong access labels must never be guessed around.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rag._yaml import load_yaml
from rag.errors import ConfigError, DocumentLoadError
from rag.hygiene import strip_page_furniture
from rag.loaders import Loaded, Loader, extension_of, loader_for, loaders
from rag.registry import ComponentSpec
from rag.script import fold, simplified
from rag.types import Document, LoadIssue, Quarantined, Sanitized

SIDECAR_SUFFIX = ".metadata.yaml"


class Sidecar(BaseModel):
    """``<file>.metadata.yaml``: ids, titles and access labels. Extra keys become labels."""

    model_config = ConfigDict(extra="allow", frozen=True)

    document_id: str | None = Field(default=None, min_length=1)
    title: str | None = None
    department: str | None = None
    clearance: int = Field(default=0, ge=0)
    tags: list[str] = []
    version: str | None = None
    language: Literal["zh", "en", "mixed"] | None = None

    @model_validator(mode="after")
    def _small_labels(self) -> Sidecar:
        """Access labels are short: at most 32 extra keys, each value under 1,000 characters."""
        extra = self.model_extra or {}
        if len(extra) > 32:
            raise ValueError(f"{len(extra)} extra labels (at most 32)")
        for key, value in [*extra.items(), ("title", self.title), ("tags", self.tags)]:
            if len(str(value)) > 1000:
                raise ValueError(f"label {key!r} is longer than 1,000 characters")
        return self


@dataclass(frozen=True)
class CorpusFile:
    path: Path
    rel: str
    digest: str
    sidecar: Path | None


@dataclass
class Corpus:
    documents: list[Document] = field(default_factory=list)
    issues: list[LoadIssue] = field(default_factory=list)
    quarantined: list[Quarantined] = field(default_factory=list)
    sanitized: list[Sanitized] = field(default_factory=list)
    # documents written in traditional Chinese, folded to simplified (:mod:`rag.script`): their
    # text and title as written, by document id
    as_written: dict[str, tuple[str, str]] = field(default_factory=dict)


def scan(folder: str | Path) -> list[CorpusFile]:
    """Every file below ``folder`` (hidden files and sidecars aside), sorted, with a digest
    of its bytes and its sidecar's bytes, so a corpus can be fingerprinted without parsing.
    ``folder`` may also be one file (a BEIR ``corpus.jsonl``).

    A sidecar is ``<file>.metadata.yaml`` (``policy.md.metadata.yaml``) or, when one file has
    that stem, ``<stem>.metadata.yaml`` (``policy.metadata.yaml``). A sidecar that matches no
    document is an error, because the access labels it carries would silently not apply. A
    symlink that leads out of the corpus folder is refused."""
    root = Path(folder)
    if root.is_file():
        return [CorpusFile(root, root.name, hashlib.sha256(root.read_bytes()).hexdigest(), None)]
    if not root.is_dir():
        raise ConfigError("corpus folder not found", file=str(root))
    real_root = root.resolve()
    documents, sidecars = [], []
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        rel = path.relative_to(root).as_posix()
        if any(part.startswith(".") for part in Path(rel).parts):
            continue
        if not path.resolve().is_relative_to(real_root):   # a symlink, or inside a symlinked folder
            raise ConfigError(f"{rel} is a symlink that leads out of the corpus folder (to {path.resolve()}); "
                              "copy the file in instead", file=str(path))
        (sidecars if rel.endswith(SIDECAR_SUFFIX) else documents).append((path, rel))
    owners = _sidecar_owners(documents, [p for p, _ in sidecars])
    files = []
    for path, rel in documents:
        digest = hashlib.sha256(path.read_bytes())
        sidecar = owners.get(path)
        if sidecar is not None:
            digest.update(b"\0sidecar\0" + sidecar.read_bytes())
        files.append(CorpusFile(path, rel, digest.hexdigest(), sidecar))
    return files


def _stem(name: str) -> str:
    suffix = extension_of(name)
    return name[: -len(suffix)] if suffix and name.lower().endswith(suffix) else name


def _sidecar_owners(documents: list[tuple[Path, str]], sidecars: list[Path]) -> dict[Path, Path]:
    """Each sidecar's document: ``<name>.metadata.yaml`` first, else the one file of that stem."""
    by_name = {path: path for path, _ in documents}
    owners: dict[Path, Path] = {}
    for sidecar in sidecars:
        base = sidecar.with_name(sidecar.name[: -len(SIDECAR_SUFFIX)])
        if base in by_name:
            owners[base] = sidecar
            continue
        same_stem = [p for p, _ in documents if p.parent == base.parent and _stem(p.name) == base.name]
        if len(same_stem) == 1 and same_stem[0].with_name(same_stem[0].name + SIDECAR_SUFFIX) not in sidecars:
            owners[same_stem[0]] = sidecar
            continue
        reason = (f"matches {len(same_stem)} files ({', '.join(p.name for p in same_stem)})" if same_stem
                  else f"matches no document (expected {base.name} beside it)")
        raise ConfigError(f"sidecar {sidecar.name} {reason}; name it <file>{SIDECAR_SUFFIX}, e.g. "
                          f"{(same_stem[0].name if same_stem else 'policy.md') + SIDECAR_SUFFIX}", file=str(sidecar))
    return owners


def read_sidecar(path: Path) -> Sidecar:
    doc = load_yaml(path)
    if doc.data is None:
        return Sidecar()
    if not isinstance(doc.data, dict):
        raise doc.error("a sidecar must be a mapping of fields")
    return doc.validate(Sidecar)


def load_corpus(
    files: list[CorpusFile],
    *,
    clean: Callable[[str], str],
    scan_poison: Callable[[str], list[Any]],
    loader_specs: Mapping[str, ComponentSpec] | None = None,
) -> Corpus:
    """Load, clean and poison-scan ``files``. ``loader_specs`` overrides loaders by extension."""
    built: dict[str, Loader] = {}
    corpus = Corpus()
    seen: dict[str, str] = {}
    for f in files:
        suffix = extension_of(f.path.name)
        spec = (loader_specs or {}).get(suffix)
        name = spec.name if spec else loader_for(suffix)
        if name is None:
            corpus.issues.append(LoadIssue(f.rel, f"unsupported file type {suffix or '(none)'}"))
            continue
        sidecar = read_sidecar(f.sidecar) if f.sidecar else Sidecar()
        data = f.path.read_bytes()
        if not data.strip():
            corpus.issues.append(LoadIssue(f.rel, "empty file"))
            continue
        if name not in built:
            built[name] = loaders.build(spec or ComponentSpec(name=name))
        try:
            result = built[name](data, f.rel)
        except DocumentLoadError as exc:
            corpus.issues.append(LoadIssue(f.rel, str(exc).removeprefix(f"{f.rel}: ")))
            continue
        many = isinstance(result, list)
        if many and sidecar.document_id:
            raise ConfigError("a file of many documents cannot take one document_id",
                              file=str(f.sidecar), field="document_id")
        for loaded in result if many else [result]:
            default_id = loaded.doc_id or f.rel.rsplit(".", 1)[0]
            doc_id = sidecar.document_id or default_id
            if doc_id in seen:
                raise ConfigError(
                    f"document id {doc_id!r} is used by both {seen[doc_id]} and {f.rel}",
                    file=str(f.sidecar or f.path), field="document_id",
                )
            seen[doc_id] = f.rel
            _add(corpus, loaded, doc_id, f.rel, sidecar, clean, scan_poison, title_fallback=not many)
    return corpus


def _without_furniture(loaded: Loaded) -> tuple[Loaded, list[str]]:
    """A paged document without its running headers and footers (:mod:`rag.hygiene`)."""
    if len(loaded.page_starts) < 3:
        return loaded, []
    bounds = [*loaded.page_starts, len(loaded.text)]
    pages, removed = strip_page_furniture([loaded.text[a:b] for a, b in zip(bounds, bounds[1:], strict=False)])
    if not removed:
        return loaded, []
    starts, cursor = [], 0
    for page in pages:
        starts.append(cursor)
        cursor += len(page)
    return replace(loaded, text="".join(pages), page_starts=tuple(starts)), removed


def _add(corpus: Corpus, loaded: Loaded, doc_id: str, rel: str, sidecar: Sidecar,
         clean: Callable[[str], str], scan_poison: Callable[[str], list[Any]], *, title_fallback: bool) -> None:
    loaded, furniture = _without_furniture(loaded)
    text = clean(loaded.text)
    if not text:
        corpus.issues.append(LoadIssue(rel if title_fallback else f"{rel}#{doc_id}", "no text after cleaning"))
        return
    metadata = {**loaded.metadata, **sidecar.model_dump(exclude_none=True, exclude={"document_id", "title"})}
    if furniture:
        metadata["page_furniture"] = furniture
    title = sidecar.title or loaded.title or (Path(rel).stem if title_fallback else doc_id)
    # traditional Chinese is read as simplified, the poison scan first, and shown as written (:mod:`rag.script`)
    written = (text, title)
    text = fold(text)
    folded = text != written[0]
    title = simplified(title) if folded else fold(title)
    if isinstance(metadata.get("tags"), list):   # the rules reranker reads a sidecar's tags beside the question
        metadata["tags"] = [fold(t) if isinstance(t, str) else t for t in metadata["tags"]]
    in_title, findings = scan_poison(title), scan_poison(text)
    if in_title or findings:
        rules = ", ".join(dict.fromkeys(x.rule for x in in_title + findings))
        excerpt = (in_title + findings)[0].excerpt
        if in_title or getattr(scan_poison, "action", "quarantine") == "quarantine":
            corpus.quarantined.append(Quarantined(doc_id, rel, rules, excerpt))
            return
        from rag.poison import remove_passages

        text, removed = remove_passages(text, findings)
        if folded:   # the same cuts (positions are kept), and the passages as written
            kept, removed = remove_passages(written[0], findings)
            written = (kept, written[1])
        else:
            written = (text, written[1])
        if not any(line.strip() and not line.lstrip().startswith("#") for line in text.splitlines()):
            corpus.quarantined.append(Quarantined(doc_id, rel, rules + " (nothing left after removal)", excerpt))
            return
        corpus.sanitized.append(Sanitized(doc_id, rel, rules, removed))
        metadata["sanitized"] = sorted({x.rule for x in findings})
    pages = _shift_pages(loaded, written[0], clean)
    if written != (text, title):
        corpus.as_written[doc_id] = written
    corpus.documents.append(Document(doc_id, text, title, rel, metadata, pages))


def _shift_pages(loaded: Any, cleaned: str, clean: Callable[[str], str]) -> tuple[int, ...]:
    """Page offsets after cleaning: locate each cleaned page's first characters in order."""
    if not loaded.page_starts:
        return ()
    starts, cursor = [], 0
    for i, start in enumerate(loaded.page_starts):
        end = loaded.page_starts[i + 1] if i + 1 < len(loaded.page_starts) else len(loaded.text)
        probe = clean(loaded.text[start:end])[:20].strip()
        found = cleaned.find(probe, cursor) if probe else -1
        pos = found if found >= 0 else cursor
        starts.append(pos)
        cursor = pos
    return tuple(starts)
