"""The Markdown of Mexican Train positions (table, round and match) in one
language, with their hub diagrams: the trains counterpart of the line-of-play
rendering in :mod:`generator.pages.game`.

Every function returns Markdown (escaped) and adds diagram files to
``files``; ``lang`` is ``"ja"`` or ``"en"``.
"""

from __future__ import annotations

from . import draw as hub
from ...safety.sanitize import escape_cell, escape_md
from ...pages.describe import tile_list
from ...pages import rounds
from ...base.i18n import messages, plural, tables
from ...pages.comparison import message
from .positions import MatchPosition, RoundPosition, TablePosition, play_text, practice_trains
from .rules import MEXICAN, OPEN, Round, all_open

__all__ = ["render_trains", "table_text", "may_play", "move_text", "train_name", "rounds_table", "compare_cell",
           "explain_lines"]

_UI = tables("trains")


_esc = escape_md
_cell = escape_cell


def _train_name(name: str, lang: str) -> str:
    return _UI[lang]["mexican"] if name == MEXICAN else _UI[lang]["owner"].format(p=name)


def train_name(name: str, lang: str) -> str:
    """A train in words: ``Aのトレイン`` / ``A's train``, or the Mexican train."""
    return _train_name(name, lang)


def move_text(ev, lang: str, open_all: bool = False) -> str:
    """One move of a round in words, as the round table of a page shows it:
    ``plays 5-8 on A's train``, ``draws 2-9 (no fit)``, ``passes (marker on own
    train)`` (``passes`` where ``open_all``: every train is open and no marker
    is placed); with how the round ends, when it does."""
    ui = _UI[lang]
    if open_all:
        ui = dict(ui, **{"pass": ui["pass_open"]})
    play = ui["play"].format(t=ev.tile.label, tr=_train_name(ev.train, lang)) if ev.kind == "play" else None
    return rounds.move_words(ui, ev, play)


def _opened(text: str, lang: str) -> str:
    """``"5-5 on A"`` in words: ``5-5（Aのトレイン）`` / ``5-5 on A's train``."""
    tile, train = text.split(" on ")
    name = _train_name(train, lang)
    return _UI[lang]["tile_on"].format(tile=tile, name=name)


def may_play(rnd: Round) -> dict[str, list[str]]:
    """Each train -> the players who may play on it now (by
    :meth:`Round.status`; markers and open doubles apply to everyone)."""
    if rnd.end is not None:
        return {tr: [] for tr in rnd.trains}
    return {tr: [p for p in rnd.players if rnd.status(p, tr) in OPEN] for tr in rnd.trains}


def table_text(rnd: Round, lang: str, who: bool = True) -> str:
    """The text equivalent of a hub diagram: the engine, then every train's
    tiles, end, marker and open double, and (with ``who``) who may play on it."""
    ui = _UI[lang]
    parts = [f"{ui['engine']}: {rnd.engine.label}"]
    allowed = may_play(rnd)
    for name, tr in rnd.trains.items():
        bits = [tile_list(tr.tiles) or ui["no"], f"{ui['end'].lower()} {tr.end}"]
        if tr.marker:
            bits.append(ui["marker_word"])
        if name in rnd.open_doubles:
            bits.append(f"{ui['open_one']}: {tr.last.label}")
        if who:
            bits.append(f"{ui['may']}: {' '.join(allowed[name]) or ui['no']}")
        parts.append(f"{_train_name(name, lang)}: " + ui["sep"].join(bits))
    return (ui["stop"] + " ").join(parts).replace("。 ", "。") + ui["stop"]


def _figure(rnd: Round, name: str, cap: str, lang: str, vid: str, files: dict, png: bool, gen: str,
            last=None, who: bool = True) -> str:
    alt = table_text(rnd, lang, who)
    text = hub.draw_table(rnd.engine, rnd.trains, may_play(rnd) if who else None, rnd.open_doubles, title=cap, desc=alt,
                          lang=lang, ident=f"d-{name}", last=last, coloured=rnd.variant.params.set > 6)
    return rounds.figure(files, lang, png, gen, vid, name, cap, text, alt)


def _trains_table(rnd: Round, player: str | None, lang: str) -> str:
    ui = _UI[lang]
    head = f"| {ui['train']} | {ui['tiles']} | {ui['end']} | {ui['marker']} |"
    sep = "|---|---|---:|:---:|"
    if player:
        head += f" {ui['for'].format(p=player)} |"
        sep += "---|"
    rows = [head, sep]
    for name, tr in rnd.trains.items():
        row = (f"| {_cell(_train_name(name, lang))} | {_cell(tile_list(tr.tiles) or ui['no'])} | {tr.end} | "
               f"{ui['yes'] if tr.marker else ui['no']} |")
        if player:
            words = messages("train-status", lang)[rnd.status(player, name)]
            row += f" {_cell(words)} |"
        rows.append(row)
    return "\n" + "\n".join(rows) + "\n"


def _practice_table(pos, rnd, lang: str, vid: str, files: dict, png: bool, gen: str) -> str:
    """A practice table: the question, the table drawn and the hand; behind
    "show the answer", every train with its status for the player to move
    and the tiles of the hand that fit it, the trains open to them marked."""
    ui, pages_ui = _UI[lang], messages("pages", lang)
    p = pos.to_move
    drawn = _figure(rnd, pos.id, ui["to_move_cap"].format(p=p).strip(), lang, vid, files, png, gen, who=False)
    fits: dict[str, list] = {}
    for t, tr in rnd.plays_for(p):
        fits.setdefault(tr, []).append(t)
    best = set(practice_trains(rnd, p))
    head = f"| {ui['train']} | {_cell(ui['status_for'].format(p=p))} | {_cell(ui['fits'].format(p=p))} |\n|---|---|---|"
    status = messages("train-status", lang)
    rows = [(tr in best, [_cell(_train_name(tr, lang)), _cell(status[rnd.status(p, tr)]),
                          _cell(ui["sep"].join(t.label for t in fits.get(tr, [])) or pages_ui["none"])])
            for tr in rnd.trains]
    return rounds.practice(ui, lang, p, pos.hand, drawn, head, rows, pages_ui["show_answer_trains"],
                           ui["why_where"].format(p=p))


def render_trains(pos, outcome, lang: str, vid: str, files: dict, png: bool, gen: str) -> str:
    """The Markdown body of one Mexican Train position (inside its example box)."""
    ui = _UI[lang]
    if isinstance(pos, TablePosition) and pos.is_practice:
        return _practice_table(pos, outcome.round, lang, vid, files, png, gen)
    if isinstance(pos, TablePosition):
        rnd = outcome.round
        p = pos.to_move
        cap = ui["to_move_cap"].format(p=p) + (
            ui["open"] + ": " + ui["sep"].join(_opened(play_text(rnd.trains[o].last, o), lang)
                                               for o in rnd.open_doubles)
            if rnd.open_doubles else "")
        out = [_figure(rnd, f"{pos.id}", cap.strip(), lang, vid, files, png, gen), _trains_table(rnd, p, lang)]
        if pos.hand:
            out.append(f"\n- {ui['hand']} ({p}): {tile_list(pos.hand)}")
            plays = rnd.plays_for(p)
            listed = ui["sep"].join(f"{t.label} → {_train_name(tr, lang)}" for t, tr in plays) or ui["none"]
            out.append(f"- {ui['plays'].format(p=p)}: {_esc(listed)}\n")
        return "\n".join(out) + "\n"
    if isinstance(pos, RoundPosition):
        rnd = outcome.round
        out = []
        start = Round(rnd.variant, pos.state.players, pos.hands, pos.stock, pos.state.engine, pos.first,
                      pos.state.trains, pos.state.markers, pos.state.open_doubles)
        if any(tr.tiles for tr in start.trains.values()):
            out.append(_figure(start, f"{pos.id}-start", ui["start"], lang, vid, files, png, gen))
        out += rounds.dealt_lines(ui, pos.state.players, pos.hands, pos.stock)
        shared = all_open(rnd.variant)
        out.append(rounds.moves_table(ui, pos.moves, outcome.events, lambda ev: move_text(ev, lang, shared),
                                      [ui["markers"], ui["open"]], lambda ev: [
                                          _cell(" ".join(ev.markers) or ui["no"]),
                                          _cell(ui["sep"].join(_opened(o, lang) for o in ev.open_doubles)
                                                or ui["no"])]))
        out += rounds.move_notes(ui, pos.moves, lang) + rounds.penalty_table(ui, rnd)
        last = rounds.last_play(outcome.events, "train")
        out.append(_figure(rnd, f"{pos.id}-end", ui["final"], lang, vid, files, png, gen, last=last))
        return "\n".join(out) + "\n"
    return rounds.match_table(ui, pos.players, pos.penalties, outcome.match, ui["engine"], outcome.match.engines,
                              pos.setting)


def rounds_table(page) -> str:
    """The rounds of a match by table setting, for the ``rounds_table()``
    macro of a game of trains on ``page``: each round's engine, and which
    settings include it (generated from the variant's parameters)."""
    rules = page.v.rules
    settings = rules.round_settings
    full = max(settings)
    ui = page.ui
    head = [ui["round"], ui["engine"]] + [ui["match_of"].format(n=n) for n in settings]
    rows = ["| " + " | ".join(head) + " |", "|---:|---|" + ":---:|" * len(settings)]
    for r in range(1, full + 1):
        marks = " | ".join("✓" if r <= n else "" for n in settings)
        rows.append(f"| {r} | {rules.engine_of(r, full)} | {marks} |")
    return "\n" + "\n".join(rows) + "\n"


def compare_cell(v, row: str, lang: str) -> str:
    """A game of trains' cell of a comparison (:data:`generator.pages.comparison.COMPARE_ROWS`,
    past the rows every game has): ``v`` is its :class:`~generator.families.trains.rules.MexicanTrain`."""
    settings = v.round_settings
    top = v.params.set
    shared = all_open(v)
    names = messages("set-name", lang)
    return {
        "start": message(lang, "the_round_s_double_first", top=top),
        "layout": message(lang, "a_slot_for_each_player" if shared else "a_train_for_each_player"),
        "where": message(lang, "any_train_open_to_all" if shared else "your_own_train_the_mexican"),
        "drawing": message(lang, "draw_one_and_play_open" if shared else "draw_one_and_play_it"),
        "doubles": message(lang, "a_double_earns_one_more"),
        "length": message(lang, "rounds_per_double", top=top, rounds=settings[0],
                     settings=message(lang, "comma_sep").join(plural(lang, "round", n) for n in settings[1:])),
        "scoring": message(lang, "pips_left_in_hand_are"),
        "options": message(lang, "only_the_number_of_rounds", set=names.get(str(top)) or names["other"].format(top=top)),
    }[row]


def explain_lines(checked, variant, lang: str) -> list[str]:
    """What ``rulebook explain`` prints for a Mexican Train position after its
    title: for a table the text equivalent of the table (:func:`table_text`),
    each train's status for the player to move and every legal play (for a
    question, the trains the player may play on first); for a round the start
    and each move with the table after it, then the penalties; for a match
    each round's penalties, the totals and the winners."""
    pos, outcome = checked.position, checked.outcome
    w = tables("explain")[lang]
    out: list[str] = []
    if isinstance(pos, TablePosition):
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
        st = pos.state
        rnd = Round(variant, st.players, {p: list(h) for p, h in pos.hands.items()}, list(pos.stock), st.engine,
                    pos.first, st.trains, st.markers, st.open_doubles)
        out.append(f"{w['start']}{w['colon']}{table_text(rnd, lang)}")
        for mv, ev in zip(pos.moves, outcome.events):
            {"play": lambda: rnd.play(mv.by, mv.tile, mv.train), "draw": lambda: rnd.draw(mv.by),
             "pass": lambda: rnd.pass_(mv.by)}[mv.kind]()
            words = move_text(ev, lang, all_open(variant))
            out.append(f"{w['move']} {mv.index}: {w['by'].format(p=ev.player)}{words}")
            out += ["  " + table_text(rnd, lang)]
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
    return out
