"""The plural form a counted message takes in each language (engine/surfaces/catalogue.py)."""

from engine.surfaces.catalogue import Catalogue, plural_category


def test_brazilian_portuguese_puts_zero_in_the_plural():
    # CLDR puts 0 in 'one' for pt; Brazilian usage says "0 vazas", "0 cartas na mão".
    assert plural_category("pt", 0) == "other"
    assert plural_category("pt", 0.0, 2) == "other"
    assert Catalogue("pt").count("practice.tricks", 0) == "0 vazas"
    assert Catalogue("pt").count("practice.hand_cards", 0) == "0 cartas na mão"


def test_brazilian_portuguese_keeps_one_and_fractions_below_two_singular():
    assert [plural_category("pt", n) for n in (1, 2, 5)] == ["one", "other", "other"]
    assert plural_category("pt", 1.5, 1) == "one"
    assert Catalogue("pt").count("practice.tricks", 1) == "1 vaza"


def test_french_keeps_zero_singular():
    assert plural_category("fr", 0) == "one"
    assert plural_category("en", 0) == "other"
