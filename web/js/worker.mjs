// The memlace worker: Pyodide with the memlace wheel (installed from our own lock file only), the local
// embedder and the vector kernel in JS, and the IndexedDB store. Answers {id, method, params, protocol}
// with {id, result} or {id, error}; boot progress goes out as {type: "progress"} events.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { TEST_HOOKS } from "./build-flags.mjs";
import { EmbedPool } from "./embed-pool.mjs";
import { deleteProfile, openStore } from "./idb.mjs";
import { deleteSyncDb, ReplicaStore } from "./replicas.mjs";
import protocol from "./protocol.json" with { type: "json" };
import { VectorIndex } from "./vectors.mjs";

const PROTOCOL = protocol.version;
// Settings arrive in the first message ({type: "configure", profile, embeddings, api, secret}), not in the
// worker's URL: a service worker may serve this script from its cache, which drops the query string.
// embeddings: "local" (the MiniLM model in its own worker), "remote" (the proxy's embed route) or "none";
// api: the site whose /api/ proxy may add an LLM (absent: offline only); secret: that proxy's shared secret.
let settings = null;
const started = performance.now();
const timings = {};
let bytes = 0;

function post(message) {
  self.postMessage(message);
}

function phase(name) {
  timings[name] = Math.round(performance.now() - started);
  post({ type: "progress", phase: name, bytes, ms: timings[name] });
}

// Count what every fetch brings in, for the progress bar (Pyodide fetches its own files). A runtime file that
// cannot be fetched fails the boot at once: Pyodide may leave loadPyodide pending forever after it (see below).
const RUNTIME_FILE = /\/pyodide\/(?:pyodide\.asm\.wasm|python_stdlib\.zip)(?:[?#].*)?$/;
const realFetch = self.fetch.bind(self);
self.fetch = async (...args) => {
  const url = String(args[0]?.url ?? args[0]);
  let response;
  try {
    response = await realFetch(...args);
  } catch (error) {
    if (RUNTIME_FILE.test(url)) failBoot(new Error(`could not load ${url.split("/").pop()}: ${error?.message || error}`));
    throw error;
  }
  if (!response.ok && RUNTIME_FILE.test(url)) failBoot(new Error(`could not load ${url.split("/").pop()}: HTTP ${response.status}`));
  const length = Number(response.headers.get("content-length") || 0);
  bytes += length;
  post({ type: "progress", phase: "download", bytes, url: String(args[0]).split("/").pop() });
  return response;
};

async function boot({ profile = "default", embeddings = "local", api = null, secret = null, document = null, storageLimit = null }) {
  phase("runtime");
  const base = new URL("../", import.meta.url).href;
  const pyodidePromise = loadPyodide({
    indexURL: `${base}pyodide/`,
    lockFileURL: `${base}wheels/memlace-lock.json`,
    packages: ["memlace"],
    stdout: (line) => post({ type: "log", line }),
    stderr: (line) => post({ type: "log", line }),
  }).then(async (pyodide) => {
    phase("packages");
    // loadPackage does not throw on a missing file: prove the install by importing, while the model loads.
    const check = pyodide.runPython("import importlib.util as u; [m for m in ('memlace', 'pydantic', 'networkx', 'snowballstemmer') if u.find_spec(m) is None]");
    const missing = check.toJs();
    check.destroy();
    if (missing.length) throw new Error(`packages failed to install: ${missing.join(", ")}`);
    await pyodide.runPythonAsync("import memlace.worker");
    phase("imports");
    return pyodide;
  });
  if (document !== null) {
    // An export file, read-only and in memory: no model, no IndexedDB, no proxy.
    const pyodide = await pyodidePromise;
    const worker = await pyodide.pyimport("memlace.worker").open_document(document);
    phase("database");
    return { pyodide, worker, embedder: Promise.resolve(null), bridge: null };
  }
  // Memory does not wait for the model: it starts loading once Python is up (on two cores, loading both at
  // once slowed Python by about 2 s) and is attached when it arrives; until then retrieval uses keywords and
  // the graph. Its file is fetched now, so a first visit downloads it alongside the runtime.
  const modelFile = embeddings === "local" ? fetch(new URL("../model/model.onnx", import.meta.url)).then((r) => r.arrayBuffer()).then(() => null, () => null) : null;
  const [pyodide, store] = await Promise.all([pyodidePromise, openStore(profile)]);
  let vectorIndex = null; // the latest, for the benchmarks' look at memory
  const newVectorIndex = (dim) => (vectorIndex = new VectorIndex(dim));
  const bridge = { idb: store, openStore, deleteProfile, newVectorIndex, openReplicas: (name = profile) => ReplicaStore.open(name), deleteSyncDb };
  const worker = await pyodide.pyimport("memlace.worker").start_in_browser(bridge, profile, api, secret, embeddings === "remote", TEST_HOOKS, storageLimit);
  phase("database");
  const embedderPromise = embeddings === "local" ? Promise.resolve(modelFile).then(() => EmbedPool.start(() => phase("model"))) : Promise.resolve(null);
  const attached = embedderPromise.then(async (embedder) => {
    if (embedder) await worker.attach_embedder(embedder);
    post({ type: "model", state: embedder ? "ready" : "none" });
    return embedder;
  });
  attached.catch((error) => post({ type: "model", state: "failed", message: String(error.message || error) }));
  return { pyodide, worker, embedder: attached, bridge, vectorBytes: () => vectorIndex?.bytes() ?? 0 };
}

// Pyodide does not always reject when its runtime cannot load (a failed wasm fetch leaves loadPyodide
// pending forever): any uncaught error while booting fails the boot, so the page can say so.
let booting = true;
let failBoot = () => {};
const bootCrashed = new Promise((_, reject) => {
  const fail = (reason) => booting && reject(reason instanceof Error ? reason : new Error(String(reason?.message || reason)));
  failBoot = fail;
  self.addEventListener("unhandledrejection", (event) => fail(event.reason));
  self.addEventListener("error", (event) => fail(event.error || event.message));
});
let configured;
const ready = new Promise((resolve) => (configured = resolve)).then((options) => Promise.race([boot(options), bootCrashed]));
ready.finally(() => (booting = false)).catch(() => {});
ready.then(
  () => post({ type: "ready", protocol: PROTOCOL, timings, bytes }),
  (error) => post({ type: "boot-error", error: { code: "boot_failed", message: String(error && error.message ? error.message : error) } }),
);

class RefusedValue extends Error {}

// JSON.stringify would turn NaN and Infinity into null silently (a message timed NaN would become "now"):
// refuse them with the place they were found.
function strictNumbers(key, value) {
  if (typeof value === "number" && !Number.isFinite(value)) throw new RefusedValue(`${key || "a value"} is a number that is not finite (${value})`);
  if (typeof value === "bigint") throw new RefusedValue(`${key || "a value"} is a BigInt: use a plain number`);
  return value;
}

async function answer(request) {
  const { id, method, params, protocol } = request;
  if (protocol !== PROTOCOL) {
    return { id, error: { code: "protocol_mismatch", message: `this worker speaks protocol ${PROTOCOL}, the page sent ${protocol}` } };
  }
  let state;
  try {
    state = await ready;
  } catch (error) {
    return { id, error: { code: "boot_failed", message: String(error.message || error) } };
  }
  if (TEST_HOOKS && method === "embed_texts") {
    // test builds only: vectors straight from the JS embedder, for the parity test
    // (params.alone: through the first embedding worker only; the answer says how many workers the pool holds)
    const pool = await state.embedder;
    const flat = await (params.alone ? pool.first : pool).embed(params.texts);
    return { id, result: params.alone === undefined ? Array.from(flat) : { vectors: Array.from(flat), ...pool.status() } };
  }
  if (TEST_HOOKS && method === "bench_populate") await state.embedder.catch(() => null); // benchmarks measure with the model in place
  if (TEST_HOOKS && method === "bench_memory") {
    // test builds only: what this worker holds. Python's heap is Pyodide's WebAssembly memory, which never
    // shrinks (so: the most it has needed); the vector kernel keeps its rows in memories of its own.
    const js = self.performance?.memory?.usedJSHeapSize ?? null; // Chromium only
    return { id, result: { python_bytes: state.pyodide._module.HEAPU8.byteLength, vector_bytes: state.vectorBytes?.() ?? 0, js_heap_bytes: js } };
  }
  let text;
  try {
    text = JSON.stringify({ method, params, protocol }, strictNumbers);
  } catch (error) {
    return { id, error: { code: "invalid_input", message: `${method}: ${error instanceof RefusedValue ? error.message : "the parameters are not plain data"}` } };
  }
  const reply = await state.worker.handle(text);
  return { id, ...JSON.parse(reply) };
}

self.onmessage = (event) => {
  const request = event.data;
  if (request?.type === "configure") {
    if (!settings) configured((settings = request));
    return;
  }
  if (!request || typeof request !== "object" || request.id === undefined) return;
  answer(request).then(post, (error) => {
    post({ type: "log", line: `memlace worker: ${error?.stack || error}` });
    post({ id: request.id, error: { code: "internal", message: "memory hit an unexpected error and did not finish this request" } });
  });
};
