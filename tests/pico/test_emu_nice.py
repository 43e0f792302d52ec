# The emulator's niceness (EmulatedPico(nice=...), FATEBOX_EMU_NICE): make
# test-pico runs its chips nice, so the host side they wait for comes first.
import os

from fatebox import pico as P


def test_a_chip_runs_at_the_niceness_asked_else_fatebox_emu_nices():
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    asked = P.EmulatedPico(firmware=P.STOCK_UF2, nice=ours + 7)
    plain = P.EmulatedPico(firmware=P.STOCK_UF2)
    try:
        assert os.getpriority(os.PRIO_PROCESS, asked.proc.pid) == ours + 7
        assert os.getpriority(os.PRIO_PROCESS, plain.proc.pid) == (P.EMU_NICE or ours)
    finally:
        asked.stop()
        plain.stop()
