"""Every translated page is a translation of the current English page: same blocks, same snippets.

English (docs/en) is the source. A translated page must have the same sequence of
blocks (headings, paragraphs, list items, table rows, admonitions, definitions,
placeholders) with the same engine snippets in each, and its front matter must record
the English version it translates (scripts/translations.py).
"""

from __future__ import annotations

import pytest
import site_data
import translations
from markdown_blocks import blocks, first_difference

DOCS = site_data.ROOT / "docs"
TRANSLATED = site_data.LANGUAGES[1:]
PAGES = translations.english_pages()


def page_blocks(lang: str, page: str):
    return blocks((DOCS / lang / page).read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_translation_has_the_english_blocks_and_snippets(lang, page):
    assert (DOCS / lang / page).is_file(), f"docs/{lang}/{page} is missing"
    difference = first_difference(page_blocks("en", page), page_blocks(lang, page))
    assert difference is None, f"docs/{lang}/{page} differs from docs/en/{page}: {difference}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_is_stamped_with_the_current_english(lang):
    late = translations.behind([lang])
    assert not late, "run scripts/translations.py status; behind:\n" + "\n".join(map(str, late))


# The comparison itself must be able to fail: a few pairs that differ in one way each.
ENGLISH = """# Title {#t}

Text with {{ card.KS }}.

- one
- two {{ trick trump=H lead=A 7C 2H }}

| a | b |
|---|---|
| 1 | 2 |

!!! note "Note"
    Inside.
"""


@pytest.mark.parametrize(
    ("translation", "expected"),
    [
        (ENGLISH, None),
        (ENGLISH.replace("- two", "- two\n- three"), "bulleted"),
        (ENGLISH.replace("{{ card.KS }}", "{{ card.KH }}"), "card.KS"),
        (ENGLISH.replace("| 1 | 2 |", "| 1 | 2 |\n| 3 | 4 |"), "row"),
        (ENGLISH.replace('!!! note "Note"', '!!! tip "Tip"'), "admonition note"),
        (ENGLISH.replace("Text with", "Text\n\nwith"), "paragraph"),
        (ENGLISH.replace("{#t}", "{#u}"), "h1#t"),
        ("---\ntranslation_of: 0123456789ab\n---\n\n" + ENGLISH, None),
    ],
)
def test_the_block_comparison_sees_each_kind_of_difference(translation, expected):
    difference = first_difference(blocks(ENGLISH), blocks(translation))
    if expected is None:
        assert difference is None
    else:
        assert difference is not None and expected in difference


def test_stamps_record_and_detect_the_english_version(tmp_path):
    page = "---\ntitle: x\n---\n# T\n"
    once = translations.stamped(page, "aaaaaaaaaaaa")
    assert translations.recorded_hash(once) == "aaaaaaaaaaaa"
    twice = translations.stamped(once, "bbbbbbbbbbbb")
    assert translations.recorded_hash(twice) == "bbbbbbbbbbbb"
    assert twice.count("translation_of") == 1 and twice.endswith("# T\n")
    assert translations.recorded_hash("# T\n") is None
    assert translations.source_hash(b"x") != translations.source_hash(b"y")
