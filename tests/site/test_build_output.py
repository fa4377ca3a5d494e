"""Checks on the strictly built site: languages, alternates, no third-party URL."""

from __future__ import annotations

import posixpath
import re
from urllib.parse import urlsplit

import pytest
from html_index import LANGUAGES, all_pages, default_language_pages, page_language, parse

THIRD_PARTY = re.compile(r"(?:https?:)?//(?!127\.0\.0\.1[:/]|localhost[:/])[\w.-]+\.[a-z]{2,}", re.I)


def _localised(path, lang):
    return path if lang == "en" else type(path)(lang) / path


def test_every_page_exists_in_every_language(site_dir):
    pages = default_language_pages(site_dir)
    assert len(pages) >= 10, pages
    missing = [
        str(_localised(p, lang)) for p in pages for lang in LANGUAGES if not (site_dir / _localised(p, lang)).is_file()
    ]
    assert not missing, f"pages missing in some language: {missing}"


def test_html_lang_matches_the_language_folder(site_dir):
    wrong = []
    for html in all_pages(site_dir):
        lang = page_language(site_dir, html)
        if parse(html).lang != lang:
            wrong.append((str(html.relative_to(site_dir)), parse(html).lang, lang))
    assert not wrong


def test_hreflang_alternates_point_to_the_same_page(site_dir):
    problems = []
    for page in default_language_pages(site_dir):
        if page.name == "404.html":
            continue
        for lang in LANGUAGES:
            html = site_dir / _localised(page, lang)
            alternates = parse(html).alternates
            if set(alternates) != set(LANGUAGES):
                problems.append(f"{html.relative_to(site_dir)}: hreflang {sorted(alternates)}")
                continue
            for other, href in alternates.items():
                base = posixpath.dirname(str(html.relative_to(site_dir)))
                path = urlsplit(href).path
                joined = path.lstrip("/") if path.startswith("/") else posixpath.join(base, path)
                target = posixpath.normpath(joined or ".")
                expected = posixpath.dirname(str(_localised(page, other))) or "."
                if target != expected:
                    problems.append(f"{html.relative_to(site_dir)}: {other} -> {href} ({target} != {expected})")
    assert not problems, "\n".join(problems[:20])


def test_no_third_party_url_in_any_page(site_dir):
    found = []
    for html in all_pages(site_dir):
        page = parse(html)
        for tag, url in page.resource_urls:
            if THIRD_PARTY.match(url):
                found.append(f"{html.relative_to(site_dir)}: <{tag}> {url}")
        for href in page.links:
            if THIRD_PARTY.match(href):
                found.append(f"{html.relative_to(site_dir)}: <a> {href}")
    assert not found, "\n".join(found[:20])


def test_no_third_party_url_in_stylesheets(site_dir):
    found = []
    for css in site_dir.rglob("*.css"):
        for url in re.findall(r"url\(\s*['\"]?([^'\")]+)", css.read_text(encoding="utf-8", errors="replace")):
            if THIRD_PARTY.match(url):
                found.append(f"{css.relative_to(site_dir)}: {url}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_not_found_page_in_every_language(site_dir, lang):
    html = site_dir / ("404.html" if lang == "en" else f"{lang}/404.html")
    assert html.is_file()
    page = parse(html)
    assert page.lang == lang
    assert "not-found" in page.ids


def test_pyodide_is_self_hosted(site_dir):
    for name in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (site_dir / "pyodide" / name).is_file(), name
    assert (site_dir / "assets" / "engine" / "engine.zip").is_file()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_index_holds_one_language(site_dir, lang):
    import json

    folder = site_dir if lang == "en" else site_dir / lang
    index = json.loads((folder / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["lang"] == [lang]
    assert index["docs"], "empty index"
    for doc in index["docs"]:
        assert doc["location"].split("/", 1)[0] not in LANGUAGES, doc["location"]
        html = folder / urlsplit(doc["location"]).path / "index.html"
        if doc["location"] and not doc["location"].startswith("#"):
            assert html.is_file() or (folder / urlsplit(doc["location"]).path).is_file(), doc["location"]


def test_mkdocs_languages_are_the_engines_languages():
    """mkdocs.yml and engine/catalogue.py name the same languages, default first."""
    import yaml
    from engine.catalogue import DEFAULT_LANGUAGE
    from support import ROOT

    class _Loader(yaml.SafeLoader):
        pass

    # mkdocs.yml may hold !!python/name tags in other projects; ignore any tag here.
    _Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    i18n = next(p["i18n"] for p in config["plugins"] if isinstance(p, dict) and "i18n" in p)
    configured = [lang["locale"] for lang in i18n["languages"]]
    default = [lang["locale"] for lang in i18n["languages"] if lang.get("default")]
    assert configured == list(LANGUAGES)
    assert default == [DEFAULT_LANGUAGE]
