"""The families of games, one module each, each registering one
:class:`~generator.engine.family.Family` (see there for the protocol):
:mod:`.line` (a single line of play), :mod:`.trains` (a table of trains),
:mod:`.tricks` (tricks and bids) and :mod:`.tree` (a tree of doubles).

A family module imports the engine at its top and its parts of the upper
layers (position model, drawing, pages, simulation) inside the methods that
use them, so that loading a family costs little and any layer may ask the
registry without an import circle.
"""
