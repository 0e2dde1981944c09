"""Every HTML page ragbench writes, opened in headless Chromium (Debian's ``chromium``, driven by
Playwright without any browser download): no console errors, no script from the corpus runs,
hostile text shows as text, the SVG chart renders. CI installs chromium (``.ci/run``); elsewhere
the tests skip when it is missing."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from eval.cli import main
from tests.eval.conftest import HOSTILE

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None and os.environ.get("CI") != "true":
    pytest.skip("chromium is not installed (apt-get install chromium); CI installs it", allow_module_level=True)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def open_page(browser, path: Path, shot: Path):
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("dialog", lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()))
    page.on("request", lambda r: problems.append(f"request: {r.url}") if not r.url.startswith("file:") else None)
    page.goto(path.resolve().as_uri())
    page.wait_for_load_state("load")
    page.screenshot(path=str(shot), full_page=True)
    return page, problems


def test_run_report_and_gate_diff_in_chromium(project: Path, tmp_path: Path, browser) -> None:
    gate = project / "gate.yaml"
    gate.write_text("name: g\nconfig: config.yaml\nbaseline: baseline.json\nrules:\n"
                    "  - {max_new_failures: 0}\n  - {metric: refusal_accuracy, max_drop: 0.05}\n", encoding="utf-8")
    assert main(["gate", str(gate), "--update-baseline"]) == 0
    diff = tmp_path / "gate.html"
    assert main(["gate", str(gate), "-P", "answerability.params.answer_at=9", "--html", str(diff)]) == 1
    assert main(["run", str(project / "config.yaml"), "--out", str(tmp_path / "runs")]) == 0
    report = next((tmp_path / "runs").iterdir()) / "report.html"

    page, problems = open_page(browser, report, tmp_path / "report.png")
    assert problems == []
    text = page.text_content("body") or ""                     # collapsed details included
    assert HOSTILE in text                                      # shown as text, never run
    scripts = page.locator("script")                            # only the report's own filter script
    assert scripts.count() == 1 and "pwned" not in (scripts.first.text_content() or "")
    assert "refusal_accuracy" in text and "clopper-pearson" in text
    assert "negative rejection" in text and "false refusal" in text   # the headline the console prints

    page, problems = open_page(browser, diff, tmp_path / "gate.png")
    assert problems == []
    text = page.inner_text("body")
    assert "fail" in text and "pass→fail" in text and "detects" in text


def test_sweep_leaderboard_chart_in_chromium(project: Path, tmp_path: Path, browser) -> None:
    sweep = project / "sweep.yaml"
    sweep.write_text("name: s\nbase: config.yaml\ngrid:\n  top_k: [1, 3, 5]\n", encoding="utf-8")
    assert main(["sweep", str(sweep), "--out", str(tmp_path / "sweeps"), "--workers", "1"]) == 0
    board = next((tmp_path / "sweeps").iterdir()) / "leaderboard.html"
    page, problems = open_page(browser, board, tmp_path / "leaderboard.png")
    assert problems == []
    assert page.locator("svg circle").count() >= 3 and page.locator("svg path").count() >= 1
    box = page.locator("svg").first.bounding_box()
    assert box is not None and box["width"] > 100 and box["height"] > 100


def test_judged_run_report_in_chromium(project: Path, tmp_path: Path, browser) -> None:
    from tests.eval.judges.test_judges import _judged_config

    config = _judged_config(project, "{name: 'tests.eval.fake_judge:fake', params: {mode: malformed}}")
    assert main(["run", str(config), "--out", str(tmp_path / "runs")]) == 3      # every judgement failed
    report = next((tmp_path / "runs").iterdir()) / "report.html"
    page, problems = open_page(browser, report, tmp_path / "judged.png")
    assert problems == []
    text = page.text_content("body") or ""
    assert "invalid_output" in text and "Here is my verdict" in text and "over the bound" in text
    assert "faithfulness" in text and "0 / 4" in text


def test_filters_work_and_hostile_text_stays_inert_in_report_triage_and_compare(project: Path, tmp_path: Path,
                                                                                browser) -> None:
    from eval.runs.runner import run_config as run

    (project / "suite" / "docs" / "widget.md").write_text(
        "# Widget notes\n\nThe widget page shows <script>alert('pwned')</script> and <img src=x onerror=alert(2)> "
        "as its banner.", encoding="utf-8")
    base, _ = run(project / "config.yaml", out_root=tmp_path / "runs", progress=False)
    worse, _ = run(project / "config.yaml", ["answerability.params.answer_at=9"], out_root=tmp_path / "runs",
                   progress=False)
    assert main(["report", str(worse)]) == 0
    assert main(["triage", str(worse)]) == 0
    assert main(["compare", str(base), str(worse), "--html", str(tmp_path / "compare.html")]) == 0

    page, problems = open_page(browser, worse / "report.html", tmp_path / "report2.png")
    assert problems == [] and page.locator("img").count() == 0 and page.locator("svg.chart").count() >= 1
    visible = lambda: page.locator("#cases tr.case:not(.hidden)").count()  # noqa: E731
    total = visible()
    page.select_option("#f-result", "fail")
    assert 0 < visible() < total and page.inner_text("#f-count").startswith(f"{visible()} of {total}")
    page.select_option("#f-result", "")
    page.fill("#f-text", "wrong_refusal")
    assert visible() == 4
    assert "onerror=alert(2)" in (page.text_content("body") or "")

    page, problems = open_page(browser, worse / "triage.html", tmp_path / "triage.png")
    assert problems == [] and page.locator("section.group:not(.hidden)").count() >= 1
    page.click("button[data-label='wrong_refusal']")
    assert page.locator("section.group:not(.hidden)").count() == 1
    page.click("#ledger summary")   # the gate's refusals by the check that made them: here the score cut
    assert page.locator("#ledger td code", has_text="score").first.is_visible()

    page, problems = open_page(browser, tmp_path / "compare.html", tmp_path / "compare.png")
    assert problems == [] and page.locator("img").count() == 0
    rows = lambda: page.locator("#cases tr.case:not(.hidden)").count()  # noqa: E731
    assert rows() == 4                                   # only the cases that differ
    page.uncheck("#only-diff")
    assert rows() == 6


def test_a_hostile_target_reply_stays_inert_in_the_report(project: Path, tmp_path: Path, browser) -> None:
    """A target's raw reply (kept for a target_error) and a case's history are data: shown as
    text, never run."""
    module = project / "hostile.py"
    module.write_text(
        "def answer(ask):\n"
        f"    if ask.case_id == 'meals':\n        return {{'no_answer_field': {HOSTILE!r}}}\n"
        f"    return {{'answer': {HOSTILE!r} + ' banner', 'refused': False, 'contexts': []}}\n", encoding="utf-8")
    config = project / "hostile.yaml"
    config.write_text((project / "config.yaml").read_text(encoding="utf-8").replace("name: tiny", "name: hostile")
                      + f"target: {{name: python, params: {{function: '{module}:answer'}}}}\n", encoding="utf-8")
    assert main(["run", str(config), "--out", str(tmp_path / "runs")]) == 3      # one target_error
    report = next((tmp_path / "runs").iterdir()) / "report.html"
    page, problems = open_page(browser, report, tmp_path / "hostile.png")
    assert problems == []
    text = page.text_content("body") or ""
    assert "no answer at 'answer'" in text and "no_answer_field" in text and HOSTILE in text
    assert page.locator("script").count() == 1


def test_tune_report_in_chromium(tmp_path: Path, browser, monkeypatch) -> None:
    from tests.eval.tune.test_tune import make_project

    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    root = make_project(tmp_path)
    assert main(["tune", str(root / "tune.yaml"), "--cv", "2", "--out", str(tmp_path / "tunes")]) == 0
    report = next((tmp_path / "tunes").iterdir()) / "tune.html"
    page, problems = open_page(browser, report, tmp_path / "tune.png")
    assert problems == []
    assert page.locator("svg.history circle").count() == 4 and page.locator("svg.history path").count() == 1
    text = page.text_content("table.scores") or ""
    assert "best trial" in text and "base config" in text and "nested 2-fold cv" in text
    header = page.locator("table.intervals tr").first.locator("th").all_text_contents()
    assert header[2].startswith("the tune, nested cv on dev")
    cells = page.locator("table.intervals tr").nth(1).locator("td").all_text_contents()
    assert len(cells) == 5 and "[" in cells[2]            # the cv estimate with its interval
    # one slice chart per parameter tried, a dot per complete trial, the best trial marked once
    assert page.locator("figure.slice").count() == 3
    assert all(page.locator("figure.slice").nth(i).locator("circle").count() == 4 for i in range(3))
    assert page.locator("figure.slice circle.best-dot").count() == 3
    assert "no interval" in (page.text_content("li.worth-objective") or "")   # 4 test cases: none claimed
    box = page.locator("svg.history").bounding_box()
    assert box is not None and box["width"] > 300


def test_the_labelling_page_exports_labels_that_agree_reads(project: Path, tmp_path: Path, browser, capsys) -> None:
    """Click yes / no on the page, download, and the file is a labels file tied to each answer."""
    from eval.labels.file import load_labels, record_hash
    from eval.runs.checkpoint import read_cases
    from tests.eval.judges.test_judges import _judged_config

    pytest.importorskip("ragas")
    config = _judged_config(project, "tests.eval.fake_judge:fake")
    assert main(["run", str(config), "--out", str(tmp_path / "runs")]) == 0
    run_dir = next((tmp_path / "runs").iterdir())
    assert main(["label", str(run_dir)]) == 0
    page, problems = open_page(browser, run_dir / "label.html", tmp_path / "label.png")
    assert problems == [] and HOSTILE in (page.text_content("body") or "")
    assert page.locator("script").count() == 2                           # the cases' JSON and the page's own script
    page.fill("#annotator", "maintainer")
    boxes = page.locator(".case")
    boxes.nth(0).locator('[data-metric="faithfulness"] button[data-value="1"]').click()
    boxes.nth(1).locator('[data-metric="correctness"] button[data-value="0"]').click()
    boxes.nth(1).locator('[data-metric="correctness"] .note').fill("the answer cites the wrong cap")
    assert page.inner_text("#count") == "2 labels"
    with page.expect_download() as info:
        page.click("#download")
    exported = tmp_path / "labels.jsonl"
    info.value.save_as(str(exported))
    labels = load_labels(exported)
    assert [(lb.metric, lb.value, lb.annotator) for lb in labels] == [("faithfulness", 1.0, "maintainer"),
                                                                     ("correctness", 0.0, "maintainer")]
    assert labels[1].note == "the answer cites the wrong cap"
    records = {r.case_id: r for r in read_cases(run_dir)}
    assert all(lb.answer_hash == record_hash(records[lb.case_id]) for lb in labels)
    assert main(["agree", str(run_dir), "--labels", str(exported)]) == 0
    out = capsys.readouterr().out
    assert "faithfulness: TOO FEW LABELS" in out and "factual_correctness (labelled as correctness)" in out
    assert (run_dir / "agreement.json").is_file()


def fits_1280(browser, path: Path, shot: Path):
    """The page at a 1,280-px-wide viewport: the document is no wider than the window (wide tables
    scroll inside their own box), measured by the browser's layout and by the full-page
    screenshot's width — neither depends on timing, and no script of the page is involved."""
    from PIL import Image

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.goto(path.resolve().as_uri())
    page.wait_for_load_state("load")
    scroll, client = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert scroll <= client <= 1280, f"{path.name} overflows: {scroll} px in a {client}-px window"
    page.screenshot(path=str(shot), full_page=True)
    assert Image.open(shot).size[0] == 1280
    assert problems == []
    return page


def test_run_report_and_sweep_leaderboard_fit_1280_px_and_their_charts_read(project: Path, tmp_path: Path,
                                                                               browser) -> None:
    import json

    cases = project / "suite" / "cases.jsonl"
    rows = [json.loads(line) for line in cases.read_text(encoding="utf-8").splitlines()]
    cases.write_text("\n".join(json.dumps({**c, "split": "test" if i % 2 else "dev"}) for i, c in enumerate(rows)),
                     encoding="utf-8")
    assert main(["run", str(project / "config.yaml"), "--out", str(tmp_path / "runs")]) == 0
    report = next((tmp_path / "runs").iterdir()) / "report.html"
    page = fits_1280(browser, report, tmp_path / "report-1280.png")
    bars = page.locator("svg.bars").first
    assert "test split" in (bars.locator("title").first.text_content() or "")
    assert "test split" in (bars.locator("text.chart-title").text_content() or "")
    assert bars.locator("text.tick").all_text_contents() == ["0.00", "0.25", "0.50", "0.75", "1.00"]
    latency = page.locator("svg.latency")
    assert latency.locator("text.x-tick").count() >= 2 and latency.locator("text.y-tick").count() >= 2
    assert latency.locator("text.axis-label").all_text_contents() == ["latency per case (ms)", "cases"]
    box = bars.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 1280

    sweep = project / "sweep.yaml"   # long variant names, a categorical and a numeric axis, a wide leaderboard
    sweep.write_text("name: s\nbase: config.yaml\ngrid:\n  fusion.params.k: [10, 60]\n"
                     "  answerability.params.coverage_weight: [0.5, 1.0]\n"
                     "variants:\n  a-named-variant-with-a-long-name-that-has-to-wrap-somewhere-in-its-cell: {top_k: 2}\n",
                     encoding="utf-8")
    assert main(["sweep", str(sweep), "--out", str(tmp_path / "sweeps"), "--workers", "1"]) == 0
    board = next((tmp_path / "sweeps").iterdir()) / "leaderboard.html"
    page = fits_1280(browser, board, tmp_path / "leaderboard-1280.png")
    assert page.locator("h2").first.inner_text().startswith("What changed")
    assert page.locator("#config").count() == 1 and "warm" in page.inner_text("#config")   # the run filled the caches
    assert page.locator("svg.effect").count() >= 2 and page.locator("svg.effect.categorical").count() == 0
    for i in range(page.locator("svg.effect").count()):
        chart = page.locator("svg.effect").nth(i)
        ticks = [float(t) for t in chart.locator("text.y-tick").all_text_contents()]
        assert min(ticks) == 0.0 or chart.locator("g.cut").count() == 1
        box = chart.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 1280
