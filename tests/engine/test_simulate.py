"""The fast random play-out must agree with Deal (one set of rules) and be deterministic."""

import random

import pytest

from engine import PRESETS, Deal, Rules, simulate
from engine.bots import BOTS, RandomBot, make_bot, register_bot
from engine.shuffle import deal_deck, shuffled_deck
from engine.simulate import _random_playout_any, _random_playout_two


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_fast_playout_matches_deal(preset):
    rules = Rules.preset(preset)
    for seed in range(40):
        plays: list[int] = []
        seats, values = _random_playout_any(rules, random.Random(seed), seed % rules.players, plays)
        hands, stock = deal_deck(shuffled_deck(random.Random(seed)), rules.players, seed % rules.players)
        deal = Deal.from_cards(rules, hands, stock, seed % rules.players)
        for card in plays:
            deal.play(card)
        assert deal.is_over and deal.result().seats == seats and deal.result().values == values


@pytest.mark.parametrize("preset", ["standard", "classic", "face-down"])
def test_two_player_specialisation_matches_general_playout(preset):
    rules = Rules.from_spec({"preset": preset, "turned_jack": True, "nine_point": True})
    for seed in range(200):
        assert _random_playout_two(rules, random.Random(seed), seed % 2) == _random_playout_any(
            rules, random.Random(seed), seed % 2, None
        )


def test_simulate_deterministic_and_counts_points():
    a = simulate("standard", ["random", "random"], 300, 9)
    b = simulate("standard", ["random", "random"], 300, 9)
    assert a["points"] == b["points"] and sum(a["points"]) <= 300 * 4
    three = simulate("shasta-sam", ["random"] * 3, 100, 1)
    assert len(three["points"]) == 3


def test_registry_is_pluggable_and_generic_path_works():
    class LowestBot:
        def __init__(self, seed=0, rules=None, **options):
            pass

        def choose(self, view):
            return min(view.legal_plays())

    register_bot("lowest-test", LowestBot)
    try:
        summary = simulate("standard", ["lowest-test", "random"], 40, 2)
        assert summary["deals"] == 40 and sum(summary["points"]) > 0
    finally:
        del BOTS["lowest-test"]
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("nobody")


def test_random_bot_is_deterministic_and_legal():
    deal = Deal.from_seed(Rules(), 1)
    picks = [RandomBot(seed=4).choose(deal.view(1)) for _ in range(3)]
    assert len(set(picks)) == 1 and deal.is_legal(picks[0])
