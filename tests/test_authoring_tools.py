"""`rulebook new` and `rulebook explain`, through the command line."""

import html

import pytest

from generator.cli.main import main
from generator.model import Catalog
from generator.site.build import generate
from generator.engine.family import site_order

from conftest import RULES, shown


def test_new_scaffolds_a_variant_that_checks_clean(rules_copy, capsys):
    assert main(["new", "my-line"]) == 0
    out = capsys.readouterr().out
    variant = rules_copy / "my-line" / "variant.yaml"
    position = rules_copy / "my-line" / "positions" / "first-example.yaml"
    assert out.splitlines()[:2] == [f"wrote {variant}", f"wrote {position}"]
    assert "gen/my-line.md" in out                                   # how it joins the nav
    text = variant.read_text()
    assert text.startswith("# yaml-language-server: $schema=../../docs/schemas/variant.schema.json\n")
    assert position.read_text().startswith(
        "# yaml-language-server: $schema=../../../docs/schemas/position.schema.json\n")
    assert "id: my-line\ndraft: true\n" in text
    # Draw's rules written out (seed 003: black leads, the last 2 tiles stay in the stock)
    assert "\n  lead: black " in text and "\n  stock_reserve: 2 " in text and "\n  deal: {2: 7} " in text
    # the heading comment, then name, summary, two section bodies and sources in each language
    assert text.count("【要記入】") == 6 and text.count("TODO:") == 6
    assert main(["check", str(rules_copy / "my-line")]) == 0
    assert capsys.readouterr().err == "rulebook check: 1 position(s) verified, ok\n"
    assert main(["check", "-q", str(rules_copy)]) == 0


def test_a_new_variant_names_its_own_rules(rules_copy, capsys):
    # it plays by Draw's rules, but a refused play is refused under its own id
    assert main(["new", "my-line"]) == 0
    pos = rules_copy / "my-line" / "positions" / "refused.yaml"
    pos.write_text('variant: my-line\nsteps:\n  - play: "1-4"\n  - play: "2-3"\n    at: "1-4:4"\n'
                   '    reject: my-line/matching\n', encoding="utf-8")
    capsys.readouterr()
    assert main(["check", "-q", str(pos)]) == 0, capsys.readouterr().err
    pos.write_text(pos.read_text(encoding="utf-8").replace("reject: my-line/matching", "reject: draw/matching"),
                   encoding="utf-8")
    assert main(["check", "-q", str(pos)]) == 1
    assert "my-line/matching" in capsys.readouterr().err


@pytest.mark.parametrize("base", site_order())
def test_new_for_each_offered_rules(rules_copy, capsys, base):
    assert main(["new", f"my-{base}", "--rules", base]) == 0
    assert main(["check", "-q", str(rules_copy / f"my-{base}")]) == 0, capsys.readouterr().err


#: The section on play a new game gets from the game it copies, in the words of that game's family:
#: (title ja, title en, the text to write in ja, in en). Texas 42 is played by bids and tricks, Chicken
#: Foot grows a tree from the centre double, Mexican Train joins trains, Draw a single line.
PLAY_SECTION = {
    "texas-42": ("ビッドとトリック", "Bidding and tricks", "【要記入】ビッドの進め方、切り札の決め方、トリックを取る牌。",
                 "TODO: how the bidding goes, how trumps are named and which tile takes a trick."),
    "chicken-foot": ("木の伸ばし方", "Growing the tree",
                     "【要記入】中央のダブルの枝への出し方と、あとから出たダブルに3本の指がそろうまでのきまり。",
                     "TODO: how tiles go on the centre double's arms, and the three toes a later double takes "
                     "before play goes on anywhere else."),
    "mexican-train": ("トレインへの出し方", "Playing on the trains",
                      "【要記入】トレインへの牌のつなぎ方と、どのトレインに誰が出せるか。",
                      "TODO: how tiles join the trains, and which trains each player may play on."),
    "draw": ("牌の置き方", "Placing tiles", "【要記入】牌のつなぎ方。", "TODO: how tiles join."),
}


@pytest.mark.parametrize("base", list(PLAY_SECTION))
def test_new_writes_a_section_on_play_in_the_words_of_the_family_copied(rules_copy, capsys, base):
    import yaml

    assert main(["new", f"my-{base}", "--rules", base]) == 0
    text = (rules_copy / f"my-{base}" / "variant.yaml").read_text(encoding="utf-8")
    play = next(sec for sec in yaml.safe_load(text)["sections"] if sec["id"] == "play")
    title_ja, title_en, todo_ja, todo_en = PLAY_SECTION[base]
    assert play["title"] == {"ja": title_ja, "en": title_en}
    assert play["body"]["ja"].startswith(todo_ja) and play["body"]["en"].startswith(todo_en)
    if base != "draw":                      # only a line of play is about how tiles join
        assert "Placing tiles" not in text and "how tiles join." not in text and "牌の置き方" not in text


def test_a_house_rule_stub_of_chicken_foot_names_its_own_family(rules_copy, capsys):
    """Chicken Foot is a tree of doubles: its round's double is set out before the deal, a player
    draws one tile, and pips left in hand are penalties, in every tree game; the stub says so of
    those three choices in the tree's name, and never calls them values of trains."""
    assert main(["new", "my-feet", "--extends", "chicken-foot"]) == 0
    lines = (rules_copy / "my-feet" / "variant.yaml").read_text(encoding="utf-8").splitlines()
    tagged = [line.split(":")[0].strip("# ") for line in lines if line.endswith("(always played in a tree of doubles)")]
    assert tagged == ["lead", "draw", "settlement"]
    assert not any("(trains)" in line for line in lines)
    # a game of tricks plays no choice's value always: its stub tags none
    assert main(["new", "my-42", "--extends", "texas-42"]) == 0
    assert "always played" not in (rules_copy / "my-42" / "variant.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang,engine", [
    ("en", "| <code>engine</code> | the round's double is set in the centre before the deal "
           "(always played in a layout of trains and in a tree of doubles) |"),
    ("ja", "| <code>engine</code> | そのラウンドのダブルを配る前に中央に置く"
           "（トレインのゲームと木の形のゲームでは常にこの値） |"),
])
def test_the_options_page_names_every_family_that_always_plays_a_value(catalog, lang, engine):
    """`lead: engine` is played by every game of trains (Mexican Train) and every tree (Chicken Foot)."""
    from generator.pages.options import options_page

    games = [(vid, catalog.variant(vid).name, catalog.variant(vid)) for vid in catalog.variant_ids()]
    md = options_page(games, lang)
    assert any(line.startswith(engine) for line in md.splitlines())
    # ("(trains)" still tags the param `rounds` and the choice `double_cover`: trains alone play them)
    rows = [line for line in md.splitlines() if line.startswith(("| <code>engine</code>", "| <code>penalty</code>"))]
    assert len(rows) == 2 and not any("(trains)" in r or "（トレイン）" in r for r in rows)


@pytest.mark.parametrize("vid,message", [
    ("draw", "rules/draw already exists; choose another id"),
    ("My-Game", "'My-Game' is not a variant id"),
    ("9lives", "'9lives' is not a variant id"),
    ("two--hyphens", "'two--hyphens' is not a variant id"),
    ("../escape", "'../escape' is not a variant id"),
    ("glossary", "'glossary' is the name of a page the site makes itself"),
    ("family", "'family' is the name of a page the site makes itself"),
    ("a" * 41, f"{'a' * 41!r} is not a variant id"),
    ("a" * 300, f"{'a' * 300!r} is not a variant id"),
])
def test_new_refuses_taken_or_bad_ids(rules_copy, capsys, vid, message):
    before = sorted(p.name for p in rules_copy.iterdir())
    assert main(["new", vid]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rulebook new: error: ") and message in err and len(err.splitlines()) == 1
    assert sorted(p.name for p in rules_copy.iterdir()) == before


def test_new_refuses_an_unknown_base_with_the_nearest_id(rules_copy, capsys):
    assert main(["new", "my-matador", "--rules", "matadro"]) == 2
    err = capsys.readouterr().err
    assert "no game 'matadro' to start from (did you mean 'matador'?" in err and len(err.splitlines()) == 1
    assert not (rules_copy / "my-matador").exists()


POS = RULES / "horse-race" / "positions"


def explain(capsys, path, lang):
    assert main(["explain", str(path), "--lang", lang]) == 0
    return capsys.readouterr().out


def test_explain_placements_in_english(capsys):
    out = explain(capsys, POS / "double-six.yaml", "en").splitlines()
    assert out[0] == f"{shown(POS / 'double-six.yaml')} (horse-race)"
    assert out[1] == "Fifteen with the double six"
    # 3-6 leads: 6 + 3 = 9 (the engine lists the high end first); then 6-6 crosswise on the 6: 3 + 6 + 6 = 15, rounded 15 raw, 3 points
    assert out[2] == "Step 1: [3|6] placed. Counted: 6 + 3 = 9 → not a multiple of 5, so no score (0 raw, 0 points)."
    assert out[4] == "  raw points 0, displayed points 0"
    assert out[5] == ("Step 2: [6|6] placed on [3|6] (high end). Counted: 3 + 12 = 15 → 15 raw (3 points).")
    assert out[6].startswith("  Tiles: [3|6], [6|6]. Branch doubles: [6|6].")
    assert "Open positions: [3|6] (low end, 3); [6|6] (straight side B, 6)." in out[6]
    assert out[6].endswith("Counted values: [3|6]: 3; [6|6]: 12.")
    assert out[7] == "  raw points 15, displayed points 3"


def test_explain_placements_in_japanese(capsys):
    out = explain(capsys, POS / "double-six.yaml", "ja").splitlines()
    assert out[1] == "6-6で15"
    assert out[5] == "手順 2: [6|6]を置く（[3|6]の目が多い端に接続）。数える寄与値 3 + 12 = 15 → 換算前の得点 15点（表示得点 3点）。"
    assert "接続可能位置：[3|6]（目が少ない端、3）; [6|6]（直線側B、6）" in out[6]
    assert out[7] == "  換算前の得点 15、表示得点 3"


# All Fives, seed 004: 5-6 tried on the 3 of 1-3 has no 3. The engine's own reason is English;
# the Japanese page gives the rule in words instead, and so does explain, in the page's words.
REFUSED = {
    "en": ("Step 2: [5|6] may not go on the high end of [1|3]: the touching halves must show the same number. "
           "5-6 does not match 1-3:3, which shows 3 (open ends: 1-3:1, 1-3:3)."),
    "ja": "手順 2: [5|6]を[1|3]の目が多い端に置くことはできません：つなぐ半面は端と同じ数でなければならない",
}


@pytest.fixture(scope="module")
def all_fives_pages():
    files = generate(Catalog(RULES), png=False, with_stats=False)
    return {lang: files[f"{lang}/gen/all-fives.md"].decode() for lang in ("ja", "en")}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_explain_a_refused_step_in_the_pages_words(capsys, all_fives_pages, lang):
    out = explain(capsys, RULES / "all-fives" / "positions" / "reject-matching.yaml", lang).splitlines()
    assert out[5] == REFUSED[lang]
    assert ("does not match" in out[5]) == (lang == "en")      # no English sentence in Japanese text
    # the page says the same, the rule linked to the section that states it, without the authors' notation
    head = REFUSED[lang].removeprefix("手順 2: ").removeprefix("Step 2: ").partition(". ")[0]
    what, sep, rule = head.partition("：" if lang == "ja" else ": ")
    block = f'<div class="rb-rejected" markdown>\n\n**✗ {html.escape(what)}**{sep}[{html.escape(rule)}](#matching)\n'
    assert block in all_fives_pages[lang]
    assert "1-3:3" not in all_fives_pages[lang].split("rb-rejected")[1].split("</div>")[0]


@pytest.mark.parametrize("lang,lines", [
    ("en", ["Settlement", "  pips left: N 0, S 7, E 9, W 8 (N+S 7, E+W 17)", "  winners: N+S",
            "  N+S: the other sides hold 17 pips → rounded to 15 → 15 ÷ 5 = 3 points",
            "  scores: N+S 61, E+W 40"]),
    ("ja", ["精算", "  残りの目：N 0, S 7, E 9, W 8 (N+S 7, E+W 17)", "  勝者：N+S",
            "  N+S：ほかの側の残りの目 17 → 5の倍数に丸めて 15 → 15 ÷ 5 = 3点",
            "  得点：N+S 61, E+W 40"]),
])
def test_explain_a_settlement(capsys, lang, lines):
    # N went out; S holds 3-4 (7); E 9 and W 8 make 17, rounded to the nearest 5: 15, so 3 points
    out = explain(capsys, POS / "settle-spec-example.yaml", lang).splitlines()
    assert out[-len(lines):] == lines


@pytest.mark.parametrize("lang,lines", [
    ("en", ["The table at the start: Engine: [9|9]. A's train: [4|9], end 4, may play: A.",
            "Move 1: A: plays [4|4] on A's train",
            "Move 3: B: plays [7|11] on C's train",
            "Move 4: C: plays [7|7] on C's train; C plays their last tile: the round ends",
            "Result: penalties A 4, B 8, C 0"]),
    ("ja", ["始めの卓：エンジン: [9|9]。Aのトレイン: [4|9]、端 4、出せる人: A。",
            "手 1: A：[4|4]をAのトレインに出す",
            "手 3: B：[7|11]をCのトレインに出す",
            "手 4: C：[7|7]をCのトレインに出す。Cが最後の牌を出してラウンド終了",
            "結果：失点 A 4, B 8, C 0"]),
])
def test_explain_a_mexican_train_round(capsys, lang, lines):
    # round 4 (engine 9-9): A doubles 4-4 and covers it with 4-10; B must play 7-11 on C's
    # marked train; C goes out with 7-7; A keeps 1-3 (4 pips), B 3-5 (8)
    out = explain(capsys, RULES / "mexican-train" / "positions" / "round-out.yaml", lang).splitlines()
    starts = [next((line for line in out if line.startswith(want[:12])), None) for want in lines]
    for got, want in zip(starts, lines):
        assert got is not None and got.startswith(want), (got, want)


def test_explain_a_mexican_train_table(capsys):
    out = explain(capsys, RULES / "mexican-train" / "positions" / "table-where-to-play.yaml", "en")
    assert "Trains for" in out and "legal plays: " in out


# Texas 42, deal-contest.yaml: E shakes, so the bidding starts at S, on E's left, and goes round to
# E: S 30, W 31 (over S), N 33 (over W), E passes. N holds the high bid, 33, and names sixes; the
# seven tricks follow, the first N's 6-6 (E 6-0 and S 6-2 must follow, W has no six), worth 1.
DEAL_HEAD = {
    "en": ["The bidding, from the left of the shaker E: S 30, W 31, N 33, E pass",
           "N wins the bidding with 33",
           "N names trumps: sixes are trumps",
           "1. N:6-6 E:6-0 S:6-2 W:1-1 -> N (1)"],
    "ja": ["ビッド（シェーカーEの左隣から）：S 30、W 31、N 33、E パス",
           "Nが33でビッドに勝つ",
           "Nが切り札を決める：切り札は6のスート",
           "1. N:6-6 E:6-0 S:6-2 W:1-1 -> N (1)"],
}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_explain_a_deal_of_42_gives_the_bidding_and_trumps_before_the_tricks(capsys, lang):
    out = explain(capsys, RULES / "texas-42" / "positions" / "deal-contest.yaml", lang).splitlines()
    # the file and title, then the bidding and the trumps, then trick 1 to 7, then the verdict
    assert out[2:6] == DEAL_HEAD[lang]
    assert [line.split(".")[0] for line in out[5:12]] == [str(k) for k in range(1, 8)]
    assert len(out) == 13


def test_explain_a_forced_bid_of_42(capsys):
    # deal-forced.yaml: S shakes; W, N and E pass, so S, the shaker, must bid 30, and names ones
    out = explain(capsys, RULES / "texas-42" / "positions" / "deal-forced.yaml", "en").splitlines()
    assert out[2:5] == ["The bidding, from the left of the shaker S: W pass, N pass, E pass, S 30",
                        "S wins the bidding with 30", "S names trumps: ones are trumps"]
    assert out[5].startswith("1. S:2-2 ")


def test_explain_reports_a_bad_file_like_check(tmp_path, capsys):
    f = tmp_path / "p.yaml"
    f.write_text('variant: horse-race\nsteps:\n  - play: "1-4"\n  - play: "2-3"\n    at: "1-4:4"\n')
    assert main(["explain", str(f)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{shown(f)}:4:5: error: step 2: 2-3 does not match 1-4:4") and len(err.splitlines()) == 1
