"""`fusion: learned`: features by hand, a stored model applied, a fit on the dev split only
(stored by its key and reused), and a run that fits its own model first."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from eval.cli import main
from eval.config import load_config
from eval.fit.fusion import fit_fusion
from eval.prepare import Prepared, for_fitting
from eval.workspace import Workspace
from rag.errors import ConfigError
from rag.fusion import fusions
from rag.fusion.learned import PER_RETRIEVER, feature_names, features
from rag.registry import ComponentSpec
from rag.types import Candidate, Chunk
from tests.eval.tune.test_tune import make_project


def cand(cid: str, score: float) -> Candidate:
    return Candidate(Chunk(chunk_id=cid, doc_id=cid, text=cid, ord=0, start=0, end=1, title=cid), score, {})


LISTS = {"dense": [cand("a", 0.9), cand("b", 0.5)], "bm25": [cand("b", 3.0), cand("c", 1.0)],
         "bm25#1": [cand("c", 4.0)]}


def col(retriever: str, feature: str) -> int:
    return feature_names(["dense", "bm25"]).index(f"{retriever}.{feature}")


def test_features_by_hand() -> None:
    cands, x = features(LISTS, ["dense", "bm25"])
    assert [c.chunk_id for c in cands] == ["a", "b", "c"]
    a, b, c = x
    # dense: a 0.9 (rank 1), b 0.5 (rank 2); c absent → the list minimum, rank depth + 1
    assert (a[col("dense", "present")], c[col("dense", "present")]) == (1.0, 0.0)
    assert (a[col("dense", "minmax")], b[col("dense", "minmax")], c[col("dense", "minmax")]) == (1.0, 0.0, 0.0)
    assert c[col("dense", "score")] == 0.5 and c[col("dense", "log_rank")] == pytest.approx(math.log(3))
    assert b[col("dense", "zscore")] == pytest.approx(-1.0) and a[col("dense", "zscore")] == pytest.approx(1.0)
    assert a[col("dense", "rrf")] == pytest.approx(1 / 61) and c[col("dense", "rrf")] == 0.0
    assert a[col("dense", "list_gap")] == pytest.approx(0.4 / 0.2)
    # bm25 merges its variants: c keeps its best score (4.0 from bm25#1) and best rank (1)
    assert c[col("bm25", "score")] == 4.0 and c[col("bm25", "log_rank")] == 0.0
    assert b[col("bm25", "minmax")] == 0.0 and c[col("bm25", "minmax")] == 1.0
    assert a[col("bm25", "list_top")] == 4.0
    assert list(x[:, -2]) == [1.0, 2.0, 1.0]      # lists each chunk is in
    assert x[0, -1] == round(math.log1p(1), 1)     # the chunk's length: "a", one character
    assert x.shape == (3, 2 * len(PER_RETRIEVER) + 2)


def test_a_stored_logistic_model_ranks_by_its_coefficients(tmp_path: Path) -> None:
    names = feature_names(["dense", "bm25"])
    coef = [0.0] * len(names)
    coef[names.index("bm25.present")] = 2.0      # only "found by bm25" counts
    coef[names.index("dense.score")] = 1.0
    model = {"format": 1, "kind": "logistic", "retrievers": ["dense", "bm25"], "features": names,
             "model": {"mean": [0.0] * len(names), "scale": [1.0] * len(names), "coef": coef, "intercept": 0.0}}
    (tmp_path / "m.json").write_text(json.dumps(model))
    fuse = fusions.build(ComponentSpec(name="learned", params={"model": str(tmp_path / "m.json")}))
    out = fuse(LISTS)
    # b: 2 + 0.5; c: 2 + 0.5 (absent from dense: its minimum); both are first in some list, so the
    # tie is broken by chunk id; a: 0.9
    assert [c.chunk_id for c in out] == ["b", "c", "a"]
    assert out[0].scores["fused"] == pytest.approx(2.5) and out[2].scores["fused"] == pytest.approx(0.9)


def test_a_missing_or_unfitted_model_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="fit-fusion"):
        fusions.build(ComponentSpec(name="learned", params={"model": str(tmp_path / "none.json")}))
    with pytest.raises(ConfigError, match="no fitted model"):
        fusions.build(ComponentSpec(name="learned"))


def fitting_on_dev(path: Path, overrides: list[str] | None = None) -> Prepared:
    config = load_config(path, overrides)
    return for_fitting(Prepared(config, path, Workspace.of(config.workdir), say=lambda line: None), "dev")


@pytest.fixture
def project(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    folder = make_project(tmp_path)
    (folder / "learned.yaml").write_text(
        (folder / "base.yaml").read_text().replace(
            "fusion: {name: convex, params: {weights: {dense: 1.0, bm25: 1.0}, normalise: minmax}}",
            "fusion: {name: learned, params: {kind: logistic}}"), encoding="utf-8")
    return folder


@pytest.mark.parametrize("kind", ["logistic", "lambdamart"])
def test_a_fit_reads_only_the_dev_split_and_is_stored_by_its_key(project: Path, monkeypatch, kind: str) -> None:
    import eval.fit.fusion as fitting
    import eval.suites.formats as suites_module

    read: list[str] = []
    real = suites_module._read_text
    monkeypatch.setattr(suites_module, "_read_text", lambda p: (read.append(Path(p).name), real(p))[1])
    config = fitting_on_dev(project / "learned.yaml")
    path, data = fit_fusion(config, kind=kind)
    assert "train.tsv" in read and "test.tsv" not in read
    assert path.is_file() and data["kind"] == kind and data["split"] == "dev"
    assert data["trained_on"]["cases"] == 6 and data["trained_on"]["positives"] == 6
    assert 0.0 <= data["cv"]["ndcg@10"] <= 1.0

    # the same config and labels: the stored model is reused, nothing is retrieved again
    monkeypatch.setattr(fitting, "collect", lambda *a, **k: pytest.fail("refitted"))
    again, _ = fit_fusion(config, kind=kind)
    assert again == path
    # another retriever depth changes the training data, so the key
    deeper = fitting_on_dev(project / "learned.yaml", ["retrievers.1.params.top_k=6"])
    monkeypatch.setattr(fitting, "collect", lambda *a, **k: (_ for _ in ()).throw(RuntimeError("fit")))
    with pytest.raises(RuntimeError, match="fit"):
        fit_fusion(deeper, kind=kind)


def test_a_run_fits_its_learned_fusion_on_dev_then_scores_test(project: Path, capsys) -> None:
    code = main(["run", str(project / "learned.yaml"), "--out", str(project / "runs")])
    assert code == 0
    (run_dir,) = (project / "runs").iterdir()
    log = json.loads((run_dir / "run.json").read_text())
    fusion = log["config"]["fusion"]
    assert fusion["name"] == "learned" and Path(fusion["params"]["model"]).is_file()
    assert log["suites"]["mini"]["cases"] == 4          # the test split only
    stored = json.loads(Path(fusion["params"]["model"]).read_text())
    assert stored["trained_on"]["cases"] == 6           # fitted on the 6 dev queries
    assert "fitted on split 'dev', which this run also scores" not in capsys.readouterr().err
    # scoring the fit split itself says the figure is on training data
    assert main(["run", str(project / "learned.yaml"), "--split", "dev", "--out", str(project / "runs")]) == 0
    assert "which this run also scores" in capsys.readouterr().err


def test_learned_fusion_needs_two_retrievers(project: Path) -> None:
    config = fitting_on_dev(project / "learned.yaml", ["retrievers=[{name: bm25}]"])
    with pytest.raises(ConfigError, match="two or more retrievers"):
        fit_fusion(config, kind="logistic")


def test_fit_fusion_command_prints_the_model(project: Path, capsys) -> None:
    assert main(["fit-fusion", str(project / "learned.yaml")]) == 0
    out = capsys.readouterr().out
    assert "trained on split dev: 6 case(s)" in out and "cv         nDCG@10" in out
    assert np.isfinite(float(out.split("nDCG@10 ")[1].split()[0]))
