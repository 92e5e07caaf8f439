"""Positions reached by computer play, shared by the tests of players, hints and annotations, and
how a played game is told (in the terminal and on the game page)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kaszino import STANDARD, GameState, Rules, new_game
from kaszino.games.kaszino.players import GreedyPlayer, Player, RandomPlayer, computer_move


def open_round_state(seed: int) -> GameState:
    """The first position of the open last round of deal 1 (greedy against random), someone to move."""
    players: list[Player] = [GreedyPlayer(), RandomPlayer(seed=seed)]
    game = new_game(STANDARD.with_changes(target=1000), seed=seed)
    while not (game.open_round and not game.deal_over and game.pending is None):
        game = game.play(computer_move(game, players))
    return game


def random_walk(rules: Rules, seed: int, steps: int) -> list[GameState]:
    """The states of a game of random legal moves from ``new_game(rules, seed=seed)``, at most ``steps``."""
    rng = random.Random(seed)
    state, states = new_game(rules, seed=seed), []
    for _ in range(steps):
        states.append(state)
        moves = state.legal_moves()
        if not moves:
            break
        state = state.play(rng.choice(moves))
    return states


@dataclass
class Checked:
    """A computer player of any family whose every move is checked legal and kept in ``seen``."""

    player: Any
    seen: list[Any] = field(default_factory=list)
    name: str = "checked"

    def choose(self, state: Any) -> Any:
        move = self.player.choose(state)
        assert move in state.legal_moves()
        self.seen.append(move)
        return move


def play_through(session: Any, learner: Any, typed: Callable[[Any], str]) -> list[str]:
    """Play a game against the computer (a ``Session``) to its end with ``learner`` choosing the
    learner's moves; those moves as ``typed`` writes them."""
    moves = []
    while not session.state.finished:
        if session.computer_due():
            session.computer_step()
        elif session.state.deal_over:
            session.play(session.state.legal_moves()[0])
        else:
            move = learner.choose(session.state)
            moves.append(typed(move))
            session.play(move)
    return moves


def assert_told_in_order(told: Sequence[str], start: Any, moves: Sequence[Any], family: str) -> None:
    """Every event of the game played from ``start`` by ``moves`` is among the lines ``told``, in
    order, in ``family``'s words; the game's end comes once, told from the learner's seat after the
    score sheets, with the engine's final totals (not in the engine's own sentence as well)."""
    from kaszino.teach.narrate import game_end, narrate

    position, state, end = 0, start, None
    for move in moves:
        step = state.step(move)
        for message in narrate(step.events, family, with_end=False):
            position = list(told).index(message.render("en"), position) + 1
        end = game_end(step.events) or end
        state = step.state
    assert end is not None and end[1] == " | ".join(map(str, state.totals()))
    ends = [line for line in told if line.startswith("The game is over")]
    assert len(ends) == 1 and ends[0].endswith(f" Final totals: {end[1]}."), ends
    assert told.index(ends[0]) > position


def assert_step_told(lines: Sequence[str], heading: int, events: Sequence[Any], family: str) -> None:
    """The game page's feedback ``lines`` say a step's ``events`` in ``family``'s words after
    ``heading`` lines, and, where the step ends the game, then its end once, from the learner's
    seat, with the engine's final totals (not also in the engine's own sentence)."""
    from kaszino.teach.narrate import game_end, narrate

    said = [message.render("hu") for message in narrate(events, family, with_end=False)]
    assert list(lines[heading:heading + len(said)]) == said, (lines, said)
    end = game_end(events)
    ends = [line for line in lines if line.startswith("Vége a játszmának")]
    if end is None:
        assert ends == [], lines
    else:
        assert ends == [lines[heading + len(said)]] and ends[0].endswith(f" Végeredmény: {end[1]}."), lines
