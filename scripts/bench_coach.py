"""Benchmark the Coach: its verdict's time in the page's worker, and what it does to the
computer's reply.

Serves a built site on 127.0.0.1 and plays the practice page in headless Chromium twice with
the same seed, the Coach on, then off (the reader clicks the first playable card; the cards
jump, speed "none"). practice.js times each verdict from its request to its answer
("cj-coach-verdict": practice.grade in Pyodide) and each computer reply ("cj-practice-reply").
The verdict is asked once the computer has replied, so the replies with the Coach on and off
should match; the verdict's own time is how long after the computer's card it shows (and how
long a card played at once would wait behind it). Prints the level, the counts, then median,
p95 and max in ms; asserts nothing.

    .venv/bin/python scripts/bench_coach.py [--site site] [--cards 60] [--seed 1] [--level random]
        [--rules standard]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests"))

from bench_practice import READY, REPLIES, STEP, percentile  # noqa: E402
from serve_site import make_server  # noqa: E402
from support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

from engine.surfaces.practice_api import LEVELS  # noqa: E402

VERDICTS = "() => performance.getEntriesByName('cj-coach-verdict').map((entry) => entry.duration)"


def play(browser, base: str, query: str, cards: int, coach: bool, timeout: float) -> dict:
    """Play `cards` of the reader's cards with the Coach on or off; the timings of the run."""
    page = browser.new_page()
    prefs = json.dumps({"v": 2, "speed": "none", "coach": coach})
    page.add_init_script(f"localStorage.setItem('cj-practice-prefs', {json.dumps(prefs)})")
    page.goto(base + query)
    page.wait_for_selector(READY, timeout=120_000)
    if page.locator(".cj-practice").get_attribute("data-state") != "ready":
        raise SystemExit("the practice table failed to load")
    played = 0
    waited = 0.0
    while played < cards and waited < timeout:
        step = page.evaluate(STEP)
        if step == "over":
            break
        played += step == "play"
        page.wait_for_timeout(20)
        waited += 0.02
    if coach:  # the last verdict may still be on its way
        page.wait_for_function(f"() => ({VERDICTS})().length >= {played}", timeout=30_000)
    timings = {"replies": page.evaluate(REPLIES), "verdicts": page.evaluate(VERDICTS)}
    page.close()
    return timings


def line(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: none"
    return (
        f"{name}: {len(values)}, median_ms {statistics.median(values):.1f}, "
        f"p95_ms {percentile(values, 0.95):.1f}, max_ms {max(values):.1f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(ROOT / "site"), help="the built site (default: site/)")
    parser.add_argument("--cards", type=int, default=60, help="the reader's cards in each run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", choices=LEVELS, default="random", help="the computer")
    parser.add_argument("--rules", default="standard", help="a preset (shasta-sam: three players)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds for each run")
    args = parser.parse_args(argv)
    site = Path(args.site)
    if not (site / "practice" / "index.html").is_file():
        print(f"no practice page in {site}: build the site first", file=sys.stderr)
        return 2

    from playwright.sync_api import sync_playwright

    server = make_server(str(site), 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/practice/"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            # A long target, so the cards come from many deals of one match.
            query = f"?seed={args.seed}&rules={args.rules},target:99&level={args.level}"
            on = play(browser, base, query, args.cards, True, args.timeout)
            off = play(browser, base, query, args.cards, False, args.timeout)
            browser.close()
    finally:
        server.shutdown()
    print(f"level: {args.level}, rules: {args.rules}")
    print(line("verdicts (coach on)", on["verdicts"]))
    print(line("replies (coach on)", on["replies"]))
    print(line("replies (coach off)", off["replies"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
