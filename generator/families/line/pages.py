"""The page parts of the line-of-play family: a worked position's body (its
placements drawn step by step, a practice question, a settlement, a hand move
by move), written by the game page's drawing and wording methods
(:meth:`generator.engine.family.Family.render_position` of
:mod:`generator.families.line`)."""

from __future__ import annotations

import jinja2

from .positions import PlacementPosition, Rejected, SettlementPosition, TurnsPosition

__all__ = ["render_line"]


def render_line(page, cp, steps: list[int] | None = None) -> str:
    """The Markdown of the body of ``cp`` (a checked line-of-play position) on
    ``page`` (:class:`generator.pages.game` page): every placement chosen
    (``steps``: their numbers; by default the steps that state a value or a
    refusal, and the last), each drawn; a practice question; a settlement's
    table; a hand's moves. An example of two or more placements is written
    to be stepped through. Raises ``jinja2.TemplateError`` for a step the
    position lacks."""
    pos = cp.position
    stepped = isinstance(pos, PlacementPosition) and len(pos.steps) >= 2
    out: list[str] = []
    if isinstance(pos, PlacementPosition):
        wanted = steps or [st.index for st in pos.steps
                           if st.expect or st.reject or st.index == len(pos.steps)]
        for n in wanted:
            if not isinstance(n, int) or not 1 <= n <= len(pos.steps):
                raise jinja2.TemplateError(f"position {pos.id!r} has steps 1 to {len(pos.steps)}, not {n!r}")
        for st, pl in zip(pos.steps, cp.outcome.placements):
            if st.index not in wanted and not stepped:
                continue
            extra = (st.caption or {}).get(page.lang)
            if isinstance(pl, Rejected):
                body = page.rejected(pos.id, st.index, pl, extra)
            else:
                body = page.figure(pos.id, st.index, pl, extra)
            if stepped:
                # a step not chosen for the page shows only while stepping (without the script, the
                # example is what it always was)
                hidden = "" if st.index in wanted else " rb-step-extra"
                body = (f'<div class="rb-step{hidden}" id="ex-{pos.id}-step-{st.index}" markdown>\n\n'
                        f"{body}\n</div>\n")
            out.append(body)
    elif pos.kind == "practice":
        out.append(page.practice(pos, cp))
    elif isinstance(pos, SettlementPosition):
        out.append(page.settlement(pos, cp))
    elif isinstance(pos, TurnsPosition):
        out.append(page.turns(pos, cp))
    return "".join(out)
