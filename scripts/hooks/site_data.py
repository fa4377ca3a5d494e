"""Read the site's data files: message catalogues, glossary and page outline.

One loader for every hook and test, so each fact has one source:
engine/locales/<lang>.json (shared with the engine's terminal UI and the
browser), docs/_data/glossary.yml and docs/_data/outline.yml.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import yaml

from engine.surfaces.catalogue import (
    LANGUAGES,  # noqa: F401 - re-exported for hooks and tests
    fill,
    note_requested,
    plural_category,
)

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "engine" / "locales"
DATA = ROOT / "docs" / "_data"


@cache
def catalogue(lang: str) -> dict:
    path = LOCALES / f"{lang}.json"
    if not path.is_file():
        raise FileNotFoundError(f"no message catalogue for {lang!r}: {path}")
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def glossary() -> dict:
    return yaml.safe_load((DATA / "glossary.yml").read_text(encoding="utf-8"))["terms"]


@cache
def avoided_words(lang: str) -> dict[str, str]:
    """Words `lang` must not use, each mapped to why: a glossary term's synonym or the top-level list."""
    data = yaml.safe_load((DATA / "glossary.yml").read_text(encoding="utf-8"))
    words = {}
    for name, entry in data["terms"].items():
        for word in entry[lang].get("avoid") or []:
            words[word] = f"synonym of the term {entry[lang]['term']!r} ({name})"
    for word in (data.get("avoid") or {}).get(lang) or []:
        words[word] = "on the language's avoid list"
    return words


def plural(lang: str, dotted: str, n: int, **params) -> str:
    """The `<dotted>_one` or `<dotted>_other` string for the count n, filled with n and params."""
    return fill(lookup(lang, f"{dotted}_{plural_category(lang, n)}"), n=n, **params)


@cache
def outline() -> dict:
    return yaml.safe_load((DATA / "outline.yml").read_text(encoding="utf-8"))["pages"]


def lookup(lang: str, dotted: str) -> str:
    """catalogue(lang)['ui']['next'] as lookup(lang, 'ui.next'); a missing key names itself."""
    note_requested(dotted)
    node = catalogue(lang)
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            raise KeyError(f"engine/locales/{lang}.json has no key {dotted!r}")
        node = node[part]
    return node
