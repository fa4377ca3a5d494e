"""Instant and offline: the server's headers, the service worker, and a new build after a reload.

- The server (scripts/serve_site.py) sends the precompressed copy the browser accepts, the
  right Content-Type, long immutable caching for versioned files and revalidation for pages,
  and redirects a page address without its final "/" to the "/" address.
- After one visit to the home page only, the whole site works with the network off, the
  game included (the service worker saved the engine at idle, offline.js): practice in one
  language, the language menu and the menu of another, a puzzle answered, an example stepped,
  each engine restored from the snapshot made at idle.
- Without the engine saved (the reader asked to save data), the widgets say plainly that the
  reader is offline and the engine not downloaded, with its size and a Retry; a lost
  connection and a server error get their own words and Retry too.
- A new build is served after a reload, and the service worker replaces the old cache (and
  drops the memory snapshots of other engines and Pyodide versions).
"""

from __future__ import annotations

import gzip
import http.client
import importlib.util
import json
import shutil
import threading
import urllib.request
from pathlib import Path

import brotli
import pytest
from support import ROOT, language_prefix, serious_violations

pytestmark = pytest.mark.browser

LOAD_TIMEOUT_MS = 60_000
TURN_TIMEOUT_MS = 30_000


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


def test_a_page_address_without_its_slash_is_redirected_to_it(site_url):
    from urllib.parse import urlsplit

    address = urlsplit(site_url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=10)
    for method in ("GET", "HEAD"):
        connection.request(method, "/it/practice?seed=7&dealer=0")
        response = connection.getresponse()
        response.read()
        assert response.status == 301, method
        assert response.getheader("Location") == "/it/practice/?seed=7&dealer=0"
    connection.request("GET", "/it/practice/")
    response = connection.getresponse()
    assert response.status == 200 and b'lang="it"' in response.read()
    # A file is a file, and a missing page is the language's 404 page: neither is redirected.
    for path, status in (("/sw.js", 200), ("/it/no-such-page", 404)):
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        assert response.status == status and response.getheader("Location") is None, path
    connection.close()


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


def wait_widget(page, widget: str) -> str:
    """Until a practice table or the puzzles (widget: their class) are ready or failed; the state."""
    page.wait_for_selector(
        f"{widget}[data-state=ready], {widget}[data-state=failed][data-failure]", timeout=LOAD_TIMEOUT_MS
    )
    return page.locator(widget).get_attribute("data-state")


STARTED_FROM = (
    "() => performance.getEntriesByName('cj-engine-timing-engine-imported').map((mark) => mark.detail)"
)
PREPARED = "() => performance.getEntriesByName('cj-engine-prepared').map((mark) => mark.detail)"


def play_a_card(page) -> None:
    """The reader plays one legal card of the deal on the table; until the engine took it."""
    root = page.locator(".cj-practice")
    assert wait_widget(page, ".cj-practice") == "ready", root.get_attribute("data-error")
    page.wait_for_function(
        "() => document.querySelector('.cj-practice').dataset.phase === 'human'", timeout=TURN_TIMEOUT_MS
    )
    plays = root.get_attribute("data-plays")
    root.locator("[data-role=hand] [data-card][data-legal=true]").first.click()
    page.wait_for_function(
        "(plays) => document.querySelector('.cj-practice').dataset.plays !== plays",
        arg=plays,
        timeout=TURN_TIMEOUT_MS,
    )


def answer_the_puzzle(page) -> None:
    """The reader plays the first card of the puzzle on the table; until the engine judged it:
    solved, or (a puzzle of several moves) the card is gone from the hand and it is the reader's
    turn again."""
    root = page.locator(".cj-puzzles")
    assert wait_widget(page, ".cj-puzzles") == "ready", root.get_attribute("data-error")
    page.wait_for_selector(".cj-puzzles[data-status=playing]", timeout=TURN_TIMEOUT_MS)
    card = root.locator("[data-role=hand] button[data-card]:not(:disabled)").first.get_attribute("data-card")
    root.locator(f"[data-role=hand] button[data-card='{card}']").click()
    page.wait_for_function(
        """(card) => {
            const root = document.querySelector('.cj-puzzles');
            const gone = !root.querySelector(`[data-role=hand] [data-card='${card}']`);
            const status = root.dataset.status;
            return ['solved', 'failed'].includes(status) || (status === 'playing' && gone);
        }""",
        arg=card,
        timeout=TURN_TIMEOUT_MS,
    )


def switch_language(page, lang: str) -> None:
    """Material's language menu in the header, as a reader uses it."""
    page.locator(".md-header .md-select button").click()
    with page.expect_navigation():
        page.locator(f".md-select__link[hreflang={lang}]").click()


def assert_readable(page, selector: str) -> None:
    """No serious axe finding in the part of the page, light and dark."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert serious_violations(page, selector) == [], scheme
    page.emulate_media(color_scheme=None)


def test_after_one_visit_to_the_home_page_the_game_works_offline(browser, site_url, site_dir):
    """A new reader opens only the home page, online. At idle the service worker saves the engine
    and the engine's snapshot is made; then, offline: practice in Spanish (a card played), the
    language menu to Italian (landing on the "/" address), the Italian menu to the Italian puzzles
    (a puzzle answered), and a French example stepped, every engine started from the snapshot."""
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site_url)
    wait_controlled(page)
    # The footer says so, with the download's size, once the engine is saved…
    page.wait_for_selector(".cj-offline[data-state=saved]", timeout=LOAD_TIMEOUT_MS)
    manifest = engine_manifest(site_dir)
    size = f"{manifest['download_bytes'] / 1e6:.1f}\u00a0MB"
    assert size in page.locator(".cj-offline").inner_text()
    assert_readable(page, ".md-footer-meta")
    # …every file of the engine is in Cache Storage, and its snapshot is stored (made at idle).
    page.wait_for_function(f"() => ({PREPARED})().length > 0", timeout=LOAD_TIMEOUT_MS, polling=100)
    assert page.evaluate(PREPARED)[0] > 1_000_000
    assert page.evaluate(STARTED_FROM) == ["cold"]  # the snapshot's start, in its worker
    context.set_offline(True)

    # Practice in Spanish, never opened, with the network off: one card played.
    page.goto(f"{site_url}{language_prefix('es')}practice/?seed=7&rules=standard")
    assert page.locator("html").get_attribute("lang") == "es"
    play_a_card(page)
    assert page.evaluate(STARTED_FROM) == ["snapshot"]

    # The language menu lands on the Italian page's "/" address (it asks for it without).
    switch_language(page, "it")
    assert page.url == f"{site_url}it/practice/"
    assert page.locator("html").get_attribute("lang") == "it"
    assert wait_widget(page, ".cj-practice") == "ready"
    # The Italian menu ("Mostra i menu" brings it back over the table) opens the Italian puzzles.
    page.locator(".cj-practice [data-action=menus]").click()
    with page.expect_navigation():
        page.locator(".md-nav--primary a.md-nav__link", has_text="Problemi").first.click()
    assert page.url == f"{site_url}it/puzzles/"
    assert page.locator("html").get_attribute("lang") == "it"
    answer_the_puzzle(page)
    assert page.evaluate(STARTED_FROM) == ["snapshot"]

    # A French example, stepped.
    page.goto(f"{site_url}{language_prefix('fr')}examples/follow-or-trump/")
    page.locator(".cj-stepper [data-action=next]").click()
    page.wait_for_function(
        "() => document.querySelector('.cj-stepper').dataset.step === '1'", timeout=LOAD_TIMEOUT_MS
    )
    assert page.evaluate(STARTED_FROM) == ["snapshot"]

    # An address typed without its final "/" is redirected there, its query kept.
    page.goto(f"{site_url}it/scoring?from=typed")
    assert page.url == f"{site_url}it/scoring/?from=typed"
    context.close()
    assert errors == []


SAVE_DATA = (
    "Object.defineProperty(Navigator.prototype, 'connection',"
    " { get: () => ({ saveData: true, effectiveType: '4g' }) })"
)


def test_offline_without_the_engine_the_widgets_say_so_and_retry(browser, site_url, site_dir):
    """The reader asked to save data: the engine is not downloaded in the background, and the
    notice says so. Offline, practice, the puzzles and an example's stepper each say plainly that
    the reader is offline and the engine is not on this device, how big it is, and what to do;
    back online, Retry starts them."""
    context = browser.new_context(service_workers="allow")
    context.add_init_script(SAVE_DATA)
    page = context.new_page()
    page.goto(site_url + language_prefix("pt"))
    wait_controlled(page)
    page.wait_for_selector(".cj-offline[data-state]", timeout=LOAD_TIMEOUT_MS)
    pt = json.loads((ROOT / "engine" / "locales" / "pt.json").read_text(encoding="utf-8"))["offline"]
    size = f"{engine_manifest(site_dir)['download_bytes'] / 1e6:.1f}".replace(".", ",") + "\u00a0MB"
    notice = page.locator(".cj-offline")
    assert notice.get_attribute("data-state") == "save_data"
    assert notice.inner_text() == pt["notice"]["save_data"].replace("{size}", size)
    # Metered and slow connections wait for the reader too; others do not.
    constrained = page.evaluate(
        """async () => {
            const resources = performance.getEntriesByType('resource');
            const loaded = resources.find((entry) => entry.name.includes('/offline.js?'));
            const { constrainedConnection } = await import(loaded.name);
            const connections = [{ type: 'cellular' }, { metered: true }, { effectiveType: 'slow-2g' },
                                 { effectiveType: '2g' }, { effectiveType: '4g', type: 'wifi' }, null];
            return connections.map((connection) => constrainedConnection(connection));
        }"""
    )
    assert constrained == [True, True, True, True, False, False]
    assert page.evaluate("async () => (await caches.keys()).filter((n) => n.startsWith('cj-pyodide-'))") == []

    context.set_offline(True)
    told = " ".join([pt["engine_offline"], pt["engine_size"].replace("{size}", size), pt["engine_todo"]])
    for path, widget in (("practice/", ".cj-practice"), ("puzzles/", ".cj-puzzles")):
        page.goto(f"{site_url}pt/{path}")
        assert wait_widget(page, widget) == "failed"
        root = page.locator(widget)
        assert root.get_attribute("data-failure") == "offline"
        assert root.locator("[role=alert]").inner_text() == told
        assert root.locator("[data-action=retry]").inner_text() == pt["retry"]
    assert_readable(page, ".cj-puzzles")
    page.goto(f"{site_url}pt/examples/follow-or-trump/")
    page.locator(".cj-stepper [data-action=next]").click()
    page.wait_for_selector(".cj-stepper[data-failure=offline]", timeout=LOAD_TIMEOUT_MS)
    stepper = page.locator(".cj-stepper")
    assert stepper.locator("[role=alert]").inner_text() == told
    # Still offline, Retry says the same again; online, it starts the stepper, at the step asked.
    stepper.locator("[data-action=retry]").click()
    page.wait_for_selector(".cj-stepper[data-failure=offline] [data-action=retry]", timeout=LOAD_TIMEOUT_MS)
    context.set_offline(False)
    stepper.locator("[data-action=retry]").click()
    page.wait_for_function(
        "() => document.querySelector('.cj-stepper').dataset.step === '1'", timeout=LOAD_TIMEOUT_MS
    )
    assert page.evaluate("() => document.activeElement.closest('.cj-stepper') !== null")
    context.close()


def test_other_load_failures_have_their_own_message_and_retry(browser, site_url):
    """A lost connection and a server error each get their own words, and Retry starts again."""
    context = browser.new_context()
    page = context.new_page()
    failure = {"how": "abort"}

    def wasm(route):
        if failure["how"] == "abort":
            route.abort("connectionreset")
        elif failure["how"] == "error":
            route.fulfill(status=500, body="")
        else:
            route.continue_()

    context.route("**/pyodide.asm.wasm", wasm)
    en = json.loads((ROOT / "engine" / "locales" / "en.json").read_text(encoding="utf-8"))
    page.goto(site_url + "practice/")
    root = page.locator(".cj-practice")
    assert wait_widget(page, ".cj-practice") == "failed"
    assert root.get_attribute("data-failure") == "network"
    assert root.locator("[role=alert]").inner_text() == en["offline"]["engine_network"]
    failure["how"] = "error"
    root.locator("[data-action=retry]").click()
    page.wait_for_selector(".cj-practice[data-failure=other]", timeout=LOAD_TIMEOUT_MS)
    assert root.locator("[role=alert]").inner_text() == en["practice"]["load_failed"]
    assert "HTTP 500" in root.get_attribute("data-error")
    failure["how"] = "serve"
    root.locator("[data-action=retry]").click()
    assert wait_widget(page, ".cj-practice") == "ready"
    assert root.get_attribute("data-failure") is None
    context.close()


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
    # The engine's memory snapshots (engine-snapshot.js): this engine's, an older engine's and
    # the previous Pyodide's; and the previous Pyodide's files.
    manifest = engine_manifest(site_dir)
    current_snapshot = manifest["snapshot_cache"]
    older_snapshot = current_snapshot.rsplit("-", 1)[0] + "-000000000000"
    older_pyodide = current_snapshot.replace(manifest["pyodide"], "314.0.7")
    assert older_pyodide != current_snapshot
    page.evaluate(
        "async (names) => { for (const name of names)"
        " await (await caches.open(name)).put('x', new Response('x')); }",
        [current_snapshot, older_snapshot, older_pyodide, "cj-pyodide-314.0.7"],
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
    # …and every engine snapshot but the current engine's, and the previous Pyodide.
    snapshots = page.evaluate("async () => (await caches.keys()).filter((n) => n.startsWith('cj-snapshot-'))")
    assert snapshots == [current_snapshot]
    assert "cj-pyodide-314.0.7" not in page.evaluate("async () => await caches.keys()")
    # …so that even offline the page is the new one.
    context.set_offline(True)
    page.reload()
    assert page.title() == new_title
    context.close()
