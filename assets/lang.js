// Runs (a classic script, so before the module boot.js) right after the prerendered
// lobby: marks <html data-embedded> in another page's frame, picks the page's language as the app will (a link's lang=, else the language
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
  let setting = null;
  try {
    const { language } = JSON.parse(localStorage.getItem("cardtable.settings") || "{}");
    if (language !== "system") setting = language;
  } catch {
    // storage blocked or unreadable: the browser's language
  }
  const fromLink = new URLSearchParams(location.hash.split("?")[1] || "").get("lang");
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
