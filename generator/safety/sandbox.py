"""The rule texts' template sandbox and its budget.

A rule text is a Jinja template written by a club (untrusted input, sent by
pull request). It runs in :class:`Sandbox`: Jinja's immutable sandbox, with
``*``, ``**``, ``+``, ``%`` and ``~`` refused before they would make a result
larger than :data:`MAX_TEMPLATE_SIZE`, every filter's output bounded, and
:class:`Budget` stopping a template that runs too many lines
(:data:`MAX_TEMPLATE_STEPS`) or too long (:data:`MAX_TEMPLATE_SECONDS`).
:func:`bounded_output` stops a template whose output passes the size limit.
"""

from __future__ import annotations

import functools
import re
import sys
import time
from typing import Any

import jinja2
import jinja2.compiler
import jinja2.sandbox


__all__ = ["Sandbox", "Budget", "bounded_output", "template_line", "text_size", "joined_size", "MAX_TEMPLATE_SIZE", "MAX_TEMPLATE_STEPS", "MAX_TEMPLATE_SECONDS"]


#: The longest string or list, and the largest whole number (in bits), that ``*``, ``**``
#: and ``+`` may make in a rule text: far beyond any page, far below a memory bomb.
MAX_TEMPLATE_SIZE = 100_000


_UNITS = {"a string": "characters", "a list": "items", "a number": "bits", "a list (written out)": "characters"}


class _BoundedCodeGenerator(jinja2.compiler.CodeGenerator):
    """Jinja's code generator with ``~`` made a call of the sandbox's
    :meth:`Sandbox.bounded_concat` (Jinja joins ``~`` with a plain
    ``str.join`` that no sandbox hook sees)."""

    def visit_Concat(self, node, frame):
        self.write("environment.bounded_concat((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


class Sandbox(jinja2.sandbox.ImmutableSandboxedEnvironment):
    """The rule texts' sandbox, which also refuses ``*``, ``**``, ``+``, ``%``
    and ``~`` results larger than :data:`MAX_TEMPLATE_SIZE` before making them
    (``"x" * 500000000`` or ``"%.1000000000f" % 1`` would take gigabytes;
    Jinja's own sandbox only limits ``range``)."""

    code_generator_class = _BoundedCodeGenerator

    intercepted_binops = frozenset(["*", "**", "+", "%"])

    def __init__(self, **kwargs):
        super().__init__(finalize=_finalize, **kwargs)
        self.filters = {name: _bounded(name, f) for name, f in self.filters.items()}

    def bounded_concat(self, values: tuple) -> str:
        """The ``~`` operator (``a ~ b ~ c``), refused when its result would
        be longer than :data:`MAX_TEMPLATE_SIZE` (a loop that doubles a
        string with ``~`` would otherwise take gigabytes); the size is
        estimated before any part is made text (:func:`text_size`)."""
        size = joined_size(values)
        if size > MAX_TEMPLATE_SIZE:
            raise jinja2.sandbox.SecurityError(f"`~` would make a string of {size:,} characters; "
                                               f"a rule text may make at most {MAX_TEMPLATE_SIZE:,}")
        return "".join(str(v) for v in values)

    def call(self, context, obj, *args, **kwargs):
        """Method calls: refuse those that would make a string larger than
        :data:`MAX_TEMPLATE_SIZE` (``"a".center(10**9)``, a format width of
        ``10**9``, ``replace`` or ``join`` blowing a text up)."""
        owner = getattr(obj, "__self__", None)
        if isinstance(owner, str):
            _check_growth(getattr(obj, "__name__", ""), owner, args, kwargs)
        return super().call(context, obj, *args, **kwargs)

    def wrap_str_format(self, value: Any):
        """``str.format``/``format_map`` (which Jinja's sandbox wraps itself)
        behind the same size check as other string methods."""
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        text, name = value.__self__, value.__name__

        def checked(*args, **kwargs):
            _check_growth(name, text, args, kwargs)
            return wrapped(*args, **kwargs)
        return checked

    def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
        size, unit = _binop_size(operator, left, right)
        if size > MAX_TEMPLATE_SIZE:
            raise jinja2.sandbox.SecurityError(f"`{operator}` would make {unit} of {size:,} "
                                               f"{_UNITS[unit]}; "
                                               f"a rule text may make at most {MAX_TEMPLATE_SIZE:,}")
        return super().call_binop(context, operator, left, right)


def text_size(value: Any, limit: int = MAX_TEMPLATE_SIZE) -> int:
    """An estimate of ``len(str(value))`` made without building the text (a
    little over it: a list's brackets and separators, a number's digits by its
    bits), in time bounded by ``limit``: counting stops once the estimate
    passes ``limit`` (the result is then larger than ``limit``, not the full
    size).
    A list holding one string many times counts it each time, as its text
    would (``[big] * 100000`` is 100,000 copies of ``big``).

    >>> text_size("abc"), text_size(["ab", "cd"]), text_size(10 ** 20)   # str(): 3, 12 and 21 characters
    (3, 14, 22)
    >>> text_size(["x" * 1000] * 1000) > MAX_TEMPLATE_SIZE
    True
    """
    total, stack = 0, [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            total += len(v)
        elif isinstance(v, bool) or v is None:
            total += 5
        elif isinstance(v, int):
            total += len(str(v)) if -10 ** 18 < v < 10 ** 18 else int(v.bit_length() * 0.30103) + 2
        elif isinstance(v, float):
            total += 24
        elif isinstance(v, (list, tuple, set, frozenset, dict)):
            items = list(v.items()) if isinstance(v, dict) else v
            total += 2 + 2 * len(items)
            if total > limit:
                return total
            for item in items:          # strings inside a container are written quoted
                if isinstance(item, tuple) and isinstance(v, dict):
                    stack.extend(item)
                    total += 4
                else:
                    stack.append(item)
                    total += 2 if isinstance(item, str) else 0
        else:                           # a macro, an undefined value, a game's params: short texts
            total += 100
        if total > limit:
            return total
    return total


def joined_size(items, limit: int = 2 * MAX_TEMPLATE_SIZE) -> int:
    """The length of ``"".join(str(x) for x in items)``, estimated as
    :func:`text_size` estimates each, counting no further than ``limit``."""
    total = 0
    for x in items:
        total += text_size(x, limit)
        if total > limit:
            break
    return total


def _finalize(value: Any) -> Any:
    """What ``{{ ... }}`` writes, refused before it is made text when its
    text would pass :data:`MAX_TEMPLATE_SIZE` (:func:`text_size`)."""
    if not isinstance(value, str):
        size = text_size(value)
        if size > MAX_TEMPLATE_SIZE:
            raise jinja2.sandbox.SecurityError(f"`{{{{ ... }}}}` would write {size:,} characters or more; "
                                               f"a rule text may make at most {MAX_TEMPLATE_SIZE:,}")
    return value


#: A ``%`` conversion: its mapping key, flags, width and precision (``*`` takes an argument).
_PERCENT = re.compile(r"%(?:\([^)]*\))?[-+ #0]*(\*|\d+)?(?:\.(\*|\d+))?[a-zA-Z%]")
#: A standard format spec (``str.format``): fill and align, sign, ``#``, ``0``, width, grouping, precision.
_SPEC = re.compile(r"^(?:.?[<>=^])?[-+ ]?z?#?0?(\d+)?[,_]?(?:\.(\d+))?")


def _argument_sizes(args: tuple) -> tuple[int, int]:
    """``(longest, widest)``: the length of the longest argument as text (a
    mapping's values each), and the largest whole number among them (which a
    ``*`` or nested width would take as a width)."""
    longest = widest = 0
    for a in args:
        for v in (a.values() if isinstance(a, dict) else (a,)):
            if isinstance(v, int) and not isinstance(v, bool):
                widest = max(widest, min(abs(v), 10 ** 12))
            longest = max(longest, text_size(v, 2 * MAX_TEMPLATE_SIZE))
    return longest, widest


def _format_size(fmt: str, args: tuple, percent: bool) -> int:
    """A generous estimate, made before it runs, of the length of ``fmt``
    formatted with ``args`` (``%`` when ``percent``, else ``str.format``):
    the format's own length, plus for every field the longest argument and
    the field's width and precision (the largest number among the arguments
    where a width is taken from them). Never less than the real length."""
    import string

    longest, widest = _argument_sizes(args)
    size = len(fmt)
    if percent:
        for m in _PERCENT.finditer(fmt):
            size += longest + sum(widest if w == "*" else int(w) for w in m.groups() if w)
        return size
    try:
        fields = list(string.Formatter().parse(fmt))
    except ValueError:                  # not a valid format: str.format refuses it anyway
        return size
    for _, name, spec, _ in fields:
        if name is None:
            continue
        size += longest
        if spec:
            if "{" in spec:             # a nested field: a width or precision taken from the arguments
                size += 2 * widest
            m = _SPEC.match(spec)
            size += sum(int(w) for w in m.groups() if w) if m else 0
    return size


def _check_growth(name: str, text: Any, args: tuple, kwargs: dict, is_filter: bool = False) -> None:
    """Raise a sandbox error when the string method or filter ``name``
    applied to ``text`` with ``args`` would make more than
    :data:`MAX_TEMPLATE_SIZE` characters (estimated before it runs: widths,
    format widths, replacements, joins)."""
    numbers = [a for a in (*args, *kwargs.values()) if isinstance(a, int) and not isinstance(a, bool)]
    size = max(numbers, default=0)
    if name in ("format", "format_map") and isinstance(text, str):
        size = _format_size(text, (*args, *kwargs.values()), percent=is_filter)
    elif name == "replace" and isinstance(text, str) and len(args) >= 2 and all(isinstance(a, str) for a in args[:2]):
        size = len(text) + text.count(args[0]) * len(args[1]) if args[0] else len(text) * (len(args[1]) + 1)
    elif name == "join" and isinstance(text, str):          # the method: "sep".join(items)
        items = args[0] if args else kwargs.get("iterable", ())
        if isinstance(items, (list, tuple, set, frozenset, dict, str)):
            size = joined_size(items) + len(text) * len(items)
    elif name == "join" and not isinstance(text, str) and isinstance(text, (list, tuple)):
        sep = args[0] if args and isinstance(args[0], str) else kwargs.get("d", "")
        size = joined_size(text) + len(sep if isinstance(sep, str) else "") * len(text)
    elif name in _TEXT_FILTERS and is_filter:
        size = max(size, text_size(text, 2 * MAX_TEMPLATE_SIZE))
    elif name == "indent" and isinstance(text, str):
        size = len(text) + (text.count("\n") + 1) * max(size, len(args[0]) if args and isinstance(args[0], str) else 0)
    if size > MAX_TEMPLATE_SIZE:
        raise jinja2.sandbox.SecurityError(f"`{name}` would make a string of about {size:,} characters; "
                                           f"a rule text may make at most {MAX_TEMPLATE_SIZE:,}")


#: Filters that make their value text (``|string``, ``|pprint``...): the text's size is estimated first.
_TEXT_FILTERS = frozenset({"string", "pprint", "tojson", "urlencode", "e", "escape", "forceescape", "safe",
                           "upper", "lower", "title", "capitalize", "trim", "striptags", "wordwrap", "center",
                           "xmlattr", "list", "unique", "sort", "reverse", "dictsort", "items", "wordcount",
                           "truncate", "format"})


def _bounded(name: str, f):
    """The filter ``f`` behind a size check (:func:`_check_growth`)."""
    @functools.wraps(f)
    def bounded(*args, **kwargs):
        values = [a for a in args if not isinstance(a, (jinja2.runtime.Context, jinja2.nodes.EvalContext,
                                                        jinja2.Environment))]
        if values:
            _check_growth(name, values[0], tuple(values[1:]), kwargs, is_filter=True)
        return f(*args, **kwargs)
    return bounded


def _binop_size(operator: str, left: Any, right: Any) -> tuple[int, str]:
    """``(size, what)``: a cheap estimate, made before computing it, of the
    size of ``left OPERATOR right`` when it is a string or list (its length)
    or a whole number (its bits); ``(0, "")`` for anything else."""
    def whole(*xs):
        return all(isinstance(x, int) and not isinstance(x, bool) for x in xs)

    def what(x):
        return "a string" if isinstance(x, str) else "a list" if isinstance(x, (list, tuple)) else ""
    if operator == "*":                 # a list counts by its items, and by its text (each repeat in full)
        for seq, n in ((left, right), (right, left)):
            if what(seq) and whole(n):
                if isinstance(seq, str) or len(seq) * n > MAX_TEMPLATE_SIZE:
                    return len(seq) * n, what(seq)
                return text_size(seq, 2 * MAX_TEMPLATE_SIZE) * n, "a list (written out)"
        if whole(left, right):
            return left.bit_length() + right.bit_length(), "a number"
    elif operator == "**" and whole(left, right) and right > 0:
        return max(left.bit_length() - 1, int(abs(left) > 1)) * right, "a number"
    elif operator == "+" and what(left) and what(right):
        if isinstance(left, str) or len(left) + len(right) > MAX_TEMPLATE_SIZE:
            return len(left) + len(right), what(left)
        return text_size(left, 2 * MAX_TEMPLATE_SIZE) + text_size(right, 2 * MAX_TEMPLATE_SIZE), "a list (written out)"
    elif operator == "%" and isinstance(left, str):
        args = right if isinstance(right, tuple) else (right,)
        return _format_size(left, args, percent=True), "a string"
    return 0, ""


#: How the ids the page gives its own parts begin: worked examples and their steps, figures, the
#: diagrams' own ids, the site's styles and scripts.
def bounded_output(tmpl: jinja2.Template, values: dict) -> str:
    """``tmpl`` rendered with ``values``, stopped with a sandbox error as soon
    as what it has written (what the macros write included) passes
    :data:`MAX_TEMPLATE_SIZE` characters: a loop writing a long text again and
    again never makes more than that."""
    parts, size = [], 0
    for part in tmpl.generate(**values):
        size += len(part)
        if size > MAX_TEMPLATE_SIZE:
            raise jinja2.sandbox.SecurityError(f"the text would be longer than {MAX_TEMPLATE_SIZE:,} characters "
                                               f"(a rule text may make at most that; split it into sections)")
        parts.append(part)
    return "".join(parts)


#: The work one rule text's template may do: lines of template code run (a loop's body counts
#: once per turn) and seconds spent in it (our macros, which draw the examples, not counted).
MAX_TEMPLATE_STEPS = 200_000
MAX_TEMPLATE_SECONDS = 2.0


class Budget:
    """Runs a template under a work budget: a trace function, active only in
    the template's own frames, counts the lines it runs and watches the
    clock, and stops it with a sandbox error when either runs out. Works in
    any thread (``mkdocs serve`` builds in one of its own)."""

    def __init__(self):
        self.steps = 0
        self.spent = 0.0
        self.start = 0.0

    def _line(self, frame, event, arg):
        self.steps += 1
        if self.steps > MAX_TEMPLATE_STEPS:
            raise jinja2.sandbox.SecurityError(f"the template does too much work (more than "
                                               f"{MAX_TEMPLATE_STEPS:,} steps; a loop inside a loop?)")
        if self.steps % 512 == 0 and time.monotonic() - self.start - self.spent > MAX_TEMPLATE_SECONDS:
            raise jinja2.sandbox.SecurityError(f"the template ran for more than {MAX_TEMPLATE_SECONDS:g} seconds")
        return self._line

    def _call(self, frame, event, arg):
        return self._line if frame.f_code.co_filename == "<template>" else None

    def run(self, render, **values):
        old = sys.gettrace()
        self.start = time.monotonic()
        sys.settrace(self._call)
        try:
            return render(**values)
        finally:
            sys.settrace(old)

    def outside(self, f):
        """``f`` run without the budget's tracing and clock (a macro of ours)."""
        @functools.wraps(f)
        def untraced(*args, **kwargs):
            tracer, began = sys.gettrace(), time.monotonic()
            sys.settrace(None)
            try:
                return f(*args, **kwargs)
            finally:
                sys.settrace(tracer)
                self.spent += time.monotonic() - began
        return untraced


def template_line(exc: BaseException) -> int:
    tb = exc.__traceback__
    lineno = 1
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            lineno = tb.tb_lineno
        tb = tb.tb_next
    return lineno


