"""Games against the computer kept in the learner's progress store, and read back as records."""

from __future__ import annotations

from kaszino.games.kaszino.record import GameRecord
from kaszino.players.session import Session
from kaszino.store import SavedGame, Store


def result_text(session: Session) -> str:
    """The totals of the game as ``learner:computer`` (``7:11``; with more players ``7:11:3``,
    the learner first)."""
    totals = session.state.totals()
    order = [session.learner, *session.seats]
    return ":".join(str(totals[p]) for p in order)


def save_session(store: Store, session: Session, opponent: str) -> int:
    """Save the session's game (finished or not) in ``store``; its id."""
    return store.save_game(session.record().to_text(), opponent=opponent, result=result_text(session))


def load_record(saved: SavedGame) -> GameRecord:
    """The record of a saved game, checked move by move (``NotationError`` names a bad line)."""
    return GameRecord.from_text(saved.record)
