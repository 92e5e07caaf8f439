// The browser half of the kaszino widgets: draw the markup the kernel sends, report what the
// learner does. All logic and all markup live in Python. A click on any element with a
// data-action attribute sends {action, card, lang, value}; value is the element's data-value (an
// option), its own value (a slider or a menu, sent when it changes) or that of the widget's
// [data-field] input (a typed answer, also sent by Enter). A redraw changes the page's elements
// into the new markup's, keeping each that stays the same kind of thing (the same tag, action,
// card and id): a button pressed as a redraw came is still there when it is let go, so the click
// counts. After a redraw the focus returns to the element that had it. Cards in the markup refer
// to their faces (<use href="#kaszino-face-…">); the faces come apart (the "faces" trait) and are
// kept once per page in one hidden <svg>.
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

// After a move the redraw shows the cards it moved flying (kaszino.jupyter.motion): the markup's
// <template class="kaszino-motion" data-seq> lists them stage by stage, each card with its picture,
// where it came from (the hand or the table) and where it goes (the player's pile or the table). A
// card starts where the page showed it before the redraw (a face-down hand: its row); a laid card
// flies to its place on the new table, which stays hidden until it lands. A redraw without a new
// move (the same data-seq) plays nothing again, and nothing plays under prefers-reduced-motion.
const MOTION_MS = 300;
const MOTION_SEQ = /<template class="kaszino-motion" data-seq="(\d+)"/;

function reducedMotion() {
  return window.matchMedia !== undefined && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function places(el) {
  const cards = new Map();
  el.querySelectorAll(".kaszino-position .kaszino-card-svg[aria-label]").forEach((svg) => {
    cards.set(svg.getAttribute("aria-label"), svg.getBoundingClientRect());
  });
  const hands = new Map();
  el.querySelectorAll(".kaszino-player[data-player]").forEach((panel) => {
    const row = panel.querySelector(".kaszino-cards") ?? panel;
    hands.set(panel.dataset.player, row.getBoundingClientRect());
  });
  return { cards, hands };
}

function pileRect(el, player) {
  const panel = el.querySelector(`.kaszino-player[data-player="${player}"]`);
  const pile = panel && panel.querySelector(".kaszino-pile");
  return (pile ?? panel)?.getBoundingClientRect() ?? null;
}

function landedCard(el, card) {
  const svg = el.querySelector(`.kaszino-table .kaszino-card-svg[aria-label="${CSS.escape(card)}"]`);
  return svg ? svg.closest(".kaszino-card") ?? svg : null;
}

function tableEnd(el) {
  const row = el.querySelector(".kaszino-table .kaszino-cards");
  if (!row) {
    return null;
  }
  const box = row.getBoundingClientRect();
  const last = row.lastElementChild ? row.lastElementChild.getBoundingClientRect() : box;
  return new DOMRect(Math.min(last.right + 6, box.right - 60), box.top + 10, 60, 84);
}

function fly(picture, from, to, stage, toPile, landed) {
  const ghost = document.createElement("div");
  ghost.className = "kaszino-ghost";
  Object.assign(ghost.style, { left: `${from.left}px`, top: `${from.top}px`, width: `${from.width}px`, height: `${from.height}px` });
  ghost.appendChild(picture);
  document.body.appendChild(ghost);
  const dx = to.left + to.width / 2 - (from.left + from.width / 2);
  const dy = to.top + to.height / 2 - (from.top + from.height / 2);
  const end = toPile ? { transform: `translate(${dx}px, ${dy}px) scale(0.35)`, opacity: 0.2 }
    : { transform: `translate(${dx}px, ${dy}px)`, opacity: 1 };
  if (landed) {
    landed.style.visibility = "hidden";
  }
  const flight = ghost.animate([{ transform: "none", opacity: 1 }, end],
    { duration: MOTION_MS, delay: stage * MOTION_MS, easing: "ease-in-out", fill: "backwards" });
  flight.onfinish = flight.oncancel = () => {
    ghost.remove();
    if (landed) {
      landed.style.visibility = "";
    }
  };
}

function playMotion(el, before) {
  const motion = el.querySelector("template.kaszino-motion");
  if (!motion) {
    return;
  }
  const where = new Map(before.cards);
  const stages = [...motion.content.querySelectorAll(".kaszino-stage")];
  stages.forEach((stage, i) => {
    const player = stage.dataset.player;
    stage.querySelectorAll(".kaszino-flight").forEach((flight) => {
      const card = flight.dataset.flight;
      const toPile = flight.dataset.to === "pile";
      const from = where.get(card) ?? before.hands.get(player);
      const landed = toPile ? null : landedCard(el, card);
      const to = toPile ? pileRect(el, player) : (landed ? landed.getBoundingClientRect() : tableEnd(el));
      const picture = flight.firstElementChild;
      if (from && to && picture) {
        fly(picture.cloneNode(true), from, to, i, toPile, landed);
        where.set(card, to);
      }
    });
  });
  el.classList.add("kaszino-moving");
  setTimeout(() => el.classList.remove("kaszino-moving"), stages.length * MOTION_MS);
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

// A redraw: the children of `old` made like those of `fresh` (the new markup, parsed), element by
// element, keeping an element where the new one is its like (its attributes, text and children
// then set as the new one's), replacing it elsewhere. A <template> is always replaced (its content
// is not among its children).
function alike(have, want) {
  if (have.nodeType !== want.nodeType || have.nodeName !== want.nodeName || have.nodeName === "TEMPLATE") {
    return false;
  }
  return have.nodeType !== Node.ELEMENT_NODE
    || ["data-action", "data-card", "id"].every((name) => have.getAttribute(name) === want.getAttribute(name));
}

function update(have, want) {
  if (have.nodeType !== Node.ELEMENT_NODE) {
    if (have.nodeValue !== want.nodeValue) {
      have.nodeValue = want.nodeValue;
    }
    return;
  }
  for (const { name } of [...have.attributes]) {
    if (!want.hasAttribute(name)) {
      have.removeAttribute(name);
    }
  }
  for (const { namespaceURI, name, value } of want.attributes) {
    if (have.getAttribute(name) !== value) {
      have.setAttributeNS(namespaceURI, name, value);
    }
  }
  morph(have, want);
  if ("value" in want && have.value !== want.value) {
    have.value = want.value; // a field or a menu shows what the new markup says, as a new one would
  }
  if ("checked" in want) {
    have.checked = want.checked;
  }
}

function morph(old, fresh) {
  const wanted = [...fresh.childNodes];
  wanted.forEach((want, i) => {
    const have = old.childNodes[i];
    if (!have) {
      old.appendChild(want);
    } else if (alike(have, want)) {
      update(have, want);
    } else {
      old.replaceChild(want, have);
    }
  });
  while (old.childNodes.length > wanted.length) {
    old.lastChild.remove();
  }
}

function render({ model, el }) {
  const draw = () => {
    keepFaces(model.get("faces") ?? {});
    const focused = el.contains(document.activeElement) ? document.activeElement : null;
    const key = focused ? focused.dataset.action ?? focused.dataset.field : null;
    const html = model.get("html");
    const seq = MOTION_SEQ.exec(html)?.[1];
    const moving = seq !== undefined && el.dataset.motionSeq !== undefined && seq !== el.dataset.motionSeq
      && !reducedMotion();
    const before = moving ? places(el) : null;
    const fresh = el.cloneNode(false);
    fresh.innerHTML = html;
    morph(el, fresh);
    el.dataset.motionSeq = seq ?? "";
    if (before) {
      playMotion(el, before);
    }
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
