"""Load the interactive stepper only where there is something to step through.

A page gets the stepper module (docs/assets/javascripts/stepper.js) if and only if its HTML
carries a worked-example data block (`<script type="application/json" class="cj-example-data">`,
written by the worked-examples hook). Rules pages therefore never load the worker or Pyodide.

The module is referenced by a path relative to the page, so the site works from any folder
and under every language prefix (/fr/…). A short hash of the scripts and the engine sources is
appended as ?v=… so a new build is never run against a stale cached script.

The loading and load-failure messages are written into the page in its own language, from the
same catalogue the engine ships (engine/locales/<lang>.json): they must show before the engine,
which carries the rest of the catalogue, has loaded — or when it cannot load at all.
"""

from __future__ import annotations

import functools
import hashlib
import json
import posixpath
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "docs" / "assets" / "javascripts"
LOCALES = ROOT / "engine" / "locales"
STEPPER = "assets/javascripts/stepper.js"
DEFAULT_LANGUAGE = "en"
# Strings the page needs before (or without) the engine; English is the fallback per key.
EARLY_KEYS = ("loading", "load_failed")

_BLOCK = re.compile(r"""<script\b[^>]*\bclass=["'][^"']*\bcj-example-data\b""")
_HTML_LANG = re.compile(r"""<html\b[^>]*\blang=["']([A-Za-z-]+)["']""")


def has_example(html: str) -> bool:
    return _BLOCK.search(html) is not None


def stepper_src(page_url: str) -> str:
    """Path from a page (its URL relative to the site root, e.g. 'fr/examples/x/') to the module."""
    folder = posixpath.dirname(page_url) or "."
    return posixpath.relpath(STEPPER, folder)


@functools.cache
def _version() -> str:
    digest = hashlib.sha256()
    sources = [
        *sorted(SCRIPTS.glob("*")),
        *sorted((ROOT / "engine").rglob("*.py")),
        *sorted(LOCALES.glob("*.json")),
    ]
    for path in sources:
        if path.is_file():
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _ui(lang: str) -> dict:
    try:
        data = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    ui = data.get("ui") if isinstance(data, dict) else None
    return ui if isinstance(ui, dict) else {}


@functools.cache
def early_strings(lang: str) -> dict[str, str]:
    english, own = _ui(DEFAULT_LANGUAGE), _ui(lang)
    return {key: own.get(key) or english.get(key) or "" for key in EARLY_KEYS}


def language_root(page_url: str, lang: str, default_language: str) -> str:
    """Relative path from a page to its language's home ('../../' or '../../fr/'…), ending in '/'."""
    home = "" if lang == default_language else f"{lang}/"
    folder = posixpath.dirname(page_url) or "."
    path = posixpath.relpath(home or ".", folder)
    return "./" if path == "." else path.rstrip("/") + "/"


def inject(html: str, page_url: str, default_language: str = DEFAULT_LANGUAGE) -> str:
    if not has_example(html):
        return html
    match = _HTML_LANG.search(html)
    lang = match.group(1).split("-")[0].lower() if match else default_language
    early = {
        **early_strings(lang),
        "lang": lang,
        "lang_root": language_root(page_url, lang, default_language),
    }
    # "</" would end the script element early: JSON allows "<\/" as an escape for "/".
    strings = json.dumps(early, ensure_ascii=False).replace("</", "<\\/")
    # In <head> and async: the module (and through it the worker and Pyodide) starts loading
    # while the page is still being parsed; it waits for the DOM itself before touching it.
    tags = (
        f'<script type="application/json" id="cj-stepper-strings">{strings}</script>\n'
        f'<script type="module" async src="{stepper_src(page_url)}?v={_version()}"></script>\n'
    )
    end = html.find("</head>")
    if end < 0:
        end = html.rfind("</body>")
    return html + tags if end < 0 else html[:end] + tags + html[end:]


def on_post_page(output: str, page, config) -> str:
    i18n = config.plugins.get("i18n")
    default = getattr(i18n, "default_language", None) or DEFAULT_LANGUAGE
    return inject(output, page.url, default)


def on_pre_build(config) -> None:
    # `mkdocs serve` rebuilds in one process: pick up edited scripts, engine and catalogues.
    _version.cache_clear()
    early_strings.cache_clear()
