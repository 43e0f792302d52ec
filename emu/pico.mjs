// The emulated Raspberry Pi Pico: rp2040js (package.json) running a real
// MicroPython rp2 firmware, with what rp2040js leaves out for a test bench:
//  - flash erase/program: the boot ROM's flash_range_erase and _program
//    (found through the ROM's function table, as the pico-sdk finds them)
//    replaced by breakpoints on the emulated flash, so saves persist; the
//    flash loaded from a file at start and saved to it on exit;
//  - the ROSC: RANDOMBIT from a chosen source (random, seeded, stuck, ...);
//  - pull-ups: a pin nothing drives reads its pull (buttons wired to
//    ground; BOOTSEL's flash chip-select, which CircuitPython senses);
//  - USB: a host that enumerates the device and opens every CDC port (DTR):
//    MicroPython's one, CircuitPython's console and data (port 0, 1); an
//    armed OUT endpoint waits for data, as a real host NAKs; a host that
//    stops reading: IN stalled, so the device's CDC TX FIFO fills;
//  - the watchdog reboot (machine.reset()): the chip restarts, flash kept;
//  - the WS2812 data pin decoded from its edges into frames; PIO stepped
//    with the core's clock (CircuitPython drives the ring by PIO);
//  - the loop's turns seen from outside: each burst of GPIO_IN reads after
//    a quiet of QUIET_US (the firmware polls its buttons at each turn's
//    start and reads no pin while it sleeps), the firmware not slowed;
//  - the flash's unique ID per flash file (<flash>.uid, or --uid): two boards;
//  - the heap bench's ballast (--ballast N): N in the watchdog's SCRATCH0
//    and a marker in SCRATCH1 at every boot, for emu/ballast_boot.py;
//  - --skip-spins: a busy-wait on the microsecond timer worked out, not
//    emulated turn by turn (spin.mjs): the same reads at the same times.
// The parts: flash, rosc, usb, pio, ws2812, options, spin, wfi, and rp2040js's own
// peripheral lookup (bus) and instruction decoding (decode), from tables.
// Driven by host/fatebox/pico/emulator.py over stdin/stdout, one JSON object a line.
// In (commands): {"cmd":"serial","hex":..,"port":0|1,"id":..} {"cmd":"press","pin":n,"at":us,"hold":us}
//   {"cmd":"level","pin":n,"low":bool} {"cmd":"stop"} {"cmd":"save","id":..} {"cmd":"ping"}
//   {"cmd":"cut","after":n,"id":..} (a power cut inside the n-th flash operation from now)
//   {"cmd":"stall_in","on":bool,"id":..} {"cmd":"turns","id":..} (the turn starts since the last call)
// Out (events, each with "t", emulated microseconds):
//   ready, usb {ports} (CDC ports opened), serial {hex, port}, frame {grb}, flash {op,kind,addr,size}, reset, time
//   (a heartbeat; a ping's has spins_skipped, spun_us with --skip-spins), saved, stopped {reason}, error {message},
//   in {stalled, held, id} (the IN transfers held back), turns {starts, id}, taken {port, id} (usb.mjs).
import fs from 'node:fs';
import crypto from 'node:crypto';
import readline from 'node:readline';
import { RP2040 } from 'rp2040js';
import { FLASH_SIZE, XIP_BASE, installFlashId, loadUF2, romFunction } from './flash.mjs';
import { installPio, stepPio } from './pio.mjs';
import { Rosc, roscSource } from './rosc.mjs';
import { parseArgs } from './options.mjs';
import { InStall, UsbHost } from './usb.mjs';
import { watchRing } from './ws2812.mjs';
import { installPeripheralPages } from './bus.mjs';
import { installFastDecode } from './decode.mjs';
import { SpinSkip } from './spin.mjs';
import { wfiWakes } from './wfi.mjs';

function send(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

function fail(message) {
  send({ ev: 'error', message });
  process.exit(2);
}

// -- the chip -----------------------------------------------------------------

try { await installFastDecode(); } catch (e) { fail('emu/decode.mjs: ' + e.message); }
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
const inStall = new InStall();     // a host that stops reading (stall_in)
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
  send({ ev: 'stopped', reason, t: now(), flash_ops: flashOps, ...(spin ? { spins_skipped: spin.skips } : {}) });
  process.stdout.write('', () => process.exit(0));
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
  // The ring's frames, decoded from its data pin's edges (ws2812.mjs).
  watchRing(chip.gpio[opts.ringPin], opts.ringCount, () => chip.clock.nanos,
            (grb) => send({ ev: 'frame', t: now(), grb: grb.toString('hex') }));
}

function installUSB(chip) {
  cdc = new UsbHost(chip.usbCtrl, send, now);
  inStall.install(chip, cdc);
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
let pioRunning = false;           // either PIO block runs (installPio keeps it)
let rosc = new Rosc(bitSource);
let spin = null;                  // --skip-spins: this chip's (spin.mjs)
let skippedUs = 0;                // and the time skipped by chips before it

// The room a timer spin may be skipped over (spin.mjs): up to the next
// scheduled press; none while a PIO block runs (it steps with the core).
const spinRoom = () => (pioRunning ? 0 : schedule.length ? (schedule[0][0] - now()) * 1000 : Infinity);

function spunUs() { return skippedUs + (spin ? spin.skipped / 1000 : 0); }

function boot() {
  if (mcu) tBase = now();
  mcu = new RP2040();
  mcu.loadBootrom(new Uint32Array(bootromBytes.buffer, bootromBytes.byteOffset, 4096).slice());
  mcu.logger = { debug() {}, info() {}, warn() {}, error(component, message) { send({ ev: 'log', t: now(), message: `${component}: ${message}` }); } };
  mcu.flash.set(flash);
  inStall.reset();
  rosc = new Rosc(bitSource);
  mcu.peripherals[0x40060] = rosc;
  installFlash(mcu);
  installPins(mcu);
  installUSB(mcu);
  installTurns(mcu);
  installFlashId(mcu, flashId);
  const chip = mcu;     // the state of this chip's PIO, not of one before a restart
  installPio(chip, (running) => { if (chip === mcu) pioRunning = running; });
  installWatchdog(mcu);
  if (opts.skipSpins) {
    skippedUs = spunUs();
    spin = new SpinSkip(mcu, spinRoom, CYCLE_NS);
  }
  installPeripheralPages(mcu);    // last: after every peripheral above is in place
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
      if (cdc) cdc.push(msg.port || 0, Buffer.from(msg.hex, 'hex'), msg.id);
      break;
    case 'press': {
      const at = msg.at == null ? now() : msg.at;
      addScheduled(at, msg.pin, true);
      addScheduled(at + msg.hold, msg.pin, false);
      if (msg.id) send({ ev: 'time', t: now(), at, id: msg.id });     // when it goes down, for a driver that asks
      break;
    }
    case 'level':
      addScheduled(msg.at == null ? now() : msg.at, msg.pin, !!msg.low);
      break;
    case 'save':
      saveFlash();
      send({ ev: 'saved', t: now(), flash_ops: flashOps, id: msg.id });
      break;
    case 'ping':
      send({ ev: 'time', t: now(), flash_ops: flashOps, resets, rosc_reads: rosc.reads, in_held: inStall.bytes,
             id: msg.id, ...(spin ? { spins_skipped: spin.skips, spun_us: spunUs() } : {}) });
      break;
    case 'stall_in':
    {
      // `held`: the bytes of IN transfers the device had armed and the host had not taken
      const held = inStall.bytes;
      inStall.on = !!msg.on;
      if (!inStall.on && mcu.usbCtrl.releaseHeldIn) mcu.usbCtrl.releaseHeldIn();
      send({ ev: 'in', t: now(), stalled: inStall.on, held, id: msg.id });
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
        if (wfiWakes(core)) { core.waiting = false; continue; }     // wfi.mjs
        if (turnOpen) { turnBusy.push(now() - turnStarts[turnStarts.length - 1]); turnOpen = false; }
        // Asleep (WFI): skip to the next alarm or scheduled press, but never
        // ahead of the wall clock, so a chip waiting for its host does not
        // race through its own timeouts while the host is still typing.
        let nanos = clock.nanosToNextAlarm;
        if (schedule.length) nanos = Math.min(nanos, Math.max(0, (schedule[0][0] - now()) * 1000));
        // (--skip-spins: the time skipped is not waited for, spin.mjs)
        const ahead = (Date.now() - wallStart) * 1000 - (now() - spunUs());
        if (ahead <= 0) { idle = true; break; }
        nanos = Math.max(1000, Math.min(nanos, ahead * 1000));
        const pio = pioRunning;
        if (pio) nanos = Math.min(nanos, 8000);
        clock.tick(nanos);
        if (pio) stepPio(mcu, nanos / CYCLE_NS);
        i += nanos / CYCLE_NS;
      } else {
        const cycles = core.executeInstruction();
        clock.tick(cycles * CYCLE_NS);
        if (pioRunning) stepPio(mcu, cycles);
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
