"""A hand of Tien Gow played in the browser's session (generator/families/tiengow/play.py through
generator/play/session.py): the reader leads or follows, the others play greedily, the last trick and the
payments are said."""

import pytest

from generator.model import Catalog
from generator.play.session import Session, spec_of


@pytest.fixture(scope="module")
def rules():
    return Catalog("rules").variant("tien-gow").rules


@pytest.mark.parametrize("lang, seed", [("en", 7), ("ja", 3), ("en", 12)])
def test_a_hand_is_played_to_its_last_trick_and_settled(rules, lang, seed):
    s = Session(spec_of(rules), seed=seed, lang=lang)
    view = s.view()
    assert view["phase"] == "turn" and view["you"] == "S"
    assert len(view["hand"]) == 8 and not view["draw"] and not view["pass"]
    # a set is offered on its lowest tile: the lowest tile of the hand always has a move, and a tile without
    # one says why
    assert min(view["hand"], key=lambda t: tuple(int(x) for x in t["tile"].split("-")))["moves"]
    assert all(t["moves"] or t["why"] for t in view["hand"])
    for _ in range(8):                       # eight tiles: at most eight of the reader's moves
        if view["phase"] != "turn":
            break
        view = s.move(len(view["moves"]) - 1)
    assert view["phase"] == "game-over" and s.over
    # the last trick's winner, then one line for each of the other three seats, then the game's end
    assert len(view["result"]) == 5
    assert view["log"]


def test_north_leads_first_and_the_reader_sees_the_trick(rules):
    s = Session(spec_of(rules), seed=7, lang="en")
    view = s.view()
    # North is the banker and leads; East has played before South's turn
    assert view["table_words"].startswith("North led ")
    assert "East " in view["table_words"]
    # a follow offers discards face down of as many tiles as were led
    led = view["log"][0].count("+") + 1
    downs = [m for m in view["moves"] if "face down" in m["words"]]
    assert downs and all(m["words"].count("+") + 1 == led for m in downs)


def test_the_hint_is_a_legal_move(rules):
    s = Session(spec_of(rules), seed=12, lang="ja")
    h = s.hint()
    assert h["words"] in [m["words"] for m in s.view()["moves"]]
    assert h["reason"]
