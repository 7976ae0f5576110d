"""The browser entry point: PyScript runs ``main()`` once Pyodide is up (see index.html)."""


def main():
    """Start the UI, as a task of the page's event loop (it awaits the parts of the package
    that the start needs); it sets ``<html data-app="ready">`` when the page is
    interactive. Returns the task."""
    import asyncio

    from cardtable.web.page import boot

    return asyncio.ensure_future(boot.start())
