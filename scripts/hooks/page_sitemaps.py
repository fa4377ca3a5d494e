"""Put a sitemap.xml beside every page, for Material's language selector.

Material fetches `sitemap.xml` relative to each `<link rel="alternate"
hreflang>` of a page, to know where the same page lives in another language.
mkdocs-static-i18n points those links at the same page in each language (as
hreflang should), but writes only the root sitemap, so every page would log
404s. Each page folder gets a sitemap holding its own <url> entry (with its
alternates); each language root gets its language's whole list, and the site
root keeps the complete sitemap for crawlers.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from mkdocs.plugins import event_priority

_URL_BLOCK = re.compile(r"\s*<url>.*?</url>", re.S)
_LOC = re.compile(r"<loc>([^<]*)</loc>")


def _write(folder: Path, text: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sitemap.xml").write_text(text, encoding="utf-8")
    (folder / "sitemap.xml.gz").write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))


@event_priority(-200)  # once, after mkdocs-static-i18n has built every language
def on_post_build(config) -> None:
    i18n = config.plugins.get("i18n")
    if i18n is None or i18n.building:
        return
    site = Path(config.site_dir)
    root_map = site / "sitemap.xml"
    if not root_map.is_file():
        return
    xml = root_map.read_text(encoding="utf-8")
    blocks = _URL_BLOCK.findall(xml)
    head, tail = xml[: xml.index(blocks[0])], xml[xml.rindex(blocks[-1]) + len(blocks[-1]) :]
    base = (config.site_url or "/").rstrip("/") + "/"
    others = [lang.locale for lang in i18n.config.languages if lang.locale != i18n.default_language]

    per_language: dict[str, list[str]] = {lang: [] for lang in others}
    for block in blocks:
        path = _LOC.search(block).group(1).removeprefix(base).strip("/")
        first = path.split("/", 1)[0]
        if first in others:
            per_language[first].append(block)
        if path and path not in others:
            _write(site / path, head + block + tail)
    for lang, own in per_language.items():
        _write(site / lang, head + "".join(own) + tail)
