"""Benchmark background work against the reader's cards (issue 24: "it never delays a card the
reader plays").

In the browser (Playwright, Debian's Chromium, headless), on the practice page of one or two
built sites (`--before`: a build of main, `--site`: this build), in one run: a match is played
to the end of its first deal; then, in the second deal, a background job on the first deal
("Could I have won?", the peek check, the luck split, in turn, asked through the page's engine
client with `{background: true}`; main's pages ask the luck split 4 plays a request and the
peek check one decision a request, and so does this benchmark on main) runs while the reader
plays cards at random moments. For each card it times the wait from the click to the
computer's reply (the table back at the reader's turn, or the deal over), with the cards
jumping (speed "none"), and it times the same cards with no background work. This build runs
twice: with its background worker, and with the page's one worker (globalThis.cjEngineOneWorker:
the steps go between the reader's requests). Prints, per run, median and max of each wait, each
job's time in the worker, and the longest main-thread task (PerformanceObserver longtask); then
the ratio of the medians and maxima (before / after). Also, in CPython, each computation's
one-shot time against the sum of its steps (engine/surfaces/jobs.py) and its longest step.
Asserts nothing.

    .venv/bin/python scripts/bench_background.py [--site site] [--before ../main/site]
        [--cards 12] [--seed 3] [--rounds 3] [--cpython-only | --browser-only]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
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

JOBS = ("practice.could_win", "practice.peek", "practice.luck")
INIT = """
localStorage.setItem('cj-practice-prefs', JSON.stringify({v: 2, speed: 'none'}));
window.__longtasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
} catch (error) { window.__longtasks = null; }
window.__waits = [];
window.__jobs = [];
window.__running = 0;
window.__clickAt = null;
document.addEventListener('click', (event) => {
  if (event.target.closest && event.target.closest('[data-role=hand]')) {
    window.__clickAt = performance.now();
    window.__clickBusy = window.__running > 0;
  }
}, true);
"""
WATCH = """() => {
  const root = document.querySelector('.cj-practice');
  new MutationObserver(() => {
    const phase = root.dataset.phase;
    if (window.__clickAt !== null && ['human', 'next_deal', 'match_over'].includes(phase)) {
      window.__waits.push({ ms: performance.now() - window.__clickAt, background: window.__clickBusy });
      window.__clickAt = null;
    }
  }).observe(root, { attributes: true, attributeFilter: ['data-phase'] });
}"""
# A background job on the last finished deal, through the page's own engine client.
START_JOB = """async (op) => {
  const url = performance.getEntriesByType('resource').map((e) => e.name)
    .find((n) => n.includes('/engine-client.js'));
  const client = await import(url);
  const record = JSON.parse(localStorage.getItem('cj-practice-match')).record;
  const started = performance.now();
  window.__running += 1;
  const engine = client.engine();
  const deal = record.deals.length - 2; // the last finished deal (the current one is under way)
  const plays = record.deals[deal].length;
  // main's client has no background requests: ask as main's pages do (deal-checks.js there:
  // the luck split 4 plays a request, the peek check one decision a request, could-win at once).
  const mainWay = async () => {
    if (op === 'practice.luck') {
      let answer = await engine.request({ op, record, stop: 4 });
      while (!answer.done) {
        const stop = Math.min(answer.so_far.next_play + 4, answer.plays);
        answer = await engine.request({ op, record, stop, so_far: answer.so_far });
      }
    } else if (op === 'practice.peek') {
      for (let index = 0; index < plays; index += 1) await engine.request({ op, record, only: [index] });
    } else {
      await engine.request({ op, record });
    }
  };
  (typeof engine.hold === 'function' ? engine.request({ op, record }, { background: true }) : mainWay())
    .then(() => window.__jobs.push({ op, ms: performance.now() - started }))
    .catch((error) => window.__jobs.push({ op, ms: -1, error: String(error) }))
    .finally(() => { window.__running -= 1; });
}"""
PHASE = "() => document.querySelector('.cj-practice').dataset.phase"
NEXT = """() => {
  const root = document.querySelector('.cj-practice');
  if (root.dataset.phase !== 'next_deal') return true;
  const next = root.querySelector('[data-role=sheet] [data-action=next]');
  if (next) next.click();
  return next !== null;
}"""
SETTLED = """() => ['human', 'next_deal', 'match_over']
  .includes(document.querySelector('.cj-practice').dataset.phase)"""


def summary(values: list[float]) -> str:
    if not values:
        return "none"
    return f"n={len(values)} median={statistics.median(values):.0f} ms max={max(values):.0f} ms"


def play_card(page) -> str:
    page.locator(".cj-practice [data-role=hand] [data-legal=true]").first.click()
    page.wait_for_function(SETTLED, timeout=180_000)
    return page.evaluate(PHASE)


def to_next_deal(page) -> None:
    """Play (first legal card) until a deal is over, then start the next one."""
    phase = page.evaluate(PHASE)
    while phase == "human":
        phase = play_card(page)
    if phase == "next_deal":
        # The sheet may be drawn again under a locator's click: the button is pressed in the page,
        # then the next deal awaited (its number changes; until then the old phase stays).
        deal = page.evaluate("() => document.querySelector('.cj-practice').dataset.deal")
        page.wait_for_function(NEXT, timeout=180_000)
        page.wait_for_function(
            "(deal) => document.querySelector('.cj-practice').dataset.deal !== deal && (" + SETTLED + ")()",
            arg=deal, timeout=180_000,
        )  # fmt: skip


def run_site(playwright, site: Path, cards: int, seed: int, one_worker: bool = False) -> dict:
    server = make_server(str(site), 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/practice/"
    rng = random.Random(seed)
    try:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.add_init_script(INIT)
        if one_worker:
            page.add_init_script("globalThis.cjEngineOneWorker = true;")
        page.goto(f"{base}?seed={seed}&rules=standard,target:99&level=expert")
        page.wait_for_selector(".cj-practice[data-state=ready]", timeout=180_000)
        page.evaluate(WATCH)
        page.wait_for_function(SETTLED, timeout=180_000)  # a link starts its match at once
        to_next_deal(page)  # deal 1 finished: the jobs work on it
        # Quiet cards first (no background work), then cards while a job runs.
        for _ in range(min(4, cards)):
            if page.evaluate(PHASE) != "human":
                to_next_deal(page)
            play_card(page)
        played = 0
        job = 0
        deadline = time.monotonic() + 900
        while played < cards and time.monotonic() < deadline:
            if page.evaluate("() => window.__running") == 0:
                page.evaluate(START_JOB, JOBS[job % len(JOBS)])
                job += 1
            page.wait_for_timeout(rng.uniform(150, 900))  # the reader thinks; the job runs
            if page.evaluate(PHASE) != "human":
                to_next_deal(page)
                continue
            play_card(page)
            played += 1
        page.wait_for_function("() => window.__running === 0", timeout=300_000)
        waits = page.evaluate("() => window.__waits")
        jobs = page.evaluate("() => window.__jobs")
        longtasks = page.evaluate("() => window.__longtasks")
        browser.close()
    finally:
        server.shutdown()
    return {
        "quiet": [w["ms"] for w in waits if not w["background"]],
        "busy": [w["ms"] for w in waits if w["background"]],
        "jobs": jobs,
        "longest_task": None if longtasks is None else max(longtasks, default=0.0),
    }


def cpython(seed: int, rounds: int) -> None:
    """One-shot time against the sum of its steps, and the longest step, per computation."""
    from engine.surfaces import jobs
    from engine.surfaces.web_api import handle

    def ok(request: dict) -> dict:
        answer = json.loads(handle(json.dumps(request)))
        assert answer["ok"], answer
        return answer

    rng = random.Random(seed)
    answer = ok({"op": "practice.new", "rules": "standard", "seed": seed, "level": "expert"})
    while answer["state"]["waiting_for"] not in ("next_deal", "match_over"):
        record = answer["record"]
        if answer["state"]["waiting_for"] == "human":
            card = rng.choice(answer["state"]["deal"]["legal"])
            answer = ok({"op": "practice.play", "record": record, "card": card})
        else:
            answer = ok({"op": "practice.bot", "record": record})
    record = answer["record"]
    print("cpython (one deal, standard, expert opponent; steps of the default budget;")
    print(f"median of {rounds} rounds, one-shot and stepped in turn, so the machine's load falls on both):")
    for op in JOBS:
        request = {"op": op, "record": record}
        one_shots, sums, longest, same, count = [], [], 0.0, True, 0
        for _ in range(rounds):
            started = time.perf_counter()
            whole = ok(request)
            one_shots.append(time.perf_counter() - started)
            step_times = []
            started = time.perf_counter()
            step = jobs.start_job({"request": request})
            step_times.append(time.perf_counter() - started)
            while not step["done"]:
                started = time.perf_counter()
                step = jobs.step_job({"job": step["job"]})
                step_times.append(time.perf_counter() - started)
            del whole["ok"]
            same = same and step["answer"] == whole
            sums.append(sum(step_times))
            longest = max(longest, *step_times)
            count = len(step_times)
        one_shot, summed = statistics.median(one_shots), statistics.median(sums)
        print(f"  {op}: one-shot {one_shot * 1000:.0f} ms, {count} steps summing to {summed * 1000:.0f} ms "
              f"(ratio {summed / one_shot:.2f}), longest step {longest * 1000:.0f} ms, same answer: {same}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(ROOT / "site"), help="this build (default: site/)")
    parser.add_argument("--before", default=None, help="a build of main, to compare with")
    parser.add_argument("--cards", type=int, default=12, help="cards played while background work runs")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3, help="CPython rounds of each computation")
    parser.add_argument("--cpython-only", action="store_true")
    parser.add_argument("--browser-only", action="store_true")
    args = parser.parse_args(argv)
    if not args.browser_only:
        cpython(args.seed, args.rounds)
    if args.cpython_only:
        return 0
    configs = [("after, two workers", Path(args.site), False), ("after, one worker", Path(args.site), True)]
    if args.before:
        configs.insert(0, ("before", Path(args.before), False))
    for _, site, _ in configs:
        if not (site / "practice" / "index.html").is_file():
            print(f"no practice page in {site}: build the site first", file=sys.stderr)
            return 2
    from playwright.sync_api import sync_playwright

    results = {}
    with sync_playwright() as playwright:
        for name, site, one_worker in configs:
            results[name] = run_site(playwright, site, args.cards, args.seed, one_worker)
    for name, site, _ in configs:
        result = results[name]
        print(f"{name} ({site}):")
        print(f"  wait for the computer's card, no background work: {summary(result['quiet'])}")
        print(f"  wait for the computer's card, background job running: {summary(result['busy'])}")
        for op in JOBS:
            times = [job["ms"] for job in result["jobs"] if job["op"] == op and job["ms"] >= 0]
            print(f"  {op} in the worker (while the reader plays): {summary(times)}")
        failed = [job for job in result["jobs"] if job["ms"] < 0]
        if failed:
            print(f"  failed jobs: {failed}")
        longest = result["longest_task"]
        print(f"  longest main-thread task: {'unavailable' if longest is None else f'{longest:.0f} ms'}")
    before = results.get("before", {}).get("busy")
    for name, _, _ in configs[1:] if before else []:
        after = results[name]["busy"]
        if after:
            medians = statistics.median(before) / statistics.median(after)
            print(f"ratio before / {name}, wait with background work: median {medians:.1f}x, "
                  f"max {max(before) / max(after):.1f}x")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
