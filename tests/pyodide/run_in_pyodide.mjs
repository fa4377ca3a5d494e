// Runs a Python file in Pyodide under Node with the engine package (and this folder's modules)
// copied into its filesystem, writing Python's stdout unchanged to ours (so outputs compare byte for byte).
// Usage: node run_in_pyodide.mjs ENGINE_DIR SCRIPT.py [ARGS...]
//        node run_in_pyodide.mjs ENGINE_DIR --each SCRIPT.py [SCRIPT.py...]  (one start for all)
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, "..", "..");
const { loadPyodide } = await import(pathToFileURL(join(repo, "node_modules", "pyodide", "pyodide.mjs")).href);

const [engineDir, scriptPath, ...args] = process.argv.slice(2);
if (!engineDir || !scriptPath || (scriptPath === "--each" && !args.length)) {
  console.error("usage: node run_in_pyodide.mjs ENGINE_DIR SCRIPT.py [ARGS...]\n" +
    "       node run_in_pyodide.mjs ENGINE_DIR --each SCRIPT.py [SCRIPT.py...]");
  process.exit(2);
}

const pyodide = await loadPyodide();
// Pyodide reuses the buffer it hands us, and pipe writes are asynchronous: copy each chunk.
pyodide.setStdout({ write: (bytes) => { process.stdout.write(Buffer.from(bytes)); return bytes.length; } });
pyodide.setStderr({ write: (bytes) => { process.stderr.write(Buffer.from(bytes)); return bytes.length; } });

// Copy the package (sources and message catalogues only) to /work/engine.
function copyTree(from, to) {
  pyodide.FS.mkdirTree(to);
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    if (statSync(source).isDirectory()) {
      if (name !== "__pycache__") copyTree(source, `${to}/${name}`);
    } else if (name.endsWith(".py") || name.endsWith(".json")) {
      pyodide.FS.writeFile(`${to}/${name}`, readFileSync(source));
    }
  }
}
copyTree(resolve(engineDir), "/work/engine");
// And this folder's helper modules, so a script run here imports the same tests.pyodide file
// as in CPython (e.g. played_out.py, shared by a test and a benchmark).
pyodide.FS.mkdirTree("/work/tests/pyodide");
for (const name of readdirSync(here)) {
  if (name.endsWith(".py")) pyodide.FS.writeFile(`/work/tests/pyodide/${name}`, readFileSync(join(here, name)));
}

if (scriptPath === "--each") {
  // Several scripts in this one Pyodide (its start is most of a short script's time), each
  // in globals of its own; one JSON line a script: its stdout's bytes (base64, so they compare
  // byte for byte) and its error, if it raised.
  pyodide.runPython("import sys\nsys.path.insert(0, '/work')");
  for (const path of args) {
    /** @type {Buffer[]} */
    const chunks = [];
    pyodide.setStdout({ write: (bytes) => { chunks.push(Buffer.from(bytes)); return bytes.length; } });
    let error = null;
    try {
      pyodide.runPython("sys.argv = ['script']");
      await pyodide.runPythonAsync(readFileSync(path, "utf8"), { globals: pyodide.toPy({ __name__: "__main__" }) });
    } catch (caught) {
      error = String(caught);
    }
    process.stdout.write(JSON.stringify({ script: path, stdout: Buffer.concat(chunks).toString("base64"), error }) + "\n");
  }
} else {
  const code = readFileSync(scriptPath, "utf8");
  pyodide.globals.set("script_args", pyodide.toPy(args));
  try {
    await pyodide.runPythonAsync(
      "import sys\nsys.path.insert(0, '/work')\nsys.argv = ['script', *script_args]\n" + code,
    );
  } catch (error) {
    process.stderr.write(String(error) + "\n");
    process.exitCode = 1;
  }
}
