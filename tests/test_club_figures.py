"""A club's first build (issue 49, item 2): its own games' figures are played only as long as the
stated precision needs, the standard games keep the figures shipped with the package, and the
simulation reports the games played of the games to play with the time left."""

import json
from types import SimpleNamespace

import pytest

from conftest import RULES
from generator.model import Catalog
from generator.sim import stats
from generator.site import build
from generator.site.build import SimulationProgress, count_line, duration

pytestmark = pytest.mark.engine

SHORT_BLOCK = """\
id: block-to-20
extends: block
name: {ja: ブロック（20点先取）, en: Block to 20}
params: {target: 20}
"""


def club_rules(tmp_path, *games: tuple[str, str]):
    """A club's rules folder (not the package's): an empty glossary and ``games`` (id, variant.yaml)."""
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "glossary.yaml").write_text("terms: []\n", encoding="utf-8")
    for vid, text in games:
        (rules / vid).mkdir()
        (rules / vid / "variant.yaml").write_text(text, encoding="utf-8")
    return Catalog(rules)


def test_the_interval_half_width_of_a_percentage_worked_by_hand():
    """z·sqrt(p(1-p)/n): p = 0.5 over 2,401 hands: 1.96 × sqrt(0.25 / 2401) = 1.96 × 0.5 / 49 = 0.02;
    p = 0.1 over 900 hands: 1.96 × sqrt(0.09 / 900) = 1.96 × 0.01 = 0.0196."""
    assert stats.half_width(0.5, 2401) == pytest.approx(0.02)
    assert stats.half_width(0.1, 900) == pytest.approx(0.0196)
    assert stats.half_width(0.0, 10) == 0.0


def test_the_interval_half_width_of_a_mean_worked_by_hand():
    """50 hands of 1 tile and 50 of 9: mean 5, sample variance 100 × 16 / 99 = 16.1616...,
    half-width 1.96 × sqrt(16.1616 / 100) = 1.96 × 0.402015 = 0.787949; one value: no spread."""
    assert stats.mean_half_width({"1": 50, "9": 50}) == pytest.approx(0.787949, abs=2e-6)
    assert stats.mean_half_width({"28": 600}) == 0.0
    assert stats.mean_half_width({"3": 1}) == 0.0


def row(block: float, first: float, tiles: dict, hands: int = 600) -> dict:
    total = sum(tiles.values())
    mean = sum(int(k) * c for k, c in tiles.items()) / total
    return {"hands": hands, "games": 50, "block_rate": block, "first_player_wins": first,
            "tiles_per_hand": {"mean": mean, "distribution": tiles}}


def test_the_hands_a_row_needs_worked_by_hand():
    """Z² p(1-p) / 0.02² hands for each percentage, (Z s / (0.02 m))² for the tiles, the largest,
    between 1,000 and 10,000:
    - p = 0.5: 3.8416 × 0.25 / 0.0004 = 2,401 (p = 0.1 needs 864.4; 28 tiles every hand, none);
    - p = 0.05 both: 3.8416 × 0.0475 / 0.0004 = 456.2, below the floor: 1,000;
    - tiles 1 or 9 (m 5, s² 16.1616): (1.96 / 0.1)² × 16.1616 = 384.16 × 16.1616 = 6,208.6: 6,209
      (p = 0.2 needs only 1,536.6);
    - tiles 0 (90 hands) or 10 (10): m 1, s² 900 / 99 = 9.0909, (1.96 / 0.02)² × 9.0909 = 87,309:
      the cap, 10,000."""
    assert stats.hands_needed(row(0.5, 0.1, {"28": 600})) == 2401
    assert stats.hands_needed(row(0.05, 0.05, {"28": 600})) == 1000
    assert stats.hands_needed(row(0.1, 0.2, {"1": 50, "9": 50}, hands=100)) == 6209
    assert stats.hands_needed(row(0.1, 0.2, {"0": 90, "10": 10}, hands=100)) == 10_000


def test_a_clubs_figures_reach_the_stated_precision_and_the_progress_counts_games(tmp_path, monkeypatch):
    """Block to 20 in a club's folder, with smaller bounds (so that the test is quick): every row
    has the hands its own figures need (or the cap), says how precise it is, and the file says how
    it was sampled; the counts go from the first games of each table (4 rows × 5 games = 20, known
    exactly) to the rows' games, ending with every game played, and reach the listener also from
    two processes. The rows are the same from one process or two, and the page says how precise
    they are in both languages."""
    monkeypatch.setattr(stats, "PILOT_GAMES", 5)
    monkeypatch.setattr(stats, "FLOOR_HANDS", 100)
    monkeypatch.setattr(stats, "MIN_HANDS", 400)
    cat = club_rules(tmp_path, ("block-to-20", SHORT_BLOCK))
    vdef = cat.variant("block-to-20")
    seen = {}
    for jobs in (1, 2):
        counts = []
        seen[jobs] = stats.refresh([vdef], write=jobs == 2, jobs=jobs, precise=True, counts=counts.append)
        trial = [c for c in counts if c.step == "trial"]
        assert trial[0].played == 0 and trial[-1].played == trial[-1].to_play == 20
        last = counts[-1]
        assert last.step == "figures" and last.played == last.to_play > 20
        assert all(isinstance(c, stats.Count) for c in counts)
    assert seen[1] == seen[2]
    data = json.loads((vdef.dir / "stats.json").read_text(encoding="utf-8"))
    assert data["sampling"]["half_width"] == 0.02 and data["sampling"]["hands"] == [100, 400]
    for r in data["results"]:
        assert r["hands"] >= stats.hands_needed(r) or r["hands"] >= 400
        assert set(r["half_width"]) == {"block_rate", "first_player_wins", "tiles_per_hand"}
        if r["hands"] < 400:
            assert r["half_width"]["block_rate"] <= 0.02 and r["half_width"]["first_player_wins"] <= 0.02
    assert stats.is_current(vdef, precise=True) and not stats.is_current(vdef)
    hands = sorted(r["hands"] for r in data["results"])
    en, ja = (stats.section(data, vdef.rules, lang) for lang in ("en", "ja"))
    assert "within about ±2 points" in en and "19 times out of 20 (a 95% interval)" in en
    one = hands[0] == hands[-1]                 # every row at the cap: one count, not a range
    assert (f"took {hands[0]:,} hands a row" if one else f"took {hands[0]:,} to {hands[-1]:,} hands a row") in en
    assert "±2ポイント以内" in ja and "95%の区間" in ja
    assert (f"1行あたり{hands[0]:,}ハンド" if one else f"1行あたり{hands[0]:,}〜{hands[-1]:,}ハンド") in ja
    single = {**data, "results": data["results"][:1]}
    assert f"which took {hands_of(single)} hands a row." in stats.section(single, vdef.rules, "en")


def hands_of(data: dict) -> str:
    return f"{data['results'][0]['hands']:,}"


def test_a_clubs_build_reuses_the_standard_games_figures_without_playing(tmp_path, monkeypatch):
    """The standard games behind a club's folder keep the figures shipped with them, byte for byte,
    even when their hash no longer fits the engine (the package's release made them): nothing is
    played for them, and they count as current."""
    cat = club_rules(tmp_path, ("block-to-20", SHORT_BLOCK))
    monkeypatch.setattr(stats, "_row", lambda *a, **k: pytest.fail("a standard game's figures were played"))
    games = [cat.variant(vid) for vid in ("texas-42", "mexican-train", "block")]
    assert all(v.shipped for v in games)
    monkeypatch.setattr(stats, "definition_hash", lambda vdef: "another engine")
    out = stats.refresh(games, precise=True, counts=lambda c: pytest.fail("counted games for a standard game"))
    for v in games:
        assert out[v.id] == json.loads((RULES / v.id / "stats.json").read_text(encoding="utf-8"))
        assert stats.is_current(v, precise=True)


def test_the_progress_lines_say_games_played_of_games_to_play_and_the_time_left(monkeypatch):
    """Without a terminal (a CI log) one line when the simulation starts, a line of counts when the
    step changes or every few seconds, and one line per game ready; the time left is rounded to the
    second, in minutes past 89 s (125 s = 2 min 05 s)."""
    C = stats.Count
    assert count_line(C(120, 320, 4.2, "trial")) == \
        "rulebook: simulating (first games of each table): 120 of 320 games played, about 4 s left"
    assert count_line(C(412, 1830, 125, "figures")) == \
        "rulebook: simulating: 412 of about 1,830 games played, about 2 min 05 s left"
    assert count_line(C(0, 320, None, "trial")).endswith("0 of 320 games played, time left not known yet")
    assert count_line(C(900, 900, 0, "figures")).endswith("900 of about 900 games played, done")
    assert duration(0.2) == "1 s" and duration(89.4) == "89 s" and duration(90) == "1 min 30 s"
    lines = []
    p = SimulationProgress(lines.append)
    clock = iter([0.0, 1.0, 2.0, 7.5, 8.0])
    monkeypatch.setattr(build, "time", SimpleNamespace(monotonic=lambda: next(clock)))
    p(0, 2, "")                                             # starts at 0.0
    p.count(C(0, 20, None, "trial"))                        # 1.0: a new step, said
    p.count(C(10, 20, 1.0, "trial"))                        # 2.0: too soon, not said
    p.count(C(20, 20, 0.0, "trial"))                        # 7.5: five seconds on, said
    p.count(C(20, 300, 40, "figures"))                      # 8.0: a new step, said
    p(1, 2, "block-to-20")
    p(2, 2, "texas-42-short")
    assert lines == ["rulebook: simulating the figures of 2 game(s) (a wrong number would have stopped the "
                     "build before this)",
                     "rulebook: simulating (first games of each table): 0 of 20 games played, time left not known yet",
                     "rulebook: simulating (first games of each table): 20 of 20 games played, done",
                     "rulebook: simulating: 20 of about 300 games played, about 40 s left",
                     "rulebook: the figures of block-to-20 are ready (1 of 2)",
                     "rulebook: the figures of texas-42-short are ready (2 of 2)"]


def test_writing_the_pages_is_counted_once_it_takes_more_than_a_few_seconds(monkeypatch):
    """Pages of 10 games begun at 10.0 s: at 12.0 s (3 done) it is too soon to say anything; at
    16.0 s, 5 done in 6 s, so the other 5 take about 6 s more; the last game says nothing (the
    build's own line follows). A step quicker than five seconds prints nothing."""
    lines = []
    p = SimulationProgress(lines.append)
    clock = iter([10.0, 12.0, 16.0, 17.0, 30.0, 31.0, 32.0])
    monkeypatch.setattr(build, "time", SimpleNamespace(monotonic=lambda: next(clock)))
    for done in (0, 3, 5, 10):
        p.pages(done, 10)
    assert lines == ["rulebook: writing the pages: 5 of 10 games, about 6 s left"]
    for done in (0, 1, 2):
        p.pages(done, 2)
    assert len(lines) == 1


def test_a_clubs_build_simulates_only_its_own_game(tmp_path, monkeypatch):
    """A club's folder with Block to 20, built (pages only, no PNG): Block, the standard game it
    extends, gets its page with the figures shipped with it (its two-player row: 10,010 hands in
    rules/block/stats.json), even when its hash no longer fits the engine; only Block to 20 is
    simulated (the progress names one game), to the club's precision (smaller bounds here, so that
    the test is quick: a row stops after the game in which it reaches 300 hands, and a game of Block
    to 20 lasts far fewer than 60 hands, each hand but a tied block scoring a point or more)."""
    from generator.site.build import generate

    monkeypatch.setattr(stats, "PILOT_GAMES", 5)
    monkeypatch.setattr(stats, "FLOOR_HANDS", 100)
    monkeypatch.setattr(stats, "MIN_HANDS", 300)
    monkeypatch.setattr(stats, "definition_hash", lambda vdef: f"new engine {vdef.id}")
    cat = club_rules(tmp_path, ("block-to-20", SHORT_BLOCK))
    calls = []
    files = generate(cat, png=False, progress=lambda *a: calls.append(a))
    assert calls == [(0, 1, ""), (1, 1, "block-to-20")]
    assert "| 2 | 385 | 10,010 |" in files["en/gen/block.md"].decode("utf-8")
    mine = json.loads((tmp_path / "rules" / "block-to-20" / "stats.json").read_text(encoding="utf-8"))
    assert "sampling" in mine and all(r["hands"] <= 300 + 60 for r in mine["results"])
    assert "95% interval" in files["en/gen/block-to-20.md"].decode("utf-8")


DRAFT_FIVES = """\
id: fives-trial
extends: all-fives
draft: true
name: {ja: オールファイブ（試作）, en: All Fives on trial}
params: {target: 100}
"""


def test_a_built_site_simulates_no_figures_for_its_drafts(tmp_path, monkeypatch):
    """A club's folder with Block to 20 (published) and the draft All Fives on trial, built to
    publish (``drafts=False``, as ``mkdocs build`` and ``rulebook build``): the games published are
    Block to 20 and Block, the standard game it extends; the draft and All Fives (extended only by
    the draft) are left out. Both standard games keep their shipped figures, so the one game to
    simulate is Block to 20: the progress names it alone (1 of 1), and the draft gets no stats.json.
    Built again with drafts (``mkdocs serve``), the draft is simulated and its page has its figures
    (the pages made without them by the first build are not reused). Small bounds, as above."""
    from generator.site.build import generate

    monkeypatch.setattr(stats, "PILOT_GAMES", 5)
    monkeypatch.setattr(stats, "FLOOR_HANDS", 100)
    monkeypatch.setattr(stats, "MIN_HANDS", 300)
    cat = club_rules(tmp_path, ("block-to-20", SHORT_BLOCK), ("fives-trial", DRAFT_FIVES))
    calls = []
    files = generate(cat, png=False, drafts=False, progress=lambda *a: calls.append(a))
    assert calls == [(0, 1, ""), (1, 1, "block-to-20")]
    assert not (tmp_path / "rules" / "fives-trial" / "stats.json").exists()
    assert (tmp_path / "rules" / "block-to-20" / "stats.json").is_file()
    assert "en/gen/fives-trial.md" not in files and "by-the-numbers" in files["en/gen/block-to-20.md"].decode()
    calls.clear()
    files = generate(cat, png=False, drafts=True, progress=lambda *a: calls.append(a))
    assert calls == [(0, 1, ""), (1, 1, "fives-trial")]
    assert (tmp_path / "rules" / "fives-trial" / "stats.json").is_file()
    assert "by-the-numbers" in files["en/gen/fives-trial.md"].decode()


def test_on_a_terminal_the_counts_are_a_bar_that_is_redrawn(monkeypatch):
    """Where the standard error is a terminal the counts redraw one bar (tqdm) instead of adding
    lines: its text is the line's, the time left as given (3 s for the trial's 10 of 20 games)."""
    import io

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    err = Terminal()
    monkeypatch.setattr("sys.stderr", err)
    lines = []
    p = SimulationProgress(lines.append)
    p(0, 1, "")
    p.count(stats.Count(10, 20, 3.0, "trial"))
    p.count(stats.Count(5, 300, 40.0, "figures"))
    p(1, 1, "block-to-20")
    shown = err.getvalue()
    assert "\rrulebook: simulating (first games of each table): 10 of about 20 games played, about 3 s left" in shown
    assert "\rrulebook: simulating: 5 of about 300 games played, about 40 s left" in shown
    assert lines == ["rulebook: simulating the figures of 1 game(s) (a wrong number would have stopped the "
                     "build before this)", "rulebook: the figures of block-to-20 are ready (1 of 1)"]


def test_making_the_html_is_counted_in_pages(monkeypatch):
    """MkDocs's pages made into HTML (counted by the plugin): the first page starts the clock at
    0.0 s; at 6.0 s 300 of 1,296 are made, so the other 996 take about 996 × 6 / 300 = 19.9 s."""
    lines = []
    p = SimulationProgress(lines.append)
    clock = iter([0.0, 6.0])
    monkeypatch.setattr(build, "time", SimpleNamespace(monotonic=lambda: next(clock)))
    p.rendered(1, 1296)
    p.rendered(300, 1296)
    assert lines == ["rulebook: making the HTML: 300 of 1,296 pages, about 20 s left"]


def test_a_game_without_figures_is_counted_with_an_estimate_from_its_first_games(tmp_path, monkeypatch):
    """A game of the repository's own folder with no stats.json yet (Block, copied) used to be
    counted "N of about N games played, done" all along: no row had a count to go by. Each row now
    estimates the games it will play from the share of it done (its hands, or its work limit), and
    a row not begun counts as the rows begun do on average. Worked by hand: one process plays
    Block's four rows (2, 3, 4 players and 4 in partnerships) one after another, so while the first
    row is played the other three count as its estimate g, and the games to play are 4 × g, more
    than the games played; the last count has every game played, the sum of the rows' games. The
    clock is made to move a second at each reading, so that every report is passed on."""
    import itertools
    import shutil

    shutil.copytree(RULES / "block", tmp_path / "block")
    shutil.copy(RULES / "glossary.yaml", tmp_path / "glossary.yaml")
    (tmp_path / "block" / "stats.json").unlink()
    vdef = Catalog(tmp_path).variant("block")
    monkeypatch.setattr(stats, "MIN_HANDS", 200)
    clock = itertools.count()
    monkeypatch.setattr(stats, "time", SimpleNamespace(monotonic=lambda: float(next(clock))))
    counts = []
    data = stats.refresh([vdef], write=False, jobs=1, counts=counts.append)["block"]
    assert len(data["results"]) == 4
    first = [c for c in counts if 0 < c.played < data["results"][0]["games"]]
    assert first and all(c.to_play % 4 == 0 and c.to_play > c.played for c in first)
    total = sum(r["games"] for r in data["results"])
    assert (counts[-1].played, counts[-1].to_play, counts[-1].step) == (total, total, "figures")
    assert all(c.to_play > 0 for c in counts)
