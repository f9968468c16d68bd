"""The rule choices (generator/engine/choices.py): what a game may combine, and
how each choice is put in words for a game's point unit."""

import pytest

from generator.engine.choices import CHOICES, INFO, Choices, combination_problems

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine


def test_the_default_choices_are_a_plain_line_of_play():
    """No ``choices:`` at all: seed 003's Draw game (a line, lead by lot,
    equal numbers match, doubles crosswise, no spinners, draw until a tile
    fits, nothing scored in play or at the end)."""
    c = Choices.from_mapping(None)
    assert c.as_dict() == {
        "layout": "line", "lead": "lot", "direction": "clockwise", "matching": "equal", "doubles": "cross", "spinners": "none",
        "side_branches": "after-straight", "draw": "until-playable", "counting": "ends", "scoring": "none",
        "legal_totals": "any", "continuation": "none", "settlement": "none", "ties": "nobody-wins", "block_winner": "lighter-side",
        "next_lead": "winner", "double_cover": "same-player", "train_access": "marker",
        "target_score": "reach",
        # the tricks family's, which a line of play leaves at their defaults (Texas 42's plain game)
        "follow_me": "doubles-high", "doubles_trump": "allowed", "nello": "not-allowed", "plunge": "not-allowed", "splash": "not-allowed",
        "top_bid": "raise-by-one-mark", "all_pass": "forced-bid", "widow": "none", "shoot_moon": "not-allowed",
        # the tree family's (Chicken Foot's centre takes six tiles; the 0-0 costs 50; a double may be
        # a player's last tile)
        "centre_double": "six-toes", "double_blank": "fifty", "go_out_on_double": "allowed"}
    assert list(c.as_dict()) == [info.key for info in CHOICES]          # the order an author reads them in
    assert combination_problems(c) == []


def test_an_unknown_choice_or_value_is_named():
    with pytest.raises(ValueError) as exc:
        Choices.from_mapping({"spinners": "all", "jokers": "wild"})
    assert str(exc.value) == "no rule choice 'jokers'"
    with pytest.raises(ValueError) as exc:
        Choices.from_mapping({"ties": "coin"})
    assert str(exc.value) == "ties: 'coin' is not one of nobody-wins, all-tied-win"


@pytest.mark.parametrize("choices,problems", [
    # a train game must lead with the engine, draw one tile and settle by penalty pips
    ({"layout": "trains"}, [
        ("lead", "a layout of trains plays `lead: engine` (the engine knows no other)"),
        ("draw", "a layout of trains plays `draw: one` (the engine knows no other)"),
        ("settlement", "a layout of trains plays `settlement: penalty` (the engine knows no other)")]),
    ({"layout": "trains", "lead": "engine", "draw": "one", "settlement": "penalty", "spinners": "all"}, [
        ("spinners", "the choice `spinners` applies only to a layout of line, not trains")]),
    ({"layout": "trains", "lead": "engine", "draw": "one", "settlement": "penalty",
      "double_cover": "next-player"}, []),
    # ... and two of those values belong to trains and the tree alone (Chicken Foot plays them too); a line
    # of play may draw one tile and pass (Pagat and domino-games.com, Cyprus)
    ({"lead": "engine", "draw": "one", "settlement": "penalty"}, [
        ("lead", "`lead: engine` belongs to a layout of trains or tree, not to a line of play"),
        ("settlement", "`settlement: penalty` belongs to a layout of trains or tree, not to a line of play")]),
    ({"draw": "one"}, []),
    # the tree's own choices belong to it alone
    ({"centre_double": "four-sides"}, [
        ("centre_double", "the choice `centre_double` applies only to a layout of tree, not line")]),
    ({"double_cover": "next-player"}, [
        ("double_cover", "the choice `double_cover` applies only to a layout of trains, not line")]),
    ({"go_out_on_double": "not-allowed"}, [
        ("go_out_on_double", "the choice `go_out_on_double` applies only to a layout of tree, not line")]),
    ({"layout": "tree", "lead": "engine", "draw": "one", "settlement": "penalty", "double_blank": "blanks-25",
      "go_out_on_double": "not-allowed"}, []),
    # a play limited to multiples needs a multiple to make (All Threes: multiples-of-3)
    ({"legal_totals": "multiples"}, [
        ("legal_totals", "`legal_totals: multiples` needs `scoring` to be multiples-of-5 or multiples-of-3 "
                         "(the multiple a play must make)")]),
    ({"legal_totals": "multiples", "scoring": "fives-and-threes"}, [
        ("legal_totals", "`legal_totals: multiples` needs `scoring` to be multiples-of-5 or multiples-of-3 "
                         "(the multiple a play must make)")]),
    ({"legal_totals": "multiples", "scoring": "multiples-of-3"}, []),
    ({"legal_totals": "multiples", "scoring": "multiples-of-5"}, []),
    # side branches opening at once need a spinner to open on (Sniff: the first double)
    ({"side_branches": "at-once"}, [
        ("side_branches", "`side_branches: at-once` needs spinners (`spinners: all` or `first`)")]),
    ({"side_branches": "at-once", "spinners": "first"}, []),
    # the spinner's sides first need the one spinner to fill (Sebastopol: the set 6-6)
    ({"side_branches": "spinner-first", "spinners": "all"}, [
        ("side_branches", "`side_branches: spinner-first` needs `spinners: first` (one spinner, the first double, "
                          "whose four sides are filled before any other end)")]),
    ({"side_branches": "spinner-first", "spinners": "first"}, []),
    # the eight-armed star likewise (Cyprus: the set 9-9's sides and corners)
    ({"side_branches": "eight-arm-star", "spinners": "none"}, [
        ("side_branches", "`side_branches: eight-arm-star` needs `spinners: first` (one spinner, the first double, "
                          "whose four sides and four corners are filled before any other end)")]),
    ({"side_branches": "eight-arm-star", "spinners": "first"}, []),
])
def test_what_the_engine_cannot_combine(choices, problems):
    assert combination_problems(Choices.from_mapping(choices)) == problems


def test_a_choice_in_words_for_the_games_point_unit():
    """A value's words name the game's unit: with a unit of 5 the rounded
    settlement rounds to the nearest 5 and divides by 5; with a unit of 1
    nothing is divided; the options page (no game) names the parameter."""
    rounded, fives = INFO["settlement"], INFO["scoring"]
    assert rounded.words("rounded", "en", 5) == ("the other sides' pips, rounded to the nearest 5 (a remainder of "
                                                 "half or more rounds up), ÷ 5 in displayed points")
    assert rounded.words("rounded", "en", None) == ("the other sides' pips, rounded to the nearest point_unit (a "
                                                    "remainder of half or more rounds up), ÷ point_unit in "
                                                    "displayed points")
    assert fives.words("multiples-of-5", "en", 1) == "an end total that is a multiple of 5 scores that total"
    assert "{" not in fives.words("multiples-of-5", "ja", 5) and "5" in fives.words("multiples-of-5", "ja", 5)
    assert list(rounded.title) == ["ja", "en"] and len(rounded.about) == 2
    assert rounded.default == "none" and list(INFO["ties"].values) == ["nobody-wins", "all-tied-win"]
