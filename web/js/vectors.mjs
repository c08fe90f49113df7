// The vector kernel: unit vectors in one Float32Array, dot-product top-k. Python asks it for ids and
// scores; the matrix never crosses into Python.

import protocol from "./protocol.json" with { type: "json" };

// Item kinds get a code per row, so a search limited to memories or episodes needs no pass over the ids.
const KINDS = Object.fromEntries(["memory", "episode", "sentence"].map((kind, i) => [protocol.id_prefixes[kind], i + 1]));

function kindOf(id) {
  for (const [prefix, code] of Object.entries(KINDS)) if (id.startsWith(prefix)) return code;
  return 0;
}

export class VectorIndex {
  constructor(dim) {
    this.dim = dim;
    this.capacity = 1024;
    this.matrix = new Float32Array(this.capacity * dim);
    this.kinds = new Int8Array(this.capacity);
    this.ids = [];
    this.rows = new Map();
  }

  get size() {
    return this.ids.length;
  }

  grow() {
    this.capacity *= 2;
    const matrix = new Float32Array(this.capacity * this.dim);
    matrix.set(this.matrix);
    this.matrix = matrix;
    const kinds = new Int8Array(this.capacity);
    kinds.set(this.kinds);
    this.kinds = kinds;
  }

  upsert(ids, flat) {
    ids.forEach((id, i) => {
      let row = this.rows.get(id);
      if (row === undefined) {
        row = this.ids.length;
        if (row >= this.capacity) this.grow();
        this.ids.push(id);
        this.rows.set(id, row);
        this.kinds[row] = kindOf(id);
      }
      this.matrix.set(flat.subarray(i * this.dim, (i + 1) * this.dim), row * this.dim);
    });
  }

  upsertBytes(idsJson, bytes) {
    this.upsert(JSON.parse(idsJson), new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4));
  }

  removeJson(idsJson) {
    for (const id of JSON.parse(idsJson)) {
      const row = this.rows.get(id);
      if (row === undefined) continue;
      const last = this.ids.length - 1;
      if (row !== last) {
        const moved = this.ids[last];
        this.matrix.copyWithin(row * this.dim, last * this.dim, (last + 1) * this.dim);
        this.kinds[row] = this.kinds[last];
        this.ids[row] = moved;
        this.rows.set(moved, row);
      }
      this.ids.pop();
      this.rows.delete(id);
    }
  }

  getBytes(id) {
    const row = this.rows.get(id);
    return row === undefined ? null : this.matrix.slice(row * this.dim, (row + 1) * this.dim);
  }

  // Top k [id, score] pairs, best first, equal scores by id; only ids of the prefix's kind when given.
  search(query, k, prefix) {
    const n = this.ids.length;
    if (!(k > 0) || n === 0) return [];
    const dim = this.dim;
    const want = prefix ? KINDS[prefix] : 0;
    const scores = new Float32Array(n);
    const m = this.matrix;
    for (let row = 0; row < n; row++) {
      let sum = 0;
      const base = row * dim;
      for (let j = 0; j < dim; j++) sum += m[base + j] * query[j];
      scores[row] = sum;
    }
    // keep a small sorted buffer of the best k (k is small next to n)
    const best = [];
    let floor = -Infinity;
    for (let row = 0; row < n; row++) {
      if (want && this.kinds[row] !== want) continue;
      if (prefix && !want && !this.ids[row].startsWith(prefix)) continue;
      const score = scores[row];
      if (best.length >= k && score < floor) continue;
      best.push([this.ids[row], score]);
      if (best.length > 2 * k) {
        best.sort(compare);
        best.length = k;
        floor = best[k - 1][1];
      }
    }
    best.sort(compare);
    if (best.length > k) best.length = k;
    return best;
  }

  searchBytes(bytes, k, prefix) {
    const query = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    return JSON.stringify(this.search(query, k, prefix || ""));
  }
}

function compare(a, b) {
  return b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
}
