"""Theme chrome that Material and Python-Markdown leave in English, written in the page's language.

The table-of-contents extension gives every heading anchor the title "Permanent link",
and mkdocs.yml has one `copyright` line for the footer; neither follows the page's
language. Both are replaced here by the catalogue's `chrome.*` strings. MkDocs also
collapses the narrow no-break spaces of a French page title (used in the navigation
and the <title>), so titles go through the French typographic filter again. Material
writes "<page title> - <site name>" on every page but the default language's home; a
translated home page, titled with the site's name, would read "California Jack -
California Jack", so a page titled like the site gets the site's name alone.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import site_data
import typography

_PERMALINK_TITLE = re.compile(r'(<a class="headerlink" href="[^"]*" title=")Permanent link(")')
_TITLE = re.compile(r"(<title>)(.*?)(</title>)", re.DOTALL)
_COPYRIGHT = re.compile(r'(<div class="md-copyright__highlight">\s*)(.*?)(\s*</div>)', re.DOTALL)


def page_language(page) -> str:
    lang = page.file.src_uri.split("/", 1)[0]
    return lang if lang in site_data.LANGUAGES else site_data.LANGUAGES[0]


def on_page_content(html_text: str, page, config, files) -> str:
    # Runs for every page before any template is rendered, so the navigation sees the fixed titles.
    lang = page_language(page)
    if page.title:
        page.title = typography.fix(lang, page.title)

    def fix_toc(items) -> None:
        for item in items:
            item.title = typography.fix(lang, item.title)
            fix_toc(item.children)

    fix_toc(page.toc or [])
    return html_text


def on_post_page(output: str, page, config) -> str:
    lang = page_language(page)
    permalink = html.escape(site_data.lookup(lang, "chrome.permalink"), quote=True)
    copyright_line = html.escape(site_data.lookup(lang, "chrome.copyright"), quote=False)
    output = _PERMALINK_TITLE.sub(lambda m: m.group(1) + permalink + m.group(2), output)
    site_name = str(config["site_name"])

    def title(match: re.Match[str]) -> str:
        text = match.group(2)
        if html.unescape(text.strip()) == f"{site_name} - {site_name}":
            text = html.escape(site_name, quote=False)
        return match.group(1) + typography.fix(lang, text) + match.group(3)

    output = _TITLE.sub(title, output, count=1)
    return _COPYRIGHT.sub(lambda m: m.group(1) + copyright_line + m.group(3), output, count=1)
