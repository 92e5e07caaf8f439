"""Teaching positions of any moment of a game, built from the few cards a lesson is about.

``scene(["5♠ A♥ K♣", "7♦ 8♣ 9♥"], "2♦ 4♣", round=3)`` is a whole, consistent position: every one
of the 52 cards is somewhere (hands, table, talon, piles), so the majorities, the secured points
and the flow of the rest of the deal are those of a real game. A lesson names the cards it is
about; :class:`Pile` says how many cards (and spades) a pile holds besides the named ones, and the
builder fills the rest from the unnamed cards in a fixed order. Piles with a count get only plain
cards, and unnamed point cards (aces, 10♦, 2♠) go into the talon first, so a pile holds just the
points the lesson names (only the one pile that takes the rest may get more, when the talon is full).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kaszino.engine.cards import DECK, Card, Suit, parse_cards
from kaszino.errors import KaszinoError
from kaszino.games.kaszino.moves import Forced
from kaszino.games.kaszino.position import PositionDraft
from kaszino.games.kaszino.rules import STANDARD, Rules
from kaszino.games.kaszino.scoring import card_points
from kaszino.games.kaszino.state import GameState, build
from kaszino.i18n import player_number


@dataclass(frozen=True, slots=True)
class Pile:
    """A pile of captured cards: the ``named`` ones plus plain cards up to ``count`` and ``spades``.

    ``count=None`` makes this the pile that takes whatever is left once the talon is filled
    (at most one such pile). ``spades=None`` lets the filler cards be any plain cards.
    """

    named: str = ""
    count: int | None = 0
    spades: int | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        return parse_cards(self.named) if self.named.strip() else ()


def _plain_order() -> list[Card]:
    """Unnamed cards are handed out in this fixed order: by value, the suits mixed within each value."""
    return sorted(DECK, key=lambda card: (card.value, card.suit))


def scene(
    hands: Sequence[str],
    table: str = "",
    *,
    rules: Rules = STANDARD,
    piles: Sequence[Pile | str] | None = None,
    round: int = 2,
    to_move: int = 0,
    dealer: int | None = None,
    last_capturer: int | None = None,
    tabla_points: Sequence[int] | None = None,
    scores: Sequence[int] | None = None,
    deal: int = 1,
    forced: Forced | None = None,
    seed: int = 0,
) -> GameState:
    """A position of ``rules`` with these ``hands`` (one card string per player) and ``table``.

    The talon holds what rounds after ``round`` need; ``piles`` (a :class:`Pile` or a card string
    per player) default to an even split of the cards already played, with the last player's pile
    taking what is left; ``last_capturer`` defaults to the nearest player before ``to_move``
    with a pile. Raises ``KaszinoError`` naming the problem when the cards do not add up, and the
    builder's ``PositionError`` listing every problem when no game reaches the position.
    """
    players = rules.players
    if len(hands) != players:
        raise KaszinoError(f"a scene of {players} players needs {players} hands, got {len(hands)}")
    if not 1 <= round <= rules.rounds:
        raise KaszinoError(f"round must be 1..{rules.rounds}, not {round}")
    hand_cards = tuple(parse_cards(hand) if hand.strip() else () for hand in hands)
    table_cards = parse_cards(table) if table.strip() else ()
    talon_size = rules.talon_after(round)
    in_play = [card for hand in hand_cards for card in hand] + list(table_cards)
    pile_specs = _pile_specs(piles, players, len(DECK) - len(in_play) - talon_size)
    named = in_play + [card for spec in pile_specs for card in spec.cards]
    check_deck_part(named)
    pool = [card for card in _plain_order() if card not in named]
    filled = [_fill(spec, pool, player) for player, spec in enumerate(pile_specs)]
    # Unnamed point cards wait in the talon first, so they reach no pile the lesson did not name.
    pool.sort(key=lambda card: card_points((card,), rules) == 0)
    talon, pool = pool[:talon_size], pool[talon_size:]
    rest = [p for p, spec in enumerate(pile_specs) if spec.count is None]
    if rest:
        filled[rest[0]] += pool
    elif pool:
        raise KaszinoError(f"{len(pool)} cards are left over: give one pile count=None, or larger counts")
    if len(talon) < talon_size:
        raise KaszinoError(f"round {round} needs {talon_size} cards in the talon, only {len(talon)} are left")
    if last_capturer is None:
        last_capturer = _last_capturer(filled, to_move)
    zeros = (0,) * players
    return build(PositionDraft(
        rules=rules, hands=hand_cards, table=table_cards, talon=tuple(talon),
        piles=tuple(tuple(pile) for pile in filled),
        tabla_points=tuple(tabla_points) if tabla_points is not None else zeros, bonus=zeros,
        scores=tuple(scores) if scores is not None else zeros,
        dealer=players - 1 if dealer is None else dealer, to_move=to_move,
        last_capturer=last_capturer, round=round, deal=deal, forced=forced, seed=seed,
    ))


def _last_capturer(piles: Sequence[Sequence[Card]], to_move: int) -> int | None:
    """Who captured last, when a scene does not say: somebody did if any pile holds cards (a
    position with piles and no last capturer is one no game reaches); the nearest player before
    ``to_move`` with a pile, so the move just made was a capture."""
    players = len(piles)
    for step in range(1, players + 1):
        player = (to_move - step) % players
        if piles[player]:
            return player
    return None


def check_deck_part(cards: Sequence[Card]) -> None:
    """Refuse a card named twice in one scene."""
    twice = sorted({card for i, card in enumerate(cards) if card in cards[:i]})
    if twice:
        raise KaszinoError(f"named twice in one scene: {' '.join(map(str, twice))}")


def _pile_specs(piles: Sequence[Pile | str] | None, players: int, played: int) -> list[Pile]:
    """The piles asked for; by default the ``played`` cards split evenly, the last pile taking the rest."""
    if piles is None:
        return [Pile(count=played // players) for _ in range(players - 1)] + [Pile(count=None)]
    if len(piles) != players:
        raise KaszinoError(f"a scene of {players} players needs {players} piles, got {len(piles)}")
    specs = [Pile(named=spec, count=len(parse_cards(spec)) if spec.strip() else 0) if isinstance(spec, str)
             else spec for spec in piles]
    if sum(spec.count is None for spec in specs) > 1:
        raise KaszinoError("at most one pile may take the rest (count=None)")
    return specs


def _fill(spec: Pile, pool: list[Card], player: int) -> list[Card]:
    """The pile of ``spec``: its named cards, then plain cards taken out of ``pool``."""
    cards = list(spec.cards)
    if spec.count is None:
        return cards
    if spec.count < len(cards):
        raise KaszinoError(f"pile {player_number(player)} names {len(cards)} cards "
                           f"but counts only {spec.count}")
    plain = [card for card in pool if card_points((card,), STANDARD) == 0]
    spades_named = sum(card.suit is Suit.SPADES for card in cards)
    need_spades = 0 if spec.spades is None else spec.spades - spades_named
    if need_spades < 0:
        raise KaszinoError(f"pile {player_number(player)} names {spades_named} spades "
                           f"but counts only {spec.spades}")
    spades = [card for card in plain if card.suit is Suit.SPADES][:need_spades]
    others = [card for card in plain if spec.spades is None or card.suit is not Suit.SPADES]
    others = [card for card in others if card not in spades][:spec.count - len(cards) - len(spades)]
    chosen = spades + others
    if len(chosen) != spec.count - len(cards) or len(spades) != need_spades:
        raise KaszinoError(f"not enough plain cards left to fill pile {player_number(player)}")
    for card in chosen:
        pool.remove(card)
    return cards + chosen
