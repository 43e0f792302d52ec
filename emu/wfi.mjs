// WFI as the Cortex-M0+ has it: the core does not sleep while an enabled
// interrupt that would preempt is pending, even with PRIMASK set (ARMv6-M
// B1.5.19). rp2040js sleeps anyway and wakes only when an interrupt newly
// becomes pending, so one raised between CircuitPython's `cpsid i` and its
// `wfi` (port_idle_until_interrupt) left the chip asleep with the host's
// bytes unread.
const WFI = 0xbf30;

// True when the core that just went to sleep must go on at once: the sleep
// was a WFI and an interrupt above the current execution priority is pending.
export function wfiWakes(core) {
  if (core.readUint16((core.PC - 2) & ~1) !== WFI) return false;
  const now = core.exceptionPriority(core.IPSR);
  if (core.pendingSystick && core.systickPriority < now) return true;
  if (core.pendingPendSV && core.pendSVPriority < now) return true;
  const set = core.pendingInterrupts & core.enabledInterrupts;
  if (!set) return false;
  for (let priority = 0; priority < now && priority < 4; priority++) {
    if (set & core.interruptPriorities[priority]) return true;
  }
  return false;
}
