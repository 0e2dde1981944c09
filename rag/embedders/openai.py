"""Any OpenAI-compatible ``/embeddings`` endpoint over httpx.

Batches requests, restores input order from each item's ``index``, retries 429 / 5xx /
transport errors with exponential backoff (honouring ``Retry-After``), fails at once with a
clear message on 401 / 403. The API key is read from the environment and never logged,
never put in an id, a cache key or an error message.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import Any

import httpx
import numpy as np
from pydantic import PositiveInt

from rag.embedders.base import Embedder, embedders, normalise
from rag.errors import ConfigError, EndpointError
from rag.http import Endpoint


class OpenAIEmbedder(Endpoint):
    def __init__(
        self,
        *,
        model: str,
        base_url: str,
        api_key: str | None,
        dim: int,
        batch_size: int = 64,
        timeout: float = 30.0,
        max_retries: int = 4,
        backoff: float = 0.5,
        dimensions: int | None = None,
        document_input_type: str | None = None,
        query_input_type: str | None = None,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        super().__init__(model=model, url=base_url.rstrip("/") + "/embeddings", api_key=api_key,
                         timeout=timeout, transport=transport, max_retries=max_retries,
                         backoff=backoff, sleep=sleep)
        self.dim = dim
        self.input_types = {"doc": document_input_type, "query": query_input_type}
        types = f":{document_input_type}/{query_input_type}" if document_input_type or query_input_type else ""
        self.id = f"openai:{base_url.rstrip('/')}:{model}:{dimensions or dim}{types}"
        self.batch_size = batch_size
        self.dimensions = dimensions

    def _post(self, texts: list[str], kind: str) -> list[list[float]]:
        body: dict[str, Any] = {"model": self.model, "input": texts}
        if self.dimensions:
            body["dimensions"] = self.dimensions
        if self.input_types[kind]:
            body["input_type"] = self.input_types[kind]
        return self._poster.post(self.url, body, lambda resp: self._parse(resp, len(texts)))

    def _parse(self, resp: httpx.Response, expected: int) -> list[list[float]]:
        try:
            items = resp.json()["data"]
            ordered = sorted(items, key=lambda item: item["index"])
            vectors = [item["embedding"] for item in ordered]
        except (ValueError, KeyError, TypeError) as exc:
            raise EndpointError(f"{self.url} returned a malformed embeddings body: {exc}") from exc
        if len(vectors) != expected:
            raise EndpointError(f"{self.url} returned {len(vectors)} embeddings for {expected} inputs")
        return vectors

    def _embed(self, texts: Sequence[str], kind: str) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        rows: list[list[float]] = []
        for i in range(0, len(texts), self.batch_size):
            rows.extend(self._post(list(texts[i : i + self.batch_size]), kind))
        out = normalise(rows)
        if out.shape[1] != self.dim:
            raise EndpointError(f"{self.url}: expected dimension {self.dim}, got {out.shape[1]}")
        return out

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed(texts, "doc")

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed(texts, "query")


@embedders.register("openai", version="1", env={"base_url": "OPENAI_BASE_URL"})
def openai(
    *,
    model: str,
    dim: PositiveInt,
    base_url: str | None = None,
    api_key_env: str = "OPENAI_API_KEY",
    batch_size: PositiveInt = 64,
    timeout: float = 30.0,
    max_retries: int = 4,
    dimensions: int | None = None,
    document_input_type: str | None = None,
    query_input_type: str | None = None,
) -> Embedder:
    """An OpenAI-compatible endpoint. ``base_url`` defaults to ``$OPENAI_BASE_URL``; the key
    comes from the variable named by ``api_key_env`` (a local server may need none).
    ``*_input_type`` adds ``input_type`` to the body for asymmetric models (e5, NIM, Voyage)."""
    url = base_url or os.environ.get("OPENAI_BASE_URL")
    if not url:
        raise ConfigError("set params.base_url or OPENAI_BASE_URL", field="embedder.params.base_url")
    return OpenAIEmbedder(
        model=model, base_url=url, api_key=os.environ.get(api_key_env), dim=dim,
        batch_size=batch_size, timeout=timeout, max_retries=max_retries, dimensions=dimensions,
        document_input_type=document_input_type, query_input_type=query_input_type,
    )
