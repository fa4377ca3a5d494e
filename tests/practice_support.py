"""Helpers shared by the practice-page browser tests (test_practice*.py)."""

from __future__ import annotations

import json

from support import ROOT, language_prefix

LOAD_TIMEOUT_MS = 60_000
TURN_TIMEOUT_MS = 30_000
ROOT_SELECTOR = ".cj-practice"
SETTLED = ("human", "next_deal", "match_over")

# Cards jump instead of moving (speed "none"), unless the test set its own preferences first.
NO_MOTION = """
if (!localStorage.getItem('cj-practice-prefs')) {
  localStorage.setItem('cj-practice-prefs', JSON.stringify({v: 2, speed: 'none'}));
}
"""


# Written once, before the page's first load in the test (a reload must not write it again).
ONCE = """([key, text]) => {
  if (sessionStorage.getItem('cj-test-seeded')) return;
  sessionStorage.setItem('cj-test-seeded', '1');
  localStorage.setItem(key, text);
}"""


def store_once(page, key: str, text: str) -> None:
    page.add_init_script(f"({ONCE})({json.dumps([key, text])})")


def catalogue(lang: str) -> dict:
    return json.loads((ROOT / "engine" / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


def practice_url(site_url: str, lang: str, query: str = "") -> str:
    return f"{site_url}{language_prefix(lang)}practice/{query}"


def no_motion(page) -> None:
    page.add_init_script(NO_MOTION)


def wait_ready(page):
    page.wait_for_selector(
        f"{ROOT_SELECTOR}[data-state=ready], {ROOT_SELECTOR}[data-state=failed]", timeout=LOAD_TIMEOUT_MS
    )
    table = page.locator(ROOT_SELECTOR)
    assert table.get_attribute("data-state") == "ready", table.get_attribute("data-error")
    return table


def position(table) -> tuple:
    return (
        table.get_attribute("data-deal"),
        table.get_attribute("data-plays"),
        table.get_attribute("data-phase"),
    )


def wait_settled(page, before: tuple | None = None, phases=SETTLED) -> str:
    """Wait until the table waits for the reader (a card, the next deal) or the match is over,
    in a different position from `before`."""
    page.wait_for_function(
        """([settled, before]) => {
            const root = document.querySelector('.cj-practice');
            if (!root || !settled.includes(root.dataset.phase)) return false;
            const now = [root.dataset.deal, root.dataset.plays, root.dataset.phase];
            return before === null || now.some((value, i) => value !== before[i]);
        }""",
        arg=[list(phases), None if before is None else list(before)],
        timeout=TURN_TIMEOUT_MS,
    )
    return page.locator(ROOT_SELECTOR).get_attribute("data-phase")


def saved(page) -> dict:
    return page.evaluate("() => JSON.parse(localStorage.getItem('cj-practice-match'))")


def saved_record(page) -> dict:
    return saved(page)["record"]


def hand(table) -> list[tuple[str, bool]]:
    cards = table.locator("[data-role=hand] button")
    return [
        (cards.nth(i).get_attribute("data-card"), cards.nth(i).get_attribute("data-legal") == "true")
        for i in range(cards.count())
    ]


def play_first_legal(page, table) -> str:
    """Click the first playable card (or the next deal's button); returns the new phase."""
    before = position(table)
    if before[2] == "next_deal":
        table.locator("[data-role=sheet] [data-action=next]").click()
    else:
        table.locator("[data-role=hand] [data-legal=true]").first.click()
    return wait_settled(page, before)


def finish_match(page, table) -> None:
    phase = table.get_attribute("data-phase")
    while phase != "match_over":
        phase = play_first_legal(page, table)




def check_clean(watched_page) -> None:
    assert watched_page.foreign_requests() == []
    assert watched_page.console_errors == []
