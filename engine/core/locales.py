"""The site's languages and where their message catalogues live (engine/locales/<lang>.json).

One list for every layer: the rules core's English messages, the content checks (a text in
all five languages), the surfaces' catalogue reader and the hooks all read it from here
(engine.surfaces.catalogue re-exports it). mkdocs.yml must name the same languages; tests/site
checks it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

LOCALES = Path(__file__).resolve().parents[1] / "locales"
# The site's languages, default first.
LANGUAGES = ("en", "pt", "fr", "es", "it")
DEFAULT_LANGUAGE = LANGUAGES[0]

# A card's forms (`{card.the}`...): each form's catalogue key under `ranks.<R>` and whether it
# is capitalised. Here, not with the catalogue reader, because the worked examples' placeholders
# (engine.content) take the same forms (`{trump_card.the}`). Mirrored in engine-client.js
# (CARD_FORMS); engine.surfaces.catalogue re-exports it.
CARD_FORMS: dict[str, tuple[str, bool]] = {
    "the": ("the", False),
    "The": ("the", True),
    "of_the": ("of_the", False),
    "to_the": ("to_the", False),
}


def flat_strings(tree: dict[str, Any], prefix: str = "") -> dict[str, str]:
    """A catalogue's strings by dotted key ("errors.must_trump"), nested tables flattened."""
    strings: dict[str, str] = {}
    for key, value in tree.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            strings.update(flat_strings(value, name + "."))
        elif isinstance(value, str):
            strings[name] = value
    return strings


def catalogue_strings(lang: str) -> dict[str, str]:
    """Every string of one language's catalogue by dotted key (OSError or ValueError if the
    file cannot be read as a JSON object)."""
    tree = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    if not isinstance(tree, dict):
        raise ValueError(f"{lang}.json is not a JSON object")
    return flat_strings(tree)
