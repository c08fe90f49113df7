// The local server behind `python3 build.py serve` and the browser tests: the built site from dist/ with the
// headers netlify.toml gives it, and /api/* answered by the very same proxy function Netlify runs.
// Listens on 127.0.0.1 only. Usage: node web/server/dev-server.mjs --root dist [--port 8765]
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createHandler } from "../functions/api/api.mjs";

// Kept equal to netlify.toml's [[headers]] (tests/test_proxy_chain.py compares them).
export const SITE_HEADERS = {
  "Content-Security-Policy":
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self' https: http://127.0.0.1:* http://localhost:*; img-src 'self' data: blob:; " +
    "style-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};
const IMMUTABLE = "public, max-age=31536000, immutable";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".whl": "application/zip",
  ".zip": "application/zip",
  ".onnx": "application/octet-stream",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".d.ts": "text/plain; charset=utf-8",
};

async function serveFile(root, pathname, request, response) {
  let path;
  try {
    path = resolve(join(root, decodeURIComponent(pathname)));
  } catch {
    response.writeHead(400).end();
    return;
  }
  if (path !== root && !path.startsWith(root + sep)) {
    response.writeHead(404).end();
    return;
  }
  let info = await stat(path).catch(() => null);
  if (info?.isDirectory()) {
    path = join(path, "index.html");
    info = await stat(path).catch(() => null);
  }
  const headers = { ...SITE_HEADERS };
  if (!info?.isFile()) {
    response.writeHead(404, { ...headers, "content-type": "text/plain; charset=utf-8" }).end("not found\n");
    return;
  }
  headers["content-type"] = TYPES[extname(path)] || "application/octet-stream";
  headers["content-length"] = String(info.size);
  headers["cache-control"] = pathname.startsWith("/rt/") ? IMMUTABLE : "no-cache";
  response.writeHead(200, headers);
  if (request.method === "HEAD") response.end();
  else createReadStream(path).pipe(response);
}

async function serveApi(handle, request, response) {
  const url = `http://${request.headers.host || "127.0.0.1"}${request.url}`;
  const hasBody = !["GET", "HEAD"].includes(request.method);
  const webRequest = new Request(url, {
    method: request.method,
    headers: Object.entries(request.headers).filter(([, v]) => typeof v === "string"),
    body: hasBody ? Readable.toWeb(request) : undefined,
    duplex: hasBody ? "half" : undefined,
  });
  const answer = await handle(webRequest, { ip: request.socket.remoteAddress });
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  if (!answer.body) {
    response.end();
    return;
  }
  const body = Readable.fromWeb(answer.body);
  response.on("close", () => body.destroy());
  body.pipe(response);
}

function ownHost(host, port) {
  return ["127.0.0.1", "localhost", "[::1]"].some((name) => host === `${name}:${port}`);
}

/** Start serving; resolves to the node http.Server once it listens. */
export function serve({ root, port = 0, env = process.env, log } = {}) {
  const handle = createHandler({ env, log });
  const absoluteRoot = resolve(root);
  const server = createServer((request, response) => {
    // Only this machine's own names for this server: a page on another site whose name was re-pointed at
    // 127.0.0.1 (DNS rebinding) sends its own name as Host and is refused, so it cannot use the keys.
    if (!ownHost(request.headers.host, server.address()?.port)) {
      response.writeHead(421, { ...SITE_HEADERS, "content-type": "text/plain; charset=utf-8" }).end("misdirected request\n");
      return;
    }
    const pathname = new URL(request.url, "http://127.0.0.1").pathname;
    const work = pathname.startsWith("/api/")
      ? serveApi(handle, request, response)
      : ["GET", "HEAD"].includes(request.method)
        ? serveFile(absoluteRoot, pathname, request, response)
        : Promise.resolve(response.writeHead(405, SITE_HEADERS).end());
    work.catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    });
  });
  return new Promise((resolveListen) => server.listen(port, "127.0.0.1", () => resolveListen(server)));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { root: { type: "string", default: "dist" }, port: { type: "string", default: "8765" } } });
  const server = await serve({ root: values.root, port: Number(values.port) });
  console.log(`memlace: http://127.0.0.1:${server.address().port}/`);
}
