// The popover's results: the latest large, the session's below, each once (by
// board and seq), in the system's words (../foundry/scripts/words.mjs).

import {chance, colour, resultKey, said, setup, who} from "../foundry/scripts/words.mjs";

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function items(result) {
  const row = el("p", "items");
  for (const it of result.items || []) {
    const chip = el("span", it.kept ? "item" : "item dropped", it.label);
    chip.style.background = colour(it.colour, "#777777");
    row.appendChild(chip);
  }
  return row;
}

export class ResultsView {
  constructor({latest, list, limit = 50}) {
    this.latest = latest;
    this.list = list;
    this.limit = limit;
    this.shown = new Set();
  }

  has(result) {
    return this.shown.has(resultKey(result));
  }

  show(result, sharedBy = null) {
    // False when it was shown already (the box's own and a share of it alike).
    const key = resultKey(result);
    if (this.shown.has(key)) return false;
    this.shown.add(key);
    const box = this.latest;
    box.textContent = "";
    box.dataset.key = key;
    const line = el("p", "who");
    line.appendChild(el("bdi", "name", who(result)));
    line.appendChild(document.createTextNode(" \u00b7 " + (result.system_name || "")));
    box.appendChild(line);
    // The outcome's colour as a bar beside it: the ring's reds and blues are dark
    // on the popover's dark ground.
    box.style.borderLeftColor = colour(result.pattern && result.pattern.colour, "#2e3350");
    box.appendChild(el("p", "outcome", result.outcome_words || ""));
    box.appendChild(el("p", "said", said(result)));
    if ((result.items || []).length) box.appendChild(items(result));
    if (setup(result)) box.appendChild(el("p", "setup", setup(result)));
    if (chance(result)) box.appendChild(el("p", "odds", chance(result)));
    if (sharedBy) {
      const by = el("p", "shared", "Shared by ");
      by.appendChild(el("bdi", null, sharedBy));
      box.appendChild(by);
    }
    const li = el("li");
    li.dataset.key = key;
    li.appendChild(el("bdi", "name", who(result)));
    li.appendChild(el("span", "what", result.outcome_words || ""));
    const pc = result.odds && result.odds.chance !== null && result.odds.chance !== undefined ? result.odds.percent : "";
    if (pc) li.appendChild(el("span", "pc", pc));
    this.list.insertBefore(li, this.list.firstChild);
    while (this.list.children.length > this.limit) this.list.removeChild(this.list.lastChild);
    return true;
  }
}

export function parseDice(text) {
  // "2d6 1d20", "2d6+d8": [{faces, count}]; null for anything else. The box's
  // own bounds are serve's to say (a roll-declined with the reason).
  const parts = String(text).trim().toLowerCase().split(/[\s+,]+/).filter(Boolean);
  if (!parts.length) return null;
  const dice = [];
  for (const part of parts) {
    const m = /^(\d*)d(\d+)$/.exec(part);
    if (!m) return null;
    dice.push({faces: Number(m[2]), count: m[1] ? Number(m[1]) : 1});
  }
  return dice;
}

export function valuesText(dice, values) {
  // "2d6: 3, 5 · 1d20: 17"
  return dice.map((d, i) => d.count + "d" + d.faces + ": " + (values[i] || []).join(", ")).join(" \u00b7 ");
}
