"""The reports' SVG charts: round ticks, the split each chart names, values printed on the
funnel, a latency histogram with both axes, and sweep effect charts that draw a categorical axis
as points on a y axis from zero (or one visibly marked as cut)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from eval.report import charts
from eval.report.axes import nice_bounds, nice_ticks, tick_label
from eval.report.effect_chart import Point, effect_chart, significance_note
from eval.report.page import environment
from eval.runs.log import Aggregate, CaseRecord, SplitSummary, SuiteSummary

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def texts(root: ET.Element, cls: str | None = None) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}text") if cls is None or cls in (t.get("class") or "").split()]


def draw(macro: str, *args: object) -> ET.Element:
    module = environment().get_template("charts.svg.j2").module
    return parse(str(getattr(module, macro)(*args)))


def agg(value: float, low: float | None = None, high: float | None = None, higher: bool = True) -> Aggregate:
    return Aggregate(value=value, low=low, high=high, n=10, higher_is_better=higher)


def suite(metrics: dict[str, Aggregate], test: dict[str, Aggregate] | None = None) -> SuiteSummary:
    splits = {"test": SplitSummary(cases=40, metrics=test), "dev": SplitSummary(cases=60)} if test else {}
    return SuiteSummary(name="kb-en", hash="h", mode="full", language="en", cases=100, metrics=metrics, splits=splits)


def test_ticks_are_round_and_labelled_with_the_decimals_their_step_needs() -> None:
    assert nice_ticks(0.0, 1.0, 4) == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert nice_ticks(3.2, 47.9, 5) == [10.0, 20.0, 30.0, 40.0]
    assert nice_ticks(0.0, 7.0, 4, integer=True) == [0.0, 2.0, 4.0, 6.0]
    assert nice_bounds(0.0, 7.0, 4, integer=True) == (0.0, 8.0)
    assert nice_bounds(0.81, 0.93, 5) == (0.8, 0.95)            # step 0.025
    assert [tick_label(v, 0.25) for v in (0.0, 0.5)] == ["0.00", "0.50"]
    assert tick_label(20.0, 10.0) == "20" and tick_label(0.4, 0.2) == "0.4"


def test_the_bar_chart_shows_the_test_split_the_summary_leads_with_and_says_so() -> None:
    chart = charts.bars(suite({"hit@5": agg(0.5, 0.4, 0.6)}, test={"hit@5": agg(0.9, 0.8, 0.95)}))
    assert chart is not None and [b.text for b in chart.bars] == ["0.900"]     # the test value, not all cases'
    assert "test split (40 cases)" in chart.title
    root = draw("bar_chart", chart, "bars")
    assert "test split" in (root.find(f"{SVG}title").text or "")
    assert "test split" in texts(root, "chart-title")[0]
    assert texts(root, "tick") == ["0.00", "0.25", "0.50", "0.75", "1.00"]
    assert texts(root, "axis-label") and len(root.findall(f"{SVG}line[@class='whisker']")) == 1

    plain = charts.bars(suite({"hit@5": agg(0.5)}))
    assert plain is not None and "all cases (100)" in plain.title and plain.bars[0].text == "0.500"


def test_funnel_bars_print_their_value_and_the_drop_from_the_stage_before() -> None:
    chart = charts.funnel(suite({"recall@retrieve": agg(0.985), "recall@fuse": agg(0.970), "recall@context": agg(0.970)}))
    assert chart is not None
    assert [b.text for b in chart.bars] == ["0.985", "0.970 (−0.015)", "0.970 (+0.000)"]
    assert chart.bars[0].end > chart.bars[1].end                      # drawn from zero, to scale
    root = draw("bar_chart", chart, "funnel")
    assert "0.970 (−0.015)" in texts(root, "value") and "1.00" in texts(root, "tick")


def test_the_latency_histogram_has_millisecond_ticks_and_a_count_axis() -> None:
    cases = [CaseRecord(suite="s", case_id=f"c{i}", question="q", expect="answer", latency_ms=ms, split="test")
             for i, ms in enumerate([12.0, 14.0, 15.0, 22.0, 35.0, 48.0, 48.5])]
    cases.append(CaseRecord(suite="s", case_id="e", question="q", expect="answer", latency_ms=900.0, error="boom"))
    h = charts.latency(cases)
    assert h is not None and "7 cases" in h.title and "dev and test together" in h.title
    root = draw("histogram", h)
    x_ticks, y_ticks = texts(root, "x-tick"), texts(root, "y-tick")
    assert x_ticks == ["0", "10", "20", "30", "40"]                   # ms, round values from zero to 48.5
    assert y_ticks == ["0", "1", "2"]                                  # two cases in the fullest bins
    assert texts(root, "axis-label") == ["latency per case (ms)", "cases"]
    assert len(root.findall(f"{SVG}rect")) == len(h.columns)


def test_a_few_very_slow_cases_are_counted_not_allowed_to_squeeze_the_rest_into_one_bar() -> None:
    cases = [CaseRecord(suite="s", case_id=f"c{i}", question="q", expect="answer", latency_ms=10.0 + i % 50)
             for i in range(200)]
    cases.append(CaseRecord(suite="s", case_id="cold", question="q", expect="answer", latency_ms=5000.0))
    h = charts.latency(cases)
    assert h is not None and "201 cases" in h.title
    assert h.x_label == "latency per case (ms); 1 slower (up to 5000 ms) beyond the axis"
    assert float(texts(draw("histogram", h), "x-tick")[-1]) <= 60


def _followup(p: float, worse: bool) -> list[Point]:
    return [Point("query_transforms=", "[]", 0.906, 0.856, 0.944, False, worse, p),
            Point("query_transforms=followup", "followup", 0.917, 0.868, 0.952, True)]


def _lowest_tick(root: ET.Element) -> float:
    return min(float(t) for t in texts(root, "y-tick"))


def test_a_categorical_axis_is_points_with_error_bars_on_a_y_axis_from_zero() -> None:
    """The p = 0.51 difference of the follow-up sweep: two dots, no line, the axis from 0."""
    svg = effect_chart("query_transforms", "refusal_accuracy", _followup(0.51, False), ["[]", "followup"],
                       split="all cases (192, dev and test together)")
    root = parse(svg)
    assert len(root.findall(f"{SVG}circle")) == 2
    assert not root.findall(f"{SVG}path") and not root.findall(f"{SVG}polyline")
    assert len(root.findall(f"{SVG}line[@class='whisker']")) == 2
    assert _lowest_tick(root) == 0.0 and "axis cut" not in svg
    assert "all cases" in (root.find(f"{SVG}title").text or "")
    assert texts(root, "x-tick") == ["[]", "followup"]
    assert "smallest Holm-adjusted p = 0.51" in significance_note(_followup(0.51, False), 0.05)


def test_a_significant_small_difference_cuts_the_axis_and_says_so() -> None:
    svg = effect_chart("query_transforms", "refusal_accuracy", _followup(0.01, True), ["[]", "followup"])
    root = parse(svg)
    assert _lowest_tick(root) > 0.0 and "axis cut" in texts(root)
    assert root.find(f"{SVG}g[@class='cut']") is not None
    assert not root.findall(f"{SVG}path")                             # the break mark is no line between dots
    assert "1 of 1 significantly worse" in significance_note(_followup(0.01, True), 0.05)


def test_a_numeric_axis_is_placed_to_scale_and_its_means_joined() -> None:
    points = [Point(f"k={k}", str(k), v, number=float(k)) for k, v in ((1, 0.6), (3, 0.7), (10, 0.72))]
    root = parse(effect_chart("top_k", "ndcg@10", points, ["10", "1", "3"], numeric=True))   # the file's order
    (trend,) = root.findall(f"{SVG}path")
    xs = [float(c.get("cx") or 0) for c in root.findall(f"{SVG}circle")]
    assert (xs[1] - xs[0]) / (xs[2] - xs[0]) == pytest.approx(2 / 9, abs=0.01)   # 1, 3, 10 to scale
    assert trend.get("class") == "trend" and _lowest_tick(root) == 0.0
    steps = [float(step[1:].split(",")[0]) for step in (trend.get("d") or "").split()]
    assert steps == sorted(steps) and texts(root, "x-tick") == ["1", "3", "10"]           # left to right


def test_several_variants_on_one_category_stay_points_with_a_mean_mark() -> None:
    points = [Point("a1", "rrf", 0.5), Point("a2", "rrf", 0.6), Point("b1", "convex", 0.55), Point("b2", "convex", 0.65)]
    root = parse(effect_chart("fusion", "ndcg@10", points, ["rrf", "convex"]))
    assert len(root.findall(f"{SVG}circle")) == 4 and not root.findall(f"{SVG}path")
    assert len(root.findall(f"{SVG}line[@class='mean']")) == 2


def test_a_leaderboard_over_one_split_names_that_split() -> None:
    """A sweep run with ``splits: [test]`` aggregates the test split only: its charts must not
    say "dev and test together"."""
    from eval.report.charts import run_cases_phrase
    from eval.runs.log import SplitSummary, SuiteSummary

    only_test = SuiteSummary(name="s", hash="h", mode="full", language="en", cases=457, passed=0, errors=0,
                             metrics={}, splits={"test": SplitSummary(cases=457, passed=0, metrics={})})
    assert run_cases_phrase(only_test) == "test split (457 cases)"
    both = only_test.model_copy(update={"cases": 932, "splits": {"dev": only_test.splits["test"],
                                                                    "test": only_test.splits["test"]}})
    assert run_cases_phrase(both) == "all cases (932, dev and test together)"
