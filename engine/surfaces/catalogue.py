"""One language's message catalogue (engine/locales/<lang>.json) for text UIs.

The site, the browser stepper and the terminal game all read these same files;
this module gives the terminal a small accessor: dotted keys, filled
placeholders, and card names in that language.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.core.boundary import echo

LOCALES = Path(__file__).resolve().parents[1] / "locales"  # engine/locales, shared by every layer
# The site's languages, default first: the one list every part of the project reads
# (mkdocs.yml must name the same ones; tests/site checks it).
LANGUAGES = ("en", "pt", "fr", "es", "it")
DEFAULT_LANGUAGE = LANGUAGES[0]


class Catalogue:
    def __init__(self, lang: str = "en"):
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {echo(lang)}: choose one of {', '.join(LANGUAGES)}")
        self.lang = lang
        self._tree = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))

    def text(self, key: str, **params: object) -> str:
        node: Any = self._tree
        for part in key.split("."):
            node = node[part]
        text = str(node)
        return text.format(**params) if params else text

    def card(self, code: str) -> str:
        """'J♥' in this language's short rank letters."""
        return self.text(f"ranks.{code[0]}.short") + self.text(f"suits.{code[1]}.symbol")

    def card_name(self, code: str) -> str:
        """'jack of hearts' in this language."""
        rank = self.text(f"ranks.{code[0]}.name")
        suit = self.text(f"suits.{code[1]}.name")
        return self.text("card_name", rank=rank, suit=suit)
