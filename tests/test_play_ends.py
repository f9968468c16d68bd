"""The end of a hand says what settled it (generator.families.*.play): a
block compares each side's pips, Texas 42's marks count at the hand's end,
the reader's draw names the tile drawn, and 42's hand is drawn higher end
on top."""

from __future__ import annotations

from conftest import T
from generator.draw.svg import tile_picture
from generator.families.line.rules.hand import Hand
from generator.families.line import play as line
from generator.model import Catalog, find_rules_dir
from generator.play.session import Session, spec_of

CATALOG = Catalog(find_rules_dir())


def _who(seat: str) -> str:
    return {"N": "North", "S": "South (you)", "N+S": "North and South (you)", "E+W": "East and West"}[seat]


def test_a_blocked_hand_says_each_sides_pips_left():
    # Block: North sets [6|6]; no tile left in either hand shows a 6 and there is no stock: the hand is
    # blocked at once. North holds [1|2]: 3 pips; South [3|4] and [0|5]: 12 pips.
    v = CATALOG.variant("block").rules
    h = Hand(v, ["N", "S"], {"N": [T("6-6"), T("1-2")], "S": [T("3-4"), T("0-5")]}, [], "N")
    h.play("N", T("6-6"))
    assert h.end == "blocked"
    lines = line.hand_result(v, h, "en", _who)
    assert "Pips left in hand: North 3 pips, South (you) 12 pips." in lines


def test_a_blocked_partnership_hand_adds_up_the_partners_pips():
    # Block in partnerships: North sets [6|6]; nobody holds another 6. N+S hold [1|2] and [3|4] (10 pips),
    # E+W [0|5] and [1|1] (7 pips).
    v = CATALOG.variant("block").rules
    hands = {"N": [T("6-6"), T("1-2")], "E": [T("0-5")], "S": [T("3-4")], "W": [T("1-1")]}
    h = Hand(v, ["N", "E", "S", "W"], hands, [], "N", [["N", "S"], ["E", "W"]])
    h.play("N", T("6-6"))
    assert h.end == "blocked"
    assert "Pips left in hand: North and South (you) 10 pips, East and West 7 pips." in line.hand_result(v, h, "en", _who)


def test_texas_42_counts_a_hands_marks_at_its_end():
    # rules/texas-42: a bid made below 42 wins one mark; the score shows it as soon as the hand ends.
    s = Session(spec_of(CATALOG.variant("texas-42").rules), 3, "en")
    for _ in range(60):
        view = s.view()
        if view["phase"] != "turn":
            break
        s.move(0)
    made = [line for line in view["result"] if line.endswith("win 1 mark.")]
    assert made, view["result"]
    team = made[0][: -len(" win 1 mark.")]
    assert view["scores"].startswith(f"Marks: {team} 1 mark")


def test_the_readers_draw_names_the_tile_drawn():
    # Draw (rules/draw): a reader who draws is told which tile came; the other seats' draws stay unseen.
    s = Session(spec_of(CATALOG.variant("draw").rules), 5, "en")
    for _ in range(40):
        view = s.view()
        if view["phase"] != "turn":
            break
        s.draw() if view["draw"] else s.move(0) if view["moves"] else s.pass_()
    log = s.view()["log"]
    mine = [x for x in log if x.startswith("South (you): draws ")]
    assert mine and all(x.startswith("South (you): draws [") and x.endswith("] from the stock") for x in mine)
    assert all(x.endswith(": draws from the stock") for x in log if "draws" in x and "(you)" not in x)


def test_texas_42_draws_the_higher_end_on_top():
    # rules/texas-42 writes and draws a tile higher end first: [0|6] shows the six (a full half of pips) on top.
    low_first, high_first = tile_picture(T("0-6")), tile_picture(T("0-6"), high_first=True)
    assert low_first != high_first
    s = Session(spec_of(CATALOG.variant("texas-42").rules), 3, "en")
    tile = s.view()["hand"][0]
    a, b = (int(x) for x in tile["label"].split("-"))
    assert a >= b and tile["svg"] == tile_picture(T(f"{b}-{a}"), high_first=True)
