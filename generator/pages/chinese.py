"""Page parts every game of the Chinese set shares (Pai Gow, Tien Gow): a tile written with its name,
a figure of rows of Chinese tiles (:mod:`generator.draw.chinese`) with its text equivalent, a practice
answer's block, and the ``chinese_set()`` macro that draws and lists the whole set. Their words are the
``paigow`` table of the page messages (the set's names, suits and the practice block's words)."""

from __future__ import annotations

from ..base.i18n import messages, tables
from ..draw import svg
from ..draw.chinese import draw_rows, tile_words
from ..engine.tilesets import tileset
from ..safety.sanitize import escape, escape_cell, escape_link_text, escape_md

__all__ = ["esc", "tile_words", "figure", "answer", "chinese_set"]

_UI = tables("paigow")


def esc(text: str) -> str:
    """Plain words (a message, a name) safe in a line of the page's Markdown: :func:`escape_md` alone,
    which already writes ``&``, ``<`` and ``>`` as references (escaping twice showed "player&amp;#x27;s")."""
    return escape_md(text)


def figure(page, name: str, rows, cap: str, alt: str, labels: bool = True) -> str:
    lang = page.lang
    text = draw_rows(rows, title=cap, desc=alt, lang=lang, ident=f"d-{name}", labels=labels)
    from .game import GEN

    base = f"{lang}/{GEN}/diagrams/{page.v.id}/{name}"
    page.files[base + ".svg"] = text.encode("utf-8")
    page.files[base + ".png"] = svg.to_png(text) if page.png else b""
    rel = f"diagrams/{page.v.id}/{name}"
    w = text.split('width="', 1)[1].split('"', 1)[0]
    h = text.split('height="', 1)[1].split('"', 1)[0]
    pages_ui = messages("pages", lang)
    return (f'<figure class="rb-figure" id="fig-{name}" markdown="span">\n'
            f'[![{escape_link_text(cap)}]({rel}.svg){{ width="{round(float(w))}" height="{round(float(h))}" }}]'
            f'({rel}.png "{escape(pages_ui["png"])}")\n'
            f'<figcaption>{esc(cap)}</figcaption>\n</figure>\n'
            f'<p class="rb-textalt"><span class="rb-textalt-label">{esc(pages_ui["textalt"])}</span> '
            f'{esc(alt)}</p>\n')


def answer(lang: str, words: str, choices: list[tuple[str, bool]]) -> str:
    """The answer block: the words, then a table of the choices the page's script offers, the right
    one marked."""
    ui = _UI[lang]
    mark = messages("pages", lang)["practice_best_mark"]
    rows = [f"| {ui['choice']} |", "|---|"] + [f"| {(mark if ok else '') + escape_cell(text)} |"
                                                 for text, ok in choices]
    return (f'<details class="rb-answer" markdown>\n<summary>{esc(ui["show_answer"])}</summary>\n\n'
            f'{esc(words)}\n\n' + "\n".join(rows) + "\n\n</details>\n")


def chinese_set(page) -> str:
    """The ``chinese_set()`` macro: the set's 21 tiles drawn in rank order
    (the civil tiles, then the military ones), and a table of every tile: its
    numbers, name, suit, copies."""
    lang = page.lang
    ui = _UI[lang]
    s = tileset("chinese")
    order = sorted(s.distinct, key=lambda t: (s.info(t).rank, -t.high))
    civil = [t for t in order if s.info(t).suit == "civil"]
    military = [t for t in order if s.info(t).suit == "military"]
    alt = ui["set_alt"]
    fig = figure(page, "chinese-set", [[civil], [military]], ui["cap_set"], alt)
    rows = [f"| {ui['col_tile']} | {ui['col_name']} | {ui['col_suit']} | {ui['col_copies']} |", "|---|---|---|---:|"]
    for t in order:
        info = s.info(t)
        rows.append(f"| {t} | {escape_cell(info.name[lang])} | {escape_cell(ui['suit_' + info.suit])} | "
                    f"{info.copies} |")
    return fig + "\n" + "\n".join(rows) + "\n"
