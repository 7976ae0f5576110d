"""The development server: dist/ over HTTP as GitHub Pages serves it (the MIME types the page
needs, text and WebAssembly gzipped, 304 to a revalidation), optionally under a path prefix."""

from __future__ import annotations

import email.utils
import functools
import gzip
import http.server
import io
import os
import sys
from functools import partial
from pathlib import Path

from sitebuild.project import DIST

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".png": "image/png",
    ".svg": "image/svg+xml",
}
# What the server compresses, as GitHub Pages does (docs/deployment.md): text, and the
# WebAssembly binary; not the zips (their modules are compressed already) nor the images.
COMPRESSED = (".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".wasm")


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types the page needs, optionally under a path prefix;
    the COMPRESSED types gzipped for a client that accepts gzip."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    prefix = "/"
    # Revalidate every time by default; bench/startup.py uses GitHub Pages' max-age=600.
    cache_control = "no-cache"

    def translate_path(self, path):
        if not path.startswith(self.prefix):
            return str(Path(self.directory) / "__outside_prefix__")
        return super().translate_path("/" + path[len(self.prefix):])

    def end_headers(self):
        self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def send_head(self):
        """As SimpleHTTPRequestHandler's, but a COMPRESSED file goes out gzipped (with
        Vary: Accept-Encoding) when the request accepts gzip."""
        url_path = self.path.split("?")[0].split("#")[0]
        path = Path(self.translate_path(url_path))
        if path.is_dir() and url_path.endswith("/"):
            path = path / "index.html"
        if not (path.is_file() and path.suffix in COMPRESSED and accepts_gzip(self.headers)):
            return super().send_head()
        if self.unchanged_since(path):
            self.send_response(304)
            self.end_headers()
            return None
        body = gzipped(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def unchanged_since(self, path: Path) -> bool:
        """Whether the request's If-Modified-Since (without If-None-Match) is not older than
        the file, as SimpleHTTPRequestHandler checks it: a revalidation then gets 304."""
        since = self.headers.get("If-Modified-Since")
        if not since or "If-None-Match" in self.headers:
            return False
        try:
            return int(path.stat().st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError, IndexError, OverflowError):
            return False

    def log_message(self, format, *args):
        if os.environ.get("CARDTABLE_SERVE_LOG"):
            super().log_message(format, *args)


def accepts_gzip(headers) -> bool:
    """Whether a request's Accept-Encoding names gzip (without q=0)."""
    for part in headers.get("Accept-Encoding", "").split(","):
        name, _, params = part.strip().partition(";")
        if name.strip() == "gzip" and params.replace(" ", "") not in ("q=0", "q=0.0"):
            return True
    return False


@functools.lru_cache(maxsize=64)
def _gzip(path: Path, mtime_ns: int, size: int) -> bytes:
    return gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)


def gzipped(path: Path) -> bytes:
    """The file at ``path`` gzipped, made once per version of the file."""
    stat = path.stat()
    return _gzip(path, stat.st_mtime_ns, stat.st_size)


class SiteServer(http.server.ThreadingHTTPServer):
    """A thread per request; the threads do not keep the process alive."""

    daemon_threads = True

    def handle_error(self, request, client_address):
        """Stay quiet when a browser drops a connection mid-answer (it cancels preloads
        and requests of a page it leaves); print any other error as usual."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path = DIST, port: int = 0, prefix: str = "/",
                host: str = "127.0.0.1", cache_control: str = "no-cache") -> SiteServer:
    """A threaded HTTP server for ``directory`` at ``prefix`` (port 0: any free port)."""
    handler = type("Handler", (SiteHandler,), {"prefix": prefix, "cache_control": cache_control})
    return SiteServer((host, port), partial(handler, directory=str(directory)))


def serve(port: int, host: str, directory: Path = DIST) -> int:
    """Serve ``directory`` on ``host``:``port`` until Ctrl+C."""
    server = make_server(directory, port=port, host=host)
    shown = "localhost" if host == "127.0.0.1" else host
    print(f"Serving dist/ at http://{shown}:{server.server_address[1]}/ (Ctrl+C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0
