// The box in a browser (docs/web.md): the firmware on MicroPython's
// WebAssembly port, the page as its board. The flash is MicroPython's
// in-memory filesystem under /flash, kept in IndexedDB; one tab holds the box
// at a time (lock.js). The page beside the ring is panel.js, the hands hands.js.
import { loadMicroPython } from "./micropython.mjs";
import { RingView } from "./ring.js";
import { openDb, readFlash, writeFlash } from "./flash.js";
import { makeButtons, keyPresses } from "./hands.js";
import { holdLock, takeOver, waitForLock } from "./lock.js";
import { notice, problem } from "./notice.js";
import { makePanel, pyError } from "./panel.js";

const FLASH = "/flash";
const LOOP_MS = 5;              // a turn of the firmware's loop, as on the box
const IDLE_MS = 20;             // a turn when nothing moves (a hidden page, an unchanged ring)
const BUSY_FOR_MS = 2000;       // 5 ms turns this long after a press...
const FRAME_BUSY_MS = 120;      // ...or a frame drawn (an animation's steps are 50 ms and more)
const PERSIST_MS = 300;         // the flash's changes go to IndexedDB this often at most

const $ = (id) => document.getElementById(id);
const fb = {            // what tests, the bench and a curious console can read
  ready: false, failed: null, frames: [], persisted: 0, kept: true, holder: false,
  firstFrameAt: null,
};
window.fatebox = fb;

// The page's box: the firmware's app module, whether it runs, the help lines,
// the ring's brightness as the firmware last said it.
const box = { app: null, running: false, help: null, brightness: 64 };
let mp, ring, config, panel, db = null, timer = null;
let lastShown = 0, lastPersist = 0, flashStamp = "", lastInput = 0, lastFrame = 0;

// -- the flash in IndexedDB (flash.js) -------------------------------------------
// The files under /flash now, with a stamp that changes when any does.
function flashFiles() {
  const files = {};
  let stamp = "";
  for (const name of mp.FS.readdir(FLASH)) {
    if (name === "." || name === "..") continue;
    const path = FLASH + "/" + name;
    const st = mp.FS.stat(path);
    if (mp.FS.isDir(st.mode)) continue;
    stamp += `${name}:${st.size}:${+st.mtime};`;
    files[name] = path;
  }
  return [files, stamp];
}

// The flash as it is between two turns (a save is whole within a turn), in
// one transaction: the stored flash is always one the box wrote, never half.
function persist(force = false) {
  if (!db || !fb.holder || !mp) return Promise.resolve();
  const [files, stamp] = flashFiles();
  if (!force && stamp === flashStamp) return Promise.resolve();
  flashStamp = stamp;
  const entries = Object.entries(files).map(([name, path]) => [name, mp.FS.readFile(path)]);
  return writeFlash(db, entries).then(() => { fb.persisted += 1; keptStamp = stamp; }, storageLost);
}

let keptStamp = null;     // the flash as IndexedDB last took it whole
// True while the flash holds changes IndexedDB does not have yet (a test waits before a reload).
fb.unsaved = () => !mp || flashFiles()[1] !== keptStamp;

function storageLost(error) {
  if (!fb.kept) return;       // said once
  db = null;
  fb.kept = false;
  notice(`The browser refused to keep the box's flash (${error && error.message || error}): ` +
         "characters will not be kept after this page closes. Play goes on.", "warn");
}

// -- the firmware ------------------------------------------------------------
const page = {
  now: () => Math.floor(performance.now()),
  random: (n) => {
    const a = new Uint8Array(n);
    crypto.getRandomValues(a);
    let s = "";
    for (const b of a) s += b.toString(16).padStart(2, "0");
    return s;
  },
  draw: (hex) => {
    ring.draw(hex, box.brightness);
    const t = performance.now();
    lastFrame = t;
    if (fb.firstFrameAt === null) fb.firstFrameAt = t;
    fb.frames.push([t, hex]);
    if (fb.frames.length > 4000) fb.frames.splice(0, 1000);
  },
};

async function loadFirmware(flash) {
  const lines = [];
  mp = await loadMicroPython({
    url: "micropython.wasm", heapsize: 8 * 1024 * 1024,
    stdout: (line) => { lines.push(line); console.log(line); },
    stderr: (line) => { lines.push(line); console.warn(line); },
  });
  fb.output = lines;
  const files = await (await fetch("firmware.json")).json();
  for (const [path, body] of Object.entries(files)) {
    const dir = "/lib/" + path.split("/").slice(0, -1).join("/");
    mp.FS.mkdirTree(dir);
    // .mpy modules come as base64 (web/build.py), sources as text.
    const data = path.endsWith(".mpy") ? Uint8Array.from(atob(body), (c) => c.charCodeAt(0)) : body;
    mp.FS.writeFile("/lib/" + path, data);
  }
  mp.FS.mkdirTree(FLASH);
  for (const [name, data] of Object.entries(flash)) mp.FS.writeFile(FLASH + "/" + name, data);
  mp.runPython("import sys\nsys.path.insert(0, '/lib')");
  box.app = mp.pyimport("app");
}

function call(name, ...args) {
  const out = box.app[name](...args);
  return typeof out === "string" && out.startsWith("{") ? JSON.parse(out) : out;
}

function crashed(e) {
  box.running = false;
  clearTimeout(timer);
  fb.failed = pyError(e);
  // What play staged is written first, as start.py does on a board.
  try { call("flush"); } catch (_) { /* the flash stays as last saved */ }
  try { box.app.show_error(); } catch (_) {
    // The firmware could not draw its own error: the refused pattern, every third pixel magenta.
    let hex = "";
    for (let i = 0; i < 12; i++) hex += i % 3 === 0 ? "400040" : "000000";
    page.draw(hex);
  }
  $("words").textContent = "The box stopped: the ring shows its error pattern.";
  $("help").textContent = "";
  notice(`The box stopped: ${fb.failed}. Reload the page to start it again (the flash is kept as last saved).`,
         "error", ["Reload", () => location.reload()]);
  persist();
}

function turn() {
  if (!box.running) return;
  try {
    box.app.tick();
  } catch (e) { crashed(e); return; }
  if (fb.fault && config.seeded) { fb.fault = false; try { mp.runPython("raise RuntimeError('a fault the test asked for')"); } catch (e) { crashed(e); return; } }
  const now = performance.now();
  // The words beside the ring follow the ring: read again after a frame or a
  // press, and four times a second (describe() costs more than a turn).
  if (lastFrame > lastShown || lastInput > lastShown || now - lastShown > 250) { lastShown = now; panel.showScreen(); }
  if (now - lastPersist >= PERSIST_MS) { lastPersist = now; persist(); }
  // Turns every 5 ms while something moves, as on the box; every 20 ms when
  // nothing does (input wakes the loop at once: a press is never late).
  const busy = !document.hidden && (now - lastInput < BUSY_FOR_MS || now - lastFrame < FRAME_BUSY_MS);
  timer = setTimeout(turn, busy ? LOOP_MS : IDLE_MS);
}

function wake() {
  lastInput = performance.now();
  if (!box.running) return;
  clearTimeout(timer);
  timer = setTimeout(turn, 0);
}

// -- start -------------------------------------------------------------------------
async function start() {
  config = await (await fetch("config.json")).json();
  box.help = await (await fetch("help.json")).json();
  panel = makePanel(box, call, persist, fb);
  $("footer").textContent = `Fatebox firmware ${config.commit} on MicroPython (WebAssembly), in this page only.`;
  const params = new URLSearchParams(location.search);
  let seed = params.get("seed");
  if (seed !== null && !config.seeded) {
    notice("This page does not take a seed (only the tests' build does): the box draws from the browser's random source.", "warn");
    seed = null;
  }
  ring = new RingView($("ring"), 12);
  makeButtons($("buttons"), box, wake);
  if (!(await holdLock(fb, () => fb.lost()))) {
    $("where").textContent = "Waiting: another tab holds the box.";
    // The box comes here by itself once the other tab closes; or at once, taken over.
    const waiting = new AbortController();
    let booted = false;
    const go = () => { if (booted) return; booted = true; notice(""); boot(seed); };
    waitForLock(fb, () => { if (booted) fb.lost(); }, waiting.signal, go);
    notice("Another tab holds the box. Play there, or take it over here (the other tab stops).", "warn",
           ["Take over", async () => { waiting.abort(); await takeOver(fb, () => fb.lost()); go(); }]);
    return;
  }
  await boot(seed);
}

async function boot(seed) {
  let flash = {};
  try {
    db = await openDb();
    flash = await readFlash(db);
  } catch (e) {
    storageLost(e);
  }
  await loadFirmware(flash);
  const demo = await (await fetch("demo.json")).text();
  try {
    const done = call("start", page, seed === null ? "" : seed, demo);
    fb.demo = done.demo;
  } catch (e) { crashed(e); return; }
  await persist(true);
  box.running = true;
  fb.ready = true;
  panel.showScreen(true);
  document.addEventListener("keydown", keyPresses($("buttons"), box, wake, fb));
  $("system").addEventListener("change", () => choose($("system").value, null));
  $("character").addEventListener("change", () => choose($("system").value, $("character").value));
  $("file").addEventListener("change", (e) => { panel.loadSheets([...e.target.files]); e.target.value = ""; });
  const drop = $("drop");
  drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => { e.preventDefault(); drop.classList.remove("over"); panel.loadSheets([...e.dataTransfer.files]); });
  const keep = () => { if (box.running) { call("flush"); } persist(); };
  document.addEventListener("visibilitychange", () => { if (document.hidden) keep(); });
  window.addEventListener("pagehide", keep);
  turn();
}

function choose(system, name) {
  const why = call("choose", system, name === null ? "*" : name);
  if (why) problem(why);
  persist(true);
  panel.showScreen(true);
}

fb.downs = () => box.app.downs();       // every press as the firmware read it: [button, at, hold]

fb.lost = () => {
  // The lock was stolen by another tab: stop, write nothing more.
  box.running = false;
  $("where").textContent = "Stopped: another tab holds the box.";
  fb.holder = false;
  clearTimeout(timer);
  notice("Another tab took the box over. This one has stopped; reload it to take the box back.", "warn",
         ["Reload", () => location.reload()]);
};

// Offline once loaded: a service worker keeps the site's files (sw.js).
if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => {});

window.addEventListener("error", (e) => { if (!fb.failed) notice(`The page failed: ${e.message}. Reload to start again.`, "error"); });
start().catch((e) => {
  fb.failed = String(e && e.message || e);
  notice(`The box could not start: ${fb.failed}. Reload to try again.`, "error", ["Reload", () => location.reload()]);
});
