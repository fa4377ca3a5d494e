"""Property tests over random deals in every preset (and random option combinations)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import PRESETS, Deal, IllegalPlay, Rules, record_of, replay
from engine.core.cards import mask_value
from engine.core.kernel import PlayState
from engine.core.outcome import deal_result
from engine.core.rules import ALLOWED
from engine.core.shuffle import deal_deck

presets = st.sampled_from(sorted(PRESETS))
option_rules = st.builds(
    lambda values, target: Rules(**values, target=target),
    st.fixed_dictionaries({key: st.sampled_from(allowed) for key, allowed in ALLOWED.items()}),
    st.integers(1, 15),
)
any_rules = st.one_of(presets.map(Rules.preset), option_rules)


def accounted(deal: Deal) -> int:
    """Union of every place a card can be, asserting the places are disjoint."""
    places = [*deal.hands, *deal.won, sum(1 << c for c in deal.current_trick)]
    places.append(sum(1 << c for c in deal.stock[len(deal.stock) - deal.stock_remaining :]))
    union = 0
    for mask in places:
        assert not union & mask
        union |= mask
    return union


@settings(max_examples=30, deadline=None)
@given(
    rules=any_rules,
    seed=st.integers(0, 2**63),
    dealer=st.integers(0, 2),
    chooser=st.randoms(use_true_random=False),
)
def test_random_deal_invariants(rules, seed, dealer, chooser):
    dealer %= rules.players
    deal = Deal.from_seed(rules, seed, dealer)
    players = rules.players
    start = deal.state_key()
    while not deal.is_over:
        assert accounted(deal) == (1 << 52) - 1
        legal = list(deal.legal_plays())
        assert legal and all(deal.is_legal(c) for c in legal)
        # Every other card is refused, leaving the state and views exactly as they were.
        before, views = deal.state_key(), [deal.view(s) for s in range(players)]
        for card in chooser.sample(range(52), 8):
            if card not in legal:
                try:
                    deal.play(card)
                except IllegalPlay as error:
                    assert error.code in {"not_in_hand", "must_follow_suit", "must_trump"}
                else:
                    raise AssertionError(f"illegal card {card} accepted")
        assert deal.state_key() == before and [deal.view(s) for s in range(players)] == views
        trick = deal.play(chooser.choice(legal))
        if trick is not None and trick.draws:
            assert [len(deal.hand(s)) for s in range(players)] == [6] * players
    assert len(deal.tricks) == (26 if players == 2 else 17)
    assert accounted(deal) == (1 << 52) - 1
    out_of_play = sum(1 << c for c in deal.stock[len(deal.stock) - deal.stock_remaining :])
    assert out_of_play.bit_count() == (0 if players == 2 else 1)
    result = deal.result()
    assert sum(result.values) == 80 - mask_value(out_of_play)
    scored = [seat for seat in result.seats if seat is not None]
    assert len(scored) <= (5 if rules.nine_point else 4)
    if not rules.nine_point:
        assert result.nine is None
    # Records round-trip through replay, in cards form and in seed form; a turned jack that
    # wins the match at once (target 1) leaves the deal without plays (RULES.md §6.4).
    if deal.jack_turned and rules.target == 1:
        refused = replay(record_of(deal))["error"]
        assert refused["code"] == "bad_record" and refused["play_index"] == 0
        return
    from_cards = replay(record_of(deal))
    seed_form = replay(
        {"rules": rules.to_spec(), "seed": seed, "dealer": dealer, "plays": from_cards_plays(deal)}
    )
    assert from_cards["points"] == result.points == seed_form["points"]
    assert from_cards["tricks"] == seed_form["tricks"] and seed_form.pop("hands") and seed_form.pop("stock")
    assert from_cards == seed_form
    assert replay({**record_of(deal), "plays": []})["complete"] is False
    # Undo all the way back.
    while deal.plays:
        deal.undo()
    assert deal.state_key()[:-1] == start[:-1]
    assert deal_result is not None


def from_cards_plays(deal):
    from engine import card_code

    return [card_code(c) for c in deal.plays]


@settings(max_examples=30, deadline=None)
@given(rules=any_rules, seed=st.integers(0, 2**32))
def test_same_seed_same_deal(rules, seed):
    a, b = Deal.from_seed(rules, seed, 0), Deal.from_seed(rules, seed, 0)
    assert a.hands == b.hands and a.stock == b.stock


def test_shuffle_is_roughly_uniform():
    from engine.core.shuffle import shuffled_deck

    rng = random.Random(5)
    counts = [0] * 52
    for _ in range(5200):
        counts[shuffled_deck(rng)[0]] += 1
    assert min(counts) > 50 and max(counts) < 160


def kernel_snapshot(state: PlayState) -> tuple:
    return (
        tuple(state.hands), tuple(state.won), tuple(state.played), state.pos, state.leader, state.to_move,
        tuple(state.trick), len(state.history),
    )  # fmt: skip


@settings(max_examples=25, deadline=None)
@given(rules=any_rules, deck=st.permutations(range(52)), dealer=st.integers(0, 2), data=st.data())
def test_generated_legal_deals(rules, deck, dealer, data):
    """Hypothesis chooses the deck order and every card among the legal ones (and shrinks a
    failure to a short deal): the kernel and Deal agree card by card, each play undoes
    byte-identically, and both score the end the same way."""
    dealer %= rules.players
    hands, stock = deal_deck(deck, rules.players, dealer)
    deal = Deal.from_cards(rules, hands, stock, dealer)
    kernel = PlayState.from_deck(rules, deck, dealer)
    start = kernel_snapshot(kernel)
    while not deal.is_over:
        assert kernel.legal() == deal.legal_mask() and not kernel.is_over
        card = data.draw(st.sampled_from(list(deal.legal_plays())))
        seat = deal.to_move
        before, view_before = deal.state_key(), deal.view(seat)
        deal.play(card)
        assert deal.undo() == card
        assert deal.state_key() == before and deal.view(seat) == view_before
        deal.play(card)
        kernel.play(card)
        assert kernel.hands == list(deal.hands) and kernel.won == list(deal.won)
        assert kernel.played == list(deal.played) and kernel.trick == list(deal.current_trick)
        assert len(stock) - kernel.pos == deal.stock_remaining and kernel.leader == deal.leader
    assert kernel.is_over and kernel.legal() == 0
    result = deal.result()
    assert kernel.points() == (result.seats, result.values)
    while kernel.history or kernel.trick:
        kernel.undo()
    assert kernel_snapshot(kernel) == start
