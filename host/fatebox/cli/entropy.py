# `fatebox entropy`: the box's random bytes into a file, for a test battery
# (dieharder, ent: docs/entropy.md), page by page over the `entropy` op.
import base64
import binascii
import os
import tempfile
import time

import click

from shared_rules import names as N
from fatebox.errors import DeviceError, FateboxError, USAGE
from fatebox.cli.session import connect, port_option
from fatebox.odds.trials import Bar
from fatebox.terminal import clean

MAX_BYTES = 1 << 30         # a gigabyte: far past what a board gives in a day
BUSY_WAIT_S = 0.25          # a result being played on the box: asked again this much later,
BUSY_TRIES = 40             # this many times (the longest animation is a second and a half)


def pages(link, count, raw, page=N.ENTROPY_PAGE):
    """`count` random bytes from the box, `page` at most per request, as
    (bytes, the box's name for its source) pairs. A reply that is not what
    was asked is a FateboxError."""
    done = 0
    while done < count:
        want = min(page, count - done)
        data, source = _page(link, want, raw)
        done += len(data)
        yield data, source


def _page(link, want, raw):
    for attempt in range(BUSY_TRIES):
        try:
            reply = link.request("entropy", bytes=want, raw=raw)
            break
        except DeviceError as exc:
            if exc.code == N.E_OP:
                raise FateboxError("the firmware on %s is older than the `entropy` op: update it "
                                   "(fatebox deploy, or flash Fatebox's image)" % link.name)
            if exc.code != N.E_BUSY or attempt == BUSY_TRIES - 1:
                raise
            time.sleep(BUSY_WAIT_S)
    text = reply.get("data")
    try:
        data = base64.b64decode(text, validate=True) if isinstance(text, str) else None
    except (binascii.Error, ValueError):
        data = None
    if data is None or len(data) != want or reply.get("raw") is not raw:
        raise FateboxError("the board at %s answered entropy with a reply fatebox cannot use (not %d %s bytes "
                           "in base64; docs/protocol.md); is it running the Fatebox firmware of this version? "
                           "no file was written" % (link.name, want, "raw" if raw else "conditioned"))
    source = reply.get("source")
    return data, source if isinstance(source, str) else None


@click.command("entropy")
@click.option("--bytes", "count", required=True, type=click.IntRange(1, MAX_BYTES), metavar="N",
              help="How many random bytes to read.")
@click.option("--raw/--conditioned", default=False,
              help="The source's bits before the health tests and SHA-256 (rp2: the ROSC), or the "
                   "conditioned bytes the draws read (default).")
@click.option("-o", "--output", "output", required=True, type=click.Path(dir_okay=False), metavar="FILE",
              help="The file to write (whole or not at all).")
@port_option
def entropy_command(count, raw, output, port):
    """The box's random bytes into a file, for dieharder or ent (docs/entropy.md)."""
    directory = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(directory):
        raise FateboxError("-o %s: no folder %s to write it in" % (output, directory), USAGE)
    with connect(port) as link:
        fd, temp = tempfile.mkstemp(prefix="." + os.path.basename(output) + ".", suffix=".tmp", dir=directory)
        try:
            with os.fdopen(fd, "wb") as f, Bar(count, label="reading random bytes") as bar:
                done = 0
                source = None
                for data, source in pages(link, count, raw):
                    f.write(data)
                    done += len(data)
                    bar.tick(done)
                f.flush()
                os.fsync(f.fileno())
            os.replace(temp, output)
        except BaseException:
            # Ctrl-C, a lost cable, a refusal: no half file, under either name.
            try:
                os.unlink(temp)
            except OSError:
                pass
            raise
    click.echo(clean("%s: %d %s random bytes from %s (source: %s)" % (
        output, count, "raw" if raw else "conditioned", link.name, source or "not said")), err=True)


SOURCES = {"rosc": "the ring oscillator (ROSC), health-tested and SHA-256 conditioned",
           "os": "the operating system's generator (not tested by Fatebox)",
           "seeded": "a seeded generator (fatebox sim --seed: reproducible, for tests only)"}


def health_line(entropy):
    """`fatebox info`'s line on the random source and its health tests since boot."""
    if not isinstance(entropy, dict):
        return None
    source = entropy.get("source")
    words = SOURCES.get(source, "not said" if source is None else clean(str(source)))
    rejected = entropy.get("rejected")
    if not isinstance(entropy.get("blocks"), int) or not isinstance(rejected, dict):
        return "entropy: %s" % words
    count = lambda key: rejected.get(key) if isinstance(rejected.get(key), int) else 0   # noqa: E731
    return ("entropy: %s; health %s; since boot: %d blocks tested, %d rejected by the repetition count test, "
            "%d by the adaptive proportion test, %d by the others, %d restarts"
            % (words, clean(str(entropy.get("health"))), entropy["blocks"], count("repetition-count"),
               count("adaptive-proportion"),
               count("lag-repetition") + count("repeated-block") + count("source"),
               entropy.get("restarts") if isinstance(entropy.get("restarts"), int) else 0))
