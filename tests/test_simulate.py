"""Whole seeded games through the engine (`rulebook simulate`)."""

import json

import pytest

from generator.cli import main
from generator.simulate import simulate


def test_same_seed_same_games(catalog):
    v = catalog.variant("horse-race").rules
    a = simulate(v, 2, games=8, seed=5)
    b = simulate(v, 2, games=8, seed=5)
    c = simulate(v, 2, games=8, seed=6)
    assert a == b and a != c
    assert a["games"] == 8 and a["hands"] == sum(int(k) * n for k, n in a["hands_per_game"]["distribution"].items())


def test_every_variant_plays_whole_games(catalog):
    for vid, n, partners in [("draw", 2, False), ("block", 4, True), ("all-fives", 3, False),
                             ("all-threes", 2, False), ("matador", 4, True), ("sniff", 4, True),
                             ("bergen", 3, False), ("horse-race", 4, True)]:
        v = catalog.variant(vid).rules
        r = simulate(v, n, games=3, seed=1, partners=partners)
        assert r["games"] == 3 and r["hands"] >= 3
        assert 0 <= r["block_rate"] <= 1 and 0 <= r["first_player_wins"] <= 1
        if v.params.target is None:
            assert r["hands"] == 3                       # Draw: the hand is the game
        assert sum(r["game_winners"].values()) >= 3 or v.params.target is None


def test_min_hands_and_mexican_train_matches(catalog):
    v = catalog.variant("mexican-train").rules
    r = simulate(v, 3, games=1, seed=3, min_hands=20)
    assert r["hands"] >= 20 and r["hands"] % 13 == 0     # whole 13-round matches


def test_cli_simulate(capsys):
    assert main(["simulate", "bergen", "--players", "2", "--games", "4", "--seed", "9", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"] == "bergen" and data["games"] == 4 and data["seed"] == 9
    assert main(["simulate", "bergen", "--players", "2", "--games", "2"]) == 0
    assert "block rate" in capsys.readouterr().out
    assert main(["simulate", "draw", "--players", "4", "--games", "1"]) == 2
    assert "played by 2 players" in capsys.readouterr().err
    assert main(["simulate", "nope", "--players", "2"]) == 2
    assert "unknown variant" in capsys.readouterr().err


def test_page_figures_are_cached_for_the_current_definition(catalog):
    # rules/*/stats.json must match the engine and parameters (run scripts/stats.sh after a change),
    # so that builds neither recompute nor change
    from generator.stats import MIN_HANDS, definition_hash

    for vid in catalog.variant_ids():
        vdef = catalog.variant(vid)
        data = json.loads((vdef.dir / "stats.json").read_text())
        assert data["hash"] == definition_hash(vdef), f"{vid}: run scripts/stats.sh"
        players = set(vdef.rules.params.players) | set(vdef.rules.params.partnerships)
        assert {r["players"] for r in data["results"]} == players
        assert all(r["hands"] >= MIN_HANDS for r in data["results"])


def test_cli_simulate_refuses_bad_counts(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "draw", "--players", "2", "--games", "0"])
    assert "at least 1" in capsys.readouterr().err
    assert main(["simulate", "sniff", "--players", "4", "--games", "1"]) == 2
    assert "add --partners" in capsys.readouterr().err
