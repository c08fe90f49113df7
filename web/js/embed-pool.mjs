// The local embedder as seen from the memory worker: one embedding worker always, and a second one while
// bulk work runs (an import's vectors, a backlog at start-up). onnxruntime-web runs one thread per worker
// here (its threads need a cross-origin-isolated page, which host pages of the widget are not), so a
// second worker is how a large batch gets another core. The spare starts on the first large batch, takes
// half of every large batch once its model has loaded, and is closed after a quiet spell, so a user who
// only chats never holds the model twice.

const SPLIT_FROM = 8; // texts in one call before the work is shared (below that, a second hop costs more than it saves)
const SPARE_IDLE_MS = 30_000;

class EmbedWorker {
  static start(onLoaded = () => {}) {
    const worker = new Worker(new URL("./embed-worker.mjs", import.meta.url), { type: "module" });
    const remote = new EmbedWorker(worker);
    return new Promise((resolve, reject) => {
      worker.onmessage = (event) => {
        const message = event.data;
        if (message.type === "ready") {
          remote.modelId = message.modelId;
          remote.dim = message.dim;
          worker.onmessage = (e) => remote.settle(e.data);
          worker.onerror = (e) => remote.close(e.message || "the embedding worker failed"); // nothing waits forever
          onLoaded();
          resolve(remote);
        } else if (message.type === "error") {
          worker.terminate();
          reject(new Error(`the embedding model could not load: ${message.message}`));
        }
      };
      worker.onerror = (event) => {
        worker.terminate();
        reject(new Error(event.message || "the embedding worker failed"));
      };
    });
  }

  constructor(worker) {
    this.worker = worker;
    this.pending = new Map();
    this.sequence = 0;
    this.closed = null; // why, once closed
  }

  settle(message) {
    const entry = this.pending.get(message.id);
    this.pending.delete(message.id);
    if (message.error) entry.reject(new Error(message.error));
    else entry.resolve(message.vectors);
  }

  embed(texts) {
    if (this.closed) return Promise.reject(new Error(this.closed));
    const id = ++this.sequence;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, texts });
    });
  }

  close(reason = "the embedding worker was closed") {
    this.closed = reason;
    this.worker.terminate();
    for (const entry of this.pending.values()) entry.reject(new Error(reason));
    this.pending.clear();
  }
}

// Two parts of about the same cost: in order of length, cut where half the characters are behind. Each
// worker then pads its batches to texts of about the same length (dealing alternately would give each
// half its own longest text to pad to).
function halves(texts) {
  const order = [...texts.keys()].sort((a, b) => texts[a].length - texts[b].length);
  const total = texts.reduce((sum, text) => sum + text.length + 1, 0);
  let cut = 0;
  for (let behind = 0; cut < order.length - 1 && behind + texts[order[cut]].length + 1 <= total / 2; cut += 1) behind += texts[order[cut]].length + 1;
  cut = Math.min(Math.max(cut, 1), order.length - 1);
  return [order.slice(0, cut), order.slice(cut)];
}

export class EmbedPool {
  // spares: how many extra workers bulk work may use: none on one core, or with under 4 GB (the spare
  // holds a second copy of the model, about 250 MB while it lives).
  static async start(onLoaded, { spares = (self.navigator?.hardwareConcurrency ?? 1) > 1 && (self.navigator?.deviceMemory ?? 8) >= 4 ? 1 : 0 } = {}) {
    return new EmbedPool(await EmbedWorker.start(onLoaded), spares);
  }

  constructor(first, spares) {
    this.first = first;
    this.modelId = first.modelId;
    this.dim = first.dim;
    this.sparesAllowed = spares;
    this.spare = null; // the loaded spare worker, while bulk work goes on
    this.starting = null;
    this.idleTimer = null;
    this.shared = 0; // calls split between two workers (the tests look)
  }

  async embed(texts) {
    if (texts.length < SPLIT_FROM || this.sparesAllowed < 1) return this.first.embed(texts);
    this.wakeSpare();
    const spare = this.spare;
    if (!spare) return this.first.embed(texts); // still loading: it joins from the next batch
    this.shared += 1;
    const [mine, theirs] = halves(texts);
    const [a, b] = await Promise.all([
      this.first.embed(mine.map((i) => texts[i])),
      spare.embed(theirs.map((i) => texts[i])).catch(() => {
        this.dropSpare(); // a spare that fails is let go; the first worker does its half instead
        return this.first.embed(theirs.map((i) => texts[i]));
      }),
    ]);
    const out = new Float32Array(texts.length * this.dim);
    mine.forEach((row, i) => out.set(a.subarray(i * this.dim, (i + 1) * this.dim), row * this.dim));
    theirs.forEach((row, i) => out.set(b.subarray(i * this.dim, (i + 1) * this.dim), row * this.dim));
    return out;
  }

  embedJson(textsJson) {
    return this.embed(JSON.parse(textsJson));
  }

  wakeSpare() {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => (this.starting ? this.wakeSpare() : this.dropSpare()), SPARE_IDLE_MS);
    if (this.spare || this.starting) return;
    this.starting = EmbedWorker.start().then(
      (spare) => {
        this.starting = null;
        if (spare.modelId !== this.modelId || spare.dim !== this.dim) spare.close();
        else this.spare = spare;
      },
      () => {
        this.starting = null;
        this.sparesAllowed = 0; // the model would not load twice (memory, most likely): one worker from now on
      },
    );
  }

  dropSpare() {
    clearTimeout(this.idleTimer);
    this.spare?.close();
    this.spare = null;
  }

  status() {
    return { workers: this.spare ? 2 : 1, shared: this.shared };
  }
}
