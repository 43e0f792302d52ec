# The rp2 board's raw-bit collector in viper: fatebox_fw.entropy's
# Conditioner._collect (the definition) over the ROSC, SPACING_US between reads.
from array import array

import micropython
from micropython import const

from fatebox_fw import entropy as E

# Copies of fatebox_fw.entropy's constants: viper needs them at compile time
# (tests/firmware/test_entropy_rp2.py checks that they match).
_RANDOMBIT = const(0x4006001C)   # fatebox_fw.hal.rosc.RANDOMBIT
_TIMERAWL = const(0x40054028)    # TIMER_BASE + 0x28: the microsecond counter's low word
# pico-sdk's PICO_RAND_MIN_ROSC_BIT_SAMPLE_TIME_US: the ROSC's bit is "somewhat
# periodic when sampled rapidly"; more than this many microseconds pass between
# two reads (docs/entropy.md, Spacing).
SPACING_US = const(10)
_RCT_CUTOFF = const(50)
_APT_CUTOFF = const(833)
_WINDOW_BYTES = const(128)
_LAG_MASK = const(0x3FFFFFFF)
_LAG_LOW = const(0x1FFFFFFF)

# The state's slots: the Conditioner's fields as _collect carries them, the
# time of the last read, and what a failed test saw.
_LAST = const(0)
_RUN = const(1)
_VALUE = const(2)
_COUNT = const(3)
_LEFT = const(4)
_HIST = const(5)
_MISM = const(6)
_AT = const(7)       # the counter just after the last read
_BYTE = const(8)     # the byte a test failed in
_SEEN = const(9)     # and what it saw: (bit, run) or (bit, count)
_SEEN2 = const(10)
# The lag test's masks, read from the state: an ARMv6-M immediate this wide
# is a word in the code, loaded PC-relative, and in Fatebox's image (frozen)
# it read wrong (caught by tests/pico/test_image_entropy.py).
_LOW = const(11)
_ALL = const(12)
_SLOTS = const(13)


@micropython.viper
def _collect(raw, nbytes: int, state, ones, lead, trail) -> int:
    # Conditioner._collect, line for line: 0, or 1, 2, 3 for the repetition
    # count, adaptive proportion and lag tests, with the state as it failed.
    out = ptr8(raw)
    st = ptr32(state)
    ones_in = ptr8(ones)
    lead_of = ptr8(lead)
    trail_of = ptr8(trail)
    rosc = ptr32(_RANDOMBIT)
    timer = ptr32(_TIMERAWL)
    last = st[_LAST]
    run = st[_RUN]
    value = st[_VALUE]
    count = st[_COUNT]
    left = st[_LEFT]
    hist = st[_HIST]
    mism = st[_MISM]
    at = uint(st[_AT])
    spacing = uint(SPACING_US)
    lag_low = st[_LOW]
    lag_all = st[_ALL]
    failed = 0
    i = 0
    while i < nbytes:
        k = 0
        while k < 8:
            while uint(timer[0]) - at <= spacing:
                pass
            bit = rosc[0] & 1
            at = uint(timer[0])
            mism |= hist ^ (0 - bit)
            hist = ((hist & lag_low) << 1) | bit
            k += 1
        byte = hist & 0xFF
        out[i] = byte
        first = byte >> 7
        lead_n = lead_of[byte]
        span = lead_n
        if first == last:
            span = run + lead_n
        if span >= _RCT_CUTOFF:
            st[_SEEN] = first
            st[_SEEN2] = span
            failed = 1
            break
        if lead_n == 8:
            run = span
            last = first
        else:
            run = trail_of[byte]
            last = byte & 1
        same = ones_in[byte]
        if value == 0:
            same = 8 - same
        if left != 0:
            count += same
            if count >= _APT_CUTOFF:
                st[_SEEN] = value
                st[_SEEN2] = count
                failed = 2
                break
            left -= 1
            if left == 0:
                if mism & lag_all != lag_all:
                    st[_SEEN] = mism & lag_all
                    failed = 3
                    break
                mism = 0
        else:
            value = first
            count = ones_in[byte]
            if first == 0:
                count = 8 - count
            left = _WINDOW_BYTES - 1
        i += 1
    st[_AT] = at
    st[_BYTE] = i
    if failed != 0:
        return failed
    st[_LAST] = last
    st[_RUN] = run
    st[_VALUE] = value
    st[_COUNT] = count
    st[_LEFT] = left
    st[_HIST] = hist
    st[_MISM] = mism & lag_all
    return 0


@micropython.viper
def _raw(buf, state):
    # Conditioner.raw_into over the ROSC, with the collector's spacing.
    out = ptr8(buf)
    st = ptr32(state)
    rosc = ptr32(_RANDOMBIT)
    timer = ptr32(_TIMERAWL)
    at = uint(st[_AT])
    spacing = uint(SPACING_US)
    n = int(len(buf))
    i = 0
    while i < n:
        byte = 0
        k = 0
        while k < 8:
            while uint(timer[0]) - at <= spacing:
                pass
            byte = (byte << 1) | (rosc[0] & 1)
            at = uint(timer[0])
            k += 1
        out[i] = byte
        i += 1
    st[_AT] = at


class RoscConditioner(E.Conditioner):
    """The Conditioner over the ROSC, its raw bits collected by viper.

    `raw_bit` is the ROSC's bit one at a time (hal/rp2.py's rosc_bit), for
    anything else that asks; the collector reads the register itself."""

    def __init__(self, raw_bit, precheck=None):
        self.state = array("i", bytes(4 * _SLOTS))
        self.state[_LOW] = _LAG_LOW
        self.state[_ALL] = _LAG_MASK
        super().__init__(raw_bit, precheck)

    def _collect(self, nbytes):
        st = self.state         # one statement a field: no tuple per block
        st[_LAST] = self.last
        st[_RUN] = self.run
        st[_VALUE] = self.value
        st[_COUNT] = self.count
        st[_LEFT] = self.left
        st[_HIST] = self.hist
        st[_MISM] = self.mism & _LAG_MASK
        failed = _collect(self.raw, nbytes, st, E.ONES, E.LEAD, E.TRAIL)
        if failed:
            taken = 8 * st[_BYTE] + 8
            if failed == 1:
                self._fail_run(st[_SEEN], st[_SEEN2], taken)
            elif failed == 2:
                self._fail_proportion(st[_SEEN], st[_SEEN2], taken)
            else:
                self._fail_lag(st[_SEEN], taken)
        self.last = st[_LAST]
        self.run = st[_RUN]
        self.value = st[_VALUE]
        self.count = st[_COUNT]
        self.left = st[_LEFT]
        self.hist = st[_HIST]
        self.mism = st[_MISM]
        self.samples += 8 * nbytes

    def raw_into(self, buf):
        _raw(buf, self.state)

