"""The practice table in Chromium: whole matches against the computer through the engine in Pyodide.

Short targets (`?rules=standard,target:1`) keep whole matches quick, and the cards jump instead
of moving (speed "none"; the motion has its own test in test_practice_table.py). The tests play
by keyboard and by mouse in two languages each, reload mid-deal, click an illegal card, ask for
a hint and undo; every test also checks that nothing was requested off 127.0.0.1 and that the
console stayed clean.
"""

from __future__ import annotations

import json

import pytest
from practice_support import (
    LOAD_TIMEOUT_MS,
    TURN_TIMEOUT_MS,
    catalogue,
    check_clean,
    hand,
    no_motion,
    position,
    practice_url,
    saved,
    saved_record,
    wait_ready,
    wait_settled,
)

from engine.ai import REASON_CODES
from engine.surfaces.catalogue import capitalised, fill
from engine.surfaces.web_api import handle

pytestmark = pytest.mark.browser


def trump_announced(table, cat: dict, first: bool) -> None:
    """A deal's trump is said in words and marked on the table until its first trick is complete
    (a course-only reader kept to the last deal's trump in a match)."""
    indicator = table.locator("[data-role=trump]")
    assert indicator.get_attribute("data-new") == "" and cat["ui"]["trump_new_deal"] in indicator.inner_text()
    suit = indicator.locator(".cj-tb-suit").inner_text()
    news = table.locator("[data-role=trump-news]")
    assert news.get_attribute("role") == "status" and news.is_visible()
    said = news.inner_text()
    assert suit in said
    keys = ("first",) if first else ("changed", "same")
    assert any(cat["practice"]["trump_news"][key].split("{")[0].strip() in said for key in keys), said


def focused(page, attribute: str) -> str | None:
    return page.evaluate(f"() => document.activeElement && document.activeElement.dataset.{attribute}")


@pytest.mark.parametrize(("lang", "target"), [("en", 2), ("fr", 1)])
def test_a_whole_match_by_keyboard(watched_page, site_url, lang, target):
    page = watched_page.page
    no_motion(page)
    cat = catalogue(lang)
    page.goto(practice_url(site_url, lang, f"?seed=21&rules=standard,target:{target}"))
    table = wait_ready(page)
    # The link starts the match, then leaves the address so a reload resumes instead.
    page.wait_for_url(lambda url: "seed=" not in url, timeout=LOAD_TIMEOUT_MS)
    phase = wait_settled(page)
    assert table.locator("[data-role=seed]").inner_text() == cat["practice"]["seed"].format(seed=21)
    # Defect 4: the keyboard is already in the hand when the deal starts.
    assert focused(page, "card") is not None, "the focus must start in the hand"
    trump_announced(table, cat, first=True)
    while phase != "match_over":
        before = position(table)
        if phase == "next_deal":
            # The score sheet takes the focus: Enter starts the next deal, and the focus goes
            # back to the hand (never to <body>).
            assert focused(page, "action") == "next"
            page.keyboard.press("Enter")
            phase = wait_settled(page, before)
            if phase == "human":
                assert focused(page, "card") is not None, "after a new deal the focus must be in the hand"
                trump_announced(table, cat, first=False)
            continue
        cards = hand(table)
        current = focused(page, "card")
        assert current is not None, "the focus must stay in the hand"
        start = [code for code, _ in cards].index(current)
        steps = next(n for n in range(len(cards)) if cards[(start + n) % len(cards)][1])
        for _ in range(steps):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        phase = wait_settled(page, before)
    assert table.locator("[data-role=trump-news]").is_hidden()
    # The score sheet: High, Low, Jack and Game, each with who and why, in the page language.
    sheet = table.locator("[data-role=sheet]")
    points = [
        sheet.locator("[data-role=points] tr[data-point]").nth(i).get_attribute("data-point")
        for i in range(4)
    ]
    assert points == ["high", "low", "jack", "game"]
    game_row = sheet.locator("tr[data-point=game]").inner_text()
    assert cat["points"]["game"] in game_row and "–" not in cat["practice"]["seat_score"]
    # The label's colon is the catalogue's: "Score : …" in French (a narrow no-break space).
    deal_score = sheet.locator("[data-role=deal-score]").inner_text()
    assert deal_score.startswith(cat["ui"]["score"] + cat["ui"]["label_colon"]), deal_score
    winner = int(sheet.locator("[data-role=winner]").get_attribute("data-seat"))
    # Defect 9: the winner's line is a sentence of its own, with its full stop.
    expected = (
        cat["ui"]["wins_match_you"]
        if winner == 0
        else capitalised(cat["ui"]["wins_match_other"].format(player=cat["seats"]["in_text"]["computer"]))
    )
    assert sheet.locator("[data-role=winner]").inner_text() == f"{expected} {cat['practice']['match_over']}"
    # The live log announced every play, in the second person for the reader.
    log = table.locator("[data-role=log]")
    assert log.get_attribute("aria-live") == "polite" and log.get_attribute("role") == "log"
    text = log.inner_text()
    you_play = cat["ui"]["plays_you"].split("{")[0].strip()
    computer = cat["seats"]["in_text"]["computer"]
    computer_plays = capitalised(fill(cat["ui"]["plays_other"], player=computer, card="").strip())
    assert you_play in text and computer_plays in text
    assert "You draws" not in text and "Vous pioche " not in text
    stats = page.evaluate("() => JSON.parse(localStorage.getItem('cj-practice-stats'))")
    # A link without a level plays the gentlest opponent; a short target is counted on its own.
    bucket = stats["buckets"][f"random/standard,target:{target}"]
    assert stats["v"] == 2 and bucket["played"] == 1 and bucket["won"] == (1 if winner == 0 else 0)
    check_clean(watched_page)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_whole_match_by_mouse_with_a_reload_in_the_middle(watched_page, site_url, lang):
    """Set up by the form, play by clicking, reload mid-deal, and finish the match."""
    page = watched_page.page
    no_motion(page)
    page.set_viewport_size({"width": 375, "height": 800})
    cat = catalogue(lang)
    page.goto(practice_url(site_url, lang))
    table = wait_ready(page)
    form = table.locator("[data-role=setup]")
    assert form.is_visible()
    form.locator("select[name=preset]").select_option("classic")
    # The preset's options and its summary come from the catalogue, in the page language.
    assert form.locator("select[name=low]").input_value() == "holder"
    assert cat["presets"]["classic"]["summary"] in form.inner_text()
    assert cat["options"]["low"]["values"]["holder"] in form.locator("select[name=low]").inner_text()
    form.locator("input[name=target]").fill("2")
    form.locator("select[name=level]").select_option("heuristic")
    form.locator("[data-action=start]").click()
    phase = wait_settled(page)
    reloaded = False
    while phase != "match_over":
        before = position(table)
        if phase == "human" and int(before[1]) >= 8 and not reloaded:
            record, hand_before = saved_record(page), hand(table)
            log_before = table.locator("[data-role=log] li").count()
            page.reload()
            table = wait_ready(page)
            wait_settled(page)
            assert position(table) == before and hand(table) == hand_before
            assert saved_record(page) == record
            # Defect 3: the set-up form stays closed over a resumed match.
            assert table.locator("[data-role=setup]").is_hidden()
            # Defect 8: the log survives the reload, and says the match was resumed.
            log = table.locator("[data-role=log]")
            assert log.locator("li").count() == log_before + 1
            assert cat["practice"]["resumed"] in log.inner_text()
            # Defect 4: the hand has the keyboard at once.
            assert focused(page, "card") is not None
            reloaded = True
        if phase == "next_deal":
            table.locator("[data-role=sheet] [data-action=next]").click()
        else:
            table.locator("[data-role=hand] [data-legal=true]").first.click()
        phase = wait_settled(page, before)
    assert reloaded
    record = saved_record(page)
    assert (
        record["rules"]["low"] == "holder"
        and record["rules"]["target"] == 2
        and record["level"] == "heuristic"
    )
    assert table.locator("[data-role=winner]").is_visible()
    stats = page.evaluate("() => JSON.parse(localStorage.getItem('cj-practice-stats'))")
    assert stats["buckets"]["heuristic/classic,target:2"]["played"] == 1
    # The statistics table names the level and the preset in the page language.
    row = table.locator("[data-role=stats] tr[data-bucket='heuristic/classic,target:2']").inner_text()
    assert cat["practice"]["level_heuristic"] in row and cat["presets"]["classic"]["name"] in row
    # Usable at 375 px: nothing wider than the screen.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 375
    check_clean(watched_page)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_illegal_click_is_explained_and_a_hint_is_shown(watched_page, site_url, lang):
    page = watched_page.page
    no_motion(page)
    cat = catalogue(lang)
    page.goto(practice_url(site_url, lang, "?seed=4&rules=standard&level=heuristic"))
    table = wait_ready(page)
    phase = wait_settled(page)
    # A hint on the first turn: the expert's card, with its reason in the page language,
    # and the card marked in the hand.
    table.locator("[data-action=hint]").click()
    hint = table.locator("[data-role=hint]")
    hint.wait_for(timeout=TURN_TIMEOUT_MS)
    reason = hint.get_attribute("data-reason")
    assert reason in REASON_CODES
    assert cat["hints"][reason] in hint.inner_text()
    card = hint.get_attribute("data-card")
    assert card in [code for code, legal in hand(table) if legal]
    assert "cj-tb-card--hint" in table.locator(f"[data-role=hand] [data-card='{card}']").get_attribute(
        "class"
    )
    # Play the first legal card until some card in the hand may not be played.
    while not any(not legal for _, legal in hand(table)):
        assert phase == "human"
        before = position(table)
        table.locator("[data-role=hand] [data-legal=true]").first.click()
        phase = wait_settled(page, before)
    card = next(code for code, legal in hand(table) if not legal)
    expected = json.loads(
        handle(json.dumps({"op": "practice.play", "record": saved_record(page), "card": card}))
    )["refusal"]
    plays = table.get_attribute("data-plays")
    button = table.locator(f"[data-role=hand] [data-card='{card}']")
    assert button.get_attribute("aria-disabled") == "true"
    button.click(force=True)  # aria-disabled: Playwright would wait for it; a reader can click it
    refusal = table.locator("[data-role=refusal]")
    refusal.wait_for()
    assert refusal.locator("[data-role=reason]").get_attribute("data-code") == expected["code"]
    key = expected["message_key"].split(".")[1]
    suit = cat["suits"][expected["params"]["suit"]]["name"] if expected["params"]["suit"] else ""
    message = cat["errors"][key].format(suit=suit, card=expected["params"]["card"])
    assert refusal.locator("[data-role=message]").inner_text() == message[:1].upper() + message[1:]
    assert refusal.locator("[data-role=rule]").inner_text() == cat["rule_refs"][key]
    assert table.get_attribute("data-plays") == plays  # refused: nothing was played
    # Undo takes back the last card and the computer's reply.
    record = saved_record(page)
    table.locator("[data-action=undo]").click()
    page.wait_for_function(
        "(n) => document.querySelector('.cj-practice').dataset.plays !== n",
        arg=plays,
        timeout=TURN_TIMEOUT_MS,
    )
    wait_settled(page)
    assert len(saved_record(page)["deals"][-1]) < len(record["deals"][-1])
    assert saved(page)["log"][-1]["kind"] == "undo"
    check_clean(watched_page)


def test_a_deal_link_reproduces_the_deal(watched_page, site_url):
    page = watched_page.page
    no_motion(page)
    page.goto(practice_url(site_url, "en", "?seed=77&rules=classic,target:7&level=random"))
    table = wait_ready(page)
    wait_settled(page)
    link = table.locator("[data-role=link]").get_attribute("href")
    assert "seed=77" in link and "rules=classic,target:7" in link
    first = hand(table) if table.get_attribute("data-plays") == "0" else None
    record = saved_record(page)
    # A match is in progress: the link asks first, and "open" deals it.
    page.goto(f"{site_url.rstrip('/')}{link}")
    table = wait_ready(page)
    table.locator("[data-action=confirm-yes]").click()
    wait_settled(page)
    again = saved_record(page)
    assert {k: again[k] for k in ("rules", "seed", "dealer")} == {
        k: record[k] for k in ("rules", "seed", "dealer")
    }
    if first is not None:
        assert hand(table) == first
    check_clean(watched_page)
