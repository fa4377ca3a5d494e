"""The practice page as a card table: layout, motion, saved data, links, statistics, conveniences,
and each defect of issue 14 (practice part) in Chromium.

Cards jump (speed "none") except in the test of the motion itself.
"""

from __future__ import annotations

import itertools
import json

import pytest
from practice_support import (
    TURN_TIMEOUT_MS,
    catalogue,
    check_clean,
    finish_match,
    hand,
    no_motion,
    play_first_legal,
    position,
    practice_url,
    saved,
    store_once,
    wait_ready,
    wait_settled,
)
from support import LANGUAGES, overlapping_marks, serious_violations

from engine.surfaces.web_api import handle

pytestmark = pytest.mark.browser


def box(page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def in_viewport(page, selector: str, width: int, height: int) -> bool:
    rect = box(page, selector)
    return (
        rect is not None
        and rect["x"] >= 0
        and rect["y"] >= 0
        and rect["x"] + rect["width"] <= width + 0.5
        and rect["y"] + rect["height"] <= height + 0.5
    )


# ----- layout ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("width", "height", "rules"), [(1280, 720, "standard"), (375, 740, "standard"), (375, 740, "shasta-sam")]
)
def test_hand_trick_and_stock_are_on_one_screen(watched_page, site_url, width, height, rules):
    page = watched_page.page
    no_motion(page)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(practice_url(site_url, "en", f"?seed=5&rules={rules},target:3"))
    table = wait_ready(page)
    wait_settled(page)
    if table.get_attribute("data-phase") == "human":
        # Clicked from the page, as a finger would: Playwright's own click may scroll the page
        # first while the raised card is still settling, which is not what is measured here.
        before = position(table)
        page.evaluate("() => document.querySelector('[data-role=hand] [data-legal=true]').click()")
        wait_settled(page, before)
    # The navigation and the table of contents step aside while playing (on a narrow screen
    # the navigation is the closed drawer, off the screen until ☰ opens it)...
    assert page.evaluate("() => document.body.classList.contains('cj-table-mode')")
    assert not page.locator(".md-sidebar--secondary").is_visible()
    if width > 1220:
        assert not page.locator(".md-sidebar--primary").is_visible()
    else:
        drawer = page.locator(".md-sidebar--primary").bounding_box()
        assert drawer["x"] + drawer["width"] <= 1, drawer
    # ...and hand, trick and stock (with the trump and whose turn) are seen together, unscrolled.
    assert page.evaluate("() => window.scrollY") == 0
    for selector in (
        "[data-role=hand]",
        "[data-role=trick]",
        "[data-role=stock]",
        "[data-role=trump]",
        "[data-role=turn]",
        "[data-role=opponents]",
    ):
        assert in_viewport(page, selector, width, height), selector
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    # One control brings the menus back, and remembers it.
    table.locator("[data-action=menus]").click()
    assert not page.evaluate("() => document.body.classList.contains('cj-table-mode')")
    assert table.locator("[data-action=menus]").get_attribute("aria-pressed") == "true"
    if width > 1220:
        assert page.locator(".md-sidebar--primary").is_visible()
    check_clean(watched_page)


def test_cards_have_their_names_and_faces(watched_page, site_url):
    page = watched_page.page
    no_motion(page)
    cat = catalogue("it")
    page.goto(practice_url(site_url, "it", "?seed=9&rules=standard"))
    table = wait_ready(page)
    wait_settled(page)
    first = table.locator("[data-role=hand] button").first
    code = first.get_attribute("data-card")
    name = cat["card_name"].format(rank=cat["ranks"][code[0]]["name"], suit=cat["suits"][code[1]]["name"])
    assert first.get_attribute("aria-label").startswith(name)
    # The face is the project's sprite, one symbol per card.
    assert first.locator("use").get_attribute("href").split("#")[1] == f"c-{code}"
    top = table.locator("[data-role=stock] [role=img]").first
    top_code = top.get_attribute("data-card")
    assert top.get_attribute("aria-label") == cat["card_name"].format(
        rank=cat["ranks"][top_code[0]]["name"], suit=cat["suits"][top_code[1]]["name"]
    )
    # Counts use the language's plural forms.
    count = table.locator("[data-role=stock-count]").inner_text()
    stock = json.loads(handle(json.dumps({"op": "practice.state", "record": saved(page)["record"]})))
    n = stock["state"]["deal"]["stock_count"]
    assert count == cat["ui"]["cards_left_one" if n == 1 else "cards_left_other"].format(n=n)
    check_clean(watched_page)


# ----- motion ---------------------------------------------------------------------------------


def test_the_computer_card_stays_in_view_and_cards_move(watched_page, site_url):
    """At normal speed a finished trick stays on the table about a second before it goes to
    its winner; cards move with animations (and never with none)."""
    page = watched_page.page
    page.add_init_script("localStorage.setItem('cj-practice-prefs', JSON.stringify({v: 2, speed: 'normal'}))")
    page.add_init_script("""
      window.cjTrickSeen = [];
      new MutationObserver(() => {
        const trick = document.querySelector('[data-role=trick]');
        if (!trick) return;
        const full = trick.dataset.winner !== '' && trick.dataset.winner !== undefined;
        const last = window.cjTrickSeen[window.cjTrickSeen.length - 1];
        if (!last || last.full !== full) window.cjTrickSeen.push({ full, at: performance.now() });
      }).observe(document, {
        subtree: true, childList: true, attributes: true, attributeFilter: ['data-winner'],
      });
      window.cjMoves = 0;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (...args) {
        window.cjMoves += 1;
        return animate.apply(this, args);
      };
    """)
    page.goto(practice_url(site_url, "en", "?seed=3&rules=standard&level=random"))
    table = wait_ready(page)
    wait_settled(page)
    for _ in range(3):
        play_first_legal(page, table)
    seen = page.evaluate("() => window.cjTrickSeen")
    shown = [(b["at"] - a["at"]) for a, b in itertools.pairwise(seen) if a["full"] and not b["full"]]
    assert shown and min(shown) >= 900, shown  # 1 s hold at normal speed, no click
    assert page.evaluate("() => window.cjMoves") > 0
    check_clean(watched_page)


def test_a_click_ends_the_hold_and_reduced_motion_moves_nothing(watched_page, site_url):
    page = watched_page.page
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script("localStorage.setItem('cj-practice-prefs', JSON.stringify({v: 2, speed: 'slow'}))")
    page.add_init_script("""
      window.cjMoves = 0;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (...args) {
        window.cjMoves += 1;
        return animate.apply(this, args);
      };
    """)
    page.goto(practice_url(site_url, "en", "?seed=3&rules=standard&level=random"))
    table = wait_ready(page)
    wait_settled(page)
    for _ in range(2):
        before = position(table)
        table.locator("[data-role=hand] [data-legal=true]").first.click()
        # A finished trick waits for 1.8 s at slow speed, or for a click on the table.
        page.wait_for_selector("[data-role=trick-winner]", timeout=TURN_TIMEOUT_MS)
        table.locator("[data-role=trick]").click()
        wait_settled(page, before)
    assert page.evaluate("() => window.cjMoves") == 0
    check_clean(watched_page)


# ----- defect 1: saved data -------------------------------------------------------------------


@pytest.mark.parametrize(
    "stored",
    [
        "null",
        "42",
        "[1,2]",
        '{"played": "3", "won": 1, "points": 2}',
        '{"v": 2, "buckets": {"expert/standard": {"played": 1, "won": 5}}}',
        "{not json",
    ],
)
def test_bad_statistics_are_dropped_with_a_notice(watched_page, site_url, stored):
    page = watched_page.page
    no_motion(page)
    store_once(page, "cj-practice-stats", stored)
    cat = catalogue("es")
    page.goto(practice_url(site_url, "es", "?seed=21&rules=standard,target:1&level=random"))
    table = wait_ready(page)
    notice = table.locator("[data-role=notice][data-kind=stats]")
    assert notice.is_visible() and cat["practice"]["notice"]["stats_dropped"] in notice.inner_text()
    assert page.evaluate("() => localStorage.getItem('cj-practice-stats')") != stored
    check_clean(watched_page)


def test_after_bad_statistics_a_finished_match_counts_and_stays_finished(watched_page, site_url):
    """Play on after the notice (one bad kind is enough: every kind is dropped the same way)."""
    page = watched_page.page
    no_motion(page)
    store_once(page, "cj-practice-stats", "{not json")
    page.goto(practice_url(site_url, "es", "?seed=21&rules=standard,target:1&level=random"))
    table = wait_ready(page)
    assert table.locator("[data-role=notice][data-kind=stats]").is_visible()
    wait_settled(page)
    finish_match(page, table)
    stats = page.evaluate("() => JSON.parse(localStorage.getItem('cj-practice-stats'))")
    assert stats["buckets"]["random/standard,target:1"]["played"] == 1
    # A reload does not return to an unfinished deal: the finished match stays finished.
    page.reload()
    table = wait_ready(page)
    assert wait_settled(page) == "match_over"
    check_clean(watched_page)


def test_old_statistics_are_kept_and_bad_preferences_dropped(watched_page, site_url):
    page = watched_page.page
    store_once(page, "cj-practice-stats", '{"played": 4, "won": 3, "points": 30}')
    page.add_init_script('localStorage.setItem(\'cj-practice-prefs\', \'{"v": 2, "speed": "warp"}\')')
    cat = catalogue("en")
    page.goto(practice_url(site_url, "en"))
    table = wait_ready(page)
    assert table.locator("[data-role=notice][data-kind=stats]").count() == 0
    row = table.locator("[data-role=stats] tr[data-bucket=earlier]")
    assert cat["practice"]["stats_earlier"] in row.inner_text() and "75" in row.inner_text()
    assert table.locator("[data-role=notice][data-kind=prefs]").is_visible()
    check_clean(watched_page)


@pytest.mark.parametrize(
    "stored", ["[]", '{"v": 2, "record": {"rules": "standard", "seed": 1, "deals": [["ZZ"]]}}']
)
def test_a_saved_match_that_cannot_be_resumed_says_so(watched_page, site_url, stored):
    page = watched_page.page
    no_motion(page)
    store_once(page, "cj-practice-match", stored)
    cat = catalogue("fr")
    page.goto(practice_url(site_url, "fr"))
    table = wait_ready(page)
    notice = table.locator("[data-role=notice][data-kind=match]")
    expected = cat["practice"]["notice"]["match_dropped" if stored == "[]" else "match_unreadable"]
    assert expected in notice.inner_text()
    # Play goes on: the set-up form is there and a match starts.
    table.locator("[data-action=start]").click()
    wait_settled(page)
    assert table.locator("[data-role=hand] button").count() > 0
    check_clean(watched_page)


# ----- defect 2: bad links --------------------------------------------------------------------


def engine_part(query: str) -> str:
    """The part of a link the engine itself names (None when it cannot tell)."""
    try:
        answer = json.loads(handle(json.dumps({"op": "practice.new", "link": query})))
    except ValueError:
        return "other"
    assert not answer["ok"], query
    field = answer["error"]["field"]
    return field if field in ("seed", "dealer", "rules", "level") else "other"


@pytest.mark.parametrize(
    ("query", "part", "value"),
    [
        ("?rules=garbage", "rules", "garbage"),
        ("?rules=standard,target:abc", "rules", "standard,target:abc"),
        ("?seed=abc", "seed", "abc"),
        ("?seed=-1", "seed", "-1"),
        ("?dealer=5", "dealer", "5"),
        ("?level=godlike", "level", "godlike"),
        ("?seed=²", None, "²"),
    ],
)
def test_a_bad_link_names_its_bad_part(watched_page, site_url, query, part, value):
    page = watched_page.page
    no_motion(page)
    lang = "pt"
    cat = catalogue(lang)
    expected_part = part or engine_part(query)
    page.goto(practice_url(site_url, lang, query))
    table = wait_ready(page)
    notice = table.locator("[data-role=notice][data-kind=link]")
    notice.wait_for()
    assert notice.get_attribute("data-part") == ("" if expected_part == "other" else expected_part)
    text = cat["practice"]["bad_link"][expected_part].format(value=value)
    assert text in notice.inner_text()
    assert table.locator("[data-role=setup]").is_visible()
    check_clean(watched_page)


# ----- defects 6 and 7, axe -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scheme", "width"), [("light", 1280), ("dark", 1280), ("light", 375), ("dark", 375)]
)
def test_no_serious_accessibility_violation_while_playing(watched_page, site_url, scheme, width):
    page = watched_page.page
    no_motion(page)
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(practice_url(site_url, "en", "?seed=21&rules=standard,target:1&level=random"))
    table = wait_ready(page)
    wait_settled(page)
    play_first_legal(page, table)
    states = {"deal in progress": serious_violations(page)}
    table.locator("[data-action=hint]").click()
    table.locator("[data-role=hint]").wait_for(timeout=TURN_TIMEOUT_MS)
    table.locator("[data-action=last-trick]").click()
    states["after a hint, last trick open"] = serious_violations(page)
    # The pop-overs never stay in the way of the hand: a click elsewhere or Escape closes them.
    table.locator("[data-action=settings]").click()
    assert table.locator("[data-role=last-trick]").is_hidden()
    states["settings open"] = serious_violations(page)
    page.keyboard.press("Escape")
    assert table.locator("[data-role=settings]").is_hidden()
    phase = table.get_attribute("data-phase")
    while phase == "human":
        phase = play_first_legal(page, table)
    states["score sheet"] = serious_violations(page)
    failures = [f"{state}: {line}" for state, lines in states.items() for line in lines]
    assert not failures, "\n".join(failures)
    check_clean(watched_page)


def test_the_last_trick_button_names_its_trick_in_french(watched_page, site_url):
    """"Dernier pli (n° 1)" from one catalogue sentence, not "Dernier pli (Pli 1)" glued from two."""
    page = watched_page.page
    no_motion(page)
    page.goto(practice_url(site_url, "fr", "?seed=21&rules=standard,target:1&level=random"))
    table = wait_ready(page)
    wait_settled(page)
    play_first_legal(page, table)
    expected = catalogue("fr")["practice"]["last_trick_numbered"].format(n=1)
    page.wait_for_function(
        "text => document.querySelector('.cj-practice [data-action=last-trick]').textContent.trim() === text",
        arg=expected,
        timeout=TURN_TIMEOUT_MS,
    )
    check_clean(watched_page)


def test_three_player_scores_keep_each_number_with_its_name(watched_page, site_url):
    page = watched_page.page
    no_motion(page)
    page.goto(practice_url(site_url, "en", "?seed=8&rules=shasta-sam,target:2&level=random"))
    table = wait_ready(page)
    wait_settled(page)
    scores = table.locator("[data-role=scores]").inner_text()
    assert "You: 0 · Computer 1: 0 · Computer 2: 0" in scores
    assert table.locator("[data-role=opponents] [data-seat]").count() == 2
    check_clean(watched_page)


# ----- statistics and conveniences --------------------------------------------------------------


def test_statistics_by_level_and_preset_and_a_reset_that_asks(watched_page, site_url):
    page = watched_page.page
    no_motion(page)
    stats = {
        "v": 2,
        "buckets": {"expert/classic": {"played": 3, "won": 2, "points": 20, "streak": 2, "best": 2}},
    }
    store_once(page, "cj-practice-stats", json.dumps(stats))
    cat = catalogue("fr")
    page.goto(practice_url(site_url, "fr", "?seed=21&rules=face-down,target:1&level=random"))
    table = wait_ready(page)
    wait_settled(page)
    finish_match(page, table)
    rows = table.locator("[data-role=stats] tbody tr")
    assert rows.count() == 2
    fresh = table.locator("[data-role=stats] tr[data-bucket='random/face-down,target:1']").inner_text()
    assert cat["presets"]["face-down"]["name"] in fresh and cat["practice"]["level_random"] in fresh
    # Reset asks first; keeping changes nothing, confirming clears.
    table.locator("[data-action=reset-stats]").click()
    assert cat["practice"]["confirm"]["reset_stats"] in table.locator("[data-role=confirm]").inner_text()
    table.locator("[data-action=confirm-no]").click()
    assert rows.count() == 2
    table.locator("[data-action=reset-stats]").click()
    table.locator("[data-action=confirm-yes]").click()
    assert cat["practice"]["stats_none"] in table.locator("[data-role=stats]").inner_text()
    assert page.evaluate("() => localStorage.getItem('cj-practice-stats')") is None
    check_clean(watched_page)


def test_replay_autoplay_and_confirm_before_replacing(watched_page, site_url):
    page = watched_page.page
    no_motion(page)
    page.goto(practice_url(site_url, "en", "?seed=13&rules=standard,target:5&level=random"))
    table = wait_ready(page)
    phase = wait_settled(page)
    first = saved(page)["record"]
    dealt = json.loads(handle(json.dumps({"op": "practice.state", "record": {**first, "deals": [[]]}})))
    first_hand = dealt["state"]["deal"]["hand"]
    # A new match while one is in progress asks first; "keep playing" keeps it.
    table.locator("[data-action=new]").first.click()
    table.locator("[data-action=start]").click()
    table.locator("[data-action=confirm-no]").click()
    assert saved(page)["record"]["seed"] == first["seed"]
    table.locator("[data-action=cancel-setup]").click()
    assert table.locator("[data-role=setup]").is_hidden()
    # The only legal card plays by itself when the option is on: the table never waits for
    # the reader with a single playable card (the last trick always has one).
    table.locator("[data-action=settings]").click()
    table.locator("[data-field=autoplay]").check()
    table.locator("[data-action=settings]").click()
    while phase != "next_deal":
        if phase == "human":
            assert sum(legal for _, legal in hand(table)) > 1
        phase = play_first_legal(page, table)
    assert table.locator("[data-role=sheet]").is_visible()
    # Replay this deal: asks (the match is not over), then deals the same cards again.
    table.locator("[data-action=replay]").click()
    table.locator("[data-action=confirm-yes]").click()
    wait_settled(page, ("1", "-1", "next_deal"))
    again = saved(page)["record"]
    assert again["seed"] == first["seed"] and again["dealer"] == first["dealer"]
    assert len(again["deals"]) == 1
    if table.get_attribute("data-plays") == "0":
        assert [code for code, _ in hand(table)] == first_hand
    check_clean(watched_page)


def test_no_serious_accessibility_violation_in_the_set_up_form(watched_page, site_url):
    page = watched_page.page
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto(practice_url(site_url, "it"))
    table = wait_ready(page)
    assert table.locator("[data-role=setup]").is_visible()
    # No match to go back to: the form offers none.
    assert table.locator("[data-action=cancel-setup]").is_hidden()
    failures = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        failures += [f"{scheme}: {line}" for line in serious_violations(page)]
    assert not failures, "\n".join(failures)
    check_clean(watched_page)


def test_the_score_sheet_opens_the_review_when_it_is_there(watched_page, site_url):
    """interfaces.md: a data-action=review button calls window.CJReview.open(container,
    {record, seat, lang, engine}) from review.js, and the review appears on the table (a spy
    wrapped round the real review.js records the call)."""
    page = watched_page.page
    no_motion(page)
    page.goto(practice_url(site_url, "es", "?seed=21&rules=standard,target:1&level=random"))
    table = wait_ready(page)
    page.wait_for_function("() => window.CJReview && typeof window.CJReview.open === 'function'")
    page.evaluate("""() => {
      window.cjReviewCalls = [];
      const realOpen = window.CJReview.open.bind(window.CJReview);
      window.CJReview.open = (container, options) => {
        window.cjReviewCalls.push({
          inPage: document.contains(container), seat: options.seat, lang: options.lang,
          deals: options.record.deals.length, engine: typeof options.engine.request,
        });
        return realOpen(container, options);
      };
    }""")
    phase = wait_settled(page)
    while phase == "human":
        phase = play_first_legal(page, table)
    table.locator("[data-role=sheet] [data-action=review]").click()
    calls = page.evaluate("() => window.cjReviewCalls")
    assert calls == [{"inPage": True, "seat": 0, "lang": "es", "deals": 1, "engine": "function"}]
    page.locator("[data-role=review]").first.wait_for(timeout=TURN_TIMEOUT_MS)
    check_clean(watched_page)


# ----- the table on a phone (issue 20, item 4) --------------------------------------------------

# A phone: the session's phone context (tests/conftest.py PHONE: 375×740, touch).
SHOWN = "(e) => !!e && getComputedStyle(e).display !== 'none'"


def known_card_steps(page) -> list[float]:
    """How far each of the computer's face-up cards is from the one before, in card widths."""
    return page.evaluate(
        """() => [...document.querySelectorAll('[data-role=opponents] .cj-tc--known')]
            .map((card) => card.getBoundingClientRect())
            .map((rect, i, all) => (i ? (rect.left - all[i - 1].left) / rect.width : 1))"""
    )


def test_on_a_phone_the_menu_opens_the_marks_stay_clear_and_the_tips_are_for_touch(phone_page, site_url):
    page = phone_page.page
    no_motion(page)
    page.goto(practice_url(site_url, "pt", "?seed=3&rules=standard,target:3&level=random"))
    table = wait_ready(page)
    wait_settled(page)
    assert page.evaluate("() => document.body.classList.contains('cj-table-mode')")
    # The ▲ marks of the playable cards never print over "▶ Você · Carteador · … sua vez".
    assert overlapping_marks(page) == []
    # Touch only: the tap tip, not the keyboard's.
    assert table.locator("#cj-pr-touch").is_visible() and table.locator("#cj-pr-keys").is_hidden()
    assert table.locator("[data-role=hand]").get_attribute("aria-describedby") == "cj-pr-touch"
    # The computer's known cards lie face up, each showing most of its face.
    while len(known_card_steps(page)) < 2:
        assert play_first_legal(page, table) == "human"
    assert min(known_card_steps(page)) >= 0.8, known_card_steps(page)
    # ☰ during a match opens the menus: the drawer slides in with its links, in reach.
    page.locator("label.md-header__button[for=__drawer]").tap()
    link = page.locator(".md-sidebar--primary a[href$='puzzles/']").first
    link.wait_for(state="visible")
    page.wait_for_function(
        """(link) => {
            const r = link.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return r.left >= 0 && r.right <= innerWidth && hit?.closest('a') === link;
        }""",
        arg=link.element_handle(),
    )
    check_clean(phone_page)


def test_on_a_desktop_the_keyboard_tips_show_and_the_navigation_steps_aside(watched_page, site_url):
    page = watched_page.page
    no_motion(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(practice_url(site_url, "it", "?seed=3&rules=standard,target:3&level=random"))
    table = wait_ready(page)
    wait_settled(page)
    assert table.locator("#cj-pr-keys").is_visible() and table.locator("#cj-pr-touch").is_hidden()
    assert table.locator("[data-role=hand]").get_attribute("aria-describedby") == "cj-pr-keys"
    assert overlapping_marks(page) == []
    assert not page.evaluate(f"({SHOWN})(document.querySelector('.md-sidebar--primary'))")
    check_clean(watched_page)


def test_after_next_deal_the_score_and_turn_stay_in_view(phone_page, site_url):
    page = phone_page.page
    no_motion(page)
    page.goto(practice_url(site_url, "pt", "?seed=21&rules=standard,target:3&level=random"))
    table = wait_ready(page)
    phase = wait_settled(page)
    while phase == "human":
        phase = play_first_legal(page, table)
    assert phase == "next_deal"
    before = position(table)
    next_deal = table.locator("[data-role=sheet] [data-action=next]")
    next_deal.scroll_into_view_if_needed()
    assert page.evaluate("() => window.scrollY") > 100  # the button is far down the page
    next_deal.tap()
    wait_settled(page, before)
    for selector in ("[data-role=scores]", "[data-role=turn]", "[data-role=opponents]", "[data-role=hand]"):
        assert in_viewport(page, selector, 375, 740), selector
    # Material's "Back to top" never lies over the computer's hand while playing.
    top = page.evaluate(
        f"""() => {{ const top = document.querySelector('.md-top');
            return ({SHOWN})(top) && !top.classList.contains('md-top--hidden'); }}"""
    )
    assert not top
    check_clean(phone_page)


def test_the_set_up_form_fits_a_phone_in_every_language(phone_page, site_url):
    page = phone_page.page
    wide = {}
    for lang in LANGUAGES:
        page.goto(practice_url(site_url, lang))
        table = wait_ready(page)
        table.locator("[data-role=setup]").wait_for()
        sizes = page.evaluate(
            """() => [document.documentElement.scrollWidth,
                ...[...document.querySelectorAll('[data-role=setup] fieldset')]
                    .map((fieldset) => fieldset.getBoundingClientRect().right)]"""
        )
        if max(sizes) > 375:
            wide[lang] = sizes
    assert not wide, wide


def test_the_keyboard_lands_on_the_score_sheet_when_a_deal_ends(watched_page, site_url):
    page = watched_page.page
    no_motion(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(practice_url(site_url, "it", "?seed=21&rules=standard,target:2&level=random"))
    table = wait_ready(page)
    phase = wait_settled(page)
    while phase == "human":
        before = position(table)
        for _ in range(len(hand(table))):
            if page.evaluate("() => document.activeElement.dataset.legal") == "true":
                break
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        phase = wait_settled(page, before)
    # Never <body>: the score sheet's next step (the next deal, or a new match).
    focused = page.evaluate(
        """() => {
            const focus = document.activeElement;
            return [focus.closest('[data-role=sheet]') !== null, focus.dataset.action];
        }"""
    )
    assert focused == [True, "next" if phase == "next_deal" else "new"]
    check_clean(watched_page)
