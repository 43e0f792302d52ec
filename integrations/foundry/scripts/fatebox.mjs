// Fatebox for Foundry VTT: the module's entry (module.json's esmodules). Its
// settings and fulfilment method at init, the connection to serve at ready.

import {ServeLink} from "./link.mjs";
import {Fulfilment} from "./fulfil.mjs";
import {ChatFeed} from "./cards.mjs";

export const ID = "fatebox";
export const DEFAULT_URL = "ws://127.0.0.1:8766/vtt";

const live = {link: null, fulfilment: null, feed: null};

function setting(key) {
  return game.settings.get(ID, key);
}

function registerSettings() {
  const restart = () => live.link && !live.link.stopped && live.link.restart({url: setting("url"), token: setting("token")});
  game.settings.register(ID, "url", {
    name: "Fatebox serve's address",
    hint: "The WebSocket of fatebox serve on this computer (127.0.0.1, not localhost).",
    scope: "client", config: true, type: String, default: DEFAULT_URL, onChange: restart,
  });
  game.settings.register(ID, "token", {
    name: "Fatebox token",
    hint: "The token fatebox serve prints at start (--token).",
    scope: "client", config: true, type: String, default: "", onChange: restart,
  });
  game.settings.register(ID, "blindOnBox", {
    name: "Blind GM rolls on the box",
    hint: "Off: a blind GM roll uses digital dice, so the table never sees it on the box's ring.",
    scope: "world", config: true, type: Boolean, default: false,
  });
  game.settings.register(ID, "chatCards", {
    name: "The box's own rolls in chat",
    hint: "Post each result the box plays by itself as a chat card, in its system's words with the odds.",
    scope: "world", config: true, type: Boolean, default: true,
  });
}

function cardPosted(key) {
  for (const m of game.messages ?? []) {
    const flag = typeof m.getFlag === "function" ? m.getFlag(ID, "key") : m.flags?.[ID]?.key;
    if (flag === key) return true;
  }
  return false;
}

function rollMode(term, options) {
  // The roll's own mode, else the one the chat box is set to.
  const own = options.rollMode ?? term._root?.options?.rollMode;
  if (own) return own;
  try {
    return game.settings.get("core", "rollMode");
  } catch {
    return undefined;       // a Foundry without that setting: no roll is blind
  }
}

function init() {
  registerSettings();
  live.feed = new ChatFeed({
    post: (data) => ChatMessage.create(data),
    posted: cardPosted,
    enabled: () => setting("chatCards"),
  });
  live.link = new ServeLink({
    url: DEFAULT_URL, token: "",
    onResult: (result) => live.feed.offer(result),
  });
  live.fulfilment = new Fulfilment({
    link: live.link,
    notify: (text) => ui.notifications.warn(text),
    rollMode,
    blindAllowed: () => setting("blindOnBox"),
    who: () => game.user?.name ?? "",
    onAsked: () => live.feed.asked(),
    onSettled: (answer) => live.feed.settled(answer),
  });
  CONFIG.Dice.fulfillment.methods[ID] = {
    label: "Fatebox",
    icon: '<i class="fa-solid fa-dice"></i>',
    interactive: false,
    handler: live.fulfilment.handler,
  };
}

function ready() {
  live.link.url = setting("url");
  live.link.token = setting("token");
  live.link.start();
  const module = game.modules?.get?.(ID);
  if (module) module.api = live;
}

Hooks.once("init", init);
Hooks.once("ready", ready);
