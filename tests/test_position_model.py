"""The position model's promises (generator/families/line/positions.py), through
`rulebook check -q FILE` (each problem one `FILE:LINE:COL: error: MESSAGE`
line on stderr, sorted by line and column, exit 1), `rulebook score FILE
--json` (the first problem as `LINE:COL: message`, or the engine's values) and
the catalog's parsed positions.

Every file is written here line by line (``doc(...)``, its line numbers in the
comments), and every expected location, message and value is worked out by
hand from that file and the rules in rules/<game>/variant.yaml: a column is
1-based and points at the offending key, or at the value where a value is
wrong (a tile, an end, a list item).
"""

import json

import pytest

from generator.cli.main import main

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine


def doc(*lines: str) -> str:
    """A YAML file from its lines (line 1 first)."""
    return "\n".join(lines) + "\n"


def check(tmp_path, capsys, text: str, name: str = "p.yaml") -> tuple[int, list[str]]:
    """``rulebook check -q`` of one file: (exit code, its stderr lines with the path shown as FILE)."""
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    code = main(["check", "-q", str(f)])
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    return code, [line.replace(str(f), "FILE") for line in err.splitlines()]


def score(tmp_path, capsys, text: str, name: str = "p.yaml") -> tuple[int, dict]:
    """``rulebook score FILE --json`` of one file: (exit code, its one element without ``file``)."""
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    code = main(["score", str(f), "--json"])
    (item,) = json.loads(capsys.readouterr().out)
    assert item.pop("file") == str(f)
    return code, item


def first_problem(tmp_path, capsys, text: str) -> str:
    """The ``error`` of ``rulebook score --json`` (the first problem the model found)."""
    code, item = score(tmp_path, capsys, text)
    assert code == 1 and list(item) == ["error"], item
    return item["error"]


# -- the schema, and keys YAML reads as something else --------------------------------------------

def test_a_schema_problem_is_reported_at_its_key(tmp_path, capsys):
    """A misspelt key of a step is refused by the schema, at the key, with the
    nearest right spelling (steps.0 is the first step)."""
    text = doc('variant: horse-race',   # 1
               'steps:',                # 2
               '  - play: "1-4"',       # 3
               '    att: "1-4:4"')      # 4
    assert check(tmp_path, capsys, text) == (
        1, ["FILE:4:5: error: unknown key 'att' in steps.0; did you mean 'at'?"])


def test_a_player_name_read_as_a_number_is_named_at_its_key(tmp_path, capsys):
    """A hand keyed `5:` is the number 5 to YAML; the schema cannot see it, the
    name check after it does (col 17: the `5` of `{N: 0, 5: 3}`)."""
    text = doc('variant: horse-race',        # 1
               'settle:',                    # 2
               '  hands: {N: 0, 5: 3}')      # 3
    assert check(tmp_path, capsys, text) == (
        1, ['FILE:3:17: error: YAML reads the key `5` as a number; a player\'s or side\'s name is text: '
            'write it in quotes ("5")'])


#: Steps whose keys YAML reads as booleans (`on:` is true, `no:` false) around a misspelt key.
ON_STEPS = doc('variant: horse-race',     # 1
               'steps:',                  # 2
               '  - play: "1-4"',         # 3
               '  - play: "4-5"',         # 4
               '    on: "1-4:4"',         # 5  steps.1: `on` read as true
               '  - play: "5-6"',         # 6
               '    att: "4-5:5"',        # 7  steps.2: misspelt `at`
               '  - play: "6-6"',         # 8
               '    no: "5-6:6"')         # 9  steps.3: `no` read as false


def test_boolean_keys_in_steps_are_named_instead_of_unknown_key_true(tmp_path, capsys):
    """`on:` in a step is named as YAML's true with what to write instead,
    `no:` as YAML's false; neither is also reported as "unknown key 'True'";
    the misspelt key between them is still reported."""
    assert check(tmp_path, capsys, ON_STEPS) == (1, [
        "FILE:5:5: error: YAML reads the key `on` as true: name the end the tile joins with `at:`",
        "FILE:7:5: error: unknown key 'att' in steps.2; did you mean 'at'?",
        "FILE:9:5: error: YAML reads the key `no` as false, which is no key here; write the key you mean"])


def test_boolean_key_problems_keep_the_files_order(tmp_path, capsys):
    """The model's own list is in line order: `rulebook score` gives the first
    problem of the file (line 5), not the schema's first (line 7)."""
    assert first_problem(tmp_path, capsys, ON_STEPS) == (
        "5:5: YAML reads the key `on` as true: name the end the tile joins with `at:`")


def test_an_on_key_in_a_move_is_named(tmp_path, capsys):
    """`on:` in a move of a hand is named like one in a step (turns.0, its key
    at line 10, column 5); the schema runs before the deal is looked at."""
    text = doc('variant: draw',               # 1
               'deal:',                       # 2
               '  players: [B, W]',           # 3
               '  leader: B',                 # 4
               '  hands: {B: [], W: []}',     # 5
               '  stock: []',                 # 6
               'turns:',                      # 7
               '  - by: B',                   # 8
               '    play: "3-4"',             # 9
               '    on: "3-4:3"')             # 10
    assert check(tmp_path, capsys, text) == (
        1, ["FILE:10:5: error: YAML reads the key `on` as true: name the end the tile joins with `at:`"])


def test_steps_written_as_a_mapping_is_one_problem(tmp_path, capsys):
    """`steps` must be a list; written as a mapping it is one schema problem
    at the key `steps`, and nothing inside it is read as a step (so its `on:`
    is not reported as a step's)."""
    text = doc('variant: horse-race',      # 1
               'steps:',                   # 2
               '  0: {on: x}')             # 3
    assert check(tmp_path, capsys, text) == (
        1, ["FILE:2:1: error: steps should be a list, not a mapping ({'0': {'True': 'x'}})"])


# -- notation problems of steps: all reported -----------------------------------------------------

#: The rules a placement may be stated as rejected by (RULE_IDS), sorted, for horse-race.
HORSE_RACE_RULES = ("horse-race/blank, horse-race/doubles, horse-race/doubles-crosswise, horse-race/each-tile-once, "
                    "horse-race/lead, horse-race/matching, horse-race/multiple-of-3, horse-race/multiple-of-5, "
                    "horse-race/placement, horse-race/set, horse-race/spinner-sides-first, horse-race/star-arms-first, "
                    "horse-race/straight-sides-first, "
                    "horse-race/sum-7, "
                    "horse-race/touch")

BAD_STEPS = doc('variant: horse-race',               # 1
                'steps:',                            # 2
                '  - play: "1-9"',                   # 3  no 9 in a double-six set
                '  - play: "4-5"',                   # 4
                '    at: "1-4:5"',                   # 5  1-4 has no 5
                '  - play: "5-6"',                   # 6
                '    at: "4-5:5"',                   # 7
                '    reject: horse-race/nonsense',   # 8  this game, no such rule
                '  - play: "6-6"',                   # 9
                '    at: "5-6:6"',                   # 10
                '    reject: matador/matching')      # 11 a rule of another game


def test_every_notation_problem_of_the_steps_is_reported_at_its_value(tmp_path, capsys):
    """A tile, an end and two reject rules written wrongly: each is reported,
    at the value (column 11 for `play: "`, 9 for `at: "`, 13 for `reject: `),
    the unknown rules with every rule of the game that may be named."""
    assert check(tmp_path, capsys, BAD_STEPS) == (1, [
        "FILE:3:11: error: '1-9' is not in a double-6 set (pips run from 0 to 6)",
        "FILE:5:9: error: '1-4:5': the ends of 1-4 are 1 and 4",
        f"FILE:8:13: error: unknown rule 'horse-race/nonsense'; horse-race's rules are {HORSE_RACE_RULES}",
        f"FILE:11:13: error: unknown rule 'matador/matching'; horse-race's rules are {HORSE_RACE_RULES}"])


def test_score_gives_the_first_notation_problem(tmp_path, capsys):
    """`rulebook score` cannot score the file and gives its first problem."""
    assert first_problem(tmp_path, capsys, BAD_STEPS) == (
        "3:11: '1-9' is not in a double-6 set (pips run from 0 to 6)")


# -- settlements: the hands, the teams, `out`, the sides named ------------------------------------

def test_every_tile_problem_of_the_settled_hands_is_reported(tmp_path, capsys):
    """A bad tile does not stop the rest of its hand being read: N's second
    2-3 is still reported; a tile written in two hands names the first hand.
    Items of `    N: ["1-9", "2-3", "2-3"]` start at columns 9, 16 and 23."""
    text = doc('variant: horse-race',                  # 1
               'settle:',                              # 2
               '  hands:',                             # 3
               '    N: ["1-9", "2-3", "2-3"]',         # 4
               '    E: ["3-4"]',                       # 5
               '    W: ["3-4", "x"]')                  # 6
    assert check(tmp_path, capsys, text) == (1, [
        "FILE:4:9: error: '1-9' is not in a double-6 set (pips run from 0 to 6)",
        "FILE:4:23: error: 2-3 is written twice (also in N's hand)",
        "FILE:6:9: error: 3-4 is written twice (also in E's hand)",
        "FILE:6:16: error: 'x' is not a tile; write it as \"a-b\" or \"[a|b]\""])
    assert first_problem(tmp_path, capsys, text) == "4:9: '1-9' is not in a double-6 set (pips run from 0 to 6)"


@pytest.mark.parametrize("lines,problem", [
    # five individuals: Horse Race is for 2, 3 or 4 (located at `hands`)
    (('  hands: {N: 1, E: 2, S: 3, W: 4, X: 5}',),
     "3:3: error: horse-race is played by 2, 3, 4 players as individuals, not 5"),
    # W is in no team
    (('  teams: [[N, S], [E]]', '  hands: {N: 1, E: 2, S: 3, W: 4}'),
     "3:3: error: the teams must name every player exactly once"),
    # every player in a team, but Horse Race has partnerships for 4 only
    (('  teams: [[N, S], [E]]', '  hands: {N: 1, E: 2, S: 3}'),
     "3:3: error: horse-race has no partnership game for 3 players"),
    (('  teams: [[N, S, E], [W]]', '  hands: {N: 1, E: 2, S: 3, W: 4}'),
     "3:3: error: partnerships must be of equal size"),
    (('  out: X', '  hands: {N: 0, E: 5}'),
     "3:3: error: `out` names 'X', who has no hand here"),
    # located at N in `  hands: {N: 3, E: 5}` (column 11)
    (('  out: N', '  hands: {N: 3, E: 5}'),
     "4:11: error: N went out, so their hand must be empty"),
    # a double-six set holds 8 x (0 + 1 + ... + 6) = 168 pips; located at E (column 17)
    (('  out: N', '  hands: {N: 0, E: 169}'),
     "4:17: error: 169 pips is more than the whole set holds (168)"),
    # located at X in `  scores: {N: 3, X: 4}` (the key, column 18)
    (('  out: N', '  hands: {N: 0, E: 5}', '  scores: {N: 3, X: 4}'),
     "5:18: error: 'X' is not a side here; the sides are N, E"),
    (('  out: N', '  hands: {N: 0, E: 5}', '  scores: {N: 3}'),
     "5:3: error: give a score for every side: N, E"),
    (('  out: N', '  hands: {N: 0, E: 5}', '  expect:', '    scores_after: {N: 1, E: 0}'),
     "6:5: error: `scores_after` needs the scores before the settlement (`scores`)"),
    (('  out: N', '  hands: {N: 0, E: 5}', '  expect:', '    game_winners: [N]'),
     "6:5: error: `game_winners` needs the scores before the settlement (`scores`)"),
], ids=["five-individuals", "team-misses-a-player", "no-partnerships-for-three", "unequal-teams",
        "out-has-no-hand", "out-holds-tiles", "more-pips-than-the-set", "score-of-no-side", "score-missing",
        "scores-after-without-scores", "game-winners-without-scores"])
def test_a_settlement_problem_is_one_located_line(tmp_path, capsys, lines, problem):
    """Each mistake in a settlement's players, teams, hands or scores is one
    line at the key it concerns (line 3 is the first line under `settle:`)."""
    text = doc('variant: horse-race', 'settle:', *lines)
    assert check(tmp_path, capsys, text) == (1, ["FILE:" + problem])


def test_a_hand_may_hold_the_whole_sets_pips(tmp_path, capsys):
    """168 pips, the whole double-six set, is not more than the set holds."""
    text = doc('variant: horse-race', 'settle:', '  out: N', '  hands: {N: 0, E: 168}')
    assert check(tmp_path, capsys, text) == (0, [])


@pytest.mark.parametrize("line,col", [
    ('    points: {N: 1, X: 0}', 20),
    ('    raw: {N: 1, X: 0}', 17),
    ('    scores_after: {N: 1, X: 0}', 26),
    ('    winners: [N, X]', 18),
    ('    game_winners: [N, X]', 23),
], ids=["points", "raw", "scores_after", "winners", "game_winners"])
def test_a_stated_value_of_no_side_is_located_at_the_name(tmp_path, capsys, line, col):
    """An unknown side in a stated mapping is located at its key, in a stated
    list at the item (here X, the second item or key, on line 7)."""
    text = doc('variant: horse-race',       # 1
               'settle:',                   # 2
               '  out: N',                  # 3
               '  hands: {N: 0, E: 5}',     # 4
               '  scores: {N: 0, E: 0}',    # 5
               '  expect:',                 # 6
               line)                        # 7
    assert check(tmp_path, capsys, text) == (1, [f"FILE:7:{col}: error: 'X' is not a side here; the sides are N, E"])


# -- settlements: stated values against the engine ------------------------------------------------

#: Horse Race, blocked, three players: N and E tie on 5 pips and both win (ties: all-tied-win); each
#: winner's opponents hold 30 - 5 = 25, rounded to 25, 25 / 5 = 5 points. Scores 60 and 58 become 65 and
#: 63: both at or past the target of 61.
TIE = ('variant: horse-race',                      # 1
       'settle:',                                  # 2
       '  hands: {N: 5, E: 5, W: 20}',             # 3
       '  scores: {N: 60, E: 58, W: 0}')           # 4


def test_a_settlement_is_compared_value_by_value(tmp_path, capsys):
    """Lists of sides agree in any order (winners, game_winners); a mapping
    must agree value by value (E's points): the one wrong value is reported
    at its key, with each winner's pips and raw points."""
    text = doc(*TIE,
               '  expect:',                                  # 5
               '    winners: [E, N]',                        # 6
               '    points: {N: 5, E: 6}',                   # 7
               '    raw: {N: 25, E: 25}',                    # 8
               '    scores_after: {N: 65, E: 63, W: 0}',     # 9
               '    game_winners: [E, N]')                   # 10
    assert check(tmp_path, capsys, text) == (1, [
        'FILE:7:5: error: points: stated {"N": 5, "E": 6}, the engine computes {"N": 5, "E": 5} '
        '(N: the other players hold 25 pips, its own hand 5, raw 25, E: the other players hold 25 pips, '
        'its own hand 5, raw 25)'])


def test_a_settlement_as_json(tmp_path, capsys):
    """`score --json` of a settlement with scores: the settlement's winners
    (in seat order), points, raw, scores_after and game_winners, and the last
    two beside it."""
    assert score(tmp_path, capsys, doc(*TIE)) == (0, {
        "variant": "horse-race",
        "settlement": {"winners": ["N", "E"], "points": {"N": 5, "E": 5}, "raw": {"N": 25, "E": 25},
                       "scores_after": {"N": 65, "E": 63, "W": 0}, "game_winners": ["N", "E"]},
        "scores_after": {"N": 65, "E": 63, "W": 0}, "game_winners": ["N", "E"]})


@pytest.mark.parametrize("lines,problem", [
    # Draw, blocked: 北 holds 0-1 = 1 pip, 南 3-5 = 8; 北 wins, and Draw scores no points (no raw)
    (('  hands: {北: ["0-1"], 南: ["3-5"]}', '  expect:', '    winners: [南]'),
     '5:5: error: winners: stated ["南"], the engine computes ["北"] (北: the other player holds 8 pips, '
     'its own hand 1)'),
    # Draw, blocked on equal totals: B 2-6 + 1-1 = 10, W 4-5 + 0-1 = 10 (ties: nobody-wins)
    (('  hands: {B: ["2-6", "1-1"], W: ["4-5", "0-1"]}', '  expect:', '    winners: [B]'),
     '5:5: error: winners: stated ["B"], the engine computes [] (no single lowest total: nobody wins)'),
], ids=["names-as-written", "nobody-wins"])
def test_a_wrong_winner_is_explained(tmp_path, capsys, lines, problem):
    """The message quotes the stated and computed values as written (names in
    any script) and says why: each winner's pips, or that nobody wins."""
    assert check(tmp_path, capsys, doc('variant: draw', 'settle:', *lines)) == (1, ["FILE:" + problem])


# -- hands played from the deal: the deal --------------------------------------------------------

#: Draw (two players, seven each, the other fourteen in the stock), seed 003's deal; moves follow from line 10.
DRAW_HEAD = ('variant: draw',                                                       # 1
             'deal:',                                                               # 2
             '  players: [B, W]',                                                   # 3
             '  leader: B',                                                         # 4
             '  hands:',                                                            # 5
             '    B: ["3-4", "3-3", "4-4", "2-4", "3-5", "0-4", "6-6"]',            # 6
             '    W: ["0-0", "0-1", "0-6", "1-1", "1-2", "2-5", "5-6"]',            # 7
             '  stock: ["0-2", "1-5", "2-6", "1-3", "0-3", "0-5", "1-4", "1-6", "2-2", "2-3", "3-6", "4-5",'
             ' "4-6", "5-5"]',                                                      # 8
             'turns:')                                                              # 9
#: B sets 3-4 (line 10-11); W, holding no 3 and no 4, must draw.
B_SETS = ('  - by: B', '    play: "3-4"')


@pytest.mark.parametrize("lines,problem", [
    (('variant: draw', 'deal:', '  players: [B, B]', '  leader: B', '  hands: {B: []}', '  stock: []',
      'turns:', '  - {by: B, pass: true}'),
     "3:3: error: a player is seated twice"),
    # Block is for 2, 3 or 4 players (located at `players`)
    (('variant: block', 'deal:', '  players: [A, B, C, D, E]', '  leader: A',
      '  hands: {A: [], B: [], C: [], D: [], E: []}', '  stock: []', 'turns:', '  - {by: A, pass: true}'),
     "3:3: error: block is played by 2, 3, 4 players as individuals, not 5"),
    (('variant: draw', 'deal:', '  players: [B, W]', '  leader: X', '  hands: {B: [], W: []}', '  stock: []',
      'turns:', '  - {by: B, pass: true}'),
     "4:3: error: the leader 'X' is not seated"),
    (('variant: draw', 'deal:', '  players: [B, W]', '  leader: B', '  hands: {B: [], X: []}', '  stock: []',
      'turns:', '  - {by: B, pass: true}'),
     "5:3: error: give exactly one hand for every seated player"),
    # the stock without its last two tiles, 4-6 and 5-5 (listed in the set's order)
    (DRAW_HEAD[:7] + ('  stock: ["0-2", "1-5", "2-6", "1-3", "0-3", "0-5", "1-4", "1-6", "2-2", "2-3", "3-6",'
                      ' "4-5"]', 'turns:') + B_SETS,
     "8:3: error: the deal and stock must hold the whole set; missing: 4-6, 5-5"),
    # located at `by` (the move's second key, line 11)
    (DRAW_HEAD + ('  - play: "3-4"', '    by: X'),
     "11:5: error: 'X' is not seated"),
    (DRAW_HEAD + B_SETS + ('  - by: W', '    draw: "0-2"', '    at: "3-4:3"'),
     "14:5: error: `at` goes with `play`"),
    (DRAW_HEAD + B_SETS + ('  - by: W', '    pass: true', '    as: cross'),
     "14:5: error: `as` goes with `play`"),
    (DRAW_HEAD + B_SETS + ('  - by: W', '    draw: "0-2"', '    touch: 3'),
     "14:5: error: `touch` goes with `play`"),
], ids=["seated-twice", "five-individuals", "leader-not-seated", "hand-of-no-player", "set-incomplete",
        "move-by-no-player", "at-on-a-draw", "as-on-a-pass", "touch-on-a-draw"])
def test_a_deal_or_move_problem_is_one_located_line(tmp_path, capsys, lines, problem):
    """Each mistake in a deal's seats, leader, hands or stock, and each move
    by no player or with a key only a play takes, is one line at its key."""
    assert check(tmp_path, capsys, doc(*lines)) == (1, ["FILE:" + problem])


def test_every_tile_problem_of_a_deal_is_reported(tmp_path, capsys):
    """A bad tile, a hand of the wrong size and tiles written twice (in a
    hand and in the stock) are all reported; a tile written twice names where
    it was first written. Tile k of a hand line starts at column 9 + 7k, of
    the stock line at 11 + 7k."""
    text = doc('variant: draw',                                                          # 1
               'deal:',                                                                  # 2
               '  players: [B, W]',                                                      # 3
               '  leader: B',                                                            # 4
               '  hands:',                                                               # 5
               '    B: ["3-4", "3-3", "4-4", "2-4", "3-5", "0-4", "6-6", "9-9"]',        # 6
               '    W: ["0-0", "0-1", "0-6", "1-1", "1-2", "2-5", "3-4"]',               # 7
               '  stock: ["0-2", "1-5", "2-6", "1-3", "0-3", "0-5", "1-4", "1-6", "2-2", "2-3", "3-6", "4-5",'
               ' "4-6", "0-0"]',                                                         # 8
               'turns:',                                                                 # 9
               *B_SETS)                                                                  # 10-11
    assert check(tmp_path, capsys, text) == (1, [
        "FILE:6:5: error: B holds 8 tiles; draw deals 7 each to 2 players",
        "FILE:6:58: error: '9-9' is not in a double-6 set (pips run from 0 to 6)",
        "FILE:7:51: error: 3-4 is written twice (first at line 6, column 9)",
        "FILE:8:102: error: 0-0 is written twice (first at line 7, column 9)"])
    # the model reads the hands in seat order, each hand's tiles before its size
    assert first_problem(tmp_path, capsys, text) == "6:58: '9-9' is not in a double-6 set (pips run from 0 to 6)"


#: Block, four players in two partnerships, the whole set dealt (seven each, nothing left to draw); N
#: holds the highest double, 6-6, and leads. Line 6 is the scores; the moves follow from line 14.
BLOCK_FOUR = ('variant: block',                                                # 1
              'deal:',                                                         # 2
              '  players: [N, E, S, W]',                                       # 3
              '  teams: [[N, S], [E, W]]',                                     # 4
              '  leader: N',                                                   # 5
              None,                                                            # 6 scores
              '  hands:',                                                      # 7
              '    N: ["6-6", "0-0", "0-1", "0-2", "0-3", "0-4", "0-5"]',      # 8
              '    E: ["0-6", "1-1", "1-2", "1-3", "1-4", "1-5", "1-6"]',      # 9
              '    S: ["2-2", "2-3", "2-4", "2-5", "2-6", "3-3", "3-4"]',      # 10
              '    W: ["3-5", "3-6", "4-4", "4-5", "4-6", "5-5", "5-6"]',      # 11
              '  stock: []',                                                   # 12
              'turns:',                                                        # 13
              '  - by: N',                                                     # 14
              '    draw: "0-0"')                                               # 15


def block_four(scores: str) -> str:
    return doc(*(scores if line is None else line for line in BLOCK_FOUR))


def test_deal_scores_are_by_partnership(tmp_path, capsys):
    """With teams the sides are the partnerships, N+S and E+W: a score for
    another name is refused at its key (column 20 of `  scores: {N+S: 0, X: 1}`)."""
    assert check(tmp_path, capsys, block_four('  scores: {N+S: 0, X: 1}')) == (
        1, ["FILE:6:20: error: 'X' is not a side here; the sides are N+S, E+W"])


# -- hands played from the deal: moves the rules refuse ------------------------------------------

@pytest.mark.parametrize("text,problem", [
    # W holds no 3 and no 4 and draws the top of the stock, 0-2, not the 1-5 written (at the value)
    (doc(*DRAW_HEAD, *B_SETS, '  - by: W', '    draw: "1-5"'),
     "13:11: error: move 2: W draws 0-2, the top of the stock, not 1-5"),
    # 0-0 cannot join the 3 end (at the `play` key)
    (doc(*DRAW_HEAD, *B_SETS, '  - by: W', '    play: "0-0"', '    at: "3-4:3"'),
     "13:5: error: move 2: 0-0 does not match 3-4:3, which shows 3 (open ends: 3-4:3, 3-4:4) [rule draw/matching]"),
    # Block has no drawing, and here nothing is left to draw either
    (block_four('  scores: {N+S: 0, E+W: 0}'),
     "15:5: error: move 1: this game has no drawing [rule block/no-draw]"),
], ids=["draws-another-tile", "tile-does-not-match", "draw-from-no-stock"])
def test_a_refused_move_is_located_at_its_move(tmp_path, capsys, text, problem):
    """A move the engine refuses, or a draw of another tile than the top of
    the stock, is one line at the move's `play`/`draw`, numbered from 1."""
    assert check(tmp_path, capsys, text) == (1, ["FILE:" + problem])


# -- hands played from the deal: stated values -----------------------------------------------------

#: Block, two players, seven each (the other fourteen stay out of play), scores 99 and 100 before the
#: hand (target 100). N holds the highest double, 5-5, and sets it; E holds no 5 and passes; N joins
#: 4-5 to 5-5:b, leaving 5 and 4, which nobody holds: blocked. N 0-0 0-1 0-2 0-3 1-1 = 8 pips, E 1-2
#: 1-3 1-6 2-2 2-3 2-6 3-3 = 3+4+7+4+5+8+6 = 37; N wins 37 - 8 = 29, reaching 128, and E stays on 100:
#: both at or past the target. Block counts every open end: 5 + 5 = 10, then 4 + 5 = 9; it scores none.
BLOCK_TWO = ('variant: block',                                                                  # 1
             'deal:',                                                                           # 2
             '  players: [N, E]',                                                               # 3
             '  leader: N',                                                                     # 4
             '  scores: {N: 99, E: 100}',                                                       # 5
             '  hands:',                                                                        # 6
             '    N: ["5-5", "4-5", "0-0", "0-1", "0-2", "0-3", "1-1"]',                        # 7
             '    E: ["1-2", "1-3", "1-6", "2-2", "2-3", "2-6", "3-3"]',                        # 8
             '  stock: ["0-4", "0-5", "0-6", "1-4", "1-5", "2-4", "2-5", "3-4", "3-5", "3-6", "4-4", "4-6",'
             ' "5-6", "6-6"]',                                                                  # 9
             'turns:')                                                                          # 10


def test_each_wrong_value_of_a_hand_is_located_and_explained(tmp_path, capsys):
    """Every stated value of every move, and of the hand's end, is compared:
    a placement value on a pass is refused, a list of sides agrees in any
    order (game_winners), and each wrong value is reported at its key."""
    text = doc(*BLOCK_TWO,
               '  - by: N',                                                           # 11
               '    play: "5-5"',                                                     # 12
               '    expect: {total: 9, scores: {N: 99, E: 99}}',                      # 13
               '  - by: E',                                                           # 14
               '    pass: true',                                                      # 15
               '    expect: {next: E, points: 0}',                                    # 16
               '  - by: N',                                                           # 17
               '    play: "4-5"',                                                     # 18
               '    at: "5-5:b"',                                                     # 19
               '    expect: {open: ["4-5:4", "5-5:a"], end: out}',                    # 20
               'expect:',                                                             # 21
               '  end: blocked',                                                      # 22
               '  winners: [N]',                                                      # 23
               '  points: {N: 30}',                                                   # 24
               '  game_winners: [E, N]')                                              # 25
    assert check(tmp_path, capsys, text) == (1, [
        "FILE:13:14: error: move 1 (N play 5-5) total: stated 9, the engine computes 10 (counted 5 + 5 = 10)",
        'FILE:13:24: error: move 1 (N play 5-5) scores: stated {"N": 99, "E": 99}, '
        'the engine computes {"N": 99, "E": 100}',
        "FILE:16:5: error: move 2 (E pass): placement values need a `play`",
        'FILE:16:14: error: move 2 (E pass) next: stated "E", the engine computes "N"',
        'FILE:20:40: error: move 3 (N play 4-5) end: stated "out", the engine computes "blocked"',
        'FILE:24:3: error: points: stated {"N": 30}, the engine computes {"N": 29}'])


def test_a_blocked_hand_move_by_move_as_json(tmp_path, capsys):
    """`score --json` of a hand: each move (who, what, the placement's values,
    next, scores, end; no `draw` but on a draw) and the hand's result."""
    text = doc(*BLOCK_TWO, '  - by: N', '    play: "5-5"', '  - by: E', '    pass: true',
               '  - by: N', '    play: "4-5"', '    at: "5-5:b"')
    code, item = score(tmp_path, capsys, text)
    for t in item["turns"]:                 # the counted values in any order
        if "counted" in t:
            t["counted"] = sorted(t["counted"])
    before = {"N": 99, "E": 100}
    assert (code, item) == (0, {
        "variant": "block",
        "turns": [
            {"by": "N", "move": "play", "play": "5-5", "at": None, "counted": [5, 5], "total": 10, "raw": 0,
             "points": 0, "open": ["5-5:a", "5-5:b"], "next": "E", "scores": before, "end": None},
            {"by": "E", "move": "pass", "next": "N", "scores": before, "end": None},
            {"by": "N", "move": "play", "play": "4-5", "at": "5-5:b", "counted": [4, 5], "total": 9, "raw": 0,
             "points": 0, "open": ["4-5:4", "5-5:a"], "next": None, "scores": {"N": 128, "E": 100},
             "end": "blocked"}],
        "result": {"end": "blocked", "winners": ["N"], "points": {"N": 29}, "scores_after": {"N": 128, "E": 100},
                   "game_winners": ["N", "E"], "next_leader": None}})


def test_a_draw_as_json_and_its_stated_playable(tmp_path, capsys):
    """A draw is given with the tile drawn and whether it can be placed; a
    wrong `playable` is reported at its key (W's 0-2 fits neither 3 nor 4)."""
    moves = doc(*DRAW_HEAD, *B_SETS, '  - by: W', '    draw: "0-2"')
    code, item = score(tmp_path, capsys, moves)
    item["turns"][0]["counted"] = sorted(item["turns"][0]["counted"])
    none = {"B": 0, "W": 0}
    assert (code, item) == (0, {
        "variant": "draw",
        "turns": [
            {"by": "B", "move": "play", "play": "3-4", "at": None, "counted": [3, 4], "total": 7, "raw": 0,
             "points": 0, "open": ["3-4:3", "3-4:4"], "next": "W", "scores": none, "end": None},
            {"by": "W", "move": "draw", "draw": "0-2", "playable": False, "next": "W", "scores": none,
             "end": None}],
        "result": {"end": "none", "winners": [], "points": {}, "scores_after": none, "game_winners": [],
                   "next_leader": None}})
    assert check(tmp_path, capsys, moves + '    expect: {playable: true}\n') == (      # line 14
        1, ["FILE:14:14: error: move 2 (W draw 0-2) playable: stated true, the engine computes false"])


# -- placements: stated values, refused steps -----------------------------------------------------

def test_every_wrong_value_of_the_steps_is_reported_past_a_refused_step(tmp_path, capsys):
    """Horse Race: 1-4, then 5-6 (it fits nowhere, stated refused), then 1-1
    crosswise on the 1: 1-1 counts 1 + 1 = 2 and 1-4 its 4, 6 in all, no
    multiple of 5, so 0 points. The steps after the refused one are still
    compared: counted in any order but not other values, total, points, and an
    end written wrongly in `open` (step 4)."""
    text = doc('variant: horse-race',                                                                  # 1
               'steps:',                                                                               # 2
               '  - play: "1-4"',                                                                      # 3
               '  - play: "5-6"',                                                                      # 4
               '    reject: horse-race/placement',                                                     # 5
               '  - play: "1-1"',                                                                      # 6
               '    at: "1-4:1"',                                                                      # 7
               '    expect: {counted: [4, 1], total: 7, raw: 0, points: 1, open: ["1-4:4", "1-1:b"]}',  # 8
               '  - play: "4-4"',                                                                      # 9
               '    at: "1-4:4"',                                                                      # 10
               '    expect: {open: ["1-1:b", "4-4:c"]}')                                               # 11
    why = "(counted 2 + 4 = 6)"
    assert check(tmp_path, capsys, text) == (1, [
        f"FILE:8:14: error: step 3 (1-1) counted: stated [4, 1], the engine computes [2, 4] {why}",
        f"FILE:8:31: error: step 3 (1-1) total: stated 7, the engine computes 6 {why}",
        f"FILE:8:49: error: step 3 (1-1) points: stated 1, the engine computes 0 {why}",
        "FILE:11:14: error: step 4 (4-4): '4-4:c': a double's ends are a, b, side-a and side-b, or a corner (corner-a-side-a, "
        "corner-a-side-b, corner-b-side-a, corner-b-side-b), not 'c'"])


@pytest.mark.parametrize("lines,problem", [
    # 4-5 joins the 4 end of 1-4: legal (at the `reject` key)
    (('  - play: "1-4"', '  - play: "4-5"', '    at: "1-4:4"', '    reject: horse-race/matching'),
     "6:5: error: step 2: stated rejected by rule horse-race/matching, but the engine accepts 4-5 at 1-4:4 as legal"),
    # any tile may be set on the empty table
    (('  - play: "1-4"', '    reject: horse-race/lead'),
     "4:5: error: step 1: stated rejected by rule horse-race/lead, but the engine accepts 1-4 as legal"),
    # a tile that does not match is the tile's fault: located at `play` (here the step's second key)
    (('  - play: "1-4"', '  - at: "1-4:4"', '    play: "5-6"'),
     "5:5: error: step 2: 5-6 does not match 1-4:4, which shows 4 (open ends: 1-4:1, 1-4:4) "
     "[rule horse-race/matching]"),
], ids=["reject-but-legal", "reject-but-legal-lead", "tile-does-not-match"])
def test_a_wrongly_stated_or_illegal_step_is_one_located_line(tmp_path, capsys, lines, problem):
    """A step stated refused that the engine accepts says where it went (no
    `at` for the lead); an illegal tile is located at its `play`."""
    assert check(tmp_path, capsys, doc('variant: horse-race', 'steps:', *lines)) == (1, ["FILE:" + problem])


#: Horse Race: 1-4; 5-5 crosswise on the 4 and 5-6 anywhere are refused; then 4-4 crosswise on the 4:
#: 1 + 4 + 4 = 9 (1-4's 1, the open double 8), no multiple of 5.
REFUSALS = ('variant: horse-race',                    # 1
            'title: {ja: 置けない牌, en: Tiles refused}',  # 2
            'note: {ja: 注, en: A note}',             # 3
            'steps:',                                 # 4
            '  - play: "1-4"',                        # 5
            '    caption: {ja: 最初, en: First}',     # 6
            '  - play: "5-5"',                        # 7
            '    at: "1-4:4"',                        # 8
            '    as: cross',                          # 9
            '    reject: horse-race/matching',        # 10
            '  - play: "5-6"',                        # 11
            '    reject: horse-race/placement',       # 12
            '  - play: "4-4"',                        # 13
            '    at: "1-4:4"')                        # 14


def test_refused_steps_as_json(tmp_path, capsys):
    """`score --json` gives a refused step's tile, its `at` (null when none
    was given), the rule and the engine's reason, and the unchanged open ends;
    the steps after it are scored on the unchanged table."""
    text = doc(*REFUSALS)
    assert check(tmp_path, capsys, text) == (0, [])
    code, item = score(tmp_path, capsys, text)
    for s in item["steps"]:
        if "counted" in s:
            s["counted"] = sorted(s["counted"])
    unchanged = ["1-4:1", "1-4:4"]
    assert (code, item) == (0, {"variant": "horse-race", "steps": [
        {"play": "1-4", "at": None, "counted": [1, 4], "total": 5, "raw": 5, "points": 1, "open": unchanged},
        {"play": "5-5", "at": "1-4:4", "rejected": {
            "rule": "horse-race/matching",
            "message": "5-5 does not match 1-4:4, which shows 4 (open ends: 1-4:1, 1-4:4)"}, "open": unchanged},
        {"play": "5-6", "at": None, "rejected": {
            "rule": "horse-race/placement",
            "message": "5-6 fits nowhere; say where with `at` (open ends: 1-4:1, 1-4:4)"}, "open": unchanged},
        {"play": "4-4", "at": "1-4:4", "counted": [1, 8], "total": 9, "raw": 0, "points": 0,
         "open": ["1-4:1", "4-4:b"]}]})


# -- the parsed positions the pages are made from -------------------------------------------------

def test_the_parsed_placement_keeps_its_texts_and_refusals(tmp_path):
    """The catalog's position keeps the file, title, note and each step's
    caption; a refused step keeps the tile, end and way tried and the table
    it was refused on (one tile, 1-4) with its open ends."""
    from conftest import RULES
    from generator.engine import End, Tile
    from generator.model import Catalog
    from generator.families.line.positions import Rejected

    f = tmp_path / "refusals.yaml"
    f.write_text(doc(*REFUSALS), encoding="utf-8")
    checked = Catalog(RULES).position(f, check=False)
    pos, placements = checked.position, checked.outcome.placements
    assert (pos.file, pos.title, pos.note) == (str(f), {"ja": "置けない牌", "en": "Tiles refused"},
                                               {"ja": "注", "en": "A note"})
    assert [st.caption for st in pos.steps] == [{"ja": "最初", "en": "First"}, None, None, None]
    refused = placements[1]
    assert isinstance(refused, Rejected)
    assert (refused.tile, refused.at, refused.as_, refused.rule) == (
        Tile(5, 5), End(Tile(1, 4), "4"), "cross", "horse-race/matching")
    assert list(refused.layout.tiles) == [Tile(1, 4)]
    assert refused.open == (End(Tile(1, 4), "1"), End(Tile(1, 4), "4"))


def test_the_parsed_hand_keeps_each_moves_note(tmp_path):
    """A move's `note` is kept for the page (and a move without one has none)."""
    from conftest import RULES
    from generator.model import Catalog

    f = tmp_path / "noted.yaml"
    f.write_text(doc(*DRAW_HEAD, *B_SETS, '    note: {ja: 先手, en: B sets}', '  - by: W', '    draw: "0-2"'),
                 encoding="utf-8")
    pos = Catalog(RULES).position(f, check=False).position
    assert [(mv.index, mv.kind, mv.note) for mv in pos.moves] == [
        (1, "play", {"ja": "先手", "en": "B sets"}), (2, "draw", None)]
