"""engine/practice_api.py in CPython: the Practice page's match record, its operations and strings."""

from __future__ import annotations

import json
import random
import re

import pytest

from engine import Deal, Rules
from engine.ai import REASON_CODES
from engine.core.rules import PRESETS
from engine.surfaces.practice_api import parse_link, parse_rules, rules_text
from engine.surfaces.web_api import handle

LANGUAGES = ("en", "pt", "fr", "es", "it")


def ask(request: dict) -> dict:
    return json.loads(handle(json.dumps(request)))


def ok(request: dict) -> dict:
    answer = ask(request)
    assert answer["ok"], answer
    return answer


def catalogue(lang: str) -> dict:
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "engine" / "locales" / f"{lang}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def play_out(answer: dict, rng: random.Random, until=lambda answer: False, deals: bool = True) -> dict:
    """The human plays random legal cards, the computer replies; stops at `until` or the end."""
    while not until(answer):
        state, record = answer["state"], answer["record"]
        waiting = state["waiting_for"]
        if waiting == "match_over" or (waiting == "next_deal" and not deals):
            break
        if waiting == "next_deal":
            answer = ok({"op": "practice.next", "record": record})
        elif waiting == "human":
            answer = ok({"op": "practice.play", "record": record, "card": rng.choice(state["deal"]["legal"])})
            assert answer["legal"]
        else:
            answer = ok({"op": "practice.bot", "record": record})
    return answer


def new(**fields) -> dict:
    return ok({"op": "practice.new", "level": "heuristic", **fields})


def test_a_new_match_is_a_replayable_record():
    answer = new(rules="standard", seed=11)
    record, state = answer["record"], answer["state"]
    assert record["v"] == 1 and record["seed"] == 11 and record["deals"] == [[]]
    assert record["rules"] == Rules.preset("standard").to_spec() and record["level"] == "heuristic"
    deal = Deal.from_seed(Rules.preset("standard"), 11, record["dealer"])
    assert sorted(state["deal"]["hand"]) == sorted(
        c for c in (f"{r}{s}" for s in "SHDC" for r in "23456789TJQKA") if c in {x for x in _codes(deal, 0)}
    )
    assert state["deal"]["number"] == 1 and state["deal"]["seed"] == 11
    assert state["deal"]["stock_count"] == 40 and state["deal"]["stock_top"] == state["deal"]["trump_card"]
    assert state["deal"]["hand_sizes"] == [6, 6] and state["deal"]["known"] == [[], []]
    assert state["scores"] == [0, 0] and state["result"] is None and not state["match_over"]
    assert answer["events"][0] == {
        "kind": "deal", "number": 1, "dealer": record["dealer"], "trump_card": state["deal"]["trump_card"],
        "seed": 11,
    }  # fmt: skip
    # Non-dealer leads: the human when the computer deals.
    assert state["waiting_for"] == ("human" if record["dealer"] == 1 else "computer")
    # The state is the same after a round trip through the stored record.
    again = ok({"op": "practice.state", "record": json.loads(json.dumps(record))})
    assert again["state"] == state


def _codes(deal: Deal, seat: int) -> list[str]:
    from engine import card_code

    return [card_code(card) for card in deal.hand(seat)]


def test_a_deal_link_deals_the_same_cards_again():
    rng = random.Random(3)
    answer = play_out(new(rules={"preset": "classic", "target": 3}, seed=99), rng, deals=False)
    answer = ok({"op": "practice.next", "record": answer["record"]})
    state = answer["state"]
    link = state["link"]
    assert link == f"?seed=100&dealer={state['deal']['dealer']}&rules=classic,target:3"
    again = ok({"op": "practice.new", "link": link})
    assert again["state"]["deal"]["hand"] == state["deal"]["hand"]
    assert again["state"]["deal"]["trump_card"] == state["deal"]["trump_card"]
    assert again["state"]["deal"]["dealer"] == state["deal"]["dealer"]
    assert again["record"]["rules"] == answer["record"]["rules"]
    assert again["state"]["scores"] == [0, 0]


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_rules_link_form_round_trips(name):
    rules = PRESETS[name]
    assert rules_text(rules) == name
    assert parse_rules(rules_text(rules)) == rules
    changed = Rules.from_spec({"preset": name, "target": 7, "nine_point": True, "game_tie": "non_dealer"})
    text = rules_text(changed)
    assert parse_rules(text) == changed and "target:7" in text and "nine_point:true" in text
    assert parse_link(f"?seed=5&dealer=1&rules={text}&level=random") == {
        "seed": 5, "dealer": 1, "rules": text, "level": "random",
    }  # fmt: skip


def test_an_illegal_card_is_refused_with_the_catalogue_keys():
    rng = random.Random(5)
    for seed in range(40):
        answer = new(seed=seed)

        def illegal_choice(answer):
            deal = answer["state"]["deal"]
            return answer["state"]["waiting_for"] == "human" and len(deal["legal"]) < len(deal["hand"])

        answer = play_out(answer, rng, until=illegal_choice, deals=False)
        if illegal_choice(answer):
            break
    deal = answer["state"]["deal"]
    card = next(code for code in deal["hand"] if code not in deal["legal"])
    refused = ok({"op": "practice.play", "record": answer["record"], "card": card})
    assert refused["legal"] is False and refused["record"] == answer["record"]
    refusal = refused["refusal"]
    assert refusal["code"] in ("must_follow_suit", "must_trump")
    assert refusal["message_key"].startswith("errors.") and refusal["rule_ref_key"].startswith("rule_refs.")
    assert refusal["params"]["card"] == card and refusal["params"]["trump"] == deal["trump"]
    not_mine = next(c for c in (f"{r}{s}" for s in "SHDC" for r in "AKQJT98765432") if c not in deal["hand"])
    assert ok({"op": "practice.play", "record": answer["record"], "card": not_mine})["refusal"]["code"] == (
        "not_in_hand"
    )


def test_a_whole_match_counts_out_to_the_target():
    rng = random.Random(8)
    answer = new(rules={"preset": "standard", "target": 3}, seed=2024)
    kinds = []
    while answer["state"]["waiting_for"] != "match_over":
        before = answer["state"]
        answer = play_out(answer, rng, deals=False)
        kinds += [event["kind"] for event in answer.get("events", [])]
        state = answer["state"]
        result = state["result"]
        assert result is not None
        points = [reason["point"] for reason in result["reasons"]]
        assert points[:4] == ["high", "low", "jack", "game"]
        assert sum(result["game_values"]) == 80
        assert result["scores_after"] == state["scores"]
        assert state["history"][-1]["scores_after"] == state["scores"]
        assert state["deal"]["hand"] == [] and state["deal"]["tricks_played"] == 26
        if state["waiting_for"] == "next_deal":
            answer = ok({"op": "practice.next", "record": answer["record"]})
            assert answer["state"]["deal"]["dealer"] == 1 - before["deal"]["dealer"]
            assert answer["state"]["deal"]["seed"] == before["deal"]["seed"] + 1
    state = answer["state"]
    assert state["match_over"] and max(state["scores"]) >= 3
    assert state["scores"][state["winner"]] >= 3 and state["can_undo"] is False
    assert "match_over" in kinds
    assert ask({"op": "practice.next", "record": answer["record"]})["error"]["code"] == "bad_request"


def test_draw_events_say_who_took_which_card():
    rng = random.Random(1)
    answer = new(seed=31)
    answer = play_out(answer, rng, until=lambda a: a["state"]["deal"]["tricks_played"] == 1)
    last = answer["state"]["deal"]["last_trick"]
    winner = last["winner"]
    assert [draw["seat"] for draw in last["draws"]] == [winner, 1 - winner]
    assert last["draws"][0]["card"] == answer["state"]["deal"]["trump_card"]
    assert answer["state"]["deal"]["stock_count"] == 38
    if winner == 1:  # the computer took the open top card: the human knows it is in its hand
        assert last["draws"][0]["card"] in answer["state"]["deal"]["known"][1] or (
            last["draws"][0]["card"] in [c["card"] for c in answer["state"]["deal"]["trick"]]
        )


def test_hidden_stock_hides_the_computers_draws():
    rng = random.Random(2)
    answer = new(rules="face-down", seed=12)
    answer = play_out(answer, rng, until=lambda a: a["state"]["deal"]["tricks_played"] == 2)
    draws = answer["state"]["deal"]["last_trick"]["draws"]
    assert {draw["seat"]: draw["card"] for draw in draws}[1] is None
    assert {draw["seat"]: draw["card"] for draw in draws}[0] is not None
    deal = answer["state"]["deal"]
    # Only the turned-up trump card (the first draw, seen by both) can be known in its hand.
    assert deal["stock_top"] is None and set(deal["known"][1]) <= {deal["trump_card"]}


def test_undo_takes_back_the_human_card_and_the_reply():
    rng = random.Random(4)
    answer = new(seed=77)
    answer = play_out(
        answer, rng, until=lambda a: a["state"]["deal"]["plays"] >= 6 and a["state"]["waiting_for"] == "human"
    )
    before = answer
    played = ok(
        {"op": "practice.play", "record": answer["record"], "card": answer["state"]["deal"]["legal"][0]}
    )
    replied = play_out(played, rng, until=lambda a: a["state"]["waiting_for"] == "human")
    assert len(replied["record"]["deals"][-1]) > len(before["record"]["deals"][-1])
    undone = ok({"op": "practice.undo", "record": replied["record"]})
    assert undone["record"] == before["record"] and undone["state"] == before["state"]
    assert undone["undone"][0] == before["state"]["deal"]["legal"][0]
    fresh = new(seed=78)
    if not fresh["state"]["can_undo"]:
        assert ask({"op": "practice.undo", "record": fresh["record"]})["error"]["code"] == "bad_request"


def test_undo_after_the_last_trick_reopens_the_deal():
    rng = random.Random(6)
    answer = play_out(new(seed=5, rules={"preset": "standard", "target": 30}), rng, deals=False)
    assert answer["state"]["waiting_for"] == "next_deal" and answer["state"]["can_undo"]
    undone = ok({"op": "practice.undo", "record": answer["record"]})
    assert undone["state"]["waiting_for"] == "human" and undone["state"]["result"] is None
    assert undone["state"]["scores"] == [0, 0]


def test_the_computer_reply_and_the_hint():
    answer = new(seed=3, level="expert")
    rng = random.Random(0)
    answer = play_out(answer, rng, until=lambda a: a["state"]["waiting_for"] == "human")
    hint = ok({"op": "practice.hint", "record": answer["record"], "samples": 4})
    assert hint["card"] in answer["state"]["deal"]["legal"]
    assert hint["reason"] in REASON_CODES and hint["reason_key"] == f"hints.{hint['reason']}"
    played = ok({"op": "practice.play", "record": answer["record"], "card": hint["card"]})
    if played["state"]["waiting_for"] == "computer":
        reply = ok({"op": "practice.bot", "record": played["record"], "samples": 3})
        assert reply["seat"] == 1 and reply["events"][0] == {"kind": "play", "seat": 1, "card": reply["card"]}
    assert ask({"op": "practice.bot", "record": answer["record"]})["error"]["code"] == "bad_request"


def test_a_turned_jack_can_end_the_match_before_any_card():
    rules = {"preset": "standard", "turned_jack": True, "target": 1}
    seed = next(s for s in range(2000) if Deal.from_seed(Rules.from_spec(rules), s, 0).trump_card % 13 == 9)
    answer = ok({"op": "practice.new", "rules": rules, "seed": seed, "dealer": 0})
    state = answer["state"]
    assert state["match_over"] and state["winner"] == 0 and state["scores"] == [1, 0]
    assert state["result"]["reasons"][0]["key"] == "reasons.jack_turned"
    assert [event["kind"] for event in answer["events"]] == ["deal", "turned_jack", "deal_over", "match_over"]
    assert ok({"op": "practice.state", "record": answer["record"]})["state"] == state


def test_count_out_decides_when_both_pass_the_target():
    rng = random.Random(10)
    for seed in range(60):
        answer = play_out(new(seed=seed, rules={"preset": "standard", "target": 1}), rng)
        result = answer["state"]["result"]
        if result["count_out_decides"]:
            break
    else:
        pytest.fail("no seed where both players pass the target")
    steps = result["count_out"]
    order = [p for p in ("high", "low", "jack", "game") if result["points"][p] is not None]
    # The count stops at the winner (RULES.md §6.17): the steps are the first points in order,
    # the last one wins, and the score shown is where the count stopped.
    assert [step["point"] for step in steps] == order[: len(steps)]
    assert steps[-1]["seat"] == result["winner"] == answer["state"]["winner"]
    assert all(max(step["scores"]) < 1 for step in steps[:-1])
    assert result["scores_after"] == steps[-1]["scores"] == answer["state"]["scores"]
    counted = {step["point"] for step in steps}
    for reason in result["reasons"]:
        assert reason["counted"] == (reason["seat"] is None or reason["point"] in counted)


def test_three_players_sit_against_two_computers():
    rng = random.Random(12)
    answer = play_out(new(rules={"preset": "shasta-sam", "target": 2}, seed=8), rng)
    state = answer["state"]
    assert state["players"] == 3 and len(state["scores"]) == 3 and state["match_over"]
    assert state["deal"]["tricks_played"] == 17


def test_bad_records_are_answered_not_raised():
    record = new(seed=1)["record"]
    assert (
        ask({"op": "practice.state", "record": {**record, "deals": [["XX"]]}})["error"]["field"]
        == "deals[0][0]"
    )
    assert (
        ask({"op": "practice.state", "record": {**record, "deals": [[], []]}})["error"]["code"]
        == "bad_record"
    )
    assert ask({"op": "practice.state", "record": {**record, "seed": -1}})["error"]["field"] == "seed"
    assert ask({"op": "practice.state", "record": {**record, "level": "god"}})["error"]["field"] == "level"
    assert ask({"op": "practice.new", "rules": "standard,colour:red"})["error"]["code"] == "bad_rules"
    assert ask({"op": "practice.nope"})["error"]["code"] == "bad_request"
    assert ask({"op": "practice.state"})["error"]["code"] == "bad_record"


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_hint_reason_and_every_seat_sentence_has_both_forms(lang):
    cat = catalogue(lang)
    assert set(cat["hints"]) == set(REASON_CODES)
    # A sentence about a seat comes as `<key>_you` (the reader) and `<key>_other` (any other seat,
    # named by {player}), with the same placeholders otherwise.
    pairs = [("reasons", cat["reasons"]), ("ui", cat["ui"]), ("analysis.ui", cat["analysis"]["ui"])]
    found = 0
    for section, texts in pairs:
        for key, text in texts.items():
            if key.endswith("_you"):
                other = texts[key.removesuffix("_you") + "_other"]
                assert "{player}" in other and "{player}" not in text, f"{section}.{key}"
                assert _placeholders(other) - {"player"} == _placeholders(text), f"{section}.{key}"
                found += 1
            elif "{player}" in text and section == "reasons" and not key.endswith("_other"):
                raise AssertionError(f"{section}.{key} names a seat but has no _you form")
    assert found >= 12
    # Every reason key the engine emits is there: as it is when no one scored, else in both forms.
    for point in ("jack", "nine"):
        assert f"{point}_not_in_play" in cat["reasons"]
    for key in ("high", "low", "low_holder", "jack", "jack_turned", "game", "game_tie_non_dealer", "nine"):
        assert {f"{key}_you", f"{key}_other"} <= set(cat["reasons"]), key
    assert "game_tie" in cat["reasons"]
    assert "You draws" not in json.dumps(cat, ensure_ascii=False)


# ----- issue 20: honest links and the variants on the table ------------------------------------


def link_problem(link: str, level: str = "random") -> dict | None:
    return ok({"op": "practice.link", "link": link, "level": level})["problem"]


def test_a_deal_link_is_checked_before_a_match_is_given_up():
    assert link_problem("?seed=21&rules=standard,target:1") is None
    # An empty seed is a broken link, never a random deal.
    assert link_problem("?seed=&dealer=0&rules=standard")["kind"] == "empty"
    assert ask({"op": "practice.new", "link": "?seed=&dealer=0"})["error"]["field"] == "seed"
    # A seed past the largest one has its own kind and says the limit (engine/core/limits.py).
    huge = link_problem("?seed=123456789012345678901234567890")
    assert huge == {"part": "seed", "kind": "too_large", "value": "123456789012345678901234567890",
                    "limit": str((1 << 64) - 1)}  # fmt: skip
    assert link_problem(f"?seed={1 << 64}")["kind"] == "too_large"
    assert link_problem(f"?seed={(1 << 64) - 1}") is None
    assert link_problem("?seed=" + "9" * 5000)["value"].endswith("…")  # echoes are cut
    for link, part in (("?seed=abc", "seed"), ("?seed=-1", "seed"), ("?dealer=5", "dealer"),
                       ("?seed=1&dealer=2", "dealer"), ("?rules=garbage", "rules"),
                       ("?level=godlike", "level")):  # fmt: skip
        assert link_problem(link) == {**link_problem(link), "part": part, "kind": "bad"}, link
    assert link_problem("?seed=4&level=")["part"] == "level"
    assert link_problem("?seed=4&level=")["kind"] == "empty"


def test_three_players_the_last_stock_card_is_out_of_play():
    rng = random.Random(3)
    answer = new(rules="shasta-sam", seed=44, dealer=1)
    answer = play_out(answer, rng, until=lambda a: a["state"]["deal"]["stock_count"] < 3, deals=False)
    deal = answer["state"]["deal"]
    assert deal["stock_count"] == 1 and deal["stock_out_of_play"] and deal["stock_top"] is not None
    answer = play_out(answer, rng, deals=False)
    result = answer["state"]["result"]
    assert answer["state"]["deal"]["stock_out_of_play"]
    assert result["out_of_play"] == answer["state"]["deal"]["stock_top"]
    # With two players, and before the last draw, there is no such card.
    early = new(rules="shasta-sam", seed=44, dealer=1)["state"]
    assert not early["deal"]["stock_out_of_play"] and early["result"] is None
    two = play_out(new(seed=5, rules={"preset": "standard", "target": 30}), rng, deals=False)
    assert not two["state"]["deal"]["stock_out_of_play"] and two["state"]["result"]["out_of_play"] is None


def _turned_jack_seed(rules: Rules, dealer: int = 0) -> int:
    return next(s for s in range(5000) if Deal.from_seed(rules, s, dealer).jack_turned)


def test_a_turned_jack_comes_first_on_the_score_sheet():
    spec = {"preset": "standard", "turned_jack": True, "nine_point": True, "target": 30}
    seed = _turned_jack_seed(Rules.from_spec(spec))
    answer = play_out(new(rules=spec, seed=seed, dealer=0), random.Random(1), deals=False)
    result = answer["state"]["result"]
    # RULES.md §6.4: with a turned jack the count-out order is Jack, High, Low, Game, nine.
    assert [reason["point"] for reason in result["reasons"]] == ["jack", "high", "low", "game", "nine"]
    assert result["reasons"][0]["key"] == "reasons.jack_turned"
    plain = play_out(new(rules={"preset": "standard", "target": 30}, seed=5), random.Random(1), deals=False)
    assert [r["point"] for r in plain["state"]["result"]["reasons"]] == ["high", "low", "jack", "game"]
    assert answer["state"]["deal"]["jack_turned"]


def _face_down_until(answer: dict, rng: random.Random, condition) -> dict:
    def until(answer: dict) -> bool:
        return answer["state"]["waiting_for"] == "human" and condition(answer)

    return play_out(answer, rng, until=until, deals=False)


def test_undo_never_shows_a_card_drawn_face_down():
    rng = random.Random(8)
    answer = new(rules="face-down", seed=6975380304820081 % 1000, dealer=1)
    # While the face-down stock is drawn from, the reader's last card is in a trick after which
    # cards were drawn: Undo would hand over a draw the reader saw, or show the other's.
    for _ in range(6):
        answer = _face_down_until(answer, rng, lambda a: a["state"]["deal"]["plays"] > 0)
        state = answer["state"]
        assert not state["can_undo"] and state["undo_hides_draw"]
        assert ask({"op": "practice.undo", "record": answer["record"]})["error"]["code"] == "bad_request"
        answer = ok({"op": "practice.play", "record": answer["record"], "card": state["deal"]["legal"][0]})
    # Once the stock is empty, the tricks have no draws: undo works again.
    answer = _face_down_until(answer, rng, lambda a: a["state"]["deal"]["stock_count"] == 0 and
                              a["state"]["deal"]["last_trick"]["draws"] == [])  # fmt: skip
    assert answer["state"]["can_undo"] and not answer["state"]["undo_hides_draw"]
    # The open stock has nothing to hide: undo goes back over draws as before.
    open_stock = _face_down_until(new(seed=77), rng, lambda a: a["state"]["deal"]["plays"] >= 2)
    assert open_stock["state"]["can_undo"] and not open_stock["state"]["undo_hides_draw"]


def test_the_coach_grades_each_card_as_the_deal_review_does():
    # The verdict after a card is the review's grade of that card: same analysis, same seed,
    # the same scores before the deal, only the human's view at that moment.
    answer = play_out(new(seed=5, level="random"), random.Random(2), deals=False)
    record = answer["record"]
    review = ok({"op": "analyse", "record": record, "seat": 0, "samples": 4})
    assert review["decisions"]
    for decision in review["decisions"]:
        verdict = ok({"op": "practice.grade", "record": record, "play": decision["play_index"], "samples": 4})
        assert verdict["card"] == decision["played"]
        assert (verdict["grade"], verdict["reason"], verdict["best"]) == (
            decision["grade"], decision["reason"], decision["best"]
        )
        assert verdict["reason_key"] == decision["reason_key"]
    last = ok({"op": "practice.grade", "record": record, "samples": 4})
    assert last["play"] == review["decisions"][-1]["play_index"]


def test_the_coach_refuses_a_card_that_is_not_the_readers():
    answer = new(seed=5, level="random")
    first = ask({"op": "practice.grade", "record": answer["record"]})
    if answer["state"]["waiting_for"] == "human":
        assert first["error"]["code"] == "bad_request" and first["error"]["field"] == "play"
    answer = play_out(answer, random.Random(1), until=lambda a: a["state"]["deal"]["plays"] >= 4)
    mine = ok({"op": "practice.grade", "record": answer["record"]})["play"]
    for bad in (-1, 99, True, "1", mine + 1):
        refused = ask({"op": "practice.grade", "record": answer["record"], "play": bad})
        assert refused["error"]["code"] == "bad_request" and refused["error"]["field"] == "play", bad
