"""Benchmark the card table's motion: main-thread long tasks while cards move, at 375 x 740.

Serves a built site on 127.0.0.1, opens the practice page in headless Chromium with a phone-sized
viewport (375 x 740, touch, device scale 2) and the cards at normal speed, and plays deals: the
reader's side clicks the first playable card, the computer replies through the worker. A
PerformanceObserver ('longtask', main thread) records every task over 50 ms, and a
MutationObserver records when table.js is moving cards (the table's data-moving attribute).
Prints the number of moves and their total time, the long tasks that overlapped a move (count
and the longest, in ms) and all long tasks of the run; asserts nothing.
Goal (issue 14): no task longer than 100 ms during an animation.

    .venv/bin/python scripts/bench_table_motion.py [--site site] [--plays 40] [--cpu-slowdown 1]

--cpu-slowdown N asks Chromium to run the page N times slower (DevTools CPU throttling), to see
how much room a slower phone leaves.
"""

from __future__ import annotations

import argparse
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests"))

from serve_site import make_server  # noqa: E402
from support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

READY = ".cj-practice[data-state=ready], .cj-practice[data-state=failed]"
SETUP = """
localStorage.setItem('cj-practice-prefs', JSON.stringify({v: 2, speed: 'normal'}));
window.cjLongTasks = [];
window.cjMoves = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.cjLongTasks.push([entry.startTime, entry.duration]);
}).observe({ type: 'longtask', buffered: true });
new MutationObserver((records) => {
  for (const record of records) {
    const moving = record.target.dataset.moving === 'true';
    const last = window.cjMoves[window.cjMoves.length - 1];
    if (moving && (!last || last[1] !== null)) window.cjMoves.push([performance.now(), null]);
    if (!moving && last && last[1] === null) last[1] = performance.now();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-moving'] });
"""
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(ROOT / "site"), help="the built site (default: site/)")
    parser.add_argument("--plays", type=int, default=40, help="the reader's cards to play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cpu-slowdown", type=float, default=1.0)
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
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(
                viewport={"width": 375, "height": 740}, device_scale_factor=2, is_mobile=True, has_touch=True
            )
            page = context.new_page()
            page.add_init_script(SETUP)
            page.goto(f"{base}?seed={args.seed}&rules=standard,target:99&level=expert")
            page.wait_for_selector(READY, timeout=120_000)
            if page.locator(".cj-practice").get_attribute("data-state") != "ready":
                print("the practice table failed to load", file=sys.stderr)
                return 1
            if args.cpu_slowdown > 1:
                session = context.new_cdp_session(page)
                session.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu_slowdown})
            plays, waited = 0, 0.0
            while plays < args.plays and waited < args.timeout:
                step = page.evaluate(STEP)
                if step == "over":
                    break
                plays += step == "play"
                page.wait_for_timeout(50)
                waited += 0.05
            page.wait_for_timeout(1500)  # let the last moves finish
            moves = page.evaluate("() => window.cjMoves.filter((m) => m[1] !== null)")
            tasks = page.evaluate("() => window.cjLongTasks")
            browser.close()
    finally:
        server.shutdown()
    during = [
        duration
        for start, duration in tasks
        if any(start < end and start + duration > begin for begin, end in moves)
    ]
    print("viewport: 375x740")
    print(f"cpu_slowdown: {args.cpu_slowdown:g}")
    print(f"plays: {plays}")
    print(f"moves: {len(moves)}")
    print(f"moving_ms_total: {sum(end - begin for begin, end in moves):.0f}")
    print(f"long_tasks_during_moves: {len(during)}")
    print(f"longest_task_during_moves_ms: {max(during, default=0):.0f}")
    print(f"long_tasks_all: {len(tasks)}")
    print(f"longest_task_all_ms: {max((d for _, d in tasks), default=0):.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
