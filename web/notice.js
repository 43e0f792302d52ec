// What the page says to the player beside the box: one notice (with an
// action button when there is something to do) and the list of problems.
const $ = (id) => document.getElementById(id);

export function notice(text, kind = "info", action = null) {
  const el = $("notice");
  el.textContent = text;
  el.className = "notice " + kind;
  el.hidden = !text;
  if (action) {
    const b = document.createElement("button");
    b.textContent = action[0];
    b.addEventListener("click", action[1]);
    el.append(" ", b);
  }
}

export function problem(text) {
  const li = document.createElement("li");
  li.textContent = text;
  $("problems").appendChild(li);
}
