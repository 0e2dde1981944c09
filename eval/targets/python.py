"""``target: python``: an in-process function — a LangChain chain, a notebook's pipeline.

```yaml
target: {name: python, params: {function: my_rag.app:answer}}     # or path/to/file.py:answer
```

The function is called with one :class:`~eval.targets.base.Ask` (question, history,
identity, case id, suite, language) and returns a :class:`~eval.targets.base.Reply`, or a
mapping read like an ``http`` target's JSON reply (``answer``, ``refused`` or ``behaviour``,
``contexts`` [{text, doc_id, chunk_id, score}], ``citations``, ``ranking``, ``usage``; a key
left out is a field the target does not return). An exception it raises is a per-case
``target_error``, never a crash; with ``concurrency`` > 1 it is called from several threads.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from eval.targets.base import Ask, BoundTarget, Reply, TargetError, targets
from eval.targets.mapping import ResponseMap, to_reply
from rag.errors import ConfigError

# a mapping reply uses these keys, and leaves out what it does not return
_KEYS = ResponseMap(contexts="contexts", citations="citations", ranking="ranking", usage="usage",
                    behaviour="behaviour", refused="refused")


def load_function(ref: str) -> Callable[..., Any]:
    """``package.module:function`` or ``path/to/file.py:function``."""
    where, sep, name = ref.rpartition(":")
    if not sep or not where or not name:
        raise ConfigError(f"{ref!r} is not module:function or file.py:function", field="target.params.function")
    try:
        if where.endswith(".py"):
            path = Path(where).resolve()
            if not path.is_file():
                raise ConfigError(f"{where} does not exist", field="target.params.function")
            spec = importlib.util.spec_from_file_location(f"ragbench_target_{path.stem}", path)
            module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
            sys.modules[spec.name] = module  # type: ignore[union-attr]
            spec.loader.exec_module(module)  # type: ignore[union-attr]
        else:
            module = importlib.import_module(where)
    except ConfigError:
        raise
    except Exception as exc:  # the user's module failed to import: say so, with the cause
        raise ConfigError(f"cannot import {where}: {type(exc).__name__}: {exc}", field="target.params.function") from exc
    fn = getattr(module, name, None)
    if not callable(fn):
        raise ConfigError(f"{where} has no function {name!r}", field="target.params.function")
    return fn


class Python:
    kind = "python"

    def __init__(self, fn: Callable[[Ask], Any]) -> None:
        self.fn = fn

    def bind(self, suite: Any, index: Any) -> BoundTarget:
        return self.call

    def call(self, ask: Ask) -> Reply:
        try:
            out = self.fn(ask)
        except Exception as exc:
            raise TargetError(f"{type(exc).__name__}: {exc}", traceback.format_exc()) from exc
        if isinstance(out, Reply):
            return out
        if isinstance(out, str):
            return Reply(answer=out, behaviour="answered")
        if not isinstance(out, dict):
            raise TargetError(f"the function returned {type(out).__name__}, not a Reply or a mapping", repr(out))
        fields: dict[str, Any] = {"contexts": None, "citations": None, "ranking": None, "usage": None}
        fields.update({k: getattr(_KEYS, k) for k in (*fields, "behaviour", "refused") if k in out})
        mapping = ResponseMap(**fields)
        return to_reply(out, mapping, repr(out)[:4000])

    def counters(self) -> dict[str, dict[str, int]]:
        return {}

    def close(self) -> None: ...


@targets.register("python", version="1")
def python(*, function: str) -> Python:
    """Call ``module:function`` (or ``file.py:function``) once per case."""
    return Python(load_function(function))
