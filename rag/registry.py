"""One generic registry, one instance per component kind.

A component is a *factory*: its keyword arguments are its config, and what it returns is the
runtime object. YAML names a component as ``{name: ..., params: {...}}`` or a bare name; a name
of the form ``"package.module:factory"`` imports a user's own factory lazily. Unknown names and
unknown parameters fail with a did-you-mean list of what exists.
"""

from __future__ import annotations

import difflib
import importlib
import inspect
import os
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import pydantic
from pydantic import BaseModel, ConfigDict, model_validator

from rag.errors import ConfigError, UnknownComponentError

T = TypeVar("T")

__all__ = ["ComponentSpec", "Entry", "Registry"]


class ComponentSpec(BaseModel):
    """A component chosen by name, with its parameters. A bare string means no parameters."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    params: dict[str, Any] = {}

    @model_validator(mode="before")
    @classmethod
    def _bare_name(cls, value: Any) -> Any:
        return {"name": value} if isinstance(value, str) else value

    def __str__(self) -> str:
        if not self.params:
            return self.name
        inner = ", ".join(f"{k}={v!r}" for k, v in sorted(self.params.items()))
        return f"{self.name}({inner})"


@dataclass(frozen=True)
class Entry:
    """A registered factory and what is known about it without calling it."""

    name: str
    factory: Callable[..., Any]
    version: str
    info: dict[str, Any] = field(default_factory=dict)

    def parameters(self) -> dict[str, inspect.Parameter]:
        sig = inspect.signature(self.factory)
        return {
            n: p
            for n, p in sig.parameters.items()
            if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)
        }

    def accepts_any(self) -> bool:
        sig = inspect.signature(self.factory)
        return any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values())


class Registry(Generic[T]):
    """Named factories of one component kind.

    ``package`` is imported on first lookup, so that the modules which register themselves
    with decorators are loaded only when a component of this kind is actually needed.
    """

    def __init__(self, kind: str, package: str | None = None) -> None:
        self.kind = kind
        self._package = package
        self._entries: dict[str, Entry] = {}
        self._aliases: dict[str, str] = {}
        self._loaded = package is None

    def register(
        self, name: str, *, version: str = "1", aliases: Iterable[str] = (), **info: Any
    ) -> Callable[[Callable[..., T]], Callable[..., T]]:
        """Decorator: register ``factory`` under ``name``. ``version`` enters index keys."""

        def decorate(factory: Callable[..., T]) -> Callable[..., T]:
            for key in (name, *aliases):
                if key in self._entries or key in self._aliases:
                    raise ValueError(f"{self.kind} {key!r} is registered twice")
            validated = pydantic.validate_call(factory)
            self._entries[name] = Entry(name, validated, version, dict(info))
            for alias in aliases:
                self._aliases[alias] = name
            return factory

        return decorate

    def _ensure_loaded(self) -> None:
        if not self._loaded:
            self._loaded = True
            importlib.import_module(self._package)  # type: ignore[arg-type]

    def names(self) -> list[str]:
        self._ensure_loaded()
        return sorted(self._entries)

    def entries(self) -> list[Entry]:
        self._ensure_loaded()
        return [self._entries[n] for n in sorted(self._entries)]

    def __contains__(self, name: str) -> bool:
        self._ensure_loaded()
        return name in self._entries or name in self._aliases

    def get(self, name: str) -> Entry:
        """The entry for ``name``; a ``module:attr`` name imports a user's factory."""
        self._ensure_loaded()
        name = self._aliases.get(name, name)
        if name in self._entries:
            return self._entries[name]
        if ":" in name:
            return self._import_external(name)
        raise UnknownComponentError(self._unknown_message(name), field=self.kind)

    def _unknown_message(self, name: str) -> str:
        known = sorted(self._entries) + sorted(self._aliases)
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        return f"unknown {self.kind} {name!r}{hint} (known: {', '.join(sorted(self._entries))})"

    def _import_external(self, name: str) -> Entry:
        module_name, _, attr = name.partition(":")
        try:
            factory = getattr(importlib.import_module(module_name), attr)
        except (ImportError, AttributeError) as exc:
            raise UnknownComponentError(
                f"cannot import {self.kind} {name!r}: {exc}", field=self.kind
            ) from exc
        version = str(getattr(factory, "version", "external"))
        return Entry(name, pydantic.validate_call(factory), version)

    def check(self, spec: ComponentSpec, *, field_path: str = "") -> Entry:
        """Validate a spec's name, parameter names and parameter values (against the factory's
        annotations) without building the component."""
        try:
            entry = self.get(spec.name)
        except UnknownComponentError as exc:
            exc.field = f"{field_path}.name" if field_path else "name"
            raise
        if not entry.accepts_any():
            params = entry.parameters()
            for key in spec.params:
                if key not in params:
                    close = difflib.get_close_matches(key, list(params), n=1, cutoff=0.6)
                    hint = f"; did you mean {close[0]!r}?" if close else ""
                    raise ConfigError(
                        f"{self.kind} {entry.name!r} has no parameter {key!r}{hint} "
                        f"(accepted: {', '.join(params) or 'none'})",
                        field=f"{field_path}.params.{key}" if field_path else f"params.{key}",
                    )
        self._check_values(entry, spec, field_path)
        return entry

    def _check_values(self, entry: Entry, spec: ComponentSpec, field_path: str) -> None:
        """Each given parameter value against its annotation, as building would check it
        (``scatter_scope: Prose`` is an error when the config is loaded, not when it runs)."""
        try:
            hints = typing.get_type_hints(inspect.unwrap(entry.factory), include_extras=True)
        except Exception:   # noqa: BLE001 — an annotation only a type checker can resolve: left to build()
            return
        for key, value in spec.params.items():
            if key not in hints:
                continue
            try:
                adapter: pydantic.TypeAdapter[Any] = pydantic.TypeAdapter(hints[key])
            except pydantic.PydanticSchemaGenerationError:
                continue
            try:
                adapter.validate_python(value)
            except pydantic.ValidationError as exc:
                err = exc.errors()[0]
                raise ConfigError(f"{self.kind} {entry.name!r}: {err['msg']}",   # never the value: it may be a secret
                                  field=f"{field_path}.params.{key}" if field_path else f"params.{key}") from exc

    def build(self, spec: ComponentSpec | str, *, field_path: str = "", **extra: Any) -> T:
        """Build the component. ``extra`` are runtime arguments the pipeline supplies."""
        spec = ComponentSpec.model_validate(spec)
        entry = self.check(spec, field_path=field_path)
        try:
            return entry.factory(**spec.params, **extra)
        except ConfigError as exc:
            # a factory names its field from where its kind usually stands ("chat_model.params.base_url"); built
            # elsewhere (a judge's model, the answerability reader) the field is named from there
            if field_path and exc.field and exc.field.startswith(f"{self.kind}.") and field_path != self.kind:
                raise ConfigError(exc.message, file=exc.file, line=exc.line,
                                  field=field_path + exc.field[len(self.kind):]) from exc
            raise
        except pydantic.ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            raise ConfigError(
                f"{self.kind} {entry.name!r}: {err['msg']}",
                field=f"{field_path}.params.{where}" if field_path else f"params.{where}",
            ) from exc

    def describe(self, spec: ComponentSpec | str) -> dict[str, Any]:
        """Canonical form of a spec: name, version, and every parameter with defaults filled.

        Two specs that build the same component describe the same, so index keys do not
        change when a user spells out a default.
        """
        spec = ComponentSpec.model_validate(spec)
        entry = self.check(spec)
        params: dict[str, Any] = {}
        for pname, param in entry.parameters().items():
            if param.default is not inspect.Parameter.empty:
                params[pname] = param.default
        params.update(spec.params)
        out = {"kind": self.kind, "name": entry.name, "version": entry.version, "params": params}
        # A parameter left unset that the component reads from the environment instead
        # (``env={"base_url": "OPENAI_BASE_URL"}``) is described by the value it will take.
        fallback = {p: os.environ.get(var) for p, var in entry.info.get("env", {}).items() if params.get(p) is None}
        if fallback:
            out["env"] = fallback
        return out
