"""Start the local Node server (web/server/dev-server.mjs) from Python: for the browser tests and benchmarks.

The server is the one `python3 build.py serve` runs: dist/ with netlify.toml's headers, and /api/ answered
by the very proxy function Netlify deploys, configured by MEMLACE_* variables in ``env``.
"""

from __future__ import annotations

import os
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SERVER = REPO / "web" / "server" / "dev-server.mjs"


class DevServer:
    def __init__(self, process: subprocess.Popen[str], url: str) -> None:
        self.process = process
        self.url = url
        self.log: list[str] = []  # every line the server printed after it started (one JSON object per API call)

    def _drain(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.log.append(line.rstrip("\n"))


@contextmanager
def node_server(command: list[str], banner: str, env: dict[str, str] | None = None) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """Run a Node script that prints "<banner> http://127.0.0.1:<port>" once listening; yields (process, url)."""
    process = subprocess.Popen(["node", *command], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    assert process.stdout is not None
    first = process.stdout.readline().strip()
    if not first.startswith(f"{banner} http://127.0.0.1:"):
        process.kill()
        raise RuntimeError(f"{command[0]} did not start: {first or process.wait()}")
    try:
        yield process, first.split(" ", 1)[1].rstrip("/")
    finally:
        process.terminate()
        process.wait(timeout=10)
        process.stdout.close()


@contextmanager
def dev_server(root: Path, env: dict[str, str] | None = None) -> Iterator[DevServer]:
    """Serve root on a free 127.0.0.1 port; env holds the proxy's MEMLACE_* settings (nothing: offline)."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("MEMLACE_")} | (env or {})
    with node_server([str(SERVER), "--root", str(root), "--port", "0"], "memlace:", clean) as (process, url):
        server = DevServer(process, url)
        threading.Thread(target=server._drain, daemon=True).start()
        yield server
