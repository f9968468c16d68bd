"""``rulebook explain``: the engine's reasoning for one position, step by step,
in Japanese or English.

The lines after the position's file and title are its family's
(:meth:`generator.engine.family.Family.explain`), made of the describers its
pages use, so the command says exactly what the site shows, as plain text.
"""

from __future__ import annotations

from ..base.report import shown_path
from ..engine.family import family_of

__all__ = ["explain"]


def explain(checked, variant, lang: str = "ja") -> str:
    """The reasoning behind ``checked`` (a :class:`CheckedPosition`) under
    ``variant``'s rules, in ``lang``, one idea a line: the file and the game,
    the title, then the family's lines (for a line of play, per placement
    the caption, the text equivalent of the layout and the raw and displayed
    points; per settlement the pips per side, the winners and how the points
    follow; for a table of trains or a tree the text equivalents of the table;
    for a practice position the question and every legal play, the best
    marked)."""
    pos = checked.position
    out: list[str] = [f"{shown_path(pos.file)} ({pos.variant_id})"]
    if pos.title:
        out.append(pos.title[lang])
    out += family_of(pos.family).explain(checked, variant, lang)
    return "\n".join(out) + "\n"
