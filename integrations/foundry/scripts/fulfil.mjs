// The "Fatebox" dice fulfilment method: Foundry asks for one die at a time
// (DiceTerm#roll); the first asks the box for the term's dice, the rest take them.

import {RollDeclined} from "./link.mjs";

const BLIND = "blindroll";

export function valuesFit(values, faces, count) {
  // One group asked, one group back: count whole numbers, each a face of the die.
  if (!Array.isArray(values) || values.length !== 1 || !Array.isArray(values[0])) return false;
  const got = values[0];
  return got.length === count && got.every((v) => Number.isInteger(v) && v >= 1 && v <= faces);
}

export class Fulfilment {
  // link: a ServeLink; notify(text): the one-line notice; rollMode(term, options):
  // the roll's mode; blindAllowed(): the GM's switch;
  // who(): the name serve shows as asking; onAsked/onSettled: the chat feed's.
  constructor({link, notify, rollMode, blindAllowed, who, onAsked = () => {}, onSettled = () => {}}) {
    this.link = link;
    this.notify = notify;
    this.rollMode = rollMode;
    this.blindAllowed = blindAllowed;
    this.who = who;
    this.onAsked = onAsked;
    this.onSettled = onSettled;
    this.asks = new WeakMap();
    this.told = new WeakSet();
    this.handler = (term, options = {}) => this.fulfil(term, options);
  }

  offTheBox(term, options) {
    // A roll that may not wait for a person (allowInteractive false: Roll.simulate,
    // a system's own check) is no roll for the box; a blind GM roll on the ring
    // would show the table what only the GM may see.
    if (options.allowInteractive === false) return true;
    return this.rollMode(term, options) === BLIND && !this.blindAllowed();
  }

  async fulfil(term, options) {
    if (this.offTheBox(term, options)) return undefined;
    const index = term.results.length;
    let ask = this.asks.get(term);
    if (!ask || index >= ask.start + ask.count) {
      // The term's dice at once; a die added later (an explosion, a reroll) alone.
      const count = ask ? 1 : Math.max(1, Math.abs(term.number ?? 1) - index);
      ask = {start: index, count, values: this.ask(term, count)};
      this.asks.set(term, ask);
    }
    const values = await ask.values;
    return values ? values[index - ask.start] : undefined;
  }

  async ask(term, count) {
    const faces = term.faces;
    const dice = count + "d" + faces;
    const flavor = term.flavor || (term.options && term.options.flavor) || "";
    this.onAsked();
    try {
      const answer = await this.link.request([{faces, count}], {label: flavor ? dice + " (" + flavor + ")" : dice,
                                                                from: this.who()});
      this.onSettled(answer);
      if (!valuesFit(answer.values, faces, count)) {
        this.tell(term, "the box's values do not fit " + dice);
        return null;
      }
      return answer.values[0];
    } catch (err) {
      this.onSettled(null);
      this.tell(term, err instanceof RollDeclined ? "the box declined " + dice + " (" + err.message + ")"
        : err.message || String(err));
      return null;
    }
  }

  tell(term, why) {
    // Once per roll, however many of its dice fall back.
    const roll = term._root || term;
    if (this.told.has(roll)) return;
    this.told.add(roll);
    this.notify("Fatebox: " + why + "; rolled with digital dice.");
  }
}
