"""Line breaks for reading: where Japanese text in a table may wrap.

A Japanese line may break between any two characters, so a narrow column cut
headings one character a line (プ/レ/イ/ヤ/ー) and words in two (タロ/ン). The
stylesheet keeps the words of a Japanese heading and row label (a cell's bold
text) whole (``word-break: keep-all``), and :func:`break_table_text` marks,
with ``<wbr>``, the places between phrases where they may wrap, as BudouX (Google's phrase segmenter
for Japanese) finds them: 「ふさがれていない<wbr>ダブル」.
Never between two digits, and always after a middle dot (・), which joins the
words of a name from another language (ファイブズ・<wbr>アンド・<wbr>スリーズ).

>>> break_table_text('<th>次の手番</th><td><strong>配牌とタロン</strong> 次の手番</td><p>次の手番</p>')
'<th>次の<wbr>手番</th><td><strong>配牌と<wbr>タロン</strong> 次の手番</td><p>次の手番</p>'
"""

from __future__ import annotations

import functools
import re

__all__ = ["break_table_text", "phrases"]

#: A table cell and its content (the page's HTML after the site's policy: no nested tables).
_CELL = re.compile(r"(<t([hd])\b[^>]*>)(.*?)(</t\2>)", re.S)
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
    its table headings (``<th>``) and row labels (``<strong>`` in a ``<td>``),
    where the stylesheet keeps words whole (see the module's description); the
    rest unchanged."""
    def cell(m: re.Match) -> str:
        inner = m.group(3)
        if m.group(2) == "h":
            inner = _marked(inner)
        else:
            inner = _STRONG.sub(lambda b: b.group(1) + _marked(b.group(2)) + b.group(3), inner)
        return m.group(1) + inner + m.group(4)
    return _CELL.sub(cell, html) if "<t" in html else html
