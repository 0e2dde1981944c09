"""Human labels: the file, the answer hash that ties a label to its answer, agreement figures
checked by hand, prediction-powered intervals checked against ppi_py and by simulation."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from eval.labels.agreement import NOT_QUALIFIED, QUALIFIED, TOO_FEW, Qualification, agree
from eval.labels.file import Label, answer_hash, load_labels, matching
from eval.labels.ppi import figures, ppi_mean
from eval.labels.simulation import simulate
from eval.runs.log import CaseRecord
from rag.errors import ConfigError

H = answer_hash("q", ["ctx"], "a")


def _write(path: Path, rows: list[dict]) -> Path:
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return path


def test_labels_load_from_jsonl_csv_and_yaml(tmp_path: Path) -> None:
    row = {"suite": "kb", "case_id": "c1", "metric": "faithfulness", "value": 1, "annotator": "ann",
           "answer_hash": H}
    jsonl = _write(tmp_path / "l.jsonl", [row])
    csv = tmp_path / "l.csv"
    csv.write_text("suite,case_id,metric,value,annotator,note,answer_hash\nkb,c1,faithfulness,1,ann,,"
                   f"{H}\n", encoding="utf-8")
    yml = tmp_path / "l.yaml"
    yml.write_text(f"- {{suite: kb, case_id: c1, metric: faithfulness, value: 1, annotator: ann, answer_hash: '{H}'}}\n",
                   encoding="utf-8")
    assert load_labels(jsonl) == load_labels(csv) == load_labels(yml) == [Label(**row)]


@pytest.mark.parametrize(("row", "field", "message"), [
    ({"suite": "kb", "case_id": "c", "metric": "faithfulness", "value": 1}, None, "answer_hash is required"),
    ({"suite": "kb", "case_id": "c", "metric": "niceness", "value": 1, "answer_hash": H}, "metric", "unknown labelled"),
    ({"suite": "kb", "case_id": "c", "metric": "answerable", "value": "yes"}, "value", "number"),
    ({"suite": "kb", "case_id": "c", "metric": "answerable", "value": 1, "colour": "red"}, "colour", "Extra"),
])
def test_a_bad_label_names_its_line_and_field(tmp_path: Path, row: dict, field: str | None, message: str) -> None:
    good = {"suite": "kb", "case_id": "ok", "metric": "answerable", "value": 1}
    path = _write(tmp_path / "l.jsonl", [good, row])
    with pytest.raises(ConfigError, match=message) as err:
        load_labels(path)
    assert err.value.line == 2 and err.value.field == field and err.value.file == str(path)


def test_the_same_annotator_cannot_label_a_case_twice(tmp_path: Path) -> None:
    row = {"suite": "kb", "case_id": "c", "metric": "answerable", "value": 1}
    with pytest.raises(ConfigError, match="twice .first on line 1."):
        load_labels(_write(tmp_path / "l.jsonl", [row, row]))


def _record(case_id: str, answer: str, judged: float | None = None) -> CaseRecord:
    return CaseRecord(suite="kb", case_id=case_id, question="q", expect="answer", answer=answer,
                      context=[{"text": "ctx"}], judgements={} if judged is None else
                      {"faithfulness": {"status": "ok", "value": judged}})


def test_a_label_counts_only_for_the_answer_it_judged() -> None:
    records = [_record("c1", "a"), _record("c2", "a changed answer")]
    labels = [Label(suite="kb", case_id=c, metric="faithfulness", value=1, answer_hash=H) for c in ("c1", "c2", "gone")]
    labels.append(Label(suite="kb", case_id="c2", metric="answerable", value=1))     # keyed by the case alone
    counted, stale = matching(labels, records)
    assert set(counted) == {("kb", "c1", "faithfulness"), ("kb", "c2", "answerable")}
    assert [lb.case_id for lb in stale] == ["c2"]                        # "gone" is not in the run: left out


def test_agreement_figures_by_hand() -> None:
    # judge yes/no against people: both yes 4, both no 3, judge yes + people no 2, judge no + people yes 1
    judge = [0.9, 0.8, 0.7, 0.6, 0.1, 0.2, 0.3, 0.9, 0.8, 0.4]
    human = [1, 1, 1, 1, 0, 0, 0, 0, 0, 1]
    keys = [("kb", f"c{i}") for i in range(10)]
    labelled = {k: [Label(suite="kb", case_id=k[1], metric="answerable", value=v)] for k, v in zip(keys, human, strict=True)}
    a = agree(dict(zip(keys, judge, strict=True)), labelled, "answerable", "answerable", 0,
              Qualification(min_labels=10))
    assert a.n == 10 and a.scale == "binary" and a.agreement == pytest.approx(0.7)
    assert a.kappa == pytest.approx((0.7 - 0.5) / 0.5)                  # pe = .6·.5 + .4·.5
    assert a.tpr[0] == pytest.approx(4 / 5) and a.tnr[0] == pytest.approx(3 / 5)
    assert a.bias[0] == pytest.approx(np.mean(judge) - 0.5)
    assert a.tpr[1] < 0.8 < a.tpr[2]                                     # an exact interval, never a point
    assert a.verdict == NOT_QUALIFIED and "agreement 0.70 < 0.8" in a.why and "TNR 0.60 < 0.7" in a.why
    assert agree(dict(zip(keys, judge, strict=True)), labelled, "answerable", "answerable", 0,
                 Qualification()).verdict == TOO_FEW                        # 10 < the default 100
    perfect = {k: [Label(suite="kb", case_id=k[1], metric="answerable", value=float(j >= 0.5))]
               for k, j in zip(keys, judge, strict=True)}
    assert agree(dict(zip(keys, judge, strict=True)), perfect, "answerable", "answerable", 0,
                 Qualification(min_labels=10)).verdict == QUALIFIED


def test_ordinal_labels_get_a_weighted_kappa_and_two_annotators_an_alpha() -> None:
    keys = [("kb", f"c{i}") for i in range(6)]
    one = [1, 2, 3, 3, 2, 1]
    two = [1, 2, 3, 2, 2, 1]
    labelled = {k: [Label(suite="kb", case_id=k[1], metric="answerable", value=a, annotator="x"),
                    Label(suite="kb", case_id=k[1], metric="answerable", value=b, annotator="y")]
                for k, a, b in zip(keys, one, two, strict=True)}
    judge = dict(zip(keys, [0.33, 0.67, 1.0, 0.9, 0.6, 0.3], strict=True))
    a = agree(judge, labelled, "answerable", "answerable", 0, Qualification(min_labels=3))
    assert a.scale == "ordinal" and a.kappa_kind == "quadratic-weighted" and a.kappa > 0.5
    assert a.alpha_annotators is not None and 0.5 < a.alpha_annotators < 1.0
    assert a.spearman is not None and a.spearman > 0.8


def test_the_prediction_powered_interval_is_ppi_py_s_without_the_floor() -> None:
    ppi_py = pytest.importorskip("ppi_py")
    rng = np.random.default_rng(1)
    y = (rng.random(60) < 0.6).astype(float)
    yhat = np.where(rng.random(60) < 0.85, y, 1.0)
    yu = (rng.random(900) < 0.66).astype(float)
    mean, low, high = ppi_mean(y, yhat, yu, lam=1.0, floor=False)
    ref_low, ref_high = ppi_py.ppi_mean_ci(y, yhat, yu, alpha=0.05, lam=1.0)
    assert mean == pytest.approx(float(ppi_py.ppi_mean_pointestimate(y, yhat, yu, lam=1.0)[0]))
    assert (low, high) == pytest.approx((float(ref_low[0]), float(ref_high[0])))
    # by hand: θ = mean(Ŷu) − mean(Ŷ − Y), se² = var(Ŷu)/N + var(Ŷ − Y)/n
    r = yhat - y
    se = np.sqrt(yu.var() / len(yu) + r.var() / len(y))
    assert mean == pytest.approx(yu.mean() - r.mean()) and high - mean == pytest.approx(1.959964 * se, rel=1e-5)
    _, f_low, f_high = ppi_mean(y, yhat, yu, lam=1.0)
    assert f_low < low and f_high > high                                 # the small-sample floor widens it


def test_prediction_powered_intervals_cover_the_truth_where_the_judge_alone_does_not() -> None:
    """A judge that says "yes" when it errs (bias +0.06), 1,000 cases, 60 labels, 200 seeds."""
    sim = simulate(seeds=200, cases=1000, labels=60)
    assert sim["coverage"]["ppi"] >= 0.93
    assert sim["coverage"]["judge_only"] < 0.5                           # its interval is narrow and wrong
    assert sim["mean_width"]["ppi"] < sim["mean_width"]["labels_only"]   # an informative judge narrows it


def test_too_few_labels_claim_no_prediction_powered_interval() -> None:
    got = figures({f"c{i}": 1.0 for i in range(50)}, {f"c{i}": 1.0 for i in range(5)})
    assert got.ppi.mean is None and "needs 10" in got.ppi.method and got.labels_only.n == 5


def test_an_ordinal_scale_is_read_from_its_declared_ends() -> None:
    keys = [("kb", f"c{i}") for i in range(8)]
    people = [1, 2, 3, 4, 5, 3, 2, 4]
    labelled = {k: [Label(suite="kb", case_id=k[1], metric="answerable", value=v)] for k, v in zip(keys, people, strict=True)}
    judge = {k: (v - 1) / 4 for k, v in zip(keys, people, strict=True)}          # the judge matches people exactly
    a = agree(judge, labelled, "answerable", "answerable", 0, Qualification(min_labels=3, scales={"answerable": (1, 5)}))
    assert a.kappa == pytest.approx(1.0) and a.bias[0] == pytest.approx(0.0)
    assert a.figures["labels_only"]["mean"] == pytest.approx(a.figures["judge_only"]["mean"])
    guessed = agree(judge, labelled, "answerable", "answerable", 0, Qualification(min_labels=3))
    assert "scale taken as the values people used, 1–5" in guessed.why


@pytest.mark.parametrize(("text", "line", "message"), [
    ("\ufeffsuite,case_id,metric,value\nkb,c1,answerable,1\nkb,c2,answerable,nan\n", 3, "finite"),
    ("suite,case_id,metric,value\n\nkb,c1,answerable,1\n\nkb,c2,answerable,11\n", 5, "whole number up to 10"),
    ("suite,case_id,metric,value\nkb,c1,answerable,1,extra\n", 2, "more cells than columns"),
])
def test_csv_labels_name_the_real_line(tmp_path: Path, text: str, line: int, message: str) -> None:
    path = tmp_path / "l.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=message) as err:
        load_labels(path)
    assert err.value.line == line


def test_a_labels_file_that_is_not_utf8_is_an_input_error(tmp_path: Path) -> None:
    path = tmp_path / "l.jsonl"
    path.write_bytes("出差".encode("gb18030"))
    with pytest.raises(ConfigError, match="not UTF-8"):
        load_labels(path)


def test_the_same_label_in_two_files_is_refused(tmp_path: Path) -> None:
    from eval.labels.file import load_all

    row = {"suite": "kb", "case_id": "c", "metric": "answerable", "value": 1}
    a, b = _write(tmp_path / "a.jsonl", [row]), _write(tmp_path / "b.jsonl", [row])
    with pytest.raises(ConfigError, match="too"):
        load_all([a, b])


def test_the_prediction_powered_mean_stays_within_the_metric_s_range() -> None:
    judged = {f"c{i}": 0.0 for i in range(200)}
    labelled = {f"c{i}": 0.0 for i in range(12)}
    labelled["c0"] = 1.0                                     # a mean just above 0; the rectifier pulls it below
    got = figures({**judged, **{f"c{i}": 0.1 for i in range(12)}}, labelled)
    assert 0.0 <= got.ppi.low <= got.ppi.mean <= got.ppi.high <= 1.0
