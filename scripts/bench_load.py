"""Benchmark what a reader downloads and waits for (issue 15), in headless Chromium.

Builds nothing: it expects a site built by `scripts/build`. It serves that folder with
scripts/serve_site.py (precompressed copies, cache headers) and prints, for an example page:

1. bytes transferred before any interaction (page load until the network is idle; the
   service worker blocked, then allowed: its background pre-cache is reported apart);
2. the first interactive start, engine on demand: the reader presses Next, the engine
   downloads (compressed bytes) and starts; time from the press to the step shown;
3. the alternative, engine started when the page is idle: bytes before any interaction, and
   time from the press to the step shown after a reading pause;
4. a second visit (HTTP cache warm; then the service worker's caches): press -> step shown,
   pressed at once after the load (the site's warm-up off), with the engine's memory snapshot
   (engine-snapshot.js) and without it; where the engine's start spends its time (the
   worker's timing marks); the snapshot's size and what making it costs the first visit; and
   the engine started at idle on a second visit (the site's warm-up from the snapshot, and
   a forced idle start without one);
5. optionally (--lighthouse DIR, a folder where `npm install --prefix DIR lighthouse` was run)
   Lighthouse mobile scores for home, rules, an example and practice;
6. the first use on a 375 px phone (issue 20), service worker on, for practice, puzzles and an
   example: from the tap (the drawer's Practice or Puzzles link on the home page, or the
   example's Next) to a usable table (the set-up form, a puzzle to play, the first step shown),
   (a) on the first visit, tapped as soon as the home page has loaded (the engine downloads and
   starts cold), and (b) on a second page, after the home page alone was open until the service
   worker saved the engine and the snapshot was made at idle (offline.js); with when those two
   were done, and the split of each start: download (to the last byte the start needs),
   Pyodide start (WebAssembly instantiation to Python running), snapshot restore (instead of
   that and the engine import), engine import, first answers and render. `--first-use-only`
   runs this part alone.

Goals: (1) <= 800 KB; (2) <= 6 MB; (4) <= 1.0 s on an idle machine; (6b) <= 3 s; Lighthouse
performance >= 90, accessibility, best practices and SEO 100. Prints numbers and asserts nothing.

    .venv/bin/python scripts/bench_load.py [--site site] [--runs 3] [--lighthouse /work/tools/lh]
    .venv/bin/python scripts/bench_load.py --first-use-only [--runs 3]

Measured on the shared 2-core machine, idle (load average 0.0 at the start, 1.6 at the end,
the benchmark's own Chromium), 3 runs, medians:
- second visit, pressed at once: 0.60 s (HTTP cache), 0.68 s (service worker); the same
  visit without the snapshot 2.57 s (the issue's 4.2 s was measured under load). Split of the
  snapshot start (ms): worker script 10, manifest 7, pyodide.mjs+pyodide.asm.mjs 61, snapshot
  read+checksum+decode 84, until WebAssembly instantiation 47, wasm from cache+instantiate 122,
  snapshot restore+stdlib install 119, engine unpack+import 32, first requests+render 69.
  Without the snapshot, Python's start and stdlib imports alone take 2.1 s of it.
- snapshot: 31.5 MB of memory, 15.3 MB stored (zero pages left out); the first visit pays
  22 ms before ready to copy it, and stores it 156 ms after ready, in the background.
- engine started at idle on a second visit from the snapshot (the site's warm-up): ready
  0.58 s after the load event, press -> step 0.14 s; a forced idle start without the
  snapshot: ready 2.27 s after load (2 s of CPU on every such visit).
- first visit (unchanged): 109 KB before interaction, 5.30 MB and 2.56 s for the first start.
Under load (average 4 to 8, the lead's engine benchmarks) the same second visit took
0.9-1.2 s with the snapshot and 4-5 s without.
- 6. (--first-use-only --runs 3, Pyodide 314.0.8, the shared machine under load: average 8.6
  at the start, 11.2 at the end), tap -> usable, medians (min-max): first visit practice
  6.56 s (6.38-6.75), puzzles 9.48 s (6.31-9.60), example 8.19 s (7.05-8.95), where Python's
  start is 4.3-5.9 s of it; after the home page alone was open until the engine was saved and
  its snapshot made (9-15 s after the home page's load, under that load), practice 1.62 s
  (1.61-1.79), puzzles 2.54 s (1.66-3.24), example 1.21 s (1.03-2.75). Split of the practice
  start from the snapshot (ms): tap to engine start 357 (the page's load), download 336 (from
  the service worker's cache), snapshot restore 502 (snapshot read+check 251), engine import
  52, first answers+render 204.

Lighthouse's SEO audits want absolute hreflang links, which only a build for a public
address has: build one for the port the benchmark will serve it on, e.g.
    CJ_SITE_URL=http://127.0.0.1:8765/ scripts/build --site-dir /tmp/cj-public
    .venv/bin/python scripts/bench_load.py --site /tmp/cj-public --port 8765 --lighthouse /work/tools/lh
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests"))

from serve_site import make_server  # noqa: E402
from support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

EXAMPLE = "examples/hearts-trump/"
LIGHTHOUSE_PAGES = ("", "rules/", EXAMPLE, "practice/")
GOAL_BEFORE_INTERACTION = 800_000
GOAL_FIRST_START = 6_000_000
GOAL_SECOND_VISIT_S = 1.0
TIMEOUT_MS = 120_000
# True (the page's clock, ms) once the first step is shown.
STEP_ONE = "() => document.querySelector('.cj-stepper')?.dataset.step === '1' && performance.now()"
# The engine's start, as the worker reported it (engine-worker.js `timing` messages, kept by
# engine-client.js as performance marks): [name, ms since the page's clock started, detail].
MARKS = """() => performance.getEntriesByType('mark')
  .filter((mark) => mark.name.startsWith('cj-engine-'))
  .map((mark) => [mark.name.slice('cj-engine-'.length), mark.startTime, mark.detail ?? null])"""
DROP_SNAPSHOTS = """async () => {
  for (const name of await caches.keys()) if (name.startsWith('cj-snapshot-')) await caches.delete(name);
}"""
# Until the service worker has pre-cached the site and controls the page.
CONTROLLED = """async () => {
  await navigator.serviceWorker.ready;
  while (!navigator.serviceWorker.controller) await new Promise((resolve) => setTimeout(resolve, 50));
}"""
# The site's own warm-up (engine-client.js warmWhenIdle) is off for the next visit: what a
# press right after the page's load waits for.
NO_WARM_UP = "() => localStorage.removeItem('cj-engine-snapshot')"
# Once the engine is ready: milliseconds from the end of the page's load event.
READY_AFTER_LOAD = """() => {
  const [ready] = performance.getEntriesByName('cj-engine-ready');
  const loaded = performance.getEntriesByType('navigation')[0].loadEventEnd;
  return ready ? Math.max(1, ready.startTime - loaded) : 0;
}"""
SNAPSHOT_STORED = "() => performance.getEntriesByName('cj-engine-timing-snapshot-stored').length > 0"
# The marks of a start, each labelled with what ends there; a step's time runs from the
# previous mark (in time order) to its own.
SPLIT = {
    "timing-worker-loaded": "worker script",
    "timing-manifest": "manifest",
    "timing-pyodide-module": "pyodide.mjs+pyodide.asm.mjs",
    "timing-snapshot-read": "snapshot read+check",
    "timing-wasm-start": "until wasm instantiation",
    "timing-wasm-instantiated": "wasm fetch+compile+instantiate",
    "timing-python-started": "Python start+stdlib",
    "timing-python-restored": "snapshot restore+stdlib",
    "timing-engine-unpacked": "engine unpack",
    "timing-engine-imported": "engine (unpack+)import",
    "shown": "first requests+render",
}
# The first use on a phone (6.): what the tap reaches, and when it is usable.
PHONE = {
    "viewport": {"width": 375, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
GOAL_FIRST_USE_S = 3.0
FIRST_USE = {
    "practice": ("practice/", ".cj-practice[data-state=ready] [data-role=setup]:visible"),
    "puzzles": ("puzzles/", ".cj-puzzles[data-state=ready][data-status=playing]"),
    "example": (EXAMPLE, None),  # STEP_ONE
}
OFFLINE_READY = """() => {
  const saved = document.querySelector('.cj-offline[data-state=saved]');
  const [prepared] = performance.getEntriesByName('cj-engine-prepared');
  const loaded = performance.getEntriesByType('navigation')[0].loadEventEnd;
  if (!saved || !prepared) return null;
  return [performance.now() - loaded, prepared.startTime - loaded, prepared.detail];
}"""
# The phases of a start, each from one worker mark to another (both taken from the engine's
# start when the first is "start"): the reader's wait is not their sum, since the downloads
# overlap the compiling of the WebAssembly.
PHASES = (
    ("download", "start", "timing-downloaded"),
    ("Pyodide start", "timing-wasm-start", "timing-python-started"),
    ("snapshot restore", "timing-pyodide-module", "timing-python-restored"),
    ("engine import", "timing-python-started", "timing-engine-imported"),
    ("engine import", "timing-python-restored", "timing-engine-imported"),
    ("first answers+render", "timing-engine-imported", "shown"),
)

START_AT_IDLE = """() => new Promise((resolve) => requestIdleCallback(async () => {
  const src = document.querySelector('script[src*="stepper.js"]').src;
  const client = await import(src.replace('stepper.js', 'engine-client.js'));
  client.engine().start().then(resolve, resolve);
}))"""


class Bytes:
    """Encoded (on the wire) response body sizes, by URL, for a page or a whole context."""

    def __init__(self, target):
        self.sizes: dict[str, int] = {}
        target.on("requestfinished", self.finished)

    def finished(self, request) -> None:
        with contextlib.suppress(Exception):  # a request torn down with its context
            self.sizes[request.url] = self.sizes.get(request.url, 0) + request.sizes()["responseBodySize"]

    def total(self) -> int:
        return sum(self.sizes.values())


def press_next_and_wait(page) -> float:
    started = time.perf_counter()
    page.locator(".cj-stepper [data-action=next]").click()
    shown = page.wait_for_function(STEP_ONE, timeout=TIMEOUT_MS, polling=20).json_value()
    elapsed = time.perf_counter() - started
    page.evaluate("(at) => performance.mark('cj-engine-shown', { startTime: at })", shown)
    return elapsed


def engine_split(page) -> dict[str, float]:
    """Milliseconds of each step of the engine's start (SPLIT), from the worker's marks.

    Steps are taken in the order their marks happened, from the engine's start
    (`cj-engine-start`); wasm-start is the last such mark (Pyodide first instantiates a tiny
    helper module).
    """
    marks: dict[str, float] = {}
    for name, at, _ in page.evaluate(MARKS):
        if name == "timing-wasm-start" or name not in marks:
            marks[name] = at
    previous = marks.get("start", 0.0)
    split = {}
    steps = sorted(((name, at) for name, at in marks.items() if name in SPLIT), key=lambda mark: mark[1])
    for name, at in steps:
        split[SPLIT[name]] = at - previous
        previous = at
    return split


def mark_detail(page, name: str):
    return next((detail for mark, _, detail in page.evaluate(MARKS) if mark == f"timing-{name}"), None)


def snapshot_costs(page) -> dict:
    """What making the snapshot cost the first visit (ms, bytes), once it is stored."""
    page.wait_for_function(SNAPSHOT_STORED, timeout=TIMEOUT_MS)
    marks = {name: (at, detail) for name, at, detail in page.evaluate(MARKS)}
    return {
        "copy_ms": marks["timing-snapshot-made"][0] - marks["timing-engine-imported"][0],
        "store_after_ready_ms": marks["timing-snapshot-stored"][0] - marks["ready"][0],
        "memory_bytes": marks["timing-snapshot-made"][1],
        "stored_bytes": marks["timing-snapshot-stored"][1],
    }


def on_demand_run(browser, url: str) -> dict:
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    seen = Bytes(page)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    before = seen.total()
    first = press_next_and_wait(page)
    first_split = engine_split(page)
    costs = snapshot_costs(page)
    page.wait_for_timeout(300)  # the last requestfinished events
    first_bytes = seen.total() - before
    # Second visit, same context: the HTTP cache (and V8's code cache) are warm, and the
    # first visit stored the engine's memory snapshot. Pressed at once, without the warm-up.
    page.evaluate(NO_WARM_UP)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    second = press_next_and_wait(page)
    restored = mark_detail(page, "engine-imported") == "snapshot"
    second_split = engine_split(page)
    # Third visit without the snapshot: what the second visit costs without it.
    page.evaluate(DROP_SNAPSHOTS)
    page.evaluate(NO_WARM_UP)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    cold = press_next_and_wait(page)
    cold_split = engine_split(page)
    context.close()
    return {
        "before": before,
        "first_bytes": first_bytes,
        "first_s": first,
        "second_s": second,
        "restored": restored,
        "cached_cold_s": cold,
        "first_split": first_split,
        "second_split": second_split,
        "cached_cold_split": cold_split,
        **costs,
    }


def idle_start_run(browser, url: str, reading_s: float) -> dict:
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    seen = Bytes(page)
    page.goto(url)
    page.evaluate(START_AT_IDLE)
    page.wait_for_timeout(int(reading_s * 1000))
    before = seen.total()
    first = press_next_and_wait(page)
    context.close()
    return {"before": before, "first_s": first}


def idle_second_visit_run(browser, url: str, reading_s: float, snapshot: bool) -> dict:
    """Second visit, engine started at idle once the page has loaded (files cached).

    With the snapshot: the site's own warm-up (engine-client.js warmWhenIdle). Without it:
    an idle start forced by the benchmark (START_AT_IDLE), what warming up would cost if it
    did not wait for a snapshot.
    """
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(url)
    press_next_and_wait(page)
    page.wait_for_function(SNAPSHOT_STORED, timeout=TIMEOUT_MS)
    if not snapshot:
        page.evaluate(DROP_SNAPSHOTS)
        page.evaluate(NO_WARM_UP)
    page.goto(url)
    page.wait_for_load_state("load")
    if not snapshot:
        page.evaluate(START_AT_IDLE)
    ready_ms = page.wait_for_function(READY_AFTER_LOAD, timeout=TIMEOUT_MS, polling=20).json_value()
    warmed = mark_detail(page, "engine-imported") == "snapshot"
    page.wait_for_timeout(int(reading_s * 1000))
    first = press_next_and_wait(page)
    context.close()
    return {"ready_s": ready_ms / 1000, "first_s": first, "warmed": warmed}


def service_worker_run(browser, url: str) -> dict:
    context = browser.new_context(service_workers="allow")
    everything = Bytes(context)  # the page's requests and the service worker's
    page = context.new_page()
    own = Bytes(page)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    page_bytes = own.total()
    # Polled in the page: page.wait_for_function takes an async condition's promise for true.
    page.evaluate(CONTROLLED)
    precache = everything.total() - page_bytes
    press_next_and_wait(page)
    page.wait_for_timeout(1000)  # Pyodide into the service worker's cache
    page.evaluate(NO_WARM_UP)
    second_page = context.new_page()
    second_page.goto(url)
    second_page.wait_for_load_state("load")
    second = press_next_and_wait(second_page)
    restored = mark_detail(second_page, "engine-imported") == "snapshot"
    split = engine_split(second_page)
    context.close()
    return {
        "page_bytes": page_bytes,
        "precache": precache,
        "second_s": second,
        "restored": restored,
        "split": split,
    }


def phases(page, tapped_at: float) -> dict[str, float]:
    """Milliseconds of each phase of the page's engine start (PHASES), and from the tap to the
    engine's start (the page's load and the widget's set-up)."""
    marks: dict[str, float] = {}
    for name, at, _ in page.evaluate(MARKS):
        if name == "timing-wasm-start" or name not in marks:
            marks[name] = at
    split = {"tap to engine start": marks.get("start", 0.0) - tapped_at}
    for label, begin, end in PHASES:
        if begin in marks and end in marks and label not in split:
            split[label] = marks[end] - marks[begin]
    return split


def tap_and_wait(page, base: str, target: str) -> tuple[float, dict[str, float]]:
    """On the home page (or the example's page), tap what opens the target; until usable."""
    path, usable = FIRST_USE[target]
    if target == "example":
        page.goto(base + path)
        page.wait_for_load_state("load")
        button = page.locator(".cj-stepper [data-action=next]")
        started = time.perf_counter()
        tapped_at = page.evaluate("() => performance.now()")
        button.tap()
        shown = page.wait_for_function(STEP_ONE, timeout=TIMEOUT_MS, polling=20).json_value()
    else:
        page.locator("label.md-header__button[for=__drawer]").tap()
        link = page.locator(f".md-nav--primary a.md-nav__link[href='{path}']").first
        link.wait_for(state="visible")
        started = time.perf_counter()
        with page.expect_navigation(wait_until="commit"):
            link.tap()
        tapped_at = 0.0  # the new page's clock starts at the navigation the tap made
        page.wait_for_selector(usable, timeout=TIMEOUT_MS)
        shown = page.evaluate("() => performance.now()")
    elapsed = time.perf_counter() - started
    page.evaluate("(at) => performance.mark('cj-engine-shown', { startTime: at })", shown)
    return elapsed, phases(page, tapped_at)


def first_use_run(browser, base: str, target: str, prepared: bool) -> dict:
    """6. A fresh phone browser opens the home page; tapped at once (prepared False) or once the
    engine is saved and its snapshot made at idle (prepared True)."""
    context = browser.new_context(service_workers="allow", **PHONE)
    page = context.new_page()
    page.goto(base)
    page.wait_for_load_state("load")
    background = None
    if prepared:
        background = page.wait_for_function(OFFLINE_READY, timeout=TIMEOUT_MS, polling=50).json_value()
    seconds, split = tap_and_wait(page, base, target)
    restored = mark_detail(page, "engine-imported") == "snapshot"
    steps = engine_split(page)
    context.close()
    return {"seconds": seconds, "split": split, "steps": steps, "restored": restored, "prepared": background}


def print_first_use(results: dict[tuple[str, bool], list[dict]]) -> None:
    for (target, prepared), runs in results.items():
        seconds = [run["seconds"] for run in runs]
        when = "second page, after the background save and snapshot" if prepared else "first visit"
        line = (
            f"6. first use, {target}, {when}: tap -> usable {statistics.median(seconds):.2f} s "
            f"(min {min(seconds):.2f}, max {max(seconds):.2f})"
        )
        if prepared:
            line += (
                f" (goal <= {GOAL_FIRST_USE_S:.0f} s: {verdict(max(seconds) <= GOAL_FIRST_USE_S)}); "
                f"restored from the snapshot in {sum(run['restored'] for run in runs)} of {len(runs)}"
            )
            saved = statistics.median(run["prepared"][0] for run in runs) / 1000
            made = statistics.median(run["prepared"][1] for run in runs) / 1000
            line += f"; home page: snapshot made {made:.1f} s after its load (seen {saved:.1f} s)"
        print(line)
        labels = list(dict.fromkeys(label for run in runs for label in run["split"]))
        medians = {label: statistics.median(run["split"].get(label, 0.0) for run in runs) for label in labels}
        parts = ", ".join(f"{label} {ms:.0f}" for label, ms in medians.items())
        print(f"   split (ms, median): {parts}")
        labels = list(dict.fromkeys(label for run in runs for label in run["steps"]))
        medians = {label: statistics.median(run["steps"].get(label, 0.0) for run in runs) for label in labels}
        parts = ", ".join(f"{label} {ms:.0f}" for label, ms in medians.items())
        print(f"   steps in time order (ms, median; from the engine's start): {parts}")


def first_use(browser, base: str, runs: int) -> dict[tuple[str, bool], list[dict]]:
    return {
        (target, prepared): [first_use_run(browser, base, target, prepared) for _ in range(runs)]
        for prepared in (False, True)
        for target in FIRST_USE
    }


def lighthouse(folder: Path, base: str) -> list[tuple[str, dict]]:
    cli = folder / "node_modules" / "lighthouse" / "cli" / "index.js"
    if not cli.is_file():
        print(f"lighthouse: not installed in {folder} (npm install --prefix {folder} lighthouse)")
        return []
    results = []
    for path in LIGHTHOUSE_PAGES:
        flags = " ".join(CHROMIUM_ARGS)
        command = [
            "node",
            str(cli),
            base + path,
            "--output=json",
            "--output-path=stdout",
            "--quiet",
            "--only-categories=performance,accessibility,best-practices,seo",
            f"--chrome-flags={flags}",
        ]
        done = subprocess.run(
            command, capture_output=True, text=True, env={**os.environ, "CHROME_PATH": CHROMIUM}, check=False
        )
        if done.returncode != 0:
            print(f"lighthouse failed on /{path}: {done.stderr.strip()[-400:]}")
            continue
        report = json.loads(done.stdout)
        scores = {name: round(100 * (c["score"] or 0)) for name, c in report["categories"].items()}
        audits = report["audits"]
        scores["LCP_s"] = round(audits["largest-contentful-paint"]["numericValue"] / 1000, 2)
        scores["failed"] = [
            key
            for key, audit in audits.items()
            if audit.get("scoreDisplayMode") == "binary" and audit.get("score") == 0
        ][:8]
        results.append((path, scores))
    return results


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(ROOT / "site"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--reading", type=float, default=8.0, help="seconds of reading before the press")
    parser.add_argument(
        "--idle-reading", type=float, default=1.0, help="seconds of reading before the press, second visit"
    )
    parser.add_argument("--lighthouse", type=Path, help="folder with lighthouse installed by npm")
    parser.add_argument("--port", type=int, default=0, help="serve on this port (default: any free one)")
    parser.add_argument("--first-use-only", action="store_true", help="only 6., the first use on a phone")
    args = parser.parse_args(argv)
    site = Path(args.site)
    if not (site / "index.html").is_file():
        print(f"no built site in {site}: run scripts/build first", file=sys.stderr)
        return 2

    from playwright.sync_api import sync_playwright

    server = make_server(str(site), args.port, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"machine load average (1, 5, 15 min): {os.getloadavg()}")
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    url = base + EXAMPLE
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            if args.first_use_only:
                results = first_use(browser, base, args.runs)
                browser.close()
                print(f"site: {base}  ({args.runs} runs each; fresh phone browser context per run)")
                print_first_use(results)
                return 0
            uses = first_use(browser, base, args.runs)
            demand = [on_demand_run(browser, url) for _ in range(args.runs)]
            idle = [idle_start_run(browser, url, args.reading) for _ in range(args.runs)]
            worker = [service_worker_run(browser, url) for _ in range(args.runs)]
            idle_second = {
                snapshot: [
                    idle_second_visit_run(browser, url, args.idle_reading, snapshot) for _ in range(args.runs)
                ]
                for snapshot in (True, False)
            }
            browser.close()
        scores = lighthouse(args.lighthouse, base) if args.lighthouse else []
    finally:
        server.shutdown()

    def median(runs: list[dict], key: str) -> float:
        return statistics.median(run[key] for run in runs)

    print(f"page: {url}  ({args.runs} runs each, medians; fresh browser context per run)")
    before = median(demand, "before")
    print(
        f"1. bytes before any interaction: {before / 1e3:,.0f} KB "
        f"(goal <= {GOAL_BEFORE_INTERACTION / 1e3:.0f} KB: {verdict(before <= GOAL_BEFORE_INTERACTION)})"
    )
    print(
        f"   with the service worker: page {median(worker, 'page_bytes') / 1e3:,.0f} KB, then its "
        f"background pre-cache of all five languages {median(worker, 'precache') / 1e6:.2f} MB"
    )
    first = median(demand, "first_bytes")
    print(
        f"2. engine on demand: first start transfers {first / 1e6:.2f} MB "
        f"(goal <= {GOAL_FIRST_START / 1e6:.0f} MB: {verdict(first <= GOAL_FIRST_START)}); "
        f"press -> step shown {median(demand, 'first_s'):.2f} s "
        f"(min {min(r['first_s'] for r in demand):.2f}, max {max(r['first_s'] for r in demand):.2f})"
    )
    print(
        f"3. engine at idle: bytes before any interaction {median(idle, 'before') / 1e6:.2f} MB; "
        f"press after {args.reading:.0f} s of reading -> step shown {median(idle, 'first_s'):.2f} s"
    )
    for name, runs in (("HTTP cache", demand), ("service worker", worker)):
        second = median(runs, "second_s")
        restored = sum(run["restored"] for run in runs)
        print(
            f"4. second visit ({name}), pressed at once: press -> step shown {second:.2f} s "
            f"(goal <= {GOAL_SECOND_VISIT_S:.1f} s: {verdict(second <= GOAL_SECOND_VISIT_S)}); "
            f"restored from the snapshot in {restored} of {len(runs)} runs"
        )
    print(
        f"   without the snapshot (HTTP cache warm, snapshot deleted): press -> step shown "
        f"{median(demand, 'cached_cold_s'):.2f} s"
    )
    for title, runs, key in (
        ("first visit (cold, downloads)", demand, "first_split"),
        ("second visit, snapshot", demand, "second_split"),
        ("second visit, snapshot, service worker", worker, "split"),
        ("second visit, no snapshot", demand, "cached_cold_split"),
    ):
        labels = list(runs[0][key])  # the first run's order
        parts = ", ".join(
            f"{label} {statistics.median(run[key].get(label, 0.0) for run in runs):.0f}" for label in labels
        )
        print(f"   split, {title} (ms, median; from the engine's start): {parts}")
    print(
        f"   snapshot: memory {median(demand, 'memory_bytes') / 1e6:.1f} MB, stored "
        f"{median(demand, 'stored_bytes') / 1e6:.1f} MB (zero pages left out); first visit pays "
        f"{median(demand, 'copy_ms'):.0f} ms to copy it before ready, stored "
        f"{median(demand, 'store_after_ready_ms'):.0f} ms after ready, in the background"
    )
    for snapshot, runs in idle_second.items():
        kind = "the site's warm-up, from the snapshot" if snapshot else "forced, without snapshot"
        warmed = f" (warmed from the snapshot in {sum(run['warmed'] for run in runs)} of {len(runs)})"
        print(
            f"4. second visit, engine started at idle ({kind}): "
            f"ready {median(runs, 'ready_s'):.2f} s after the load event{warmed if snapshot else ''}; "
            f"press after {args.idle_reading:.0f} s of reading -> "
            f"step shown {median(runs, 'first_s'):.2f} s"
        )
    for path, result in scores:
        print(f"5. lighthouse mobile /{path}: {result}")
    print_first_use(uses)
    return 0


if __name__ == "__main__":
    sys.exit(main())
