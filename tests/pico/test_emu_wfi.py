# WFI as the Cortex-M0+ has it (emu/wfi.mjs): an interrupt that became
# pending while PRIMASK masked it keeps the core from sleeping. rp2040js
# sleeps anyway and wakes only on an interrupt that newly becomes pending,
# which left a CircuitPython box asleep with the host's request unread
# (its idle is `cpsid i`, checks, `wfi`).
import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SCRIPT = r'''
import { RP2040 } from 'rp2040js';
import { wfiWakes } from './emu/wfi.mjs';
const USBCTRL = 5, TIMER_0 = 0, SRAM = 0x20000000;
function asleep(opcode, setup) {
  const chip = new RP2040();
  const core = chip.core;
  chip.writeUint16(SRAM, opcode);
  core.PC = SRAM;
  setup(core);
  core.executeInstruction();
  return { waiting: core.waiting, wakes: core.waiting && wfiWakes(core) };
}
const pend = (irq) => (core) => { core.enabledInterrupts |= 1 << irq; core.setInterrupt(irq, true); };
const masked = (irq) => (core) => { core.PM = true; pend(irq)(core); };
console.log(JSON.stringify({
  masked_usb: asleep(0xbf30, masked(USBCTRL)),
  masked_timer: asleep(0xbf30, masked(TIMER_0)),
  disabled_irq: asleep(0xbf30, (core) => { core.PM = true; core.setInterrupt(USBCTRL, true); }),
  nothing: asleep(0xbf30, (core) => { core.PM = true; }),
  wfe_masked: asleep(0xbf20, masked(USBCTRL)),
}));
'''


def test_a_wfi_with_a_masked_interrupt_pending_does_not_sleep():
    out = subprocess.run(["node", "--input-type=module", "-e", SCRIPT], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    # rp2040js's core goes to sleep in each case; wfi.mjs says which must not
    assert all(case["waiting"] for case in got.values()), got
    assert got["masked_usb"]["wakes"] and got["masked_timer"]["wakes"], got
    # not for an interrupt that is not enabled, nothing pending, or WFE (its own rules)
    assert not got["disabled_irq"]["wakes"] and not got["nothing"]["wakes"], got
    assert not got["wfe_masked"]["wakes"], got
