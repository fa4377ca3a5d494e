// Precompile the engine archive for the browser, in the very Pyodide the site ships.
// Usage: node compile_engine.mjs SOURCE.zip COMPILED.zip
//
// The browser's Python is Pyodide's (3.14), not the build's CPython, so its bytecode can only
// be made by Pyodide itself: this script runs it under Node, compiles every module of the
// source archive and writes an archive of sourceless .pyc files (each where its .py was, with
// hash-based "unchecked" validation, so no timestamp matters) and the message catalogues.
// Importing the engine from it skips compiling ~300 KB of Python at every start
// (scripts/hooks/pyodide_assets.py decides; see its docstring for the measurement).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { loadPyodide } = await import(pathToFileURL(join(repo, "node_modules", "pyodide", "pyodide.mjs")).href);
const [source, target] = process.argv.slice(2);
if (!source || !target) {
  console.error("usage: node compile_engine.mjs SOURCE.zip COMPILED.zip");
  process.exit(2);
}
const pyodide = await loadPyodide();
pyodide.FS.writeFile("/tmp/source.zip", readFileSync(source));
pyodide.runPython(`
import io, py_compile, zipfile
DATE = (2020, 1, 1, 0, 0, 0)
out = io.BytesIO()
with zipfile.ZipFile("/tmp/source.zip") as archive, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as compiled:
    archive.extractall("/tmp/src")
    for name in sorted(archive.namelist()):
        if name.endswith(".py"):
            pyc = "/tmp/pyc/" + name + "c"
            py_compile.compile("/tmp/src/" + name, cfile=pyc, dfile=name, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            data, member = open(pyc, "rb").read(), name + "c"
        else:
            data, member = archive.read(name), name
        info = zipfile.ZipInfo(member, date_time=DATE)  # stored: the site's .br copy compresses it
        info.external_attr = 0o644 << 16
        compiled.writestr(info, data)
open("/tmp/compiled.zip", "wb").write(out.getvalue())
`);
writeFileSync(target, pyodide.FS.readFile("/tmp/compiled.zip"));
