"""The Voilà server of ``kaszino app``: the tutorial for one learner, or a class of learners.

Run by ``kaszino app`` as ``python -m kaszino.cli.app_server [Voilà options] NOTEBOOKS``. It is
Voilà itself (:class:`AppServer`) with these additions:

- **A learner per browser** (``--AppServer.class_folder=DIR``): the start page (``/``) asks for a
  name (checked by :mod:`kaszino.store.learners`) and, when the class has one
  (``$KASZINO_CLASS_CODE``), the class code, keeps them in cookies of that browser, and every
  page's kernel is started with ``KASZINO_PROGRESS`` naming that learner's file in the class
  folder, so the chapters, the trainer and the games all use it. A page asked for without a
  name is sent to the start page first. Without a class folder the single learner of
  ``$KASZINO_PROGRESS`` stays, as before.
- **Kernels that go away**: a page that is left (closed, reloaded, a link followed) releases its
  kernel (the template's script posts to :class:`ReleaseHandler`); Voilà's culler shuts down
  kernels idle for ``cull_idle_timeout`` seconds with no page connected (the pool of kernels
  started ahead fills again into the room a kernel leaves); and a page is refused
  with a polite "come back in a minute" (HTTP 503) when :attr:`AppServer.max_kernels` kernels
  run, or when less than :data:`MIN_FREE_BYTES` of memory is left; and at most
  :attr:`AppServer.max_rendering` pages run their notebooks at once (the others wait their
  turn), so that a class arriving together does not share the cores thirty ways.
- **A teacher's page** (``/kaszino/teacher``, class mode only), behind the teacher code
  (``$KASZINO_TEACHER_CODE``): every learner's chapter results, trainer rating, solved puzzles
  and last activity, refreshed every :data:`REFRESH_S` seconds; with a class set
  (``$KASZINO_PUZZLES``, ``kaszino app --puzzles``) also each learner's best outcome at each of
  its puzzles. The teacher's pages of the tutorial (``TEACHER_PAGES``: the position editor,
  which saves into the class folder) are served only to a browser that gave the teacher code
  there; a learner asking for one is refused politely (HTTP 403), and the start page's kernel is
  told (``KASZINO_PUPIL``) to offer a learner no link to them.

Pages are written in both languages (Hungarian first): a learner has not chosen one yet.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import os
import secrets
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from html import escape
from pathlib import Path, PurePosixPath
from typing import Any, cast
from urllib.parse import quote as url_quote
from urllib.parse import unquote as url_unquote

import psutil
import tornado.web
from jupyter_client.asynchronous.client import AsyncKernelClient
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import ApiPath
from traitlets import Bool, Int, Unicode, default
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from kaszino.cli.app import CLASS_CODE_ENV, PAGE_HEADER, PROGRESS_HEADER, PUPIL_HEADER, RENDER, START_PAGE
from kaszino.cli.page_templates import use_compiled_templates
from kaszino.cli.progress import LearnerReport, SetResult, class_reports
from kaszino.errors import KaszinoError, StoreError
from kaszino.i18n import LANGUAGES, tr
from kaszino.puzzles.class_set import ClassSet, class_set_from_environment
from kaszino.store import ENVIRONMENT_VARIABLE, open_store
from kaszino.store.learners import NAME_SETTING, LearnerNameError, display_name, new_learner_file
from kaszino.teach.chapters import PUPIL_VARIABLE, TEACHER_CHAPTERS, TEACHER_PAGES

PROGRESS_ENV = "HTTP_" + PROGRESS_HEADER.upper().replace("-", "_")
"""The variable in which Voilà hands the header :data:`PROGRESS_HEADER` to a page's kernel."""
PAGE_ENV = "HTTP_" + PAGE_HEADER.upper().replace("-", "_")
"""The variable in which Voilà hands the header :data:`PAGE_HEADER` (the request's own token) to
the kernel manager, which notes which kernel serves which request."""
PUPIL_ENV = "HTTP_" + PUPIL_HEADER.upper().replace("-", "_")
"""The variable in which Voilà hands the header :data:`PUPIL_HEADER` to a page's kernel."""
LEARNER_COOKIE = "kaszino_learner"
TEACHER_COOKIE = "kaszino_teacher"
TEACHER_ENV = "KASZINO_TEACHER_CODE"
CLASS_COOKIE = "kaszino_class"
"""The signed cookie of a browser that gave the class code (a digest of the code: a new code asks
every browser again)."""
COOKIE_DAYS = 180
"""How long a browser remembers its learner."""
MIN_FREE_BYTES = 300 * 2**20
"""A new page is refused when less memory than this is left (a page's kernel takes about 60 MB)."""
REFRESH_S = 5
"""How often the teacher's page reads the class folder again."""
RETRY_S = 30
"""When a refused page tries again by itself."""


@dataclass(frozen=True)
class Classroom:
    """What the handlers need to know: the class folder (None: one learner), the teacher code,
    the most kernels at once, the class code ("": the start page asks for a name only) and the
    class set the trainer serves (None: the shipped puzzles)."""

    folder: Path | None
    teacher_code: str
    max_kernels: int
    class_code: str = ""
    class_set: ClassSet | None = None


def same_class_code(typed: str, code: str) -> bool:
    """Whether ``typed`` is the class ``code``: spaces around and the case of letters do not count
    (a pupil types it from the board); compared in constant time."""
    return hmac.compare_digest(typed.strip().casefold().encode(), code.strip().casefold().encode())


def class_mark(code: str) -> bytes:
    """What the class cookie holds for the class ``code``."""
    return hashlib.sha256(code.strip().casefold().encode()).hexdigest().encode()


def _both(key: str, **fields: object) -> str:
    """The text ``key`` in every language, Hungarian first, as HTML."""
    return " / ".join(escape(tr(key, lang, **fields)) for lang in LANGUAGES)


def page_html(title_key: str, body: str, head: str = "") -> str:
    """A whole page of the app (start page, refusal, teacher's page) around ``body``. Its empty icon,
    like the chapters' (Voilà's), spares the browser asking for one the server does not have (an
    error in each learner's console)."""
    return (f'<!DOCTYPE html><html lang="hu"><head><meta charset="utf-8"><title>{_both(title_key)}</title>'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<link rel="icon" href="data:,">'
            f"<style>{_STYLE}</style>{head}</head><body><main><h1>{_both(title_key)}</h1>{body}</main>"
            "</body></html>")


_STYLE = ("body{font-family:system-ui,sans-serif;margin:2em;color:#222}main{max-width:60em}"
          "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:.3em .6em;text-align:left}"
          "input{font-size:1.2em;padding:.3em}button{font-size:1.2em;padding:.3em 1em}"
          ".kaszino-problem{color:#a00}")


def admitted(handler: tornado.web.RequestHandler) -> bool:
    """Whether this browser may name a learner: the class has no code, or the browser gave it."""
    code = _classroom(handler).class_code
    return not code or handler.get_signed_cookie(CLASS_COOKIE, max_age_days=COOKIE_DAYS) == class_mark(code)


def learner_of(handler: tornado.web.RequestHandler) -> str | None:
    """The learner this browser named (its cookie), if the name is still one that may be used and
    the browser gave the class code (when there is one)."""
    raw = handler.get_cookie(LEARNER_COOKIE)
    if not raw or not admitted(handler):
        return None
    try:
        return display_name(url_unquote(raw))
    except LearnerNameError:
        return None


def _classroom(handler: tornado.web.RequestHandler) -> Classroom:
    found: Classroom = handler.settings["kaszino_classroom"]
    return found


def teacher_signed_in(handler: tornado.web.RequestHandler) -> bool:
    """Whether this browser gave the teacher code on the teacher's page."""
    return bool(handler.get_signed_cookie(TEACHER_COOKIE) == b"1")


def teacher_only() -> str:
    """The page a learner gets for a teacher's page (HTTP 403)."""
    return page_html("app.teacher_only_title", (
        f"<p>{_both('app.teacher_only')}</p>"
        f"<p><a href=\"{RENDER}{START_PAGE}\">{_both('app.back_to_start')}</a>"
        f" · <a href=/kaszino/teacher>{_both('app.teacher_title')}</a></p>"))


def refusal(handler: tornado.web.RequestHandler) -> str | None:
    """Why no new page can be served now (a page saying so), or None."""
    manager = handler.settings["kernel_manager"]
    busy = len(manager.list_kernel_ids()) - manager.spare()  # the pool's are there to be taken
    if busy < _classroom(handler).max_kernels and psutil.virtual_memory().available >= MIN_FREE_BYTES:
        return None
    return page_html("app.busy_title", f"<p>{_both('app.busy', seconds=RETRY_S)}</p>",
                     head=f'<meta http-equiv="refresh" content="{RETRY_S}">')


class LearnerPageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voilà's page handler, started for this browser's learner, or refused politely. A page left
    while it is still being made (the browser closed the connection) has its kernel shut down:
    its release script has not reached the browser yet."""

    _token = ""
    _gone = False

    async def get(self, path: str | None = None) -> None:
        classroom = _classroom(self)
        for header in (PROGRESS_HEADER, PAGE_HEADER, PUPIL_HEADER):  # only the server sets these
            if header in self.request.headers:
                del self.request.headers[header]
        self._token = secrets.token_hex(16)
        self.request.headers[PAGE_HEADER] = self._token
        if classroom.folder is not None:
            learner = learner_of(self)
            if learner is None:
                self.redirect("/?next=" + url_quote(self.request.uri or "", safe=""))
                return
            try:
                self.request.headers[PROGRESS_HEADER] = str(new_learner_file(classroom.folder, learner))
            except LearnerNameError:  # like a name given since: this browser must choose again
                self.redirect("/")
                return
            if not teacher_signed_in(self):
                if PurePosixPath(path or "").name in TEACHER_PAGES:
                    self.set_status(403)
                    self.finish(teacher_only())
                    return
                self.request.headers[PUPIL_HEADER] = "1"
        try:
            async with self.settings["kaszino_rendering"]:  # a few pages at a time, the others wait
                if self._gone:  # left while waiting: no kernel for nobody
                    return
                refused = refusal(self)  # counted in turn: the pages before this one have their kernels
                if refused is not None:
                    self.set_status(503)
                    self.set_header("Retry-After", str(RETRY_S))
                    self.finish(refused)
                    return
                await super().get(path)
        finally:
            self.settings["kernel_manager"].page_kernels.pop(self._token, None)

    def on_connection_close(self) -> None:
        self._gone = True
        kernels = self.settings["kernel_manager"]
        kernel_id = kernels.page_kernels.pop(self._token, None)
        if kernel_id is not None and kernel_id in kernels.list_kernel_ids():
            tornado.ioloop.IOLoop.current().add_callback(kernels.shutdown_kernel, kernel_id)
        super().on_connection_close()


WARM_CODE = "import kaszino.jupyter.tutorial, kaszino.jupyter.trainer"
"""What a kernel of the pool runs before a page takes it: the notebooks' imports (a second of
CPU each page). They read no progress file: the store is opened when a cell first uses it."""
WARM_TIMEOUT_S = 120.0
NOTEBOOK_KERNEL = "python3"


class LearnerKernels(AsyncMappingKernelManager):
    """Voilà's kernel manager; a kernel started for a learner gets ``KASZINO_PROGRESS`` set to the
    learner's file (the header :class:`LearnerPageHandler` set), and the kernel of each page still
    being made is noted by its request's token (``page_kernels``).

    It keeps a pool of :attr:`pool_size` kernels started ahead, with :data:`WARM_CODE` run: a page
    takes one, its environment (the learner's file, Voilà's request variables) is set in it, and
    the pool is filled again. The pool's kernels are kernels like the others: they count toward
    :attr:`kernel_limit` (no kernel is started for the pool beyond it) and the culler leaves them."""

    pool_size = Int(2, config=True, help="kernels kept started (imports run) for the next pages")
    fork_kernels = Bool(True, config=True, help="fork kernels from one warm process (kernel_forks)")

    @default("kernel_manager_class")
    def _forking_kernels(self) -> str:
        if self.fork_kernels:
            return "kaszino.cli.kernel_forks.ForkingKernelManager"
        return "jupyter_server.services.kernels.kernelmanager.ServerKernelManager"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self.page_kernels: dict[str, str] = {}
        self.kernel_limit = 0
        """The most kernels at once (:attr:`AppServer.max_kernels`): the pool fills only below it."""
        self.pool: list[str] = []
        self._pool_key: tuple[str, str] = (NOTEBOOK_KERNEL, "")
        self._filling = 0
        self._warming: set[asyncio.Task[None]] = set()

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        env = kwargs.get("env")
        token = None
        if env is not None:
            token = env.pop(PAGE_ENV, None)
            if PROGRESS_ENV in env:
                env[ENVIRONMENT_VARIABLE] = env.pop(PROGRESS_ENV)
            if PUPIL_ENV in env:
                env[PUPIL_VARIABLE] = env.pop(PUPIL_ENV)
        key = (str(kwargs.get("kernel_name", NOTEBOOK_KERNEL)), str(kwargs.get("path", "")))
        kernel_id = taken = self._take(key)
        if kernel_id is None:
            kernel_id = await super().start_kernel(*args, **kwargs)
        elif env is not None:
            given = json.dumps(json.dumps(env))
            await self._run(kernel_id, f"import os, json\nos.environ.update(json.loads({given}))\n"
                            "del os, json")
        if token is not None:
            self.page_kernels[token] = kernel_id
        self.log.info("kaszino: kernel %s for %s (%s), %d in the pool", kernel_id, key,
                      "new" if taken is None else "from the pool", len(self.pool))
        self.fill_pool(key)
        return kernel_id

    def spare(self) -> int:
        """The pool's kernels, ready or starting."""
        return len(self.pool) + self._filling

    def _take(self, key: tuple[str, str]) -> str | None:
        if key != self._pool_key:
            return None
        running = set(self.list_kernel_ids())
        while self.pool:
            kernel_id = self.pool.pop(0)
            if kernel_id in running:
                return kernel_id
        return None

    def fill_pool(self, key: tuple[str, str] | None = None) -> None:
        """Start kernels for the pool (for pages of ``key``: kernel name, folder) up to its size,
        as far as :attr:`kernel_limit` leaves room."""
        if key is not None and key != self._pool_key:
            return
        missing = self.pool_size - len(self.pool) - self._filling
        room = self.kernel_limit - len(self.list_kernel_ids()) - self._filling
        for _ in range(max(0, min(missing, room))):
            self._filling += 1
            task = asyncio.ensure_future(self._warm())
            self._warming.add(task)
            task.add_done_callback(self._warming.discard)

    async def _warm(self) -> None:
        name, path = self._pool_key
        try:
            kernel_id: str = await super().start_kernel(kernel_name=name, path=ApiPath(path),
                                                           env=dict(os.environ))
            await self._run(kernel_id, WARM_CODE)
            self.pool.append(kernel_id)
            self.log.info("kaszino: kernel %s ready in the pool (%d)", kernel_id, len(self.pool))
        except Exception as error:  # a pool that could not fill: pages start their own kernels
            self.log.warning("kaszino: a kernel for the pool did not start: %s", error)
        finally:
            self._filling -= 1

    async def _run(self, kernel_id: str, code: str) -> None:
        client = cast(AsyncKernelClient, self.get_kernel(kernel_id).client())
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=WARM_TIMEOUT_S)
            await client.execute_interactive(code, store_history=False, timeout=WARM_TIMEOUT_S)
        finally:
            client.stop_channels()

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        """Shut down ``kernel_id`` (a page released it, the culler found it idle), then fill the
        pool into the room it leaves: a pool held short by :attr:`kernel_limit` fills again."""
        if kernel_id in self.pool:
            self.pool.remove(kernel_id)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)  # type: ignore[no-untyped-call]
        if not kwargs.get("restart"):
            self.fill_pool()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if kernel_id not in self.pool:  # the pool's kernels wait for pages, idle by design
            await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]


class KernelSocketHandler(VoilaKernelWebsocketHandler):  # type: ignore[misc]
    """The WebSocket of a page's kernel, each message sent at once. Left to the system (Nagle's
    algorithm), a message written while the one before is not yet acknowledged waits for that
    acknowledgement, which the page's side delays by up to 40 ms: a click's picture follows the
    kernel's "busy", so nearly every click waited so long."""

    async def open(self, kernel_id: str) -> None:
        self.set_nodelay(True)
        await super().open(kernel_id)

    def write_message(self, message: bytes | str | dict[str, Any],
                      binary: bool = False) -> asyncio.Future[None]:
        """Send ``message`` to the page (:func:`nowhere_to_go` when the page has gone meanwhile)."""
        return nowhere_to_go(super().write_message(message, binary=binary))


def nowhere_to_go(sent: asyncio.Future[None]) -> asyncio.Future[None]:
    """``sent``, a message on its way to a page, with its failure looked at once it is known.

    A page that is left while its kernel's replies are on their way cannot take them: tornado fails
    the send, and Jupyter's connection never looks at the failure, so asyncio printed it as "Task
    exception was never retrieved" with two tracebacks in the terminal of ``kaszino app``, once for
    every tab a pupil closed after quick clicks. The message had nowhere to go and nothing is lost.
    """
    sent.add_done_callback(lambda done: done.cancelled() or done.exception())
    return sent


class ReleaseHandler(tornado.web.RequestHandler):
    """``POST /kaszino/release/<kernel id>``: the page that had that kernel was left; shut it down.
    No XSRF check: the page's script sends it as a beacon, which carries no header, and a kernel's
    id is known only to the page it serves."""

    async def post(self, kernel_id: str) -> None:
        kernels = self.settings["kernel_manager"]
        if kernel_id in kernels.list_kernel_ids():
            await kernels.shutdown_kernel(kernel_id)
        self.set_status(204)


class StartHandler(tornado.web.RequestHandler):
    """``/``: the name form of class mode (``?change`` to give another name); a browser that has
    named its learner goes on to the start page."""

    def get(self) -> None:
        wanted = self._next()
        if learner_of(self) is not None and self.get_argument("change", None) is None:
            self.redirect(wanted)
            return
        self.finish(self._form(wanted))

    def post(self) -> None:
        self.check_xsrf_cookie()
        classroom = _classroom(self)
        folder = classroom.folder
        assert folder is not None
        typed = self.get_argument("name", "")
        code = self.get_argument("code", "")
        if not admitted(self) and not same_class_code(code, classroom.class_code):
            self.set_status(403)
            self.finish(self._form(self._next(), problem=_both("app.class_code_wrong"), typed=typed))
            return
        try:
            name = display_name(typed)
            path = new_learner_file(folder, name)
            store = open_store(path)
            try:
                if store.get_setting(NAME_SETTING) is None:
                    store.set_setting(NAME_SETTING, name)
            finally:
                store.close()
        except LearnerNameError as error:
            self.set_status(400)
            problem = _both(f"app.name_{error.reason}", detail=error.detail)
            self.finish(self._form(self._next(), problem=problem, typed=typed, code=code))
            return
        except StoreError as error:
            self.set_status(500)
            self.finish(self._form(self._next(), problem=escape(str(error)), typed=typed, code=code))
            return
        if classroom.class_code:
            self.set_signed_cookie(CLASS_COOKIE, class_mark(classroom.class_code), expires_days=COOKIE_DAYS,
                                   httponly=True, samesite="Lax")
        self.set_cookie(LEARNER_COOKIE, url_quote(name, safe=""), expires_days=COOKIE_DAYS, httponly=True,
                        samesite="Lax")
        self.redirect(self._next())

    def _next(self) -> str:
        wanted = self.get_argument("next", "")
        return wanted if wanted.startswith(RENDER) and "//" not in wanted else RENDER + START_PAGE

    def _form(self, wanted: str, problem: str = "", typed: str = "", code: str = "") -> str:
        """The name form (and the class code's field, for a browser that has not given it)."""
        current = learner_of(self)
        now = f"<p>{_both('app.name_now', name=current)}</p>" if current else ""
        shown = f'<p class="kaszino-problem" role="alert">{problem}</p>' if problem else ""
        code_field = "" if admitted(self) else (
            f"<p><label for=code>{_both('app.class_code_label')}</label></p>"
            f'<p><input id=code name=code required maxlength=60 autocomplete=off value="{escape(code)}"></p>')
        return page_html("app.start_title", (
            f"{now}<form method=post action=/>{code_field}"
            f"<p><label for=name>{_both('app.name_label')}</label></p>"
            f"{self.xsrf_form_html()}<input type=hidden name=next value=\"{escape(wanted)}\">"
            f'<p><input id=name name=name autofocus required maxlength=60 autocomplete=off '
            f'value="{escape(typed)}"> <button type=submit>{_both("app.name_go")}</button></p>'
            f"{shown}<p>{_both('app.name_rules')}</p></form>"))


OUTCOME_MARKS = {"solved": "✓", "partial": "½", "failed": "✗"}
"""How the teacher's table shows a learner's best outcome at a class set's puzzle."""


def set_table(class_set: ClassSet, reports: list[LearnerReport], results: list[list[SetResult]]) -> str:
    """The class set's table: a row per learner, a column per puzzle (its best outcome, the
    attempts in its title), and the puzzles solved (a hint's half success counts)."""
    head = "".join(f"<th>{escape(puzzle.id)}</th>" for puzzle in class_set.puzzles)
    rows = []
    for report, found in zip(reports, results, strict=True):
        cells = "".join(
            f'<td data-puzzle="{escape(r.puzzle_id)}" data-outcome="{r.best_outcome or ""}" '
            f'title="{r.attempts}">{OUTCOME_MARKS.get(r.best_outcome or "", "")}</td>' for r in found)
        solved = sum(r.best_outcome in ("solved", "partial") for r in found)
        rows.append(f'<tr data-learner="{escape(report.learner)}"><td>{escape(report.learner)}</td>{cells}'
                    f'<td class="kaszino-set-solved">{solved}/{len(found)}</td></tr>')
    title = _both("app.teacher_set", name=class_set.name, count=len(class_set.puzzles))
    return (f'<h2>{title}</h2><p>{_both("app.teacher_set_legend")}</p>'
            f'<table class="kaszino-class-set-table" data-set="{escape(class_set.name)}"><thead><tr>'
            f"<th>{_both('app.teacher_learner')}</th>{head}<th>{_both('app.teacher_solved')}</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def report_table(reports: list[LearnerReport], problems: list[str]) -> str:
    """The teacher's table: a row per learner, a column per chapter seen in the class."""
    chapters = sorted({chapter for report in reports for chapter in report.chapters})
    head = "".join(f"<th>{escape(chapter)}</th>" for chapter in chapters)
    rows = []
    for report in reports:
        cells = "".join(
            f"<td>{found.best}/{found.total}</td>" if (found := report.chapters.get(chapter)) else "<td></td>"
            for chapter in chapters)
        rating = "" if report.rating is None else f"{report.rating:.0f}"
        last = "" if report.last_activity is None else report.last_activity.strftime("%Y-%m-%d %H:%M:%S")
        rows.append(f'<tr data-learner="{escape(report.learner)}"><td>{escape(report.learner)}</td>{cells}'
                    f"<td>{rating}</td><td>{report.solved}</td><td>{report.visits}</td><td>{last}</td></tr>")
    shown = "".join(f'<li class="kaszino-problem">{escape(problem)}</li>' for problem in problems)
    return (f"<p>{_both('app.teacher_count', count=len(reports))}</p>"
            f"<table><thead><tr><th>{_both('app.teacher_learner')}</th>{head}"
            f"<th>{_both('app.teacher_rating')}</th><th>{_both('app.teacher_solved')}</th>"
            f"<th>{_both('app.teacher_visits')}</th><th>{_both('app.teacher_last')} (UTC)</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>" + (f"<ul>{shown}</ul>" if shown else ""))


class TeacherHandler(tornado.web.RequestHandler):
    """``/kaszino/teacher``: the code form, then the class's table, read again every few seconds
    (``/kaszino/teacher/table`` sends the table alone)."""

    def _code_form(self, problem: bool = False) -> str:
        shown = f'<p class="kaszino-problem" role="alert">{_both("app.teacher_wrong")}</p>' if problem else ""
        return page_html("app.teacher_title", (
            f"<form method=post><p><label for=code>{_both('app.teacher_code')}</label></p>"
            f"{self.xsrf_form_html()}"
            f"<p><input id=code name=code type=password autofocus required> "
            f"<button type=submit>{_both('app.name_go')}</button></p>{shown}</form>"))

    async def get(self, table: str = "") -> None:
        if not teacher_signed_in(self):
            if table:
                raise tornado.web.HTTPError(403)
            self.finish(self._code_form())
            return
        classroom = _classroom(self)
        assert classroom.folder is not None
        reports, problems, results = await tornado.ioloop.IOLoop.current().run_in_executor(
            None, class_reports, classroom.folder, datetime.now(UTC), classroom.class_set)
        content = report_table(reports, problems)
        if classroom.class_set is not None:
            content += set_table(classroom.class_set, reports, results)
        if table:
            self.finish(content)
            return
        script = (f"<script>setInterval(async () => {{ const r = await fetch('/kaszino/teacher/table');"
                  f" if (r.ok) {{ document.getElementById('kaszino-class').innerHTML = await r.text(); }} }},"
                  f" {REFRESH_S * 1000});</script>")
        pages = " · ".join(f'<a href="{RENDER}{chapter.notebook}">{_both(f"chapters.{chapter.id}.title")}</a>'
                           for chapter in TEACHER_CHAPTERS)
        self.finish(page_html("app.teacher_title", f"<p>{_both('app.teacher_pages')} {pages}</p>"
                              f'<div id="kaszino-class">{content}</div>{script}'))

    def post(self, table: str = "") -> None:
        self.check_xsrf_cookie()
        if not hmac.compare_digest(self.get_argument("code", "").encode(),
                                   _classroom(self).teacher_code.encode()):
            self.set_status(403)
            self.finish(self._code_form(problem=True))
            return
        self.set_signed_cookie(TEACHER_COOKIE, "1", expires_days=1, httponly=True, samesite="Strict")
        self.redirect("/kaszino/teacher")


class AppServer(Voila):  # type: ignore[misc]
    """Voilà with the learner per browser, the released kernels and the teacher's page."""

    class_folder = Unicode("", config=True, help="the class folder: a progress file per learner")
    max_kernels = Int(40, config=True, help="the most kernels (pages) at once; more are refused")
    max_rendering = Int(4, config=True, help="the most pages whose notebooks run at once; more wait")

    def init_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = super().init_settings()
        use_compiled_templates()
        folder = Path(self.class_folder).resolve() if self.class_folder else None
        try:
            class_set = class_set_from_environment()  # ``kaszino app --puzzles`` has checked it
        except KaszinoError as error:
            self.log.warning("kaszino: no class set on the teacher's page: %s", error)
            class_set = None
        settings["kaszino_classroom"] = Classroom(folder, os.environ.get(TEACHER_ENV, ""), self.max_kernels,
                                                  os.environ.get(CLASS_CODE_ENV, ""), class_set)
        settings["kaszino_rendering"] = asyncio.Semaphore(self.max_rendering)
        kernels = self.kernel_manager
        if isinstance(kernels, LearnerKernels):
            kernels.kernel_limit = self.max_kernels
            tornado.ioloop.IOLoop.current().add_callback(kernels.fill_pool)
        return settings

    def init_handlers(self) -> list[Any]:
        ours_instead = {TornadoVoilaHandler: LearnerPageHandler,
                        VoilaKernelWebsocketHandler: KernelSocketHandler}
        handlers: list[Any] = [(handler[0], ours_instead.get(handler[1], handler[1]), *handler[2:])
                               for handler in super().init_handlers()]
        ours: list[Any] = [(r"/kaszino/release/([0-9a-f-]+)", ReleaseHandler)]
        if self.class_folder:
            ours += [("/", StartHandler), (r"/kaszino/teacher(/table)?", TeacherHandler)]
        return ours + handlers


if __name__ == "__main__":  # the module's own classes, those Voilà's configuration names, not __main__'s
    from kaszino.cli import app_server

    app_server.AppServer.launch_instance(sys.argv[1:])
