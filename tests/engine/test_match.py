import pytest

from engine import Match, Rules
from engine.core.cards import RANK_OF
from engine.core.match import cut_for_deal
from engine.core.shuffle import seeded_rng


@pytest.mark.parametrize("mode", ["cut_low", "cut_high"])
def test_cut_decides_first_dealer(mode):
    for seed in range(40):
        dealer, rounds = cut_for_deal(Rules(first_dealer=mode), seeded_rng(seed))
        last = rounds[-1]
        ranks = [RANK_OF[card] for card in last]
        deciding = min(ranks) if mode == "cut_low" else max(ranks)
        assert ranks.count(deciding) == 1
        if len(rounds) == 1:
            assert ranks.index(deciding) == dealer


def test_random_first_dealer_covers_every_seat():
    seen = {cut_for_deal(Rules(players=3, first_dealer="random"), seeded_rng(s))[0] for s in range(60)}
    assert seen == {0, 1, 2}


def test_cut_low_and_high_disagree_sometimes():
    low = [Match(Rules(first_dealer="cut_low"), seed=s).first_dealer for s in range(30)]
    high = [Match(Rules(first_dealer="cut_high"), seed=s).first_dealer for s in range(30)]
    assert low != high


def play_to_end(match):
    while not match.is_over:
        deal = match.start_deal()
        if match.is_over:
            break
        while not deal.is_over:
            deal.play(next(deal.legal_plays()))
        match.finish_deal()
    return match


@pytest.mark.parametrize("preset", ["standard", "shasta-sam"])
def test_deal_alternates_and_match_ends_at_target(preset):
    match = play_to_end(Match(Rules.from_spec({"preset": preset, "target": 7}), seed=3))
    dealers = [summary.dealer for summary in match.history]
    players = match.rules.players
    assert dealers == [(match.first_dealer + i) % players for i in range(len(dealers))]
    assert match.scores[match.winner] >= 7
    for before, after in zip(match.history, match.history[1:], strict=False):
        assert after.scores_before == before.scores_after
    assert all(max(s.scores_before) < 7 for s in match.history)


def test_match_is_deterministic():
    a = play_to_end(Match("classic", seed=12))
    b = play_to_end(Match("classic", seed=12))
    assert a.history == b.history


def test_finish_requires_a_deal():
    with pytest.raises(ValueError):
        Match().finish_deal()
