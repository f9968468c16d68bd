"""The Markdown of Chicken Foot positions (table, round and match) in one
language, with their tree diagrams: the tree counterpart of the line-of-play
rendering in :mod:`generator.pages.game`; and the family's comparison cells,
card rows and ``rulebook explain`` lines.

Every function returns Markdown (escaped) and adds diagram files to the
page's ``files``; ``lang`` is ``"ja"`` or ``"en"``.
"""

from __future__ import annotations

from ...base.i18n import messages, plural, tables
from . import draw as tree
from .positions import MatchPosition, RoundPosition, TablePosition, practice_arms
from ...safety.sanitize import escape_cell, escape_md
from .rules import Round
from ...pages.describe import tile_list
from ...pages import rounds

__all__ = ["render_tree", "arm_name", "move_text", "tree_text", "arm_tiles", "compare_cell", "card_rows", "explain_lines"]

_UI = tables("tree")
_esc = escape_md
_cell = escape_cell


def arm_name(name: str, lang: str) -> str:
    """An arm in words: ``arm b`` / ``腕b`` for the centre's, ``toe b2`` / ``指b2`` for a foot's."""
    return _UI[lang]["arm" if len(name) == 1 else "toe"].format(a=name)


def move_text(ev, lang: str) -> str:
    """One move of a round in words: ``plays 9-4 on arm a``, ``draws 2-7
    (it fits)``, ``passes``; with how the round ends, when it does."""
    ui = _UI[lang]
    play = None
    if ev.kind == "play":
        play = ui["play"].format(t=ev.tile.label, a=arm_name(ev.arm, lang))
        if ev.tile.is_double and ev.next is not None:       # a double that ends the round opens no foot
            play += ui["clause_sep"] + ui["foot_opens"]
    return rounds.move_words(ui, ev, play)


def arm_tiles(arm) -> str:
    """An arm's tiles in words, from the centre outwards, each written as the
    game's pages write every tile, the lower end first: ``[4|9] [4|4]`` (the
    double it grows from is 9-9; the words that follow name the open end)."""
    return " ".join(t.label for t in arm.tiles)


def _fill_words(rnd: Round, fill, lang: str) -> str:
    ui = _UI[lang]
    return ui["sep"].join(arm_name(a, lang) for a in fill) or ui["no"]


def tree_text(rnd: Round, lang: str, who: bool = True) -> str:
    """The text equivalent of a tree diagram: the centre, then every arm's
    tiles and open end (or the double that closes it), and (with ``who``)
    where the next tile may go."""
    ui = _UI[lang]
    parts = [ui["centre_is"].format(t=rnd.centre.label, n=rnd.variant.centre_arms)]
    for name, arm in rnd.arms.items():
        tiles = arm_tiles(arm) or ui["empty"]
        tail = ui["closed_by"].format(t=arm.last.label) if arm.closed else ui["end_is"].format(n=arm.end)
        parts.append(f"{arm_name(name, lang)}: {tiles}{ui['clause_sep']}{tail}")
    if who and rnd.end is None:
        fill = rnd.must_fill
        parts.append(ui["next_fill"].format(arms=_fill_words(rnd, fill, lang)) if fill else ui["next_any"])
    return (ui["stop"] + " ").join(parts).replace("。 ", "。") + ui["stop"]


def _figure(page, rnd: Round, name: str, cap: str, last=None, who: bool = True) -> str:
    from ...pages.game import GEN

    lang = page.lang
    alt = tree_text(rnd, lang, who)
    status = {a: rnd.status(a) for a in rnd.arms} if who and rnd.end is None else None
    text = tree.draw_tree(rnd.centre, rnd.arms, rnd.variant.centre_arms, status, title=cap, desc=alt, lang=lang,
                          ident=f"d-{name}", last=last, waiting=rnd.foot if rnd.end is None else None,
                          coloured=rnd.variant.params.set > 6)
    return rounds.figure(page.files, lang, page.png, GEN, page.v.id, name, cap, text, alt)


def _arms_table(rnd: Round, lang: str, hand=None, player: str | None = None) -> str:
    """Every arm that is open or waiting: its end, whether a tile may go there now and why, and (with a
    ``hand``) the tiles of ``player``'s hand that fit it."""
    ui = _UI[lang]
    status = messages("tree-status", lang)
    fits: dict[str, list] = {}
    if player is not None:
        for t, a in rnd.plays_for(player):
            fits.setdefault(a, []).append(t)
    head = f"| {ui['arm_col']} | {ui['end_col']} | {ui['now_col']} |"
    sep = "|---|---:|---|"
    if player is not None:
        head += f" {_cell(ui['fits'].format(p=player))} |"
        sep += "---|"
    rows = [head, sep]
    for name, arm in rnd.arms.items():
        if arm.closed:
            continue
        row = f"| {_cell(arm_name(name, lang))} | {arm.end} | {_cell(status[rnd.status(name)])} |"
        if player is not None:
            row += f" {_cell(ui['sep'].join(t.label for t in fits.get(name, [])) or ui['no'])} |"
        rows.append(row)
    return "\n" + "\n".join(rows) + "\n"


def _table(page, pos: TablePosition, rnd: Round) -> str:
    ui = _UI[page.lang]
    p = pos.to_move
    cap = ui["to_move_cap"].format(p=p)
    out = [_figure(page, rnd, pos.id, cap), _arms_table(rnd, page.lang, pos.hand, p if pos.hand else None)]
    if pos.hand:
        out.append(f"\n- {ui['hand_of'].format(p=p)} {tile_list(pos.hand)}")
        plays = rnd.plays_for(p)
        listed = ui["sep"].join(f"{t.label} → {arm_name(a, page.lang)}" for t, a in plays) or ui["none"]
        out.append(f"- {ui['plays'].format(p=p)}: {_esc(listed)}\n")
    return "\n".join(out) + "\n"


def _practice(page, pos: TablePosition, rnd: Round) -> str:
    """A practice table: the question, the tree drawn (tags all white) and the hand; behind "show the
    answer", every open or waiting arm with its status and the tiles that fit, the arms open to the
    player marked."""
    lang = page.lang
    ui, pages_ui = _UI[lang], messages("pages", lang)
    p = pos.to_move
    drawn = _figure(page, rnd, pos.id, ui["to_move_cap"].format(p=p), who=False)
    fits: dict[str, list] = {}
    for t, a in rnd.plays_for(p):
        fits.setdefault(a, []).append(t)
    best = set(practice_arms(rnd, p))
    status = messages("tree-status", lang)
    head = f"| {ui['arm_col']} | {ui['now_col']} | {_cell(ui['fits'].format(p=p))} |\n|---|---|---|"
    rows = [(name in best, [_cell(arm_name(name, lang)), _cell(status[rnd.status(name)]),
                            _cell(ui["sep"].join(t.label for t in fits.get(name, [])) or pages_ui["none"])])
            for name, arm in rnd.arms.items() if not arm.closed]
    why = ui["why_fill"].format(p=p, arms=_fill_words(rnd, rnd.must_fill, lang)) if rnd.must_fill \
        else ui["why_any"].format(p=p)
    return rounds.practice(ui, lang, p, pos.hand, drawn, head, rows, ui["show_answer"], why)


def _round(page, pos: RoundPosition, outcome) -> str:
    lang = page.lang
    ui = _UI[lang]
    rnd = outcome.round
    out = []
    start = Round(rnd.variant, pos.state.players, pos.hands, pos.stock, pos.state.centre, pos.first, pos.state.arms)
    if any(a.tiles for a in start.arms.values()):
        out.append(_figure(page, start, f"{pos.id}-start", ui["start"]))
    out += rounds.dealt_lines(ui, pos.state.players, pos.hands, pos.stock)
    out.append(rounds.moves_table(ui, pos.moves, outcome.events, lambda ev: move_text(ev, lang), [ui["fill_col"]],
                                  lambda ev: [_cell(_fill_words(rnd, ev.must_fill, lang))]))
    out += rounds.move_notes(ui, pos.moves, lang) + rounds.penalty_table(ui, rnd)
    last = rounds.last_play(outcome.events, "arm")
    out.append(_figure(page, rnd, f"{pos.id}-end", ui["final"], last=last))
    return "\n".join(out) + "\n"


def _match(page, pos: MatchPosition, m) -> str:
    ui = _UI[page.lang]
    return rounds.match_table(ui, pos.players, pos.penalties, m, ui["centre"], m.centres, page.v.rules.rounds)


def render_tree(page, checked) -> str:
    """The Markdown body of one Chicken Foot position on ``page`` (a game
    page), from ``checked`` (its position and the engine's outcome)."""
    pos, outcome = checked.position, checked.outcome
    if isinstance(pos, TablePosition):
        return _practice(page, pos, outcome.round) if pos.is_practice else _table(page, pos, outcome.round)
    if isinstance(pos, RoundPosition):
        return _round(page, pos, outcome)
    return _match(page, pos, outcome.match)


def compare_cell(v, row: str, lang: str) -> str:
    """A tree game's cell of a comparison (:data:`generator.pages.comparison.COMPARE_ROWS`, past the
    rows every game has): ``v`` is its :class:`~generator.families.tree.rules.ChickenFoot`."""
    ui = _UI[lang]
    top = v.params.set
    return {
        "start": ui["cmp_start"].format(top=top),
        "layout": ui["cmp_layout"].format(n=v.centre_arms),
        "where": ui["cmp_where"],
        "drawing": ui["cmp_drawing"],
        "doubles": ui["cmp_doubles"],
        "length": ui["cmp_length"].format(top=top, rounds=plural(lang, "round", v.rounds)),
        "scoring": ui["cmp_scoring_" + v.choices.double_blank],
        "options": ui["cmp_options"],
    }[row]


def card_rows(group: str, rows: list, rules, lang: str) -> list:
    """The card's rows of a tree game (``rows``: (rule, how) pairs of ``group``), worded from its choices."""
    from ...engine.choices import INFO

    ui = _UI[lang]
    if group == "turn":
        rows[1:1] = [(ui["card_centre"], ui["card_centre_value"].format(n=rules.centre_arms)),
                     (ui["card_toes"], ui["card_toes_value"])]
    elif group == "scoring":
        rows.append((INFO["double_blank"].title[lang], INFO["double_blank"].words(rules.choices.double_blank, lang)))
    elif group == "end":
        rows.append((INFO["go_out_on_double"].title[lang],
                     INFO["go_out_on_double"].words(rules.choices.go_out_on_double, lang)))
        rows.append((ui["card_rounds"], ui["card_rounds_value"].format(n=rules.rounds, top=rules.params.set)))
    return rows


def explain_lines(checked, variant, lang: str) -> list[str]:
    """What ``rulebook explain`` prints for a Chicken Foot position after its title."""
    ui = _UI[lang]
    pos, outcome = checked.position, checked.outcome
    if isinstance(pos, TablePosition):
        rnd = outcome.round
        lines = [tree_text(rnd, lang)]
        plays = rnd.plays_for(pos.to_move)
        lines.append(f"{ui['plays'].format(p=pos.to_move)}: "
                     + (ui["sep"].join(f"{t.label} → {arm_name(a, lang)}" for t, a in plays) or ui["none"]))
        return lines
    if isinstance(pos, RoundPosition):
        lines = [f"{i}. {ev.player}: {move_text(ev, lang)}" for i, ev in enumerate(outcome.events, 1)]
        if outcome.round.end:
            lines.append(f"{ui['penalty']}: " + ui["sep"].join(f"{p} {n}" for p, n in outcome.round.penalties.items()))
        return lines
    m = outcome.match
    return [f"{ui['total']}: " + ui["sep"].join(f"{p} {n}" for p, n in m.totals.items()),
            f"{ui['winners']}: {ui['sep'].join(m.winners) or ui['no']}"]
