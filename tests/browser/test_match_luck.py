"""The match's luck-adjusted result beside its score (match-luck.js, issue 24), in Chromium.

Every finished deal's luck split is measured in the background whether or not its review is
opened, kept in the saved match, and added up on the score sheet; every figure must be the one
CPython's engine gives for the same deal (op practice.luck with `deal`). A damaged saved split is
dropped with a notice and measured again, and play goes on.
"""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal

import pytest
from practice_support import (
    catalogue,
    check_clean,
    finish_match,
    no_motion,
    practice_url,
    saved,
    store_once,
    wait_ready,
    wait_settled,
)
from support import serious_violations
from test_luck_op import ok, played_to

pytestmark = pytest.mark.browser

WORK_TIMEOUT_MS = 240_000
READER = 0
LINE = "[data-role=sheet] [data-role=match-luck]"


def splits(record: dict) -> list[dict | None]:
    """Each deal's split for the reader as the page keeps it (None: a deal the engine cannot
    measure, decided by a turned jack before any card)."""
    kept: list[dict | None] = []
    for index, plays in enumerate(record["deals"]):
        if not plays:
            kept.append(None)
            continue
        answer = ok({"op": "practice.luck", "record": record, "deal": index})
        reader = {"result": answer["result"][READER], "luck": answer["luck"][READER]}
        kept.append({**reader, "adjusted": answer["adjusted"]})
    return kept


def two_places(cat: dict, value: float) -> str:
    """A figure as engine-client.js decimal() writes it with its sign: Number.toFixed(2) (the
    exact binary value, ties away from zero), the language's decimal sign, a true minus."""
    text = str(Decimal(value).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
    text = ("+" if value > 0 else "") + text
    return text.replace(".", cat["analysis"]["ui"]["decimal"]).replace("-", "\u2212")


def whole(value: int) -> str:
    return (f"+{value}" if value > 0 else str(value)).replace("-", "\u2212")


def match_line(cat: dict, kept: list[dict | None]) -> str:
    """The line the sheet should show once every deal that can be measured is."""
    luck = cat["practice"]["luck"]
    measured = [split for split in kept if split is not None]
    params = {
        "result": whole(sum(split["result"] for split in measured)),
        "adjusted": two_places(cat, sum(split["adjusted"] for split in measured)),
    }
    if len(measured) == len(kept):
        return luck["all_one" if len(kept) == 1 else "all_other"].format(n=len(kept), **params)
    return luck["some"].format(n=len(measured), total=len(kept), **params)


def wait_measured(page, deals: int, measured: int) -> None:
    page.wait_for_function(
        """([selector, deals, measured]) => {
            const line = document.querySelector(selector);
            return line && line.dataset.pending === 'false' && line.dataset.deals === String(deals)
                && line.dataset.measured === String(measured);
        }""",
        arg=[LINE, deals, measured],
        timeout=WORK_TIMEOUT_MS,
    )


def test_every_deal_is_measured_a_damaged_split_is_dropped_and_play_goes_on(watched_page, site_url):
    """A saved match after its first deal, with a damaged split: the notice says so, the deal is
    measured again without its review being opened, the reader plays the match to its end, and
    the line adds up every deal's luck-adjusted result as CPython's engine measures it."""
    page = watched_page.page
    cat = catalogue("en")
    no_motion(page)
    record = played_to("standard,target:5", 2, ("next_deal",))
    damaged = {"result": 3, "luck": 0.5, "adjusted": 9}  # not result - luck
    match = {"v": 2, "record": record, "counted": False, "log": [], "learn": None, "luck": [damaged]}
    store_once(page, "cj-practice-match", json.dumps(match))
    page.goto(practice_url(site_url, "en"))
    table = wait_ready(page)
    notice = table.locator("[data-role=notice][data-kind=luck]")
    assert cat["practice"]["notice"]["luck_dropped"] in notice.inner_text()
    assert wait_settled(page) == "next_deal"
    # Measured again by itself; the line is text, with the method's link, beside the deal's score.
    wait_measured(page, 1, 1)
    first = splits(record)
    line = table.locator(LINE)
    assert line.locator("[data-role=match-luck-result]").inner_text() == match_line(cat, first)
    assert line.get_attribute("aria-live") == "polite"
    method = line.locator("[data-role=match-luck-method]")
    assert method.inner_text() == cat["analysis"]["checks"]["luck_method"]
    assert method.get_attribute("href").endswith("/sources/#luck-and-skill")
    assert method.evaluate("(a) => a.tabIndex") == 0
    assert saved(page)["luck"] == first
    # Play goes on to the end of the match; no review is opened, and every deal is measured.
    finish_match(page, table)
    final = saved(page)["record"]
    deals = len(final["deals"])
    assert deals >= 2
    wait_measured(page, deals, deals)
    kept = splits(final)
    assert saved(page)["luck"] == kept
    assert line.locator("[data-role=match-luck-result]").inner_text() == match_line(cat, kept)
    total = sum(split["adjusted"] for split in kept if split is not None)
    assert float(line.get_attribute("data-adjusted")) == pytest.approx(total)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert serious_violations(page, "[data-role=sheet]") == [], scheme
    page.emulate_media(color_scheme=None)
    # The last deal's review shows the same split as the line counted.
    table.locator("[data-role=sheet] [data-action=review]").click()
    result = table.locator("[data-role=review] [data-role=luck-result]")
    result.wait_for(timeout=WORK_TIMEOUT_MS)
    last = kept[-1]
    assert last is not None
    checks = cat["analysis"]["checks"]
    assert result.inner_text() == checks["luck_result"].format(
        result=whole(last["result"]), adjusted=two_places(cat, last["adjusted"])
    )
    check_clean(watched_page)


def test_a_deal_decided_by_the_turned_jack_is_not_measured_on_a_phone(phone_page, site_url):
    """In French on a 375 px phone: a match won by a turned jack before any card of its second
    deal. That deal has no luck split to measure, and the line says it covers one deal of two;
    with no deal to measure at all, it says that."""
    page = phone_page.page
    cat = catalogue("fr")
    no_motion(page)
    record = played_to("standard,turned_jack:true,target:3", 28, ("match_over",))
    assert [bool(plays) for plays in record["deals"]] == [True, False]
    match = {"v": 2, "record": record, "counted": True, "log": [], "learn": None, "luck": []}
    store_once(page, "cj-practice-match", json.dumps(match))
    page.goto(practice_url(site_url, "fr"))
    table = wait_ready(page)
    assert wait_settled(page) == "match_over"
    wait_measured(page, 2, 1)
    kept = splits(record)
    line = table.locator(LINE)
    text = line.locator("[data-role=match-luck-result]").inner_text()
    assert text == match_line(cat, kept)
    assert text.startswith("Sur 1 des 2 donnes")
    assert saved(page)["luck"] == kept[:1]  # the second deal has no split: none is written
    width = page.evaluate("() => document.documentElement.clientWidth")
    assert line.evaluate("(e) => e.getBoundingClientRect().right") <= width
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert serious_violations(page, "[data-role=sheet]") == [], scheme
    page.emulate_media(color_scheme=None)
    # A match won by the turned jack of its first deal: nothing to measure, and the line says so.
    only_jack = played_to("standard,turned_jack:true,target:1", 26, ("match_over",))
    assert only_jack["deals"] == [[]]
    match = {"v": 2, "record": only_jack, "counted": True, "log": [], "learn": None, "luck": []}
    page.evaluate("(text) => localStorage.setItem('cj-practice-match', text)", json.dumps(match))
    page.reload()
    table = wait_ready(page)
    assert wait_settled(page) == "match_over"
    wait_measured(page, 1, 0)
    assert line.locator("[data-role=match-luck-result]").inner_text() == cat["practice"]["luck"]["none"]
    check_clean(phone_page)
