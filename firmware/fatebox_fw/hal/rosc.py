# The RP2040's ring oscillator as a random source (datasheet 2.17.5): its raw
# RANDOMBIT and the checks that say when those bits cannot be trusted. `mem` is
# machine.mem32 on the board; a test gives any object indexed by address.
try:
    from micropython import const
except ImportError:
    def const(value):
        return value

# ROSC_BASE 0x40060000 + 0x1c. Unconditioned, "somewhat biased" and "somewhat
# periodic when sampled rapidly" (pico-sdk issue 569): fatebox_fw.entropy
# health-tests and conditions it.
RANDOMBIT = const(0x4006001C)
CTRL = const(0x40060000)         # ENABLE, bits 23:12: 0xd1e is off, anything else on
CLK_REF_CTRL = const(0x40008030)  # SRC, bits 1:0: 0 is the ROSC
CLK_SYS_CTRL = const(0x4000803C)  # SRC, bit 0: 0 is clk_ref, 1 is the aux mux; AUXSRC, bits 7:5: 2 is the ROSC
# A working ROSC gives both values within a few reads; this many alike, one
# after another, is a stuck bit (a healthy source: at most (3/4)^63 by the
# assessed min-entropy, docs/entropy.md).
STUCK_READS = const(64)


def bit(mem):
    return mem[RANDOMBIT] & 1


def problem(mem):
    """None, or why the ROSC's bits cannot be trusted."""
    if (mem[CTRL] >> 12) & 0xFFF == 0xD1E:
        return "the ring oscillator is switched off, so its random bit does not change"
    sys_ctrl = mem[CLK_SYS_CTRL]
    if sys_ctrl & 1:
        from_rosc = (sys_ctrl >> 5) & 7 == 2
    else:
        from_rosc = mem[CLK_REF_CTRL] & 3 == 0
    if from_rosc:
        # "If the cores are running from the ROSC then the value will not be
        # random because the timing of the register read will be correlated
        # to the phase of the ROSC."
        return "the system clock runs from the ring oscillator, so its random bit is predictable"
    # A ROSC that is not running, or a chip (or emulator) without one, reads
    # one value for ever: the health tests would catch it too, but only as
    # "a repetition count test failed"; this names the source.
    first = mem[RANDOMBIT] & 1
    for _ in range(STUCK_READS - 1):
        if mem[RANDOMBIT] & 1 != first:
            return None
    return "the ring oscillator's random bit is stuck at %d (%d reads alike)" % (first, STUCK_READS)
