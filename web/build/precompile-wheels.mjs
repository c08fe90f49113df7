// Build step: Python 3.14 bytecode for the browser's wheels, made by the very Pyodide the site ships,
// running here in Node. Pyodide never writes bytecode itself, so without this every start compiles
// every imported module from source. Third-party wheels become sourceless (mod.pyc replaces mod.py)
// and lose their test suites, which keeps the download small; memlace keeps its sources beside an
// unchecked-hash __pycache__ entry, so its tracebacks still show code.
// usage: node precompile-wheels.mjs IN_DIR OUT_DIR
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";

const [inDir, outDir] = process.argv.slice(2).map((p) => path.resolve(p));
const pyodide = await loadPyodide();
fs.mkdirSync(outDir, { recursive: true });
pyodide.FS.mkdirTree("/in");
pyodide.FS.mkdirTree("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: inDir }, "/in");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: outDir }, "/out");
const report = pyodide.runPython(`
import importlib.util, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc, _code_to_timestamp_pyc

site = f"/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages"
tag = sys.implementation.cache_tag
done = []
for name in sorted(os.listdir("/in")):
    if not name.endswith(".whl"):
        continue
    keep_source = name.startswith("memlace-")
    compiled = dropped = 0
    with zipfile.ZipFile(f"/in/{name}") as source, zipfile.ZipFile(f"/out/{name}", "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            member = info.filename
            if "/tests/" in member and not keep_source:
                dropped += 1
                continue
            data = source.read(info)
            if not member.endswith(".py") or ".dist-info/" in member:
                target.writestr(info, data)
                continue
            code = compile(data, f"{site}/{member}", "exec", dont_inherit=True, optimize=0)
            if keep_source:
                target.writestr(info, data)
                folder, module = member.rsplit("/", 1) if "/" in member else ("", member)
                pyc_name = (folder + "/" if folder else "") + f"__pycache__/{module[:-3]}.{tag}.pyc"
                pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), False)
            else:
                pyc_name = member[:-3] + ".pyc"
                pyc = _code_to_timestamp_pyc(code, 0, len(data))
            entry = zipfile.ZipInfo(pyc_name, date_time=info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(entry, bytes(pyc))
            compiled += 1
    done.append(f"{name}: {compiled} compiled, {dropped} test files left out")
"\\n".join(done)
`);
console.log(report);
