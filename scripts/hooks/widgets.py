"""Load the interactive widgets only where there is something for them to do.

A page gets the stepper module (docs/assets/javascripts/stepper.js) if and only if its HTML
carries a worked-example data block (`<script type="application/json" class="cj-example-data">`,
written by the worked-examples hook), and the practice table (practice.js) if and only if it
carries a practice marker (`<div class="cj-practice">`, written in docs/<lang>/practice.md),
and the puzzles (puzzles.js) if and only if it carries `<div class="cj-puzzles">` (puzzles.md),
and the Learn course (learn.js) if and only if it carries `<div class="cj-learn">` (learn.md).
They share engine-client.js and the worker; the practice and example pages also get review.js
(the deal review and the examples' "Analyse" switch). Rules pages therefore never load the
worker or Pyodide, and neither does the Learn page: its levels are precomputed
(assets/learn/levels.json), and the strings it needs besides theirs come with the page
(LEARN_CATALOGUE).

The module is referenced by a path relative to the page, so the site works from any folder
and under every language prefix (/fr/…). A short hash of the scripts and the engine sources is
appended as ?v=… so a new build is never run against a stale cached script.

The loading and load-failure messages are written into the page in its own language, from the
same catalogue the engine ships (engine/locales/<lang>.json): they must show before the engine,
which carries the rest of the catalogue, has loaded — or when it cannot load at all.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import posixpath
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.core.rules import PRESETS
from engine.surfaces.catalogue import note_requested
from engine.surfaces.practice_api import LEVELS

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "docs" / "assets" / "javascripts"
LOCALES = ROOT / "engine" / "locales"
STEPPER = "assets/javascripts/stepper.js"
PRACTICE = "assets/javascripts/practice.js"
REVIEW = "assets/javascripts/review.js"
PUZZLES = "assets/javascripts/puzzles.js"
LEARN = "assets/javascripts/learn.js"
YOUR_DATA = "assets/javascripts/your-data.js"
DECK = "assets/javascripts/deck.js"
REVIEW_ON = (PRACTICE, STEPPER)
DEFAULT_LANGUAGE = "en"
# Strings the page needs before (or without) the engine, per widget: the name the page reads
# and the catalogue key it comes from. English is the fallback per key.
# Why the engine did not load, when it is not there (engine-client.js showLoadFailure).
_LOAD_FAILURE_KEYS = {
    "offline": "offline.engine_offline",
    "offline_size": "offline.engine_size",
    "offline_todo": "offline.engine_todo",
    "network_failed": "offline.engine_network",
    "retry": "offline.retry",
    "megabytes": "offline.megabytes",
}
EARLY_KEYS = {
    # The stepper shows its controls before the engine starts (it starts when they are used).
    STEPPER: {
        "loading": "ui.loading",
        "load_failed": "ui.load_failed",
        "first": "ui.first",
        "previous": "ui.previous",
        "next": "ui.next",
        "last": "ui.last",
        "step": "ui.step",
        "step_start": "ui.step_start",
        **_LOAD_FAILURE_KEYS,
    },
    PRACTICE: {"loading": "ui.loading", "load_failed": "practice.load_failed", **_LOAD_FAILURE_KEYS},
    PUZZLES: {"loading": "ui.loading", "load_failed": "puzzles.load_failed", **_LOAD_FAILURE_KEYS},
    LEARN: {"loading": "learn.ui.loading", "load_failed": "learn.ui.load_failed"},
}
# The Learn page runs without the engine, so it gets from the build the part of the catalogue it
# words the position and its own controls with (every key under each of these); the levels'
# own texts (goals, feedback, option labels) come with them in levels.json.
LEARN_CATALOGUE = (
    "language.code",
    "suits",
    "ranks",
    "card_name",
    "points",
    "seats.in_text.opponent",
    "snippets.series",
    "snippets.separator",
    "ui.next",
    "ui.label_colon",
    "ui.trump",
    "ui.current_trick",
    "ui.stock",
    "ui.stock_empty",
    "ui.cards_left_one",
    "ui.cards_left_other",
    "ui.trick",
    "ui.plays_you",
    "ui.plays_other",
    "learn.ui",
    "learn.why",
)

_BLOCK = re.compile(r"""<script\b[^>]*\bclass=["'][^"']*\bcj-example-data\b""")
_PRACTICE = re.compile(r"""<div\b[^>]*\bclass=["'][^"']*\bcj-practice\b""")
_PUZZLES = re.compile(r"""<div\b[^>]*\bclass=["'][^"']*\bcj-puzzles\b""")
_LEARN = re.compile(r"""<div\b[^>]*\bclass=["'][^"']*\bcj-learn\b""")
# Panels a page may carry beside (or without) its widget: the marker's class, the module, and
# the catalogue sections of its strings. Each gets a JSON block, #<class>-strings (panel_block).
PANELS = (
    ("cj-your-data", YOUR_DATA, ("your_data",)),
    # The deck names cards and the review's grades, and says when the engine fails it.
    ("cj-deck", DECK, ("deck", "analysis.grades", "analysis.ui.failed", "suits", "ranks", "card_name")),
)
_PANEL_MARKERS = {name: re.compile(rf"""<div\b[^>]*\bclass=["'][^"']*\b{name}\b""") for name, _, _ in PANELS}
_HTML_LANG = re.compile(r"""<html\b[^>]*\blang=["']([A-Za-z-]+)["']""")


def has_example(html: str) -> bool:
    return _BLOCK.search(html) is not None


def has_practice(html: str) -> bool:
    return _PRACTICE.search(html) is not None


def widget_of(html: str) -> str | None:
    """The module a page needs (STEPPER, PRACTICE, PUZZLES or LEARN), or None."""
    if has_example(html):
        return STEPPER
    if has_practice(html):
        return PRACTICE
    if _PUZZLES.search(html) is not None:
        return PUZZLES
    if _LEARN.search(html) is not None:
        return LEARN
    return None


def stepper_src(page_url: str, module: str = STEPPER) -> str:
    """Path from a page (its URL relative to the site root, e.g. 'fr/examples/x/') to the module."""
    folder = posixpath.dirname(page_url) or "."
    return posixpath.relpath(module, folder)


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


def version() -> str:
    """The ?v= of this build's scripts (offline.js loads with it too: one engine-client.js)."""
    return _version()


@functools.cache
def _catalogue(lang: str) -> dict:
    try:
        data = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _lookup(lang: str, key: str) -> str:
    note_requested(key)
    node = _catalogue(lang)
    for part in key.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node if isinstance(node, str) else ""


def _subtree(lang: str, key: str) -> object:
    node: object = _catalogue(lang)
    for part in key.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node


@functools.cache
def learn_catalogue(lang: str) -> dict:
    """The LEARN_CATALOGUE part of the language's catalogue, nested as in the catalogue file;
    a key the language lacks is taken from English. Each string is noted as requested."""
    tree: dict = {}

    def put(key: str, value: str) -> None:
        *parents, last = key.split(".")
        node = tree
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = value

    def walk(key: str) -> None:
        node = _subtree(lang, key)
        if node is None:
            node = _subtree(DEFAULT_LANGUAGE, key)
        if isinstance(node, dict):
            english = _subtree(DEFAULT_LANGUAGE, key)
            for name in sorted({*node, *(english if isinstance(english, dict) else {})}):
                walk(f"{key}.{name}")
        elif isinstance(node, str):
            note_requested(key)
            put(key, node)

    for key in LEARN_CATALOGUE:
        walk(key)
    return tree


@functools.cache
def early_strings(lang: str, module: str = STEPPER) -> dict[str, str]:
    return {
        name: _lookup(lang, key) or _lookup(DEFAULT_LANGUAGE, key) for name, key in EARLY_KEYS[module].items()
    }


def _leaf_keys(node: dict, prefix: str) -> list[str]:
    keys: list[str] = []
    for name, value in node.items():
        keys += _leaf_keys(value, f"{prefix}{name}.") if isinstance(value, dict) else [f"{prefix}{name}"]
    return keys


def _section_keys(section: str) -> list[str]:
    node: object = _catalogue(DEFAULT_LANGUAGE)
    for part in section.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return _leaf_keys(node, f"{section}.") if isinstance(node, dict) else [section]


@functools.cache
def panel_block(lang: str, sections: tuple[str, ...]) -> str:
    """The JSON a panel (your-data.js, deck.js) reads: the strings of its catalogue sections in the
    page's language (English per missing key), and what the practice statistics may name (the
    engine's levels and presets, never restated in the scripts). A panel needs no engine to show."""
    strings: dict = {}
    # The language's code and the locale its dates are written in (deck.js: the next review's date).
    language = ["language.code", "language.date_locale"]
    for key in [*language, *(key for section in sections for key in _section_keys(section))]:
        node = strings
        *parents, leaf = key.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = _lookup(lang, key) or _lookup(DEFAULT_LANGUAGE, key)
    block = {
        "strings": strings,
        "levels": list(LEVELS),
        "presets": {name: dataclasses.asdict(rules) for name, rules in PRESETS.items()},
    }
    return json.dumps(block, ensure_ascii=False).replace("</", "<\\/")


def language_root(page_url: str, lang: str, default_language: str) -> str:
    """Relative path from a page to its language's home ('../../' or '../../fr/'…), ending in '/'."""
    home = "" if lang == default_language else f"{lang}/"
    folder = posixpath.dirname(page_url) or "."
    path = posixpath.relpath(home or ".", folder)
    return "./" if path == "." else path.rstrip("/") + "/"


def _panel_tags(html: str, page_url: str, lang: str) -> str:
    """The panels' blocks and modules, for each panel the page carries. Same ?v= as the widget,
    so a panel shares the page's engine-client module (for h and Strings) and its worker."""
    tags = ""
    for name, module, sections in PANELS:
        if _PANEL_MARKERS[name].search(html) is not None:
            src = f"{stepper_src(page_url, module)}?v={_version()}"
            block = panel_block(lang, sections)
            tags += (
                f'<script type="application/json" id="{name}-strings">{block}</script>\n'
                f'<script type="module" async src="{src}"></script>\n'
            )
    return tags


def _insert(html: str, tags: str) -> str:
    end = html.find("</head>")
    if end < 0:
        end = html.rfind("</body>")
    return html + tags if end < 0 else html[:end] + tags + html[end:]


def inject(html: str, page_url: str, default_language: str = DEFAULT_LANGUAGE) -> str:
    module = widget_of(html)
    match = _HTML_LANG.search(html)
    lang = match.group(1).split("-")[0].lower() if match else default_language
    extra = _panel_tags(html, page_url, lang)
    if module is None:
        # A page with a panel only (the home page's "Due now"): no widget, no engine.
        return _insert(html, extra) if extra else html
    early = {
        **early_strings(lang, module),
        "lang": lang,
        "lang_root": language_root(page_url, lang, default_language),
    }
    if module == PRACTICE:
        # The set-up form offers the engine's presets: taken from the engine, never restated.
        early["presets"] = {name: dataclasses.asdict(rules) for name, rules in PRESETS.items()}
    if module == LEARN:
        early["catalogue"] = learn_catalogue(lang)
    # "</" would end the script element early: JSON allows "<\/" as an escape for "/".
    strings = json.dumps(early, ensure_ascii=False).replace("</", "<\\/")
    # In <head> and async: the module (a few KB) loads while the page is still being parsed and
    # waits for the DOM itself before touching it. The worker and Pyodide wait for the reader.
    tags = (
        f'<script type="application/json" id="cj-stepper-strings">{strings}</script>\n'
        f'<script type="module" async src="{stepper_src(page_url, module)}?v={_version()}"></script>\n'
    )
    if module in REVIEW_ON:
        # The deal review (review.js, which loads review.css): practice's "Review the deal"
        # button and the worked examples' "Analyse" switch call it. Same ?v=, so it shares
        # the page's engine-client module and worker.
        review_src = f"{stepper_src(page_url, REVIEW)}?v={_version()}"
        tags += f'<script type="module" async src="{review_src}"></script>\n'
    return _insert(html, tags + extra)


def on_post_page(output: str, page, config) -> str:
    i18n = config.plugins.get("i18n")
    default = getattr(i18n, "default_language", None) or DEFAULT_LANGUAGE
    return inject(output, page.url, default)


def on_pre_build(config) -> None:
    # `mkdocs serve` rebuilds in one process: pick up edited scripts, engine and catalogues.
    _version.cache_clear()
    _catalogue.cache_clear()
    early_strings.cache_clear()
    learn_catalogue.cache_clear()
    panel_block.cache_clear()
