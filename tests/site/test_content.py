"""The rules pages: one structure in five languages, fixed terms, engine facts, sound links."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import site_data
from html_index import LANGUAGES, all_pages, parse

from engine.core.cards import RANKS
from engine.surfaces.catalogue import CARD_FORM_KEYS, CARD_FORMS, PLACEHOLDER

DOCS = site_data.ROOT / "docs"
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*\{#([a-z0-9-]+)\}\s*$")
ANY_HEADING = re.compile(r"^#{1,6}\s")


def headings(path: Path) -> list[tuple[int, str]]:
    found, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if fenced or not ANY_HEADING.match(line):
            continue
        match = HEADING.match(line)
        assert match, f"{path.relative_to(DOCS)}: heading without an explicit id: {line!r}"
        found.append((len(match.group(1)), match.group(3)))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", sorted(site_data.outline()))
def test_section_structure_follows_the_outline(lang, page):
    expected = [(h["level"], h["id"]) for h in site_data.outline()[page]]
    assert headings(DOCS / lang / page) == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_outside_the_outline(lang):
    pages = {p.relative_to(DOCS / lang).as_posix() for p in (DOCS / lang).rglob("*.md")}
    assert pages - set(site_data.outline()) <= {"404.md"}


def catalogue_placeholders(lang):
    """Each catalogue key's placeholders as (name, form) pairs: `{card}` is ("card", None),
    `{card.the}` ("card", "the")."""
    flat = {}

    def walk(node, prefix=""):
        for k, v in node.items():
            if isinstance(v, dict):
                walk(v, f"{prefix}{k}.")
            else:
                flat[prefix + k] = set(PLACEHOLDER.findall(v))

    walk(site_data.catalogue(lang))
    return {key: {(name, form or None) for name, form in found} for key, found in flat.items()}


def test_every_catalogue_has_the_english_keys():
    def keys(node, prefix=""):
        if isinstance(node, dict):
            return set().union(*(keys(v, f"{prefix}{k}.") for k, v in node.items()))
        return {prefix.rstrip(".")}

    def placeholders(lang):
        # A card's form is the same placeholder: a translation may say {card.the} where English says
        # {card}. Another dotted name is a placeholder of its own ({fact.value_ace}, engine/content/levels.py).
        return {
            key: {name if form is None or form in CARD_FORMS else f"{name}.{form}" for name, form in found}
            for key, found in catalogue_placeholders(lang).items()
        }

    english = keys(site_data.catalogue("en"))
    for lang in LANGUAGES[1:]:
        assert keys(site_data.catalogue(lang)) == english, lang
        ours, theirs = placeholders("en"), placeholders(lang)
        assert {k: v for k, v in theirs.items() if v != ours[k]} == {}, lang


# Dotted placeholders that are no card form: `{fact.value_ace}` in the course's texts.
DOTTED_NAMESPACES = {"fact"}


def test_a_misspelt_card_form_is_named_with_its_key_and_language(monkeypatch):
    catalogue = {"ui": {"plays_you": "Giochi {card.thee}."}, "learn": {"x": "{fact.value_ace}"}}
    monkeypatch.setattr(site_data, "catalogue", lambda lang: catalogue)
    with pytest.raises(AssertionError, match=r"it: ui\.plays_you: \{card\.thee\} is no card form"):
        test_card_forms_in_the_catalogue_exist("it")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_forms_in_the_catalogue_exist(lang):
    """`{card.the}` and the other forms of CARD_FORMS only: a misspelt form would stay unfilled.
    (`{fact.<name>}` is no card: an engine number in a course text, checked by engine/content/levels.py.)"""
    bad = sorted(
        f"{lang}: {key}: {{{name}.{form}}} is no card form (use {', '.join(CARD_FORMS)})"
        for key, found in catalogue_placeholders(lang).items()
        for name, form in found
        if form is not None and name not in DOTTED_NAMESPACES and form not in CARD_FORMS
    )
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rank_has_every_card_form(lang):
    """Each `ranks.<R>.<form>` is one `{card}` with the words of its article around it."""
    ranks = site_data.catalogue(lang)["ranks"]
    bad = [
        f"{lang}: ranks.{rank}.{key} = {ranks[rank].get(key)!r}"
        for rank in RANKS
        for key in CARD_FORM_KEYS
        if PLACEHOLDER.findall(str(ranks[rank].get(key))) != [("card", "")]
    ]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_glossary_terms_are_used(lang):
    text = " ".join(
        (DOCS / lang / page).read_text(encoding="utf-8")
        for page in site_data.outline()
        if page != "glossary.md"
    ).lower()
    unused = [
        name
        for name, entry in site_data.glossary().items()
        if not any(form.lower() in text for form in entry[lang]["forms"])
    ]
    assert not unused, f"{lang}: glossary terms never used outside the glossary: {unused}"


# Sources must insert these through the hook, never type them.
REQUIRED_PLACEHOLDERS = {
    "rules.md": ["fact.deck_size", "fact.hand_size", "fact.stock_size", "fact.tricks", "fact.last_tricks",
                 "fact.total_value", "fact.target", "list.count_out", "list.ranks"],
    "scoring.md": ["table.card_values", "fact.total_value", "fact.tie_value"],
    "quick-reference.md": ["fact.hand_size", "fact.target", "list.rank_key"],
    "variants.md": ["table.options", "list.presets"],
    "glossary.md": ["glossary.table"],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_engine_facts_are_placeholders_in_the_sources(lang):
    missing = []
    for page, names in REQUIRED_PLACEHOLDERS.items():
        source = (DOCS / lang / page).read_text(encoding="utf-8")
        compact = re.sub(r"\s+", "", source)
        # A fact may be written in figures ({{ fact.x }}) or in words ({{ words.x }}).
        written = [(n, n.replace("fact.", "words.", 1)) for n in names]
        missing += [f"{page}: {{{{ {n} }}}}" for n, w in written if "{{" + n + "}}" not in compact
                    and "{{" + w + "}}" not in compact]
    assert not missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_generated_facts_are_in_the_built_pages(site_dir, lang):
    import engine

    facts = engine.facts()
    folder = site_dir if lang == "en" else site_dir / lang
    rules = parse(folder / "rules" / "index.html").text
    for key in ("deck_size", "hand_size", "stock_size", "tricks", "total_value", "target"):
        assert re.search(rf"\b{facts[key]}\b", rules), f"{lang} rules page lacks {key}={facts[key]}"
    scoring = parse(folder / "scoring" / "index.html").text
    value_keys = ("value_ten", "value_ace", "value_king", "value_queen", "value_jack")
    value_keys += ("total_value", "tie_value")
    for key in value_keys:
        assert re.search(rf"\b{facts[key]}\b", scoring), f"{lang} scoring page lacks {key}"


def test_no_placeholder_left_unfilled(site_dir):
    leftovers = [str(p.relative_to(site_dir)) for p in all_pages(site_dir) if "{{" in parse(p).text]
    assert not leftovers


# RULES.md §4: seed defects and scraping debris that must appear nowhere.
DEBRIS = [
    "A♠K♠Q♠J♠10♠", "A♥K♥Q♥J♥10♥", "faites défiler", "Sur un petit écran", "01…", "01...Respuesta",
    "sem vê-la", "sin verla", "senza vederla", "alla cieca", "à cegas", "a ciegas",
    "4 players", "4 jogadores", "4 joueurs", "4 jugadores", "4 giocatori",
]


def test_no_seed_debris_or_defect(site_dir):
    found = []
    for html in all_pages(site_dir):
        text = parse(html).text
        found += [f"{html.relative_to(site_dir)}: {d!r}" for d in DEBRIS if d.lower() in text.lower()]
    assert not found, "\n".join(found)


def test_every_internal_link_and_anchor_resolves(site_dir):
    broken = []
    for html in all_pages(site_dir):
        page = parse(html)
        base = html.parent
        for href in page.links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            if not parts.path:
                target = html
            elif parts.path.startswith("/"):
                target = site_dir / unquote(parts.path).lstrip("/")
            else:
                target = base / unquote(parts.path)
            if target.is_dir() or parts.path.endswith("/"):
                target = target / "index.html"
            target = Path(posixpath.normpath(str(target)))
            if not target.is_file():
                broken.append(f"{html.relative_to(site_dir)}: {href} (no file)")
                continue
            fragment = unquote(parts.fragment)
            if fragment and target.suffix == ".html" and fragment not in parse(target).ids:
                broken.append(f"{html.relative_to(site_dir)}: {href} (no anchor)")
    assert not broken, "\n".join(broken[:30])
