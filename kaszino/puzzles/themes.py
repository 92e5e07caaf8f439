"""Themes: small pure predicates on a puzzle's kind, position and answers (the Lichess way).

Each predicate answers one question about what the puzzle teaches; :func:`themes` runs them all.
``tests/test_puzzle_themes.py`` checks every predicate on fixture puzzles.
"""

from __future__ import annotations

from collections.abc import Callable

from kaszino.engine.cards import Card, card_sum
from kaszino.games.casino.moves import BuildMove
from kaszino.games.casino.moves import Capture as CasinoCapture
from kaszino.games.casino.moves import Play as CasinoPlay
from kaszino.games.casino.players import GreedyPlayer as CasinoGreedy
from kaszino.games.casino.state import CasinoState
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay
from kaszino.games.kaszino.scoring import BIG_CASINO, LITTLE_CASINO, count_spades
from kaszino.games.kaszino.solver.value import capture_values
from kaszino.games.kaszino.state import GameState
from kaszino.games.scopa.deck import SETTEBELLO
from kaszino.games.scopa.moves import ScopaMove
from kaszino.games.scopa.state import ScopaState
from kaszino.puzzles.casino_kinds import answer_moves, items, largest, legal_captures, unkept
from kaszino.puzzles.kinds import CASINO_KINDS, SCOPA_KINDS, Answer, Kind, is_answer
from kaszino.puzzles.play_kinds import threats
from kaszino.puzzles.scopa_kinds import captures_of, rank_traps, ruled_out

Answers = tuple[Answer, ...]
ThemeTest = Callable[[Kind, GameState, Answers], bool]


def _captures(answers: Answers) -> list[Capture]:
    return [a for a in answers if isinstance(a, Capture)]


def _uses(answers: Answers, test: Callable[[Card], bool]) -> bool:
    return any(test(card) for answer in _captures(answers) for card in answer.cards)


def _shown(state: GameState) -> Capture | None:
    return state.pending.capture if state.pending is not None else None


def theme_ace(kind: Kind, state: GameState, answers: Answers) -> bool:
    """An answer moves an ace."""
    return _uses(answers, lambda card: card.value == 1)


def theme_big_casino(kind: Kind, state: GameState, answers: Answers) -> bool:
    """An answer moves 10♦ (nagykaszinó)."""
    return _uses(answers, lambda card: card == BIG_CASINO)


def theme_little_casino(kind: Kind, state: GameState, answers: Answers) -> bool:
    """An answer moves 2♠ (kiskaszinó)."""
    return _uses(answers, lambda card: card == LITTLE_CASINO)


def theme_multi_card(kind: Kind, state: GameState, answers: Answers) -> bool:
    """An answer plays two or more hand cards together."""
    return any(len(answer.hand) >= 2 for answer in _captures(answers))


def theme_long_capture(kind: Kind, state: GameState, answers: Answers) -> bool:
    """An answer takes three or more table cards."""
    return any(len(answer.table) >= 3 for answer in _captures(answers))


def theme_first_move_double(kind: Kind, state: GameState, answers: Answers) -> bool:
    """A tábla on the player's very first move of the deal, worth double."""
    rules = state.rules
    return (kind == "sweep" and state.is_first_move(state.to_move)
            and rules.first_move_tabla_points > rules.tabla_points)


def theme_forced_second_move(kind: Kind, state: GameState, answers: Answers) -> bool:
    """The extra move after the opponent's tábla (docs/rules.md §4)."""
    return state.forced == "again"


def theme_open_round(kind: Kind, state: GameState, answers: Answers) -> bool:
    """The last round, played with open hands."""
    return state.open_round and not state.deal_over


def theme_many_captures(kind: Kind, state: GameState, answers: Answers) -> bool:
    """An ``all_captures`` puzzle with five or more captures."""
    return kind == "all_captures" and len(answers) >= 5


def theme_tied_best(kind: Kind, state: GameState, answers: Answers) -> bool:
    """More than one answer is correct in a one-answer kind."""
    return kind in ("best_capture", "last_round", "defend", "deal_saving") and len(answers) >= 2


def theme_spades(kind: Kind, state: GameState, answers: Answers) -> bool:
    """An answer takes two or more spades (the spade majority in play)."""
    return any(count_spades(answer.cards) >= 2 for answer in _captures(answers))


def theme_greedy_trap(kind: Kind, state: GameState, answers: Answers) -> bool:
    """The capture that looks best is wrong: the most cards (``best_capture``) or the most value now
    (``last_round``, ``deal_saving``) is not an answer."""
    if kind not in ("best_capture", "last_round", "deal_saving"):
        return False
    valued = capture_values(state)
    if not valued:
        return False
    tempting = max(valued, key=lambda pair: len(pair[0].cards))[0] if kind == "best_capture" else valued[0][0]
    return not is_answer(answers, tempting)


def theme_quiet_move(kind: Kind, state: GameState, answers: Answers) -> bool:
    """The best move is a lay although a capture is possible (``last_round``, ``deal_saving``)."""
    return (kind in ("last_round", "deal_saving") and any(isinstance(a, Lay) for a in answers)
            and bool(capture_values(state)))


def theme_deny_sweep(kind: Kind, state: GameState, answers: Answers) -> bool:
    """A ``defend`` puzzle where some lay would let the opponent take the whole table."""
    return kind == "defend" and any(found.sweep for found in threats(state))


def theme_over_limit(kind: Kind, state: GameState, answers: Answers) -> bool:
    """A shown capture (Fals!) with a side over the limit of the sum."""
    return kind == "fals" and "over_limit" in answers


def theme_near_miss(kind: Kind, state: GameState, answers: Answers) -> bool:
    """A shown capture (Fals!) whose two sides differ by one."""
    shown = _shown(state)
    return kind == "fals" and shown is not None and abs(card_sum(shown.hand) - card_sum(shown.table)) == 1


def theme_majority_open(kind: Kind, state: GameState, answers: Answers) -> bool:
    """``ausz``: the player leads in cards or spades, but that majority is not secured yet."""
    if kind != "ausz":
        return False
    me, scores = state.to_move, state.deal_scores()
    other = scores[1 - me]
    cards_open = scores[me].cards > other.cards and not scores[me].most_cards
    spades_open = scores[me].spades > other.spades and not scores[me].most_spades
    return cards_open or spades_open


def theme_earlier_deals(kind: Kind, state: GameState, answers: Answers) -> bool:
    """``ausz``: points from earlier deals count towards the target."""
    return kind == "ausz" and state.scores[state.to_move] > 0


def theme_tabla_points(kind: Kind, state: GameState, answers: Answers) -> bool:
    """A counting puzzle where the player has tábla points this deal."""
    return kind in ("ausz", "score_deal") and state.tabla_points[state.to_move] > 0


def theme_close_count(kind: Kind, state: GameState, answers: Answers) -> bool:
    """``ausz``: the secured points are within one of the target."""
    target = state.rules.target
    return kind == "ausz" and target is not None and abs(state.totals()[state.to_move] - target) <= 1


THEME_TESTS: dict[str, ThemeTest] = {
    "ace": theme_ace,
    "big_casino": theme_big_casino,
    "little_casino": theme_little_casino,
    "multi_card": theme_multi_card,
    "long_capture": theme_long_capture,
    "first_move_double": theme_first_move_double,
    "forced_second_move": theme_forced_second_move,
    "open_round": theme_open_round,
    "many_captures": theme_many_captures,
    "tied_best": theme_tied_best,
    "spades": theme_spades,
    "greedy_trap": theme_greedy_trap,
    "quiet_move": theme_quiet_move,
    "deny_sweep": theme_deny_sweep,
    "over_limit": theme_over_limit,
    "near_miss": theme_near_miss,
    "majority_open": theme_majority_open,
    "earlier_deals": theme_earlier_deals,
    "tabla_points": theme_tabla_points,
    "close_count": theme_close_count,
}
"""Every theme and its predicate, in the order puzzles list them."""



# --- Scopa's themes ----------------------------------------------------------------------------------
ScopaThemeTest = Callable[[Kind, ScopaState, Answers], bool]


def _scopa_moves(answers: Answers) -> list[ScopaMove]:
    return [a for a in answers if isinstance(a, ScopaMove)]


def theme_settebello(kind: Kind, state: ScopaState, answers: Answers) -> bool:
    """An answer plays or takes the settebello (7♦), a point of its own."""
    return any(SETTEBELLO in (move.card, *move.taken) for move in _scopa_moves(answers))


def theme_scopa_sweep(kind: Kind, state: ScopaState, answers: Answers) -> bool:
    """An answer takes every card on the table (a scopa, unless it is the deal's last move)."""
    return any(move.taken and set(move.taken) == set(state.table) for move in _scopa_moves(answers))


def theme_single_priority(kind: Kind, state: ScopaState, answers: Answers) -> bool:
    """The single-card priority forbids a sum one of the hand cards could make."""
    return kind in ("scopa_captures", "scopa_best") and bool(ruled_out(state))


def theme_scopa_tied_best(kind: Kind, state: ScopaState, answers: Answers) -> bool:
    """More than one answer is correct in a one-answer kind."""
    return kind in ("scopa_best", "scopa_last_round") and len(answers) >= 2


def theme_scopa_quiet_move(kind: Kind, state: ScopaState, answers: Answers) -> bool:
    """In the last round the best move is a lay, although a capture is possible."""
    return (kind == "scopa_last_round" and any(move.is_lay for move in _scopa_moves(answers))
            and bool(captures_of(state)))


def theme_rank_trap(kind: Kind, state: ScopaState, answers: Answers) -> bool:
    """``scopa_primiera``: in some suit the highest card is not the best primiera card (a king
    counts 10, a six 18)."""
    return kind == "scopa_primiera" and rank_traps(state) > 0


SCOPA_THEME_TESTS: dict[str, ScopaThemeTest] = {
    "settebello": theme_settebello,
    "scopa_sweep": theme_scopa_sweep,
    "single_priority": theme_single_priority,
    "tied_best": theme_scopa_tied_best,
    "quiet_move": theme_scopa_quiet_move,
    "rank_trap": theme_rank_trap,
}
"""Scopa's themes (two share a name and a meaning with Kaszinó's)."""

# --- Casino's themes ---------------------------------------------------------------------------------
CasinoThemeTest = Callable[[Kind, CasinoState, Answers], bool]


def _cards_used(move: CasinoPlay) -> tuple[Card, ...]:
    """The played card and every table card the move takes or builds with (a build's all)."""
    if isinstance(move, CasinoCapture):
        return (move.card, *move.taken)
    if isinstance(move, BuildMove):
        return (move.card, *move.loose, *(move.build or ()))
    return (move.card,)


def _casino_uses(answers: Answers, test: Callable[[Card], bool]) -> bool:
    return any(test(card) for move in answer_moves(answers) for card in _cards_used(move))


def theme_casino_ace(kind: Kind, state: CasinoState, answers: Answers) -> bool:
    """An answer plays or takes an ace (a point of its own)."""
    return _casino_uses(answers, lambda card: card.value == 1)


def theme_casino_big(kind: Kind, state: CasinoState, answers: Answers) -> bool:
    """An answer plays or takes 10♦ (the big casino, two points)."""
    return _casino_uses(answers, lambda card: card == BIG_CASINO)


def theme_casino_little(kind: Kind, state: CasinoState, answers: Answers) -> bool:
    """An answer plays or takes 2♠ (the little casino, a point)."""
    return _casino_uses(answers, lambda card: card == LITTLE_CASINO)


def theme_several_groups(kind: Kind, state: CasinoState, answers: Answers) -> bool:
    """An answer takes two items or more at once (loose groups and builds)."""
    return any(items(move) >= 2 for move in answer_moves(answers) if isinstance(move, CasinoCapture))


def theme_casino_build(kind: Kind, state: CasinoState, answers: Answers) -> bool:
    """An answer raises or adds to a build on the table, or takes one."""
    return any((isinstance(move, BuildMove) and move.build is not None)
               or (isinstance(move, CasinoCapture) and bool(move.builds)) for move in answer_moves(answers))


def theme_keep_rule(kind: Kind, state: CasinoState, answers: Answers) -> bool:
    """``casino_builds``: the table allows a build the rules refuse (a value the mover keeps no card of)."""
    return kind == "casino_builds" and bool(unkept(state))


def theme_casino_tied_best(kind: Kind, state: CasinoState, answers: Answers) -> bool:
    """More than one answer is correct in a one-answer kind."""
    return kind in ("casino_best", "casino_last_hand") and len(answers) >= 2


def theme_casino_greedy_trap(kind: Kind, state: CasinoState, answers: Answers) -> bool:
    """The tempting move is wrong: the capture taking the most cards (``casino_best``), the greedy
    player's move (``casino_last_hand``)."""
    if kind == "casino_best":
        return not is_answer(answers, max(largest(state), key=lambda move: len(move.taken)))
    return kind == "casino_last_hand" and not is_answer(answers, CasinoGreedy().choose(state))  # type: ignore[arg-type]


def theme_casino_quiet_move(kind: Kind, state: CasinoState, answers: Answers) -> bool:
    """In the last hand a best move is a trail or a build although a capture is possible."""
    return (kind == "casino_last_hand" and bool(legal_captures(state))
            and any(not isinstance(move, CasinoCapture) for move in answer_moves(answers)))


CASINO_THEME_TESTS: dict[str, CasinoThemeTest] = {
    "ace": theme_casino_ace,
    "big_casino": theme_casino_big,
    "little_casino": theme_casino_little,
    "tied_best": theme_casino_tied_best,
    "greedy_trap": theme_casino_greedy_trap,
    "quiet_move": theme_casino_quiet_move,
    "several_groups": theme_several_groups,
    "casino_build": theme_casino_build,
    "keep_rule": theme_keep_rule,
}
"""Casino's themes (six share a name and a meaning with Kaszinó's)."""

THEMES: tuple[str, ...] = tuple(dict.fromkeys([*THEME_TESTS, *SCOPA_THEME_TESTS, *CASINO_THEME_TESTS]))


def themes(kind: Kind, state: GameState | ScopaState | CasinoState, answers: Answers) -> tuple[str, ...]:
    """The themes of a puzzle (its game's predicates), in :data:`THEMES` order."""
    if kind in CASINO_KINDS:
        assert isinstance(state, CasinoState)
        found = {name for name, test_of in CASINO_THEME_TESTS.items() if test_of(kind, state, answers)}
    elif kind in SCOPA_KINDS:
        assert isinstance(state, ScopaState)
        found = {name for name, scopa_test in SCOPA_THEME_TESTS.items() if scopa_test(kind, state, answers)}
    else:
        assert isinstance(state, GameState)
        found = {name for name, test in THEME_TESTS.items() if test(kind, state, answers)}
    return tuple(name for name in THEMES if name in found)
