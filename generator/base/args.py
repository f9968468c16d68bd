"""Argument types shared by the commands (``rulebook`` and ``python -m
generator.sim.stats``), for argparse."""

from __future__ import annotations

import argparse
from typing import Callable

__all__ = ["MAX_JOBS", "positive_int", "whole_number"]

#: The most processes a command's ``--jobs`` takes: far beyond any machine's cores (a larger
#: number is a typing slip, and each process costs memory before it plays a game).
MAX_JOBS = 256

#: The longest text of a number an error message repeats in full.
_SHOWN = 24


def _shown(text: str) -> str:
    """``text`` as an error message repeats it: quoted, cut after :data:`_SHOWN` characters."""
    return repr(text if len(text) <= _SHOWN else text[:_SHOWN] + "...")


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1; raises
    ``argparse.ArgumentTypeError`` otherwise.

    >>> positive_int("3")
    3
    >>> positive_int("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: give at least 1, not 0
    """
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_shown(text)} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"give at least 1, not {n}")
    return n


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (both
    included), as a rule file's numbers are bounded (a count far beyond any
    use is a typing slip, and would run for ever); the type raises
    ``argparse.ArgumentTypeError`` otherwise, naming the bound.

    >>> games = whole_number(1, 1_000_000)
    >>> games("200")
    200
    >>> games("99999999999999999999")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: give at most 1,000,000, not 99999999999999999999
    >>> games("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: give at least 1, not 0
    """
    def number(text: str) -> int:
        try:
            n = int(text.strip()) if len(text.strip()) <= _SHOWN else None
        except ValueError:
            n = None
        if n is None:
            if text.strip().lstrip("+-").isdigit():
                sign = "at least" if text.strip().startswith("-") else "at most"
                bound = low if sign == "at least" else high
                raise argparse.ArgumentTypeError(f"give {sign} {bound:,}, not {_shown(text.strip())}") from None
            raise argparse.ArgumentTypeError(f"{_shown(text)} is not a whole number") from None
        if n < low:
            raise argparse.ArgumentTypeError(f"give at least {low:,}, not {n}")
        if n > high:
            raise argparse.ArgumentTypeError(f"give at most {high:,}, not {n}")
        return n

    number.__name__ = "whole number"        # (argparse's word for a value it cannot read)
    return number
