// The browser half of the kaszino widgets: draw the markup the kernel sends, report what the
// learner does. All logic and all markup live in Python. A click on any element with a
// data-action attribute sends {action, card, lang, value}; value is the element's data-value (an
// option), its own value (a slider or a menu, sent when it changes) or that of the widget's
// [data-field] input (a typed answer, also sent by Enter). After a redraw the focus returns to the
// element that had it. Cards in the markup refer to their faces (<use href="#kaszino-face-…">);
// the faces come apart (the "faces" trait) and are kept once per page in one hidden <svg>.
const FACES = "kaszino-faces";

function keepFaces(faces) {
  let store = document.getElementById(FACES);
  if (!store) {
    const holder = document.createElement("div");
    holder.innerHTML = `<svg id="${FACES}" aria-hidden="true" style="position:absolute; width:0; height:0; overflow:hidden"></svg>`;
    store = holder.firstElementChild;
    document.body.appendChild(store);
  }
  const missing = Object.keys(faces).filter((id) => !document.getElementById(id));
  if (missing.length) {
    store.insertAdjacentHTML("beforeend", missing.map((id) => faces[id]).join(""));
  }
}

// A page's redraw sent as one message (kaszino.jupyter.widgets.base.one_message): what changed of
// each widget (html, faces), by model id; setting it here redraws every view as its own change would.
function initialize({ model }) {
  const onMessage = async (content) => {
    if (!content || typeof content.redraw !== "object") {
      return;
    }
    const entries = Object.entries(content.redraw);
    const models = await Promise.all(entries.map(([id]) => model.widget_manager.get_model(id).catch(() => null)));
    entries.forEach(([, state], i) => {
      if (models[i]) {
        keepFaces(state.faces ?? {});
        models[i].set(state);
      }
    });
  };
  model.on("msg:custom", onMessage);
  return () => model.off("msg:custom", onMessage);
}

function render({ model, el }) {
  const draw = () => {
    keepFaces(model.get("faces") ?? {});
    const focused = el.contains(document.activeElement) ? document.activeElement : null;
    const key = focused ? focused.dataset.action ?? focused.dataset.field : null;
    el.innerHTML = model.get("html");
    if (key) {
      const again = el.querySelector(`[data-action="${key}"], [data-field="${key}"]`);
      if (again) {
        again.focus();
      }
    }
  };
  const send = (target, value) => {
    // Every field is text ("" for none): a JavaScript null reaches Python as None in a kernel,
    // but as another object under Pyodide (the offline site), which no text check would take.
    model.send({
      action: target.dataset.action ?? "",
      card: target.dataset.card ?? "",
      lang: target.dataset.lang ?? "",
      value: value ?? "",
    });
  };
  const fieldValue = () => {
    const field = el.querySelector("[data-field]");
    return field ? field.value : null;
  };
  const changes = (target) => target.tagName === "INPUT" || target.tagName === "SELECT";
  const onClick = (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || !el.contains(target) || target.disabled || changes(target)) {
      return;
    }
    send(target, target.dataset.value ?? fieldValue());
  };
  const onChange = (event) => {
    const target = event.target;
    if (changes(target) && target.dataset.action && el.contains(target)) {
      send(target, target.value);
    }
  };
  const onKey = (event) => {
    const field = event.target.closest("[data-field]");
    if (event.key === "Enter" && field && el.contains(field)) {
      const submit = el.querySelector(`[data-action="${field.dataset.field}"]`);
      if (submit && !submit.disabled) {
        event.preventDefault();
        send(submit, field.value);
      }
    }
  };
  el.classList.add("kaszino-root");
  el.addEventListener("click", onClick);
  el.addEventListener("change", onChange);
  el.addEventListener("keydown", onKey);
  const faces = () => keepFaces(model.get("faces") ?? {});
  model.on("change:html", draw);
  model.on("change:faces", faces);
  draw();
  return () => {
    model.off("change:html", draw);
    model.off("change:faces", faces);
    el.removeEventListener("click", onClick);
    el.removeEventListener("change", onChange);
    el.removeEventListener("keydown", onKey);
  };
}

export default { initialize, render };
