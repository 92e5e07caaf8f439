"""Writing wheels file by file (stdlib only): a wheel's ``RECORD`` lines, and a wheel compiled to
bytecode.

This module also runs inside Pyodide, under Node.js, while the site is built
(``site_compile.mjs``): bytecode is made by the interpreter that will run it, so its version always
matches the browser's Python whatever Python builds the site.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import marshal
import sys
import zipfile
from pathlib import Path
from types import CodeType

SITE_PACKAGES = f"/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages"
"""Where Pyodide installs a pure-Python wheel; the compiled code names its files there."""


def record_line(name: str, data: bytes) -> str:
    """The ``RECORD`` line of a wheel's file ``name`` holding ``data``."""
    hashed = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={hashed},{len(data)}\n"


def compile_wheel(wheel: str | Path) -> None:
    """Replace every ``.py`` module of ``wheel`` by its bytecode (``.pyc`` beside it, as Pyodide's
    own distribution ships its packages): nothing to compile when the browser imports it.

    The ``RECORD`` is written anew; the wheel keeps its name.
    """
    with zipfile.ZipFile(wheel) as source:
        entries = [(info.filename, source.read(info)) for info in source.infolist() if not info.is_dir()]
    record_name = next(name for name, _ in entries if name.endswith(".dist-info/RECORD"))
    record = []
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as target:
        for name, data in entries:
            if name == record_name:
                continue
            if name.endswith(".py") and not name.split("/")[0].endswith(".data"):
                code = compile(data, f"{SITE_PACKAGES}/{name}", "exec", dont_inherit=True)
                name, data = name + "c", _pyc(code, data)
            target.writestr(name, data)
            record.append(record_line(name, data))
        target.writestr(record_name, "".join(record) + f"{record_name},,\n")


def _pyc(code: CodeType, source: bytes) -> bytes:
    """A bytecode file of ``code`` that is never checked against a source (there is none)."""
    # The header importlib writes: magic, flags (hash-based, unchecked), the source's hash.
    flags = (0b01).to_bytes(4, "little")
    return importlib.util.MAGIC_NUMBER + flags + importlib.util.source_hash(source) + marshal.dumps(code)
