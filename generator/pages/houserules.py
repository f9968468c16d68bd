"""The parts of a house rule's page (a game that ``extends:`` another): what
differs from the parent, the parent's worked examples re-run under the house
rule, and its "by the numbers" beside the parent's. Every part is generated
from the two games' params and rule choices and from the engine; nothing is
written per game.

The fixed contract (``docs/en/authoring.md#fixed-contract``, "House rules") fixes
the differences table and the parent's name on the page; the rest is ours.
"""

from __future__ import annotations

import dataclasses
import json
import re

from .describe import T as _DESCRIBE, end_name, play_words
from ..engine.choices import CHOICES, INFO
from ..engine.family import families, family_of
from ..base.i18n import messages, plural, tables
from ..safety.sanitize import escape_cell, escape_link_text
from ..sim.stats import columns
from .comparison import set_words
from ..engine.reasons import Reason
from ..engine.tiles import End, NotationError, Tile
from ..model.catalog import Catalog, VariantDef
from ..model.kinds import GameOver, compare, evaluate, outcome_json, parse_position
from ..model.yamlsrc import SourceError, SourceErrors, load
from ..engine.rules import make_variant

__all__ = ["param_title", "param_words", "differences", "differences_section", "rerun_parent_positions", "rerun_section", "inherited_section",
           "stats_beside_parent"]

#: Where a parent's page usually explains each param every game takes: section ids, most likely first.
#: (A rule choice's are in its declaration, :attr:`~generator.engine.choices.Choice.sections`; a
#: family's own param's in :attr:`~generator.engine.family.Family.param_sections`.)
_PARAM_SECTIONS = {
    "set": ("players-and-tiles",), "players": ("players-and-tiles",), "partnerships": ("players-and-tiles",),
    "deal": ("players-and-tiles",), "stock_reserve": ("drawing-and-passing", "drawing", "players-and-tiles"),
    "target": ("game-end", "the-game", "winning", "match-result", "marks"),
    "point_unit": ("scoring-placements", "scoring", "scoring-in-play", "players-and-tiles"),
}

_T = tables("house")

#: (Words for the stated values a re-run compares: the message catalog's ``house-value`` context.)


_esc = escape_cell


def param_title(key: str, layout: str, lang: str) -> str:
    """A param's name in ``lang`` as a game of the family ``layout`` uses it
    (the catalog's ``param`` message ``KEY.FAMILY`` where the family counts it
    in its own unit, as a game of tricks counts its target in marks)."""
    words = messages("param", lang)
    return words.get(f"{key}.{layout}") or words.get(key, key)


def param_words(key: str, value, lang: str, unit: str = "point") -> str:
    """A param's value in players' words (a dash for a param the game does
    not have: a house rule that changes its game's layout adds params).
    ``unit`` is what the game's ``target`` counts (its family's
    :attr:`~generator.engine.family.Family.target_unit`: points, or marks in a
    game of tricks)."""
    t = _T[lang]
    owner = next((f for f in families() if key in f.own_params), None)
    own = owner.param_words(key, value, lang) if owner is not None else None
    if own is not None:                         # a param of one family's games, in its words
        return own
    if value is None and key != "target":       # (no target: the game is one hand)
        return "—"
    if key == "set":
        return set_words(value, lang)
    if key == "deal":
        return _T[lang]["list_sep"].join(t["each"].format(n=n, k=k) for n, k in sorted(value.items()))
    if key == "partnerships":
        if not value:
            return t["nobody"]
        return t["list_sep"].join(t["partnership_each"].format(n=n) for n in value)
    if key == "players":
        if not value:                           # (a game played only in partnerships)
            return _T[lang]["players_none"]
        return ", ".join(map(str, value)) + _T[lang]["players_suffix"]
    if key == "target":
        return t["one_hand"] if value is None else t["first_to"].format(amount=plural(lang, unit, value))
    if key == "stock_reserve":
        return t["kept"].format(n=value) if value else t["nobody"]
    if key == "point_unit":
        return plural(lang, "pip-unit", value)
    return str(value)


def differences(child: VariantDef) -> list[tuple[str, str, str]]:
    """``(key, parent's value, this value)`` for every param and rule choice
    in which ``child`` differs from its parent (params first, in the
    schema's order; then choices in :data:`CHOICES` order)."""
    parent = child.parent
    out = []
    for k in dict.fromkeys(list(parent.params) + list(child.params)):
        a, b = parent.params.get(k), child.params.get(k)
        if a != b:
            out.append((k, a, b))
    for info in CHOICES:
        a, b = getattr(parent.choices, info.key), getattr(child.choices, info.key)
        if a != b:
            out.append((info.key, a, b))
    return out


def section_page(game: VariantDef, sid: str) -> str:
    """The id of the page that shows ``game``'s section ``sid``: ``game``'s own
    page, or (for a section a house rule inherits) the nearest ancestor that
    wrote it."""
    for v in [game, *game.ancestors()]:
        mine = [sec["id"] for _, sec in v.own_sections] if v.parent is not None else [sec["id"] for sec in v.sections]
        if sid in mine:
            return v.id
    return game.id


def _sections(key: str) -> tuple[str, ...]:
    """Where a page usually explains the param or rule choice ``key``: its
    section ids, most likely first (none known: empty)."""
    if key in INFO:
        return INFO[key].sections
    own = next((f.param_sections[key] for f in families() if key in f.param_sections), None)
    return own if own is not None else _PARAM_SECTIONS.get(key, ())


def _section_of(parent: VariantDef, key: str) -> str | None:
    """The id of the section of ``parent``'s page that explains ``key`` (``None``: none of them)."""
    ids = [s["id"] for s in parent.sections]
    return next((sid for sid in _sections(key) if sid in ids), None)


def summary_line(child: VariantDef, lang: str) -> str:
    """The opening line of a house rule that wrote no summary of its own:
    what it is, in words (the parent's summary would describe the parent):
    the table of its differences below, or, where it changes no param or
    rule choice (:func:`differences`: none), that it is played as its parent."""
    parent = child.parent
    key = "summary_line" if differences(child) else "summary_line_same"
    return _T[lang][key].format(parent=_esc(parent.name[lang]))


def differences_section(child: VariantDef, lang: str) -> str:
    """The "differences from <parent>" section: one row per changed param or
    choice, the parent's value (linked to the parent's section on it) beside
    this one, in players' words; with no such change, one sentence instead
    (its own sections the only difference, or none at all)."""
    parent, t = child.parent, _T[lang]
    pname = parent.name[lang]
    head = f"## {_esc(t['diff'].format(parent=pname))} {{ #differences }}\n"
    rows = differences(child)
    if not rows:                            # only its text differs, or nothing at all (`rulebook check` warns)
        key = "none_changed" if child.own_sections else "none_changed_at_all"
        return head + "\n" + _esc(t[key].format(parent=pname)) + "\n"
    lines = [t["diff_intro"].format(parent=_esc(pname), pid=parent.id), "",
             f"| {t['rule']} | {_esc(pname)} | {_esc(child.name[lang])} |", "|---|---|---|"]
    for key, a, b in rows:
        if key == "lead":                   # who sets, qualified by the game (the card's words)
            title = INFO[key].title[lang]
            wa, wb = (_lead_words(g, lang) for g in (parent, child))
        elif key in INFO:
            title = INFO[key].title[lang]
            wa = INFO[key].words(a, lang, parent.params.get("point_unit", 1))
            wb = INFO[key].words(b, lang, child.params.get("point_unit", 1))
        else:
            title = param_title(key, child.choices.layout, lang)
            wa = param_words(key, a, lang, family_of(parent.choices.layout).target_unit_of(parent.params))
            wb = param_words(key, b, lang, family_of(child.choices.layout).target_unit_of(child.params))
        sid = _section_of(parent, key)
        link = f"{section_page(parent, sid)}.md#{sid}" if sid else f"{parent.id}.md"
        lines.append(f"| {_esc(title)} | [{escape_link_text(wa, cell=True)}]({link}) | **{_esc(wb)}** |")
    return head + "\n" + "\n".join(lines) + "\n"


def _lead_words(game: VariantDef, lang: str) -> str:
    """Who sets the first tile of ``game``, in the words its card uses (its
    family's, where it has its own: a line game names the set tile and says
    when the rule holds), else the options page's words for its ``lead``."""
    rules = game.rules
    own = family_of(rules.choices.layout).card_words("lead", rules, lang)
    return own if own is not None else INFO["lead"].words(rules.choices.lead, lang, rules.params.point_unit)


def inherited_section(child: VariantDef, lang: str) -> str:
    """Links to the parent's sections this game did not rewrite (their
    numbers hold as they are where no param or rule choice differs)."""
    parent, t = child.parent, _T[lang]
    mine = {sec["id"] for _, sec in child.own_sections}
    rest = [s for s in parent.sections if s["id"] not in mine]
    if not rest:
        return ""
    pname = parent.name[lang]
    intro = "as_parent_intro" if differences(child) else "as_parent_intro_same"    # no changes above to alter
    items = "\n".join(f"- [{escape_link_text(s['title'][lang])}]({section_page(parent, s['id'])}.md#{s['id']})" for s in rest)
    return (f"## {_esc(t['as_parent'].format(parent=pname))} {{ #as-parent }}\n\n"
            f"{t[intro].format(parent=_esc(pname), pid=parent.id)}\n\n{items}\n")


_DIFF = re.compile(r"^(?:(step|move) (\d+) \([^)]*\) )?(\w+): stated (.*?), the engine computes (.*?)(?: \(.*\))?$")


def rerun_parent_positions(catalog: Catalog, child: VariantDef) -> list[dict]:
    """The parent's positions run again under ``child``'s rules, in file
    order: ``{"id", "title" ({ja, en} or None), "status"}`` where status is
    ``"holds"``, ``"changes"`` (with ``"changes"``: ``(where, key, stated,
    now)`` tuples: where is ``("step"|"move", n)`` or ``None``; for key
    ``"stops"`` or ``""`` (a problem that is no difference), ``now`` is the
    :class:`~generator.engine.reasons.Reason` or ``None``) or
    ``"unplayable"`` (with ``"reason"``, the
    :class:`~generator.engine.reasons.Reason` the engine gave, or ``None``:
    its moves do not fit)."""
    out = []
    # the house rule's rules under the parent's id, so that the rule ids the parent's
    # positions name (`reject: all-fives/matching`) are the ones these rules raise
    rules = make_variant(child.rules.params, child.choices, child.parent.id)
    for path in catalog.position_files(child.parent.id):
        if not catalog.may_read(path):      # refused where the parent's positions are checked
            continue
        src = load(path)
        item = {"id": path.stem, "title": src.data.get("title") if isinstance(src.data, dict) else None}
        try:
            pos = parse_position(src, rules)
            before = getattr(pos, "scores", None) or {}
            target = rules.params.target
            if target is not None and any(v >= target for v in before.values()):
                item.update(status="unplayable", reason=_PAST_TARGET)
                out.append(item)
                continue
            if pos.kind == "practice":      # a question: is its answer still the best?
                now = [o.text for o in evaluate(pos, rules).best]
                theirs = evaluate(parse_position(src, child.parent.rules), child.parent.rules)
                was = [o.text for o in theirs.best]
                family = family_of(rules.family)
                if sorted(_same_play(p, family) for p in now) == sorted(_same_play(p, family) for p in was):
                    item["status"] = "holds"
                else:
                    # the plays are named as the parent's page draws its table
                    sides = family.table_sides(theirs.table)
                    item.update(status="changes", changes=[(None, "best", json.dumps(was), json.dumps(now))],
                                sides=sides)
                out.append(item)
                continue
            outcome = evaluate(pos, rules)
            changes = _arm_changes(_changes(compare(outcome), src), src, pos, outcome)
        except SourceError as exc:
            first = exc.errors[0] if isinstance(exc, SourceErrors) else exc
            reason = first.reason
            if isinstance(first, GameOver):     # the house rule's target is reached before the hand
                item.update(status="unplayable", reason=_PAST_TARGET)
            elif reason is not None and reason.kind == "other-rule":    # still refused, for another reason
                item.update(status="changes", changes=[(reason.at, "refused", reason.stated_name, reason.rule_name)])
            else:
                before = _changes_before(src, rules, reason)
                if before:                  # what changed first, then where the example stops
                    item.update(status="changes", changes=before)
                else:
                    item.update(status="unplayable", reason=_no_arms(reason, src) or reason)
        else:
            if not changes:
                item["status"] = "holds"
            else:
                item.update(status="changes", changes=changes)
        if item["status"] == "changes":
            sides = _open_sides(item["changes"], src, rules, child.parent.rules)
            if sides:
                item["open_sides"] = sides
        out.append(item)
    return out


def _open_sides(changes: list[tuple], src, rules, parent_rules) -> dict:
    """For each change of the open ends at a place of an example (key
    ``open``, at ``("step"|"move", n)``): ``(stated, now)``, where the
    doubles' sides face in the table after place ``n`` as the parent's rules
    play it (the drawing on the parent's page) and as ``rules`` do
    (:meth:`~generator.engine.family.Family.table_sides`), so that the page
    names them as its diagrams do ("the left-hand side", "the upper side
    branch"). Empty where the family's places have names of their own."""
    out = {}
    for where, key, _stated, _now in changes:
        if key != "open" or where is None or where in out:
            continue
        out[where] = (_sides_after(src, parent_rules, where), _sides_after(src, rules, where))
    return out


def _sides_after(src, rules, where: tuple[str, int]) -> dict:
    """Where the doubles' sides face in the table an example's first ``n``
    places (``where``: ``("step"|"move", n)``) give under ``rules``, as its
    family draws it; empty when those places cannot be played or the family
    draws no directions."""
    name, n = where
    key = next((k for k, w in _places().items() if w == name and isinstance(src.data.get(k), list)), None)
    if key is None:
        return {}
    try:
        head = parse_position(dataclasses.replace(src, data={**src.data, key: src.data[key][:n]}), rules)
        outcome = evaluate(head, rules)
    except SourceError:
        return {}
    tables = [p.layout for p in getattr(outcome, "placements", None) or ()] or \
        [e.placement.layout for e in getattr(outcome, "events", None) or () if getattr(e, "placement", None)]
    return family_of(rules.family).table_sides(tables[-1]) if tables else {}


#: The reason an example stated as past its game's target gives (its own rule's words).
_PAST_TARGET = Reason("rule", rule="x/past-target")


def _named_arms(data) -> set[str]:
    """Every arm a tree position's data names: the keys of an ``arms``
    mapping (laid or stated), the items of ``must_fill`` and ``answer``, a
    move's ``arm`` and the arm of a play written ``TILE on ARM``."""
    named: set[str] = set()

    def walk(x, key=None):
        if isinstance(x, dict):
            for k, v in x.items():
                if key == "arms":
                    named.add(str(k))
                walk(v, k)
        elif isinstance(x, list):
            for v in x:
                if key in ("must_fill", "answer") and isinstance(v, str):
                    named.add(v)
                walk(v, key)
        elif isinstance(x, str):
            m = _PLAY_ON.match(x.strip())
            if m:
                named.add(m.group(2))
            elif key == "arm":
                named.add(x)
    walk(data)
    return named


def _no_arms(reason: Reason | None, src) -> Reason | None:
    """When ``reason`` names places the table does not have (a tree's arm:
    its ``places`` and the table's, ``have``): every main arm (``e``, not
    the toe ``e1``) the parent's example names that this table lacks, as
    one reason of kind ``no-arm`` (the engine stops at the first); else
    ``None``. A cross (arms a to d) re-running a Chicken Foot example laid
    on arms a to f: ``e`` and ``f``."""
    if reason is None or not reason.places or not reason.have or not isinstance(src.data, dict):
        return None
    missing = sorted({a.rstrip("0123456789") for a in _named_arms(src.data)} - set(reason.have))
    missing = [a for a in missing if a.isalpha()] or [reason.places[0]]
    return Reason("no-arm", places=tuple(missing), have=reason.have)


def _arm_changes(changes: list[tuple], src, pos, outcome) -> list[tuple]:
    """``changes`` with the sentences of arms the table lacks made one,
    naming every such arm (:func:`_no_arms`), in the first one's place; and
    where the example asks where a player may play and its answer names
    such an arm, the answer as stated and as computed here (key ``answer``)."""
    lacking = [c for c in changes if not c[1] and c[3] is not None and c[3].places]
    if not lacking:
        return changes
    whole = _no_arms(lacking[0][3], src) or lacking[0][3]
    out, said = [], False
    for c in changes:
        if c in lacking:
            if not said:
                answer = getattr(pos, "answer", None)
                if getattr(pos, "question", None) and answer is not None and hasattr(outcome, "round"):
                    now = outcome_json(pos.file, pos.variant_id, outcome)["practice"]["best"]
                    out.append((None, "answer", json.dumps(list(answer)), json.dumps(now)))
                out.append((None, "", "", whole))
                said = True
            continue
        out.append(c)
    return out


def _changes(problems, src=None) -> list[tuple]:
    """``(where, key, stated, now)`` for each difference :func:`compare` found.
    A difference the line family words as ``step 2 (...) points: stated ...``
    is read from its words; any other family's (``the trick's winner: stated
    ...``, ``arm e: stated ...``) from the key of ``src`` (the position's
    :class:`~generator.model.yamlsrc.Source`) the error points at, so that the
    page names it in the reader's words (:func:`_key_words`). A problem that
    is no difference (an arm the table lacks) keeps its reason (or ``None``), as key ``""``."""
    changes = []
    for e in problems:
        m = _DIFF.match(e.message)
        path = _located(e, src)
        key_where = _path_key(path) if path else None
        if m and (m.group(1) or key_where is None):
            kind, n, key, stated, now = m.groups()
            changes.append(((kind, int(n)) if kind else None, key, stated, now))
            continue
        m = _ANY_DIFF.match(e.message)
        if m and key_where:
            key, where = key_where
            changes.append((where, key, m.group(1), m.group(2)))
        else:
            changes.append((None, "", "", e.reason))
    return changes


#: A stated value that differs, in any family's words: ``LABEL: stated X, the engine computes Y ( DETAIL)``
#: (:func:`generator.model.compare.stated_diff`).
_ANY_DIFF = re.compile(r"^.*?: stated (.*?), the engine computes (.*?)(?: \(.*\))?$", re.S)


def _places() -> dict[str, str]:
    """The lists of a position file whose items are the places of an example
    (list key -> the place's word in the ``house`` messages), as the families
    declare them (:attr:`~generator.engine.family.Family.example_places`)."""
    return {key: word for f in families() for key, word in f.example_places.items()}


def _located(e, src) -> tuple | None:
    """The path of the key of ``src`` that the error ``e`` points at (``None``: no key there)."""
    if src is None:
        return None
    return next((path for path, mark in src.key_marks.items() if tuple(mark) == (e.line, e.col)), None)


def _path_key(path: tuple) -> tuple[str, tuple | None] | None:
    """``(key, where)`` of the stated value at ``path``: the innermost key the
    message catalog's ``house-value`` context words (``marks.winner``, the
    game's winner, before ``winner``, a trick's; ``arms:e`` for the arm ``e``
    of ``arms``), and the place in the example (``("trick", 3)``) or ``None``.
    A key is worded first in the scope of the places it is in (``trick.winner``
    inside a list of tricks), then of the file's top key, then alone."""
    words = messages("house-value", "en")
    places = _places()
    where = None
    scopes = []
    for i, part in enumerate(path[:-1]):
        if part in places and isinstance(path[i + 1], int):
            where = (places[part], path[i + 1] + 1)
            scopes.insert(0, places[part])
    scopes.append(str(path[0]))
    for i in range(len(path) - 1, -1, -1):
        part = path[i]
        if not isinstance(part, str):
            continue
        for key in [f"{scope}.{part}" for scope in scopes] + [part]:
            if key in words:
                name = path[i + 1] if i + 1 < len(path) and isinstance(path[i + 1], str) else None
                return (f"{key}:{name}" if name else key), where
    return None


def _changes_before(src, rules, reason: Reason | None) -> list[tuple]:
    """When a parent's example of moves stops at move (or step) ``n > 1``
    under the house rule (``reason.at``): the changes its first ``n - 1``
    moves show, then ``(("move", n), "stops", "", reason)``. Empty when the
    example cannot be played from its start, or the first moves change
    nothing (the stop itself is then the only news)."""
    if reason is None or reason.at is None or reason.at[1] < 2:
        return []
    where, n = reason.at
    if not isinstance(src.data, dict):
        return []
    key = next((k for k, w in _places().items() if w == where and isinstance(src.data.get(k), list)), None)
    if key is None:
        return []
    try:
        head = parse_position(dataclasses.replace(src, data={**src.data, key: src.data[key][:n - 1]}), rules)
        # the moves' own changes (what a shortened example ends with is not the example's end)
        changes = [c for c in _changes(compare(evaluate(head, rules)), src) if c[0] is not None]
    except SourceError:
        return []
    return changes + [((where, n), "stops", "", reason)] if changes else []


def _same_play(text: str, family) -> tuple:
    """A play text of ``family``'s practice answers as a key that two games
    share: a double with no choice of how it lies is laid crosswise (the only
    other way, ``doubles: cross``)."""
    play = family.read_play(text)
    as_ = play.as_ or ("cross" if play.tile.is_double else None)
    return str(play.tile), str(play.at), as_, play.touch


def _result_words(r: dict, child: VariantDef, lang: str) -> str:
    """What the re-run of one parent's example found, in the reader's words
    (each distinct part once)."""
    t = _T[lang]
    if r["status"] == "holds":
        return t["holds"]
    if r["status"] == "unplayable":
        return _esc(_why_not(r["reason"], lang, child))
    parts = []
    for where, key, stated, now in r["changes"]:
        at = t[where[0]].format(n=where[1]) if where else ""
        if key == "best":
            label = messages("house-value", lang).get(key, key)
            read = family_of(child.rules.family).read_play
            words = [[play_words(read(p), lang, r.get("sides")) for p in json.loads(v)]
                     for v in (stated, now)]
            parts.append(f"{_esc(label)} {_esc(t['list_sep'].join(words[0]))} → "
                         f"**{_esc(t['list_sep'].join(words[1]))}**")
        elif key == "stops":
            parts.append(t["stops"].format(at=_esc(at), why=_esc(_why_not(now, lang, child, here=True))))
        elif key == "refused":
            parts.append(t["refused"].format(at=_esc(at), now=_esc(_rule_words(now, lang)),
                                             was=_esc(_rule_words(stated, lang))).strip())
        elif stated:
            label = _key_words(key, lang, child)
            was_sides, now_sides = r.get("open_sides", {}).get(where, (None, None))
            parts.append(f"{_esc(f'{at} {label}'.strip())} {_esc(_value(stated, lang, key, child, was_sides))} → "
                         f"**{_esc(_value(now, lang, key, child, now_sides))}**")
        else:
            parts.append(_esc(_reason(now, lang, child)))
    return t["changes"] + t["list_sep"].join(dict.fromkeys(parts))


def rerun_section(results: list[dict], child: VariantDef, lang: str) -> str:
    """The table of :func:`rerun_parent_positions` in ``lang``: one row per
    result, the parent's examples with the same result named together in one
    row (a result is never said twice)."""
    if not results:
        return ""
    parent, t = child.parent, _T[lang]
    pname = parent.name[lang]
    lines = [f"## {_esc(t['rerun'].format(parent=pname))} {{ #parent-examples }}", "",
             t["rerun_intro"].format(parent=_esc(pname), pid=parent.id), "",
             f"| {t['example']} | {t['result']} |", "|---|---|"]
    rows: dict[str, list[str]] = {}         # result -> the examples' names, in file order
    for r in results:
        title = (r["title"] or {}).get(lang) if isinstance(r["title"], dict) else None
        what = _result_words(r, child, lang).replace(chr(10), " ")
        rows.setdefault(what, []).append(_esc(title or r["id"]))
    for what, names in rows.items():
        lines.append(f"| {t['name_sep'].join(names)} | {what} |")
    return "\n".join(lines) + "\n"


def _key_words(key: str, lang: str, child: VariantDef) -> str:
    """A stated value's key (``points``, ``marks.winner``) in the reader's
    words (the message catalog's ``house-value`` context); one naming a place
    of the table (``arms:e``, the arm e) as the family names that place."""
    key, _, name = key.partition(":")
    if name:
        return family_of(child.choices.layout).place_name(name, lang)
    return messages("house-value", lang).get(key, key)


def stats_beside_parent(data: dict, parent_data: dict, child: VariantDef, lang: str) -> str:
    """The house rule's simulated figures beside its parent's, per table."""
    t = _T[lang]
    pname = child.parent.name[lang]
    theirs = {(r["players"], r["partners"]): r for r in parent_data["results"]}
    c = columns(child.rules, lang, [r for r in data["results"] if (r["players"], r["partners"]) in theirs])
    rows = [f"| {c['players']} | {c['per_game']} | {c['points']} | {c['tiles']} | {c['block']} | {c['first']} |",
            "|---|---:|---:|---:|---:|---:|"]
    for r in data["results"]:
        o = theirs.get((r["players"], r["partners"]))
        if o is None:
            continue
        who = (t["pairs"] if r["partners"] else t["solo"]).format(n=r["players"])

        def pair(key, fmt, scale=1.0):
            return f"{fmt.format(scale * _val(r, key))} / {fmt.format(scale * _val(o, key))}"

        rows.append(f"| {who} | {pair('hands_per_game', '{:.2f}')} | {pair('points_per_hand', '{:.1f}')} | "
                    f"{pair('tiles_per_hand', '{:.1f}')} | {pair('block_rate', '{:.1f}%', 100)} | "
                    f"{pair('first_player_wins', '{:.1f}%', 100)} |")
    if len(rows) == 2:
        return ""
    return (f"### {_esc(t['numbers'].format(parent=pname))} {{ #beside-parent }}\n\n"
            f"{_esc(t['numbers_intro'].format(parent=pname))}\n\n" + "\n".join(rows) + "\n")


def _val(r: dict, key: str) -> float:
    v = r[key]
    return v["mean"] if isinstance(v, dict) else v



def _rule_words(key: str, lang: str, default: str | None = None) -> str | None:
    """A rule id's last part (``matching``) in words; ``default`` (the key
    itself unless given) when no words are known for it."""
    words = messages("rule", lang).get(key)
    if words:
        return words
    return key if default is None else default


def _why_not(reason: Reason | None, lang: str, child: VariantDef | None = None, here: bool = False) -> str:
    """Why a parent's example cannot be followed to its end, headed by what
    that means: "no longer possible" for a move these rules refuse, but a
    move the parent refused that these rules allow (kind ``now-allowed``)
    makes the example go otherwise, not impossible ("no longer goes as
    written"). With ``here`` the place was just named ("step 5: ..."), and
    the reason does not name it again."""
    t = _T[lang]
    if reason is not None and reason.kind == "now-allowed":
        said = t["now_allowed_here"] if here else t["now_allowed"]
        at = t[reason.at[0]].format(n=reason.at[1]) if reason.at else ""
        return t["not_as_written"] + said.format(at=at, was=_rule_words(reason.stated_name, lang))
    return t["unplayable"] + _reason(reason, lang, child)


def _reason(reason: Reason | None, lang: str, child: VariantDef | None = None) -> str:
    """Why a parent's example cannot be played, in words, from the fields of
    ``reason`` (a :class:`~generator.engine.reasons.Reason`; ``None``: none
    known): a play the parent refused that these rules allow; the rule it
    meets (where the catalog has words for it); or the rule choice of this
    game it goes against (the doubles may not be trumps); or what of its
    setup does not fit: its tiles are not in this game's set (a double-nine
    example under a double-six game), it names an arm this table does not
    have, its deal does not fit the deal sizes; or, without any of these,
    that its moves do not fit."""
    t = _T[lang]
    if reason is None:
        return t["moves_misfit"]
    if reason.kind == "now-allowed":
        at = t[reason.at[0]].format(n=reason.at[1]) if reason.at else ""
        return t["now_allowed"].format(at=at, was=_rule_words(reason.stated_name, lang))
    words = _rule_words(reason.rule_name, lang, "") if reason.rule else ""
    if words:
        return words
    if reason.choice in INFO and reason.value in INFO[reason.choice].values:
        info = INFO[reason.choice]              # a rule choice of this game that the example breaks
        return t["against_choice"].format(rule=info.title[lang], words=info.words(reason.value, lang))
    if reason.kind == "tile-not-in-set":
        top = child.rules.params.set if child is not None else reason.top
        names = messages("set-name", lang)
        return t["not_in_set"].format(set=names.get(str(top)) or names["other"].format(top=top))
    if reason.places:
        names = list(reason.places)
        if child is not None:
            names = [family_of(child.choices.layout).place_name(n, lang) for n in names]
        arm = names[0] if len(names) == 1 else t["arm_sep"].join(names[:-1]) + t["arm_last_sep"] + names[-1]
        return t["no_arm"].format(arm=arm)
    if reason.kind == "deal":
        return t["deal_misfit"]
    return t["moves_misfit"]


#: A tile in an engine's value (``"2-9"``), or a play of one on a place (``"2-9 on b"``).
_TILE = re.compile(r"\b(\d+)-(\d+)\b")
_PLAY_ON = re.compile(r"^(\d+-\d+) on (\w+)$")


def _open_end(end, lang: str, sides: dict | None = None) -> str:
    """An open end in words: a double's side as the drawing of its table faces it (``sides``, as
    :meth:`~generator.engine.family.Family.table_sides` gives them: ``[6|6] (upper side branch)``,
    the words of the game pages' diagrams); without the drawing's direction for it, only whether it
    is a straight side or a side branch (no letters of the position files); any other tile's end as
    its low or high end (``[1|4] (high end)``)."""
    if not end.tile.is_double or (sides and end in sides):
        return end_name(end, lang, sides=sides or None)
    word = _DESCRIBE[lang]["branch_none" if end.side.startswith("side-") else "corner_any"
                           if end.side.startswith("corner-") else "straight_any"]
    return _DESCRIBE[lang]["end_name"].format(tile=end.tile.label, side=word, extra="")


def _value(text: str, lang: str, key: str = "", child: VariantDef | None = None, sides: dict | None = None) -> str:
    """A stated or computed value (JSON) in words: ``{"A": 6}`` -> ``A 6``,
    ``["A", "B"]`` -> ``A, B``, ``[]`` or ``null`` -> none (or the key's own
    words for none, the message catalog's ``house-none`` context: no winner
    yet), ``true``/``false`` -> yes/no (a bid made or set), an ``end`` in
    words, open ends (``open``) as the game page names them (``[6|6] (upper side branch)``, the
    doubles' sides facing as ``sides`` says, :func:`_open_end`), in tile order;
    a tile as ``child``'s pages write it (its family's
    :meth:`~generator.engine.family.Family.tile_name`), a play on a place of
    the table in words (``[2|9] on arm b``)."""
    t = _T[lang]
    try:
        v = json.loads(text)
    except ValueError:
        return text
    key = key.partition(":")[0]
    if key == "end":
        return messages("hand-end", lang).get(v if v is not None else "none", str(v))
    if v is None or v == [] or v == {}:
        return messages("house-none", lang).get(key, t["nobody"])
    if isinstance(v, bool):
        return messages("house-none", lang).get(f"{key}.{str(v).lower()}", t["yes" if v else "no"])

    def one(x) -> str:
        text = str(x)
        if child is None or not isinstance(x, str):
            return text
        family = family_of(child.choices.layout)
        play = _PLAY_ON.match(text)
        if play:                            # a play as the engine lists it: "2-9 on b"
            return t["play_on"].format(tile=one(play.group(1)), where=family.place_name(play.group(2), lang))
        return _TILE.sub(lambda m: family.tile_name(Tile(int(m.group(1)), int(m.group(2)))), text)

    if key == "open" and isinstance(v, list):   # open ends, as the game's page names them, in the order of its tiles
        try:
            ends = sorted((End.parse(x) for x in v), key=lambda e: e.sort_key)
        except (NotationError, TypeError):
            ends = None
        if ends is not None:
            return ", ".join(_open_end(e, lang, sides) for e in ends)    # (as every list of this table: "、" parts its changes)
    if isinstance(v, dict):
        return ", ".join(f"{k} {one(x)}" for k, x in v.items())
    if isinstance(v, list):
        return ", ".join(map(one, v))
    return one(v)
