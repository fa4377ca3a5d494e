"""Localised strings for the worked-example pages.

Every string comes from the one message catalogue per language,
engine/locales/<lang>.json (the pages' own wording lives under its `examples`
section). This module only gives the renderers a small typed accessor.
"""

from __future__ import annotations

import json
from pathlib import Path

from engine.surfaces.catalogue import LANGUAGES  # noqa: F401 - re-exported for the renderers

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "engine" / "locales"


class Catalogue:
    """One language's strings, read from its message catalogue and nothing else."""

    def __init__(self, lang: str, locales_dir: Path = LOCALES):
        self.lang = lang
        self.data = json.loads((locales_dir / f"{lang}.json").read_text(encoding="utf-8"))

    def get(self, key: str) -> str:
        node = self.data
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                raise KeyError(f"{self.lang}: no string for {key!r}")
            node = node[part]
        if not isinstance(node, str):
            raise KeyError(f"{self.lang}: {key!r} is not a string")
        return node

    def fmt(self, key: str, **params) -> str:
        return self.get(key).format(**params)

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
