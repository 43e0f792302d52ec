// A busy-wait on the microsecond timer, fast-forwarded (--skip-spins): the
// same instructions and the same timeline as without it, fewer of them emulated.
//
// The firmware spaces its ROSC reads by polling TIMERAWL (hal/rp2_rosc.py):
// a loop of a few instructions that reads the timer until enough microseconds
// have passed, about 5 turns a microsecond on the chip, 50 between two reads
// of the ROSC. When an instruction reads TIMERAWL (or TIMELR), the turns that
// would follow are worked out here, instruction by instruction, from the
// core's registers and memory as they are, on a copy: rp2040js's own
// semantics and cycle counts for the few instructions such a loop is made of
// (loads and stores of words, moves, compares, subtractions, branches),
// the timer read again by the same instruction at the time it would be read,
// and stores kept aside. A turn that comes back to the read is one the core
// would turn; the work-out stops at the first turn that does anything else
// (an instruction outside that set, any other peripheral, SIO or PPB access,
// a store outside RAM: the spin's end, or not a spin at all), or before the
// next clock alarm (a timer alarm, USB's frame: they fire at their own
// time) or scheduled press. Then the core is put where it would be at the
// last read worked out, the clock moved on by the cycles of the turns
// between, the stores made: the firmware reads the same values at the same
// emulated times, leaves the loop at the same nanosecond in the same state,
// and rp2040js emulates only the turn that leaves. A ROSC bit is the same
// (emu/rosc.mjs counts reads, not time). Inside the work-out, a turn that
// reads the same value as the one before and comes back in the same state
// (registers, flags, stores) is one the core would turn until the value
// changes: those turns are counted, not worked out one by one.
//
// None is worked out while a PIO block runs (it steps with the core) or with
// an interrupt to be checked for. The time skipped is not held against the wall clock:
// a sleeping chip is kept from running ahead of its host by the emulated time
// it did not skip (pico.mjs), so that a spin the host never sees costs the
// host no wait either. Outside a timer read this costs nothing.
const TIMER_PAGE = 0x40054;
const TIMELR = 0x0c, TIMERAWL = 0x28;
const TIMER_READS = [0x4005400c, 0x40054028];
// The high word, read anywhere in a turn (pico-sdk's busy_wait_until reads it
// then the low word each turn: CircuitPython waits there at every boot).
const TIMERAWH_AT = 0x40054024;
const RAM_START = 0x20000000, RAM_END = 0x20042000;
const FLASH_START = 0x10000000;
const APB_START = 0x40000000, APB_END = 0x50000000;
const MAX_STEPS = 64;            // instructions a turn may take
const MAX_TURNS = 1 << 20;
const MAX_STORES = 8;

export class SpinSkip {
  // limit(): the nanoseconds the clock may move on from now (to the next
  // scheduled press), 0 for none. cycleNanos: one cycle of the core's clock.
  constructor(chip, limit, cycleNanos) {
    this.chip = chip;
    this.limit = limit;
    this.cycle = cycleNanos;
    this.regs = new Uint32Array(16);
    this.kept = new Uint32Array(16);
    // The turns' stores: address and word, at most MAX_STORES places.
    this.storeAt = new Uint32Array(MAX_STORES);
    this.storeWord = new Uint32Array(MAX_STORES);
    this.storeCount = 0;
    this.keptAt = new Uint32Array(MAX_STORES);
    this.keptWord = new Uint32Array(MAX_STORES);
    this.keptCount = 0;
    this.skips = 0;              // turns skipped
    this.skipped = 0;            // and the nanoseconds they took
    const timer = chip.peripherals[TIMER_PAGE];
    const read = timer.readUint32.bind(timer);
    timer.readUint32 = (offset) => {
      if ((offset === TIMERAWL || offset === TIMELR) && this.enabled()) this.polled();
      return read(offset);
    };
  }

  // Not with an interrupt to check for: rp2040js checks at the next
  // instruction when interruptsUpdated says so, and takes it or clears the
  // flag (one pending behind PRIMASK stays pending, on the chip too).
  enabled() {
    return !this.chip.core.interruptsUpdated && this.limit() > 0;
  }

  // rp2040js's cyclesIO: the extra cycles of a load or store at `address`.
  io(address, write) {
    if (address >= 0xd0000000 && address < 0xe0000000) return 0;
    if (address >= APB_START && address < APB_END) return write ? 4 : 3;
    return 1;
  }

  load(address) {
    for (let i = 0; i < this.storeCount; i++) if (this.storeAt[i] === address) return this.storeWord[i];
    const flashEnd = FLASH_START + this.chip.flash.length;
    if ((address >= RAM_START && address + 3 < RAM_END) || (address >= FLASH_START && address + 3 < flashEnd)) {
      return this.chip.readUint32(address);
    }
    return null;
  }

  flags(n, z, c, v) { this.N = n; this.Z = z; this.C = c; this.V = v; }

  sub(a, b) {
    const r = (a - b) >>> 0;
    this.flags(r >= 0x80000000, r === 0, a >= b, (((a ^ b) & (a ^ r)) >>> 31) === 1);
    return r;
  }

  cond(c) {
    let r;
    switch (c >> 1) {
      case 0: r = this.Z; break;
      case 1: r = this.C; break;
      case 2: r = this.N; break;
      case 3: r = this.V; break;
      case 4: r = this.C && !this.Z; break;
      case 5: r = this.N === this.V; break;
      case 6: r = this.N === this.V && !this.Z; break;
      default: return null;
    }
    return c & 1 ? !r : r;
  }

  // One instruction at this.pc on the copy: its cycles, or 0 when it is not
  // one a pure spin is made of. `now`: the time it starts (for a timer read).
  step(now) {
    const r = this.regs, pc = this.pc;
    const op = this.chip.readUint16(pc);
    let cycles = 1;
    this.pc = pc + 2;
    if (op >> 11 === 0b01101 || op >> 11 === 0b10011) {             // LDR Rt, [Rn, #imm5] / [SP, #imm8]
      const sp = op >> 11 === 0b10011;
      const rt = sp ? (op >> 8) & 7 : op & 7;
      const address = sp ? (r[13] + ((op & 0xff) << 2)) >>> 0 : (r[(op >> 3) & 7] + (((op >> 6) & 0x1f) << 2)) >>> 0;
      if (address & 3) return 0;
      let value;
      if (address === TIMER_READS[0] || address === TIMER_READS[1]) {
        if (pc !== this.at) return 0;                                 // the spin reads the time in one place
        value = Math.floor(now / 1000) >>> 0;
      } else if (address === TIMERAWH_AT) {
        value = Math.floor(now / 1000 / 2 ** 32) >>> 0;
      } else {
        value = this.load(address);
        if (value === null) return 0;
      }
      cycles += this.io(address, false);
      r[rt] = value;
    } else if (op >> 11 === 0b01100 || op >> 11 === 0b10010) {      // STR Rt, [Rn, #imm5] / [SP, #imm8]
      const sp = op >> 11 === 0b10010;
      const rt = sp ? (op >> 8) & 7 : op & 7;
      const address = sp ? (r[13] + ((op & 0xff) << 2)) >>> 0 : (r[(op >> 3) & 7] + (((op >> 6) & 0x1f) << 2)) >>> 0;
      if (address < RAM_START || address + 3 >= RAM_END || address & 3) return 0;
      cycles += this.io(address, true);
      let i = 0;
      while (i < this.storeCount && this.storeAt[i] !== address) i++;
      if (i === MAX_STORES) return 0;
      if (i === this.storeCount) { this.storeAt[i] = address; this.storeCount++; }
      this.storeWord[i] = r[rt];
    } else if (op >> 8 === 0b01000110) {                              // MOV Rd, Rm
      const rd = ((op >> 4) & 8) | (op & 7), rm = (op >> 3) & 0xf;
      if (rd >= 13 || rm >= 13) return 0;
      r[rd] = r[rm];
    } else if (op >> 11 === 0b00100) {                                // MOVS Rd, #imm8
      const v = op & 0xff;
      r[(op >> 8) & 7] = v;
      this.N = false; this.Z = v === 0;
    } else if (op >> 9 === 0b0001101) {                               // SUBS Rd, Rn, Rm
      r[op & 7] = this.sub(r[(op >> 3) & 7], r[(op >> 6) & 7]);
    } else if (op >> 6 === 0b0100001010) {                            // CMP Rn, Rm
      this.sub(r[op & 7], r[(op >> 3) & 7]);
    } else if (op >> 11 === 0b00101) {                                // CMP Rn, #imm8
      this.sub(r[(op >> 8) & 7], op & 0xff);
    } else if (op >> 12 === 0b1101) {                                 // B<cond>
      const taken = this.cond((op >> 8) & 0xf);
      if (taken === null) return 0;
      if (taken) {
        let imm8 = (op & 0xff) << 1;
        if (imm8 & 0x100) imm8 -= 0x200;
        this.pc = pc + 4 + imm8;
        cycles++;
      }
    } else if (op >> 11 === 0b11100) {                                // B
      let imm11 = (op & 0x7ff) << 1;
      if (imm11 & 0x800) imm11 -= 0x1000;
      this.pc = pc + 4 + imm11;
      cycles++;
    } else if (op !== 0xbf00) {                                       // NOP
      return 0;
    }
    return cycles;
  }

  // One turn on the copy from the read at this.at, started at `start` (ns):
  // the time it comes back to the read, or -1 if it does anything else.
  turn(start) {
    this.pc = this.at;
    let now = start;
    for (let n = 0; n < MAX_STEPS; n++) {
      const cycles = this.step(now);
      if (!cycles) return -1;
      now += cycles * this.cycle;
      if (this.pc === this.at) return now;
    }
    return -1;
  }

  flagBits() { return (this.N ? 8 : 0) | (this.Z ? 4 : 0) | (this.C ? 2 : 0) | (this.V ? 1 : 0); }

  // The copy's state now is the one kept (registers, flags, stores)?
  same() {
    const r = this.regs, k = this.kept;
    for (let i = 0; i < 15; i++) if (r[i] !== k[i]) return false;
    if (this.keptFlags !== this.flagBits() || this.keptCount !== this.storeCount) return false;
    for (let i = 0; i < this.storeCount; i++) {
      if (this.storeAt[i] !== this.keptAt[i] || this.storeWord[i] !== this.keptWord[i]) return false;
    }
    return true;
  }

  keep() {
    this.kept.set(this.regs);
    this.keptFlags = this.flagBits();
    this.keptCount = this.storeCount;
    this.keptAt.set(this.storeAt);
    this.keptWord.set(this.storeWord);
  }

  // The timer is being read by the instruction before core.PC, at the
  // clock's time (rp2040js ticks an instruction's cycles after it).
  polled() {
    const chip = this.chip, core = chip.core, clock = chip.clock;
    const at = (core.PC - 2) >>> 0;
    const op = chip.readUint16(at);
    if (op >> 11 !== 0b01101) return;                     // LDR Rt, [Rn, #imm5]: the read in a viper loop
    const t = clock.nanos;
    const alarm = clock.nextAlarm ? clock.nextAlarm.nanos - t : Infinity;
    const room = Math.min(alarm, this.limit());
    // The copy: the core as it is at this read, before the read.
    this.at = at;
    this.regs.set(core.registers);
    this.N = core.N; this.Z = core.Z; this.C = core.C; this.V = core.V;
    this.storeCount = 0;
    this.keep();
    // Each turn: from a read (at `start`) back to the next (at `end`).
    let start = t, turns = 0;
    while (turns < MAX_TURNS) {
      const value = Math.floor(start / 1000);
      const end = this.turn(start);
      if (end < 0 || end - t >= room) break;
      turns++;
      // Back in the state it started this turn in: every turn that starts
      // before the value it read changes is this one again, as long.
      let next = end;
      const length = end - start;
      if (this.same()) {
        const more = Math.max(0, Math.ceil(((value + 1) * 1000 - end) / length));
        const fit = Math.floor((room - 1 - (end - t)) / length);
        const k = Math.min(more, fit);
        if (k > 0) { turns += k; next = end + k * length; }
      }
      this.keep();
      start = next;
    }
    if (turns < 2) return;          // nothing worth moving for: the core turns it
    // The core at the last read worked out (at `start`), before the read:
    // registers, flags, memory; the clock at that read. The read now in
    // progress (at core.PC - 2) is that one: its LDR writes Rt, and the core
    // goes on from there.
    clock.tick(start - t);          // before any alarm: nothing fires
    const r = core.registers, kept = this.kept;
    for (let i = 0; i < 15; i++) r[i] = kept[i];
    const flags = this.keptFlags;
    core.N = (flags & 8) !== 0; core.Z = (flags & 4) !== 0; core.C = (flags & 2) !== 0; core.V = (flags & 1) !== 0;
    for (let i = 0; i < this.keptCount; i++) chip.writeUint32(this.keptAt[i], this.keptWord[i]);
    this.skips += turns;
    this.skipped += start - t;
  }
}
