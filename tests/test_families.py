"""The three families side by side, and chapter 09's questions on the table (``kaszino.teach.families``)."""

from __future__ import annotations

import pytest

from kaszino.i18n import LANGUAGES
from kaszino.teach.families import ASKED, FAMILIES, ROWS, comparison_markdown, comparison_questions, odd_one


def cells_in(row: str, lang: str) -> dict[str, str]:
    """Each family's cell of ``row`` as the table shows it in ``lang`` (a line a row, after the head)."""
    line = comparison_markdown(lang).splitlines()[2 + [name for name, _ in ROWS].index(row)]
    return dict(zip(FAMILIES, (part.strip() for part in line.strip("|").split("|")[1:]), strict=True))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_question_asks_for_the_one_family_the_table_shows_apart(lang: str) -> None:
    """Read from the rendered table: the answer's cell differs, the other two agree."""
    for row, question in zip(ASKED, comparison_questions(), strict=True):
        shown = cells_in(row, lang)
        others = [shown[family] for family in FAMILIES if family != question.answer]
        assert others[0] == others[1] != shown[question.answer], (row, shown)
        assert shown[question.answer] in question.prompt().render(lang)
        for option in FAMILIES:  # the right answer and each wrong one explained by its own cell
            verdict = question.check(option)
            assert verdict.correct == (option == question.answer)
            assert shown[option] in verdict.text_in(lang)


def test_a_row_where_every_family_differs_has_no_odd_one() -> None:
    assert odd_one("compulsory") is None and odd_one("sweep") is None
    assert odd_one("builds") == "casino" and odd_one("deck") == "scopa"


def test_the_rows_answers_fit_their_headings() -> None:
    """The equal-value row answers "no" where no card comes first; the builds' row says anyone may
    take a build."""
    equal_first = cells_in("equal_first", "en")
    assert [equal_first[family] for family in FAMILIES if family != "scopa"] == ["no", "no"]
    assert "anyone may take" in cells_in("builds", "en")["casino"]
    assert "bárki elviheti" in cells_in("builds", "hu")["casino"]
