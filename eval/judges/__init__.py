"""LLM judges: any OpenAI-compatible endpoint, through ragbench's own transport, retries,
concurrency bound and request-keyed cache; ragas supplies the prompts and the scoring.

- :mod:`eval.judges.client` — the judge client: one JSON request per call, cached by the full
  request (model, prompt, schema, temperature, seed, repeat), every call entered in a ledger;
- :mod:`eval.judges.ragas_adapter` — a ragas LLM and a ragas embedding over ragbench's client
  and embedders (ragas is imported lazily, only here);
- :mod:`eval.judges.judged` — the judged metrics and their per-case statuses.
"""

from __future__ import annotations

from eval.judges.client import JudgeCall, JudgeClient, judges

__all__ = ["JudgeCall", "JudgeClient", "judges"]
