"""A house rule of Moon (rules/moon) that leaves out shooting the moon, and the words a rule writer
and a reader get for it: the card, the parent's examples run again, the rule a refused bid names and
the set a game of three may use. Expected values are worked by hand from the rules the Moon page
cites (dominorules.com, "Rules to Moon": the moon is the one bid over seven tricks, 21 points)."""

import pytest

from generator.cli.main import main
from generator.model import Catalog
from generator.pages.houserules import rerun_parent_positions
from generator.site.build import generate

NO_MOON = ("id: moon-to-15\nextends: moon\nname: {ja: ムーン15点, en: Moon to 15}\n"
           "summary: {ja: 15点で終わり、月を撃たないムーン。, en: Moon to 15 points without the moon.}\n"
           "params: {target: 15}\nchoices: {shoot_moon: not-allowed}\n")


def write(rules, vid, text):
    (rules / vid / "positions").mkdir(parents=True, exist_ok=True)
    (rules / vid / "variant.yaml").write_text(text, encoding="utf-8")


def test_a_moon_without_the_moon_says_so_on_its_card_and_for_the_parents_examples(rules_copy, capsys):
    write(rules_copy, "moon-to-15", NO_MOON)
    assert main(["check", "-q", str(rules_copy)]) == 0, capsys.readouterr().err
    cat = Catalog(rules_copy)
    # Moon's two examples with a moon bid (bid-over-seven: E bids it over seven tricks; deal-moon:
    # N shoots it) cannot be bid here; the other five hold (no bid in them is the moon).
    rerun = {r["id"]: r for r in rerun_parent_positions(cat, cat.variant("moon-to-15"))}
    assert {k for k, r in rerun.items() if r["status"] == "unplayable"} == {"bid-over-seven", "deal-moon"}
    assert all((rerun[k]["reason"].kind, rerun[k]["reason"].rule) == ("rule", "moon/no-moon")
               for k in ("bid-over-seven", "deal-moon"))
    files = generate(cat, png=False, with_stats=False, only={"moon-to-15", "moon"})
    en, ja = files["en/gen/moon-to-15.md"].decode(), files["ja/gen/moon-to-15.md"].decode()
    assert "no longer possible: shooting the moon is not allowed |" in en
    assert "bidding is over" not in en and "ビッドが終わってから" not in ja
    assert "月を撃つビッドは認められない" in ja
    # The card: made, the bidder scores its tricks; set, it loses the bid; no 21 anywhere in the row.
    for lang, label in (("en", "| **Made or set** |"), ("ja", "| **成立かセットか** |")):
        card = files[f"{lang}/gen/moon-to-15-card.md"].decode()
        row = next(line for line in card.splitlines() if line.startswith(label))
        assert "21" not in row, row
    moon_card = files["en/gen/moon-card.md"].decode()        # the moon itself still plays for 21
    assert "21 for the moon" in next(l for l in moon_card.splitlines() if l.startswith("| **Made or set** |"))


@pytest.mark.parametrize("vid,text,rule", [
    ("moon-to-15", NO_MOON, "moon-to-15/no-moon"),       # N's moon, not played here
    ("moon", None, "moon/bid"),                           # in Moon itself the moon is fine; 4 under 5 is not
])
def test_a_refused_bid_names_the_games_own_rule(rules_copy, capsys, vid, text, rule):
    src = (rules_copy / "moon" / "positions" / "deal-moon.yaml").read_text(encoding="utf-8")
    if text is not None:
        write(rules_copy, vid, text)
        src = src.replace("variant: moon\n", f"variant: {vid}\n")
    else:
        src = src.replace("bids: [4 tricks, 5 tricks, moon]", "bids: [5 tricks, 4 tricks, moon]")
    path = rules_copy / vid / "positions" / "bad-bid.yaml"
    path.write_text(src, encoding="utf-8")
    assert main(["check", "-q", str(path)]) != 0
    err = capsys.readouterr().err
    assert f"[rule {rule}]" in err and "texas-42" not in err, err


@pytest.mark.parametrize("value,words", [
    ("9", "not `set: 9`"),
    ("chinese", "not `set: chinese`"),
])
def test_a_moon_on_another_set_is_told_at_its_set(rules_copy, capsys, value, words):
    write(rules_copy, "moon-nine", NO_MOON.replace("moon-to-15", "moon-nine")
          .replace("params: {target: 15}", f"params: {{target: 15, set: {value}}}"))
    assert main(["check", "-q", str(rules_copy)]) != 0
    err = capsys.readouterr().err
    assert "moon-nine/variant.yaml:5:" in err and words in err, err     # line 5: params, at `set`
    assert "double-six set leaves seven" not in err


def _entry(page: str, key: str) -> str:
    """The definition under the glossary heading ``{ #key }`` of a generated glossary page."""
    return page.split(f"{{ #{key} }}", 1)[1].split("\n## ", 1)[0]


def test_glossary_terms_shared_by_two_games_speak_of_both(rules_copy):
    # Which games' own pages use each term (read from the rule files), and what each does with it:
    # Texas 42 bids points from 30, Moon bids four to seven tricks; both have a shaker; the Pai Gow
    # banker is compared with every hand, the Tien Gow banker leads first; Gee Joon is Pai Gow's
    # highest hand and a pair in Tien Gow.
    used = {key: sorted(p.parent.name for p in rules_copy.glob("*/variant.yaml")
                        if f'term("{key}")' in p.read_text(encoding="utf-8"))
            for key in ("bid", "shaker", "banker", "gee-joon")}
    assert used == {"bid": ["moon", "texas-42"], "shaker": ["moon", "texas-42"],
                    "banker": ["pai-gow", "tien-gow"], "gee-joon": ["pai-gow", "tien-gow"]}
    files = generate(Catalog(rules_copy), png=False, with_stats=False, only={"moon"})
    en, ja = files["en/gen/glossary.md"].decode(), files["ja/gen/glossary.md"].decode()
    expect = {"bid": (["Texas 42", "from 30", "Moon", "four to seven"], ["テキサス42", "30から", "ムーン", "4から7"]),
              "shaker": (["Texas 42", "Moon"], ["テキサス42", "ムーン"]),
              "banker": (["Pai Gow", "Tien Gow", "leads the first trick"], ["牌九", "天九", "最初のトリックを出し"]),
              "gee-joon": (["Pai Gow", "Tien Gow", "highest hand"], ["牌九", "天九", "いちばん強い手"])}
    for key, (in_en, in_ja) in expect.items():
        assert all(w in _entry(en, key) for w in in_en), (key, _entry(en, key))
        assert all(w in _entry(ja, key) for w in in_ja), (key, _entry(ja, key))


@pytest.mark.parametrize("games,partners,alone", [
    (("moon",), False, True),             # three players alone: no partners, no marks
    (("texas-42",), True, False),         # four in two partnerships, marks
    (("moon", "texas-42"), True, True),   # both kinds of game: both sentences
])
def test_the_comparison_page_says_of_the_games_of_tricks_only_what_holds_for_them(tmp_path, games, partners,
                                                                                    alone):
    from conftest import rules_with

    files = generate(Catalog(rules_with(tmp_path, *games)), png=False, with_stats=False)
    for lang, partner_words, alone_words in (("en", "partners win", "plays alone"),
                                             ("ja", "2人ずつの組で", "1人で戦い")):
        page = files[f"{lang}/gen/family.md"].decode()
        about = page.split("{ #tricks }", 1)[1].strip().split("\n", 1)[0]
        assert (partner_words in about) is partners and ("glossary.md#mark" in about) is partners, about
        assert (alone_words in about) is alone, about


@pytest.mark.parametrize("vid,random_seats", [
    ("moon", "E"),               # the figures' players alternate planning/random from N: N, E, W
    ("texas-42", "E and W"),     # N, E, S, W: E and W play at random
])
def test_the_bid_figures_name_the_seats_that_play_at_random(tmp_path, vid, random_seats):
    import json

    from conftest import rules_with
    from generator.sim.stats import definition_hash

    cat = Catalog(rules_with(tmp_path, vid))
    stored = json.loads((tmp_path / "rules" / vid / "stats.json").read_text(encoding="utf-8"))
    assert definition_hash(cat.variant(vid)) == stored["hash"]      # the figures stand: nothing to recompute
    files = generate(cat, png=False, with_stats=True, only={vid})
    ja_seats = {"E": "E", "E and W": "EとW"}[random_seats]
    for lang, words in (("en", (f"Bids set ({random_seats} playing at random)",
                                f"Bids made ({random_seats} playing at random)")),
                        ("ja", (f"セットの割合（{ja_seats}は無作為に遊ぶ）", f"成立の割合（{ja_seats}は無作為に遊ぶ）"))):
        page = files[f"{lang}/gen/{vid}.md"].decode()
        head = next(l for l in page.split("{ #by-the-numbers }", 1)[1].splitlines() if l.startswith("| "))
        assert head.endswith(f"| {words[0]} | {words[1]} |"), head


def test_a_tile_refused_in_the_readers_game_of_moon_names_moons_rule(catalog):
    from generator.engine import Tile as T
    from generator.families.tricks import play as show
    from generator.families.tricks.rules import PASS, Bid, Deal

    moon = catalog.variant("moon").rules
    hands = {"N": [T(6, 6), T(5, 6), T(3, 6), T(5, 5), T(4, 4), T(1, 2), T(1, 3)],
             "E": [T(2, 6), T(1, 6), T(4, 5), T(3, 5), T(3, 3), T(2, 2), T(0, 0)],
             "W": [T(2, 5), T(1, 5), T(3, 4), T(2, 4), T(1, 4), T(2, 3), T(1, 1)]}
    deal = Deal(moon, ["N", "E", "W"], hands, "W", (T(4, 6),))
    # W shakes: N bids first. N five tricks, E and W pass; N takes the 6-4, discards the 1-3,
    # names sixes and leads the 6-6; E holds the 6-2 and 6-1, so its 4-5 does not follow.
    for seat, bid in (("N", Bid(5, "tricks")), ("E", PASS), ("W", PASS)):
        deal.push(seat, bid)
    deal.push("N", T(1, 3))
    deal.push("N", 6)
    deal.push("N", T(6, 6))
    assert show.refusal(moon, deal, "E", T(4, 5)) == "moon/follow-suit"
    assert show.refusal(moon, deal, "W", T(2, 5)) == "moon/turn"            # E's turn, not W's
