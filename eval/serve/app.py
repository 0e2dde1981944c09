"""The HTTP API of ``ragbench serve`` (imported only by that command: FastAPI is an extra) (the rag-qa seed's API).

- ``POST /v1/ask`` — ``{question, history?, suite?}`` in; the answer frame out: answer,
  behaviour and ``refused``, ``sources`` (the context, numbered), ``citations``, the document
  ``ranking``, the decision and usage.
- ``POST /v1/ask/stream`` — the same as Server-Sent Events: ``sources`` (sources and ranking),
  then ``delta`` events (``{"text": …}``), then ``done`` (the whole frame); ``error`` on failure.
- ``GET /v1/documents``, ``POST /v1/documents`` (multipart ``file`` and an optional
  ``sidecar``; ``?suite=``), ``DELETE /v1/documents/{id}``.
- ``GET /healthz``.

The asker's identity comes from the ``X-Ragbench-Identity`` header and must be one of the
suite's identities (unknown → 403); without the header the question is asked as a golden case
without ``as`` is: seeing every document.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, File, Form, Header, HTTPException, Request, UploadFile
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from sse_starlette import EventSourceResponse

from eval.prepare import prepare
from eval.serve.service import SuiteService, UploadError
from eval.suites import Turn
from eval.targets.builtin import context_rows, ranking_of
from rag.types import DECLINING

IDENTITY_HEADER = "X-Ragbench-Identity"


class AskBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    question: str = Field(min_length=1, max_length=4000)
    history: list[Turn] = []
    suite: str | None = None


def frame_json(frame: Any, retrieval: Any) -> dict[str, Any]:
    from dataclasses import asdict

    return {"question": frame.question, "answer": frame.answer, "behaviour": frame.behaviour,
            "refused": frame.behaviour in DECLINING, "sources": context_rows(frame.context),
            "citations": [asdict(c) for c in frame.citations],
            "source_cards": [asdict(s) for s in frame.sources],
            "ranking": [[d, s] for d, s in ranking_of(retrieval.candidates)],
            "decision": asdict(frame.decision), "usage": dict(frame.usage), "asked_as": frame.asked_as,
            "route": frame.route}


def pieces(text: str) -> list[str]:
    """The answer in stream-sized pieces (clauses), joined back exactly."""
    parts = re.findall(r".+?(?:[。！？；，,.!?;](?:\s+|$)|\n+|$)", text, flags=re.S)
    return [p for p in parts if p] or ([text] if text else [])


def create_app(services: dict[str, SuiteService], max_upload_bytes: int) -> FastAPI:
    app = FastAPI(title="ragbench serve", version="1")
    default = next(iter(services))

    def service_of(name: str | None) -> SuiteService:
        if name is None:
            return services[default]
        if name not in services:
            raise HTTPException(404, f"no suite {name!r} is served (served: {', '.join(services)})")
        return services[name]

    def identity_of(service: SuiteService, name: str | None) -> Any:
        if name is None or name == "":
            return None
        if name not in service.suite.spec.identities:
            raise HTTPException(403, f"unknown identity {name!r}")
        return service.suite.identity(name)

    @app.middleware("http")
    async def upload_limit(request: Request, call_next: Any) -> Any:
        """An upload over the limit is refused from its Content-Length, before it is read."""
        if request.method == "POST" and request.url.path == "/v1/documents":
            length = request.headers.get("content-length")
            if length and length.isdigit() and int(length) > max_upload_bytes + 64 * 1024:
                return JSONResponse({"detail": f"upload over the {max_upload_bytes} byte limit"}, status_code=413)
        return await call_next(request)

    def ask(body: AskBody, identity_name: str | None) -> tuple[Any, Any]:
        service = service_of(body.suite)
        identity = identity_of(service, identity_name)
        pipeline = service.current.pipeline
        retrieval = pipeline.retrieve(body.question, identity, history=[t.model_dump() for t in body.history])
        return pipeline.answer(retrieval), retrieval

    @app.get("/healthz")
    def healthz() -> dict[str, Any]:
        return {"status": "ok", "suites": {name: {"documents": len(s.current.index.doc_metadata),
                                                  "chunks": len(s.current.index.chunks)}
                                           for name, s in services.items()}}

    @app.post("/v1/ask")
    def ask_json(body: AskBody, x_ragbench_identity: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        frame, retrieval = ask(body, x_ragbench_identity)
        return frame_json(frame, retrieval)

    @app.post("/v1/ask/stream")
    async def ask_stream(body: AskBody, x_ragbench_identity: Annotated[str | None, Header()] = None) -> Any:
        service = service_of(body.suite)
        identity_of(service, x_ragbench_identity)   # a 403 before the stream starts

        async def events() -> Any:
            try:
                frame, retrieval = await run_in_threadpool(ask, body, x_ragbench_identity)
            except Exception as exc:  # the stream has started: report the failure as an event
                yield {"event": "error", "data": json.dumps({"message": f"{type(exc).__name__}: {exc}"})}
                return
            out = frame_json(frame, retrieval)
            yield {"event": "sources", "data": json.dumps({"sources": out["sources"], "ranking": out["ranking"]},
                                                          ensure_ascii=False)}
            for piece in pieces(frame.answer):
                yield {"event": "delta", "data": json.dumps({"text": piece}, ensure_ascii=False)}
            yield {"event": "done", "data": json.dumps(out, ensure_ascii=False)}

        return EventSourceResponse(events())

    @app.get("/v1/documents")
    def list_documents(suite: str | None = None) -> dict[str, Any]:
        service = service_of(suite)
        return {"suite": service.suite.name, "documents": service.documents()}

    @app.post("/v1/documents")
    async def upload(file: Annotated[UploadFile, File()], sidecar: Annotated[UploadFile | None, File()] = None,
                     suite: Annotated[str | None, Form()] = None) -> Any:
        service = service_of(suite)
        data = await _read_limited(file, max_upload_bytes)
        side = await _read_limited(sidecar, 64 * 1024) if sidecar is not None else None
        if data is None or (sidecar is not None and side is None):
            return JSONResponse({"detail": f"upload over the {max_upload_bytes} byte limit"}, status_code=413)
        try:
            return await run_in_threadpool(service.upload, file.filename or "", data, side)
        except UploadError as exc:
            raise HTTPException(400, str(exc)) from exc
        except Exception as exc:   # a sidecar that does not validate, a file that does not load
            raise HTTPException(422, f"{type(exc).__name__}: {exc}") from exc

    @app.delete("/v1/documents/{doc_id:path}")
    async def delete(doc_id: str, suite: str | None = None) -> Any:
        service = service_of(suite)
        out = await run_in_threadpool(service.delete, doc_id)
        if out is None:
            raise HTTPException(404, f"no document {doc_id!r}")
        return out

    return app


async def _read_limited(upload: Any, limit: int) -> bytes | None:
    """The upload's bytes, or None once it passes ``limit`` (read in 1 MB pieces)."""
    out = bytearray()
    while True:
        piece = await upload.read(1 << 20)
        if not piece:
            return bytes(out)
        out += piece
        if len(out) > limit:
            return None


def build_services(config_path: Path, suite_names: list[str] | None) -> dict[str, SuiteService]:
    from rag.errors import InputError

    prepared = prepare(config_path, only=suite_names, scoring=False, progress=False)
    suites = [s for s in prepared.suites() if s.mode == "full"]
    if not suites:
        raise InputError(f"{config_path} has no question-answering suite to serve", field="--suite")
    return {s.name: SuiteService(s, prepared) for s in suites}
