"""The reader's table and what they do with a game (generator.play.session):
any table the game's params allow (bots in the other seats), undo, a
step-through of the hand, and a replay link whose fragment is checked
before anything of it is used (forged and broken links are refused)."""

from __future__ import annotations

import pytest

from generator.model import Catalog, find_rules_dir
from generator.play.session import Session, seats_of, spec_of, tables_of

CATALOG = Catalog(find_rules_dir())


def _spec(game: str) -> dict:
    return spec_of(CATALOG.variant(game).rules)


def _play(s: Session, n: int) -> None:
    """``n`` of the reader's actions: the first move offered, else draw, else
    pass, else on to the next hand."""
    for _ in range(n):
        view = s.view()
        if view["phase"] == "game-over":
            return
        if view["phase"] == "hand-over":
            s.next_hand()
        else:
            s.move(0) if view["moves"] else s.draw() if view["draw"] else s.pass_()


def test_the_tables_a_game_allows_come_from_its_params():
    # rules/mexican-train/variant.yaml: 2 to 8 players; rules/block: 2, 3 or 4, or four in two partnerships;
    # rules/texas-42: four players in two partnerships only.
    assert [t["players"] for t in tables_of(CATALOG.variant("mexican-train").rules)] == [2, 3, 4, 5, 6, 7, 8]
    assert tables_of(CATALOG.variant("block").rules)[-1] == {"players": 4, "teams": True}
    assert tables_of(CATALOG.variant("texas-42").rules) == [{"players": 4, "teams": True}]


def test_a_mexican_train_table_of_five_deals_twelve_tiles_to_each():
    # rules/mexican-train: a double-twelve set, 12 tiles each for 5 or 6 players.
    s = Session(_spec("mexican-train"), 7, "en", players=5)
    view = s.view()
    assert len(view["seats"]) == 5 and len(s.names) == 5
    assert len(view["hand"]) in (12, 13)    # 13 once the reader drew: the reader is not always first
    assert view["table_size"] == {"players": 5, "teams": False}


def test_a_block_game_in_partnerships_seats_north_with_south():
    names, teams, you = seats_of(CATALOG.variant("block").rules, 4, True)
    assert names == ["N", "E", "S", "W"] and teams == [["N", "S"], ["E", "W"]] and you == "S"
    assert seats_of(CATALOG.variant("block").rules, 4, False)[1] is None


@pytest.mark.parametrize("game, players", [("draw", 3), ("texas-42", 2), ("chicken-foot", 9), ("mexican-train", 1)])
def test_a_table_the_game_does_not_allow_is_refused(game, players):
    with pytest.raises(ValueError):
        Session(_spec(game), 1, "en", players=players)
    with pytest.raises(ValueError):
        Session.open(_spec(game), {"seed": 1, "players": players}, "en")


def test_undo_takes_back_the_readers_move_and_the_replies():
    s = Session(_spec("all-fives"), 11, "en")
    _play(s, 2)
    before = s.view()
    s.move(0) if before["moves"] else s.draw() if before["draw"] else s.pass_()
    assert s.view() != before
    assert s.undo() == before
    assert s.replayed_moves() == Session.from_fragment(_spec("all-fives"), before["fragment"], "en").replayed_moves()


def test_undo_after_a_hand_ended_returns_to_the_readers_last_move_of_it():
    s = Session(_spec("draw"), 4, "en")
    for _ in range(200):
        view = s.view()
        if view["phase"] != "turn":
            break
        last = view
        s.move(0) if view["moves"] else s.draw() if view["draw"] else s.pass_()
    assert s.view()["phase"] != "turn"
    assert s.undo() == last


def test_there_is_nothing_to_undo_before_the_first_move():
    s = Session(_spec("draw"), 4, "en")
    assert s.view()["undo"] is False
    with pytest.raises(ValueError):
        s.undo()


@pytest.mark.parametrize("game, players", [("mexican-train", 3), ("block", 4), ("texas-42", None), ("chicken-foot", 4)])
def test_a_replay_link_gives_the_same_game_at_the_same_point(game, players):
    s = Session(_spec(game), 123, "ja", players=players)
    _play(s, 40)
    fragment = s.fragment()
    assert fragment.startswith("play=123-")
    again = Session.open(_spec(game), {"fragment": "#" + fragment}, "ja")
    assert again.view() == s.view() and again.fragment() == fragment


def test_a_replay_link_s_view_holds_the_moves_written_in_the_link():
    # the reader's moves as made (the first move offered, else draw, else pass), a hand ended and the next
    # begun on the way: the link's view lists the same moves, without the "on to the next hand" steps
    s = Session(_spec("all-fives"), 5, "en")
    made = []
    for _ in range(300):
        view = s.view()
        if view["phase"] == "game-over" or (made and view["phase"] == "turn" and s.finished >= 1):
            break
        if view["phase"] == "hand-over":
            s.next_hand()
            continue
        move = 0 if view["moves"] else "draw" if view["draw"] else "pass"
        s.draw() if move == "draw" else s.pass_() if move == "pass" else s.move(move)
        made.append(move)
    assert s.finished >= 1 and ".n." in s.fragment() + "." and "n" not in made
    again = Session.open(_spec("all-fives"), {"fragment": s.fragment()}, "en")
    assert again.view()["played"] == made == s.view()["played"]
    assert Session(_spec("all-fives"), 5, "en").view()["played"] == []


@pytest.mark.parametrize("fragment", [
    "",                                        # nothing
    "play=",                                   # no seed
    "top",                                     # an anchor of the page, not a replay
    "play=12-2-<script>alert(1)</script>",     # markup
    "play=12-2-0.0.javascript:alert(1)",
    "play=12-9-0",                             # a table Draw does not allow (two players only)
    "play=12-2t-0",                            # Draw has no partnerships
    "play=12-2-999",                           # a move never offered
    "play=12-2-n",                             # on to the next hand before the first has ended
    "play=12-2-" + ".".join(["0"] * 300),      # more moves than a hand of Draw can take
    "play=1234567890-2-0",                     # a seed longer than any the page deals
    "play=12-2-0." ,                           # cut short
    "play=12-2-" + "0." * 5000 + "0",          # far too long
    "play=-12-2-0", "play=12--0", "play=12-2-0..1", "play=12-2-+1",
])
def test_a_forged_or_broken_replay_link_is_refused(fragment):
    with pytest.raises(ValueError):
        Session.open(_spec("draw"), {"fragment": fragment}, "en")


def test_a_replay_link_to_a_pass_where_a_move_was_offered_is_refused():
    s = Session(_spec("draw"), 12, "en")
    assert s.view()["moves"] or s.view()["draw"]     # the reader has something to do at the first turn
    with pytest.raises(ValueError):
        Session.from_fragment(_spec("draw"), "play=12-2-p", "en")


def test_the_step_through_shows_the_hand_from_the_deal_to_its_end():
    s = Session(_spec("all-fives"), 11, "en")
    for _ in range(200):
        if s.view()["phase"] != "turn":
            break
        _play(s, 1)
    view = s.view()
    steps = s.steps()
    # one step before each move of the hand, and the hand as it ended
    assert len(steps) == len(view["log"]) + 1
    assert steps[0]["line"] is None and [st["line"] for st in steps[1:]] == view["log"]
    assert steps[-1]["table_words"] == view["table_words"]      # the table as the hand ended
    assert steps[0]["table_words"] != steps[-1]["table_words"]


def test_the_page_asks_through_json_and_only_for_the_readers_actions():
    import json

    from generator.play.session import serve

    spec = _spec("draw")
    opened = json.loads(serve(json.dumps({"op": "open", "key": "k", "spec": spec, "options": {"seed": 3}, "lang": "en"})))
    assert opened["ok"]["phase"] == "turn"
    assert json.loads(serve(json.dumps({"op": "tables", "spec": spec}))) == {"ok": [{"players": 2, "teams": False}]}
    moved = json.loads(serve(json.dumps({"op": "call", "key": "k", "name": "move", "args": [99]})))
    assert set(moved) == {"refused"}                           # a move not offered: refused in words
    forged = {"op": "open", "key": "k", "spec": spec, "options": {"fragment": "#play=3-2-<b>"}, "lang": "en"}
    assert set(json.loads(serve(json.dumps(forged)))) == {"refused"}
    for name in ("_replay", "__init__", "variant", "from_fragment"):  # nothing but the reader's actions and views
        with pytest.raises(KeyError):
            serve(json.dumps({"op": "call", "key": "k", "name": name, "args": []}))
    with pytest.raises(ValueError):
        serve(json.dumps({"op": "eval", "code": "1"}))


@pytest.mark.parametrize("level, partner, table", [("hard", None, "4th"), ("easy", "hard", "4teh"), ("normal", None, "4t")])
def test_a_replay_link_keeps_the_levels_chosen(level, partner, table):
    # Texas 42 is four players in partnerships; the link writes the opponents' level's letter after
    # the table, then the partner's where it differs (nothing for normal opponents and partner)
    s = Session(_spec("texas-42"), 5, "en", level=level, partner=partner)
    _play(s, 3)
    assert s.fragment().startswith(f"play=5-{table}-")
    again = Session.open(_spec("texas-42"), {"fragment": s.fragment()}, "en")
    assert (again.level, again.partner) == (s.level, s.partner)
    assert again.view() == s.view()


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_undo_then_another_move_gets_fresh_replies(seed):
    # the other seats' decisions are kept between replays; those after a move taken back are made
    # again (an old reply to another move may not even be legal), so the game after undo and another
    # move is the game dealt with that move from the start
    s = Session(_spec("all-fives"), seed, "en")
    view = s.view()
    if view["phase"] != "turn" or len(view["moves"]) < 2:
        pytest.skip("this deal offers the reader one move only")
    s.move(0)
    s.undo()
    s.move(1)
    assert s.view() == Session.from_fragment(_spec("all-fives"), s.fragment(), "en").view()


@pytest.mark.parametrize("players, level", [(4, "hard"), (10, "normal")])
def test_a_cyprus_table_plays_a_hand_to_its_end(players, level):
    """rules/cyprus: four to ten players (five tiles each at ten); a hand played to its end from the deal,
    the star's rule and the stock's reserve included, against the hard level and at the largest table."""
    spec = spec_of(CATALOG.variant("cyprus").rules)
    assert [t["players"] for t in tables_of(CATALOG.variant("cyprus").rules)] == [4, 5, 6, 7, 8, 9, 10]
    s = Session(spec, 5, "en", players=players, level=level)
    for _ in range(2000):
        if s.view()["phase"] != "turn":
            break
        _play(s, 1)
    view = s.view()
    assert view["phase"] in ("hand-over", "game-over") and view["result"]
