// Runs (a classic script, before assets/start.js) right after the prerendered lobby: marks
// <html data-embedded> in another page's frame, applies the theme, motion and suit colours,
// picks the page's language as the app will (a link's lang=, else the language
// setting, else the browser's first that the build speaks), swaps in the lobby
// prerendered in it (a <template id="shell-CODE">) and fills in the boot line's words. The words for every
// language are JSON in <script id="boot-words">; boot.js reads the chosen ones from
// globalThis.cardtableWords.
(() => {
  const root = document.documentElement;
  // In another page's frame the stylesheet keeps the menu and the notices to one short row.
  if (window.self !== window.top) root.dataset.embedded = "";
  const words = JSON.parse(document.getElementById("boot-words").textContent);
  const spoken = (code) => {
    const primary = String(code || "").split(/[-_]/)[0].toLowerCase();
    return Object.hasOwn(words, primary) ? primary : null;
  };
  let settings = {};
  try {
    settings = JSON.parse(localStorage.getItem("cardtable.settings") || "{}") || {};
  } catch {
    // storage blocked or unreadable: the browser's language, the system's theme and motion
  }
  const link = new URLSearchParams(location.hash.split("?")[1] || "");
  // The theme (a link's theme= for this visit, else the setting's), motion and suit colours,
  // before the first paint; the UI keeps them (cardtable.web.page.drawing).
  const themes = ["system", "light", "dark"];
  const theme = themes.includes(link.get("theme")) ? link.get("theme") : settings.theme;
  for (const [key, value] of [["theme", theme], ["motion", settings.motion],
                              ["deck", settings.deck]]) {
    if (typeof value === "string") root.dataset[key] = value;
  }
  const setting = settings.language !== "system" ? settings.language : null;
  const fromLink = link.get("lang");
  const code = [fromLink, setting, ...(navigator.languages || [])].map(spoken)
    .find(Boolean) || "en";
  const chosen = words[code];
  globalThis.cardtableWords = chosen;
  root.lang = code;
  const shell = document.getElementById(`shell-${code}`);
  if (shell) document.getElementById("app").replaceChildren(shell.content.cloneNode(true));
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, name) => values[name]);
  document.getElementById("boot-status").textContent =
    fill(chosen.status, { percent: 0, step: chosen.starting });
  document.getElementById("boot-progress").setAttribute("aria-label", chosen.progress_label);
  globalThis.cardtableFill = fill;
})();
