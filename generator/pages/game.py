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
import html
import os
import re
from pathlib import Path

import jinja2
import jinja2.compiler
import jinja2.sandbox

from ..safety import hooks, sanitize
from ..draw import svg
from .card import card_name
from ..engine.family import family_of
from .comparison import comparison_table
from . import houserules
from ..sim.stats import figures
from ..sim.stats import section as stats_section
from ..base.i18n import tables
from ..safety.sanitize import escape_cell, escape_link_text, escape_md
from ..model import Catalog, CheckedPosition, SourceError, VariantDef
from ..model.catalog import RESERVED_SECTIONS
from ..model.yamlsrc import bad_character

from ..safety.sandbox import Budget, Sandbox, bounded_output, template_line

__all__ = ["variant_page", "target_problems", "deal_table", "draft_banner", "MAX_PAGE_BYTES", "GEN"]

#: Folder, inside each language folder, that holds generated files.
GEN = "gen"

_UI = tables("pages")


_esc = escape_md
#: Text for a Markdown table cell (``escape_md`` writes ``|`` too, as in ``[1|4]``).
_cell = escape_cell


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

    # -- macros ------------------------------------------------------------
    def deal_table(self) -> str:
        """The deal by number of players (Markdown table): tiles each, tiles
        left in the stock (or out of play), and, where the game has
        partnerships, whether they are optional (the same number may also play
        each for themselves) or compulsory (it may not)."""
        p = self.v.rules.params
        ui = self.ui
        stock = ui["stock"] if self.v.rules.draw_mode != "none" else ui["undealt_col"]
        pairs = bool(p.partnerships)            # (a column of "—" only is left out: it fits a phone)
        rows = [f"| {ui['players']} | {ui['per_hand']} | {stock} |" + (f" {ui['partners']} |" if pairs else ""),
                "|---:|---:|---:|" + (":---:|" if pairs else "")]
        for n in sorted(set(p.players) | set(p.partnerships)):
            # partnerships are optional where n may also play each for themselves, compulsory where not
            how = ui["no"] if n not in p.partnerships else ui["yes"] if n in p.players else ui["pairs_compulsory"]
            rows.append(f"| {n} | {p.deal[n]} | {self.v.rules.stock_size(n)} |" + (f" {how} |" if pairs else ""))
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
        """The rounds of a match by table setting (a macro only a family
        played in rounds has: :meth:`generator.engine.family.Family.macros`)."""
        made = family_of(self.v.rules.family).macros().get("rounds_table")
        if made is None:
            raise jinja2.TemplateError("rounds_table() is for a game of trains (rounds of a match); "
                                       "this game has no rounds")
        return made(self)

    def legend(self) -> str:
        """The legend of the page's diagrams (Markdown): once a page; a second call writes nothing."""
        if self.legend_shown:
            return ""
        self.legend_shown = True
        found = family_of(self.v.rules.family).legend_items(self.v.rules, self.ui)
        if not found:
            raise jinja2.TemplateError("legend() is for a game whose diagrams have a legend of marks (a line of "
                                       "play); this game's have none")
        ui = self.ui
        items = [f'- ![](legend/{key}.svg){{ width="28" height="28" }} {_esc(words)}' for key, words in found]
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
        family = family_of(pos.family)
        # an example its family steps through (two or more placements) gets a stepper (docs/assets/rulebook.js)
        kind = " rb-stepped" if family.stepped(pos) else " rb-practice" if pos.is_practice else ""
        verdict = ""
        if pos.is_practice:
            practice = family.practice_kind(pos)
            kind += practice
            # the verdict words the page's script says for a right and a wrong pick (names of its meta words)
            verdict = ' data-rb-verdict="{} {}"'.format(*family.verdict_words[practice])
        # A worked example folds under its title (rulebook.css keeps it unfolded on a wide screen and
        # in print, and rulebook.js opens it there and wherever an address points into it), so that a
        # long page on a phone is a list of examples a reader opens one at a time.
        out = [f'\n<details class="rb-example{kind}" id="ex-{pos.id}"{verdict} markdown>\n']
        if not self.legend_shown and family.shows_legend(pos):
            out.insert(0, self.legend())        # the page's first diagram: its legend comes first
        title = (pos.title or {}).get(self.lang)
        label = ui["practice_title"] if pos.is_practice else ui["example"]
        heading = ui["example_title"].format(example=_esc(label), title=_esc(title)) if title else _esc(label)
        out.append(f'<summary class="rb-example-title"><strong>{heading}</strong></summary>\n')
        if pos.note:
            out.append(f'<p class="rb-note">{_esc(pos.note[self.lang])}</p>\n')
        try:
            out.append(family.render_position(self, cp, steps))
        except svg.LayoutError:             # (the search's work is bounded: a drawing it cannot find)
            raise pos.src.error((), "this example's line of play cannot be drawn: no drawing without "
                                    "overlaps was found within the layout search's bounded work (place "
                                    "fewer tiles, or fewer on the side branches)", key=False) from None
        out.append("</details>\n")
        return "".join(out)

    def rule_link(self, rule: str) -> str | None:
        """Where the page (or, for a house rule, its parent's) states the rule
        ``rule`` (``VARIANT/KEY``): ``#section`` or ``other.md#section``;
        ``None`` when no section is about it (the sections its family names for
        the rule: :attr:`~generator.engine.family.Family.rule_sections`)."""
        key = rule.split("/", 1)[-1]
        own = {sec["id"] for _, sec in self.v.own_sections} if self.v.parent is not None \
            else {sec["id"] for sec in self.v.sections}
        every = {sec["id"] for sec in self.v.sections}
        for sid in family_of(self.v.rules.family).rule_sections.get(key, ()):
            if sid in own:
                return f"#{sid}"
            if sid in every:
                return f"{houserules.section_page(self.v, sid)}.md#{sid}"
        return None


def ui_png(lang: str) -> str:
    """Link title of a diagram's PNG."""
    return _UI[lang]["png"]


PAGE_ID_PREFIXES = ("ex-", "fig-", "d-", "rb-")


def _noting_ids(f, made: Counter, outputs: list[str]):
    """The macro ``f``, noting in ``made`` the ids its output gives itself,
    and the output itself in ``outputs``."""
    @functools.wraps(f)
    def noting(*args, **kwargs):
        result = f(*args, **kwargs)
        if isinstance(result, str):
            made.update(given for _, given in sanitize.given_ids(result))
            outputs.append(result)
        return result
    return noting


def _authors_part(out: str, outputs: list[str]) -> str:
    """What a rule text wrote itself: its template's output ``out`` with each
    of the macros' ``outputs`` taken out once (as a word, where it stood). An
    output the template changed (a filter, a slice) or never wrote is not
    found, and what the template wrote stays the author's."""
    for piece in outputs:
        at = out.find(piece)
        if at >= 0:
            out = out[:at] + "macro" + out[at + len(piece):]
    return out


#: What in a rule text's own part may give a neighbouring part a name: an attribute list, a heading.
_ATTACHES = re.compile(r"\{[:.#]|\{\s+[.#]|^ {0,3}#|^ {0,3}[=-]+\s*$", re.M)


def _reserved_problem(text: str, out: str, outputs: list[str]) -> tuple[int, str] | None:
    """``(line of text, message)`` when a rule text (its template ``text``,
    written out as ``out`` with the macros' ``outputs`` in it) gives an
    element a class, an id or an attribute the page's scripts act on
    (:mod:`generator.safety.hooks`) itself, not through a macro. The line is
    the first that writes the name (or the heading that makes the id); the
    first line when the template assembled it."""
    own = _authors_part(out, outputs)
    found = hooks.reserved_in(sanitize.markdown_html(own)) if hooks.may_name(own) else []
    if not found and outputs and _ATTACHES.search(own):
        # an attribute list or a heading around a macro's part can give a name to what the macro wrote (a
        # heading made of a glossary term's words takes its id from them, "Play a hand" -> play-a-hand): the
        # whole text may then hold no more of the names than the macros' parts do, rendered on their own (as
        # paragraphs of one text, so that the work stays that of one page however many parts there are)
        extra = Counter(hooks.reserved_in(sanitize.markdown_html(out)))
        extra.subtract(hooks.reserved_in(sanitize.markdown_html("\n\n".join(outputs))))
        found = [what for what, n in extra.items() if n > 0]
    if not found:
        return None
    from pymdownx.slugs import slugify

    name = found[0].split("'")[1]
    slug = slugify(case="lower")
    rows = text.split("\n")
    line = next((n for n, row in enumerate(rows, 1) if name in html.unescape(row)), None)
    if line is None and found[0].startswith("the id"):     # a heading's id: the heading with those words,
        headings = [(n, row.strip().strip("#").strip()) for n, row in enumerate(rows, 1) if row.lstrip().startswith("#")]
        line = next((n for n, words in headings if slug(words, "-") == name), None) or \
            next((n for n, words in headings if "{{" in words), None)   # or one the template writes
    return line or 1, hooks.refusal(found)


def _sandbox() -> Sandbox:
    env = Sandbox(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=True)
    env.globals.pop("lipsum", None)         # filler text: slow in proportion to its argument, and of no use here
    return env


@functools.lru_cache(maxsize=1024)
def _compiled(text: str):
    """The code Jinja compiles ``text`` to in the rule texts' sandbox (it depends on the text alone, so
    a process that renders a rules folder again compiles only the texts that changed). Raises
    ``jinja2.TemplateSyntaxError`` (not kept)."""
    return _sandbox().compile(text)


def _render_body(page: _Page, text: str, src, path: tuple) -> str:
    env = _sandbox()
    try:
        tmpl = env.template_class.from_code(env, _compiled(text), env.make_globals(None), None)
        budget = Budget()
        macros = dict(deal_table=page.deal_table, legend=page.legend, term=page.term, comparison=page.comparison,
                      rounds_table=page.rounds_table, position=page.position)
        for name, made_by in family_of(page.v.rules.family).macros().items():   # the family's own macros
            macros.setdefault(name, functools.partial(made_by, page))
        made: Counter = Counter()           # the ids our macros write (an example's, its figures')
        outputs: list[str] = []             # and all they write
        out = budget.run(lambda **values: bounded_output(tmpl, values), params=page.v.params,
                         **{k: budget.outside(_noting_ids(f, made, outputs)) for k, f in macros.items()})
    except jinja2.TemplateSyntaxError as exc:
        raise SourceError(src.file, *src.text_mark(path, exc.lineno or 1), f"template: {exc.message}") from None
    except SourceError:
        raise
    except (jinja2.TemplateError, TypeError, ValueError, OverflowError) as exc:
        raise SourceError(src.file, *src.text_mark(path, template_line(exc)), f"template: {exc}") from None
    except NameError as exc:       # Jinja writes a literal too large for a float (1e400) as "inf" in its code
        why = ("a number too large to write (such as 1e400)" if str(exc).endswith(("'inf' is not defined",
                                                                                  "'nan' is not defined"))
               else f"NameError: {exc}")
        raise SourceError(src.file, *src.text_mark(path, template_line(exc)), f"template: {why}") from None
    except Exception as exc:       # 1/0, endless macro recursion, range too big, ...: never a traceback
        raise SourceError(src.file, *src.text_mark(path, template_line(exc)),
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
    reserved = _reserved_problem(text, out, outputs)
    if reserved:
        line, why = reserved
        raise SourceError(src.file, *src.text_mark(path, line), why)
    problems = sanitize.removed(sanitize.markdown_html(out))
    if problems:
        line = _line_of(text, problems[0])
        more = f" (and {len(problems) - 1} more: {'; '.join(problems[1:4])})" if len(problems) > 1 else ""
        raise SourceError(src.file, *src.text_mark(path, line),
                          f"the page may not hold {problems[0]}{more}: the site lets through only plain text, "
                          f"Markdown and a few harmless HTML elements (see the authoring guide, 'Rule text')")
    return out


#: The largest page a game may have (its Markdown, bytes): twenty times the longest page of the site.
MAX_PAGE_BYTES = 1_000_000

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
    # where the page's script puts "Play a hand" when the site carries the player (generator.site.play)
    parts.append(f'<div class="rb-play rb-game-{vdef.id}"></div>\n')
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


def draft_banner(lang: str) -> str:
    """The notice at the top of a draft game's page and card (Markdown): only
    a preview (``mkdocs serve``) shows them; ``mkdocs build`` leaves them out."""
    ui = _UI[lang]
    return f'!!! warning "{ui["draft_title"]}"\n\n    {ui["draft_banner"]}\n'


def deal_table(vdef: VariantDef, lang: str) -> str:
    """The deal table of ``vdef``'s page in ``lang`` (Markdown), as the card repeats it."""
    return _Page(vdef, {}, {}, lang, {}, False).deal_table()
