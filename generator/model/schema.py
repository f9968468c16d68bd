"""JSON Schemas of the YAML inputs, and validation that reports ``FILE:LINE:COL``.

Validation uses the ``jsonschema`` library; this module only turns its errors
into located, readable messages (an unknown key suggests the nearest valid one).
"""

from __future__ import annotations

import difflib
import json
import re
from typing import Any

import fastjsonschema
import jsonschema

from ..engine.choices import CHOICES, Choices
from ..engine.family import families, family_of
from ..engine.tilesets import set_names
from .yamlsrc import Source, SourceError

__all__ = ["TEXT", "TILE", "NAME", "POSITION_SCHEMA", "VARIANT_SCHEMA", "CHOICES_SCHEMA", "PARAMS_SCHEMA", "GLOSSARY_SCHEMA", "LANGNAMES", "REGIONS", "PLAYED_IN", "validate"]

#: The languages every text is written in, with their names in messages.
LANGNAMES = {"ja": "Japanese", "en": "English"}

TEXT = {"type": "object",
         "properties": {"ja": {"type": "string", "minLength": 1, "pattern": r"\S"},
                        "en": {"type": "string", "minLength": 1, "pattern": r"\S"}},
         "required": ["ja", "en"], "additionalProperties": False}
TILE = {"type": "string", "maxLength": 40}
#: Names that become part of addresses and ids (game ids, section ids, glossary keys, position file
#: names): lower-case words of letters and digits joined by single hyphens.
SAFE_NAME_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
NAME = {"type": "string", "pattern": r"^[A-Za-z][A-Za-z0-9_]{0,15}$"}
#: The largest number (and, negated, the smallest) an author may write where the schema gives no
#: tighter bound: far beyond any score or count of a game, and short enough for every page to print.
MAX_NUMBER = 1_000_000
#: The most tiles one diagram draws (the placements of a worked example, a practice table): a line
#: longer than that is no longer readable on a page, and drawing it takes a search that grows fast.
MAX_DIAGRAM_TILES = 40

_SIDE_INTS = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}
_SIDE_LIST = {"type": "array", "items": {"type": "string"}}

_PLACE_EXPECT = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "counted": {"type": "array", "items": {"type": "integer", "minimum": 0}},
        "total": {"type": "integer", "minimum": 0},
        "raw": {"type": "integer", "minimum": 0},
        "points": {"type": "integer", "minimum": 0},
        "open": {"type": "array", "items": {"type": "string"}},
    },
}

_STEP = {
    "type": "object", "additionalProperties": False, "required": ["play"],
    "properties": {
        "play": TILE, "at": TILE, "as": {"enum": ["inline", "cross"]},
        "touch": {"type": "integer", "minimum": 0},
        "reject": {"type": "string", "pattern": r"^[a-z0-9-]+/[a-z0-9-]+$"},
        "expect": _PLACE_EXPECT, "caption": TEXT,
    },
    "not": {"required": ["reject", "expect"]},
}

_SETTLE = {
    "type": "object", "additionalProperties": False, "required": ["hands"],
    "properties": {
        "teams": {"type": "array", "minItems": 2, "items": {"type": "array", "minItems": 1, "items": NAME}},
        "out": NAME,
        "capicua": {"type": "boolean", "description": "the player who went out did so with a capicúa: a last "
                                                      "tile, not a double, that fitted either open end"},
        "hands": {"type": "object", "minProperties": 2, "additionalProperties": {
            "oneOf": [{"type": "integer", "minimum": 0}, {"type": "array", "items": TILE}]}},
        "scores": _SIDE_INTS,
        "expect": {
            "type": "object", "additionalProperties": False,
            "properties": {
                "winners": _SIDE_LIST, "points": _SIDE_INTS, "raw": _SIDE_INTS,
                "scores_after": _SIDE_INTS, "game_winners": _SIDE_LIST,
            },
        },
    },
}

_DEAL = {
    "type": "object", "additionalProperties": False,
    "required": ["players", "leader", "hands", "stock"],
    "properties": {
        "players": {"type": "array", "minItems": 2, "items": NAME},
        "teams": _SETTLE["properties"]["teams"],
        "leader": NAME,
        "scores": _SIDE_INTS,
        "hands": {"type": "object", "additionalProperties": {"type": "array", "items": TILE}},
        "stock": {"type": "array", "items": TILE},
    },
}

_MOVE = {
    "type": "object", "additionalProperties": False, "required": ["by"],
    "properties": {
        "by": NAME, "play": TILE, "at": TILE, "as": {"enum": ["inline", "cross"]},
        "touch": {"type": "integer", "minimum": 0}, "draw": TILE, "pass": {"const": True},
        "note": TEXT,
        "expect": {
            "type": "object", "additionalProperties": False,
            "properties": dict(_PLACE_EXPECT["properties"], **{
                "playable": {"type": "boolean"},
                "next": {"type": ["string", "null"]},
                "scores": _SIDE_INTS,
                "end": {"enum": ["out", "blocked", "game"]},
            }),
        },
    },
    "oneOf": [{"required": ["play"]}, {"required": ["draw"]}, {"required": ["pass"]}],
}

_TURN_EXPECT = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "end": {"enum": ["out", "blocked", "game", "none"]},
        "winners": _SIDE_LIST, "points": _SIDE_INTS, "scores_after": _SIDE_INTS,
        "game_winners": _SIDE_LIST, "next_leader": {"type": ["string", "null"]},
    },
}

#: Schema of ``rules/<variant>/positions/*.yaml``: placement (``steps``), settlement
#: (``settle``) or turn-flow (``deal`` + ``turns``) positions.
_PRACTICE = {
    "type": "object", "additionalProperties": False, "required": ["question", "layout", "hand", "answer"],
    "description": "a practice position: a table, the player's hand and a question the engine answers",
    "properties": {
        "question": {"enum": ["best-play", "most-playable"],
                     "description": "best-play: which play scores most now; most-playable: which play leaves "
                                    "the most tiles of the rest of the hand playable"},
        "layout": {"type": "array", "minItems": 1, "maxItems": MAX_DIAGRAM_TILES,
                   "description": "the table, as placement steps",
                   "items": {"type": "object", "additionalProperties": False, "required": ["play"],
                             "properties": {"play": TILE, "at": TILE, "as": {"enum": ["inline", "cross"]},
                                            "touch": {"type": "integer", "minimum": 0}}}},
        "hand": {"type": "array", "minItems": 1, "items": TILE, "description": "the player's tiles"},
        "answer": {"type": "array", "minItems": 1, "items": {"type": "string", "maxLength": 80},
                   "description": "the best play(s), each 'TILE at END' (verified by the engine)"},
    },
}

POSITION_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["variant"],
    "properties": {
        "variant": {"type": "string"},
        "title": TEXT,
        "note": TEXT,
        "steps": {"type": "array", "minItems": 1, "maxItems": MAX_DIAGRAM_TILES, "items": _STEP},
        "settle": _SETTLE,
        "deal": _DEAL,
        "turns": {"type": "array", "minItems": 1, "items": _MOVE},
        "expect": _TURN_EXPECT,
        "practice": _PRACTICE,
    },
    "oneOf": [
        {"required": [key] + more,
         "not": {"anyOf": [{"required": [other]} for other in ("steps", "settle", "deal", "practice") if other != key]}}
        for key, more in (("steps", []), ("settle", []), ("deal", ["turns"]), ("practice", []))
    ],
}

def _always(info, value: str) -> str:
    """`` (always played in a layout of trains and in a tree of doubles)`` after a value some
    families always play (:meth:`~generator.engine.choices.ChoiceInfo.always_in`), else ``""``."""
    names = info.always_in(value)
    return f" (always played in {' and in '.join(family_of(n).noun for n in names)})" if names else ""


#: The ``choices`` of a ``variant.yaml``: every rule choice the engine plays, its values
#: (each described) and its default (:data:`generator.engine.choices.CHOICES`).
CHOICES_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "description": "The rule choices: which rule applies at each point of play. A key left out takes its "
                   "default; a house rule (extends) merges its choices over its parent's, key by key.",
    "properties": {
        c.key: {"enum": list(c.values), "default": c.default,
                "description": c.about["en"] + " " + "; ".join(f"{v}: {c.words(v, 'en')}" + _always(c, v)
                                                               for v in c.values)
                + ("" if Choices().layout in c.layouts else f" (a layout of {' or '.join(c.layouts)} only)")}
        for c in CHOICES
    },
}

#: The ``params`` of a ``variant.yaml``, each described: those every family's games take, then each
#: family's own (declared in its folder).
PARAMS_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "description": "The game's numbers. A house rule (extends) merges its params over its parent's, key by key.",
    "properties": {
        "set": {"type": ["integer", "string"], "minimum": 1, "maximum": 18,
                "pattern": "^(" + "|".join(set_names()) + ")$",
                "description": "the set: the highest pip of a double-n set, 6 = double-six (28 tiles), "
                               "9 = double-nine, 12 = double-twelve; or the name of a set defined as data, "
                               "chinese = the Chinese set (32 tiles, no blanks, eleven of them doubled), "
                               "moon = Moon's double-six set less the six blanks other than the 0-0 (22 tiles)"},
        "players": {"type": "array", "minItems": 0, "maxItems": 16, "uniqueItems": True,
                    "items": {"type": "integer", "minimum": 2, "maximum": 16},
                    "description": "the numbers of players who may play, each for themselves (empty: only in "
                                   "partnerships)"},
        "partnerships": {"type": "array", "maxItems": 16, "uniqueItems": True,
                         "items": {"type": "integer", "minimum": 4, "maximum": 16},
                         "default": [], "description": "the numbers of players who may play as two partnerships "
                                                       "(partners sit opposite)"},
        "deal": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 190},
                 "description": "tiles dealt to each hand, by number of players (every number in players and "
                                "partnerships)"},
        "stock_reserve": {"type": "integer", "minimum": 0, "default": 0,
                          "description": "tiles that stay in the stock and may never be drawn"},
        "target": {"type": ["integer", "null"], "minimum": 1, "maximum": 100000,
                   "description": "the points (displayed points) that win the game; left out (or null, to undo a "
                                  "parent's): one hand is the game"},
        "point_unit": {"type": "integer", "minimum": 1, "default": 1,
                       "description": "how many raw points (pips) make one displayed point (5 in Horse Race)"},
        # then each family's own params (:attr:`generator.engine.family.Family.own_params`), in the
        # registry's order
        **{key: spec for f in families() for key, spec in f.own_params.items()},
    },
}

_SECTIONS = {"type": "array", "minItems": 1, "items": {
    "type": "object", "additionalProperties": False, "required": ["id", "title", "body"],
    "properties": {"id": {"type": "string", "pattern": SAFE_NAME_PATTERN},
                   "title": TEXT, "body": TEXT}}}

#: Other names players use for a game or a term, by language: shown beside
#: the name, and found by the site's search.
ALSO_CALLED: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "description": "other names players use, by language (shown beside the name; search finds them)",
    "properties": {lang: {"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": 80}}
                   for lang in ("ja", "en")}}

#: Where a game is played (``played_in``), in the order the home page lists them: ``widespread`` for a
#: game played in many countries with no one home, then the regions.
REGIONS = ("widespread", "north-america", "latin-america", "caribbean", "britain", "europe")

PLAYED_IN: dict[str, Any] = {
    "type": "array", "minItems": 1, "maxItems": len(REGIONS), "uniqueItems": True,
    "items": {"enum": list(REGIONS)},
    "description": "where people play the game (the home page and the comparison group games by it): "
                   "widespread (many countries, no one home), north-america, latin-america, caribbean, "
                   "britain, europe. A house rule without it keeps its parent's"}

#: Schema of ``rules/<variant>/variant.yaml``: a whole game, or a house rule that
#: ``extends`` another game and gives only what it changes.
VARIANT_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {
        "id": {"type": "string", "pattern": SAFE_NAME_PATTERN,
               "description": "the game's id: the name of its folder and of its page"},
        "extends": {"type": "string", "pattern": SAFE_NAME_PATTERN,
                    "description": "the game this one changes (a house rule): everything not given here is "
                                   "inherited from it"},
        "rules": {"type": "string", "pattern": SAFE_NAME_PATTERN,
                  "description": "take the rule choices of this game (older form; prefer `choices` or `extends`)"},
        "draft": {"type": "boolean", "default": False,
                  "description": "a game still being written: its page is built for preview but left out of the "
                                 "navigation, the comparison tables and the search, and placeholder text is allowed"},
        "name": TEXT, "summary": TEXT,
        "aka": ALSO_CALLED,
        "played_in": PLAYED_IN,
        "params": PARAMS_SCHEMA,
        "choices": CHOICES_SCHEMA,
        "sections": _SECTIONS,
        "sources": TEXT,
    },
    "if": {"required": ["extends"]},
    "then": {"required": ["id", "extends", "name"]},
    "else": {"required": ["id", "name", "summary", "params", "sections", "sources"],
             "properties": {"params": {"required": ["set", "players", "deal"]}}},
}

#: What a glossary term's ``games:`` may name: a rule choice, or a param with a default (the games
#: whose value differs from it are named): the shared ones, then each family's own that declares one.
_CHOICE_KEYS = [c.key for c in CHOICES]
_DEFAULTED_PARAMS = ["partnerships", "stock_reserve", "point_unit",
                     *(key for f in families() for key, spec in f.own_params.items() if "default" in spec)]

#: Schema of ``rules/glossary.yaml``.
GLOSSARY_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["terms"],
    "properties": {"terms": {"type": "array", "items": {
        "type": "object", "additionalProperties": False, "required": ["key", "ja", "en", "def"],
        "properties": {"key": {"type": "string", "pattern": SAFE_NAME_PATTERN},
                       "ja": {"type": "string"}, "en": {"type": "string"},
                       "reading": {"type": "string", "pattern": r"^[ぁ-ゖゔー・／ ]+$",
                                   "description": "the Japanese term's reading in hiragana (it orders the "
                                                  "Japanese glossary in 五十音 order; without it, the term itself)"},
                       "aka": ALSO_CALLED,
                       "def": TEXT,
                       "games": {"type": "array", "minItems": 1, "maxItems": 4,
                                 "items": {"enum": [*_CHOICE_KEYS, *_DEFAULTED_PARAMS]},
                                 "description": "rule choices or params whose games the glossary names under "
                                                "the definition, grouped by how they play (made from the games' "
                                                "rules, so that it stays true)"}}}}},
}


def bound_numbers(schema: Any) -> Any:
    """Give every number of ``schema`` (in place; returned) a ``maximum`` and a
    ``minimum`` where it has none: :data:`MAX_NUMBER` and its negative. No
    number an author writes is then longer than a page prints (a score of
    thousands of digits would not even convert to text)."""
    if isinstance(schema, list):
        for s in schema:
            bound_numbers(s)
    elif isinstance(schema, dict):
        kinds = schema.get("type")
        kinds = [kinds] if isinstance(kinds, str) else kinds or []
        if "integer" in kinds or "number" in kinds:
            schema.setdefault("maximum", MAX_NUMBER)
            schema.setdefault("minimum", -MAX_NUMBER)
        for v in schema.values():
            if isinstance(v, (dict, list)):
                bound_numbers(v)
    return schema


for _schema in (POSITION_SCHEMA, PARAMS_SCHEMA, VARIANT_SCHEMA, GLOSSARY_SCHEMA):
    bound_numbers(_schema)


def _jsonable(data: Any) -> Any:
    if isinstance(data, dict):
        return {str(k): _jsonable(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_jsonable(v) for v in data]
    return data


def _path(src: Source, err: jsonschema.ValidationError) -> tuple:
    # jsonschema paths use str keys; map back to the original (int) keys.
    out: list = []
    cur = src.data
    for part in err.absolute_path:
        if isinstance(cur, dict):
            match = next((k for k in cur if str(k) == str(part)), part)
            out.append(match)
            cur = cur.get(match)
        elif isinstance(cur, list) and isinstance(part, int) and part < len(cur):
            out.append(part)
            cur = cur[part]
        else:
            break
    return tuple(out)


_YAML_WORDS = {"object": "mapping", "array": "list", "dict": "mapping", "list": "list", "str": "string",
               "int": "integer", "NoneType": "null", "bool": "boolean", "float": "number"}


def _article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _messages(src: Source, err: jsonschema.ValidationError, path: tuple) -> list[tuple[tuple, str]]:
    """``[(path, message)]`` for one jsonschema error (an unknown-key error
    gives one entry per unknown key)."""
    where = ".".join(str(p) for p in path) or "the file"
    if err.validator == "additionalProperties":
        allowed = sorted((err.schema.get("properties") or {}).keys())
        out = []
        for key in [k for k in err.instance if str(k) not in allowed] or ["?"]:
            near = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.7)
            hint = f"; did you mean {near[0]!r}?" if near else (
                f"; valid keys: {', '.join(allowed)}" if allowed else "")
            out.append((path + (key,), f"unknown key {key!r} in {where}{hint}"))
        return out
    if err.validator == "required":
        missing = err.message.split(" is a required")[0]
        if set((err.schema.get("properties") or {})) == set(LANGNAMES):
            lang = missing.strip("'\"")
            return [(path, f"missing translation: {where} has no {lang!r} ({LANGNAMES.get(lang, lang)}) text")]
        return [(path, f"{where} needs {missing}")]
    if err.validator in ("minLength", "pattern") and path and path[-1] in LANGNAMES:
        if err.validator == "pattern" and err.instance == "":
            return []                       # said once, as empty (minLength)
        parent = ".".join(str(p) for p in path[:-1])
        empty = "is empty" if err.validator == "minLength" else "holds only spaces"
        return [(path, f"missing translation: the {LANGNAMES[path[-1]]} text of {parent} {empty}")]
    if err.validator == "type":
        wants = [err.validator_value] if isinstance(err.validator_value, str) else err.validator_value
        want = " or ".join(_YAML_WORDS.get(w, w) for w in wants)
        got = _YAML_WORDS.get(type(err.instance).__name__, type(err.instance).__name__)
        hint = ""
        if "string" in wants and isinstance(err.instance, list) and len(err.instance) == 1 \
                and isinstance(err.instance[0], str) and re.fullmatch(r"\s*\d+\s*[|-]\s*\d+\s*", err.instance[0]):
            # [1|4] or [1-4] unquoted is YAML's list of one string
            hint = f': a tile in brackets must be quoted, "[{err.instance[0]}]"'
        if err.instance is None:            # `key:` or `key: null`: nothing written
            return [(path, f"{where} should be {_article(want)}, but no value is given")]
        return [(path, f"{where} should be {_article(want)}, not {_article(got)} ({_brief(err.instance)}){hint}")]
    if err.validator in ("oneOf", "anyOf") and path == ():
        return [(path, ("a position file has exactly one of: `steps` (placements), `settle` "
                        "(a settlement) or `deal` with `turns` (a hand played move by move)"))]
    if err.validator == "oneOf" and isinstance(err.instance, dict) and "by" in err.instance:
        return [(path, f"{where}: a move is exactly one of `play`, `draw` or `pass`")]
    if err.validator == "oneOf" and "hands" in path:
        return [(path, f"{where} should be a list of tiles or a pip total (a whole number, 0 or more)")]
    if err.validator == "not" and isinstance(err.instance, dict) and "reject" in err.instance:
        return [(path + ("reject",), (f"{where}: a rejected step (`reject`) is not placed, so it has no "
                                      f"`expect`; state the values on a step that is placed"))]
    if err.validator == "minimum":
        return [(path, f"{where} should be at least {err.validator_value:,}, not {_number(err.instance)}")]
    if err.validator == "uniqueItems":
        return [(path, f"{where} lists a value twice ({_brief(err.instance)}); give each once")]
    if err.validator == "maximum":
        return [(path, f"{where} should be at most {err.validator_value:,}, not {_number(err.instance)}")]
    if err.validator == "maxItems":             # at the first item too many
        return [(path + (err.validator_value,) if isinstance(err.instance, list) else path, f"{where} holds {getattr(err.instance, 'full', 0) or len(err.instance):,} items, more than {err.validator_value:,}"
                       + (" (a diagram shows at most that many tiles)" if err.validator_value == MAX_DIAGRAM_TILES
                          else ""))]
    if err.validator == "pattern":
        if err.validator_value == SAFE_NAME_PATTERN:
            return [(path, f"{where}: {err.instance!r} is not a valid name: use lower-case letters, digits and "
                           f"single hyphens (like 'my-house-rule'), since it becomes part of the site's addresses")]
        return [(path, f"{where}: {err.instance!r} is not a valid name here")]
    if err.validator == "minProperties":
        return [(path, f"{where} needs at least {err.validator_value} entries")]
    if err.validator == "minItems":
        return [(path, f"{where} needs at least {err.validator_value} item{'s' if err.validator_value != 1 else ''}")]
    if err.validator == "maxLength":
        return [(path, f"{where} is longer than {err.validator_value} characters")]
    if err.validator == "const":
        return [(path, f"{where} must be {json.dumps(err.validator_value)}")]
    if err.validator == "enum":
        return [(path, (f"{where} must be one of {', '.join('null' if x is None else str(x) for x in err.validator_value)}"
                        f", not {'null' if err.instance is None else repr(err.instance)}"))]
    return [(path, f"{where}: {err.message}"[:300])]


def _number(value: Any) -> str:
    """A number as a message shows it: a huge one by its size (Python will
    not even write an integer of more than 4,300 digits).

    >>> _number(12), _number(10 ** 5000)
    ('12', 'a number of 5,001 digits')
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10 ** 30:
        digits = int(abs(value).bit_length() * 0.30102999566398120) + 1
        if 10 ** (digits - 1) > abs(value):
            digits -= 1
        return f"a number of {digits:,} digits"
    return repr(value)


def _brief(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters (a message quotes the
    start of a wrong value, never a whole file); a huge number or a long
    list by its size."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _number(value)
    if isinstance(value, (list, tuple, dict)) and len(value) > 100:
        return f"{'a mapping' if isinstance(value, dict) else 'a list'} of {len(value):,} items"
    try:
        text = repr(value)
    except ValueError:                      # a number too long to write, inside
        return f"{'a mapping' if isinstance(value, dict) else 'a list'} of {len(value):,} items"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _near_keys(err: jsonschema.ValidationError) -> list[str]:
    """The valid keys that an additionalProperties error's unknown keys are
    close to (their "did you mean" suggestions), and ``"*"`` (some key is unknown)."""
    allowed = sorted((err.schema.get("properties") or {}).keys())
    near = [m for k in err.instance if str(k) not in allowed
            for m in difflib.get_close_matches(str(k), allowed, n=1, cutoff=0.7)]
    return near + ["*"]


def python_pattern(pattern: str) -> str:
    r"""A JSON Schema ``pattern`` (ECMA-262) as a Python expression that
    matches the same texts with ``re.search``: each ``$`` outside a bracket
    and not escaped becomes ``\Z``. In Python ``$`` also matches before a final
    line break, so ``^[a-z]+$`` would let ``"abc\n"`` pass as a name; in
    ECMA-262 (and in the editors that read the published schemas) it matches
    only at the end of the text.

    >>> python_pattern(r"^[a-z$]+(-[a-z]+)*$"), python_pattern(r"^\$\d+$")
    ('^[a-z$]+(-[a-z]+)*\\Z', '^\\$\\d+\\Z')
    """
    out, i, in_class = [], 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            out.append(pattern[i:i + 2])
            i += 2
            continue
        if c == "[" and not in_class:
            in_class = True
        elif c == "]" and in_class:
            in_class = False
        out.append("\\Z" if c == "$" and not in_class else c)
        i += 1
    return "".join(out)


_PATTERNS: dict[str, re.Pattern] = {}


def _pattern(validator, pattern, instance, schema):
    """jsonschema's ``pattern`` keyword with ECMA-262's ``$`` (:func:`python_pattern`)."""
    if validator.is_type(instance, "string"):
        compiled = _PATTERNS.get(pattern)
        if compiled is None:
            compiled = _PATTERNS[pattern] = re.compile(python_pattern(pattern))
        if not compiled.search(instance):
            yield jsonschema.ValidationError(f"{_brief(instance)} does not match {pattern!r}")


def _json_key(value: Any):
    """A hashable stand-in for a JSON value, equal exactly when JSON Schema
    calls two values equal (``1`` and ``1.0`` are, ``1`` and ``true`` are not)."""
    if isinstance(value, bool) or value is None:
        return ("b", value)
    if isinstance(value, (int, float)):
        return ("n", value)
    if isinstance(value, str):
        return ("s", value)
    if isinstance(value, list):
        return ("l", tuple(_json_key(v) for v in value))
    if isinstance(value, dict):
        return ("d", frozenset((k, _json_key(v)) for k, v in value.items()))
    return ("?", repr(value))


def _unique_items(validator, unique, instance, schema):
    """jsonschema's ``uniqueItems`` in time linear in the list's length (the
    library's own compares every pair when a list mixes kinds of value: a list
    of thousands of numbers and one ``true`` took minutes)."""
    if unique and validator.is_type(instance, "array"):
        seen = set()
        for v in instance:
            k = _json_key(v)
            if k in seen:
                yield jsonschema.ValidationError(f"{_brief(instance)} has non-unique elements")
                return
            seen.add(k)


#: The validator class: Draft 2020-12 with ECMA-262's ``$`` in patterns and a linear uniqueness check.
_Validator = jsonschema.validators.extend(jsonschema.Draft202012Validator,
                                          {"pattern": _pattern, "uniqueItems": _unique_items})


#: Compiled validators by schema identity (each entry keeps its schema alive, so ids stay unique).
_VALIDATORS: dict[int, list] = {}


#: Documents checked against one schema before its fast check is compiled (compiling costs
#: about as much as checking 100 documents with jsonschema, so small runs skip it).
COMPILE_AFTER = 64


def _compiled(schema: dict):
    """``(fast check or None, jsonschema validator)`` for ``schema``. The fast
    check is ``fastjsonschema``'s compiled function, made once the schema has
    been used :data:`COMPILE_AFTER` times (``None`` before, or where it cannot
    compile the schema); it only says whether a document is valid."""
    hit = _VALIDATORS.get(id(schema))
    if hit is None or hit[0] is not schema:
        hit = _VALIDATORS[id(schema)] = [schema, None, _Validator(schema), 0]
    hit[3] += 1
    if hit[3] == COMPILE_AFTER:
        try:
            hit[1] = fastjsonschema.compile(_fast_form(schema))
        except Exception:                  # a construct it does not know: jsonschema alone
            hit[1] = None
    return hit[1], hit[2]


def _fast_form(schema):
    """``schema`` with each "not all of these keys" clause (``not: {required:
    [a, b, ...]}``) said the way ``fastjsonschema``'s dialect checks cheaply:
    ``dependencies: {a: {not: {required: [b, ...]}}}`` -- the same documents
    pass. Its ``not`` raises and catches an exception for every valid object
    (for every step of a position, say), which made it most of the schema time.
    The published schema keeps the plain form; jsonschema explains with it.

    >>> _fast_form({"not": {"required": ["reject", "expect"]}, "type": "object"})
    {'type': 'object', 'dependencies': {'reject': {'not': {'required': ['expect']}}}}
    """
    if isinstance(schema, list):
        return [_fast_form(x) for x in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: _fast_form(v) for k, v in schema.items() if k != "not"}
    if "not" in schema:
        neg = schema["not"]
        keys = neg.get("required") if isinstance(neg, dict) and set(neg) == {"required"} else None
        if keys and len(keys) >= 2 and "dependencies" not in schema:
            out["dependencies"] = {keys[0]: {"not": {"required": list(keys[1:])}}}
        else:
            out["not"] = _fast_form(neg)
    return out


def name_keys(src: Source) -> list[SourceError]:
    """Keys of a position file that YAML read as something other than text
    (``5:`` as a number, ``true:``/``no:`` as booleans), located at the key.
    A position's free-form mappings (hands, scores) are keyed by player and
    side names, which are text; a schema sees every key as a string, so it
    cannot tell ``5`` from ``"5"``. Run after the schema, which names the
    keys of fixed mappings (``on:`` for ``at:``, say) more precisely."""
    out: list[SourceError] = []

    def walk(value, path):
        if isinstance(value, dict):
            for k, v in value.items():
                if not isinstance(k, str):
                    line, col = src.mark(path + (k,))
                    rows = src.text.split("\n")
                    word = rows[line - 1][col - 1:].split(":", 1)[0].strip() if line <= len(rows) else str(k)
                    what = "a boolean" if isinstance(k, bool) else "a number"
                    out.append(src.error(path + (k,), f"YAML reads the key `{word}` as {what}; a player's or side's "
                                                      f"name is text: write it in quotes (\"{word}\")"))
                walk(v, path + (k,))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, path + (i,))

    walk(src.data, ())
    return out


def yaml_on_key(src: Source, path: tuple, instead: str) -> SourceError | None:
    """The error for a key YAML reads as a boolean in the mapping at
    ``path``, or ``None``.

    YAML 1.1 reads a bare ``on`` as true, so ``on:`` arrives as the key
    ``True``, which a schema would report as "unknown key 'True'"; this names
    the trap and what to write (``instead``) at the key's location. Other
    such words (``yes``, ``no``, ``off``...) are named as written."""
    m = src.get(path)
    if not isinstance(m, dict):
        return None
    for k in m:
        if isinstance(k, bool):             # on/off, yes/no, true/false: YAML 1.1's booleans
            line, col = src.mark(path + (k,))
            rows = src.text.split("\n")
            word = rows[line - 1][col - 1:].split(":", 1)[0].strip().strip("\"'") if line <= len(rows) else ""
            if k is True and word.lower() == "on":
                return src.error(path + (k,), f"YAML reads the key `on` as true: {instead}")
            return src.error(path + (k,), f"YAML reads the key `{word or k}` as {str(k).lower()}, which is no key "
                                          f"here; write the key you mean")
    return None


def validate(src: Source, schema: dict) -> list[SourceError]:
    """Every schema problem of ``src`` as located errors, in file order.

    A valid document is recognised by a compiled check (``fastjsonschema``,
    a few times quicker); only a document it refuses goes through
    ``jsonschema``, which finds every problem and is the one that decides."""
    fast, validator = _compiled(schema)
    data = _capped(_jsonable(src.data), schema)
    if fast is not None:
        try:
            fast(data)
            return []
        except fastjsonschema.JsonSchemaException:
            pass
    found = []
    for err in validator.iter_errors(data):
        path = _path(src, err)
        found += [(err, path, p, m) for p, m in _messages(src, err, path)]
    # A misspelt key also leaves its right spelling missing: report the misspelling only.
    unknown = {(path, key) for err, path, _, _ in found if err.validator == "additionalProperties"
               for key in _near_keys(err)}
    out = []
    for err, path, where, msg in found:
        if err.validator == "required" and any(
                (path, k) in unknown for k in err.validator_value if k not in (err.instance or {})):
            continue
        if err.validator in ("oneOf", "anyOf") and path == () and ((), "*") in unknown:
            continue
        out.append(src.error(where, msg))
    unique = {str(e): e for e in out}
    found = sorted(unique.values(), key=lambda e: (e.line, e.col, e.message))
    if len(found) > MAX_PROBLEMS:
        last = found[MAX_PROBLEMS - 1]
        found = found[:MAX_PROBLEMS] + [SourceError(last.file, last.line, last.col,
                                                    f"and {len(found) - MAX_PROBLEMS:,} more problems of the kinds "
                                                    f"above (the first {MAX_PROBLEMS} are shown)")]
    return found


#: The most schema problems reported for one file (the rest are counted).
MAX_PROBLEMS = 50


class _Cut(list):
    """A list cut by :func:`_capped`; ``full`` is its length as written."""
    full = 0


def _capped(data: Any, schema: Any) -> Any:
    """``data`` with every list that the schema bounds (``maxItems``) cut to
    one item more than its bound, before validation: the list is still
    refused for its length, and the items past the bound are not checked one
    by one (20,000 numbers would be 20,000 problems). Follows ``properties``,
    ``additionalProperties`` and ``items``; a cut list is a copy."""
    if not isinstance(schema, dict):
        return data
    if isinstance(data, list):
        bound = schema.get("maxItems")
        if isinstance(bound, int) and len(data) > bound + 1:
            full = len(data)
            data = _Cut(data[:bound + 1])
            data.full = full
        items = schema.get("items")
        if isinstance(items, dict):
            capped = [_capped(v, items) for v in data]
            if isinstance(data, _Cut):
                capped = _Cut(capped)
                capped.full = data.full
            data = capped
        return data
    if isinstance(data, dict):
        props = schema.get("properties") or {}
        extra = schema.get("additionalProperties")
        out = {}
        for k, v in data.items():
            sub = props.get(k, extra if isinstance(extra, dict) else None)
            out[k] = _capped(v, sub) if sub is not None else v
        return out
    return data
