"""``ragbench fit-fusion CONFIG``: fit ``fusion: learned`` on a split and print what it learnt."""

from __future__ import annotations

from pathlib import Path

from eval.fit.fusion import fit_fusion
from eval.prepare import for_fitting, prepare


def fit_fusion_command(config_path: Path, overrides: list[str], split: str, kind: str | None, refit: bool) -> int:
    prepared = prepare(config_path, overrides, scoring=False, fit=False)
    config = prepared.config
    params = config.fusion.params if config.fusion.name == "learned" else {}
    path, data = fit_fusion(for_fitting(prepared, split), kind=kind or params.get("kind", "lambdamart"), refit=refit)
    trained = data["trained_on"]
    print(f"model      {path}")
    print(f"kind       {data['kind']} over {', '.join(data['retrievers'])}")
    print(f"trained on split {data['split']}: {trained['cases']} case(s) "
          f"({trained['cases_with_a_relevant_candidate']} with a relevant candidate), {trained['rows']} rows, "
          f"{trained['positives']} relevant; data sha {trained['data_sha']}")
    print(f"cv         nDCG@10 {data['cv']['ndcg@10']:.4f} ({data['cv']['folds']} folds by question, on {data['split']})")
    top = list(data["importance"].items())[:6]
    print("importance " + ", ".join(f"{name} {value:.3g}" for name, value in top))
    print(f"use it:    fusion: {{name: learned, params: {{model: {path}}}}}  "
          f"(or leave model out: a run fits or reuses it)")
    return 0
