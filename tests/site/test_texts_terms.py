"""Cards only through the engine, and one term per concept, in every language's sources."""

from __future__ import annotations

import re

import pytest
import site_data
from texts_sources import (
    catalogue_texts,
    pages,
    prose_of_note,
    prose_of_page,
    tutorial_texts,
    typed_cards,
)

LANGUAGES = site_data.LANGUAGES


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pages_show_cards_only_through_engine_snippets(lang):
    found = []
    for where, text in pages(lang):
        for number, line in enumerate(prose_of_page(text).splitlines(), 1):
            found += [f"{where}:{number}: {card!r} in {line.strip()[:80]!r}" for card in typed_cards(line)]
    assert not found, "write {{ card.XX }} or a trick/draw/count snippet instead:\n" + "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tutorial_texts_show_cards_only_through_placeholders(lang):
    found = []
    for where, text in tutorial_texts(lang):
        found += [f"{where} {card!r}" for card in typed_cards(prose_of_note(text))]
    assert not found, "write {card:XX} or a replay placeholder instead:\n" + "\n".join(found)


def _whole_word(word: str) -> re.Pattern:
    return re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_avoided_word_in_pages_tutorials_or_catalogue(lang):
    avoided = {word: (_whole_word(word), why) for word, why in site_data.avoided_words(lang).items()}
    texts = [
        *((where, prose_of_page(text)) for where, text in pages(lang)),
        *tutorial_texts(lang),
        *catalogue_texts(lang),
    ]
    found = [
        f"{where}: {word!r} ({why})"
        for where, text in texts
        for word, (pattern, why) in avoided.items()
        if pattern.search(text)
    ]
    assert not found, "\n".join(found)


def test_the_card_detector_sees_typed_cards_and_ignores_snippets():
    assert typed_cards("A leads K♠, then 10♥ and TS or 2C.") == ["K♠", "10♥", "TS", "2C"]
    assert typed_cards(prose_of_page("A leads {{ card.KS }} and {{ trick trump=H 7C 2H }}.")) == []
    assert typed_cards(prose_of_note("{player} plays {card:2H}.")) == []
    assert typed_cards("As well as the ace, ♠ alone, KSA, face-down, 10 ♠s") == ["10 ♠"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_avoid_check_reads_every_catalogue_value(lang):
    """The catalogue half of the avoid check sees every string of that language's catalogue."""
    leaves = []

    def walk(node):
        for value in node.values():
            if isinstance(value, dict):
                walk(value)
            else:
                leaves.append(value)

    walk(site_data.catalogue(lang))
    assert sorted(text for _, text in catalogue_texts(lang)) == sorted(leaves)


def test_the_value_words_are_three_distinct_terms_with_synonyms_to_avoid():
    terms = site_data.glossary()
    for lang in LANGUAGES:
        words = {terms[name][lang]["term"] for name in ("card_value", "net_points", "rank")}
        assert len(words) == 3, lang
    english = site_data.avoided_words("en")
    assert _whole_word("net value").search("Each card's net value is") and "net value" in english
    assert "card points" in english and "order of value" in english
