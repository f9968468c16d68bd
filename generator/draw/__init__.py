"""Drawing: a line of play (:mod:`.svg`) and a table of trains (:mod:`.hub`)
as SVG, with a PNG copy. Handed everything it draws; never asks a rule."""
