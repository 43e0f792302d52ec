// A result of serve's one shape (docs/serve.md) in the words the page uses:
// shared by the Foundry chat card and the Owlbear Rodeo popover.

export function escapeHtml(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                                                          "'": "&#39;"})[c]);
}

export function resultKey(result) {
  return result.board_id + ":" + result.seq;
}

export function who(result) {
  // An asked roll is nobody's character's: the one who asked says whose it is.
  const asker = result.system === "dice" && result.result && result.result.from;
  return result.character || asker || "Nobody";
}

export function said(result) {
  // serve's sentence without the name the line above gives (as the page does).
  const lead = who(result) + ": ";
  const words = result.words || "";
  return words.startsWith(lead) ? words.slice(lead.length) : words;
}

export function chance(result) {
  // "Chance of this outcome: 37.5%", as the page says it; null when not told.
  const odds = result.odds;
  if (!odds || odds.chance === null || odds.chance === undefined) return null;
  return "Chance of " + (odds.of || "this outcome") + ": " + odds.percent;
}

export function setup(result) {
  return result.odds && result.odds.setup ? result.odds.setup : "";
}

export function colour(value, fallback) {
  // Only serve's #rrggbb reaches a style attribute.
  return /^#[0-9a-f]{6}$/.test(value || "") ? value : fallback;
}

export function cardHtml(result) {
  // The chat card: who and the system, the outcome in the system's words and
  // colour, the sentence, the tokens or dice, the set-up and the chance.
  const e = escapeHtml;
  const tint = colour(result.pattern && result.pattern.colour, "inherit");
  const items = (result.items || []).map((it) =>
    '<span class="fatebox-item' + (it.kept ? "" : " fatebox-dropped") + '" style="background:' +
    colour(it.colour, "#777777") + '">' + e(it.label) + "</span>").join("");
  const parts = [
    '<div class="fatebox-card" data-key="' + e(resultKey(result)) + '">',
    '<p class="fatebox-who"><bdi>' + e(who(result)) + "</bdi> \u00b7 " + e(result.system_name) + "</p>",
    '<h3 class="fatebox-outcome" style="color:' + tint + '">' + e(result.outcome_words) + "</h3>",
    '<p class="fatebox-said">' + e(said(result)) + "</p>",
    items ? '<p class="fatebox-items">' + items + "</p>" : "",
    setup(result) ? '<p class="fatebox-setup">' + e(setup(result)) + "</p>" : "",
    chance(result) ? '<p class="fatebox-odds">' + e(chance(result)) + "</p>" : "",
    "</div>",
  ];
  return parts.join("");
}
