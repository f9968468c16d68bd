"""Tien Gow's page parts: its positions' bodies (Chinese tiles drawn as on
Pai Gow's page, :func:`generator.draw.chinese.draw_rows`, a discard
drawn face down; the text equivalents; the sets and winners the engine
computes), its comparison cells, card rows and ``rulebook explain`` lines.
Words: the catalogs' ``tiengow`` context."""

from __future__ import annotations

from ...base.i18n import messages, tables
from ...safety.sanitize import escape_cell
from ...pages.chinese import answer, esc, figure, tile_words
from .positions import LeadPosition, TrickPosition

__all__ = ["render_tiengow", "compare_cell", "card_rows", "card_watch", "explain_lines", "set_words", "play_words"]

_UI = tables("tiengow")


def set_words(tiles, lang: str) -> str:
    """Tiles in words, each with its name: ``6-6 (Teen) + 4-5 (Chop Gow)``."""
    return " + ".join(tile_words(t, lang) for t in sorted(tiles))


def _kind(kind: str, lang: str) -> str:
    return _UI[lang]["kind_" + (kind or "none")]


def _seat(seat: str, lang: str) -> str:
    return messages("play", lang).get(f"seat_{seat}", seat)


def play_words(seat: str, tiles, up: bool | None, first: bool, lang: str) -> str:
    """One play of a trick in words: who, what, and how (led, face up, discarded face down; ``up``
    ``None``: put down, how not said, as a practice question shows it)."""
    ui = _UI[lang]
    key = "led" if first else ("puts" if up is None else "beats" if up else "discards")
    return ui[key].format(who=_seat(seat, lang), tiles=set_words(tiles, lang))


def _winner(out, lang: str) -> str:
    ui = _UI[lang]
    return ui["winner_is" if out.size == 1 else "winner_is_n"].format(who=_seat(out.winner, lang), n=out.size)


def _question(lang: str) -> str:
    pages_ui = messages("pages", lang)
    return (f'<p class="rb-question"><strong>{esc(pages_ui["practice_question"])}</strong> '
            f'{esc(_UI[lang]["q_winner"])}</p>\n')


def render_tiengow(page, checked) -> str:
    """The Markdown body of one Tien Gow position on ``page``."""
    pos, out = checked.position, checked.outcome
    lang = page.lang
    ui = _UI[lang]
    if isinstance(pos, LeadPosition):
        alt = set_words(pos.tiles, lang)
        fig = figure(page, pos.id, [[pos.tiles]], ui["cap_lead"], alt)
        if out.refusal is not None:
            return fig + f"\n- {esc(ui['lead_refused'].format(tiles=alt))}\n"
        return fig + f"\n- {esc(ui['lead_is'].format(tiles=alt, name=out.combo.name[lang], kind=_kind(out.combo.kind, lang)))}\n"
    if isinstance(pos, TrickPosition):
        practice = pos.is_practice
        row, lines = [], []
        for i, (seat, tiles, up) in enumerate(pos.plays):
            row.append(list(tiles) if up or practice else [None] * len(tiles))
            lines.append(play_words(seat, tiles, None if practice else up, i == 0, lang))
        rows = [row]
        if pos.refused is not None:
            seat, tiles, _rule = pos.refused
            rows.append([list(tiles)])
            lines.append(ui["tries"].format(who=_seat(seat, lang), tiles=set_words(tiles, lang)))
        alt = ("" if lang == "ja" else " ").join(lines)
        cap = ui["cap_practice" if practice else "cap_trick_refused" if pos.refused is not None else "cap_trick"]
        fig = figure(page, pos.id, rows, cap, alt)
        if practice:
            why = [play_words(s, t, up, i == 0, lang) for i, (s, t, up) in enumerate(pos.plays)]
            verdict = ("" if lang == "ja" else " ").join(why[1:] + [_winner(out, lang)])
            order = [p[0] for p in pos.plays]
            return _question(lang) + fig + answer(lang, verdict, [(_seat(s, lang), s == out.winner) for s in order])
        body = "".join(f"\n- {esc(line)}" for line in lines[:len(pos.plays)])
        if out.refusal is not None:
            body += f"\n- {esc(ui['refused_' + out.refusal.rule.rsplit('/', 1)[-1]])}"
        if out.winner is not None:
            body += f"\n- {esc(_winner(out, lang))}"
        return fig + body + "\n"
    rows = [f"| {ui['col_seat']} | {ui['col_tricks']} | {ui['col_chips']} |", "|---|---:|---:|"]
    for seat in ("N", "E", "S", "W"):
        who = _seat(seat, lang)
        if seat == pos.winner:
            who = ui["the_winner"].format(who=who)
        if seat == pos.banker:
            who = ui["the_banker"].format(who=who)
        rows.append(f"| {escape_cell(who)} | {pos.tricks[seat]} | {out.chips[seat]:+d} |")
    return "\n" + "\n".join(rows) + "\n"


def compare_cell(v, row: str, lang: str) -> str:
    """Tien Gow's cell of a comparison row (:data:`generator.pages.comparison.COMPARE_ROWS`)."""
    return _UI[lang]["cmp_" + row]


def card_rows(group: str, rows: list, rules, lang: str) -> list:
    """The card's rows: what may be led, following, the last trick, the payments."""
    ui = _UI[lang]
    if group == "turn":
        rows[:0] = [(ui["card_lead"], ui["card_lead_value"]), (ui["card_follow"], ui["card_follow_value"])]
    elif group == "scoring":
        rows.append((ui["card_pay"], ui["card_pay_value"]))
    elif group == "end":
        rows.append((ui["card_end"], ui["card_end_value"]))
    return rows


def card_watch(lang: str) -> list[str]:
    """The card's "easy to get wrong" lines."""
    ui = _UI[lang]
    return [ui["watch_suit"], ui["watch_last"]]


def explain_lines(checked, variant, lang: str) -> list[str]:
    """What ``rulebook explain`` prints for a Tien Gow position after its title."""
    pos, out = checked.position, checked.outcome
    ui = _UI[lang]
    if isinstance(pos, LeadPosition):
        if out.refusal is not None:
            return [ui["lead_refused"].format(tiles=set_words(pos.tiles, lang))]
        return [ui["lead_is"].format(tiles=set_words(pos.tiles, lang), name=out.combo.name[lang],
                                     kind=_kind(out.combo.kind, lang))]
    if isinstance(pos, TrickPosition):
        lines = [play_words(s, t, up, i == 0, lang) for i, (s, t, up) in enumerate(pos.plays)]
        if out.refusal is not None:
            lines.append(ui["refused_" + out.refusal.rule.rsplit("/", 1)[-1]])
        if out.winner is not None:
            lines.append(_winner(out, lang))
        return lines
    return [f"{_seat(s, lang)} {out.chips[s]:+d}" for s in ("N", "E", "S", "W")]
