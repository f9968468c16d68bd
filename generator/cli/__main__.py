"""``python -m generator.cli``: the ``rulebook`` command."""

import sys

from .main import main

sys.exit(main())
