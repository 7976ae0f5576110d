// QR codes drawn in the page, for links that another device opens (an invitation, a reply).
//
// window.cardtableQr.fill(root = document) draws a code in root and in every element under
// it that has a data-qr attribute, unless it already shows the code of that text and label:
//   reads   data-qr        the text to encode (as UTF-8)
//           data-qr-label  the code's accessible name (its aria-label); without one, the
//                          code is hidden from assistive technology (say the text beside it)
//   writes  its content    one <svg class="qr-code" role="img"> (every child replaced)
//           data-qr-version  the QR version used (1-40: 21 + 4 × (version - 1) modules a side)
//           data-qr-error    "too-long" (more than a code holds) or "unavailable" (the
//                            generator did not load); the element is then emptied and has
//                            no data-qr-version
// It returns a promise that resolves once every such element is drawn or marked; it never
// rejects. The generator (vendor/qrcode.js, qrcode-generator from npm) is added to the page
// the first time a code is needed, from the site's own origin, so a page that shows no code
// never downloads it; the service worker precaches it for offline use.

const LIBRARY = "vendor/qrcode.js";
// Low error correction: the smallest code for a text; a screen shows it clean and flat.
const LEVEL = "L";
const QUIET_ZONE = 4;  // modules of white around the code, as the standard asks
const SVG = "http://www.w3.org/2000/svg";

// element → {key, svg}: what fill last drew there.
const drawn = new WeakMap();
let library = null;  // a promise of the generator's qrcode function, once asked for

// The generator, added to the page once (asked for again if it failed to load). Its URL
// is relative to the page, so the site also works under a path such as /cardtable/.
function load() {
  library ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = new URL(LIBRARY, document.baseURI).href;
    script.onload = () => {
      const { qrcode } = globalThis;
      qrcode.stringToBytes = qrcode.stringToBytesFuncs["UTF-8"];  // its default is Latin-1
      resolve(qrcode);
    };
    script.onerror = () => {
      script.remove();
      library = null;
      reject(new Error(`${LIBRARY} did not load`));
    };
    document.head.append(script);
  });
  return library;
}

// What a drawing depends on: the text and the label.
function keyOf(element) {
  return JSON.stringify([element.dataset.qr, element.dataset.qrLabel ?? null]);
}

function isStale(element) {
  const done = drawn.get(element);
  return !done || done.key !== keyOf(element) || done.svg.parentNode !== element;
}

async function fill(root = document) {
  const found = [...root.querySelectorAll("[data-qr]")];
  if (root.matches?.("[data-qr]")) found.unshift(root);
  const targets = found.filter(isStale);
  if (targets.length === 0) return;
  let qrcode;
  try {
    qrcode = await load();
  } catch (error) {
    console.warn(`QR codes: ${error.message}`);
    targets.forEach((element) => fail(element, "unavailable"));
    return;
  }
  for (const element of targets) {
    if (isStale(element)) draw(element, qrcode);  // another call may have drawn it meanwhile
  }
}

// The code of the element's text, or "too-long" when no version holds it.
function draw(element, qrcode) {
  const code = qrcode(0, LEVEL);  // version 0: the smallest that holds the text
  try {
    code.addData(element.dataset.qr);
    code.make();
  } catch {  // the generator throws a string ("code length overflow") past version 40
    fail(element, "too-long");
    return;
  }
  const svg = svgOf(code, element.dataset.qrLabel);
  element.replaceChildren(svg);
  element.dataset.qrVersion = String((code.getModuleCount() - 17) / 4);
  delete element.dataset.qrError;
  drawn.set(element, { key: keyOf(element), svg });
}

function fail(element, reason) {
  element.replaceChildren();
  delete element.dataset.qrVersion;
  element.dataset.qrError = reason;
  drawn.delete(element);
}

// An <svg> one unit per module, black on white (fill attributes, so no theme changes it;
// style attributes would break the page's CSP), the quiet zone included in its viewBox.
function svgOf(code, label) {
  const size = code.getModuleCount() + 2 * QUIET_ZONE;
  const svg = svgNode("svg", {
    viewBox: `0 0 ${size} ${size}`, class: "qr-code", "shape-rendering": "crispEdges",
  });
  if (label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
  } else {
    svg.setAttribute("aria-hidden", "true");
  }
  svg.append(svgNode("rect", { width: size, height: size, fill: "#fff" }),
             svgNode("path", { d: darkRuns(code), fill: "#000" }));
  return svg;
}

// The dark modules as path data: one rectangle per run of dark modules in a row.
function darkRuns(code) {
  const count = code.getModuleCount();
  const parts = [];
  for (let row = 0; row < count; row += 1) {
    for (let col = 0; col < count; col += 1) {
      if (!code.isDark(row, col)) continue;
      const start = col;
      while (col + 1 < count && code.isDark(row, col + 1)) col += 1;
      const width = col - start + 1;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${width}v1h-${width}z`);
    }
  }
  return parts.join("");
}

function svgNode(name, attributes) {
  const made = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
  return made;
}

window.cardtableQr = Object.freeze({ fill });
