"""Pai Gow's page parts: its positions' bodies (drawn Chinese tiles with
their text equivalents, the values the engine computes), its comparison
cells, card rows and ``rulebook explain`` lines. Words: the catalogs'
``paigow`` context."""

from __future__ import annotations

from ...base.i18n import messages, tables
from ...pages.chinese import answer, esc, figure, tile_words
from ...safety.sanitize import escape_cell
from .positions import HandPosition, SettingPosition
from .rules import HandValue, Setting, beats

__all__ = ["render_paigow", "compare_cell", "card_rows", "card_watch", "explain_lines",
           "hand_words", "tile_words"]

_UI = tables("paigow")


def hand_words(tiles, value: HandValue, lang: str) -> str:
    """Two tiles and what they are worth: ``6-6 (Teen) + 4-5 (Chop Gow): Wong (Teen)``."""
    return _UI[lang]["hand_is"].format(tiles=" + ".join(tile_words(t, lang) for t in tiles), value=value.name[lang])


def _setting_words(s: Setting, lang: str) -> str:
    ui = _UI[lang]
    return ui["setting_is"].format(high=hand_words(s.high, s.high_value, lang),
                                   low=hand_words(s.low, s.low_value, lang))



def _question(lang: str, key: str) -> str:
    pages_ui = messages("pages", lang)
    return (f'<p class="rb-question"><strong>{esc(pages_ui["practice_question"])}</strong> '
            f'{esc(_UI[lang][key])}</p>\n')



def render_paigow(page, checked) -> str:
    """The Markdown body of one Pai Gow position on ``page``."""
    pos, out = checked.position, checked.outcome
    lang = page.lang
    ui = _UI[lang]
    if isinstance(pos, HandPosition):
        if not pos.banker:
            cap = out.value.name[lang]
            alt = hand_words(pos.tiles, out.value, lang)
            return figure(page, pos.id, [[pos.tiles]], cap, alt) + f"\n- {esc(_why(out.value, lang))}\n"
        alt = ui["player_banker"].format(player=" + ".join(tile_words(t, lang) for t in pos.tiles),
                                         banker=" + ".join(tile_words(t, lang) for t in pos.banker))
        cap = ui["cap_compare"]
        fig = figure(page, pos.id, [[pos.tiles], [pos.banker]], cap, alt)
        verdict = _verdict(out, lang)
        if pos.is_practice:
            return (_question(lang, "q_higher") + fig
                    + answer(lang, verdict, [(ui["player"], out.higher == "player"),
                                              (ui["banker"], out.higher == "banker")]))
        return fig + (f"\n- {esc(hand_words(pos.tiles, out.value, lang))}"
                      f"\n- {esc(hand_words(pos.banker, out.banker_value, lang))}\n- {esc(verdict)}\n")
    if isinstance(pos, SettingPosition):
        tiles_alt = ", ".join(tile_words(t, lang) for t in pos.tiles)
        if pos.is_practice:
            fig = figure(page, pos.id, [[pos.tiles]], ui["cap_four"], tiles_alt)
            best = out.best
            choices = [(_setting_words(w, lang), sorted(w.high) == sorted(best.high) and sorted(w.low) ==
                        sorted(best.low)) for w in out.ways]
            seen: list = []
            uniq = [c for c in choices if not (c[0] in seen or seen.append(c[0]))]
            return _question(lang, "q_set") + fig + answer(lang, _setting_words(best, lang), uniq)
        if pos.high:
            alt = ui["stated"].format(high=" + ".join(tile_words(t, lang) for t in pos.high),
                                      low=" + ".join(tile_words(t, lang) for t in pos.low))
            fig = figure(page, pos.id, [[pos.high, pos.low]], ui["cap_stated"], alt)
            if out.refusal is not None:
                return fig + f"\n- {esc(ui['refused'])}\n"
            return fig + f"\n- {esc(_setting_words(out.stated, lang))}\n"
        fig = figure(page, pos.id, [[pos.tiles]], ui["cap_four"], tiles_alt)
        rows = [f"| {ui['high_hand']} | {ui['low_hand']} |", "|---|---|"]
        seen_rows: list = []
        for w in out.ways:
            row = (f"| {escape_cell(hand_words(w.high, w.high_value, lang))} | "
                   f"{escape_cell(hand_words(w.low, w.low_value, lang))} |")
            if row not in seen_rows:
                seen_rows.append(row)
        best = figure(page, pos.id + "-best", [[list(out.best.high), list(out.best.low)]], ui["cap_best"],
                       _setting_words(out.best, lang))
        return fig + "\n" + "\n".join(rows + seen_rows) + "\n\n" + best
    p, b = out.settings
    r = out.result
    alt = ui["showdown_alt"].format(player=_setting_words(p, lang), banker=_setting_words(b, lang))
    fig = figure(page, pos.id, [[list(p.high), list(p.low)], [list(b.high), list(b.low)]], ui["cap_showdown"], alt)
    verdict = ui["result_" + r.result].format(high=ui["hand_" + r.high], low=ui["hand_" + r.low])
    if pos.is_practice:
        return (_question(lang, "q_result") + fig
                + answer(lang, verdict, [(ui["choice_" + k], r.result == k) for k in ("win", "push", "lose")]))
    return fig + (f"\n- {esc(ui['high_vs'].format(player=p.high_value.name[lang], banker=b.high_value.name[lang], result=ui['hand_' + r.high]))}"
                  f"\n- {esc(ui['low_vs'].format(player=p.low_value.name[lang], banker=b.low_value.name[lang], result=ui['hand_' + r.low]))}"
                  f"\n- {esc(verdict)}\n")


def _verdict(out, lang: str) -> str:
    """Which of two hands is higher, in words: the player's beats the banker's, the banker's beats the
    player's, or neither beats the other (a copy or zero against zero) and the tie goes to the banker."""
    ui = _UI[lang]
    key = "higher_" + out.higher
    if out.higher == "banker" and not beats(out.banker_value, out.value):
        key = "higher_tie"
    return ui[key].format(player=out.value.name[lang], banker=out.banker_value.name[lang])


def _why(v: HandValue, lang: str) -> str:
    ui = _UI[lang]
    if v.kind == "points":
        return ui["why_points"].format(points=v.points)
    return ui["why_" + v.kind]



def compare_cell(v, row: str, lang: str) -> str:
    """Pai Gow's cell of a comparison row (:data:`generator.pages.comparison.COMPARE_ROWS`)."""
    ui = _UI[lang]
    return ui["cmp_" + row]


def card_rows(group: str, rows: list, rules, lang: str) -> list:
    """The card's rows: setting the hands, the order of hands, the showdown."""
    ui = _UI[lang]
    if group == "turn":
        rows[:0] = [(ui["card_set"], ui["card_set_value"]), (ui["card_order"], ui["card_order_value"])]
    elif group == "scoring":
        rows.append((ui["card_showdown"], ui["card_showdown_value"]))
    elif group == "end":
        rows.append((ui["card_end"], ui["card_end_value"]))
    return rows


def card_watch(lang: str) -> list[str]:
    """The card's "easy to get wrong" lines."""
    ui = _UI[lang]
    return [ui["watch_low"], ui["watch_copy"]]


def explain_lines(checked, variant, lang: str) -> list[str]:
    """What ``rulebook explain`` prints for a Pai Gow position after its title."""
    pos, out = checked.position, checked.outcome
    ui = _UI[lang]
    if isinstance(pos, HandPosition):
        lines = [hand_words(pos.tiles, out.value, lang)]
        if pos.banker:
            lines += [hand_words(pos.banker, out.banker_value, lang),
                      _verdict(out, lang)]
        return lines
    if isinstance(pos, SettingPosition):
        lines = [_setting_words(w, lang) for w in out.ways]
        if out.refusal is not None:
            lines.append(ui["refused"])
        lines.append(ui["best_is"].format(setting=_setting_words(out.best, lang)))
        return lines
    r = out.result
    return [ui["result_" + r.result].format(high=ui["hand_" + r.high], low=ui["hand_" + r.low])]
