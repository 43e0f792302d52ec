// The emulated Pico's flash chip: its size and address, UF2 images written
// into it as a board in BOOTSEL takes them, the boot ROM's function table, and
// the chip's unique ID (command 0x4B) answered per flash file.
import fs from 'node:fs';

export const FLASH_SIZE = 2 * 1024 * 1024;   // the Pico's W25Q16: 2 MiB
export const XIP_BASE = 0x10000000;

export function loadUF2(path, flash) {
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

export function romFunction(rom16, code) {
  // pico-sdk rom_func_lookup: the table's address at 0x14, entries (code, address), 0-ended
  let p = rom16[0x14 >> 1] >> 1;
  for (;;) {
    const c = rom16[p], f = rom16[p + 1];
    if (c === 0) return 0;
    if (c === code) return f;
    p += 2;
  }
}

// The flash's unique ID (command 0x4B: 4 dummy bytes, then 8 bytes of ID), as
// pico-sdk's flash_get_unique_id asks it: chip-select forced low through
// IO_QSPI's SS override, bytes through the SSI's data register. rp2040js
// answers zeros; here each flash file has its own ID (kept beside it), so two
// emulated boards are two boxes.
const IO_QSPI_SS_CTRL = 0x0c;

export function installFlashId(chip, flashId) {
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
