// PIO in step with the core: rp2040js runs its state machines from a timer of
// their own, between the core's slices, so a program's pin edges (CircuitPython
// drives the NeoPixels from PIO) all came at one emulated instant. Here each
// enabled state machine steps at the core's clock over its clock divider, an
// instruction's delay cycles included.
//
// onRunning(running) is told whenever either block starts or stops, so the
// core's loop reads one flag per instruction instead of both blocks' state.
export function installPio(chip, onRunning) {
  const update = () => onRunning(!chip.pio[0].stopped || !chip.pio[1].stopped);
  for (const pio of chip.pio) {
    pio.run = () => {};
    for (const m of pio.machines) { m.fateboxAcc = 0; m.fateboxOwed = 0; }
    let stopped = pio.stopped;
    Object.defineProperty(pio, 'stopped', {
      get: () => stopped,
      set: (value) => { stopped = value; update(); },
    });
  }
  update();
}

export function stepPio(mcu, cycles) {
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
