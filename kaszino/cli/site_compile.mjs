// Compiles the site's wheels to bytecode with the browser's own Python: Pyodide, run by Node.js.
//   node site_compile.mjs RUNTIME WHEELS NAME...
// RUNTIME: the unpacked npm pyodide package; WHEELS: the folder of the wheels; each NAME there is
// rewritten in place by wheel_files.compile_wheel (the module beside this file).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [runtime, wheels, ...names] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${runtime}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${runtime}/` });
pyodide.FS.mkdirTree("/wheels");
pyodide.mountNodeFS("/wheels", wheels);
const module = pyodide.toPy({ __name__: "wheel_files" });
pyodide.runPython(readFileSync(new URL("wheel_files.py", import.meta.url), "utf8"), { globals: module });
const compileWheel = module.get("compile_wheel");
for (const name of names) compileWheel(`/wheels/${name}`);
