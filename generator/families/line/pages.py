"""The page parts of the line-of-play family: a worked position's body (its
placements drawn step by step, a practice question, a settlement, a hand move
by move), written by the game page's drawing and wording methods
(:meth:`generator.engine.family.Family.render_position` of
:mod:`generator.families.line`)."""

from __future__ import annotations

import jinja2

from ...base.i18n import messages, tables
from ...draw import svg
from ...engine.rulebase import side_of, sides_of
from ...model import CheckedPosition
from ...pages import describe
from ...pages.game import GEN, ui_png
from ...safety.sanitize import escape, escape_cell, escape_link_text, escape_md
from . import draw as line_draw
from . import words as line_words
from .positions import PlacementPosition, Rejected, SettlementPosition, TurnsPosition
from .rules.variant import Placement

_esc = escape_md
_cell = escape_cell

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
                body = rejected(page, pos.id, st.index, pl, extra)
            else:
                body = figure(page, pos.id, st.index, pl, extra)
            if stepped:
                # a step not chosen for the page shows only while stepping (without the script, the
                # example is what it always was)
                hidden = "" if st.index in wanted else " rb-step-extra"
                body = (f'<div class="rb-step{hidden}" id="ex-{pos.id}-step-{st.index}" markdown>\n\n'
                        f"{body}\n</div>\n")
            out.append(body)
    elif pos.kind == "practice":
        out.append(practice(page, pos, cp))
    elif isinstance(pos, SettlementPosition):
        out.append(settlement(page, pos, cp))
    elif isinstance(pos, TurnsPosition):
        out.append(turns(page, pos, cp))
    return "".join(out)


_W = tables("explain")


def _numbers(pl, lang: str) -> str:
    w = _W[lang]
    return w["numbers"].format(raw_label=w["raw"], raw=pl.raw, points_label=w["points"], points=pl.points)


def _placement(pl, lang: str, variant) -> list[str]:
    """Caption, text equivalent and the raw and displayed points of one placement."""
    return [line_words.caption(pl, lang, variant),
            line_words.text_equivalent(pl.layout, pl.counted, pl.open, lang, variant),
            _numbers(pl, lang)]


def _settlement(s, pips_by_player: dict, lang: str, variant) -> list[str]:
    w = _W[lang]
    sides = ", ".join(f"{k} {v}" for k, v in s.pips.items())
    players = ", ".join(f"{k} {v}" for k, v in pips_by_player.items())
    out = [f"{w['pips']}{w['colon']}{players}" + (f" ({sides})" if list(s.pips) != list(pips_by_player) else ""),
           f"{w['winners']}{w['colon']}{', '.join(s.winners) or w['nobody']}"]
    out += line_words.settlement_lines(s, lang, variant)
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
        out.append(line_words.text_equivalent(table, variant.counted(table), tuple(variant.open_ends(table)), lang,
                                            variant))
        best = {id(o) for o in outcome.best}
        for o in outcome.options:
            mark = ui["practice_best_mark"] if id(o) in best else "  "
            out.append(mark + describe.play_words(o.play, lang))
            out += _indent(_indent([line_words.caption(o.placement, lang, variant),
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


# -- the page parts of a line of play: drawings and tables written on the game page ``page``
def arrangement(page, layout) -> line_draw.Arrangement:
    """``layout`` as drawn on this page (arranged once, so the words beside a
    diagram and the diagram agree)."""
    got = page._drawn.get(id(layout))
    if got is None or got[0] is not layout:
        got = page._drawn[id(layout)] = (layout, line_draw.arrange(layout))
    return got[1]

def sides_on_page(page, layout) -> dict:
    """Where the sides of ``layout``'s doubles face in its diagram
    (:func:`generator.draw.line_draw.side_directions`), for the words beside it."""
    return line_draw.side_directions(arrangement(page, layout)) if len(layout) else {}

def practice(page, pos, cp: CheckedPosition) -> str:
    """A practice position: the question, the player's hand, the table
    drawn, then (behind "show the answer", which the page's script also
    opens when the reader picks a play) the engine's table of every legal
    play with the best ones marked."""
    o = cp.outcome
    lang, ui, rules = page.lang, page.ui, page.v.rules
    hand = ui["list_sep"].join(t.label for t in pos.hand)
    parts = [f'<p class="rb-question"><strong>{_esc(ui["practice_question"])}</strong> '
             f'{_esc(ui["q_" + pos.question])}</p>\n',
             f'<p class="rb-hand"><strong>{_esc(ui["your_hand"])}</strong> {_esc(hand)}</p>\n']
    counted = rules.counted(o.table)
    open_ends = tuple(rules.open_ends(o.table))
    cap = ui["practice_table"].format(ends=_end_numbers(o.table, open_ends))
    parts.append(_draw(page, f"{pos.id}-table", o.table, counted, open_ends, None, cap))
    scoring = rules.play_scoring is not None
    head = [ui["practice_play"]] + ([ui["practice_points"]] if scoring else []) + [ui["practice_ends"],
                                                                                   ui["practice_playable"]]
    rows = ["| " + " | ".join(head) + " |", "|---" + ("|---:" if scoring else "") + "|---|---|"]
    best = {id(b) for b in o.best}
    sides = sides_on_page(page, o.table)
    for opt in o.options:
        pl = opt.placement
        play = describe.play_words(opt.play, lang, sides)
        mark = ui["practice_best_mark"] if id(opt) in best else ""
        cells = [f"{mark}{_cell(play)}"] + ([str(pl.points)] if scoring else []) + [
            _cell(_end_numbers(pl.layout, pl.open)),
            _cell(ui["list_sep"].join(t.label for t in opt.playable) or ui["none"])]
        if id(opt) in best:
            cells = [f"**{c}**" for c in cells]
        rows.append("| " + " | ".join(cells) + " |")
    why = ui["practice_why_" + pos.question]
    parts.append(f'<details class="rb-answer" markdown>\n<summary>{_esc(ui["show_answer"])}</summary>\n\n'
                 + "\n".join(rows) + f"\n\n{_esc(why)}\n\n</details>\n")
    return "".join(parts)

def _end_numbers(layout, ends) -> str:
    """The numbers (pips) the open ``ends`` of ``layout`` show, smallest first: ``0 / 5 / 7 / 8``."""
    return " / ".join(str(p) for p in sorted(layout.pip_at(e) for e in ends))


def figure(page, pid: str, index: int, pl: Placement, extra_caption: str | None = None) -> str:
    cap = line_words.caption(pl, page.lang, page.v.rules, sides_on_page(page, pl.layout))
    if extra_caption:
        cap = f"{cap} {extra_caption}"
    return _draw(page, f"{pid}-{index}", pl.layout, pl.counted, pl.open, pl.tile, cap)

def _draw(page, name: str, layout, counted, open_ends, last, cap: str) -> str:
    lang = page.lang
    rules = page.v.rules
    arr = arrangement(page, layout)
    alt = line_words.text_equivalent(layout, counted, open_ends, lang, rules, line_draw.side_directions(arr))
    text = line_draw.render(arr, counted={c.end: c.value for c in counted} if rules.play_scoring else {},
                      open_ends=open_ends, last=last, title=cap, desc=alt, lang=lang,
                      ident=f"d-{name}", joins=line_draw.join_marks(layout, rules), coloured=rules.params.set > 6)
    base = f"{lang}/{GEN}/diagrams/{page.v.id}/{name}"
    page.files[base + ".svg"] = text.encode("utf-8")
    page.files[base + ".png"] = svg.to_png(text) if page.png else b""
    rel = f"diagrams/{page.v.id}/{name}"
    x0, y0, x1, y1 = arr.bounds()
    w = round((x1 - x0 + 0.5) * svg.UNIT)
    h = round((y1 - y0 + 0.5) * svg.UNIT)
    return (f'<figure class="rb-figure" id="fig-{name}" markdown="span">\n'
            f'[![{escape_link_text(cap)}]({rel}.svg){{ width="{w}" height="{h}" }}]({rel}.png "{escape(ui_png(lang))}")\n'
            f'<figcaption>{_esc(cap)}</figcaption>\n</figure>\n'
            f'<p class="rb-textalt"><span class="rb-textalt-label">{_esc(page.ui["textalt"])}</span> '
            f'{_esc(alt)}</p>\n')

def rejected(page, pid: str, index: int, r, extra_caption: str | None = None) -> str:
    """A step the rules refuse (``r``, a line of play's refused step): the reason (rule id, the rule in words, the
    engine's message) and the unchanged layout, drawn with its open ends."""
    lang = page.lang
    ui = page.ui
    # the engine's English sentence is for authors; the side is named as the diagram shows it
    head, words, _ = describe.refusal(r, lang, sides_on_page(page, r.layout))
    link = page.rule_link(r.rule)
    rule = f"[{escape_link_text(words)}]({link})" if link else _esc(words)
    parts = [f'<div class="rb-rejected" markdown>\n\n**✗ {_esc(head)}**{ui["rule_sep"]}{rule}\n']
    if extra_caption:
        parts.append(f"{_esc(extra_caption)}\n")
    parts.append("</div>\n")
    if len(r.layout):
        name = f"{pid}-{index}"
        counted = page.v.rules.counted(r.layout)
        cap = ui["layout_unchanged"].format(label=r.tile.label)
        parts.append(_draw(page, name, r.layout, counted, r.open, None, cap))
    return "\n".join(parts)

def settlement(page, pos, cp: CheckedPosition) -> str:
    """A line of play's settlement ``pos`` with its outcome in ``cp``: the hands, pips and result."""
    ui, lang = page.ui, page.lang
    s = cp.outcome.settlement
    sides = sides_of(pos.players, pos.teams)
    teams = bool(pos.teams)
    rows = [f"| {ui['player']} | " + (f"{ui['side']} | " if teams else "") + f"{ui['hand']} | {ui['pips']} |",
            "|---|" + ("---|" if teams else "") + "---|---:|"]
    for p in pos.players:
        h = pos.hands[p]
        shown = (describe.tile_list(h) or ui["none_left"]) if isinstance(h, list) else "—"
        mark = f" ({ui['out']})" if p == pos.out else ""
        rows.append(f"| {_cell(p)}{mark} | " + (f"{_cell(side_of(p, sides))} | " if teams else "")
                    + f"{_cell(shown)} | {pos.pips()[p]} |")
    lines = ["\n" + "\n".join(rows) + "\n"]
    how = ui["how"].format(p=pos.out) if pos.out else ui["blocked"]
    lines.append(ui["result_line"].format(result=ui["result"], how=how))
    for line in line_words.settlement_lines(s, lang, page.v.rules):
        lines.append(f"- {_esc(line)}")
    if s.scores_after is not None:
        before = ", ".join(f"{k} {v}" for k, v in (pos.scores or {}).items())
        after = ", ".join(f"{k} {v}" for k, v in s.scores_after.items())
        lines.append(f"- {ui['scores_before']}: {before} → {ui['scores_after']}: {after}")
        if s.game_winners:
            lines.append(f"- {ui['game_winners']}: {', '.join(s.game_winners)}")
    return "\n".join(lines) + "\n\n"

def turns(page, pos, cp: CheckedPosition) -> str:
    """A line of play's hand ``pos`` move by move, with its outcome in ``cp``."""
    ui, lang = page.ui, page.lang
    out = [ui["deal_line"].format(deal=ui["deal"], leader_label=ui["leader"], leader=pos.leader)]
    for p in pos.players:
        score = f" — {ui['score_before']}{pos.scores[p]}" if pos.scores and p in pos.scores else ""
        out.append(f"- {p}: {describe.tile_list(pos.hands[p])}{score}")
    stock_label = ui["stock_order"] if page.v.rules.draw_mode != "none" else ui["undealt"]
    out.append(f"- {stock_label}: {describe.tile_list(pos.stock) or ui['none_left']}\n")
    if page.v.rules.choices.direction != "clockwise":   # (said where it is not the usual way round)
        order = " → ".join(page.v.rules.play_order(pos.players))
        out.append(ui["order_counter_clockwise"].format(order=order) + "\n")
    counts = page.v.rules.play_scoring is not None and page.v.rules.play_scoring != "headers"
    scoring = page.v.rules.play_scoring is not None
    rows = [f"| {ui['move']} | {ui['player']} | {ui['action']} | {ui['counted' if counts else 'ends']} | "
            + (f"{ui['score']} | " if scoring else "") + f"{ui['next']} |",
            "|---:|---|---|---|" + ("---|" if scoring else "") + "---|"]
    last = [ev.placement for ev in cp.outcome.events if ev.placement is not None]
    sides = sides_on_page(page, last[-1].layout) if last else {}     # as the final diagram below shows them
    for mv, ev in zip(pos.moves, cp.outcome.events):
        if ev.kind == "play":
            pl = ev.placement
            how = []
            if mv.as_ is not None:
                how.append(ui["as_" + mv.as_])
            if mv.touch is not None:
                how.append(ui["touch"].format(n=mv.touch))
            extra = ui["how_played"].format(how=ui["list_sep"].join(how)) if how else ""
            if pl.at is None:
                act = ui["play_tile"].format(tile=pl.tile.label, how=extra)
            else:
                act = ui["play_on"].format(tile=pl.tile.label, end=describe.end_words(pl.at, lang, sides), how=extra)
            cnt = (line_words.counted_sum(pl.counted) if counts
                   else " / ".join(str(pl.layout.pip_at(e)) for e in pl.open))
            sc = line_words.score_phrase(pl, lang, page.v.rules)
        elif ev.kind == "draw":
            act = ui["draw_tile"].format(tile=ev.drawn.label, fit=ui["playable" if ev.playable else "unplayable"])
            cnt = sc = ""
        else:
            act, cnt, sc = ui["pass"], "", ""
        nxt = ev.next if ev.next else {"out": ui["end_out"].format(p=ev.player), "blocked": ui["end_blocked"],
                                       "game": ui["end_game"]}.get(ev.end, "")
        rows.append(f"| {mv.index} | {_cell(ev.player)} | {_cell(act)} | {cnt} | "
                    + (f"{_cell(sc)} | " if scoring else "") + f"{_cell(nxt)} |")
    out.append("\n" + "\n".join(rows) + "\n")
    notes = [(mv.index, mv.note[lang]) for mv in pos.moves if mv.note]
    if notes:
        out.append("\n".join(f"- {ui['move']} {i}: {_esc(text.strip())}" for i, text in notes) + "\n")
    hand = cp.outcome.hand
    scores = ", ".join(f"{k} {v}" for k, v in hand.scores.items())
    label = ui["scores_after"] if hand.settlement is not None else ui["scores_now"]
    keeps_score = page.v.rules.play_scoring is not None or page.v.rules.settle_rule != "none"
    out.append(f"\n- {label}: {scores}" if keeps_score else "")
    if hand.game_winners:
        out.append(f"- {ui['game_winners']}: {', '.join(hand.game_winners)}")
    if hand.settlement is not None:
        for line in line_words.settlement_lines(hand.settlement, lang, page.v.rules):
            out.append(f"- {_esc(line)}")
    if last:
        out.append(f"\n<p class=\"rb-subtitle\">{_esc(ui['final_layout'])}</p>\n")
        out.append(figure(page, pos.id, len(pos.moves), last[-1]))
    return "\n".join(out) + "\n"
