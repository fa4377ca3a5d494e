"""Serve each language's own "page not found" page at <lang>/404.html.

docs/<lang>/404.md is an ordinary page (so it is translated, themed and has
language alternates), but a static host serves 404.html for any missing URL, at
any depth. So its output is copied to 404.html with every relative URL made
root-relative, and it replaces Material's untranslated template there, which
each language's build would otherwise overwrite in turn.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from mkdocs.plugins import event_priority

_RELATIVE_ATTRIBUTE = re.compile(r'\b(href|src)="(?![a-z][a-z0-9+.-]*:|/|#)([^"]*)"')
_CONFIG_PATH = re.compile(r'("(?:base|search)":\s*")([^"]*)(")')
_pages: dict[str, str] = {}


def _site_path(config) -> str:
    return urlsplit(config.site_url or "/").path.rstrip("/") + "/"


@event_priority(-300)  # after search_per_language has rebased the page's search
def on_post_page(output: str, page, config) -> str:
    if not page.file.src_uri.endswith("/404.md") and page.file.src_uri != "404.md":
        return output
    page_url = _site_path(config) + page.url

    def absolute(match: re.Match) -> str:
        return f'{match.group(1)}="{urljoin(page_url, match.group(2))}"'

    def absolute_config(match: re.Match) -> str:
        return f"{match.group(1)}{urljoin(page_url, match.group(2) + '/').rstrip('/') or '/'}{match.group(3)}"

    standalone = _CONFIG_PATH.sub(absolute_config, _RELATIVE_ATTRIBUTE.sub(absolute, output))
    folder = str(Path(page.file.dest_uri).parent.parent)  # <lang>/404/index.html -> <lang>
    _pages["" if folder == "." else folder] = standalone
    return output


@event_priority(-300)  # last: after every language and Material's own 404 template
def on_post_build(config) -> None:
    i18n = config.plugins.get("i18n")
    if i18n is not None and i18n.building:
        return
    for folder, html in _pages.items():
        (Path(config.site_dir) / folder / "404.html").write_text(html, encoding="utf-8")
