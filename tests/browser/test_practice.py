"""The practice table in Chromium: a match against the computer through the engine in Pyodide.

Short targets (`?rules=standard,target:1`) keep whole matches quick. The tests play by keyboard
and by mouse, reload mid-deal, click an illegal card, ask for a hint and undo, in English and
French; every test also checks that nothing was requested off 127.0.0.1 and that the console
stayed clean.
"""

from __future__ import annotations

import json

import pytest
from support import ROOT, language_prefix

from engine.ai import REASON_CODES
from engine.web_api import handle

pytestmark = pytest.mark.browser

LOAD_TIMEOUT_MS = 60_000
TURN_TIMEOUT_MS = 30_000
ROOT_SELECTOR = ".cj-practice"
SETTLED = ("human", "next_deal", "match_over")


def catalogue(lang: str) -> dict:
    return json.loads((ROOT / "engine" / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


def practice_url(site_url: str, lang: str, query: str = "") -> str:
    return f"{site_url}{language_prefix(lang)}practice/{query}"


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


def wait_settled(page, before: tuple | None = None) -> str:
    """Wait until the table waits for the reader (a card, the next deal) or the match is over,
    in a different position from `before`."""
    page.wait_for_function(
        """([settled, before]) => {
            const root = document.querySelector('.cj-practice');
            if (!root || !settled.includes(root.dataset.phase)) return false;
            const now = [root.dataset.deal, root.dataset.plays, root.dataset.phase];
            return before === null || now.some((value, i) => value !== before[i]);
        }""",
        arg=[list(SETTLED), None if before is None else list(before)],
        timeout=TURN_TIMEOUT_MS,
    )
    return page.locator(ROOT_SELECTOR).get_attribute("data-phase")


def saved_record(page) -> dict:
    return page.evaluate("() => JSON.parse(localStorage.getItem('cj-practice-match')).record")


def hand(table) -> list[tuple[str, bool]]:
    cards = table.locator("[data-role=hand] button")
    return [
        (cards.nth(i).get_attribute("data-card"), cards.nth(i).get_attribute("data-legal") == "true")
        for i in range(cards.count())
    ]


def check_clean(watched_page) -> None:
    assert watched_page.foreign_requests() == []
    assert watched_page.console_errors == []


@pytest.mark.parametrize(("lang", "target"), [("en", 2), ("fr", 1)])
def test_a_whole_match_by_keyboard(watched_page, site_url, lang, target):
    page = watched_page.page
    cat = catalogue(lang)
    page.goto(practice_url(site_url, lang, f"?seed=21&rules=standard,target:{target}"))
    table = wait_ready(page)
    # The link starts the match, then leaves the address so a reload resumes instead.
    page.wait_for_url(lambda url: "seed=" not in url, timeout=LOAD_TIMEOUT_MS)
    phase = wait_settled(page)
    assert table.locator("[data-role=seed]").inner_text() == cat["practice"]["seed"].format(seed=21)
    table.locator("[data-role=hand] [tabindex='0']").focus()
    deals = set()
    while phase != "match_over":
        before = position(table)
        deals.add(before[0])
        if phase == "next_deal":
            # The score sheet takes the focus: Enter starts the next deal.
            assert page.evaluate("() => document.activeElement.dataset.action") == "next"
            page.keyboard.press("Enter")
        else:
            cards = hand(table)
            focused = page.evaluate("() => document.activeElement.dataset.card")
            assert focused is not None, "the focus must stay in the hand"
            start = [code for code, _ in cards].index(focused)
            steps = next(n for n in range(len(cards)) if cards[(start + n) % len(cards)][1])
            for _ in range(steps):
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
        phase = wait_settled(page, before)
    # The score sheet: High, Low, Jack and Game, each with who and why, in the page language.
    sheet = table.locator("[data-role=sheet]")
    points = [
        sheet.locator("[data-role=points] tr[data-point]").nth(i).get_attribute("data-point")
        for i in range(4)
    ]
    assert points == ["high", "low", "jack", "game"]
    game_row = sheet.locator("tr[data-point=game]").inner_text()
    assert cat["points"]["game"] in game_row and "–" in game_row
    winner = int(sheet.locator("[data-role=winner]").get_attribute("data-seat"))
    expected = (
        cat["practice"]["you"]["wins_match"]
        if winner == 0
        else cat["ui"]["match_winner"].format(player=cat["seats"]["computer"])
    )
    assert expected in sheet.locator("[data-role=winner]").inner_text()
    # The live log announced every play, in the second person for the reader.
    log = table.locator("[data-role=log]")
    assert log.get_attribute("aria-live") == "polite" and log.get_attribute("role") == "log"
    text = log.inner_text()
    you_play = cat["practice"]["you"]["plays"].split("{")[0].strip()
    assert (
        you_play in text
        and cat["ui"]["plays"].format(player=cat["seats"]["computer"], card="").strip() in text
    )
    assert "You draws" not in text and "Vous pioche " not in text
    stats = page.evaluate("() => JSON.parse(localStorage.getItem('cj-practice-stats'))")
    assert stats["played"] == 1 and stats["won"] == (1 if winner == 0 else 0)
    check_clean(watched_page)


def test_one_deal_by_mouse_with_a_reload_in_the_middle(watched_page, site_url):
    """Set up by the form, play by clicking, reload mid-deal, and finish the deal."""
    page = watched_page.page
    page.set_viewport_size({"width": 375, "height": 800})
    cat = catalogue("en")
    page.goto(practice_url(site_url, "en"))
    table = wait_ready(page)
    form = table.locator("[data-role=setup]")
    form.locator("select[name=preset]").select_option("classic")
    assert form.locator("input[name=low_holder]").is_checked()
    form.locator("input[name=target]").fill("5")
    form.locator("select[name=level]").select_option("heuristic")
    form.locator("[data-action=start]").click()
    phase = wait_settled(page)
    reloaded = False
    while phase == "human":
        before = position(table)
        if int(before[1]) >= 20 and not reloaded:
            record, hand_before = saved_record(page), hand(table)
            page.reload()
            table = wait_ready(page)
            wait_settled(page)
            assert position(table) == before and hand(table) == hand_before
            assert saved_record(page) == record
            assert cat["practice"]["resumed"] in table.locator("[data-role=log]").inner_text()
            reloaded = True
        table.locator("[data-role=hand] [data-legal=true]").first.click()
        phase = wait_settled(page, before)
    assert reloaded and phase in ("next_deal", "match_over")
    record = saved_record(page)
    assert (
        record["rules"]["low"] == "holder"
        and record["rules"]["target"] == 5
        and record["level"] == "heuristic"
    )
    sheet = table.locator("[data-role=sheet]")
    assert sheet.is_visible()
    low = sheet.locator("tr[data-point=low]")
    if low.get_attribute("data-seat"):
        assert "Low by holder" in low.inner_text()
    # Usable at 375 px: nothing wider than the screen.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 375
    check_clean(watched_page)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_illegal_click_is_explained_and_a_hint_is_shown(watched_page, site_url, lang):
    page = watched_page.page
    cat = catalogue(lang)
    page.goto(practice_url(site_url, lang, "?seed=4&rules=standard&level=heuristic"))
    table = wait_ready(page)
    phase = wait_settled(page)
    # A hint on the first turn: the expert's card, with its reason in the page language.
    table.locator("[data-action=hint]").click()
    hint = table.locator("[data-role=hint]")
    hint.wait_for(timeout=TURN_TIMEOUT_MS)
    reason = hint.get_attribute("data-reason")
    assert reason in REASON_CODES
    assert cat["hints"][reason] in hint.inner_text()
    assert hint.get_attribute("data-card") in [code for code, legal in hand(table) if legal]
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
    button.click(
        force=True
    )  # aria-disabled: Playwright would wait for it to be enabled; a reader can click it
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
    check_clean(watched_page)


def test_a_deal_link_reproduces_the_deal(watched_page, site_url):
    page = watched_page.page
    page.goto(practice_url(site_url, "en", "?seed=77&rules=classic,target:7&level=random"))
    table = wait_ready(page)
    wait_settled(page)
    link = table.locator("[data-role=link]").get_attribute("href")
    assert "seed=77" in link and "rules=classic,target:7" in link
    first = hand(table) if table.get_attribute("data-plays") == "0" else None
    record = saved_record(page)
    page.goto(f"{site_url.rstrip('/')}{link}")
    table = wait_ready(page)
    wait_settled(page)
    again = saved_record(page)
    assert {k: again[k] for k in ("rules", "seed", "dealer")} == {
        k: record[k] for k in ("rules", "seed", "dealer")
    }
    if first is not None:
        assert hand(table) == first
    check_clean(watched_page)
