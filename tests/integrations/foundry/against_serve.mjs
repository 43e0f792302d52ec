// The Foundry module in its stand-in Foundry against a real `fatebox serve`
// (test_foundry_e2e.py): node against_serve.mjs URL TOKEN FORMULA.
// Prints {"connected": true} once on serve's /vtt, then the roll as
// {"values": [...], "digital": N, "notices": [...]}, then the first chat card
// posted after it as {"card": {key, alias, content}} and exits.
import {installFoundry, useFatebox} from "../standins/foundry.mjs";

const [url, token, formula] = process.argv.slice(2);
const out = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");

const foundry = installFoundry({user: {name: "Foundry GM", isGM: true}});
await import("../../../integrations/foundry/scripts/fatebox.mjs");
Hooks.callAll("init");
await useFatebox(foundry.settings);
await foundry.settings.set("fatebox", "url", url);
await foundry.settings.set("fatebox", "token", token);
Hooks.callAll("ready");
const {link} = game.modules.get("fatebox").api;
while (!link.connected) await new Promise((resolve) => setTimeout(resolve, 20));
out({connected: true});
const card = foundry.ChatMessage.next();
const roll = await new foundry.Roll(formula).evaluate();
out({values: roll.dice.map((d) => d.values), total: roll.total, digital: foundry.DiceTerm.digital,
     notices: foundry.notices});
const message = await card;
out({card: {key: message.flags.fatebox.key, alias: message.speaker.alias, content: message.content}});
link.stop();
process.exit(0);
