"""``rulebook explain``: the engine's reasoning for one position, step by step,
in Japanese or English.

Every sentence comes from the describers the pages use (:mod:`.describe` for
captions, text equivalents and settlements, :mod:`.trainpages` for Mexican
Train tables), so the command says exactly what the site shows, as plain
text; only the labels around them ("step 2", "raw"...) are added here.
"""

from __future__ import annotations

from ..pages import describe
from ..families.line import words as line_words
from ..base.i18n import messages, tables
from ..engine.family import family_of
from ..families.line.positions import PlacementPosition, Rejected, SettlementPosition, TurnsPosition
from ..families.trains.positions import MatchPosition, RoundPosition, TablePosition, practice_trains
from ..families.trains.pages import move_text, table_text, train_name

__all__ = ["explain"]

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


def explain(checked, variant, lang: str = "ja") -> str:
    """The reasoning behind ``checked`` (a :class:`CheckedPosition`) under
    ``variant``'s rules, in ``lang``, one idea a line: per placement the
    caption (tile, where it went, counted terms, total, what it scores), the
    text equivalent of the layout (open ends and counted values) and the raw
    and displayed points; per settlement the pips per side, the winners and
    how the points follow (rounding included); for Mexican Train the text
    equivalents of the table; for a practice position the question, the
    hand, the table and every legal play with its outcome, the best marked."""
    pos, outcome = checked.position, checked.outcome
    w = _W[lang]
    out: list[str] = [f"{pos.file} ({pos.variant_id})"]
    if pos.title:
        out.append(pos.title[lang])
    own = family_of(pos.family).explain(checked, variant, lang)
    if own is not None:                     # a family that words its own positions
        out += own
    elif isinstance(pos, TablePosition):
        rnd = outcome.round
        if pos.is_practice:
            ui = messages("pages", lang)
            out.append(f"{ui['practice_question']} {messages('trains', lang)['q_where'].format(p=pos.to_move)}")
        out.append(table_text(rnd, lang))
        out.append(w["for"].format(p=pos.to_move) + w["colon"] + "; ".join(
            f"{train_name(t, lang)}: {messages('train-status', lang)[rnd.status(pos.to_move, t)]}"
            for t in rnd.trains))
        plays = rnd.plays_for(pos.to_move)
        out.append(f"{w['plays']}{w['colon']}" + (", ".join(f"{t} on {tr}" for t, tr in plays) or w["nobody"]))
        if pos.is_practice:
            out.append(messages("pages", lang)["practice_best_mark"]
                       + ", ".join(train_name(t, lang) for t in practice_trains(rnd, pos.to_move)))
    elif isinstance(pos, RoundPosition):
        from ..families.trains.rules import Round

        st = pos.state
        rnd = Round(variant, st.players, {p: list(h) for p, h in pos.hands.items()}, list(pos.stock), st.engine,
                    pos.first, st.trains, st.markers, st.open_doubles)
        out.append(f"{w['start']}{w['colon']}{table_text(rnd, lang)}")
        for mv, ev in zip(pos.moves, outcome.events):
            {"play": lambda: rnd.play(mv.by, mv.tile, mv.train), "draw": lambda: rnd.draw(mv.by),
             "pass": lambda: rnd.pass_(mv.by)}[mv.kind]()
            out.append(f"{w['move']} {mv.index}: {w['by'].format(p=ev.player)}{move_text(ev, lang)}")
            out += _indent([table_text(rnd, lang)])
        r = outcome.round
        if r.end:
            out.append(f"{w['end']}{w['colon']}{w['penalties']} "
                       + ", ".join(f"{p} {v}" for p, v in r.penalties.items()))
    elif isinstance(pos, MatchPosition):
        m = outcome.match
        for i, pen in enumerate(pos.penalties):
            out.append(f"{w['round']} {i + 1} ({w['engine']} {m.engines[i]}): "
                       + ", ".join(f"{p} {v}" for p, v in pen.items()))
        out.append(f"{w['totals']}{w['colon']}" + ", ".join(f"{p} {v}" for p, v in m.totals.items()))
        out.append(f"{w['winners']}{w['colon']}{', '.join(m.winners) or w['nobody']}")
    elif pos.kind == "practice":
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
    return "\n".join(out) + "\n"
