"""The engine snippets of the prose: resolved by the engine, refused when impossible."""

from __future__ import annotations

import re

import pytest
import site_data
from prose_snippets import SnippetError, render

TAGS = re.compile(r"<[^>]+>")


def text(markdown: str, lang: str = "en") -> str:
    return TAGS.sub("", render(markdown, lang, "page.md"))


def test_a_card_is_a_chip_with_its_name_in_the_page_language():
    html = render("{{ card.TH }}", "it", "page.md")
    assert "10♥" in html and 'aria-label="dieci di cuori"' in html and 'role="img"' in html
    assert render("{{ card_name.QD }}", "fr", "page.md") == "dame de carreau"


@pytest.mark.parametrize(
    ("snippet", "expected"),
    [
        ("{{ trick trump=H lead=A 7C 2H }}", "A leads the 7♣ and B plays the 2♥: B wins the trick with the 2♥."),
        ("{{ trick trump=H lead=A KS TS }}", "A leads the K♠ and B plays the 10♠: A wins the trick with the K♠."),
        (
            "{{ trick trump=C lead=B 3D 9D 2C }}",
            "B leads the 3♦, C plays the 9♦ and A plays the 2♣: A wins the trick with the 2♣.",
        ),
        ("{{ trick trump=S lead=A 5H 4S B=4S,9H }}", "A leads the 5♥ and B plays the 4♠: B wins the trick with the 4♠."),
        ("{{ draw winner=B JH QD }}", "B takes the J♥ from the stock; the Q♦ is then face up, and A takes it."),
        ("{{ draw winner=C JH QD 5S }}", "C takes the J♥ from the stock, then A takes the Q♦ and B takes the 5♠."),
        ("{{ count TS TH AS KS QS }}", "10 + 10 + 4 + 3 + 2 = 29"),
        ("{{ rest TS TH AS KS QS }}", "80 − 29 = 51"),
        ("{{ value TS TH TD TC }}", "40"),
        (
            "{{ points trump=S A=AS,JS,TS,TH,TD,KH,KD,QH }}",
            "A scores High, Jack and Game; B scores Low (card value: A 43, B 37).",
        ),
        (
            "{{ points trump=S A=AS,TS,TH,TD,TC }}",
            "A scores High and Game; B scores Low and Jack (card value: A 44, B 36).",
        ),
    ],
)
def test_the_engine_resolves_each_snippet(snippet, expected):
    assert text(snippet) == expected


def test_a_tied_game_goes_to_no_one():
    # The four tens are half of the deck: a 40-40 tie.
    assert text("{{ points trump=S A=TS,TH,TD,TC }}") == (
        "B scores High, Low and Jack; no one scores Game (card value: A 40, B 40)."
    )


@pytest.mark.parametrize(
    ("snippet", "reason"),
    [
        ("{{ card.XX }}", "not a card"),
        ("{{ trick trump=H lead=A 7C AD B=2H,AD }}", "may not play AD"),
        ("{{ trick trump=H lead=A 7C 9C B=2H,AD }}", "not in B's hand"),
        ("{{ trick trump=H 7C 7C }}", "the same card twice"),
        ("{{ trick trump=Z 7C 2H }}", "trump must be one of"),
        ("{{ trick trump=H 7C }}", "give 2 or 3 cards"),
        ("{{ trick trump=H lead=C 7C 2H }}", "lead must be one of A, B"),
        ("{{ trick trump=H colour=red 7C 2H }}", "unknown option"),
        ("{{ draw JH QD }}", "winner must be one of"),
        ("{{ count }}", "at least one card"),
        ("{{ points trump=S A=AS B=KS }}", "cover the whole deck"),
        ("{{ points trump=S A=AS,KS B=KS }}", "given to two seats"),
        ("{{card.KS x}}", "malformed snippet"),
    ],
)
def test_an_impossible_snippet_names_page_line_and_reason(snippet, reason):
    with pytest.raises(SnippetError) as error:
        render(f"first line\n\nsecond {snippet}", "en", "docs/en/page.md", first_line=4)
    message = str(error.value)
    assert message.startswith("docs/en/page.md:6:") and reason in message, message


def test_french_generated_sentences_get_narrow_no_break_spaces():
    got = text("{{ trick trump=H lead=A 7C 2H }}", "fr")
    assert "\u202f:" in got and " :" not in got


@pytest.mark.parametrize("lang", site_data.LANGUAGES)
def test_every_language_writes_every_snippet(lang):
    markdown = (
        "{{ trick trump=H lead=A 7C 2H }} {{ trick trump=C lead=B 3D 9D 2C }} {{ draw winner=B JH QD }} "
        "{{ draw winner=C JH QD 5S }} {{ count TS AS }} {{ rest TS }} {{ points trump=S A=TS,TH,TD,TC }}"
    )
    assert "{" not in text(markdown, lang)


@pytest.mark.parametrize("lang", site_data.LANGUAGES)
def test_the_options_table_names_every_rule_key_in_words(lang):
    import rule_labels

    table = rule_labels.options_table(lang)
    rows = table.splitlines()[2:]
    assert len(rows) == len(rule_labels.OPTION_KEYS)
    for key in rule_labels.OPTION_KEYS:
        assert f"#{rule_labels.OPTION_SECTIONS[key]})" in table
        if "_" in key:
            assert key not in table
    shown = re.sub(r"\]\(#[^)]*\)", "]", table)  # link targets are section ids, not shown
    assert not re.search(r"\b(?:true|false|cut_low|non_dealer|holder|capture)\b", shown)


def test_an_impossible_snippet_stops_the_build_naming_page_and_line():
    from types import SimpleNamespace

    import engine_facts
    from mkdocs.exceptions import PluginError

    source = "---\ntranslation_of: 0123456789ab\n---\n\n# T\n\nA trick: {{ trick trump=H 7C 7C }}\n"
    body = source.split("---\n\n", 1)[1]
    page = SimpleNamespace(
        file=SimpleNamespace(src_uri="fr/rules.md", content_string=source), meta={"translation_of": "x"}
    )
    with pytest.raises(PluginError, match=r"docs/fr/rules\.md:7: .*the same card twice"):
        engine_facts.on_page_markdown(body, page, None, None)
    assert "translation_of" not in page.meta


@pytest.mark.parametrize(
    ("snippet", "expected"),
    [
        # A jack and a queen are feminine in Spanish, a king and a ten masculine: the article is the rank's.
        ("{{ trick trump=H lead=A KS TS }}", "A sale con el K♠ y B juega el 10♠: A gana la baza con el K♠."),
        ("{{ trick trump=H lead=A QS JH }}", "A sale con la Q♠ y B juega la J♥: B gana la baza con la J♥."),
        ("{{ draw winner=B AS JH }}", "B roba del mazo el A♠; la siguiente, la J♥,"),
        ("{{ draw winner=C JH QD 5S }}", "C roba del mazo la J♥; luego A roba la siguiente, la Q♦, y B, el 5♠."),
    ],
)
def test_spanish_snippets_give_each_card_its_ranks_article(snippet, expected):
    """The Spanish trick and draw sentences fixed "el" for played cards and "la" for drawn ones
    ("gana la baza con el J♥", "roba del mazo la A♠"): each card now takes its rank's
    article from the catalogue (the card form `ranks.<R>.the`) (issue 21)."""
    assert text(snippet, "es").startswith(expected)
