"""Constants and helpers shared by the test folders."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from engine import Deal, Rules, record_of
from engine.ai.heuristic import HeuristicBot
from engine.surfaces.catalogue import DEFAULT_LANGUAGE, LANGUAGES  # noqa: F401 - shared with the test folders

ROOT = Path(__file__).resolve().parents[1]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


# ----- browser contexts shared by the session (tests/conftest.py: watched_page, phone_page) -----
# A card's placeholder in a catalogue template, bare or in a card form ({card}, {card.the}): what
# a test splits a template on to find its literal words.
CARD_PLACEHOLDER = re.compile(r"\{card(?:\.\w+)?\}")

PHONE = {"viewport": {"width": 375, "height": 740}, "is_mobile": True, "has_touch": True}
PRIME_EXAMPLE = "examples/hearts-trump/"
PRIME_TIMEOUT_MS = 120_000
_START_AND_WAIT_STORED = """async () => {
  const src = document.querySelector('script[src*="stepper.js"]').src;
  const { engine } = await import(src.replace('stepper.js', 'engine-client.js'));
  await engine().request({ op: 'catalogue', lang: 'en' });
  const stored = () => performance.getEntriesByName('cj-engine-timing-snapshot-stored');
  while (!stored().length) await new Promise((resolve) => setTimeout(resolve, 50));
  return stored()[0].detail;
}"""
# Everything an origin keeps, but its Cache Storage (where the snapshot is).
_CLEARED = "cookies,indexeddb,local_storage,service_workers"


def primed_context(browser, site_url: str, **options):
    """A new context whose engine snapshot is stored: one cold start, then every start restores."""
    context = browser.new_context(**options)
    page = context.new_page()
    page.goto(site_url + PRIME_EXAMPLE)
    page.set_default_timeout(PRIME_TIMEOUT_MS)
    size = page.evaluate(_START_AND_WAIT_STORED)
    page.close()
    if not size:
        context.close()
        raise RuntimeError("the engine started but stored no snapshot: the shared browser contexts need one")
    return context


def shared_page(context, site_url: str):
    """A new page in a shared context, its origin's storage (but the snapshot) cleared first."""
    page = context.new_page()
    clear_origin(page, site_url, _CLEARED)
    return page


def clear_origin(page, site_url: str, storage_types: str = "all") -> None:
    """Clear what the site's origin keeps in the page's context (Chromium's storage types,
    comma-separated; "all" is every one, Cache Storage included). The HTTP cache is not an
    origin's storage and is kept."""
    session = page.context.new_cdp_session(page)
    origin = site_url.rstrip("/")
    session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": storage_types})
    session.detach()


def language_prefix(lang: str) -> str:
    return "" if lang == DEFAULT_LANGUAGE else f"{lang}/"


class PageWatch:
    """A browser page that records every request and console error."""

    def __init__(self, page):
        self.page = page
        self.requests: list[str] = []
        self.console_errors: list[str] = []
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("console", lambda msg: msg.type == "error" and self.console_errors.append(msg.text))
        page.on("pageerror", lambda error: self.console_errors.append(str(error)))

    def foreign_requests(self) -> list[str]:
        from urllib.parse import urlsplit

        return [
            url
            for url in self.requests
            if not url.startswith(("data:", "blob:")) and urlsplit(url).hostname != "127.0.0.1"
        ]


def settle_animations(page) -> None:
    """Wait until no CSS transition or animation is running, so that axe measures colours at rest.

    Material fades its "Back to top" button in when the page scrolls up, and cross-fades the
    header's site name and page title when the page scrolls past its heading; axe caught
    mid-fade reports a contrast failure that no reader sees. Those fades start from scroll
    events, which run just before a frame is drawn, so two frames pass first: a fade that a
    scroll has just asked for is running by then, and is waited for.
    """
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    page.wait_for_function(
        "() => document.getAnimations().every((animation) => animation.playState !== 'running')",
        timeout=10_000,
    )


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
_AXE_RUN = """async (within) => JSON.stringify(
    (await axe.run(within ?? document, { resultTypes: ['violations'] })).violations)"""


def serious_violations(page, within: str | None = None) -> list[str]:
    """axe-core's serious and critical violations on the page, or on the part the CSS selector
    `within` picks, as readable lines ("rule (impact): [first targets]"); the one accessibility
    check of every browser test.

    Measured once the page's animations are at rest (settle_animations). axe is added to the
    page unless it is there already (a context's init script may bring it with every page, as
    test_site.py does). Only the violations are detailed (resultTypes), which is most of axe's
    time on a long page and changes nothing in what it reports as violated.
    """
    settle_animations(page)
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = json.loads(page.evaluate(_AXE_RUN, within))
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def overlapping_marks(page) -> list[str]:
    """The card table's ▲ playable marks that print over the reader's name line."""
    return page.evaluate(
        """() => {
            const line = document.querySelector('.cj-tb-name--you').getBoundingClientRect();
            return [...document.querySelectorAll('.cj-tb-mark')]
                .filter((mark) => mark.textContent)
                .map((mark) => mark.getBoundingClientRect())
                .filter((mark) => mark.top < line.bottom && mark.bottom > line.top)
                .map((mark) => `mark ${mark.top}-${mark.bottom} over the line ${line.top}-${line.bottom}`);
        }"""
    )


def seen_on_screen(box: dict, height: int, header: int = 48) -> bool:
    """Whether a box (a verdict) is seen under Material's header: whole if it fits, else from
    its top."""
    if box["y"] < header - 0.5:
        return False
    fits = box["height"] <= height - header - 16
    return box["y"] + box["height"] <= height + 0.5 if fits else box["y"] <= header + 16


def careless_deal(seed: int) -> dict:
    """A finished deal (standard rules, seat 1 deals) in which the reader, seat 0, plays random
    legal cards against the beginner computer: a deal with mistakes to review or to collect."""
    deal = Deal.from_seed(Rules(), seed, 1)
    rng = random.Random(seed)
    bot = HeuristicBot()
    while not deal.is_over:
        if deal.to_move == 0:
            deal.play(rng.choice(list(deal.legal_plays())))
        else:
            deal.play(bot.choose(deal.view(deal.to_move)))
    return record_of(deal)
