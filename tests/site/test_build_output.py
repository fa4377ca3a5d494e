"""Checks on the strictly built site: languages, alternates, no third-party URL."""

from __future__ import annotations

import json
import posixpath
import re
from urllib.parse import urlsplit

import pytest
from html_index import LANGUAGES, all_pages, default_language_pages, page_language, parse
from support import ROOT

THIRD_PARTY = re.compile(r"(?:https?:)?//(?!127\.0\.0\.1[:/]|localhost[:/])[\w.-]+\.[a-z]{2,}", re.I)


def _localised(path, lang):
    return path if lang == "en" else type(path)(lang) / path


def test_every_page_exists_in_every_language(site_dir):
    pages = default_language_pages(site_dir)
    assert len(pages) >= 10, pages
    missing = [
        str(_localised(p, lang))
        for p in pages
        for lang in LANGUAGES
        if not (site_dir / _localised(p, lang)).is_file()
    ]
    assert not missing, f"pages missing in some language: {missing}"


def test_html_lang_matches_the_language_folder(site_dir):
    wrong = []
    for html in all_pages(site_dir):
        lang = page_language(site_dir, html)
        if parse(html).lang != lang:
            wrong.append((str(html.relative_to(site_dir)), parse(html).lang, lang))
    assert not wrong


_TITLE = re.compile(r"<title>(.*?)</title>", re.S)


def test_no_title_repeats_itself_and_every_home_is_titled_with_the_site_name(site_dir):
    repeated = []
    for html in all_pages(site_dir):
        match = _TITLE.search(html.read_text(encoding="utf-8"))
        title = match.group(1).strip() if match else ""
        if re.fullmatch(r"(.+?) - \1", title):
            repeated.append(f"{html.relative_to(site_dir)}: {title}")
    assert not repeated, repeated
    for lang in LANGUAGES:
        home = site_dir / ("index.html" if lang == "en" else f"{lang}/index.html")
        assert _TITLE.search(home.read_text(encoding="utf-8")).group(1).strip() == "California Jack", lang


def test_hreflang_alternates_point_to_the_same_page(site_dir):
    problems = []
    for page in default_language_pages(site_dir):
        if page.name == "404.html":
            continue
        for lang in LANGUAGES:
            html = site_dir / _localised(page, lang)
            alternates = dict(parse(html).alternates)
            # x-default: readers of any other language get the default language's page.
            if alternates.pop("x-default", None) != alternates.get(LANGUAGES[0]):
                problems.append(f"{html.relative_to(site_dir)}: no x-default, or not the default language")
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
                    where = html.relative_to(site_dir)
                    problems.append(f"{where}: {other} -> {href} ({target} != {expected})")
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


def test_pyodide_is_self_hosted_under_versioned_names(site_dir):
    import hashlib
    import json

    manifest = json.loads((site_dir / "assets" / "engine" / "manifest.json").read_text(encoding="utf-8"))
    folder = site_dir / "pyodide" / manifest["pyodide"]
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (folder / name).is_file(), name
    # The engine loads no package: the lock file is replaced by its header in the manifest.
    assert not list(site_dir.glob("pyodide/**/pyodide-lock.json"))
    assert set(manifest["lock_info"]) >= {"abi_version", "arch", "platform", "python"}
    archive = site_dir / "assets" / "engine" / manifest["engine"]
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()[:12]
    assert manifest["engine"] == f"engine-{digest}.zip"
    assert manifest["bytes"] == archive.stat().st_size
    assert manifest["boot_bytes"] == {name: (folder / name).stat().st_size for name in manifest["boot_bytes"]}
    # Pinned exactly (package.json and its lock agree): the snapshot's name carries the version.
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    pinned = package["dependencies"]["pyodide"]
    assert pinned == manifest["pyodide"] == lock["packages"]["node_modules/pyodide"]["version"]
    assert manifest["snapshot_cache"] == f"cj-snapshot-{pinned}-{manifest['engine'].removesuffix('.zip')}"
    # What "works offline" saves: every file the engine needs, with its size, and the download
    # (the Brotli copies a browser gets).
    files = {posixpath.normpath(posixpath.join("assets/engine", path)): size for path, size in manifest["files"].items()}
    names = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
    assert files == {
        **{f"pyodide/{pinned}/{name}": (folder / name).stat().st_size for name in names},
        f"assets/engine/{manifest['engine']}": archive.stat().st_size,
    }
    download = sum((site_dir / f"{path}.br").stat().st_size for path in files)
    assert manifest["download_bytes"] == download < sum(files.values()) / 3


def test_text_and_binaries_have_precompressed_copies(site_dir):
    import gzip

    import brotli

    samples = [
        site_dir / "fr" / "rules" / "index.html",
        site_dir / "assets" / "javascripts" / "stepper.js",
        site_dir / "fr" / "search" / "search_index.json",
        *site_dir.glob("pyodide/*/pyodide.asm.wasm"),
        *site_dir.glob("pyodide/*/pyodide.asm.mjs"),
        *site_dir.glob("pyodide/*/python_stdlib.zip"),
    ]
    assert len(samples) == 6
    for path in samples:
        original = path.read_bytes()
        if len(original) > 5_000_000:
            original = original[:0]  # the big ones: only their presence and size are checked here
        for suffix, decode in ((".br", brotli.decompress), (".gz", gzip.decompress)):
            copy = path.with_name(path.name + suffix)
            assert copy.is_file(), copy
            assert copy.stat().st_size < path.stat().st_size
            if original:
                assert decode(copy.read_bytes()) == original, copy


def test_offline_service_worker_and_web_app_manifest(site_dir):
    import json
    import struct

    sw = (site_dir / "sw.js").read_text(encoding="utf-8")
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))
    pages = {
        p.relative_to(site_dir).as_posix().removesuffix("index.html")
        for p in all_pages(site_dir)
        if p.name == "index.html"
    }
    assert pages <= set(precache), sorted(pages - set(precache))[:5]
    for lang in LANGUAGES[1:]:
        assert f"{lang}/practice/" in precache and f"{lang}/search/search_index.json" in precache
    manifest = json.loads((site_dir / "assets" / "engine" / "manifest.json").read_text(encoding="utf-8"))
    assert f"assets/engine/{manifest['engine']}" in precache
    assert not [path for path in precache if path.startswith("pyodide/") or path.endswith((".br", ".gz"))]
    assert re.search(r'const BUILD = "[0-9a-f]{12}";', sw)
    assert f'const PYODIDE_VERSION = "{manifest["pyodide"]}";' in sw
    # The engine's files, which the service worker saves for offline use when a page asks.
    engine_files = json.loads(re.search(r"const ENGINE_FILES = (\[.*?\]);", sw, re.S).group(1))
    assert {path: size for path, size in engine_files} == {
        posixpath.normpath(posixpath.join("assets/engine", path)): size for path, size in manifest["files"].items()
    }
    app = json.loads((site_dir / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert app["name"] == "California Jack" and app["display"] == "standalone" and app["start_url"] == "./"
    sizes = set()
    for icon in app["icons"]:
        png = (site_dir / icon["src"]).read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", png[16:24])
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add(width)
    assert {192, 512} <= sizes
    for html in all_pages(site_dir):
        text = html.read_text(encoding="utf-8")
        depth = len(html.relative_to(site_dir).parts) - 1
        root = "/" if html.name == "404.html" or html.parent.name == "404" else "../" * depth or "./"
        assert f'<link rel="manifest" href="{root}manifest.webmanifest">' in text, html
        assert f'navigator.serviceWorker.register("{root}sw.js")' in text, html
        assert re.search(rf'import\("{re.escape(root)}assets/javascripts/offline\.js\?v=[0-9a-f]{{12}}"\)', text), html
    # The offline notice's strings, in the page's language.
    for lang in LANGUAGES:
        home = site_dir / ("index.html" if lang == "en" else f"{lang}/index.html")
        found = re.search(r'<script type="application/json" id="cj-offline-strings">(.*?)</script>', home.read_text(encoding="utf-8"))
        strings = json.loads(found.group(1))
        catalogue = json.loads((ROOT / "engine" / "locales" / f"{lang}.json").read_text(encoding="utf-8"))["offline"]
        assert strings == {**catalogue["notice"], "megabytes": catalogue["megabytes"], "lang": lang}


def test_a_public_build_gets_absolute_alternates():
    from absolute_links import absolute_alternates

    html = (
        '<head><link rel="alternate" href="../../rules/" hreflang="en">\n'
        '<link rel="alternate" href="./" hreflang="fr"></head>'
    )
    public = absolute_alternates(html, "https://cards.example.org/fr/rules/")
    assert '<link rel="alternate" href="https://cards.example.org/rules/" hreflang="en">' in public
    assert '<link rel="alternate" href="https://cards.example.org/fr/rules/" hreflang="fr">' in public
    assert '<link rel="alternate" href="https://cards.example.org/rules/" hreflang="x-default">' in public
    local = absolute_alternates(html, "http://127.0.0.1:8000/fr/rules/", absolute_links=False)
    assert '<link rel="alternate" href="../../rules/" hreflang="x-default">' in local


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
    from support import ROOT

    from engine.surfaces.catalogue import DEFAULT_LANGUAGE

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


def test_materials_chrome_reads_as_the_site_writes_in_every_language(site_dir):
    """"Initializing search", pt "Buscar" beside "pesquisa", es "Saltar a contenido", it "Piede":
    the catalogue's chrome.material.* replace Material's wording on every page (issue 21)."""
    import sys

    sys.path.insert(0, str(ROOT / "scripts" / "hooks"))
    import chrome_i18n
    import site_data

    expected = {"en": "Initializing search", "pt": "Buscar", "es": "Saltar a contenido", "it": "Piede"}
    for lang in LANGUAGES:
        overrides = chrome_i18n.material_overrides(lang)
        if lang in expected:
            assert any(theirs == expected[lang] for _, theirs, _ in overrides), lang
        home = site_dir / ("index.html" if lang == "en" else f"{lang}/index.html")
        rules = site_dir / ("rules/index.html" if lang == "en" else f"{lang}/rules/index.html")
        for page in (home, rules):
            text = page.read_text(encoding="utf-8")
            for key, theirs, ours in overrides:
                assert re.search(rf'[">]\s*{re.escape(theirs)}\s*[<"]', text) is None, (page, key, theirs)
            for name in chrome_i18n.MATERIAL_KEYS:
                ours = site_data.lookup(lang, f"chrome.material.{name}")
                assert ours in text or json.dumps(ours) in text, (page, name, ours)
