"""One source of truth: the built site carries the protocol description and model types Python generates,
no JavaScript restates them, the declarations type-check, and the JS vector kernel keeps the same
VectorIndex contract as the numpy index."""

from __future__ import annotations

import json
import random
import re
import subprocess
from pathlib import Path

import pytest

from memlace.protocol import description, typescript
from memlace.providers.vectors import NumpyVectorIndex

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"


@pytest.fixture(scope="module")
def runtime() -> Path:
    found = sorted(DIST.glob("rt/*/js"))
    if not found:
        pytest.fail("dist/ is not built: run `python3 build.py test` (or `python3 build.py build --test-hooks` first)")
    return found[0]


def test_the_site_carries_the_generated_protocol_and_types(runtime: Path) -> None:
    assert json.loads((runtime / "protocol.json").read_text(encoding="utf-8")) == description()
    assert (runtime / "memlace-models.d.ts").read_text(encoding="utf-8") == typescript()
    assert "TEST_HOOKS = true" in (runtime / "build-flags.mjs").read_text(encoding="utf-8")  # this is the test build


def test_no_javascript_or_page_logic_restates_the_protocol() -> None:
    sources = [*sorted((ROOT / "web" / "js").glob("*.mjs")), *sorted((ROOT / "web" / "inspect").glob("*.py"))]
    for path in sources:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""["'](mem_|ep_|sn_)["']""", text), f"{path.name} spells an id prefix"
        assert not re.search(r"PROTOCOL\s*=\s*\d", text), f"{path.name} spells the protocol version"
        assert '"retry_pending"]' not in text and '"staged", "confirmed", "superseded"' not in text, f"{path.name} lists the protocol"


def test_the_declarations_type_check(runtime: Path, tmp_path: Path) -> None:
    usage = tmp_path / "usage.ts"
    usage.write_text(
        f"""import {{ open, idKind, type Memory, type ContextPack, type Message }} from "{runtime.as_posix()}/memlace";
const message: Message = {{ text: "I live in Oslo", timestamp: 1700000000 }};
async function run(): Promise<string> {{
  const memory = await open({{ profile: "types" }});
  await memory.ingest(message);
  const pack: ContextPack = await memory.retrieve("where?");
  const first: Memory = (await memory.list({{ limit: 1 }})).items[0];
  return pack.text + first.status + first.kind + idKind(first.id) + pack.items[0].reason.sources.join();
}}
run();
""",
        encoding="utf-8",
    )
    (tmp_path / "memlace.d.ts").unlink(missing_ok=True)
    tsc = ROOT / "web" / "node_modules" / ".bin" / "tsc"
    command = [str(tsc), "--noEmit", "--strict", "--target", "es2022", "--module", "esnext", "--moduleResolution", "bundler"]
    result = subprocess.run([*command, "--lib", "es2022,dom", str(usage)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def _operations(seed: int, dim: int) -> dict[str, object]:
    """A seeded mix of upserts (some identical vectors: ties), removals, and searches with and without a kind."""
    rng = random.Random(seed)
    vector = lambda: [rng.choice([-1.0, -0.5, 0.0, 0.5, 1.0]) for _ in range(dim)]  # noqa: E731  coarse: exact ties happen
    kinds = ["mem_", "ep_", "sn_0_ep_"]
    ids: list[str] = []
    operations: list[dict[str, object]] = []
    for step in range(60):
        roll = rng.random()
        if roll < 0.45:
            batch = [f"{rng.choice(kinds)}{rng.randrange(1500)}" for _ in range(rng.choice([1, 5, 400]))]
            batch = list(dict.fromkeys(batch))
            operations.append({"op": "upsert", "ids": batch, "vectors": [vector() for _ in batch]})
            ids.extend(batch)
        elif roll < 0.6 and ids:
            operations.append({"op": "remove", "ids": [*rng.sample(ids, min(len(ids), rng.choice([1, 30]))), "missing"]})
        else:
            prefix = rng.choice([None, "mem_", "ep_", "sn_"])
            operations.append({"op": "search", "vector": vector(), "k": rng.choice([0, 1, 3, 10, 5000]), "prefix": prefix})
        if step == 0:
            operations.append({"op": "search", "vector": vector(), "k": 0, "prefix": None})
    return {"dim": dim, "operations": operations}


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(
    ("dim", "simd", "two_passes_from"),
    # 40: rows padded to 48 for the kernel; 0: the int8 first pass at every size (its shortlist must lose nothing)
    [(8, True, 4096), (40, True, 0), (40, True, 4096), (40, False, 4096)],
)
def test_the_js_vector_kernel_keeps_the_numpy_index_contract(runtime: Path, seed: int, dim: int, simd: bool, two_passes_from: int) -> None:
    plan = {**_operations(seed, dim), "simd": simd, "twoPassesFrom": two_passes_from}
    result = subprocess.run(
        ["node", str(ROOT / "web" / "test" / "vector-contract.mjs"), str(runtime / "vectors.mjs")],
        input=json.dumps(plan),
        capture_output=True,
        text=True,
        check=True,
    )
    answered = json.loads(result.stdout)
    assert answered["kernel"] is simd  # the WebAssembly kernel ran when asked (Node, like Chromium, has SIMD)
    answers = answered["answers"]
    index = NumpyVectorIndex(int(plan["dim"]))  # type: ignore[call-overload]
    expected = []
    for op in plan["operations"]:  # type: ignore[attr-defined]
        if op["op"] == "upsert":
            index.upsert(op["ids"], op["vectors"])
        elif op["op"] == "remove":
            index.remove(op["ids"])
        else:
            expected.append({"size": len(index), "found": index.search(op["vector"], op["k"], op["prefix"])})
    assert len(answers) == len(expected)
    for got, want in zip(answers, expected, strict=True):
        assert got["size"] == want["size"]
        assert [i for i, _ in got["found"]] == [i for i, _ in want["found"]]
        assert all(abs(a - b) < 1e-5 for (_, a), (_, b) in zip(got["found"], want["found"], strict=True))


@pytest.mark.parametrize("seed", range(3))
def test_the_kernels_two_passes_give_exactly_what_one_exact_pass_gives(runtime: Path, seed: int) -> None:
    """Unit vectors in general position, clustered as text vectors are: the int8 first pass may shortlist
    only; every answer (ids, order and scores) must be bit for bit the one a single exact pass gives."""
    rng = random.Random(seed)
    dim = 96
    centre = [rng.gauss(0, 1) for _ in range(dim)]

    def unit() -> list[float]:
        raw = [rng.gauss(0, 1) + 1.5 * c / dim**0.5 for c in centre]
        norm = sum(x * x for x in raw) ** 0.5
        return [round(x / norm, 7) for x in raw]

    ids = [f"{rng.choice(['mem_', 'ep_'])}{n}" for n in range(2500)]
    operations: list[dict[str, object]] = [{"op": "upsert", "ids": ids, "vectors": [unit() for _ in ids]}]
    operations.append({"op": "remove", "ids": rng.sample(ids, 200)})
    for k in (1, 10, 200, 200, 200):
        operations.append({"op": "search", "vector": unit(), "k": k, "prefix": rng.choice([None, "mem_", "ep_"])})
    answers = []
    for two_passes_from in (0, 10**9):
        plan = {"dim": dim, "operations": operations, "simd": True, "twoPassesFrom": two_passes_from}
        command = ["node", str(ROOT / "web" / "test" / "vector-contract.mjs"), str(runtime / "vectors.mjs")]
        answers.append(json.loads(subprocess.run(command, input=json.dumps(plan), capture_output=True, text=True, check=True).stdout))
    assert answers[0] == answers[1]
    assert all(len(a["found"]) == min(k, 2300) for a, k in zip(answers[0]["answers"], (1, 10, 200, 200, 200), strict=True))


def test_a_production_build_has_no_test_hooks(tmp_path: Path) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_script", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    build.write_protocol(tmp_path, test_hooks=False)
    assert "TEST_HOOKS = false" in (tmp_path / "build-flags.mjs").read_text(encoding="utf-8")
    worker = (ROOT / "web" / "js" / "worker.mjs").read_text(encoding="utf-8")
    assert worker.count('TEST_HOOKS && method === "') == 3  # embed_texts, bench_populate, bench_memory: only with the flag
    assert 'start_in_browser(bridge, profile, api, secret, embeddings === "remote", TEST_HOOKS, storageLimit)' in worker
