"""The HTTP API of ``ragbench serve`` (imported only by that command: FastAPI is an extra) (the rag-qa seed's API).

- ``POST /v1/ask`` — ``{question, history?, suite?}`` in; the answer frame out: answer,
  behaviour and ``refused``, ``sources`` (the context, numbered), ``citations``, the document
  ``ranking``, the decision and usage.
- ``POST /v1/ask/stream`` — the same as Server-Sent Events: ``sources`` (sources and ranking),
  then ``delta`` events (``{"text": …}``), then ``done`` (the whole frame); ``error`` on failure.
- ``GET /v1/documents``, ``POST /v1/documents`` (multipart ``file`` and an optional
  ``sidecar``; ``?suite=``), ``DELETE /v1/documents/{id}``.
- ``GET /healthz``.

Who asks is decided by :mod:`eval.serve.auth`: a bearer token names an identity (an unknown
token is a 401); without one the request asks as ``anonymous`` (public documents only). Only
the admin role may upload or delete, with the ``X-Ragbench-Request: 1`` header besides. Every
body is bounded while it streams (chunked included); validation errors never echo the input and
error bodies never carry server paths.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, File, Form, Header, HTTPException, Request, UploadFile
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, field_validator
from sse_starlette import EventSourceResponse

from eval.prepare import prepare
from eval.serve.auth import WRITE_HEADER, Auth, Caller
from eval.serve.service import SharedFileError, SuiteService, UploadError
from eval.suites import Turn
from eval.targets.builtin import context_rows, ranking_of
from rag.errors import RagbenchError
from rag.types import DECLINING

IDENTITY_HEADER = "X-Ragbench-Identity"   # believed only with --trust-identity-header (a proxy sets it)


ASK_BODY_LIMIT = 256 * 1024      # bytes of a /v1/ask body
SIDECAR_LIMIT = 64 * 1024


class AskBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    question: str = Field(min_length=1, max_length=4000)
    history: list[Turn] = Field(default=[], max_length=20)
    suite: str | None = None

    @field_validator("question")
    @classmethod
    def _encodable(cls, value: str) -> str:
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ValueError("the question is not valid Unicode text (a lone surrogate)") from exc
        return value

    @field_validator("history")
    @classmethod
    def _short_turns(cls, turns: list[Turn]) -> list[Turn]:
        if any(len(t.content) > 4000 for t in turns):
            raise ValueError("a history turn is longer than 4000 characters")
        try:
            for t in turns:
                t.content.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ValueError("a history turn is not valid Unicode text") from exc
        return turns


class BodyLimit:
    """Refuses a request body over its limit while it streams — Content-Length or chunked — so
    nothing over the limit is read into memory or spooled to disk."""

    def __init__(self, app: Any, limit_of: Any) -> None:
        self.app, self.limit_of = app, limit_of

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        limit = self.limit_of(scope["path"])
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and length.isdigit() and int(length) > limit:
            await _too_large(send, limit)
            return
        seen = 0
        refused = False

        async def counted() -> Any:
            nonlocal seen, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:   # answer now, and tell the app the client has gone: it reads no further
                    refused = True
                    await _too_large(send, limit)
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: Any) -> None:
            if not refused:   # the 413 has been sent: whatever the app says afterwards is dropped
                await send(message)

        try:
            await self.app(scope, counted, guarded_send)
        except Exception:
            if not refused:
                raise


async def _too_large(send: Any, limit: int) -> None:
    body = json.dumps({"detail": f"request body over the {limit} byte limit"}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def frame_json(frame: Any, retrieval: Any) -> dict[str, Any]:
    from dataclasses import asdict

    return {"question": frame.question, "answer": frame.answer, "behaviour": frame.behaviour,
            "refused": frame.behaviour in DECLINING, "sources": context_rows(frame.context),
            "citations": [asdict(c) for c in frame.citations],
            "source_cards": [asdict(s) for s in frame.sources],
            "ranking": [[d, s] for d, s in ranking_of(retrieval.candidates)],
            "decision": frame.decision.as_record(), "usage": dict(frame.usage), "asked_as": frame.asked_as,
            "route": frame.route}


def pieces(text: str) -> list[str]:
    """The answer in stream-sized pieces (clauses), joined back exactly."""
    parts = re.findall(r".+?(?:[。！？；，,.!?;](?:\s+|$)|\n+|$)", text, flags=re.S)
    return [p for p in parts if p] or ([text] if text else [])


def create_app(services: dict[str, SuiteService], max_upload_bytes: int, auth: Auth | None = None) -> FastAPI:
    auth = auth or Auth()
    app = FastAPI(title="ragbench serve", version="1")
    app.add_middleware(BodyLimit, limit_of=lambda path: max_upload_bytes + SIDECAR_LIMIT + 64 * 1024
                       if path == "/v1/documents" else ASK_BODY_LIMIT)
    default = next(iter(services))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        """What was wrong and where, never the input itself (a 1 M-character question is not echoed)."""
        return JSONResponse({"detail": [{"loc": [_short(str(part)) for part in e.get("loc", ())][:6],
                                         "msg": str(e.get("msg", ""))[:200]} for e in exc.errors()[:5]]},
                            status_code=422)

    @app.exception_handler(Exception)
    async def failed(request: Request, exc: Exception) -> JSONResponse:
        """An unexpected failure: no class names, messages or paths of the server go back."""
        return JSONResponse({"detail": "internal error"}, status_code=500)

    def caller_of(service: SuiteService, authorization: str | None, header_identity: str | None) -> Caller:
        try:
            return auth.caller(authorization, header_identity, service.suite.spec.identities, service.suite.identity)
        except PermissionError as exc:
            raise HTTPException(401, str(exc), headers={"WWW-Authenticate": "Bearer"}) from exc
        except LookupError as exc:
            raise HTTPException(403, _short(str(exc), 120)) from exc

    def writer(service: SuiteService, request: Request) -> Caller:
        caller = caller_of(service, request.headers.get("authorization"), None)
        if not request.headers.get("authorization"):
            raise HTTPException(401, "uploads and deletes need an admin token", headers={"WWW-Authenticate": "Bearer"})
        if not caller.admin:
            raise HTTPException(403, "uploads and deletes need the admin role")
        if request.headers.get(WRITE_HEADER) != "1":
            raise HTTPException(403, f"uploads and deletes need the {WRITE_HEADER}: 1 header")
        return caller

    def service_of(name: str | None) -> SuiteService:
        if name is None:
            return services[default]
        if name not in services:
            raise HTTPException(404, f"no suite {_short(name)!r} is served")
        return services[name]

    def ask(body: AskBody, caller: Caller) -> tuple[Any, Any]:
        service = service_of(body.suite)
        identity = caller.identity
        pipeline = service.current.pipeline
        retrieval = pipeline.retrieve(body.question, identity, history=[t.model_dump() for t in body.history])
        return pipeline.answer(retrieval), retrieval

    @app.get("/healthz")
    def healthz(authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Up or not; the admin also gets each suite's document and chunk counts (anyone else
        would learn that documents they may not see exist)."""
        caller = caller_of(services[default], authorization, None)
        if not caller.admin:
            return {"status": "ok"}
        return {"status": "ok", "suites": {name: {"documents": len(s.current.index.doc_metadata),
                                                  "chunks": len(s.current.index.chunks)}
                                           for name, s in services.items()}}

    @app.post("/v1/ask")
    def ask_json(body: AskBody, authorization: Annotated[str | None, Header()] = None,
                 x_ragbench_identity: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        caller = caller_of(service_of(body.suite), authorization, x_ragbench_identity)
        frame, retrieval = ask(body, caller)
        return frame_json(frame, retrieval)

    @app.post("/v1/ask/stream")
    async def ask_stream(body: AskBody, authorization: Annotated[str | None, Header()] = None,
                         x_ragbench_identity: Annotated[str | None, Header()] = None) -> Any:
        caller = caller_of(service_of(body.suite), authorization, x_ragbench_identity)   # 401/403 before the stream

        async def events() -> Any:
            try:
                frame, retrieval = await run_in_threadpool(ask, body, caller)
            except Exception:  # the stream has started: report the failure as an event, without server details
                yield {"event": "error", "data": json.dumps({"message": "internal error"})}
                return
            out = frame_json(frame, retrieval)
            yield {"event": "sources", "data": json.dumps({"sources": out["sources"], "ranking": out["ranking"]},
                                                          ensure_ascii=False)}
            for piece in pieces(frame.answer):
                yield {"event": "delta", "data": json.dumps({"text": piece}, ensure_ascii=False)}
            yield {"event": "done", "data": json.dumps(out, ensure_ascii=False)}

        return EventSourceResponse(events())

    @app.get("/v1/documents")
    def list_documents(suite: str | None = None, authorization: Annotated[str | None, Header()] = None,
                       x_ragbench_identity: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        service = service_of(suite)
        caller = caller_of(service, authorization, x_ragbench_identity)
        return {"suite": service.suite.name, "documents": service.documents(None if caller.admin else caller.identity)}

    @app.post("/v1/documents")
    async def upload(request: Request, file: Annotated[UploadFile, File()],
                     sidecar: Annotated[UploadFile | None, File()] = None,
                     suite: Annotated[str | None, Form()] = None) -> Any:
        writer(services[default], request)     # who may write, before anything about the suite is said
        service = service_of(suite)
        data = await _read_limited(file, max_upload_bytes)
        side = await _read_limited(sidecar, SIDECAR_LIMIT) if sidecar is not None else None
        if data is None:
            return JSONResponse({"detail": f"upload over the {max_upload_bytes} byte limit"}, status_code=413)
        if sidecar is not None and side is None:
            return JSONResponse({"detail": f"sidecar over the {SIDECAR_LIMIT} byte limit"}, status_code=413)
        try:
            return await run_in_threadpool(service.upload, file.filename or "", data, side)
        except UploadError as exc:
            raise HTTPException(400, str(exc)) from exc
        except RagbenchError as exc:   # a sidecar that does not validate, a file that does not load
            raise HTTPException(422, exc.message if hasattr(exc, "message") else "the document was refused") from exc

    @app.delete("/v1/documents/{doc_id:path}")
    async def delete(request: Request, doc_id: str, suite: str | None = None) -> Any:
        writer(services[default], request)
        service = service_of(suite)
        try:
            out = await run_in_threadpool(service.delete, doc_id)
        except SharedFileError as exc:
            raise HTTPException(409, _short(str(exc), 200)) from exc
        if out is None:
            raise HTTPException(404, f"no document {_short(doc_id)!r}")
        return out

    return app


def _short(text: str, limit: int = 60) -> str:
    """An input named in an error: never more than ``limit`` characters of it."""
    return text if len(text) <= limit else text[:limit] + "…"


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
