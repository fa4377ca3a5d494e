"""Serve a built site on 127.0.0.1 with the MIME types Pyodide needs.

Python's http.server guesses types from the platform's tables, which do not
always know .wasm or .mjs; WebAssembly streaming compilation requires
application/wasm, so the types are set here rather than left to chance.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import sys
from typing import ClassVar

EXTRA_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **EXTRA_TYPES,
    }

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
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(body)
                return
        super().send_error(code, message, explain)


def make_server(directory: str, port: int, quiet: bool = False) -> http.server.ThreadingHTTPServer:
    from pathlib import Path

    root = Path(directory).resolve()
    handler = functools.partial(SiteHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
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
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    server = make_server(args.directory, args.port)
    print(f"Serving California Jack at http://127.0.0.1:{args.port}/  (Ctrl+C stops)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
