"""Whole seeded games through the engine (`rulebook simulate`)."""

import json
import re
from pathlib import Path

import pytest

from generator.cli.main import main
from generator.sim.simulate import simulate


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


def test_cli_simulate_speaks_of_the_first_players_side_only_in_partnerships(capsys):
    """Bergen for two: each plays alone, so the hand is won by the first player, not a side; Block
    for four in partnerships: the first player's side wins it."""
    assert main(["simulate", "bergen", "--players", "2", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "first player wins the hand" in out and "side" not in out
    assert main(["simulate", "block", "--players", "4", "--partners", "--games", "1"]) == 0
    assert "first player's side wins the hand" in capsys.readouterr().out


def test_the_figures_check_names_each_stale_game_and_computes_nothing(catalog, tmp_path, capsys, monkeypatch):
    """``python -m generator.sim.stats --check`` (a step of scripts/test.sh, not a
    test: the build recomputes stale figures anyway) passes a stored file
    made for the current definition and names one whose digest, rows or hand
    count no longer fit, without playing a hand."""
    import shutil

    from generator.sim import stats
    from generator.model import Catalog

    for vid in ("draw", "block"):
        shutil.copytree(catalog.variant(vid).dir, tmp_path / vid)
    shutil.copy(catalog.dir / "glossary.yaml", tmp_path / "glossary.yaml")
    monkeypatch.setenv("RULEBOOK_RULES", str(tmp_path))
    monkeypatch.setattr(stats, "_row", lambda *a: pytest.fail("--check played a hand"))
    block = tmp_path / "block" / "stats.json"
    data = json.loads(block.read_text())
    data["hash"] = stats.definition_hash(Catalog(tmp_path).variant("block"))
    good = json.dumps(data)
    for draw_ok in (True, False):
        if not draw_ok:
            (tmp_path / "draw" / "stats.json").write_text('{"hash": "0"}')
        block.write_text(good)
        assert stats.main(["block", "--check"]) == 0
        assert "figures of 1 game are current" in capsys.readouterr().out
    assert stats.main(["--check"]) == 1
    err = capsys.readouterr().err
    assert err == f"{tmp_path / 'draw' / 'stats.json'}: not a file of figures (an object with a list of rows, " \
                  '"results") (run scripts/stats.sh draw)\n'
    rows = data["results"]
    for text, why in [
            (None, "missing"), ("{", "not readable as JSON"), ("[]", "not a file of figures"),
            (json.dumps(dict(data, results="x")), "not a file of figures"),
            (json.dumps(dict(data, hash="0")), "made for other rules or another engine"),
            (json.dumps(dict(data, seed=data["seed"] + 1)), "made with other settings"),
            (json.dumps(dict(data, bots=["random"])), "made with other settings"),
            (json.dumps(dict(data, results=[r for r in rows if r["partners"] is False])), "without one row"),
            (json.dumps(dict(data, results=rows + rows[:1])), "without one row"),
            (json.dumps(dict(data, results=[dict(r, players="two") for r in rows])), "without one row"),
            (json.dumps(dict(data, results=[dict(r, hands=stats.MIN_HANDS - 1) for r in rows])), "with fewer than")]:
        if text is None:
            block.unlink()
        else:
            block.write_text(text)
        assert stats.main(["block", "--check"]) == 1, why
        err = capsys.readouterr().err
        assert err.startswith(f"{block}: {why}") and err.endswith("(run scripts/stats.sh block)\n"), err
    assert stats.main(["block", "block", "--check"]) == 1          # a game named twice is checked once
    assert capsys.readouterr().err.count("\n") == 1
    monkeypatch.setenv("RULEBOOK_RULES", str(tmp_path / "nowhere"))
    assert stats.main(["--check"]) == 1
    assert capsys.readouterr().err == f"python -m generator.sim.stats: {tmp_path / 'nowhere'}: no such folder\n"


def test_the_figures_check_takes_a_row_cut_short_by_the_work_limit_as_current(catalog, tmp_path, capsys,
                                                                             monkeypatch):
    """A row the work limit stopped before :data:`MIN_HANDS` hands is as full as
    recomputing would make it (the same limit stops it again; the page marks
    it): ``--check`` passes it, as it passes a sampled row cut short, and still
    names a short row that is not marked."""
    import shutil

    from generator.sim import stats
    from generator.model import Catalog

    shutil.copytree(catalog.variant("block").dir, tmp_path / "block")
    shutil.copy(catalog.dir / "glossary.yaml", tmp_path / "glossary.yaml")
    monkeypatch.setenv("RULEBOOK_RULES", str(tmp_path))
    monkeypatch.setattr(stats, "_row", lambda *a: pytest.fail("--check played a hand"))
    block = tmp_path / "block" / "stats.json"
    data = json.loads(block.read_text())
    data["hash"] = stats.definition_hash(Catalog(tmp_path).variant("block"))
    rows = data["results"]
    cut = [dict(rows[0], hands=3, cut_short=True)] + rows[1:]
    block.write_text(json.dumps(dict(data, results=cut)))
    assert stats.main(["block", "--check"]) == 0
    assert "figures of 1 game are current" in capsys.readouterr().out
    for mark in (None, False, "yes"):                   # not marked (or not marked true): stale, as before
        short = dict(rows[0], hands=3)
        if mark is not None:
            short["cut_short"] = mark
        block.write_text(json.dumps(dict(data, results=[short] + rows[1:])))
        assert stats.main(["block", "--check"]) == 1
        assert capsys.readouterr().err.startswith(f"{block}: with fewer than {stats.MIN_HANDS} hands in a row")


def test_cli_simulate_refuses_bad_counts(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "draw", "--players", "2", "--games", "0"])
    assert "at least 1" in capsys.readouterr().err
    assert main(["simulate", "sniff", "--players", "4", "--games", "1"]) == 2
    assert "add --partners" in capsys.readouterr().err


@pytest.mark.parametrize("option, text, words", [
    ("--games", "99999999999999999999", "give at most 1,000,000, not 99999999999999999999"),
    ("--games", "1000001", "give at most 1,000,000, not 1000001"),
    ("--players", "17", "give at most 16, not 17"),
    ("--jobs", "257", "give at most 256, not 257"),
    ("--seed", "1" * 19, "give at most 999,999,999,999,999,999, not 1111111111111111111"),
    ("--seed", "-" + "9" * 40, "give at least -999,999,999,999,999,999, not '-99999999999999999999999...'"),
    ("--games", "9" * 5000, "give at most 1,000,000, not '999999999999999999999999...'"),
    ("--seed", "1e5", "'1e5' is not a whole number")])
def test_cli_simulate_bounds_its_numbers_as_a_rule_file_is_bounded(capsys, option, text, words):
    """A count beyond any use is refused before a game is played (it would run
    for ever with no word), with the bound, as a usage error (exit 2)."""
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "draw", "--players", "2", option, text])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.splitlines()[-1] == f"rulebook simulate: error: argument {option}: {words}"


def test_cli_simulate_takes_the_largest_numbers_it_allows(capsys):
    """The bounds themselves are allowed (a seed of 18 digits, either sign; 16 players is Draw's to refuse)."""
    for seed in ("999999999999999999", "-999999999999999999"):
        assert main(["simulate", "draw", "--players", "2", "--games", "1", "--seed", seed, "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["seed"] == int(seed)
    assert main(["simulate", "draw", "--players", "16", "--games", "1"]) == 2
    assert "draw is played by 2 players" in capsys.readouterr().err


def test_cli_simulate_shows_its_progress_on_stderr_only(capsys, monkeypatch):
    """Where stderr is no terminal (here: captured) a long run says every few
    seconds how many games are played; the figures on stdout, JSON or text,
    are the same as a quiet run's, and a short run says nothing on stderr."""
    import sys

    cli = sys.modules["generator.cli.main"]

    args = ["simulate", "draw", "--players", "2", "--games", "4", "--seed", "3", "--jobs", "1"]
    for extra in (["--json"], []):
        assert main(args + extra) == 0
        quiet = capsys.readouterr()
        assert quiet.err == ""
        monkeypatch.setattr(cli.SimulateProgress, "every", 0.0)      # every game takes "long"
        assert main(args + extra) == 0
        loud = capsys.readouterr()
        monkeypatch.undo()
        assert loud.out == quiet.out
        assert loud.err.splitlines() == [f"rulebook simulate: {n} of 4 games played, about {t} left"
                                         for n, t in zip((1, 2, 3), re.findall(r"about (.+?) left", loud.err))]
        assert len(loud.err.splitlines()) == 3


def test_cli_simulate_guesses_the_time_left_only_after_a_twentieth_of_the_games(capsys, monkeypatch):
    """Of 40 games, the lines for the first game played (1 x 20 < 40) guess no time left; from the
    second on (2 x 20 >= 40) each line says about how long is left."""
    import sys

    cli = sys.modules["generator.cli.main"]
    monkeypatch.setattr(cli.SimulateProgress, "every", 0.0)
    assert main(["simulate", "draw", "--players", "2", "--games", "40", "--seed", "3", "--jobs", "1"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "rulebook simulate: 1 of 40 games played"
    assert all(re.fullmatch(rf"rulebook simulate: {n} of 40 games played, about .+ left", line)
               for n, line in zip(range(2, 40), lines[1:]))
    assert len(lines) == 39


def test_a_work_limit_stops_the_simulation_after_the_hand_in_which_it_runs_out(catalog):
    """A decision costs one unit plus one per tile in the deciding hand, so a
    limit of one unit is spent by the first decision: that hand is played to
    its end and nothing more, whatever ``games`` asks."""
    draw = simulate(catalog.variant("draw").rules, 2, games=50, seed=1, max_work=1)
    assert (draw["games"], draw["hands"], draw["cut_short"]) == (1, 1, True)      # Draw: the hand is the game
    # Block to 100 for two: a hand scores at most the loser's pips, and seven tiles hold at most
    # 12 + 11 + 10 + 10 + 9 + 9 + 8 = 69, so one hand never ends the game: it stays unfinished
    block = simulate(catalog.variant("block").rules, 2, games=50, seed=1, max_work=1)
    assert (block["games"], block["hands"], block["cut_short"]) == (0, 1, True)
    assert block["hands_per_game"] == {"mean": None, "distribution": {}} and block["game_winners"] == {}
    # a Mexican Train match stops after its first round
    mt = simulate(catalog.variant("mexican-train").rules, 3, games=5, seed=1, max_work=1)
    assert (mt["games"], mt["hands"], mt["cut_short"]) == (0, 1, True)
    assert "cut_short" not in simulate(catalog.variant("draw").rules, 2, games=3, seed=1)


def test_the_pages_figures_mark_rows_cut_short_by_the_work_limit(catalog, monkeypatch, tmp_path):
    """With a tiny limit every row of Block's figures is cut short after one
    hand: each is marked, the page says why in both languages, and the
    two-player row, whose one hand cannot reach 100 (see above), has no
    whole game and shows a dash for hands per game."""
    import shutil

    from generator.sim import stats
    from generator.model import Catalog

    shutil.copytree(catalog.variant("block").dir, tmp_path / "block")
    shutil.copy(catalog.dir / "glossary.yaml", tmp_path / "glossary.yaml")
    (tmp_path / "block" / "stats.json").unlink()
    vdef = Catalog(tmp_path).variant("block")
    from generator.engine.family import family_of

    monkeypatch.setattr(family_of("line"), "work_limits", (4, 1))
    data = stats.figures(vdef, write=False)
    assert [r["hands"] for r in data["results"]] == [1, 1, 1, 1]
    en, ja = stats.section(data, vdef.rules, "en"), stats.section(data, vdef.rules, "ja")
    rows = [line for line in en.splitlines() if line.startswith("| ") and "\\*" in line]
    assert len(rows) == 4 and " | 0 | 1 | — | " in rows[0]
    assert "work limit" in en and "作業量の上限" in ja


def test_games_with_streams_of_their_own_come_out_the_same_on_any_number_of_processes(catalog):
    """``streams="per-game"`` seeds game i with "SEED/i": one process or
    three, the figures are the same, also when a work limit cuts the last
    game short or more games are played until enough hands; the single
    stream of the pages' figures gives other games."""
    for vid, n, partners in [("horse-race", 2, False), ("block", 4, True), ("mexican-train", 3, False)]:
        v = catalog.variant(vid).rules
        for kw in [dict(games=70), dict(games=1, min_hands=150), dict(games=200, max_work=9_000)]:
            one, three = (simulate(v, n, seed=4, partners=partners, streams="per-game", jobs=j, **kw) for j in (1, 3))
            assert one == three, (vid, kw)
            if "max_work" in kw:
                assert one["cut_short"] and one["games"] < 200
            if "min_hands" in kw:
                assert one["hands"] >= 150
        assert simulate(v, n, 30, seed=4, partners=partners) != simulate(v, n, 30, seed=4, partners=partners,
                                                                        streams="per-game")
    with pytest.raises(ValueError, match="streams"):
        simulate(catalog.variant("draw").rules, 2, 1, streams="per-hand")


def test_cli_simulate_spreads_games_over_processes_with_the_same_figures(capsys):
    args = ["simulate", "all-threes", "--players", "3", "--games", "150", "--seed", "2", "--json"]
    assert main(args + ["--jobs", "1"]) == 0
    one = capsys.readouterr().out
    assert main(args + ["--jobs", "2"]) == 0
    assert capsys.readouterr().out == one and json.loads(one)["games"] == 150


def test_the_pages_figures_of_several_games_are_the_same_from_one_process_or_two(catalog, monkeypatch):
    """Every row (a player count) of every game is sent to a process of its
    own; the figures come back in the same order and are the same."""
    from generator.sim import stats

    monkeypatch.setattr(stats, "MIN_HANDS", 60)
    games = [catalog.variant(vid) for vid in ("draw", "block", "matador")]
    monkeypatch.setattr(stats, "_cached", lambda path, digest: None)     # compute, never read the cache
    one = stats.refresh(games, write=False, jobs=1)
    two = stats.refresh(games, write=False, jobs=2)
    assert one == two and list(two) == ["draw", "block", "matador"]
    assert [len(two[g]["results"]) for g in two] == [1, 4, 4]
    assert all(r["hands"] >= 60 for g in two.values() for r in g["results"])


def test_the_workers_of_a_killed_simulation_end_with_it(tmp_path):
    """SIGKILL to a process while two workers play rows of figures that would
    take hours: the workers end with it (on Linux), so none is left holding
    what it shared, such as a site's build lock."""
    import os
    import signal
    import subprocess
    import sys
    import time

    script = ("from generator.model import Catalog, find_rules_dir\nfrom generator.base.processes import pool\n"
              "from generator.sim.simulate import rules_spec\nfrom generator.sim.stats import _row\n"
              "spec = rules_spec(Catalog(find_rules_dir()).variant('block').rules)\n"
              "with pool(2) as ex:\n    ex.starmap(_row, [(spec, 2, False, 10**12, 10**9), (spec, 4, True, 10**12, 10**9)])\n")
    proc = subprocess.Popen([sys.executable, "-c", script])
    children: list[int] = []
    deadline = time.monotonic() + 60
    while len(children) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        try:
            text = Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text()
        except OSError:
            pytest.skip("no /proc here")
        children = [int(c) for c in text.split()]
    assert len(children) >= 2, "the workers did not start"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()

    def alive(pid: int) -> bool:
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
        except OSError:
            return False

    deadline = time.monotonic() + 10
    while any(alive(c) for c in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(c) for c in children)


def test_the_figures_command_names_an_unknown_game_and_a_bad_count_plainly(capsys):
    from generator.sim.stats import main as stats_main

    assert stats_main(["bogus-game"]) == 2
    err = capsys.readouterr().err
    assert "unknown variant 'bogus-game'" in err and "Traceback" not in err
    with pytest.raises(SystemExit) as exit_:
        stats_main(["draw", "--jobs", "0"])
    assert exit_.value.code == 2 and "give at least 1, not 0" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:
        stats_main(["draw", "--jobs", "257"])
    assert exit_.value.code == 2 and "argument --jobs: give at most 256, not 257" in capsys.readouterr().err
    assert stats_main(["draw", "--jobs", "2"]) == 0                  # its figures are current: nothing to play
    assert capsys.readouterr().out.startswith("draw: ready at ")


def test_every_figure_is_recounted_from_the_games_own_records(catalog):
    """The figures of ``simulate`` are counted again here from the games
    themselves: each game is replayed from its documented stream
    (``random.Random("SEED/i")``) with the same players, and each hand is
    watched from its first decision to its end. Every count, mean,
    distribution and rate must agree, and each hand's "first player's side
    won" must match the hand as watched (who moved first, who won it)."""
    import random
    import statistics
    from collections import Counter

    from generator.families.line.rules.hand import Hand
    from generator.sim.simulate import greedy_bot, play_game, random_bot

    for vid, n, partners in [("draw", 2, False), ("block", 4, True), ("all-fives", 3, False),
                             ("mexican-train", 3, False)]:
        v = catalog.variant(vid).rules
        names = {2: ["N", "S"], 3: ["N", "E", "W"], 4: ["N", "E", "S", "W"]}[n]
        teams = [["N", "S"], ["E", "W"]] if partners else None
        got = simulate(v, n, games=6, seed=7, partners=partners, streams="per-game")
        tiles, points, lengths, blocked, first_won, wins = [], [], [], 0, 0, Counter()
        for i in range(6):
            watched = []                                   # [state, first mover] per hand, in order

            def watch(bot):
                def play(variant, state, player, rng):
                    if not watched or watched[-1][0] is not state:
                        watched.append([state, player])
                    return bot(variant, state, player, rng)
                return play

            rec = play_game(v, names, [watch(greedy_bot), watch(random_bot)] * 2, random.Random(f"7/{i}"), teams)
            assert rec["finished"] and len(rec["hands"]) == len(watched)
            lengths.append(len(rec["hands"]))
            wins.update(rec["winners"])
            for h, (state, first) in zip(rec["hands"], watched):
                if isinstance(state, Hand):
                    side = next(s for s, members in state.sides.items() if first in members)
                    won = state.settlement.winners if state.settlement is not None else state.game_winners
                    assert h["first_won"] == (side in won)
                else:                                       # a Mexican Train round: fewest penalty pips
                    assert h["first_won"] == (state.penalties[first] == min(state.penalties.values()))
                assert h["blocked"] == (state.end == "blocked")
                tiles.append(h["tiles"])
                points.append(h["points"])
                blocked += h["blocked"]
                first_won += h["first_won"]
        assert (got["games"], got["hands"]) == (6, len(tiles))
        assert got["hands_per_game"] == {"mean": round(statistics.fmean(lengths), 3),
                                         "distribution": {str(k): c for k, c in sorted(Counter(lengths).items())}}
        assert got["tiles_per_hand"] == {"mean": round(statistics.fmean(tiles), 3),
                                         "distribution": {str(k): c for k, c in sorted(Counter(tiles).items())}}
        assert got["points_per_hand"] == {"mean": round(statistics.fmean(points), 3), "max": max(points)}
        assert got["block_rate"] == round(blocked / len(tiles), 4)
        assert got["first_player_wins"] == round(first_won / len(tiles), 4)
        assert got["game_winners"] == dict(sorted(wins.items()))
        assert 0 < first_won < len(tiles) or len(tiles) < 4      # both outcomes occur in a run this long


def test_a_tree_or_trains_games_work_is_shared_among_its_rows_by_the_tiles_dealt(catalog):
    """Chicken Foot deals 20, 14, 11, 9, 7, 6 and 6 tiles to two to eight players: weights one
    more, 21, 15, 12, 10, 8, 7, 7 (80 in all), of the tree family's 40,000,000 units: 40M × 21/80 =
    10,500,000 for two players, 40M × 15/80 = 7,500,000, then 6,000,000, 5,000,000, 4,000,000 and
    3,500,000 twice (each under the row's 11,000,000). A line game's rows share equally, each at
    most 5,000,000: Block's four rows, 35,000,000 / 4 = 8,750,000, so 5,000,000 each; Cyprus's seven
    (four to ten players), 35,000,000 / 7 = 5,000,000 each. Mexican Train deals 15, 15, 15, 12,
    12, 10, 10: weights 16, 16, 16, 13, 13, 11, 11 (96) of the trains family's 80,000,000: 80M × 16/96
    = 13,333,333.3, 80M × 13/96 = 10,833,333.3, 80M × 11/96 = 9,166,666.7, each rounded down."""
    from generator.sim import stats

    assert stats.row_limits(catalog.variant("chicken-foot").rules) == \
        [10_500_000, 7_500_000, 6_000_000, 5_000_000, 4_000_000, 3_500_000, 3_500_000]
    assert stats.row_limits(catalog.variant("block").rules) == [5_000_000] * 4
    assert stats.row_limits(catalog.variant("cyprus").rules) == [5_000_000] * 7
    assert sum(stats.row_limits(catalog.variant("chicken-foot").rules)) == 40_000_000
    assert stats.row_limits(catalog.variant("mexican-train").rules) == \
        [13_333_333] * 3 + [10_833_333] * 2 + [9_166_666] * 2
