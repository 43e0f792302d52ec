# The box's randomness: raw random bits, health-tested as NIST SP 800-90B
# section 4.4 asks and conditioned with SHA-256 into the bytes a Sampler reads.
import hashlib

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

try:
    _sha256 = hashlib.sha256
except AttributeError:
    # CircuitPython's hashlib has only new(name, data) (10.2.1, emulated Pico)
    def _sha256(data):
        return hashlib.new("sha256", data)

# The assessed min-entropy of one raw bit (docs/entropy.md): H = log2(4/3),
# about 0.415 bits, i.e. whatever came before, the likelier value of the next
# bit has probability at most 3/4. Every number below follows from it and is
# recomputed exactly, in integers, by tests/core/test_entropy.py.
H_LIKELY = (3, 4)            # 2^-H as a fraction
ALPHA_LOG2 = const(20)       # false-positive rate of each test: 2^-20

# SP 800-90B 4.4.1, Repetition Count Test: C = 1 + ceil(20 / H) = 1 + 49.
RCT_CUTOFF = const(50)
# SP 800-90B 4.4.2, Adaptive Proportion Test, binary source: W = 1024 and
# C = 1 + CRITBINOM(1024, 3/4, 1 - 2^-20), the least c with
# P(Binomial(1024, 3/4) >= c) <= 2^-20.
APT_WINDOW = const(1024)
APT_CUTOFF = const(833)
# SP 800-90B 4.5 allows tests of the developer's own beside 4.4's: this one
# fails a window in which the bits equal those LAG_MAX or fewer places back
# (any one lag) all the way through, the signature of a periodic source that
# the two tests above let pass (0101...). At most (3/4)^992 per lag and window.
LAG_MAX = const(30)
_LAG_MASK = const(0x3FFFFFFF)    # one bit per lag 1..30: a small int on MicroPython
_LAG_LOW = const(0x1FFFFFFF)     # shifted left it stays a small int
_LAG_SETTLE = const(4)           # bytes of start-up before the lag test counts
# A block-repetition test (FIPS 140-2 4.9.2's continuous test): a block equal
# to the one before fails. It catches the periods longer than LAG_MAX that
# divide a block's 1240 bits (31, 40, 62...).
# SP 800-90B 4.3, start-up: the first 1024 samples go through the tests and
# are discarded, then one block is made and discarded, so that the first
# block handed out has one to be compared with.
START_BYTES = const(128)
_WINDOW_BYTES = const(128)       # APT_WINDOW / 8
# Conditioning: each 32-byte SHA-256 block is computed from raw bits carrying
# at least 512 bits of assessed entropy, twice what it hands out. ceil(512 / H)
# is 1234 raw bits; whole bytes make it 155 bytes, 1240 bits, 514.6 bits of
# entropy per block.
BLOCK = const(32)
RAW_BYTES = const(155)
RAW_BITS = RAW_BYTES * 8

# The tests, as EntropyError.test names them.
RCT = "repetition-count"
APT = "adaptive-proportion"
LAG = "lag-repetition"
REPEAT = "repeated-block"
SOURCE = "source"            # the raw bit could not be read, or was not 0 or 1
_WORDS = {RCT: "repetition count test", APT: "adaptive proportion test", LAG: "lag repetition test",
          REPEAT: "block repetition test", SOURCE: "source check"}


class EntropyError(Exception):
    """The random source failed a health test: it gives no bytes until reset().

    `test` is RCT, APT, LAG, REPEAT or SOURCE; `message` says what was seen, in words.
    """

    def __init__(self, test, message):
        super().__init__(message)
        self.test = test
        self.message = message


class Conditioner:
    """Bytes from a raw bit source, health-tested and conditioned.

    `raw_bit()` returns the next raw bit, 0 or 1 (the RP2040's ROSC RANDOMBIT
    on the board, a simulated source in tests). `precheck()`, if given, is
    asked before each start-up and returns None, or a sentence saying why
    the source cannot be trusted (a clock set-up that makes its bits
    predictable). `read(n)` gives n bytes, the interface a Sampler takes; the
    conditioner is also callable as read.
    """

    def __init__(self, raw_bit, precheck=None):
        self.raw_bit = raw_bit
        self.precheck = precheck
        # Allocated once, reused for every block (STYLE.md 6).
        self.raw = bytearray(RAW_BYTES)
        self.pool = bytearray(BLOCK)
        self.prev = bytearray(BLOCK)     # the block before, for the repetition test
        # Since boot, through every reset (`info`, docs/entropy.md): blocks that
        # went through the tests, failures per test, start-up tests run.
        self.tested = 0
        self.rejected = {RCT: 0, APT: 0, LAG: 0, REPEAT: 0, SOURCE: 0}
        self.starts = 0
        self.reset()

    def reset(self):
        """Forget everything, a failure too: the next read runs the start-up tests again."""
        self.failure = None          # (test, message) once failed
        self.started = False
        self.samples = 0             # raw bits taken since the reset
        self.blocks = 0              # conditioned blocks made since the reset
        self.at = BLOCK              # the next unread byte of the pool: none left
        self.last = -1               # repetition count: the bit of the latest run,
        self.run = 0                 # and its length so far
        self.value = 0               # adaptive proportion: the window's first bit,
        self.count = 0               # how often it came in the window,
        self.left = 0                # and the bytes left in the window
        self.hist = 0                # lag test: the last LAG_MAX bits, newest lowest
        self.mism = 0                # the lags that did not repeat in this window
        _wipe(self.pool)
        _wipe(self.raw)
        _wipe(self.prev)

    def read(self, n):
        """n conditioned random bytes; EntropyError once a health test fails."""
        out = bytearray(n)
        self.readinto(out)
        return bytes(out)

    __call__ = read

    def readinto(self, buf):
        """Fill buf with conditioned random bytes (no allocation but the blocks' hashes)."""
        if self.failure is not None:
            raise EntropyError(self.failure[0], self.failure[1])
        try:
            if not self.started:
                self._start()
            pool = self.pool
            at = self.at
            for i in range(len(buf)):
                if at == BLOCK:
                    self._block()
                    at = 0
                buf[i] = pool[at]
                at += 1
            self.at = at
        except EntropyError:
            _wipe(buf)       # nothing of a failed read is handed out
            raise

    def raw_into(self, buf):
        """Fill buf with raw bits as they come, 8 a byte, oldest highest: no
        health test, no conditioning (the `entropy` op's raw bytes, for a test
        battery). A failed source can still be read so: that is when it is wanted."""
        raw_bit = self.raw_bit
        for i in range(len(buf)):
            byte = 0
            for _ in range(8):
                byte = (byte << 1) | (raw_bit() & 1)
            buf[i] = byte

    def health(self):
        """The health tests' counts since boot (the `info` op's `entropy`)."""
        return {"health": self.status()["health"], "blocks": self.tested, "rejected": dict(self.rejected),
                "restarts": max(0, self.starts - 1)}

    def status(self):
        """The source's health, for a diagnostic screen or the protocol."""
        return {"health": "failed" if self.failure else ("ok" if self.started else "not started"),
                "test": self.failure[0] if self.failure else None,
                "raw_bits": self.samples, "blocks": self.blocks}

    # -- inside ----------------------------------------------------------------

    def _start(self):
        self.starts += 1
        if self.precheck is not None:
            problem = self.precheck()
            if problem:
                self._fail(SOURCE, problem, 0)
        # The lag test compares with real bits only once LAG_MAX have come.
        self._collect(_LAG_SETTLE)
        self.mism = 0
        self._collect(START_BYTES - _LAG_SETTLE)
        self._block()            # compared with the first block handed out
        self.blocks = 0
        self.started = True

    def _block(self):
        self.tested += 1
        self._collect(RAW_BYTES)
        digest = _sha256(self.raw).digest()
        pool, prev = self.pool, self.prev
        same = True
        for i in range(BLOCK):
            byte = digest[i]
            if byte != prev[i]:
                same = False
            pool[i] = prev[i] = byte
        if same:
            self._fail(REPEAT, "a block of %d raw bits gave the same conditioned bytes as the block before" % RAW_BITS, 0)
        self.blocks += 1

    def _collect(self, nbytes):
        """nbytes of raw bits into self.raw, every bit through the health tests.

        The bits are taken one by one; the repetition count and adaptive
        proportion tests then count a byte at a time from tables, which is
        exact (a run or a count that reaches its cutoff anywhere in the byte
        is seen at its end) and a few times faster on MicroPython. A failure
        is seen at most 7 bits late, before any of those bits is hashed.
        """
        raw = self.raw
        raw_bit = self.raw_bit
        ones_in, lead_of, trail_of = ONES, LEAD, TRAIL
        last, run = self.last, self.run
        value, count, left = self.value, self.count, self.left
        hist, mism = self.hist, self.mism
        i = 0
        try:
            for i in range(nbytes):
                seen = 0
                for _ in range(8):
                    bit = raw_bit()
                    seen |= bit
                    # The lag test: bit j of mism is set once this window saw
                    # a bit differ from the one j + 1 places before it.
                    mism |= hist ^ -bit
                    hist = ((hist & _LAG_LOW) << 1) | bit
                if seen & -2:
                    self._fail(SOURCE, "the raw bit source gave something other than 0 or 1 (%r)" % (bit,), 8 * i + 8)
                byte = hist & 0xFF            # the 8 bits, oldest highest
                raw[i] = byte
                # SP 800-90B 4.4.1: a run of RCT_CUTOFF equal bits fails. The
                # run before this byte goes on into its leading bits, or ends.
                first = byte >> 7
                lead = lead_of[byte]
                span = run + lead if first == last else lead
                if span >= RCT_CUTOFF:
                    self._fail_run(first, span, 8 * i + 8)
                if lead == 8:
                    run, last = span, first
                else:
                    run, last = trail_of[byte], byte & 1
                # SP 800-90B 4.4.2: in each window of APT_WINDOW bits (whole
                # bytes), the first bit's value counted; APT_CUTOFF fails.
                same = ones_in[byte] if value else 8 - ones_in[byte]
                if left:
                    count += same
                    if count >= APT_CUTOFF:
                        self._fail_proportion(value, count, 8 * i + 8)
                    left -= 1
                    if not left:
                        if mism & _LAG_MASK != _LAG_MASK:
                            self._fail_lag(mism, 8 * i + 8)
                        mism = 0
                else:
                    value = first
                    count = ones_in[byte] if first else 8 - ones_in[byte]
                    left = _WINDOW_BYTES - 1
        except (EntropyError, MemoryError):
            raise    # the heap running out is answered `memory`, not a failed source
        except Exception as exc:
            # A source that cannot be read is a failed source, not a crash.
            self._fail(SOURCE, "the raw bit source failed: %s" % (exc,), 8 * i + 8)
        self.last, self.run = last, run
        self.value, self.count, self.left = value, count, left
        self.hist, self.mism = hist, mism
        self.samples += 8 * nbytes

    # The three counting tests' failures, in words: one definition for _collect
    # and for a board's own collector (hal/rp2_rosc.py), which must fail alike.
    def _fail_run(self, first, span, taken):
        self._fail(RCT, "the same bit (%d) came %d times in a row (cutoff %d)" % (first, span, RCT_CUTOFF), taken)

    def _fail_proportion(self, value, count, taken):
        self._fail(APT, "the bit %d came %d times in a window of %d (cutoff %d)"
                   % (value, count, APT_WINDOW, APT_CUTOFF), taken)

    def _fail_lag(self, mism, taken):
        self._fail(LAG, "every bit in a window of %d repeated the one %d places before it: the source is periodic"
                   % (APT_WINDOW, _lowest_clear(mism)), taken)

    def _fail(self, test, what, taken):
        when = "at start-up" if not self.started else "after %d raw bits" % (self.samples + taken)
        message = "The random source failed its %s %s: %s. The box will not draw until it restarts." % (
            _WORDS[test], when, what)
        self.failure = (test, message)
        self.rejected[test] += 1
        self.at = BLOCK
        _wipe(self.pool)
        _wipe(self.raw)
        raise EntropyError(test, message)


def _tables():
    # Per byte value (bits oldest highest): its ones, and how many of its
    # leading (oldest) and trailing (newest) bits equal its first and last.
    ones, lead, trail = bytearray(256), bytearray(256), bytearray(256)
    for b in range(256):
        ones[b] = (b & 1) + ones[b >> 1]
        n = 1
        while n < 8 and (b >> (7 - n)) & 1 == b >> 7:
            n += 1
        lead[b] = n
        n = 1
        while n < 8 and (b >> n) & 1 == b & 1:
            n += 1
        trail[b] = n
    return bytes(ones), bytes(lead), bytes(trail)


# Per byte: its ones, and the runs at its top and its bottom (a collector's tables,
# Conditioner._collect's and the image's viper one, fatebox_rosc).
ONES, LEAD, TRAIL = _tables()


def _wipe(buf):
    for i in range(len(buf)):
        buf[i] = 0


def _lowest_clear(mask):
    lag = 1
    while mask & 1:
        mask >>= 1
        lag += 1
    return lag
