"""The engine's memory snapshot (engine-snapshot.js, engine-worker.js): a second start restores
it and answers exactly as a cold start; a damaged or refused snapshot is dropped and the engine
starts cold; a snapshot of another engine (an older build) is never restored. On a later visit
the stepper's engine starts at idle from the snapshot (engine-client.js warmWhenIdle), and
only from it.

The worker reports how the engine started through performance marks on the page
(`cj-engine-timing-engine-imported`, detail "cold" or "snapshot"), the ones
scripts/bench_load.py reads.

Each test finds the site's origin with nothing stored (no snapshot, no localStorage), in a
context kept for the module whose HTTP cache holds Pyodide (`context`), so that a cold start
costs Python's start and the engine's import, not the download and compilation of Pyodide
again (test_stepper.py checks a first visit's downloads). The first makes its snapshot by a
cold start; the others begin with one already stored, which is where they start from
(`stored_snapshot`: a copy of the one the session's shared desktop context holds, put in this
context's Cache Storage where the worker keeps it), instead of a cold start of their own to
make it. Their engine's answers
are compared with CPython's, which the cold start's equal (test_stepper.py checks the worker
against CPython byte for byte).
"""

from __future__ import annotations

import base64
import json
import re

import pytest
from support import clear_origin, shared_page

from engine.surfaces.web_api import handle

pytestmark = pytest.mark.browser

EXAMPLE = "examples/hearts-trump/"
TIMEOUT_MS = 60_000

# The same requests on every start: the catalogue, a seeded practice deal and the engine's
# advice on it (a search over sampled deals: any difference in the engine's state shows).
ANSWERS = """async () => {
  const src = document.querySelector('script[src*="stepper.js"]').src;
  const client = await import(src.replace('stepper.js', 'engine-client.js'));
  const engine = client.engine();
  const catalogue = await engine.request({ op: 'catalogue', lang: 'fr' });
  const deal = await engine.request({ op: 'practice.new', seed: 7 });
  const hint = await engine.request({ op: 'practice.hint', record: deal.record });
  return [catalogue, deal, hint];
}"""
STORED = "() => performance.getEntriesByName('cj-engine-timing-snapshot-stored').length > 0"
MARK_DETAIL = "(name) => performance.getEntriesByName('cj-engine-timing-' + name).map((mark) => mark.detail)"
CACHE_NAMES = "async () => (await caches.keys()).filter((name) => name.startsWith('cj-snapshot-'))"
# Replace the stored snapshot: damaged on disk (bytes of its memory flipped), or well formed
# for our checks but not a memory Pyodide accepts.
SPOIL = """async ([name, how]) => {
  const cache = await caches.open(name);
  const [key] = await cache.keys();
  let bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
  if (how === 'damaged') {
    const middle = Math.floor(bytes.length / 2);
    for (let i = middle; i < middle + 64; i++) bytes[i] ^= 0xff;
  } else {
    const src = document.querySelector('script[src*="stepper.js"]').src;
    const helpers = await import(src.replace('stepper.js', 'engine-snapshot.js'));
    bytes = await helpers.encodeSnapshot(new Uint8Array(1 << 20).fill(0x5a));
  }
  await cache.put(key, new Response(bytes));
}"""
# Move the stored snapshot to the cache another engine archive would use (an older build's).
MOVE = """async ([from, to]) => {
  const source = await caches.open(from);
  const [key] = await source.keys();
  const bytes = await (await source.match(key)).arrayBuffer();
  await (await caches.open(to)).put(key, new Response(bytes));
  await caches.delete(from);
}"""


# The stored snapshot of a context: its entry's URL and its bytes (base64: through evaluate).
READ_SNAPSHOT = """async (name) => {
  const cache = await caches.open(name);
  const [key] = await cache.keys();
  const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return [key.url, btoa(text)];
}"""
SNAPSHOT_FILE = "/cj-test-snapshot.bin"  # answered by the test (page.route), never by the site
PUT_SNAPSHOT = """async ([name, key, file]) => {
  const bytes = await (await fetch(file)).arrayBuffer();
  const headers = { 'Content-Type': 'application/octet-stream' };
  await (await caches.open(name)).put(key, new Response(bytes, { headers }));
}"""


def snapshot_cache(site_dir) -> str:
    manifest = json.loads((site_dir / "assets" / "engine" / "manifest.json").read_text(encoding="utf-8"))
    return manifest["snapshot_cache"]


def start_engine(page, url: str) -> list:
    """Open the example, start its engine and return the answers to ANSWERS."""
    page.goto(url)
    return page.evaluate(ANSWERS)


def started_from(page) -> str:
    [how] = page.evaluate(MARK_DETAIL, "engine-imported")
    return how


def wait_stored(page) -> None:
    page.wait_for_function(STORED, timeout=TIMEOUT_MS, polling=100)
    [size] = page.evaluate(MARK_DETAIL, "snapshot-stored")
    assert size > 1_000_000, "the snapshot was not stored"


@pytest.fixture(scope="module")
def warm_context(browser, site_url, site_dir, stored_snapshot):
    """A context whose HTTP cache holds Pyodide and the engine (from one start that restored
    the stored snapshot, the cheapest start there is), for the tests' cold starts to spare the
    download and the compilation of Pyodide: what they check lives in the origin's storage."""
    context = browser.new_context()
    page = context.new_page()
    store_snapshot(page, site_url, site_dir, stored_snapshot)
    start_engine(page, site_url + EXAMPLE)
    assert started_from(page) == "snapshot"
    page.close()
    yield context
    context.close()


@pytest.fixture
def context(warm_context, site_url):
    """The warm context as a new browser would find the site's origin: no snapshot, nothing
    stored (clear_origin: every storage of the origin, Cache Storage included); its pages are
    closed after the test."""
    page = warm_context.new_page()
    clear_origin(page, site_url)
    page.close()
    yield warm_context
    for page in warm_context.pages:
        page.close()


@pytest.fixture(scope="module")
def stored_snapshot(desktop_context, site_url, site_dir) -> tuple[str, bytes]:
    """The snapshot the shared desktop context stored when it was primed: (entry URL, bytes)."""
    page = shared_page(desktop_context, site_url)
    page.goto(site_url)
    key, data = page.evaluate(READ_SNAPSHOT, snapshot_cache(site_dir))
    page.close()
    return key, base64.b64decode(data)


def store_snapshot(page, site_url: str, site_dir, snapshot: tuple[str, bytes]) -> None:
    """Put the snapshot in the page's Cache Storage where the worker stores it: as if an engine
    had started once on this browser. The page is left on the example, its engine idle."""
    key, data = snapshot
    page.goto(site_url + EXAMPLE)
    page.route(f"**{SNAPSHOT_FILE}", lambda route: route.fulfill(body=data))
    page.evaluate(PUT_SNAPSHOT, [snapshot_cache(site_dir), key, SNAPSHOT_FILE])
    page.unroute(f"**{SNAPSHOT_FILE}")
    assert page.evaluate(MARK_DETAIL, "engine-imported") == [], "the engine started meanwhile"


def cpython_answers() -> list:
    """What ANSWERS gets from the engine, asked of CPython."""
    requests = [
        {"op": "catalogue", "lang": "fr"},
        {"op": "practice.new", "seed": 7},
    ]
    catalogue, deal = (json.loads(handle(json.dumps(request))) for request in requests)
    hint = json.loads(handle(json.dumps({"op": "practice.hint", "record": deal["record"]})))
    return [catalogue, deal, hint]


def test_a_second_start_restores_the_snapshot_and_answers_the_same(context, site_url, site_dir):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    cold = start_engine(page, site_url + EXAMPLE)
    assert started_from(page) == "cold"
    wait_stored(page)
    assert page.evaluate(CACHE_NAMES) == [snapshot_cache(site_dir)]
    restored = start_engine(page, site_url + EXAMPLE)
    assert started_from(page) == "snapshot"
    assert restored == cold
    # The stepper itself works on the restored engine, even when it is ready before the press
    # that started it ends (the press moved focus into it): the press still counts.
    next_button = page.locator(".cj-stepper [data-action=next]").bounding_box()
    assert next_button is not None
    page.mouse.move(next_button["x"] + next_button["width"] / 2, next_button["y"] + next_button["height"] / 2)
    page.mouse.down()
    page.wait_for_function("() => document.querySelector('.cj-stepper').dataset.state === 'ready'")
    page.mouse.up()
    page.wait_for_function("() => document.querySelector('.cj-stepper').dataset.step === '1'")
    assert errors == []


@pytest.mark.parametrize("how", ["damaged", "refused"])
def test_a_bad_snapshot_is_dropped_and_the_engine_starts_cold(
    context, site_url, site_dir, stored_snapshot, how
):
    page = context.new_page()
    store_snapshot(page, site_url, site_dir, stored_snapshot)
    expected = cpython_answers()
    page.evaluate(SPOIL, [snapshot_cache(site_dir), how])
    again = start_engine(page, site_url + EXAMPLE)
    assert started_from(page) == "cold"
    [reason] = page.evaluate(MARK_DETAIL, "snapshot-dropped")
    if how == "damaged":
        assert "checksum" in reason
    assert again == expected
    # A good snapshot replaces the bad one, and the next start uses it.
    wait_stored(page)
    assert start_engine(page, site_url + EXAMPLE) == expected
    assert started_from(page) == "snapshot"


# Ask the engine for the catalogue and keep the outcome on the page: "answered", or "network"
# when the start failed because a download failed (the page then tells the reader so).
ASK_LATER = """async () => {
  const src = document.querySelector('script[src*="stepper.js"]').src;
  const client = await import(src.replace('stepper.js', 'engine-client.js'));
  window.cjOutcome = client.engine().request({ op: 'catalogue', lang: 'fr' })
    .then(() => 'answered', (error) => (error && error.network ? 'network' : String(error)));
}"""
RESTORED = "() => performance.getEntriesByName('cj-engine-timing-python-restored').length > 0"
ARCHIVE = re.compile(r"/assets/engine/engine-[0-9a-f]{12}\.zip$")


def test_a_download_lost_on_the_way_keeps_the_snapshot(context, site_url, site_dir, stored_snapshot):
    """Issue 22: the connection drops while a start restores the stored snapshot (the engine
    archive, still on its way, fails): the start fails as a network failure, and the snapshot,
    which nothing spoke against, is kept, so the next start restores it."""
    page = context.new_page()
    store_snapshot(page, site_url, site_dir, stored_snapshot)
    held: list = []
    page.route(ARCHIVE, lambda route: held.append(route))  # answered below, once Python is restored
    page.evaluate(ASK_LATER)
    page.wait_for_function(RESTORED, timeout=TIMEOUT_MS, polling=100)
    assert len(held) == 1
    held[0].abort("internetdisconnected")
    assert page.evaluate("() => window.cjOutcome") == "network"
    assert page.evaluate(MARK_DETAIL, "snapshot-dropped") == []
    page.unroute(ARCHIVE)
    assert start_engine(page, site_url + EXAMPLE) == cpython_answers()
    assert started_from(page) == "snapshot"


@pytest.mark.parametrize("older", ["engine", "pyodide"])
def test_the_snapshot_of_another_engine_is_never_restored(
    context, site_url, site_dir, stored_snapshot, older
):
    """A snapshot stored under another engine archive's name, or under Pyodide 314.0.7's (the
    version before the pinned one), is not restored, and is dropped once this one is stored."""
    page = context.new_page()
    store_snapshot(page, site_url, site_dir, stored_snapshot)
    expected = cpython_answers()
    current = snapshot_cache(site_dir)
    if older == "engine":
        older = current.rsplit("-", 1)[0] + "-000000000000"  # the same Pyodide, another engine archive
    else:
        version = json.loads((site_dir / "assets" / "engine" / "manifest.json").read_text(encoding="utf-8"))[
            "pyodide"
        ]
        older = current.replace(f"-{version}-", "-314.0.7-")  # the same engine archive, the older Pyodide
        assert older != current
    page.evaluate(MOVE, [current, older])
    assert page.evaluate(CACHE_NAMES) == [older]
    again = start_engine(page, site_url + EXAMPLE)
    assert started_from(page) == "cold"
    assert again == expected
    # Storing this engine's snapshot deletes the other engine's.
    wait_stored(page)
    assert page.evaluate(CACHE_NAMES) == [current]


READY = "() => performance.getEntriesByName('cj-engine-ready').length > 0"
UNWARMED = "() => performance.getEntriesByName('cj-engine-unwarmed').length > 0"
DROP_ALL = """async () => {
  for (const name of await caches.keys()) if (name.startsWith('cj-snapshot-')) await caches.delete(name);
}"""


def step_once(page) -> None:
    page.locator(".cj-stepper [data-action=next]").click()
    step_one = "() => document.querySelector('.cj-stepper').dataset.step === '1'"
    page.wait_for_function(step_one, timeout=TIMEOUT_MS)


def test_a_later_visit_starts_the_engine_at_idle_from_the_snapshot(
    context, site_url, site_dir, stored_snapshot
):
    page = context.new_page()
    # An earlier visit: the engine started (from the stored snapshot), and the page noted it.
    store_snapshot(page, site_url, site_dir, stored_snapshot)
    start_engine(page, site_url + EXAMPLE)
    assert started_from(page) == "snapshot"
    page.goto(site_url + EXAMPLE)
    # Nobody touches the page: the engine starts once the stepper is in view and all is idle.
    page.wait_for_function(READY, timeout=TIMEOUT_MS, polling=100)
    assert started_from(page) == "snapshot"
    assert page.locator(".cj-stepper").get_attribute("data-state") == "idle"  # the widget waits
    step_once(page)


def test_without_a_snapshot_the_engine_waits_for_the_reader(context, site_url, site_dir, stored_snapshot):
    page = context.new_page()
    store_snapshot(page, site_url, site_dir, stored_snapshot)
    start_engine(page, site_url + EXAMPLE)
    assert started_from(page) == "snapshot"
    page.evaluate(DROP_ALL)  # evicted, say: the page still believes it is there
    page.goto(site_url + EXAMPLE)
    page.wait_for_function(UNWARMED, timeout=TIMEOUT_MS, polling=100)
    assert not page.evaluate(READY)
    assert page.evaluate(MARK_DETAIL, "engine-imported") == []  # no cold start without the reader
    step_once(page)
    assert started_from(page) == "cold"
