"""The widgets' loader (``kaszino/jupyter/widgets/board_loader.js``) in Chromium, on a page of its
own: a widget made before the page knows the shared model that holds the widgets' script waits for
that model instead of failing. A page restores its widgets side by side, as their states arrive
from the kernel; when the shared model came last, the first widgets of the page were not drawn (a
failed run of the combinatorics chapter showed its sixth exercise third)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

import kaszino.jupyter.widgets as widgets

LOADER = (Path(widgets.__file__).parent / "board_loader.js").read_text(encoding="utf-8")
SCRIPT = "export default { initialize() { return 'initialised'; }, render() {} };"
"""What the shared model holds in place of board.js."""

TRY = """async ([loader, script, late]) => {
  const models = new Map();
  const manager = {  // what ipywidgets' manager does: it refuses a model it does not know yet
    has_model: (id) => models.has(id),
    get_model: async (id) => {
      if (!models.has(id)) throw new Error("widget model not found");
      return models.get(id);
    },
  };
  const shared = { get: (key) => ({ esm: script, css: ".kaszino-test { color: red; }" })[key] };
  const widget = {
    get: (key) => (key === "_board" ? "IPY_MODEL_shared" : undefined),
    widget_manager: manager,
  };
  const url = URL.createObjectURL(new Blob([loader], { type: "text/javascript" }));
  const loaded = (await import(url)).default;
  setTimeout(() => models.set("shared", shared), late);
  const first = await loaded.initialize({ model: widget });
  const second = await loaded.initialize({ model: widget });
  return [first, second, document.getElementById("kaszino.board").textContent];
}"""


def test_a_widget_made_before_the_shared_model_waits_for_it(page: Page) -> None:
    page.set_content("<title>loader</title>")
    first, second, style = page.evaluate(TRY, [LOADER, SCRIPT, 300])
    assert (first, second) == ("initialised", "initialised")
    assert style == ".kaszino-test { color: red; }"
