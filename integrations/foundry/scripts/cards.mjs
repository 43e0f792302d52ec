// The box's unprompted results as chat cards: each once (by board and seq),
// never one that answered this client's own roll (Foundry's roll card says it).

import {cardHtml, resultKey, who} from "./words.mjs";

const ASKED = "dice";        // the system of a roll asked for through /vtt (docs/vtt.md)

export class ChatFeed {
  // post(messageData): ChatMessage.create; posted(key): a card for it is in the
  // chat log already (another client posted it); enabled(): the setting.
  constructor({post, posted, enabled}) {
    this.post = post;
    this.posted = posted;
    this.enabled = enabled;
    this.waiting = 0;
    this.held = [];
    this.own = new Set();
    this.done = new Set();
  }

  asked() {
    this.waiting += 1;
  }

  settled(answer) {
    // A result may come before or after its roll-result: asked rolls that came
    // while a request waited are held until it is settled, then told from our own.
    if (answer && answer.board_id !== undefined) this.own.add(answer.board_id + ":" + answer.seq);
    this.waiting = Math.max(0, this.waiting - 1);
    if (this.waiting === 0) {
      const held = this.held;
      this.held = [];
      return Promise.all(held.map((r) => this.offer(r)));
    }
    return Promise.resolve();
  }

  async offer(result) {
    // Only an asked roll (system "dice") can answer a request; a system's result
    // is never held, however long a request waits for GO.
    if (this.waiting > 0 && result.system === ASKED) {
      this.held.push(result);
      return;
    }
    const key = resultKey(result);
    if (!this.enabled() || this.own.has(key) || this.done.has(key) || this.posted(key)) return;
    this.done.add(key);
    await this.post({
      content: cardHtml(result),
      speaker: {alias: who(result)},
      flags: {fatebox: {key, system: result.system, outcome: result.outcome}},
    });
  }
}
