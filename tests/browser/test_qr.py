"""QR codes drawn by assets/qr.js (``window.cardtableQr.fill``) on the served app, each
decoded back to its text: the SVG is drawn onto a canvas in the page and read by jsQR.

jsQR is a devDependency, never in dist/. Like axe in test_a11y.py, its source runs through
page.evaluate (the DevTools protocol, which the page's CSP does not govern): Playwright's
add_script_tag would insert an inline <script>, which the CSP blocks. The ``page`` fixture
fails a test on any request outside the site's origin, uncaught error or CSP violation, so
every test here also shows that drawing a code fetches nothing from elsewhere.
"""

import base64

import pytest

from sitebuild.project import NODE_MODULES
from test_offline import PRECACHE_TIMEOUT_MS, READY_FOR_OFFLINE

JSQR = (NODE_MODULES / "jsqr" / "dist" / "jsQR.js").read_text(encoding="utf-8")
LIBRARY = "vendor/qrcode.js"
# An invitation as the page will make it: 130 characters, 95 of them base64url.
OFFER = base64.urlsafe_b64encode(bytes(range(7, 78))).decode().rstrip("=")
INVITATION = "http://localhost:8000/#/join?offer=" + OFFER

# Adds <div id=ID data-qr=TEXT data-qr-label=LABEL> to the body, fills the body and says
# what the element then holds.
DRAW = """async ([id, text, label]) => {
  const box = document.getElementById(id) || document.body.appendChild(
    Object.assign(document.createElement("div"), { id }));
  box.dataset.qr = text;
  if (label !== null) box.dataset.qrLabel = label;
  await window.cardtableQr.fill(document.body);
  const svg = box.querySelector("svg");
  return { children: box.children.length, svg: !!svg, version: box.dataset.qrVersion ?? null,
           error: box.dataset.qrError ?? null, role: svg?.getAttribute("role") ?? null,
           label: svg?.getAttribute("aria-label") ?? null,
           hidden: svg?.getAttribute("aria-hidden") ?? null };
}"""

# The text that jsQR reads from the SVG of element ID drawn at SCALE pixels per module, or
# null. The image is a data: URL (the CSP's img-src allows data:, not blob:).
DECODE = """async ([id, scale]) => {
  const svg = document.getElementById(id).querySelector("svg");
  const size = svg.viewBox.baseVal.width * scale;
  const image = new Image();
  image.src = "data:image/svg+xml;charset=utf-8,"
    + encodeURIComponent(new XMLSerializer().serializeToString(svg));
  await image.decode();
  const canvas = Object.assign(document.createElement("canvas"), { width: size, height: size });
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0, size, size);
  const found = jsQR(context.getImageData(0, 0, size, size).data, size, size,
                     { inversionAttempts: "dontInvert" });
  return found ? found.data : null;
}"""


def draw(page, id_, text, label=None) -> dict:
    return page.evaluate(DRAW, [id_, text, label])


def decode(page, id_, scale=4):
    if not page.evaluate("!!window.jsQR"):
        page.evaluate(JSQR + "\n;true")
    return page.evaluate(DECODE, [id_, scale])


def library_requests(page) -> list:
    """Every request the page makes for the generator, as it makes them (the service
    worker's own, when it precaches every file, are not the page's)."""
    seen = []
    page.on("request", lambda r: seen.append(r.url) if r.url.endswith(LIBRARY) else None)
    return seen


def test_an_invitation_draws_as_a_small_code_that_reads_back(page, site, open_app):
    assert len(INVITATION) == 130 and len(OFFER) == 95
    requested = library_requests(page)
    open_app(page, site.url)
    assert requested == []  # a page that shows no code never asks for the generator
    drawn = draw(page, "invite", INVITATION, "Invitation link")
    assert drawn == {"children": 1, "svg": True, "version": drawn["version"], "error": None,
                     "role": "img", "label": "Invitation link", "hidden": None}
    assert 1 <= int(drawn["version"]) <= 7
    assert decode(page, "invite") == INVITATION
    # The quiet zone: 4 modules a side around 17 + 4 × version.
    side = 17 + 4 * int(drawn["version"]) + 8
    assert page.evaluate("document.querySelector('#invite svg').getAttribute('viewBox')") \
        == f"0 0 {side} {side}"
    assert requested == [site.url + LIBRARY]


def test_a_code_is_drawn_once_per_text_and_label(page, site, open_app):
    requested = library_requests(page)
    open_app(page, site.url)
    draw(page, "reply", "first")
    same = """async () => { const before = document.querySelector("#reply svg");
                            await cardtableQr.fill(document);
                            return before === document.querySelector("#reply svg"); }"""
    assert page.evaluate(same) is True
    assert draw(page, "reply", "second")["svg"] and decode(page, "reply") == "second"
    assert draw(page, "reply", "second", "Reply code")["label"] == "Reply code"
    # Two calls at once, before the generator has loaded in a fresh element: one code.
    both = """async () => { const box = Object.assign(document.createElement("p"),
                                                   { id: "twice" });
                            box.dataset.qr = "twice";
                            document.body.append(box);
                            await Promise.all([cardtableQr.fill(box), cardtableQr.fill(box)]);
                            return box.children.length; }"""
    assert page.evaluate(both) == 1
    assert len(requested) == 1  # the generator, added to the page once


def test_without_a_label_the_code_is_hidden_from_assistive_technology(page, site, open_app):
    open_app(page, site.url)
    drawn = draw(page, "bare", INVITATION)
    assert (drawn["role"], drawn["label"], drawn["hidden"]) == (None, None, "true")


def test_codes_stay_black_on_white_in_the_dark_theme(new_page, site, open_app):
    page = new_page(color_scheme="dark")
    open_app(page, site.url)
    page.evaluate("document.documentElement.dataset.theme = 'dark'")
    draw(page, "dark", INVITATION, "Invitation link")
    colours = page.evaluate("""() => {
        const fill = (name) => getComputedStyle(document.querySelector(`#dark ${name}`)).fill;
        return [fill("rect"), fill("path"), getComputedStyle(document.body).backgroundColor];
    }""")
    assert colours[:2] == ["rgb(255, 255, 255)", "rgb(0, 0, 0)"]
    assert colours[2] != "rgb(255, 255, 255)"  # the page around it is dark indeed
    assert decode(page, "dark") == INVITATION


def test_long_and_non_ascii_texts(page, site, open_app):
    open_app(page, site.url)
    accented = "Zoë's table ♠ — join: " + INVITATION
    draw(page, "utf8", accented, "Code")
    assert decode(page, "utf8") == accented  # encoded as UTF-8
    long = (INVITATION + "&") * 15 + "x" * (2000 - 15 * 131)
    assert len(long) == 2000
    drawn = draw(page, "long", long, "Code")
    assert drawn["svg"] and drawn["error"] is None and int(drawn["version"]) > 20
    assert decode(page, "long", scale=6) == long
    # Past what version 40 holds (2953 bytes at level L): nothing drawn, no uncaught error.
    drawn = draw(page, "long", "y" * 3000, "Code")
    assert drawn == {"children": 0, "svg": False, "version": None, "error": "too-long",
                     "role": None, "label": None, "hidden": None}
    # Short enough again: drawn again.
    assert draw(page, "long", "short", "Code")["error"] is None
    assert decode(page, "long") == "short"


@pytest.mark.service_worker
def test_offline_the_service_worker_serves_the_generator(page, context, site, open_app,
                                                         wait_until):
    open_app(page, site.url)
    wait_until(page, READY_FOR_OFFLINE, PRECACHE_TIMEOUT_MS)  # the parts too
    context.set_offline(True)
    served = []
    page.on("response", lambda r: served.append((r.url, r.status, r.from_service_worker))
            if r.url.endswith(LIBRARY) else None)
    open_app(page, site.url)
    assert page.evaluate("navigator.onLine") is False
    drawn = draw(page, "offline", INVITATION, "Invitation link")
    assert drawn["svg"] and drawn["error"] is None
    assert decode(page, "offline") == INVITATION
    assert served == [(site.url + LIBRARY, 200, True)]


def test_the_generator_loads_from_a_project_sub_path(context, subpath_site, wait_ready,
                                                     watch_page):
    page = context.new_page()
    watch = watch_page(page, subpath_site.origin)
    requested = library_requests(page)
    page.goto(subpath_site.url)
    wait_ready(page)
    assert draw(page, "sub", INVITATION, "Invitation link")["svg"]
    assert decode(page, "sub") == INVITATION
    assert requested == [subpath_site.url + LIBRARY]
    assert subpath_site.url.endswith("/cardtable/")
    watch.check()


def test_a_generator_that_fails_to_load_is_tried_again(new_page, site, open_app):
    page = new_page(service_workers="block")  # else the worker could serve it, past the route
    page.watch.allow_errors(r"Failed to load resource")
    page.route(f"**/{LIBRARY}", lambda route: route.abort())
    open_app(page, site.url)
    drawn = draw(page, "retry", INVITATION, "Invitation link")
    assert (drawn["svg"], drawn["version"], drawn["error"]) == (False, None, "unavailable")
    page.unroute(f"**/{LIBRARY}")
    assert draw(page, "retry", INVITATION, "Invitation link")["error"] is None
    assert decode(page, "retry") == INVITATION
    # The failed <script> was taken out: the page holds the generator's once.
    assert page.evaluate("document.querySelectorAll('script[src$=\"qrcode.js\"]').length") == 1
