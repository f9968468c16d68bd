"""The family overview page: every variant side by side, generated from the
rule classes' choices (:class:`~generator.engine.variant.Variant` attributes)
and each variant's ``params``, in the spirit of seed ``001_*``'s comparison
table (メキシカントレインと標準のドミノの違い).

:func:`overview_page` returns the Markdown of ``gen/family.md`` for one
language. Nothing here is written by hand per variant: change a parameter or a
rule choice and the table follows.
"""

from __future__ import annotations

import html
from typing import Sequence

from .engine.variant import Variant

__all__ = ["overview_page", "set_words", "ROWS", "cell", "COMPARE_ROWS", "compare_cell", "comparison_table"]

#: Rows of the table, in order: key -> (ja, en) heading.
ROWS = {
    "players": ("人数", "Players"),
    "set": ("牌のセット", "Set"),
    "deal": ("配牌とタロン", "Deal and stock"),
    "lead": ("先手とセット", "Lead (set)"),
    "layout": ("場の形", "Layout"),
    "spinners": ("分岐するダブル", "Spinners"),
    "doubles": ("ダブルの向き", "Doubles"),
    "matching": ("つなぎ方", "Matching"),
    "drawing": ("出せないとき", "No play"),
    "scoring": ("配置ごとの得点", "Scoring in play"),
    "turn": ("手番", "Turn"),
    "hand_end": ("ハンドの終わり", "End of a hand"),
    "length": ("ゲームの長さ", "Game length"),
}

#: Rows whose heading links to a glossary term.
ROW_TERMS = {"deal": "stock", "lead": "set", "layout": "line-of-play", "spinners": "spinner", "doubles": "crosswise",
             "matching": "matching", "drawing": "draw", "scoring": "end-total", "turn": "continuation",
             "hand_end": "settlement", "length": "game"}

_SET_NAMES = {6: ("ダブルシックス", "double-six"), 9: ("ダブルナイン", "double-nine"),
              12: ("ダブルトゥエルブ", "double-twelve")}


def _j(lang: str, ja: str, en: str) -> str:
    return ja if lang == "ja" else en


def _players(v: Variant, lang: str) -> str:
    p = v.params
    solo = sorted(p.players)
    text = f"{solo[0]}〜{solo[-1]}人" if lang == "ja" else f"{solo[0]}–{solo[-1]}"
    if len(solo) == 1:
        text = f"{solo[0]}人" if lang == "ja" else f"{solo[0]}"
    if p.partnerships:
        n = ", ".join(map(str, p.partnerships))
        only = [k for k in p.partnerships if k not in p.players]
        if only:
            text += _j(lang, f"。{n}人は必ず2組のペア戦", f"; {n} always as two partnerships")
        else:
            text += _j(lang, f"。{n}人はペア戦も可", f"; {n} also as partnerships")
    return text


def set_words(top: int, lang: str) -> str:
    """A set by its highest pip, in words with its tile count.

    >>> set_words(6, "en"), set_words(12, "ja")
    ('double-six (28 tiles)', 'ダブルトゥエルブ（91枚）')
    """
    ja, en = _SET_NAMES.get(top, (f"ダブル{top}", f"double-{top}"))
    count = (top + 1) * (top + 2) // 2
    return _j(lang, f"{ja}（{count}枚）", f"{en} ({count} tiles)")


def _set(v: Variant, lang: str) -> str:
    return set_words(v.params.set, lang)


def _deal(v: Variant, lang: str) -> str:
    p = v.params
    parts = []
    for n in sorted(set(p.players) | set(p.partnerships)):
        left = v.stock_size(n)
        parts.append(_j(lang, f"{n}人：{p.deal[n]}枚（残り{left}）", f"{n}: {p.deal[n]} each ({left} left)"))
    text = _j(lang, "、", "; ").join(parts)
    if v.draw_mode == "none":
        text += _j(lang, "。配り残しは使わない", ". Undealt tiles stay out of play")
    elif p.stock_reserve:
        text += _j(lang, f"。タロンの最後の{p.stock_reserve}枚は引かない",
                   f". The last {p.stock_reserve} tiles of the stock are never drawn")
    else:
        text += _j(lang, "。タロンは最後の1枚まで引ける", ". The whole stock may be drawn")
    return text


def _lead(v: Variant, lang: str) -> str:
    text = {
        "lot": _j(lang, "くじで決めた人が好きな牌をセット", "chosen by lot; any tile"),
        "black": _j(lang, "黒（先手の席）の人が好きな牌をセット", "Black (the first seat); any tile"),
        "highest-double": _j(lang, "最も大きいダブルを持つ人がそれをセット（ダブルがなければ最も重い牌）",
                             "the holder of the highest double sets it (no double: the heaviest tile)"),
    }[v.lead_rule]
    totals = v.params.lead_totals
    if totals:
        text = text.split(_j(lang, "好きな牌", "any tile"))[0] + _j(
            lang, f"目の合計が{'か'.join(map(str, totals))}の牌だけをセット",
            f"only a tile whose pips total {' or '.join(map(str, totals))}")
    elif type(v).lead_allowed is not Variant.lead_allowed and isinstance(v.play_scoring, tuple):
        m = v.play_scoring[1]
        text = text.split(_j(lang, "好きな牌", "any tile"))[0] + _j(
            lang, f"目の合計が{m}の倍数の牌をセット", f"only a tile whose pips total a multiple of {m}")
    later = v.choices.next_lead
    if later == "winner":
        text += _j(lang, "。以後のハンドは上がった人（ブロックのあとは最初と同じ決め方）",
                   "; later hands: whoever went out (after a block, as for the first hand)")
    elif later == "next-seat":
        text += _j(lang, "。以後のハンドは前のセットの人の次の席", "; later hands: the next seat after the last setter")
    return text


def _layout(v: Variant, lang: str) -> str:
    if v.spinners is True:
        return _j(lang, "ダブルのたびに枝分かれする配置", "a layout that branches at every double")
    if v.spinners == "first":
        return _j(lang, "1本の列。最初のダブルから四方向に伸びることがある",
                  "one line, which may grow four ways from the first double")
    return _j(lang, "開いた端が2つの1本の列", "one line with two open ends")


def _spinners(v: Variant, lang: str) -> str:
    if v.spinners is True:
        return (_j(lang, "すべてのダブル（側枝は直線側が両方埋まってから）",
                   "every double (side branches once both straight sides are filled)")
                if v.sides_after_straight else _j(lang, "すべてのダブル", "every double"))
    if v.spinners == "first":
        after = _j(lang, "四辺はすぐに開く", "all four sides open at once") if not v.sides_after_straight \
            else _j(lang, "側枝は直線側が両方埋まってから", "sides once both straight sides are filled")
        return _j(lang, f"最初のダブルを交差置きにしたときだけ（スニッフ）。{after}",
                  f"only the first double, when laid crosswise (the sniff); {after}")
    return _j(lang, "なし", "none")


def _doubles(v: Variant, lang: str) -> str:
    if v.doubles == "choice":
        return _j(lang, "交差置きか列沿い置きを選べる（交差置きは両半面を数える）",
                  "crosswise or lengthwise, as the player likes (crosswise counts both halves)")
    return _j(lang, "交差置き", "crosswise")


def _matching(v: Variant, lang: str) -> str:
    if v.matching == "sum-7":
        s = v.params.set + 1
        return _j(lang, f"つなぐ二つの数の和が{s}。ブランクにはマタドールだけ。マタドールはいつでもどこにでも",
                  f"touching ends add to {s}; only a matador joins a blank; matadors go anywhere at any time")
    return _j(lang, "同じ数どうし", "equal numbers")


def _drawing(v: Variant, lang: str) -> str:
    return {
        "until-playable": _j(lang, "合う牌が出るまで引き、引けなければパス", "draw until a tile fits; pass when none can be drawn"),
        "optional": _j(lang, "出せても引いてよい。出せず引けなければパス",
                       "may draw even with a play; pass when nothing fits and nothing can be drawn"),
        "none": _j(lang, "引かずにパス", "pass (no drawing)"),
    }[v.draw_mode]


def _scoring(v: Variant, lang: str) -> str:
    rule, unit = v.play_scoring, v.params.point_unit
    if rule is None:
        return _j(lang, "なし", "none")
    if rule == "fives-and-threes":
        return _j(lang, "端の合計が5で割り切れれば÷5、3で割り切れれば÷3の点（15は8点）",
                  "an end total divisible by 5 scores total ÷ 5, by 3 total ÷ 3, both when both (15 scores 8)")
    if rule == "headers":
        return _j(lang, "セット2点、ダブルヘッダー2点、トリプルヘッダー3点",
                  "the set 2, a double-header 2, a triple-header 3")
    m = rule[1]
    if unit > 1:
        return _j(lang, f"端の合計が{m}の倍数なら、合計÷{unit}点（表示得点）",
                  f"an end total that is a multiple of {m} scores total ÷ {unit} (displayed points)")
    extra = ""
    if type(v).check_placement is not Variant.check_placement:
        extra = _j(lang, "。合計が3の倍数にならない置き方は反則", "; a play that misses a multiple is illegal")
    return _j(lang, f"端の合計が{m}の倍数なら、その数だけ得点{extra}",
              f"an end total that is a multiple of {m} scores that many points{extra}")


def _turn(v: Variant, lang: str) -> str:
    if type(v).continues_turn is not Variant.continues_turn:
        return _j(lang, "ダブルか得点になる牌を手から出すと、もう1枚置ける",
                  "a double or a scoring tile from the hand earns another placement")
    return _j(lang, "1回に1枚", "one tile per turn")


def _hand_end(v: Variant, lang: str) -> str:
    rule = v.settle_rule
    unit = v.params.point_unit
    all_tied = v.choices.ties == "all-tied-win"
    out = {
        "none": _j(lang, "上がった人の勝ち。ブロックなら目の合計が少ない人の勝ち、同じなら引き分け",
                   "going out wins; if blocked, the lower pip total wins, equal totals draw"),
        "rounded": _j(lang, f"勝った側がほかの側の残りの目を{unit}の倍数に丸め、÷{unit}点。"
                      + ("最小の同点は全員が勝ち" if all_tied else "最小の同点は得点なし"),
                      f"the winner scores the others' pips rounded to {unit}, ÷ {unit}; "
                      + ("tied lowest sides all win" if all_tied else "a tie for lowest scores nothing")),
        "go-out-one": _j(lang, "上がり1点。ブロック時は得点なし", "going out scores 1; a blocked hand scores nothing"),
        "opponents": _j(lang, "上がりかブロック時の最少の側が、ほかの側の残りの目を得点。同点は得点なし",
                        "going out, or the lowest hand when blocked, scores the others' pips; a tie scores nothing"),
        "opponents-less-own": _j(lang, "上がった側はほかの側の残りの目を得点。ブロック時は最少の側が、ほかの側の残りの目から自分の側の目を引いて得点。同点は得点なし",
                                 "going out scores the other sides' pips; when blocked, the lowest side scores the "
                                 "others' pips less its own; a tie scores nothing"),
        "differences": _j(lang, "上がりはほかの全員の残りの目を得点。ブロック時は最少の人が各人との差の合計を得点。同点は得点なし",
                          "going out scores every other hand's pips; when blocked, the lowest hand scores its "
                          "differences against each other hand; a tie scores nothing"),
        "one": _j(lang, "上がり（ドミノ）1点。ブロック時は目の合計が少ない人に1点、同点は得点なし",
                  "going out (domino) scores 1; when blocked the lower total scores 1, a tie nothing"),
    }[rule]
    return out


def _length(v: Variant, lang: str) -> str:
    t = v.params.target
    if t is None:
        return _j(lang, "1ハンドで勝負が決まる", "one hand is the game")
    unit = _j(lang, "表示得点", "displayed points") if v.params.point_unit > 1 else _j(lang, "点", "points")
    return _j(lang, f"{t}{unit}に先に届いた側の勝ち", f"first to {t} {unit}")


_CELLS = {"players": _players, "set": _set, "deal": _deal, "lead": _lead, "layout": _layout,
          "spinners": _spinners, "doubles": _doubles, "matching": _matching, "drawing": _drawing,
          "scoring": _scoring, "turn": _turn, "hand_end": _hand_end, "length": _length}


def cell(v: Variant, row: str, lang: str) -> str:
    """The text of one table cell: row ``row`` (a key of :data:`ROWS`) for
    variant ``v`` in ``lang``."""
    return _CELLS[row](v, lang)


def overview_page(variants: Sequence[tuple[str, dict, Variant]], lang: str) -> str:
    """Markdown of the family overview in ``lang``. ``variants`` are
    ``(id, name {ja, en}, rules)`` in site order; each column links to the
    variant's page."""
    title = _j(lang, "ゲームの比較", "The games side by side")
    intro = _j(lang,
               "このサイトで扱う、1本の列に牌をつなぐゲームを、項目ごとに並べて比べた表です。"
               "トレインを使うゲーム（メキシカントレインなど）は形が違うので、この表には入れていません。表の中身は各ゲームのルール定義（パラメータと規則の選択）から自動で作っているので、"
               "ルールを書き換えれば表もそれに合わせて変わります。細かな条件や例は、それぞれのゲームのページで確かめてください。",
               "This table compares, item by item, every game on this site that is played in one line of tiles; "
               "games played with trains, such as Mexican Train, are laid out differently and are not in it. It is generated from each game's rule "
               "definition (its parameters and rule choices), so it changes whenever a rule does. Each game's own "
               "page has the details and worked examples.")
    head = "| " + _j(lang, "項目", "Item") + " | " + " | ".join(
        f"[{_esc_cell(name[lang])}]({vid}.md)" for vid, name, _ in variants) + " |"
    sep = "|---|" + "---|" * len(variants)
    rows = [head, sep]
    for key, labels in ROWS.items():
        label = labels[0] if lang == "ja" else labels[1]
        if key in ROW_TERMS:
            label = f"[{label}](glossary.md#{ROW_TERMS[key]})"
        rows.append(f"| **{label}** | " + " | ".join(_esc_cell(cell(v, key, lang)) for _, _, v in variants) + " |")
    note = _j(lang,
              "表が横に長いときは、横にスクロールして見てください。",
              "If the table is wider than your screen, scroll it sideways.")
    return f"# {title}\n\n{intro}\n\n" + "\n".join(rows) + f"\n\n{note}\n"


def _esc_cell(text: str) -> str:
    return html.escape(text, quote=False).replace("|", "\\|")


#: Rows of a two-game comparison (seed 001's table), key -> (ja, en).
COMPARE_ROWS = {
    "players": ("人数", "Players"), "set": ("牌のセット", "Set"), "deal": ("配牌", "Deal"),
    "start": ("始め方", "Start"), "layout": ("場の形", "Layout"), "where": ("出す場所", "Where to play"),
    "drawing": ("出せないとき", "No play"), "doubles": ("ダブル", "Doubles"), "length": ("長さ", "Length"),
    "scoring": ("得点", "Scoring"), "options": ("オプション", "Options"),
}


def _trains_cell(v: Variant, row: str, lang: str) -> str:
    settings = v.round_settings
    top = v.params.set
    return {
        "start": _j(lang, f"そのラウンドのダブル（最初は{top}-{top}、以後1つずつ小さく）を配る前に中央に置く。最初の番はラウンドごとに1席ずつずれる",
                    f"the round's double ({top}-{top} first, one lower each round) goes in the centre before the "
                    f"deal; the first turn moves one seat each round"),
        "layout": _j(lang, "各プレイヤーのトレインと共有のメキシカントレイン。どれも中央のダブルから伸びる",
                     "a train for each player and one shared Mexican train, all starting from the centre double"),
        "where": _j(lang, "自分のトレイン、メキシカントレイン、マーカーのあるほかの人のトレイン。最初の番も含め1回に1枚",
                    "your own train, the Mexican train, or another player's train with a marker; one tile a turn, "
                    "the first turn included"),
        "drawing": _j(lang, "1枚引き、出せれば出す。出せなければパスし、自分のトレインにマーカー（次に自分が出すまで）",
                      "draw one and play it if you can; otherwise pass and put a marker on your train until you "
                      "play there again"),
        "doubles": _j(lang, "出すともう1回出せ、その牌でダブルをふさぐ。ふさがれるまで誰もほかに出せない",
                      "a double earns one more play, which must cover it; until it is covered nobody plays "
                      "anywhere else"),
        "length": _j(lang, f"{top}-{top}から0-0までダブルごとに1ラウンド、全{settings[0]}ラウンド。設定で"
                     + "、".join(f"{n}ラウンド" for n in settings[1:]),
                     f"one round per double from {top}-{top} to 0-0, {settings[0]} rounds; settings: "
                     + ", ".join(f"{n} round{'s' if n != 1 else ''}" for n in settings[1:])),
        "scoring": _j(lang, "手に残った目が失点。最後のラウンドのあと合計が最も少ない人の勝ち、同じなら引き分け",
                      "pips left in hand are penalty points; after the last round the lowest total wins, equal "
                      "lowest totals draw"),
        "options": _j(lang, "ラウンド数の設定のみ。全員が個人戦で、セットはいつもダブルトゥエルブ",
                      "only the number of rounds; everyone plays alone, always with double-twelve"),
    }[row]


def _line_where(v: Variant, lang: str) -> str:
    if v.spinners:
        return _j(lang, "接続可能位置のどれか（分岐ダブルの側枝を含む）", "any open end, side branches of spinners included")
    return _j(lang, "列の左右どちらかの端", "either end of the line")


def compare_cell(v: Variant, row: str, lang: str) -> str:
    """One cell of a two-game comparison (:data:`COMPARE_ROWS`)."""
    if row in ("players", "set", "deal"):
        return cell(v, row, lang)
    if v.family == "trains":
        return _trains_cell(v, row, lang)
    if row == "start":
        return cell(v, "lead", lang)
    if row == "where":
        return _line_where(v, lang)
    if row == "doubles":
        if v.spinners:
            return cell(v, "spinners", lang)
        if v.doubles == "choice":
            return cell(v, "doubles", lang)
        return _j(lang, "ほかの牌と同じ（交差置き）", "like any other tile (laid crosswise)")
    if row == "scoring":
        return cell(v, "scoring", lang) + _j(lang, "。", "; ") + cell(v, "hand_end", lang)
    if row == "options":
        return _j(lang, f"{', '.join(map(str, v.params.partnerships))}人のペア戦", f"partnerships for "
                  f"{', '.join(map(str, v.params.partnerships))}") if v.params.partnerships else _j(lang, "なし", "none")
    return cell(v, {"drawing": "drawing", "length": "length", "layout": "layout"}[row], lang)


def comparison_table(games: Sequence[tuple[str, dict, Variant]], lang: str) -> str:
    """A Markdown table comparing ``games`` (``(id, name, rules)``) row by row."""
    head = "| " + _j(lang, "項目", "Item") + " | " + " | ".join(
        f"[{_esc_cell(name[lang])}]({vid}.md)" for vid, name, _ in games) + " |"
    rows = [head, "|---|" + "---|" * len(games)]
    for key, labels in COMPARE_ROWS.items():
        label = labels[0] if lang == "ja" else labels[1]
        rows.append(f"| **{label}** | " + " | ".join(_esc_cell(compare_cell(v, key, lang)) for _, _, v in games) + " |")
    return "\n" + "\n".join(rows) + "\n"
