"""The rules' terms and the lessons that teach them: nothing a learner reads may name a term before
its lesson (the chapters' scan, ``test_chapter_machinery.py``; the puzzles' kinds, ``test_syllabus.py``)."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    """A term of the rules, the lesson that teaches it (in chapter ``chapter``) and how it is written."""

    chapter: str
    lesson: str
    hu: str
    en: str

    def found(self, text: str, lang: str) -> list[str]:
        return re.findall(self.hu if lang == "hu" else self.en, text, flags=re.IGNORECASE)


TERMS = (
    Term("02", "capture.tabla", r"\btábl\w*", r"\btábla\w*"),
    Term("04", "chapter04.open_round", r"\bnyílt\b", r"\bopen (?:last )?round\b"),
    Term("05", "scoring_lesson.card_points", r"\b(?:nagy|kis)kaszinó\w*", r"\b(?:big|little) casino\b"),
    Term("05", "scoring_lesson.secured", r"\bbiztos pont\w*", r"\bsecured points?\b"),
    Term("06", "game_lesson.claim", r"\bausz\b", r"\bausz\b"),
    Term("06", "game_lesson.fals", r"\bfals\b", r"\bfals\b"),
    Term("08", "scopa_lesson.points", r"\b(?:primiera|settebello)\b", r"\b(?:primiera|settebello)\b"),
    Term("09", "casino_lesson.intro", r"\bépít\w*", r"\bbuild\w*"),
)
