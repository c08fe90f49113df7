// Build step: Python 3.14 bytecode for the browser, made by the very Pyodide the site ships, running here
// in Node. Pyodide never writes bytecode itself, so without this every start compiles every imported
// module from source (measured: the standard library alone cost about 1.3 s of each start).
//  - Wheels: third-party ones become sourceless (mod.pyc replaces mod.py) and lose their test suites,
//    which keeps the download small; memlace keeps its sources beside an unchecked-hash __pycache__
//    entry, so its tracebacks still show code.
//  - The standard library: the modules the worker imports (at start-up, and for the model providers)
//    become sourceless .pyc; the rest stays source, compiled only if some rare path imports it, so the
//    download grows by about 1 MB instead of 2. Modules that cannot work in a browser worker (a REPL,
//    debuggers, processes, mail and RPC clients over raw sockets) are left out.
// usage: node precompile.mjs WHEELS_IN OUT_DIR STDLIB_ZIP  (writes OUT_DIR/*.whl and OUT_DIR/python_stdlib.zip)
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";

const [inDir, outDir, stdlibZip] = process.argv.slice(2).map((p) => path.resolve(p));
// What the worker imports: memlace.worker at start-up (and what it imports inside functions), the
// provider stack once a model proxy answers.
const WORKER_MODULES = [
  "memlace.worker",
  "memlace.memory",
  "memlace.markdown",
  "memlace.stores.memory",
  "memlace.stores.indexeddb",
  "memlace.providers.browser",
  "memlace.providers.fetch_transport",
  "memlace.providers.proxy",
  "pyodide.ffi",
  "pyodide.http",
];
const UNUSABLE = [
  "_pyrepl", "pdb", "pydoc", "pydoc_data", "doctest", "unittest", "tabnanny", "pickletools", "__phello__",
  "multiprocessing", "xmlrpc", "wsgiref", "imaplib", "poplib", "smtplib", "ftplib", "mailbox",
];

const pyodide = await loadPyodide();
fs.mkdirSync(outDir, { recursive: true });
pyodide.FS.mkdirTree("/in");
pyodide.FS.mkdirTree("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: inDir }, "/in");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: outDir }, "/out");
pyodide.FS.writeFile("/stdlib.zip", fs.readFileSync(stdlibZip));
pyodide.globals.set("WORKER_MODULES", pyodide.toPy(WORKER_MODULES));
pyodide.globals.set("UNUSABLE", pyodide.toPy(UNUSABLE));

const COMPILE = `
import importlib.util, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc, _code_to_timestamp_pyc

site = f"/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages"
tag = sys.implementation.cache_tag


def sourceless(target, info, data, filename):
    code = compile(data, filename, "exec", dont_inherit=True, optimize=0)
    entry = zipfile.ZipInfo(info.filename[:-3] + ".pyc", date_time=info.date_time)
    entry.compress_type = zipfile.ZIP_DEFLATED
    target.writestr(entry, bytes(_code_to_timestamp_pyc(code, 0, len(data))))


def with_source(target, info, data, filename):
    code = compile(data, filename, "exec", dont_inherit=True, optimize=0)
    target.writestr(info, data)
    folder, module = info.filename.rsplit("/", 1) if "/" in info.filename else ("", info.filename)
    entry = zipfile.ZipInfo((folder + "/" if folder else "") + f"__pycache__/{module[:-3]}.{tag}.pyc", date_time=info.date_time)
    entry.compress_type = zipfile.ZIP_DEFLATED
    target.writestr(entry, bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False)))


def compile_wheels():
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
                (with_source if keep_source else sourceless)(target, info, data, f"{site}/{member}")
                compiled += 1
        done.append(f"{name}: {compiled} compiled, {dropped} test files left out")
    return done


def compile_stdlib(imported):
    compiled = kept = dropped = 0
    prefix = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip/"
    with zipfile.ZipFile("/stdlib.zip") as source, zipfile.ZipFile("/out/python_stdlib.zip", "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            member = info.filename
            if member.split("/")[0].removesuffix(".py") in UNUSABLE:
                dropped += 1
            elif member in imported:
                sourceless(target, info, source.read(info), prefix + member)
                compiled += 1
            else:
                target.writestr(info, source.read(info))
                kept += int(member.endswith(".py"))
    return f"python_stdlib.zip: {compiled} modules compiled, {kept} kept as source, {dropped} files left out"
`;

// 1. The wheels. 2. Install them here and import what the worker imports, to learn which standard
// modules it uses. 3. The standard library zip.
pyodide.runPython(COMPILE);
const wheelReport = pyodide.runPython("compile_wheels()").toJs();
const wheels = fs.readdirSync(outDir).filter((name) => name.endsWith(".whl")).map((name) => path.join(outDir, name));
await pyodide.loadPackage(wheels, { messageCallback: () => {} });
const imported = pyodide.runPython(`
import importlib, sys
for name in WORKER_MODULES:
    importlib.import_module(name)
zip_prefix = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip/"
sorted({m.__file__.split(zip_prefix, 1)[1] for m in list(sys.modules.values()) if (getattr(m, "__file__", None) or "").startswith(zip_prefix)})
`).toJs();
pyodide.globals.set("IMPORTED", pyodide.toPy(imported));
const stdlibReport = pyodide.runPython("compile_stdlib(set(IMPORTED))");
console.log([...wheelReport, stdlibReport].join("\n"));
