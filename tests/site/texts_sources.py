"""The texts a reader sees, per language, straight from the sources: pages, tutorial texts, catalogue."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator

import site_data

DOCS = site_data.ROOT / "docs"
TUTORIALS = site_data.ROOT / "tutorials"
# Cards typed in prose: a rank glued to a suit symbol (K♠, 10 ♥) or an engine code (TS, KH, 2C).
TYPED_CARD = re.compile(r"(?<![\w])(?:10|[2-9TJQKA])\s?[♠♥♦♣]|(?<![\w-])(?:10|[2-9TJQKA])[SHDC](?![\w-])")
PAGE_SNIPPET = re.compile(r"\{\{.*?\}\}", re.DOTALL)
NOTE_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
LINK_TARGET = re.compile(r"\]\([^)]*\)|\{#[^}]*\}")


def pages(lang: str) -> Iterator[tuple[str, str]]:
    """(where, text) of every Markdown page of a language."""
    for path in sorted((DOCS / lang).rglob("*.md")):
        yield f"docs/{lang}/{path.relative_to(DOCS / lang).as_posix()}", path.read_text(encoding="utf-8")


def _language_texts(node, where: str, lang: str) -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        if set(site_data.LANGUAGES) <= set(node) and isinstance(node.get(lang), str):
            yield where, node[lang]
            return
        for key, value in node.items():
            yield from _language_texts(value, f"{where}.{key}", lang)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _language_texts(value, f"{where}[{index}]", lang)


def tutorial_texts(lang: str) -> Iterator[tuple[str, str]]:
    """(where, text) of every text of one language in tutorials/*.toml (titles, notes, quiz texts)."""
    paths = sorted(TUTORIALS.glob("*.toml"))
    assert paths, f"no worked examples in {TUTORIALS}"
    for path in paths:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        yield from _language_texts(data, f"tutorials/{path.name}:", lang)


def catalogue_texts(lang: str) -> Iterator[tuple[str, str]]:
    def walk(node, prefix):
        for key, value in node.items():
            if isinstance(value, dict):
                yield from walk(value, f"{prefix}{key}.")
            else:
                yield f"engine/locales/{lang}.json: {prefix}{key}", value

    yield from walk(site_data.catalogue(lang), "")


def prose_of_page(text: str) -> str:
    """A page without its snippets, placeholders and link targets: what the author typed.

    A snippet is replaced by as many newlines as it spans, so line numbers stay right."""

    def blank(match: re.Match) -> str:
        return "\n" * match.group(0).count("\n")

    return LINK_TARGET.sub(blank, PAGE_SNIPPET.sub(blank, text))


def prose_of_note(text: str) -> str:
    return NOTE_PLACEHOLDER.sub("", text)


def typed_cards(text: str) -> list[str]:
    return [match.group(0) for match in TYPED_CARD.finditer(text)]
