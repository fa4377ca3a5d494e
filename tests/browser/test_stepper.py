"""The worked-example stepper: engine/web_api.py in CPython, and the page in Chromium.

The CPython tests call engine.web_api.handle directly. The browser tests drive the built
site: the engine in Pyodide inside the page's worker, the stepper in every language, the
quiz, rules pages that never load Pyodide, and no request off 127.0.0.1 nor console error.
The same web_api requests are also sent through the worker and must give byte-identical
answers to CPython's.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from support import LANGUAGES, ROOT, language_prefix, serious_violations

from engine.surfaces.catalogue import Catalogue, fill
from engine.surfaces.web_api import handle

pytestmark = pytest.mark.browser

SLUG = "hearts-trump"
TUTORIAL = ROOT / "tutorials" / f"{SLUG}.toml"
LOW_WINNER = 1  # seat B (RULES.md §5: the 2♥ gives Low to its capturer, B)
LOAD_TIMEOUT_MS = 60_000
READY = ".cj-stepper[data-state=ready]"
DATA_BLOCK = re.compile(r'<script type="application/json" class="cj-example-data">(.*?)</script>', re.S)
PYODIDE_FILES = ("/pyodide/", "engine-worker.js", "/assets/engine/", "stepper.js")
# What only the engine fetches: nothing of it before the reader uses a stepper.
ENGINE_FILES = ("/pyodide/", "engine-worker.js", "/assets/engine/")


def ask(request: dict) -> dict:
    return json.loads(handle(json.dumps(request)))


def tutorial_record() -> dict:
    return tomllib.loads(TUTORIAL.read_text(encoding="utf-8"))["record"]


def catalogue(lang: str) -> dict:
    return json.loads((ROOT / "engine" / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


def example_url(site_url: str, lang: str, slug: str = SLUG) -> str:
    return f"{site_url}{language_prefix(lang)}examples/{slug}/"


def example_data(site_dir: Path, lang: str, slug: str = SLUG) -> dict:
    html = (site_dir / language_prefix(lang) / "examples" / slug / "index.html").read_text(encoding="utf-8")
    match = DATA_BLOCK.search(html)
    assert match, f"{lang}/examples/{slug}: no cj-example-data block"
    return json.loads(match.group(1))


def example_pages(site_dir: Path) -> list[Path]:
    return sorted(
        p for p in site_dir.rglob("index.html") if 'class="cj-example-data"' in p.read_text("utf-8")
    )


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


# ----- engine/web_api.py in CPython ---------------------------------------------------------------


def test_replay_gives_the_state_after_every_play():
    record = tutorial_record()
    answer = ask({"op": "replay", "record": record, "narrator": None})
    assert answer["ok"] and answer["error"] is None and answer["complete"]
    states = answer["states"]
    assert len(states) == len(record["plays"]) + 1
    assert [state["step"] for state in states] == list(range(len(states)))
    start = states[0]
    assert start["play"] is None and start["to_move"] == 0 and start["trick"] == []
    assert start["stock_top"] == "JH" and start["stock_count"] == 40
    assert [hand["count"] for hand in start["hands"]] == [6, 6]
    # Trick 1 (RULES.md §5): A leads 7♣, B trumps with 2♥ and wins; B draws J♥, A draws Q♦.
    lead, trumped = states[1], states[2]
    assert lead["play"] == {"seat": 0, "card": "7C"} and lead["trick"] == [{"seat": 0, "card": "7C"}]
    assert trumped["play"] == {"seat": 1, "card": "2H"} and trumped["trick"] == []
    assert trumped["completed"] == {
        "number": 1,
        "leader": 0,
        "cards": [{"seat": 0, "card": "7C"}, {"seat": 1, "card": "2H"}],
        "winner": 1,
        "draws": [{"seat": 1, "card": "JH"}, {"seat": 0, "card": "QD"}],
    }
    assert "JH" in trumped["hands"][1]["cards"] and "QD" in trumped["hands"][0]["cards"]
    assert trumped["stock_top"] == "JD" and trumped["stock_count"] == 38
    assert trumped["to_move"] == 1 and trumped["tricks_won"] == [0, 1]
    end = states[-1]
    assert end["over"] and end["to_move"] is None and end["stock_count"] == 0
    assert sum(end["tricks_won"]) == 26
    result = answer["result"]
    assert result["points"]["low"] == LOW_WINNER
    low = next(reason for reason in result["reasons"] if reason["point"] == "low")
    assert low == {**low, "seat": LOW_WINNER, "card": "2H", "trick": 1, "key": "reasons.low"}
    assert sum(result["game_values"]) == 80
    assert result["scores_after"] == [
        sum(1 for s in result["points"].values() if s == seat) for seat in (0, 1)
    ]


def test_narrator_sees_only_what_that_seat_may_know():
    record = {**tutorial_record(), "rules": "face-down"}
    answer = ask({"op": "replay", "record": record, "narrator": 0})
    assert answer["ok"] and answer["narrator"] == 0
    start, after_trick = answer["states"][0], answer["states"][2]
    assert start["hands"][1] == {"cards": [], "count": 6, "hidden": 6}
    assert start["stock_top"] == "JH"  # the turned-up trump card is seen by both
    assert after_trick["stock_top"] is None  # then the stock is face down
    draws = after_trick["completed"]["draws"]
    assert draws == [{"seat": 1, "card": "JH"}, {"seat": 0, "card": "QD"}]  # JH was the turned-up card
    later = next(
        state for state in answer["states"] if state["completed"] and state["completed"]["number"] == 2
    )
    assert all(draw["card"] is None for draw in later["completed"]["draws"] if draw["seat"] == 1)
    assert "legal" not in answer["states"][1]  # seat 1 to move: not the narrator's legal plays


def test_try_card_reports_legal_choices_and_refusals():
    record = tutorial_record()
    illegal = ask({"op": "try", "record": record, "step": 1, "card": "AD"})
    assert illegal["ok"] and illegal["legal"] is False and illegal["seat"] == 1
    refusal = illegal["refusal"]
    assert refusal["code"] == "must_trump"
    assert refusal["message_key"] == "errors.must_trump" and refusal["rule_ref_key"] == "rule_refs.must_trump"
    assert refusal["params"] == {"card": "AD", "suit": "C", "trump": "H"}
    assert set(illegal["legal_plays"]) == {"9H", "4H", "2H"}
    assert illegal["example_card"] == "2H"
    other = ask({"op": "try", "record": record, "step": 1, "card": "9h"})
    assert other["legal"] is True and other["card"] == "9H" and other["refusal"] is None
    absent = ask({"op": "try", "record": record, "step": 1, "card": "7C"})
    assert absent["refusal"]["code"] == "not_in_hand"


def test_refusals_name_the_catalogue_message_for_each_duty():
    hands = [["AH", "2S", "3S", "4S", "5S", "6S"], ["KH", "2C", "3C", "4C", "5C", "6C"]]
    others = [f"{r}{s}" for s in "SHDC" for r in "23456789TJQKA" if f"{r}{s}" not in {*hands[0], *hands[1]}]
    stock = ["7H", *[c for c in others if c != "7H"]]  # hearts trump
    trump_led = {"rules": "standard", "dealer": 1, "hands": hands, "stock": stock, "plays": ["AH"]}
    refused = ask({"op": "try", "record": trump_led, "step": 1, "card": "2C"})["refusal"]
    assert refused["code"] == "must_follow_suit" and refused["message_key"] == "errors.must_follow_trump"
    plain = [["2S", "AH", "3D", "4D", "5D", "6D"], ["3S", "KH", "2C", "3C", "4C", "5C"]]
    others = [f"{r}{s}" for s in "SHDC" for r in "23456789TJQKA" if f"{r}{s}" not in {*plain[0], *plain[1]}]
    stock = ["7H", *[c for c in others if c != "7H"]]
    record = {
        "rules": {"preset": "standard", "trump_when_able": False},
        "dealer": 1,
        "hands": plain,
        "stock": stock,
        "plays": ["2S"],
    }
    refused = ask({"op": "try", "record": record, "step": 1, "card": "KH"})["refusal"]
    assert refused["code"] == "must_follow_suit" and refused["message_key"] == "errors.must_follow_suit_only"
    assert refused["rule_ref_key"] == "rule_refs.must_follow_suit_only"
    record["rules"] = "standard"  # trumping while able to follow is allowed: only a discard is refused
    assert ask({"op": "try", "record": record, "step": 1, "card": "KH"})["legal"] is True
    refused = ask({"op": "try", "record": record, "step": 1, "card": "2C"})["refusal"]
    assert refused["message_key"] == "errors.must_follow_suit"


def test_replay_under_other_rules_and_where_it_stops():
    record = tutorial_record()
    holder = ask({"op": "replay", "record": record, "rules": {"preset": "standard", "low": "holder"}})
    assert holder["rules"]["low"] == "holder" and holder["complete"]
    low = next(reason for reason in holder["result"]["reasons"] if reason["point"] == "low")
    assert low["key"] == "reasons.low_holder" and low["seat"] == LOW_WINNER
    strict = ask(
        {"op": "replay", "record": record, "rules": {"preset": "standard", "trump_when_able": False}}
    )
    if strict["error"] is not None:  # a trump played while able to follow: refused there, with its reason
        index = strict["error"]["play_index"]
        assert len(strict["states"]) == index + 1 and not strict["complete"] and strict["result"] is None
        again = ask(
            {
                "op": "try",
                "record": record,
                "step": index,
                "card": record["plays"][index],
                "rules": {"preset": "standard", "trump_when_able": False},
            }
        )
        assert again["legal"] is False and again["refusal"]["code"] == strict["error"]["code"]


def test_bad_requests_are_answered_not_raised():
    assert ask({"op": "nope"})["error"]["code"] == "bad_request"
    assert json.loads(handle("not json"))["error"]["code"] == "bad_request"
    assert json.loads(handle("[1]"))["error"]["code"] == "bad_request"
    record = tutorial_record()
    wrong = ask({"op": "replay", "record": {**record, "stock": record["stock"][:-1]}})
    assert wrong["error"] == {**wrong["error"], "code": "bad_record", "field": "stock"}
    assert (
        ask({"op": "replay", "record": {**record, "rules": {"low": "nobody"}}})["error"]["code"]
        == "bad_rules"
    )
    assert ask({"op": "replay", "record": {**record, "plays": ["XX"]}})["error"]["field"] == "plays[0]"
    assert ask({"op": "try", "record": record, "step": 999, "card": "2H"})["error"]["field"] == "step"
    assert ask({"op": "replay", "record": record, "narrator": 5})["error"]["field"] == "narrator"
    assert ask({"op": "catalogue", "lang": "../x"})["error"]["field"] == "lang"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalogue_is_the_engine_locale_completed_from_english(lang):
    answer = ask({"op": "catalogue", "lang": lang})
    own = catalogue(lang)
    assert answer["catalogue"]["ui"]["next"] == own["ui"]["next"]
    assert answer["catalogue"]["errors"]["must_trump"] == own["errors"]["must_trump"]
    for key in answer["untranslated"]:
        assert key.split(".")[0] in catalogue("en")


# ----- the stepper in Chromium --------------------------------------------------------------------


def wake(page):
    """Start the stepper's engine as a reader would, without moving a step: focus into it."""
    page.locator(".cj-stepper [data-action=next]").first.focus()


def wait_ready(page):
    wake(page)
    page.wait_for_selector(
        ".cj-stepper[data-state=ready], .cj-stepper[data-state=failed]", timeout=LOAD_TIMEOUT_MS
    )
    stepper = page.locator(".cj-stepper")
    assert stepper.get_attribute("data-state") == "ready", stepper.get_attribute("data-error")
    return stepper


def current_step(stepper) -> int:
    return int(stepper.get_attribute("data-step"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hearts_trump_steps_to_the_end_and_low_goes_to_b(watched_page, site_url, site_dir, lang):
    page = watched_page.page
    data = example_data(site_dir, lang)
    plays = data["record"]["plays"]
    quizzes = {quiz["play"]: quiz for quiz in data["quiz"]}
    cat = catalogue(lang)
    page.goto(example_url(site_url, lang))
    stepper = wait_ready(page)
    assert current_step(stepper) == 0
    start = cat["ui"]["step_start"].format(total=len(plays))
    assert stepper.locator("[data-role=counter]").inner_text() == start
    next_button = stepper.locator("[data-action=next]")
    assert next_button.evaluate("b => b.tagName") == "BUTTON"
    assert next_button.inner_text().strip().startswith(cat["ui"]["next"])
    next_button.focus()
    # Card by card with the → key; a "your turn" step waits for the reader's card.
    while current_step(stepper) < len(plays):
        step = current_step(stepper)
        if step in quizzes:
            page.keyboard.press("ArrowRight")
            assert current_step(stepper) == step, "a quiz step must wait for the reader's card"
            stepper.locator(f'[data-action=pick][data-card="{quizzes[step]["choice"]}"]').click()
            stepper.locator("[data-role=feedback][data-verdict=correct]").wait_for()
            next_button.focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => document.querySelector('.cj-stepper').dataset.step === '{step + 1}'")
        state_play = stepper.locator("[data-role=table] [data-role=trick], [data-role=completed]").first
        assert state_play.is_visible()
    # The engine's count-out, in the page language.
    low = stepper.locator('[data-role=points] li[data-point="low"]')
    assert low.get_attribute("data-seat") == str(LOW_WINNER)
    text = low.inner_text()
    # The label's colon from the catalogue: "Low : B" in French (narrow no-break space), "Low: B" in English.
    assert text.startswith(f"{cat['points']['low']}{cat['ui']['label_colon']}{data['seats'][LOW_WINNER]}")
    facts = stepper.locator(".cj-st-facts").inner_text()
    assert facts.startswith(f"{cat['ui']['trump']}{cat['ui']['label_colon']}")
    seat = cat["seats"]["in_text"]["letter"].format(letter=data["seats"][LOW_WINNER])
    two_of_hearts = Catalogue(lang).card("2H")
    expected = capitalised(fill(cat["reasons"]["low_other"], player=seat, card=two_of_hearts, trick=1))
    assert expected in text
    assert stepper.locator("[data-action=next]").is_disabled()
    # Home and End, and the live region follows.
    page.keyboard.press("Home")
    assert current_step(stepper) == 0
    page.keyboard.press("End")
    assert current_step(stepper) == len(plays)
    live = stepper.locator("[data-role=live]")
    assert live.get_attribute("aria-live") == "polite"
    page.wait_for_function(
        "() => document.querySelector('.cj-stepper [data-role=live]').textContent.length > 0"
    )
    assert cat["ui"]["step"].format(n=len(plays), total=len(plays)) in live.inner_text()
    assert watched_page.foreign_requests() == []
    assert watched_page.console_errors == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_quiz_rejects_an_illegal_card_with_the_translated_reason(watched_page, site_url, site_dir, lang):
    page = watched_page.page
    data = example_data(site_dir, lang)
    quiz = data["quiz"][0]
    mistake = quiz["illegal"][0]
    cat = catalogue(lang)
    page.goto(example_url(site_url, lang))
    stepper = wait_ready(page)
    for _ in range(quiz["play"]):
        stepper.locator("[data-action=next]").click()
    assert current_step(stepper) == quiz["play"]
    choices = stepper.locator("[data-action=pick]")
    assert choices.count() >= 1 and choices.first.evaluate("b => b.tagName") == "BUTTON"
    card = stepper.locator(f'[data-action=pick][data-card="{mistake["card"]}"]')
    name = cat["card_name"].format(
        rank=cat["ranks"][mistake["card"][0]]["name"], suit=cat["suits"][mistake["card"][1]]["name"]
    )
    short = cat["ranks"][mistake["card"][0]]["short"] + cat["suits"][mistake["card"][1]]["symbol"]
    assert card.get_attribute("aria-label") == f"{short} {name}"
    assert card.inner_text() == short
    card.click()
    feedback = stepper.locator("[data-role=feedback][data-verdict=illegal]")
    feedback.wait_for()
    reason = feedback.locator("[data-role=reason]")
    assert reason.get_attribute("data-code") == mistake["error"]
    # The engine's code, worded by the page language's catalogue, citing the rule.
    led = data["record"]["plays"][quiz["play"] - 1][1]
    expected = cat["errors"][mistake["error"]].format(suit=cat["suits"][led]["name"], card=mistake["card"])
    assert feedback.locator("[data-role=message]").inner_text() == capitalised(expected)
    rule = feedback.locator("[data-role=rule]")
    assert rule.inner_text() == cat["rule_refs"][mistake["error"]]
    target = urljoin(page.url, rule.get_attribute("href"))
    assert urlsplit(target).path == f"/{language_prefix(lang)}rules/"
    assert (site_dir / language_prefix(lang) / "rules" / "index.html").read_text("utf-8").count(
        f'id="{urlsplit(target).fragment}"'
    ) == 1
    # Refused: the example does not go on until a legal card is chosen.
    assert stepper.locator("[data-action=next]").get_attribute("aria-disabled") == "true"
    card.focus()
    page.keyboard.press("ArrowRight")
    assert current_step(stepper) == quiz["play"]
    other = quiz["other"][0]
    stepper.locator(f'[data-action=pick][data-card="{other["card"]}"]').click()
    stepper.locator("[data-role=feedback][data-verdict=other] [data-role=other]").wait_for()
    stepper.locator("[data-action=next]").click()
    assert current_step(stepper) == quiz["play"] + 1
    assert watched_page.foreign_requests() == []
    assert watched_page.console_errors == []


def _widget_markers(page: Path) -> set[str]:
    """The engine widgets a built page carries: the practice table, the puzzles."""
    html = page.read_text("utf-8")
    return {marker for marker in ('class="cj-practice"', 'class="cj-puzzles"') if marker in html}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_pages_request_no_pyodide_file(browser, site_url, site_dir, lang):
    """Every page without an example, the practice table or the puzzles, in each language (one
    test per language, side by side on several cores): no worker, Pyodide or engine request."""
    from html_index import page_language

    examples = set(example_pages(site_dir))
    pages = [
        p
        for p in sorted(site_dir.rglob("index.html"))
        if p not in examples
        and not _widget_markers(p)
        and not {"pyodide", "assets", "search"} & set(p.relative_to(site_dir).parts)
        and page_language(site_dir, p) == lang
    ]
    assert len(pages) >= 9
    context = browser.new_context()
    page = context.new_page()
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    for path in pages:
        page.goto(site_url + path.relative_to(site_dir).parent.as_posix().removeprefix(".") + "/")
        page.wait_for_load_state("load")
        assert page.locator(".cj-stepper").count() == 0
    context.close()
    loaded = [url for url in requests if any(part in url for part in PYODIDE_FILES)]
    assert loaded == []
    assert [url for url in requests if urlsplit(url).hostname not in ("127.0.0.1", None)] == []
    assert errors == []


def test_the_worker_answers_exactly_as_cpython(watched_page, site_url, site_dir):
    """engine.web_api through Pyodide in the site's worker, byte for byte against CPython."""
    record = example_data(site_dir, "en")["record"]
    requests = [
        {"op": "replay", "record": record, "narrator": None},
        {"op": "replay", "record": record, "narrator": 1, "rules": {"preset": "face-down", "low": "holder"}},
        {"op": "try", "record": record, "step": 1, "card": "AD"},
        {"op": "try", "record": record, "step": 1, "card": "9H"},
        {"op": "catalogue", "lang": "fr"},
        {"op": "replay", "record": {"hands": []}},
    ]
    page = watched_page.page
    page.goto(example_url(site_url, "en"))  # its own stepper stays idle: one Pyodide, the test's
    answers = page.evaluate(
        """async (requests) => {
            const worker = new Worker(new URL("assets/javascripts/engine-worker.js", location.origin + "/"),
                                      { type: "module" });
            const answers = new Map();
            const done = new Promise((resolve, reject) => {
                worker.onmessage = ({ data }) => {
                    if (data.type === "failed") reject(new Error(data.message));
                    if (data.type === "answer") {
                        answers.set(data.id, data.answer);
                        if (answers.size === requests.length) resolve();
                    }
                };
            });
            requests.forEach((request, id) => worker.postMessage({ id, request: JSON.stringify(request) }));
            await done;
            worker.terminate();
            return requests.map((_, id) => answers.get(id));
        }""",
        requests,
    )
    for request, answer in zip(requests, answers, strict=True):
        assert answer == handle(json.dumps(request)), request["op"]
    assert watched_page.console_errors == []


def test_failed_loading_leaves_a_message_and_the_static_example(fresh_page, site_url, site_dir):
    """A server error (a lost connection and offline have their own words: test_offline.py)."""
    page = fresh_page.page
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=500, body=""))
    page.goto(example_url(site_url, "fr"))
    wake(page)
    page.wait_for_selector(".cj-stepper[data-state=failed][data-failure=other]", timeout=LOAD_TIMEOUT_MS)
    message = page.locator(".cj-stepper .cj-st-failed")
    assert message.inner_text() == catalogue("fr")["ui"]["load_failed"]
    assert message.get_attribute("role") == "alert"
    assert page.locator(".cj-stepper [data-action=retry]").inner_text() == catalogue("fr")["offline"]["retry"]
    assert page.locator("table.cj-table").first.is_visible()  # the static walkthrough is still there


def test_static_example_reads_without_javascript(browser, site_url):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(example_url(site_url, "it"))
    assert page.locator("table.cj-table").count() > 1
    assert page.locator(".cj-stepper").count() == 0
    assert not [url for url in requests if "/pyodide/" in url]
    context.close()


def test_replay_under_other_rules_switch(watched_page, site_url, site_dir):
    """Where an example declares alternatives, the switch re-runs the deal and shows what changes."""
    candidates = []
    for path in example_pages(site_dir):
        if path.relative_to(site_dir).parts[0] in LANGUAGES[1:]:
            continue
        data = json.loads(DATA_BLOCK.search(path.read_text("utf-8")).group(1))
        if data.get("alternatives"):
            candidates.append((path, data))
    if not candidates:
        pytest.skip("no worked example declares alternative rules yet")
    path, data = candidates[0]
    alternative = data["alternatives"][0]
    record = {
        **data["record"],
        "rules": alternative["rules"],
        "plays": alternative.get("plays") or data["record"]["plays"],
    }
    expected = ask({"op": "replay", "record": record})
    page = watched_page.page
    page.goto(site_url + path.relative_to(site_dir).parent.as_posix() + "/")
    stepper = wait_ready(page)
    toggle = stepper.locator("[data-action=alternative]").first
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    page.wait_for_function("() => document.querySelector('.cj-stepper').dataset.rules !== undefined")
    assert toggle.get_attribute("aria-pressed") == "true"
    stepper.locator("[data-action=last]").click()
    assert current_step(stepper) == len(expected["states"]) - 1
    if expected["error"]:
        assert (
            stepper.locator("[data-role=changes-refusal] [data-role=reason]").get_attribute("data-code")
            == (expected["error"]["code"])
        )
    else:
        for point, seat in expected["result"]["points"].items():
            if point != "nine" or seat is not None:
                item = stepper.locator(f'[data-role=points] li[data-point="{point}"]')
                assert item.get_attribute("data-seat") == ("" if seat is None else str(seat))
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "false"
    assert watched_page.console_errors == []


# ----- the engine on demand, loading, focus, other rules, narrow screens, axe ---------------------


def engine_requests(requests: list[str]) -> list[str]:
    return [url for url in requests if any(part in url for part in ENGINE_FILES)]


def test_reading_an_example_fetches_no_engine_file_until_the_reader_steps_then_it_replays_all(
    fresh_page, site_url, site_dir
):
    """A first visit to an example, a page two folders below a language. The static
    walk-through and the idle stepper cost no Pyodide byte; the first Next starts the engine,
    the progress bar moves, and the step asked for is made once ready. Then that one page's
    engine (one Pyodide start, not one per example) replays every example, in the languages
    in turn, with its alternatives, exactly as CPython does, and everything it loaded came from
    this site: Pyodide from the site root's versioned copy. Every example page carries the
    stepper, driven on several examples by the tests here. (One test: both need a first
    visit's cold start.)"""
    pages = example_pages(site_dir)
    slugs = sorted({p.parent.name for p in pages})
    assert SLUG in slugs and len(slugs) >= 2
    for path in pages:
        assert 'src="../../assets/javascripts/stepper.js?v=' in path.read_text("utf-8") or (
            'src="../../../assets/javascripts/stepper.js?v=' in path.read_text("utf-8")
        ), path
    page = fresh_page.page
    cat = catalogue("pt")
    data = example_data(site_dir, "pt")
    page.goto(example_url(site_url, "pt"))
    page.wait_for_load_state("networkidle")
    stepper = page.locator(".cj-stepper")
    assert stepper.get_attribute("data-state") == "idle"
    assert engine_requests(fresh_page.requests) == []
    # The idle stepper already speaks the page language and shows where it stands.
    counter = stepper.locator("[data-role=counter]").inner_text()
    assert counter == cat["ui"]["step_start"].format(total=len(data["record"]["plays"]))
    assert stepper.locator("[data-action=next]").inner_text().startswith(cat["ui"]["next"])
    assert stepper.locator("[data-action=previous]").is_disabled()
    # Every value the progress bar takes while loading, in order.
    page.evaluate(
        """() => {
            window.cjProgress = [];
            const stepper = document.querySelector('.cj-stepper');
            new MutationObserver(() => {
                const bar = stepper.querySelector('progress');
                if (bar && stepper.dataset.state === 'loading') window.cjProgress.push(bar.value);
            }).observe(stepper, { attributes: true, subtree: true, attributeFilter: ['value'] });
        }"""
    )
    stepper.locator("[data-action=next]").click()
    page.wait_for_selector(".cj-stepper[data-state=ready]", timeout=LOAD_TIMEOUT_MS)
    assert current_step(stepper) == 1, "the step asked for before the engine was ready is made"
    values = page.evaluate("() => window.cjProgress")
    assert values == sorted(values), values
    assert any(0 < value < 50 for value in values) and any(value >= 90 for value in values), values
    assert engine_requests(fresh_page.requests)
    # The same engine replays every example.
    requests = []
    for number, slug in enumerate(slugs):
        data = example_data(site_dir, LANGUAGES[number % len(LANGUAGES)], slug)
        narrator = data["narrator"] if isinstance(data.get("narrator"), int) else None
        requests.append({"op": "replay", "record": data["record"], "narrator": narrator})
        for alternative in data.get("alternatives", []):
            plays = alternative.get("plays") or data["record"]["plays"]
            record = {**data["record"], "rules": alternative["rules"], "plays": plays}
            requests.append({"op": "replay", "record": record, "narrator": narrator})
    answers = page.evaluate(
        """async (requests) => {
            const src = document.querySelector('script[src*="stepper.js"]').src;
            const { engine } = await import(src.replace('stepper.js', 'engine-client.js'));
            const answers = [];
            for (const request of requests) answers.push(await engine().request(request));
            return answers;
        }""",
        requests,
    )
    for request, answer in zip(requests, answers, strict=True):
        assert answer == ask(request), request["record"].get("rules")
        assert answer["ok"] and answer["states"]
    version = json.loads((site_dir / "assets" / "engine" / "manifest.json").read_text())["pyodide"]
    assert any(f"/pyodide/{version}/pyodide.asm.wasm" in url for url in fresh_page.requests)
    assert any(re.search(r"/assets/engine/engine-[0-9a-f]{12}\.zip$", url) for url in fresh_page.requests)
    # Pyodide is always the site root's versioned copy, whatever the page's depth or language,
    # and its package list is never downloaded (the engine loads no package).
    pyodide = {urlsplit(url).path.rsplit("/", 1)[0] for url in fresh_page.requests if "/pyodide/" in url}
    assert pyodide == {f"/pyodide/{version}"}
    assert not [url for url in fresh_page.requests if "pyodide-lock.json" in url]
    assert fresh_page.foreign_requests() == []
    assert fresh_page.console_errors == []


def test_a_stalled_download_ends_with_the_translated_failure(fresh_page, site_url):
    """A download that never answers: the stall watchdog fails the load with the page's
    message. Its default patience is at most 30 s; the test lowers it to keep the suite fast."""
    source = (ROOT / "docs" / "assets" / "javascripts" / "engine-client.js").read_text(encoding="utf-8")
    patience = int(re.search(r"const STALL_MS = ([\d_]+);", source).group(1).replace("_", ""))
    assert patience <= 30_000
    page = fresh_page.page
    page.add_init_script("globalThis.cjEngineStallMs = 2000;")
    stalled = []
    page.route("**/pyodide.asm.wasm", lambda route: stalled.append(route))  # never answered
    page.goto(example_url(site_url, "it"))
    wake(page)
    page.wait_for_selector(".cj-stepper[data-state=failed]", timeout=20_000)
    assert stalled, "the WebAssembly download was not even asked for"
    message = page.locator(".cj-stepper .cj-st-failed")
    assert message.inner_text() == catalogue("it")["ui"]["load_failed"]
    assert "stalled" in page.locator(".cj-stepper").get_attribute("data-error")
    assert page.locator("table.cj-table").first.is_visible()


def test_focus_stays_in_the_stepper_after_a_quiz_step(watched_page, site_url, site_dir):
    """Tab to Next, Enter, pick the right card, then →: the step moves and the keys still work."""
    page = watched_page.page
    quiz = example_data(site_dir, "en")["quiz"][0]
    page.goto(example_url(site_url, "en"))
    stepper = wait_ready(page)
    stepper.locator("[data-action=next]").focus()
    for _ in range(quiz["play"]):
        page.keyboard.press("Enter")
    assert current_step(stepper) == quiz["play"]
    stepper.locator(f'[data-action=pick][data-card="{quiz["choice"]}"]').focus()
    page.keyboard.press("Enter")
    stepper.locator("[data-role=feedback][data-verdict=correct]").wait_for()
    page.keyboard.press("ArrowRight")
    assert current_step(stepper) == quiz["play"] + 1
    inside = "() => document.querySelector('.cj-stepper').contains(document.activeElement)"
    assert page.evaluate(inside), page.evaluate("() => document.activeElement.outerHTML.slice(0, 80)")
    page.keyboard.press("ArrowRight")
    assert current_step(stepper) == quiz["play"] + 2
    assert page.evaluate("() => document.activeElement.dataset.action") == "next"
    assert watched_page.console_errors == []


def test_other_rules_say_where_the_deal_differs_and_keep_the_note(watched_page, site_url, site_dir):
    """Low by holder: a plain label, the example's note kept, a 'what changes' box at every
    step with a way to the step where the difference shows, and the point that moves."""
    slug = "low-capture-vs-holder"
    data = example_data(site_dir, "fr", slug)
    alternative = data["alternatives"][0]
    cat = catalogue("fr")
    page = watched_page.page
    page.goto(example_url(site_url, "fr", slug))
    stepper = wait_ready(page)
    note = stepper.locator("[data-role=annotation]").inner_text().strip()
    toggle = stepper.locator("[data-action=alternative]").first
    label = toggle.inner_text()
    assert "(" not in label and ":" not in alternative["label"].split("(")[0]
    assert alternative["label"].split(" (")[0] in label
    toggle.click()
    changes = stepper.locator("[data-role=changes]")
    changes.wait_for()
    assert cat["examples"]["what_changes"] in changes.inner_text()
    if note:
        assert note in stepper.locator("[data-role=annotation]").inner_text()
    difference = changes.locator("[data-role=difference]")
    at = int(difference.get_attribute("data-step"))
    assert cat["ui"]["rules_differ_at"].format(n=at) in difference.inner_text()
    assert changes.locator('li[data-point="low"]').count() == 1
    changes.locator("[data-action=jump]").click()
    assert current_step(stepper) == at
    assert page.evaluate("() => document.querySelector('.cj-stepper').contains(document.activeElement)")
    assert changes.is_visible()
    assert watched_page.console_errors == []


def test_three_players_show_the_last_card_out_of_play(watched_page, site_url, site_dir):
    slug = "shasta-sam-three-hands"
    cat = catalogue("es")
    page = watched_page.page
    page.goto(example_url(site_url, "es", slug))
    stepper = wait_ready(page)
    page.keyboard.press("End")
    stock = stepper.locator("[data-role=stock]")
    assert stock.get_attribute("data-out-of-play") == "1"
    assert cat["ui"]["stock_top"] not in stock.inner_text()
    assert cat["examples"]["out_of_play"].split("{")[0].strip() in stock.inner_text()
    assert stock.locator("[data-role=out-of-play] .cj-card").count() == 1
    assert watched_page.console_errors == []


@pytest.mark.parametrize("lang", ["fr", "pt"])
def test_count_out_tables_scroll_inside_themselves_at_320_px(browser, site_url, lang):
    context = browser.new_context(viewport={"width": 320, "height": 700})
    page = context.new_page()
    for slug in (SLUG, "shasta-sam-three-hands"):
        page.goto(example_url(site_url, lang, slug))
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 320, slug
    context.close()



@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_the_stepper_in_a_quiz_and_under_other_rules(watched_page, site_url, site_dir, scheme):
    """follow-or-trump has a quiz and an alternative whose replay stops at a refusal."""
    slug = "follow-or-trump"
    quiz = example_data(site_dir, "en", slug)["quiz"][0]
    page = watched_page.page
    page.set_viewport_size({"width": 375, "height": 740})
    page.emulate_media(color_scheme=scheme)
    page.goto(example_url(site_url, "en", slug))
    expected_scheme = "slate" if scheme == "dark" else "default"
    assert page.locator("body").get_attribute("data-md-color-scheme") == expected_scheme
    stepper = wait_ready(page)
    for _ in range(quiz["play"]):
        stepper.locator("[data-action=next]").click()
    mistake = quiz["illegal"][0]["card"]
    stepper.locator(f'[data-action=pick][data-card="{mistake}"]').click()
    stepper.locator("[data-role=feedback][data-verdict=illegal]").wait_for()
    in_quiz = serious_violations(page)
    stepper.locator("[data-action=alternative]").first.click()
    stepper.locator("[data-role=changes] [data-role=changes-refusal]").wait_for()
    other_rules = serious_violations(page)
    assert not in_quiz, in_quiz
    assert not other_rules, other_rules


# ----- issue 20, item 5: examples under other rules, and the loading line ------------------------


def test_loading_is_said_only_while_the_engine_loads(watched_page, site_url):
    """Before the reader uses a stepper nothing loads, so nothing says "Loading…" (issue 20)."""
    page = watched_page.page
    page.goto(example_url(site_url, "fr"))
    stepper = page.locator(".cj-stepper")
    stepper.wait_for()
    assert stepper.get_attribute("data-state") == "idle"
    status = stepper.locator(".cj-st-status")
    assert status.count() == 1 and not status.is_visible()
    stepper = wait_ready(page)
    assert stepper.locator(".cj-st-status").count() == 0 or not stepper.locator(".cj-st-status").is_visible()
    assert watched_page.console_errors == []


def _plain(html: str) -> str:
    return re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", "", html)).strip()


def test_other_rules_show_only_the_notes_that_apply_and_say_what_changed(watched_page, site_url, site_dir):
    """Void in the suit led, under the classic rules: once B discards instead of trumping, the
    standard story ("B must trump… B wins the ace") is no longer told above the classic one,
    and the box says what changed at each step (issue 20, the French trial's M4)."""
    slug = "must-trump-or-discard"
    data = example_data(site_dir, "fr", slug)
    cat = catalogue("fr")
    alternative = data["alternatives"][0]
    page = watched_page.page
    page.goto(example_url(site_url, "fr", slug))
    stepper = wait_ready(page)
    stepper.locator("[data-action=alternative]").first.click()
    stepper.locator("[data-role=changes]").wait_for()
    annotation = stepper.locator("[data-role=annotation]")
    standard_notes = {
        f"{note['at']['kind']} {note['at']['index']}": _plain(note["html"]) for note in data["annotations"]
    }
    classic_note = _plain(alternative["annotations"][0]["html"])
    stepper.locator("[data-action=next]").click()
    assert current_step(stepper) == 1
    # Step 1: the ace of clubs is led under both rules, so the example's note still holds.
    assert standard_notes["play 0"][:40] in annotation.inner_text()
    changes = stepper.locator("[data-role=changes] [data-role=change]")
    assert changes.first.get_attribute("data-step") == "1"
    allowed = cat["examples"]["change_allowed"].split("{player}")[0].format(n=1)
    assert changes.first.inner_text().startswith(allowed)
    stepper.locator("[data-action=next]").click()
    assert current_step(stepper) == 2
    text = annotation.inner_text()
    assert classic_note[:40] in text
    assert standard_notes["play 1"][:40] not in text and standard_notes["draws 1"][:40] not in text
    lines = [changes.nth(i) for i in range(changes.count())]
    assert [line.get_attribute("data-step") for line in lines] == ["1", "2"]
    assert lines[1].inner_text().startswith(cat["examples"]["change_play"].split("{player}")[0].format(n=2))
    assert "4♠" in lines[1].inner_text() and "3♥" in lines[1].inner_text()
    # Back under the example's rules, its own notes are there again.
    stepper.locator("[data-action=alternative]").first.click()
    assert standard_notes["play 1"][:40] in annotation.inner_text()
    assert watched_page.console_errors == []


def test_other_rules_say_which_cards_they_no_longer_allow(watched_page, site_url):
    """Follow suit when able: the box says that B may no longer trump with 3♠ (issue 20)."""
    cat = catalogue("en")
    page = watched_page.page
    page.goto(example_url(site_url, "en", "follow-or-trump"))
    stepper = wait_ready(page)
    stepper.locator("[data-action=alternative]").first.click()
    change = stepper.locator("[data-role=changes] [data-role=change]").first
    change.wait_for()
    at = change.get_attribute("data-step")
    assert change.inner_text().startswith(cat["examples"]["change_refused"].split("{player}")[0].format(n=at))
    assert "3♠" in change.inner_text()
    assert watched_page.console_errors == []
