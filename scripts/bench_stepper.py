"""Benchmark the worked-example stepper cold, in headless Chromium on localhost.

Builds nothing: it expects a site built by `scripts/build` (or pass the folder). It serves that
folder on 127.0.0.1 (scripts/serve_site.make_server), opens an example page in a fresh browser
context for every run (empty cache), and prints:

- the cold time from navigation to a ready stepper (the page's "cj-stepper-ready" mark, set by
  stepper.js once the engine has replayed the example), median and range over the runs. The
  engine starts on demand: each run moves focus into the stepper as soon as the page is there,
  as a reader's first Tab or click would;
- the bytes transferred (sum of response body sizes), in total and for the largest files;
- the engine archive size (site/assets/engine/engine-<hash>.zip, named in its manifest.json).

scripts/bench_load.py measures the rest of issue 15 (bytes before and after the first
interaction, the second visit, Lighthouse).

Goals (issue 6): ready in 3 s or less cold, engine archive 100 KB or less. Prints numbers and
asserts nothing.

    .venv/bin/python scripts/bench_stepper.py [--site site] [--runs 5] [--page examples/<slug>/]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the engine package, which tests/support.py imports
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests"))

from serve_site import make_server  # noqa: E402
from support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

GOAL_SECONDS = 3.0
READY_OR_FAILED = ".cj-stepper[data-state=ready], .cj-stepper[data-state=failed]"
# Marks set by stepper.js: worker stages (runtime download started, Pyodide booted, engine
# imported) and the first ready stepper, in ms since the navigation started.
MARKS = ("cj-engine-start", "cj-engine-runtime", "cj-engine-engine", "cj-engine-ready", "cj-stepper-ready")
READ_MARKS = """(names) => Object.fromEntries(names.map((name) => {
  const marks = performance.getEntriesByName(name);
  return [name, marks.length ? marks[0].startTime : null];
}))"""
GOAL_ARCHIVE = 100 * 1024


def find_example_page(site: Path) -> str | None:
    """The first page (default language) that carries an example block, hearts-trump first."""
    pages = sorted(
        site.glob("**/index.html"), key=lambda p: ("hearts-trump" not in str(p), len(p.parts), str(p))
    )
    languages = {"pt", "fr", "es", "it"}
    for page in pages:
        relative = page.relative_to(site)
        if relative.parts and relative.parts[0] in languages | {"pyodide", "assets"}:
            continue
        if 'class="cj-example-data"' in page.read_text(encoding="utf-8", errors="replace"):
            return relative.parent.as_posix() + "/"
    return None


def one_run(browser, url: str, timeout_ms: int) -> dict:
    context = browser.new_context()  # a fresh context: empty HTTP cache, no compiled wasm cached
    page = context.new_page()
    sizes: dict[str, int] = {}

    def finished(request) -> None:
        # A request torn down with the context has no sizes any more: skip it.
        with contextlib.suppress(Exception):
            sizes[request.url] = request.sizes()["responseBodySize"]

    page.on("requestfinished", finished)
    started = time.perf_counter()
    page.goto(url)
    page.locator(".cj-stepper [data-action=next]").first.focus()  # starts the engine
    page.wait_for_selector(READY_OR_FAILED, timeout=timeout_ms)
    wall = time.perf_counter() - started
    state = page.locator(".cj-stepper").first.get_attribute("data-state")
    # The mark is relative to the navigation's start (performance.timeOrigin).
    marks = page.evaluate(READ_MARKS, list(MARKS))
    mark = marks["cj-stepper-ready"]
    page.wait_for_timeout(200)  # let the last requestfinished events arrive
    context.close()
    return {
        "state": state,
        "ready_s": None if mark is None else mark / 1000,
        "marks": marks,
        "wall_s": wall,
        "sizes": sizes,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(ROOT / "site"), help="the built site (default: site/)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--page", help="example page path, e.g. examples/hearts-trump/ (default: found)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds to wait for the stepper")
    args = parser.parse_args(argv)

    site = Path(args.site)
    if not (site / "index.html").is_file():
        print(f"no built site in {site}: run scripts/build first", file=sys.stderr)
        return 2
    page_path = args.page or find_example_page(site)
    if page_path is None:
        print(f"no page with a worked-example block in {site}", file=sys.stderr)
        return 2
    manifest = site / "assets" / "engine" / "manifest.json"
    archive = site / "assets" / "engine" / json.loads(manifest.read_text(encoding="utf-8"))["engine"]

    from playwright.sync_api import sync_playwright

    server = make_server(str(site), 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/{page_path.lstrip('/')}"
    runs = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for _ in range(args.runs):
                runs.append(one_run(browser, url, int(args.timeout * 1000)))
            browser.close()
    finally:
        server.shutdown()

    failed = [run for run in runs if run["state"] != "ready"]
    ready = [run["ready_s"] for run in runs if run["state"] == "ready" and run["ready_s"] is not None]
    print(f"page: {url}")
    print(f"runs: {len(runs)} (fresh browser context each), failed: {len(failed)}")
    if ready:
        median = statistics.median(ready)
        verdict = "met" if median <= GOAL_SECONDS else "NOT met"
        print(
            f"cold navigation -> ready stepper: median {median:.2f} s, min {min(ready):.2f} s, "
            f"max {max(ready):.2f} s  (goal <= {GOAL_SECONDS:.0f} s: {verdict})"
        )
        for name in MARKS:
            times = [run["marks"][name] for run in runs if run["marks"].get(name) is not None]
            if times:
                print(f"  {name:<18} median {statistics.median(times) / 1000:.2f} s after navigation")
    last = runs[-1]["sizes"] if runs else {}
    total = sum(last.values())
    print(
        f"bytes transferred (response bodies, one cold load): {total:,} B ({total / 1e6:.2f} MB) "
        f"in {len(last)} responses"
    )
    for address, size in sorted(last.items(), key=lambda item: -item[1])[:8]:
        print(f"  {size:>11,} B  {address.split('?')[0].removeprefix(url.split(page_path)[0])}")
    if archive.is_file():
        # What is downloaded: the Brotli copy the server sends (the archive itself is stored).
        brotli_copy = archive.with_name(archive.name + ".br")
        size = (brotli_copy if brotli_copy.is_file() else archive).stat().st_size
        print(
            f"engine archive, as transferred: {size:,} B ({size / 1024:.1f} KB)  "
            f"(goal <= 100 KB: {'met' if size <= GOAL_ARCHIVE else 'NOT met'})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
