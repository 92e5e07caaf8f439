"""One protocol for every exercise: the :class:`Question` a learner answers and the :class:`Verdict`
that judges an answer.

The tutorial's exercises and chapter checks (:mod:`kaszino.teach.exercises`), the classroom
chapter's exercises (:mod:`kaszino.classroom.exercises`) and the trainer's puzzles
(:class:`kaszino.puzzles.puzzle.PuzzleQuestion`, judged into a
:class:`kaszino.puzzles.kinds.PuzzleVerdict`) are all questions; one widget family
(:mod:`kaszino.jupyter.widgets.exercise`) asks the first two, the trainer's table the puzzles, and
every verdict is shown in the same feedback bar. Every word is data
rendered per language (:class:`Renders`): a catalogue text with its fields (:func:`phrase`), a
lesson file (:class:`Lesson`), or words the engine made (:class:`Words`), so a verdict shown once
turns into the other language with the page.

- A :class:`Question` has a key (its identity in a score sheet), a ``kind`` of answer
  (:data:`AnswerKind`: which control asks it), its prompt, and ``check(answer)``.
- A :class:`TypedQuestion` is answered by typing: it reads the text first (:meth:`TypedQuestion.read`),
  and a text it cannot read is :class:`Unreadable` (told, never judged).
- A :class:`Verdict` is right or wrong, with its head word ("Így van!" unless the question says
  otherwise) and the lines that say why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from kaszino.errors import KaszinoError, quote
from kaszino.i18n import language, text_names, tr
from kaszino.lessons import lesson_source
from kaszino.teach.message import Field, Message

DOMAIN = "exercises"
"""The catalogue of the protocol's own words (the verdicts' head words)."""

AnswerKind = Literal["choice", "number", "fraction", "move", "captures"]
"""How a question is answered: one of its options, a typed whole number, a typed number that may
be a fraction or a decimal, a move on a live table, or a set of captures on it (a trainer puzzle
that asks for every capture)."""


class Renders(Protocol):
    """A text that can be shown in any language (``Message``, ``Joined``, :class:`Words`, :class:`Lesson`)."""

    def render(self, lang: str) -> str: ...


@dataclass(frozen=True, slots=True)
class Words:
    """A ready text in each language, e.g. an :class:`~kaszino.teach.explain.Explanation`."""

    texts: Callable[[str], str]

    def render(self, lang: str) -> str:
        return self.texts(lang)


@dataclass(frozen=True, slots=True)
class Lines:
    """Texts one under the other (or joined by ``separator``), each rendered in the language asked
    (an empty one is left out)."""

    parts: tuple[Renders, ...]
    separator: str = "\n"

    def render(self, lang: str) -> str:
        return self.separator.join(filter(None, (part.render(lang) for part in self.parts)))


@dataclass(frozen=True, slots=True)
class Lesson:
    """A lesson file (:mod:`kaszino.lessons`) as a prompt: Markdown a teacher edits, read afresh
    each time it is rendered."""

    key: str

    def __post_init__(self) -> None:
        lesson_source(self.key, "hu")  # a missing lesson is refused when the question is made

    def render(self, lang: str) -> str:
        return lesson_source(self.key, lang)


def phrase(key: str, fields: Sequence[tuple[str, Field]] = ()) -> Message:
    """The catalogue text ``key`` (``"domain.name"``) with ``fields``; refused at once if it is missing."""
    domain, dot, name = key.partition(".")
    if not dot or not name:
        raise KaszinoError(f"a text key is 'domain.name', not {quote(key)}")
    tr(key, "hu", **dict(fields))  # raises KaszinoError naming a missing text
    return Message(name, tuple(fields), domain)


def has_text(key: str) -> bool:
    """Whether the catalogue holds ``key``."""
    domain, _, name = key.partition(".")
    return name in text_names(domain)


UNHEADED: Renders = Words(lambda _lang: "")
"""The head of a verdict whose own lines say whether it is right (a puzzle's)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of one answer: right or wrong, its head word and the lines that say why.

    ``head`` is the first word of the feedback; by default ``exercises.right`` ("Így van!") or
    ``exercises.wrong`` ("Nem egészen."), :data:`UNHEADED` for none.
    """

    correct: bool
    lines: tuple[Renders, ...]
    head: Renders | None = None

    def text_in(self, lang: str) -> str:
        """The head word and every line, in ``lang``."""
        head = self.head or Message.in_domain(DOMAIN, "right" if self.correct else "wrong")
        return " ".join(filter(None, (part.render(lang) for part in (head, *self.lines))))

    @property
    def text(self) -> str:
        """:meth:`text_in` the current language."""
        return self.text_in(language())


class Question(Protocol):
    """Anything the learner answers: an identity, how it is answered, the question in words, a judge."""

    @property
    def key(self) -> str: ...

    @property
    def kind(self) -> AnswerKind: ...

    def prompt(self) -> Renders: ...

    def check(self, answer: object) -> Verdict:
        """Judge ``answer``; ``KaszinoError`` if it is not of the question's kind."""
        ...


class Unreadable(KaszinoError):
    """A typed answer that cannot be read; ``words`` tell the learner what to type instead."""

    def __init__(self, message: str, words: Renders) -> None:
        super().__init__(message)
        self.words = words


class TypedQuestion(Question, Protocol):
    """A question answered by typing (kinds ``number`` and ``fraction``)."""

    def placeholder(self) -> Renders:
        """What the empty box says (an example of an answer)."""
        ...

    def read(self, typed: str) -> object:
        """The typed text as an answer :meth:`check` takes; :class:`Unreadable` if it is none."""
        ...
