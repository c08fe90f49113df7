"""The local static server behind `python3 build.py serve` and the browser tests (CPython only).

Serves dist/ on 127.0.0.1 with the right types for .mjs and .wasm, immutable caching for the
content-hashed runtime folder, the same security headers as netlify.toml, and the /api/ routes
(which answer 503 "no model configured" until a provider is set up).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import mimetypes
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("application/json", ".json")

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'; "
    "img-src 'self' data:; style-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)


class Handler(SimpleHTTPRequestHandler):
    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0]
        if "/rt-" in path:
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        super().end_headers()

    def do_GET(self) -> None:
        if self.path.startswith("/api/"):
            self._api()
        else:
            super().do_GET()

    def do_POST(self) -> None:
        if self.path.startswith("/api/"):
            self._api()
        else:
            self.send_error(405)

    def _api(self) -> None:
        body = json.dumps({"error": {"code": "not_configured", "message": "no model is configured: memlace runs offline"}}).encode()
        self.send_response(503)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        return


def make_server(root: Path, port: int = 0) -> ThreadingHTTPServer:
    """A server for root on 127.0.0.1 (port 0 picks a free one)."""
    return ThreadingHTTPServer(("127.0.0.1", port), partial(Handler, directory=str(root)))


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the built memlace site on 127.0.0.1.")
    parser.add_argument("--root", default="dist")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    server = make_server(Path(args.root), args.port)
    print(f"memlace: http://127.0.0.1:{server.server_address[1]}/", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
