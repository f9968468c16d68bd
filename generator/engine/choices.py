"""The rule choices of a game: one typed value per choice, written as data in
``variant.yaml`` (``choices:``) and shared by the engine, the JSON Schema, the
options reference page and the "differences" table of a house rule.

A game is a set of :class:`Params` (numbers) and one :class:`Choices` (which
rule applies at each point of play). The values below are every rule the
engine knows; a game that combines them needs no Python. A genuinely new rule
is a new value here plus its code (see :mod:`generator.variants`).

>>> c = Choices.from_mapping({"scoring": "multiples-of-5", "counting": "fives"})
>>> c.scoring, c.lead
('multiples-of-5', 'lot')
>>> Choices.from_mapping({"lead": "dice"})
Traceback (most recent call last):
...
ValueError: lead: 'dice' is not one of lot, black, highest-double, engine
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal, Mapping, get_args

__all__ = ["Choices", "ChoiceInfo", "CHOICES", "combination_problems"]

Layout_ = Literal["line", "trains"]
Lead = Literal["lot", "black", "highest-double", "engine"]
Matching = Literal["equal", "sum-7"]
Doubles = Literal["cross", "choice"]
Spinners = Literal["none", "all", "first"]
SideBranches = Literal["after-straight", "at-once"]
Draw = Literal["until-playable", "optional", "none", "one"]
Counting = Literal["ends", "fives"]
Scoring = Literal["none", "multiples-of-5", "multiples-of-3", "fives-and-threes", "headers"]
LegalTotals = Literal["any", "multiples"]
Continuation = Literal["none", "double-or-score"]
Settlement_ = Literal["none", "opponents", "opponents-less-own", "differences", "rounded", "one", "go-out-one",
                      "penalty"]
Ties = Literal["nobody-wins", "all-tied-win"]
NextLead = Literal["winner", "as-first-hand", "next-seat"]
DoubleCover = Literal["same-player", "next-player"]


@dataclass(frozen=True)
class Choices:
    """Every rule choice of a game (defaults: a plain line of play, seed 003
    and seed 004's マッチング). Build one with :meth:`from_mapping`; each field
    is one of the values its type lists (described in :data:`CHOICES`)."""

    layout: Layout_ = "line"
    lead: Lead = "lot"
    matching: Matching = "equal"
    doubles: Doubles = "cross"
    spinners: Spinners = "none"
    side_branches: SideBranches = "after-straight"
    draw: Draw = "until-playable"
    counting: Counting = "ends"
    scoring: Scoring = "none"
    legal_totals: LegalTotals = "any"
    continuation: Continuation = "none"
    settlement: Settlement_ = "none"
    ties: Ties = "nobody-wins"
    next_lead: NextLead = "winner"
    double_cover: DoubleCover = "same-player"

    @classmethod
    def from_mapping(cls, m: Mapping[str, str] | None) -> "Choices":
        """Build from the ``choices`` mapping of a ``variant.yaml`` (missing
        keys take their default). Raises ``ValueError`` naming the first
        unknown key or value."""
        m = dict(m or {})
        kw = {}
        for f in fields(cls):
            if f.name in m:
                value = m.pop(f.name)
                allowed = get_args(f.type if not isinstance(f.type, str) else _TYPES[f.name])
                if value not in allowed:
                    raise ValueError(f"{f.name}: {value!r} is not one of {', '.join(allowed)}")
                kw[f.name] = value
        if m:
            raise ValueError(f"no rule choice {next(iter(m))!r}")
        return cls(**kw)

    def as_dict(self) -> dict[str, str]:
        """Every choice, in the order of :data:`CHOICES`."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


_TYPES = {"layout": Layout_, "lead": Lead, "matching": Matching, "doubles": Doubles, "spinners": Spinners,
          "side_branches": SideBranches, "draw": Draw, "counting": Counting, "scoring": Scoring,
          "legal_totals": LegalTotals, "continuation": Continuation, "settlement": Settlement_, "ties": Ties,
          "next_lead": NextLead, "double_cover": DoubleCover}


@dataclass(frozen=True)
class ChoiceInfo:
    """What one choice means, for the schema and the pages: its ``title`` and
    ``about`` text and each value's meaning (``values``: value -> {en, ja}),
    all in both languages; ``layouts`` the layouts it applies to."""

    key: str
    title: dict
    about: dict
    values: dict
    layouts: tuple[str, ...] = ("line",)

    @property
    def default(self) -> str:
        return getattr(Choices(), self.key)

    def words(self, value: str, lang: str, unit: int | None = None) -> str:
        """What ``value`` means, in ``lang``, for a game whose ``point_unit``
        is ``unit`` (``None``: as the options page says it, naming the param).

        >>> INFO["settlement"].words("rounded", "en", 5)
        "the other sides' pips, rounded to the nearest 5 (halves up), ÷ 5 in displayed points"
        >>> INFO["scoring"].words("multiples-of-5", "en", 1)
        'an end total that is a multiple of 5 scores that total'
        """
        text = self.values[value][lang]
        if unit is None:
            per = ", ÷ point_unit in displayed points" if lang == "en" else "（表示得点は÷point_unit）"
            return text.replace("{unit}", "point_unit").replace("{per_unit}", per)
        per = "" if unit == 1 else (f", ÷ {unit} in displayed points" if lang == "en" else f"（表示得点は÷{unit}）")
        return text.replace("{unit}", str(unit)).replace("{per_unit}", per)


def _v(en: str, ja: str) -> dict:
    return {"en": en, "ja": ja}


#: Every choice, in the order an author reads them (and the options page lists them).
CHOICES: tuple[ChoiceInfo, ...] = (
    ChoiceInfo("layout", _v("Layout", "場の形"),
               _v("What the tiles are played into.", "牌をどこに並べていくか。"), {
                   "line": _v("one line of play, which spinners may branch", "1本の列（分岐ダブルで枝分かれすることがある）"),
                   "trains": _v("a train for each player and a shared Mexican train, from an engine double "
                                "in the centre",
                                "中央のエンジン（ダブル）から伸びる各自のトレインと共有のメキシカントレイン"),
               }, ("line", "trains")),
    ChoiceInfo("lead", _v("Lead (the set)", "先手とセット"),
               _v("Who lays the first tile of a hand, and which.", "ハンドの最初の1枚を誰が、どの牌で置くか。"), {
                   "lot": _v("chosen by lot; any tile", "くじで決めた人が好きな牌"),
                   "black": _v("the player with Black (the first seat); any tile", "黒（先手の席）の人が好きな牌"),
                   "highest-double": _v("the holder of the highest double sets it (no double dealt: the heaviest tile)",
                                        "最も大きいダブルを持つ人がそれを置く（ダブルがなければ最も重い牌）"),
                   "engine": _v("the round's double is set in the centre before the deal (trains)",
                                "そのラウンドのダブルを配る前に中央に置く（トレイン）"),
               }, ("line", "trains")),
    ChoiceInfo("matching", _v("Matching", "つなぎ方"),
               _v("Which tile may join an open end.", "開いた端にどの牌をつなげられるか。"), {
                   "equal": _v("the touching halves show the same number", "同じ数どうしをつなぐ"),
                   "sum-7": _v("the touching halves add up to one more than the set's top number (7 for "
                               "double-six); a blank takes only a matador, and matadors go anywhere",
                               "つなぐ二つの数の和がセットの最大の数+1（ダブルシックスなら7）。ブランクにはマタドールだけ、"
                               "マタドールはどこにでも"),
               }),
    ChoiceInfo("doubles", _v("Doubles", "ダブルの向き"),
               _v("How a double lies in the line.", "ダブルを列にどう置くか。"), {
                   "cross": _v("always crosswise", "いつも交差置き"),
                   "choice": _v("crosswise or lengthwise, as the player likes (crosswise counts both halves)",
                                "交差置きか列沿い置きを選べる（交差置きは両半面を数える）"),
               }),
    ChoiceInfo("spinners", _v("Spinners", "分岐ダブル"),
               _v("Which doubles open side branches.", "どのダブルが側枝を開くか。"), {
                   "none": _v("none: the line keeps two open ends", "なし（列の端はいつも二つ）"),
                   "all": _v("every double laid crosswise", "交差置きのダブルすべて"),
                   "first": _v("only the first double, when laid crosswise", "最初のダブルだけ（交差置きのとき）"),
               }),
    ChoiceInfo("side_branches", _v("Side branches", "側枝"),
               _v("When a spinner's side branches open (only with spinners).",
                  "分岐ダブルの側枝がいつ開くか（分岐ダブルがあるときだけ）。"), {
                   "after-straight": _v("once both straight sides are filled", "直線側が両方埋まってから"),
                   "at-once": _v("at once: all four sides are open ends", "すぐに（四辺とも開いた端）"),
               }),
    ChoiceInfo("draw", _v("No play", "出せないとき"),
               _v("What a player does without a play.", "出せる牌がないときにどうするか。"), {
                   "until-playable": _v("draw until a tile fits; pass when none can be drawn",
                                        "合う牌が出るまで引き、引けなければパス"),
                   "optional": _v("may draw even with a play; pass when nothing fits and nothing can be drawn",
                                  "出せても引いてよい。出せず引けなければパス"),
                   "none": _v("pass (no drawing; undealt tiles stay out of play)", "引かずにパス（配り残しは使わない）"),
                   "one": _v("draw one and play it if it fits, else pass and mark your train (trains)",
                             "1枚引いて出せれば出し、出せなければパスして自分のトレインにマーカー（トレイン）"),
               }, ("line", "trains")),
    ChoiceInfo("counting", _v("Counting the ends", "端の数え方"),
               _v("How the open ends are added up.", "開いた端の数をどう足すか。"), {
                   "ends": _v("every open end's number, once", "開いた端の数を一つずつ"),
                   "fives": _v("as in the Fives family: a crosswise double at an end counts both halves, "
                               "0 once both its straight sides are filled",
                               "ファイブズ系の数え方：端にある交差置きのダブルは両半面、直線側が両方埋まれば0"),
               }),
    ChoiceInfo("scoring", _v("Scoring in play", "配置ごとの得点"),
               _v("What a play scores.", "1枚置いたときの得点。"), {
                   "none": _v("nothing scores during play", "置いても得点なし"),
                   "multiples-of-5": _v("an end total that is a multiple of 5 scores that total{per_unit}",
                                        "端の合計が5の倍数ならその数{per_unit}"),
                   "multiples-of-3": _v("an end total that is a multiple of 3 scores that total{per_unit}",
                                        "端の合計が3の倍数ならその数{per_unit}"),
                   "fives-and-threes": _v("one point for each 5 and each 3 that divide the end total exactly "
                                          "(15 scores 5 + 3 = 8)",
                                          "端の合計を5で割り切れれば÷5、3で割り切れれば÷3の点（15なら5+3=8点）"),
                   "headers": _v("the set 2, a double-header 2, a triple-header 3 (Bergen)",
                                 "セット2点、ダブルヘッダー2点、トリプルヘッダー3点（ベルゲン）"),
               }),
    ChoiceInfo("legal_totals", _v("Plays that miss", "合計が倍数にならない手"),
               _v("Whether a play must make the end total a multiple of the scoring number.",
                  "置いたあとの端の合計が得点の倍数にならなければならないか。"), {
                   "any": _v("any matching play is legal", "つながる手ならどれでもよい"),
                   "multiples": _v("a play is legal only when the ends then total a multiple (0 included); "
                                   "so only such tiles may be set",
                                   "置いたあとの合計が倍数（0を含む）になる手だけ。セットも同じ"),
               }),
    ChoiceInfo("continuation", _v("Turn", "手番"),
               _v("Whether a player may place again in the same turn.", "同じ手番にもう1枚置けるか。"), {
                   "none": _v("one tile per turn", "1回に1枚"),
                   "double-or-score": _v("a double or a scoring tile from the hand earns another placement "
                                         "(a drawn tile never does)",
                                         "ダブルか得点になる牌を手から出すと、もう1枚置ける（引いた牌では続かない）"),
               }),
    ChoiceInfo("settlement", _v("End of a hand", "ハンドの精算"),
               _v("What the winner of a hand scores.", "ハンドの勝者が得る点。"), {
                   "none": _v("nothing: going out or the lower total wins, and the hand is the game",
                              "点はない。上がるかブロック時に目の少ない人の勝ちで、1ハンドで勝負"),
                   "opponents": _v("the other sides' pips", "ほかの側の残りの目"),
                   "opponents-less-own": _v("the other sides' pips, less its own after a block",
                                            "ほかの側の残りの目（ブロック時は自分の目を引く）"),
                   "differences": _v("going out: every other hand's pips; blocked: the sum of the differences "
                                     "against each other hand",
                                     "上がりはほかの全員の残りの目、ブロック時は各人との差の合計"),
                   "rounded": _v("the other sides' pips, rounded to the nearest {unit} (halves up){per_unit}",
                                 "ほかの側の残りの目を{unit}の倍数に丸めた数（半分は切り上げ）{per_unit}"),
                   "one": _v("1 point", "1点"),
                   "go-out-one": _v("1 point for going out; a blocked hand scores nothing",
                                    "上がりは1点。ブロックで終わったハンドは得点なし"),
                   "penalty": _v("nobody gains: the pips left in each hand are its penalty (trains)",
                                 "得点はなく、手に残った目が失点（トレイン）"),
               }, ("line", "trains")),
    ChoiceInfo("ties", _v("Tied lowest totals", "最少の同点"),
               _v("Who wins a blocked hand when the lowest totals are equal.",
                  "ブロックで最少の合計が同じときの勝者。"), {
                   "nobody-wins": _v("nobody: a drawn hand", "誰も勝たない（引き分け）"),
                   "all-tied-win": _v("every tied side wins and scores", "同点の側がみな勝って得点"),
               }),
    ChoiceInfo("next_lead", _v("Next hand's lead", "次のハンドの先手"),
               _v("Who leads the next hand.", "次のハンドを誰が始めるか。"), {
                   "winner": _v("whoever went out; after a block, as for the first hand",
                                "上がった人。ブロックのあとは最初のハンドと同じ決め方"),
                   "as-first-hand": _v("chosen as for the first hand, every hand", "毎回、最初のハンドと同じ決め方"),
                   "next-seat": _v("the next player clockwise from the last hand's leader",
                                   "前のハンドの先手の次の席（時計回り）の人"),
               }),
    ChoiceInfo("double_cover", _v("Covering a double", "ダブルのふさぎ方"),
               _v("Who covers a double laid on a train (trains).", "トレインに置いたダブルを誰がふさぐか（トレイン）。"), {
                   "same-player": _v("the player who laid it plays again and must cover it (drawing one if "
                                     "needed); until it is covered nobody plays elsewhere",
                                     "置いた人がもう1回出してふさぐ（必要なら1枚引く）。ふさがれるまで誰もほかに出せない"),
                   "next-player": _v("the turn passes at once; the next players must cover it before anyone "
                                     "plays elsewhere",
                                     "手番はすぐ次の人へ移り、ふさがれるまで誰もほかに出せない"),
               }, ("trains",)),
)

#: Choice key -> its :class:`ChoiceInfo`.
INFO = {c.key: c for c in CHOICES}
__all__ += ["INFO"]


def combination_problems(c: Choices) -> list[tuple[str, str]]:
    """``(choice key, message)`` for each combination the engine cannot play
    (an empty list when it can)."""
    out = []
    trains = c.layout == "trains"
    for info in CHOICES:
        value = getattr(c, info.key)
        if value == info.default:
            continue
        if c.layout not in info.layouts:
            out.append((info.key, f"the choice `{info.key}` applies only to a layout of "
                                  f"{' or '.join(info.layouts)}, not {c.layout}"))
    if trains:
        for key, need in (("lead", "engine"), ("draw", "one"), ("settlement", "penalty")):
            if getattr(c, key) != need:
                out.append((key, f"a layout of trains plays `{key}: {need}` (the engine knows no other)"))
    else:
        for key, value in (("lead", "engine"), ("draw", "one"), ("settlement", "penalty")):
            if getattr(c, key) == value:
                out.append((key, f"`{key}: {value}` belongs to a layout of trains, not to a line of play"))
        if c.legal_totals == "multiples" and c.scoring not in ("multiples-of-5", "multiples-of-3"):
            out.append(("legal_totals", "`legal_totals: multiples` needs `scoring` to be multiples-of-5 or "
                                        "multiples-of-3 (the multiple a play must make)"))
        if c.side_branches == "at-once" and c.spinners == "none":
            out.append(("side_branches", "`side_branches: at-once` needs spinners (`spinners: all` or `first`)"))
    return out
