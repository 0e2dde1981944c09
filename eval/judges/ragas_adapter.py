"""ragas over ragbench: a ragas LLM that asks ragbench's judge client, and a ragas embedding
over ragbench's embedders. ragas supplies prompts and scoring only; transport, retries, the
cache and the accounting of every call stay ragbench's. Imported only when something judged
or a ragas string metric runs, so ``import eval`` stays free of ragas."""

from __future__ import annotations

import os
from typing import Any

from rag._lazy import require


def ragas() -> Any:
    """ragas, with its telemetry off (it posts usage analytics unless told not to)."""
    os.environ.setdefault("RAGAS_DO_NOT_TRACK", "true")
    return require("ragas", pip="ragbench[ragas]")


def judge_llm(client: Any, ledger: Any, repeat: int) -> Any:
    ragas()
    from pydantic import ValidationError
    from ragas.llms.base import InstructorBaseRagasLLM

    class RagbenchJudgeLLM(InstructorBaseRagasLLM):
        def __init__(self) -> None:
            self.client, self.ledger, self.repeat = client, ledger, repeat

        def generate(self, prompt: str, response_model: Any) -> Any:
            def validate(text: str) -> Any:
                try:
                    return response_model.model_validate_json(text)
                except ValidationError as exc:
                    raise ValueError(f"{response_model.__name__}: {exc.errors()[0]['msg']}") from exc

            return self.client.ask(prompt, response_model.__name__, response_model.model_json_schema(), validate,
                                   self.ledger, self.repeat)

        async def agenerate(self, prompt: str, response_model: Any) -> Any:
            return self.generate(prompt, response_model)

    return RagbenchJudgeLLM()


def embeddings(embed: Any) -> Any:
    """``embed(texts) -> vectors``: ragbench's query embedder of the suite's language."""
    ragas()
    from ragas.embeddings.base import BaseRagasEmbedding

    class RagbenchEmbedding(BaseRagasEmbedding):
        def embed_text(self, text: str, **kwargs: Any) -> list[float]:
            return [float(x) for x in embed([text])[0]]

        async def aembed_text(self, text: str, **kwargs: Any) -> list[float]:
            return self.embed_text(text)

        def embed_texts(self, texts: list[str], **kwargs: Any) -> list[list[float]]:
            return [[float(x) for x in row] for row in embed(list(texts))]

        async def aembed_texts(self, texts: list[str], **kwargs: Any) -> list[list[float]]:
            return self.embed_texts(texts)

    return RagbenchEmbedding()


def prompt_hashes(metric: Any) -> dict[str, str]:
    """A hash of each prompt a ragas metric uses (instruction and examples): a gate refuses to
    compare runs judged with different prompts."""
    from rag.store import stable_hash

    out = {}
    for _, value in sorted(vars(metric).items()):
        if hasattr(value, "instruction"):
            examples = [[i.model_dump(mode="json"), o.model_dump(mode="json")] for i, o in getattr(value, "examples", [])]
            out[f"{type(value).__name__}"] = stable_hash([value.instruction, examples])
    return out


def run_sync(coroutine: Any) -> Any:
    """Await ``coroutine`` from synchronous code: ``asyncio.run`` when no event loop runs in
    this thread, else in a worker thread (inside Jupyter, a web server, or Playwright's loop)."""
    import asyncio
    import concurrent.futures

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
