"""The page parts the site's scripts act on, and why rule text may not name them.

The page's scripts (``generator/assets/rulebook.js``, and ``play.js`` which it
loads for "Play a hand") find their parts by class, id and ``data-``
attribute: a worked example of several steps (``rb-example rb-stepped``), a
practice position whose answer table they turn into buttons and a verdict
("that is one of the best plays": ``rb-practice``, ``rb-answer``), the empty
region where "Play a hand" starts (``rb-play rb-game-ID``). A rule text that
used those names could make the script treat its own markup as one of these
parts: a practice block that praises an answer no engine checked, or a second
Play region for another game. So this module is the scripts' contract, in one
place: the names below are every class, id and attribute the two scripts
name (``tests/test_page_hooks.py`` reads the scripts and checks that they
name nothing else and nothing less), and :func:`reserved_in` finds them in a
rule text's rendered HTML, which ``rulebook check`` and the build refuse at
the text's line (:mod:`generator.pages.game`).

Rule text may not use, beyond the names listed here, any class beginning
``rb-`` (the site's own, for its scripts and its stylesheet alike: a name the
scripts take up later is then already out of reach) or ``md-`` (the theme's,
whose own script and stylesheet act on them).

>>> reserved_in('<div class="note rb-practice"><p id="play-a-hand">x</p></div>')
["the class 'rb-practice'", "the id 'play-a-hand'"]
>>> reserved_in('<details class="question"><summary>Why?</summary></details>')
[]
"""

from __future__ import annotations

from html.parser import HTMLParser

__all__ = ["SCRIPTS", "CLASSES", "CLASS_PATTERNS", "IDS", "ATTRIBUTES", "RESERVED_CLASS_PREFIXES",
           "reserved_class", "reserved_in", "refusal", "may_name"]

#: The scripts of the page (in ``generator/assets/``) whose contract this is.
SCRIPTS = ("rulebook.js", "play.js", "play-worker.js", "rulebook-sw.js")

#: Every class the scripts look for, read or give (the theme's among them: its search box, header,
#: scrolling table boxes, language menu and buttons).
CLASSES = frozenset({
    # the theme's parts
    "md-search", "md-search__input", "md-typeset__scrollwrap", "md-select__link", "md-header",
    "md-button", "md-button--primary",
    # wide tables and diagrams
    "rb-figure-wide", "rb-scrolls", "rb-scroll-hint",
    # worked examples: folding, and stepping through
    "rb-example", "rb-folded", "rb-stepped", "rb-stepping", "rb-step", "rb-current", "rb-stepper",
    "rb-step-prev", "rb-step-next", "rb-step-status",
    # practice positions
    "rb-practice", "rb-answer", "rb-choices", "rb-choices-label", "rb-choice", "rb-chosen", "rb-verdict",
    "rb-right",
    # "Play a hand"
    "rb-play", "rb-play-status", "rb-play-board", "rb-play-scores", "rb-play-table", "rb-play-table-words",
    "rb-play-log", "rb-play-log-box", "rb-play-why", "rb-play-hand", "rb-play-tile", "rb-play-refused",
    "rb-play-moves", "rb-play-hint", "rb-play-result", "rb-playing", "rb-play-controls", "rb-play-words-hidden",
    "rb-play-words-toggle", "rb-play-places", "rb-play-steps", "rb-play-step-line", "rb-play-refused-link",
    "rb-play-levels", "rb-play-table-box", "rb-clips-left", "rb-clips-right", "rb-clips-top", "rb-clips-bottom",
    # a tile's name kept on one line (the build gives it to the page's text, Play to its words)
    "rb-tile",
})

#: Classes the scripts read by a pattern: the game of a Play region (``rb-game-draw``).
CLASS_PATTERNS = ("rb-game-",)

#: The ids the scripts give (the "Play a hand" heading, the line that says why a tile may not be played,
#: the table in words).
IDS = frozenset({"play-a-hand", "rb-play-why", "rb-play-words"})

#: The attributes the scripts set and read on the parts they make (the test contract of "Play a hand"),
#: and the verdict words of a practice position (``data-rb-verdict``, the page's).
ATTRIBUTES = frozenset({
    "data-rb-verdict",
    "data-state", "data-rb-play", "data-rb-game-id", "data-rb-start", "data-rb-seed", "data-rb-moves",
    "data-rb-move", "data-rb-tile", "data-rb-why", "data-rb-draw", "data-rb-pass", "data-rb-hint",
    "data-rb-result", "data-rb-next", "data-rb-again", "data-rb-players", "data-rb-new", "data-rb-undo",
    "data-rb-link", "data-rb-steps", "data-rb-place", "data-rb-refused", "data-rb-level", "data-rb-deal",
    "data-rb-engine", "data-rb-offline", "data-rb-phases",
    # a tile of the engine's table picture (Play keeps the hand's first one in view)
    "data-tile",
})

#: Classes no rule text may use: the site's own (its scripts' and its stylesheet's) and the theme's.
RESERVED_CLASS_PREFIXES = ("rb-", "md-")


def reserved_class(name: str) -> bool:
    """Whether a rule text may not give an element the class ``name``.

    >>> reserved_class("rb-game-draw"), reserved_class("md-button"), reserved_class("question")
    (True, True, False)
    """
    return name in CLASSES or name.startswith(CLASS_PATTERNS + RESERVED_CLASS_PREFIXES)


class _Names(HTMLParser):
    """The reserved classes, ids and attributes of an HTML fragment, in the order they stand."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            value = value or ""
            if name == "class":
                self.found += [f"the class {c!r}" for c in value.split() if reserved_class(c)]
            elif name == "id" and value in IDS:
                self.found.append(f"the id {value!r}")
            elif name in ATTRIBUTES:
                self.found.append(f"the attribute {name!r}")

    handle_startendtag = handle_starttag


def may_name(text: str) -> bool:
    """Whether the Markdown ``text`` may make any name :func:`reserved_in`
    finds, once rendered (when not, there is no need to render it to know):
    a reserved prefix written in it, a character reference or a backslash
    (which may spell one), or the words of a reserved id, which a heading
    makes its id from.

    >>> may_name("## Play a hand!"), may_name("&#114;b-play"), may_name("A *plain* text.")
    (True, True, False)
    """
    low = text.lower()
    if "&" in text or "\\" in text or any(p in low for p in RESERVED_CLASS_PREFIXES + ("data-",)):
        return True
    letters = "".join(c for c in low if c.isalnum())
    return any("".join(c for c in name if c.isalnum()) in letters for name in IDS)


def reserved_in(html: str) -> list[str]:
    """Every class, id and attribute of ``html`` (a rule text's rendered
    HTML) that belongs to the page's scripts or the site's and the theme's
    own parts (:func:`reserved_class`, :data:`IDS`, :data:`ATTRIBUTES`), in
    words, in the order they stand; empty when there is none."""
    parser = _Names()
    parser.feed(html)
    parser.close()
    return parser.found


def refusal(found: list[str]) -> str:
    """The message that refuses a rule text for what :func:`reserved_in`
    ``found`` in it (the first named, and how many more).

    >>> refusal(["the class 'rb-play'"])[:60]
    "the class 'rb-play' belongs to the page's own parts: the pag"
    """
    more = f" (and {len(found) - 1} more: {'; '.join(found[1:4])})" if len(found) > 1 else ""
    return (f"{found[0]} belongs to the page's own parts{more}: the page's scripts act on such names (a "
            f"worked example's steps, a practice position's answer, the \"Play a hand\" region), so a rule text "
            f"that used one could pass for one of those parts; use another name (classes beginning `rb-` or `md-` "
            f"are the site's and the theme's)")
