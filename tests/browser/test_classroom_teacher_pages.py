"""``kaszino app --class DIR``: the position editor is a teacher's page. A learner's start page
offers no link to it, and a learner asking for it anyway is refused politely (HTTP 403, in both
languages, no kernel started); once the browser gives the teacher code on the teacher's page, the
teacher's page links to the editor and the editor is served. Plain HTTP, no browser."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from class_app import answer, class_app, sign_in

TEACHER_CODE = "tanar-42"
EDITOR = "/voila/render/40_szerkeszto.ipynb"


@pytest.mark.slow
def test_a_learner_is_refused_the_editor_and_the_teacher_gets_it(tmp_path: Path) -> None:
    with class_app(tmp_path, "--teacher-code", TEACHER_CODE, "--pool=0") as app:
        opener, status, start = sign_in(app, "Anna")
        assert status == 200 and "kaszino/release/" in start, "in: the start page rendered"
        assert "10_feladvanyok.ipynb" in start, "the practice pages are listed"
        assert "40_szerkeszto.ipynb" not in start, "no link a learner would be refused"
        kernels = app.kernels()

        status, page = answer(opener, app.base + EDITOR)
        assert status == 403
        assert "Ezt a lapot csak a tanár nyitja meg" in page and "Only the teacher opens this page" in page
        assert 'href="/voila/render/00_start.ipynb"' in page and "href=/kaszino/teacher" in page
        assert app.kernels() == kernels, "no kernel for a refused page"
        status, _ = answer(opener, app.base + EDITOR.replace("/40", "/./40"))
        assert status in (403, 404), "the same page by another spelling is not served either"

        status, form = answer(opener, app.base + "/kaszino/teacher")
        assert status == 200 and "40_szerkeszto" not in form, "the code first"
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', form)
        assert xsrf is not None
        status, teacher = answer(opener, app.base + "/kaszino/teacher",
                                 {"_xsrf": xsrf.group(1), "code": TEACHER_CODE})
        assert status == 200 and f'href="{EDITOR}"' in teacher, "the teacher's page links to the editor"

        status, page = answer(opener, app.base + EDITOR)
        assert status == 200 and "kaszino/release/" in page, "the editor rendered for the teacher"
        status, start = answer(opener, app.base + "/voila/render/00_start.ipynb")
        assert status == 200 and "40_szerkeszto.ipynb" in start, "the teacher's start page offers it"
