"""The one assembly point: a config made ready to run, and the pipelines built from it.

Every entry point — run, sweep, tune, gate, calibrate, fit-fusion, ask, serve, index — goes
through :func:`prepare`, and nothing else in ``eval/`` builds an ``Indexer``, a chat model, a
candidate cache or a ``Pipeline``. :func:`prepare`:

1. loads and validates the config (or takes one a sweep or tune already validated);
2. fits — or loads, when its key matches — a ``fusion: learned`` that names no model yet, once,
   as an explicit step (:mod:`eval.fit.fusion`), warning when the run scores the split it was
   fitted on;
3. hands out the config's suites (:meth:`Prepared.suites`), their indexes
   (:meth:`Prepared.index`) and pipelines (:meth:`Prepared.pipeline_for`), every cache in the
   :class:`~eval.workspace.Workspace`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from eval.config import RunConfig, load_config, load_suites, reader_spec
from eval.fit.fusion import fit_fusion
from eval.suites import Suite
from eval.workspace import Workspace
from rag.candidates import CandidateCache
from rag.chat import CachedChat, ChatModel, chat_models
from rag.indexing import Indexer, IndexReport
from rag.pipeline import Pipeline
from rag.registry import ComponentSpec


def stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


@dataclass
class Parts:
    """What the pipelines of one run share across its suites: the chat model behind its
    request-hash cache, and the candidate cache. Their counters go into the run log."""

    chat: ChatModel | None
    candidates: CandidateCache
    reader: ChatModel | None = None   # the answerability reader's model, behind the same cache

    def counters(self) -> dict[str, dict[str, int]]:
        out = {"candidates": {"hits": self.candidates.hits, "misses": self.candidates.misses}}
        if self.chat is not None:
            out["chat"] = {"hits": self.chat.hits, "misses": self.chat.misses}  # type: ignore[attr-defined]
        return out

    def close(self) -> None:
        self.candidates.flush()


@dataclass(frozen=True)
class Prepared:
    """A validated config, ready to run: where it came from, which of its suites and splits to
    use, and the workspace its caches live in. ``repeat`` > 0 is a repeat of a noisy target:
    its model calls are not replayed from repeat 0's cache entries."""

    config: RunConfig
    path: Path                                  # the config file: suites are relative to it
    workspace: Workspace
    overrides: tuple[str, ...] = ()
    splits: list[str] | None = None             # only these splits' cases (None: all)
    only: list[str] | None = None               # only these suites (None: all)
    loaded: list[Suite] | None = None           # the suites, already read (a tune reads its fit split once)
    repeat: int = 0
    say: Callable[[str], None] = field(default=stderr, compare=False)   # fits and warnings
    progress: bool = True                       # the indexer says each slow step (loading, embedding)

    def with_config(self, config: RunConfig) -> Prepared:
        return replace(self, config=config, loaded=None)

    def again(self, repeat: int) -> Prepared:
        """The same config prepared for a repeat of a noisy target."""
        return replace(self, repeat=repeat)

    def suites(self) -> list[Suite]:
        if self.loaded is not None:
            return self.loaded
        return load_suites(self.config, self.path, self.only, self.splits)

    def indexer(self) -> Indexer:
        return Indexer(self.workspace.root, say=self.say if self.progress else None)

    def index(self, suite: Suite, *, name: str | None = None, corpus: Path | None = None,
              searchable: bool = True, indexer: Indexer | None = None) -> tuple[Any, IndexReport]:
        """The suite's index, built or reused (``name`` and ``corpus``: another copy of its corpus,
        as ``serve`` keeps one). Not ``searchable``: loaded and chunked for the documents' access
        labels, never embedded — all a target other than the builtin pipeline needs."""
        config = self.config if searchable else self.config.model_copy(update={"retrievers": []})
        return (indexer or self.indexer()).ensure(name or suite.name, corpus or suite.corpus_dir, config,
                                                  suite.language)

    def parts(self) -> Parts:
        salt = f"repeat-{self.repeat}" if self.repeat else ""
        chat = None
        if self.config.chat_model is not None:
            chat = CachedChat(chat_models.build(self.config.chat_model, field_path="chat_model"),
                              self.workspace.cache("chat"), salt=salt)
        reader = None
        if (spec := reader_spec(self.config)) is not None:
            reader = CachedChat(chat_models.build(spec, field_path="answerability.params.reader"),
                                self.workspace.cache("chat"), salt=salt)
        return Parts(chat, CandidateCache(self.workspace.cache("candidates")), reader)

    def pipeline(self, index: Any, parts: Parts | None = None) -> Pipeline:
        """The config's pipeline over an index, sharing ``parts`` (else a fresh set)."""
        parts = parts or self.parts()
        return Pipeline(self.config, index, parts.chat, parts.candidates, index.keys.by_kind(), parts.reader)

    def pipeline_for(self, suite: Suite, parts: Parts | None = None) -> Pipeline:
        return self.pipeline(self.index(suite)[0], parts)


def prepare(path: str | Path, overrides: list[str] | None = None, splits: list[str] | None = None, *,
            config: RunConfig | None = None, only: list[str] | None = None, loaded: list[Suite] | None = None,
            scoring: bool = True, fit: bool = True, progress: bool = True,
            say: Callable[[str], None] = stderr, workspace: Workspace | None = None) -> Prepared:
    """Load and validate the config at ``path`` (or take ``config``, already validated), fit
    its learned fusion if it needs one, and return it ready to run. ``splits``: only these
    splits' cases (None: a run's config ``splits``, else all). ``scoring``: the caller scores
    cases (a run) rather than asking its own questions (``ask``, ``serve``, ``calibrate``: every
    case of every split is theirs, and no warning about the fit split). ``fit``: False for
    callers that only index (``index``, a sweep building its indexes, ``fit-fusion`` itself).
    ``workspace``: where indexes and caches live (default: the environment's, else the config's
    ``workdir``); a sweep variant on a Ray worker passes a scratch one of its own."""
    path = Path(path)
    config = config or load_config(path, overrides)
    chosen = splits or (config.splits if scoring else None)
    prepared = Prepared(config, path, workspace or Workspace.of(config.workdir), tuple(overrides or ()), chosen,
                        only, loaded, say=say, progress=progress)
    if not fit or not _unfitted(config):
        return prepared
    return replace(prepared, config=fitted_fusion(prepared, prepared.splits if scoring else []))


def _unfitted(config: RunConfig) -> bool:
    return config.fusion.name == "learned" and not config.fusion.params.get("model")


def fitted_fusion(prepared: Prepared, scored: list[str] | None) -> RunConfig:
    """The config with its learned fusion's model fitted (or reused) on its ``fit_split``; a
    run that scores that same split is scored on the model's own training cases, and says so."""
    spec = prepared.config.fusion
    split = spec.params.get("fit_split", "dev")
    path, _ = fit_fusion(for_fitting(prepared, split), kind=spec.params.get("kind", "lambdamart"))
    if scored is None or split in scored:
        prepared.say(f"ragbench: warning: learned fusion was fitted on split {split!r}, which this run also "
                     f"scores; read its cross-validated figure in {path.name} instead")
    fusion = ComponentSpec(name="learned", params={**spec.params, "model": str(path)})
    return prepared.config.model_copy(update={"fusion": fusion})


def for_fitting(prepared: Prepared, split: str) -> Prepared:
    """The config prepared to fit a learned fusion on ``split``: every suite, that split alone,
    and a plain fusion (the fit learns from the retrievers' own lists)."""
    plain = prepared.config.model_copy(update={"fusion": ComponentSpec(name="rrf")})
    return replace(prepared, config=plain, splits=[split], only=None, loaded=None, progress=True)
