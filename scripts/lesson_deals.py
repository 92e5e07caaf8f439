"""Write the recorded games the tutorial chapters 05–07 show in the deal viewer.

Each is a game between greedy computer players from a fixed seed, chosen for what its first deal
shows (a 26–26 tie, a win in the middle of a deal, majorities among three and four players). The
records are stored as text in ``kaszino/teach/deals/`` and replayed by the engine when loaded, so
a later change of the computer players does not change the lessons. Run from the repository root:
``.venv/bin/python scripts/lesson_deals.py``.
"""

from __future__ import annotations

from pathlib import Path

from kaszino.games.kaszino.players import GreedyPlayer, play_game
from kaszino.games.kaszino.rules import PRESETS

DEALS = Path(__file__).resolve().parent.parent / "kaszino" / "teach" / "deals"
CHOSEN = {
    "tie": ("standard", 6),  # 26–26 cards in deal 1
    "quick_win": ("standard", 8),  # the game is won in the middle of deal 1
    "three_players": ("p3", 20),  # 20–20–12 cards: nobody scores for most cards
    "four_players": ("p4", 10),  # 14–14–13–11 cards, 5–3–4–1 spades
}


def main() -> None:
    for name, (preset, seed) in CHOSEN.items():
        rules = PRESETS[preset]
        record = play_game([GreedyPlayer()] * rules.players, rules, seed=seed)
        path = DEALS / f"{name}.txt"
        path.write_text(record.to_text(), encoding="utf-8")
        print(f"{path.name}: {preset}, seed {seed}, {len(record.moves)} moves")


if __name__ == "__main__":
    main()
