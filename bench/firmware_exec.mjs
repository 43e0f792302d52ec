// Runs Python on real MicroPython (the npm WebAssembly build, as tests/mp/run.mjs
// loads it) over an in-memory flash laid out as a job says. The job is JSON on
// stdin: {"files": {"path": "<base64>"}, "dirs": ["path"], "code": "...",
// "heap": bytes, "repeat": "...", "until": "name"}. `code` runs once, then
// `repeat` runs again and again, each time as a run of its own, until the
// Python global `until` is true: this build's collector frees nothing while a
// run is under way, only at the start of the next, so a gc.collect() at the top
// of `repeat` is a real one. MicroPython's output goes to stdout; exit 1 if the
// code raised.
// Used by bench/firmware_fit.py (the deploy file set, .mpy and all, booted as on
// a Pico) and tests/firmware/test_deploy_board.py (deploy's board-side scripts).
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import path from "node:path";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const job = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const mp = await loadMicroPython({
  heapsize: job.heap || 4 * 1024 * 1024,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
for (const dir of job.dirs || []) mp.FS.mkdirTree("/" + dir);
for (const [name, data] of Object.entries(job.files || {})) {
  mp.FS.mkdirTree(path.posix.dirname("/" + name));
  mp.FS.writeFile("/" + name, Buffer.from(data, "base64"));
}
try {
  mp.runPython("import sys\nsys.path.insert(0, '/')\n" + job.code);
  if (job.repeat) {
    while (!mp.globals.get(job.until)) mp.runPython(job.repeat);
  }
} catch (error) {
  console.error(`firmware_exec.mjs: the MicroPython run stopped: ${error.type || error.name}: ${String(error.message).slice(0, 4000)}`);
  process.exit(1);
}
