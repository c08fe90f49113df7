// Runs a list of vector-index operations (JSON on stdin) on the JS kernel of a built site and prints each
// search's answer (JSON on stdout). tests/test_protocol.py runs the same list on the numpy index and
// compares: both sides of the VectorIndex port keep one contract (grow, swap-remove, top-k, ties, k = 0),
// with the WebAssembly kernel (simd: true), with its two passes at any size (twoPassesFrom: 0), and with
// the plain loop (simd: false).
// Usage: node web/test/vector-contract.mjs dist/rt/<hash>/js/vectors.mjs < operations.json
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const { VectorIndex } = await import(pathToFileURL(process.argv[2]).href);
const { dim, operations, simd, twoPassesFrom } = JSON.parse(readFileSync(0, "utf-8"));
const index = new VectorIndex(dim, { simd, twoPassesFrom });
const answers = [];
for (const op of operations) {
  if (op.op === "upsert") index.upsert(op.ids, Float32Array.from(op.vectors.flat()));
  else if (op.op === "remove") index.removeJson(JSON.stringify(op.ids));
  else if (op.op === "search") answers.push({ size: index.size, found: index.search(Float32Array.from(op.vector), op.k, op.prefix || "") });
}
process.stdout.write(JSON.stringify({ kernel: index.exact !== null, answers }));
