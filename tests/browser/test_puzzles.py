"""The Puzzles page in Chromium: solve one, fail one and see the refutation, open the daily
puzzle, in two languages; progress kept, checked and reset; a saved personal puzzle."""

from __future__ import annotations

import datetime
import json

import pytest
from support import (
    CARD_PLACEHOLDER,
    ROOT,
    language_prefix,
    overlapping_marks,
    seen_on_screen,
    serious_violations,
)

from engine.analysis.puzzles import daily_index, judge, position_of

pytestmark = pytest.mark.browser

LOAD_TIMEOUT_MS = 90_000
ANSWER_TIMEOUT_MS = 30_000
PUZZLES = [
    json.loads(line)
    for line in (ROOT / "tutorials" / "puzzles.jsonl").read_text(encoding="utf-8").splitlines()
]


def catalogue(lang: str) -> dict:
    return json.loads((ROOT / "engine" / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


def open_puzzle(page, site_url: str, lang: str, puzzle_id: str | None = None):
    query = f"?puzzle={puzzle_id}" if puzzle_id else ""
    page.goto(f"{site_url}{language_prefix(lang)}puzzles/{query}")
    page.wait_for_selector(".cj-puzzles[data-state=ready][data-status=playing]", timeout=LOAD_TIMEOUT_MS)
    return page.locator(".cj-puzzles")


def first_with(steps: int) -> dict:
    return next(p for p in PUZZLES if len(p["solution"]) == steps)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_solve_fail_and_daily(watched_page, site_url, lang):
    page = watched_page.page
    cat = catalogue(lang)["puzzles"]
    reasons = catalogue(lang)["analysis"]["reasons"]
    solved = first_with(1)
    root = open_puzzle(page, site_url, lang, solved["id"])
    assert root.get_attribute("data-puzzle") == solved["id"]
    assert cat["task"] in root.locator("[data-role=task]").inner_text()
    # Solve it: the solution card, then the verdict and a higher rating.
    root.locator(f"[data-role=hand] button[data-card='{solved['solution'][0]}']").click()
    page.wait_for_selector(".cj-puzzles[data-status=solved]", timeout=ANSWER_TIMEOUT_MS)
    feedback = root.locator("[data-role=feedback]").inner_text()
    assert CARD_PLACEHOLDER.split(cat["solved"])[0].strip() in feedback
    progress = json.loads(page.evaluate("() => localStorage.getItem('cj-puzzles-progress')"))
    assert progress["solved"] == [solved["id"]] and progress["streak"] == 1
    assert progress["player"]["rating"] > 1500
    # Fail another: a wrong card is refuted to the end of the deal, with the point and reason.
    failed = PUZZLES[1] if PUZZLES[1]["id"] != solved["id"] else PUZZLES[2]
    deal = position_of(failed["record"])
    from engine import card_code

    wrong = next(card_code(c) for c in deal.legal_plays() if card_code(c) != failed["solution"][0])
    verdict = judge(deal, wrong)
    root = open_puzzle(page, site_url, lang, failed["id"])
    root.locator(f"[data-role=hand] button[data-card='{wrong}']").click()
    page.wait_for_selector(".cj-puzzles[data-status=failed]", timeout=ANSWER_TIMEOUT_MS)
    feedback = root.locator("[data-role=feedback]").inner_text()
    assert reasons[verdict["reason"]] in feedback
    points = catalogue(lang)["points"]
    named = verdict["lost"] or verdict["conceded"]
    assert all(points[name] in feedback for name in named) and named
    # Joined as the language joins a list ("High and Low"), never by a bare comma (issue 21).
    from engine.surfaces.catalogue import Catalogue

    assert Catalogue(lang).series([points[name] for name in named]) in feedback
    assert root.locator("[data-action=retry]").is_visible()
    progress = json.loads(page.evaluate("() => localStorage.getItem('cj-puzzles-progress')"))
    assert progress["failed"] == [failed["id"]] and progress["streak"] == 0
    # "Next puzzle" while a refutation is still being played out cuts it short.
    root = open_puzzle(page, site_url, lang, failed["id"])
    root.locator(f"[data-role=hand] button[data-card='{wrong}']").click()
    page.wait_for_selector(".cj-puzzles[data-status=busy]", timeout=ANSWER_TIMEOUT_MS)
    root.locator(".cj-pz-actions [data-action=next]").click()
    page.wait_for_selector(
        f".cj-puzzles[data-status=playing]:not([data-puzzle='{failed['id']}'])", timeout=ANSWER_TIMEOUT_MS
    )
    # The daily puzzle: the same pick as the engine's for today's UTC date.
    root.locator("[data-action=daily]").click()
    today = datetime.datetime.now(datetime.UTC).date()
    expected = PUZZLES[daily_index(today, len(PUZZLES))]["id"]
    page.wait_for_selector(
        f".cj-puzzles[data-puzzle='{expected}'][data-status=playing]", timeout=ANSWER_TIMEOUT_MS
    )
    title = root.locator("[data-role=title]").inner_text()
    assert catalogue(lang)["puzzles"]["daily"] in title
    # The date in the language's own order: British English day first, not "December 2, 2026".
    day_first = {"en": f"{today.day} {today:%B} {today.year}", "pt": f"{today.day} de "}
    assert day_first[lang] in title
    assert serious_violations(page, ".cj-puzzles") == []
    assert watched_page.foreign_requests() == []
    assert watched_page.console_errors == []


def test_two_moves_by_keyboard_then_show_and_next(watched_page, site_url):
    page = watched_page.page
    puzzle = first_with(2)
    root = open_puzzle(page, site_url, "en", puzzle["id"])
    for card in puzzle["solution"]:
        page.wait_for_selector(".cj-puzzles[data-status=playing]", timeout=ANSWER_TIMEOUT_MS)
        hand = root.locator("[data-role=hand] button")
        codes = [hand.nth(i).get_attribute("data-card") for i in range(hand.count())]
        root.locator("[data-role=hand] button[tabindex='0']").focus()
        start = codes.index(page.evaluate("() => document.activeElement.dataset.card"))
        for _ in range((codes.index(card) - start) % len(codes)):
            page.keyboard.press("ArrowRight")
        assert page.evaluate("() => document.activeElement.dataset.card") == card
        page.keyboard.press("Enter")
        page.wait_for_selector(".cj-puzzles:not([data-status=busy])", timeout=ANSWER_TIMEOUT_MS)
    page.wait_for_selector(".cj-puzzles[data-status=solved]", timeout=ANSWER_TIMEOUT_MS)
    # Show the solution of the next puzzle: it plays out, and the first try counts as missed.
    root.locator(".cj-pz-actions [data-action=next]").click()
    page.wait_for_selector(
        f".cj-puzzles[data-status=playing]:not([data-puzzle='{puzzle['id']}'])", timeout=ANSWER_TIMEOUT_MS
    )
    shown = root.get_attribute("data-puzzle")
    root.locator("[data-action=show]").click()
    page.wait_for_selector(".cj-puzzles[data-status=shown]", timeout=ANSWER_TIMEOUT_MS)
    solution = next(p for p in PUZZLES if p["id"] == shown)["solution"]
    assert "The solution:" in root.locator("[data-role=feedback]").inner_text()
    progress = json.loads(page.evaluate("() => localStorage.getItem('cj-puzzles-progress')"))
    assert progress["failed"] == [shown] and progress["solved"] == [puzzle["id"]]
    assert len(solution) >= 1
    assert watched_page.console_errors == []


def test_corrupt_progress_is_dropped_with_a_notice_and_reset_asks_first(watched_page, site_url):
    page = watched_page.page
    cat = catalogue("fr")["puzzles"]
    # Once the page has read its storage: a page still starting would read (and drop) the
    # damaged values itself, before the reload that should report them.
    open_puzzle(page, site_url, "fr")
    page.evaluate(
        """() => {
            localStorage.setItem('cj-puzzles-progress', '{"version": 1, "player": 3}');
            localStorage.setItem('cj-puzzles-personal', 'not json');
        }"""
    )
    root = open_puzzle(page, site_url, "fr", PUZZLES[0]["id"])
    notices = root.locator("[data-role=notice]").inner_text()
    assert cat["corrupt"] in notices and cat["corrupt_personal"] in notices
    root.locator(f"[data-role=hand] button[data-card='{PUZZLES[0]['solution'][0]}']").click()
    page.wait_for_selector(".cj-puzzles[data-status=solved]", timeout=ANSWER_TIMEOUT_MS)
    solved_text = root.locator("[data-role=solved]").inner_text()
    root.locator("[data-action=reset]").click()
    assert cat["reset_confirm"] in root.locator(".cj-pz-progress").inner_text()
    root.locator("[data-action=reset-no]").click()
    assert root.locator("[data-role=solved]").inner_text() == solved_text
    root.locator("[data-action=reset]").click()
    root.locator("[data-action=reset-yes]").click()
    progress = json.loads(page.evaluate("() => localStorage.getItem('cj-puzzles-progress')"))
    assert progress["solved"] == [] and progress["player"]["rating"] == 1500
    assert "1500" in root.locator("[data-role=rating]").inner_text()
    assert watched_page.console_errors == []


def test_a_saved_personal_puzzle_is_played_from_the_list(watched_page, site_url):
    page = watched_page.page
    source = PUZZLES[5]
    deal = position_of(source["record"])
    from engine import card_code

    wrong = next(card_code(c) for c in deal.legal_plays() if card_code(c) != source["solution"][0])
    page.goto(f"{site_url}puzzles/")
    page.wait_for_function("() => window.CJPuzzles !== undefined", timeout=LOAD_TIMEOUT_MS)
    saved = page.evaluate(
        "(p) => window.CJPuzzles.savePersonal(p)",
        {"record": source["record"], "seat": source["seat"], "played": wrong, "trick": 22},
    )
    root = open_puzzle(page, site_url, "en", saved)
    assert root.get_attribute("data-kind") == "personal"
    root.locator(f"[data-role=hand] button[data-card='{source['solution'][0]}']").click()
    page.wait_for_selector(".cj-puzzles[data-status=solved]", timeout=ANSWER_TIMEOUT_MS)
    # Personal puzzles never move the rating.
    assert page.evaluate("() => localStorage.getItem('cj-puzzles-progress')") is None
    root.locator("[data-action=delete]").click()
    assert json.loads(page.evaluate("() => localStorage.getItem('cj-puzzles-personal')"))["puzzles"] == []
    assert watched_page.console_errors == []


def test_a_blunder_saved_from_review_becomes_a_personal_puzzle(watched_page, site_url):
    import random

    from engine import Deal, Rules, record_of
    from engine.ai.heuristic import HeuristicBot
    from engine.analysis.deal_analysis import analyse

    # A deal where the reader (seat 0) plays at random: it blunders once the stock is empty.
    deal = Deal.from_seed(Rules(), 30, 1)
    rng = random.Random(30)
    while not deal.is_over:
        seat = deal.to_move
        choices = list(deal.legal_plays())
        deal.play(rng.choice(choices) if seat == 0 else HeuristicBot().choose(deal.view(seat)))
    record = record_of(deal)
    blunders = [d for d in analyse(record, seat=0)["decisions"] if d["grade"] == "blunder" and d["exact"]]
    assert blunders
    page = watched_page.page
    page.goto(f"{site_url}practice/")
    page.wait_for_function("() => window.CJReview !== undefined", timeout=LOAD_TIMEOUT_MS)
    page.evaluate(
        """(record) => {
            const box = document.createElement('div');
            box.id = 'review-box';
            document.querySelector('.cj-practice').after(box);
            window.CJReview.open(box, {record, seat: 0, lang: 'en'});
        }""",
        record,
    )
    page.wait_for_selector("#review-box [data-role=timeline]", timeout=120_000)
    first = blunders[0]
    item = page.locator(f"#review-box li.cj-rv-mine[data-play-index='{first['play_index']}']")
    item.locator("summary").click()
    item.locator("[data-action=save-puzzle]").click()
    page.wait_for_selector("[data-role=puzzle-saved]:not(:empty)")
    saved = json.loads(page.evaluate("() => localStorage.getItem('cj-puzzles-personal')"))["puzzles"]
    assert len(saved) == 1 and saved[0]["played"] == first["played"]
    assert len(saved[0]["record"]["plays"]) == first["play_index"]
    root = open_puzzle(page, site_url, "en", saved[0]["id"])
    root.locator(f"[data-role=hand] button[data-card='{first['played']}']").click()
    page.wait_for_selector(".cj-puzzles[data-status=failed]", timeout=ANSWER_TIMEOUT_MS)
    root.locator("[data-action=retry]").click()
    page.wait_for_selector(".cj-puzzles[data-status=playing]", timeout=ANSWER_TIMEOUT_MS)
    root.locator(f"[data-role=hand] button[data-card='{first['best'][0]}']").click()
    page.wait_for_selector(".cj-puzzles[data-status=solved]", timeout=ANSWER_TIMEOUT_MS)
    assert watched_page.console_errors == []


# ----- every answer explained, where the reader is looking (on a phone) -----------------------------

# A phone: the session's phone context (tests/conftest.py PHONE: 375×740, touch).


def line_sentences(cat: dict, tricks: list[dict], seat: int) -> list[str]:
    """The sentences a line of tricks reads as, from the side of the puzzle's seat."""
    def short(code: str) -> str:
        return cat["ranks"][code[0]]["short"] + cat["suits"][code[1]]["symbol"]

    sentences = []
    for trick in tricks:
        first, *rest = trick["cards"]
        mine = "you" if first["seat"] == seat else "other"
        if not rest:
            key = f"{mine}_first_open"
        else:
            key = f"{mine}_first_{'won' if trick['winner'] == seat else 'lost'}"
        cards = {"first": short(first["card"]), "second": short(rest[0]["card"]) if rest else ""}
        opponent = cat["seats"]["in_text"]["opponent"]
        sentences.append(cat["analysis"]["line"][key].format(n=trick["number"], player=opponent, **cards))
    return sentences


def shown_lines(root) -> list[str]:
    items = root.locator("[data-role=feedback] [data-role=line] li")
    return [items.nth(i).inner_text() for i in range(items.count())]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_answers_are_explained_trick_by_trick_and_a_finished_puzzle_is_nobodys(phone_page, site_url, scheme):
    from engine import card_code

    cat = catalogue("en")
    puzzle = first_with(1)
    deal = position_of(puzzle["record"])
    seat = deal.to_move
    wrong = next(card_code(c) for c in deal.legal_plays() if card_code(c) != puzzle["solution"][0])
    refuted, right = judge(deal, wrong), judge(deal, puzzle["solution"][0])
    page = phone_page.page
    page.emulate_media(color_scheme=scheme)
    root = open_puzzle(page, site_url, "en", puzzle["id"])
    your_turn = cat["practice"]["your_turn_short"]
    you = root.locator(".cj-tb-name--you")
    # A wrong card: the refutation trick by trick, naming who played what, with the reason.
    root.locator(f"[data-role=hand] button[data-card='{wrong}']").click()
    page.wait_for_selector(".cj-puzzles[data-status=failed]", timeout=ANSWER_TIMEOUT_MS)
    feedback = root.locator("[data-role=feedback]")
    assert shown_lines(root) == line_sentences(cat, refuted["tricks"], seat)
    assert cat["analysis"]["reasons"][refuted["reason"]] in feedback.inner_text()
    assert "best line" not in feedback.inner_text()
    # The keyboard on "Next puzzle", the verdict in view under the header, nobody's turn.
    assert page.evaluate("() => document.activeElement.dataset.action") == "next"
    assert seen_on_screen(feedback.bounding_box(), 740), feedback.bounding_box()
    assert your_turn not in you.inner_text() and root.locator(".cj-tb-turn").count() == 0
    assert serious_violations(page, ".cj-puzzles") == []
    # Show the solution: why the card is right, and its line.
    root.locator("[data-action=show]").click()
    page.wait_for_selector(".cj-puzzles[data-status=shown]", timeout=ANSWER_TIMEOUT_MS)
    assert cat["analysis"]["advantages"][right["advantage"]] in feedback.inner_text()
    assert shown_lines(root) == line_sentences(cat, right["tricks"], seat)
    assert your_turn not in you.inner_text()
    # Try again and solve it: the same explanation, and still nobody's turn at the end.
    root.locator("[data-action=retry]").click()
    page.wait_for_selector(".cj-puzzles[data-status=playing]", timeout=ANSWER_TIMEOUT_MS)
    assert your_turn in you.inner_text()
    root.locator(f"[data-role=hand] button[data-card='{puzzle['solution'][0]}']").click()
    page.wait_for_selector(".cj-puzzles[data-status=solved]", timeout=ANSWER_TIMEOUT_MS)
    assert cat["analysis"]["advantages"][right["advantage"]] in feedback.inner_text()
    assert cat["puzzles"]["not_rated"] in feedback.inner_text()  # the first try counted
    assert your_turn not in you.inner_text() and root.locator(".cj-tb-turn").count() == 0
    assert page.evaluate("() => document.activeElement.dataset.action") == "next"
    assert serious_violations(page, ".cj-puzzles") == []
    # The opponent's open hand: each card shows most of its face, not only its corner.
    steps = page.evaluate(
        """() => [...document.querySelectorAll('[data-role=opponents] .cj-tc')]
            .map((card) => card.getBoundingClientRect())
            .map((rect, i, all) => (i ? (rect.left - all[i - 1].left) / rect.width : 1))"""
    )
    assert len(steps) >= 2 and min(steps) >= 0.8, steps


def test_the_playable_marks_stay_clear_of_the_name_line(watched_page, site_url):
    page = watched_page.page
    root = open_puzzle(page, site_url, "it", first_with(1)["id"])
    assert overlapping_marks(page) == [] and root.locator(".cj-tb-mark:text('▲')").count() > 0


# ----- issue 20, item 5: puzzle links, filters and the new player's rating ----------------------


def test_the_address_names_the_puzzle_and_ids_are_not_case_sensitive(watched_page, site_url):
    page = watched_page.page
    cat = catalogue("it")["puzzles"]
    puzzle = PUZZLES[3]
    # An upper-case id opens that puzzle, and the address says which one it is.
    root = open_puzzle(page, site_url, "it", puzzle["id"].upper())
    assert root.get_attribute("data-puzzle") == puzzle["id"] and root.get_attribute("data-kind") == "set"
    assert page.url.endswith(f"/it/puzzles/?puzzle={puzzle['id']}")
    link = root.locator("[data-role=puzzle-link]")
    assert link.inner_text() == cat["link"]
    assert link.get_attribute("href") == f"/it/puzzles/?puzzle={puzzle['id']}"
    assert root.locator("[data-kind=unknown-id]").count() == 0
    # The address follows the reader to the next puzzle; the daily puzzle keeps the plain page.
    root.locator(".cj-pz-controls [data-action=next]").click()
    page.wait_for_selector(
        f".cj-puzzles[data-status=playing]:not([data-puzzle='{puzzle['id']}'])", timeout=ANSWER_TIMEOUT_MS
    )
    shown = root.get_attribute("data-puzzle")
    assert page.url.endswith(f"?puzzle={shown}") and link.get_attribute("href").endswith(f"?puzzle={shown}")
    page.reload()
    page.wait_for_selector(
        f".cj-puzzles[data-status=playing][data-puzzle='{shown}']", timeout=LOAD_TIMEOUT_MS
    )
    root.locator("[data-action=daily]").click()
    page.wait_for_selector(".cj-puzzles[data-kind=daily][data-status=playing]", timeout=ANSWER_TIMEOUT_MS)
    assert "puzzle=" not in page.url
    assert link.get_attribute("href").endswith(f"?puzzle={root.get_attribute('data-puzzle')}")
    assert watched_page.console_errors == []


def test_an_unknown_puzzle_id_is_said(watched_page, site_url):
    page = watched_page.page
    cat = catalogue("it")["puzzles"]
    root = open_puzzle(page, site_url, "it", "p9999")
    notice = root.locator("[data-role=notice] [data-kind=unknown-id]")
    assert notice.inner_text() == cat["unknown_id"].format(id="p9999")
    daily = PUZZLES[daily_index(datetime.datetime.now(datetime.UTC).date(), len(PUZZLES))]["id"]
    assert root.get_attribute("data-kind") == "daily" and root.get_attribute("data-puzzle") == daily
    assert "puzzle=" not in page.url  # the broken address does not stay in the bar
    assert watched_page.console_errors == []


def test_the_filters_survive_a_reload_and_a_damaged_one_is_dropped(watched_page, site_url):
    page = watched_page.page
    cat = catalogue("en")["puzzles"]
    root = open_puzzle(page, site_url, "en")
    theme = root.locator("[data-role=theme] option").nth(1).get_attribute("value")
    root.locator("[data-role=theme]").select_option(theme)
    page.wait_for_selector(".cj-puzzles[data-status=playing]", timeout=ANSWER_TIMEOUT_MS)
    root.locator("[data-role=difficulty]").select_option("hard")
    page.wait_for_selector(".cj-puzzles[data-status=playing]", timeout=ANSWER_TIMEOUT_MS)
    page.reload()
    root = open_puzzle(page, site_url, "en")
    assert root.locator("[data-role=theme]").input_value() == theme
    assert root.locator("[data-role=difficulty]").input_value() == "hard"
    stored = json.loads(page.evaluate("() => localStorage.getItem('cj-puzzles-filters')"))
    assert stored == {"version": 1, "theme": theme, "level": "hard"}
    # A value this page never wrote is dropped, and the reader is told.
    damaged = {"version": 1, "theme": "x", "level": "hard"}
    page.evaluate("(value) => localStorage.setItem('cj-puzzles-filters', JSON.stringify(value))", damaged)
    root = open_puzzle(page, site_url, "en")
    assert cat["corrupt_filters"] in root.locator("[data-role=notice]").inner_text()
    assert root.locator("[data-role=theme]").input_value() == ""
    assert root.locator("[data-role=difficulty]").input_value() == ""
    assert page.evaluate("() => localStorage.getItem('cj-puzzles-filters')") is None
    assert watched_page.console_errors == []


def test_a_new_players_rating_is_explained_as_provisional(watched_page, site_url):
    page = watched_page.page
    cat = catalogue("es")["puzzles"]
    puzzle = first_with(1)
    root = open_puzzle(page, site_url, "es", puzzle["id"])
    assert root.locator("[data-role=provisional]").inner_text() == cat["provisional"].format(limit=110)
    deal = position_of(puzzle["record"])
    from engine import card_code

    wrong = next(card_code(c) for c in deal.legal_plays() if card_code(c) != puzzle["solution"][0])
    root.locator(f"[data-role=hand] button[data-card='{wrong}']").click()
    page.wait_for_selector(".cj-puzzles[data-status=failed]", timeout=ANSWER_TIMEOUT_MS)
    progress = json.loads(page.evaluate("() => localStorage.getItem('cj-puzzles-progress')"))
    rating = round(progress["player"]["rating"])
    change = f"−{1500 - rating}"
    line = cat["rating_change_provisional"].format(rating=rating, change=change)
    assert line in root.locator("[data-role=feedback]").inner_text()
    assert root.locator("[data-role=provisional]").is_visible()
    # A settled rating (deviation at most 110) is no longer called provisional.
    page.evaluate(
        """() => { const p = JSON.parse(localStorage.getItem('cj-puzzles-progress'));
                   p.player.rd = 90; localStorage.setItem('cj-puzzles-progress', JSON.stringify(p)); }"""
    )
    root = open_puzzle(page, site_url, "es", puzzle["id"])
    assert root.locator("[data-role=provisional]").count() == 0
    # A settled player shown a two-card solution: each card is numbered, and the rating line
    # no longer says provisional.
    two = first_with(2)
    root = open_puzzle(page, site_url, "es", two["id"])
    root.locator("[data-action=show]").click()
    page.wait_for_selector(".cj-puzzles[data-status=shown]", timeout=ANSWER_TIMEOUT_MS)
    feedback = root.locator("[data-role=feedback]").inner_text()
    assert cat["step"].split("{n}")[0] in feedback and "2" in feedback
    progress = json.loads(page.evaluate("() => localStorage.getItem('cj-puzzles-progress')"))
    settled = cat["rating_change"].split("{rating}")[0]
    assert f"{settled}{round(progress['player']['rating'])} (" in feedback
    assert watched_page.console_errors == []
