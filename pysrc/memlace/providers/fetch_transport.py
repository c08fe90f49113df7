"""An httpx transport over the browser's fetch, for Pyodide (httpx's own transport needs sockets).

Only imported inside Pyodide. The browser has already decoded any Content-Encoding, so the response is
handed to httpx without that header (httpx would otherwise try to decode it a second time).
"""

from __future__ import annotations

import httpx

# Headers fetch sets itself, refuses, or that would mislead httpx about the body it receives.
_REQUEST_SKIP = {"host", "connection", "content-length", "accept-encoding", "user-agent"}
_RESPONSE_SKIP = {"content-encoding", "content-length", "transfer-encoding"}


class FetchTransport(httpx.AsyncBaseTransport):
    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        import js  # type: ignore[import-not-found]
        from pyodide.ffi import to_js  # type: ignore[import-not-found]
        from pyodide.http import pyfetch  # type: ignore[import-not-found]

        body = await request.aread()
        options: dict[str, object] = {
            "method": request.method,
            "headers": {k: v for k, v in request.headers.items() if k.lower() not in _REQUEST_SKIP},
            "redirect": "error",
            "credentials": "same-origin",
        }
        if body:
            try:
                options["body"] = body.decode("utf-8")
            except UnicodeDecodeError:
                options["body"] = js.Uint8Array.new(to_js(body))
        timeouts = request.extensions.get("timeout") or {}
        seconds = timeouts.get("read") or timeouts.get("connect")
        signal = js.AbortSignal.timeout(int(seconds * 1000)) if seconds else None
        try:
            response = await pyfetch(str(request.url), signal=signal, **options)
            content = await response.bytes()
        except OSError as error:  # pyfetch turns every fetch failure into an AbortError (an OSError)
            if signal is not None and signal.aborted:
                raise httpx.ReadTimeout(f"no answer from {request.url.host} in time", request=request) from error
            raise httpx.ConnectError(f"fetch failed for {request.url.host}", request=request) from error
        headers = [(k, v) for k, v in response.headers.items() if k.lower() not in _RESPONSE_SKIP]
        return httpx.Response(response.status, headers=headers, content=content, request=request)
