"""``rulebook new VARIANT``: a new game folder that passes ``rulebook check``
as it is, for an author to fill in.

``--rules BASE`` writes ``rules/<id>/variant.yaml`` with every param and rule
choice of the game ``BASE`` (its value and a one-line comment each), so the copy
plays exactly ``BASE`` until edited, every text in both languages as a marked
placeholder, and ``draft: true``; and, for a line of play, one worked position
made with the engine, ``rules/<id>/positions/first-example.yaml``.
``--extends BASE`` writes a house-rule stub (``extends: BASE``) listing what
it may change. Every file starts with its ``$schema`` line.
"""

from __future__ import annotations

import re
from pathlib import Path

import difflib
import json

from ..engine.choices import CHOICES, Choices, combination_problems
from ..engine.family import family_of
from ..model.catalog import PLACEHOLDERS, RESERVED_IDS, Catalog, VariantDef
from ..model.schema import PARAMS_SCHEMA
from ..model.schemafiles import schema_line
from ..model.yamlsrc import SourceError

__all__ = ["ID_PATTERN", "PLACEHOLDER", "ScaffoldError", "new_variant", "new_house_rule"]

#: What a variant id looks like (lower-case words joined by hyphens).
ID_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*\Z")
#: The longest variant id (it names a folder, a page and its diagrams' folder).
MAX_ID = 40
#: The mark of every text still to write, in each language.
PLACEHOLDER = PLACEHOLDERS


class ScaffoldError(Exception):
    """A variant that cannot be created (bad or taken id, unknown rules)."""



def _check_id(rules_dir: Path, vid: str) -> Path:
    if not ID_PATTERN.match(vid or "") or len(vid) > MAX_ID:
        raise ScaffoldError(f"{vid!r} is not a variant id: use lower-case letters and digits, words joined "
                            f"by hyphens, starting with a letter, at most {MAX_ID} characters (e.g. my-block)")
    if vid in RESERVED_IDS:
        raise ScaffoldError(f"{vid!r} is the name of a page the site makes itself "
                            f"({', '.join(sorted(RESERVED_IDS))}); choose another id")
    folder = Path(rules_dir) / vid
    if folder.is_symlink():                 # to a folder, to a file, or to nothing: never written through
        raise ScaffoldError(f"{folder} is a link{'' if folder.exists() else ' to nothing'}; choose another id, "
                            f"or remove the link")
    if folder.exists():
        raise ScaffoldError(f"{folder} already exists; choose another id")
    if vid in Catalog(rules_dir).shipped_ids():
        raise ScaffoldError(f"{vid!r} is a standard game that comes with the package; choose another id "
                            f"(a folder of that id would replace the standard game everywhere, its house rules "
                            f"included)")
    return folder


def _base(rules_dir: Path, base: str) -> VariantDef:
    cat = Catalog(rules_dir)
    try:
        return cat.variant(base)
    except SourceError as exc:
        if "unknown variant" in exc.message:
            ids = sorted(cat.variant_ids() + cat.shipped_ids())
            near = difflib.get_close_matches(base, ids, n=1)
            hint = f"did you mean {near[0]!r}? " if near else ""
            raise ScaffoldError(f"no game {base!r} to start from ({hint}known: {', '.join(ids)})") from None
        raise ScaffoldError(f"the game {base!r} has problems; run `rulebook check` ({exc})") from None


def _flow(value) -> str:
    """A params value as YAML flow text (numbers, lists, a mapping by players)."""
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return json.dumps(value)


def _quoted(text: str) -> str:
    """``text`` as a YAML flow scalar: as it is when it reads back the same, else in double quotes."""
    import yaml

    try:
        if yaml.safe_load(f"k: {{v: {text}}}") == {"k": {"v": text}}:
            return text
    except yaml.YAMLError:
        pass
    return json.dumps(text, ensure_ascii=False)


def _params_lines(params: dict, indent: str = "  ", comment_out: bool = False, family=None) -> list[str]:
    """The params' lines, each with what it means (a family's own words where it has them); the params
    a family does not play are left out."""
    out = []
    notes = family.param_notes if family is not None else {}
    for k, v in params.items():
        if family is not None and k in family.unused_params:
            continue
        about = notes.get(k) or PARAMS_SCHEMA["properties"][k]["description"]
        if v is None:                       # left out: the default (no target: one hand is the game)
            out.append(f"{indent}{'' if comment_out else '# '}# {k + ': ...':<28} # {about}")
            continue
        text = f"{k}: {_flow(v)}"
        out.append(f"{indent}{'# ' if comment_out else ''}{text:<28} # {about}")
    return out


def _fits_layout(key: str, value: str, layout: str) -> bool:
    """Whether ``key: value`` may be chosen by a game of ``layout`` (the values of trains alone, and a
    trains game's fixed ones, are left out of the other layout's list)."""
    problems = combination_problems(Choices.from_mapping({"layout": layout, **family_of(layout).fixed, key: value}))
    return not [k for k, _ in problems if k == key]


def _choices_lines(vdef: VariantDef, indent: str = "  ", comment_out: bool = False) -> list[str]:
    """The choices' lines of a game like ``vdef``, each with what its value means and the other
    values its family allows; a value the family always plays says so, in the family's own name."""
    out = []
    layout = vdef.choices.layout
    family = family_of(layout)
    for info in CHOICES:
        if layout not in info.layouts:
            continue
        value = getattr(vdef.choices, info.key)
        others = ", ".join(v for v in info.values if v != value and _fits_layout(info.key, v, layout))
        text = f"{info.key}: {value}"
        always = f" (always played in {family.noun})" if family.fixed.get(info.key) == value else ""
        out.append(f"{indent}{'# ' if comment_out else ''}{text:<32} # {info.words(value, 'en')}{always}"
                   + (f" (or: {others})" if others else ""))
    return out


def new_variant(rules_dir: str | Path, vid: str, base: str = "draw") -> list[Path]:
    """Create ``rules_dir/<vid>/`` playing exactly like the game ``base``
    (every param and rule choice written out), as a draft with placeholder
    texts, and (for a line of play) one worked position; returns the files
    written. Raises :class:`ScaffoldError` for an id that is not lower-case
    words joined by hyphens, an id whose folder exists, or an unknown base."""
    rules_dir = Path(rules_dir)
    folder = _check_id(rules_dir, vid)
    b = _base(rules_dir, base)
    ja, en = PLACEHOLDER["ja"], PLACEHOLDER["en"]
    sample = family_of(b.choices.layout).first_example(b.rules)   # (a line of play's: two tiles placed)
    variant = folder / "variant.yaml"
    position = folder / "positions" / "first-example.yaml"
    example = '\n\n        {{ position("first-example") }}' if sample else ""
    example_en = example
    # the section on how the game is played speaks of its family's play (tiles joining a line, the
    # trains, a tree's arms and toes, or bids and tricks)
    section, title, todo = family_of(b.choices.layout).new_section
    lines = [
        schema_line(variant, rules_dir),
        f"# A new game, a copy of {base}: with these params and choices it plays exactly like {base}.",
        "# Change what your game does differently. Every text marked 【要記入】 (ja) or TODO: (en) is",
        "# still to write; `draft: true` keeps the page off the menus, the comparison tables and the",
        "# search until you remove it (check then refuses any placeholder left). The page appears in",
        f"# the navigation once `- gen/{vid}.md` is added to `nav:` in mkdocs.yml.",
        f"id: {vid}",
        "draft: true",
        "name:",
        f'  ja: "{ja}ゲームの名前"',
        f'  en: "{en} the game\'s name"',
        "summary:",
        f'  ja: "{ja}何人で、何を目指して遊ぶゲームかを1〜2文で。"',
        f'  en: "{en} one or two sentences: who plays and what they aim for."',
        "params:",
        *_params_lines(b.params, family=family_of(b.rules.family)),
        "choices:",
        *_choices_lines(b),
        "sections:",
        "  - id: overview",
        "    title: {ja: 概要, en: Overview}",
        "    body:",
        "      ja: |",
        f"        {ja}ゲームの概要。",
        "",
        "        {{ deal_table() }}",
        "      en: |",
        f"        {en} an overview of the game.",
        "",
        "        {{ deal_table() }}",
        f"  - id: {section}",
        f"    title: {{ja: {_quoted(title['ja'])}, en: {_quoted(title['en'])}}}",
        "    body:",
        "      ja: |",
        f"        {ja}{todo['ja']}" + (example if sample else ""),
        "      en: |",
        f"        {en} {todo['en']}" + (example_en if sample else ""),
        "sources:",
        f'  ja: "{ja}出典（書名やURL）。"',
        f'  en: "{en} sources (books, URLs)."',
    ]
    folder.mkdir(parents=True)
    variant.write_text("\n".join(lines) + "\n", encoding="utf-8")
    written = [variant]
    if sample:
        lead, tile, at, opened = sample
        (folder / "positions").mkdir()
        position.write_text("\n".join([
            schema_line(position, rules_dir, variant_family=b.choices.layout),
            "# A worked position: each step places one tile; every value under `expect` is",
            "# verified by the engine (see the authoring guide).",
            f"variant: {vid}",
            "title:",
            f'  ja: "{ja}例の題名"',
            f'  en: "{en} the example\'s title"',
            "steps:",
            f'  - play: "{lead}"',
            f'  - play: "{tile}"',
            f'    at: "{at}"',
            "    expect:",
            "      open: [" + ", ".join(f'"{e}"' for e in opened) + "]",
            "    caption:",
            f'      ja: "{ja}この手の説明。"',
            f'      en: "{en} what this step shows."',
        ]) + "\n", encoding="utf-8")
        written.append(position)
    return written


def new_house_rule(rules_dir: str | Path, vid: str, base: str) -> list[Path]:
    """Create ``rules_dir/<vid>/variant.yaml``: a house rule of ``base``
    (``extends: base``) that changes nothing yet, with ``base``'s params and
    choices listed as comments to copy and change; returns the file written.
    Raises :class:`ScaffoldError` as :func:`new_variant` does."""
    rules_dir = Path(rules_dir)
    folder = _check_id(rules_dir, vid)
    b = _base(rules_dir, base)
    ja, en = PLACEHOLDER["ja"], PLACEHOLDER["en"]
    variant = folder / "variant.yaml"
    lines = [
        schema_line(variant, rules_dir),
        f"# A house rule: {base} with your changes. Everything not written here is {base}'s:",
        "# its params and choices (merged key by key), summary, sections and sources. A section",
        f"# with the id of one of {base}'s replaces it; a new id adds one. Its page shows what",
        f"# differs from {base}, and re-runs {base}'s worked examples under these rules.",
        "# Remove `draft: true` once the name is written.",
        f"id: {vid}",
        f"extends: {base}",
        "draft: true",
        "name:",
        f'  ja: "{ja}ハウスルールの名前"',
        f'  en: "{en} the house rule\'s name"',
        f"# The params and choices of {base}: to change one, uncomment its line and the `params:` or",
        "# `choices:` line above it, and write the new value.",
        "# params:",
        *_params_lines(b.params, comment_out=True,
                       family=family_of(b.rules.family)),
        "# choices:",
        *_choices_lines(b, comment_out=True),
    ]
    folder.mkdir(parents=True)
    variant.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return [variant]
