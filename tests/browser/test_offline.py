"""Instant and offline: the server's headers, the service worker, and a new build after a reload.

- The server (scripts/serve_site.py) sends the precompressed copy the browser accepts, the
  right Content-Type, long immutable caching for versioned files and revalidation for pages.
- After one visit (a page, then the engine started once), the whole site works with the
  network off: practice in another language, a deal played, an example stepped.
- A new build is served after a reload, and the service worker replaces the old cache (and
  drops the memory snapshots of other engines).
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import shutil
import threading
import urllib.request
from pathlib import Path

import brotli
import pytest
from support import ROOT, language_prefix

pytestmark = pytest.mark.browser

LOAD_TIMEOUT_MS = 60_000
TURN_TIMEOUT_MS = 30_000
SETTLED = ("human", "next_deal", "match_over")


def fetch(url: str, **headers: str):
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def engine_manifest(site_dir: Path) -> dict:
    return json.loads((site_dir / "assets" / "engine" / "manifest.json").read_text(encoding="utf-8"))


# ----- the server -------------------------------------------------------------------------------


def test_pages_are_compressed_and_revalidated(site_url, site_dir):
    original = (site_dir / "fr" / "rules" / "index.html").read_bytes()
    status, headers, body = fetch(site_url + "fr/rules/", **{"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200
    assert headers["Content-Encoding"] == "br" and brotli.decompress(body) == original
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert headers["Cache-Control"] == "no-cache" and headers["Vary"] == "Accept-Encoding"
    assert headers["ETag"] and headers["Last-Modified"]
    # The same page again: not modified, no body.
    again = fetch(site_url + "fr/rules/", **{"Accept-Encoding": "br", "If-None-Match": headers["ETag"]})
    assert again[0] == 304 and again[2] == b""
    status, headers, body = fetch(site_url + "fr/rules/", **{"Accept-Encoding": "gzip"})
    assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == original
    status, headers, body = fetch(site_url + "fr/rules/", **{"Accept-Encoding": "identity"})
    assert headers["Content-Encoding"] is None and body == original
    status, headers, _ = fetch(site_url + "sw.js", **{"Accept-Encoding": "br"})
    assert status == 200 and headers["Cache-Control"] == "no-cache"
    assert headers["Content-Type"] == "text/javascript; charset=utf-8"


def test_versioned_files_are_cached_for_good(site_url, site_dir):
    manifest = engine_manifest(site_dir)
    pyodide = f"{site_url}pyodide/{manifest['pyodide']}/"
    status, headers, body = fetch(pyodide + "pyodide.asm.wasm", **{"Accept-Encoding": "gzip, br"})
    assert status == 200 and headers["Content-Type"] == "application/wasm"
    assert headers["Content-Encoding"] == "br"
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert int(headers["Content-Length"]) == len(body) < manifest["boot_bytes"]["pyodide.asm.wasm"]
    status, headers, _ = fetch(pyodide + "pyodide.asm.mjs", **{"Accept-Encoding": "gzip"})
    assert headers["Content-Type"] == "text/javascript; charset=utf-8"
    assert headers["Content-Encoding"] == "gzip"
    status, headers, _ = fetch(f"{site_url}assets/engine/{manifest['engine']}")
    assert status == 200 and headers["Content-Type"] == "application/zip"
    assert headers["Cache-Control"].endswith("immutable")
    # Scripts asked for with the build's ?v=… are versioned too; without it they revalidate.
    status, headers, _ = fetch(site_url + "assets/javascripts/stepper.js?v=0123456789ab")
    assert headers["Cache-Control"].endswith("immutable")
    status, headers, _ = fetch(site_url + "assets/javascripts/stepper.js")
    assert headers["Cache-Control"] == "no-cache"
    status, headers, _ = fetch(site_url + "manifest.webmanifest")
    assert headers["Content-Type"] == "application/manifest+json"
    status, headers, body = fetch(site_url + "fr/no-such-page/")
    assert status == 404 and b'lang="fr"' in body


# ----- offline after one visit --------------------------------------------------------------------


def wait_until(page, condition: str, arg=None, timeout_ms: int = LOAD_TIMEOUT_MS) -> None:
    """Until the page's async `condition(arg)` is true.

    Not page.wait_for_function: it takes the promise an async function returns for a true
    value at once, so it would never wait for Cache Storage or the service worker.
    """
    met = page.evaluate(
        f"""async (arg) => {{
            const condition = {condition};
            const end = Date.now() + {timeout_ms};
            while (Date.now() < end) {{
                if (await condition(arg)) return true;
                await new Promise((resolve) => setTimeout(resolve, 100));
            }}
            return false;
        }}""",
        arg,
    )
    assert met, f"still not true after {timeout_ms} ms: {condition}"


def wait_controlled(page) -> None:
    """Until the service worker has pre-cached the site and controls the page."""
    controlled = "async () => (await navigator.serviceWorker.ready) && !!navigator.serviceWorker.controller"
    wait_until(page, controlled)


def site_cache_names(page) -> list[str]:
    return page.evaluate("async () => (await caches.keys()).filter((name) => name.startsWith('cj-site-'))")


def wait_stepper_ready(page) -> None:
    page.locator(".cj-stepper [data-action=next]").first.focus()
    page.wait_for_selector(
        ".cj-stepper[data-state=ready], .cj-stepper[data-state=failed]", timeout=LOAD_TIMEOUT_MS
    )
    stepper = page.locator(".cj-stepper")
    assert stepper.get_attribute("data-state") == "ready", stepper.get_attribute("data-error")


def play_one_deal(page) -> None:
    """Play the reader's legal cards until the deal is over (the current practice table's hooks)."""
    root = page.locator(".cj-practice")
    page.wait_for_selector(
        ".cj-practice[data-state=ready], .cj-practice[data-state=failed]", timeout=LOAD_TIMEOUT_MS
    )
    assert root.get_attribute("data-state") == "ready", root.get_attribute("data-error")
    deal = None
    for _ in range(60):
        page.wait_for_function(
            "(settled) => settled.includes(document.querySelector('.cj-practice').dataset.phase)",
            arg=list(SETTLED),
            timeout=TURN_TIMEOUT_MS,
        )
        deal = deal or root.get_attribute("data-deal")
        if root.get_attribute("data-phase") != "human":
            return
        plays = root.get_attribute("data-plays")
        root.locator("[data-role=hand] [data-card][data-legal=true]").first.click()
        page.wait_for_function(
            "(plays) => document.querySelector('.cj-practice').dataset.plays !== plays",
            arg=plays,
            timeout=TURN_TIMEOUT_MS,
        )
    pytest.fail("the deal did not end")


def test_after_one_visit_the_site_works_offline(browser, site_url, site_dir):
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # One visit: an example, its stepper used once (so Pyodide is cached on first use).
    page.goto(site_url + "examples/hearts-trump/")
    wait_controlled(page)
    wait_stepper_ready(page)
    version = engine_manifest(site_dir)["pyodide"]
    pyodide_cached = "async (name) => (await (await caches.open(name)).keys()).length >= 4"
    wait_until(page, pyodide_cached, f"cj-pyodide-{version}")
    # …and the engine's memory snapshot stored (engine-snapshot.js).
    snapshot_stored = "() => performance.getEntriesByName('cj-engine-timing-snapshot-stored').length > 0"
    page.wait_for_function(snapshot_stored, timeout=LOAD_TIMEOUT_MS)
    context.set_offline(True)
    # Practice in another language, never opened before, with the network off.
    page.goto(f"{site_url}{language_prefix('pt')}practice/?seed=7&rules=standard,target:1")
    assert page.locator("html").get_attribute("lang") == "pt"
    play_one_deal(page)
    # The engine started offline from the snapshot.
    how = "() => performance.getEntriesByName('cj-engine-timing-engine-imported').map((mark) => mark.detail)"
    assert page.evaluate(how) == ["snapshot"]
    # An example in a third language, stepped offline.
    page.goto(f"{site_url}{language_prefix('fr')}examples/follow-or-trump/")
    wait_stepper_ready(page)
    page.keyboard.press("End")
    stepper = page.locator(".cj-stepper")
    assert stepper.get_attribute("data-step") != "0"
    # A page of the rules, and a missing one (the language's own 404 page).
    page.goto(f"{site_url}{language_prefix('it')}scoring/")
    assert page.locator("html").get_attribute("lang") == "it"
    context.close()
    assert errors == []


def _load_hook(name: str):
    path = ROOT / "scripts" / "hooks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"cj_test_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def rebuildable_site(site_dir, tmp_path):
    """A copy of the built site (without Pyodide), served on its own port, that a test can
    "rebuild": change a page, then run the build's own post-build steps again (the service
    worker's pre-cache list and the precompressed copies)."""
    from serve_site import make_server

    copy = tmp_path / "site"
    shutil.copytree(
        site_dir, copy, ignore=lambda folder, names: ["pyodide"] if Path(folder) == site_dir else []
    )
    offline, precompress = _load_hook("offline"), _load_hook("precompress")

    def rebuild(page_path: str, old: str, new: str) -> None:
        html = copy / page_path
        text = html.read_text(encoding="utf-8")
        assert old in text
        html.write_text(text.replace(old, new), encoding="utf-8")
        (copy / "sw.js").write_text(offline.service_worker(copy, engine_manifest(copy)), encoding="utf-8")
        precompress.precompress(copy)

    server = make_server(str(copy), 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", rebuild
    server.shutdown()


def test_a_new_build_is_served_after_a_reload(browser, rebuildable_site, site_dir):
    url, rebuild = rebuildable_site
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(url + "fr/scoring/")
    wait_controlled(page)
    [old_cache] = site_cache_names(page)
    # The engine's memory snapshots (engine-snapshot.js): this engine's, and an older one's.
    current_snapshot = engine_manifest(site_dir)["snapshot_cache"]
    older_snapshot = current_snapshot.rsplit("-", 1)[0] + "-000000000000"
    page.evaluate(
        "async (names) => { for (const name of names)"
        " await (await caches.open(name)).put('x', new Response('x')); }",
        [current_snapshot, older_snapshot],
    )
    title = page.title()
    new_title = "Le décompte, nouvelle édition"
    rebuild("fr/scoring/index.html", f"<title>{title}</title>", f"<title>{new_title}</title>")
    page.reload()
    assert page.title() == new_title
    # The new service worker takes over and drops the old build's cache…
    wait_until(
        page,
        "async (old) => { const names = (await caches.keys()).filter((n) => n.startsWith('cj-site-'));"
        " return names.length === 1 && names[0] !== old; }",
        old_cache,
    )
    # …and every engine snapshot but the current engine's.
    snapshots = page.evaluate("async () => (await caches.keys()).filter((n) => n.startsWith('cj-snapshot-'))")
    assert snapshots == [current_snapshot]
    # …so that even offline the page is the new one.
    context.set_offline(True)
    page.reload()
    assert page.title() == new_title
    context.close()
