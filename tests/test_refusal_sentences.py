"""Refusals read as sentences in both languages: every text of every family starts with a capital
letter (or a card or a number) and ends with a full stop, so it reads well after "Not quite." or
in the middle of "That move is not allowed. … Try again."; the error of an illegal move puts its
sentence after the move and a full stop; and no English verdict on a wrong answer (a legality
question, a move task of each family, a shipped puzzle of each kind, a classroom exercise) ever goes
on with a small letter after a full stop."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from string import Formatter

import pytest

from kaszino.classroom.exercises import exercises
from kaszino.engine.cards import parse_cards
from kaszino.engine.refusals import FieldValue, Refusal
from kaszino.errors import IllegalMoveError
from kaszino.games.casino.moves import BuildMove, Trail
from kaszino.games.casino.moves import Capture as CasinoCapture
from kaszino.games.casino.moves import Play as CasinoPlay
from kaszino.games.casino.state import CasinoState
from kaszino.games.casino.state import new_game as new_casino
from kaszino.games.kaszino.captures import Capture
from kaszino.games.kaszino.moves import Lay, Move
from kaszino.games.kaszino.rules import PRESETS
from kaszino.games.kaszino.state import new_game
from kaszino.games.scopa.moves import ScopaMove
from kaszino.games.scopa.state import ScopaState
from kaszino.games.scopa.state import new_game as new_scopa
from kaszino.i18n import LANGUAGES, catalogue
from kaszino.puzzles.kinds import Attempt
from kaszino.puzzles.puzzle import Puzzle, load_all
from kaszino.teach.exercises import ANY_MOVE, CasinoTask, MoveTask, ScopaTask, legality_choice
from kaszino.teach.questions import Verdict
from kaszino.teach.scenes import scene

DOMAINS = ("refusals", "refusals_scopa", "refusals_casino")
"""Every family's catalogue of refusals."""

CARDS = parse_cards("5♠ 8♦")
SAMPLES: dict[str, FieldValue] = {
    "player": 1, "players": 2, "most": 2, "count": 3, "limit": 13, "secured": 4, "target": 11,
    "value": 7, "total": 9, "need": 2, "build_value": 8, "old": 6, "call": "Claim", "type": "str",
    "given": "'5♠ 5♠'", "card": CARDS[0], "hand": CARDS, "table": CARDS[1:], "cards": CARDS,
    "equal": CARDS[1:], "build": CARDS, "group": CARDS,
}
"""A value for each field a refusal text names (cards where the engine gives cards)."""

STARTS_WELL = re.compile(r"^([A-ZÁÉÍÓÖŐÚÜŰ0-9]|(10|[2-9AJQK])[♠♥♦♣])")
"""A sentence's start: a capital letter, a number or a card."""

SMALL_AFTER_STOP = re.compile(r"\. [a-záéíóöőúüű]")
"""A full stop followed by a word that does not start a sentence."""


def sample_fields(text: str) -> dict[str, FieldValue]:
    """The raw fields the text names (``hand_sum`` and ``player_a`` come from ``hand``, ``player``)."""
    names = {name for _, name, _, _ in Formatter().parse(text) if name}
    bases = {re.sub(r"_(a|A|sum|sum_right|ordinals)$", "", name) for name in names}
    return {base: SAMPLES[base] for base in bases}


def refusal_texts() -> Iterator[object]:
    """(domain, code, language, the text filled with sample fields) for every refusal."""
    for domain in DOMAINS:
        for code, texts in catalogue(domain).items():
            fields = sample_fields(" ".join(texts.values()))
            refusal = Refusal(code, tuple(fields.items()), domain)
            for lang in LANGUAGES:
                yield pytest.param(domain, code, lang, refusal.text(lang), id=f"{domain}.{code}-{lang}")


@pytest.mark.parametrize(("domain", "code", "lang", "text"), list(refusal_texts()))
def test_every_refusal_text_is_a_sentence(domain: str, code: str, lang: str, text: str) -> None:
    assert STARTS_WELL.match(text), f"{domain}.{code} ({lang}) starts with a small letter: {text}"
    assert text.endswith("."), f"{domain}.{code} ({lang}) has no full stop: {text}"
    assert "{" not in text


def test_an_illegal_move_is_named_then_refused_in_a_sentence() -> None:
    state = scene(["5♠ A♥", "2♥ 3♥"], "2♦ 7♥")
    with pytest.raises(IllegalMoveError) as raised:
        state.play(Capture(parse_cards("5♠"), parse_cards("7♥")))
    assert str(raised.value) == ("illegal move 5♠ = 7♥. The two sides do not add up to the same: "
                                 "5 ≠ 7. A capture needs equal sums.")


def english(verdict: Verdict) -> str:
    """The verdict in English, checked to be a wrong answer's."""
    assert not verdict.correct
    return verdict.text_in("en")


def legality_verdicts() -> Iterator[str]:
    """The English verdicts on "legal" for every refused pairing of one or two hand cards with one
    to three table cards out of a few cards, under the standard rules and V8 (no ceiling)."""
    cards = "A♠ 3♥ 5♦ 8♣ 10♠ J♥ K♦"
    for rules in (PRESETS["standard"], PRESETS["v8"]):
        for hand in (c for size in (1, 2) for c in combinations(cards.split(), size)):
            rest = [card for card in cards.split() if card not in hand]
            for table in (c for size in (1, 2, 3) for c in combinations(rest, size)):
                question = legality_choice(" ".join(hand), " ".join(table), rules)
                if question.answer == "no":
                    yield english(question.check("yes"))


def kaszino_verdicts() -> Iterator[str]:
    """The English verdicts on every refused capture and lay of the first deals of a few games."""
    for seed in range(6):
        state = new_game(seed=seed, rules=PRESETS["v6" if seed % 2 else "standard"])
        task = MoveTask("exercises.wrong", state, ANY_MOVE)
        hand, table = state.hands[state.to_move], state.table
        moves: list[Capture | Lay] = [Lay(card) for card in (*hand, *table)]
        moves += [Capture((card,), taken) for card in (*hand, *table[:1])
                  for size in (1, 2) for taken in combinations(table, size)]
        for move in moves:
            verdict = task.check(move)
            if not verdict.correct:
                yield english(verdict)


def scopa_verdicts() -> Iterator[str]:
    """The English verdicts on every refused Scopa move of a few first positions."""
    for seed in range(6):
        state = new_scopa(seed=seed)
        hand, table = state.hands[state.to_move], state.table
        moves = [ScopaMove(card, taken) for card in (*hand, *table[:1])
                 for size in (0, 1, 2, 3) for taken in combinations(table, size)]
        right = next(move for move in moves if state.problem(move) is None)
        task = ScopaTask("scopa_lesson.t_lay", state, (right,))
        yield from (english(task.check(move)) for move in moves if state.problem(move) is not None)


def casino_verdicts() -> Iterator[str]:
    """The English verdicts on every refused Casino capture, build and trail of a few first positions."""
    for seed in range(6):
        state = new_casino(seed=seed)
        hand, table = state.hands[state.to_move], state.table
        groups = [taken for size in (1, 2, 3) for taken in combinations(table, size)]
        moves: list[CasinoPlay] = [Trail(card) for card in (*hand, *table[:1])]
        moves += [CasinoCapture(card, (taken,)) for card in (*hand, *table[:1]) for taken in ((), *groups)]
        moves += [BuildMove(card, value, (taken,)) for card in hand for value in (2, 7, 10, 11)
                  for taken in groups[:8]]
        right = next(move for move in moves if state.problem(move) is None)
        task = CasinoTask("casino_lesson.t_king", state, (right,))
        yield from (english(task.check(move)) for move in moves if state.problem(move) is not None)


def wrong_attempts(puzzle: Puzzle) -> Iterator[Attempt]:
    """Attempts at ``puzzle`` that are mostly wrong: moves the rules refuse (or a sweep), another
    choice, another number."""
    state = puzzle.state
    hand, table = state.hands[state.to_move], state.table
    if puzzle.answer_form == "choice":
        yield from (choice for choice in puzzle.choices() if choice not in puzzle.answers)
    elif puzzle.answer_form == "number":
        yield int(str(puzzle.answers[0])) + 1
    elif isinstance(state, ScopaState):
        captures: list[Move | ScopaMove | CasinoPlay] = [ScopaMove(card, table) for card in hand]
        yield from ([[m] for m in captures] if puzzle.answer_form == "captures"
                    else [*captures, *(ScopaMove(card) for card in table[:1])])
    elif isinstance(state, CasinoState):
        if puzzle.kind == "casino_builds":  # build moves to a value no hand card can take
            captures = [BuildMove(card, 10, (table[:1],)) for card in hand]
        else:
            captures = [CasinoCapture(card, (table,)) for card in hand]
        yield from ([[m] for m in captures] if puzzle.answer_form == "captures"
                    else [*captures, *(Trail(card) for card in table[:1])])
    else:
        captures = [*(Capture((card,), table) for card in hand), Capture(hand[:1], hand[:1])]
        yield from ([[m] for m in captures] if puzzle.answer_form == "captures"
                    else [*captures, *(Lay(card) for card in table[:1])])


def puzzle_verdicts() -> Iterator[str]:
    """The English verdicts on wrong attempts at the first shipped puzzles of every kind."""
    seen: Counter[str] = Counter()
    for puzzle in load_all():
        seen[puzzle.kind] += 1
        if seen[puzzle.kind] <= 4:
            verdicts = (puzzle.check(attempt) for attempt in wrong_attempts(puzzle))
            yield from (english(verdict) for verdict in verdicts if not verdict.correct)  # a sweep: right


def classroom_verdicts() -> Iterator[str]:
    """The English verdicts on a wrong number for every exercise of the classroom chapter."""
    for exercise in exercises():
        yield english(exercise.check(exercise.answer + 1))
        yield english(exercise.check(exercise.answer / 7 + 1))


@pytest.mark.parametrize("verdicts", [legality_verdicts, kaszino_verdicts, scopa_verdicts, casino_verdicts,
                                      puzzle_verdicts, classroom_verdicts])
def test_no_english_verdict_goes_on_with_a_small_letter_after_a_full_stop(verdicts: object) -> None:
    texts = list(verdicts())  # type: ignore[operator]
    assert len(texts) >= 12, "the positions must give wrong answers to judge"
    bad = [text for text in texts if SMALL_AFTER_STOP.search(text) or not text.endswith((".", "!", "?", ")"))]
    assert not bad, bad[:3]
