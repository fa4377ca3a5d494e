"""The Coach on the practice table, and the Learn course's levels played there (#learn=).

The Coach (on until every course level has stars) outlines the playable cards and, after each
of the reader's cards, gives the deal review's grade and its reason; the verdicts shown are
checked against the engine's own answer for the same record. A course level started by
`practice/#learn=<id>` shows its goal, counts the cards the rules refuse and, at its end,
writes its stars into `cj-learn-progress`. Cards jump (speed "none"); short targets keep the
ordinary matches quick.
"""

from __future__ import annotations

import json
import re

import pytest
from practice_support import (
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

from engine.surfaces.web_api import handle

pytestmark = pytest.mark.browser

PROGRESS = "cj-learn-progress"
# Seed 15, target 1, random play of the first playable card: the reader's first three cards are
# graded best, mistake and good (so the three kinds of verdict are all shown).
COACHED = "?seed=15&rules=standard,target:1&level=random"


def ask(request: dict) -> dict:
    answer = json.loads(handle(json.dumps(request)))
    assert answer["ok"], answer
    return answer


def course_levels(site_dir) -> list[dict]:
    return json.loads((site_dir / "assets" / "learn" / "levels.json").read_text(encoding="utf-8"))["levels"]


def set_storage(page, values: dict[str, str]) -> None:
    """localStorage entries written before the page's scripts run (on every load of the test)."""
    script = "for (const [key, value] of Object.entries(VALUES)) localStorage.setItem(key, value);"
    page.add_init_script(script.replace("VALUES", json.dumps(values)))


CODES = "(cards) => cards.map((card) => card.dataset.card)"


def coached_cards(table) -> list[str]:
    return table.locator("[data-role=hand] [data-coach=true]").evaluate_all(CODES)


def playable_cards(table) -> list[str]:
    return table.locator("[data-role=hand] [data-legal=true]").evaluate_all(CODES)


def verdicts_asked(page) -> int:
    return page.evaluate("() => performance.getEntriesByName('cj-coach-verdict').length")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_coach_marks_the_playable_cards_and_judges_each_card(watched_page, site_url, lang):
    page = watched_page.page
    no_motion(page)
    cat = catalogue(lang)
    page.goto(practice_url(site_url, lang, COACHED))
    table = wait_ready(page)
    phase = wait_settled(page)
    # No course progress: the Coach is on, and its switch says so.
    assert table.locator("[data-action=coach]").first.is_checked()
    grades = []
    while phase == "human" and len(grades) < 3:
        playable = playable_cards(table)
        assert playable and coached_cards(table) == playable
        note = table.locator("[data-role=coach-legal]")
        assert note.is_visible() and note.inner_text() == cat["practice"]["coach"]["legal"]
        first = table.locator("[data-role=hand] [data-coach=true]").first
        assert first.get_attribute("aria-describedby") == note.get_attribute("id")
        card = playable[0]
        phase = play_first_legal(page, table)
        verdict = table.locator(f"[data-role=coach-verdict][data-card='{card}']")
        verdict.wait_for(timeout=TURN_TIMEOUT_MS)
        # The verdict is the engine's for this card: the record saved right after it.
        record = saved_record(page)
        plays = record["deals"][-1]
        record["deals"][-1] = plays[: plays.index(card) + 1]
        expected = ask({"op": "practice.grade", "record": record})
        assert verdict.get_attribute("data-grade") == expected["grade"]
        text = verdict.inner_text()
        assert CARD_PLACEHOLDER.split(cat["practice"]["coach"]["verdict"])[0] in text
        assert cat["analysis"]["grades"][expected["grade"]] in text
        # Every verdict gives its reason, the engine's: why no card is better, or what it costs.
        reasons = cat["practice"]["coach"]["reasons"]
        if expected["grade"] == "best":
            assert reasons["best_exact" if expected["exact"] else "best_sampled"] in text
        elif expected["grade"] == "good":
            assert re.split(r"\{best(?:\.\w+)?\}", cat["practice"]["coach"]["good"])[0] in text
            assert reasons["close"].split("{loss}")[0] in text
        else:
            assert cat["analysis"]["reasons"][expected["reason"]] in text
            assert reasons["loss"].split("{loss}")[0] in text
            assert re.split(r"\{best(?:\.\w+)?\}", cat["practice"]["coach"]["better"])[0] in text
        assert verdict.locator("[data-role=coach-changed]").count() == 0  # no hint was asked
        # Every verdict counts net points: the first one says what they are, once.
        net_points = verdict.locator("[data-role=net-points]")
        assert net_points.count() == (0 if grades else 1)
        if not grades:
            assert net_points.inner_text().strip() == cat["practice"]["coach"]["net_points"]
        grades.append(expected["grade"])
    assert grades == ["best", "mistake", "good"]
    check_clean(watched_page)


def test_with_the_coach_off_no_card_is_outlined_and_no_verdict_is_asked(watched_page, site_url):
    page = watched_page.page
    set_storage(page, {"cj-practice-prefs": json.dumps({"v": 2, "speed": "none", "coach": False})})
    page.goto(practice_url(site_url, "en", COACHED))
    table = wait_ready(page)
    assert wait_settled(page) == "human"
    assert not table.locator("[data-action=coach]").first.is_checked()
    assert coached_cards(table) == [] and table.locator("[data-role=coach-legal]").is_hidden()
    play_first_legal(page, table)
    assert verdicts_asked(page) == 0 and table.locator("[data-role=coach-verdict]").is_hidden()
    # Switched on from the settings: the cards are outlined at once, and the choice is kept.
    table.locator("[data-action=settings]").click()
    table.locator("[data-role=settings] [data-action=coach]").check()
    assert coached_cards(table) == playable_cards(table) != []
    assert json.loads(page.evaluate("() => localStorage.getItem('cj-practice-prefs')"))["coach"] is True
    check_clean(watched_page)


@pytest.mark.parametrize(
    ("progress", "coach"),
    [("finished", False), ("one level short", True), ("damaged", True)],
)
def test_the_coach_is_on_until_the_course_is_finished(watched_page, site_url, site_dir, progress, coach):
    page = watched_page.page
    ids = [level["id"] for level in course_levels(site_dir)]
    stored = {
        "finished": json.dumps({"version": 1, "levels": {i: {"stars": 1} for i in ids}}),
        "one level short": json.dumps({"version": 1, "levels": {i: {"stars": 3} for i in ids[1:]}}),
        "damaged": '{"version": 1, "levels": {"cards-1": {"stars": 7}',
    }[progress]
    set_storage(page, {PROGRESS: stored, "cj-practice-prefs": json.dumps({"v": 2, "speed": "none"})})
    page.goto(practice_url(site_url, "en", COACHED))
    table = wait_ready(page)
    assert wait_settled(page) == "human"
    assert table.locator("[data-action=coach]").first.is_checked() is coach
    assert bool(coached_cards(table)) is coach
    # Off because the course is finished: the page says so.
    assert table.locator("[data-role=notice][data-kind=coach]").count() == (0 if coach else 1)
    # Whatever the progress holds, play goes on, and this page leaves it as it was.
    assert play_first_legal(page, table) in ("human", "next_deal", "match_over")
    assert page.evaluate(f"() => localStorage.getItem('{PROGRESS}')") == stored
    check_clean(watched_page)


def test_a_course_link_starts_the_coached_deal_and_counts_refused_cards(watched_page, site_url, site_dir):
    page = watched_page.page
    no_motion(page)
    cat = catalogue("en")
    [level] = [level for level in course_levels(site_dir) if level["id"] == "first-deal"]
    page.goto(practice_url(site_url, "en", "#learn=first-deal"))
    table = wait_ready(page)
    assert wait_settled(page) == "human"
    learn = table.locator("[data-role=learn]")
    assert learn.get_attribute("data-level") == "first-deal"
    goal = cat["practice"]["learn"]["goal"].format(
        stage=cat["learn"]["stages"]["first_deal"]["title"], goal=cat["learn"]["goals"]["play_deal"]
    )
    assert learn.locator("[data-role=learn-goal]").inner_text() == goal
    intro = cat["learn"]["stages"]["first_deal"]["intro"]
    assert learn.locator("[data-role=learn-intro]").inner_text() == intro
    assert cat["practice"]["learn"]["stars_rule"] in learn.inner_text()
    # The level's own deal, with its Coach on.
    seed_line = cat["practice"]["seed"].format(seed=level["seed"])
    assert table.locator("[data-role=seed]").inner_text() == seed_line
    record = saved_record(page)
    started = ("seed", "dealer", "level")
    assert [record[key] for key in started] == [level[key] for key in started]
    assert coached_cards(table) == playable_cards(table) != []
    # The reader leads first: play on until a card of the hand may not be played, and try it.
    refused = table.locator("[data-role=hand] [data-legal=false]")
    while not refused.count():
        assert play_first_legal(page, table) == "human"
    before = position(table)
    refused.first.click(force=True)  # aria-disabled: Playwright would wait; a reader can click it
    table.locator("[data-role=refusal]").wait_for(timeout=TURN_TIMEOUT_MS)
    assert position(table) == before
    assert saved(page)["learn"] == {"id": "first-deal", "refused": 1, "done": False}
    check_clean(watched_page)


def _near_the_end(level: dict) -> dict:
    """The level's match record two of the reader's cards before the end of its deal: the
    reader plays the first legal card, the computer its seeded reply (as on the page)."""
    answer = ask({"op": "practice.new", **{key: level[key] for key in ("rules", "seed", "dealer", "level")}})
    records = []
    while answer["state"]["waiting_for"] in ("human", "computer"):
        record = answer["record"]
        if answer["state"]["waiting_for"] == "human":
            records.append(record)
            card = answer["state"]["deal"]["legal"][0]
            answer = ask({"op": "practice.play", "record": record, "card": card})
        else:
            answer = ask({"op": "practice.bot", "record": record})
    return records[-2]


@pytest.mark.parametrize(("lang", "refused", "stars"), [("en", 0, 3), ("fr", 2, 1)])
def test_the_coached_deal_played_to_its_end_writes_its_stars(
    watched_page, site_url, site_dir, lang, refused, stars
):
    page = watched_page.page
    cat = catalogue(lang)
    [level] = [level for level in course_levels(site_dir) if level["id"] == "first-deal"]
    match = {"v": 2, "record": _near_the_end(level), "counted": False, "log": [],
             "learn": {"id": "first-deal", "refused": refused, "done": False}}  # fmt: skip
    set_storage(page, {
        "cj-practice-match": json.dumps(match),
        "cj-practice-prefs": json.dumps({"v": 2, "speed": "none"}),
        PROGRESS: json.dumps({"version": 1, "levels": {"cards-1": {"stars": 2}}}),
    })  # fmt: skip
    page.goto(practice_url(site_url, lang, "#learn=first-deal"))
    table = wait_ready(page)
    phase = wait_settled(page)
    while phase == "human":
        phase = play_first_legal(page, table)
    assert phase == "next_deal"
    done = table.locator("[data-role=learn-done]")
    assert done.get_attribute("data-stars") == str(stars)
    form = "one" if stars == 1 else "other"
    assert cat["practice"]["learn"][f"done_{form}"].format(n=stars) in done.inner_text()
    # Back to the course: at the level after this one, not at the course's start.
    stages = sorted(json.loads((site_dir / "assets" / "learn" / "levels.json").read_text("utf-8"))["stages"],
                    key=lambda stage: stage["order"])  # fmt: skip
    ids = [level_id for stage in stages for level_id in stage["levels"]]
    following = ids[ids.index("first-deal") + 1]
    assert done.locator("[data-role=learn-back]").get_attribute("href") == f"../learn/#level={following}"
    progress = json.loads(page.evaluate(f"() => localStorage.getItem('{PROGRESS}')"))
    assert progress == {"version": 1, "levels": {"cards-1": {"stars": 2}, "first-deal": {"stars": stars}}}
    # Done: the address no longer deals the level again on a reload.
    assert "#learn=" not in page.url
    check_clean(watched_page)


# Seed 1, target 1: after three first-legal cards, the hint (a quick look) suggests 5S, and the
# Coach's grade of it, after the card, prefers 2S (found with the engine, as asserted below).
HINTED = "?seed=1&rules=standard,target:1&level=random"


def test_the_coach_says_when_it_prefers_another_card_than_the_hint(watched_page, site_url):
    page = watched_page.page
    no_motion(page)
    cat = catalogue("en")
    set_storage(page, {"cj-practice-prefs": json.dumps({"v": 2, "speed": "none"})})
    page.goto(practice_url(site_url, "en", HINTED))
    table = wait_ready(page)
    phase = wait_settled(page)
    for _ in range(3):
        assert phase == "human"
        phase = play_first_legal(page, table)
    assert phase == "human"
    before = position(table)
    table.locator("[data-action=hint]").click()
    hint = table.locator("[data-role=hint]")
    hint.wait_for(timeout=TURN_TIMEOUT_MS)
    card = hint.get_attribute("data-card")
    record = saved_record(page)
    played = ask({"op": "practice.play", "record": record, "card": card})["record"]
    expected = ask({"op": "practice.grade", "record": played})
    assert card not in expected["best"]
    table.locator(f"[data-role=hand] [data-card='{card}']").click()
    wait_settled(page, before)
    verdict = table.locator(f"[data-role=coach-verdict][data-card='{card}']")
    verdict.wait_for(timeout=TURN_TIMEOUT_MS)
    changed = verdict.locator("[data-role=coach-changed]")
    assert changed.count() == 1
    for part in re.split(r"\{(?:best|hint)(?:\.\w+)?\}", cat["practice"]["coach"]["changed"]):
        assert part.strip(" .;") in changed.inner_text()
    check_clean(watched_page)


def test_finishing_the_course_turns_the_coach_off_with_a_way_to_keep_it(watched_page, site_url, site_dir):
    page = watched_page.page
    no_motion(page)
    cat = catalogue("pt")
    ids = [level["id"] for level in course_levels(site_dir)]
    done = json.dumps({"version": 1, "levels": {i: {"stars": 2} for i in ids}})
    page.goto(practice_url(site_url, "pt"))
    page.evaluate(f"(value) => localStorage.setItem('{PROGRESS}', value)", done)
    page.evaluate("() => localStorage.setItem('cj-practice-prefs', JSON.stringify({v: 2, speed: 'none'}))")
    page.goto(practice_url(site_url, "pt", COACHED))
    table = wait_ready(page)
    assert wait_settled(page) == "human"
    notice = table.locator("[data-role=notice][data-kind=coach]")
    assert cat["practice"]["coach"]["off_after_course"] in notice.inner_text()
    assert not table.locator("[data-action=coach]").first.is_checked() and coached_cards(table) == []
    prefs = lambda: json.loads(page.evaluate("() => localStorage.getItem('cj-practice-prefs')"))  # noqa: E731
    assert prefs()["coach"] is False  # said once: the page does not ask again
    keep = notice.locator("[data-action=coach-keep]")
    assert keep.inner_text() == cat["practice"]["coach"]["keep_on"]
    keep.focus()
    page.keyboard.press("Enter")
    assert table.locator("[data-action=coach]").first.is_checked()
    assert coached_cards(table) == playable_cards(table) != []
    assert prefs()["coach"] is True and notice.count() == 0
    page.reload()
    table = wait_ready(page)
    wait_settled(page)
    assert table.locator("[data-role=notice][data-kind=coach]").count() == 0
    assert table.locator("[data-action=coach]").first.is_checked()
    check_clean(watched_page)


def test_a_course_level_asks_before_replacing_a_practice_match(watched_page, site_url):
    page = watched_page.page
    no_motion(page)
    cat = catalogue("fr")
    set_storage(page, {"cj-practice-prefs": json.dumps({"v": 2, "speed": "none"})})
    page.goto(practice_url(site_url, "fr", COACHED))
    table = wait_ready(page)
    assert wait_settled(page) == "human"
    play_first_legal(page, table)
    match = saved(page)
    page.goto(practice_url(site_url, "fr", "#learn=first-deal"))
    page.reload()  # a new page load, as from the Learn page's link
    table = wait_ready(page)
    confirm = table.locator("[data-role=confirm]")
    confirm.wait_for(timeout=TURN_TIMEOUT_MS)
    question = cat["practice"]["confirm"]["replace_learn"].replace("\u202f", " ")
    assert confirm.inner_text().replace("\u202f", " ").startswith(question.split(" ?")[0])
    assert (
        confirm.locator("[data-action=confirm-yes]").inner_text()
        == cat["practice"]["confirm"]["replace_learn_yes"]
    )
    # Keep: the match goes on as it was, and nothing of the course starts.
    confirm.locator("[data-action=confirm-no]").click()
    wait_settled(page)
    assert saved(page)["record"] == match["record"] and saved(page).get("learn") is None
    assert table.locator("[data-role=learn]").is_hidden()
    # Asked again and accepted: the course's deal replaces it.
    page.goto(practice_url(site_url, "fr", "#learn=first-deal"))
    page.reload()
    table = wait_ready(page)
    table.locator("[data-role=confirm] [data-action=confirm-yes]").click()
    wait_settled(page)
    assert saved(page)["learn"] == {"id": "first-deal", "refused": 0, "done": False}
    assert table.locator("[data-role=learn]").get_attribute("data-level") == "first-deal"
    check_clean(watched_page)


def test_an_unknown_course_level_gets_a_notice_and_ordinary_practice(watched_page, site_url):
    page = watched_page.page
    no_motion(page)
    page.goto(practice_url(site_url, "en", "#learn=cards-1"))  # a level of the Learn page itself
    table = wait_ready(page)
    notice = table.locator("[data-role=notice][data-kind=learn]")
    notice.wait_for(timeout=TURN_TIMEOUT_MS)
    assert catalogue("en")["practice"]["learn"]["bad_level"].format(value="cards-1") in notice.inner_text()
    assert table.get_attribute("data-phase") == "setup" and table.locator("[data-role=learn]").is_hidden()
    check_clean(watched_page)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_violation_in_the_coached_deal(watched_page, site_url, scheme):
    page = watched_page.page
    no_motion(page)
    page.emulate_media(color_scheme=scheme)
    page.goto(practice_url(site_url, "en", "#learn=first-deal"))
    table = wait_ready(page)
    wait_settled(page)
    states = {"coached hand": serious_violations(page)}
    card = playable_cards(table)[0]
    play_first_legal(page, table)
    table.locator(f"[data-role=coach-verdict][data-card='{card}']").wait_for(timeout=TURN_TIMEOUT_MS)
    states["verdict"] = serious_violations(page)
    failures = [f"{state}: {line}" for state, lines in states.items() for line in lines]
    assert not failures, "\n".join(failures)
    check_clean(watched_page)
