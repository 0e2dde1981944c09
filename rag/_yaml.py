"""YAML that remembers line numbers, so errors can name the line of a bad field."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pydantic
import yaml

from rag.errors import ConfigError


@dataclass(frozen=True)
class YamlDoc:
    path: Path
    data: Any
    root: yaml.Node | None

    def line_of(self, loc: Sequence[str | int]) -> int | None:
        """1-based line of the deepest node on ``loc`` that exists in the file."""
        node = self.root
        line = node.start_mark.line + 1 if node is not None else None
        for key in loc:
            if isinstance(node, yaml.MappingNode):
                match = next((v for k, v in node.value if k.value == str(key)), None)
                if match is None:
                    break
                node = match
            elif isinstance(node, yaml.SequenceNode) and str(key).isdigit():
                if int(key) >= len(node.value):
                    break
                node = node.value[int(key)]
            else:
                break
            line = node.start_mark.line + 1
        return line

    def error(self, message: str, loc: Sequence[str | int] = ()) -> ConfigError:
        field = ".".join(str(p) for p in loc) or None
        return ConfigError(message, file=str(self.path), line=self.line_of(loc), field=field)

    def validate(self, model: type[pydantic.BaseModel], data: Any | None = None, *,
                 loc: Sequence[str | int] = ()) -> Any:
        """Validate into ``model``; the first error becomes a ConfigError naming file and line."""
        try:
            return model.model_validate(self.data if data is None else data)
        except pydantic.ValidationError as exc:
            err = exc.errors()[0]
            full = [*loc, *(p for p in err["loc"] if not str(p).startswith("function-"))]
            raise self.error(_message(err), full) from exc


def _message(err: dict[str, Any]) -> str:
    if err["type"] == "extra_forbidden":
        return "unknown field"
    if err["type"] == "missing":
        return "required field is missing"
    return err["msg"]


MAX_NODES = 1_000_000   # a YAML document's size with every alias expanded (an alias bomb is refused)


def expanded_size(node: yaml.Node | None) -> int:
    """How many nodes the document has once every alias is expanded, counted on the composed
    graph (an alias is the same node object): linear in the file, however deep the aliases."""
    memo: dict[int, int] = {}

    def size(n: yaml.Node) -> int:
        if id(n) in memo:
            return memo[id(n)]
        memo[id(n)] = 1   # a cycle counts once
        total = 1
        if isinstance(n, yaml.SequenceNode):
            total += sum(size(c) for c in n.value)
        elif isinstance(n, yaml.MappingNode):
            total += sum(size(k) + size(v) for k, v in n.value)
        memo[id(n)] = min(total, MAX_NODES + 1)
        return memo[id(n)]

    return 0 if node is None else size(node)


def first_duplicate_key(node: yaml.Node | None) -> tuple[str, int] | None:
    """The first key that appears twice in one mapping, with its line (PyYAML keeps the last)."""
    seen: set[int] = set()
    stack = [node] if node is not None else []
    while stack:
        n = stack.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        if isinstance(n, yaml.MappingNode):
            keys: set[str] = set()
            for k, v in n.value:
                if isinstance(k, yaml.ScalarNode) and k.tag != "tag:yaml.org,2002:merge":
                    if k.value in keys:
                        return k.value, k.start_mark.line + 1
                    keys.add(k.value)
                stack += [k, v]
        elif isinstance(n, yaml.SequenceNode):
            stack += n.value
    return None


def load_yaml(path: str | Path) -> YamlDoc:
    """Read a YAML file safely; a syntax error names the file and line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise ConfigError("file not found", file=str(path)) from exc
    except UnicodeDecodeError as exc:
        raise ConfigError("file is not UTF-8", file=str(path)) from exc
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        size = expanded_size(root)
        duplicate = first_duplicate_key(root)
        if duplicate is not None:   # "department: hr" then "department: null": never guess which one holds
            raise ConfigError(f"key {duplicate[0]!r} appears twice in one mapping", file=str(path), line=duplicate[1])
        if size > MAX_NODES:   # checked on the composed graph, before anything is expanded
            raise ConfigError(f"the YAML expands to {size} nodes through its aliases (limit {MAX_NODES})",
                              file=str(path))
        data = yaml.safe_load(text)
    except RecursionError as exc:
        raise ConfigError("the YAML is nested too deeply", file=str(path)) from exc
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise ConfigError(
            f"YAML syntax error: {exc.problem}",
            file=str(path),
            line=mark.line + 1 if mark else None,
        ) from exc
    return YamlDoc(path, data, root)


def load_mapping(path: str | Path, model: type[pydantic.BaseModel], what: str) -> tuple[YamlDoc, Any]:
    """A YAML file that must be a mapping, validated into ``model``: the document (for errors
    naming lines later) and the model."""
    doc = load_yaml(path)
    if not isinstance(doc.data, dict):
        raise doc.error(f"a {what} must be a mapping")
    return doc, doc.validate(model)
