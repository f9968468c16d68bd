"""Line breaks for reading: where a Japanese table heading may wrap.

A Japanese line may break between any two characters, so a narrow column cut
headings one character a line (プ/レ/イ/ヤ/ー). The stylesheet keeps a heading's
words whole (``word-break: keep-all``), and :func:`break_headings` marks, with
``<wbr>``, the places between phrases where it may wrap, as BudouX (Google's
phrase segmenter for Japanese) finds them: 「ふさがれていない<wbr>ダブル」.
Never between two digits, and always after a middle dot (・), which joins the
words of a name from another language (ファイブズ・<wbr>アンド・<wbr>スリーズ).

>>> break_headings('<th>次の手番</th><td>次の手番</td>')
'<th>次の<wbr>手番</th><td>次の手番</td>'
"""

from __future__ import annotations

import functools
import re

__all__ = ["break_headings", "phrases"]

#: A table heading cell and its content (the page's HTML after the site's policy: no nested headings).
_TH = re.compile(r"(<th\b[^>]*>)(.*?)(</th>)", re.S)
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


def break_headings(html: str) -> str:
    """``html`` with ``<wbr>`` between the phrases of every Japanese text in
    its ``<th>`` cells (see the module's description); the rest unchanged."""
    def cell(m: re.Match) -> str:
        inner = _TEXT.sub(lambda t: _RUN.sub(_mark, t.group(0)), m.group(2))
        return m.group(1) + inner + m.group(3)
    return _TH.sub(cell, html) if "<th" in html else html
