import dataclasses

import pytest

from engine import Deal, Match, Rules, mask_of, parse_card
from engine.core.cards import mask_value
from engine.core.scoring import count_out, count_out_steps, deal_points

from .conftest import cards


def split_won(seat0_codes: str, players: int = 2, out: str = ""):
    seat0 = mask_of(cards(seat0_codes))
    rest = ((1 << 52) - 1) & ~seat0 & ~mask_of(cards(out))
    return [seat0, rest] if players == 2 else None


def test_29_point_count_and_game_to_the_other():
    """RULES.md §5: two tens, A, K, Q = 20 + 4 + 3 + 2 = 29; the other holds 51 and takes Game."""
    assert mask_value(mask_of(cards("TS TH AS KS QS"))) == 29
    won = split_won("TS TH AS KS QS 2C 3C")
    seats, values = deal_points(Rules(), 1, 0, won, won, False)
    assert values == (29, 51) and seats[3] == 1


def test_card_values_total_80():
    assert mask_value((1 << 52) - 1) == 80
    assert [mask_value(mask_of(cards(c))) for c in ("TS", "AS", "KS", "QS", "JS", "9S")] == [
        10,
        4,
        3,
        2,
        1,
        0,
    ]


def test_high_low_jack_by_capture_and_by_holder():
    hearts = parse_card("2H") // 13
    won = split_won("AH 2H 3S")  # seat 0 captured A♥ and 2♥; seat 1 all the rest incl. J♥
    played = split_won("AH 3S 4S")  # but seat 1 held (played) the 2♥
    capture, _ = deal_points(Rules(), hearts, 0, won, played, False)
    assert capture[:3] == (0, 0, 1)
    holder, _ = deal_points(Rules(low="holder"), hearts, 0, won, played, False)
    assert holder[:3] == (0, 1, 1)


def test_game_tie_none_and_non_dealer():
    won = split_won("TS TH TD TC")  # 40 - 40
    assert deal_points(Rules(), 0, 0, won, won, False)[0][3] is None
    tie_rules = Rules(game_tie="non_dealer")
    assert deal_points(tie_rules, 0, 0, won, won, False)[0][3] == 1
    assert deal_points(tie_rules, 0, 1, won, won, False)[0][3] == 0


def test_three_player_tie_and_non_dealer_generalised():
    a, b = mask_of(cards("TS TH AS KS QS 2C")), mask_of(cards("TD TC AD KD QD 3C"))
    c = ((1 << 52) - 1) & ~a & ~b & ~mask_of(cards("4C"))
    won = [a, b, c]
    seats, values = deal_points(Rules(players=3), 0, 2, won, won, False)
    assert values[0] == values[1] == 29 and values[2] == 22 and seats[3] is None
    assert deal_points(Rules(players=3, game_tie="non_dealer"), 0, 2, won, won, False)[0][3] == 0
    assert deal_points(Rules(players=3, game_tie="non_dealer"), 0, 0, won, won, False)[0][3] == 1


def test_nine_point_only_with_option():
    won = split_won("9S")
    assert deal_points(Rules(), 0, 0, won, won, False)[0][4] is None
    assert deal_points(Rules(nine_point=True), 0, 0, won, won, False)[0][4] == 0


def test_jack_not_in_play_with_three_players():
    """The card left in the stock is not in play: no Jack; High and Low judged without it."""
    out = "JS"
    a = mask_of(cards("AS 2S"))
    rest = ((1 << 52) - 1) & ~a & ~mask_of(cards(out))
    b = rest & mask_of(range(13, 52))
    c = rest & ~b
    seats, _ = deal_points(Rules(players=3), 0, 0, [a, b, c], [a, b, c], False)
    assert seats[2] is None and seats[0] == 0 and seats[1] == 0


def test_count_out_order_settles_double_crossing():
    # Both at 9 of 10: seat 1 takes High first, so seat 1 wins although seat 0 takes Low, Jack, Game;
    # the count stops there (RULES.md §1, §6.17): the score is where it stopped.
    scores, winner, order = count_out((1, 0, 0, 0, None), [9, 9], 10, False)
    assert order == ("high", "low", "jack", "game", "nine") and winner == 1 and scores == [9, 10]
    scores, winner, _ = count_out((0, 1, 1, 1, 1), [8, 9], 10, False)
    assert winner == 1  # Low comes before the rest
    _, winner, _ = count_out((1, 1, None, 0, 0), [9, 9], 10, False)
    assert winner == 1
    _, winner, _ = count_out((1, 0, 0, 0, None), [9, 9], 10, True)
    assert winner == 0  # a turned jack counts before anything else


def test_the_count_out_stops_at_the_winner():
    # Target 2 from 1-0 with a turned jack (issue 20, deal G): Jack to seat 1 first (1-1), then
    # Low to seat 0 makes 2 and wins; Game and the nine (seat 1) are never added (§1, §6.17).
    steps, winner, _ = count_out_steps((None, 0, 1, 1, 1), [1, 0], 2, True)
    assert winner == 0 and steps == [("jack", 1, (1, 1)), ("low", 0, (2, 1))]
    assert count_out((None, 0, 1, 1, 1), [1, 0], 2, True)[:2] == ([2, 1], 0)
    # No one reaches the target: every point is added.
    assert count_out((0, 1, 0, 1, None), [0, 0], 10, False)[:2] == ([2, 2], None)


def find_seed(rules, condition, dealer=0):
    for seed in range(5000):
        deal = Deal.from_seed(rules, seed, dealer)
        if condition(deal):
            return seed
    raise AssertionError("no seed found")


def test_turned_jack_scores_for_dealer_first_and_not_again():
    rules = Rules(turned_jack=True)
    seed = find_seed(rules, lambda d: d.jack_turned)
    deal = Deal.from_seed(rules, seed, dealer=0)
    while not deal.is_over:
        deal.play(next(deal.legal_plays()))
    result = deal.result()
    jack = next(r for r in result.reasons if r.point == "jack")
    assert result.jack == 0 and jack.flags == ("turned",) and jack.key == "reasons.jack_turned"
    plain = Deal.from_seed(Rules(), seed, dealer=0)
    assert not plain.jack_turned


def test_turned_jack_wins_the_match_before_play():
    rules = Rules(turned_jack=True, target=3)
    match = Match(rules, seed=0)
    match.scores = [2] * rules.players
    seed = find_seed(rules, lambda d: d.jack_turned, dealer=match.dealer)
    deal = match.start_deal(seed=seed)
    assert match.is_over and match.winner == deal.dealer and deal.plays == ()
    assert match.history[-1].points["jack"] == deal.dealer
    with pytest.raises(ValueError):
        match.start_deal()


def test_result_reasons_for_game_and_tie_flags():
    deal = Deal.from_seed(Rules(game_tie="non_dealer", nine_point=True), 5)
    while not deal.is_over:
        deal.play(next(deal.legal_plays()))
    result = deal.result()
    assert [r.point for r in result.reasons] == ["high", "low", "jack", "game", "nine"]
    game = result.reasons[3]
    assert game.values == result.values and sum(result.values) == 80
    assert dataclasses.asdict(game)["point"] == "game"
    with pytest.raises(ValueError):
        Deal.from_seed(Rules(), 5).result()


def test_every_reason_key_is_declared_and_has_a_scorer_exactly_when_expected():
    import random

    from engine.core.outcome import NO_SCORER_REASON_KEYS, REASON_KEYS, deal_result

    seen = set()
    presets = [
        Rules(),
        Rules(low="holder", nine_point=True),
        Rules(players=3, turned_jack=True, game_tie="non_dealer"),
    ]
    for rules in presets:
        for seed in range(40):
            deal = Deal.from_seed(rules, seed, seed % rules.players)
            rng = random.Random(seed)
            while not deal.is_over:
                deal.play(rng.choice(list(deal.legal_plays())))
            for reason in deal_result(deal).reasons:
                assert reason.key in REASON_KEYS, reason.key
                assert (reason.seat is None) == (reason.key in NO_SCORER_REASON_KEYS), reason
                seen.add(reason.key)
    assert {"reasons.high", "reasons.low", "reasons.low_holder", "reasons.game", "reasons.nine"} <= seen
