"""The page parts of the line-of-play family: a worked position's body (its
placements drawn step by step, a practice question, a settlement, a hand move
by move), written by the game page's drawing and wording methods
(:meth:`generator.engine.family.Family.render_position` of
:mod:`generator.families.line`)."""

from __future__ import annotations

import jinja2

from ...base.i18n import messages, tables
from ...pages import describe
from .positions import PlacementPosition, Rejected, SettlementPosition, TurnsPosition

__all__ = ["render_line", "explain_lines"]


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


_W = tables("explain")


def _numbers(pl, lang: str) -> str:
    w = _W[lang]
    return w["numbers"].format(raw_label=w["raw"], raw=pl.raw, points_label=w["points"], points=pl.points)


def _placement(pl, lang: str, variant) -> list[str]:
    """Caption, text equivalent and the raw and displayed points of one placement."""
    return [describe.caption(pl, lang, variant),
            describe.text_equivalent(pl.layout, pl.counted, pl.open, lang, variant),
            _numbers(pl, lang)]


def _settlement(s, pips_by_player: dict, lang: str, variant) -> list[str]:
    w = _W[lang]
    sides = ", ".join(f"{k} {v}" for k, v in s.pips.items())
    players = ", ".join(f"{k} {v}" for k, v in pips_by_player.items())
    out = [f"{w['pips']}{w['colon']}{players}" + (f" ({sides})" if list(s.pips) != list(pips_by_player) else ""),
           f"{w['winners']}{w['colon']}{', '.join(s.winners) or w['nobody']}"]
    out += describe.settlement_lines(s, lang, variant)
    if s.scores_after is not None:
        out.append(f"{w['scores']}{w['colon']}" + ", ".join(f"{k} {v}" for k, v in s.scores_after.items()))
    return out


def _indent(lines: list[str]) -> list[str]:
    return ["  " + line for line in lines]


def explain_lines(checked, variant, lang: str) -> list[str]:
    """What ``rulebook explain`` prints for a line-of-play position after its
    title, in the words of the page (:mod:`generator.pages.describe`): per
    placement the caption (tile, where it went, counted terms, total, what it
    scores), the text equivalent of the line (open ends and counted values)
    and the raw and displayed points, a refused play with its rule; per
    settlement the pips per side, the winners and how the points follow
    (rounding included); a hand move by move; for a question, the hand, the
    table and every legal play with its outcome, the best marked."""
    pos, outcome = checked.position, checked.outcome
    w = _W[lang]
    out: list[str] = []
    if pos.kind == "practice":
        ui = messages("pages", lang)
        table = outcome.table
        out.append(f"{ui['practice_question']} {ui['q_' + pos.question]}")
        out.append(f"{ui['your_hand']} {describe.tile_list(pos.hand)}")
        out.append(describe.text_equivalent(table, variant.counted(table), tuple(variant.open_ends(table)), lang,
                                            variant))
        best = {id(o) for o in outcome.best}
        for o in outcome.options:
            mark = ui["practice_best_mark"] if id(o) in best else "  "
            out.append(mark + describe.play_words(o.play, lang))
            out += _indent(_indent([describe.caption(o.placement, lang, variant),
                                    f"{ui['practice_playable']}{w['colon']}"
                                    + (describe.tile_list(o.playable) or ui["none"])]))
    elif isinstance(pos, PlacementPosition):
        for st, pl in zip(pos.steps, outcome.placements):
            if isinstance(pl, Rejected):
                what, rule, reason = describe.refusal(pl, lang)       # the page's words for it
                out.append(f"{w['step']} {st.index}: {what}{w['colon']}{rule}" + (f". {reason}." if reason else ""))
                continue
            out.append(f"{w['step']} {st.index}: " + _placement(pl, lang, variant)[0])
            out += _indent(_placement(pl, lang, variant)[1:])
    elif isinstance(pos, SettlementPosition):
        out.append(w["settle"])
        out += _indent(_settlement(outcome.settlement, pos.pips(), lang, variant))
    elif isinstance(pos, TurnsPosition):
        for mv, ev in zip(pos.moves, outcome.events):
            head = f"{w['move']} {mv.index}: {w['by'].format(p=ev.player)}"
            if ev.kind == "play":
                lines = _placement(ev.placement, lang, variant)
                out.append(head + lines[0])
                out += _indent(lines[1:])
            elif ev.kind == "draw":
                out.append(head + w["draws"].format(p=ev.player, t=ev.drawn.label,
                                                    ok=w["playable"] if ev.playable else w["unplayable"]))
            else:
                out.append(head + w["passes"].format(p=ev.player))
        hand = outcome.hand
        if hand.settlement is not None:
            pips = {p: sum(t.pips for t in hand.hands[p]) for p in pos.players}
            out.append(w["settle"])
            out += _indent(_settlement(hand.settlement, pips, lang, variant))
        else:
            out.append(f"{w['scores']}{w['colon']}" + ", ".join(f"{k} {v}" for k, v in hand.scores.items()))
    return out
