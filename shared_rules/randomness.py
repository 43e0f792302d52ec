# Fair randomness from any source of bytes: unbiased integers by rejection
# sampling, and a seeded byte source for tests and `--seed` (DESIGN.md, seams).
import hashlib


class Sampler:
    """Turns a byte source into unbiased integers.

    `read(n)` must return n random bytes: the RP2040's entropy on the board,
    os.urandom on the host, SeededBytes in tests.
    """

    def __init__(self, read):
        self.read = read

    def below(self, n):
        """A uniform integer in [0, n), by rejection sampling.

        Take the fewest bytes that cover n, mask to the smallest power of two
        >= n, and draw again while the value is >= n: no modulo bias.
        """
        if n < 1:
            raise ValueError("below(n) needs n >= 1, got %d" % n)
        if n == 1:
            return 0
        bits = (n - 1).bit_length() if hasattr(n, "bit_length") else _bits(n - 1)
        nbytes = (bits + 7) >> 3
        mask = (1 << bits) - 1
        while True:
            value = 0
            for byte in self.read(nbytes):
                value = (value << 8) | byte
            value &= mask
            if value < n:
                return value

    def between(self, lo, hi):
        """A uniform integer in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)


def _bits(n):
    # MicroPython's int may lack bit_length(); count by shifting.
    bits = 0
    while n:
        n >>= 1
        bits += 1
    return bits


class SeededBytes:
    """A reproducible byte stream: SHA-256 of (seed, block counter).

    Same seed, same bytes, on CPython and on MicroPython alike.
    """

    def __init__(self, seed):
        self.seed = str(seed).encode()
        self.counter = 0
        self.pool = b""

    def __call__(self, n):
        while len(self.pool) < n:
            block = hashlib.sha256(self.seed + b":" + str(self.counter).encode())
            self.pool += block.digest()
            self.counter += 1
        out = self.pool[:n]
        self.pool = self.pool[n:]
        return out


class ScriptedBytes:
    """Replays given bytes, for tests that need to steer the sampler."""

    def __init__(self, data):
        self.data = bytes(data)
        self.at = 0

    def __call__(self, n):
        if self.at + n > len(self.data):
            raise ValueError("scripted bytes ran out")
        out = self.data[self.at:self.at + n]
        self.at += n
        return out
