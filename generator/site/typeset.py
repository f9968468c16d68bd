"""Line breaks for reading: where Japanese text in a table or a link may wrap,
and what never wraps (a tile's name, a key).

A Japanese line may break between any two characters, so a narrow column cut
headings one character a line (プ/レ/イ/ヤ/ー) and words in two (タロ/ン). The
stylesheet keeps the words of a Japanese heading and row label (a cell's bold
text) whole (``word-break: keep-all``), and :func:`break_table_text` marks,
with ``<wbr>``, the places between phrases where they may wrap, as BudouX (Google's phrase segmenter
for Japanese) finds them: 「ふさがれていない<wbr>ダブル」.
Never between two digits, and always after a middle dot (・), which joins the
words of a name from another language (ファイブズ・<wbr>アンド・<wbr>スリーズ).
The words of a Japanese link are kept whole the same way, wherever it is
(a glossary term in running text wrapped inside its katakana, 「エ／ンジン」).

>>> break_table_text('<th>次の手番</th><td><strong>配牌とタロン</strong> 次の手番</td><p>次の手番</p>')
'<th>次の<wbr>手番</th><td><strong>配牌と<wbr>タロン</strong> 次の手番</td><p>次の手番</p>'
>>> break_table_text('<p>次の手番は<a href="g/#x">配牌とタロン</a></p>')
'<p>次の手番は<a href="g/#x">配牌と<wbr>タロン</a></p>'

:func:`keep_whole` marks what must not wrap at all: a tile's name (``6-4``,
``[7|8]``; a browser breaks after the hyphen, "6-" / "4") and a pair of
numbers written the same way, and a key or value written as code in one
word (``stock_reserve``, ``counter-clockwise``), which the stylesheet keeps
on one line (``rb-tile``, ``rb-key``); a path (``a/b.yaml``) may still
break after a slash.

>>> keep_whole('<p>Set 6-4 on [3|5]; <code>stock_reserve</code>, <code>a b</code>, <code>a/b</code></p>'
...            '<pre><code>1-2</code></pre>')
'<p>Set <span class="rb-tile">6-4</span> on <span class="rb-tile">[3|5]</span>; <code class="rb-key">stock_reserve</code>, <code>a b</code>, <code>a/b</code></p><pre><code>1-2</code></pre>'
"""

from __future__ import annotations

import functools
import re

__all__ = ["break_table_text", "keep_whole", "phrases"]

#: A table cell and its content (the page's HTML after the site's policy: no nested tables).
_CELL = re.compile(r"(<t([hd])\b[^>]*>)(.*?)(</t\2>)", re.S)
#: A link and its content.
_LINK = re.compile(r"(<a\b[^>]*>)(.*?)(</a>)", re.S)
#: Bold text, which in a table's body cell is a row label.
_STRONG = re.compile(r"(<strong\b[^>]*>)(.*?)(</strong>)", re.S)
#: Text between tags.
_TEXT = re.compile(r"(?<=>)[^<]+|^[^<]+")
#: A run that BudouX reads: Japanese with the letters, digits and marks inside it; no spaces, no
#: character references (``&amp;``).
_RUN = re.compile(r"[^\s&;<>]+")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")


@functools.cache
def _parser():
    import budoux                   # (a few milliseconds to load its model: only when a page needs it)
    return budoux.load_default_japanese_parser()


def phrases(text: str) -> list[str]:
    """``text`` cut where a line may break: BudouX's phrases, joined again
    where a cut fell between two digits, and cut after each ``・``.

    >>> phrases("オール・スリー（セット10枚の読み方）")
    ['オール・', 'スリー', '（セット10枚の', '読み方）']
    """
    out: list[str] = []
    for part in _parser().parse(text):
        if out and out[-1][-1:].isdigit() and part[:1].isdigit():
            out[-1] += part
        else:
            out.append(part)
    cut: list[str] = []
    for part in out:
        pieces = part.split("・")
        cut += [p + "・" for p in pieces[:-1]] + ([pieces[-1]] if pieces[-1] else [])
    return cut


def _mark(run: re.Match) -> str:
    text = run.group(0)
    return "<wbr>".join(phrases(text)) if _JAPANESE.search(text) else text


def _marked(html: str) -> str:
    return _TEXT.sub(lambda t: _RUN.sub(_mark, t.group(0)), html)


def break_table_text(html: str) -> str:
    """``html`` with ``<wbr>`` between the phrases of every Japanese text in
    its table headings (``<th>``), row labels (``<strong>`` in a ``<td>``) and
    links (``<a>``), where the stylesheet keeps words whole (see the module's
    description); the rest unchanged."""
    def cell(m: re.Match) -> str:
        inner = m.group(3)
        if m.group(2) == "h":
            inner = _marked(inner)
        else:
            inner = _LABEL_OR_LINK.sub(lambda b: b.group(1) + _marked(b.group(2)) + b.group(3)
                                       if b.group(1) else b.group(4) + _marked(b.group(5)) + b.group(6), inner)
        return m.group(1) + inner + m.group(4)

    def part(m: re.Match) -> str:
        if m.group(1):
            return cell(m)
        return m.group(5) + _marked(m.group(6)) + m.group(7)
    if "<t" not in html and "<a" not in html:
        return html
    return _CELL_OR_LINK.sub(part, html)


#: A row label or a link in a body cell (a link inside a label is marked with it).
_LABEL_OR_LINK = re.compile(_STRONG.pattern + "|" + _LINK.pattern, re.S)
#: A table cell, or a link outside one.
_CELL_OR_LINK = re.compile(_CELL.pattern + "|" + _LINK.pattern, re.S)

#: A tile's name (``6-4``, ``12-12``, ``[7|8]``) or a pair of numbers written alike (``2–4``).
_TILE = re.compile(r"(?<![0-9A-Za-z_.|\[-])(?:\d{1,3}[-–]\d{1,3}|\[\d{1,3}\|\d{1,3}\])(?![0-9A-Za-z_-])")
#: A tag or a text between tags.
_TOKEN = re.compile(r"<[^>]*>|[^<]+")
#: Elements whose text is left as it is (code keeps its characters; no text in the others is read).
_RAW = frozenset({"code", "pre", "script", "style", "textarea", "svg"})
#: Code of one word of letters, digits, ``_`` and ``-``: a key or a value (not a block of code:
#: ``<pre><code>``, or ``<pre><span></span><code>`` as the highlighter writes it). A path may still
#: break after its slashes, and a command at its spaces.
_ONE_WORD_CODE = re.compile(r"(?<!<pre>)(?<!</span>)<code>([A-Za-z0-9_-]{1,32})</code>")


def keep_whole(html: str) -> str:
    """``html`` with each tile name in running text wrapped in ``<span
    class="rb-tile">`` and each key or value in code given ``class="rb-key"``
    (the stylesheet keeps both on one line); text inside code, preformatted
    text, scripts and styles is left alone. Linear in the length of
    ``html``."""
    out: list[str] = []
    raw = 0
    for m in _TOKEN.finditer(html):
        tok = m.group(0)
        if tok.startswith("<"):
            name = re.match(r"</?([a-zA-Z0-9]+)", tok)
            if name and name.group(1).lower() in _RAW and not tok.endswith("/>"):
                raw += -1 if tok.startswith("</") else 1
                raw = max(raw, 0)
            out.append(tok)
        elif raw or not any(c.isdigit() for c in tok):
            out.append(tok)
        else:
            out.append(_TILE.sub(lambda t: f'<span class="rb-tile">{t.group(0)}</span>', tok))
    return _ONE_WORD_CODE.sub(r'<code class="rb-key">\1</code>', "".join(out))
