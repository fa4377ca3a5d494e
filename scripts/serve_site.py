"""Serve a built site on 127.0.0.1 as a good static host would.

- MIME types Pyodide needs: WebAssembly streaming compilation requires
  application/wasm, and Python's tables do not always know .wasm or .mjs.
- Precompressed copies: the build writes `<file>.br` and `<file>.gz` beside each
  compressible file (scripts/hooks/precompress.py); the smallest one the browser
  accepts (Accept-Encoding) is sent, with Content-Encoding and Vary.
- Caching: files whose name or folder carries their version (Pyodide under
  /pyodide/<version>/, the content-named engine archive, Material's hashed
  bundles, anything asked for with ?v=<hash>) may be kept for a year untouched;
  everything else (pages, sw.js, unversioned assets) must be revalidated, and
  answers If-None-Match / If-Modified-Since with 304.
- A page address without its final "/" (/it/practice) is answered with a redirect to the
  "/" address (query kept), never with the page: a page's relative links resolve against its
  address, and one folder too high they open another language's pages. The service worker
  does the same offline (scripts/hooks/service-worker.js).
- The site's own translated 404 page for a missing URL.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import functools
import http.server
import os
import re
import sys
from pathlib import Path
from typing import ClassVar
from urllib.parse import parse_qs, unquote, urlsplit, urlunsplit

EXTRA_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
}
# The encodings the build writes, best first.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
_VERSIONED_PATH = re.compile(
    r"^/pyodide/[^/]+/"  # one Pyodide version per folder
    r"|/assets/engine/engine-[0-9a-f]{8,}\.zip$"  # the engine archive, named by its content
    r"|\.[0-9a-f]{8,}\.min\.(?:js|css)$"  # Material's bundles
)


def cache_control(path: str, query: str) -> str:
    """Cache-Control for a request path (and its query string)."""
    if _VERSIONED_PATH.search(path) or "v" in parse_qs(query):
        return IMMUTABLE
    return REVALIDATE


def accepted_encodings(header: str | None) -> set[str]:
    """The content codings an Accept-Encoding header allows (q=0 excludes one)."""
    accepted = set()
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        name = name.strip().lower()
        quality = params.strip()
        if quality.startswith("q="):
            with contextlib.suppress(ValueError):
                if float(quality[2:]) == 0:
                    continue
        if name:
            accepted.add(name)
    return accepted


def with_charset(kind: str) -> str:
    return f"{kind}; charset=utf-8" if kind.startswith("text/") or kind == "application/json" else kind


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **EXTRA_TYPES,
    }

    def send_head(self):
        parts = urlsplit(self.path)
        local = Path(self.translate_path(self.path))
        if local.is_dir():
            if not parts.path.endswith("/"):
                return self._redirect_to_folder(parts.path, parts.query)
            local = local / "index.html"
        if not local.is_file():
            self.send_error(404)
            return None
        served, encoding = local, None
        accepted = accepted_encodings(self.headers.get("Accept-Encoding"))
        for name, suffix in ENCODINGS:
            candidate = local.with_name(local.name + suffix)
            if name in accepted and candidate.is_file():
                served, encoding = candidate, name
                break
        stat = served.stat()
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-" + encoding if encoding else ""}"'
        modified = email.utils.formatdate(int(stat.st_mtime), usegmt=True)
        fresh = self._not_modified(etag, int(stat.st_mtime))
        self.send_response(304 if fresh else 200)
        self.send_header("Content-Type", with_charset(self.guess_type(str(local))))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        if any(local.with_name(local.name + suffix).is_file() for _, suffix in ENCODINGS):
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Cache-Control", cache_control(unquote(parts.path), parts.query))
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", modified)
        if fresh:
            self.end_headers()
            return None
        self.send_header("Content-Length", str(stat.st_size))
        self.end_headers()
        return open(served, "rb")  # the base class copies it to the client, then closes it

    def _redirect_to_folder(self, path: str, query: str) -> None:
        self.send_response(301)
        self.send_header("Location", urlunsplit(("", "", path + "/", query, "")))
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _not_modified(self, etag: str, mtime: int) -> bool:
        match = self.headers.get("If-None-Match")
        if match is not None:
            return etag in [tag.strip() for tag in match.split(",")] or match.strip() == "*"
        since = self.headers.get("If-Modified-Since")
        if since:
            with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
                return mtime <= email.utils.parsedate_to_datetime(since).timestamp()
        return False

    def copyfile(self, source, outputfile) -> None:
        # A browser that cancels a download (e.g. on navigation) is not a server error.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().copyfile(source, outputfile)

    def log_message(self, format: str, *args: object) -> None:
        if self.server.quiet:  # type: ignore[attr-defined]
            return
        super().log_message(format, *args)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        # Serve the site's own translated 404 page, as a static host would.
        if code == 404:
            page = self.server.not_found_page(self.path)  # type: ignore[attr-defined]
            if page is not None:
                body = page.read_bytes()
                self.send_response(404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Cache-Control", REVALIDATE)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if self.command != "HEAD":
                    with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                        self.wfile.write(body)
                return
        super().send_error(code, message, explain)


def make_server(directory: str, port: int, quiet: bool = False) -> http.server.ThreadingHTTPServer:
    root = Path(directory).resolve()
    handler = functools.partial(SiteHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    server.quiet = quiet  # type: ignore[attr-defined]

    def not_found_page(path: str) -> Path | None:
        # /fr/anything -> site/fr/404.html, else the default language's page.
        first = path.lstrip("/").split("/", 1)[0]
        for candidate in (root / first / "404.html", root / "404.html"):
            if first and candidate.is_file():
                return candidate
        return root / "404.html" if (root / "404.html").is_file() else None

    server.not_found_page = not_found_page  # type: ignore[attr-defined]
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", help="the built site, e.g. site")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    args = parser.parse_args(argv)
    server = make_server(args.directory, args.port)
    print(f"Serving California Jack at http://127.0.0.1:{args.port}/  (Ctrl+C stops)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
