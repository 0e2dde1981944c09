"""Dependencies run one way: eval → rag → rag/types.py (DESIGN §2, STYLE 1)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Plumbing every stage may use. Everything else in rag/ is a stage package or an
# orchestrator (corpus, indexing, store, config, pipeline); citations (marker parsing) is foundation.
FOUNDATION = {"rag", "rag.types", "rag.errors", "rag.registry", "rag._lazy", "rag._yaml",
              "rag.text", "rag.hygiene", "rag.citations", "rag.http", "rag.store", "rag.memo"}   # store: hashing, atomic writes, the JSON key-value caches;
                                                                  # hygiene: pure text functions (furniture, placeholders, PII)
STAGE_PACKAGES = {"rag.loaders", "rag.chunkers", "rag.embedders", "rag.indexes", "rag.clean",
                  "rag.poison", "rag.tokenizers", "rag.chat", "rag.transforms", "rag.retrievers",
                  "rag.fusion", "rag.rerankers", "rag.context", "rag.answerability",
                  "rag.generators", "rag.verifiers", "rag.routers"}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return {m for m in found if m.split(".")[0] in {"rag", "eval"}}


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def stage_of(module: str) -> str | None:
    return next((p for p in STAGE_PACKAGES if module == p or module.startswith(p + ".")), None)


def test_rag_never_imports_eval() -> None:
    offenders = [
        (module_name(p), m) for p in (ROOT / "rag").rglob("*.py") for m in imports_of(p)
        if m.split(".")[0] == "eval"
    ]
    assert offenders == []


def test_types_import_nothing_of_ours() -> None:
    assert imports_of(ROOT / "rag" / "types.py") == set()


def test_stages_use_each_other_only_through_their_public_package() -> None:
    """A stage may use another stage's public package (``rag.embedders``), never its
    internals (``rag.embedders.local``)."""
    offenders = []
    for path in (ROOT / "rag").rglob("*.py"):
        me = module_name(path)
        mine = stage_of(me)
        if mine is None:
            continue
        for imported in imports_of(path):
            other = stage_of(imported)
            if imported in FOUNDATION or other == mine or imported in STAGE_PACKAGES:
                continue
            offenders.append((me, imported))
    assert offenders == []


def test_foundation_imports_no_stage() -> None:
    offenders = [
        (name, m) for name in FOUNDATION - {"rag"}
        for m in imports_of(ROOT / (name.replace(".", "/") + ".py")) if m not in FOUNDATION
    ]
    assert offenders == []


def test_checker_catches_a_wrong_way_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from eval.config import load_config\nimport rag.chunkers.base\n")
    assert imports_of(bad) == {"eval.config", "rag.chunkers.base"}
