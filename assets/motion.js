// window.cardtableMotion: cards that move when the page is drawn again (FLIP: First, Last,
// Invert, Play). The page is redrawn from HTML; before a drawing, record(root) notes where
// every element with data-flip="<id>" is (the id names one card wherever it is drawn);
// after it, play(root, record) moves each card that was on screen before from its old place
// to its new one. A card new to the screen with data-flip-from="<selector>" comes from that
// element (a seat whose hand is hidden); one with data-flip-to="<selector>" was a card
// elsewhere that went to that element (a trick to its winner): a copy of it flies there,
// fading. Only transforms and opacity change, for at most DURATION ms: nothing takes a tap
// or moves a control, and the layout never shifts. Nothing moves when the settings or the
// system ask for reduced motion.
"use strict";
(() => {
  const DURATION = 220; // ms
  const EASING = "cubic-bezier(0.2, 0.7, 0.3, 1)";

  function reduced() {
    const root = document.documentElement;
    return root.dataset.motion === "reduced" ||
      matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  // Where each card is now, by its id, with a copy of it (for a card that leaves).
  function record(root) {
    const found = new Map();
    if (reduced()) return found;
    for (const el of root.querySelectorAll("[data-flip]")) {
      const rect = el.getBoundingClientRect();
      if (rect.width && rect.height) found.set(el.dataset.flip, { rect, copy: el.cloneNode(true) });
    }
    return found;
  }

  // The element's own CSS animations (a card's arrival) give way to its movement.
  function quiet(el) {
    for (const animation of el.getAnimations({ subtree: true })) {
      if (animation instanceof CSSAnimation) animation.cancel();
    }
  }

  // From the rectangle ``from`` to where the element is now; ``centred``: from the centre
  // of ``from`` at half size (a card coming out of a seat), else from its corner at the
  // size it had (a card that moved).
  function move(el, from, centred) {
    const to = el.getBoundingClientRect();
    if (!to.width || !to.height) return;
    const scale = centred ? 0.5 : Math.min(2, Math.max(0.5, from.height / to.height));
    const dx = centred ? from.left + from.width / 2 - (to.left + to.width * scale / 2) : from.left - to.left;
    const dy = centred ? from.top + from.height / 2 - (to.top + to.height * scale / 2) : from.top - to.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
    quiet(el);
    el.animate([
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, transformOrigin: "0 0" },
      { transform: "none", transformOrigin: "0 0" },
    ], { duration: DURATION, easing: EASING });
  }

  function moved(old, el) {
    const now = el.getBoundingClientRect();
    return Math.abs(now.left - old.rect.left) >= 1 || Math.abs(now.top - old.rect.top) >= 1;
  }

  // A copy of the card as it was, over the table (whose styles it keeps), flying into the
  // target and fading: inert, hidden from screen readers, without the data attributes and
  // id by which anything could take it for the card.
  function fly(old, target) {
    const end = target.getBoundingClientRect();
    const { rect, copy } = old;
    for (const { name } of [...copy.attributes]) {
      if (name === "id" || name.startsWith("data-")) copy.removeAttribute(name);
    }
    for (const inner of copy.querySelectorAll("[id]")) inner.removeAttribute("id");
    copy.inert = true;
    copy.setAttribute("aria-hidden", "true");
    copy.classList.add("flying");
    Object.assign(copy.style, {
      position: "fixed", left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`,
      height: `${rect.height}px`, margin: "0", pointerEvents: "none", zIndex: "30",
    });
    (target.closest("main") || document.body).append(copy);
    const dx = end.left + end.width / 2 - (rect.left + rect.width / 2);
    const dy = end.top + end.height / 2 - (rect.top + rect.height / 2);
    const flight = copy.animate([
      { transform: "none", opacity: 1 },
      { transform: `translate(${dx}px, ${dy}px) scale(0.4)`, opacity: 0 },
    ], { duration: DURATION, easing: EASING, fill: "forwards" });
    flight.finished.then(() => copy.remove(), () => copy.remove());
  }

  function play(root, before) {
    if (!before || reduced()) return;
    for (const el of root.querySelectorAll("[data-flip]")) {
      const old = before.get(el.dataset.flip);
      const to = el.dataset.flipTo && root.querySelector(el.dataset.flipTo);
      const from = el.dataset.flipFrom && root.querySelector(el.dataset.flipFrom);
      if (old && to && moved(old, el)) fly(old, to);
      else if (old && !to) move(el, old.rect, false);
      else if (!old && from) move(el, from.getBoundingClientRect(), true);
    }
  }

  window.cardtableMotion = { record, play };
})();
