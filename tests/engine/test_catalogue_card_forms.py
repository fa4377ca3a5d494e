"""A card with its article in a catalogue template: `{card.the}`, `{card.The}`, `{card.of_the}`,
`{card.to_the}` (engine/surfaces/catalogue.py CARD_FORMS; the browser fills them alike,
tests/browser/test_card_forms.py).

Every form of every rank in every language is written out below, so a change to a catalogue's
`ranks.<R>.the`, `of_the` or `to_the` is a change a reader of that language has approved.
"""

from __future__ import annotations

import pytest

from engine.core.cards import RANKS
from engine.surfaces.catalogue import CARD_FORMS, CardText, Catalogue, fill

# One card of each rank (the suit does not change the article): rank → its card.
CARDS = {rank: f"{rank}{'SHDC'[i % 4]}" for i, rank in enumerate("AKQJT98765432")}

# Per language, per rank: the, The, of_the, to_the, with the card as the table shows it.
EXPECTED = {
    "en": {
        "A": ("the A♠", "The A♠", "of the A♠", "to the A♠"),
        "K": ("the K♥", "The K♥", "of the K♥", "to the K♥"),
        "Q": ("the Q♦", "The Q♦", "of the Q♦", "to the Q♦"),
        "J": ("the J♣", "The J♣", "of the J♣", "to the J♣"),
        "T": ("the 10♠", "The 10♠", "of the 10♠", "to the 10♠"),
        "9": ("the 9♥", "The 9♥", "of the 9♥", "to the 9♥"),
        "8": ("the 8♦", "The 8♦", "of the 8♦", "to the 8♦"),
        "7": ("the 7♣", "The 7♣", "of the 7♣", "to the 7♣"),
        "6": ("the 6♠", "The 6♠", "of the 6♠", "to the 6♠"),
        "5": ("the 5♥", "The 5♥", "of the 5♥", "to the 5♥"),
        "4": ("the 4♦", "The 4♦", "of the 4♦", "to the 4♦"),
        "3": ("the 3♣", "The 3♣", "of the 3♣", "to the 3♣"),
        "2": ("the 2♠", "The 2♠", "of the 2♠", "to the 2♠"),
    },
    # o ás, o rei, a dama, o valete, o dez...: de + o = do, a + o = ao; de + a = da, a + a = à.
    "pt": {
        "A": ("o A♠", "O A♠", "do A♠", "ao A♠"),
        "K": ("o K♥", "O K♥", "do K♥", "ao K♥"),
        "Q": ("a Q♦", "A Q♦", "da Q♦", "à Q♦"),
        "J": ("o J♣", "O J♣", "do J♣", "ao J♣"),
        "T": ("o 10♠", "O 10♠", "do 10♠", "ao 10♠"),
        "9": ("o 9♥", "O 9♥", "do 9♥", "ao 9♥"),
        "8": ("o 8♦", "O 8♦", "do 8♦", "ao 8♦"),
        "7": ("o 7♣", "O 7♣", "do 7♣", "ao 7♣"),
        "6": ("o 6♠", "O 6♠", "do 6♠", "ao 6♠"),
        "5": ("o 5♥", "O 5♥", "do 5♥", "ao 5♥"),
        "4": ("o 4♦", "O 4♦", "do 4♦", "ao 4♦"),
        "3": ("o 3♣", "O 3♣", "do 3♣", "ao 3♣"),
        "2": ("o 2♠", "O 2♠", "do 2♠", "ao 2♠"),
    },
    # l’as (elided before the vowel), la dame, le huit (h aspiré: no elision), le roi...;
    # de + le = du, à + le = au; de l’, à l’, de la, à la stay apart.
    "fr": {
        "A": ("l’A♠", "L’A♠", "de l’A♠", "à l’A♠"),
        "K": ("le K♥", "Le K♥", "du K♥", "au K♥"),
        "Q": ("la Q♦", "La Q♦", "de la Q♦", "à la Q♦"),
        "J": ("le J♣", "Le J♣", "du J♣", "au J♣"),
        "T": ("le 10♠", "Le 10♠", "du 10♠", "au 10♠"),
        "9": ("le 9♥", "Le 9♥", "du 9♥", "au 9♥"),
        "8": ("le 8♦", "Le 8♦", "du 8♦", "au 8♦"),
        "7": ("le 7♣", "Le 7♣", "du 7♣", "au 7♣"),
        "6": ("le 6♠", "Le 6♠", "du 6♠", "au 6♠"),
        "5": ("le 5♥", "Le 5♥", "du 5♥", "au 5♥"),
        "4": ("le 4♦", "Le 4♦", "du 4♦", "au 4♦"),
        "3": ("le 3♣", "Le 3♣", "du 3♣", "au 3♣"),
        "2": ("le 2♠", "Le 2♠", "du 2♠", "au 2♠"),
    },
    # el as, el rey, la reina, la jota, el diez...: de + el = del, a + el = al.
    "es": {
        "A": ("el A♠", "El A♠", "del A♠", "al A♠"),
        "K": ("el K♥", "El K♥", "del K♥", "al K♥"),
        "Q": ("la Q♦", "La Q♦", "de la Q♦", "a la Q♦"),
        "J": ("la J♣", "La J♣", "de la J♣", "a la J♣"),
        "T": ("el 10♠", "El 10♠", "del 10♠", "al 10♠"),
        "9": ("el 9♥", "El 9♥", "del 9♥", "al 9♥"),
        "8": ("el 8♦", "El 8♦", "del 8♦", "al 8♦"),
        "7": ("el 7♣", "El 7♣", "del 7♣", "al 7♣"),
        "6": ("el 6♠", "El 6♠", "del 6♠", "al 6♠"),
        "5": ("el 5♥", "El 5♥", "del 5♥", "al 5♥"),
        "4": ("el 4♦", "El 4♦", "del 4♦", "al 4♦"),
        "3": ("el 3♣", "El 3♣", "del 3♣", "al 3♣"),
        "2": ("el 2♠", "El 2♠", "del 2♠", "al 2♠"),
    },
    # l’asso and l’otto (elided before the vowel), la donna, il re, il fante, il dieci...;
    # di + il = del, a + il = al, dell’, all’, della, alla.
    "it": {
        "A": ("l’A♠", "L’A♠", "dell’A♠", "all’A♠"),
        "K": ("il K♥", "Il K♥", "del K♥", "al K♥"),
        "Q": ("la Q♦", "La Q♦", "della Q♦", "alla Q♦"),
        "J": ("il J♣", "Il J♣", "del J♣", "al J♣"),
        "T": ("il 10♠", "Il 10♠", "del 10♠", "al 10♠"),
        "9": ("il 9♥", "Il 9♥", "del 9♥", "al 9♥"),
        "8": ("l’8♦", "L’8♦", "dell’8♦", "all’8♦"),
        "7": ("il 7♣", "Il 7♣", "del 7♣", "al 7♣"),
        "6": ("il 6♠", "Il 6♠", "del 6♠", "al 6♠"),
        "5": ("il 5♥", "Il 5♥", "del 5♥", "al 5♥"),
        "4": ("il 4♦", "Il 4♦", "del 4♦", "al 4♦"),
        "3": ("il 3♣", "Il 3♣", "del 3♣", "al 3♣"),
        "2": ("il 2♠", "Il 2♠", "del 2♠", "al 2♠"),
    },
}
FORMS = ("the", "The", "of_the", "to_the")


def test_the_forms_are_the_ones_written_out():
    assert tuple(CARD_FORMS) == FORMS
    assert set(EXPECTED) == {"en", "pt", "fr", "es", "it"}
    assert all(set(ranks) == set(RANKS) for ranks in EXPECTED.values())


@pytest.mark.parametrize("lang", sorted(EXPECTED))
@pytest.mark.parametrize("rank", list(RANKS))
def test_every_form_of_every_rank(lang, rank):
    catalogue = Catalogue(lang)
    card = catalogue.card(CARDS[rank])
    assert tuple(card.form(form) for form in FORMS) == EXPECTED[lang][rank]
    # The same through a template, on any placeholder name that holds a card.
    template = " | ".join(f"{{best.{form}}}" for form in FORMS)
    assert fill(template, best=card) == " | ".join(EXPECTED[lang][rank])


def test_a_form_wraps_the_card_name_too():
    assert Catalogue("fr").card_name("8H").form("the") == "le huit de cœur"
    assert Catalogue("it").card_name("8H").form("of_the") == "dell’otto di cuori"
    assert Catalogue("es").card_name("JH").form("The") == "La jota de corazones"


def test_a_catalogue_message_fills_a_form_and_refuses_an_unknown_one():
    catalogue = Catalogue("fr")
    card = catalogue.card("AS")
    filled = fill("{player} joue {card.the} ; {card.The} gagne.", player="B", card=card)
    assert filled == "B joue l’A♠ ; L’A♠ gagne."
    with pytest.raises(ValueError, match=r"card\.thee"):
        fill("{card.thee}", card=card)


def test_a_bad_form_in_a_catalogue_string_names_the_key_and_the_language(monkeypatch):
    catalogue = Catalogue("it")
    monkeypatch.setitem(catalogue.data["ui"], "plays_you", "Giochi {card.thee}.")
    with pytest.raises(KeyError, match=r"it: 'ui\.plays_you': .*card\.thee"):
        catalogue.text("ui.plays_you", card=catalogue.card("AS"))


def test_a_form_on_a_value_that_is_no_card_gives_the_value():
    """A hidden card ("?") has no rank, so no article: the value stands bare."""
    assert fill("{card.the}", card="?") == "?"


def test_a_form_escapes_the_words_it_adds():
    """The hooks put chips (HTML) in templates: the words around the card are escaped."""
    chip = CardText("<b>A♠</b>", "AS", Catalogue("fr"), lambda text: text.replace("’", "&#8217;"))
    assert chip.form("of_the") == "de l&#8217;<b>A♠</b>"
