// Runs the two-interpreter test suites under real MicroPython (the npm
// WebAssembly build), with an in-memory filesystem laid out like a board's flash.
// Fails (exit 1) when a test fails, when no test ran, or when product code
// imported a module the rp2 firmware does not have.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
// Suites that run on both interpreters; the rest of tests/ is CPython-only.
const SUITES = ["tests/rules", "tests/core"];
// Product code copied to the board's root, as `fatebox deploy` lays it out.
const PRODUCT = [["shared_rules", "shared_rules"], ["firmware/fatebox_fw", "fatebox_fw"]];
const PRODUCT_PACKAGES = ["shared_rules", "fatebox_fw"];

function parseArgs(argv) {
  const args = { allowed: null, only: null, heap: 4 * 1024 * 1024 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--allowed") args.allowed = argv[++i];
    else if (argv[i] === "--only") args.only = argv[++i];
    else if (argv[i] === "--root") args.root = path.resolve(argv[++i]);
    else if (argv[i] === "--heap") args.heap = parseInt(argv[++i], 10);
    else { console.error(`run.mjs: unknown argument ${argv[i]}`); process.exit(2); }
  }
  if (!args.allowed) { console.error("run.mjs: --allowed FILE (the rp2 module list) is required"); process.exit(2); }
  return args;
}

function copyTree(mp, from, to) {
  mp.FS.mkdirTree("/" + to);
  for (const entry of fs.readdirSync(path.join(root, from), { withFileTypes: true })) {
    if (entry.name === "__pycache__") continue;
    const src = path.join(from, entry.name);
    if (entry.isDirectory()) copyTree(mp, src, to + "/" + entry.name);
    else if (entry.name.endsWith(".py")) mp.FS.writeFile("/" + to + "/" + entry.name, fs.readFileSync(path.join(root, src)));
  }
}

const args = parseArgs(process.argv.slice(2));
const runnerDir = path.dirname(fileURLToPath(import.meta.url));
if (args.root) root = args.root;  // another tree laid out like this one (the harness's own tests)
const allowed = fs.readFileSync(args.allowed, "utf8").split(/\s+/).filter(Boolean);
let out = "";
const mp = await loadMicroPython({
  heapsize: args.heap,
  stdout: (line) => { out += line + "\n"; process.stdout.write(line + "\n"); },
  stderr: (line) => process.stderr.write(line + "\n"),
});
for (const [from, to] of PRODUCT) if (fs.existsSync(path.join(root, from))) copyTree(mp, from, to);
mp.FS.mkdirTree("/tests");
for (const name of ["__init__.py", "helpers.py"]) mp.FS.writeFile("/tests/" + name, fs.readFileSync(path.join(root, "tests", name)));
const modules = [];
for (const suite of SUITES) {
  if (!fs.existsSync(path.join(root, suite))) continue;
  copyTree(mp, suite, suite);
  for (const name of fs.readdirSync(path.join(root, suite)).sort()) {
    if (name.startsWith("test_") && name.endsWith(".py")) {
      const mod = suite.replaceAll("/", ".") + "." + name.slice(0, -3);
      if (!args.only || args.only.split(",").some((part) => mod.includes(part))) modules.push(mod);
    }
  }
}
mp.FS.writeFile("/runner.py", fs.readFileSync(path.join(runnerDir, "runner.py")));
try {
  mp.runPython(`
import sys
sys.path.insert(0, "/")
import runner
runner.main(${JSON.stringify(modules)}, ${JSON.stringify(allowed)}, ${JSON.stringify(PRODUCT_PACKAGES)})
`);
} catch (error) {
  console.error(`run.mjs: the MicroPython run stopped: ${error.type || error.name}: ${String(error.message).slice(0, 2000)}`);
  process.exit(1);
}
const summary = out.match(/^(\d+) passed, (\d+) failed$/m);
const forbidden = /^forbidden imports:/m.test(out);
if (!summary) { console.error("run.mjs: the MicroPython run printed no summary"); process.exit(1); }
const [passed, failed] = [parseInt(summary[1], 10), parseInt(summary[2], 10)];
if (passed === 0) console.error("run.mjs: no test ran under MicroPython");
process.exit(failed > 0 || passed === 0 || forbidden ? 1 : 0);
