"""Luck and skill of a practice deal (practice.luck, issue 24): the deal review's split."""

from __future__ import annotations

import json
import random

import pytest

from engine.analysis.luck import luck_of_deal
from engine.core.cards import parse_card
from engine.core.deal import Deal
from engine.core.limits import MAX_LUCK_SAMPLES
from engine.core.record import record_of
from engine.core.rules import Rules
from engine.surfaces.web_api import handle


def ask(request: dict) -> dict:
    return json.loads(handle(json.dumps(request)))


def ok(request: dict) -> dict:
    answer = ask(request)
    assert answer["ok"], answer
    return answer


def finished_match(preset: str, seed: int) -> dict:
    """A match record after its first deal: a careless human against the beginner computer."""
    rng = random.Random(seed)
    answer = ok({"op": "practice.new", "rules": preset, "seed": seed, "level": "heuristic"})
    while answer["state"]["waiting_for"] not in ("next_deal", "match_over"):
        record = answer["record"]
        if answer["state"]["waiting_for"] == "human":
            card = rng.choice(answer["state"]["deal"]["legal"])
            answer = ok({"op": "practice.play", "record": record, "card": card})
        else:
            answer = ok({"op": "practice.bot", "record": record})
    return answer["record"]


def play_until(answer: dict, stop: tuple[str, ...]) -> dict:
    """Play on from a practice answer until the table waits for one of `stop`: the human plays
    its first legal card (the practice page's luck tests use it too)."""
    while (waiting := answer["state"]["waiting_for"]) not in stop:
        record = answer["record"]
        if waiting == "human":
            card = answer["state"]["deal"]["legal"][0]
            answer = ok({"op": "practice.play", "record": record, "card": card})
        else:
            op = "practice.bot" if waiting == "computer" else "practice.next"
            answer = ok({"op": op, "record": record})
    return answer


def played_to(rules: str, seed: int, stop: tuple[str, ...]) -> dict:
    """A new match's record against the random computer, played until it waits for one of `stop`."""
    start = ok({"op": "practice.new", "rules": rules, "seed": seed, "level": "random"})
    return play_until(start, stop)["record"]


@pytest.mark.parametrize("preset", ["standard", "shasta-sam"])
def test_the_split_is_the_luck_modules_and_adds_up(preset):
    record = finished_match(preset, 5)
    answer = ok({"op": "practice.luck", "record": record, "samples": 4, "seed": 2})
    rules = Rules.from_spec(record["rules"])
    deal = Deal.from_seed(rules, record["seed"], record["dealer"])
    for code in record["deals"][0]:
        deal.play(parse_card(code))
    direct = luck_of_deal(record_of(deal), samples=4, seed=2)
    for name in ("result", "expected", "luck", "skill", "own"):
        assert answer[name] == direct[name], name
    result, luck, skill = answer["result"][0], answer["luck"][0], answer["skill"][0]
    assert answer["adjusted"] == pytest.approx(result - luck, abs=1e-3)
    assert answer["own_skill"] + answer["others_skill"] == pytest.approx(skill, abs=1e-3)
    assert result == pytest.approx(answer["expected"][0] + luck + skill, abs=1e-3)
    assert answer["residual"] < 1e-9
    assert (answer["deal"], answer["seat"], answer["samples"], answer["seed"]) == (0, 0, 4, 2)


def test_the_same_request_gives_the_same_answer():
    record = finished_match("standard", 8)
    request = json.dumps({"op": "practice.luck", "record": record, "samples": 3})
    assert handle(request) == handle(request)


def test_a_deal_measured_later_in_its_match_has_the_same_split():
    """The practice page keeps each finished deal's split and, after a reload, measures the deals
    it has none for from the match's later record (match-luck.js): `deal` picks the deal, and its
    split must not depend on the deals after it. A deal decided by the turned jack before any
    card has none, and the refusal names `deal`."""
    first = played_to("standard,target:9", 3, ("next_deal",))
    later = play_until(ok({"op": "practice.next", "record": first}), ("next_deal", "match_over"))["record"]
    then = ok({"op": "practice.luck", "record": first, "samples": 3})
    now = ok({"op": "practice.luck", "record": later, "deal": 0, "samples": 3})
    assert now == then
    second = ok({"op": "practice.luck", "record": later, "samples": 3})
    assert second["deal"] == 1 and second["adjusted"] != then["adjusted"]
    # Seed 28: the first deal is played out, then the second's turned jack wins the match.
    turned = played_to("standard,turned_jack:true,target:3", 28, ("match_over",))
    assert [bool(plays) for plays in turned["deals"]] == [True, False]
    assert ok({"op": "practice.luck", "record": turned, "deal": 0, "samples": 3})["done"]
    answer = ask({"op": "practice.luck", "record": turned, "deal": 1})
    assert answer["error"]["code"] == "bad_request" and answer["error"]["field"] == "deal", answer


def test_bad_requests_are_refused_naming_the_field():
    record = finished_match("standard", 9)
    for changes, field in (
        ({"samples": 0}, "samples"), ({"samples": MAX_LUCK_SAMPLES + 1}, "samples"), ({"deal": 1}, "deal"),
        ({"deal": "0"}, "deal"), ({"seed": -1}, "seed"),
    ):  # fmt: skip
        answer = ask({"op": "practice.luck", "record": record, **changes})
        assert answer["error"]["code"] == "bad_request" and answer["error"]["field"] == field, answer
    unfinished = ok({"op": "practice.new", "seed": 1})["record"]
    assert ask({"op": "practice.luck", "record": unfinished})["error"]["field"] == "deal"
    bad = ask({"op": "practice.luck", "record": {**record, "deals": [["ZZ"]]}})
    assert bad["error"]["code"] == "bad_record"


@pytest.mark.parametrize("preset", ["standard", "shasta-sam"])
def test_a_split_a_few_plays_at_a_time_is_the_whole_split(preset):
    """The page asks a few plays at a time (the worker is never held for a whole deal): the
    parts, passed back through JSON, add up to exactly the one-request answer."""
    record = finished_match(preset, 6)
    whole = ok({"op": "practice.luck", "record": record, "samples": 3})
    plays = whole["plays"]
    answer = ok({"op": "practice.luck", "record": record, "samples": 3, "stop": 5})
    requests = 1
    while not answer["done"]:
        assert answer["plays"] == plays
        stop = min(answer["so_far"]["next_play"] + 7, plays)
        answer = ok(
            {"op": "practice.luck", "record": record, "samples": 3, "stop": stop, "so_far": answer["so_far"]}
        )
        requests += 1
    assert requests == 1 + -(-(plays - 5) // 7)
    assert answer == whole


def test_a_bad_so_far_is_refused_naming_it():
    record = finished_match("standard", 9)
    first = ok({"op": "practice.luck", "record": record, "samples": 2, "stop": 4})
    so_far = first["so_far"]
    for bad in (
        {**so_far, "luck": [0.0]}, {**so_far, "skill": ["x", 1]}, {**so_far, "next_play": 0},
        {**so_far, "extra": 1}, [1, 2], {**so_far, "own": [True, 0.0]},
    ):  # fmt: skip
        answer = ask({"op": "practice.luck", "record": record, "so_far": bad})
        assert answer["error"]["code"] == "bad_request" and answer["error"]["field"] == "so_far", answer
    backwards = ask({"op": "practice.luck", "record": record, "so_far": so_far, "stop": so_far["next_play"]})
    assert backwards["error"]["field"] == "stop"
