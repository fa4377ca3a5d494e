"""After a practice deal, in its review (deal-checks.js, issue 24): the luck-adjusted result beside
the deal's score, "Could I have won?" and "Did the computer peek?", in Chromium.

The match records are played here through the practice ops with few sampled worlds (so the
worker's checks stay quick); the review is opened with the same `samples` the page would have
given practice.bot, and every figure on the page must be the one CPython's engine gives for the
same request.
"""

from __future__ import annotations

import json
import random

import pytest
from support import ROOT, language_prefix, serious_violations

from engine.surfaces.web_api import handle

pytestmark = pytest.mark.browser

LOAD_TIMEOUT_MS = 60_000
WORK_TIMEOUT_MS = 180_000
READER = 0


def catalogue(lang: str) -> dict:
    return json.loads((ROOT / "engine" / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


def ok(request: dict) -> dict:
    answer = json.loads(handle(json.dumps(request)))
    assert answer["ok"], answer
    return answer


def finished_match(preset: str, seed: int, level: str, samples: int, follow_hints: bool) -> dict:
    """A match record after its first deal: the computer decides with `samples` worlds; the reader
    takes every hint (with the same samples) or plays random legal cards."""
    rng = random.Random(seed)
    answer = ok({"op": "practice.new", "rules": preset, "seed": seed, "level": level})
    while answer["state"]["waiting_for"] not in ("next_deal", "match_over"):
        record = answer["record"]
        if answer["state"]["waiting_for"] == "human":
            if follow_hints:
                card = ok({"op": "practice.hint", "record": record, "samples": samples})["card"]
            else:
                card = rng.choice(answer["state"]["deal"]["legal"])
            answer = ok({"op": "practice.play", "record": record, "card": card})
        else:
            answer = ok({"op": "practice.bot", "record": record, "samples": samples})
    return answer["record"]


def shown(cat: dict, value: float, signed: bool = True) -> str:
    """A figure as review.js writes it: two places, the language's decimal sign, a true minus."""
    text = ("+" if signed and value > 0 else "") + f"{value:.2f}"
    return text.replace(".", cat["analysis"]["ui"]["decimal"]).replace("-", "\u2212")


def whole(value: int) -> str:
    """A deal's net points as played, as deal-checks.js writes them: signed, no decimals."""
    return (f"+{value}" if value > 0 else str(value)).replace("-", "\u2212")


def open_review(page, site_url: str, lang: str, record: dict, samples: int):
    page.goto(f"{site_url}{language_prefix(lang)}practice/")
    page.wait_for_function("() => window.CJReview !== undefined", timeout=LOAD_TIMEOUT_MS)
    page.evaluate(
        """([record, seat, lang, samples]) => {
            const box = document.createElement('div');
            box.id = 'review-box';
            document.querySelector('.cj-practice').after(box);
            window.reviewHandle = window.CJReview.open(box, {record, seat, lang, samples});
        }""",
        [record, READER, lang, samples],
    )
    page.wait_for_selector("#review-box [data-role=deal-checks]", timeout=WORK_TIMEOUT_MS)
    return page.locator("#review-box")


def luck_lines(cat: dict, answer: dict, three: bool) -> tuple[str, str]:
    checks = cat["analysis"]["checks"]
    result = checks["luck_result"].format(
        result=whole(answer["result"][READER]), adjusted=shown(cat, answer["adjusted"])
    )
    parts = checks["luck_parts_three" if three else "luck_parts"].format(
        luck=shown(cat, answer["luck"][READER]), own=shown(cat, answer["own_skill"]),
        others=shown(cat, answer["others_skill"]), expected=shown(cat, answer["expected"][READER]),
    )  # fmt: skip
    return result, parts


def test_luck_could_i_have_won_and_the_peek_check_after_a_deal(watched_page, site_url):
    page = watched_page.page
    cat = catalogue("en")
    checks = cat["analysis"]["checks"]
    record = finished_match("standard", 41, "expert", 2, follow_hints=False)
    luck = ok({"op": "practice.luck", "record": record})
    swap = ok({"op": "practice.could_win", "record": record, "samples": 2})
    peek = ok({"op": "practice.peek", "record": record, "samples": 2})
    assert peek["all_same"] and swap["parted_at"] is not None
    box = open_review(page, site_url, "en", record, 2)
    # Luck and skill arrive by themselves, beside the deal's score, with the method's link.
    box.locator("[data-role=luck-result]").wait_for(timeout=WORK_TIMEOUT_MS)
    result, parts = luck_lines(cat, luck, three=False)
    assert box.locator("[data-role=luck-result]").inner_text() == result
    assert box.locator("[data-role=luck-parts]").inner_text() == parts
    method = box.locator("[data-role=luck-method]")
    assert method.inner_text() == checks["luck_method"]
    assert method.get_attribute("href").endswith("/sources/#luck-and-skill")
    assert box.locator("[data-role=luck]").get_attribute("aria-live") == "polite"
    # Could I have won? by keyboard: both results side by side, and where the lines part.
    button = box.locator("[data-action=could-win]")
    button.focus()
    page.keyboard.press("Enter")
    status = box.locator("[data-role=could-win]")
    status.locator("[data-role=could-win-summary]").wait_for(timeout=WORK_TIMEOUT_MS)
    assert status.get_attribute("aria-live") == "polite"
    mine, theirs = swap["actual"]["nets"][READER], swap["computer"]["nets"][READER]
    summary = checks["could_win_summary"].format(you=whole(mine), computer=whole(theirs))
    assert status.locator("[data-role=could-win-summary]").inner_text() == summary
    assert status.locator("[data-role=line-you] [data-role=net]").inner_text() == checks["net"].format(
        n=whole(mine)
    )
    assert status.locator("[data-role=line-computer] [data-role=net]").inner_text() == checks["net"].format(
        n=whole(theirs)
    )
    assert status.get_attribute("data-parted") == str(swap["parted_at"])
    taken = [name for name, seat in swap["actual"]["points"].items() if seat == READER]
    line_you = status.locator("[data-role=line-you]").inner_text()
    assert taken and checks["points_taken"].split("{points}")[0] in line_you
    assert all(cat["points"][name] in line_you for name in taken)
    assert status.locator("[data-role=fair]").inner_text() == checks["could_win_fair"]
    assert button.is_disabled()
    # The parting card opens in the review's timeline, focused.
    status.locator("[data-action=go-to-parting]").click()
    focused = page.evaluate(
        "() => document.activeElement.closest('li[data-play-index]')?.dataset.playIndex ?? null"
    )
    assert focused == str(swap["parted_at"])
    assert box.locator(f"li[data-play-index='{swap['parted_at']}'] details").get_attribute("open") is not None
    # Did the computer peek? with real progress, then every card the same.
    box.locator("[data-action=peek]").click()
    verdict = box.locator("[data-role=peek] [data-role=peek-verdict]")
    verdict.wait_for(timeout=WORK_TIMEOUT_MS)
    same = checks["peek_same_other"].format(n=peek["checked"], redeals=peek["redeals"])
    assert verdict.inner_text() == same
    assert box.locator("[data-role=peek]").get_attribute("data-all-same") == "true"
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert serious_violations(page, "#review-box") == [], scheme
    page.emulate_media(color_scheme=None)
    assert watched_page.foreign_requests() == []
    assert watched_page.console_errors == []


def test_three_players_on_a_phone_never_part_when_every_hint_was_taken(phone_page, site_url):
    """Shasta Sam, in Italian on a 375 px phone: a reader who took every hint played the
    computer's own line, and the split names both computers' cards."""
    page = phone_page.page
    cat = catalogue("it")
    checks = cat["analysis"]["checks"]
    record = finished_match("shasta-sam", 7, "expert", 2, follow_hints=True)
    luck = ok({"op": "practice.luck", "record": record})
    box = open_review(page, site_url, "it", record, 2)
    box.locator("[data-role=luck-result]").wait_for(timeout=WORK_TIMEOUT_MS)
    result, parts = luck_lines(cat, luck, three=True)
    assert box.locator("[data-role=luck-result]").inner_text() == result
    assert box.locator("[data-role=luck-parts]").inner_text() == parts
    box.locator("[data-action=could-win]").click()
    parted = box.locator("[data-role=could-win] [data-role=parted]")
    parted.wait_for(timeout=WORK_TIMEOUT_MS)
    assert parted.inner_text() == checks["never_parted"]
    # This reader took no point (the computers took them all): the line says so in words.
    assert checks["points_none"] in box.locator("[data-role=line-you]").inner_text()
    # The two lines fit the phone's width (side by side, or stacked).
    width = page.evaluate("() => document.documentElement.clientWidth")
    for role in ("line-you", "line-computer"):
        right = box.locator(f"[data-role={role}]").evaluate("(e) => e.getBoundingClientRect().right")
        assert right <= width
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert serious_violations(page, "#review-box") == [], scheme
    page.emulate_media(color_scheme=None)
    assert phone_page.console_errors == []


def test_other_samples_show_as_not_the_same_and_too_many_are_refused(watched_page, site_url):
    """The peek check re-runs the computer with the samples the page says it gave practice.bot:
    given others, its cards are not reproduced, and the page says which (never "all the same").
    A request the engine refuses is said in words, and the button may be tried again."""
    page = watched_page.page
    cat = catalogue("fr")
    checks = cat["analysis"]["checks"]
    record = finished_match("standard", 43, "expert", 3, follow_hints=False)
    peek = ok({"op": "practice.peek", "record": record, "samples": 2})
    differ = [d for d in peek["decisions"] if not d["same"]]
    assert differ, "with other samples some of the computer's cards should change"
    box = open_review(page, site_url, "fr", record, 2)
    box.locator("[data-action=peek]").click()
    verdict = box.locator("[data-role=peek] [data-role=peek-verdict]")
    verdict.wait_for(timeout=WORK_TIMEOUT_MS)
    form = "peek_differs_one" if len(differ) == 1 else "peek_differs_other"
    assert verdict.inner_text() == checks[form].format(n=len(differ), total=peek["checked"])
    listed = box.locator("[data-role=peek] li[data-play-index]")
    assert [listed.nth(i).get_attribute("data-play-index") for i in range(listed.count())] == [
        str(d["play_index"]) for d in differ
    ]
    assert box.locator("[data-role=peek]").get_attribute("data-all-same") == "false"
    page.evaluate("() => window.reviewHandle.close()")
    # Too many sampled worlds for a replay: the engine's refusal, in a sentence of the page.
    box = open_review(page, site_url, "fr", record, 100)
    box.locator("[data-action=could-win]").click()
    status = box.locator("[data-role=could-win]")
    page.wait_for_function(
        "() => { const s = document.querySelector('#review-box [data-role=could-win]'); "
        "return s && s.textContent && !s.hasAttribute('aria-busy'); }",
        timeout=WORK_TIMEOUT_MS,
    )
    prefix = checks["failed"].split("{message}")[0]
    assert status.inner_text().startswith(prefix) and "samples" in status.inner_text()
    assert not box.locator("[data-action=could-win]").is_disabled()
    assert watched_page.console_errors == []
