// rp2040js finds the peripheral behind an address in an object keyed by the
// address's 16 KiB page, on every peripheral access and on every store (RAM
// too); that object's keys are sparse integers, a hash lookup each time.
// The same lookup from a flat array, one slot per page, made once the chip's
// peripherals are all in place (none is added or replaced after).
const PAGES = 1 << 18;     // 4 GiB in 16 KiB pages

export function installPeripheralPages(chip) {
  const pages = new Array(PAGES).fill(undefined);
  for (const key of Object.keys(chip.peripherals)) pages[Number(key) >>> 2] = chip.peripherals[key];
  chip.findPeripheral = (address) => pages[address >>> 14];
}
