# The box's journal results into the host's records: the one road sync, pull,
# push and serve take (the chain walked, each entry checked, the losses counted).
from fatebox.board import replies
from fatebox.records import chain


def restarted(records, row, seq, say, more=""):
    """True when the box's hello `seq` is below the last result the records have
    (wiped, its flash replaced, or rolled back): said, and the results so far
    kept apart (records.wiped) so the box's new numbers start afresh."""
    last, _ = records.last_seq(row)
    if not isinstance(seq, int) or isinstance(seq, bool) or seq >= last:
        return False
    say("the box's results restart at %d, below the %d the host has: it was wiped, its flash replaced, or "
        "restored from an older flash image (a rollback: `fatebox verify` says which results). "
        "%s kept so far %s in the host's records%s"
        % (seq, last, "The 1 result" if last == 1 else "The %d results" % last, "stays" if last == 1 else "stay",
           more))
    with records.write():
        records.wiped(row)
    return True


def take(records, row, results, first, newest, say, enqueue=None):
    """A journal read (one page or several, after the last result the records
    have: link.journal's results, anchor and all) into the records: walked along
    the chain (docs/sync.md, A chain that does not link), each entry checked
    against the schema (what does not match is said and skipped), a gap below
    the box's `first` counted as lost. `newest`: the last number the read
    covers. `enqueue(records, row, kept)` runs in the same transaction (serve's
    deliveries). Nothing is written when the read brought nothing.
    Returns (the results kept, oldest first; how many were lost)."""
    last, _ = records.last_seq(row)
    tip, tip_seq, broken = records.chain(row)
    walk = chain.Walk(tip if tip_seq == last else None, last, broken, first)
    kept = walk.take(results)
    for line in walk.say():
        say(line)
    kept = replies.journal_entries(kept, last, say)
    if kept:
        newest = max(newest, kept[-1]["seq"])
    # A gap below the box's oldest result is lost to a wrap only when the walk
    # found nothing else to blame (an edit: fatebox.records.chain.Walk.unwrapped).
    lost = (max(0, first - last - 1) if first is not None and (kept or newest > last) and not walk.unwrapped
            else 0)
    if lost:
        say("%s played on the box %s lost before the host saw them (the box's journal keeps the last results "
            "only; sync more often)" % ("1 result" if lost == 1 else "%d results" % lost,
                                        "was" if lost == 1 else "were"))
    if not kept and newest <= last and (walk.tip, walk.seq, walk.broken) == (tip, tip_seq, broken):
        return kept, lost
    with records.write():
        records.add_results(row, kept, newest, lost)
        records.set_chain(row, walk.tip, walk.seq, walk.broken)
        if enqueue is not None and kept:
            enqueue(records, row, kept)
    return kept, lost
