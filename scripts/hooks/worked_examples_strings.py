"""Localised strings for the worked-example pages.

Every string comes from the one message catalogue per language,
engine/locales/<lang>.json (the pages' own wording lives under its `examples`
section), read by the surfaces' Catalogue (engine.surfaces.catalogue); this
module only adds the accessors the renderers call.
"""

from __future__ import annotations

from engine.surfaces.catalogue import (
    LANGUAGES,  # noqa: F401 - re-exported for the renderers
    fill,
)
from engine.surfaces.catalogue import Catalogue as SurfaceCatalogue


class Catalogue(SurfaceCatalogue):
    """One language's strings, with the worked-example pages' shorthands."""

    get = SurfaceCatalogue.text  # a string as written, never filled
    card_short = SurfaceCatalogue.card

    def fmt(self, key: str, **params: object) -> str:
        """The string filled with `params` (a placeholder left without one is a KeyError)."""
        return fill(self.get(key), **params)

    def seat(self, letter: str) -> str:
        """A lettered seat as a noun phrase in running text (`seats.in_text.letter`)."""
        return self.fmt("seats.in_text.letter", letter=letter)

    def ex(self, key: str, **params: object) -> str:
        return self.fmt(f"examples.{key}", **params)

    def suit_name(self, suit: str) -> str:
        return self.get(f"suits.{suit}.name")
