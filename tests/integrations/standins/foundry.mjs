// Foundry VTT's globals as its API documents them (foundryvtt.com/api, v12-13),
// only what the Fatebox module touches: CONFIG.Dice.fulfillment, Roll and its
// dice terms, Hooks, game.settings, game.user, game.messages, ChatMessage, ui.notifications.

import WebSocket from "ws";

class Hooks {
  static events = new Map();
  static on(name, fn) {
    if (!this.events.has(name)) this.events.set(name, []);
    this.events.get(name).push({fn, once: false});
  }
  static once(name, fn) {
    if (!this.events.has(name)) this.events.set(name, []);
    this.events.get(name).push({fn, once: true});
  }
  static callAll(name, ...args) {
    const list = this.events.get(name) || [];
    this.events.set(name, list.filter((h) => !h.once));
    for (const h of list) h.fn(...args);
    return true;
  }
}

class ClientSettings {
  // game.settings: register(namespace, key, config), get, set (which calls onChange).
  constructor() { this.settings = new Map(); this.values = new Map(); }
  register(namespace, key, config) {
    if (!namespace || !key) throw new Error("You must specify both namespace and key portions of the setting");
    this.settings.set(namespace + "." + key, config);
  }
  get(namespace, key) {
    const id = namespace + "." + key;
    if (!this.settings.has(id)) throw new Error(`"${id}" is not a registered game setting`);
    return this.values.has(id) ? this.values.get(id) : this.settings.get(id).default;
  }
  async set(namespace, key, value) {
    const id = namespace + "." + key;
    const config = this.settings.get(id);
    if (!config) throw new Error(`"${id}" is not a registered game setting`);
    this.values.set(id, value);
    config.onChange?.(value);
    return value;
  }
}

class ChatMessage {
  constructor(data) { Object.assign(this, data); this.flags = data.flags || {}; }
  getFlag(scope, key) { return this.flags?.[scope]?.[key]; }
  static async create(data) {
    const message = new ChatMessage(data);
    game.messages.push(message);
    for (const w of ChatMessage.waiting.splice(0)) w(message);
    return message;
  }
  static waiting = [];
  static next() { return new Promise((resolve) => ChatMessage.waiting.push(resolve)); }
}

const DICE_CONFIGURATION_SETTING = "diceConfiguration";

class DiceTerm {
  // DiceTerm#roll and #invokeFulfillmentHandler as Foundry's dice-term.mjs
  // documents them: one result per call; the handler's number, else randomFace().
  constructor({number = 1, faces = 6, options = {}} = {}) {
    this._number = number;
    this._faces = faces;
    this.results = [];
    this.options = options;
    this.method = undefined;
  }
  get number() { return this._number; }
  get faces() { return this._faces; }
  get denomination() { return "d"; }
  get flavor() { return this.options.flavor || ""; }
  get expression() { return `${this._number}d${this._faces}`; }
  get total() { return this.results.filter((r) => r.active).reduce((t, r) => t + r.result, 0); }
  get values() { return this.results.filter((r) => r.active).map((r) => r.result); }
  async evaluate(options = {}) {
    for (let n = this.results.length; n < Math.abs(this.number); n++) await this.roll(options);
    this._evaluated = true;
    return this;
  }
  async roll({minimize = false, maximize = false, ...options} = {}) {
    const roll = {result: undefined, active: true};
    roll.result = await this._roll(options);
    if (minimize) roll.result = Math.min(1, this.faces);
    else if (maximize) roll.result = this.faces;
    else if (roll.result === undefined) roll.result = this.randomFace();
    this.results.push(roll);
    return roll;
  }
  async _roll(options = {}) {
    const config = game.settings.get("core", DICE_CONFIGURATION_SETTING);
    const method = config[this.denomination] || CONFIG.Dice.fulfillment.defaultMethod;
    const {handler, interactive} = CONFIG.Dice.fulfillment.methods[method] ?? {};
    if (interactive) return undefined;
    return handler?.(this, options);
  }
  mapRandomFace(u) { return Math.ceil((1 - u) * this.faces); }
  randomFace() {
    DiceTerm.digital += 1;
    return this.mapRandomFace(CONFIG.Dice.randomUniform());
  }
  static digital = 0;
}

class Die extends DiceTerm {
  get denomination() { return "d" + this.faces; }
}

class Roll {
  // Formulas of dice terms and numbers joined by "+": "2d6", "1d20 + 1d4 + 3".
  static DICE_CONFIGURATION_SETTING = DICE_CONFIGURATION_SETTING;
  constructor(formula, data = {}, options = {}) {
    this.formula = formula;
    this.options = options;
    this.terms = formula.split("+").map((part) => part.trim()).map((part) => {
      const m = /^(\d*)d(\d+)(?:\[(.*)\])?$/.exec(part);
      if (!m) return {number: Number(part), total: Number(part)};
      const term = new Die({number: m[1] ? Number(m[1]) : 1, faces: Number(m[2]), options: {flavor: m[3]}});
      term._root = this;
      return term;
    });
  }
  get dice() { return this.terms.filter((t) => t instanceof DiceTerm); }
  async evaluate(options = {}) {
    for (const term of this.dice) await term.evaluate(options);
    this.total = this.terms.reduce((t, term) => t + term.total, 0);
    this._evaluated = true;
    return this;
  }
}

export function installFoundry({user = {name: "Gamemaster", isGM: true}} = {}) {
  // Fresh globals: the ones a Foundry client has when modules' init hooks run.
  Hooks.events = new Map();
  DiceTerm.digital = 0;
  globalThis.Hooks = Hooks;
  globalThis.CONFIG = {
    Dice: {
      fulfillment: {
        defaultMethod: "",
        dice: Object.fromEntries([4, 6, 8, 10, 12, 20, 100].map((f) => ["d" + f, {label: "d" + f, icon: ""}])),
        methods: {manual: {label: "Manual Input", interactive: true}},
      },
      randomUniform: Math.random,
    },
  };
  const settings = new ClientSettings();
  settings.register("core", DICE_CONFIGURATION_SETTING, {scope: "client", type: Object, default: {}});
  settings.register("core", "rollMode", {scope: "client", type: String, default: "publicroll"});
  const notices = [];
  const modules = new Map([["fatebox", {id: "fatebox", active: true}]]);
  globalThis.game = {settings, user, messages: [], modules};
  globalThis.ui = {notifications: {
    warn: (text) => notices.push(text), info: (text) => notices.push(text), error: (text) => notices.push(text),
  }};
  globalThis.ChatMessage = ChatMessage;
  globalThis.Roll = Roll;
  globalThis.foundry = {dice: {terms: {DiceTerm, Die}}};
  // The browser's WebSocket, as Foundry's page has it.
  globalThis.WebSocket = WebSocket;
  return {notices, settings, Roll, Die, DiceTerm, ChatMessage};
}

export function useFatebox(settings) {
  // The Dice Configuration menu set to Fatebox for every die.
  const config = Object.fromEntries(Object.keys(CONFIG.Dice.fulfillment.dice).map((d) => [d, "fatebox"]));
  return settings.set("core", DICE_CONFIGURATION_SETTING, config);
}
