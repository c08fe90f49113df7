// Compiles the WebAssembly text in web/wasm/ with wabt (from npm, pinned in the lock) into a JavaScript
// module of bytes, so the worker instantiates the kernel synchronously and nothing is fetched at run time.
// Usage: node web/build/wasm.mjs web/wasm/dots.wat out/js/dots-wasm.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import wabtInit from "wabt";

const [source, target] = process.argv.slice(2);
const wabt = await wabtInit();
const parsed = wabt.parseWat(basename(source), readFileSync(source, "utf-8"), { simd: true });
parsed.validate();
const { buffer } = parsed.toBinary({});
parsed.destroy();
const encoded = Buffer.from(buffer).toString("base64");
writeFileSync(
  target,
  `// Written by build.py from web/wasm/${basename(source)}: do not edit.\n` +
    `export const WASM = Uint8Array.from(atob("${encoded}"), (c) => c.charCodeAt(0));\n`,
);
