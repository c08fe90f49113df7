// The vector kernel: unit vectors as float32 rows (and an int8 copy) in WebAssembly memory, dot-product
// top-k. Python asks it for ids and scores; the rows never cross into Python.

import { WASM } from "./dots-wasm.mjs";
import protocol from "./protocol.json" with { type: "json" };

// Item kinds get a code per row, so a search limited to memories or episodes needs no pass over the ids.
const KINDS = Object.fromEntries(["memory", "episode", "sentence"].map((kind, i) => [protocol.id_prefixes[kind], i + 1]));

function kindOf(id) {
  for (const [prefix, code] of Object.entries(KINDS)) if (id.startsWith(prefix)) return code;
  return 0;
}

// The dot products run in WebAssembly with SIMD (web/wasm/dots.wat). A large index is searched in two
// passes: every row kept also as int8 (a quarter of the bytes) gives a rough score with a known error
// bound, and only the rows that may be among the best k are scored exactly, so the answer is the one an
// exact pass over every row gives. Where WebAssembly cannot be compiled, a plain loop gives it too.
const LANES = 16; // the kernels read 16 values a step: rows and the query are padded with zeros to a multiple
const TWO_PASSES_FROM = 4096; // rows; below this one exact pass is about as quick
const KERNEL = compileKernel();

function compileKernel() {
  try {
    return new WebAssembly.Module(WASM);
  } catch {
    return null;
  }
}

// At least `bytes` of a kernel instance's memory (grown in place: what it holds stays where it is), or a
// new plain buffer when there is no kernel.
function reserve(kernel, bytes) {
  if (!kernel) return new ArrayBuffer(bytes);
  const memory = kernel.memory;
  if (bytes > memory.buffer.byteLength) memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / 65536));
  return memory.buffer;
}

export class VectorIndex {
  constructor(dim, { simd = true, twoPassesFrom = TWO_PASSES_FROM } = {}) {
    this.dim = dim;
    this.stride = Math.ceil(dim / LANES) * LANES;
    this.capacity = 1024;
    this.exact = simd && KERNEL ? new WebAssembly.Instance(KERNEL).exports : null; // float rows
    this.rough = this.exact ? new WebAssembly.Instance(KERNEL).exports : null; // the same rows as int8
    this.twoPassesFrom = twoPassesFrom;
    this.kinds = new Int8Array(this.capacity);
    this.steps = new Float32Array(this.capacity); // per row: the value of one int8 unit
    this.spans = new Float32Array(this.capacity); // per row: the int8 row's L1 norm, in float units
    this.ids = [];
    this.rows = new Map();
    this.place(0);
  }

  // Each kernel's memory holds its query, then the rows, then a score per row (scratch, so it may move).
  place(keptRows) {
    const { stride, capacity } = this;
    const old = this.matrix;
    const buffer = reserve(this.exact, 4 * (stride + capacity * stride + capacity));
    this.query = new Float32Array(buffer, 0, stride);
    this.matrix = new Float32Array(buffer, 4 * stride, capacity * stride);
    this.scores = new Float32Array(buffer, 4 * (stride + capacity * stride), capacity);
    if (old && !this.exact) this.matrix.set(old.subarray(0, keptRows * stride));
    this.matrix.fill(0, keptRows * stride); // the padding is read: it must be zero, never old scores
    if (this.rough) {
      const bytes = reserve(this.rough, 2 * stride + capacity * stride + 4 * capacity);
      this.query8 = new Int16Array(bytes, 0, stride);
      this.matrix8 = new Int8Array(bytes, 2 * stride, capacity * stride);
      this.scores8 = new Int32Array(bytes, 2 * stride + capacity * stride, capacity);
      this.matrix8.fill(0, keptRows * stride);
    }
  }

  get size() {
    return this.ids.length;
  }

  // The bytes this index holds outside the JS heap's objects: its kernels' memories or its plain buffer,
  // the per-row arrays and the search's scratch.
  bytes() {
    const memories = this.exact ? this.exact.memory.buffer.byteLength + this.rough.memory.buffer.byteLength : this.matrix.buffer.byteLength;
    const perRow = this.kinds.byteLength + this.steps.byteLength + this.spans.byteLength;
    return memories + perRow + (this.centers ? this.centers.byteLength + this.radii.byteLength : 0);
  }

  grow() {
    this.capacity *= 2;
    this.place(this.ids.length);
    for (const name of ["kinds", "steps", "spans"]) {
      const wider = new this[name].constructor(this.capacity);
      wider.set(this[name]);
      this[name] = wider;
    }
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
      const vector = flat.subarray(i * this.dim, (i + 1) * this.dim);
      this.matrix.set(vector, row * this.stride);
      if (this.rough) this.quantize(row, vector);
    });
  }

  // The row as int8: each value to the nearest of 255 steps spanning the row's largest magnitude.
  quantize(row, vector) {
    let peak = 0;
    for (let j = 0; j < this.dim; j++) peak = Math.max(peak, Math.abs(vector[j]));
    const step = Math.fround(peak / 127) || 1;
    const base = row * this.stride;
    let span = 0;
    for (let j = 0; j < this.dim; j++) {
      const unit = Math.max(-127, Math.min(127, Math.round(vector[j] / step)));
      this.matrix8[base + j] = unit;
      span += Math.abs(unit);
    }
    this.steps[row] = step;
    this.spans[row] = span * step;
  }

  upsertBytes(idsJson, bytes) {
    this.upsert(JSON.parse(idsJson), new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4));
  }

  removeJson(idsJson) {
    const stride = this.stride;
    for (const id of JSON.parse(idsJson)) {
      const row = this.rows.get(id);
      if (row === undefined) continue;
      const last = this.ids.length - 1;
      if (row !== last) {
        const moved = this.ids[last];
        this.matrix.copyWithin(row * stride, last * stride, (last + 1) * stride);
        if (this.rough) this.matrix8.copyWithin(row * stride, last * stride, (last + 1) * stride);
        this.kinds[row] = this.kinds[last];
        this.steps[row] = this.steps[last];
        this.spans[row] = this.spans[last];
        this.ids[row] = moved;
        this.rows.set(moved, row);
      }
      this.ids.pop();
      this.rows.delete(id);
    }
  }

  getBytes(id) {
    const row = this.rows.get(id);
    return row === undefined ? null : this.matrix.slice(row * this.stride, row * this.stride + this.dim);
  }

  // Top k [id, score] pairs, best first, equal scores by id; only ids of the prefix's kind when given.
  search(query, k, prefix) {
    const n = this.ids.length;
    if (!(k > 0) || n === 0) return [];
    const want = prefix ? KINDS[prefix] : 0;
    const wanted = (row) => (!want || this.kinds[row] === want) && (!prefix || want || this.ids[row].startsWith(prefix));
    this.query.set(query.subarray(0, this.dim));
    const shortlist = this.rough && n >= this.twoPassesFrom && 8 * k < n ? this.shortlist(n, k, wanted) : null;
    const scores = this.score(n, shortlist);
    // keep a small sorted buffer of the best k (k is small next to n)
    const best = [];
    let floor = -Infinity;
    const count = shortlist ? shortlist.length : n;
    for (let i = 0; i < count; i++) {
      const row = shortlist ? shortlist[i] : i;
      if (!shortlist && !wanted(row)) continue;
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

  // The wanted rows that may be among the best k. A row's exact score lies within `radius` of its rough
  // one: the int8 rounding of the row (half a step per value, against the query's L1 norm), the int16
  // rounding of the query (half its step, against the row's L1 norm) and the float sums' own rounding.
  // A row whose best case is below the k-th best worst case cannot be among the k, ties included.
  shortlist(n, k, wanted) {
    const { dim, stride, query, query8, steps, spans } = this;
    let peak = 0;
    let l1 = 0;
    for (let j = 0; j < dim; j++) {
      peak = Math.max(peak, Math.abs(query[j]));
      l1 += Math.abs(query[j]);
    }
    const most = Math.min(32767, Math.floor(2147483647 / (127 * stride))); // no int32 sum can overflow
    const step = peak / most || 1;
    for (let j = 0; j < dim; j++) query8[j] = Math.round(query[j] / step);
    this.rough.dots8(0, 2 * stride, 2 * stride + this.capacity * stride, n, stride);
    const sums = this.scores8;
    const sloppy = stride * 2 ** -20 * 127.5 * l1; // times a row's step: a bound on float32 rounding
    if (!this.centers || this.centers.length < this.capacity) {
      this.centers = new Float64Array(this.capacity); // scratch, kept: a search makes no garbage of this size
      this.radii = new Float64Array(this.capacity);
    }
    const { centers, radii } = this;
    const lows = [];
    let floor = -Infinity;
    for (let row = 0; row < n; row++) {
      if (!wanted(row)) continue;
      centers[row] = sums[row] * steps[row] * step;
      radii[row] = (steps[row] / 2) * l1 + (step / 2) * spans[row] + steps[row] * sloppy;
      const low = centers[row] - radii[row];
      if (lows.length >= k && low <= floor) continue;
      lows.push(low);
      if (lows.length > 2 * k) {
        lows.sort(descending);
        lows.length = k;
        floor = lows[k - 1];
      }
    }
    lows.sort(descending);
    const bar = lows.length >= k ? lows[k - 1] : -Infinity;
    const shortlist = [];
    for (let row = 0; row < n; row++) if (wanted(row) && centers[row] + radii[row] >= bar) shortlist.push(row);
    return shortlist;
  }

  // The dot product of the query with every row, or with the shortlisted ones, in this.scores.
  score(n, shortlist) {
    const { dim, stride, matrix, scores } = this;
    const scoresAt = 4 * (stride + this.capacity * stride);
    if (this.exact && shortlist) {
      for (const row of shortlist) this.exact.dots(0, 4 * (stride + row * stride), scoresAt + 4 * row, 1, stride);
    } else if (this.exact) {
      this.exact.dots(0, 4 * stride, scoresAt, n, stride);
    } else {
      const q = this.query;
      for (let row = 0; row < n; row++) {
        let sum = 0;
        const base = row * stride;
        for (let j = 0; j < dim; j++) sum += matrix[base + j] * q[j];
        scores[row] = sum;
      }
    }
    return scores;
  }

  searchBytes(bytes, k, prefix) {
    const query = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
    return JSON.stringify(this.search(query, k, prefix || ""));
  }
}

function compare(a, b) {
  return b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
}

function descending(a, b) {
  return b - a;
}
