"""The answer controls every exercise draws: a row of options, and a box for a typed answer.

The tutorial's and the classroom's exercise widgets (:mod:`kaszino.jupyter.widgets.exercise`) and
the trainer's puzzles (:mod:`kaszino.jupyter.widgets.puzzle`) ask for a choice or a typed number
with this markup; a click sends the control's action with the option's value or the box's text
(``board.js``), and the verdict comes back in the one feedback bar
(:func:`kaszino.jupyter.widgets.table.feedback_html`). The look is the shared stylesheet's
(``board.css``: ``.kaszino-option``, ``.kaszino-number``), light and dark, on phones too.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from kaszino.jupyter.widgets.table import Button


def options_html(action: str, options: Sequence[tuple[str, str]], *, chosen: str | None = None,
                 lead: str = "") -> str:
    """A row of buttons, one per ``(value, label)``, each sending ``action`` with its value; the
    ``chosen`` one is marked. ``lead`` is a text before the buttons ("Válassz:")."""
    buttons = "".join(
        f'<button type="button" class="kaszino-btn kaszino-option" data-action="{escape(action)}" '
        f'data-value="{escape(value)}" aria-pressed="{str(value == chosen).lower()}">{escape(label)}</button>'
        for value, label in options)
    return f'<div class="kaszino-bar kaszino-options">{escape(lead)}{buttons}</div>'


def typed_html(submit: Button, *, given: str = "", placeholder: str = "", inputmode: str = "numeric",
               size: int = 6, label: tuple[str, str] | None = None) -> str:
    """A box for a typed answer and the button ``submit`` that sends its text (Enter too);
    ``label``: the words before the box and the box's id, else the placeholder names the box."""
    named = (f'<label for="{escape(label[1])}">{escape(label[0])}</label>' if label is not None
             else "")
    identity = f' id="{escape(label[1])}"' if label is not None else f' aria-label="{escape(placeholder)}"'
    hint = f' placeholder="{escape(placeholder)}"' if placeholder else ""
    return (f'<div class="kaszino-bar kaszino-typed">{named}<input type="text" '
            f'inputmode="{escape(inputmode)}" class="kaszino-number" data-field="{escape(submit.action)}" '
            f'size="{size}" value="{escape(given)}"{hint}{identity}>{submit.html()}</div>')
