"""The browser entry point: PyScript runs ``main()`` once Pyodide is up (see index.html)."""


def main() -> None:
    """Start the UI; it sets ``<html data-app="ready">`` when the page is interactive.
    A part of the package that the page's JavaScript has not written yet is fetched at once
    when needed (see cardtable.parts)."""
    from cardtable import parts
    from cardtable.web import app, fetching

    parts.fetch = fetching.fetch_now
    app.start()
