"""Generating the site's Markdown pages, diagrams and PNGs from the rules tree.

:func:`generate` checks everything (the same checks as ``rulebook check``) and
returns every generated file as ``{path relative to docs/: bytes}``; it raises
:class:`BuildError` listing every problem as ``FILE:LINE:COL: error: ...`` and
produces nothing when there is any. :func:`write_tree` writes such a mapping
into a folder, touching only files whose bytes changed (so ``mkdocs serve``
does not loop) and removing stale ones.

Per language ``L`` (``ja``, ``en``) the output is ``L/gen/<variant>.md``,
``L/gen/glossary.md``, ``L/gen/diagrams/<variant>/<position>-<step>.svg`` (with
``<title>``/``<desc>`` in ``L``) and the matching ``.png``, and
``L/gen/legend/*.svg``.
"""

from __future__ import annotations

import functools
from collections import Counter
import hashlib
import html
import os
import pickle
import re
import sys
import time
import unicodedata
from pathlib import Path
from typing import Any, Callable

import jinja2
import jinja2.compiler
import jinja2.sandbox

from . import describe, sanitize, svg
from .cachefile import read_entry, write_atomic, write_entry
from .card import applies, card_name, card_page, choice_words
from .engine.choices import INFO
from .overview import comparison_table, overview_page
from . import houserules
from .options import options_page
from .stats import figures, is_current, refresh
from .stats import section as stats_section
from .trainpages import render_trains
from .variants import SITE_ORDER
from .i18n import LANGS, messages, tables
from .sanitize import escape, escape_cell, escape_link_text, escape_md
from .engine.variant import Placement, side_of, sides_of
from .model import Catalog, CheckedPosition, SourceError, VariantDef
from .model.catalog import PARAM_DEFAULTS, RESERVED_SECTIONS
from .model.positions import PlacementPosition, Rejected, SettlementPosition, TurnsPosition
from .model.yamlsrc import bad_character

__all__ = ["BuildError", "generate", "page_keys", "write_tree", "GEN"]

#: Folder, inside each language folder, that holds generated files.
GEN = "gen"

_UI = tables("pages")


class BuildError(Exception):
    """The site cannot be generated; ``errors`` are located problems."""

    def __init__(self, errors: list[SourceError]):
        super().__init__("\n".join(str(e) for e in errors))
        self.errors = errors


_esc = escape_md
#: Text for a Markdown table cell (``escape_md`` writes ``|`` too, as in ``[1|4]``).
_cell = escape_cell


#: Where a game's page usually states each rule a refused play breaks: rule key -> section ids.
_RULE_SECTIONS = {
    "matching": ("matching", "placing-tiles", "placement-and-continuation"), "sum-7": ("matching",),
    "blank": ("blanks-and-matadors", "matching"), "touch": ("blanks-and-matadors",),
    "multiple-of-3": ("playable-tiles", "placing-tiles", "scoring"),
    "multiple-of-5": ("playable-tiles", "placing-tiles", "scoring"),
    "set": ("the-set", "starting-a-hand", "lead-and-turns"), "lead": ("the-set", "starting-a-hand", "lead-and-turns"),
    "straight-sides-first": ("side-branches", "branch-doubles", "spinners"),
    "doubles-crosswise": ("doubles", "branch-doubles"), "doubles": ("doubles", "the-sniff"),
    "placement": ("matching", "placing-tiles", "placement-and-continuation", "side-branches"),
}


class _Page:
    """Renders one variant page in one language, collecting files and errors."""

    def __init__(self, vdef: VariantDef, checked: dict[str, CheckedPosition], glossary: dict,
                 lang: str, files: dict[str, bytes], png: bool = True, catalog: Catalog | None = None):
        self.v, self.checked, self.glossary, self.lang, self.files = vdef, checked, glossary, lang, files
        self.catalog = catalog
        self.png = png
        self.ui = _UI[lang]
        self.used: set[str] = set()
        self.errors: list[SourceError] = []
        self.path = None  # (section index) for error locations
        self.legend_shown = False
        self._drawn: dict[int, tuple] = {}      # id(layout) -> (layout, its arrangement)

    def ids(self) -> set[str]:
        """The ids the page gives its own headings: the game's, its sections'
        (a house rule's parent's too) and the parts the page makes itself."""
        v = self.v
        out = {v.id, *RESERVED_SECTIONS, *(sec["id"] for sec in v.sections)}
        for a in v.ancestors():
            out.add(a.id)
            out.update(sec["id"] for sec in a.sections)
        return out

    def arrangement(self, layout) -> svg.Arrangement:
        """``layout`` as drawn on this page (arranged once, so the words beside a
        diagram and the diagram agree)."""
        got = self._drawn.get(id(layout))
        if got is None or got[0] is not layout:
            got = self._drawn[id(layout)] = (layout, svg.arrange(layout))
        return got[1]

    def sides(self, layout) -> dict:
        """Where the sides of ``layout``'s doubles face in its diagram
        (:func:`generator.svg.side_directions`), for the words beside it."""
        return svg.side_directions(self.arrangement(layout)) if len(layout) else {}

    # -- macros ------------------------------------------------------------
    def deal_table(self) -> str:
        p = self.v.rules.params
        ui = self.ui
        stock = ui["stock"] if self.v.rules.draw_mode != "none" else ui["undealt_col"]
        pairs = bool(p.partnerships)            # (a column of "—" only is left out: it fits a phone)
        rows = [f"| {ui['players']} | {ui['per_hand']} | {stock} |" + (f" {ui['partners']} |" if pairs else ""),
                "|---:|---:|---:|" + (":---:|" if pairs else "")]
        for n in sorted(set(p.players) | set(p.partnerships)):
            rows.append(f"| {n} | {p.deal[n]} | {self.v.rules.stock_size(n)} |"
                        + (f" {ui['yes'] if n in p.partnerships else ui['no']} |" if pairs else ""))
        return "\n" + "\n".join(rows) + "\n"

    def comparison(self, other: str) -> str:
        """A table comparing this game with ``other`` (a variant id), row by row
        from both games' parameters and rule choices."""
        if not isinstance(other, str) or self.catalog is None:
            raise jinja2.TemplateError(f"comparison() takes a variant id, not {other!r}")
        try:
            o = self.catalog.variant(other)
        except SourceError:
            raise jinja2.TemplateError(f"comparison(): unknown variant {other!r}") from None
        return comparison_table([(self.v.id, self.v.name, self.v.rules), (o.id, o.name, o.rules)], self.lang)

    def rounds_table(self) -> str:
        """The rounds of a match by table setting: each round's engine, and
        which settings include it (generated from the variant's parameters)."""
        rules = self.v.rules
        if rules.family != "trains":
            raise jinja2.TemplateError("rounds_table() is for a game of trains (rounds of a match); "
                                       "this game has no rounds")
        settings = rules.round_settings
        full = max(settings)
        ui = self.ui
        head = [ui["round"], ui["engine"]] + [ui["match_of"].format(n=n) for n in settings]
        rows = ["| " + " | ".join(head) + " |", "|---:|---|" + ":---:|" * len(settings)]
        for r in range(1, full + 1):
            marks = " | ".join("✓" if r <= n else "" for n in settings)
            rows.append(f"| {r} | {rules.engine_of(r, full)} | {marks} |")
        return "\n" + "\n".join(rows) + "\n"

    def legend(self) -> str:
        """The legend of the page's diagrams (Markdown): once a page; a second call writes nothing."""
        if self.legend_shown:
            return ""
        self.legend_shown = True
        ui = self.ui
        rules = self.v.rules
        every_end_counts = rules.play_scoring == "headers"
        keys = (["counted"] if rules.play_scoring else []) + ([] if every_end_counts else ["open"]) \
            + (["branch"] if rules.spinners else []) \
            + (["join", "matador"] if rules.matching == "sum-7" else []) + ["placed"] \
            + (["colours"] if rules.params.set > 6 else [])
        words = {k: ui["legend_" + k] for k in keys}
        if not rules.play_scoring:
            words["open"] = ui["legend_open_plain"]
        if every_end_counts:
            words["counted"] = ui["legend_counted_ends"]
        if rules.spinners == "first":
            words["branch"] = ui["legend_branch_sniff"]
        items = [f'- ![](legend/{key}.svg){{ width="28" height="28" }} {_esc(words[key])}' for key in keys]
        return (f'\n<div class="rb-legend" markdown>\n\n**{_esc(ui["legend"])}**\n\n'
                + "\n".join(items) + "\n\n</div>\n")

    def term(self, key: str) -> str:
        entry = self.glossary.get(key) if isinstance(key, str) else None
        if entry is None:
            raise jinja2.TemplateError(f"unknown glossary term {key!r}")
        return f"[{entry[self.lang]}](glossary.md#{key}){{ .rb-term }}"

    def position(self, pid: str, steps: list[int] | None = None) -> str:
        cp = self.checked.get(pid)
        if cp is None:
            raise jinja2.TemplateError(f"no position {pid!r} in rules/{self.v.id}/positions/")
        self.used.add(pid)
        return self.render_position(cp, steps)

    # -- rendering ---------------------------------------------------------
    def render_position(self, cp: CheckedPosition, steps: list[int] | None = None) -> str:
        pos = cp.position
        ui = self.ui
        # an example of two or more placements can be stepped through (docs/assets/rulebook.js)
        stepped = isinstance(pos, PlacementPosition) and len(pos.steps) >= 2
        kind = " rb-stepped" if stepped else " rb-practice" if pos.is_practice else ""
        if pos.is_practice and pos.family == "trains":
            kind += " rb-practice-where"        # a question of where one may play: the verdicts say so
        # A worked example folds under its title (rulebook.css keeps it unfolded on a wide screen and
        # in print, and rulebook.js opens it there and wherever an address points into it), so that a
        # long page on a phone is a list of examples a reader opens one at a time.
        out = [f'\n<details class="rb-example{kind}" id="ex-{pos.id}" markdown>\n']
        if not self.legend_shown and pos.family == "line" and not isinstance(pos, SettlementPosition):
            out.insert(0, self.legend())        # the page's first diagram: its legend comes first
        title = (pos.title or {}).get(self.lang)
        label = ui["practice_title"] if pos.is_practice else ui["example"]
        heading = ui["example_title"].format(example=_esc(label), title=_esc(title)) if title else _esc(label)
        out.append(f'<summary class="rb-example-title"><strong>{heading}</strong></summary>\n')
        if pos.note:
            out.append(f'<p class="rb-note">{_esc(pos.note[self.lang])}</p>\n')
        if pos.family == "trains":
            out.append(render_trains(pos, cp.outcome, self.lang, self.v.id, self.files, self.png, GEN))
        elif isinstance(pos, PlacementPosition):
            wanted = steps or [st.index for st in pos.steps
                               if st.expect or st.reject or st.index == len(pos.steps)]
            for n in wanted:
                if not isinstance(n, int) or not 1 <= n <= len(pos.steps):
                    raise jinja2.TemplateError(f"position {pos.id!r} has steps 1 to {len(pos.steps)}, not {n!r}")
            for st, pl in zip(pos.steps, cp.outcome.placements):
                if st.index not in wanted and not stepped:
                    continue
                extra = (st.caption or {}).get(self.lang)
                if isinstance(pl, Rejected):
                    body = self.rejected(pos.id, st.index, pl, extra)
                else:
                    body = self.figure(pos.id, st.index, pl, extra)
                if stepped:
                    # a step not chosen for the page shows only while stepping (without the script, the
                    # example is what it always was)
                    hidden = "" if st.index in wanted else " rb-step-extra"
                    body = (f'<div class="rb-step{hidden}" id="ex-{pos.id}-step-{st.index}" markdown>\n\n'
                            f"{body}\n</div>\n")
                out.append(body)
        elif pos.kind == "practice":
            out.append(self.practice(pos, cp))
        elif isinstance(pos, SettlementPosition):
            out.append(self.settlement(pos, cp))
        elif isinstance(pos, TurnsPosition):
            out.append(self.turns(pos, cp))
        out.append("</details>\n")
        return "".join(out)

    def practice(self, pos, cp: CheckedPosition) -> str:
        """A practice position: the question, the player's hand, the table
        drawn, then (behind "show the answer", which the page's script also
        opens when the reader picks a play) the engine's table of every legal
        play with the best ones marked."""
        o = cp.outcome
        lang, ui, rules = self.lang, self.ui, self.v.rules
        hand = ui["list_sep"].join(t.label for t in pos.hand)
        parts = [f'<p class="rb-question"><strong>{_esc(ui["practice_question"])}</strong> '
                 f'{_esc(ui["q_" + pos.question])}</p>\n',
                 f'<p class="rb-hand"><strong>{_esc(ui["your_hand"])}</strong> {_esc(hand)}</p>\n']
        counted = rules.counted(o.table)
        open_ends = tuple(rules.open_ends(o.table))
        cap = ui["practice_table"].format(ends=" / ".join(str(o.table.pip_at(e)) for e in open_ends))
        parts.append(self._draw(f"{pos.id}-table", o.table, counted, open_ends, None, cap))
        scoring = rules.play_scoring is not None
        head = [ui["practice_play"]] + ([ui["practice_points"]] if scoring else []) + [ui["practice_ends"],
                                                                                       ui["practice_playable"]]
        rows = ["| " + " | ".join(head) + " |", "|---" + ("|---:" if scoring else "") + "|---|---|"]
        best = {id(b) for b in o.best}
        sides = self.sides(o.table)
        for opt in o.options:
            pl = opt.placement
            play = describe.play_words(opt.play, lang, sides)
            mark = ui["practice_best_mark"] if id(opt) in best else ""
            cells = [f"{mark}{_cell(play)}"] + ([str(pl.points)] if scoring else []) + [
                _cell(" / ".join(str(pl.layout.pip_at(e)) for e in pl.open)),
                _cell(ui["list_sep"].join(t.label for t in opt.playable) or ui["none"])]
            if id(opt) in best:
                cells = [f"**{c}**" for c in cells]
            rows.append("| " + " | ".join(cells) + " |")
        why = ui["practice_why_" + pos.question]
        parts.append(f'<details class="rb-answer" markdown>\n<summary>{_esc(ui["show_answer"])}</summary>\n\n'
                     + "\n".join(rows) + f"\n\n{_esc(why)}\n\n</details>\n")
        return "".join(parts)

    def figure(self, pid: str, index: int, pl: Placement, extra_caption: str | None = None) -> str:
        cap = describe.caption(pl, self.lang, self.v.rules, self.sides(pl.layout))
        if extra_caption:
            cap = f"{cap} {extra_caption}"
        return self._draw(f"{pid}-{index}", pl.layout, pl.counted, pl.open, pl.tile, cap)

    def _draw(self, name: str, layout, counted, open_ends, last, cap: str) -> str:
        lang = self.lang
        rules = self.v.rules
        arr = self.arrangement(layout)
        alt = describe.text_equivalent(layout, counted, open_ends, lang, rules, svg.side_directions(arr))
        text = svg.render(arr, counted={c.end: c.value for c in counted} if rules.play_scoring else {},
                          open_ends=open_ends, last=last, title=cap, desc=alt, lang=lang,
                          ident=f"d-{name}", joins=svg.join_marks(layout, rules), coloured=rules.params.set > 6)
        base = f"{lang}/{GEN}/diagrams/{self.v.id}/{name}"
        self.files[base + ".svg"] = text.encode("utf-8")
        self.files[base + ".png"] = svg.to_png(text) if self.png else b""
        rel = f"diagrams/{self.v.id}/{name}"
        x0, y0, x1, y1 = arr.bounds()
        w = round((x1 - x0 + 0.5) * svg.UNIT)
        h = round((y1 - y0 + 0.5) * svg.UNIT)
        return (f'<figure class="rb-figure" id="fig-{name}" markdown="span">\n'
                f'[![{escape_link_text(cap)}]({rel}.svg){{ width="{w}" height="{h}" }}]({rel}.png "{escape(ui_png(lang))}")\n'
                f'<figcaption>{_esc(cap)}</figcaption>\n</figure>\n'
                f'<p class="rb-textalt"><span class="rb-textalt-label">{_esc(self.ui["textalt"])}</span> '
                f'{_esc(alt)}</p>\n')

    def rule_link(self, rule: str) -> str | None:
        """Where the page (or, for a house rule, its parent's) states the rule
        ``rule`` (``VARIANT/KEY``): ``#section`` or ``other.md#section``;
        ``None`` when no section is about it."""
        key = rule.split("/", 1)[-1]
        own = {sec["id"] for _, sec in self.v.own_sections} if self.v.parent is not None \
            else {sec["id"] for sec in self.v.sections}
        every = {sec["id"] for sec in self.v.sections}
        for sid in _RULE_SECTIONS.get(key, ()):
            if sid in own:
                return f"#{sid}"
            if sid in every:
                return f"{houserules.section_page(self.v, sid)}.md#{sid}"
        return None

    def rejected(self, pid: str, index: int, r: Rejected, extra_caption: str | None = None) -> str:
        """A step the rules refuse: the reason (rule id, the rule in words, the
        engine's message) and the unchanged layout, drawn with its open ends."""
        lang = self.lang
        ui = self.ui
        # the engine's English sentence is for authors; the side is named as the diagram shows it
        head, words, _ = describe.refusal(r, lang, self.sides(r.layout))
        link = self.rule_link(r.rule)
        rule = f"[{escape_link_text(words)}]({link})" if link else _esc(words)
        parts = [f'<div class="rb-rejected" markdown>\n\n**✗ {_esc(head)}**{ui["rule_sep"]}{rule}\n']
        if extra_caption:
            parts.append(f"{_esc(extra_caption)}\n")
        parts.append("</div>\n")
        if len(r.layout):
            name = f"{pid}-{index}"
            counted = self.v.rules.counted(r.layout)
            cap = ui["layout_unchanged"].format(label=r.tile.label)
            parts.append(self._draw(name, r.layout, counted, r.open, None, cap))
        return "\n".join(parts)

    def settlement(self, pos: SettlementPosition, cp: CheckedPosition) -> str:
        ui, lang = self.ui, self.lang
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
        for line in describe.settlement_lines(s, lang, self.v.rules):
            lines.append(f"- {_esc(line)}")
        if s.scores_after is not None:
            before = ", ".join(f"{k} {v}" for k, v in (pos.scores or {}).items())
            after = ", ".join(f"{k} {v}" for k, v in s.scores_after.items())
            lines.append(f"- {ui['scores_before']}: {before} → {ui['scores_after']}: {after}")
            if s.game_winners:
                lines.append(f"- {ui['game_winners']}: {', '.join(s.game_winners)}")
        return "\n".join(lines) + "\n\n"

    def turns(self, pos: TurnsPosition, cp: CheckedPosition) -> str:
        ui, lang = self.ui, self.lang
        out = [ui["deal_line"].format(deal=ui["deal"], leader_label=ui["leader"], leader=pos.leader)]
        for p in pos.players:
            score = f" — {ui['score_before']}{pos.scores[p]}" if pos.scores and p in pos.scores else ""
            out.append(f"- {p}: {describe.tile_list(pos.hands[p])}{score}")
        stock_label = ui["stock_order"] if self.v.rules.draw_mode != "none" else ui["undealt"]
        out.append(f"- {stock_label}: {describe.tile_list(pos.stock) or ui['none_left']}\n")
        counts = self.v.rules.play_scoring is not None and self.v.rules.play_scoring != "headers"
        scoring = self.v.rules.play_scoring is not None
        rows = [f"| {ui['move']} | {ui['player']} | {ui['action']} | {ui['counted' if counts else 'ends']} | "
                + (f"{ui['score']} | " if scoring else "") + f"{ui['next']} |",
                "|---:|---|---|---|" + ("---|" if scoring else "") + "---|"]
        last = [ev.placement for ev in cp.outcome.events if ev.placement is not None]
        sides = self.sides(last[-1].layout) if last else {}     # as the final diagram below shows them
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
                cnt = (describe.counted_sum(pl.counted) if counts
                       else " / ".join(str(pl.layout.pip_at(e)) for e in pl.open))
                sc = describe.score_phrase(pl, lang, self.v.rules)
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
        keeps_score = self.v.rules.play_scoring is not None or self.v.rules.settle_rule != "none"
        out.append(f"\n- {label}: {scores}" if keeps_score else "")
        if hand.game_winners:
            out.append(f"- {ui['game_winners']}: {', '.join(hand.game_winners)}")
        if hand.settlement is not None:
            for line in describe.settlement_lines(hand.settlement, lang, self.v.rules):
                out.append(f"- {_esc(line)}")
        if last:
            out.append(f"\n<p class=\"rb-subtitle\">{_esc(ui['final_layout'])}</p>\n")
            out.append(self.figure(pos.id, len(pos.moves), last[-1]))
        return "\n".join(out) + "\n"


def ui_png(lang: str) -> str:
    """Link title of a diagram's PNG."""
    return _UI[lang]["png"]


#: The longest string or list, and the largest whole number (in bits), that ``*``, ``**``
#: and ``+`` may make in a rule text: far beyond any page, far below a memory bomb.
MAX_TEMPLATE_SIZE = 100_000


_UNITS = {"a string": "characters", "a list": "items", "a number": "bits", "a list (written out)": "characters"}


class _BoundedCodeGenerator(jinja2.compiler.CodeGenerator):
    """Jinja's code generator with ``~`` made a call of the sandbox's
    :meth:`_Sandbox.bounded_concat` (Jinja joins ``~`` with a plain
    ``str.join`` that no sandbox hook sees)."""

    def visit_Concat(self, node, frame):
        self.write("environment.bounded_concat((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


class _Sandbox(jinja2.sandbox.ImmutableSandboxedEnvironment):
    """The rule texts' sandbox, which also refuses ``*``, ``**``, ``+``, ``%``
    and ``~`` results larger than :data:`MAX_TEMPLATE_SIZE` before making them
    (``"x" * 500000000`` or ``"%.1000000000f" % 1`` would take gigabytes;
    Jinja's own sandbox only limits ``range``)."""

    code_generator_class = _BoundedCodeGenerator

    intercepted_binops = frozenset(["*", "**", "+", "%"])

    def __init__(self, **kwargs):
        super().__init__(finalize=_finalize, **kwargs)
        self.filters = {name: _bounded(name, f) for name, f in self.filters.items()}

    def bounded_concat(self, values: tuple) -> str:
        """The ``~`` operator (``a ~ b ~ c``), refused when its result would
        be longer than :data:`MAX_TEMPLATE_SIZE` (a loop that doubles a
        string with ``~`` would otherwise take gigabytes); the size is
        estimated before any part is made text (:func:`text_size`)."""
        size = joined_size(values)
        if size > MAX_TEMPLATE_SIZE:
            raise jinja2.sandbox.SecurityError(f"`~` would make a string of {size:,} characters; "
                                               f"a rule text may make at most {MAX_TEMPLATE_SIZE:,}")
        return "".join(str(v) for v in values)

    def call(self, context, obj, *args, **kwargs):
        """Method calls: refuse those that would make a string larger than
        :data:`MAX_TEMPLATE_SIZE` (``"a".center(10**9)``, a format width of
        ``10**9``, ``replace`` or ``join`` blowing a text up)."""
        owner = getattr(obj, "__self__", None)
        if isinstance(owner, str):
            _check_growth(getattr(obj, "__name__", ""), owner, args, kwargs)
        return super().call(context, obj, *args, **kwargs)

    def wrap_str_format(self, value: Any):
        """``str.format``/``format_map`` (which Jinja's sandbox wraps itself)
        behind the same size check as other string methods."""
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        text, name = value.__self__, value.__name__

        def checked(*args, **kwargs):
            _check_growth(name, text, args, kwargs)
            return wrapped(*args, **kwargs)
        return checked

    def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
        size, unit = _binop_size(operator, left, right)
        if size > MAX_TEMPLATE_SIZE:
            raise jinja2.sandbox.SecurityError(f"`{operator}` would make {unit} of {size:,} "
                                               f"{_UNITS[unit]}; "
                                               f"a rule text may make at most {MAX_TEMPLATE_SIZE:,}")
        return super().call_binop(context, operator, left, right)


def text_size(value: Any, limit: int = MAX_TEMPLATE_SIZE) -> int:
    """An estimate of ``len(str(value))`` made without building the text (a
    little over it: a list's brackets and separators, a number's digits by its
    bits), in time bounded by ``limit``: counting stops once the estimate
    passes ``limit`` (the result is then larger than ``limit``, not the full
    size).
    A list holding one string many times counts it each time, as its text
    would (``[big] * 100000`` is 100,000 copies of ``big``).

    >>> text_size("abc"), text_size(["ab", "cd"]), text_size(10 ** 20)   # str(): 3, 12 and 21 characters
    (3, 14, 22)
    >>> text_size(["x" * 1000] * 1000) > MAX_TEMPLATE_SIZE
    True
    """
    total, stack = 0, [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            total += len(v)
        elif isinstance(v, bool) or v is None:
            total += 5
        elif isinstance(v, int):
            total += len(str(v)) if -10 ** 18 < v < 10 ** 18 else int(v.bit_length() * 0.30103) + 2
        elif isinstance(v, float):
            total += 24
        elif isinstance(v, (list, tuple, set, frozenset, dict)):
            items = list(v.items()) if isinstance(v, dict) else v
            total += 2 + 2 * len(items)
            if total > limit:
                return total
            for item in items:          # strings inside a container are written quoted
                if isinstance(item, tuple) and isinstance(v, dict):
                    stack.extend(item)
                    total += 4
                else:
                    stack.append(item)
                    total += 2 if isinstance(item, str) else 0
        else:                           # a macro, an undefined value, a game's params: short texts
            total += 100
        if total > limit:
            return total
    return total


def joined_size(items, limit: int = 2 * MAX_TEMPLATE_SIZE) -> int:
    """The length of ``"".join(str(x) for x in items)``, estimated as
    :func:`text_size` estimates each, counting no further than ``limit``."""
    total = 0
    for x in items:
        total += text_size(x, limit)
        if total > limit:
            break
    return total


def _finalize(value: Any) -> Any:
    """What ``{{ ... }}`` writes, refused before it is made text when its
    text would pass :data:`MAX_TEMPLATE_SIZE` (:func:`text_size`)."""
    if not isinstance(value, str):
        size = text_size(value)
        if size > MAX_TEMPLATE_SIZE:
            raise jinja2.sandbox.SecurityError(f"`{{{{ ... }}}}` would write {size:,} characters or more; "
                                               f"a rule text may make at most {MAX_TEMPLATE_SIZE:,}")
    return value


#: A ``%`` conversion: its mapping key, flags, width and precision (``*`` takes an argument).
_PERCENT = re.compile(r"%(?:\([^)]*\))?[-+ #0]*(\*|\d+)?(?:\.(\*|\d+))?[a-zA-Z%]")
#: A standard format spec (``str.format``): fill and align, sign, ``#``, ``0``, width, grouping, precision.
_SPEC = re.compile(r"^(?:.?[<>=^])?[-+ ]?z?#?0?(\d+)?[,_]?(?:\.(\d+))?")


def _argument_sizes(args: tuple) -> tuple[int, int]:
    """``(longest, widest)``: the length of the longest argument as text (a
    mapping's values each), and the largest whole number among them (which a
    ``*`` or nested width would take as a width)."""
    longest = widest = 0
    for a in args:
        for v in (a.values() if isinstance(a, dict) else (a,)):
            if isinstance(v, int) and not isinstance(v, bool):
                widest = max(widest, min(abs(v), 10 ** 12))
            longest = max(longest, text_size(v, 2 * MAX_TEMPLATE_SIZE))
    return longest, widest


def _format_size(fmt: str, args: tuple, percent: bool) -> int:
    """A generous estimate, made before it runs, of the length of ``fmt``
    formatted with ``args`` (``%`` when ``percent``, else ``str.format``):
    the format's own length, plus for every field the longest argument and
    the field's width and precision (the largest number among the arguments
    where a width is taken from them). Never less than the real length."""
    import string

    longest, widest = _argument_sizes(args)
    size = len(fmt)
    if percent:
        for m in _PERCENT.finditer(fmt):
            size += longest + sum(widest if w == "*" else int(w) for w in m.groups() if w)
        return size
    try:
        fields = list(string.Formatter().parse(fmt))
    except ValueError:                  # not a valid format: str.format refuses it anyway
        return size
    for _, name, spec, _ in fields:
        if name is None:
            continue
        size += longest
        if spec:
            if "{" in spec:             # a nested field: a width or precision taken from the arguments
                size += 2 * widest
            m = _SPEC.match(spec)
            size += sum(int(w) for w in m.groups() if w) if m else 0
    return size


def _check_growth(name: str, text: Any, args: tuple, kwargs: dict, is_filter: bool = False) -> None:
    """Raise a sandbox error when the string method or filter ``name``
    applied to ``text`` with ``args`` would make more than
    :data:`MAX_TEMPLATE_SIZE` characters (estimated before it runs: widths,
    format widths, replacements, joins)."""
    numbers = [a for a in (*args, *kwargs.values()) if isinstance(a, int) and not isinstance(a, bool)]
    size = max(numbers, default=0)
    if name in ("format", "format_map") and isinstance(text, str):
        size = _format_size(text, (*args, *kwargs.values()), percent=is_filter)
    elif name == "replace" and isinstance(text, str) and len(args) >= 2 and all(isinstance(a, str) for a in args[:2]):
        size = len(text) + text.count(args[0]) * len(args[1]) if args[0] else len(text) * (len(args[1]) + 1)
    elif name == "join" and isinstance(text, str):          # the method: "sep".join(items)
        items = args[0] if args else kwargs.get("iterable", ())
        if isinstance(items, (list, tuple, set, frozenset, dict, str)):
            size = joined_size(items) + len(text) * len(items)
    elif name == "join" and not isinstance(text, str) and isinstance(text, (list, tuple)):
        sep = args[0] if args and isinstance(args[0], str) else kwargs.get("d", "")
        size = joined_size(text) + len(sep if isinstance(sep, str) else "") * len(text)
    elif name in _TEXT_FILTERS and is_filter:
        size = max(size, text_size(text, 2 * MAX_TEMPLATE_SIZE))
    elif name == "indent" and isinstance(text, str):
        size = len(text) + (text.count("\n") + 1) * max(size, len(args[0]) if args and isinstance(args[0], str) else 0)
    if size > MAX_TEMPLATE_SIZE:
        raise jinja2.sandbox.SecurityError(f"`{name}` would make a string of about {size:,} characters; "
                                           f"a rule text may make at most {MAX_TEMPLATE_SIZE:,}")


#: Filters that make their value text (``|string``, ``|pprint``...): the text's size is estimated first.
_TEXT_FILTERS = frozenset({"string", "pprint", "tojson", "urlencode", "e", "escape", "forceescape", "safe",
                           "upper", "lower", "title", "capitalize", "trim", "striptags", "wordwrap", "center",
                           "xmlattr", "list", "unique", "sort", "reverse", "dictsort", "items", "wordcount",
                           "truncate", "format"})


def _bounded(name: str, f):
    """The filter ``f`` behind a size check (:func:`_check_growth`)."""
    @functools.wraps(f)
    def bounded(*args, **kwargs):
        values = [a for a in args if not isinstance(a, (jinja2.runtime.Context, jinja2.nodes.EvalContext,
                                                        jinja2.Environment))]
        if values:
            _check_growth(name, values[0], tuple(values[1:]), kwargs, is_filter=True)
        return f(*args, **kwargs)
    return bounded


def _binop_size(operator: str, left: Any, right: Any) -> tuple[int, str]:
    """``(size, what)``: a cheap estimate, made before computing it, of the
    size of ``left OPERATOR right`` when it is a string or list (its length)
    or a whole number (its bits); ``(0, "")`` for anything else."""
    def whole(*xs):
        return all(isinstance(x, int) and not isinstance(x, bool) for x in xs)

    def what(x):
        return "a string" if isinstance(x, str) else "a list" if isinstance(x, (list, tuple)) else ""
    if operator == "*":                 # a list counts by its items, and by its text (each repeat in full)
        for seq, n in ((left, right), (right, left)):
            if what(seq) and whole(n):
                if isinstance(seq, str) or len(seq) * n > MAX_TEMPLATE_SIZE:
                    return len(seq) * n, what(seq)
                return text_size(seq, 2 * MAX_TEMPLATE_SIZE) * n, "a list (written out)"
        if whole(left, right):
            return left.bit_length() + right.bit_length(), "a number"
    elif operator == "**" and whole(left, right) and right > 0:
        return max(left.bit_length() - 1, int(abs(left) > 1)) * right, "a number"
    elif operator == "+" and what(left) and what(right):
        if isinstance(left, str) or len(left) + len(right) > MAX_TEMPLATE_SIZE:
            return len(left) + len(right), what(left)
        return text_size(left, 2 * MAX_TEMPLATE_SIZE) + text_size(right, 2 * MAX_TEMPLATE_SIZE), "a list (written out)"
    elif operator == "%" and isinstance(left, str):
        args = right if isinstance(right, tuple) else (right,)
        return _format_size(left, args, percent=True), "a string"
    return 0, ""


#: How the ids the page gives its own parts begin: worked examples and their steps, figures, the
#: diagrams' own ids, the site's styles and scripts.
PAGE_ID_PREFIXES = ("ex-", "fig-", "d-", "rb-")


def _noting_ids(f, made: Counter):
    """The macro ``f``, noting in ``made`` the ids its output gives itself."""
    @functools.wraps(f)
    def noting(*args, **kwargs):
        result = f(*args, **kwargs)
        if isinstance(result, str):
            made.update(given for _, given in sanitize.given_ids(result))
        return result
    return noting


def _render_body(page: _Page, text: str, src, path: tuple) -> str:
    env = _Sandbox(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=True)
    env.globals.pop("lipsum", None)         # filler text: slow in proportion to its argument, and of no use here
    try:
        tmpl = env.from_string(text)
        budget = _Budget()
        macros = dict(deal_table=page.deal_table, legend=page.legend, term=page.term, comparison=page.comparison,
                      rounds_table=page.rounds_table, position=page.position)
        made: Counter = Counter()           # the ids our macros write (an example's, its figures')
        out = budget.run(lambda **values: _bounded_output(tmpl, values), params=page.v.params,
                         **{k: budget.outside(_noting_ids(f, made)) for k, f in macros.items()})
    except jinja2.TemplateSyntaxError as exc:
        raise SourceError(src.file, *src.text_mark(path, exc.lineno or 1), f"template: {exc.message}") from None
    except SourceError:
        raise
    except (jinja2.TemplateError, TypeError, ValueError, OverflowError) as exc:
        raise SourceError(src.file, *src.text_mark(path, _template_line(exc)), f"template: {exc}") from None
    except NameError as exc:       # Jinja writes a literal too large for a float (1e400) as "inf" in its code
        why = ("a number too large to write (such as 1e400)" if str(exc).endswith(("'inf' is not defined",
                                                                                  "'nan' is not defined"))
               else f"NameError: {exc}")
        raise SourceError(src.file, *src.text_mark(path, _template_line(exc)), f"template: {why}") from None
    except Exception as exc:       # 1/0, endless macro recursion, range too big, ...: never a traceback
        raise SourceError(src.file, *src.text_mark(path, _template_line(exc)),
                          f"template: {type(exc).__name__}: {exc}") from None
    bad = bad_character(out)                # what the template wrote, as the file's own text is checked
    if bad:
        raise SourceError(src.file, *src.text_mark(path, 1), "template: " + bad.replace("the text holds",
                                                                                       "the template writes", 1))
    for line, given in sanitize.given_ids(out):
        if made[given] > 0:                 # written by a macro, not by the author
            made[given] -= 1
            continue
        at = src.text_mark(path, line if out == text else 1)
        if given == "dir=":
            raise SourceError(src.file, *at, "an attribute list may not set `dir`: it shows a text in another "
                                             "order than it is written (\"10 + 5 = 15\" as \"15 = 5 + 10\")")
        if given in page.ids() or given.startswith(PAGE_ID_PREFIXES):
            raise SourceError(src.file, *at, f"the id {given!r} is one the page gives a part of its own (a section, "
                                             f"an example, a diagram): a link to that part would land here; "
                                             f"choose another")
    brackets = sanitize.bracket_problem(out)
    if brackets:
        line, why = brackets
        raise SourceError(src.file, *src.text_mark(path, line if out == text else 1),
                          f"{why}: Markdown's reading of links slows down with each one; close them, or write "
                          f"a bracket that opens nothing as \\[")
    problems = sanitize.removed(sanitize.markdown_html(out))
    if problems:
        line = _line_of(text, problems[0])
        more = f" (and {len(problems) - 1} more: {'; '.join(problems[1:4])})" if len(problems) > 1 else ""
        raise SourceError(src.file, *src.text_mark(path, line),
                          f"the page may not hold {problems[0]}{more}: the site lets through only plain text, "
                          f"Markdown and a few harmless HTML elements (see the authoring guide, 'Rule text')")
    return out


def _bounded_output(tmpl: jinja2.Template, values: dict) -> str:
    """``tmpl`` rendered with ``values``, stopped with a sandbox error as soon
    as what it has written (what the macros write included) passes
    :data:`MAX_TEMPLATE_SIZE` characters: a loop writing a long text again and
    again never makes more than that."""
    parts, size = [], 0
    for part in tmpl.generate(**values):
        size += len(part)
        if size > MAX_TEMPLATE_SIZE:
            raise jinja2.sandbox.SecurityError(f"the text would be longer than {MAX_TEMPLATE_SIZE:,} characters "
                                               f"(a rule text may make at most that; split it into sections)")
        parts.append(part)
    return "".join(parts)


#: The largest page a game may have (its Markdown, bytes): twenty times the longest page of the site.
MAX_PAGE_BYTES = 1_000_000

#: The work one rule text's template may do: lines of template code run (a loop's body counts
#: once per turn) and seconds spent in it (our macros, which draw the examples, not counted).
MAX_TEMPLATE_STEPS = 200_000
MAX_TEMPLATE_SECONDS = 2.0


class _Budget:
    """Runs a template under a work budget: a trace function, active only in
    the template's own frames, counts the lines it runs and watches the
    clock, and stops it with a sandbox error when either runs out. Works in
    any thread (``mkdocs serve`` builds in one of its own)."""

    def __init__(self):
        self.steps = 0
        self.spent = 0.0
        self.start = 0.0

    def _line(self, frame, event, arg):
        self.steps += 1
        if self.steps > MAX_TEMPLATE_STEPS:
            raise jinja2.sandbox.SecurityError(f"the template does too much work (more than "
                                               f"{MAX_TEMPLATE_STEPS:,} steps; a loop inside a loop?)")
        if self.steps % 512 == 0 and time.monotonic() - self.start - self.spent > MAX_TEMPLATE_SECONDS:
            raise jinja2.sandbox.SecurityError(f"the template ran for more than {MAX_TEMPLATE_SECONDS:g} seconds")
        return self._line

    def _call(self, frame, event, arg):
        return self._line if frame.f_code.co_filename == "<template>" else None

    def run(self, render, **values):
        old = sys.gettrace()
        self.start = time.monotonic()
        sys.settrace(self._call)
        try:
            return render(**values)
        finally:
            sys.settrace(old)

    def outside(self, f):
        """``f`` run without the budget's tracing and clock (a macro of ours)."""
        @functools.wraps(f)
        def untraced(*args, **kwargs):
            tracer, began = sys.gettrace(), time.monotonic()
            sys.settrace(None)
            try:
                return f(*args, **kwargs)
            finally:
                sys.settrace(tracer)
                self.spent += time.monotonic() - began
        return untraced


def _line_of(text: str, problem: str) -> int:
    """The line of ``text`` (1-based) that most likely wrote ``problem`` (a
    :func:`sanitize.removed` description): the first naming its element or
    attribute; the first line when the template assembled it."""
    names = re.findall(r"<(\w+)|the attribute (\w+)=|(\w+):", problem) + re.findall(r"=\"([^\"]+)\"()", problem)
    words = sorted({w.lower() for group in names for w in group if len(w) >= 3}, key=len, reverse=True)
    for word in words:
        for n, line in enumerate(text.split("\n"), 1):
            if word in html.unescape(line).lower():
                return n
    return 1


def _template_line(exc: BaseException) -> int:
    tb = exc.__traceback__
    lineno = 1
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            lineno = tb.tb_lineno
        tb = tb.tb_next
    return lineno


def variant_page(vdef: VariantDef, checked: dict[str, CheckedPosition], glossary: dict, lang: str,
                 files: dict[str, bytes], png: bool = True, catalog: Catalog | None = None,
                 stats: dict | None = None) -> str:
    """The Markdown of one variant's page in ``lang``; diagram files are added
    to ``files``. Raises :class:`SourceError` for a bad macro call."""
    page = _Page(vdef, checked, glossary, lang, files, png, catalog)
    src = vdef.src
    if vdef.parent is not None and not isinstance(src.data.get("summary"), dict):
        summary = houserules.summary_line(vdef, lang)   # the parent's summary would describe the parent
    else:
        summary = _esc(vdef.summary[lang].strip())
    parts = [f"# {_esc(vdef.name[lang])}\n"]
    if vdef.aka.get(lang):
        parts.append(f'<p class="rb-aka">{page.ui["aka"]}{_esc(page.ui["aka_sep"].join(vdef.aka[lang]))}</p>\n')
    parts.append(f"{summary}\n")
    parts.append(f"[{page.ui['card_link']}]({card_name(vdef.id)}.md){{ .rb-card-link }}\n")
    if vdef.draft:                          # a draft: built for preview, never found by the search
        parts.insert(0, "---\nsearch:\n  exclude: true\n---\n")
        parts.insert(2, draft_banner(lang))
    house = vdef.parent is not None
    if house:                               # a house rule: what differs, then its own sections
        parts.append(houserules.differences_section(vdef, lang))
        sections = vdef.own_sections
    else:
        sections = list(enumerate(vdef.sections))
    for i, sec in sections:
        parts.append(f"## {_esc(sec['title'][lang])} {{ #{sec['id']} }}\n")
        parts.append(_render_body(page, sec["body"][lang], src, ("sections", i, "body", lang)))
    if house:
        parts.append(houserules.inherited_section(vdef, lang))
        if catalog is not None:
            parts.append(houserules.rerun_section(houserules.rerun_parent_positions(catalog, vdef), vdef, lang))
    rest = sorted(set(checked) - page.used)
    drills = [pid for pid in rest if checked[pid].position.is_practice]
    if drills:                              # practice positions the rule text does not place: a section of their own
        parts.append(f"## {page.ui['practice_section']} {{ #practice-positions }}\n")
        parts.append(f"{page.ui['practice_intro']}\n")
        parts += [page.render_position(checked[pid]) for pid in drills]
    rest = [pid for pid in rest if pid not in drills]
    if rest:
        parts.append(f"## {page.ui['more']} {{ #more-examples }}\n")
        parts += [page.render_position(checked[pid]) for pid in rest]
    if stats is not None:
        parts.append(stats_section(stats, vdef.rules, lang))
        if house:
            parts.append(houserules.stats_beside_parent(stats, figures(vdef.parent), vdef, lang))
    parts.append(f"## {page.ui['sources']} {{ #sources }}\n")
    owner = next((v for v in [vdef, *vdef.ancestors()] if isinstance(v.src.data.get("sources"), dict)), vdef)
    if not house:
        parts.append(_render_body(page, owner.sources[lang], owner.src, ("sources", lang)))
    else:
        # a house rule's own sources, then a link to its parent's: they describe the parent, so some of
        # what they say is what the house rule changes
        if owner is vdef:
            parts.append(f"### {page.ui['sources_own']} {{ #sources-own }}\n")
            parts.append(_render_body(page, vdef.sources[lang], vdef.src, ("sources", lang)))
        cited = next((v for v in vdef.ancestors() if isinstance(v.src.data.get("sources"), dict)), None)
        if cited is not None:
            link = f"[{escape_link_text(cited.name[lang])}]({cited.id}.md#sources)"
            parts.append(page.ui["sources_parent"].format(parent=link) + "\n")
    return "\n".join(p for p in parts if p).rstrip() + "\n"


_HREF_ANCHOR = re.compile(r'<a [^>]*href="#([^"]+)"')
_IMG_SRC = re.compile(r'<img [^>]*src="([^"]+)"')
_IDS = re.compile(r' id="([^"]+)"')


def target_problems(vdef: VariantDef, md: str, lang: str, made: dict[str, bytes], docs: Path) -> list[SourceError]:
    """Links to a place on the game's own page (``#anchor``) that no heading
    or element has, and pictures that are neither made for the page nor in
    ``docs`` (relative to ``<lang>/gen/``): each located at the rule text
    that wrote it (the file's first line when none did). MkDocs would only
    warn, and the site's strict build would stop without saying where."""
    html_text = sanitize.markdown_html(md)
    ids = set(_IDS.findall(html_text))
    out = []
    wanted = [("#" + a, f"the link '#{a}' leads to no place on this page") for a in _HREF_ANCHOR.findall(html_text)
              if html.unescape(a) not in ids and a not in ids]
    for src in _IMG_SRC.findall(html_text):
        src = html.unescape(src)
        if ":" in src or src.startswith("/"):
            continue                    # (the HTML policy refuses pictures from elsewhere)
        rel = os.path.normpath(f"{lang}/{GEN}/{src}").replace(os.sep, "/")
        if rel not in made and not (docs / rel).is_file():
            wanted.append((src, f"the picture {src!r} is not on the site (from this page it would be docs/{rel})"))
    texts = [(("sections", i, "body", lang), sec["body"][lang]) for i, sec in enumerate(vdef.src.data.get("sections") or ())
             if isinstance(sec, dict) and isinstance((sec.get("body") or {}).get(lang), str)]
    if isinstance((vdef.src.data.get("sources") or {}).get(lang), str):
        texts.append((("sources", lang), vdef.src.data["sources"][lang]))
    for target, message in dict(wanted).items():
        where = next(((path, n, target) for path, text in texts for n, line in enumerate(text.split("\n"), 1)
                      if f"({target}" in line), None)
        if where is None:
            out.append(SourceError(vdef.src.file, 1, 1, message))
        else:
            out.append(SourceError(vdef.src.file, *vdef.src.text_mark(where[0], where[1], where[2]), message))
    return out


def glossary_page(terms: list[dict], lang: str, games: list[VariantDef] = ()) -> str:
    """The glossary page in ``lang``: one heading per term, anchored by key,
    then a table of the ``games`` (in site order) with the name in the other
    language and the other names players use for each, linked to its page."""
    ui = _UI[lang]
    other = "en" if lang == "ja" else "ja"
    # The glossary defines the words the pages use: a search for a term shows its definition near the
    # top, above the pages that merely use it (Material multiplies the page's sections' scores).
    parts = ["---\nsearch:\n  boost: 2.5\n---\n", f"# {ui['glossary']}\n", f"{ui['glossary_intro']}\n"]
    order = (lambda t: (gojuon_key(t.get("reading") or t["ja"]), t.get("reading") or t["ja"])) if lang == "ja" else \
        (lambda t: (t["en"].casefold(), t["key"]))
    for t in sorted(terms, key=order):
        # the other names stand in the heading: a search for one of them then finds this entry first
        also = (t.get("aka") or {}).get(lang)
        head = ui["term_aka"].format(term=t[lang], aka=ui["term_aka_sep"].join(also)) if also else t[lang]
        parts.append(f"## {_esc(head)} {{ #{t['key']} }}\n")
        if lang == "ja" and t.get("reading") and t["reading"] != t["ja"]:
            parts.append(f"<span class=\"rb-reading\">{_esc(t['reading'])}</span>\n")
        parts.append(f"{_esc(t['def'][lang].strip())}\n")
        if t.get("games") and games:
            parts.append(who_plays(t["games"], games, lang) + "\n")
        parts.append(f"*{ui['en_term']}: {_esc(t[other])}*\n")
    if games:
        parts.append(f"## {ui['game_names']} {{ #game-names }}\n")
        parts.append(f"{ui['game_names_intro']}\n")
        rows = [f"| {ui['game']} | {ui['en_term']} | {ui['aka'].rstrip(' ：:')} |", "|---|---|---|"]
        for v in games:
            rows.append(f"| [{escape_link_text(v.name[lang], cell=True)}]({v.id}.md) | {_cell(v.name[other])} | "
                        f"{_cell(ui['aka_sep'].join(v.aka.get(lang, [])) or ui['no'])} |")
        parts.append("\n".join(rows) + "\n")
    return "\n".join(parts)


def who_plays(keys, games, lang: str) -> str:
    """The glossary's sentence naming which of ``games`` play each way, for
    each rule choice or param in ``keys`` (a term's ``games:``), made from
    their rules so that it cannot go stale: per choice, the games grouped by
    the words of their value (a game the choice says nothing about left out,
    as on its card); per param, the games whose value differs from the
    default, grouped by value. Each game links to its page."""
    ui = _UI[lang]
    groups: dict[str, list[str]] = {}
    for key in dict.fromkeys(keys):            # a key named twice is listed once
        for v in games:
            rules = v.rules
            if key in INFO:
                if not applies(key, rules):
                    continue
                words = choice_words(key, rules, lang)
            else:
                value = v.params.get(key)
                if value is None or value == PARAM_DEFAULTS[key]:
                    continue
                name = messages("param", lang)[key]
                name = name[:1].lower() + name[1:]          # inside a sentence (Japanese has no case)
                words = f"{name}{ui['who_plays_param_sep']}{houserules.param_words(key, value, lang)}"
            names = groups.setdefault(words, [])
            link = f"[{escape_link_text(v.name[lang])}]({v.id}.md)"
            if link not in names:
                names.append(link)
    text = ui["who_plays_sep"].join(ui["who_plays_group"].format(games=ui["who_plays_games_sep"].join(names),
                                                                 words=_esc(words))
                                    for words, names in groups.items())
    return ui["who_plays"].format(groups=text) if text else ""


_SMALL = str.maketrans("ぁぃぅぇぉっゃゅょゎゕゖ", "あいうえおつやゆよわかけ")


def gojuon_key(reading: str) -> str:
    """A sort key that puts hiragana ``reading``s in 五十音 order: voiced and
    semi-voiced kana sort with their plain kana, small kana with the full
    ones, and a long-vowel mark as the vowel it lengthens.

    >>> sorted(["ぱす", "はい", "ばん", "はしのごうけい"], key=gojuon_key)
    ['はい', 'はしのごうけい', 'ぱす', 'ばん']
    >>> gojuon_key("どろー") == gojuon_key("とろお")
    True
    """
    reading = "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in reading)   # katakana as hiragana
    plain = unicodedata.normalize("NFD", reading)
    plain = "".join(c for c in plain if c not in "\u3099\u309a")
    plain = unicodedata.normalize("NFC", plain).translate(_SMALL)
    out = []
    for c in plain:
        if c == "ー" and out:
            c = _VOWEL.get(out[-1], out[-1])
        out.append(c)
    return "".join(out)


#: The vowel of each kana, for a long-vowel mark after it.
_VOWEL = {k: v for v, row in (("あ", "あかさたなはまやらわ"), ("い", "いきしちにひみり"), ("う", "うくすつぬふむゆる"),
                              ("え", "えけせてねへめれ"), ("お", "おこそとのほもよろを")) for k in row}


@functools.lru_cache(maxsize=None)
def _sources_digest() -> str:
    """A digest of every module of the generator and of the libraries whose
    output lands in the generated files: a change to any of them changes
    every page's cache key. Made once per process (the code it hashes is the
    code running); CairoSVG's version is read without importing it, which a
    build that renders nothing would otherwise pay for."""
    from importlib.metadata import version

    h = hashlib.sha256(f"cairosvg {version('cairosvg')}|jinja2 {jinja2.__version__}".encode())
    root = Path(__file__).resolve().parent
    for f in sorted([*root.rglob("*.py"), *root.rglob("*.po")]):     # the code and the message catalogs
        h.update(f.relative_to(root).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def _files_digest(h: "hashlib._Hash", root: Path, paths, catalog: Catalog) -> None:
    """Feed each file's name and bytes to ``h``; a file the catalog may not
    read (a link out of the rules folder) or cannot read counts by its name
    and what kept it out (the check reports it at its place)."""
    for f in paths:
        name = os.fsencode(f.relative_to(root).as_posix())
        try:
            data = f.read_bytes() if catalog.may_read(f) else b"\1outside"
        except OSError as exc:
            data = f"\1unreadable {exc.errno}".encode()
        h.update(name + b"\0" + data + b"\0")


def page_keys(catalog: Catalog, png: bool = True, with_stats: bool = True) -> dict[str, str]:
    """The cache key of each variant's generated files: a digest of the
    generator's code, the glossary, every variant's ``variant.yaml`` (pages
    compare variants with each other) and the variant's own folder
    (positions, figures). Editing one position changes only its variant's key."""
    rules = catalog.dir
    common = hashlib.sha256(f"{_sources_digest()}|png={png}|stats={with_stats}".encode())
    for folder in ([catalog.shipped] if catalog.shipped is not None else []) + [rules]:
        _files_digest(common, folder, sorted(p for p in folder.glob("*.y*ml") if p.is_file()), catalog)
    where = {vid: catalog.variant_path(vid) for vid in catalog.page_ids()}
    for vid, path in where.items():
        if path is not None and path.is_file():
            _files_digest(common, path.parent.parent, [path], catalog)
    keys = {}
    for vid, path in where.items():
        h = common.copy()
        folders = [path.parent if path is not None else rules / vid]
        try:                                # a house rule's page re-runs its ancestors' positions
            folders += [a.dir for a in catalog.variant(vid).ancestors()]
        except SourceError:
            pass
        for folder in folders:
            _files_digest(h, folder.parent, sorted(p for p in folder.rglob("*") if p.is_file()), catalog)
        keys[vid] = h.hexdigest()
    return keys


def _cache_get(cache_dir: Path | None, vid: str, key: str) -> dict[str, bytes] | None:
    """The files of ``vid`` stored under ``key`` in the page cache, or ``None``
    (no entry, another key, or an entry that fails its digest and is dropped:
    :func:`generator.cachefile.read_entry`)."""
    if cache_dir is None:
        return None
    payload = read_entry(Path(cache_dir) / f"{vid}.entry")
    if payload is None:
        return None
    try:
        stored_key, files = pickle.loads(payload)
    except (pickle.PickleError, EOFError, ValueError, TypeError, AttributeError, ImportError, IndexError):
        return None
    if stored_key != key or not isinstance(files, dict) or not all(
            isinstance(k, str) and isinstance(v, bytes) for k, v in files.items()):
        return None
    return files


def _cache_put(cache_dir: Path | None, vid: str, key: str, files: dict[str, bytes]) -> None:
    """Store the files of ``vid`` under ``key`` in the page cache, as a checked
    entry written atomically (a cache that cannot be written is only slower)."""
    if cache_dir is not None:
        write_entry(Path(cache_dir) / f"{vid}.entry", pickle.dumps((key, files), protocol=pickle.HIGHEST_PROTOCOL))


#: What each variant's page was last generated from, in this process: {vid: (key, files)}.
_MEMO: dict[str, tuple[str, dict[str, bytes]]] = {}


def generate(catalog: Catalog, png: bool = True, with_stats: bool = True,
             cache_dir: str | Path | None = None, stats: dict | None = None,
             only: set[str] | None = None, drafts: bool = True,
             progress: Callable[[int, int, str], None] | None = None) -> dict[str, bytes]:
    """Check the whole rules tree and produce every generated file (PNGs are
    left empty when ``png`` is false, for a quicker check; the simulated
    "by the numbers" sections are left out without ``with_stats``).

    A variant's page and diagrams are made again only when its cache key
    (:func:`page_keys`) changed since they were last made in this process or
    stored in ``cache_dir``; otherwise the stored files are used (they are
    byte-identical to what would be made). ``stats``, when given, counts
    ``{"made": [...], "reused": [...]}`` variant ids. ``only`` (a set of
    variant ids) makes the pages of those games alone, for ``rulebook check``
    (the files returned are then not a whole site). A draft game's page and
    card (``draft: true``) are checked and made like any other, under a
    banner saying it is a draft; with ``drafts`` false (a site to publish:
    ``mkdocs build``) they are left out of the files returned, as Material's
    blog plugin leaves out draft posts.

    A wrong number fails fast: once checking the positions found a
    problem, no game is simulated and no PNG is drawn (the pages are still
    made, for the problems only they show, then :class:`BuildError` is
    raised). Otherwise the figures still to simulate are made first, all
    games together; ``progress(done, total, vid)`` is called before the
    first (``done`` 0, ``vid`` "") and as each game's figures are ready.

    Raises :class:`BuildError` with every problem (nothing is produced then).
    """
    with catalog.run():
        return _generate(catalog, png, with_stats, cache_dir, stats, only, drafts, progress)


def _generate(catalog, png, with_stats, cache_dir, stats, only, drafts, progress) -> dict[str, bytes]:
    keys = page_keys(catalog, png, with_stats)
    reused: dict[str, dict[str, bytes]] = {}
    for vid, key in keys.items():
        memo = _MEMO.get(vid)
        hit = memo[1] if memo is not None and memo[0] == key else _cache_get(cache_dir, vid, key)
        if hit is not None:
            reused[vid] = hit
    rules = catalog.dir
    root = rules.resolve()
    paths = [p for p in sorted(rules.rglob("*")) if p.suffix.lower() in (".yaml", ".yml") and p.is_file()
             and not (p.relative_to(rules).parts[0] in reused and p.name != "variant.yaml")
             and (p.parent.resolve() == root or root in p.parent.resolve().parents)]
    local = set(catalog.variant_ids())
    for vid in catalog.page_ids():          # standard games with pages on this site
        if vid not in local and vid not in reused:
            paths += catalog.position_files(vid)
    good, errors = catalog.check_all(paths)
    errors = catalog.link_errors(folders_only=True) + errors
    # A game with a problem in its own files gets no page; the others' pages are still made (so
    # that every problem is reported at once), and the build then fails with all of them.
    broken = set()
    for e in errors:
        try:
            parts = Path(e.file).resolve().relative_to(root).parts
        except ValueError:
            continue
        if len(parts) >= 2:
            broken.add(parts[0])
    try:
        terms = catalog.glossary()
    except SourceError as exc:
        raise BuildError(errors + [exc]) from None
    glossary = {t["key"]: t for t in terms}
    files: dict[str, bytes] = {}
    for lang in LANGS:
        for key, icon in svg.legend_icons().items():
            files[f"{lang}/{GEN}/legend/{key}.svg"] = icon.encode("utf-8")
    ids = catalog.page_ids()
    order = listed_order(catalog)
    family, everyone = [], []
    for vid in order:
        if vid in broken:
            continue
        try:
            vdef = catalog.variant(vid)
        except SourceError as exc:
            if str(exc) not in {str(e) for e in errors}:
                errors.append(exc)
            continue
        if vdef.rules.family == "line" and not vdef.draft:
            family.append((vid, vdef.name, vdef.rules))
        if not vdef.draft:
            everyone.append((vid, vdef.name, vdef))
    for lang in LANGS:
        files[f"{lang}/{GEN}/family.md"] = overview_page(family, lang).encode("utf-8")
        files[f"{lang}/{GEN}/options.md"] = options_page(everyone, lang).encode("utf-8")
        files[f"{lang}/{GEN}/glossary.md"] = glossary_page(terms, lang, [v for _, _, v in everyone]).encode("utf-8")
    made: dict[str, dict[str, bytes]] = {}
    todo = []
    for vid in ids:
        if vid in broken or (only is not None and vid not in only) or vid in reused:
            continue
        try:
            todo.append(catalog.variant(vid))
        except SourceError:                 # reported above, with the family overview
            continue
    if errors:                              # the build fails: nothing to simulate or draw for it
        with_stats, png = False, False
    numbers_of = _simulated(todo, progress) if with_stats else {}
    for vid in ids:
        if vid in broken or (only is not None and vid not in only):
            continue
        if vid in reused:
            files.update(reused[vid])
            continue
        try:
            vdef = catalog.variant(vid)
        except SourceError:                 # reported above, with the family overview
            continue
        numbers = numbers_of.get(vid) if with_stats else None
        checked = {cp.position.id: cp for cp in good if cp.position.variant_id == vid}
        own: dict[str, bytes] = {}
        for lang in LANGS:
            try:
                md = variant_page(vdef, checked, glossary, lang, own, png, catalog, numbers)
            except SourceError as exc:
                errors.append(exc)
                continue
            # links to standard games this site has no page for (it only extends them) become words
            md = unlink_pages(md, set(catalog.shipped_ids()) - set(ids))
            data = md.encode("utf-8")
            if len(data) > MAX_PAGE_BYTES:
                errors.append(SourceError(vdef.src.file, 1, 1, f"the {lang} page of this game would be "
                                                               f"{len(data):,} bytes, more than {MAX_PAGE_BYTES:,}: "
                                                               f"its rule texts or examples are far too long"))
                continue
            missing = target_problems(vdef, md, lang, {**files, **own}, catalog.dir.parent / "docs")
            if missing:
                errors += missing
                continue
            own[f"{lang}/{GEN}/{vid}.md"] = data
            deal = _Page(vdef, {}, glossary, lang, {}, False, catalog).deal_table()
            card = card_page(vdef, deal, lang)
            if vdef.draft:                  # the banner under the card's title
                end = card.index("\n", card.index("\n# ") + 1) + 1
                card = f"{card[:end]}\n{draft_banner(lang)}{card[end:]}"
            own[f"{lang}/{GEN}/{card_name(vid)}.md"] = card.encode("utf-8")
        made[vid] = own
        files.update(own)
    if errors:
        raise BuildError(errors)
    if only is not None:                    # a partial run: nothing to remember as a whole site
        return dict(sorted(files.items()))
    for vid, own in made.items():
        _MEMO[vid] = (keys[vid], own)
        _cache_put(cache_dir, vid, keys[vid], own)
    for vid in reused:
        _MEMO[vid] = (keys[vid], reused[vid])
    if stats is not None:
        stats["made"], stats["reused"] = sorted(made), sorted(reused)
    if not drafts:                          # checked above; not published
        for vid in ids:
            own = made.get(vid) or reused.get(vid) or {}
            if own and catalog.variant(vid).draft:
                for name in own:
                    files.pop(name, None)
    return dict(sorted(files.items()))


def _simulated(vdefs: list[VariantDef], progress: Callable[[int, int, str], None] | None) -> dict[str, dict]:
    """The figures of ``vdefs`` by id (:func:`generator.stats.refresh`), the
    stale ones simulated together; ``progress`` as :func:`generate` says."""
    stale = {v.id for v in vdefs if not is_current(v)}
    done = 0

    def ready(vid: str) -> None:
        nonlocal done
        if vid in stale and progress is not None:
            done += 1
            progress(done, len(stale), vid)

    if stale and progress is not None:
        progress(0, len(stale), "")
    return refresh(vdefs, progress=ready)


def draft_banner(lang: str) -> str:
    """The notice at the top of a draft game's page and card (Markdown): only
    a preview (``mkdocs serve``) shows them; ``mkdocs build`` leaves them out."""
    ui = _UI[lang]
    return f'!!! warning "{ui["draft_title"]}"\n\n    {ui["draft_banner"]}\n'


def unlink_pages(md: str, ids: set[str]) -> str:
    """``md`` with every link to the page (or card) of one of the games
    ``ids`` replaced by its words: the standard games' texts link to each
    other, and a site that only extends them has no pages for most.

    >>> unlink_pages("As in [Block](block.md#scoring){ .x } and [Draw](draw.md).", {"block"})
    'As in Block and [Draw](draw.md).'
    """
    if not ids:
        return md
    names = "|".join(re.escape(i) for i in sorted(ids))
    link = re.compile(r"\[((?:\\.|[^\]\\])*)\]\((?:" + names + r")(?:-card)?\.md(?:#[^)\s]*)?\)(?:\{[^}\n]*\})?")
    return link.sub(lambda m: m.group(1), md)


def listed_order(catalog: Catalog) -> list[str]:
    """The games of the site's menu and tables in the site's order: the rules
    folder's own games first, then the standard games shipped with the
    package; each part in the order of :data:`~generator.variants.SITE_ORDER`,
    then by id."""
    listed = catalog.listed_ids()
    local = set(catalog.variant_ids())
    out = []
    for part in ([v for v in listed if v in local], [v for v in listed if v not in local]):
        out += [v for v in SITE_ORDER if v in part] + [v for v in part if v not in SITE_ORDER]
    return out


def games_list(catalog: Catalog, lang: str, to_gen: str = f"{GEN}/") -> str:
    """Markdown of a list of the site's games in ``lang`` (the games of the
    menu, drafts and games that cannot be loaded left out), each linked to
    its page (``to_gen``: the generated pages' folder seen from the page the
    list goes on); a house rule says which game it changes. It stands where
    a home page writes ``<!-- rulebook:games -->``."""
    ui = _UI[lang]
    lines = []
    for vid in listed_order(catalog):
        try:
            v = catalog.variant(vid)
        except SourceError:
            continue
        if v.draft:
            continue
        line = f"- [{escape_link_text(v.name[lang])}]({to_gen}{vid}.md)"
        if v.parent is not None:
            about = _esc(ui["games_house_rule"].format(parent=v.parent.name[lang]))
            line += f"（{about}）" if lang == "ja" else f" ({about})"
        own = v.src.data.get("summary") if isinstance(v.src.data, dict) else None
        if isinstance(own, dict) and isinstance(own.get(lang), str):   # a house rule's own, or a game's
            line += ui["games_about_sep"] + _esc(first_sentence(own[lang], lang))
        lines.append(line)
    return "\n".join(lines) + "\n" if lines else _esc(ui["games_none"]) + "\n"


def first_sentence(text: str, lang: str) -> str:
    """The first sentence of ``text`` (a game's summary), for a list of games.

    >>> first_sentence("The basic game. Join tiles.", "en"), first_sentence("基本のゲームです。引きます。", "ja")
    ('The basic game.', '基本のゲームです。')
    """
    text = " ".join(text.split())
    end = text.find("。") + 1 if lang == "ja" else next((i + 1 for i, c in enumerate(text) if c in ".!?"
                                                         and (i + 1 == len(text) or text[i + 1] == " ")), 0)
    return text[:end] if end > 0 else text


def write_tree(files: dict[str, bytes], root: str | Path, prefixes: tuple[str, ...]) -> int:
    """Write ``files`` under ``root``: only changed files are rewritten (each
    atomically), and files under ``prefixes`` that are not in ``files`` are
    removed. A file already there is read and compared, so one damaged since
    it was written is written again. Returns how many files were written;
    raises :class:`OSError` when one cannot be (a full disk)."""
    root = Path(root)
    written = 0
    for rel, data in files.items():
        target = root / rel
        if target.exists() and target.read_bytes() == data:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, data)
        written += 1
    for prefix in prefixes:
        base = root / prefix
        if not base.exists():
            continue
        for path in sorted(base.rglob("*"), reverse=True):
            rel = path.relative_to(root).as_posix()
            if path.is_file() and rel not in files:
                path.unlink()
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    return written
