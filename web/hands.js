// The player's hands on the box in a page: the four buttons under a pointer
// (Shift: a long press) and the keys of fatebox sim, each a press the firmware reads.
export const ROLES = ["back", "minus", "plus", "go"];
const LABELS = ["BACK", "MINUS", "PLUS", "GO"];
const SHORT_MS = 80, LONG_MS = 800;
// Keys as in fatebox sim (host/fatebox/sim/virtual.py, KEYS); Shift: a long press.
const KEYS = {
  "1": 0, "b": 0, "Backspace": 0, "ArrowLeft": 0,
  "2": 1, "m": 1, "-": 1, "ArrowDown": 1,
  "3": 2, "p": 2, "+": 2, "=": 2, "ArrowUp": 2,
  "4": 3, "g": 3, "Enter": 3, " ": 3, "ArrowRight": 3,
  "!": 0, "B": 0, "@": 1, "M": 1, "_": 1, "#": 2, "P": 2, "$": 3, "G": 3,
};

// The buttons into `holder`; `box` is the page's box (app, running, help), `wake`
// turns the loop at once.
export function makeButtons(holder, box, wake) {
  ROLES.forEach((role, i) => {
    const b = document.createElement("button");
    b.className = "key " + role;
    b.dataset.role = role;
    b.innerHTML = `<span class="label">${LABELS[i]}</span><span class="num">${i + 1}</span>`;
    b.title = box.help.buttons[i].slice(1).filter((s) => s !== "-").join(" · ");
    b.setAttribute("aria-label", `${LABELS[i]}: ${box.help.buttons[i][1]}`);
    let shifted = false;
    b.addEventListener("pointerdown", (e) => {
      if (!box.running) return;
      e.preventDefault();
      b.setPointerCapture(e.pointerId);
      b.classList.add("down");
      shifted = e.shiftKey;
      if (shifted) box.app.press(i, LONG_MS); else box.app.down(i);
      wake();
    });
    const release = () => {
      b.classList.remove("down");
      if (!box.running) return;
      if (!shifted) box.app.up(i);
      shifted = false;
      wake();
    };
    b.addEventListener("pointerup", release);
    b.addEventListener("pointercancel", release);
    b.addEventListener("contextmenu", (e) => e.preventDefault());   // a long touch is a long press
    holder.appendChild(b);
  });
}

// The keydown handler: a key of fatebox sim is a press of its button.
export function keyPresses(holder, box, wake, fb) {
  return (e) => {
    if (!box.running || e.repeat || e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
    let i = KEYS[e.key];
    if (t && t.dataset && t.dataset.role && (e.key === "Enter" || e.key === " ")) i = ROLES.indexOf(t.dataset.role);
    else if (t && t.tagName === "BUTTON" && (e.key === "Enter" || e.key === " ")) return;   // the page's own buttons
    if (i === undefined) return;
    e.preventDefault();
    fb.keyAt = e.timeStamp;      // the bench's press-to-frame latency starts here
    const long = e.shiftKey || /^[BMPG!@#$_]$/.test(e.key);
    box.app.press(i, long ? LONG_MS : SHORT_MS);
    wake();
    const b = holder.children[i];
    b.classList.add("down");
    setTimeout(() => b.classList.remove("down"), long ? LONG_MS : SHORT_MS);
  };
}
