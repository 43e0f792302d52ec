// The odds tables of bench/mp_tables.py under real MicroPython (the npm WebAssembly
// build, as tests/mp/run.mjs loads it): prints one JSON object of timings and memory.
// Usage: node bench/mp_bench.mjs [PASSES [REPEAT]]  (the first pass starts with cold caches)
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const passes = parseInt(process.argv[2] || "1", 10);
const repeat = parseInt(process.argv[3] || "5", 10);
let out = "";
const mp = await loadMicroPython({
  heapsize: 4 * 1024 * 1024,
  stdout: (line) => { out += line + "\n"; },
  stderr: (line) => process.stderr.write(line + "\n"),
});
// shared_rules at the root of an in-memory flash, as on the board: its generic
// modules and a package per system.
function copyTree(from, to) {
  mp.FS.mkdirTree(to);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (entry.name === "__pycache__") continue;
    if (entry.isDirectory()) copyTree(path.join(from, entry.name), to + "/" + entry.name);
    else if (entry.name.endsWith(".py")) mp.FS.writeFile(to + "/" + entry.name, fs.readFileSync(path.join(from, entry.name)));
  }
}
copyTree(path.join(root, "shared_rules"), "/shared_rules");
mp.FS.writeFile("/mp_tables.py", fs.readFileSync(path.join(here, "mp_tables.py")));
const result = { passes: [] };
try {
  mp.runPython(`
import sys, gc, js
sys.path.insert(0, "/")
import mp_tables
`);
  const value = (expression) => { mp.runPython("_value = " + expression); return mp.globals.get("_value"); };
  result.version = value("sys.version");
  result.base_alloc = value("gc.mem_alloc()");   // interpreter and modules, collected between calls
  result.clock_ms = value("mp_tables.clock_cost(js.performance.now)");
  for (let p = 0; p < passes; p++) {
    // Memory on the first pass only: gc.mem_alloc() walks the whole heap.
    mp.runPython(`run = mp_tables.Pass(js.performance.now, ${repeat}, ${p === 0 ? "True" : "False"})
def step():
    return run.step()`);
    // One call per query, to a function looked up once (a proxy per call would
    // pile up): the heap is collected between calls, never inside one.
    const step = mp.globals.get("step");
    while (step()) { /* next query */ }
    result.passes.push(JSON.parse(value("__import__('json').dumps(run.record())")));
  }
} catch (error) {
  console.error(`mp_bench.mjs: the MicroPython run stopped: ${error.type || error.name}: ${String(error.message).slice(0, 2000)}`);
  if (out) console.error(out);
  process.exit(1);
}
console.log(JSON.stringify(result));
