"""Review the deal and Find a better card (review.js) in Chromium, on the practice page.

The practice page loads review.js; the test opens the review itself with a finished deal's
record (the page's "Review the deal" button only calls the same `CJReview.open`). The engine
in Pyodide must give exactly the grades CPython gives, the timeline and the options must be in
the page's language, Find a better card must refute a wrong card and accept a good one by
keyboard, and the practice statistics must stay untouched.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from support import ROOT, language_prefix, serious_violations

from engine import Deal, Rules, record_of
from engine.ai.heuristic import HeuristicBot
from engine.analysis.deal_analysis import analyse
from engine.surfaces.catalogue import Catalogue

pytestmark = pytest.mark.browser

LOAD_TIMEOUT_MS = 60_000
ANALYSIS_TIMEOUT_MS = 120_000
READER = 0


def catalogue(lang: str) -> dict:
    return json.loads((ROOT / "engine" / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


def careless_deal(seed: int) -> dict:
    """A finished deal in which the reader (seat 0) plays random legal cards: it has mistakes."""
    deal = Deal.from_seed(Rules(), seed, 1)
    rng = random.Random(seed)
    bot = HeuristicBot()
    while not deal.is_over:
        if deal.to_move == READER:
            deal.play(rng.choice(list(deal.legal_plays())))
        else:
            deal.play(bot.choose(deal.view(deal.to_move)))
    return record_of(deal)


def open_review(page, site_url: str, lang: str, record: dict):
    page.goto(f"{site_url}{language_prefix(lang)}practice/")
    page.wait_for_function("() => window.CJReview !== undefined", timeout=LOAD_TIMEOUT_MS)
    stats_before = page.evaluate("() => localStorage.getItem('cj-practice-stats')")
    page.evaluate(
        """([record, seat, lang]) => {
            const box = document.createElement('div');
            box.id = 'review-box';
            document.querySelector('.cj-practice').after(box);
            window.reviewHandle = window.CJReview.open(box, {record, seat, lang});
        }""",
        [record, READER, lang],
    )
    page.wait_for_selector("#review-box [data-role=timeline]", timeout=ANALYSIS_TIMEOUT_MS)
    return stats_before


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_review_shows_every_decision_graded_as_the_engine_grades_it(watched_page, site_url, lang):
    page = watched_page.page
    cat = catalogue(lang)
    record = careless_deal(31)
    expected = analyse(record, seat=READER)
    stats_before = open_review(page, site_url, lang, record)
    review = page.locator("#review-box [data-role=review]")
    mine = review.locator("li.cj-rv-mine")
    assert mine.count() == len(expected["decisions"]) == 26
    grades = [mine.nth(i).get_attribute("data-grade") for i in range(mine.count())]
    assert grades == [d["grade"] for d in expected["decisions"]]
    counts = expected["summary"][str(READER)]
    ui = cat["analysis"]["ui"]
    labels = (ui["count"].format(grade=cat["analysis"]["grades"][g], n=n) for g, n in counts.items())
    summary = ui["summary"].format(counts=" · ".join(labels))
    assert review.locator("[data-role=status]").inner_text() == summary
    # Every grade is written as a word as well as an icon (never colour alone).
    first = mine.nth(0)
    grade = expected["decisions"][0]["grade"]
    assert cat["analysis"]["grades"][grade] in first.locator("summary").inner_text()
    # Opening a decision lists every legal card with its value, in the page's language.
    first.locator("summary").click()
    rows = first.locator("table.cj-rv-options tbody tr")
    assert rows.count() == len(expected["decisions"][0]["options"])
    header = first.locator("table.cj-rv-options thead").inner_text()
    assert cat["analysis"]["ui"]["col_value"] in header
    value = rows.nth(0).locator("td").nth(0).inner_text()
    assert cat["analysis"]["ui"]["decimal"] in value
    assert serious_violations(page, "#review-box") == []
    assert page.evaluate("() => localStorage.getItem('cj-practice-stats')") == stats_before
    assert watched_page.foreign_requests() == []
    assert watched_page.console_errors == []


def test_find_a_better_card_refutes_accepts_shows_and_counts(watched_page, site_url):
    page = watched_page.page
    ui = catalogue("en")["analysis"]["ui"]
    record = careless_deal(32)
    expected = analyse(record, seat=READER)
    todo = [d for d in expected["decisions"] if d["grade"] in ("inaccuracy", "mistake", "blunder")]
    assert len(todo) >= 2, "the careless reader should have made at least two mistakes"
    stats_before = open_review(page, site_url, "en", record)
    box = page.locator("#review-box")
    box.locator("[data-action=find-better]").click()
    panel = box.locator("[data-role=find-better]")
    assert panel.locator("[data-role=counter]").inner_text() == ui["counter"].format(n=1, total=len(todo))
    first = todo[0]
    # The card played is wrong: refuted, and the reader may try again.
    played, best_card = first["played"], first["best"][0]
    panel.locator(f"button[data-card='{played}']").click()
    verdict = panel.locator("[data-role=verdict]")
    assert verdict.get_attribute("data-verdict") == "refuted"
    assert verdict.get_attribute("aria-live") == "polite"
    # A best card, chosen by keyboard, is accepted.
    best = panel.locator(f"button[data-card='{best_card}']")
    best.focus()
    page.keyboard.press("Enter")
    assert verdict.get_attribute("data-verdict") == "accepted"
    # "Next" has the focus; the second mistake is answered with "Show".
    assert page.evaluate("() => document.activeElement.dataset.action") == "next"
    page.keyboard.press("Enter")
    assert panel.locator("[data-role=counter]").inner_text() == ui["counter"].format(n=2, total=len(todo))
    panel.locator("[data-action=show]").click()
    assert verdict.get_attribute("data-verdict") == "shown"
    assert serious_violations(page, "#review-box") == []
    for _ in range(len(todo) - 1):
        panel.locator("[data-action=next], [data-action=skip]").first.click()
    assert panel.inner_text().strip() == ui["finished"].format(found=1, total=len(todo))
    assert page.evaluate("() => localStorage.getItem('cj-practice-stats')") == stats_before
    page.evaluate("() => window.reviewHandle.close()")
    assert box.locator("[data-role=review]").count() == 0
    assert watched_page.foreign_requests() == []
    assert watched_page.console_errors == []


def test_a_refutation_names_the_points_lost_as_a_list_in_the_page_language(watched_page, site_url):
    """Find a better card, in French: "… et vous perdez Low et Game.", the points joined by the
    catalogue's series (snippets.series), not glued with commas. Seed 72's fourth mistake
    loses two points against an exactly known reply."""
    page = watched_page.page
    lang = "fr"
    record = careless_deal(72)
    expected = analyse(record, seat=READER)
    todo = [d for d in expected["decisions"] if d["grade"] in ("inaccuracy", "mistake", "blunder")]
    decision = todo[3]
    option = next(o for o in decision["options"] if o["card"] == decision["played"])
    best = next(o for o in decision["options"] if o["card"] == decision["best"][0])
    cat = Catalogue(lang)
    lost = [cat.text(f"points.{name}") for name in option["points"] if best["points"][name] - option["points"][name] >= 0.25]
    assert option.get("reply") and len(lost) >= 2, "the deal no longer has a two-point refutation: pick another"
    open_review(page, site_url, lang, record)
    box = page.locator("#review-box")
    box.locator("[data-action=find-better]").click()
    panel = box.locator("[data-role=find-better]")
    for _ in range(3):
        panel.locator("[data-action=skip]").click()
    assert panel.locator("[data-role=counter]").inner_text() == cat.text("analysis.ui.counter", n=4, total=len(todo))
    panel.locator(f"button[data-card='{decision['played']}']").click()
    verdict = panel.locator("[data-role=verdict]")
    assert verdict.get_attribute("data-verdict") == "refuted"
    assert verdict.inner_text() == cat.text(
        "analysis.ui.refuted", card=cat.card(decision["played"]), reply=cat.card(option["reply"]), points=cat.series(lost)
    )
    assert watched_page.foreign_requests() == []
    assert watched_page.console_errors == []


# ----- the worked examples' "Analyse" switch ------------------------------------------------------

EXAMPLE = "hearts-trump"
DATA_BLOCK = re.compile(r'<script type="application/json" class="cj-example-data">(.*?)</script>', re.S)


@pytest.mark.parametrize("lang", ["it", "pt"])
def test_worked_example_analyse_switch_shows_each_steps_verdict(watched_page, site_url, site_dir, lang):
    page = watched_page.page
    cat = catalogue(lang)
    html = (site_dir / language_prefix(lang) / "examples" / EXAMPLE / "index.html").read_text(
        encoding="utf-8"
    )
    data = json.loads(DATA_BLOCK.search(html).group(1))
    expected = analyse(data["record"])["decisions"]
    page.goto(f"{site_url}{language_prefix(lang)}examples/{EXAMPLE}/")
    # The engine starts on the reader's first use of the stepper: focusing into it is one.
    page.locator(".cj-stepper [data-action=next]").first.focus()
    page.wait_for_selector(".cj-stepper[data-state=ready]", timeout=LOAD_TIMEOUT_MS)
    stepper = page.locator(".cj-stepper")
    toggle = stepper.locator("[data-action=analyse]")
    toggle.wait_for(timeout=LOAD_TIMEOUT_MS)
    assert toggle.inner_text() == cat["analysis"]["ui"]["analyse_switch"]
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    quizzes = {quiz["play"]: quiz for quiz in data.get("quiz", [])}
    if 0 in quizzes:
        stepper.locator(f'[data-action=pick][data-card="{quizzes[0]["choice"]}"]').click()
    stepper.locator("[data-action=next]").click()
    verdict = stepper.locator("[data-role=analysis] .cj-rv-step")
    verdict.wait_for(timeout=ANALYSIS_TIMEOUT_MS)
    first = expected[0]
    assert verdict.get_attribute("data-play-index") == "0"
    assert verdict.get_attribute("data-grade") == first["grade"]
    assert cat["analysis"]["grades"][first["grade"]] in verdict.locator("p").first.inner_text()
    assert verdict.locator("tbody tr").count() == len(first["options"])
    toggle.click()
    assert stepper.locator("[data-role=analysis]").is_hidden()
    assert watched_page.foreign_requests() == []
    assert watched_page.console_errors == []
