"""The README stays short, true and linked: its figures are rendered from the files that hold
them, its console blocks are what the commands print today, and every link leads somewhere."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
LINK = re.compile(r"\]\(([^)#\s]+)(#[^)]*)?\)")
RUN_ID = re.compile(r"default-\d{8}-\d{6}(?:-\d+)?")


def test_every_command_is_in_the_readme_and_in_the_commands_page() -> None:
    from eval.cli import _parser

    sub = next(a for a in _parser()._actions if a.__class__.__name__ == "_SubParsersAction")
    page = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    table = text().split("## Commands", 1)[1].split("\n## ", 1)[0]
    assert [n for n in sub.choices if not re.search(rf"\| `ragbench {n}\b", page)] == []
    assert [n for n in sub.choices if not re.search(rf"`(ragbench )?{n}\b", table)] == []


def test_no_paragraph_is_pasted_twice() -> None:
    lines = [ln for ln in text().splitlines() if len(ln) > 40]
    assert max(lines.count(ln) for ln in set(lines)) <= 2


def text() -> str:
    return README.read_text(encoding="utf-8")


def test_the_readme_is_short_and_has_exactly_two_set_up_commands() -> None:
    assert len(text().splitlines()) <= 400
    setup = text().split("## Set-up", 1)[1].split("\n## ", 1)[0]
    block = setup.split("```sh\n", 1)[1].split("```", 1)[0]
    assert [line.split("#")[0].strip() for line in block.splitlines()] == ["make bench", "make test"]


def test_what_make_bench_runs_is_what_the_readme_says() -> None:
    from eval.sweeps.spec import load_sweep

    recipe = ROOT.joinpath("Makefile").read_text(encoding="utf-8").split("\nbench:", 1)[1].split("\n\n", 1)[0]
    commands = [line.strip() for line in recipe.splitlines()[1:] if line.strip()]
    configs = [c.split()[2] for c in commands]
    assert configs[:4] == ["configs/default.yaml", "configs/default.yaml", "configs/default.yaml",
                           "configs/sweep-seed-stages.yaml"]
    assert "cmrc2018-negrej" in commands[1] and "negrej-en" in commands[1] and "--split test" in commands[1]
    assert all(name in commands[2] for name in ("office-en", "office-zh", "city-en", "wuliu-zh", "air-en", "hotel-zh",
                                                         "lib-en", "bank-zh", "shop-en", "wuye-zh", "water-en", "yaodian-zh",
                                                         "school-en", "canyin-zh", "care-en", "yiyuan-zh", "bus-en",
                                                         "gongchang-zh", "ferry-en", "kuaidi-zh", "vet-en", "chaoshi-zh",
                                                         "gym-en", "jianzhu-zh", "theatre-en", "dianli-zh", "zoo-en",
                                                         "baoxian-zh", "museum-en", "xuexiao-zh"))
    assert len([c for c in configs if "scifact" in c]) == 3 and len(commands) == 7
    said = text().split("## Set-up", 1)[1].split("\n## ", 1)[0]
    said = " ".join(said.split())
    assert "three SciFact runs" in said and "configs/sweep-seed-stages.yaml" in said
    assert all(name in commands[1] for name in ("blindneg-zh", "blindneg-en"))
    negatives = re.findall(r"goldensets/([\w-]+)/suite\.yaml", commands[1])
    assert negatives == ["cmrc2018-negrej", "negrej-en", "blindneg-zh", "blindneg-en", "newsneg-zh", "newsneg-en",
                         "newsneg2-zh", "newsneg2-en"]
    assert f"{', '.join(negatives[:-1])} and {negatives[-1]}" in said and "negative rejection and false refusal" in said
    assert ("office-en, office-zh, city-en, wuliu-zh, air-en, hotel-zh, lib-en, bank-zh, shop-en, wuye-zh, water-en, "
            "yaodian-zh, school-en, canyin-zh, care-en, yiyuan-zh, bus-en, gongchang-zh, ferry-en, kuaidi-zh, vet-en, "
            "chaoshi-zh, gym-en, jianzhu-zh, theatre-en, dianli-zh, zoo-en, baoxian-zh, museum-en, xuexiao-zh") in said
    variants = len(load_sweep(ROOT / "configs" / "sweep-seed-stages.yaml").variants)
    assert f"{ {10: 'ten'}.get(variants, variants)} variants" in said


@pytest.mark.parametrize("page", [README, *sorted((ROOT / "docs").glob("*.md"))], ids=lambda p: p.name)
def test_every_relative_link_leads_to_a_file(page: Path) -> None:
    missing = [m.group(1) for m in LINK.finditer(page.read_text(encoding="utf-8"))
               if not m.group(1).startswith(("http://", "https://", "mailto:"))
               and not (page.parent / m.group(1)).exists()]
    assert missing == []


def test_every_figure_is_rendered_from_the_files_that_hold_it() -> None:
    sys.path.insert(0, str(ROOT / "perf"))
    try:
        import readme_figures
    finally:
        sys.path.remove(str(ROOT / "perf"))
    assert set(readme_figures.BLOCK.findall(text()) and [m.group("name") for m in readme_figures.BLOCK.finditer(text())]) \
        == set(readme_figures.RENDER)
    assert readme_figures.render(text()) == text(), "stale README figures: run `python perf/readme_figures.py`"


def blocks() -> dict[str, list[str]]:
    """Each console block marked ``<!-- output:NAME -->``, as its lines."""
    found = re.finditer(r"<!-- output:([\w-]+) -->\n```\n(.*?)```", text(), re.S)
    return {m.group(1): m.group(2).splitlines() for m in found}


def normalise(line: str, ids: dict[str, str]) -> str:
    line = RUN_ID.sub(lambda m: ids.get(m.group(0), m.group(0)), line)
    line = re.sub(r"\S*/runs/", "reports/runs/", line)
    return line.rstrip()


def ragbench(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "eval.cli", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=900)
    return done.stdout + done.stderr


@pytest.mark.slow
def test_the_quick_start_prints_what_the_readme_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run the quick start in a fresh workdir; every line the README shows (the elided ones
    aside) must be a line the commands print today, run ids and folders apart."""
    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    monkeypatch.setenv("RAGBENCH_REPORTS", str(tmp_path / "reports"))
    ragbench("run", "configs/default.yaml", "--out", str(tmp_path / "warm-up"))   # as after `make bench`: warm
    outputs = {"run": ragbench("run", "configs/default.yaml")}
    base = sorted((tmp_path / "reports" / "runs").iterdir())[0]
    ragbench("run", "configs/default.yaml", "-P", "top_k=3")
    cand = [p for p in sorted((tmp_path / "reports" / "runs").iterdir()) if p != base][0]
    outputs["triage"] = ragbench("triage", str(base))
    outputs["compare"] = ragbench("compare", str(base), str(cand))
    outputs["gate"] = ragbench("gate", "configs/ci.yaml", "--candidate", str(cand))
    typed = ["-P", "answerability.params.answer_type=true"]
    outputs["ask-refused"] = ragbench("ask", "configs/default.yaml", "员工持股计划什么时候开始？", "--suite", "kb-zh", *typed)
    outputs["ask-answered"] = ragbench("ask", "configs/default.yaml",
                                       "How many days of annual leave do I get after 12 years?", "--suite", "kb-en", *typed)
    outputs["ask-prose"] = ragbench("ask", "configs/default.yaml", "What was the strongest gust recorded during Storm Elsabet?",
                                    "-P", "suites=[goldensets/negrej-en/suite.yaml]")
    shown = blocks()
    assert set(shown) == set(outputs)
    readme_ids = sorted(set(RUN_ID.findall(text())))
    ids = dict(zip(readme_ids, [base.name, cand.name], strict=True))
    for name, lines in shown.items():
        printed = [normalise(line, {}) for line in outputs[name].splitlines()]
        for line in lines:
            line = normalise(line, ids)
            if line.startswith("$ ") or line.strip() in {"", "…"}:
                continue
            if line.endswith("…"):
                assert any(p.startswith(line[:-1].rstrip()) for p in printed), (name, line)
            else:
                assert line in printed, (name, line)
