"""The templates of the app's pages compiled once per server, not once per page.

Voilà makes a new nbconvert exporter for every page it serves, and with it a new Jinja
environment, which compiles every template the page uses (``index.html.j2`` and the dozen it
extends and imports) from its source again: about two thirds of the server's CPU for a page.
:class:`CompiledTemplates` keeps each template's compiled code in memory for the server's life, so
a page's environment reads the template's source, finds its code and runs it; the code is kept
per source (a template edited while the server runs is compiled again) and per way of compiling
(async or not, the Jinja extensions). :func:`use_compiled_templates` makes Voilà's page renderer
use an exporter whose environments share it.

The exporter also leaves out nbconvert's check of the whole notebook against its schema after
each of its preprocessors (a dozen checks a page): the notebook was checked when it was read, and
those preprocessors are nbconvert's own, which keep it valid.
"""

from __future__ import annotations

import io
from typing import Any

import jinja2
import voila.notebook_renderer
from jinja2.bccache import Bucket
from voila.exporter import VoilaExporter

_Key = tuple[str, bool, tuple[str, ...]]


class CompiledTemplates(jinja2.BytecodeCache):
    """Jinja's compiled templates kept in memory, by template and source, shared by environments
    that compile the same way."""

    def __init__(self) -> None:
        self._code: dict[_Key, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        found = self._code.get(_key(bucket))
        if found is not None:
            bucket.load_bytecode(io.BytesIO(found))  # reset, so compiled anew, if the source changed

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[_key(bucket)] = bucket.bytecode_to_string()


def _key(bucket: Bucket) -> _Key:
    """A template's key (its name and file: Jinja's own) with the options that change its code."""
    environment = bucket.environment
    return bucket.key, environment.is_async, tuple(sorted(environment.extensions))


COMPILED = CompiledTemplates()
"""The server's compiled templates."""


class CachingExporter(VoilaExporter):  # type: ignore[misc]
    """Voilà's exporter, its Jinja environment using :data:`COMPILED`, with no schema check of the
    notebook after each preprocessor."""

    def _create_environment(self) -> jinja2.Environment:
        environment: jinja2.Environment = super()._create_environment()
        environment.bytecode_cache = COMPILED
        return environment

    def _validate_preprocessor(self, nbc: Any, preprocessor: Any) -> None:
        """Nothing: the notebook was checked when read (see the module's note)."""


def use_compiled_templates() -> None:
    """Let every page Voilà renders in this process use :class:`CachingExporter`."""
    voila.notebook_renderer.VoilaExporter = CachingExporter
