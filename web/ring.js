// The ring as LEDs look on the lid: the same three states as the terminal
// panel (host/fatebox/sim/panel.py, led()): off, faint and lit, told apart by
// shape as well as colour.
export const OFF = "off", FAINT = "faint", LIT = "lit";
const OFF_COLOUR = [60, 60, 60];
const FAINT_BELOW = 64, FAINT_LEVEL = 0.62, LIT_FLOOR = 0.8, WHITE_CORE = 0.22;

export function led(rgb, brightness) {
  const top = Math.max(...rgb);
  if (top <= 0) return [OFF, OFF_COLOUR];
  const full = Math.min(255, top * 255 / Math.max(1, brightness));
  const hue = rgb.map((c) => c / top);
  if (full < FAINT_BELOW) return [FAINT, hue.map((h) => Math.round(255 * FAINT_LEVEL * h))];
  const level = LIT_FLOOR + (1 - LIT_FLOOR) * Math.pow(full / 255, 1 / 2.2);
  return [LIT, hue.map((h) => Math.round(255 * (level * h * (1 - WHITE_CORE) + WHITE_CORE)))];
}

export function hex2(n) { return n.toString(16).padStart(2, "0"); }

export class RingView {
  constructor(el, count) {
    this.el = el;
    this.pixels = [];
    for (let i = 0; i < count; i++) {
      const p = document.createElement("span");
      p.className = "pixel off";
      p.dataset.pixel = String(i);
      p.dataset.rgb = "#000000";
      p.dataset.state = OFF;
      // Pixel 0 at twelve o'clock, clockwise, as on the box.
      const a = 2 * Math.PI * i / count;
      p.style.left = `${50 + 40 * Math.sin(a)}%`;
      p.style.top = `${50 - 40 * Math.cos(a)}%`;
      el.appendChild(p);
      this.pixels.push(p);
    }
    this.frame = "";
  }

  // hex: 3 bytes a pixel, R G B, as the firmware wrote them.
  draw(hex, brightness) {
    this.frame = hex;
    for (let i = 0; i < this.pixels.length; i++) {
      const rgb = [0, 1, 2].map((k) => parseInt(hex.substr(6 * i + 2 * k, 2), 16) || 0);
      const [state, colour] = led(rgb, brightness);
      const p = this.pixels[i];
      p.dataset.rgb = "#" + rgb.map(hex2).join("");
      p.dataset.state = state;
      p.className = "pixel " + state;
      const c = `rgb(${colour.join(",")})`;
      p.style.setProperty("--c", c);
    }
  }
}
