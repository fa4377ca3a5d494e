"""Theme chrome that Material and Python-Markdown leave in English, written in the page's language.

The table-of-contents extension gives every heading anchor the title "Permanent link",
and mkdocs.yml has one `copyright` line for the footer; neither follows the page's
language. Both are replaced here by the catalogue's `chrome.*` strings. MkDocs also
collapses the narrow no-break spaces of a French page title (used in the navigation
and the <title>), so titles go through the French typographic filter again. Material
writes "<page title> - <site name>" on every page but the default language's home; a
translated home page, titled with the site's name, would read "California Jack -
California Jack", so a page titled like the site gets the site's name alone.

Material's own translations are right for most of its chrome, but a few read wrong or unlike
the site ("Initializing search" on a British English site, pt "Buscar" beside "pesquisa",
es "Saltar a contenido", it "Piede" for the footer): the catalogue's `chrome.material.*`
replace them. Each override names Material's key (MATERIAL_KEYS); the text it replaces is
read from Material's own language file, so an override never guesses what Material wrote,
and is replaced only where Material puts it (an attribute, an element's whole text, the
search translations of `__config`), never in the page's prose.
"""

from __future__ import annotations

import html
import json
import re
import sys
from functools import cache
from pathlib import Path

import material

sys.path.insert(0, str(Path(__file__).resolve().parent))

import site_data
import typography

_PERMALINK_TITLE = re.compile(r'(<a class="headerlink" href="[^"]*" title=")Permanent link(")')
_TITLE = re.compile(r"(<title>)(.*?)(</title>)", re.DOTALL)
_COPYRIGHT = re.compile(r'(<div class="md-copyright__highlight">\s*)(.*?)(\s*</div>)', re.DOTALL)
# Material's footer writes aria-label="Précédent: <title>" with a bare colon; screen readers read it too.
_ARIA_LABEL = re.compile(r'(aria-label=")([^"]*)(")')


# The catalogue's chrome.material.<name> -> the key of Material's translation it overrides.
MATERIAL_KEYS = {
    "search_initializer": "search.result.initializer",
    "search_placeholder": "search.placeholder",
    "search_result_placeholder": "search.result.placeholder",
    "skip": "action.skip",
    "footer": "footer",
}
_MATERIAL_LANGUAGES = Path(material.__file__).parent / "templates" / "partials" / "languages"
_MATERIAL_ENTRY = re.compile(r'^\s*"([\w.]+)": "((?:[^"\\]|\\.)*)",?\s*$', re.MULTILINE)


@cache
def material_strings(lang: str) -> dict[str, str]:
    """Material's own translations for `lang` (its partials/languages/<lang>.html)."""
    text = (_MATERIAL_LANGUAGES / f"{lang}.html").read_text(encoding="utf-8")
    return {key: json.loads(f'"{value}"') for key, value in _MATERIAL_ENTRY.findall(text)}


def material_overrides(lang: str) -> list[tuple[str, str, str]]:
    """(Material's key, its text, ours) for each override whose text differs from Material's."""
    theirs = material_strings(lang)
    pairs = []
    for name, key in MATERIAL_KEYS.items():
        ours = site_data.lookup(lang, f"chrome.material.{name}")
        if key not in theirs:
            raise KeyError(f"Material has no translation {key!r} for {lang!r} (chrome.material.{name})")
        if theirs[key] != ours:
            pairs.append((key, theirs[key], ours))
    return pairs


def with_material_overrides(output: str, lang: str) -> str:
    for key, theirs, ours in material_overrides(lang):
        attribute = html.escape(theirs, quote=True)
        output = output.replace(f'="{attribute}"', f'="{html.escape(ours, quote=True)}"')
        text = html.escape(ours, quote=False)
        output = re.sub(
            rf"(>\s*){re.escape(html.escape(theirs, quote=False))}(\s*<)",
            lambda m, text=text: m.group(1) + text + m.group(2),
            output,
        )
        # __config (json.dumps with ASCII escapes, as Material writes it): the search strings.
        output = output.replace(
            f"{json.dumps(key)}: {json.dumps(theirs)}", f"{json.dumps(key)}: {json.dumps(ours)}"
        )
    return output


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
    output = _ARIA_LABEL.sub(lambda m: m.group(1) + typography.fix(lang, m.group(2)) + m.group(3), output)
    output = with_material_overrides(output, lang)
    return _COPYRIGHT.sub(lambda m: m.group(1) + copyright_line + m.group(3), output, count=1)
