# One JSON shape for a result everywhere `fatebox serve` says one
# (docs/serve.md): every system's results, on a character and with nobody,
# from the box's own journal, validated against result.schema.json.
import jsonschema
import pytest

from shared_rules.randomness import SeededBytes
from fatebox.serve import shape, hooks
from fatebox_fw.box import Box
from tests.core.fakeboard import FakeBoard, ask, run
from tests.core.sheets import hero

from shared_rules import registry
from tests.core.samples import module, sample


def _requests():
    """Every system played on its sample character and with nobody: through its own
    op where it has one (the vectors' OWN_OP), and through `roll` with the set-up its
    words give (SETUP_EXAMPLE)."""
    out = []
    for row in registry.ROWS:
        rules = registry.rules(row.name)
        example = __import__(rules.words_module, None, None, ["SETUP_EXAMPLE"]).SETUP_EXAMPLE
        for name in (sample(row.name)["name"], None):
            if row.op is not None:
                out.append((row.name, name, dict(module(row.name).OWN_OP, op=row.op)))
            out.append((row.name, name, {"op": "roll", "system": row.name, "setup": example}))
    return out


def journal():
    board = FakeBoard(entropy=SeededBytes("serve-shape"))
    gadget = Box(board)
    for row in registry.ROWS:
        gadget.store.put(hero(sample(row.name)))
    board.replies()
    for i, (system, name, request) in enumerate(_requests(), 1):
        request = dict(request, id=i)
        if name:
            request["name"] = name
        reply = ask(gadget, board, request)
        assert reply["ok"], (system, name, reply)
    run(gadget, board, 20)
    results = []
    while True:     # page after page, as the host reads the journal
        reply = ask(gadget, board, {"id": 99, "op": "journal", "after": results[-1]["seq"] if results else 0})
        results += reply["results"]
        if not reply["more"]:
            return results


def shaped():
    return [shape.result("rp2-0011223344556677", r["seq"], r["system"], r["name"], r["result"], r.get("setup"),
                         "2026-11-24T20:00:00+00:00") for r in journal()]


def test_every_system_on_a_character_and_with_nobody_fits_the_schema():
    schema = shape.schema()
    results = shaped()
    requests = _requests()
    assert len(results) == len(requests)
    assert [(r["system"], r["character"]) for r in results] == [(system, name) for system, name, _ in requests]
    assert {r["system"] for r in results} == set(registry.NAMES)
    for r in results:
        jsonschema.validate(r, schema)


def test_the_drawn_items_are_what_the_result_says():
    # Each system says what the page shows of its result (tests/core/samples/<package>.py items).
    for r in shaped():
        expected = module(r["system"]).items(r["result"])
        assert len(r["items"]) == len(expected), (r["system"], r["items"], r["result"])
        for item, (kind, label, kept) in zip(r["items"], expected):
            assert item["label"] == label, (r["system"], r["items"], r["result"])
            assert kind is None or item["kind"] == kind, (r["system"], item)
            assert kept is None or item["kept"] == kept, (r["system"], item)


def test_the_odds_are_the_exact_chance_of_this_outcome():
    for r in shaped():
        odds = r["odds"]
        assert odds is not None, r
        if r["system"] == "colour-tokens":
            # The kept tokens are the player's choice: the chance told is of the positives
            # among them, as `fatebox odds colour-tokens` counts them.
            from shared_rules import colour_tokens as T
            positives = sum(1 for t in r["result"]["kept"] if T.token_value(t, r["result"]["colour"]) == T.POSITIVE)
            this = [o for o in odds["outcomes"] if o["outcome"] == str(positives)]
            assert odds["of"] == "%d positive token%s kept" % (positives, "" if positives == 1 else "s")
        else:
            this = [o for o in odds["outcomes"] if o["outcome"] == r["outcome"]]
            assert odds["of"] == "this outcome"
        assert len(this) == 1 and odds["chance"] == this[0]["num"] / this[0]["den"]
        assert sum(o["num"] for o in odds["outcomes"]) == odds["outcomes"][0]["den"]


def test_a_discord_message_keeps_within_discords_limits_field_by_field():
    long = "Ä" * 300
    results = shaped()
    results.append(dict(results[0], character=long, words=long * 2, system_name=long))
    for r in results:
        body = hooks.discord_body(r)
        assert len(body["username"]) <= hooks.DISCORD["username"]
        assert len(body["embeds"]) == 1
        embed = body["embeds"][0]
        assert len(embed["title"]) <= 256 and len(embed["description"]) <= 4096
        assert len(embed["fields"]) <= 25
        for field in embed["fields"]:
            assert 1 <= len(field["name"]) <= 256 and 1 <= len(field["value"]) <= 1024
        assert len(embed["footer"]["text"]) <= 2048
        assert hooks.embed_size(embed) <= 6000
        assert 0 <= embed["color"] <= 0xFFFFFF
        names = [f["name"] for f in embed["fields"]]
        assert names == ["Character", "System", "Outcome", "Drawn", "Odds"]
    assert body["embeds"][0]["title"].endswith("…")


def test_a_discord_field_value_is_cut_at_the_fields_limit_not_the_descriptions():
    # 1,024 for a field's value (the description's is 4,096): at the limit it is
    # kept whole, past it cut to the limit with its last character an ellipsis.
    base = shaped()[0]
    for length, kept in ((1024, "Ä" * 1024), (1025, "Ä" * 1023 + "…"), (3000, "Ä" * 1023 + "…")):
        embed = hooks.discord_body(dict(base, character="Ä" * length))["embeds"][0]
        assert embed["fields"][0]["name"] == "Character"
        assert embed["fields"][0]["value"] == kept, (length, len(embed["fields"][0]["value"]))

@pytest.mark.parametrize("url", ["ftp://example.org/x", "example.org/hook", "http://", "javascript:alert(1)"])
def test_a_webhook_url_that_is_not_http_is_refused(url):
    from fatebox.errors import FateboxError, USAGE
    with pytest.raises(FateboxError) as caught:
        hooks.checked_url(url, "--webhook")
    assert caught.value.exit_code == USAGE and "--webhook" in caught.value.message


def test_the_schema_s_systems_are_the_registry_s_whatever_it_holds(monkeypatch):
    # A new row's results fit the schema with no edit to result.schema.json (issue 34).
    from shared_rules import registry
    # and an asked roll's (docs/protocol.md, Asked rolls), which is no registry row
    assert shape.schema()["properties"]["system"]["enum"] == list(registry.NAMES) + ["dice"]
    monkeypatch.setattr(registry, "NAMES", registry.NAMES + ("a-new-system",))
    schema = shape.schema()
    result = dict(shaped()[0], system="a-new-system")
    jsonschema.validate(result, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(dict(result, system="no-such-system"), schema)


def test_an_asked_roll_fits_the_schema_with_its_dice_and_words():
    # docs/protocol.md, Asked rolls: journaled as system "dice", its dice the page's items.
    from tests.core.fakeboard import tap
    board = FakeBoard(entropy=SeededBytes("serve-shape-ask"))
    gadget = Box(board)
    board.replies()
    reply = ask(gadget, board, {"id": 1, "op": "ask", "ask": "vtt-9", "dice": [[6, 2], [100, 1]], "from": "Ash",
                                "label": "attack"})
    assert reply["ok"], reply
    tap(gadget, board, "go")
    run(gadget, board, 1500)
    entry = ask(gadget, board, {"id": 2, "op": "journal", "after": 0})["results"][0]
    r = shape.result("rp2-0011223344556677", entry["seq"], entry["system"], entry["name"], entry["result"],
                     entry.get("setup"), "2026-11-24T20:00:00+00:00")
    jsonschema.validate(r, shape.schema())
    (a, b), (c,) = entry["result"]["values"]
    assert r["words"] == "Ash asked for 2d6 + 1d100 (attack): %d, %d, %d (%d)" % (a, b, c, a + b + c)
    assert [i["label"] for i in r["items"]] == [str(a), str(b), str(c)]
    assert r["items"][2]["colour"] == shape.hex_colour(shape.N.COLOUR_DICE[1])
    assert r["system_name"] == "Asked dice" and r["character"] is None and r["outcome"] is None
    assert r["odds"] is None and r["pattern"] is None      # the dice's meaning is the asker's rule (docs/vtt.md)
    broken = dict(r, result={"outcome": "x"})
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, shape.schema())


def test_an_axiom_result_marks_the_two_dice_kept_as_its_set_up_keeps_them():
    # The journal's Axiom entry has the dice and the total, not the pair kept: the
    # set-up's circumstances say which two count (the highest, or the lowest).
    axiom = [r for r in shaped() if r["system"] == "axiom"]
    assert axiom and all("kept" not in r["result"] for r in axiom)       # as the journal says them
    for r in axiom:
        dice = r["result"]["dice"]
        assert len(dice) == 3, r
        kept = sorted(int(i["label"]) for i in r["items"] if i["kept"])
        assert kept == sorted(dice)[1:], (r["items"], r["setup"])
    lowest = shape.result("rp2-0011223344556677", 1, "axiom", None, {"outcome": "failure", "dice": [5, 2, 6],
                          "total": 7}, {"favorable": 0, "unfavorable": 2, "modifier": 0}, "2026-11-24T20:00:00+00:00")
    assert [i["kept"] for i in lowest["items"]] == [True, True, False]
    both = shape.result("rp2-0011223344556677", 2, "axiom", None, {"outcome": "failure", "dice": [5, 2],
                        "total": 7}, None, "2026-11-24T20:00:00+00:00")
    assert [i["kept"] for i in both["items"]] == [True, True]
