"""The ``rulebook`` command (:mod:`.main`) and the authoring tools it runs:
``rulebook new`` (:mod:`.scaffold`), ``rulebook init`` (:mod:`.newsite`) and
``rulebook explain`` (:mod:`.explain`)."""

from .main import main

__all__ = ["main"]
