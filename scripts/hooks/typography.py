"""The one typographic filter for generated text: French spacing before high punctuation.

French typesetting puts a narrow no-break space (U+202F) before `: ; ? !`. Catalogue
strings are written that way, but sentences assembled by the hooks (snippets, worked
examples) join pieces, so every generated French string passes through `fix`.
HTML tags are left untouched; other languages are returned as they are.
"""

from __future__ import annotations

import re

NARROW_NBSP = "\u202f"
# Tags and character references (`&amp;`, `&#x27;`) are not text: their `;` stays as it is.
_TAG = re.compile(r"(<[^>]*>|&#?\w+;)")
# Punctuation preceded by nothing, an ordinary or a no-break space: (re)space it narrowly.
# A colon between two digits (a time, a ratio) is not touched.
_HIGH_PUNCTUATION = re.compile(
    r"(?<=\S)[ \u00a0\u202f]?([;?!])|(?<=[^\s\d])[ \u00a0\u202f]?(:)|(?<=\d)(?: |\u00a0|\u202f)?(:)(?!\d)"
)


def _space(match: re.Match[str]) -> str:
    return NARROW_NBSP + next(str(group) for group in match.groups() if group)


def fix(lang: str, text: str) -> str:
    if lang != "fr":
        return text
    parts = _TAG.split(text)
    for index in range(0, len(parts), 2):
        parts[index] = _HIGH_PUNCTUATION.sub(_space, parts[index])
    return "".join(parts)
