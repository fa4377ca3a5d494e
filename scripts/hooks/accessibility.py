"""Small accessibility repairs to Material's markup.

Material's search overlay is a role="dialog" without a name, which screen
readers announce as an anonymous dialog (axe: aria-dialog-name). It is named
here with the theme's own translated search label, taken from the search
input's placeholder, so the name is in the page's language.
"""

from __future__ import annotations

import html
import re

_SEARCH_DIALOG = re.compile(r'(<div class="md-search"[^>]*?role="dialog")(?![^>]*aria-label)')
_SEARCH_PLACEHOLDER = re.compile(r'class="md-search__input"[^>]*?placeholder="([^"]*)"')


def on_post_page(output: str, page, config) -> str:
    placeholder = _SEARCH_PLACEHOLDER.search(output)
    if placeholder is None:
        return output
    label = html.escape(html.unescape(placeholder.group(1)), quote=True)
    return _SEARCH_DIALOG.sub(rf'\1 aria-label="{label}"', output, count=1)
