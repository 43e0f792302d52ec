// What the page shows beside the ring: the screen in words with its help
// line, the characters the box holds (download, delete, their state), and the
// sheets a player drops in (sheets.js reads and parses them).
import { stringify as tomlText } from "./vendor/smol-toml/index.js";
import { clip, lineOf, readSheet } from "./sheets.js";
import { notice, problem } from "./notice.js";

const $ = (id) => document.getElementById(id);

// `box`: the page's box (running, help, brightness); `call(name, ...)` asks the
// firmware's app module; `persist(force)` keeps the flash; `fb` what tests read.
export function makePanel(box, call, persist, fb) {
  let lastWords = "", listed = "", names = [];
  let base = null;        // [sentence, screen, the box's words] as a result's sentence first showed

  function showScreen(force = false) {
    const d = call("describe");
    fb.screen = d;
    box.brightness = d.brightness;
    const key = JSON.stringify([d.text, d.active, d.screen, d.system, d.status, d.said]);
    if (key === lastWords && !force) return;
    lastWords = key;
    // On a result: what was drawn or rolled and the outcome, as the host says it,
    // and the chance the set-up gave it; the box's own words for the step under it.
    const said = d.said;
    named($("words"), said ? said.words : d.text, names);
    $("odds").textContent = said && said.chance ? `${said.chance} chance of ${said.of}` : "";
    // The box's words only once they say more than the sentence: a mark made, the
    // next screen of the result (a sentence said once, not twice in other words).
    if (said && (!base || base[0] !== said.words)) base = [said.words, d.screen, d.text];
    const more = said && (d.screen !== base[1] || d.text !== base[2]);
    named($("step"), more ? d.text : "", names);
    const help = box.help;
    const words = help.words[d.system] || d.system;
    const lines = help.lines[d.table] || help.lines[Object.keys(help.lines)[0]];
    const row = (lines[d.system] || {})[d.screen] || lines[""][d.screen];
    const where = $("where");
    where.replaceChildren(`${words} · ${row ? row[0] : d.screen} · `);
    if (d.active) where.appendChild(isolated(d.active)); else where.append("nobody");
    $("help").textContent = row ? row[1] : "";
    if (d.status !== "ok") notice(`The flash: ${d.status}`, "warn");
    listCharacters();
  }

  function listCharacters() {
    const t = call("characters");
    const key = JSON.stringify(t);
    if (key === listed) return;         // unchanged: keep what the player opened
    listed = key;
    fb.characters = t.characters;
    names = t.characters.map((c) => c.name);
    const sys = $("system"), who = $("character");
    sys.replaceChildren();
    for (const s of t.systems) option(sys, s, t.words[s] || s, s === t.system);
    who.replaceChildren();
    for (const c of t.characters) if (c.system === t.system) option(who, c.name, c.name, c.name === t.active);
    option(who, "", "nobody (nothing recorded)", !t.active);
    const ul = $("characters");
    ul.replaceChildren();
    for (const c of t.characters) ul.appendChild(characterItem(t, c));
  }

  function characterItem(t, c) {
    const li = document.createElement("li");
    li.dataset.name = c.name;
    const name = document.createElement("strong");
    name.appendChild(isolated(c.name));
    const what = document.createElement("span");
    const n = c.trials || 0;
    what.textContent = `${t.words[c.system] || c.system} · ${n} trial${n === 1 ? "" : "s"}` +
      (t.last && t.last[c.name] ? ` · last: ${t.last[c.name]}` : "");
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
    return li;
  }

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
    if (!box.running) { problem("The box is not running here: nothing loaded."); return; }
    for (const file of files) {
      const why = await loadSheet(file);
      if (why) problem(why); else problem(`${file.name}: loaded`);
    }
  }

  return { showScreen, loadSheets };
}

// A name in any script, isolated from the text around it (a right-to-left name
// beside "(1 of 3)" keeps the words in their order).
function isolated(name) {
  const b = document.createElement("bdi");
  b.textContent = name;
  return b;
}

// `text` into `el`, each character's name in it isolated (<bdi>): the box's words
// name characters inside its sentences ("Playing Mara (1 of 3)").
function named(el, text, names) {
  el.replaceChildren();
  const known = names.filter((n) => n && text.includes(n)).sort((a, b) => b.length - a.length);
  if (!known.length) { el.textContent = text; return; }
  const escaped = known.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const found = new RegExp(`(?<![\\p{L}\\p{N}])(${escaped.join("|")})(?![\\p{L}\\p{N}])`, "gu");
  let at = 0;
  for (const m of text.matchAll(found)) {
    el.append(text.slice(at, m.index), isolated(m[0]));
    at = m.index + m[0].length;
  }
  el.append(text.slice(at));
}

// The last line of a Python error: what went wrong, without the traceback.
export function pyError(e) {
  const text = String(e && e.message || e);
  const lines = text.trim().split("\n");
  return lines[lines.length - 1] || text;
}

function option(select, value, text, selected) {
  const o = document.createElement("option");
  o.value = value; o.textContent = text; o.selected = selected;
  select.appendChild(o);
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
