# One JSON shape for a result everywhere `fatebox serve` says one
# (docs/serve.md): every system's results, on a character and with nobody,
# from the box's own journal, validated against result.schema.json.
import jsonschema
import pytest

from shared_rules.randomness import SeededBytes
from fatebox.serve import shape, hooks
from fatebox_fw.box import Box
from tests.core.fakeboard import FakeBoard, ask, run
from tests.core.sheets import ash, character, hero, lux, rue, vex

ROLLS = [
    ("approaches", {"dice": 3, "difficulty": "hard"}, "Ash"),
    ("light-dark", {"light": 2, "dark": 1}, "Lux"),
    ("axiom", {"favorable": 1, "unfavorable": 0, "modifier": 1}, "Vex"),
    ("colour-tokens", {"colour": "green", "keywords": 1}, "Rue"),
    ("forged-in-the-dark", {"dice": 2}, None),
    ("approaches", {"dice": 1}, None),
]


def journal():
    board = FakeBoard(entropy=SeededBytes("serve-shape"))
    gadget = Box(board)
    for data in (character("Mara"), hero(ash()), hero(lux()), hero(vex()), hero(rue())):
        gadget.store.put(data)
    board.replies()
    i = 1
    for name in ("Mara", None):
        request = {"id": i, "op": "trial", "white": 3, "black": 2, "draw": 3}
        if name:
            request["name"] = name
        assert ask(gadget, board, request)["ok"]
        i += 1
    for system, setup, name in ROLLS:
        request = {"id": i, "op": "roll", "system": system, "setup": setup}
        if name:
            request["name"] = name
        reply = ask(gadget, board, request)
        assert reply["ok"], reply
        i += 1
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
    assert len(results) == 2 + len(ROLLS)
    assert {r["system"] for r in results} == {"new-beginning", "approaches", "light-dark", "axiom",
                                              "colour-tokens", "forged-in-the-dark"}
    assert [r["character"] for r in results][:2] == ["Mara", None]
    for r in results:
        jsonschema.validate(r, schema)


def test_the_drawn_items_are_what_the_result_says():
    for r in shaped():
        entry = r["result"]
        if r["system"] == "new-beginning":
            assert "".join("w" if i["label"] == "white" else "b" for i in r["items"]) == entry["tokens"]
            assert all(i["kind"] == "token" for i in r["items"])
        elif r["system"] in ("approaches",):
            assert [int(i["label"]) for i in r["items"]] == entry["faces"]
            assert sum(i["kept"] for i in r["items"]) == 1
        elif r["system"] == "light-dark":
            assert [int(i["label"]) for i in r["items"]] == entry["light"] + entry["dark"]
        elif r["system"] in ("axiom", "forged-in-the-dark"):
            assert [int(i["label"]) for i in r["items"]] == entry["dice"]
        elif r["system"] == "colour-tokens":
            assert [i["label"] for i in r["items"]] == entry["kept"]


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
