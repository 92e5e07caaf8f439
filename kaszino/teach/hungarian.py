"""The Hungarian definite article before a number: "az 1. játékos", "a 2. játékos", "az 5 pont".

Hungarian writes "az" before a vowel sound and "a" before a consonant, so the article depends on
how the number is read aloud: 1 (egy), 5 (öt), 50 (ötven), 1000 (ezer) take "az".
"""

from __future__ import annotations


def article(number: int) -> str:
    """``"az"`` or ``"a"``, as said before ``number`` (a whole number from 0 up)."""
    digits = str(abs(number))
    lead, places = digits[0], len(digits) % 3 or 3  # the leading group: "1" of 1 000 reads "ezer"
    if lead == "5":
        return "az"
    if lead == "1":
        return "az" if places == 1 and (len(digits) == 1 or len(digits) >= 4) else "a"
    return "a"


def the(number: int, capital: bool = False) -> str:
    """The article for ``number`` followed by it: ``the(1) == "az 1"``; ``capital`` for a sentence start."""
    word = article(number)
    return f"{word.capitalize() if capital else word} {number}"
