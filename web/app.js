// The box in a browser (docs/web.md): the firmware on MicroPython's
// WebAssembly port, the page as its board. The flash is MicroPython's
// in-memory filesystem under /flash, kept in IndexedDB; one tab holds the box
// at a time (Web Locks).
import { loadMicroPython } from "./micropython.mjs";
import { stringify as tomlText } from "./vendor/smol-toml/index.js";
import { RingView } from "./ring.js";
import { openDb, readFlash, writeFlash } from "./flash.js";
import { clip, lineOf, readSheet } from "./sheets.js";

const FLASH = "/flash";
const LOOP_MS = 5;              // a turn of the firmware's loop, as on the box
const IDLE_MS = 20;             // a turn when nothing moves (a hidden page, an unchanged ring)
const BUSY_FOR_MS = 2000;       // 5 ms turns this long after a press...
const FRAME_BUSY_MS = 120;      // ...or a frame drawn (an animation's steps are 50 ms and more)
const PERSIST_MS = 300;         // the flash's changes go to IndexedDB this often at most
const LOCK = "fatebox-box";
const ROLES = ["back", "minus", "plus", "go"];
const LABELS = ["BACK", "MINUS", "PLUS", "GO"];
const SHORT_MS = 80, LONG_MS = 800;
// Keys as in fatebox sim (host/fatebox/sim.py, KEYS); Shift: a long press.
const KEYS = {
  "1": 0, "b": 0, "Backspace": 0, "ArrowLeft": 0,
  "2": 1, "m": 1, "-": 1, "ArrowDown": 1,
  "3": 2, "p": 2, "+": 2, "=": 2, "ArrowUp": 2,
  "4": 3, "g": 3, "Enter": 3, " ": 3, "ArrowRight": 3,
  "!": 0, "B": 0, "@": 1, "M": 1, "_": 1, "#": 2, "P": 2, "$": 3, "G": 3,
};

const $ = (id) => document.getElementById(id);
const fb = {            // what tests, the bench and a curious console can read
  ready: false, failed: null, frames: [], persisted: 0, kept: true, holder: false,
  firstFrameAt: null,
};
window.fatebox = fb;

let mp, app, ring, help, config, db = null, running = false, timer = null;
let lastShown = 0, brightness = 64, lastPersist = 0, flashStamp = "", lastWords = "", lastInput = 0, lastFrame = 0;

// -- notices ------------------------------------------------------------------
function notice(text, kind = "info", action = null) {
  const el = $("notice");
  el.textContent = text;
  el.className = "notice " + kind;
  el.hidden = !text;
  if (action) {
    const b = document.createElement("button");
    b.textContent = action[0];
    b.addEventListener("click", action[1]);
    el.append(" ", b);
  }
}

function problem(text) {
  const li = document.createElement("li");
  li.textContent = text;
  $("problems").appendChild(li);
}

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
  return writeFlash(db, entries).then(() => { fb.persisted += 1; }, storageLost);
}

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
    ring.draw(hex, brightness);
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
  app = mp.pyimport("app");
}

function call(name, ...args) {
  const out = app[name](...args);
  return typeof out === "string" && out.startsWith("{") ? JSON.parse(out) : out;
}

function pyError(e) {
  const text = String(e && e.message || e);
  const lines = text.trim().split("\n");
  return lines[lines.length - 1] || text;
}

function crashed(e) {
  running = false;
  clearTimeout(timer);
  fb.failed = pyError(e);
  // What play staged is written first, as start.py does on a board.
  try { call("flush"); } catch (_) { /* the flash stays as last saved */ }
  try { app.show_error(); } catch (_) {
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
  if (!running) return;
  try {
    app.tick();
  } catch (e) { crashed(e); return; }
  if (fb.fault && config.seeded) { fb.fault = false; try { mp.runPython("raise RuntimeError('a fault the test asked for')"); } catch (e) { crashed(e); return; } }
  const now = performance.now();
  // The words beside the ring follow the ring: read again after a frame or a
  // press, and four times a second (describe() costs more than a turn).
  if (lastFrame > lastShown || lastInput > lastShown || now - lastShown > 250) { lastShown = now; showScreen(); }
  if (now - lastPersist >= PERSIST_MS) { lastPersist = now; persist(); }
  // Turns every 5 ms while something moves, as on the box; every 20 ms when
  // nothing does (input wakes the loop at once: a press is never late).
  const busy = !document.hidden && (now - lastInput < BUSY_FOR_MS || now - lastFrame < FRAME_BUSY_MS);
  timer = setTimeout(turn, busy ? LOOP_MS : IDLE_MS);
}

function wake() {
  lastInput = performance.now();
  if (!running) return;
  clearTimeout(timer);
  timer = setTimeout(turn, 0);
}

// -- what the page shows beside the ring ---------------------------------------------
function showScreen(force = false) {
  const d = call("describe");
  fb.screen = d;
  brightness = d.brightness;
  const key = JSON.stringify([d.text, d.active, d.screen, d.system, d.status]);
  if (key === lastWords && !force) return;
  lastWords = key;
  $("words").textContent = d.text;
  const words = help.words[d.system] || d.system;
  const lines = help.lines[d.supply.join(",")] || help.lines[Object.keys(help.lines)[0]];
  const row = (lines[d.system] || {})[d.screen] || lines[""][d.screen];
  $("where").textContent = `${words} · ${row ? row[0] : d.screen} · ${d.active || "nobody"}`;
  $("help").textContent = row ? row[1] : "";
  if (d.status !== "ok") notice(`The flash: ${d.status}`, "warn");
  listCharacters();
}

function option(select, value, text, selected) {
  const o = document.createElement("option");
  o.value = value; o.textContent = text; o.selected = selected;
  select.appendChild(o);
}

let listed = "";

function listCharacters() {
  const t = call("characters");
  const key = JSON.stringify(t);
  if (key === listed) return;         // unchanged: keep what the player opened
  listed = key;
  fb.characters = t.characters;
  const sys = $("system"), who = $("character");
  sys.replaceChildren();
  for (const s of t.systems) option(sys, s, t.words[s] || s, s === t.system);
  who.replaceChildren();
  for (const c of t.characters) if (c.system === t.system) option(who, c.name, c.name, c.name === t.active);
  option(who, "", "nobody (nothing recorded)", !t.active);
  const ul = $("characters");
  ul.replaceChildren();
  for (const c of t.characters) {
    const li = document.createElement("li");
    li.dataset.name = c.name;
    const name = document.createElement("strong");
    name.textContent = c.name;
    const what = document.createElement("span");
    const n = c.trials || 0;
    what.textContent = `${t.words[c.system] || c.system} · ${n} trial${n === 1 ? "" : "s"}` +
      (c.history && c.history.length ? ` · last: ${c.history[c.history.length - 1].outcome}` : "");
    const get = document.createElement("button");
    get.textContent = "Download sheet";
    get.addEventListener("click", () => download(c));
    const del = document.createElement("button");
    del.textContent = "Delete";
    del.addEventListener("click", () => {
      if (!confirm(`Delete ${c.name} from the box?`)) return;
      const why = call("delete", c.name);
      if (why) problem(`${c.name}: ${why}`);
      persist(true); showScreen(true);
    });
    // The character's state as the box keeps it: the sheet a download gives.
    const more = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = "state";
    const pre = document.createElement("pre");
    pre.textContent = tomlText(c);
    more.append(summary, pre);
    li.append(name, what, get, del, more);
    ul.appendChild(li);
  }
}

function download(c) {
  const text = `# ${c.name}, as the box in the browser keeps it (fatebox push loads it onto a box).\n` + tomlText(c) + "\n";
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/toml" }));
  a.download = c.name.replace(/[^A-Za-z0-9_-]+/g, "-").toLowerCase() + ".toml";
  document.body.appendChild(a);
  a.click();
  a.remove();
}

// -- sheets from the player (sheets.js reads and parses them) -------------------------
async function loadSheet(file) {
  const where = file.name;
  const read = await readSheet(file);
  if (read.error) return read.error;
  let got;
  try { got = call("put_sheet", JSON.stringify(read.data)); } catch (e) {
    return `${where}: the box cannot read this sheet (${pyError(e)}); nothing loaded`;
  }
  if (!got.ok) {
    const line = got.field ? lineOf(read.text, got.field) : null;
    return `${where}${line ? ":" + line : ""}: ${got.field ? got.field + ": " : ""}${clip(got.message)}; nothing loaded`;
  }
  await persist(true);
  showScreen(true);
  return null;
}

async function loadSheets(files) {
  $("problems").replaceChildren();
  if (!running) { problem("The box is not running here: nothing loaded."); return; }
  for (const file of files) {
    const why = await loadSheet(file);
    if (why) problem(why); else problem(`${file.name}: loaded`);
  }
}

// -- hands ----------------------------------------------------------------------
function makeButtons() {
  const box = $("buttons");
  ROLES.forEach((role, i) => {
    const b = document.createElement("button");
    b.className = "key " + role;
    b.dataset.role = role;
    b.innerHTML = `<span class="label">${LABELS[i]}</span><span class="num">${i + 1}</span>`;
    b.title = help.buttons[i].slice(1).filter((s) => s !== "-").join(" · ");
    b.setAttribute("aria-label", `${LABELS[i]}: ${help.buttons[i][1]}`);
    let shifted = false;
    b.addEventListener("pointerdown", (e) => {
      if (!running) return;
      e.preventDefault();
      b.setPointerCapture(e.pointerId);
      b.classList.add("down");
      shifted = e.shiftKey;
      if (shifted) app.press(i, LONG_MS); else app.down(i);
      wake();
    });
    const release = () => {
      b.classList.remove("down");
      if (!running) return;
      if (!shifted) app.up(i);
      shifted = false;
      wake();
    };
    b.addEventListener("pointerup", release);
    b.addEventListener("pointercancel", release);
    b.addEventListener("contextmenu", (e) => e.preventDefault());   // a long touch is a long press
    box.appendChild(b);
  });
}

function onKey(e) {
  if (!running || e.repeat || e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target;
  if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
  let i = KEYS[e.key];
  if (t && t.dataset && t.dataset.role && (e.key === "Enter" || e.key === " ")) i = ROLES.indexOf(t.dataset.role);
  else if (t && t.tagName === "BUTTON" && (e.key === "Enter" || e.key === " ")) return;   // the page's own buttons
  if (i === undefined) return;
  e.preventDefault();
  fb.keyAt = e.timeStamp;      // the bench's press-to-frame latency starts here
  const long = e.shiftKey || /^[BMPG!@#$_]$/.test(e.key);
  app.press(i, long ? LONG_MS : SHORT_MS);
  wake();
  const b = $("buttons").children[i];
  b.classList.add("down");
  setTimeout(() => b.classList.remove("down"), long ? LONG_MS : SHORT_MS);
}

// -- one tab holds the box ---------------------------------------------------------
function holdLock() {
  if (!navigator.locks) { fb.holder = true; return Promise.resolve(true); }
  return new Promise((resolve) => {
    navigator.locks.request(LOCK, { ifAvailable: true }, (lock) => {
      if (!lock) { resolve(false); return; }
      fb.holder = true;
      resolve(true);
      return new Promise(() => {});      // held while the page lives
    }).catch(() => fb.lost());           // stolen: another tab took the box over
  });
}

function takeOver() {
  return new Promise((resolve) => {
    navigator.locks.request(LOCK, { steal: true }, () => {
      fb.holder = true;
      resolve();
      return new Promise(() => {});
    }).catch(() => fb.lost());
  });
}

// -- start -------------------------------------------------------------------------
async function start() {
  config = await (await fetch("config.json")).json();
  help = await (await fetch("help.json")).json();
  $("footer").textContent = `Fatebox firmware ${config.commit} on MicroPython (WebAssembly), in this page only.`;
  const params = new URLSearchParams(location.search);
  let seed = params.get("seed");
  if (seed !== null && !config.seeded) {
    notice("This page does not take a seed (only the tests' build does): the box draws from the browser's random source.", "warn");
    seed = null;
  }
  ring = new RingView($("ring"), 12);
  makeButtons();
  if (!(await holdLock())) {
    $("where").textContent = "Waiting: another tab holds the box.";
    // The box comes here by itself once the other tab closes; or at once, taken over.
    const waiting = new AbortController();
    let booted = false;
    const go = () => { if (booted) return; booted = true; notice(""); boot(seed); };
    navigator.locks.request(LOCK, { signal: waiting.signal }, () => {
      fb.holder = true;
      go();
      return new Promise(() => {});
    }).catch(() => { if (fb.holder && booted) fb.lost(); });
    notice("Another tab holds the box. Play there, or take it over here (the other tab stops).", "warn",
           ["Take over", async () => { waiting.abort(); await takeOver(); go(); }]);
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
  running = true;
  fb.ready = true;
  showScreen(true);
  document.addEventListener("keydown", onKey);
  $("system").addEventListener("change", () => choose($("system").value, null));
  $("character").addEventListener("change", () => choose($("system").value, $("character").value));
  $("file").addEventListener("change", (e) => { loadSheets([...e.target.files]); e.target.value = ""; });
  const drop = $("drop");
  drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => { e.preventDefault(); drop.classList.remove("over"); loadSheets([...e.dataTransfer.files]); });
  const keep = () => { if (running) { call("flush"); } persist(); };
  document.addEventListener("visibilitychange", () => { if (document.hidden) keep(); });
  window.addEventListener("pagehide", keep);
  turn();
}

function choose(system, name) {
  const why = call("choose", system, name === null ? "*" : name);
  if (why) problem(why);
  persist(true);
  showScreen(true);
}

fb.downs = () => app.downs();       // every press as the firmware read it: [button, at, hold]

fb.lost = () => {
  // The lock was stolen by another tab: stop, write nothing more.
  running = false;
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
