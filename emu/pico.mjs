// The emulated Raspberry Pi Pico: rp2040js (package.json) running a real
// MicroPython rp2 firmware, with what rp2040js leaves out for a test bench:
//  - flash erase/program: the boot ROM's flash_range_erase and
//    flash_range_program (found through the ROM's function table, as the
//    pico-sdk finds them) are replaced by breakpoints that apply the
//    operation to the emulated flash, so littlefs mounts and saves persist;
//  - the ROSC: RANDOMBIT comes from a chosen source (random, seeded, stuck,
//    biased, periodic, absent);
//  - pull-ups: a pin nothing drives reads its pull (buttons wired to ground);
//  - USB CDC: an OUT endpoint armed by the device waits for data, as a real
//    host NAKs, instead of being answered at once with an empty packet;
//  - the watchdog reboot (machine.reset()): the chip restarts, flash kept;
//  - the flash saved to a file on exit and loaded from it on start;
//  - the WS2812 data pin decoded from its edges into frames;
//  - a host that stops reading: IN stalled, the device's IN transfers stay
//    pending (a real cdc-acm host stops asking for IN packets when its tty
//    buffer is full), so the device's CDC TX FIFO fills;
//  - the loop's turns seen from outside: each burst of GPIO_IN reads after
//    a quiet of QUIET_US (the firmware polls its buttons at the start of each
//    turn, and reads no pin while it sleeps) is a turn's start, recorded in
//    emulated time; the firmware is not changed or slowed;
//  - USB: a host that enumerates the device and opens every CDC port (DTR):
//    MicroPython's one, CircuitPython's console and data ports (port 0, 1);
//  - the flash's unique ID (command 0x4B) per flash file, kept beside it
//    (<flash>.uid) or given with --uid, so two emulated boards are two boxes;
//  - BOOTSEL: the flash chip-select reads its pull-up (CircuitPython senses it);
//  - PIO stepped with the core's clock (CircuitPython drives the ring by PIO);
//  - the heap bench's ballast (--ballast N): N in the watchdog's SCRATCH0 and
//    a marker in SCRATCH1 at every boot, for emu/ballast_boot.py (a boot.py
//    on the flash) to take N bytes of the heap before the firmware starts.
//
// Driven by host/fatebox/pico.py over stdin/stdout, one JSON object a line.
// In (commands): {"cmd":"serial","hex":..,"port":0|1} {"cmd":"press","pin":n,"at":us,"hold":us}
//   {"cmd":"level","pin":n,"low":bool} {"cmd":"stop"} {"cmd":"save"} {"cmd":"ping"}
//   {"cmd":"cut","after":n,"id":..} (a power cut inside the n-th flash operation from now)
//   {"cmd":"stall_in","on":bool,"id":..} {"cmd":"turns","id":..} (the turn starts since the last call)
// Out (events, each with "t", emulated microseconds):
//   ready, usb {ports} (the host configured the device, opened its CDC ports), serial {hex, port}, frame {grb}, flash {op,kind,addr,size}, reset,
//   time (a heartbeat), saved, stopped {reason}, error {message},
//   in {stalled, held, id} (the IN transfers held back), turns {starts, id}.
import fs from 'node:fs';
import crypto from 'node:crypto';
import readline from 'node:readline';
import { RP2040, GPIOPinState } from 'rp2040js';

const FLASH_SIZE = 2 * 1024 * 1024;   // the Pico's W25Q16: 2 MiB
const XIP_BASE = 0x10000000;

function parseArgs(argv) {
  const opts = {
    bootrom: null, firmware: null, flash: null, rosc: 'random', cutAt: 0,
    ringPin: 16, ringCount: 12, maxMs: 0, ballast: 0, uid: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--bootrom') opts.bootrom = next();
    else if (a === '--firmware') opts.firmware = next();
    else if (a === '--flash') opts.flash = next();
    else if (a === '--rosc') opts.rosc = next();
    else if (a === '--cut-at') opts.cutAt = parseInt(next(), 10);
    else if (a === '--ring-pin') opts.ringPin = parseInt(next(), 10);
    else if (a === '--ring-count') opts.ringCount = parseInt(next(), 10);
    else if (a === '--max-ms') opts.maxMs = parseFloat(next());
    else if (a === '--ballast') opts.ballast = parseInt(next(), 10);
    else if (a === '--uid') opts.uid = next();
    else throw new Error(`unknown option ${a}`);
  }
  return opts;
}

function send(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

function fail(message) {
  send({ ev: 'error', message });
  process.exit(2);
}

// -- the flash file and UF2 images ------------------------------------------

function loadUF2(path, flash) {
  const data = fs.readFileSync(path);
  if (data.length === 0 || data.length % 512) {
    throw new Error(`${path} is not a UF2 image (size ${data.length} is not a multiple of 512)`);
  }
  let blocks = 0;
  for (let off = 0; off < data.length; off += 512) {
    const m0 = data.readUInt32LE(off), m1 = data.readUInt32LE(off + 4), mEnd = data.readUInt32LE(off + 508);
    if (m0 !== 0x0a324655 || m1 !== 0x9e5d5157 || mEnd !== 0x0ab16f30) {
      throw new Error(`${path} is not a UF2 image (bad magic in block ${off / 512})`);
    }
    const flags = data.readUInt32LE(off + 8);
    if (flags & 1) continue;    // "not main flash"
    const target = data.readUInt32LE(off + 12);
    const size = data.readUInt32LE(off + 16);
    const at = target - XIP_BASE;
    if (at < 0 || at + size > FLASH_SIZE || size > 476) {
      throw new Error(`${path}: block ${off / 512} targets 0x${target.toString(16)}, outside the Pico's flash`);
    }
    flash.set(data.subarray(off + 32, off + 32 + size), at);
    blocks++;
  }
  return blocks;
}

// -- the ROSC as a chosen source -------------------------------------------

// xorshift32, the same generator as host/fatebox/pico.py's seeded_bits():
// the virtual board fed the same raw bits draws the same.
function xorshift32(seed) {
  let x = (seed >>> 0) || 0x9e3779b9;
  return () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x;
  };
}

function roscSource(spec) {
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

class Rosc {
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

// -- the chip -----------------------------------------------------------------

const opts = (() => { try { return parseArgs(process.argv.slice(2)); } catch (e) { fail(e.message); } })();
if (!opts.bootrom || !fs.existsSync(opts.bootrom)) {
  fail(`the RP2040 boot ROM is missing (${opts.bootrom || 'no --bootrom given'}): rp2040js does not ship it; ` +
       'take rp2040-bootrom-B1.bin from raspberrypi/pico-bootrom (as carried in wokwi/rp2040js demo/bootrom.ts)');
}
const bootromBytes = fs.readFileSync(opts.bootrom);
if (bootromBytes.length !== 16384) fail(`${opts.bootrom} is ${bootromBytes.length} bytes, not a 16 KiB RP2040 boot ROM`);
let bitSource;
try { bitSource = roscSource(opts.rosc); } catch (e) { fail(e.message); }

// The flash lives here, across chip restarts (machine.reset()).
const flash = new Uint8Array(FLASH_SIZE).fill(0xff);
if (opts.flash && fs.existsSync(opts.flash)) {
  const saved = fs.readFileSync(opts.flash);
  if (saved.length !== FLASH_SIZE) fail(`${opts.flash} is ${saved.length} bytes, not a ${FLASH_SIZE}-byte flash image`);
  flash.set(saved);
}
// The flash chip's unique ID: --uid HEX, else the file beside the flash file
// (made once, 8 random bytes), else random for this run.
const flashId = (() => {
  if (opts.uid) {
    if (!/^[0-9a-fA-F]{16}$/.test(opts.uid)) fail(`--uid ${opts.uid}: expected 16 hex digits`);
    return Buffer.from(opts.uid, 'hex');
  }
  const path = opts.flash ? opts.flash + '.uid' : null;
  if (path && fs.existsSync(path)) {
    const text = fs.readFileSync(path, 'utf8').trim();
    if (!/^[0-9a-fA-F]{16}$/.test(text)) fail(`${path} holds no flash ID (16 hex digits): remove it for a new one`);
    return Buffer.from(text, 'hex');
  }
  const id = crypto.randomBytes(8);
  if (path) fs.writeFileSync(path, id.toString('hex') + '\n');
  return id;
})();
if (opts.firmware) {
  // as dropping the UF2 on a board in BOOTSEL mode: its blocks written, the filesystem kept
  try { loadUF2(opts.firmware, flash); } catch (e) { fail(e.message); }
}

let mcu = null, cdc = null, stopped = false, flashOps = 0, resets = 0;
let inStalled = false;             // the host takes no IN packets (stall_in)
const heldIn = new Map();          // IN buffer-control offset -> the value the device armed it with
let heldInBytes = 0;
const QUIET_US = 1000;             // no GPIO_IN read for this long: the next one starts a turn
let lastPinRead = -1e12;
let turnStarts = [];
let turnBusy = [];                 // per turn start: until the core first sleeps (WFI/WFE) after it
let turnOpen = false;
const pressed = new Map();         // pin -> true while held low from outside
let tBase = 0;                     // emulated time before the current chip's start (restarts)

function now() { return tBase + mcu.clock.nanos / 1000; }   // emulated microseconds

function saveFlash() {
  if (!opts.flash) return;
  const tmp = opts.flash + '.part';
  fs.writeFileSync(tmp, flash);
  fs.renameSync(tmp, opts.flash);
}

function stop(reason) {
  if (stopped) return;
  stopped = true;
  saveFlash();
  send({ ev: 'stopped', reason, t: now(), flash_ops: flashOps });
  process.stdout.write('', () => process.exit(0));
}

function romFunction(rom16, code) {
  // pico-sdk rom_func_lookup: the table's address at 0x14, entries (code, address), 0-ended
  let p = rom16[0x14 >> 1] >> 1;
  for (;;) {
    const c = rom16[p], f = rom16[p + 1];
    if (c === 0) return 0;
    if (c === code) return f;
    p += 2;
  }
}

function flashOp(kind, addr, size, apply) {
  flashOps++;
  if (opts.cutAt && flashOps >= opts.cutAt) {
    // the power goes in the middle of this operation: half of it done
    apply(true);
    send({ ev: 'flash', op: flashOps, kind, addr, size, t: now(), cut: true });
    stop('power cut at flash operation ' + flashOps);
    return;
  }
  apply(false);
  send({ ev: 'flash', op: flashOps, kind, addr, size, t: now() });
}

function installFlash(chip) {
  const rom16 = new Uint16Array(chip.bootrom.buffer);
  const code = (a, b) => a.charCodeAt(0) | (b.charCodeAt(0) << 8);
  const erase = romFunction(rom16, code('R', 'E')) & ~1;
  const program = romFunction(rom16, code('R', 'P')) & ~1;
  if (!erase || !program) fail('the boot ROM has no flash_range_erase/flash_range_program in its function table');
  rom16[erase >> 1] = 0xbe00 | 0x45;     // BKPT #0x45 ('E')
  rom16[program >> 1] = 0xbe00 | 0x50;   // BKPT #0x50 ('P')
  chip.onBreak = (imm) => {
    const core = chip.core, r = core.registers;
    if (imm === 0x45) {
      const addr = r[0] >>> 0, count = r[1] >>> 0;
      flashOp('erase', addr, count, (half) => {
        const end = Math.min(FLASH_SIZE, addr + (half ? count >>> 1 : count));
        flash.fill(0xff, addr, end);
        chip.flash.fill(0xff, addr, end);
      });
    } else if (imm === 0x50) {
      const addr = r[0] >>> 0, data = r[1] >>> 0, count = r[2] >>> 0;
      flashOp('program', addr, count, (half) => {
        const n = half ? count >>> 1 : count;
        for (let i = 0; i < n && addr + i < FLASH_SIZE; i++) {
          const v = flash[addr + i] & chip.readUint8(data + i);   // NOR: program only clears bits
          flash[addr + i] = v;
          chip.flash[addr + i] = v;
        }
      });
    } else {
      send({ ev: 'error', message: `breakpoint ${imm} at 0x${(core.PC - 2).toString(16)}`, t: now() });
      return;
    }
    core.PC = r[14] & ~1;     // return to the caller (LR), as the ROM routine would
  };
}

function refreshPulls(chip) {
  // Gap 3: a pin nothing drives reads its pull-up or pull-down.
  for (const pin of chip.gpio) {
    if (pressed.get(pin.index)) continue;
    if (pin.pullupEnabled) pin.setInputValue(true);
    else if (pin.pulldownEnabled) pin.setInputValue(false);
  }
}

function installPins(chip) {
  const pads = chip.peripherals[0x4001c];
  const write = pads.writeUint32.bind(pads);
  pads.writeUint32 = (offset, value) => { write(offset, value); refreshPulls(chip); };
  refreshPulls(chip);
  // The WS2812 data pin: a 1 is a long high pulse (~800 ns), a 0 a short one
  // (~400 ns); a low of more than 50 us latches the frame.
  const ring = chip.gpio[opts.ringPin];
  let rise = -1, fall = -1, bits = [];
  const want = opts.ringCount * 24;
  ring.addListener((state) => {
    const t = chip.clock.nanos;
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
        send({ ev: 'frame', t: now(), grb: grb.toString('hex') });
        bits = [];
      }
    }
  });
}

// The USB host: enumerates the device as a real host would far enough for
// its CDC ports to carry bytes (address, configuration descriptor, configuration,
// DTR|RTS on every CDC interface). MicroPython has one CDC port; CircuitPython's
// composite device has the console CDC, mass storage, HID, MIDI and (when boot.py
// asks) a second, data CDC: port 0 is the first CDC interface, port 1 the second.
// The other interfaces are enumerated and left alone (nothing mounts the drive).
const CDC_DATA_CLASS = 10, CDC_COMM_CLASS = 2;

function cdcPorts(desc) {
  // [{comm, in, out}] in descriptor order: the data interface's bulk endpoints,
  // the comm interface before it (the one SET_CONTROL_LINE_STATE goes to).
  const out = [];
  let comm = -1, cur = null;
  for (let i = 0; i + 1 < desc.length;) {
    const len = desc[i], type = desc[i + 1];
    if (len < 2 || i + len > desc.length) break;
    if (type === 4 && len >= 9) {       // interface
      const number = desc[i + 2], cls = desc[i + 5];
      cur = null;
      if (cls === CDC_COMM_CLASS) comm = number;
      else if (cls === CDC_DATA_CLASS && desc[i + 4] === 2) {
        cur = { comm: comm >= 0 ? comm : number, in: -1, out: -1 };
        out.push(cur);
      }
    } else if (type === 5 && len >= 7 && cur && (desc[i + 3] & 3) === 2) {   // bulk endpoint
      if (desc[i + 2] & 0x80) cur.in = desc[i + 2] & 0xf; else cur.out = desc[i + 2] & 0xf;
    }
    i += len;
  }
  return out;
}

function setup(dirIn, type, recipient, request, value, index, length) {
  return Uint8Array.of((dirIn ? 0x80 : 0) | (type << 5) | recipient, request, value & 0xff, value >> 8,
                       index & 0xff, index >> 8, length & 0xff, length >> 8);
}

class UsbHost {
  constructor(usb) {
    this.usb = usb;
    this.state = 'reset';
    this.size = 0;
    this.desc = [];
    this.ports = [];          // cdcPorts(), once configured
    this.pending = new Map(); // OUT endpoint -> size armed by the device, waiting for host data
    this.toDevice = [[], []]; // per port: bytes from the host not yet taken by the device
    this.lineIndex = 0;
    usb.onUSBEnabled = () => usb.resetDevice();
    usb.onResetReceived = () => { this.state = 'address'; usb.sendSetupPacket(setup(false, 0, 0, 5, 1, 0, 0)); };
    usb.onEndpointWrite = (endpoint, buffer) => this.fromDevice(endpoint, buffer);
    usb.onEndpointRead = (endpoint, size) => {
      if (!this.ports.some((p) => p.out === endpoint)) return;
      this.pending.set(endpoint, size);
      this.feed();
    };
  }

  fromDevice(endpoint, buffer) {
    if (endpoint !== 0) {
      const port = this.ports.findIndex((p) => p.in === endpoint);
      if (port >= 0) send({ ev: 'serial', t: now(), port, hex: Buffer.from(buffer).toString('hex') });
      return;
    }
    const usb = this.usb;
    switch (this.state) {
      case 'address':
        if (buffer.length) return;
        this.state = 'config9';
        usb.sendSetupPacket(setup(true, 0, 0, 6, 0x200, 0, 9));
        return;
      case 'config9':
        if (buffer.length < 4) return;
        this.size = buffer[2] | (buffer[3] << 8);
        this.desc = [];
        this.state = 'config';
        usb.sendSetupPacket(setup(true, 0, 0, 6, 0x200, 0, this.size));
        return;
      case 'config':
        this.desc.push(...buffer);
        if (this.desc.length < this.size) return;
        this.ports = cdcPorts(this.desc);
        this.state = 'configure';
        usb.sendSetupPacket(setup(false, 0, 0, 9, 1, 0, 0));
        return;
      case 'configure':
      case 'line':
        if (buffer.length) return;
        if (this.lineIndex < this.ports.length) {
          // SET_CONTROL_LINE_STATE, DTR | RTS: a terminal opened each port
          this.state = 'line';
          usb.sendSetupPacket(setup(false, 1, 1, 0x22, 3, this.ports[this.lineIndex++].comm, 0));
          return;
        }
        this.state = 'ready';
        send({ ev: 'usb', t: now(), ports: this.ports.length });
        return;
      default:
    }
  }

  push(port, bytes) {
    if (port < 0 || port > 1) return;
    for (const b of bytes) this.toDevice[port].push(b);
    this.feed();
  }

  feed() {
    for (let port = 0; port < this.ports.length && port < 2; port++) {
      const ep = this.ports[port].out, q = this.toDevice[port];
      if (!q.length || !this.pending.has(ep)) continue;
      const n = Math.min(this.pending.get(ep), q.length);
      this.pending.delete(ep);
      this.usb.endpointReadDone(ep, Uint8Array.from(q.splice(0, n)));
    }
  }

  isIn(endpoint) { return endpoint > 0 && this.ports.some((p) => p.in === endpoint); }
}

function installUSB(chip) {
  cdc = new UsbHost(chip.usbCtrl);
}

// A host that stops reading: an IN transfer the device arms on the CDC data
// endpoint is held (its AVAILABLE bit stays set, as on a real bus where no IN
// token comes), and replayed when the host reads again.
const EP0_IN_BUFFER_CONTROL = 0x80;
const USB_BUF_CTRL_AVAILABLE = 1 << 10;

function installInStall(chip) {
  const usb = chip.usbCtrl;
  const updated = usb.DPRAMUpdated.bind(usb);
  usb.DPRAMUpdated = (offset, value) => {
    if (inStalled && cdc && offset >= EP0_IN_BUFFER_CONTROL && offset < EP0_IN_BUFFER_CONTROL + 128 &&
        (offset & 7) === 0 && cdc.isIn((offset - EP0_IN_BUFFER_CONTROL) >> 3) && (value & USB_BUF_CTRL_AVAILABLE)) {
      if (!heldIn.has(offset)) heldInBytes += value & 0x3ff;
      heldIn.set(offset, value);
      return;
    }
    updated(offset, value);
  };
  usb.releaseHeldIn = () => {
    for (const offset of heldIn.keys()) {
      const value = chip.usbDPRAMView.getUint32(offset, true);
      if (value & USB_BUF_CTRL_AVAILABLE) updated(offset, value);
    }
    heldIn.clear();
    heldInBytes = 0;
  };
}

function installTurns(chip) {
  const sio = chip.sio;
  const read = sio.readUint32.bind(sio);
  sio.readUint32 = (offset) => {
    if (offset === 0x004) {       // GPIO_IN: the buttons polled
      const t = now();
      if (t - lastPinRead > QUIET_US && turnStarts.length < 1000000) {
        if (turnOpen) turnBusy.push(-1);
        turnStarts.push(t);
        turnOpen = true;
      }
      lastPinRead = t;
    }
    // GPIO_HI_IN bit 1, the flash chip-select: the Pico's pull-up keeps it high
    // when the chip floats it to sense BOOTSEL (CircuitPython does at every boot;
    // rp2040js reads the floated pin low, a button held for ever).
    if (offset === 0x008) return read(offset) | 2;
    return read(offset);
  };
}

// The flash's unique ID (command 0x4B: 4 dummy bytes, then 8 bytes of ID), as
// pico-sdk's flash_get_unique_id asks it: chip-select forced low through
// IO_QSPI's SS override, bytes through the SSI's data register. rp2040js
// answers zeros; here each flash file has its own ID (kept beside it), so two
// emulated boards are two boxes.
const IO_QSPI_SS_CTRL = 0x0c;

function installFlashId(chip) {
  let selected = false, index = 0, command = -1, answer = 0;
  const ioqspi = {
    readUint32() { return 0xffffffff; },   // as rp2040js's unimplemented block (the boot ROM's paths depend on it)
    writeUint32(offset, value) {
      if (offset === IO_QSPI_SS_CTRL) {
        const low = ((value >>> 8) & 3) === 2;      // OUTOVER: 2 drives low, 3 high
        if (low && !selected) { index = 0; command = -1; }
        selected = low;
      }
    },
    writeUint32Atomic(offset, value, atomicType) {
      const old = this.readUint32(offset);
      const v = atomicType === 1 ? old ^ value : atomicType === 2 ? old | value : atomicType === 3 ? old & ~value : value;
      this.writeUint32(offset, v);
    },
  };
  chip.peripherals[0x40018] = ioqspi;
  const ssi = chip.peripherals[0x18000];
  const write = ssi.writeUint32.bind(ssi), readSsi = ssi.readUint32.bind(ssi);
  ssi.writeUint32 = (offset, value) => {
    if (offset === 0x60 && selected) {
      if (index === 0) command = value & 0xff;
      answer = command === 0x4b && index >= 5 && index < 13 ? flashId[index - 5] : 0;
      index++;
      return;
    }
    write(offset, value);
  };
  ssi.readUint32 = (offset) => (offset === 0x60 && selected ? answer : readSsi(offset));
}

// PIO in step with the core: rp2040js runs its state machines from a timer of
// their own, between the core's slices, so a program's pin edges (CircuitPython
// drives the NeoPixels from PIO) all came at one emulated instant. Here each
// enabled state machine steps at the core's clock over its clock divider, an
// instruction's delay cycles included.
function installPio(chip) {
  for (const pio of chip.pio) {
    pio.run = () => {};
    for (const m of pio.machines) { m.fateboxAcc = 0; m.fateboxOwed = 0; }
  }
}

function pioRunning() {
  return !mcu.pio[0].stopped || !mcu.pio[1].stopped;
}

function stepPio(cycles) {
  for (const pio of mcu.pio) {
    if (pio.stopped) continue;
    for (const m of pio.machines) {
      if (!m.enabled) continue;
      const div = (m.clockDivInt || 65536) + m.clockDivFrac / 256;
      m.fateboxAcc += cycles;
      while (m.fateboxAcc >= div) {
        m.fateboxAcc -= div;
        // an instruction's delay [n] is n cycles more before the next (rp2040js
        // counts them in `cycles` but steps on at once)
        if (m.fateboxOwed > 0) { m.fateboxOwed--; continue; }
        const before = m.cycles;
        m.step();
        m.fateboxOwed = m.cycles - before - 1;
      }
    }
    pio.checkChangedPins();
  }
}

// The marker emu/ballast_boot.py looks for in SCRATCH1 ("ballast"): only then is
// SCRATCH0 a ballast size (a real board's scratch registers hold anything).
const BALLAST_MARK = 0x0ba11a57;

function installWatchdog(chip) {
  // machine.reset(): watchdog_reboot() arms the watchdog; it fires, the chip restarts.
  const watchdog = chip.peripherals[0x40058];
  watchdog.onWatchdogTrigger = () => { restartWanted = true; };
  if (opts.ballast > 0) {
    watchdog.scratchData[0] = opts.ballast;
    watchdog.scratchData[1] = BALLAST_MARK;
  }
}

let restartWanted = false;
let rosc = new Rosc(bitSource);

function boot() {
  if (mcu) tBase = now();
  mcu = new RP2040();
  mcu.loadBootrom(new Uint32Array(bootromBytes.buffer, bootromBytes.byteOffset, 4096).slice());
  mcu.logger = { debug() {}, info() {}, warn() {}, error(component, message) { send({ ev: 'log', t: now(), message: `${component}: ${message}` }); } };
  mcu.flash.set(flash);
  heldIn.clear();
  heldInBytes = 0;
  rosc = new Rosc(bitSource);
  mcu.peripherals[0x40060] = rosc;
  installFlash(mcu);
  installPins(mcu);
  installUSB(mcu);
  installInStall(mcu);
  installTurns(mcu);
  installFlashId(mcu);
  installPio(mcu);
  installWatchdog(mcu);
  // As rp2040js's own demo: straight into boot2 at the start of flash (the
  // ROM's boot path waits on the QSPI pins, which rp2040js does not model).
  mcu.core.PC = XIP_BASE;
}

// -- scheduled presses, in emulated time --------------------------------------

const schedule = [];     // [t_us, pin, low], sorted

function setLevel(pin, low) {
  pressed.set(pin, low);
  const g = mcu.gpio[pin];
  if (low) g.setInputValue(false);
  else g.setInputValue(g.pulldownEnabled ? false : true);   // released: back to its pull (a button has the pull-up)
}

function addScheduled(t, pin, low) {
  schedule.push([t, pin, low]);
  schedule.sort((a, b) => a[0] - b[0]);
}

function handle(line) {
  let msg;
  try { msg = JSON.parse(line); } catch { send({ ev: 'error', message: 'not JSON: ' + line.slice(0, 80) }); return; }
  switch (msg.cmd) {
    case 'serial':
      if (cdc) cdc.push(msg.port || 0, Buffer.from(msg.hex, 'hex'));
      break;
    case 'press': {
      const at = msg.at == null ? now() : msg.at;
      addScheduled(at, msg.pin, true);
      addScheduled(at + msg.hold, msg.pin, false);
      break;
    }
    case 'level':
      addScheduled(msg.at == null ? now() : msg.at, msg.pin, !!msg.low);
      break;
    case 'save':
      saveFlash();
      send({ ev: 'saved', t: now(), flash_ops: flashOps });
      break;
    case 'ping':
      send({ ev: 'time', t: now(), flash_ops: flashOps, resets, rosc_reads: rosc.reads, in_held: heldInBytes,
             id: msg.id });
      break;
    case 'stall_in':
    {
      // `held`: the bytes of IN transfers the device had armed and the host had not taken
      const held = heldInBytes;
      inStalled = !!msg.on;
      if (!inStalled && mcu.usbCtrl.releaseHeldIn) mcu.usbCtrl.releaseHeldIn();
      send({ ev: 'in', t: now(), stalled: inStalled, held, id: msg.id });
    }
      break;
    case 'cut':
      // the power goes in the middle of the `after`-th flash operation from now
      opts.cutAt = flashOps + Math.max(1, msg.after | 0);
      send({ ev: 'time', t: now(), flash_ops: flashOps, resets, id: msg.id });
      break;
    case 'turns':
      if (turnOpen) turnBusy.push(-1);
      send({ ev: 'turns', t: now(), starts: turnStarts, busy: turnBusy, id: msg.id });
      turnStarts = [];
      turnBusy = [];
      turnOpen = false;
      break;
    case 'stop':
      stop('asked');
      break;
    default:
      send({ ev: 'error', message: 'unknown command ' + msg.cmd });
  }
}

readline.createInterface({ input: process.stdin }).on('line', handle);
process.stdin.on('end', () => stop('the driver went away'));

const CYCLE_NS = 1e9 / 125e6;

const wallStart = Date.now();

function run() {
  if (stopped) return;
  const started = Date.now();
  let idle = false;
  const clock = mcu.clock, core = mcu.core;
  // about 20 ms of wall time, then the event loop (commands in, events out)
  while (Date.now() - started < 20 && !stopped && !idle) {
    for (let i = 0; i < 20000 && !stopped; i++) {
      if (core.waiting) {
        if (turnOpen) { turnBusy.push(now() - turnStarts[turnStarts.length - 1]); turnOpen = false; }
        // Asleep (WFI): skip to the next alarm or scheduled press, but never
        // ahead of the wall clock, so a chip waiting for its host does not
        // race through its own timeouts while the host is still typing.
        let nanos = clock.nanosToNextAlarm;
        if (schedule.length) nanos = Math.min(nanos, Math.max(0, (schedule[0][0] - now()) * 1000));
        const ahead = (Date.now() - wallStart) * 1000 - now();
        if (ahead <= 0) { idle = true; break; }
        nanos = Math.max(1000, Math.min(nanos, ahead * 1000));
        const pio = pioRunning();
        if (pio) nanos = Math.min(nanos, 8000);
        clock.tick(nanos);
        if (pio) stepPio(nanos / CYCLE_NS);
        i += nanos / CYCLE_NS;
      } else {
        const cycles = core.executeInstruction();
        clock.tick(cycles * CYCLE_NS);
        if (pioRunning()) stepPio(cycles);
      }
      if (schedule.length && schedule[0][0] <= now()) {
        const [, pin, low] = schedule.shift();
        setLevel(pin, low);
      }
      if (restartWanted) break;
    }
    if (restartWanted) {
      restartWanted = false;
      resets++;
      send({ ev: 'reset', t: now(), resets });
      boot();
    }
    if (opts.maxMs && now() > opts.maxMs * 1000) { stop(`emulated time limit ${opts.maxMs} ms`); return; }
  }
  send({ ev: 'time', t: now(), flash_ops: flashOps, resets });
  if (idle) setTimeout(run, 1); else setImmediate(run);
}

boot();
send({ ev: 'ready', t: 0 });
setImmediate(run);
