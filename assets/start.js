// Starts the page (a classic script, the last element of index.html's body, after
// assets/lang.js has chosen the language): the runtime at once, or, in another page's frame,
// a light poster first. The runtime (Pyodide, PyScript, the page's modules, and the
// preloads of their big downloads) waits in index.html's <template id="runtime">, where it
// fetches nothing: a blog post with several embedded deals costs its readers the page, its
// stylesheet, two small scripts and a picture per frame, and Python only in the frame whose
// Play is tapped. A link with poster=off skips the poster ("start at once", for a page that
// is only the game). In a frame, the page also tells its parent its height whenever it
// changes: {cardtable: "height", height} (the Embed panel's optional script listens).
(() => {
  const root = document.documentElement;
  const words = globalThis.cardtableWords;
  const fill = globalThis.cardtableFill;
  const framed = window.self !== window.top;
  const params = new URLSearchParams(location.hash.split("?")[1] || "");
  // The pictures of each game's table, rendered by the build (sitebuild/page.py).
  const POSTERS = "posters";
  const LONGEST_SEED = 64; // as a link's seed may be (cardtable.web.validate)

  // The runtime's elements, made anew (a script copied from a template would not run
  // everywhere), into the head in their order: classic scripts keep theirs (async off).
  function startRuntime() {
    for (const node of document.getElementById("runtime").content.children) {
      const element = document.createElement(node.localName);
      for (const { name, value } of node.attributes) element.setAttribute(name, value);
      if (node.localName === "script" && node.type !== "module") element.async = false;
      document.head.append(element);
    }
  }

  // The game a link names (#/<game>…), if this build has it.
  function linkedGame() {
    const game = location.hash.replace(/^#\/?/, "").split("?")[0].split("/")[0];
    return Object.hasOwn(words.games, game) ? game : null;
  }

  // What the deal is, in words: today's deal or its seed, its players, and its choices
  // that are not the game's defaults.
  function dealWords(game) {
    const parts = [];
    if (params.has("daily")) parts.push(words.today);
    else if (params.get("seed")) {
      parts.push(fill(words.deal, { seed: params.get("seed").slice(0, LONGEST_SEED) }));
    }
    const players = Number.parseInt(params.get("players"), 10);
    if (players >= 1 && players <= words.players.length) parts.push(words.players[players - 1]);
    for (const [key, option] of Object.entries(words.games[game].options)) {
      const value = params.get(key);
      if (value !== option.default && Object.hasOwn(option.values, value ?? "")) {
        parts.push(`${option.label}: ${option.values[value]}`);
      }
    }
    return parts.join(" · ");
  }

  function element(tag, attributes = {}, text = "") {
    const made = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
    made.textContent = text;
    return made;
  }

  // The poster: the game's name, the deal, a picture of the game's table and one button.
  function showPoster() {
    const app = document.getElementById("app");
    const lobby = [...app.childNodes];
    const game = linkedGame();
    const poster = element("main", { class: "poster", "aria-labelledby": "poster-title" });
    const picture = element("div", { class: "poster-picture", "aria-hidden": "true" });
    picture.inert = true;
    poster.append(element("h1", { id: "poster-title" }, game ? words.games[game].name : "cardtable"));
    if (game) {
      poster.append(element("p", { id: "poster-deal", class: "poster-deal" }, dealWords(game)));
      showPicture(picture, game);
    }
    const play = element("button", { type: "button", class: "primary big",
                                      "data-action": "play-here",
                                      "aria-describedby": "poster-cost" }, words.play);
    poster.append(play, element("p", { id: "poster-cost", class: "help" },
                                fill(words.loads, { size: words.size })), picture);
    app.replaceChildren(poster);
    root.dataset.app = "poster";
    play.addEventListener("click", () => {
      root.dataset.app = "loading";
      app.replaceChildren(...lobby);
      startRuntime();
    }, { once: true });
  }

  // The build's picture of the game's table in the page's language (English where the
  // build has none in it); none at all when it cannot be had.
  async function showPicture(picture, game) {
    for (const language of new Set([root.lang, "en"])) {
      try {
        const response = await fetch(`${POSTERS}/${game}-${language}.html`);
        if (!response.ok) continue;
        picture.innerHTML = await response.text(); // the build's own file, of this origin
        return;
      } catch {
        return; // offline, and never stored: the poster goes without
      }
    }
  }

  // The page's height to the page that frames it, whenever it changes.
  function reportHeight() {
    let told = 0;
    new ResizeObserver(() => {
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      if (height === told) return;
      told = height;
      window.parent.postMessage({ cardtable: "height", height }, "*");
    }).observe(document.body);
  }

  if (framed) reportHeight();
  if (framed && params.get("poster") !== "off") showPoster();
  else startRuntime();
})();
