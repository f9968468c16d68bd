"""One HTML policy for everything that reaches a reader's page.

Rule files are untrusted input: clubs send them by pull request and sites are
published from them. Whatever path a text takes to a page (a rule text after
its template and Markdown, a title, a caption, a glossary entry, a name), the
HTML a reader's browser gets passes one allowlist, applied to the rendered
HTML by nh3 (the Python binding of the Rust sanitizer ammonia): the elements
and attributes below, links to ``http``, ``https`` and ``mailto`` addresses or
to places on the site, and in ``style`` only ``text-align`` (Markdown tables
align their columns with it). Scripts, event attributes, ``javascript:``
links, forms, frames, objects and inline SVG never reach a page.

Two uses: the MkDocs plugin passes every page through :func:`police` after
MkDocs has rendered it (the last word, whatever made the HTML), and
``rulebook check`` (through :mod:`generator.pages`) renders each rule text's
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

import re
from collections import Counter
from html import escape as _html_escape
from html import unescape
from html.parser import HTMLParser

import nh3

__all__ = ["escape", "escape_cell", "TAGS", "ATTRIBUTES", "URL_SCHEMES", "MARKDOWN_EXTENSIONS", "clean", "removed", "police",
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
    "details": {"open"},
    "ol": {"start"},
}
#: Link schemes a page may use (besides addresses on the site itself).
URL_SCHEMES = frozenset({"http", "https", "mailto"})
#: The only CSS property an attribute may set.
STYLE_PROPERTIES = frozenset({"text-align"})
#: The Markdown extensions of the site (``mkdocs.yml``), for rendering a rule text as MkDocs will.
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


def escape_cell(text) -> str:
    """``text`` for a Markdown table cell: :func:`escape` (as text content),
    and ``|`` escaped so that it does not end the cell."""
    return escape(text, attribute=False).replace("|", "\\|")


def clean(html: str) -> str:
    """``html`` with everything outside the policy removed (the text of a
    removed element stays, except a script's or a style's)."""
    return nh3.clean(html, tags=set(TAGS), attributes={k: set(v) for k, v in ATTRIBUTES.items()},
                     url_schemes=set(URL_SCHEMES), link_rel=None, strip_comments=True,
                     filter_style_properties=set(STYLE_PROPERTIES), clean_content_tags={"script", "style"})


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
    p = _Tags()
    p.feed(html)
    p.close()
    return p


def _short(value: str) -> str:
    return value if len(value) <= 60 else value[:57] + "..."


_WORD = re.compile(r"[A-Za-z][-A-Za-z0-9_:.]*")
_SCHEME = re.compile(r"[A-Za-z][-A-Za-z0-9+.]*(?=:)")
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


def markdown_html(text: str) -> str:
    """A rule text's Markdown rendered as MkDocs renders it (its extensions)."""
    import markdown

    return markdown.markdown(text, extensions=list(MARKDOWN_EXTENSIONS))
