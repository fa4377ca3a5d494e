"""The mistakes deck (deck.js, deck-store.js, deck-schedule.js) in Chromium: the spaced steps, a
damaged deck dropped with a notice, "Due now" on the home page, a practice deal's mistakes
collected by the worker and played again on the card table, and a missed puzzle kept."""

from __future__ import annotations

import itertools
import json

import pytest
from support import ROOT, careless_deal, language_prefix, serious_violations

from engine.analysis.deal_analysis import analyse

pytestmark = pytest.mark.browser

LOAD_TIMEOUT_MS = 90_000
ANALYSIS_TIMEOUT_MS = 180_000
READER = 0
HOUR_MS = 3_600_000
DAY_MS = 24 * HOUR_MS
STEPS_MS = [4 * HOUR_MS, DAY_MS, 3 * DAY_MS, 7 * DAY_MS, 14 * DAY_MS, 30 * DAY_MS, 91 * DAY_MS, 182 * DAY_MS]
KEPT = ("inaccuracy", "mistake", "blunder")
# A fixed "now" for the page's deck (deck.js reads globalThis.cjDeckNow), moved by the tests.
CLOCK = "globalThis.cjDeckNow = () => Number(sessionStorage.getItem('deck-now') || Date.now());"
PUZZLES = [
    json.loads(line)
    for line in (ROOT / "tutorials" / "puzzles.jsonl").read_text(encoding="utf-8").splitlines()
]


def catalogue(lang: str) -> dict:
    return json.loads((ROOT / "engine" / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


def module(page, name: str):
    """A handle on one of the site's modules, imported with the page's own ?v=."""
    return page.evaluate_handle(
        "(name) => import(document.querySelector('script[src*=\"deck.js\"]').src.replace('deck.js', name))",
        name,
    )


def stored_deck(page) -> dict | None:
    return page.evaluate("() => JSON.parse(localStorage.getItem('cj-deck'))")


def set_clock(page, ms: int) -> None:
    page.evaluate("(ms) => sessionStorage.setItem('deck-now', String(ms))", ms)


def position(index: int, *, added: int, step: int, due: int, grade: str = "mistake") -> dict:
    record = careless_deal(5)
    return {
        "id": f"d-test-{index}",
        "source": "practice",
        "record": {**record, "plays": record["plays"][: index + 1]},
        "index": index,
        "seat": READER,
        "played": record["plays"][index],
        "best": [record["plays"][index]],
        "grade": grade,
        "puzzle": None,
        "trick": index // 2 + 1,
        "added": added,
        "step": step,
        "due": due,
    }


def practice_with_due_deck(page, site_url: str, lang: str, positions: list[dict], now: int) -> None:
    """The practice page in `lang` with `positions` stored as the deck, the deck's clock at `now`,
    reloaded so the deck reads them, one of them due."""
    page.add_init_script(CLOCK)
    page.goto(f"{site_url}{lang}/practice/")
    page.wait_for_selector(".cj-deck[data-state=ready]", timeout=LOAD_TIMEOUT_MS)
    page.evaluate(
        "(deck) => localStorage.setItem('cj-deck', JSON.stringify(deck))",
        {"version": 1, "collect": True, "positions": positions},
    )
    set_clock(page, now)
    page.reload()
    page.wait_for_selector(".cj-deck[data-state=ready][data-due='1']", timeout=LOAD_TIMEOUT_MS)


def test_the_spaced_steps(watched_page, site_url):
    page = watched_page.page
    page.goto(site_url)
    page.wait_for_selector(".cj-deck[data-state=ready]")
    steps = module(page, "deck-schedule.js")
    assert page.evaluate("(m) => m.STEPS_MS", steps) == STEPS_MS
    now = 1_800_000_000_000
    walked = page.evaluate(
        """([m, now]) => {
          let s = m.firstSchedule(now);
          const seen = [s];
          for (let i = 0; i < 9; i += 1) { s = m.afterAnswer(s, true, s.due); seen.push(s); }
          seen.push(m.afterAnswer(s, false, s.due));
          return seen;
        }""",
        [steps, now],
    )
    # Right answers climb one step each and stay on the last; a wrong one goes back to the first.
    expected_steps = [0, 1, 2, 3, 4, 5, 6, 7, 7, 7, 0]
    assert [s["step"] for s in walked] == expected_steps
    for before, after in itertools.pairwise(walked):
        assert after["due"] == before["due"] + STEPS_MS[after["step"]]
    assert walked[0]["due"] == now + 4 * HOUR_MS
    picked = page.evaluate(
        """([m, now]) => m.duePositions([
          { id: 'later', step: 0, due: now + 1 }, { id: 'now', step: 1, due: now },
          { id: 'long-ago', step: 3, due: now - 5 }], now).map((p) => p.id)""",
        [steps, now],
    )
    assert picked == ["long-ago", "now"]
    # With the option off, a finished deal is not analysed: no request reaches the engine. On,
    # the first request goes out (this engine refuses it, and the deal is given up quietly).
    asked = page.evaluate(
        """async () => {
          window.asked = [];
          const refuse = async (request) => {
            window.asked.push([request.op, request.record.n]);
            throw new Error('no engine');
          };
          const engine = { request: refuse };
          const deal = (n) => ({ record: { n }, seat: 0, lang: 'en', engine, quiet: () => true });
          localStorage.setItem('cj-deck', JSON.stringify({ version: 1, collect: false, positions: [] }));
          window.CJDeck.dealFinished(deal(1));
          localStorage.setItem('cj-deck', JSON.stringify({ version: 1, collect: true, positions: [] }));
          window.CJDeck.dealFinished(deal(2));
          return window.asked.length;
        }"""
    )
    assert asked == 0, "nothing is asked before the browser is idle"
    page.wait_for_function("() => window.asked.length > 0")
    assert page.evaluate("() => window.asked") == [["analyse", 2]]


def test_a_damaged_deck_is_dropped_and_due_positions_are_counted(watched_page, site_url):
    page = watched_page.page
    cat = catalogue("fr")["deck"]
    page.add_init_script(CLOCK)
    page.goto(f"{site_url}fr/")
    page.wait_for_selector(".cj-deck[data-state=ready]")
    assert page.locator(".cj-deck [data-role=empty]").inner_text() == cat["empty"]
    bad = {"version": 1, "collect": True, "positions": [{**position(3, added=0, step=9, due=0)}]}  # no step 9
    page.evaluate("(deck) => localStorage.setItem('cj-deck', JSON.stringify(deck))", bad)
    page.reload()
    page.wait_for_selector(".cj-deck[data-state=ready]")
    assert page.locator(".cj-deck [data-role=notice]").inner_text() == cat["dropped"]
    assert stored_deck(page) is None
    now = 1_800_000_000_000
    deck = {
        "version": 1,
        "collect": True,
        "positions": [
            position(3, added=now - DAY_MS, step=0, due=now - HOUR_MS),
            position(5, added=now - DAY_MS, step=2, due=now + DAY_MS),
            position(7, added=now - DAY_MS, step=1, due=now, grade="blunder"),
        ],
    }
    page.evaluate("(deck) => localStorage.setItem('cj-deck', JSON.stringify(deck))", deck)
    set_clock(page, now)
    page.reload()
    root = page.locator(".cj-deck")
    page.wait_for_selector(".cj-deck[data-state=ready]")
    assert root.get_attribute("data-due") == "2"
    assert root.locator("[data-role=due]").inner_text() == cat["due"].replace("{n}", "2")
    assert root.locator("[data-role=notice]").inner_text() == ""
    items = root.locator("[data-role=list] li")
    assert [items.nth(i).get_attribute("data-position") for i in range(items.count())] == [
        "d-test-3",
        "d-test-7",
    ]
    assert catalogue("fr")["analysis"]["grades"]["blunder"] in items.nth(1).inner_text()
    assert root.locator("a[data-action=review]").get_attribute("href").endswith("practice/#mistakes-deck")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert serious_violations(page, ".cj-deck") == [], scheme
    page.emulate_media(color_scheme=None)
    # Dropping a position: gone from the list and from the stored deck.
    items.nth(0).locator("[data-action=drop]").click()
    assert root.get_attribute("data-due") == "1"
    assert root.locator("[data-role=notice]").inner_text() == cat["dropped_one"]
    assert [p["id"] for p in stored_deck(page)["positions"]] == ["d-test-5", "d-test-7"]
    # The option is kept with the deck.
    root.locator("[data-action=collect]").uncheck()
    assert stored_deck(page)["collect"] is False
    assert watched_page.console_errors == []


def test_a_deals_mistakes_are_collected_and_played_again(watched_page, site_url):
    page = watched_page.page
    cat = catalogue("en")
    record = careless_deal(11)
    expected = [d for d in analyse(record, seat=READER)["decisions"] if d["grade"] in KEPT]
    assert len(expected) >= 2, "the careless deal has mistakes to collect"
    page.add_init_script(CLOCK)
    page.goto(f"{site_url}practice/")
    page.wait_for_function(
        "() => window.CJDeck !== undefined && window.CJReview !== undefined", timeout=LOAD_TIMEOUT_MS
    )
    now = 1_800_000_000_000
    set_clock(page, now)
    page.evaluate(
        """async (record) => {
          const deck = document.querySelector('script[src*="deck.js"]').src;
          const { engine } = await import(deck.replace('deck.js', 'engine-client.js'));
          window.CJDeck.dealFinished({ record, seat: 0, lang: 'en', engine: engine(), quiet: () => true });
        }""",
        record,
    )
    page.wait_for_function(
        "(n) => (JSON.parse(localStorage.getItem('cj-deck'))?.positions.length ?? 0) >= n",
        arg=len(expected),
        timeout=ANALYSIS_TIMEOUT_MS,
    )
    positions = stored_deck(page)["positions"]
    assert [(p["index"], p["played"], p["grade"], p["best"]) for p in positions] == [
        (d["play_index"], d["played"], d["grade"], d["best"]) for d in expected
    ]
    first = positions[0]
    assert first["record"]["plays"] == record["plays"][: first["index"] + 1]
    assert first["step"] == 0 and first["due"] == now + 4 * HOUR_MS and first["added"] == now
    # Nothing is due yet; five hours later every position is.
    root = page.locator(".cj-deck")
    assert root.get_attribute("data-due") == "0"
    set_clock(page, now + 5 * HOUR_MS)
    page.reload()
    page.wait_for_selector(".cj-deck[data-state=ready]")
    assert root.get_attribute("data-due") == str(len(expected))
    root.locator("[data-action=review]").click()
    table = root.locator("[data-role=deck-table]")
    ids = [p["id"] for p in positions]
    waiting = ".cj-deck [data-role=deck-table][data-position='{}']"
    page.wait_for_selector(waiting.format(ids[0]), timeout=ANALYSIS_TIMEOUT_MS)
    decision = expected[0]
    assert cat["analysis"]["grades"][decision["grade"]] in root.locator("[data-role=prompt]").inner_text()
    # A card within the good band: right, one step up.
    table.locator(f"[data-role=hand] button[data-card='{decision['best'][0]}']").click()
    page.wait_for_selector(".cj-deck [data-role=verdict][data-verdict=right]")
    moved = stored_deck(page)["positions"][0]
    assert moved["step"] == 1 and moved["due"] == now + 5 * HOUR_MS + DAY_MS
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert serious_violations(page, ".cj-deck") == [], scheme
    page.emulate_media(color_scheme=None)
    # The card played in the deal again: wrong, back to the first step, refuted.
    root.locator("[data-action=next]").click()
    second = expected[1]
    page.wait_for_selector(waiting.format(ids[1]), timeout=ANALYSIS_TIMEOUT_MS)
    table.locator(f"[data-role=hand] button[data-card='{second['played']}']").click()
    page.wait_for_selector(".cj-deck [data-role=verdict][data-verdict=wrong]")
    verdict = root.locator("[data-role=verdict]").inner_text()
    shown_key = "shown_one" if len(second["best"]) == 1 else "shown_other"
    shown = cat["analysis"]["ui"][shown_key].split("{cards}")[0]
    assert shown in verdict
    back = stored_deck(page)["positions"][1]
    assert back["step"] == 0 and back["due"] == now + 5 * HOUR_MS + 4 * HOUR_MS
    root.locator("[data-action=stop]").click()
    page.wait_for_selector(".cj-deck[data-state=ready]")
    assert root.get_attribute("data-due") == str(len(expected) - 2)
    # The rest, each found at once, until none is due.
    root.locator("[data-action=review]").click()
    for done, decision in zip(ids[2:], expected[2:], strict=True):
        page.wait_for_selector(waiting.format(done), timeout=ANALYSIS_TIMEOUT_MS)
        table.locator(f"[data-role=hand] button[data-card='{decision['best'][0]}']").click()
        page.wait_for_selector(".cj-deck [data-role=verdict][data-verdict=right]")
        root.locator("[data-action=next]").click()
    page.wait_for_function(
        "(text) => document.querySelector('.cj-deck [data-role=prompt]')?.textContent === text",
        arg=cat["deck"]["all_done"],
        timeout=ANALYSIS_TIMEOUT_MS,
    )
    assert [p["step"] for p in stored_deck(page)["positions"]] == [1, 0] + [1] * (len(expected) - 2)
    root.locator("[data-action=stop]").click()
    assert root.get_attribute("data-due") == "0"
    assert watched_page.console_errors == []


def test_a_finished_practice_deal_is_handed_to_the_deck(watched_page, site_url):
    """practice.js hands each finished deal over, and the deck's analysis waits while a deal is
    being played (quiet() holds between deals only)."""
    from practice_support import no_motion, play_first_legal, wait_ready, wait_settled

    page = watched_page.page
    no_motion(page)
    page.goto(f"{site_url}practice/")
    table = wait_ready(page)
    page.wait_for_function("() => window.CJDeck")
    page.evaluate(
        """() => {
          const handOver = window.CJDeck.dealFinished;
          window.deckCalls = [];
          window.CJDeck.dealFinished = (deal) => {
            const { seat, lang, record } = deal;
            window.deckCalls.push({ seat, lang, deals: record.deals.length });
            window.deckDeal = deal;
            handOver(deal);
          };
        }"""
    )
    table.locator("[data-action=start]").click()
    phase = wait_settled(page)
    while phase == "human":
        assert page.evaluate("() => window.deckCalls.length") == 0
        phase = play_first_legal(page, table)
    assert phase in ("next_deal", "match_over")
    assert page.evaluate("() => window.deckCalls") == [{"seat": 0, "lang": "en", "deals": 1}]
    # Between deals the analysis may run; during the next deal it waits.
    assert page.evaluate("() => window.deckDeal.quiet()") is True
    if phase == "next_deal":
        play_first_legal(page, table)
        assert page.evaluate("() => window.deckDeal.quiet()") is False
    assert watched_page.console_errors == []


def test_a_missed_puzzle_joins_the_deck(watched_page, site_url):
    from engine import card_code
    from engine.analysis.puzzles import position_of

    page = watched_page.page
    puzzle = next(p for p in PUZZLES if len(p["solution"]) == 1)
    deal = position_of(puzzle["record"])
    wrong = next(card_code(c) for c in deal.legal_plays() if card_code(c) != puzzle["solution"][0])
    page.add_init_script(CLOCK)
    page.goto(f"{site_url}{language_prefix('es')}puzzles/?puzzle={puzzle['id']}")
    page.wait_for_selector(".cj-puzzles[data-state=ready][data-status=playing]", timeout=LOAD_TIMEOUT_MS)
    now = 1_800_000_000_000
    set_clock(page, now)
    page.locator(f".cj-puzzles [data-role=hand] button[data-card='{wrong}']").click()
    page.wait_for_selector(".cj-puzzles[data-status=failed]", timeout=30_000)
    [kept] = stored_deck(page)["positions"]
    assert kept["source"] == "puzzle" and kept["puzzle"] == puzzle["id"] and kept["grade"] == "missed"
    assert (
        kept["played"] == wrong
        and kept["best"] == [puzzle["solution"][0]]
        and kept["due"] == now + 4 * HOUR_MS
    )
    # When it is due, the panel opens it on the puzzles page; solved then, it moves up a step.
    set_clock(page, now + 5 * HOUR_MS)
    page.reload()
    page.wait_for_selector(".cj-puzzles[data-state=ready][data-status=playing]", timeout=LOAD_TIMEOUT_MS)
    link = page.locator(".cj-deck [data-role=list] a")
    assert link.get_attribute("href").endswith(f"puzzles/?puzzle={puzzle['id']}")
    page.locator(f".cj-puzzles [data-role=hand] button[data-card='{puzzle['solution'][0]}']").click()
    page.wait_for_selector(".cj-puzzles[data-status=solved]", timeout=30_000)
    [moved] = stored_deck(page)["positions"]
    assert moved["step"] == 1 and moved["due"] == now + 5 * HOUR_MS + DAY_MS
    assert watched_page.console_errors == []


def test_a_position_the_engine_refuses_is_reported_not_fatal(watched_page, site_url):
    page = watched_page.page
    cat = catalogue("it")
    now = 1_800_000_000_000
    broken = position(3, added=now - DAY_MS, step=0, due=now - HOUR_MS)
    broken["record"]["plays"] = ["AS", "AS", "AS", "AS"]  # cards, but not a deal anyone could play
    practice_with_due_deck(page, site_url, "it", [broken], now)
    root = page.locator(".cj-deck")
    root.locator("[data-action=review]").click()
    alert = root.locator("[role=alert][data-role=verdict]")
    alert.wait_for(timeout=ANALYSIS_TIMEOUT_MS)
    assert cat["analysis"]["ui"]["failed"].split("{message}")[0] in alert.inner_text()
    assert serious_violations(page, ".cj-deck") == []
    root.locator("[data-action=stop]").click()
    page.wait_for_selector(".cj-deck[data-state=ready]")
    assert [p["id"] for p in stored_deck(page)["positions"]] == [broken["id"]]
    # The practice table was never in the way.
    assert page.locator(".cj-practice").get_attribute("data-state") == "ready"


def test_the_deck_review_and_the_data_panel_on_a_phone(phone_page, site_url):
    """At 375 px, light and dark: a due position on its table, answered, and an import to confirm."""
    page = phone_page.page
    now = 1_800_000_000_000
    record = careless_deal(11)
    decision = next(d for d in analyse(record, seat=READER)["decisions"] if d["grade"] in KEPT)
    due = {
        **position(decision["play_index"], added=now - DAY_MS, step=0, due=now - 1, grade=decision["grade"]),
        "record": {**record, "plays": record["plays"][: decision["play_index"] + 1]},
        "played": decision["played"],
        "best": decision["best"],
        "trick": decision["trick"],
    }
    practice_with_due_deck(page, site_url, "pt", [due], now)
    root = page.locator(".cj-deck")
    root.locator("[data-action=review]").click()
    page.wait_for_selector(
        f".cj-deck [data-role=deck-table][data-position='{due['id']}']", timeout=ANALYSIS_TIMEOUT_MS
    )
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert serious_violations(page, ".cj-deck") == [], scheme
    root.locator(f"[data-role=hand] button[data-card='{decision['played']}']").click()
    page.wait_for_selector(".cj-deck [data-role=verdict][data-verdict=wrong]")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert serious_violations(page, ".cj-deck") == [], scheme
    # The data panel below it, with an import waiting for its confirmation.
    exported = {"format": "california-jack-data", "version": 1, "exported": "", "parts": {"deck": None}}
    page.locator(".cj-your-data [data-role=file]").set_input_files(
        {"name": "dados.json", "mimeType": "application/json", "buffer": json.dumps(exported).encode()}
    )
    page.wait_for_selector(".cj-your-data[data-state=confirm]")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert serious_violations(page, ".cj-your-data") == [], scheme
    page.emulate_media(color_scheme=None)
    assert phone_page.console_errors == []
