"""Benchmark the practice table: the computer's reply latency in the browser, at the default level.

Serves a built site (scripts/serve_site.make_server) on 127.0.0.1, opens the practice page in
headless Chromium with a fixed seed, and plays deals: the reader's side clicks the first
playable card, the computer replies through the page's worker (the engine in Pyodide). Each
reply is timed by practice.js from the request to the answer, as the page sees it (the
"cj-practice-reply" performance measures). The cards jump (speed "none"), so the run measures
the engine, not the animations. Prints the level, the expert's budget, the number of replies,
then median and p95 in ms; asserts nothing. Goal (issues 7 and 14): p95 <= 300 ms.

    .venv/bin/python scripts/bench_practice.py [--site site] [--replies 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests"))

from serve_site import make_server  # noqa: E402
from support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

from engine.ai.expert import DEFAULT_SAMPLES  # noqa: E402
from engine.surfaces.practice_api import DEFAULT_LEVEL  # noqa: E402


def expert_budget() -> str:
    """The expert's budget per reply, counted in sampled worlds (engine.ai.expert)."""
    return f"samples: {DEFAULT_SAMPLES}"


NO_MOTION = "localStorage.setItem('cj-practice-prefs', JSON.stringify({v: 2, speed: 'none'}))"
READY = ".cj-practice[data-state=ready], .cj-practice[data-state=failed]"
# One step for the reader: whatever the table waits for (a card, the next deal, a new match).
STEP = """() => {
  const root = document.querySelector('.cj-practice');
  const phase = root.dataset.phase;
  if (phase === 'human') {
    const card = root.querySelector('[data-role=hand] [data-legal=true]');
    if (card) { card.click(); return 'play'; }
  } else if (phase === 'next_deal') {
    root.querySelector('[data-action=next]').click(); return 'next';
  } else if (phase === 'match_over') {
    return 'over';
  }
  return 'wait';
}"""
REPLIES = "() => performance.getEntriesByName('cj-practice-reply').map((entry) => entry.duration)"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(ROOT / "site"), help="the built site (default: site/)")
    parser.add_argument("--replies", type=int, default=200, help="computer replies to time")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=600, help="seconds for the whole run")
    args = parser.parse_args(argv)
    site = Path(args.site)
    if not (site / "practice" / "index.html").is_file():
        print(f"no practice page in {site}: build the site first", file=sys.stderr)
        return 2

    from playwright.sync_api import sync_playwright

    server = make_server(str(site), 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/practice/"
    durations: list[float] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.add_init_script(NO_MOTION)
            seed = args.seed
            # A long target, so the replies come from many deals of one match.
            page.goto(f"{base}?seed={seed}&rules=standard,target:99&level={DEFAULT_LEVEL}")
            page.wait_for_selector(READY, timeout=120_000)
            if page.locator(".cj-practice").get_attribute("data-state") != "ready":
                print("the practice table failed to load", file=sys.stderr)
                return 1
            waited = 0.0
            while len(page.evaluate(REPLIES)) < args.replies and waited < args.timeout:
                if page.evaluate(STEP) == "over":
                    break
                page.wait_for_timeout(20)
                waited += 0.02
            durations = page.evaluate(REPLIES)
            browser.close()
    finally:
        server.shutdown()
    if not durations:
        print("no computer reply was timed", file=sys.stderr)
        return 1
    print(f"level: {DEFAULT_LEVEL}")
    print(expert_budget())
    print(f"replies: {len(durations)}")
    print(f"median_ms: {statistics.median(durations):.1f}")
    print(f"p95_ms: {percentile(durations, 0.95):.1f}")
    print(f"max_ms: {max(durations):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
