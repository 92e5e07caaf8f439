"""The three families side by side (docs/rules.md and each family's doc): one table, numbers from the engines.

Every number of the table comes from the families' own rules values and constants — the decks,
the largest sum, what clearing the table earns, the target — and every word from the catalogue
``families``, so chapters 08 and 09 show one table and no chapter repeats it in prose.
:func:`comparison_markdown` writes it as Markdown in a language; :func:`comparison_questions` asks,
for each row where one family differs from the other two, which family it is (chapter 09, below
the table).
"""

from __future__ import annotations

from dataclasses import dataclass

from kaszino.errors import KaszinoError, quote
from kaszino.games.casino.deck import DECK as CASINO_DECK
from kaszino.games.casino.deck import LARGEST
from kaszino.games.casino.rules import CasinoRules
from kaszino.games.casino.scoring import SWEEP_POINTS
from kaszino.games.kaszino.family import KASZINO
from kaszino.games.kaszino.rules import STANDARD
from kaszino.games.scopa.deck import DECK as SCOPA_DECK
from kaszino.games.scopa.deck import capture_value
from kaszino.games.scopa.rules import ScopaRules
from kaszino.i18n import tr
from kaszino.teach.exercises import Choice
from kaszino.teach.message import Message

DOMAIN = "families"
FAMILIES = ("kaszino", "scopa", "casino")
"""The columns, in the order the tutorial teaches them."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell: a catalogue key of the row's words and the numbers they show (``{count}``, ``{first}``)."""

    key: str
    count: int | None = None
    first: int | None = None

    def message(self) -> Message:
        numbers = {
            name: value for name, value in (("count", self.count), ("first", self.first)) if value is not None
        }
        return Message.in_domain(DOMAIN, self.key, **numbers)

    def render(self, lang: str) -> str:
        return self.message().render(lang)


ROWS: tuple[tuple[str, tuple[Cell, Cell, Cell]], ...] = (
    (
        "deck",
        (Cell("cards", len(KASZINO.deck)), Cell("cards", len(SCOPA_DECK)), Cell("cards", len(CASINO_DECK))),
    ),
    (
        "hand_cards",
        (
            Cell("any_number") if STANDARD.max_hand_cards is None else Cell("up_to", STANDARD.max_hand_cards),
            Cell("single_card"),
            Cell("single_card"),
        ),
    ),
    (
        "largest",
        (
            Cell("number", STANDARD.capture_limit),
            Cell("number", max(map(capture_value, SCOPA_DECK))),
            Cell("largest_casino", LARGEST),
        ),
    ),
    ("faces", (Cell("faces_kaszino"), Cell("faces_scopa"), Cell("faces_casino"))),
    ("equal_first", (Cell("equal_first_none"), Cell("equal_first_scopa"), Cell("equal_first_none"))),
    ("groups", (Cell("single_group"), Cell("single_group"), Cell("several_groups"))),
    ("builds", (Cell("no"), Cell("no"), Cell("builds_casino"))),
    ("compulsory", (Cell("not_compulsory"), Cell("compulsory_scopa"), Cell("compulsory_casino"))),
    (
        "sweep",
        (
            Cell("sweep_kaszino", STANDARD.tabla_points, STANDARD.first_move_tabla_points),
            Cell("points", int(ScopaRules().scopa)),
            Cell("points", SWEEP_POINTS),
        ),
    ),
    ("scoring", (Cell("scoring_kaszino"), Cell("scoring_scopa"), Cell("scoring_casino"))),
    (
        "target",
        (
            Cell("points", STANDARD.target),
            Cell("points", ScopaRules().target),
            Cell("points", CasinoRules().target),
        ),
    ),
)
"""Each row: its name (its head is the catalogue's ``row_<name>``) and a cell per family."""


def cell(row: str, family: str) -> Cell:
    """The cell of ``row`` for ``family`` (an error for an unknown name)."""
    cells = dict(ROWS)[row]
    return cells[FAMILIES.index(family)]


def comparison_markdown(lang: str) -> str:
    """The table of the three families, as Markdown in ``lang``."""
    head = "| | " + " | ".join(tr(f"{DOMAIN}.family_{name}", lang) for name in FAMILIES) + " |"
    lines = [head, "|---|---|---|---|"]
    for row, cells in ROWS:
        lines.append(
            f"| {tr(f'{DOMAIN}.row_{row}', lang)} | " + " | ".join(c.render(lang) for c in cells) + " |"
        )
    return "\n".join(lines)


def odd_one(row: str) -> str | None:
    """The family whose cell of ``row`` differs from the other two, which agree; None if there is none."""
    cells = dict(ROWS)[row]
    for at, family in enumerate(FAMILIES):
        first, second = (each for index, each in enumerate(cells) if index != at)
        if first == second != cells[at]:
            return family
    return None


ASKED = ("hand_cards", "equal_first", "groups", "target")
"""The rows :func:`comparison_questions` asks about: each has one family that differs from the
other two (the deck's row too, but Scopa's 40 cards are asked in chapter 08; a row whose answer
the column's name gives away, such as the builds, is not asked)."""


def comparison_questions() -> tuple[Choice, ...]:
    """For each row of :data:`ASKED`: which family differs from the other two there? Each answer is
    explained by that family's own cell of the row."""
    return tuple(_odd_question(row) for row in ASKED)


def _odd_question(row: str) -> Choice:
    odd = odd_one(row)
    if odd is None:
        raise KaszinoError(f"no family differs from the other two in the row {quote(row)}")
    cells = dict(ROWS)[row]
    head = Message.in_domain(DOMAIN, f"row_{row}")
    said = tuple((family, Message.in_domain(DOMAIN, "q_odd_cell", row=head, cell=each.message(),
                                            family=Message.in_domain(DOMAIN, f"family_{family}")))
                 for family, each in zip(FAMILIES, cells, strict=True))
    return Choice(f"{DOMAIN}.q_odd", FAMILIES, odd, (("row", head), ("cell", cell(row, odd).message())), said)
