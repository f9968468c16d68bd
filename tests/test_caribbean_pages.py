"""The partnership games of the Caribbean on their pages (issue 47): who sets
the first tile, in words true of each game; the worked hands and practice
positions of Cuban, Dominican and Puerto Rican Dominoes verify, a wrong number
in them fails at its line, and a hand that ends the game names no next leader.
Every expected value is worked by hand from the rules (in the comments)."""

import re

import pytest

from generator.cli.main import main
from generator.engine import Params
from generator.engine.choices import Choices
from generator.families.line.rules.variant import Variant
from generator.pages.card import choice_words
from generator.families.line.words import lead_words
from generator.pages.houserules import differences_section

from conftest import ROOT, shown

#: The positions this file is about, by game.
NEW = {
    "cuban": ["hand-whole-blocked"],
    "dominican": ["capicua-fits-either-end", "hand-capicua-wins-game", "practice-double-first", "practice-either-end", "practice-play-away"],
    "puerto-rican": ["practice-play-away", "practice-not-the-double", "practice-both-ends-yours"],
}


def _at(path, needle: str, after: str | None = None) -> tuple[int, int]:
    """The line and column (from 1) of the first ``needle`` in the file at
    ``path`` (the first after the line holding ``after``): where a check
    must point."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = 0 if after is None else next(i for i, ln in enumerate(lines) if after in ln) + 1
    i = next(i for i in range(start, len(lines)) if needle in lines[i])
    return i + 1, lines[i].index(needle) + 1


# -- who sets the first tile ----------------------------------------------------------------------

@pytest.mark.parametrize("vid,lang,words", [
    # Four hands of seven take all 28 double-six tiles, so someone always holds the 6-6: no
    # "no double" case. The winning pair leads later hands (next_lead: winning-side); only a
    # drawn hand names nobody, and the next is then set as the first one.
    ("dominican", "en", "first hand, and after a drawn hand: the holder of the 6-6 sets it"),
    ("dominican", "ja", "最初のハンドと、引き分けたハンドのあとは6-6を持つ人がそれをセット"),
    ("puerto-rican", "en", "first hand, and after a drawn hand: the holder of the 6-6 sets it"),
    ("puerto-rican", "ja", "最初のハンドと、引き分けたハンドのあとは6-6を持つ人がそれをセット"),
    # Block deals seven each to two or three players too (14 or 7 left undealt), where no double
    # may be dealt; every hand is set the same way (as-first-hand): the words are unchanged.
    ("block", "en", "the holder of the highest double sets it (no double: the heaviest tile)"),
])
def test_the_card_says_who_sets_as_true_of_the_game(catalog, vid, lang, words):
    assert choice_words("lead", catalog.variant(vid).rules, lang) == words


@pytest.mark.parametrize("lang,parent,child", [
    ("en", "chosen by lot; any tile", "first hand, and after a drawn hand: the holder of the 6-6 sets it"),
    ("ja", "くじで決めた人が好きな牌をセット", "最初のハンドと、引き分けたハンドのあとは6-6を持つ人がそれをセット"),
])
@pytest.mark.parametrize("vid", ["dominican", "puerto-rican"])
def test_the_differences_say_who_sets_in_the_cards_words(catalog, vid, lang, parent, child):
    text = differences_section(catalog.variant(vid), lang)
    row = next(ln for ln in text.splitlines() if "cuban.md#the-set" in ln)
    assert f"[{parent}](cuban.md#the-set)" in row and f"**{child}**" in row
    assert "heaviest" not in text and "最も重い" not in text


@pytest.mark.parametrize("next_lead,words", [
    ("as-first-hand", "the holder of the 6-6 sets it"),                   # every hand
    ("next-seat", "first hand: the holder of the 6-6 sets it"),           # later: the next seat
    ("winner", "first hand, and after a block: the holder of the 6-6 sets it"),   # a block names nobody
])
def test_the_set_is_said_to_hold_for_the_hands_it_opens(next_lead, words):
    """Four players, seven each of 28: every tile dealt. Who leads later hands decides which hands
    the highest double opens."""
    v = Variant(Params(set=6, players=(4,), partnerships=(), deal={4: 7}, target=100),
                Choices(lead="highest-double", next_lead=next_lead))
    assert lead_words(v, "en", later=False) == words


# -- the positions --------------------------------------------------------------------------------

def test_the_new_positions_verify(capsys):
    paths = [str(ROOT / "rules" / vid / "positions" / f"{name}.yaml") for vid, names in NEW.items() for name in names]
    assert main(["check", *paths]) == 0, capsys.readouterr().err
    assert f"{len(paths)} position(s) verified, ok" in capsys.readouterr().err


def test_a_wrong_number_in_the_whole_cuban_hand_fails_at_its_line(rules_copy, capsys):
    """N+S are left with 58 + 66 = 124 pips, E+W with 37 + 19 = 56: E+W score 124. Stating 125 is
    an error at `points`; stating that W's 7-8 (move 14) leaves its 7 open, where it leaves its 8, is
    an error at that move's `open`."""
    pos = rules_copy / "cuban" / "positions" / "hand-whole-blocked.yaml"
    text = pos.read_text(encoding="utf-8")
    text = text.replace('points: {"E+W": 124}', 'points: {"E+W": 125}')
    text = text.replace('open: ["7-8:8", "9-9:b"], next: S', 'open: ["7-8:7", "9-9:b"], next: S')
    pos.write_text(text, encoding="utf-8")
    assert main(["check", "-q", str(pos)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    line, col = _at(pos, "open: [\"7-8:7\"")
    points = _at(pos, "points:", after="  end: blocked")       # the hand's own expect, at its end
    assert err[0].startswith(f"{shown(pos)}:{line}:{col}: error: move 14 (W play 7-8) open: stated [\"7-8:7\", \"9-9:b\"], "
                             f"the engine computes [\"7-8:8\", \"9-9:b\"]"), err
    assert err[1] == f"{shown(pos)}:{points[0]}:{points[1]}: error: points: stated {{\"E+W\": 125}}, " \
                     f"the engine computes {{\"E+W\": 124}}", err
    assert len(err) == 2 and "Traceback" not in "".join(err)


@pytest.mark.parametrize("vid,name,wrong", [
    # the 2-4 on the 4 leaves 2 and 2, where none of 4-5, 0-4 and 1-1 follows: not the best play
    ("dominican", "practice-either-end", "2-4 at 4-6:4"),
    # the 3-3 on the 3 keeps 3 and 5, where only 2-3 follows (1), against the 2-3's 2
    ("puerto-rican", "practice-not-the-double", "3-3 at 3-5:3"),
])
def test_a_wrong_practice_answer_fails_at_its_line(rules_copy, capsys, vid, name, wrong):
    pos = rules_copy / vid / "positions" / f"{name}.yaml"
    text = pos.read_text(encoding="utf-8")
    pos.write_text(re.sub(r'answer: \[".*"\]', f'answer: ["{wrong}"]', text), encoding="utf-8")
    assert main(["check", "-q", str(pos)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    line, _ = _at(pos, "answer:")
    assert len(err) == 1 and err[0].startswith(f"{shown(pos)}:{line}:") and ": error: " in err[0], err
    assert wrong in err[0] and "Traceback" not in err[0]


def test_a_hand_that_ends_the_game_names_no_next_leader(rules_copy, capsys):
    """N goes out with a capicúa: E+W hold 31 + 11 = 42, and 25 more make 67; N+S go from 150 to
    217, past 200, and the game is over. The position states `next_leader: null`; stating that N
    (who went out) leads the next hand is an error at that key."""
    pos = rules_copy / "dominican" / "positions" / "hand-capicua-wins-game.yaml"
    assert "  next_leader: null" in pos.read_text(encoding="utf-8")
    assert main(["check", "-q", str(pos)]) == 0
    pos.write_text(pos.read_text(encoding="utf-8").replace("next_leader: null", "next_leader: N"), encoding="utf-8")
    capsys.readouterr()
    assert main(["check", "-q", str(pos)]) == 1
    line, col = _at(pos, "next_leader:")
    assert capsys.readouterr().err.strip().splitlines() == [
        f"{shown(pos)}:{line}:{col}: error: next_leader: stated \"N\", the engine computes null"]


def test_the_puerto_rican_first_hand_opens_with_the_6_6(tmp_path, capsys):
    """Four hands of seven hold all 28 tiles, and N holds the 6-6 (Dania Ramos's sheet: the holder
    of the highest double starts the first hand): E may not lead it, and N must set the 6-6."""
    deal = ("variant: puerto-rican\ndeal:\n  players: [N, E, S, W]\n  teams: [[N, S], [E, W]]\n  leader: {who}\n"
            "  hands:\n"
            '    N: ["6-6", "0-6", "1-2", "2-2", "2-3", "1-3", "2-4"]\n'
            '    E: ["5-6", "1-4", "1-6", "0-3", "0-5", "0-1", "1-1"]\n'
            '    S: ["2-5", "0-2", "3-6", "3-4", "1-5", "3-5", "0-0"]\n'
            '    W: ["2-6", "4-6", "3-3", "0-4", "4-4", "4-5", "5-5"]\n'
            "  stock: []\nturns:\n  - by: {who}\n    play: \"{tile}\"\n")
    pos = tmp_path / "lead.yaml"
    pos.write_text(deal.format(who="N", tile="6-6"), encoding="utf-8")
    assert main(["check", "-q", str(pos)]) == 0
    pos.write_text(deal.format(who="E", tile="5-6"), encoding="utf-8")
    assert main(["check", "-q", str(pos)]) == 1
    assert capsys.readouterr().err.strip().splitlines() == [
        f"{shown(pos)}:5:3: error: N holds 6-6, the highest double dealt, and sets it; E cannot lead "
        f"[rule puerto-rican/lead]"]
    pos.write_text(deal.format(who="N", tile="2-4"), encoding="utf-8")
    assert main(["check", "-q", str(pos)]) == 1
    assert capsys.readouterr().err.strip().splitlines() == [      # line 14: the first move's `play`
        f"{shown(pos)}:14:5: error: move 1: the hand opens with 6-6, the highest double dealt, not 2-4 "
        f"[rule puerto-rican/lead]"]
