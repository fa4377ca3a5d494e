"""Give every language its own search index.

mkdocs-static-i18n builds one search index holding every language, so a French
search would find English, Portuguese… pages too. After the last language is
built, this hook splits that index into one per language (site/<lang>/search/)
with that language's lunr stemmer only, and points each page's search at its
own language's index by rebasing Material's `config.base` for that page.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

from mkdocs.plugins import event_priority

log = logging.getLogger("mkdocs.hooks.search_per_language")

# Material writes `"base": "<relative path to the site root>"` into each page's
# JSON config; search fetches `<base>/search/search_index.json`.
_BASE = re.compile(r'("base":\s*")([^"]*)(")')


def _i18n(config):
    return config.plugins.get("i18n")


def _language_codes(config) -> tuple[str, list[str]]:
    i18n = _i18n(config)
    default = i18n.default_language
    others = [lang.locale for lang in i18n.config.languages if lang.locale != default]
    return default, others


def on_post_page(output: str, page, config) -> str:
    i18n = _i18n(config)
    if i18n is None or i18n.current_language == i18n.default_language:
        return output

    def rebase(match: re.Match) -> str:
        base = match.group(2)
        # The page's language root is one level below the site root.
        if base in ("..", "../"):
            new_base = "."
        elif base.endswith("/.."):
            new_base = base[: -len("/..")]
        else:
            raise ValueError(f"{page.file.src_uri}: unexpected Material base {base!r}")
        return f"{match.group(1)}{new_base}{match.group(3)}"

    return _BASE.sub(rebase, output, count=1)


@event_priority(-200)  # after mkdocs-static-i18n (-100) has merged every language's entries
def on_post_build(config) -> None:
    i18n = _i18n(config)
    if i18n is None or i18n.building:
        return  # an inner per-language build: the merged index is not written yet
    site = Path(config.site_dir)
    merged_path = site / "search" / "search_index.json"
    if not merged_path.is_file():
        return
    merged = json.loads(merged_path.read_text(encoding="utf-8"))
    default, others = _language_codes(config)

    by_language: dict[str, list[dict]] = {lang: [] for lang in [default, *others]}
    for doc in merged["docs"]:
        first = doc["location"].split("/", 1)[0]
        lang = first if first in others else default
        if lang != default:
            doc = {**doc, "location": doc["location"][len(lang) + 1 :]}
        by_language[lang].append(doc)

    for lang, docs in by_language.items():
        index = {"config": {**merged["config"], "lang": [lang]}, "docs": docs}
        target = merged_path if lang == default else site / lang / "search" / "search_index.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    log.info("search index split: %s", ", ".join(f"{k}={len(v)}" for k, v in by_language.items()))
