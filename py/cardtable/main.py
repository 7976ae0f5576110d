"""The browser entry point: PyScript runs ``main()`` once Pyodide is up (see index.html)."""


def main() -> None:
    """Start the UI; it sets ``<html data-app="ready">`` when the page is interactive."""
    from cardtable.web import app

    app.start()
