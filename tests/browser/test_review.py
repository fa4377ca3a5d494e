"""Review the deal and Find a better card (review.js) in Chromium, on the practice page.

The practice page loads review.js; the test opens the review itself with a finished deal's
record (the page's "Review the deal" button only calls the same `CJReview.open`). The engine
in Pyodide must give exactly the grades CPython gives, the timeline and the options must be in
the page's language, Find a better card must refute a wrong card and accept a good one by
keyboard, and the practice statistics must stay untouched.
"""

from __future__ import annotations

import json
import re

import pytest
from support import ROOT, careless_deal, language_prefix, seen_on_screen, serious_violations

from engine.analysis.deal_analysis import analyse
from engine.surfaces.catalogue import Catalogue, fill

pytestmark = pytest.mark.browser

LOAD_TIMEOUT_MS = 60_000
ANALYSIS_TIMEOUT_MS = 120_000
READER = 0


def catalogue(lang: str) -> dict:
    return json.loads((ROOT / "engine" / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


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
    labels = (Catalogue(lang).count(f"analysis.counts.{g}", n) for g, n in counts.items())
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
    lost = [
        cat.text(f"points.{name}")
        for name in option["points"]
        if best["points"][name] - option["points"][name] >= 0.25
    ]
    assert option.get("reply") and len(lost) >= 2, "no two-point refutation here now: pick another deal"
    open_review(page, site_url, lang, record)
    box = page.locator("#review-box")
    box.locator("[data-action=find-better]").click()
    panel = box.locator("[data-role=find-better]")
    for _ in range(3):
        panel.locator("[data-action=skip]").click()
    counter = cat.text("analysis.ui.counter", n=4, total=len(todo))
    assert panel.locator("[data-role=counter]").inner_text() == counter
    panel.locator(f"button[data-card='{decision['played']}']").click()
    verdict = panel.locator("[data-role=verdict]")
    assert verdict.get_attribute("data-verdict") == "refuted"
    # The refutation leads the verdict; the reason and the line of play follow it.
    refuted = cat.text(
        "analysis.ui.refuted",
        card=cat.card(decision["played"]),
        reply=cat.card(option["reply"]),
        points=cat.series(lost),
    )
    assert refuted in verdict.inner_text()
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


# ----- on a phone: the sentence first, the numbers folded and stacked, the table's names ------------

# A phone: the session's phone context (tests/conftest.py PHONE: 375×740, touch).


def within(page, selector: str, width: int) -> list[str]:
    """Elements under `selector` that reach past the screen's right edge, or scroll sideways
    inside themselves (text kept for screen readers only, in a 1 px box, is not counted)."""
    return page.evaluate(
        """([selector, width]) => [...document.querySelectorAll(selector + ' *')]
            .filter((e) => e.getBoundingClientRect().width > 1 && !e.closest('thead'))
            .filter((e) => {
                const style = getComputedStyle(e);
                const scrolls = /auto|scroll/.test(style.overflowX) && e.scrollWidth > e.clientWidth + 1;
                return scrolls || e.getBoundingClientRect().right > width + 0.5;
            })
            .map((e) => e.tagName + '.' + e.className)""",
        [selector, width],
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_review_on_a_phone_leads_with_the_sentence_and_folds_the_numbers(phone_page, site_url, scheme):
    cat = catalogue("en")
    ui = cat["analysis"]["ui"]
    record = {**careless_deal(31), "scores_before": [3, 4]}  # known scores: graded by win chance
    expected = analyse(record, seat=READER)["decisions"]
    page = phone_page.page
    page.emulate_media(color_scheme=scheme)
    open_review(page, site_url, "en", record)
    review = page.locator("#review-box [data-role=review]")
    # The table's names, never "Player B"; the reader's own sentence for the reader.
    timeline = review.locator("[data-role=timeline]").inner_text()
    assert cat["seats"]["seat"].format(letter="B") not in timeline
    # Another seat in running text ("The computer played …", capitalised at a sentence's start).
    other = fill(ui["decision_other"], player=cat["seats"]["in_text"]["computer"], card="").strip()
    assert other.lower() in timeline.lower()
    assert fill(ui["decision_you"], card="").strip() in timeline
    worst = max(range(len(expected)), key=lambda i: (expected[i]["loss"], expected[i]["win_loss"]))
    decision = expected[worst]
    assert decision["grade"] != "best" and decision["graded_by"] == "win_chance"
    item = review.locator(f"li.cj-rv-mine[data-play-index='{decision['play_index']}']")
    item.locator("summary").click()
    # First the plain sentence, then the rule that graded the card with its scale; the numbers
    # only behind "Details".
    assert item.locator("[data-role=reason]").inner_text() == cat["analysis"]["reasons"][decision["reason"]]
    graded = item.locator("[data-role=graded-by]")
    assert graded.get_attribute("data-graded-by") == "win_chance"
    assert graded.inner_text().startswith(ui["graded_by_win_chance"].split(":")[0])
    numbers = item.locator("[data-role=numbers]")
    assert numbers.is_hidden()
    item.locator("[data-action=details]").click()
    assert numbers.is_visible()
    # Stacked on a phone: one block per card, every cell inside the screen, nothing scrolls.
    cells = item.locator("table.cj-rv-options td")
    assert cells.first.evaluate("(td) => getComputedStyle(td).display") == "block"
    assert cells.first.get_attribute("data-label") == ui["col_value"] + ": "
    assert within(page, "#review-box", 375) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 375
    assert serious_violations(page, "#review-box") == []


def _careless_with_an_exact_mistake() -> tuple[dict, list[dict], int]:
    record = careless_deal(33)
    decisions = analyse(record, seat=READER)["decisions"]
    todo = [d for d in decisions if d["grade"] in ("inaccuracy", "mistake", "blunder")]
    exact = next(i for i, d in enumerate(todo) if d["exact"])
    return record, todo, exact


def expected_line(cat: dict, tricks: list[dict], name: str) -> list[str]:
    """The sentences a line of tricks reads as, from the reader's side (seat READER)."""
    def short(code: str) -> str:
        return cat["ranks"][code[0]]["short"] + cat["suits"][code[1]]["symbol"]

    sentences = []
    for trick in tricks:
        first, second = trick["cards"]
        mine = "you" if first["seat"] == READER else "other"
        outcome = "won" if trick["winner"] == READER else "lost"
        template = cat["analysis"]["line"][f"{mine}_first_{outcome}"]
        cards = {"first": short(first["card"]), "second": short(second["card"])}
        sentences.append(template.format(n=trick["number"], player=name, **cards))
    return sentences


def test_find_a_better_card_explains_each_answer_on_its_table(phone_page, site_url):
    cat = catalogue("en")
    ui = cat["analysis"]["ui"]
    record, todo, exact = _careless_with_an_exact_mistake()
    page = phone_page.page
    open_review(page, site_url, "en", record)
    box = page.locator("#review-box")
    box.locator("[data-action=find-better]").click()
    panel = box.locator("[data-role=find-better]")
    # The first one is estimated: Show names the best card and says why it is better.
    first = todo[0]
    position_box = panel.locator("[data-role=position]")
    trump = analyse(record, seat=READER, only=[])["trump"]
    assert cat["suits"][trump]["name"] in position_box.locator("[data-role=trump]").inner_text()
    lead = position_box.locator("[data-role=lead], [data-role=trick]").first
    if lead.get_attribute("data-role") == "trick":
        assert cat["seats"]["computer"] in lead.inner_text()
    else:
        assert lead.inner_text() == ui["you_lead"]
    played = panel.locator(f"button[data-card='{first['played']}']")
    assert "played" in played.get_attribute("data-marks").split()
    assert ui["played"] in played.inner_text()
    panel.locator("[data-action=show]").click()
    verdict = panel.locator("[data-role=verdict]")
    best = next(o for o in first["options"] if o["card"] == first["best"][0])
    assert cat["analysis"]["advantages"][best["advantage"]] in verdict.inner_text()
    marked = panel.locator(f"button[data-card='{first['best'][0]}']")
    assert "best" in marked.get_attribute("data-marks").split() and ui["best_mark"] in marked.inner_text()
    # On to the first mistake where every card is known.
    for _ in range(exact):
        panel.locator("[data-action=next], [data-action=skip]").first.click()
    decision = todo[exact]
    options = {o["card"]: o for o in decision["options"]}
    # The card played again: refuted with the engine's reason and the line, trick by trick.
    panel.locator(f"button[data-card='{decision['played']}']").click()
    assert verdict.get_attribute("data-verdict") == "refuted"
    wrong = options[decision["played"]]
    text = verdict.inner_text()
    assert cat["analysis"]["reasons"][wrong["reason"]] in text
    sentences = verdict.locator("[data-role=line] li")
    assert [sentences.nth(i).inner_text() for i in range(sentences.count())] == expected_line(
        cat, wrong["tricks"], cat["seats"]["in_text"]["computer"]
    )
    chosen = panel.locator(f"button[data-card='{decision['played']}']")
    assert "chosen" in chosen.get_attribute("data-marks").split() and ui["mark_chosen"] in chosen.inner_text()
    # In view on the phone, under the header.
    assert seen_on_screen(verdict.bounding_box(), 740), verdict.bounding_box()
    # The best card: accepted, with why it is better and its own line.
    panel.locator(f"button[data-card='{decision['best'][0]}']").click()
    assert verdict.get_attribute("data-verdict") == "accepted"
    right = options[decision["best"][0]]
    assert cat["analysis"]["advantages"][right["advantage"]] in verdict.inner_text()
    sentences = verdict.locator("[data-role=line] li")
    assert sentences.count() == len(right["tricks"])
    marks = panel.locator(f"button[data-card='{decision['best'][0]}']").get_attribute("data-marks")
    assert "best" in marks.split()
    assert serious_violations(page, "#review-box") == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_worked_examples_analysis_at_375_px_has_no_unreachable_scrolling_region(
    phone_page, site_url, scheme
):
    page = phone_page.page
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{site_url}fr/examples/{EXAMPLE}/")
    page.locator(".cj-stepper [data-action=next]").first.focus()
    page.wait_for_selector(".cj-stepper[data-state=ready]", timeout=LOAD_TIMEOUT_MS)
    stepper = page.locator(".cj-stepper")
    stepper.locator("[data-action=analyse]").click()
    stepper.locator("[data-action=next]").click()
    verdict = stepper.locator("[data-role=analysis] .cj-rv-step")
    verdict.wait_for(timeout=ANALYSIS_TIMEOUT_MS)
    verdict.locator("[data-action=details]").click()
    assert within(page, ".cj-stepper", 375) == []
    assert serious_violations(page, ".cj-stepper") == []


def test_a_review_whose_engine_fails_before_its_catalogue_says_so_and_retries(watched_page, site_url):
    """Issue 22: the review reads its catalogue inside its error handling. An engine that fails
    at that first request (the connection dropped) gets the page's own network message and a
    Retry, which opens the review again in the same place; nothing escapes as an unhandled
    error."""
    page = watched_page.page
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site_url}practice/")
    page.wait_for_function("() => window.CJReview !== undefined", timeout=LOAD_TIMEOUT_MS)
    page.evaluate(
        """async ([record, seat]) => {
            const src = document.querySelector('script[src*="practice.js"]').src;
            const client = await import(src.replace('practice.js', 'engine-client.js'));
            let calls = 0;
            // Fails its first request as a dropped connection does, then is the page's engine.
            const engine = { request: (request) => calls++ ? client.engine().request(request)
                : Promise.reject(Object.assign(new Error('connection dropped'), { network: true })) };
            const box = document.createElement('div');
            box.id = 'review-box';
            document.querySelector('.cj-practice').after(box);
            window.reviewHandle = window.CJReview.open(box, { record, seat, lang: 'en', engine });
            window.reviewOutcome = window.reviewHandle.ready.then(() => 'resolved', (e) => 'rejected: ' + e);
        }""",
        [careless_deal(5), READER],
    )
    assert page.evaluate("() => window.reviewOutcome") == "resolved"
    failure = page.locator("#review-box [data-failure=network]")
    early = catalogue("en")["offline"]["engine_network"]
    assert failure.locator("[role=alert]").inner_text() == early
    failure.locator("[data-action=retry]").click()
    # The catalogue came this time: the review speaks, in one place (the analysis is not awaited).
    page.wait_for_function(
        "() => document.querySelector('#review-box [data-role=review]')?.getAttribute('aria-label')",
        timeout=LOAD_TIMEOUT_MS,
    )
    review = page.locator("#review-box [data-role=review]")
    assert review.count() == 1
    assert review.get_attribute("aria-label") == catalogue("en")["analysis"]["ui"]["review"]
    assert page.locator("#review-box [data-failure]").count() == 0
    page.evaluate("() => window.reviewHandle.close()")
    assert errors == []
