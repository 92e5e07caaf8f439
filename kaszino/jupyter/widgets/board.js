// The browser half of the kaszino widgets: draw the markup the kernel sends, report clicks.
// All game logic and all markup live in Python; any element with a data-action attribute
// sends {action, card, lang, value} to the kernel, which answers with new markup.
function render({ model, el }) {
  const draw = () => {
    el.innerHTML = model.get("html");
  };
  const onClick = (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || !el.contains(target) || target.disabled || target.tagName === "SELECT") {
      return;
    }
    send(target);
  };
  // A menu (<select data-action>) reports its new value; a button with data-input sends the
  // value typed into that field of the widget; Enter in such a field presses its button.
  const send = (target) => {
    const input = target.dataset.input ? el.querySelector(target.dataset.input) : null;
    model.send({
      action: target.dataset.action,
      card: target.dataset.card ?? null,
      lang: target.dataset.lang ?? null,
      value: input ? input.value : target.tagName === "SELECT" ? target.value : target.dataset.value ?? null,
    });
  };
  const onChange = (event) => {
    const target = event.target.closest("select[data-action]");
    if (target && el.contains(target)) {
      send(target);
    }
  };
  const onKey = (event) => {
    if (event.key !== "Enter" || !event.target.matches("input")) {
      return;
    }
    const button = el.querySelector(`[data-input="#${event.target.id}"]`);
    if (button && !button.disabled) {
      send(button);
    }
  };
  el.classList.add("kaszino-root");
  el.addEventListener("click", onClick);
  el.addEventListener("change", onChange);
  el.addEventListener("keydown", onKey);
  model.on("change:html", draw);
  draw();
  return () => {
    model.off("change:html", draw);
    el.removeEventListener("click", onClick);
    el.removeEventListener("change", onChange);
    el.removeEventListener("keydown", onKey);
  };
}

export default { render };
