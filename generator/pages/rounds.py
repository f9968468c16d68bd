"""Page parts shared by the families whose worked positions are rounds move by
move with penalty points at the end (:mod:`generator.model.rounds`: a table
of places round a centre double, a round, a match): a diagram with its text
equivalent, a move in words, the practice question of where to play and its
answer, the hands and stock dealt, the table of moves and the notes under it,
the table of penalties, the table of a match. Each takes the family's own
string table ``ui`` (from its message catalog), which names the words: ``no``,
``stock``, ``move``, ``result``, ``player``, ``hand``, ``penalty``, ``play``
(with ``t``), ``draw`` (with ``t`` and ``ok``), ``playable``, ``unplayable``,
``pass``, ``clause_sep``, ``out`` (with ``p``), ``blocked``, ``action``,
``next``, ``sep``, ``q_where`` and ``hand_of`` (with ``p``), ``round``,
``first``, ``total``, ``continues`` (with ``n`` and ``m``), ``winners`` and
``draw_match``; what differs (a place's name, the columns a family adds) the
family passes in."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Mapping, Sequence

from ..base.i18n import messages
from ..draw import svg
from ..safety.sanitize import escape_cell, escape_link_text, escape_md
from .describe import tile_list

__all__ = ["figure", "move_words", "practice", "dealt_lines", "moves_table", "move_notes", "last_play",
           "penalty_table", "match_table"]


def figure(page_files: dict, lang: str, png: bool, gen: str, vid: str, name: str, cap: str, text: str,
           alt: str) -> str:
    """A diagram of a round as the page shows it: ``text`` (the SVG, captioned ``cap``) is added to
    ``page_files`` as ``LANG/GEN/diagrams/VID/NAME.svg`` and ``.png`` (drawn only with ``png``, else
    empty; ``GEN`` is the folder of generated pages, ``VID`` the game's id), and the
    Markdown returned shows it at its own size (a table of places is wide: on a phone it scrolls sideways
    at full size, rulebook.css, so that every pip can still be counted), links the PNG, and gives ``alt``
    (its text equivalent) under it."""
    rel = f"diagrams/{vid}/{name}"
    page_files[f"{lang}/{gen}/{rel}.svg"] = text.encode("utf-8")
    page_files[f"{lang}/{gen}/{rel}.png"] = svg.to_png(text) if png else b""
    w = text.split('width="', 1)[1].split('"', 1)[0]
    h = text.split('height="', 1)[1].split('"', 1)[0]
    pages_ui = messages("pages", lang)
    return (f'<figure class="rb-figure rb-figure-wide" id="fig-{name}" markdown="span">\n'
            f'[![{escape_link_text(cap)}]({rel}.svg){{ width="{round(float(w))}" height="{round(float(h))}" }}]'
            f'({rel}.png "{pages_ui["png"]}")\n'
            f'<figcaption>{escape_md(cap)}</figcaption>\n</figure>\n'
            f'<p class="rb-textalt"><span class="rb-textalt-label">{pages_ui["textalt"]}</span> '
            f'{escape_md(alt)}</p>\n')


def move_words(ui: Mapping[str, str], ev, play: str | None) -> str:
    """One move of a round in words: ``play`` (the family's words for a play, with the place named) for a
    play, ``draws 2-9 (no fit)``, ``passes``; with how the round ends, when it does (``ev``: an event
    with ``kind``, ``tile``, ``playable``, ``player`` and ``end``)."""
    if ev.kind == "play":
        act = play
    elif ev.kind == "draw":
        act = ui["draw"].format(t=ev.tile.label, ok=ui["playable"] if ev.playable else ui["unplayable"])
    else:
        act = ui["pass"]
    if ev.end == "out":
        act += ui["clause_sep"] + ui["out"].format(p=ev.player)
    elif ev.end == "blocked":
        act += ui["clause_sep"] + ui["blocked"]
    return act


def practice(ui: Mapping[str, str], lang: str, player: str, hand: Sequence, drawn: str, head: str,
             rows: Sequence[tuple[bool, Sequence[str]]], summary: str, why: str) -> str:
    """A practice table: the question (where may ``player`` play?), their ``hand``, the table ``drawn``
    (a :func:`figure`); behind ``summary`` (show the answer), the table of places (``head``: its first two
    lines; ``rows``: each place's cells, escaped, with whether ``player`` may play there, those marked and
    bold) and ``why``."""
    pages_ui = messages("pages", lang)
    out = [f'<p class="rb-question"><strong>{escape_md(pages_ui["practice_question"])}</strong> '
           f'{escape_md(ui["q_where"].format(p=player))}</p>\n',
           f'<p class="rb-hand"><strong>{escape_md(ui["hand_of"].format(p=player))}</strong> '
           f'{escape_md(tile_list(hand))}</p>\n', drawn]
    lines = [head]
    for best, cells in rows:
        cells = [pages_ui["practice_best_mark"] + cells[0], *cells[1:]] if best else list(cells)
        if best:
            cells = [f"**{c}**" for c in cells]
        lines.append("| " + " | ".join(cells) + " |")
    out.append(f'<details class="rb-answer" markdown>\n<summary>{escape_md(summary)}</summary>\n\n'
               + "\n".join(lines) + f"\n\n{escape_md(why)}\n\n</details>\n")
    return "".join(out)


def dealt_lines(ui: Mapping[str, str], players: Sequence[str], hands: Mapping, stock: Sequence) -> list[str]:
    """A Markdown list: each player's hand, then the stock (``no`` for none)."""
    out = [f"- {p}: {tile_list(hands[p]) or ui['no']}" for p in players]
    out.append(f"- {ui['stock']}: {tile_list(stock) or ui['no']}\n")
    return out


def moves_table(ui: Mapping[str, str], moves: Sequence, events: Sequence, move_text: Callable[[object], str],
                heads: Sequence[str], cells: Callable[[object], Sequence[str]]) -> str:
    """The table of a round's moves: each move's number, player, what they did (``move_text`` of the event
    without the round's end), who moves next (or how the round ended), then the family's columns
    (``heads``; ``cells(event)``, escaped)."""
    rows = ["| " + " | ".join([ui["move"], ui["player"], ui["action"], ui["next"], *heads]) + " |",
            "|---:|---|---|---|" + "---|" * len(heads)]
    for mv, ev in zip(moves, events):
        act = move_text(replace(ev, end=None))
        nxt = ev.next or (ui["out"].format(p=ev.player) if ev.end == "out" else ui["blocked"])
        rows.append(f"| {mv.index} | {escape_cell(ev.player)} | {escape_cell(act)} | {escape_cell(nxt)} | "
                    + "".join(f"{c} | " for c in cells(ev)).rstrip())
    return "\n" + "\n".join(rows) + "\n"


def last_play(events: Sequence, place: str):
    """The last play of ``events``: (tile, where it went: the event's attribute ``place``), or ``None``."""
    return next(((ev.tile, getattr(ev, place)) for ev in reversed(events) if ev.kind == "play"), None)


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


def match_table(ui: Mapping[str, str], players: Sequence[str], penalties: Sequence[Mapping], m, centre: str,
                centres: Sequence, rounds: int) -> str:
    """The table of a match: a row per round (its number, its centre double from ``centres``, under the
    head ``centre``, who moved first if ``m`` says, each player's penalty from ``penalties``), the totals;
    then that the match goes on (of ``rounds``), its winner, or the players who share the win. ``m`` has
    ``first``, ``totals``, ``complete`` and ``winners``."""
    head = f"| {ui['round']} | {centre} |" + (f" {ui['first']} |" if m.first else "") + \
        "".join(f" {escape_cell(p)} |" for p in players)
    sep = "|---:|---|" + ("---|" if m.first else "") + "---:|" * len(players)
    rows = [head, sep]
    for i, pen in enumerate(penalties):
        first = f" {escape_cell(m.first[i])} |" if m.first else ""
        rows.append(f"| {i + 1} | {escape_cell(centres[i].label)} |{first}" + "".join(f" {pen[p]} |" for p in players))
    blank = " |" if m.first else ""
    rows.append(f"| **{ui['total']}** | |{blank}" + "".join(f" **{m.totals[p]}** |" for p in players))
    out = ["\n" + "\n".join(rows) + "\n"]
    if not m.complete:
        out.append(f"- {ui['continues'].format(n=len(penalties), m=rounds)}")
    elif len(m.winners) == 1:
        out.append(f"- {ui['winners']}: {m.winners[0]}")
    else:
        out.append(f"- {ui['draw_match']} {ui['sep'].join(m.winners)}")
    return "\n".join(out) + "\n"
