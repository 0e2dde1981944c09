"""``ragbench serve CONFIG [--suite S] [--host H] [--port P]``: the reference pipeline over HTTP."""

from __future__ import annotations

import sys
from pathlib import Path

from rag._lazy import require


def serve_command(config: Path, suites: list[str], host: str, port: int, max_upload_mb: float,
                  tokens: Path | None = None, trust_identity_header: bool = False) -> int:
    uvicorn = require("uvicorn", pip="'ragbench[serve]'")
    require("fastapi", pip="'ragbench[serve]'")
    require("sse_starlette", pip="'ragbench[serve]'")
    from eval.serve.app import build_services, create_app
    from eval.serve.auth import check_binding, load_auth

    auth = load_auth(tokens, trust_identity_header)
    check_binding(host, auth)          # before anything is built: nothing half-started
    services = build_services(config, suites or None)
    app = create_app(services, int(max_upload_mb * 1024 * 1024), auth)
    print(f"ragbench serve: {', '.join(services)} on http://{host}:{port} (POST /v1/ask, /v1/ask/stream)",
          file=sys.stderr, flush=True)
    # h11, not httptools: it bounds a request's headers (64 KB here), httptools does not
    uvicorn.run(app, host=host, port=port, log_level="warning", http="h11", h11_max_incomplete_event_size=64 * 1024)
    return 0
