"""Argument types shared by the commands (``rulebook`` and ``python -m
generator.sim.stats``), for argparse."""

from __future__ import annotations

import argparse

__all__ = ["positive_int"]


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
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"give at least 1, not {n}")
    return n
