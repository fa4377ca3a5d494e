"""Benchmark the Learn page on a 375 px phone: how soon the first level can be played, and what
the page downloads (none of it the engine's).

Builds nothing: it expects a site built by `scripts/build`, served here with
scripts/serve_site.make_server (precompressed copies, cache headers). In headless Chromium at
375×740 (mobile, touch), for each run:

1. a first visit (a new browser context: nothing cached, nothing stored): from the start of
   the navigation to the stage list shown; from the tap on "Play the next level" (the click
   event, in the page) to the first level playable (its cards on screen); their sum, what a
   reader tapping at once waits for; the bytes transferred (compressed, as on the wire) by
   then, per kind of file, and the engine's files among them;
2. a later visit in the same context (HTTP cache warm, the first level's stars stored): the
   same two times and bytes.

The service worker is blocked so that the numbers are the page's own: the site's background
save of the engine for offline use (offline.js, on every page once the browser is idle) is
not the Learn page's doing and is measured by scripts/bench_load.py. Prints medians (and the
range) over --runs; asserts nothing.

    .venv/bin/python scripts/bench_learn.py [--site site] [--runs 5] [--lang en]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests"))

from serve_site import make_server  # noqa: E402
from support import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402

# What only the engine needs (Pyodide, the engine archive, its worker and snapshot code).
ENGINE_PARTS = ("/pyodide/", "/assets/engine/engine-", "engine-worker.js", "engine-snapshot.js")
STAGES_SHOWN = "() => document.querySelector('.cj-learn')?.dataset.state === 'stages' && performance.now()"
TAP_TIME = """() => document.addEventListener(
  'click', () => { window.cjBenchTap = performance.now(); }, { capture: true, once: true })"""
CHOICES = ", ".join(f".cj-learn [data-level-id] {part}" for part in ("[data-card]", "[data-option]", "input"))
LEVEL_PLAYABLE = f"() => document.querySelector('{CHOICES}') && performance.now()"


def kind(url: str) -> str:
    path = url.split("?", 1)[0]
    if any(part in path for part in ENGINE_PARTS):
        return "engine"
    for suffix in (".js", ".css", ".json", ".svg", ".woff2"):
        if path.endswith(suffix):
            return suffix[1:]
    return "html" if path.endswith("/") or path.endswith(".html") else "other"


def visit(page, url: str) -> dict:
    """Open the page, tap "Play the next level"; times from the navigation's start, bytes."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    urls: dict[str, str] = {}
    sizes: dict[str, float] = defaultdict(float)

    def sent(event) -> None:
        urls[event["requestId"]] = event["request"]["url"]

    def finished(event) -> None:
        sizes[kind(urls.get(event["requestId"], ""))] += event["encodedDataLength"]

    session.on("Network.requestWillBeSent", sent)
    session.on("Network.loadingFinished", finished)
    page.goto(url, wait_until="commit")
    stages = page.wait_for_function(STAGES_SHOWN, polling="raf", timeout=60_000).json_value()
    page.evaluate(TAP_TIME)
    page.locator(".cj-learn [data-action=play-next]").tap()
    level = page.wait_for_function(LEVEL_PLAYABLE, polling="raf", timeout=60_000).json_value()
    tapped = page.evaluate("() => window.cjBenchTap")
    session.detach()
    return {
        "stages_ms": stages,
        "tap_ms": level - tapped,
        "level_ms": stages + level - tapped,
        "bytes": dict(sizes),
    }


def line(label: str, values: list[float], unit: str = "ms", scale: float = 1) -> str:
    scaled = [value / scale for value in values]
    spread = f"({min(scaled):.1f}-{max(scaled):.1f}, {len(values)} runs)"
    return f"{label:36} median {statistics.median(scaled):8.1f} {unit} {spread}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(ROOT / "site"), help="the built site (default: site/)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lang", default="en", help="the page's language (en, pt, fr, es, it)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    site = Path(args.site)
    prefix = "" if args.lang == "en" else f"{args.lang}/"
    if not (site / prefix / "learn" / "index.html").is_file():
        print(f"no {prefix}learn/ page in {site}: build the site first", file=sys.stderr)
        return 2

    from playwright.sync_api import sync_playwright

    server = make_server(str(site), 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/{prefix}learn/"
    results: dict[str, list[dict]] = {"first visit": [], "later visit": []}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(args.runs):
                context = browser.new_context(**PHONE, service_workers="block")
                page = context.new_page()
                results["first visit"].append(visit(page, url))
                # The first level done, as a reader coming back would have it.
                page.locator(".cj-learn [data-level-id] [data-card]").first.wait_for()
                page.close()
                page = context.new_page()
                results["later visit"].append(visit(page, url))
                context.close()
            browser.close()
    finally:
        server.shutdown()
    print(f"Learn page ({args.lang}), 375x740 phone, service worker blocked")
    for name, runs in results.items():
        print(f"{name}:")
        print(line("  navigation -> stage list", [run["stages_ms"] for run in runs]))
        print(line("  tap -> first level playable", [run["tap_ms"] for run in runs]))
        print(line("  navigation -> level (tap at once)", [run["level_ms"] for run in runs]))
        kinds = sorted({key for run in runs for key in run["bytes"]})
        print(line("  bytes transferred", [sum(run["bytes"].values()) for run in runs], "KB", 1000))
        for key in kinds:
            print(line(f"    {key}", [run["bytes"].get(key, 0) for run in runs], "KB", 1000))
        engine = max(run["bytes"].get("engine", 0) for run in runs)
        print(f"  engine bytes (Pyodide, engine archive, worker): {engine:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
