"""Dependencies point inward: the pure core does no I/O and knows no store, provider or runtime."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "pysrc" / "memlace"
CORE_MODULES = [
    *sorted((PACKAGE / "core").glob("*.py")),
    PACKAGE / "models.py",
    PACKAGE / "ports.py",
    PACKAGE / "config.py",
    PACKAGE / "recipes.py",
    *sorted((PACKAGE / "prompts").glob("*.py")),
]
FORBIDDEN_IN_CORE = {
    "os",
    "sys",
    "io",
    "pathlib",
    "sqlite3",
    "socket",
    "subprocess",
    "shutil",
    "tempfile",
    "time",
    "asyncio",
    "httpx",
    "numpy",
    "onnxruntime",
    "tokenizers",
    "memlace.stores",
    "memlace.providers",
    "memlace.memory",
    "memlace.cli",
    "memlace.bench",
    "js",
    "pyodide",
}


def imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_core_does_no_io_and_imports_no_outer_layer() -> None:
    for path in CORE_MODULES:
        for name in imports(path):
            assert not any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN_IN_CORE), f"{path.name} imports {name}"


def test_no_open_or_clock_calls_in_core() -> None:
    for path in CORE_MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in {"open", "print", "input"}, f"{path.name} calls {node.func.id}()"
            if (
                isinstance(node, ast.Attribute)
                and node.attr in {"now", "today", "utcnow"}
                and isinstance(node.value, ast.Name)
                and node.value.id in {"datetime", "date"}
            ):
                raise AssertionError(f"{path.name} reads the clock")


def test_stores_and_providers_depend_only_on_ports_and_models() -> None:
    allowed = {
        "memlace.ports",
        "memlace.models",
        "memlace.errors",
        "memlace.providers",
        "memlace.providers.minilm_build",
        "memlace.providers.browser",
        "memlace.core.text",
        "memlace.core.bm25",  # the numpy-scored keyword index extends the pure one
        "memlace.llm",  # the proxy client hands its routes to the LLM extractor, selector and classifier
        "memlace.records",  # stores read records through the one tolerant loader
        "memlace.core.merge",  # sync's replica store holds its Replica records (pure data and functions)
    }
    for folder in ("stores", "providers"):
        for path in (PACKAGE / folder).glob("*.py"):
            inner = {name for name in imports(path) if name.startswith("memlace")}
            assert inner <= allowed, f"{path.name} imports {inner - allowed}"


def test_importing_memlace_has_no_side_effects(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import subprocess
    import sys

    code = "import memlace, memlace.memory, memlace.cli, memlace.core.retrieve; import sys; print(sorted(m for m in ('onnxruntime', 'tokenizers', 'numpy') if m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path)
    assert result.stdout.strip() == "[]"  # nothing heavy is loaded until an embedder is asked for


def test_every_module_is_small() -> None:
    """One job per module: none over about 400 lines (the generated and vendored ones aside)."""
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= 420, f"{path.relative_to(PACKAGE)} has {lines} lines"


def test_item_kinds_are_a_type_not_prefix_tests() -> None:
    """An id's kind is asked of models.item_kind, not by testing prefixes in every file."""
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for prefix in ('"mem_"', '"ep_"', '"sn_"'):
            if path.name != "models.py":
                assert f"startswith({prefix})" not in text, f"{path.name} tests the prefix {prefix}"
