"""Share and embed: the link that opens a deal, a line to send a friend, an iframe.

The embed snippet is shaped by the Embed panel's choices (:data:`EMBED_CHOICES`, each
value as the panel's buttons send it, the first the default): the frame's size, its theme
(``theme=`` in the frame's link), whether it starts at once instead of showing its poster
(``poster=off``: a link's ``start`` is an option of some games) and whether a few lines of
script let the frame's height follow the game (the frame posts ``{cardtable: "height",
height: N}`` to its parent, ``assets/start.js``). The snippet opens with one HTML comment
that says what it loads and when.
"""

from __future__ import annotations

import json

from ..i18n import _
from . import links
from .html import esc
from .session import Session

# The Embed panel's choices: {key: its values, the default first}.
EMBED_CHOICES = {"size": ("phone", "wide", "column"), "theme": ("system", "light", "dark"),
                 "start": ("off", "on"), "height": ("off", "on")}
EMBED_DEFAULTS = {key: values[0] for key, values in EMBED_CHOICES.items()}
# The frame's width and height by size: phone-shaped, wide, the width of the text's column.
SIZES = {"phone": ("390", "720"), "wide": ("720", "560"), "column": ("100%", "720")}
# What a start downloads, gzipped, when the page cannot say (headless): see download_size.
START_SIZE = "5 MB"
# The heights that the frame may ask its parent for, in CSS pixels.
LOWEST, HIGHEST = 200, 4000


def deal_link(base_url: str, session: Session) -> str:
    """The address that opens this exact deal (setup, seats and seed)."""
    return base_url + links.fragment(session.setup, session.seed)


def share_text(base_url: str, session: Session, result_line: str | None) -> str:
    """One line for a friend: the game, the result when there is one, the link."""
    link = deal_link(base_url, session)
    if result_line:
        return _("{game}: {result} Play this deal: {link}").format(
            game=session.setup.spec.name, result=result_line, link=link)
    return _("{game}: Play this deal: {link}").format(game=session.setup.spec.name, link=link)


def embed_choice(options: dict, key, value) -> dict:
    """``options`` with one of the Embed panel's choices changed; ``ValueError`` in words
    for a key or value it does not have."""
    if key not in EMBED_CHOICES or value not in EMBED_CHOICES[key]:
        raise ValueError(_("The embed code has no choice “{name}”.").format(
            name=f"{str(key)[:20]}={str(value)[:20]}"))
    return {**options, key: value}


def embed_snippet(base_url: str, session: Session, options: dict | None = None,
                  size: str = START_SIZE) -> str:
    """What to paste into another page to play this deal there, with the Embed panel's
    ``options`` (see :data:`EMBED_CHOICES`; None: the defaults): one comment line saying
    what it loads and when (``size``: about how much a start downloads), an ``<iframe>``
    that loads lazily (a frame that a reader never scrolls near fetches nothing) and, when
    chosen, the script that lets its height follow the game. The frame's link is URL-quoted:
    it holds no quote mark; the attributes are escaped all the same."""
    options = {**EMBED_DEFAULTS, **(options or {})}
    src = deal_link(base_url, session)
    if options["theme"] != "system":
        src += f"&theme={options['theme']}"
    if options["start"] == "on":
        src += "&poster=off"
        said = _("cardtable: the game (about {size}) loads when a reader scrolls near it.")
    else:
        # TRANSLATORS: an HTML comment at the top of the embed code; "Play" is the poster's
        # button. It must never hold two hyphens in a row.
        said = _("cardtable: shows a light poster; the game (about {size}) loads only when a"
                 " reader taps Play.")
    width, height = SIZES[options["size"]]
    frame = (f'<iframe src="{esc(src)}" title="{esc("cardtable: " + session.setup.spec.name)}"'
             f' width="{width}" height="{height}" loading="lazy"'
             f' style="border:0;max-width:100%"></iframe>')
    script = "\n" + height_script(site_origin(base_url)) if options["height"] == "on" else ""
    return f"<!-- {comment_text(said.format(size=size))} -->\n{frame}{script}"


def comment_text(text: str) -> str:
    """``text`` safe inside an HTML comment: no ``--`` (nor a ``-`` that would meet the
    closing one), no ``>`` first."""
    while "--" in text:
        text = text.replace("--", "-")
    return text.lstrip(">").rstrip("-")


def site_origin(base_url: str) -> str:
    """The origin (``scheme://host[:port]``) of the page's address; "" for an address that
    names none (a relative one, headless)."""
    from urllib.parse import urlsplit  # see links.query_pairs

    parts = urlsplit(base_url)
    return f"{parts.scheme}://{parts.netloc}".lower() if parts.scheme and parts.netloc else ""


def height_script(origin: str) -> str:
    """A few lines for the page that embeds the frame just before them: a ``message`` from
    that very frame (``event.source``), of the site's ``origin``, shaped ``{cardtable:
    "height", height: N}``, sets the frame's height (whole pixels, from LOWEST to HIGHEST)."""
    quoted = json.dumps(origin).replace("<", "\\u003c")  # a JavaScript string, never "</"
    return ("<script>\n"
            "(function (frame) {\n"
            '  while (frame && frame.tagName !== "IFRAME") frame = frame.previousElementSibling;\n'
            '  addEventListener("message", function (event) {\n'
            "    var data = event.data;\n"
            "    if (!frame || event.source !== frame.contentWindow) return;\n"
            f'    if (event.origin !== {quoted} || !data || data.cardtable !== "height") return;\n'
            '    if (typeof data.height !== "number" || !isFinite(data.height)) return;\n'
            f'    frame.style.height = Math.round(Math.min({HIGHEST}, Math.max({LOWEST},'
            ' data.height))) + "px";\n'
            "  });\n"
            "})(document.currentScript && document.currentScript.previousElementSibling);\n"
            "</script>")


def download_size(downloads: dict) -> str:
    """About how much a start downloads, gzipped, in words ("5 MB"), from the build's list
    (``{URL: [bytes, bytes gzipped]}``, index.html's ``boot-downloads``): every file but
    the parts fetched later, in whole megabytes. The build writes it once into the page's
    boot words, for the poster and the snippet alike (``sitebuild/page.py``)."""
    total = sum(sizes[1] for url, sizes in downloads.items() if not url.startswith("parts/"))
    return f"{max(1, round(total / 1e6))} MB"
