"""Could I have won? (engine/analysis/seat_swap.py and practice.could_win, issue 24 item 4)."""

from __future__ import annotations

import json
import random

import pytest

from engine.core.limits import MAX_REPLAY_WORLDS
from engine.core.rules import PRESETS
from engine.surfaces.web_api import handle


def ask(request: dict) -> dict:
    answer = json.loads(handle(json.dumps(request)))
    return answer


def ok(request: dict) -> dict:
    answer = ask(request)
    assert answer["ok"], answer
    return answer


def finished(level: str, preset: str, seed: int, human, samples: int = 4) -> dict:
    """The match record after its first deal: `human(answer)` picks the human's card."""
    answer = ok({"op": "practice.new", "rules": preset, "seed": seed, "level": level})
    while answer["state"]["waiting_for"] not in ("next_deal", "match_over"):
        record = answer["record"]
        if answer["state"]["waiting_for"] == "human":
            answer = ok({"op": "practice.play", "record": record, "card": human(answer, samples)})
        else:
            answer = ok({"op": "practice.bot", "record": record, "samples": samples})
    return answer["record"]


def random_card(seed: int):
    rng = random.Random(seed)
    return lambda answer, samples: rng.choice(answer["state"]["deal"]["legal"])


def hinted_card(answer: dict, samples: int) -> str:
    return ok({"op": "practice.hint", "record": answer["record"], "samples": samples})["card"]


@pytest.mark.parametrize(("level", "preset"), [("expert", "standard"), ("heuristic", "shasta-sam")])
def test_following_every_hint_is_the_computers_own_line(level, preset):
    """The computer in the reader's seat plays the hint's card with the hint's seed, against the
    same opponent: a reader who took every hint played exactly that line."""
    record = finished(level, preset, 3, hinted_card)
    answer = ok({"op": "practice.could_win", "record": record, "samples": 4})
    assert answer["parted_at"] is None and answer["actual_card"] is None
    assert answer["actual"] == answer["computer"]
    assert answer["actual"]["plays"] == record["deals"][0]


@pytest.mark.parametrize(
    ("level", "preset"), [("expert", "face-down"), ("heuristic", "classic"), ("random", "shasta-sam")]
)
def test_the_lines_part_at_a_card_of_the_readers_seat_and_are_the_same_before(level, preset):
    record = finished(level, preset, 8, random_card(8))
    answer = ok({"op": "practice.could_win", "record": record, "samples": 4})
    parted = answer["parted_at"]
    assert parted is not None, "a random reader and the expert part somewhere"
    actual, computer = answer["actual"]["plays"], answer["computer"]["plays"]
    assert actual == record["deals"][0] and actual[:parted] == computer[:parted]
    assert actual[parted] == answer["actual_card"] != answer["computer_card"] == computer[parted]
    # The card where they part is the reader's: replay and ask who was to move.
    replayed = ok(
        {"op": "replay", "narrator": None, "record": {
            "rules": record["rules"], "seed": record["seed"], "dealer": record["dealer"], "plays": actual,
        }}
    )  # fmt: skip
    assert replayed["states"][parted]["to_move"] == 0
    players = PRESETS[preset].players
    for line in (answer["actual"], answer["computer"]):
        assert len(line["nets"]) == players and len(line["plays"]) == len(actual)
    assert answer["level"] == level and answer["player"] == "expert" and answer["seat"] == 0


def test_the_same_request_gives_the_same_answer():
    record = finished("expert", "standard", 12, random_card(12))
    first = handle(json.dumps({"op": "practice.could_win", "record": record, "samples": 4}))
    assert first == handle(json.dumps({"op": "practice.could_win", "record": record, "samples": 4}))
    other = json.loads(handle(json.dumps({"op": "practice.could_win", "record": record, "samples": 5})))
    assert other["ok"] and other["actual"] == json.loads(first)["actual"]


def test_could_win_refuses_bad_requests_and_unbounded_work():
    record = finished("expert", "standard", 2, random_card(2))
    too_many = ask({"op": "practice.could_win", "record": record, "samples": 200})
    assert too_many["error"]["code"] == "bad_request" and too_many["error"]["field"] == "samples"
    assert str(MAX_REPLAY_WORLDS) in too_many["error"]["message"]
    assert ok({"op": "practice.could_win", "record": {**record, "level": "heuristic"}, "samples": 100})
    for changes, field in (({"deal": 3}, "deal"), ({"deal": True}, "deal"), ({"samples": 0}, "samples")):
        answer = ask({"op": "practice.could_win", "record": record, **changes})
        assert answer["error"]["code"] == "bad_request" and answer["error"]["field"] == field, answer
    unfinished = ok({"op": "practice.new", "seed": 1})["record"]
    assert ask({"op": "practice.could_win", "record": unfinished})["error"]["field"] == "deal"
    bad = ask({"op": "practice.could_win", "record": {**record, "deals": [["ZZ"]]}})
    assert bad["error"]["code"] == "bad_record"
