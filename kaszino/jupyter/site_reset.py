"""The reset button of the offline site's start page (``kaszino site build`` adds it to the site's
copy of the start page only).

A click deletes what the site keeps in the browser besides the learner's progress file: the copies
of the pages, the settings and workspaces of every release, the site's caches and its service worker
(``resetSite`` of ``kaszino/cli/site_release.js``, which the site serves as ``kaszino-release.js``),
then reloads the page.
"""

from __future__ import annotations

import anywidget
import traitlets

from kaszino.i18n import tr

_ESM = """
export default {
  render({ model, el }) {
    const button = document.createElement("button");
    button.className = "jupyter-button kaszino-reset-btn";
    button.textContent = model.get("label");
    button.onclick = async () => {
      button.disabled = true;
      const root = document.getElementById("jupyter-config-data").dataset.jupyterLiteRoot;
      const release = await import(new URL(`${root}/kaszino-release.js`, location.href).href);
      await release.resetSite();
      location.reload();
    };
    el.append(button);
  },
};
"""


class ResetButton(anywidget.AnyWidget):
    """A button that resets what the offline site keeps in the browser, the progress file excepted."""

    _esm = _ESM
    label = traitlets.Unicode().tag(sync=True)


def reset_button() -> ResetButton:
    """The start page's reset button, labelled in the current language."""
    return ResetButton(label=tr("site.reset"))
