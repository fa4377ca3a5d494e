"""Localised strings for the worked-example pages.

Every string comes from the one message catalogue per language,
engine/locales/<lang>.json (the pages' own wording lives under its `examples`
section). This module only gives the renderers a small typed accessor.
"""

from __future__ import annotations

import json
from pathlib import Path

from engine.surfaces.catalogue import (
    LANGUAGES,  # noqa: F401 - re-exported for the renderers
    capitalised,
    fill,
    note_requested,
    plural_category,
)

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "engine" / "locales"


class Catalogue:
    """One language's strings, read from its message catalogue and nothing else."""

    def __init__(self, lang: str, locales_dir: Path = LOCALES):
        self.lang = lang
        self.data = json.loads((locales_dir / f"{lang}.json").read_text(encoding="utf-8"))

    def get(self, key: str) -> str:
        note_requested(key)
        node = self.data
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                raise KeyError(f"{self.lang}: no string for {key!r}")
            node = node[part]
        if not isinstance(node, str):
            raise KeyError(f"{self.lang}: {key!r} is not a string")
        return node

    def fmt(self, key: str, **params) -> str:
        return fill(self.get(key), **params)

    def count(self, key: str, n: int, **params) -> str:
        """`<key>_one` / `<key>_other` for n (CLDR category of this language)."""
        return self.fmt(f"{key}_{plural_category(self.lang, n)}", n=n, **params)

    def series(self, items: list[str]) -> str:
        """"a, b and c" in this language."""
        if len(items) <= 1:
            return "".join(items)
        head = self.get("snippets.separator").join(items[:-1])
        return self.fmt("snippets.series", items=head, last=items[-1])

    def point_label(self, name: str) -> str:
        """A point's name where it opens a table cell or a list item ("Ponto Shasta")."""
        return capitalised(self.get(f"points.{name}"))

    def seat(self, letter: str) -> str:
        """A lettered seat as a noun phrase in running text (`seats.in_text.letter`)."""
        return self.fmt("seats.in_text.letter", letter=letter)

    def ex(self, key: str, **params) -> str:
        return self.fmt(f"examples.{key}", **params)

    def suit_name(self, suit: str) -> str:
        return self.get(f"suits.{suit}.name")

    def suit_symbol(self, suit: str) -> str:
        return self.get(f"suits.{suit}.symbol")

    def rank_short(self, rank: str) -> str:
        return self.get(f"ranks.{rank}.short")

    def card_name(self, code: str) -> str:
        return self.fmt("card_name", rank=self.get(f"ranks.{code[0]}.name"), suit=self.suit_name(code[1]))

    def card_short(self, code: str) -> str:
        return self.rank_short(code[0]) + self.suit_symbol(code[1])
