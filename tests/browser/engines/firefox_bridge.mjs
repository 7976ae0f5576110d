// Firefox for the cross-engine browser tests: puppeteer-core drives /usr/bin/firefox-esr over
// WebDriver BiDi, and this process relays its API to pytest (engines/firefox.py).
//
// One request per line on stdin, one answer per line on stdout, both JSON:
//   {"id": 1, "op": "goto", "page": 2, "url": "..."}  ->  {"id": 1, "value": ...}
//                                                      or {"id": 1, "error": "message"}
// Ops: open (a page in a fresh browser context; its number), goto, reload, evaluate
// (a JS expression, awaited; inside the iframe that the CSS selector "frame" finds, when
// given), click (a CSS selector, by a real mouse click on a point of the element that
// nothing covers; in "frame" likewise), problems (the page's console errors and uncaught
// errors so far), resize (the page's viewport: "width" and "height"), close (the page's
// context). The first line out is {"ready": version}
// once Firefox runs; end of stdin closes Firefox and exits.
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.env.CARDTABLE_FIREFOX || "/usr/bin/firefox-esr",
  headless: true,
  extraPrefsFirefox: JSON.parse(process.env.CARDTABLE_FIREFOX_PREFS || "{}"),
});
const pages = new Map();  // number -> {page, context, problems}
let made = 0;

async function target(request) {
  const { page } = pages.get(request.page);
  if (!request.frame) return page;
  const frame = await (await page.waitForSelector(request.frame)).contentFrame();
  if (!frame) throw new Error(`${request.frame} shows no document`);
  return frame;
}

// Where a player would tap the element: a point of it that no other element covers (a card
// of a fanned hand shows only its edge, and its centre lies under the next card), as an
// offset from its top-left corner; null when none of the points tried is uncovered.
const VISIBLE_POINT = (element) => {
  const box = element.getBoundingClientRect();
  for (const fy of [0.5, 0.25, 0.75, 0.1, 0.9]) {
    for (const fx of [0.5, 0.25, 0.75, 0.1, 0.9]) {
      const [x, y] = [box.left + box.width * fx, box.top + box.height * fy];
      const hit = element.ownerDocument.elementFromPoint(x, y);
      if (hit && element.contains(hit)) return { x: x - box.left, y: y - box.top };
    }
  }
  return null;
};

const ops = {
  async open() {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const problems = [];
    page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
    page.on("pageerror", (e) => problems.push(`uncaught: ${e.message ?? e}`));
    pages.set(++made, { page, context, problems });
    return made;
  },
  goto: (r) => pages.get(r.page).page.goto(r.url, { waitUntil: "load" }).then(() => null),
  reload: (r) => pages.get(r.page).page.reload({ waitUntil: "load" }).then(() => null),
  evaluate: async (r) => (await target(r)).evaluate(r.expression),
  async click(r) {
    const element = await (await target(r)).$(r.selector);
    if (!element) throw new Error(`no element matches ${r.selector}`);
    await element.scrollIntoView();
    const offset = await element.evaluate(VISIBLE_POINT);
    await element.click(offset ? { offset } : {});
    return null;
  },
  resize: (r) => pages.get(r.page).page.setViewport({ width: r.width, height: r.height })
    .then(() => null),
  problems: (r) => pages.get(r.page).problems,
  async close(r) {
    await pages.get(r.page).context.close();
    pages.delete(r.page);
    return null;
  },
};

const answer = (line) => process.stdout.write(JSON.stringify(line) + "\n");
answer({ ready: await browser.version() });
for await (const line of createInterface({ input: process.stdin })) {
  const request = JSON.parse(line);
  try {
    answer({ id: request.id, value: (await ops[request.op](request)) ?? null });
  } catch (error) {
    answer({ id: request.id, error: String(error.message ?? error) });
  }
}
await browser.close();
