// Vectors travel inside synced records, so a new device searches by meaning without embedding everything again.
import { base64, unbase64 } from "./sync-crypto.mjs";

// Vectors travel with their records as int8 with a scale: a quarter of float32's size, and the cosine
// between a vector and its round trip stays above 0.9999 (ranking does not see the difference).
function quantize(packed) {
  const floats = new Float32Array(unbase64(packed).buffer);
  const scale = floats.reduce((top, v) => Math.max(top, Math.abs(v)), 0) / 127 || 1;
  return { s: scale, q: base64(new Uint8Array(Int8Array.from(floats, (v) => Math.round(v / scale)).buffer)) };
}

function dequantize({ s, q }) {
  const ints = new Int8Array(unbase64(q).buffer);
  return base64(new Uint8Array(Float32Array.from(ints, (v) => v * s).buffer));
}

/** Replicas as sealed: each with its vectors (from sync_push's or sync_pull's answer), quantized. */
export function withVectors(replicas, { vectors = {}, model = null }) {
  return replicas.map((r) => {
    const own = vectors[r.id];
    if (!own || !model) return r;
    return { ...r, model, vectors: Object.fromEntries(Object.entries(own).map(([id, packed]) => [id, quantize(packed)])) };
  });
}

/** A sealed record as sync_pull takes it: its vectors back to float32. */
export function opened(record) {
  if (!record.vectors) return record;
  return { ...record, vectors: Object.fromEntries(Object.entries(record.vectors).map(([id, packed]) => [id, dequantize(packed)])) };
}
