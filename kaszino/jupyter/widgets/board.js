// The browser half of the kaszino widgets: draw the markup the kernel sends, report clicks.
// All game logic and all markup live in Python; any element with a data-action attribute
// sends {action, card, lang, value} to the kernel, which answers with new markup.
function render({ model, el }) {
  const draw = () => {
    el.innerHTML = model.get("html");
  };
  const onClick = (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || !el.contains(target) || target.disabled) {
      return;
    }
    model.send({
      action: target.dataset.action,
      card: target.dataset.card ?? null,
      lang: target.dataset.lang ?? null,
      value: target.dataset.value ?? null,
    });
  };
  el.classList.add("kaszino-root");
  el.addEventListener("click", onClick);
  model.on("change:html", draw);
  draw();
  return () => {
    model.off("change:html", draw);
    el.removeEventListener("click", onClick);
  };
}

export default { render };
