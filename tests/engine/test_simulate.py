"""The fast random play-out must agree with Deal (one set of rules) and be deterministic."""

import random

import pytest

from engine import PRESETS, Deal, Rules, simulate
from engine.ai.bots import BOTS, RandomBot, make_bot, register_bot
from engine.ai.simulate import random_playout
from engine.core.shuffle import deal_deck, shuffled_deck

VARIANTS = [
    *sorted(PRESETS),
    {"preset": "standard", "turned_jack": True, "nine_point": True, "game_tie": "non_dealer"},
    {"preset": "classic", "trump_when_able": False, "must_trump_when_void": True},
]


@pytest.mark.parametrize("spec", VARIANTS)
def test_fast_playout_matches_deal_play_by_play(spec):
    """Every card of the fast play-out is legal in Deal, and both end with the same points."""
    rules = Rules.from_spec(spec)
    for seed in range(40):
        plays: list[int] = []
        seats, values = random_playout(rules, random.Random(seed), seed % rules.players, plays)
        hands, stock = deal_deck(shuffled_deck(random.Random(seed)), rules.players, seed % rules.players)
        deal = Deal.from_cards(rules, hands, stock, seed % rules.players)
        for card in plays:
            assert deal.is_legal(card)
            deal.play(card)
        assert deal.is_over and deal.result().seats == seats and deal.result().values == values


def test_fast_playout_does_not_depend_on_recording():
    rules = Rules.preset("standard")
    for seed in range(30):
        assert random_playout(rules, random.Random(seed), seed % 2, []) == random_playout(
            rules, random.Random(seed), seed % 2
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


@pytest.mark.parametrize("spec", ["standard", "shasta-sam"])
def test_fast_playout_picks_uniformly_among_legal_cards(spec):
    """Each choice of the fast play-out is uniform over the legal cards: where k cards were legal,
    the chosen card's rank among them (0 = lowest) is spread evenly over 0..k-1.

    Pooled chi-square over every decision with 2..6 legal cards, fixed seeds (so the test is
    deterministic); the bound is the 0.1% point of the chi-square distribution (a play-out that
    favours the lowest card, or never picks the highest, lands far above it)."""
    rules = Rules.preset(spec)
    counts: dict[int, list[int]] = {k: [0] * k for k in range(2, 7)}
    rng = random.Random(2026)
    for number in range(400):
        plays: list[int] = []
        state = rng.getstate()
        random_playout(rules, rng, number % rules.players, plays)
        replay_rng = random.Random()
        replay_rng.setstate(state)
        hands, stock = deal_deck(shuffled_deck(replay_rng), rules.players, number % rules.players)
        deal = Deal.from_cards(rules, hands, stock, number % rules.players)
        for card in plays:
            legal = sorted(deal.legal_plays())
            if len(legal) > 1:
                counts[len(legal)][legal.index(card)] += 1
            deal.play(card)
    chi_square = 0.0
    freedom = 0
    for k, seen in counts.items():
        total = sum(seen)
        if total < 10 * k:
            continue
        chi_square += sum((n - total / k) ** 2 / (total / k) for n in seen)
        freedom += k - 1
    # 0.1% points of chi-square for the degrees of freedom that occur here (Wilson-Hilferty).
    z = 3.09
    bound = freedom * (1 - 2 / (9 * freedom) + z * (2 / (9 * freedom)) ** 0.5) ** 3
    assert freedom >= 10 and chi_square < bound, (chi_square, bound, counts)
