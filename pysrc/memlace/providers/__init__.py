"""Model providers: the local embedder, the key-holding proxy's client, and the browser's JS bridges."""

SECRET_HEADER = "X-Memlace-Secret"  # the proxy's optional shared secret (web/functions/api/guard.mjs)
