"""Write the combinatorics chapter's opening figures (``kaszino/classroom/figures.json``).

The chapter's Monte Carlo check of the first move and its opening simulation of the random and the
greedy player come from fixed seeds; the page reads them from this record instead of working them
out for every learner (:mod:`kaszino.classroom.recorded`). Run it after a change of the engine or
of those players (``tests/test_recorded_figures.py`` fails until then), from the repository root:
``.venv/bin/python scripts/simulation_figures.py``.
"""

from __future__ import annotations

import json

from kaszino.classroom.recorded import FIGURES, fresh_record
from kaszino.files import replace_file


def main() -> None:
    record = fresh_record()
    replace_file(FIGURES, (json.dumps(record, separators=(",", ":")) + "\n").encode())  # whole, or as it was
    deals = {player: len(played) for player, played in record["deals"]["players"].items()}
    print(f"{FIGURES.name}: {record['first_moves']['trials']} first moves, deals {deals}")


if __name__ == "__main__":
    main()
