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

from engine.catalogue import LANGUAGES  # noqa: F401 - re-exported for hooks and tests

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
def outline() -> dict:
    return yaml.safe_load((DATA / "outline.yml").read_text(encoding="utf-8"))["pages"]


def lookup(lang: str, dotted: str) -> str:
    """catalogue(lang)['ui']['next'] as lookup(lang, 'ui.next'); a missing key names itself."""
    node = catalogue(lang)
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            raise KeyError(f"engine/locales/{lang}.json has no key {dotted!r}")
        node = node[part]
    return node
