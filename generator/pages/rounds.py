"""Page parts shared by the families whose worked positions are rounds move by
move with penalty points at the end (Mexican Train's trains, Chicken Foot's
tree): the hands and stock dealt, the notes under the table of moves, the
table of penalties. Each takes the family's own string table ``ui`` (from
its message catalog), which names the words: ``no``, ``stock``, ``move``,
``result``, ``player``, ``hand`` and ``penalty``."""

from __future__ import annotations

from typing import Mapping, Sequence

from ..safety.sanitize import escape_cell, escape_md
from .describe import tile_list

__all__ = ["dealt_lines", "move_notes", "penalty_table"]


def dealt_lines(ui: Mapping[str, str], players: Sequence[str], hands: Mapping, stock: Sequence) -> list[str]:
    """A Markdown list: each player's hand, then the stock (``no`` for none)."""
    out = [f"- {p}: {tile_list(hands[p]) or ui['no']}" for p in players]
    out.append(f"- {ui['stock']}: {tile_list(stock) or ui['no']}\n")
    return out


def move_notes(ui: Mapping[str, str], moves: Sequence, lang: str) -> list[str]:
    """The notes the author wrote on moves (each move has ``index`` and an
    optional ``note`` {ja, en}), as one Markdown list, or nothing."""
    notes = [(mv.index, mv.note[lang]) for mv in moves if mv.note]
    if not notes:
        return []
    return ["\n".join(f"- {ui['move']} {i}: {escape_md(t.strip())}" for i, t in notes) + "\n"]


def penalty_table(ui: Mapping[str, str], rnd) -> list[str]:
    """Once ``rnd`` (a round: ``end``, ``players``, ``hands``, ``penalties``)
    is over, the table of what each player holds and its penalty points."""
    if not rnd.end:
        return []
    pen = rnd.penalties
    out = [f"\n**{ui['result']}**\n\n| {ui['player']} | {ui['hand']} | {ui['penalty']} |\n|---|---|---:|"]
    for p in rnd.players:
        out.append(f"| {escape_cell(p)} | {escape_cell(tile_list(rnd.hands[p]) or ui['no'])} | {pen[p]} |")
    out.append("")
    return out
