// The RP2040's ROSC with RANDOMBIT from a chosen source: random, seeded:N,
// stuck:B, biased:P[:N], periodic:BITS, absent (rp2040js has no ROSC).
import crypto from 'node:crypto';

// xorshift32, the same generator as host/fatebox/pico/emulator.py's seeded_bits():
// the virtual board fed the same raw bits draws the same.
export function xorshift32(seed) {
  let x = (seed >>> 0) || 0x9e3779b9;
  return () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x;
  };
}

export function roscSource(spec) {
  // random | seeded:N | stuck:B | biased:P[:N] | periodic:BITS | absent
  const [kind, a, b] = spec.split(':');
  if (kind === 'random') {
    let pool = Buffer.alloc(0), i = 0;
    return () => {
      if (i >= pool.length * 8) { pool = crypto.randomBytes(4096); i = 0; }
      const bit = (pool[i >> 3] >> (i & 7)) & 1; i++; return bit;
    };
  }
  if (kind === 'seeded') {
    const next = xorshift32(parseInt(a || '1', 10));
    return () => next() & 1;
  }
  if (kind === 'stuck') { const v = parseInt(a || '1', 10) & 1; return () => v; }
  if (kind === 'biased') {
    // P(1) = p; seeded so that a test sees the same run every time
    const p = parseFloat(a || '0.9');
    const next = xorshift32(parseInt(b || '1', 10));
    return () => ((next() / 4294967296) < p ? 1 : 0);
  }
  if (kind === 'periodic') {
    const bits = (a || '01').split('').map((c) => (c === '1' ? 1 : 0));
    let i = 0;
    return () => { const v = bits[i]; i = (i + 1) % bits.length; return v; };
  }
  if (kind === 'absent') return null;
  throw new Error(`unknown ROSC source ${spec} (random, seeded:N, stuck:0|1, biased:P[:N], periodic:BITS, absent)`);
}

export class Rosc {
  // RP2040 datasheet 2.17.8: CTRL (ENABLE 0xfab), STATUS (STABLE, ENABLED), RANDOMBIT.
  constructor(bit) { this.bit = bit; this.ctrl = 0x00fabaa0; this.reads = 0; }
  readUint32(offset) {
    if (this.bit === null) return 0xffffffff;      // rp2040js's own: an unimplemented block
    switch (offset) {
      case 0x00: return this.ctrl;
      case 0x18: return 0x80001000;                  // STABLE | ENABLED
      case 0x1c: this.reads++; return this.bit();
      default: return 0;
    }
  }
  writeUint32(offset, value) { if (offset === 0x00) this.ctrl = value >>> 0; }
  writeUint32Atomic(offset, value, atomicType) {
    const old = this.readUint32(offset);
    const v = atomicType === 1 ? old ^ value : atomicType === 2 ? old | value : atomicType === 3 ? old & ~value : value;
    this.writeUint32(offset, v);
  }
}
