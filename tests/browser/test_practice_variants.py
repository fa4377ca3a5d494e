"""The practice table in Chromium, issue 20 items 5 and 6: beginner-first defaults, deal links
checked before anything is given up, and the variants on the table (three players, the
face-down stock, the turned jack and the count-out).

Every deal is dealt by a link, so each test plays the same cards as the trials that found the
problems (tests/engine/test_practice_api.py checks the engine side of each); the computer plays
at random so the deals go fast, and every test also checks that the console stayed clean.
"""

from __future__ import annotations

import json
import re

import pytest
from practice_support import (
    LOAD_TIMEOUT_MS,
    TURN_TIMEOUT_MS,
    catalogue,
    check_clean,
    no_motion,
    play_first_legal,
    position,
    practice_url,
    saved,
    saved_record,
    wait_ready,
    wait_settled,
)
from support import CARD_PLACEHOLDER, serious_violations

from engine.surfaces.practice_api import MAX_SEED
from engine.surfaces.web_api import handle

pytestmark = pytest.mark.browser

SHASTA_44 = "?seed=44&dealer=1&rules=shasta-sam&level=random"
TURNED_JACK_26 = "?seed=26&dealer=0&rules=standard,turned_jack:true,nine_point:true&level=random"
COUNT_OUT_1022 = (
    "?seed=1022&dealer=0&rules=standard,low:holder,turned_jack:true,nine_point:true,target:2&level=random"
)


def engine_state(record: dict) -> dict:
    return json.loads(handle(json.dumps({"op": "practice.state", "record": record})))["state"]


def play_until(page, table, condition) -> str:
    """Play the first playable card until `condition()` holds or the deal is over."""
    phase = wait_settled(page)
    while not condition() and phase == "human":
        phase = play_first_legal(page, table)
    return phase


def score_text(cat: dict, scores: list[int], players: int) -> str:
    names = [cat["seats"]["you"]] + (
        [cat["seats"]["computer"]]
        if players == 2
        else [cat["practice"]["computer_n"].format(n=n) for n in (1, 2)]
    )
    return " · ".join(
        cat["practice"]["seat_score"].format(player=names[s], score=v) for s, v in enumerate(scores)
    )


# ----- item 5: the default opponent, and links -------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_gentlest_opponent_by_default_and_every_level_said(watched_page, site_url, lang):
    """A new reader who keeps the defaults plays Random, not the Expert, and the form says what
    each opponent does (issue 20: the defaults lost 1–11 to the Expert)."""
    page = watched_page.page
    no_motion(page)
    page.set_viewport_size({"width": 375, "height": 800})
    cat = catalogue(lang)["practice"]
    page.goto(practice_url(site_url, lang))
    table = wait_ready(page)
    form = table.locator("[data-role=setup]")
    assert form.locator("select[name=level]").input_value() == "random"
    levels = form.locator("[data-role=levels] li")
    assert [levels.nth(i).get_attribute("data-level") for i in range(levels.count())] == [
        "random",
        "heuristic",
        "expert",
    ]
    for name in ("random", "heuristic", "expert"):
        item = form.locator(f"[data-role=levels] li[data-level={name}]").inner_text()
        assert cat[f"level_{name}"] in item and cat["level_about"][name] in item
    assert form.locator("select[name=level]").get_attribute("aria-describedby") == "cj-pr-levels"
    form.locator("input[name=target]").fill("1")
    form.locator("[data-action=start]").click()
    wait_settled(page)
    assert saved_record(page)["level"] == "random"
    # A deal link that names no opponent gets the gentlest too, until the reader chooses one.
    page.evaluate("() => localStorage.clear()")
    page.goto(practice_url(site_url, lang, "?seed=21&rules=standard,target:1"))
    wait_ready(page)
    wait_settled(page)
    assert saved_record(page)["level"] == "random"
    check_clean(watched_page)


def test_a_bad_link_is_checked_before_the_match_in_progress_is_offered_up(watched_page, site_url):
    page = watched_page.page
    no_motion(page)
    cat = catalogue("it")["practice"]
    page.goto(practice_url(site_url, "it", "?seed=21&rules=standard,target:3&level=random"))
    table = wait_ready(page)
    wait_settled(page)
    record = saved_record(page)
    # An empty shuffle number: said at once, no question about the match, which goes on.
    page.goto(practice_url(site_url, "it", "?seed=&dealer=0&rules=standard"))
    table = wait_ready(page)
    notice = table.locator("[data-role=notice][data-kind=link]")
    notice.wait_for()
    assert notice.get_attribute("data-problem") == "empty" and notice.get_attribute("data-part") == "seed"
    assert f"{cat['bad_link']['seed_empty']} {cat['bad_link']['after']}" in notice.inner_text()
    wait_settled(page)
    assert table.locator("[data-role=confirm]").is_hidden()
    assert saved_record(page) == record and "seed=" not in page.url
    # A shuffle number past the largest: its own message, with the limit written the Italian way.
    huge = "123456789012345678901234567890"
    page.goto(practice_url(site_url, "it", f"?seed={huge}"))
    table = wait_ready(page)
    notice = table.locator("[data-role=notice][data-kind=link]")
    notice.wait_for()
    limit = f"{MAX_SEED:,}".replace(",", ".")
    assert cat["bad_link"]["seed_too_large"].format(value=huge, limit=limit) in notice.inner_text()
    assert notice.get_attribute("data-problem") == "too_large"
    wait_settled(page)
    assert table.locator("[data-role=confirm]").is_hidden() and saved_record(page) == record
    # A part of the link with no value at all is named as it is written.
    page.goto(practice_url(site_url, "it", "?seed=4&level="))
    table = wait_ready(page)
    notice = table.locator("[data-role=notice][data-kind=link]")
    notice.wait_for()
    assert cat["bad_link"]["empty"].format(name="level") in notice.inner_text()
    wait_settled(page)
    assert table.locator("[data-role=confirm]").is_hidden() and saved_record(page) == record
    # A good link still asks first.
    page.goto(practice_url(site_url, "it", "?seed=77&rules=standard"))
    table = wait_ready(page)
    table.locator("[data-action=confirm-no]").click()
    wait_settled(page)
    assert saved_record(page) == record
    check_clean(watched_page)


# ----- item 6: three players --------------------------------------------------------------------


def test_three_players_hint_log_card_out_of_play_and_review(watched_page, site_url):
    """Issue 20 deal B (Shasta Sam, seed 44): the second hand's 10♦ is not told it wins, the log
    keeps the computers' numbers after a reload, the card never drawn is marked out of play,
    and the review speaks of two opponents with the table's names."""
    page = watched_page.page
    no_motion(page)
    page.set_viewport_size({"width": 375, "height": 740})
    cat = catalogue("en")
    page.goto(practice_url(site_url, "en", SHASTA_44))
    table = wait_ready(page)
    wait_settled(page)
    table.locator("[data-action=hint]").click()
    hint = table.locator("[data-role=hint]")
    hint.wait_for(timeout=TURN_TIMEOUT_MS)
    expected = json.loads(handle(json.dumps({"op": "practice.hint", "record": saved_record(page)})))
    assert hint.get_attribute("data-reason") == expected["reason"] == "heads_the_trick"
    assert hint.get_attribute("data-card") == "TD" and cat["hints"]["heads_the_trick"] in hint.inner_text()
    play_until(page, table, lambda: int(table.get_attribute("data-plays")) >= 9)
    page.reload()
    table = wait_ready(page)
    wait_settled(page)
    lines = table.locator("[data-role=log] li").all_inner_texts()
    assert any(line.startswith("Computer 1 ") for line in lines) and any(
        line.startswith("Computer 2 ") for line in lines
    )
    assert not [line for line in lines if re.match(r"(Dealer: Computer|Computer) (plays|wins|draws)\b", line)]
    assert "Dealer: Computer 1" in lines[0]
    stock = table.locator("[data-role=stock]")
    play_until(page, table, lambda: stock.get_attribute("data-out-of-play") == "true")
    assert stock.get_attribute("data-out-of-play") == "true"
    assert (
        cat["practice"]["out_of_play"] in stock.inner_text()
        and cat["practice"]["out_of_play_note"] in stock.inner_text()
    )
    assert "card left" not in stock.inner_text()
    assert serious_violations(page) == []
    play_until(page, table, lambda: False)
    state = engine_state(saved_record(page))
    out = table.locator("[data-role=sheet] [data-role=out-of-play]")
    assert state["result"]["out_of_play"] and out.get_attribute("data-role") == "out-of-play"
    assert out.locator("[data-card]").get_attribute("data-card") == state["result"]["out_of_play"]
    # The Game reason names each other seat's card value; the reader is "you" inside that
    # sentence, not the name plate's "You" (issue 21).
    sheet = table.locator("[data-role=sheet]").inner_text()
    values = state["result"]["game_values"]
    assert "(You)" not in sheet
    if values.count(max(values)) == 1 and values.index(max(values)) != 0:
        assert f"{values[0]} (you)" in sheet, sheet
    # The review: the table's names, two opponents, and every value estimated.
    table.locator("[data-role=sheet] [data-action=review]").click()
    review = table.locator("section.cj-review")
    review.locator("[data-role=timeline]").wait_for(timeout=120_000)
    text = review.inner_text()
    assert "Computer 1 played" in text and "Computer 2 played" in text and "Player B" not in text
    help_start = cat["analysis"]["ui"]["help_three"].split(":")[0]
    review.locator(".cj-rv-help summary").click()
    details = review.locator(".cj-rv-help").inner_text()
    assert help_start in details and "once the stock is empty" not in details.lower()
    check_clean(watched_page)


# ----- item 6: the turned jack, the count-out, the statistics ----------------------------------


def test_a_turned_jack_is_said_on_the_table(watched_page, site_url):
    page = watched_page.page
    no_motion(page)
    cat = catalogue("pt")
    page.goto(practice_url(site_url, "pt", TURNED_JACK_26))
    table = wait_ready(page)
    wait_settled(page)
    line = table.locator("[data-role=turned-jack]")
    assert line.is_visible()
    expected = CARD_PLACEHOLDER.split(cat["reasons"]["jack_turned_you"])[1]
    assert expected.strip() in line.inner_text() and line.locator("[data-card=JD]").count() == 1
    assert score_text(cat, [1, 0], 2) in table.locator("[data-role=scores]").inner_text()
    check_clean(watched_page)


def test_the_count_out_stops_at_the_winner_and_jack_comes_first(watched_page, site_url):
    """Issue 20 deal G: target 2, a turned jack, Low by holder and the Shasta point. The sheet
    lists Jack first (§6.4), the count-out stops where the match is won (§1, §6.17), and the
    match is counted under its own rules in the statistics."""
    page = watched_page.page
    no_motion(page)
    cat = catalogue("en")
    page.goto(practice_url(site_url, "en", COUNT_OUT_1022))
    table = wait_ready(page)
    phase = play_until(page, table, lambda: False)
    assert phase == "match_over"
    state = engine_state(saved_record(page))
    result = state["result"]
    sheet = table.locator("[data-role=sheet]")
    rows = sheet.locator("[data-role=points] tr[data-point]")
    points = [rows.nth(i).get_attribute("data-point") for i in range(rows.count())]
    assert points == ["jack", "high", "low", "game", "nine"]
    steps = result["count_out"]
    assert steps[-1]["seat"] == state["winner"] and steps[-1]["scores"] == state["scores"]
    final = score_text(cat, state["scores"], 2)
    assert sheet.locator("[data-role=deal-score] strong").inner_text() == final
    assert final in table.locator("[data-role=scores]").inner_text()
    counted = {step["point"] for step in steps}
    for point in points:
        row = sheet.locator(f"tr[data-point={point}]")
        seat = row.get_attribute("data-seat")
        expected = "true" if seat == "" or point in counted else "false"
        assert row.get_attribute("data-counted") == expected, point
        assert (cat["practice"]["not_counted"] in row.inner_text()) == (expected == "false")
    if result["count_out_decides"]:
        heading = sheet.locator("[data-role=count-out] strong").first.inner_text()
        assert heading == cat["practice"]["count_out"].format(target=2)
        items = sheet.locator("[data-role=count-out] li")
        # Counted in the order of the sheet, Jack first (§6.4), and stopped at the winner.
        listed = [items.nth(i).get_attribute("data-point") for i in range(items.count())]
        assert listed == [point for point in points if point in listed]
        assert items.count() == len(steps) and items.last.get_attribute("data-first") == "true"
    assert serious_violations(page) == []
    # Statistics: not "Standard", but the match's own rules, every difference named.
    bucket = "random/standard,target:2,low:holder,turned_jack:true,nine_point:true"
    stats = json.loads(page.evaluate("() => localStorage.getItem('cj-practice-stats')"))
    assert list(stats["buckets"]) == [bucket]
    row = table.locator(f"[data-role=stats] tr[data-bucket='{bucket}']").inner_text()
    options = cat["options"]
    named = [options[key]["name"] for key in ("turned_jack", "nine_point")]
    for part in (options["target"]["name"] + ": 2", options["low"]["values"]["holder"], *named):
        assert part in row, part
    # Reloaded, the statistics are still read (the bucket's rules are checked, not dropped).
    page.reload()
    table = wait_ready(page)
    assert table.locator("[data-role=notice][data-kind=stats]").count() == 0
    assert table.locator(f"[data-role=stats] tr[data-bucket='{bucket}']").count() == 1
    check_clean(watched_page)


def test_a_deal_won_by_the_turned_jack_has_a_review_that_says_why_it_is_empty(watched_page, site_url):
    page = watched_page.page
    no_motion(page)
    cat = catalogue("es")
    page.goto(
        practice_url(
            site_url, "es", "?seed=26&dealer=1&rules=standard,turned_jack:true,target:1&level=random"
        )
    )
    table = wait_ready(page)
    assert wait_settled(page) == "match_over"
    table.locator("[data-role=sheet] [data-action=review]").click()
    review = table.locator("section.cj-review")
    review.locator("[data-role=status]").wait_for()
    empty = "() => document.querySelector('section.cj-review')?.dataset.empty === 'turned_jack'"
    page.wait_for_function(empty, timeout=LOAD_TIMEOUT_MS)
    assert review.locator("[data-role=status]").inner_text() == cat["analysis"]["ui"]["no_cards_turned_jack"]
    check_clean(watched_page)


# ----- item 6: the face-down stock --------------------------------------------------------------


def test_face_down_undo_never_takes_back_a_hidden_draw(watched_page, site_url):
    page = watched_page.page
    no_motion(page)
    cat = catalogue("es")["practice"]
    page.goto(practice_url(site_url, "es", "?seed=12&dealer=1&rules=face-down&level=random"))
    table = wait_ready(page)
    wait_settled(page)
    note = table.locator("[data-role=undo-note]")
    # Each time a trick with draws is behind the reader's last card, Undo is off and the page
    # says why; in a few tricks the computer has drawn a card the reader must never learn.
    hidden = False
    while not hidden:
        before = position(table)
        assert play_first_legal(page, table) == "human" and position(table) != before
        assert table.locator("[data-action=undo]").is_disabled()
        assert note.is_visible() and note.inner_text() == cat["undo_hidden_stock"]
        hidden = any(entry["kind"] == "draw" and entry["card"] is None for entry in saved(page)["log"])
    # Nothing taken back, so the log holds only draws the reader saw (its own, and the trump card).
    seen = [entry for entry in saved(page)["log"] if entry["kind"] == "draw" and entry["card"] is not None]
    trump_card = engine_state(saved_record(page))["deal"]["trump_card"]
    assert all(entry["seat"] == 0 or entry["card"] == trump_card for entry in seen)
    page.emulate_media(color_scheme="dark")
    assert serious_violations(page) == []
    check_clean(watched_page)
