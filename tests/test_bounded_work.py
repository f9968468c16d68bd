"""Work without a bound (issue 48, round three of the untrusted-input hunt):
every loop that depends on chance or on the size of a layout ends within a
bound, and what cannot end within it is refused at its line by ``check`` or
shown harmlessly. A hang is the defect here, so each case runs under a time
limit (:func:`within`): it ends in a located error or harmless output within
seconds, or the test fails instead of hanging the suite."""

import contextlib
import random
import signal
import time
from fractions import Fraction
from math import comb

import pytest

from conftest import shown

from generator.cli.main import main
from generator.families.line import draw as line_draw
from generator.engine import Params, Tile
from generator.engine.choices import Choices
from generator.families.line.rules.layout import Layout
from generator.engine.tiles import End
from generator.families.line.rules.variant import Variant
from generator.families.line import MIN_STANDING, standing_chance
from generator.families.line import play as play_line
from generator.play.session import Session, spec_of
from generator.families.line.sim import NoStandingDeal, standing_deal
from generator.sim.simulate import Work, deal, simulate
from generator.engine.rules import make_variant


@contextlib.contextmanager
def within(seconds: float):
    """Fail (``TimeoutError``) when the block runs longer than ``seconds``."""
    def late(signum, frame):
        raise TimeoutError(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


#: The house rule of the report: double-nine, 23 tiles to each of two players, thrown in at two doubles.
DEEP_REDEAL = """id: deep-redeal
extends: draw
name: {ja: 配り直しの多いドロー, en: Draw with many redeals}
params:
  set: 9
  deal: {2: 23}
  redeal_doubles: 2
"""


def _deep_redeal_rules() -> Variant:
    """The same rules built directly, as a spec in Play's data or a process's rebuild would be."""
    return make_variant({"set": 9, "players": [2], "deal": {2: 23}, "stock_reserve": 2, "redeal_doubles": 2},
                        {"lead": "black", "draw": "until-playable"}, "deep-redeal")


# -- re-deals ------------------------------------------------------------------------------------

def test_the_chance_a_deal_stands_is_the_count_of_the_deals_that_stand():
    """Double-six, 7 tiles to each of 2 players, thrown in at 2 doubles: a deal stands when
    each hand holds at most one of the 7 doubles (21 other tiles; 14 stay in the stock).
    Counting hands A then B (unordered tiles): no double dealt, C(21,7) C(14,7); one,
    7 doubles x 2 hands x C(21,6) C(15,7); two (one each), 7 x 6 x C(21,6) C(15,6); of
    C(28,7) C(21,7) deals in all."""
    stands = comb(21, 7) * comb(14, 7) + 14 * comb(21, 6) * comb(15, 7) + 42 * comb(21, 6) * comb(15, 6)
    assert standing_chance(6, 2, 7, 2) == Fraction(stands, comb(28, 7) * comb(21, 7))
    assert standing_chance(6, 2, 7, 8) == 1          # no hand of seven holds eight doubles


def test_the_reported_rule_stands_once_in_six_million_deals():
    """Double-nine (55 tiles, 10 doubles), 23 each to 2 players, 9 in the stock, at most one double
    a hand: at most 2 doubles are dealt, so the 9-tile stock holds 8 or 9 of them. Stock of 9
    doubles: 10 ways, the tenth double to either hand (2) with 22 of the 45 others; stock of 8
    doubles and an other: C(10,8) x 45, each hand one of the 2 doubles left (2) and 22 of the 44
    others. Of C(55,23) C(32,9) deals: about once in 6,084,595."""
    stands = 10 * 2 * comb(45, 22) + comb(10, 8) * 45 * 2 * comb(44, 22)
    chance = standing_chance(9, 2, 23, 2)
    assert chance == Fraction(stands, comb(55, 23) * comb(32, 9))
    assert round(1 / chance) == 6_084_595 and chance < MIN_STANDING


def test_check_refuses_a_redeal_that_almost_never_stands_at_its_line(rules_copy, capsys):
    game = rules_copy / "deep-redeal"
    game.mkdir()
    (game / "variant.yaml").write_text(DEEP_REDEAL)
    with within(30):
        assert main(["check", "-q", str(game)]) == 1
    err = capsys.readouterr().err
    # line 7, column 3: `redeal_doubles` in params
    assert err == (f"{shown(game / 'variant.yaml')}:7:3: error: `redeal_doubles: 2` throws in almost every deal: with "
                   "23 tiles to each of 2 hands from the double-9 set, a deal stands once in 6,084,595 on average; "
                   "a deal must stand at least once in 100 (deal fewer tiles, or throw in at more doubles)\n")


def test_simulate_refuses_the_rule_at_its_line_at_once(rules_copy, capsys):
    game = rules_copy / "deep-redeal"
    game.mkdir()
    (game / "variant.yaml").write_text(DEEP_REDEAL)
    with within(30):
        assert main(["simulate", "deep-redeal", "--players", "2", "--games", "3"]) == 2
    assert "`redeal_doubles: 2` throws in almost every deal" in capsys.readouterr().err


@pytest.mark.engine
def test_dealing_again_ends_with_a_clear_error_when_deals_never_stand():
    """Rules that reach the simulation without ``check`` (built directly) stop after the bounded
    number of deals thrown in, with an error that says why, within seconds."""
    with within(60):
        with pytest.raises(NoStandingDeal, match="deals in a row were thrown in"):
            simulate(_deep_redeal_rules(), players=2, games=3, seed=1)


@pytest.mark.engine
def test_play_a_hand_of_rules_whose_deals_never_stand_ends_with_an_error():
    with within(60):
        with pytest.raises(ValueError, match="deals in a row were thrown in"):
            Session(spec_of(_deep_redeal_rules()), seed=1, lang="en")


@pytest.mark.engine
def test_each_deal_thrown_in_is_charged_to_the_work_budget():
    """Double-six, 2 x 7, thrown in at 2 doubles (a deal stands about once in eight): each deal
    thrown in costs the 14 tiles it dealt. The deals are counted by dealing from the same seed."""
    v = Variant(Params(set=6, players=(2,), partnerships=(), deal={2: 7}, own=(("redeal_doubles", 2),)), Choices())
    names = ["N", "S"]
    for seed in range(20):
        rng, thrown = random.Random(seed), 0
        while v.thrown_in(deal(v, names, rng)[0]) is not None:
            thrown += 1
        work = Work()
        standing_deal(v, names, random.Random(seed), work)
        assert work.spent == 14 * thrown


# -- turn-by-turn positions ------------------------------------------------------------------------

def test_a_hand_whose_moves_place_more_tiles_than_a_diagram_draws_is_refused_at_the_move(rules_copy, capsys):
    """A hand's last line of play is drawn below its moves: the 41st tile placed is refused at its
    move (a diagram shows at most 40 tiles), before anything is played or drawn."""
    game = rules_copy / "long-draw"
    (game / "positions").mkdir(parents=True)
    (game / "variant.yaml").write_text("id: long-draw\nextends: draw\nname: {ja: 長いドロー, en: Long Draw}\n"
                                       "params:\n  set: 9\n  deal: {2: 23}\n")
    tiles = [f"{a}-{b}" for a in range(10) for b in range(a, 10)]
    lines = ["variant: long-draw", "deal:", "  players: [N, S]", "  leader: N", "  hands:",
             f"    N: [{', '.join(tiles[:23])}]", f"    S: [{', '.join(tiles[23:46])}]",
             f"  stock: [{', '.join(tiles[46:])}]", "turns:"]
    first_turn = len(lines) + 1
    lines += ['  - {by: N, play: "0-0"}'] * 41
    (game / "positions" / "long-hand.yaml").write_text("\n".join(lines) + "\n")
    with within(60):
        assert main(["check", "-q", str(game)]) == 1
    err = capsys.readouterr().err
    line = first_turn + 40                                  # the 41st move
    col = lines[line - 1].index("play") + 1
    assert f"long-hand.yaml:{line}:{col}: error: move 41 places tile 41 on the table: the hand's line of play is " \
           "drawn after its moves, and a diagram shows at most 40 tiles (end the hand's moves sooner)\n" in err
    assert "Traceback" not in err


# -- layouts ---------------------------------------------------------------------------------------

def _long_line(top: int) -> Layout:
    """Every tile of the double-``top`` set but the doubles in one line, grown at one end: an Euler
    circuit of the complete graph on the pips (each pip meets ``top`` others, an even number)."""
    unused = {a: set(range(top + 1)) - {a} for a in range(top + 1)}
    stack, circuit = [0], []
    while stack:
        a = stack[-1]
        if unused[a]:
            b = min(unused[a])
            unused[a].discard(b)
            unused[b].discard(a)
            stack.append(b)
        else:
            circuit.append(stack.pop())
    lay, prev = Layout(), None
    for a, b in zip(circuit, circuit[1:]):
        t = Tile(min(a, b), max(a, b))
        lay = lay.attach(t, None if prev is None else End(prev, str(a)))
        prev = t
    return lay


def _overlapping(arr: line_draw.Arrangement) -> list:
    boxes = arr.boxes
    return [(a.tile, b.tile) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h]


@pytest.mark.parametrize("top", [12, 18])
def test_a_line_of_the_largest_set_is_laid_out_within_seconds(top):
    """The double-18 set without its doubles is 171 tiles (19 x 18 / 2): all of them in one line
    are drawn, every tile once and none overlapping, well within the time limit."""
    lay = _long_line(top)
    assert len(lay) == (top + 1) * top // 2
    with within(30):
        arr = line_draw.arrange(lay)
    assert sorted(b.tile for b in arr.boxes) == sorted(p.tile for p in lay)
    assert not _overlapping(arr)


def test_play_on_the_largest_set_stays_responsive():
    """A double-18 Draw (190 tiles) played by the reader for 70 moves: the report measured 7-20 s a
    move by the twentieth and a tab frozen; each move's table is drawn (or shown in words) at once."""
    v = make_variant({"set": 18, "players": [2], "deal": {2: 7}, "stock_reserve": 2},
                     {"lead": "black", "draw": "until-playable", "doubles": "cross"}, "draw-18")
    s = Session(spec_of(v), seed=1, lang="en")
    view = s.view()
    slowest = 0.0
    with within(120):
        for _ in range(70):
            if view["phase"] != "turn":
                break
            start = time.monotonic()
            view = s.move(0) if view["moves"] else s.draw() if view["draw"] else s.pass_()
            slowest = max(slowest, time.monotonic() - start)
            assert view["table"].startswith("<svg") or view["table_words"]
    assert len(s.states[-1].layout) > 40                    # past the size a page's diagram may have
    assert slowest < 5                                      # under a second on an idle machine


@pytest.mark.parametrize("lang, note", [
    ("en", "This table is too large to draw, so here it is in words."),
    ("ja", "場が大きすぎて図にできないため、文章で示します。"),
])
def test_a_table_play_cannot_draw_is_shown_in_words(monkeypatch, lang, note):
    """When the layout search finds no drawing within its work, Play shows the table in words and
    says so, in the reader's language; nothing raises."""
    def cannot(*args, **kwargs):
        raise line_draw.LayoutError("no overlap-free drawing found")

    monkeypatch.setattr(line_draw, "arrange", cannot)
    monkeypatch.setattr(play_line, "_drawn", [None, None])
    v = make_variant({"set": 6, "players": [2], "deal": {2: 7}}, {"lead": "black", "draw": "none"}, "block")
    s = Session(spec_of(v), seed=3, lang=lang)
    view = s.view()
    view = s.move(0) if view["moves"] else s.pass_()
    assert view["table"] == ""
    assert view["table_words"].startswith(note + " ")
    assert len(view["table_words"]) > len(note) + 1        # the table itself, in words, follows


def test_a_worked_example_the_layout_search_cannot_draw_is_a_located_error(tmp_path, monkeypatch):
    """A page's example whose drawing the bounded search does not find fails the build at the
    example's file, not with a traceback from the drawing code."""
    import shutil

    from conftest import RULES
    from generator.model import Catalog
    from generator.site.build import BuildError, generate

    rules = tmp_path / "rules"
    rules.mkdir()
    shutil.copy(RULES / "glossary.yaml", rules / "glossary.yaml")
    shutil.copytree(RULES / "draw", rules / "draw")

    def cannot(*args, **kwargs):
        raise line_draw.LayoutError("no overlap-free drawing found")

    monkeypatch.setattr(line_draw, "arrange", cannot)
    with within(120):
        with pytest.raises(BuildError) as caught:
            generate(Catalog(rules), png=False, with_stats=False)
    errors = caught.value.errors
    assert errors and all(str(rules / "draw" / "positions") in e.file for e in errors)
    assert all("cannot be drawn" in e.message for e in errors)
