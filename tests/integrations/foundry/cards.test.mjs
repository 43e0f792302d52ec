// The box's own results as Foundry chat cards: in the system's words with the
// odds, each once, never one answering this client's own roll.
import {test} from "node:test";
import assert from "node:assert/strict";
import {readFileSync} from "node:fs";

import {installFoundry, useFatebox} from "../standins/foundry.mjs";
import {startServe} from "../standins/serve.mjs";
import {cardHtml} from "../../../integrations/foundry/scripts/words.mjs";

const RESULTS = JSON.parse(readFileSync(new URL("../results.json", import.meta.url)));
const [AXIOM, BAG] = RESULTS;
let loads = 0;

async function boot(t, answer = null) {
  const foundry = installFoundry();
  loads += 1;
  await import("../../../integrations/foundry/scripts/fatebox.mjs?cards=" + loads);
  Hooks.callAll("init");
  await useFatebox(foundry.settings);
  const serve = await startServe({answer});
  t.after(() => serve.close());
  await foundry.settings.set("fatebox", "url", serve.url);
  await foundry.settings.set("fatebox", "token", "sesame");
  Hooks.callAll("ready");
  const api = game.modules.get("fatebox").api;
  t.after(() => api.link.stop());
  while (!api.link.connected) await new Promise((r) => setTimeout(r, 5));
  return {...foundry, serve, api};
}

function pause(ms = 30) {
  return new Promise((r) => setTimeout(r, ms));
}

test("a result the box plays by itself is posted as a card in its system's words with the odds", async (t) => {
  const {serve, ChatMessage} = await boot(t);
  const posted = ChatMessage.next();
  serve.sendAll({type: "result", ...BAG});
  const message = await posted;
  assert.equal(message.speaker.alias, "Mara");
  assert.equal(message.flags.fatebox.key, "rp2-0011223344556677:2");
  for (const words of ["New Beginning", "Partial success", "drew 2 white, 1 black: partial success",
                       "Chance of this outcome: 60.0%", BAG.odds.setup]) {
    assert.ok(message.content.includes(words), words + " in " + message.content);
  }
  assert.equal((message.content.match(/class="fatebox-item[ "]/g) || []).length, BAG.items.length);
});

test("the same result twice is posted once", async (t) => {
  const {serve, ChatMessage} = await boot(t);
  const posted = ChatMessage.next();
  serve.sendAll({type: "result", ...AXIOM});
  serve.sendAll({type: "result", ...AXIOM});
  await posted;
  await pause();
  assert.equal(game.messages.length, 1);
});

test("a result another client posted already is not posted again", async (t) => {
  const {serve, ChatMessage} = await boot(t);
  await ChatMessage.create({content: "theirs", flags: {fatebox: {key: "rp2-0011223344556677:1"}}});
  serve.sendAll({type: "result", ...AXIOM});
  await pause();
  assert.equal(game.messages.length, 1);
});

test("the switch off: no cards", async (t) => {
  const {serve, settings} = await boot(t);
  await settings.set("fatebox", "chatCards", false);
  serve.sendAll({type: "result", ...AXIOM});
  await pause();
  assert.equal(game.messages.length, 0);
});

for (const order of ["before", "after"]) {
  test(`the result of this client's own roll, coming ${order} its roll-result, is no card`, async (t) => {
    const own = {...AXIOM, seq: 7, system: "dice", system_name: "Dice", outcome: null, odds: null};
    const other = {...BAG, seq: 8};
    const {serve, Roll, ChatMessage} = await boot(t, (msg, reply) => {
      const answer = {type: "roll-result", id: msg.id, values: [[2, 5]], board_id: own.board_id, seq: own.seq};
      if (order === "before") { serve.sendAll({type: "result", ...own}); reply(answer); }
      else { reply(answer); serve.sendAll({type: "result", ...own}); }
      serve.sendAll({type: "result", ...other});
    });
    const posted = ChatMessage.next();
    const roll = await new Roll("2d6").evaluate();
    assert.deepEqual(roll.dice[0].values, [2, 5]);
    const message = await posted;
    await pause();
    assert.deepEqual(game.messages.map((m) => m.flags.fatebox.key), [other.board_id + ":8"]);
    assert.equal(message.flags.fatebox.key, other.board_id + ":8");
  });
}

test("a system's result while this client's request waits for GO is posted at once", async (t) => {
  let answer = null;
  const {serve, Roll, ChatMessage} = await boot(t, (msg, reply) => { answer = () => reply(
    {type: "roll-result", id: msg.id, values: [[4]], board_id: AXIOM.board_id, seq: 9}); });
  const rolled = new Roll("1d6").evaluate();
  await serve.next((m) => m.type === "roll-request");
  const posted = ChatMessage.next();
  serve.sendAll({type: "result", ...BAG});
  assert.equal((await posted).flags.fatebox.key, BAG.board_id + ":2");
  answer();
  assert.deepEqual((await rolled).dice[0].values, [4]);
});

test("a card carries a name and words as text, never as markup", () => {
  const html = cardHtml({...AXIOM, character: "<img src=x onerror=alert(1)>", words: "a & b",
                         pattern: {shape: "solid", colour: "red;background:url(x)", blinks: false}});
  assert.ok(!html.includes("<img"));
  assert.ok(html.includes("&lt;img src=x onerror=alert(1)&gt;"));
  assert.ok(html.includes("a &amp; b"));
  assert.ok(!html.includes("url(x)"));
});

test("an asked roll's card is the asker's", () => {
  const asked = {...AXIOM, system: "dice", system_name: "Asked dice", character: null, outcome: null,
                 outcome_words: "rolled", words: "Ash asked for 2d6: 3, 5 (8)", odds: null, pattern: null,
                 result: {ask: "a1", dice: [[6, 2]], values: [[3, 5]], from: "Ash", label: ""}};
  const html = cardHtml(asked);
  assert.ok(html.includes("<bdi>Ash</bdi> \u00b7 Asked dice"), html);
  assert.ok(html.includes("Ash asked for 2d6: 3, 5 (8)"));
});

test("a result with no odds told says no chance", () => {
  const html = cardHtml({...AXIOM, odds: null});
  assert.ok(!html.includes("Chance of"));
  assert.ok(html.includes("Critical failure"));
});
