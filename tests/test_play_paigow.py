"""A deal of Pai Gow played in the browser's session (generator/families/paigow/play.py through
generator/play/session.py): the reader sets four tiles, the banker sets the fixed way, the showdown is said."""

import pytest

from generator.model import Catalog
from generator.play.session import Session, spec_of


@pytest.fixture(scope="module")
def rules():
    return Catalog("rules").variant("pai-gow").rules


@pytest.mark.parametrize("lang, seed", [("en", 7), ("ja", 3), ("en", 12)])
def test_a_deal_is_set_shown_and_settled(rules, lang, seed):
    s = Session(spec_of(rules), seed=seed, lang=lang)
    view = s.view()
    assert view["phase"] == "turn" and view["you"] == "S"
    assert len(view["hand"]) == 4 and not view["draw"] and not view["pass"]
    # four tiles split three ways (fewer when a civil tile is doubled); the lowest tile is the one the
    # others are paired with, so it offers no move of its own and says why
    assert 2 <= len(view["moves"]) <= 3
    lowest = min(view["hand"], key=lambda t: tuple(int(x) for x in t["tile"].split("-")))
    assert lowest["moves"] == [] and lowest["why"]
    assert "N" in view["table"] or view["table"].startswith("<svg")
    view = s.move(len(view["moves"]) - 1)
    assert view["phase"] == "game-over"
    assert len(view["result"]) == 3        # the banker's setting, the reader's result, the game's end
    assert view["log"] and s.over


def test_the_hint_is_the_fixed_setting(rules):
    s = Session(spec_of(rules), seed=7, lang="en")
    # seed 7 deals South 5-6, 1-4, 1-5, 4-4: 5-6 + 1-4 (16: 6) over 1-5 + 4-4 (14: 4) has the strongest low
    # hand (5-6 + 1-5 over 1-4 + 4-4 leaves 3, 5-6 + 4-4 over 1-4 + 1-5 leaves 1)
    assert sorted(t["tile"] for t in s.view()["hand"]) == ["1-4", "1-5", "4-4", "5-6"]
    h = s.hint()
    assert "low hand 1-5 (Look) + 4-4 (Yun): 4 points" in h["words"]
