"""Each family declares its own rule choices (generator/families/<name>/), and a
game's figures' hash (generator/sim/stats.py) covers only its family's: a
family added, or a choice added to one family, changes no other game's hash.

The families are changed here as a new one would be written: a family object
registered (``generator.engine.family.register``) with its own choice
declarations; the registry is put back after each test."""

import pytest

from generator.engine import family as registry
from generator.engine.choices import Choice, Choices, combination_problems
from generator.engine.family import Family, family_of, register
from generator.model.catalog import Catalog
from generator.sim.stats import definition_hash

from conftest import RULES


@pytest.fixture
def own_registry(monkeypatch):
    """The registry as it is, restored after the test (every family loaded first)."""
    registry.families()
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))


def _with_choice(name: str, choice: Choice) -> Family:
    """The family ``name`` with one more choice of its own, which its games play."""
    base = family_of(name)
    cls = type(base)
    grown = type(f"Grown{cls.__name__}", (cls,), {
        "own_choices": tuple(base.own_choices) + (choice,),
        "choices": base.choices | {choice.key},
    })
    return grown()


class _Solo(Family):
    """A family of one player's games, with one choice of its own (never played here)."""

    name = "solo"
    noun = "a solitaire"
    choices = frozenset({"layout", "draw", "reserve"})
    own_choices = (Choice("reserve", ("kept", "dealt")),)


def test_a_choice_added_to_another_family_keeps_a_game_s_hash(own_registry):
    """Chicken Foot (a tree of doubles) gains a choice: Draw (a line) and
    Texas 42 (tricks) keep their hashes, though their choices now hold the
    new one at its default; Chicken Foot's own hash changes, since its
    family plays the new choice."""
    before = {vid: definition_hash(Catalog(RULES).variant(vid)) for vid in ("draw", "texas-42", "chicken-foot")}
    register(_with_choice("tree", Choice("toe_order", ("any", "clockwise"))))
    catalog = Catalog(RULES)
    draw = catalog.variant("draw")
    assert draw.choices.as_dict()["toe_order"] == "any"       # every game has the choice, at its default
    assert definition_hash(draw) == before["draw"]
    assert definition_hash(catalog.variant("texas-42")) == before["texas-42"]
    assert definition_hash(catalog.variant("chicken-foot")) != before["chicken-foot"]


def test_a_family_added_keeps_every_game_s_hash(own_registry):
    """A fifth family registered, with a choice of its own: a game of each
    of the four keeps its hash."""
    games = ("draw", "mexican-train", "texas-42", "chicken-foot")
    before = {vid: definition_hash(Catalog(RULES).variant(vid)) for vid in games}
    register(_Solo())
    catalog = Catalog(RULES)
    assert {vid: definition_hash(catalog.variant(vid)) for vid in games} == before


def test_a_family_s_choice_is_read_checked_and_listed(own_registry):
    """The new family's choice joins every game's choices at its default,
    after every earlier family's; a game of the family may choose it, a game
    of another family may not; its values are checked by name."""
    register(_Solo())
    from generator.engine import choices

    keys = [c.key for c in choices.CHOICES]
    assert keys[-1] == "reserve" and keys.index("go_out_on_double") == len(keys) - 2
    assert choices.INFO["reserve"].layouts == ("solo",) and choices.INFO["reserve"].default == "kept"
    assert choices.INFO["layout"].values.keys() == {"line", "trains", "tricks", "tree", "paigow", "tiengow", "solo"}
    solo = Choices.from_mapping({"layout": "solo", "reserve": "dealt"})
    assert solo.reserve == "dealt" and solo.played() == {"layout": "solo", "draw": "until-playable",
                                                         "reserve": "dealt"}
    assert combination_problems(solo) == []
    assert [k for k, _ in combination_problems(Choices.from_mapping({"reserve": "dealt"}))] == ["reserve"]
    with pytest.raises(ValueError, match=r"^reserve: 'open' is not one of kept, dealt$"):
        Choices.from_mapping({"layout": "solo", "reserve": "open"})


def test_a_family_that_plays_an_undeclared_choice_is_refused(own_registry):
    class Stray(_Solo):
        choices = frozenset({"layout", "jokers"})

    register(Stray())
    with pytest.raises(ValueError, match="plays the choice 'jokers', which no family declares"):
        Choices()


def test_the_choices_of_a_game_are_those_of_its_family():
    """Mexican Train plays the shared lead, draw and settlement (fixed) and
    its own double cover and train access (the marker), and nothing of the
    line of play's (its variant.yaml, rules/mexican-train)."""
    played = Catalog(RULES).variant("mexican-train").choices.played()
    assert played == {"layout": "trains", "lead": "engine", "draw": "one", "settlement": "penalty",
                      "double_cover": "same-player", "train_access": "marker"}


def test_a_family_s_own_params_follow_the_shared_ones():
    """The params every game takes come first in the schema (and the
    options page); then the line of play's own (the tiles that may be set,
    the capicúa's bonus, the deal thrown in for doubles) and the trains'
    (the match lengths). A game carries the shared params and its family's
    own only: Mexican Train (rules/mexican-train) has ``rounds`` and no
    ``lead_totals``; Draw (rules/draw) the reverse."""
    from generator.model.schema import PARAMS_SCHEMA

    assert list(PARAMS_SCHEMA["properties"]) == [
        "set", "players", "partnerships", "deal", "stock_reserve", "target", "point_unit",
        "lead_totals", "capicua_bonus", "redeal_doubles", "rounds"]
    assert list(family_of("trains").own_params) == ["rounds"] and family_of("tricks").own_params == {}
    catalog = Catalog(RULES)
    assert list(catalog.variant("mexican-train").params) == [
        "set", "players", "partnerships", "deal", "stock_reserve", "point_unit", "rounds"]
    assert list(catalog.variant("draw").params) == [
        "set", "players", "partnerships", "deal", "stock_reserve", "target", "point_unit", "lead_totals"]
