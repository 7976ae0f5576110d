"""Fetching a file of the site at once, for cardtable.parts: a part that an import or a
catalog read needs before the page's JavaScript has written it (assets/snapshot.js)."""

import js


def fetch_now(url: str) -> bytes:
    """The bytes of ``url`` (relative to the page), fetched synchronously (the service
    worker answers it offline); ``OSError`` when the server answers other than 200."""
    request = js.XMLHttpRequest.new()
    request.open("GET", url, False)
    # Bytes as characters U+0000–U+00FF and U+F780–U+F7FF: the low byte of each is the byte.
    request.overrideMimeType("text/plain; charset=x-user-defined")
    request.send(None)
    if request.status != 200:
        raise OSError(f"{url}: HTTP {request.status}")
    return bytes(ord(char) & 0xFF for char in request.responseText)
