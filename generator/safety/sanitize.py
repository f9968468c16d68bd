"""One HTML policy for everything that reaches a reader's page.

Rule files are untrusted input: clubs send them by pull request and sites are
published from them. Whatever path a text takes to a page (a rule text after
its template and Markdown, a title, a caption, a glossary entry, a name), the
HTML a reader's browser gets passes one allowlist, applied to the rendered
HTML by nh3 (the Python binding of the Rust sanitizer ammonia): the elements
and attributes below, links to ``http``, ``https`` and ``mailto`` addresses or
to places on the site, pictures from the site only, and in ``style`` only ``text-align`` (Markdown tables
align their columns with it). Scripts, event attributes, ``javascript:``
links, forms, frames, objects and inline SVG never reach a page.

Two uses: the MkDocs plugin passes every page through :func:`police` after
MkDocs has rendered it (the last word, whatever made the HTML), and
``rulebook check`` (through :mod:`generator.pages.game`) renders each rule text's
Markdown with the site's extensions and reports what :func:`removed` finds,
located at the rule text.

>>> removed('<p>Hi <a href="javascript:alert(1)">x</a></p>')
['the address "javascript:alert(1)" of a link (<a href>)']
>>> removed('<img src="a.svg" alt="" onerror="alert(1)">')
['the attribute onerror="alert(1)" of <img>']
>>> removed('<p>ok</p><script>alert(1)</script>')
['a <script> element']
>>> removed('<details class="note" open><summary>S</summary><p>T</p></details>')
[]
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from html import escape as _html_escape
from html import unescape
from html.parser import HTMLParser


__all__ = ["bracket_problem", "without_code", "given_ids", "MAX_OPEN_BRACKETS", "escape", "escape_md", "escape_link_text", "escape_cell", "plain_text", "heading_texts", "TAGS", "ATTRIBUTES", "URL_SCHEMES", "MARKDOWN_EXTENSIONS", "clean", "removed", "police",
           "markdown_html"]

#: Elements a page may hold.
TAGS = frozenset({
    "a", "abbr", "b", "blockquote", "br", "caption", "code", "col", "colgroup", "dd", "del", "details", "div",
    "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd",
    "li", "mark", "ol", "p", "pre", "q", "s", "samp", "small", "span", "strong", "sub", "summary", "sup", "table",
    "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul", "var", "wbr",
})
#: Attributes, by element (``*``: on any of them).
ATTRIBUTES = {
    "*": {"class", "id", "title", "lang", "dir"},
    "a": {"href"},
    "img": {"src", "alt", "width", "height"},
    "td": {"style", "colspan", "rowspan"},
    "th": {"style", "colspan", "rowspan", "scope"},
    "details": {"open", "data-rb-verdict"},    # a practice block's verdict words (a rule text's own: refused)
    "ol": {"start"},
}
#: Prefixes of ``id`` values that belong to the theme (Material reads its settings from ``#__config``
#: and finds its own parts by ids such as ``__search`` and ``md-...``): an id of a page's content
#: that took one could make the theme read a page author's settings.
RESERVED_ID_PREFIXES = ("__", "md-")
#: Link schemes a page may use (besides addresses on the site itself).
URL_SCHEMES = frozenset({"http", "https", "mailto"})
#: The only CSS property an attribute may set.
STYLE_PROPERTIES = frozenset({"text-align"})
#: The Markdown extensions of the site (``mkdocs.yml``), for rendering a rule text as MkDocs will.
#: The most ``[`` (or ``](`` of a link's address) a rule text may leave open, and the deepest nesting of
#: brackets: Python-Markdown looks for the end of each open one through the rest of the text (its issue
#: #798), so the work grows with their number times the text's length.
MAX_OPEN_BRACKETS = 10

def without_code(text: str) -> str:
    """``text`` with its code spans blanked (each character but line breaks a
    space), in linear time: a run of backticks opens a span that the next run
    of the same length in the same paragraph closes (Markdown's rule; the
    site's Markdown has no fenced blocks, so a run of three backticks is a span
    like any other)."""
    chars = list(text)
    for para in re.finditer(r"(?:[^\n]|\n(?![ \t]*\n))+", text):
        runs = [(m.start(), m.end()) for m in re.finditer(r"`+", para.group())]
        later: dict[int, list[int]] = {}
        for i in range(len(runs) - 1, -1, -1):
            later.setdefault(runs[i][1] - runs[i][0], []).append(i)
        i, base = 0, para.start()
        while i < len(runs):
            start, end = runs[i]
            same = later[end - start]
            while same and same[-1] <= i:
                same.pop()
            if same:                        # a span from this run to the next of its length
                j = same.pop()
                for k in range(base + start, base + runs[j][1]):
                    if chars[k] != "\n":
                        chars[k] = " "
                i = j + 1
            else:
                i += 1
    return "".join(chars)


def bracket_problem(text: str) -> tuple[int, str] | None:
    r"""``(line, why)`` when the Markdown ``text`` leaves more than
    :data:`MAX_OPEN_BRACKETS` brackets open (``[`` without ``]``, ``](``
    without ``)``) or nests them deeper, else ``None``; code spans and fenced
    blocks are not counted (Markdown reads no links there). Runs in time
    linear in the text, before Python-Markdown sees it.

    >>> bracket_problem("[3|3] and [the rules](rules.md)") is None
    True
    >>> bracket_problem("x\n" + "a[b " * 11)
    (2, 'the text leaves 11 square brackets `[` open (at most 10)')
    """
    bare = without_code(text)
    square: list[int] = []
    round_: list[int] = []
    deepest = (0, 0)
    for i, c in enumerate(bare):
        if c == "[":
            square.append(i)
            if len(square) > deepest[0]:
                deepest = (len(square), i)
        elif c == "]":
            if square:
                square.pop()
            if bare.startswith("(", i + 1):
                round_.append(i)
        elif c == ")" and round_:
            round_.pop()

    def line(at: int) -> int:
        return text.count("\n", 0, at) + 1
    for opened, what in ((square, "square brackets `[`"), (round_, "link addresses `](`")):
        if len(opened) > MAX_OPEN_BRACKETS:
            return line(opened[MAX_OPEN_BRACKETS]), f"the text leaves {len(opened)} {what} open (at most " \
                                                    f"{MAX_OPEN_BRACKETS})"
    if deepest[0] > MAX_OPEN_BRACKETS:
        return line(deepest[1]), f"the text nests square brackets `[` {deepest[0]} deep (at most {MAX_OPEN_BRACKETS})"
    return None


#: An attribute list of Markdown (``{: #id .class key="value" }``), and in it an id, and a ``dir``.
_ATTR_LIST = re.compile(r"\{:?[ \t]*([^{}\n]*)\}")
_ATTR_ID = re.compile(r"(?:^|\s)(?:#([^\s}]+)|id=(?:\"([^\"]*)\"|'([^']*)'|([^\s}]+)))")
_ATTR_DIR = re.compile(r"(?:^|\s)dir=")
_HTML_ID = re.compile(r"<[A-Za-z][^<>]*?\sid\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s>]+))")


def given_ids(text: str) -> list[tuple[int, str]]:
    r"""``(line, value)`` of every ``id`` the Markdown ``text`` gives itself, in
    an attribute list (``{: #x }``, ``{ id="x" }``) or an HTML tag, and of every
    ``dir`` of an attribute list (value ``"dir="``), outside code; in linear time.

    >>> given_ids('## Rules {: #sources }\n<span id="ex-a">x</span> `{: #code }`\n{: dir="rtl" }')
    [(1, 'sources'), (2, 'ex-a'), (3, 'dir=')]
    """
    bare = without_code(text)
    out = []
    for n, row in enumerate(bare.split("\n"), 1):
        for m in _ATTR_LIST.finditer(row):
            out += [(n, next(g for g in i.groups() if g is not None)) for i in _ATTR_ID.finditer(m.group(1))]
            if _ATTR_DIR.search(m.group(1)):
                out.append((n, "dir="))
        out += [(n, next(g for g in m.groups() if g is not None)) for m in _HTML_ID.finditer(row)]
    return sorted(out)


MARKDOWN_EXTENSIONS = ("attr_list", "md_in_html", "tables", "admonition", "pymdownx.details")


def escape(text, attribute: bool = True) -> str:
    """``text`` (any value, as ``str``) safe to place in HTML or XML: ``&``,
    ``<`` and ``>`` escaped, and quotes too unless it is text content only
    (``attribute=False``). Every value the generator places in a page or a
    picture goes through this one function.

    >>> escape('<b class="x">&'), escape("it's <b>", attribute=False)
    ('&lt;b class=&quot;x&quot;&gt;&amp;', "it's &lt;b&gt;")
    """
    return _html_escape(str(text), quote=attribute)


#: Characters that make Markdown (with the site's extensions) anywhere in a line: emphasis, code,
#: escapes, attribute lists ``{: ...}`` and headings' hashes. Written as character references, they
#: show as themselves in Markdown and in HTML alike. (Brackets only make a link or a picture when
#: ``]`` is followed by ``(`` or ``[``, or a link's address when a line starts ``[x]:``, so only
#: those are written so, and tile notation such as ``[1|3]`` stays readable.)
_MD_INLINE = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;",
                            **{c: f"&#{ord(c)};" for c in "\\`*_{}#"}})
_MD_LINK = re.compile(r"\](?=[(\[])")
#: What makes a line something else (a list, a heading's underline, a rule, a link's address
#: ``[x]: ...``) when it starts it.
_MD_LINE_START = re.compile(r"^(?:[-+=]|\d+(?=[.)])|\[(?=[^\]]*\]:))")


def escape_md(text) -> str:
    r"""``text`` (a plain text from a rule file: a name, a title, a caption, a
    note, a definition) safe to place in the site's Markdown, in a line of
    text, a heading or an HTML element's content: :func:`escape` (as text
    content), every character that would make Markdown written as a
    character reference, line breaks joined into spaces and a leading list
    or heading marker neutralised, so that it shows exactly as written and
    can neither make markup nor leave its line.

    >>> escape_md("[a](javascript:x) *b* {: onclick=y } [1|2]")
    '[a&#93;(javascript:x) &#42;b&#42; &#123;: onclick=y &#125; [1|2]'
    >>> escape_md("- two\n  lines"), escape_md("3. step"), escape_md("[x]: https://a.org")
    ('&#45; two lines', '3&#46; step', '&#91;x]: https://a.org')
    """
    text = str(text)
    if "\n" in text or "\r" in text:
        text = " ".join(text.split())
    out = _MD_LINK.sub("&#93;", text.translate(_MD_INLINE))
    m = _MD_LINE_START.match(out)
    if m:
        if m.group(0)[0].isdigit():
            end = m.end()
            out = out[:end] + f"&#{ord(out[end])};" + out[end + 1:]
        else:
            out = f"&#{ord(out[0])};" + out[1:]
    return out


def escape_link_text(text, cell: bool = False) -> str:
    """``text`` for the words of a Markdown link (``[WORDS](address)``):
    :func:`escape_md` with every bracket written as a character reference,
    so that a ``]`` cannot end the words early (and ``|`` escaped too in a
    table ``cell``).

    >>> escape_link_text("Evil [a] b")
    'Evil &#91;a&#93; b'
    """
    out = escape_md(text).replace("[", "&#91;").replace("]", "&#93;")
    return out.replace("|", "\\|") if cell else out


def escape_cell(text) -> str:
    """``text`` for a Markdown table cell: :func:`escape_md`, and ``|``
    escaped so that it does not end the cell."""
    return escape_md(text).replace("|", "\\|")


class _Text(HTMLParser):
    """The text of an HTML fragment (entities decoded), and of each heading with an id."""

    _HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.text: list[str] = []
        self.headings: dict[str, list[str]] = {}
        self._heading: list[str] | None = None
        self._depth = 0              # elements open inside the heading
        self._skip = 0               # inside a heading's permanent link (its "¶")

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in self._HEADINGS and a.get("id") and self._heading is None:
            self._heading = self.headings.setdefault(a["id"], [])
            self._depth = 0
            return
        if self._heading is not None and tag not in ("br", "img", "wbr", "hr"):
            self._depth += 1
            if self._skip or (tag == "a" and "headerlink" in (a.get("class") or "").split()):
                self._skip += 1

    def handle_endtag(self, tag):
        if self._heading is None:
            return
        if self._depth == 0 and tag in self._HEADINGS:
            self._heading = None
            return
        self._depth = max(0, self._depth - 1)
        if self._skip:
            self._skip -= 1

    def handle_data(self, data):
        self.text.append(data)
        if self._heading is not None and not self._skip:
            self._heading.append(data)


def _feed(parser, html: str):
    """``parser`` (an :class:`HTMLParser`) after reading all of ``html``."""
    parser.feed(html)
    parser.close()
    return parser


def _text_parse(html: str) -> _Text:
    return _feed(_Text(), html)


def plain_text(html: str) -> str:
    r"""The text a reader sees of an HTML fragment: tags dropped, character
    references decoded, runs of white space made one space.

    >>> plain_text('<span title="x">A</span> &amp; <b>B</b>\n')
    'A & B'
    """
    return " ".join("".join(_text_parse(str(html)).text).split())


def heading_texts(html: str) -> dict[str, str]:
    """``{id: text}`` for each heading of a rendered page that has an id: its
    :func:`plain_text` without the permanent link MkDocs adds to it.

    >>> heading_texts('<h2 id="a">One <em>&amp;</em> two<a class="headerlink" href="#a">¶</a></h2>')
    {'a': 'One & two'}
    """
    return {k: " ".join("".join(v).split()) for k, v in _text_parse(html).headings.items()}


def _theme_ids(tag: str, attribute: str, value: str) -> str | None:
    """nh3's attribute filter: an ``id`` that takes a name of the theme's
    (:data:`RESERVED_ID_PREFIXES`) goes, and so does a picture's address
    outside the site (a scheme, or ``//host``): a page never makes a reader's
    browser fetch from another site."""
    if attribute == "id" and value.startswith(RESERVED_ID_PREFIXES):
        return None
    if tag == "img" and attribute == "src" and (_HAS_SCHEME.match(value.strip()) or value.strip().startswith(("//", "\\"))):
        return None
    return value


_HAS_SCHEME = re.compile(r"[A-Za-z][-A-Za-z0-9+.]*:")


def clean(html: str) -> str:
    """``html`` with everything outside the policy removed (the text of a
    removed element stays, except a script's or a style's)."""
    import nh3     # loaded where it is used: the diagrams' escape runs where nh3 does not (the reader's browser)
    return nh3.clean(html, tags=set(TAGS), attributes={k: set(v) for k, v in ATTRIBUTES.items()},
                     url_schemes=set(URL_SCHEMES), link_rel=None, strip_comments=True,
                     filter_style_properties=set(STYLE_PROPERTIES), clean_content_tags={"script", "style"},
                     attribute_filter=_theme_ids)


class _Tags(HTMLParser):
    """The start tags (name, attributes) and the text of an HTML fragment."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, tuple]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        # a style attribute compares by its declarations (the sanitizer rewrites its spacing)
        self.tags.append((tag, tuple(sorted((k, "".join((v or "").split()).rstrip(";") if k == "style" else v or "")
                                            for k, v in attrs))))

    handle_startendtag = handle_starttag

    def handle_data(self, data):
        self.text.append(data)


def _parse(html: str) -> _Tags:
    return _feed(_Tags(), html)


def _short(value: str) -> str:
    return value if len(value) <= 60 else value[:57] + "..."


_WORD = re.compile(r"[A-Za-z][-A-Za-z0-9_:.]*")
_SCHEME = re.compile(r"(?<![-A-Za-z0-9+.])[A-Za-z][-A-Za-z0-9+.]*(?=:)")   # (from a run's start: linear time)
_STYLE_ELEMENT = re.compile(r"<\s*style\b", re.I)


def _unchanged(html: str) -> bool:
    """Whether the policy keeps everything in ``html``: its output equals
    that of a policy allowing every name and scheme that occurs in ``html``
    (both serialised alike by the same parser, so a quick comparison)."""
    if _STYLE_ELEMENT.search(html):                  # (a stylesheet cannot be allowed while styles are filtered)
        return False
    decoded = unescape(html)                         # what a browser reads: entities decoded, and in an
    squeezed = re.sub(r"[\t\n\r]", "", decoded)       # address tabs and line breaks dropped
    found = [w for text in (html, decoded, squeezed) for w in _WORD.findall(text) + _SCHEME.findall(text)]
    words = {w.lower() for w in found} | set(found)
    import nh3
    everything = nh3.clean(html, tags=words - {"style"}, attributes={"*": words}, url_schemes=words, link_rel=None,
                           strip_comments=True, filter_style_properties=words, clean_content_tags=set())
    return everything == clean(html)


def removed(html: str) -> list[str]:
    """What :func:`clean` takes out of ``html``, in words (empty when the
    policy keeps everything), in the order it appears."""
    if _unchanged(html):
        return []
    before, after = _parse(html), _parse(clean(html))
    left = Counter(after.tags)
    out = []
    for tag, attrs in before.tags:
        if left[(tag, attrs)] > 0:
            left[(tag, attrs)] -= 1
            continue
        kept = next((a for (t, a), n in left.items() if t == tag and n > 0 and set(a) <= set(attrs)), None)
        if kept is None:
            out.append(f"a <{tag}> element")
            continue
        left[(tag, kept)] -= 1
        for name, value in sorted(set(attrs) - set(kept)):
            if name in ("href", "src") and name in ATTRIBUTES.get(tag, ()):
                what = "link" if name == "href" else "picture"
                out.append(f'the address "{_short(value)}" of a {what} (<{tag} {name}>)')
            else:
                out.append(f'the attribute {name}="{_short(value)}" of <{tag}>')
    if not out and "".join(before.text).split() != "".join(after.text).split():
        out.append("text inside a <script> or <style> element")
    return out


def police(html: str) -> tuple[str, list[str]]:
    """``(html, problems)``: the HTML as the policy lets it through (always
    the sanitizer's output, never the input: the report may miss a trick the
    sanitizer does not), and what was removed, in words."""
    return clean(html), removed(html)


@functools.lru_cache(maxsize=1024)
def markdown_html(text: str) -> str:
    """A rule text's Markdown rendered as MkDocs renders it: its extensions,
    and headings' ids made as ``mkdocs.yml``'s ``toc`` makes them (so that a
    heading whose id would be one of the theme's is found).

    The rendering depends on ``text`` alone, so the last 1,024 are kept: a
    process that checks or builds a rules folder again (``mkdocs serve``, a
    test suite, a tool calling :func:`generator.site.build.generate`) renders
    only the texts that changed (a whole site's texts, kept, take some 30 MB)."""
    import markdown
    from pymdownx.slugs import slugify

    return markdown.markdown(text, extensions=list(MARKDOWN_EXTENSIONS) + ["toc"],
                             extension_configs={"toc": {"slugify": slugify(case="lower")}})
