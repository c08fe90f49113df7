// The local embedder in the browser: all-MiniLM-L6-v2 (the same ONNX file as CPython) in
// onnxruntime-web's WASM backend, tokenised by @huggingface/tokenizers; mean pooling over real
// tokens and L2 normalisation here, exactly as memlace.providers.local_embedder does.
import * as ort from "../ort/ort.wasm.min.mjs";
import { Tokenizer } from "../tokenizers/tokenizers.min.mjs";

const MAX_TOKENS = 256;
const SEP = 102;
const BATCH = 16;

async function fetchOk(url, as) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load ${url}: HTTP ${response.status}`);
  return as === "json" ? response.json() : response.arrayBuffer();
}

export class Embedder {
  static async load(base, onProgress = () => {}) {
    ort.env.wasm.wasmPaths = new URL("../ort/", import.meta.url).href;
    ort.env.wasm.numThreads = 1; // no cross-origin isolation is required of host pages
    const [manifest, tokenizerJson, tokenizerConfig, model] = await Promise.all([
      fetchOk(`${base}manifest.json`, "json"),
      fetchOk(`${base}tokenizer.json`, "json"),
      fetchOk(`${base}tokenizer_config.json`, "json"),
      fetchOk(`${base}model.onnx`, "bytes"),
    ]);
    onProgress(model.byteLength);
    const session = await ort.InferenceSession.create(new Uint8Array(model), { executionProviders: ["wasm"] });
    return new Embedder(session, new Tokenizer(tokenizerJson, tokenizerConfig), manifest);
  }

  constructor(session, tokenizer, manifest) {
    this.session = session;
    this.tokenizer = tokenizer;
    this.modelId = manifest.model_id;
    this.dim = manifest.dim;
  }

  ids(text) {
    const ids = Array.from(this.tokenizer.encode(text).ids);
    return ids.length <= MAX_TOKENS ? ids : [...ids.slice(0, MAX_TOKENS - 1), SEP]; // keep [SEP], like sentence-transformers
  }

  async embed(texts) {
    const out = new Float32Array(texts.length * this.dim);
    const encoded = texts.map((text) => this.ids(text));
    const order = [...encoded.keys()].sort((a, b) => encoded[a].length - encoded[b].length);
    for (let start = 0, end = 0; start < order.length; start = end) {
      // A batch is padded to its longest text: it takes texts of about the same length only (in order of
      // length, up to a quarter longer than its first), so a long sentence does not make ten short ones long.
      const widest = Math.ceil(encoded[order[start]].length * 1.25) + 2;
      end = start + 1;
      while (end < order.length && end - start < BATCH && encoded[order[end]].length <= widest) end += 1;
      const rows = order.slice(start, end);
      const width = encoded[rows[rows.length - 1]].length;
      const ids = new BigInt64Array(rows.length * width);
      const mask = new BigInt64Array(rows.length * width);
      rows.forEach((r, i) => {
        encoded[r].forEach((id, j) => {
          ids[i * width + j] = BigInt(id);
          mask[i * width + j] = 1n;
        });
      });
      const feeds = {
        input_ids: new ort.Tensor("int64", ids, [rows.length, width]),
        attention_mask: new ort.Tensor("int64", mask, [rows.length, width]),
      };
      const hidden = (await this.session.run(feeds)).last_hidden_state.data;
      rows.forEach((r, i) => {
        const length = encoded[r].length;
        const pooled = new Float64Array(this.dim);
        for (let t = 0; t < length; t++) {
          const base = (i * width + t) * this.dim;
          for (let d = 0; d < this.dim; d++) pooled[d] += hidden[base + d];
        }
        let norm = 0;
        for (let d = 0; d < this.dim; d++) {
          pooled[d] /= length;
          norm += pooled[d] * pooled[d];
        }
        norm = Math.max(Math.sqrt(norm), 1e-12);
        for (let d = 0; d < this.dim; d++) out[r * this.dim + d] = pooled[d] / norm;
      });
    }
    return out;
  }

  async embedJson(textsJson) {
    return this.embed(JSON.parse(textsJson));
  }
}
