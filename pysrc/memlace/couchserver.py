"""A CouchDB-compatible server on 127.0.0.1 for sync's tests and benchmarks: pouchdb-server from the committed
npm lock, in memory (nothing on disk but its config and log, in a temporary folder), with CORS opened to the
site's pages, which replicate with it directly as they would with the user's CouchDB. With `admin`, it has a
server admin as a real CouchDB does (no "admin party"): databases then admit only their members."""

from __future__ import annotations

import base64
import json
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

BIN = Path(__file__).resolve().parents[2] / "web" / "node_modules" / "pouchdb-server" / "bin" / "pouchdb-server"
CORS = {
    "httpd/enable_cors": "true",
    "cors/origins": "*",
    "cors/credentials": "true",
    "cors/methods": "GET, PUT, POST, HEAD, DELETE",
    "cors/headers": "accept, authorization, content-type, origin, referer",
}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def request(url: str, method: str = "GET", body: Any = None, auth: tuple[str, str] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if auth:
        headers["Authorization"] = "Basic " + base64.b64encode(f"{auth[0]}:{auth[1]}".encode()).decode()
    sent = urllib.request.Request(url, data=data, method=method, headers=headers)
    with urllib.request.urlopen(sent, timeout=30) as answer:
        return json.loads(answer.read() or b"null")


@contextmanager
def couch_server(start_timeout_s: float = 60.0, admin: tuple[str, str] | None = None) -> Iterator[str]:
    """Yields the server's URL (without `admin`, databases are created by the first client that names one)."""
    if not BIN.exists():
        raise RuntimeError(f"{BIN} is missing: run `python3 build.py build` (npm ci installs pouchdb-server)")
    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="memlace-couch-") as folder:
        command = ["node", str(BIN), "--in-memory", "--host", "127.0.0.1", "--port", str(port), "--no-color"]
        process = subprocess.Popen(command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + start_timeout_s
            while True:
                try:
                    request(url)
                    break
                except (urllib.error.URLError, ConnectionError):
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(f"pouchdb-server did not start on {url}") from None
                    time.sleep(0.2)
            for key, value in CORS.items():
                request(f"{url}/_config/{key}", "PUT", value)
            if admin:
                request(f"{url}/_config/admins/{admin[0]}", "PUT", admin[1])
            yield url
        finally:
            process.terminate()
            process.wait(timeout=10)
