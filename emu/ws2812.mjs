// A WS2812 ring's frames, decoded from the edges of its data pin: a 1 is a
// long high pulse (~800 ns), a 0 a short one (~400 ns); a low of more than
// 50 us latches the frame.
import { GPIOPinState } from 'rp2040js';

// onFrame(grb) for each whole frame of `count` pixels; nanos() is the chip's clock.
export function watchRing(pin, count, nanos, onFrame) {
  let rise = -1, fall = -1, bits = [];
  const want = count * 24;
  pin.addListener((state) => {
    const t = nanos();
    if (state === GPIOPinState.High) {
      if (fall >= 0 && t - fall > 50000) bits = [];
      rise = t;
    } else if (state === GPIOPinState.Low && rise >= 0) {
      bits.push(t - rise > 625 ? 1 : 0);
      fall = t;
      rise = -1;
      if (bits.length === want) {
        const grb = Buffer.alloc(want / 8);
        for (let i = 0; i < want; i++) if (bits[i]) grb[i >> 3] |= 0x80 >> (i & 7);
        onFrame(grb);
        bits = [];
      }
    }
  });
}
