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

from ..engine.choices import CHOICES
from .yamlsrc import Source, SourceError

__all__ = ["TEXT", "TILE", "NAME", "POSITION_SCHEMA", "VARIANT_SCHEMA", "CHOICES_SCHEMA", "PARAMS_SCHEMA", "GLOSSARY_SCHEMA", "LANGNAMES", "validate"]

#: The languages every text is written in, with their names in messages.
LANGNAMES = {"ja": "Japanese", "en": "English"}

TEXT = {"type": "object",
         "properties": {"ja": {"type": "string", "minLength": 1}, "en": {"type": "string", "minLength": 1}},
         "required": ["ja", "en"], "additionalProperties": False}
TILE = {"type": "string", "maxLength": 40}
#: Names that become part of addresses and ids (game ids, section ids, glossary keys, position file
#: names): lower-case words of letters and digits joined by single hyphens.
SAFE_NAME_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
NAME = {"type": "string", "pattern": r"^[A-Za-z][A-Za-z0-9_]{0,15}$"}
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
        "layout": {"type": "array", "minItems": 1, "description": "the table, as placement steps",
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
        "steps": {"type": "array", "minItems": 1, "items": _STEP},
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

#: The ``choices`` of a ``variant.yaml``: every rule choice the engine plays, its values
#: (each described) and its default (:data:`generator.engine.choices.CHOICES`).
CHOICES_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "description": "The rule choices: which rule applies at each point of play. A key left out takes its "
                   "default; a house rule (extends) merges its choices over its parent's, key by key.",
    "properties": {
        c.key: {"enum": list(c.values), "default": c.default,
                "description": c.about["en"] + " " + "; ".join(f"{v}: {c.words(v, 'en')}" for v in c.values)
                + ("" if c.layouts != ("trains",) else " (a layout of trains only)")}
        for c in CHOICES
    },
}

#: The ``params`` of a ``variant.yaml``, each described.
PARAMS_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "description": "The game's numbers. A house rule (extends) merges its params over its parent's, key by key.",
    "properties": {
        "set": {"type": "integer", "minimum": 1, "maximum": 18,
                "description": "the highest pip of the set: 6 = double-six (28 tiles), 9 = double-nine, "
                               "12 = double-twelve"},
        "players": {"type": "array", "minItems": 1, "uniqueItems": True, "items": {"type": "integer", "minimum": 2},
                    "description": "the numbers of players who may play, each for themselves"},
        "partnerships": {"type": "array", "uniqueItems": True, "items": {"type": "integer", "minimum": 4},
                         "default": [], "description": "the numbers of players who may play as two partnerships "
                                                       "(partners sit opposite)"},
        "deal": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 1},
                 "description": "tiles dealt to each hand, by number of players (every number in players and "
                                "partnerships)"},
        "stock_reserve": {"type": "integer", "minimum": 0, "default": 0,
                          "description": "tiles that stay in the stock and may never be drawn"},
        "target": {"type": ["integer", "null"], "minimum": 1, "maximum": 100000,
                   "description": "the points (displayed points) that win the game; left out (or null, to undo a "
                                  "parent's): one hand is the game"},
        "point_unit": {"type": "integer", "minimum": 1, "default": 1,
                       "description": "how many raw points (pips) make one displayed point (5 in Horse Race)"},
        "lead_totals": {"type": "array", "uniqueItems": True, "items": {"type": "integer", "minimum": 0},
                        "default": [], "description": "the pip totals a tile may have to be set (the lead); empty: "
                                                      "any tile the other rules allow"},
        "rounds": {"type": "array", "minItems": 1, "uniqueItems": True, "items": {"type": "integer", "minimum": 1},
                   "description": "the match lengths a round-based game (trains) offers, in rounds, default first"},
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
#: whose value differs from it are named).
_CHOICE_KEYS = [c.key for c in CHOICES]
_DEFAULTED_PARAMS = ["partnerships", "stock_reserve", "point_unit", "lead_totals"]

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
    if err.validator == "minLength" and path and path[-1] in LANGNAMES:
        parent = ".".join(str(p) for p in path[:-1])
        return [(path, f"missing translation: the {LANGNAMES[path[-1]]} text of {parent} is empty")]
    if err.validator == "type":
        wants = [err.validator_value] if isinstance(err.validator_value, str) else err.validator_value
        want = " or ".join(_YAML_WORDS.get(w, w) for w in wants)
        got = _YAML_WORDS.get(type(err.instance).__name__, type(err.instance).__name__)
        hint = ""
        if "string" in wants and isinstance(err.instance, list) and len(err.instance) == 1 \
                and isinstance(err.instance[0], str) and re.fullmatch(r"\s*\d+\s*[|-]\s*\d+\s*", err.instance[0]):
            # [1|4] or [1-4] unquoted is YAML's list of one string
            hint = f': a tile in brackets must be quoted, "[{err.instance[0]}]"'
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
        return [(path, f"{where} should be at least {err.validator_value}, not {err.instance!r}")]
    if err.validator == "uniqueItems":
        return [(path, f"{where} lists a value twice ({_brief(err.instance)}); give each once")]
    if err.validator == "maximum":
        return [(path, f"{where} should be at most {err.validator_value}, not {err.instance!r}")]
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


def _brief(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters (a message quotes the
    start of a wrong value, never a whole file)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _near_keys(err: jsonschema.ValidationError) -> list[str]:
    """The valid keys that an additionalProperties error's unknown keys are
    close to (their "did you mean" suggestions), and ``"*"`` (some key is unknown)."""
    allowed = sorted((err.schema.get("properties") or {}).keys())
    near = [m for k in err.instance if str(k) not in allowed
            for m in difflib.get_close_matches(str(k), allowed, n=1, cutoff=0.7)]
    return near + ["*"]


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
        hit = _VALIDATORS[id(schema)] = [schema, None, jsonschema.Draft202012Validator(schema), 0]
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
    data = _jsonable(src.data)
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
    return sorted(unique.values(), key=lambda e: (e.line, e.col, e.message))
