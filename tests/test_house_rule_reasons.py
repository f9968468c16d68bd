"""Why a parent's example cannot be re-run under a house rule (issue 50, item 4):
the reason travels with the error as data (:class:`generator.engine.reasons.Reason`,
set where the positions are read) and the house rule's page says it in words built
from its fields alone. One shipped house rule per kind of reason; the expected
reason and words are worked by hand from the two games' rules and the message
catalog's ``house`` and ``rule`` words."""

import pytest

from generator.engine.reasons import KINDS, Reason
from generator.pages.houserules import rerun_parent_positions, rerun_section


def _rerun(catalog, vid):
    return {r["id"]: r for r in rerun_parent_positions(catalog, catalog.variant(vid))}


def _row(catalog, vid, lang, title):
    """The words of the re-run table's row that names the example ``title``."""
    text = rerun_section(rerun_parent_positions(catalog, catalog.variant(vid)), catalog.variant(vid), lang)
    rows = [line for line in text.splitlines() if line.startswith("| ") and title in line.split(" | ")[0]]
    assert len(rows) == 1, text
    return rows[0].rsplit(" | ", 1)[1].rstrip(" |")


def test_a_reason_is_one_of_the_known_kinds():
    with pytest.raises(ValueError, match="no reason of kind 'spinner'"):
        Reason("spinner")
    r = Reason("rule", rule="all-fives/doubles-crosswise")
    assert r.rule_name == "doubles-crosswise" and r.at is None
    assert r.located("step", 2) == Reason("rule", rule="all-fives/doubles-crosswise", at=("step", 2))
    assert set(KINDS) >= {"rule", "choice", "tile-not-in-set", "no-arm", "now-allowed", "other-rule", "deal"}


def test_a_tile_outside_the_set(catalog):
    # Cuban is played with a double-nine set; Dominican (its house rule) with a double-six: the
    # Cuban example "Open the number you hold" holds nines, so it cannot be dealt here.
    r = _rerun(catalog, "dominican")["practice-keep-the-nine"]
    assert r["status"] == "unplayable"
    assert (r["reason"].kind, r["reason"].top) == ("tile-not-in-set", 6)
    assert _row(catalog, "dominican", "en", "Open the number you hold") == \
        "no longer possible: its tiles are not in this game's double-six set"


def test_a_play_refused_by_the_parent_and_allowed_here(catalog):
    # All Threes sets only a tile of 3 or 6 pips; its example "A total of 0 comes later" states
    # that the 0-0 is refused at step 1 by that rule. All Threes to Ten sets any tile: the example
    # goes otherwise (a play became possible), which is not "no longer possible".
    r = _rerun(catalog, "all-threes-ten")["zero-total"]
    assert r["reason"] == Reason("now-allowed", stated="all-threes/set", at=("step", 1))
    assert _row(catalog, "all-threes-ten", "en", "A total of 0 comes later") == (
        "the example no longer goes as written: the play refused at step 1 is allowed under these rules "
        "(was: only certain tiles may be set)")
    assert _row(catalog, "all-threes-ten", "ja", "合計0はあとから").startswith("この例は書かれたとおりには進まない：1手目の")


def test_arms_the_table_does_not_have(catalog):
    # Chicken Foot's centre double takes six arms, a to f; on a cross (chicken-foot-cross) it has
    # four, a to d: its example "When no double is waiting" lays tiles on arms e and f.
    r = _rerun(catalog, "chicken-foot-cross")["table-open-ends"]
    assert r["reason"] == Reason("no-arm", places=("e", "f"), have=("a", "b", "c", "d"))
    assert _row(catalog, "chicken-foot-cross", "en", "When no double is waiting") == \
        "no longer possible: it uses arm e and arm f, which this table does not have"


def test_a_rule_choice_of_the_house_rule(catalog):
    # Straight 42 keeps the doubles in their suits (doubles_trump: not-allowed); Texas 42's example
    # "A trick with the doubles as trumps" names them trumps.
    r = _rerun(catalog, "straight-42")["trick-doubles-trump"]
    assert r["reason"] == Reason("choice", choice="doubles_trump", value="not-allowed")
    assert _row(catalog, "straight-42", "en", "A trick with the doubles as trumps") == (
        "no longer possible: it breaks a rule of this game: Doubles as trumps, not allowed: trumps are a "
        "suit from 0 to 6")


def test_a_deal_that_does_not_fit(catalog):
    # All Fives deals 5 each to three players, the spinner game (all-fives-spinner) 7: the
    # three-player example's hands of five do not fit.
    r = _rerun(catalog, "all-fives-spinner")["turn-three-player-hand"]
    assert r["reason"].kind == "deal"
    assert _row(catalog, "all-fives-spinner", "en", "A three-player hand played to the end") == \
        "no longer possible: its deal does not fit this game's deal sizes"


def test_a_rule_of_the_house_rule(catalog):
    # Five-Up lays every double crosswise; All Fives' example lays one lengthwise at step 2.
    r = _rerun(catalog, "five-up")["double-lengthwise"]
    assert r["reason"] == Reason("rule", rule="all-fives/doubles-crosswise", at=("step", 2))
    assert _row(catalog, "five-up", "en", "A lengthwise double makes five") == \
        "no longer possible: every double lies crosswise"


def test_where_an_example_stops_is_said_by_its_rule(catalog):
    # Fives and Threes has no drawing: All Fives' "Drawing until a tile fits" stops at move 2, a draw.
    r = _rerun(catalog, "fives-and-threes")["turn-draw-until-fits"]
    stop = r["changes"][-1]
    assert stop[:2] == (("move", 2), "stops")
    assert stop[3] == Reason("rule", rule="all-fives/no-draw", at=("move", 2))
    assert "this game has no drawing" in _row(catalog, "fives-and-threes", "en", "Drawing until a tile fits")


def test_a_refusal_without_a_known_reason_says_the_moves_do_not_fit(catalog):
    # Sebastopol is played by four players as individuals; Block's three-player settlement cannot
    # be seated there, and nothing more is known of why.
    r = _rerun(catalog, "sebastopol")["settle-blocked-three"]
    assert r["status"] == "unplayable" and r["reason"] is None
    assert _row(catalog, "sebastopol", "en", "In a block the winner's own pips are taken off") == \
        "no longer possible: its moves do not fit these rules"
