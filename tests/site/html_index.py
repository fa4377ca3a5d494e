"""Parse the built site once: every page's lang, ids, links and URLs."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

from engine.surfaces.catalogue import LANGUAGES

NON_PAGE_FOLDERS = {"assets", "pyodide", "search"}
URL_ATTRIBUTES = {"href", "src", "srcset", "action", "poster", "data", "content"}
CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)")


@dataclass
class ParsedPage:
    path: Path
    lang: str | None = None
    ids: set[str] = field(default_factory=set)
    links: list[str] = field(default_factory=list)  # <a href>
    alternates: dict[str, str] = field(default_factory=dict)  # hreflang -> href
    resource_urls: list[tuple[str, str]] = field(default_factory=list)  # (tag, url)
    text: str = ""


class _Parser(HTMLParser):
    def __init__(self, page: ParsedPage):
        super().__init__(convert_charrefs=True)
        self.page = page
        self.skip_text = 0
        self.chunks: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.page.lang = a.get("lang")
        if a.get("id"):
            self.page.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.page.ids.add(a["name"])
        if tag == "a" and a.get("href") is not None:
            self.page.links.append(a["href"])
            if a.get("hreflang"):
                self.page.alternates[a["hreflang"]] = a["href"]
        if tag == "link" and a.get("hreflang") and a.get("href"):
            self.page.alternates.setdefault(a["hreflang"], a["href"])
        for name, value in attrs:
            if name in URL_ATTRIBUTES and value and tag != "a":
                self.page.resource_urls.append((tag, value))
            if name == "style" and value:
                self.page.resource_urls += [("style", u) for u in CSS_URL.findall(value)]
        if tag in ("script", "style"):
            self.skip_text += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self.skip_text:
            self.skip_text -= 1

    def handle_data(self, data):
        if self.skip_text:
            if self.lasttag == "style":
                self.page.resource_urls += [("style", u) for u in CSS_URL.findall(data)]
            return
        self.chunks.append(data)


@cache
def parse(path: Path) -> ParsedPage:
    page = ParsedPage(path)
    parser = _Parser(page)
    parser.feed(path.read_text(encoding="utf-8"))
    page.text = " ".join(" ".join(parser.chunks).split())
    return page


def page_language(site: Path, html: Path) -> str:
    first = html.relative_to(site).parts[0]
    return first if first in LANGUAGES[1:] else LANGUAGES[0]


def all_pages(site: Path) -> list[Path]:
    return sorted(
        p for p in site.rglob("*.html") if p.relative_to(site).parts[0] not in NON_PAGE_FOLDERS
    )


def default_language_pages(site: Path) -> list[Path]:
    """Pages of the default language, relative to the site root (e.g. rules/index.html)."""
    return sorted(
        p.relative_to(site)
        for p in all_pages(site)
        if p.relative_to(site).parts[0] not in LANGUAGES[1:]
    )
