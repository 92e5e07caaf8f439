"""``python -m kaszino.cli``: the ``kaszino`` command."""

import sys

from kaszino.cli import main

sys.exit(main())
