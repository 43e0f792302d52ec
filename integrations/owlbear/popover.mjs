// The Fatebox action's popover (bundled by integrations/build.py): the box's
// results from serve's /vtt, shared with the room through OBR.broadcast.

import OBR from "@owlbear-rodeo/sdk";
import {RollDeclined, ServeLink} from "../foundry/scripts/link.mjs";
import {ResultsView, parseDice, valuesText} from "./view.mjs";

export const CHANNEL = "fatebox/result";
// The room's latest result, for a popover opened after it was shared (a
// popover closed hears no broadcast): one result, well under the room's 16 kB.
export const LATEST = "fatebox/latest";
const DEFAULT_URL = "ws://127.0.0.1:8766/vtt";
const STATES = {connecting: "Connecting to serve\u2026", connected: "Connected to serve",
                disconnected: "serve not reached"};

const $ = (sel) => document.querySelector(sel);
const view = new ResultsView({latest: $("#latest"), list: $("#list")});
let name = "";

function stored(key, fallback) {
  try {
    return localStorage.getItem("fatebox." + key) || fallback;
  } catch {
    return fallback;        // storage refused (a third-party frame): the defaults
  }
}

function store(key, value) {
  try {
    localStorage.setItem("fatebox." + key, value);
  } catch {
    // kept for this popover only
  }
}

function share(result) {
  // To the others in the room; ours is shown already.
  if (!OBR.isReady) return;
  OBR.broadcast.sendMessage(CHANNEL, {result, from: name}).catch(() => {});
  OBR.room.setMetadata({[LATEST]: {result, from: name}}).catch(() => {});
}

function take(shared) {
  if (shared && shared.result && typeof shared.result === "object") {
    view.show(shared.result, shared.from || "another player");
  }
}

const link = new ServeLink({
  url: stored("url", DEFAULT_URL),
  token: stored("token", ""),
  idPrefix: "owlbear",
  onResult: (result) => {
    if (view.show(result)) share(result);
  },
  onState: (state) => {
    const p = $("#link");
    p.dataset.state = state;
    p.textContent = STATES[state] || state;
    p.title = link.url;
  },
});

function settings() {
  const box = $("#settings");
  box.querySelector("[name=url]").value = link.url;
  box.querySelector("[name=token]").value = link.token;
  $("#save").addEventListener("click", () => {
    const url = box.querySelector("[name=url]").value.trim() || DEFAULT_URL;
    const token = box.querySelector("[name=token]").value.trim();
    store("url", url);
    store("token", token);
    link.restart({url, token});
  });
  if (!link.token) box.open = true;      // nothing works without serve's token
}

function askForm() {
  const form = $("#ask");
  const said = $("#asked");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const dice = parseDice(form.elements.dice.value);
    if (!dice) {
      said.textContent = "Dice as 2d6 or 1d20 2d4, please.";
      return;
    }
    const label = form.elements.label.value.trim();
    const button = form.querySelector("button");
    button.disabled = true;
    said.textContent = "Waiting for the box: press GO to roll, BACK to decline.";
    try {
      const answer = await link.request(dice, {label, from: name});
      said.textContent = "The box rolled " + valuesText(dice, answer.values || []);
    } catch (err) {
      said.textContent = err instanceof RollDeclined ? "The box declined: " + err.message
        : "Not asked: " + err.message;
    } finally {
      button.disabled = false;
    }
  });
}

settings();
askForm();
link.start();
OBR.onReady(async () => {
  OBR.broadcast.onMessage(CHANNEL, (event) => take(event.data));
  try {
    name = await OBR.player.getName();
  } catch {
    name = "";
  }
  try {
    const metadata = await OBR.room.getMetadata();
    if (!view.shown.size) take(metadata[LATEST]);
  } catch {
    // no room to read: the next result shows
  }
});
window.fateboxPopover = {link, view};
