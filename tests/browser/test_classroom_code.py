"""``kaszino app --class DIR --class-code CODE``: the start page asks for the class code beside the
name; a wrong code is refused politely (in both languages) and names no learner, a page asked for
without the code is sent to the start page even with a learner's cookie made by hand, and the
right code (typed with other capitals and spaces) lets the pupil in once: the browser is not asked
again. Plain HTTP, no browser."""

from __future__ import annotations

import urllib.request
from pathlib import Path

import pytest
from class_app import answer, class_app, sign_in

CODE = "Fecske7"


@pytest.mark.slow
def test_the_start_page_asks_for_the_class_code_and_refuses_a_wrong_one(tmp_path: Path) -> None:
    with class_app(tmp_path, "--class-code", CODE, "--pool=0") as app:
        _, status, page = sign_in(app, "Anna", code="fecske")
        assert status == 403
        assert "Ez nem az osztály kódja" in page and "That is not the class code" in page
        assert 'id=code name=code' in page and 'value="Anna"' in page, "asked again, the name kept"
        assert list(app.folder.iterdir()) == [], "no learner without the code"
        assert app.kernels() == 0

        forged = urllib.request.Request(app.base + "/voila/render/01_pakli.ipynb",
                                        headers={"Cookie": "kaszino_learner=Anna"})
        with urllib.request.urlopen(forged, timeout=60) as response:  # redirected to the start page
            assert response.url == f"{app.base}/?next=%2Fvoila%2Frender%2F01_pakli.ipynb"
            assert "id=code name=code" in response.read().decode()
        assert app.kernels() == 0, "no kernel for a browser without the code"

        opener, status, page = sign_in(app, "Anna", code=f"  {CODE.upper()} ")
        assert status == 200 and "kaszino/release/" in page, "in: the start page rendered"
        assert sorted(path.name for path in app.folder.iterdir()) == ["anna.sqlite3"]
        status, page = answer(opener, app.base + "/?change")
        assert status == 200 and "id=name" in page and "id=code" not in page, "the code is asked once"
