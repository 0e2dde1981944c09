"""Dependencies run one way: eval → rag → rag/types.py (DESIGN §2, STYLE 1), and inside eval
from the commands down to metrics and judges, with no cycle (README, *Layout*)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Plumbing every stage may use. Everything else in rag/ is a stage package or an
# orchestrator (corpus, indexing, store, config, pipeline); citations (marker parsing) is foundation.
FOUNDATION = {"rag", "rag.types", "rag.errors", "rag.registry", "rag._lazy", "rag._yaml",
              "rag.text", "rag.hygiene", "rag.citations", "rag.http", "rag.store", "rag.memo",
              "rag.answer_types", "rag.amounts", "rag.prose", "rag.measures",
              "rag.acronyms", "rag.contacts", "rag.holders", "rag.asked_field",
              "rag.by_language"}   # by_language: a setting given by corpus language, read by every stage alike; asked_field: the field a question asks by name, pure text; holders: who holds a post, and people's names; contacts: a corpus's directory rows, pure text; measures: the measure a number question asks, pure text; acronyms: a corpus's written-out acronyms
                                # answer_types: the asked fact, read by classify and answerability;
                                                  # prose: how a source is written, read by answerability and generators;
                                                  # amounts: amounts and stated ranges, pure text functions   # store: hashing, atomic writes, the JSON key-value caches;
                                                                  # hygiene: pure text functions (furniture, placeholders, PII)
STAGE_PACKAGES = {"rag.loaders", "rag.chunkers", "rag.embedders", "rag.indexes", "rag.clean",
                  "rag.poison", "rag.tokenizers", "rag.chat", "rag.transforms", "rag.retrievers",
                  "rag.fusion", "rag.rerankers", "rag.context", "rag.answerability",
                  "rag.generators", "rag.verifiers", "rag.routers"}


# eval's layers, top first: a module may import its own layer and the ones below, never above
EVAL_LAYERS = [
    ("commands", {"eval", "eval.cli", "eval.commands"}),
    ("pages", {"eval.report"}),
    ("features", {"eval.sweeps", "eval.tune", "eval.gate", "eval.compare", "eval.serve"}),
    ("runs", {"eval.runs"}),
    ("assembly and fitting", {"eval.prepare", "eval.fit"}),
    ("config, suites, targets, triage", {"eval.config", "eval.suites", "eval.workspace", "eval.targets",
                                         "eval.triage"}),
    ("metrics, judges and labels", {"eval.metrics", "eval.judges", "eval.labels"}),
]


def imports_of(path: Path) -> set[str]:
    """Every module of ours that ``path`` imports, at module level or inside a function
    (``from eval.report import charts`` is ``eval.report.charts`` when that is a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if _is_module(sub) else node.module)
    return {m for m in found if m.split(".")[0] in {"rag", "eval"}}


def _is_module(name: str) -> bool:
    base = ROOT.joinpath(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


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


def unit_of(module: str) -> str | None:
    """The unit of eval's layering a module belongs to (``eval.runs.score`` → ``eval.runs``)."""
    units = {u for _, layer in EVAL_LAYERS for u in layer}
    parts = module.split(".")
    return next((".".join(parts[:n]) for n in range(len(parts), 0, -1) if ".".join(parts[:n]) in units), None)


def layer_of(module: str) -> int:
    unit = unit_of(module)
    return next(i for i, (_, layer) in enumerate(EVAL_LAYERS) if unit in layer)


def eval_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Module → the eval modules it imports."""
    graph = {}
    for path in (root / "eval").rglob("*.py"):
        rel = path.relative_to(root).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        graph[".".join(parts)] = {m for m in imports_of(path) if m.split(".")[0] == "eval"}
    return graph


def upward(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    return sorted((me, m) for me, found in graph.items() for m in found
                  if unit_of(m) != unit_of(me) and layer_of(m) < layer_of(me))


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Import cycles between modules, and between units (a package importing one that imports it back)."""
    import networkx as nx

    modules = nx.DiGraph([(a, b) for a, found in graph.items() for b in found if a != b and b in graph])
    units = nx.DiGraph([(unit_of(a), unit_of(b)) for a, b in modules.edges if unit_of(a) != unit_of(b)])
    return list(nx.simple_cycles(modules)) + list(nx.simple_cycles(units))


def test_every_eval_module_has_a_layer() -> None:
    assert [m for m in eval_graph() if unit_of(m) is None] == []


def test_eval_imports_run_down_its_layers() -> None:
    assert upward(eval_graph()) == []


def test_eval_has_no_import_cycle() -> None:
    assert cycles(eval_graph()) == []


def test_the_guard_catches_a_wrong_way_import_and_a_cycle(tmp_path: Path) -> None:
    """Planted in a copy of eval: runs importing a page builder (upward), and two runs modules
    importing each other (a cycle)."""
    import shutil

    shutil.copytree(ROOT / "eval", tmp_path / "eval")
    score = tmp_path / "eval" / "runs" / "score.py"
    score.write_text(score.read_text(encoding="utf-8") + "\nfrom eval.report.run import write_run_report\n",
                     encoding="utf-8")
    log = tmp_path / "eval" / "runs" / "log.py"
    log.write_text(log.read_text(encoding="utf-8") + "\nfrom eval.runs.checkpoint import Checkpoint\n",
                   encoding="utf-8")
    graph = eval_graph(tmp_path)
    assert upward(graph) == [("eval.runs.score", "eval.report.run")]
    found = cycles(graph)
    assert sorted(found[0]) == ["eval.runs.checkpoint", "eval.runs.log"]
