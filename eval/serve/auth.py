"""Who is asking, for ``ragbench serve``: identities come from credentials, never from a header
anyone can send.

- **Tokens.** ``--tokens FILE`` (YAML: a list of ``{token_sha256, identity, admin}``; the file holds
  hashes, never a token) and the environment variable ``RAGBENCH_SERVE_TOKENS``
  (``identity:token,…``; ``admin:token`` for the admin role) map a bearer token
  (``Authorization: Bearer …``) to one of the suite's identities. A token that matches nothing
  is a 401.
- **No token: least privilege.** A request without a token asks as ``anonymous`` — no
  department, clearance 0: only public documents — never as "everyone".
- **The admin role** (the operator) sees every document, and may ask as any of the suite's
  identities by naming it in ``X-Ragbench-Identity`` — how ``configs/http-serve.yaml`` evaluates
  a served suite case by case. **Writes need the admin role** and the custom header ``X-Ragbench-Request: 1``, which a
  cross-site form cannot send (no preflight-free request may carry it): uploads and deletes are
  refused otherwise.
- **Proxy mode** (``--trust-identity-header``): an authenticating proxy in front sets
  ``X-Ragbench-Identity``, and it is believed. Anyone who can reach the server directly can then
  claim any identity: bind it to the loopback or a private network only the proxy reaches.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rag.errors import ConfigError
from rag.types import Identity

TOKENS_ENV = "RAGBENCH_SERVE_TOKENS"
ADMIN = "admin"
WRITE_HEADER = "X-Ragbench-Request"
ANONYMOUS = Identity("anonymous", (), 0)


class TokenEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    token_sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    identity: str | None = None      # one of the suite's identities; None: sees what anonymous sees
    admin: bool = False              # may upload and delete


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Caller:
    identity: Identity | None
    admin: bool = False
    name: str = "anonymous"


@dataclass
class Auth:
    entries: dict[str, TokenEntry] = field(default_factory=dict)    # sha256 → entry
    trust_header: bool = False

    @property
    def configured(self) -> bool:
        return bool(self.entries)

    def caller(self, authorization: str | None, header_identity: str | None, identities: dict[str, Any],
               to_identity: Any) -> Caller:
        """The caller of one request; raises PermissionError (401) or LookupError (403)."""
        if authorization:
            scheme, _, token = authorization.partition(" ")
            if scheme.lower() != "bearer" or not token.strip():
                raise PermissionError("use Authorization: Bearer TOKEN")
            wanted = digest(token.strip())
            entry = next((e for h, e in self.entries.items() if hmac.compare_digest(h, wanted)), None)
            if entry is None:
                raise PermissionError("unknown token")
            if entry.admin:   # the operator: sees everything, or asks as the identity it names (an evaluation)
                if header_identity:
                    if header_identity not in identities:
                        raise LookupError(f"unknown identity {header_identity!r}")
                    return Caller(to_identity(header_identity), True, header_identity)
                return Caller(None, True, ADMIN)
            if entry.identity is None:
                return Caller(ANONYMOUS, False, "anonymous")
            if entry.identity not in identities:
                raise LookupError(f"the token's identity {entry.identity!r} is not one of this suite's")
            return Caller(to_identity(entry.identity), entry.admin, entry.identity)
        if self.trust_header and header_identity:
            if header_identity not in identities:
                raise LookupError(f"unknown identity {header_identity!r}")
            return Caller(to_identity(header_identity), False, header_identity)
        return Caller(ANONYMOUS)


def load_auth(tokens_file: Path | None, trust_header: bool, env: dict[str, str] | None = None) -> Auth:
    """Tokens from the file (hashes) and from ``RAGBENCH_SERVE_TOKENS`` (``identity:token,…``)."""
    entries: dict[str, TokenEntry] = {}
    if tokens_file is not None:
        from rag._yaml import load_yaml

        doc = load_yaml(tokens_file)
        if not isinstance(doc.data, list):
            raise doc.error("a tokens file is a list of {token_sha256, identity, admin}")
        for i, row in enumerate(doc.data):
            entry = doc.validate(TokenEntry, row, loc=[i])
            entries[entry.token_sha256] = entry
    raw = (os.environ if env is None else env).get(TOKENS_ENV, "")
    for i, pair in enumerate(p for p in raw.split(",") if p.strip()):
        name, sep, token = pair.strip().partition(":")
        if not sep or not token:
            raise ConfigError(f"entry {i + 1} of ${TOKENS_ENV} is not identity:token", field=TOKENS_ENV)
        admin = name == ADMIN
        entries[digest(token)] = TokenEntry(token_sha256=digest(token), identity=None if admin else name, admin=admin)
    return Auth(entries, trust_header)


def check_binding(host: str, auth: Auth) -> None:
    """A server reachable from other machines needs tokens; proxy mode, a loopback address."""
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host == "localhost"
    if not loopback and not auth.configured:
        raise ConfigError(f"--host {host} is reachable from other machines: configure tokens (--tokens FILE or "
                          f"${TOKENS_ENV}) first", field="--host")
