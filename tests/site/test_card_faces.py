"""The card faces: the committed sprite is the one scripts/make_card_faces.py draws, with one
symbol per card and four suit shapes that differ by outline, not only by colour."""

from __future__ import annotations

import re

import make_card_faces as faces


def test_the_committed_sprite_is_up_to_date():
    assert faces.OUTPUT.read_text(encoding="utf-8") == faces.sprite(), "run scripts/make_card_faces.py"


def test_every_card_and_the_back_have_a_symbol():
    ids = re.findall(r'<symbol id="c-(\w+)"', faces.sprite())
    cards = [rank + suit for suit in "SHDC" for rank in "AKQJT98765432"]
    assert sorted(ids) == sorted(["back", *cards])


def test_suit_shapes_are_distinct_and_the_licence_is_recorded():
    shapes = list(faces.SUIT_SHAPES.values())
    assert len(set(shapes)) == 4
    assert "MIT" in faces.sprite().split("<svg", 1)[0]
