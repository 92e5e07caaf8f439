// The browser half of the kaszino widgets: draw the markup the kernel sends, report what the
// learner does. All logic and all markup live in Python. A click on any element with a
// data-action attribute sends {action, card, lang, value}; value is the element's data-value (an
// option), its own value (a slider, sent when it is let go) or that of the widget's [data-field]
// input (a typed answer, also sent by Enter). After a redraw the focus returns to the element that had it.
function render({ model, el }) {
  const draw = () => {
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
    model.send({
      action: target.dataset.action,
      card: target.dataset.card ?? null,
      lang: target.dataset.lang ?? null,
      value: value ?? null,
    });
  };
  const fieldValue = () => {
    const field = el.querySelector("[data-field]");
    return field ? field.value : null;
  };
  const onClick = (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || !el.contains(target) || target.disabled || target.tagName === "INPUT") {
      return;
    }
    send(target, target.dataset.value ?? fieldValue());
  };
  const onChange = (event) => {
    const target = event.target;
    if (target.tagName === "INPUT" && target.dataset.action && el.contains(target)) {
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
