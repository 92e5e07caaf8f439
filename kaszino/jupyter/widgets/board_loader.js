// What each kaszino widget carries to the browser instead of the whole of board.js and board.css:
// the script and the stylesheet come once per kernel, in the shared model its "_board" names
// (kaszino.jupyter.widgets.base.BoardCode). The first widget of that kernel to be drawn loads the
// script and puts the stylesheet into the page; every other widget uses the same module.
const BOARDS = (globalThis.kaszinoBoards ??= new Map());
const PREFIX = "IPY_MODEL_";

// A widget may come before the shared model (see BoardCode): wait for it, up to a minute.
async function shared(manager, id) {
  for (let waited = 0, pause = 10; !manager.has_model(id); pause = Math.min(2 * pause, 250)) {
    if ((waited += pause) > 60000) throw new Error(`kaszino: the widgets' script (${id}) never came`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  return manager.get_model(id);
}

function board(model) {
  const id = model.get("_board").slice(PREFIX.length);
  if (!BOARDS.has(id)) {
    BOARDS.set(id, (async () => {
      const code = await shared(model.widget_manager, id);
      let style = document.getElementById("kaszino.board");
      if (!style) {
        style = Object.assign(document.createElement("style"), { id: "kaszino.board" });
        document.head.appendChild(style);
      }
      if (style.textContent !== code.get("css")) {
        style.textContent = code.get("css");
      }
      const url = URL.createObjectURL(new Blob([code.get("esm")], { type: "text/javascript" }));
      try {
        return (await import(/* webpackIgnore: true */ url)).default;
      } finally {
        URL.revokeObjectURL(url);
      }
    })().catch((error) => {
      BOARDS.delete(id); // the next widget tries again
      throw error;
    }));
  }
  return BOARDS.get(id);
}

export default {
  async initialize(context) {
    return (await board(context.model)).initialize(context);
  },
  async render(context) {
    return (await board(context.model)).render(context);
  },
};
