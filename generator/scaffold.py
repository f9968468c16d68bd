"""``rulebook new VARIANT``: a new variant folder that passes ``rulebook check``
as it is, for an author to fill in.

It writes ``rules/<id>/variant.yaml`` (the parameters of a plain two-player
line game played by the rules of a built-in variant, ``draw`` by default, and
every text in both languages as a marked placeholder) and one worked position,
``rules/<id>/positions/first-example.yaml``. Both start with their
``$schema`` line.
"""

from __future__ import annotations

import re
from pathlib import Path

from .model.catalog import RESERVED_IDS
from .model.schemafiles import schema_line
from .variants import RULES

__all__ = ["ID_PATTERN", "PLACEHOLDER", "SCAFFOLD_RULES", "ScaffoldError", "line_rules", "new_variant"]

#: What a variant id looks like (lower-case words joined by hyphens).
ID_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
#: The longest variant id (it names a folder, a page and its diagrams' folder).
MAX_ID = 40
#: The mark of every text still to write, in each language.
PLACEHOLDER = {"ja": "【要記入】", "en": "TODO:"}


class ScaffoldError(Exception):
    """A variant that cannot be created (bad or taken id, unknown rules)."""


#: Built-in rules whose plain matching the sample position follows (Matador joins by
#: sums of seven and All Threes sets only multiples of three, so they are left out).
SCAFFOLD_RULES = ("draw", "block", "all-fives", "sniff", "bergen", "horse-race")


def line_rules() -> list[str]:
    """Built-in rules a new variant may play by: the line-of-play games the
    sample position suits (:data:`SCAFFOLD_RULES`)."""
    return [vid for vid in SCAFFOLD_RULES if vid in RULES and RULES[vid].family == "line"]


_VARIANT = """\
{schema}
# A new variant. Every text marked 【要記入】 (ja) or TODO: (en) is still to be written;
# `rulebook check` passes as it is. The page appears in the site's nav once
# `- gen/{vid}.md` is added to `nav:` in mkdocs.yml.
id: {vid}
rules: {base}                # the engine rules it plays by (a built-in variant id)
name:
  ja: "{ja}ゲームの名前"
  en: "{en} the game's name"
summary:
  ja: "{ja}何人で、何を目指して遊ぶゲームかを1〜2文で。"
  en: "{en} one or two sentences: who plays and what they aim for."
params:
  set: 6                     # double-six: pips 0..6, 28 tiles
  players: [2]               # numbers of players for individual play
  partnerships: []           # numbers of players for partnership play, e.g. [4]
  deal: {{2: 7}}               # tiles per hand by number of players
  stock_reserve: 0           # tiles that stay in the stock and may never be drawn
sections:
  - id: overview
    title: {{ja: 概要, en: Overview}}
    body:
      ja: |
        {ja}ゲームの概要。

        {{{{ deal_table() }}}}
      en: |
        {en} an overview of the game.

        {{{{ deal_table() }}}}
  - id: play
    title: {{ja: 牌の置き方, en: Placing tiles}}
    body:
      ja: |
        {ja}牌のつなぎ方。

        {{{{ legend() }}}}

        {{{{ position("first-example") }}}}
      en: |
        {en} how tiles join the line.

        {{{{ legend() }}}}

        {{{{ position("first-example") }}}}
sources:
  ja: "{ja}出典（書名やURL）。"
  en: "{en} sources (books, URLs)."
"""

_POSITION = """\
{schema}
# A worked position: each step places one tile; every value under `expect` is
# verified by the engine (see the authoring guide).
variant: {vid}
title:
  ja: "{ja}例の題名"
  en: "{en} the example's title"
steps:
  - play: "2-5"
  - play: "5-6"
    at: "2-5:5"
    expect:
      open: ["2-5:2", "5-6:6"]
    caption:
      ja: "{ja}この手の説明。"
      en: "{en} what this step shows."
"""


def new_variant(rules_dir: str | Path, vid: str, base: str = "draw") -> list[Path]:
    """Create ``rules_dir/<vid>/`` with its ``variant.yaml`` and one position,
    playing by the built-in rules ``base``; returns the files written.

    Raises :class:`ScaffoldError` for an id that is not lower-case words
    joined by hyphens, an id whose folder exists, or rules that are not a
    line-of-play game.
    """
    if not ID_PATTERN.match(vid or "") or len(vid) > MAX_ID:
        raise ScaffoldError(f"{vid!r} is not a variant id: use lower-case letters and digits, words joined "
                            f"by hyphens, starting with a letter, at most {MAX_ID} characters (e.g. my-block)")
    if vid in RESERVED_IDS:
        raise ScaffoldError(f"{vid!r} is the name of a page the site makes itself "
                            f"({', '.join(sorted(RESERVED_IDS))}); choose another id")
    if base not in line_rules():
        raise ScaffoldError(f"no line-of-play rules {base!r} to play by (choose one of: {', '.join(line_rules())})")
    rules_dir = Path(rules_dir)
    folder = rules_dir / vid
    if folder.exists():
        raise ScaffoldError(f"{folder} already exists; choose another id")
    (folder / "positions").mkdir(parents=True)
    variant = folder / "variant.yaml"
    position = folder / "positions" / "first-example.yaml"
    marks = dict(vid=vid, base=base, ja=PLACEHOLDER["ja"], en=PLACEHOLDER["en"])
    variant.write_text(_VARIANT.format(schema=schema_line(variant, rules_dir), **marks), encoding="utf-8")
    position.write_text(_POSITION.format(schema=schema_line(position, rules_dir, variant_family="line"),
                                         **marks), encoding="utf-8")
    return [variant, position]
