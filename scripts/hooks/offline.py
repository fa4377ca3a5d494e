"""Make the built site installable and readable offline after one visit.

- site/manifest.webmanifest: the web app manifest (name, icons, colours, start page).
- site/sw.js: the service worker (template: scripts/hooks/service-worker.js) with this
  build's pre-cache list — every page of every language, the assets they use, the search
  indexes, sitemaps and the engine archive — and a cache name taken from a hash of all of
  them, so any change to the site is a new service worker that replaces the old cache.
  Pyodide is not pre-cached: the service worker saves it (the engine manifest's `files`)
  when a page asks, at idle on a connection that is not metered (offline.js), or when the
  engine first starts.
- every page: a link to the manifest, the theme colour, the touch icon, a few bytes of
  script that register the service worker once the page has loaded (never before: the
  page's own requests go first) and then load offline.js, and the strings of the offline
  notice in the page's language (offline.js writes it into the footer).
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.plugins import event_priority

sys.path.insert(0, str(Path(__file__).resolve().parent))

import site_data
import widgets

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = Path(__file__).with_name("service-worker.js")
THEME_COLOUR = "#1b5e20"  # the header's green (site.css)
BACKGROUND = "#ffffff"
ICONS = (("assets/icons/icon-192.png", "192x192"), ("assets/icons/icon-512.png", "512x512"))
SEARCH_LANGUAGES = ("pt", "fr", "es", "it")
PRECACHED_SUFFIXES = {".html", ".css", ".js", ".json", ".svg", ".png", ".zip", ".xml", ".webmanifest", ".ico"}
# Never pre-cached: Pyodide (cached on first use), the compressed copies (the browser gets
# those transparently), source maps, the service worker itself.
_SKIPPED = re.compile(r"^pyodide/|\.(?:br|gz|map)$|^sw\.js$")
# Material ships lunr for every language; the search of this site needs only these.
_LUNR = re.compile(r"^assets/javascripts/lunr/")
_LUNR_NAMES = "|".join(("stemmer\\.support", "multi", *SEARCH_LANGUAGES))
_LUNR_NEEDED = re.compile(rf"^assets/javascripts/lunr/min/lunr\.(?:{_LUNR_NAMES})\.min\.js$")


def page_root(page_url: str) -> str:
    """Relative path from a page (its URL, e.g. 'fr/rules/') to the site root, ending in '/'."""
    folder = posixpath.dirname(page_url) or "."
    path = posixpath.relpath(".", folder)
    return "./" if path == "." else path + "/"


def head_tags(root: str) -> str:
    return (
        f'<link rel="manifest" href="{root}manifest.webmanifest">\n'
        f'<meta name="theme-color" content="{THEME_COLOUR}">\n'
        f'<link rel="apple-touch-icon" href="{root}{ICONS[0][0]}">\n'
    )


OFFLINE_MODULE = "assets/javascripts/offline.js"
# The offline notice's strings (offline.js), by the name the module reads.
NOTICE_KEYS = ("waiting", "saving", "saved", "save_data", "failed", "offline")


def offline_strings(lang: str) -> dict[str, str]:
    strings = {name: site_data.lookup(lang, f"offline.notice.{name}") for name in NOTICE_KEYS}
    return {**strings, "megabytes": site_data.lookup(lang, "offline.megabytes"), "lang": lang}


def registration(root: str, lang: str) -> str:
    """Register the service worker after the page's load, then load offline.js (which needs it)."""
    sw = json.dumps(root + "sw.js")
    # The same ?v= as the widgets' modules: offline.js and a widget share one engine-client.js.
    module = json.dumps(f"{root}{OFFLINE_MODULE}?v={widgets.version()}")
    strings = json.dumps(offline_strings(lang), ensure_ascii=False).replace("</", "<\\/")
    return (
        f'<script type="application/json" id="cj-offline-strings">{strings}</script>\n'
        '<script>if ("serviceWorker" in navigator) addEventListener("load", () => '
        f"navigator.serviceWorker.register({sw}).then(() => import({module})).catch(() => {{}}));</script>\n"
    )


def page_language(page) -> str:
    lang = page.file.src_uri.split("/", 1)[0]
    return lang if lang in site_data.LANGUAGES else site_data.LANGUAGES[0]


def on_post_page(output: str, page, config) -> str:
    if page.file.src_uri == "404.md" or page.file.src_uri.endswith("/404.md"):
        # Served at any depth (not_found_pages.py): from the site's root path, not relatively.
        root = urlsplit(config.site_url or "/").path.rstrip("/") + "/"
    else:
        root = page_root(page.url)
    head = output.find("</head>")
    if head >= 0:
        output = output[:head] + head_tags(root) + output[head:]
    body = output.rfind("</body>")
    if body >= 0:
        output = output[:body] + registration(root, page_language(page)) + output[body:]
    return output


def precache_list(site: Path) -> list[str]:
    """Site-relative URLs to pre-cache: page folders ('fr/rules/'), then files."""
    paths = []
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        relative = path.relative_to(site).as_posix()
        if _SKIPPED.search(relative) or (_LUNR.match(relative) and not _LUNR_NEEDED.match(relative)):
            continue
        if path.name == "index.html":
            paths.append(relative.removesuffix("index.html"))
        elif path.suffix in PRECACHED_SUFFIXES:
            paths.append(relative)
    return paths


def manifest(config) -> dict:
    return {
        "name": config.site_name,
        "short_name": config.site_name,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND,
        "icons": [
            {"src": src, "sizes": sizes, "type": "image/png", "purpose": purpose}
            for purpose in ("any", "maskable")
            for src, sizes in ICONS
        ],
    }


def engine_files(engine_manifest: dict) -> list[tuple[str, int]]:
    """What the engine needs: site-relative URLs (the manifest lists them relative to itself)
    and sizes in bytes."""
    return [
        (posixpath.normpath(posixpath.join("assets/engine/", path)), size)
        for path, size in engine_manifest["files"].items()
    ]


def service_worker(site: Path, engine_manifest: dict) -> str:
    """site/sw.js for this build; engine_manifest: site/assets/engine/manifest.json."""
    files = precache_list(site)
    pyodide_version = engine_manifest["pyodide"]
    digest = hashlib.sha256(TEMPLATE.read_bytes())
    digest.update(pyodide_version.encode())
    for relative in files:
        digest.update(relative.encode())
        target = site / relative
        digest.update((target / "index.html" if target.is_dir() else target).read_bytes())
    return (
        TEMPLATE.read_text(encoding="utf-8")
        .replace("__BUILD__", digest.hexdigest()[:12])
        .replace("__PYODIDE_VERSION__", pyodide_version)
        .replace("__SNAPSHOT_CACHE__", engine_manifest["snapshot_cache"])
        .replace("__ENGINE_FILES__", json.dumps(engine_files(engine_manifest)))
        .replace("__PRECACHE__", json.dumps(files, indent=0))
    )


@event_priority(-250)  # after the engine archive and sitemaps exist, before precompression
def on_post_build(config) -> None:
    i18n = config.plugins.get("i18n")
    if i18n is not None and i18n.building:
        return
    site = Path(config.site_dir)
    (site / "manifest.webmanifest").write_text(json.dumps(manifest(config), indent=1), encoding="utf-8")
    pyodide_manifest = json.loads((site / "assets" / "engine" / "manifest.json").read_text(encoding="utf-8"))
    (site / "sw.js").write_text(service_worker(site, pyodide_manifest), encoding="utf-8")


def on_pre_build(config) -> None:
    # `mkdocs serve` rebuilds in one process: the scripts' version changes with them.
    widgets.on_pre_build(config)
