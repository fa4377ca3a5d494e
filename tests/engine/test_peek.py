"""Did the computer peek? (engine/analysis/peek.py and practice.peek, issue 24 item 6).

Over many deals of every preset the heuristic and the expert choose the same card when the
cards they could not see are dealt again; a bot given more than its view does not.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Deal, make_bot, record_of
from engine.analysis.peek import peek_check, redeal, report
from engine.core.cards import SUIT_OF, cards_of
from engine.core.limits import MAX_PEEK_REDEALS, MAX_PEEK_WORLDS
from engine.core.rules import PRESETS
from engine.surfaces.web_api import handle

presets = st.sampled_from(sorted(PRESETS))
seeds = st.integers(0, 2**32)


def bot_decider(name: str, seed: int, rules, samples: int = 3):
    """The site's way: a fresh seeded bot for each decision, given the seat's view only."""
    options = {"samples": samples} if name == "expert" else {}

    def decide(deal: Deal, index: int) -> int:
        seat = deal.to_move
        bot = make_bot(name, seed=seed * 97 + index * 7 + seat, rules=rules, **options)
        return bot.choose(deal.view(seat))

    return decide


def played(preset: str, seed: int, computer: str) -> tuple[Deal, list[int]]:
    """A deal where seat 0 plays random cards and the other seats are the computer."""
    rules = PRESETS[preset]
    deal = Deal.from_seed(rules, seed, seed % rules.players)
    start = deal.copy()
    rng = random.Random(seed)
    decide = bot_decider(computer, seed, rules)
    while not deal.is_over:
        if deal.to_move == 0:
            deal.play(rng.choice(list(deal.legal_plays())))
        else:
            deal.play(decide(deal.copy(), len(deal.plays)))
    return start, list(deal.plays)


@settings(max_examples=40, deadline=None)
@given(preset=presets, seed=seeds, computer=st.sampled_from(["heuristic", "expert"]))
def test_the_computer_chooses_the_same_card_whatever_it_could_not_see(preset, seed, computer):
    start, plays = played(preset, seed, computer)
    computer_seats = range(1, start.players)
    decisions = peek_check(
        start, plays, computer_seats, bot_decider(computer, seed, start.rules), redeals=2, seed=seed
    )
    assert len(decisions) == len(plays) * (start.players - 1) // start.players
    for decision in decisions:
        assert decision.same, (preset, seed, computer, decision)
        assert len(decision.redealt) == 2 and not decision.failed_redeals
    assert report(decisions)["all_same"]


class PeekingBot:
    """Given the whole deal, not just its view: its card depends on the reader's hidden cards."""

    def __init__(self, deal: Deal):
        self.deal = deal

    def choose(self, seat: int) -> int:
        legal = list(self.deal.legal_plays())
        reader = self.deal.hands[0]
        return legal[sum(cards_of(reader)) % len(legal)]


class StockReadingBot:
    """Given the stock's order: plays by the next card it would draw."""

    def __init__(self, deal: Deal):
        self.deal = deal

    def choose(self, seat: int) -> int:
        legal = list(self.deal.legal_plays())
        position = len(self.deal.stock) - self.deal.stock_remaining
        below = self.deal.stock[position + 1] if position + 1 < len(self.deal.stock) else 0
        return legal[SUIT_OF[below] % len(legal)]


@pytest.mark.parametrize("cheat", [PeekingBot, StockReadingBot])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_bot_given_more_than_its_view_is_caught(cheat, preset):
    rules = PRESETS[preset]
    caught = 0
    for seed in range(3):
        deal = Deal.from_seed(rules, seed, 0)
        start = deal.copy()
        while not deal.is_over:
            deal.play(cheat(deal).choose(deal.to_move))
        decisions = peek_check(
            start, list(deal.plays), range(rules.players), lambda d, i: cheat(d).choose(d.to_move),
            redeals=3, seed=seed,
        )  # fmt: skip
        caught += sum(not decision.same for decision in decisions)
        assert not report(decisions)["all_same"]
    assert caught >= 3


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_redeal_moves_only_the_unseen_cards_and_keeps_the_view(preset):
    start, plays = played(preset, 21, "heuristic")
    deal = start.copy()
    rng = random.Random(3)
    moved = 0
    for index, card in enumerate(plays):
        seat = deal.to_move
        if index % 5 == 0:
            view = deal.view(seat)
            other = redeal(deal, seat, rng)
            assert other is not None and other.plays == deal.plays and other.view(seat) == view
            changed = 0
            for mine, theirs in zip(deal.initial_hands, other.initial_hands, strict=True):
                changed |= mine ^ theirs
            for mine, theirs in zip(deal.stock, other.stock, strict=True):
                if mine != theirs:
                    changed |= 1 << mine | 1 << theirs
            assert not changed & ~view.unseen  # only cards the seat could not see moved
            dealt = [c for hand in other.initial_hands for c in cards_of(hand)]
            assert sorted([*dealt, *other.stock]) == list(range(52))  # still one deck
            moved += bool(changed)
        deal.play(card)
    assert moved


def ask(request: dict) -> dict:
    return json.loads(handle(json.dumps(request)))


def finished_match(level: str, preset: str = "standard", seed: int = 9) -> dict:
    answer = ask({"op": "practice.new", "rules": preset, "seed": seed, "level": level})
    rng = random.Random(seed)
    while answer["state"]["waiting_for"] not in ("next_deal", "match_over"):
        record = answer["record"]
        if answer["state"]["waiting_for"] == "human":
            card = rng.choice(answer["state"]["deal"]["legal"])
            answer = ask({"op": "practice.play", "record": record, "card": card})
        else:
            answer = ask({"op": "practice.bot", "record": record, "samples": 4})
        assert answer["ok"], answer
    return answer["record"]


@pytest.mark.parametrize(
    ("level", "preset"), [("expert", "standard"), ("heuristic", "shasta-sam"), ("random", "face-down")]
)
def test_the_practice_op_rechecks_the_computers_cards_of_a_finished_deal(level, preset):
    record = finished_match(level, preset)
    answer = ask({"op": "practice.peek", "record": record, "samples": 4, "redeals": 2})
    assert answer["ok"], answer
    players = PRESETS[preset].players
    assert answer["all_same"] and answer["level"] == level and answer["deal"] == 0
    assert answer["checked"] == len(record["deals"][0]) * (players - 1) // players
    assert all(d["seat"] != 0 and d["card"] == d["replayed"] for d in answer["decisions"])
    assert answer["redeals"] == 2 * answer["checked"]
    some = ask({"op": "practice.peek", "record": record, "samples": 4, "redeals": 1, "only": [1, 2, 3]})
    assert {d["play_index"] for d in some["decisions"]} <= {1, 2, 3}
    again = ask({"op": "practice.peek", "record": record, "samples": 4, "redeals": 2})
    assert again == answer  # the same re-deals for the same request


def test_the_peek_op_refuses_bad_requests_and_unbounded_work():
    record = finished_match("expert")
    cases = [
        ({"redeals": 0}, "redeals"),
        ({"redeals": MAX_PEEK_REDEALS + 1}, "redeals"),
        ({"redeals": MAX_PEEK_REDEALS, "samples": 200}, "redeals"),  # 26 x 9 x 200 worlds
        ({"deal": 1}, "deal"),
        ({"seed": -1}, "seed"),
        ({"only": "all"}, "only"),
        ({"only": [99]}, "only"),
        ({"samples": 0}, "samples"),
    ]
    for changes, field in cases:
        answer = ask({"op": "practice.peek", "record": record, **changes})
        assert not answer["ok"] and answer["error"]["code"] == "bad_request", (changes, answer)
        assert answer["error"]["field"] == field or answer["error"]["message"].startswith(field), answer
    bound = ask({"op": "practice.peek", "record": record, "redeals": MAX_PEEK_REDEALS, "samples": 200})
    assert str(MAX_PEEK_WORLDS) in bound["error"]["message"]
    unfinished = ask({"op": "practice.new", "seed": 1})["record"]
    assert ask({"op": "practice.peek", "record": unfinished})["error"]["field"] == "deal"


def test_a_record_whose_computer_card_was_changed_is_reported():
    """The check compares with the record: a card the computer did not choose shows as not the same."""
    start, plays = played("standard", 5, "heuristic")
    deal = start.copy()
    changed = None
    for index, card in enumerate(plays):
        if deal.to_move == 1 and len(list(deal.legal_plays())) > 1 and changed is None:
            other = next(c for c in deal.legal_plays() if c != card)
            trial = deal.copy()
            trial.play(other)
            changed = index
            while not trial.is_over:
                trial.play(next(iter(trial.legal_plays())))
            tampered = list(trial.plays)
            break
        deal.play(card)
    assert changed is not None
    decisions = peek_check(start, tampered, [1], bot_decider("heuristic", 5, start.rules), redeals=1)
    assert not next(d for d in decisions if d.play_index == changed).same
    assert record_of(start)["plays"] == []
