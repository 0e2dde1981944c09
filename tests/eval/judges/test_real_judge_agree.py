"""A real model as judge, end to end: SmolLM2-135M behind llama.cpp's server judges faithfulness
on labelled kb-en cases, then ``agree`` qualifies it against the maintainers' labels. What is
asserted is the path — every call accounted for, a κ and a verdict printed, the prediction-powered
interval computed — never the figures: a 135M model is expected to be *not qualified*.
Run by ``make test-llm`` (it builds the server); skipped elsewhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval.commands.agree import agree_command
from eval.labels.file import load_labels
from eval.prepare import prepare
from eval.runs.checkpoint import read_cases
from eval.runs.runner import run
from tests.rag.test_chat_real_server import PYTHON, llama_server  # noqa: F401  (the server fixture)

ROOT = Path(__file__).resolve().parents[3]
LABELS = ROOT / "goldensets" / "kb-en" / "labels.jsonl"
CASES = 71   # every labelled kb-en case: SmolLM2 extracts no statement from most answers

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not PYTHON, reason="set RAGBENCH_LLAMA_PYTHON (make test-llm) to run")]


def test_smollm2_judges_labelled_cases_and_agree_says_whether_to_trust_it(llama_server: str, tmp_path: Path,  # noqa: F811
                                                                          monkeypatch, capsys) -> None:
    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    judge = (f"judge={{name: openai, params: {{model: smollm2, base_url: '{llama_server}', max_tokens: 512, "
             "response_format: llama_schema, max_retries: 0, parse_retries: 1, concurrency: 2, "
             "max_failure_rate: 1.0}}")
    prepared = prepare(ROOT / "configs/default.yaml", [judge, "metrics=[hit@5, faithfulness]"], only=["kb-en"])
    labelled = [lb.case_id for lb in load_labels(LABELS) if lb.metric == "faithfulness"][:CASES]
    run_dir, log = run(prepared, out_root=tmp_path / "runs", cases={("kb-en", c) for c in labelled}, progress=False)
    records = read_cases(run_dir)
    calls = [c for r in records for j in r.judgements.values() for c in j["calls"]]
    assert calls and log.judge["usage"]["calls"] + log.judge["usage"]["cached"] == len(calls)   # every call accounted for
    assert all(j["status"] in ("ok", "judge_error", "invalid_output", "undefined", "out_of_range")
               for r in records for j in r.judgements.values())
    assert agree_command(run_dir, [LABELS]) == 0
    printed = capsys.readouterr().out
    assert "Cohen's κ" in printed and any(v in printed for v in ("NOT QUALIFIED", "TOO FEW LABELS", "QUALIFIED"))
    figures = json.loads((run_dir / "agreement.json").read_text())["metrics"]["faithfulness"]["figures"]
    scored = json.loads((run_dir / "agreement.json").read_text())["metrics"]["faithfulness"]["n"]
    if scored >= 10:                           # enough labelled cases the judge scored: the interval is computed
        assert figures["ppi"]["method"] == "ppi++" and figures["ppi"]["mean"] is not None
    else:                                      # else it is not claimed, and the report says why
        assert f"{scored} labelled case(s) the judge scored" in figures["ppi"]["method"]
    print(printed)
