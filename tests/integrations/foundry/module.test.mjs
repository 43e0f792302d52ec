// The Foundry module in a stand-in Foundry (standins/foundry.mjs) against a
// stand-in serve (standins/serve.mjs): node --test tests/integrations/foundry/.
import {test} from "node:test";
import assert from "node:assert/strict";
import {readFileSync} from "node:fs";

import {installFoundry, useFatebox} from "../standins/foundry.mjs";
import {startServe} from "../standins/serve.mjs";

const RESULTS = JSON.parse(readFileSync(new URL("../results.json", import.meta.url)));
let loads = 0;

async function boot(t, {answer = null, token = "sesame", serveToken = "sesame", url = null, user} = {}) {
  // A fresh Foundry client with the module loaded, set to Fatebox, connected
  // (or not) to a fresh stand-in serve.
  const foundry = installFoundry({user});
  loads += 1;
  await import("../../../integrations/foundry/scripts/fatebox.mjs?load=" + loads);
  Hooks.callAll("init");
  await useFatebox(foundry.settings);
  const serve = await startServe({token: serveToken, answer});
  t.after(() => serve.close());
  await foundry.settings.set("fatebox", "url", url || serve.url);
  await foundry.settings.set("fatebox", "token", token);
  Hooks.callAll("ready");
  const api = game.modules.get("fatebox").api;
  t.after(() => api.link.stop());
  return {...foundry, serve, api};
}

function boxRolls(values) {
  return (msg, reply) => reply({type: "roll-result", id: msg.id, values, board_id: "rp2-0011223344556677", seq: 41});
}

test("the module registers a non-interactive fulfilment method named Fatebox", async (t) => {
  await boot(t);
  const method = CONFIG.Dice.fulfillment.methods.fatebox;
  assert.equal(method.label, "Fatebox");
  assert.equal(method.interactive, false);
  assert.equal(typeof method.handler, "function");
  assert.match(method.icon, /<i class="fa-/);
});

test("the settings: serve's address, the token, and the two switches", async (t) => {
  const {settings} = await boot(t);
  const defaults = {url: "ws://127.0.0.1:8766/vtt", token: "", blindOnBox: false, chatCards: true};
  for (const [key, value] of Object.entries(defaults)) {
    assert.equal(settings.settings.get("fatebox." + key).default, value, key);
  }
  assert.equal(settings.settings.get("fatebox.url").scope, "client");
  assert.equal(settings.settings.get("fatebox.blindOnBox").scope, "world");
});

test("a 2d6 term is fulfilled with the box's values, in one request", async (t) => {
  const {serve, Roll, DiceTerm} = await boot(t, {answer: boxRolls([[3, 5]])});
  const roll = await new Roll("2d6").evaluate();
  assert.deepEqual(roll.dice[0].values, [3, 5]);
  assert.equal(roll.total, 8);
  assert.equal(DiceTerm.digital, 0);
  const asks = serve.received.filter((m) => m.type === "roll-request");
  assert.equal(asks.length, 1);
  assert.deepEqual(asks[0].dice, [{faces: 6, count: 2}]);
  assert.equal(asks[0].from, "Gamemaster");
  assert.equal(asks[0].label, "2d6");
  assert.equal(typeof asks[0].id, "string");
});

test("each term of a roll is asked for in turn, with its flavour as the label", async (t) => {
  const answers = [[[17]], [[2, 4]]];
  const {serve, Roll} = await boot(t, {answer: (msg, reply) => boxRolls(answers.shift())(msg, reply)});
  const roll = await new Roll("1d20[Attack] + 2d4 + 3").evaluate();
  assert.equal(roll.total, 17 + 6 + 3);
  const asks = serve.received.filter((m) => m.type === "roll-request");
  assert.deepEqual(asks.map((m) => m.dice), [[{faces: 20, count: 1}], [{faces: 4, count: 2}]]);
  assert.equal(asks[0].label, "1d20 (Attack)");
});

test("a die added after the term's dice (an explosion) is asked for alone", async (t) => {
  const answers = [[[6, 2]], [[4]]];
  const {serve, Roll} = await boot(t, {answer: (msg, reply) => boxRolls(answers.shift())(msg, reply)});
  const roll = await new Roll("2d6").evaluate();
  await roll.dice[0].roll();
  assert.deepEqual(roll.dice[0].values, [6, 2, 4]);
  assert.deepEqual(serve.received.map((m) => m.dice[0].count), [2, 1]);
});

for (const [what, values] of [["a value above the faces", [[7, 1]]], ["a zero", [[0, 3]]],
                              ["a value not whole", [[2.5, 3]]], ["too few values", [[3]]],
                              ["too many values", [[3, 4, 5]]], ["two groups for one", [[3], [4]]],
                              ["no values", null]]) {
  test(`${what} from the box is refused: digital dice and one notice`, async (t) => {
    const {Roll, DiceTerm, notices} = await boot(t, {answer: boxRolls(values)});
    const roll = await new Roll("2d6").evaluate();
    assert.equal(DiceTerm.digital, 2);
    for (const v of roll.dice[0].values) assert.ok(Number.isInteger(v) && v >= 1 && v <= 6, String(v));
    assert.deepEqual(notices, ["Fatebox: the box's values do not fit 2d6; rolled with digital dice."]);
  });
}

test("a request the box declines falls back to digital dice, saying why", async (t) => {
  const {Roll, DiceTerm, notices} = await boot(t, {
    answer: (msg, reply) => reply({type: "roll-declined", id: msg.id, reason: "declined on the box"})});
  await new Roll("3d8").evaluate();
  assert.equal(DiceTerm.digital, 3);
  assert.deepEqual(notices, ["Fatebox: the box declined 3d8 (declined on the box); rolled with digital dice."]);
});

test("serve out of reach: the roll is made with digital dice and one notice", async (t) => {
  const {Roll, DiceTerm, notices, api, serve} = await boot(t, {url: "ws://127.0.0.1:9/vtt"});
  const roll = await new Roll("2d10 + 1d4").evaluate();
  assert.equal(roll.dice.length, 2);
  assert.equal(DiceTerm.digital, 3);
  assert.deepEqual(notices, ["Fatebox: serve cannot be reached at ws://127.0.0.1:9/vtt (is it running, with this "
                             + "token?); rolled with digital dice."]);
  assert.equal(serve.received.length, 0);
  assert.equal(api.link.connected, false);
});

test("a wrong token is refused by serve: digital dice, and the notice names the page's origin", async (t) => {
  const {Roll, DiceTerm, notices, serve} = await boot(t, {token: "wrong"});
  globalThis.location = {origin: "http://localhost:30000"};
  t.after(() => { delete globalThis.location; });
  await new Roll("1d6").evaluate();
  assert.equal(DiceTerm.digital, 1);
  assert.deepEqual(notices, [`Fatebox: serve cannot be reached at ${serve.url} (is it running, with this token and `
                             + "--vtt-origin http://localhost:30000?); rolled with digital dice."]);
  assert.ok(serve.refused >= 1);
});

test("a blind GM roll stays off the box; the GM's switch puts it on", async (t) => {
  const {Roll, DiceTerm, serve, settings, notices} = await boot(t, {answer: boxRolls([[1, 2]])});
  await settings.set("core", "rollMode", "blindroll");
  await new Roll("2d6").evaluate();
  assert.equal(DiceTerm.digital, 2);
  assert.equal(serve.received.length, 0);
  assert.deepEqual(notices, []);
  // The roll's own mode counts before the chat box's.
  await settings.set("core", "rollMode", "publicroll");
  await new Roll("2d6", {}, {rollMode: "blindroll"}).evaluate();
  assert.equal(serve.received.length, 0);
  await settings.set("fatebox", "blindOnBox", true);
  const roll = await new Roll("2d6", {}, {rollMode: "blindroll"}).evaluate();
  assert.deepEqual(roll.dice[0].values, [1, 2]);
  assert.equal(serve.received.length, 1);
});

test("a roll that may not wait for a person stays off the box", async (t) => {
  const {Roll, DiceTerm, serve, notices} = await boot(t, {answer: boxRolls([[1, 2]])});
  await new Roll("2d6").evaluate({allowInteractive: false});
  assert.equal(DiceTerm.digital, 2);
  assert.equal(serve.received.length, 0);
  assert.deepEqual(notices, []);
});

test("serve gone mid-request: the roll falls back, and the module connects again", async (t) => {
  const {Roll, DiceTerm, serve, api, notices} = await boot(t);
  api.link.firstDelayMs = 10;
  let answered = false;
  serve.setAnswer(() => { if (!answered) { answered = true; serve.dropClients(); } });
  await new Roll("2d6").evaluate();
  assert.equal(DiceTerm.digital, 2);
  assert.deepEqual(notices, ["Fatebox: serve went away while the box rolled; rolled with digital dice."]);
  serve.setAnswer(boxRolls([[6, 6]]));
  while (!api.link.connected) await new Promise((r) => setTimeout(r, 5));
  const roll = await new Roll("2d6").evaluate();
  assert.deepEqual(roll.dice[0].values, [6, 6]);
});

test("the connection is tried again with a growing back-off, up to its cap", async (t) => {
  const {api} = await boot(t, {url: "ws://127.0.0.1:9/vtt"});
  api.link.stop();
  const delays = [];
  api.link.firstDelayMs = 1;
  api.link.maxDelayMs = 8;
  api.link.schedule = (fn, ms) => { delays.push(ms); if (delays.length < 6) setTimeout(fn, 0); return 0; };
  api.link.failures = 0;
  api.link.start();
  while (delays.length < 6) await new Promise((r) => setTimeout(r, 5));
  assert.deepEqual(delays, [1, 2, 4, 8, 8, 8]);
});

test("a new address in the settings connects there", async (t) => {
  const {settings, api, Roll} = await boot(t, {url: "ws://127.0.0.1:9/vtt"});
  const other = await startServe({answer: boxRolls([[4]])});
  t.after(() => other.close());
  await settings.set("fatebox", "url", other.url);
  const roll = await new Roll("1d6").evaluate();
  assert.deepEqual(roll.dice[0].values, [4]);
  assert.equal(other.received.length, 1);
  assert.equal(api.link.url, other.url);
});
