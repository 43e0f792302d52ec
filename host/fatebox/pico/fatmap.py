# What each 4 KB flash block of an emulated CircuitPython board's CIRCUITPY
# holds (docs/circuitpython.md, The drive): the FAT12 volume at flash offset
# 0x100000 read from the flash file, every directory walked, each cluster
# named by the file or directory it belongs to. CircuitPython writes a sector
# by erasing and programming its whole 4 KB block, so a power cut between the
# two loses everything this map names for that block. Tests and the trace
# (`python -m fatebox.pico.fatmap`) use it; nothing on the board does.
import struct
import sys

FAT_OFFSET = 0x100000
BLOCK = 4096
BOOT = "boot sector+FAT"
ROOT = "root directory"
FREE = "free"


class Volume:
    """The FAT volume in a flash image: geometry, FAT, and who owns each sector."""

    def __init__(self, flash, offset=FAT_OFFSET):
        self.flash = flash
        self.offset = offset
        b = flash[offset:offset + 512]
        if b[510:512] != b"\x55\xaa":
            raise ValueError("no FAT boot sector at flash offset 0x%x" % offset)
        self.bps, self.spc, self.reserved, self.nfats, self.root_entries = struct.unpack_from("<HBHBH", b, 11)
        total = struct.unpack_from("<H", b, 19)[0] or struct.unpack_from("<I", b, 32)[0]
        self.fat_sectors = struct.unpack_from("<H", b, 22)[0]
        self.root_start = self.reserved + self.nfats * self.fat_sectors
        self.root_sectors = (self.root_entries * 32 + self.bps - 1) // self.bps
        self.data_start = self.root_start + self.root_sectors
        self.clusters = (total - self.data_start) // self.spc
        if self.clusters >= 4085:
            raise ValueError("not FAT12 (%d clusters): only CircuitPython's small drives are mapped" % self.clusters)
        self.total = total
        self.owner = {}             # sector -> what it holds
        for s in range(self.root_start):
            self.owner[s] = BOOT
        for s in range(self.root_start, self.data_start):
            self.owner[s] = ROOT
        self.files = {}             # path -> (first cluster, size, chain)
        self._walk_root()

    def sector(self, n):
        at = self.offset + n * self.bps
        return self.flash[at:at + self.bps]

    def fat(self, cluster):
        at = self.offset + self.reserved * self.bps + cluster * 3 // 2
        v = self.flash[at] | (self.flash[at + 1] << 8)
        return v >> 4 if cluster & 1 else v & 0xFFF

    def chain(self, first):
        out = []
        c = first
        while 2 <= c < self.clusters + 2 and c not in out:
            out.append(c)
            c = self.fat(c)
        return out

    def cluster_sectors(self, c):
        s = self.data_start + (c - 2) * self.spc
        return range(s, s + self.spc)

    def _entries(self, sectors):
        lfn = []
        for s in sectors:
            data = self.sector(s)
            for i in range(0, self.bps, 32):
                e = data[i:i + 32]
                if e[0] == 0:
                    return
                if e[0] == 0xE5:
                    lfn = []
                    continue
                attr = e[11]
                if attr == 0x0F:
                    lfn.append(e)
                    continue
                if attr & 0x08:
                    lfn = []
                    continue
                name = _long_name(lfn) or _short_name(e)
                lfn = []
                first = struct.unpack_from("<H", e, 26)[0]
                size = struct.unpack_from("<I", e, 28)[0]
                yield name, bool(attr & 0x10), first, size, s

    def _walk_root(self):
        self._walk(range(self.root_start, self.data_start), "")

    def _walk(self, sectors, path):
        for name, is_dir, first, size, _ in list(self._entries(sectors)):
            if name in (".", ".."):
                continue
            full = path + "/" + name
            chain = self.chain(first) if first else []
            self.files[full] = (first, size, chain)
            for c in chain:
                for s in self.cluster_sectors(c):
                    self.owner[s] = ("dir " if is_dir else "") + full
            if is_dir:
                self._walk([s for c in chain for s in self.cluster_sectors(c)], full)

    def entry_sector(self, path):
        """The sector that holds `path`'s directory entry."""
        parent = path.rsplit("/", 1)[0]
        if parent:
            sectors = [s for c in self.files[parent][2] for s in self.cluster_sectors(c)]
        else:
            sectors = range(self.root_start, self.data_start)
        for name, _, _, _, s in self._entries(sectors):
            if name == path.rsplit("/", 1)[1]:
                return s
        return None

    def blocks(self):
        """{flash block index: sorted list of what its sectors hold}, CIRCUITPY's blocks only."""
        per = BLOCK // self.bps
        out = {}
        for s in range(self.total):
            block = (self.offset + s * self.bps) // BLOCK
            out.setdefault(block, set()).add(self.owner.get(s, FREE))
        return dict((k, sorted(v)) for k, v in out.items())


def _short_name(e):
    base = e[0:8].decode("latin-1").rstrip()
    ext = e[8:11].decode("latin-1").rstrip()
    return base + ("." + ext if ext else "")


def _long_name(parts):
    if not parts:
        return None
    chars = b""
    for e in sorted(parts, key=lambda e: e[0] & 0x1F):
        chars += e[1:11] + e[14:26] + e[28:32]
    text = chars.decode("utf-16-le", "replace")
    return text.split("\x00")[0]


def block_of(addr):
    return addr // BLOCK


def trace(volume, ops):
    """Each flash operation (the emulator's flash events) with what its block holds."""
    blocks = volume.blocks()
    out = []
    for ev in ops:
        b = block_of(ev["addr"])
        out.append((ev["op"], ev["kind"], b, blocks.get(b, ["outside CIRCUITPY"])))
    return out


def main(argv):
    with open(argv[0], "rb") as f:
        vol = Volume(f.read())
    print("FAT12: %d-byte sectors, %d a cluster, FAT %d sectors, root %d entries, data from sector %d"
          % (vol.bps, vol.spc, vol.fat_sectors, vol.root_entries, vol.data_start))
    for block, what in sorted(vol.blocks().items()):
        if what != [FREE]:
            print("block %d (0x%06x): %s" % (block, block * BLOCK, ", ".join(what)))


if __name__ == "__main__":
    main(sys.argv[1:])
