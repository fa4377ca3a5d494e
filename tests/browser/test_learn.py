"""The Learn page in Chromium: the whole course by keyboard in every language, a wrong answer at
every level, damaged progress and its reset, accessibility in every state (light and dark, on a
phone too), and not one request for the engine. The answers come from the published
levels.json, which tests/site/test_learn_data.py checks against the engine."""

from __future__ import annotations

import json
import re

import pytest
from support import PageWatch, language_prefix, serious_violations

pytestmark = pytest.mark.browser

LOAD_TIMEOUT_MS = 30_000
PRECACHE_TIMEOUT_MS = 120_000
PROGRESS_KEY = "cj-learn-progress"
CARD_GOALS = {"legal_card", "wins_trick", "best_card"}
# What only the engine needs: none of it may be asked for on the Learn page. (The engine's
# manifest, assets/engine/manifest.json, is read by every page's offline notice in the footer.)
ENGINE_PARTS = (
    "/pyodide/",
    "/assets/engine/engine-",
    "engine-worker.js",
    "engine-snapshot.js",
    "stepper.js",
    "practice.js",
)


@pytest.fixture(scope="module")
def course(site_dir) -> dict:
    return json.loads((site_dir / "assets" / "learn" / "levels.json").read_text(encoding="utf-8"))


def in_order(course: dict) -> list[dict]:
    levels = {level["id"]: level for level in course["levels"]}
    stages = sorted(course["stages"], key=lambda stage: stage["order"])
    return [levels[level_id] for stage in stages for level_id in stage["levels"]]


def ui(lang: str, name: str) -> str:
    from site_data import lookup

    return lookup(lang, f"learn.ui.{name}")


def open_course(page, site_url: str, lang: str):
    page.goto(f"{site_url}{language_prefix(lang)}learn/")
    page.wait_for_selector(".cj-learn[data-state=stages]", timeout=LOAD_TIMEOUT_MS)
    return page.locator(".cj-learn")


def literal_parts(template: str) -> list[str]:
    """The template's own words, between its placeholders."""
    parts = re.split(r"\{\w+(?:\.\w+)?\}", template)  # {card} and its forms, {card.the}
    return [part.strip(" .,:;\u202f") for part in parts if part.strip(" .,:;\u202f")]


def assert_says(text: str, template: str) -> None:
    for part in literal_parts(template):
        assert part.casefold() in text.casefold(), f"{part!r} not in {text!r}"


def press(page, selector: str) -> None:
    """Reach a control with the keyboard focus and press Enter on it."""
    page.locator(selector).focus()
    page.keyboard.press("Enter")


def answer_by_keyboard(page, level: dict, value) -> None:
    shown = f".cj-learn [data-level-id='{level['id']}']"
    if level["goal"] in CARD_GOALS:
        press(page, f"{shown} button[data-card='{value}']")
    elif level["goal"] == "count":
        field = page.locator(f"{shown} input[data-answer]")
        field.fill(str(value))
        field.press("Enter")
    else:
        press(page, f"{shown} button[data-option='{value}']")


def wrong_answers(level: dict) -> list:
    """Wrong answers the level has feedback for, as the reader would give them."""
    if level["goal"] == "count":
        right = level["answers"][0]
        return [value for value in (right + 1, right - 1) if value >= 0]
    return [key for key in level["feedback"] if key not in level["answers"]]


def stored(page) -> dict | None:
    text = page.evaluate(f"() => localStorage.getItem('{PROGRESS_KEY}')")
    return None if text is None else json.loads(text)


def engine_requests(watch) -> list[str]:
    return [url for url in watch.requests if any(part in url for part in ENGINE_PARTS)]


@pytest.mark.parametrize("lang", ["en", "pt", "fr", "es", "it"])
def test_whole_course_by_keyboard(watched_page, site_url, course, lang):
    page = watched_page.page
    levels = in_order(course)
    root = open_course(page, site_url, lang)
    right = ui(lang, "right")
    # The first Tab stop of the course is its "next level" button.
    press(page, ".cj-learn [data-action=play-next]")
    for number, level in enumerate(levels):
        page.wait_for_selector(f".cj-learn[data-state=level] [data-level-id='{level['id']}']")
        if number == 0:
            # From the goal (focused when a level opens) Tab reaches the cards.
            assert page.evaluate("() => document.activeElement.classList.contains('cj-learn-goal')")
            page.keyboard.press("Tab")
            assert page.evaluate("() => document.activeElement.dataset.card") in level["view"]["hand"]
        if level["goal"] not in CARD_GOALS | {"count", "choice"}:
            press(page, ".cj-learn [data-action=next]")  # a deal played on the practice page
            continue
        assert root.locator("[data-action=next]").is_hidden()
        if level["record"].get("scores_before"):
            # Beside the score, the target: a count-out cannot be read without it.
            score = root.locator(f"[data-level-id='{level['id']}'] .cj-learn-score").inner_text()
            assert str(level["target"]) in score, level["id"]
        if level.get("question") in ("trick_winner", "drew_top"):
            # Who won the last trick is the answer: the won piles would give it away.
            shown = root.locator(f"[data-level-id='{level['id']}']").inner_text()
            assert ui(lang, "won_you") not in shown, level["id"]
        answer_by_keyboard(page, level, level["answers"][0])
        feedback = root.locator("[data-feedback][data-result=right]")
        assert right in feedback.inner_text()
        assert feedback.locator("[data-stars='3']").count() == 1
        # Next has the focus once the level is done.
        assert page.evaluate("() => document.activeElement.dataset.action") == "next"
        page.keyboard.press("Enter")
    page.wait_for_selector(".cj-learn[data-state=done]")
    # Three stars for each level answered here; the two deals played on the practice page
    # (play_deal) are not played in this run, so they hold none.
    total = 3 * sum(1 for level in levels if level["goal"] != "play_deal")
    assert root.locator(f"[data-stars-total='{total}']").count() == 1
    expected = {level["id"]: {"stars": 3} for level in levels if level["goal"] != "play_deal"}
    assert stored(page) == {"version": 1, "levels": expected}
    # The progress survives a reload: every level shows its three stars.
    root = open_course(page, site_url, lang)
    for level in levels:
        stars = 0 if level["goal"] == "play_deal" else 3
        assert root.locator(f"[data-open='{level['id']}'] [data-stars='{stars}']").count() == 1, level["id"]
    # What is left is played on the practice page: "go on" leads there, or nothing is left.
    left = any(level["goal"] == "play_deal" for level in levels)
    assert root.locator("[data-action=play-next]").count() == (1 if left else 0)
    assert engine_requests(watched_page) == []
    assert watched_page.foreign_requests() == []
    assert watched_page.console_errors == []


@pytest.mark.parametrize("lang", ["fr"])
def test_a_wrong_answer_at_every_level(watched_page, site_url, course, lang):
    page = watched_page.page
    texts = course["texts"][lang]
    root = open_course(page, site_url, lang)
    for level in in_order(course):
        if level["goal"] not in CARD_GOALS | {"count", "choice"}:
            continue
        wrong = wrong_answers(level)
        if not wrong:
            continue  # every card is an answer (a legal-card level where all are legal)
        press(page, f".cj-learn [data-open='{level['id']}']")
        page.wait_for_selector(f".cj-learn [data-level-id='{level['id']}']")
        # A guided level points at an answer after two misses; one miss elsewhere.
        misses = wrong[:2] if level["guided"] else wrong[:1]
        for value in misses:
            answer_by_keyboard(page, level, value)
            feedback = root.locator("[data-feedback][data-result=wrong]")
            said = feedback.inner_text()
            if level["goal"] == "count":
                entry = level["feedback"]["lower" if value > level["answers"][0] else "higher"]
            else:
                entry = level["feedback"][value]
            assert_says(said, texts[entry["key"]])
            if "reason" in entry:  # a wrong best card: its own sentence, then the point it costs
                assert_says(said, texts[entry["reason"]])
                assert feedback.locator("[data-card-shown]").first.get_attribute("data-card-shown") == value
            if entry["kind"] == "illegal":
                assert texts[entry["rule"]] in said
                link = feedback.locator("a[data-role=rule]").get_attribute("href")
                assert link.startswith("../") and "#" in link
        if len(misses) == 2:
            assert root.locator("[data-feedback] [data-hint]").get_attribute("data-hint") == str(
                level["answers"][0]
            )
        answer_by_keyboard(page, level, level["answers"][0])
        stars = 2 if len(misses) == 1 else 1
        assert root.locator(f"[data-feedback][data-result=right] [data-stars='{stars}']").count() == 1
        assert stored(page)["levels"][level["id"]] == {"stars": stars}
        press(page, ".cj-learn [data-action=stages]")
        page.wait_for_selector(".cj-learn[data-state=stages]")
        # Back in the list, the focus is on the level just left.
        assert page.evaluate("() => document.activeElement.dataset.open") == level["id"]
        assert root.locator(f"[data-open='{level['id']}'] [data-stars='{stars}']").count() == 1
    assert watched_page.console_errors == []


@pytest.mark.parametrize(
    "damage",
    ['{"version": 1, "levels": {"cards-1": {"stars": 7}}}', "{not json", '{"version": 2, "levels": {}}'],
)
def test_damaged_progress_is_dropped_with_a_notice(watched_page, site_url, damage):
    page = watched_page.page
    # Stored from another page: the course reads it when its page opens.
    page.goto(f"{site_url}it/")
    page.evaluate(f"(value) => localStorage.setItem('{PROGRESS_KEY}', value)", damage)
    root = open_course(page, site_url, "it")
    assert root.locator("[data-notice=dropped]").inner_text() == ui("it", "progress_dropped")
    assert stored(page) is None
    # The course goes on: its first level is there to play.
    press(page, ".cj-learn [data-action=play-next]")
    page.wait_for_selector(".cj-learn[data-state=level]")


def test_reset_asks_first(watched_page, site_url, course):
    page = watched_page.page
    first = in_order(course)[0]
    root = open_course(page, site_url, "es")
    press(page, f".cj-learn [data-open='{first['id']}']")
    answer_by_keyboard(page, first, first["answers"][0])
    press(page, ".cj-learn [data-action=stages]")
    page.wait_for_selector(".cj-learn[data-state=stages]")
    press(page, ".cj-learn [data-action=reset]")
    assert ui("es", "reset_confirm") in root.locator("[role=alertdialog]").inner_text()
    assert page.evaluate("() => document.activeElement.dataset.action") == "reset-cancel"
    page.keyboard.press("Enter")
    assert stored(page)["levels"][first["id"]] == {"stars": 3}
    assert root.locator(f"[data-open='{first['id']}'] [data-stars='3']").count() == 1
    press(page, ".cj-learn [data-action=reset]")
    press(page, ".cj-learn [data-action=reset-confirm]")
    assert stored(page) is None
    assert root.locator("[data-notice=reset]").inner_text() == ui("es", "reset_done")
    assert root.locator(f"[data-open='{first['id']}'] [data-stars='0']").count() == 1


def axe_clean(page, state: str) -> None:
    """No serious or critical axe violation, and nothing wider than the screen (375 px phone)."""
    found = serious_violations(page, ".md-content")
    assert found == [], f"{state}: {found}"
    width = page.evaluate("() => document.scrollingElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{state}: the page is {width} px wide"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_accessible_in_every_state(watched_page, phone_page, site_url, course, scheme):
    levels = in_order(course)
    # Light on the desktop, dark on a 375 px phone.
    watch = watched_page if scheme == "light" else phone_page
    page = watch.page
    page.emulate_media(color_scheme=scheme)
    root = open_course(page, site_url, "en")
    axe_clean(page, "stage list")
    guided = next(level for level in levels if level["goal"] in CARD_GOALS and level["guided"])
    press(page, f".cj-learn [data-open='{guided['id']}']")
    page.wait_for_selector(".cj-learn[data-state=level]")
    assert root.locator(".cj-learn-playable").count() == len(guided["view"]["legal"])
    axe_clean(page, "a level")
    answer_by_keyboard(page, guided, wrong_answers(guided)[0])
    root.locator("[data-feedback][data-result=wrong]").wait_for()
    axe_clean(page, "wrong feedback")
    answer_by_keyboard(page, guided, guided["answers"][0])
    root.locator("[data-feedback][data-result=right]").wait_for()
    axe_clean(page, "right feedback")
    # The last level (the course's end: a finished deal's won cards), then the done state.
    last = levels[-1]
    press(page, ".cj-learn [data-action=stages]")
    press(page, f".cj-learn [data-open='{last['id']}']")
    axe_clean(page, "the last level")
    answer_by_keyboard(page, last, last["answers"][0])
    press(page, ".cj-learn [data-action=next]")
    page.wait_for_selector(".cj-learn[data-state=done]")
    axe_clean(page, "done")
    assert engine_requests(watch) == []


def test_any_number_of_levels_and_goals(watched_page, site_url, course):
    """Levels the current course does not have yet: two answers to find, a card without
    feedback, a count before anyone has won a card, a goal type this page does not know, a deal
    played on the practice page."""
    page = watched_page.page
    data = json.loads(json.dumps(course))
    many = next(
        level for level in data["levels"] if level["goal"] == "wins_trick" and len(level["answers"]) >= 2
    )
    two = {**many, "id": "extra-two", "stage": "extra", "par": 2}
    silent = {**many, "id": "extra-silent", "stage": "extra", "feedback": {}}
    counted = next(
        level for level in data["levels"] if level["goal"] == "count" and level.get("kind") == "trumps_out"
    )
    nothing_won = {
        **counted,
        "id": "extra-nothing-won",
        "stage": "extra",
        "view": {**counted["view"], "won": [[], []]},
    }
    unknown = {**many, "id": "extra-unknown", "stage": "extra", "goal": "future_goal"}
    deal = {**many, "id": "extra-deal", "stage": "extra", "goal": "play_deal"}
    extra = [two, silent, nothing_won, unknown, deal]
    data["levels"] += extra
    first = data["stages"][0]
    data["stages"].append({**first, "id": "extra", "order": 99, "levels": [level["id"] for level in extra]})
    page.route("**/assets/learn/levels.json*", lambda route: route.fulfill(json=data))
    page.goto(site_url)
    stored_by_practice = {"version": 1, "levels": {"extra-deal": {"stars": 2}}}
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)", [PROGRESS_KEY, json.dumps(stored_by_practice)]
    )
    root = open_course(page, site_url, "en")
    # The played deal is a link to the practice page, with the stars it stored.
    link = root.locator("a[data-open='extra-deal']")
    assert link.get_attribute("href") == "../practice/#learn=extra-deal"
    assert link.locator("[data-stars='2']").count() == 1
    press(page, ".cj-learn [data-open='extra-two']")
    answer_by_keyboard(page, two, two["answers"][0])
    assert root.locator("[data-feedback]").inner_text() == ui("en", "found_more").format(n=1, total=2)
    answer_by_keyboard(page, two, two["answers"][0])
    assert root.locator("[data-feedback]").inner_text() == ui("en", "found_already")
    answer_by_keyboard(page, two, two["answers"][1])
    assert root.locator("[data-feedback][data-result=right] [data-stars='3']").count() == 1
    press(page, ".cj-learn [data-action=next]")
    page.wait_for_selector(".cj-learn [data-level-id='extra-silent']")
    wrong = next(card for card in silent["view"]["hand"] if card not in silent["answers"])
    answer_by_keyboard(page, silent, wrong)
    assert root.locator("[data-feedback][data-result=wrong]").inner_text() == ui("en", "not_this")
    answer_by_keyboard(page, silent, silent["answers"][0])
    press(page, ".cj-learn [data-action=next]")
    page.wait_for_selector(".cj-learn [data-level-id='extra-nothing-won']")
    assert root.locator(".cj-learn-none").all_inner_texts() == [ui("en", "none")] * 2
    answer_by_keyboard(page, nothing_won, nothing_won["answers"][0])
    press(page, ".cj-learn [data-action=next]")
    page.wait_for_selector(".cj-learn [data-level-id='extra-unknown']")
    assert root.locator(".cj-learn-unknown").inner_text() == ui("en", "unknown_goal")
    press(page, ".cj-learn [data-action=next]")
    page.wait_for_selector(".cj-learn [data-level-id='extra-deal']")
    assert root.locator("a[href='../practice/#learn=extra-deal']").count() == 1
    assert watched_page.console_errors == []


def test_a_course_that_cannot_load_says_so(watched_page, site_url):
    page = watched_page.page
    page.route("**/assets/learn/levels.json*", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(f"{site_url}pt/learn/")
    page.wait_for_selector(".cj-learn[data-state=failed]")
    assert page.locator(".cj-learn [role=alert]").inner_text() == ui("pt", "load_failed")


def test_a_count_that_is_not_a_number_is_asked_again(watched_page, site_url, course):
    page = watched_page.page
    count = next(level for level in in_order(course) if level["goal"] == "count")
    root = open_course(page, site_url, "en")
    press(page, f".cj-learn [data-open='{count['id']}']")
    field = root.locator("input[data-answer]")
    for typed in ("", "-3"):
        field.fill(typed)
        field.press("Enter")
        assert root.locator(".cj-learn-problem").inner_text() == ui("en", "enter_number")
        assert field.get_attribute("aria-invalid") == "true"
        assert root.locator("[data-feedback]").inner_text() == ""  # not counted as a mistake
    answer_by_keyboard(page, count, count["answers"][0])
    assert root.locator("[data-feedback][data-result=right] [data-stars='3']").count() == 1


def test_after_one_visit_the_course_works_offline(browser, site_url, course):
    """A first visit to the Portuguese course, online; then, offline, the Italian course (never
    opened) shows its stages and its first level is played: the service worker has the
    course's script, styles and levels."""
    context = browser.new_context(service_workers="allow")  # the shared contexts block it
    watch = PageWatch(context.new_page())
    page = watch.page
    open_course(page, site_url, "pt")
    # The whole site is pre-cached before the worker takes the page over.
    page.wait_for_function("() => !!navigator.serviceWorker?.controller", timeout=PRECACHE_TIMEOUT_MS)
    context.set_offline(True)
    root = open_course(page, site_url, "it")
    first = in_order(course)[0]
    press(page, ".cj-learn [data-action=play-next]")
    answer_by_keyboard(page, first, first["answers"][0])
    assert ui("it", "right") in root.locator("[data-feedback][data-result=right]").inner_text()
    assert engine_requests(watch) == []
    context.close()


def first_with(course: dict, test) -> dict:
    return next(level for level in in_order(course) if test(level))


@pytest.mark.parametrize("lang", ["en", "it"])
def test_an_answer_accepted_or_shown_says_why_it_is_right(watched_page, site_url, course, lang):
    """One level of each kind of reason: the accepted answer is followed by the engine's why,
    and a guided level's hint after two misses says it too."""
    page = watched_page.page
    texts = course["texts"][lang]
    root = open_course(page, site_url, lang)
    kinds: dict[str, dict] = {}
    for level in in_order(course):
        if level["goal"] != "play_deal":
            kinds.setdefault(level["why"]["key"], level)
    assert {"learn.why.best_exact", "learn.why.best_sampled", "learn.why.follow_or_trump"} <= set(kinds)
    for key, level in kinds.items():
        press(page, f".cj-learn [data-open='{level['id']}']")
        page.wait_for_selector(f".cj-learn [data-level-id='{level['id']}']")
        answer_by_keyboard(page, level, level["answers"][0])
        why = root.locator("[data-feedback][data-result=right] [data-why]")
        assert why.get_attribute("data-why") == key, level["id"]
        said = why.inner_text()
        assert_says(said, texts[key])
        assert "{" not in said, (level["id"], said)
        # Where cards tie, the why is the one of the card played (answers[0] here).
        shown = (level.get("why_by_answer") or {}).get(level["answers"][0]) or level["why"]
        for name in ("gain", "n", "total", "samples"):
            if name in shown["params"]:
                number = shown["params"][name]
                assert (
                    page.evaluate("([n, lang]) => new Intl.NumberFormat(lang).format(n)", [number, lang])
                    in said
                )
        press(page, ".cj-learn [data-action=stages]")
        page.wait_for_selector(".cj-learn[data-state=stages]")
    guided = first_with(
        course, lambda lv: lv["guided"] and lv["goal"] in CARD_GOALS and len(wrong_answers(lv)) >= 2
    )
    press(page, f".cj-learn [data-open='{guided['id']}']")
    for value in wrong_answers(guided)[:2]:
        answer_by_keyboard(page, guided, value)
    assert (
        root.locator("[data-feedback][data-result=wrong] [data-why]").get_attribute("data-why")
        == guided["why"]["key"]
    )
    assert watched_page.console_errors == []


def test_a_retry_never_lowers_the_stars_and_the_rule_is_said(watched_page, site_url, course):
    page = watched_page.page
    level = first_with(course, lambda lv: lv["goal"] in CARD_GOALS and wrong_answers(lv))
    root = open_course(page, site_url, "es")
    rule = ui("es", "stars_rule")
    assert root.locator("[data-role=stars-rule]").all_inner_texts() == [rule]
    press(page, f".cj-learn [data-open='{level['id']}']")
    assert root.locator("[data-role=stars-rule]").all_inner_texts() == [rule]
    answer_by_keyboard(page, level, level["answers"][0])
    assert stored(page)["levels"][level["id"]] == {"stars": 3}
    assert root.locator("[data-role=best-kept]").count() == 0
    # Retry with a mistake: this try earns 2, the level keeps its 3 and the page says so.
    press(page, ".cj-learn [data-action=retry]")
    answer_by_keyboard(page, level, wrong_answers(level)[0])
    answer_by_keyboard(page, level, level["answers"][0])
    assert root.locator("[data-feedback][data-result=right] [data-stars='2']").count() == 1
    kept = root.locator("[data-role=best-kept]")
    assert kept.get_attribute("data-stars-best") == "3"
    assert kept.inner_text() == ui("es", "best_kept_other").format(n=3)
    assert stored(page)["levels"][level["id"]] == {"stars": 3}
    press(page, ".cj-learn [data-action=stages]")
    assert root.locator(f"[data-open='{level['id']}'] [data-stars='3']").count() == 1
    assert watched_page.console_errors == []


def test_the_turn_up_is_explained_as_the_stock_s_top_card(watched_page, site_url, course):
    page = watched_page.page
    root = open_course(page, site_url, "fr")
    before = first_with(course, lambda lv: lv["goal"] in CARD_GOALS and not lv["view"]["tricks"])
    after = first_with(course, lambda lv: lv["goal"] in CARD_GOALS and lv["view"]["tricks"])
    for level in (before, after):
        press(page, f".cj-learn [data-open='{level['id']}']")
        page.wait_for_selector(f".cj-learn [data-level-id='{level['id']}']")
        note = root.locator(f"[data-level-id='{level['id']}'] [data-role=turn-up-note]").inner_text()
        tricks = level["view"]["tricks"]
        if not tricks:
            name = "turn_up_on_stock"
        else:
            name = (
                "turn_up_taken_you"
                if tricks[0]["draws"][0]["seat"] == level["seat"]
                else "turn_up_taken_other"
            )
        assert note == ui("fr", name), level["id"]
        press(page, ".cj-learn [data-action=stages]")
    assert watched_page.console_errors == []


def test_a_counting_drill_shows_the_played_cards_by_suit(watched_page, site_url, course):
    page = watched_page.page
    root = open_course(page, site_url, "pt")
    level = first_with(course, lambda lv: lv.get("kind") == "trumps_out")
    press(page, f".cj-learn [data-open='{level['id']}']")
    rows = root.locator(f"[data-level-id='{level['id']}'] [data-role=played-by-suit] li")
    view = level["view"]
    played = [card for trick in view["tricks"] for card in trick["cards"]] + view["current_trick"]
    suits = rows.evaluate_all(
        "(items) => items.map((item) => [item.dataset.suit, Number(item.dataset.count)])"
    )
    assert suits[0][0] == view["trump"]  # trumps first: what the drill asks about
    assert sorted(suits) == sorted([suit, sum(1 for card in played if card[1] == suit)] for suit in "SHDC")
    assert ui("pt", "played_by_suit") in root.locator(f"[data-level-id='{level['id']}']").inner_text()
    assert watched_page.console_errors == []


def test_the_practice_page_s_way_back_opens_the_next_level(watched_page, site_url, course):
    page = watched_page.page
    level = in_order(course)[5]
    page.goto(f"{site_url}learn/#level={level['id']}")
    page.wait_for_selector(
        f".cj-learn[data-state=level] [data-level-id='{level['id']}']", timeout=LOAD_TIMEOUT_MS
    )
    assert "#level=" not in page.url  # a reload shows the list, not this level again
    page.goto(f"{site_url}learn/#level=no-such-level")
    page.reload()
    page.wait_for_selector(".cj-learn[data-state=stages]", timeout=LOAD_TIMEOUT_MS)
    assert watched_page.console_errors == []


def test_a_tied_right_card_is_explained_for_itself(watched_page, site_url, course):
    """A newcomer played one of two tied cards and was told why the other was best."""
    page = watched_page.page
    level = first_with(course, lambda lv: len(lv.get("why_by_answer") or {}) > 1)
    root = open_course(page, site_url, "en")
    for played in (level["answers"][-1], level["answers"][0]):
        press(page, f".cj-learn [data-open='{level['id']}']")
        page.wait_for_selector(f".cj-learn [data-level-id='{level['id']}']")
        answer_by_keyboard(page, level, played)
        why = root.locator("[data-feedback][data-result=right] [data-why]")
        assert why.locator("[data-card-shown]").first.get_attribute("data-card-shown") == played
        ties = [card for card in level["answers"] if card != played]
        shown = [
            why.locator("[data-card-shown]").nth(i).get_attribute("data-card-shown")
            for i in range(why.locator("[data-card-shown]").count())
        ]
        assert set(ties) <= set(shown), (played, shown)
        press(page, ".cj-learn [data-action=stages]")
        page.wait_for_selector(".cj-learn[data-state=stages]")
    assert watched_page.console_errors == []


def test_a_stage_s_first_level_repeats_its_intro_until_closed(watched_page, site_url, course):
    page = watched_page.page
    stage = sorted(course["stages"], key=lambda stage: stage["order"])[2]
    first, second = stage["levels"][:2]
    root = open_course(page, site_url, "en")
    texts = course["texts"]["en"]
    press(page, f".cj-learn [data-open='{first}']")
    intro = root.locator("[data-role=stage-intro]")
    intro.wait_for()
    assert texts[stage["intro"]] in intro.inner_text()
    # Read with the goal, which has the focus: a screen reader announces both.
    described = page.evaluate("() => document.activeElement.getAttribute('aria-describedby')")
    assert described and texts[stage["intro"]] == page.locator(f"[id='{described}']").inner_text()
    press(page, ".cj-learn [data-action=close-intro]")
    assert intro.count() == 0
    assert page.evaluate("() => document.activeElement.classList.contains('cj-learn-goal')")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-describedby')") is None
    press(page, ".cj-learn [data-action=stages]")
    press(page, f".cj-learn [data-open='{second}']")
    page.wait_for_selector(f".cj-learn [data-level-id='{second}']")
    assert root.locator("[data-role=stage-intro]").count() == 0
    assert watched_page.console_errors == []


def test_a_best_card_shows_the_cards_won_and_how_much_of_the_hand_is_known(watched_page, site_url, course):
    page = watched_page.page
    level = first_with(
        course,
        lambda lv: (
            lv["goal"] == "best_card"
            and lv["view"]["known"][1 - lv["seat"]]
            and lv["view"]["stock_count"] == 0
        ),
    )
    root = open_course(page, site_url, "en")
    press(page, f".cj-learn [data-open='{level['id']}']")
    shown = root.locator(f"[data-level-id='{level['id']}']")
    shown.wait_for()
    text = shown.inner_text()
    assert ui("en", "won_you") in text and ui("en", "won_other") in text
    known = level["view"]["known"][1 - level["seat"]]
    total = level["view"]["hand_sizes"][1 - level["seat"]]
    template = ui("en", "opponent_known_of_one" if len(known) == 1 else "opponent_known_of_other")
    assert template.format(n=len(known), total=total) in text
    assert watched_page.console_errors == []
