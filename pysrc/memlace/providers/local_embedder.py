"""The product's default embedder in CPython: all-MiniLM-L6-v2 through onnxruntime.

Tokenisation with ``tokenizers`` (the same tokenizer.json the browser uses),
inference with ``onnxruntime``, mean pooling over real tokens and L2
normalisation with numpy. The model is found in a cache directory and built
there on first use (see ``minilm_build``), so no separate setup step exists.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from memlace.providers import minilm_build

DEFAULT_BATCH = 32
MOST_THREADS = 4  # the model is small: more threads than this gain little and take cores from everything else


def default_threads() -> int:
    """Threads for the model: vectors are bit-identical at any count (measured), and 2 threads embed about
    1.9 times as fast as 1 on a 2-core machine, which is most of a history import's time."""
    return max(1, min(MOST_THREADS, os.cpu_count() or 1))


def default_cache_dir() -> Path:
    """$MEMLACE_HOME, else $XDG_CACHE_HOME/memlace, else ~/.cache/memlace."""
    home = os.environ.get("MEMLACE_HOME")
    if home:
        return Path(home)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "memlace"


def ensure_model(cache_dir: Path | None = None, progress: Any = print) -> Path:
    """The model directory, built on first use."""
    cache = cache_dir or default_cache_dir()
    model_dir = cache / "models" / minilm_build.MODEL_ID
    if not minilm_build.model_is_built(model_dir):
        minilm_build.build_model(model_dir, cache / "downloads", progress=progress)
    return model_dir


class LocalEmbedder:
    """Embedder protocol over the local ONNX model: texts -> L2-normalised float32 [n, 384]."""

    def __init__(
        self, model_dir: Path | None = None, *, threads: int | None = None, batch_size: int = DEFAULT_BATCH, progress: Any = print
    ) -> None:
        import onnxruntime
        from tokenizers import Tokenizer

        self.model_dir = model_dir or ensure_model(progress=progress)
        manifest = json.loads((self.model_dir / "manifest.json").read_text(encoding="utf-8"))
        self.model_id: str = manifest["model_id"]
        self.dim: int = int(manifest["dim"])
        self.batch_size = batch_size
        self._tokenizer = Tokenizer.from_file(str(self.model_dir / "tokenizer.json"))
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads or default_threads()
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        self._session = onnxruntime.InferenceSession(
            str(self.model_dir / "model.onnx"), sess_options=options, providers=["CPUExecutionProvider"]
        )

    def embed_sync(self, texts: list[str]) -> Any:
        """numpy float32 [len(texts), dim]; each row has unit length."""
        import numpy as np

        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        # Sort by length so batches pad little; results go back to their places.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        for start in range(0, len(order), self.batch_size):
            chunk = order[start : start + self.batch_size]
            out[chunk] = self._embed_batch([texts[i] for i in chunk])
        return out

    async def embed(self, texts: list[str]) -> list[list[float]]:
        return self.embed_sync(texts).tolist()  # type: ignore[no-any-return]

    def _embed_batch(self, texts: list[str]) -> Any:
        import numpy as np

        encodings = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        hidden = self._session.run(["last_hidden_state"], {"input_ids": ids, "attention_mask": mask})[0]
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
        norms = np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
        return (pooled / norms).astype(np.float32)
