"""Nothing on a built page is left in English chrome, in code, or in a wrong plural form."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from html_index import LANGUAGES, all_pages, page_language, parse

# Visible text and the attributes a screen reader or a tooltip shows.
SHOWN_ATTRIBUTES = re.compile(r'\s(?:title|aria-label|placeholder|alt)="([^"]*)"')
# Chrome that Material, Python-Markdown or mkdocs.yml would leave in English.
ENGLISH_CHROME = [
    "Permanent link",
    "rules, worked examples and practice",
    "rules, examples and practice",
    "Skip to content",
    "Back to top",
    "Table of contents",
    "Type to start searching",
    "Previous",
    "Next",
    "Dark mode",
    "Light mode",
]
# Rule keys, values and preset ids as written in the engine and RULES.md.
CODE_WORD = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")  # trump_when_able, non_dealer, cut_low...
KEY_VALUE = re.compile(
    r"\b(?:players|target|stock|low|game_tie|first_dealer|preset)\s*:\s*(?:open|hidden|capture|holder|none|\d+)\b"
)
PRESET_IDS = re.compile(r"\b(?:shasta-sam|face-down)\b|\bclassic\b")
# Count + noun in the wrong number, per language: (singular nouns, plural nouns).
NOUNS = {
    "en": (["card", "trick", "point", "deal"], ["cards", "tricks", "points", "deals"]),
    "pt": (["carta", "vaza", "ponto", "distribuição"], ["cartas", "vazas", "pontos", "distribuições"]),
    "fr": (["carte", "pli", "point", "donne"], ["cartes", "plis", "points", "donnes"]),
    "es": (["carta", "baza", "punto", "reparto"], ["cartas", "bazas", "puntos", "repartos"]),
    "it": (["carta", "presa", "punto", "smazzata"], ["carte", "prese", "punti", "smazzate"]),
}
# Nouns used as modifiers, which stay singular after a count: "29 card value", "10 match points".
COMPOUND = {"en": r"(?!\s(?:value|values|point|points)\b)"}
# Languages that write 0 with the singular (CLDR "one" includes 0 for pt and fr).
ZERO_IS_ONE = {"pt", "fr"}


def shown_text(path) -> str:
    raw = path.read_text(encoding="utf-8")
    attributes = " ".join(html_lib.unescape(value) for value in SHOWN_ATTRIBUTES.findall(raw))
    return parse(path).text + " " + attributes


def pages_of(site_dir, lang):
    return [p for p in all_pages(site_dir) if page_language(site_dir, p) == lang]


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_no_english_chrome_on_translated_pages(site_dir, lang):
    found = []
    for path in pages_of(site_dir, lang):
        text = shown_text(path)
        found += [
            f"{path.relative_to(site_dir)}: {phrase!r}"
            for phrase in ENGLISH_CHROME
            if re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text)
        ]
    assert not found, "\n".join(found[:40])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_rule_keys_or_preset_ids_shown_to_readers(site_dir, lang):
    found = []
    for path in pages_of(site_dir, lang):
        text = shown_text(path)
        words = CODE_WORD.findall(text) + KEY_VALUE.findall(text)
        if lang != "en":  # "face-down" and "classic" are ordinary English words
            words += PRESET_IDS.findall(text)
        found += [f"{path.relative_to(site_dir)}: {word!r}" for word in sorted(set(words))]
    assert not found, "\n".join(found[:40])


def count_errors(lang: str, text: str) -> list[str]:
    """Counts written with the wrong number of their noun: "1 cards", "3 card", "0 carte" in French."""
    singular, plural = NOUNS[lang]
    ones = "1|0" if lang in ZERO_IS_ONE else "1"
    many = r"[2-9]|\d\d+" if lang in ZERO_IS_ONE else r"[02-9]|\d\d+"
    wrong = [
        re.compile(rf"(?<![\d.,–-])(?:{ones}) (?:{'|'.join(plural)})\b"),
        re.compile(rf"(?<![\d.,–-])(?:{many}) (?:{'|'.join(singular)})\b{COMPOUND.get(lang, '')}"),
    ]
    return [match.group(0) for pattern in wrong for match in pattern.finditer(text)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_counts_agree_with_their_nouns(site_dir, lang):
    found = []
    for path in pages_of(site_dir, lang):
        errors = count_errors(lang, parse(path).text)
        found += [f"{path.relative_to(site_dir)}: {error!r}" for error in errors]
    assert not found, "\n".join(found[:40])


def test_the_count_check_sees_plural_errors():
    assert count_errors("en", "1 cards left, 3 card left, 29 card value, 10 match points, 1 card") == [
        "1 cards",
        "3 card",
    ]
    assert count_errors("fr", "0 cartes, 0 carte, 2 carte, 12 points") == ["0 cartes", "2 carte"]
    assert count_errors("it", "1 carte, 1 carta, 6 carte, 6 carta") == ["1 carte", "6 carta"]


EXPLANATIONS = re.compile(
    r'<(div|details) class="cj-(?:note|answer)"[^>]*>(.*?)</\1>', re.DOTALL
)
TAG = re.compile(r"<[^>]+>")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def repeated_sentences(raw_html: str) -> list[str]:
    """Sentences said twice in one page's notes and quiz answers (generated text beside authored text)."""
    seen, twice = set(), []
    for match in EXPLANATIONS.finditer(raw_html):
        text = " ".join(html_lib.unescape(TAG.sub(" ", match.group(2))).split())
        for sentence in SENTENCE_END.split(text):
            key = sentence.strip().lower()
            if len(key) > 12 and key in seen:
                twice.append(sentence)
            seen.add(key)
    return twice


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_sentence_twice_in_an_example_page(site_dir, lang):
    found = []
    for path in pages_of(site_dir, lang):
        if "examples" in path.relative_to(site_dir).parts:
            repeated = repeated_sentences(path.read_text("utf-8"))
            found += [f"{path.relative_to(site_dir)}: {s!r}" for s in repeated]
    assert not found, "\n".join(found[:40])


def test_the_repetition_check_sees_a_repeated_sentence():
    page = (
        '<div class="cj-note"><p>K♥ is allowed too. It overtrumps.</p></div>'
        '<details class="cj-answer"><p>K♥ is allowed too. Another one.</p></details>'
    )
    assert repeated_sentences(page) == ["K♥ is allowed too."]


# French: a narrow no-break space (U+202F) before : ; ? ! — in the pages and in generated text.
# Tags become NUL, so a hidden card's lone "?" (a chip of its own) is not punctuation.
SCRIPTS = re.compile(r"<(script|style)\b.*?</\1>", re.DOTALL)
UNSPACED = re.compile(r"(?<![\u202f\u00a0])[:;?!]")
LONE = re.compile(r"\x00[:;?!]\x00")


def unspaced_punctuation(raw_html: str) -> list[str]:
    text = LONE.sub("\x00\x00\x00", html_lib.unescape(TAG.sub("\x00", SCRIPTS.sub("", raw_html))))
    return [text[max(0, m.start() - 25) : m.end()].replace("\x00", "") for m in UNSPACED.finditer(text)]


def test_french_pages_space_high_punctuation(site_dir):
    found = []
    for path in pages_of(site_dir, "fr"):
        unspaced = unspaced_punctuation(path.read_text("utf-8"))
        found += [f"{path.relative_to(site_dir)}: {s!r}" for s in unspaced]
    assert not found, "\n".join(found[:40])


def test_french_change_lists_have_no_full_stop_before_the_arrow(site_dir):
    """'Ce qui change' under other rules reads "A gagne la partie → B gagne la partie",
    not "A gagne la partie. → B gagne la partie." (the turned-jack example has such a line)."""
    found, arrows = [], 0
    for path in pages_of(site_dir, "fr"):
        text = html_lib.unescape(TAG.sub("", SCRIPTS.sub("", path.read_text("utf-8"))))
        arrows += len(re.findall(r"gagne la partie\.?\s*→", text))
        found += [f"{path.relative_to(site_dir)}: {m.group(0)!r}" for m in re.finditer(r".{0,30}\.\s*→", text)]
    assert arrows, "no example page shows a change of match winner any more: the check sees nothing"
    assert not found, "\n".join(found)


def test_the_french_spacing_check_sees_missing_spaces():
    page = "<p>Atout\u202f: cœur ; pique: <span>?</span> 10\u00a0: <b>x</b>! fin</p>"
    assert [context[-1] for context in unspaced_punctuation(page)] == [";", ":", "!"]
