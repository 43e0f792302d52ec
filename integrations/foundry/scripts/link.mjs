// The one WebSocket to fatebox serve's /vtt (docs/vtt.md), Foundry's and the Owlbear
// popover's: roll requests by id, results to a listener, reconnection with back-off.

// A request the box never answers is declined by serve; this guard only ends
// a wait on a serve that stopped answering without closing the connection.
const REQUEST_GUARD_MS = 10 * 60 * 1000;

export class ServeUnreachable extends Error {}

export class RollDeclined extends Error {}

export function addressWithToken(url, token) {
  // The token rides in the query: a browser's WebSocket cannot set headers.
  if (!token) return url;
  const sep = url.includes("?") ? "&" : "?";
  return url + sep + "token=" + encodeURIComponent(token);
}

export class ServeLink {
  constructor({url, token, WebSocketImpl = globalThis.WebSocket, firstDelayMs = 1000, maxDelayMs = 30000,
               onResult = () => {}, onState = () => {}, guardMs = REQUEST_GUARD_MS,
               schedule = (fn, ms) => setTimeout(fn, ms), idPrefix = "foundry"} = {}) {
    this.idPrefix = idPrefix;
    this.schedule = schedule;
    this.url = url;
    this.token = token;
    this.WebSocketImpl = WebSocketImpl;
    this.firstDelayMs = firstDelayMs;
    this.maxDelayMs = maxDelayMs;
    this.guardMs = guardMs;
    this.onResult = onResult;
    this.onState = onState;
    this.pending = new Map();
    this.socket = null;
    this.failures = 0;
    this.timer = null;
    this.stopped = true;
    this.opened = [];
    this.count = 0;
  }

  get connected() {
    return !!this.socket && this.socket.readyState === 1;
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = null;
    const s = this.socket;
    this.socket = null;
    if (s) s.close();
    this.dropPending("the connection to serve was closed");
  }

  restart({url, token} = {}) {
    if (url !== undefined) this.url = url;
    if (token !== undefined) this.token = token;
    this.stop();
    this.failures = 0;
    this.start();
  }

  open() {
    if (this.stopped) return;
    let s;
    try {
      s = new this.WebSocketImpl(addressWithToken(this.url, this.token));
    } catch (err) {
      // A malformed URL: said by the first roll that needs serve, tried again later.
      this.lastError = String(err && err.message || err);
      this.retry();
      return;
    }
    this.socket = s;
    this.onState("connecting");
    s.onopen = () => {
      if (this.socket !== s) return;
      this.failures = 0;
      this.onState("connected");
      this.settleWaiters(true);
    };
    s.onmessage = (event) => {
      if (this.socket === s) this.take(event.data);
    };
    s.onclose = () => {
      if (this.socket !== s) return;
      this.socket = null;
      this.onState("disconnected");
      this.settleWaiters(false);
      this.dropPending("serve went away while the box rolled");
      this.retry();
    };
    s.onerror = () => {};
  }

  retry() {
    if (this.stopped) return;
    // 1 s, 2 s, 4 s ... 30 s: a serve started later is found without a storm of attempts.
    const delay = Math.min(this.maxDelayMs, this.firstDelayMs * 2 ** Math.min(this.failures, 16));
    this.failures += 1;
    clearTimeout(this.timer);
    this.timer = this.schedule(() => { this.timer = null; this.open(); }, delay);
  }

  settleWaiters(open) {
    const waiters = this.opened;
    this.opened = [];
    for (const w of waiters) w(open);
  }

  hint() {
    const origin = globalThis.location && globalThis.location.origin;
    return origin && origin !== "null"
      ? " (is it running, with this token and --vtt-origin " + origin + "?)" : " (is it running, with this token?)";
  }

  whenOpen() {
    // A connection being made is waited for; none at all is said at once.
    if (this.connected) return Promise.resolve(true);
    if (this.socket && this.socket.readyState === 0) return new Promise((resolve) => this.opened.push(resolve));
    return Promise.resolve(false);
  }

  take(data) {
    let msg;
    try {
      msg = JSON.parse(typeof data === "string" ? data : String(data));
    } catch {
      return;
    }
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "result") {
      this.onResult(resultOf(msg));
      return;
    }
    const waiting = this.pending.get(msg.id);
    if (!waiting) return;
    if (msg.type === "roll-result") {
      this.finish(msg.id);
      waiting.resolve({values: msg.values, board_id: msg.board_id, seq: msg.seq});
    } else if (msg.type === "roll-declined") {
      this.finish(msg.id);
      waiting.reject(new RollDeclined(msg.reason || "declined"));
    }
  }

  finish(id) {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    clearTimeout(waiting.guard);
    this.pending.delete(id);
  }

  dropPending(why) {
    for (const [id, waiting] of [...this.pending]) {
      this.finish(id);
      waiting.reject(new ServeUnreachable(why));
    }
  }

  async request(dice, {label = "", from = ""} = {}) {
    // dice: [{faces, count}]; resolves with serve's roll-result, rejects with
    // ServeUnreachable or RollDeclined.
    if (!(await this.whenOpen())) {
      // A refusal (a wrong token, an origin serve does not take) looks the same
      // to a page as no serve at all: the WebSocket API hides the status.
      throw new ServeUnreachable("serve cannot be reached at " + this.url + this.hint());
    }
    this.count += 1;
    const id = this.idPrefix + "-" + Date.now().toString(36) + "-" + this.count;
    return new Promise((resolve, reject) => {
      const guard = setTimeout(() => {
        this.finish(id);
        reject(new ServeUnreachable("serve did not answer"));
      }, this.guardMs);
      this.pending.set(id, {resolve, reject, guard});
      this.socket.send(JSON.stringify({type: "roll-request", id, dice, label, from}));
    });
  }
}

export function resultOf(msg) {
  // serve's result shape beside "type" (docs/vtt.md); a result nested under
  // "result" is taken too, as long as it is the shape (it has a seq).
  if (msg.result && typeof msg.result === "object" && "seq" in msg.result && !("seq" in msg)) return msg.result;
  const {type, ...rest} = msg;
  return rest;
}
