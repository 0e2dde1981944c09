"""The ragbench exception hierarchy.

::

    RagbenchError
    ├── InputError              bad user input: config, suite, sidecar, CLI value   (exit 2)
    │   ├── ConfigError         a config or suite file failed validation
    │   └── UnknownComponentError  a component name no registry knows
    ├── MissingDependencyError  an optional package is not installed              (exit 2)
    ├── DocumentLoadError       one corpus file could not be loaded (reported, skipped)
    └── InfrastructureError     something outside the user's input failed          (exit 3)
        └── EndpointError       an HTTP model endpoint failed
            └── EndpointAuthError  401 / 403 from an endpoint

Third-party exceptions are wrapped with ``raise ... from exc`` so the cause stays visible.
"""

from __future__ import annotations


class RagbenchError(Exception):
    """Base class of every error ragbench raises on purpose."""

    exit_code = 1


class InputError(RagbenchError):
    """The user's input is wrong. Names the file, line and field when they are known."""

    exit_code = 2

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        field: str | None = None,
    ) -> None:
        self.message = message
        self.file = file
        self.line = line
        self.field = field
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = self.file + (f":{self.line}" if self.line else "") + ": "
        what = f"{self.field}: " if self.field else ""
        return f"{where}{what}{self.message}"


class ConfigError(InputError):
    """A config or suite file failed validation."""


class UnknownComponentError(InputError):
    """A component name that its registry does not know."""


class MissingDependencyError(RagbenchError):
    """An optional package a component needs is not installed."""

    exit_code = 2


class DocumentLoadError(RagbenchError):
    """One corpus file could not be loaded. Ingest reports it and carries on."""


class InfrastructureError(RagbenchError):
    """Something outside the user's input failed: an endpoint, a store, a killed worker."""

    exit_code = 3


class EndpointError(InfrastructureError):
    """An HTTP model endpoint failed after retries."""


class EndpointAuthError(EndpointError):
    """The endpoint refused the credentials (401/403). Retrying will not help."""
