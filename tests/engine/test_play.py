import pytest

from engine import Deal, IllegalPlay, Rules, card_code, parse_card
from engine.core.tricks import trick_winner

from .conftest import build_deal, cards


def codes(deal: Deal) -> set[str]:
    return {card_code(card) for card in deal.legal_plays()}


def test_hearts_trump_first_trick(hearts_deal):
    """RULES.md §5: A leads 7♣, B without clubs plays 2♥ and wins; B takes J♥, A then Q♦."""
    deal = hearts_deal
    assert card_code(deal.trump_card) == "JH" and deal.trump == parse_card("2H") // 13
    assert deal.to_move == 1  # the non-dealer leads
    deal.play("7C")
    assert codes(deal) == {"2H"}  # void in clubs with a trump: must trump
    trick = deal.play("2H")
    assert trick.winner == 0 and deal.to_move == 0
    assert [(d.seat, card_code(d.card)) for d in trick.draws] == [(0, "JH"), (1, "QD")]
    assert "JH" in map(card_code, deal.hand(0)) and "QD" in map(card_code, deal.hand(1))
    assert deal.hand(0).__len__() == deal.hand(1).__len__() == 6
    assert card_code(deal.stock_top) != "QD"


def test_hearts_trump_low_goes_to_capturer_b(hearts_deal):
    deal = hearts_deal
    deal.play("7C")
    deal.play("2H")
    while not deal.is_over:
        deal.play(next(deal.legal_plays()))
    result = deal.result()
    assert result.low == 0
    low = next(r for r in result.reasons if r.point == "low")
    assert (low.card, low.trick, low.seat, low.flags) == ("2H", 1, 0, ())


def test_trick_winner_rules():
    spades, hearts = 0, 1
    ts, qs, as_, two_h, ah, kd = cards("TS QS AS 2H AH KD")
    assert trick_winner((ts, qs), hearts) == 1  # higher of the led suit
    assert trick_winner((as_, kd), hearts) == 0  # off-suit discard never wins
    assert trick_winner((as_, two_h), hearts) == 1  # any trump beats a plain suit
    assert trick_winner((two_h, as_), hearts) == 0
    assert trick_winner((two_h, ah), hearts) == 1  # higher trump
    assert trick_winner((ts, two_h, ah), hearts) == 2 and trick_winner((ts, ah, two_h), hearts) == 1
    assert trick_winner((ts, qs, kd), spades) == 1


# Seat 1 leads a plain suit (clubs) or trump (hearts); seat 0's legal replies per option.
FOLLOWER = "2H 9H 5C 9S TS 7D"
VOID_FOLLOWER = "2H 9H 3S 9S TS 7D"
NO_TRUMP_VOID = "3D 4D 3S 9S TS 7D"
LEADER = "7C 8C 3H 4S 5D 6D"


@pytest.mark.parametrize(
    ("options", "follower", "lead", "expected"),
    [
        ({}, FOLLOWER, "7C", {"5C", "2H", "9H"}),  # follow or trump, though able to follow
        ({"trump_when_able": False}, FOLLOWER, "7C", {"5C"}),  # must follow when able
        ({}, VOID_FOLLOWER, "7C", {"2H", "9H"}),  # void with trumps: must trump
        ({"must_trump_when_void": False}, VOID_FOLLOWER, "7C", set(VOID_FOLLOWER.split())),
        ({}, NO_TRUMP_VOID, "7C", set(NO_TRUMP_VOID.split())),  # neither: any card
        ({}, FOLLOWER, "3H", {"2H", "9H"}),  # trump led: follow with a trump
        ({"trump_when_able": False, "must_trump_when_void": False}, FOLLOWER, "3H", {"2H", "9H"}),
        ({}, NO_TRUMP_VOID, "3H", set(NO_TRUMP_VOID.split())),  # no trump: anything
    ],
)
def test_legal_replies(options, follower, lead, expected):
    deal = build_deal(Rules.from_spec(options), [follower, LEADER], "JH QD")
    assert codes(deal) == set(LEADER.split())  # the leader may lead anything
    deal.play(lead)
    assert codes(deal) == expected


@pytest.mark.parametrize(
    ("options", "follower", "lead", "card", "code"),
    [
        ({}, FOLLOWER, "7C", "9S", "must_follow_suit"),
        ({"trump_when_able": False}, FOLLOWER, "7C", "2H", "must_follow_suit"),
        ({}, VOID_FOLLOWER, "7C", "9S", "must_trump"),
        ({}, FOLLOWER, "3H", "5C", "must_follow_suit"),
        ({}, FOLLOWER, "7C", "AS", "not_in_hand"),
    ],
)
def test_illegal_play_codes_and_state_unchanged(options, follower, lead, card, code):
    deal = build_deal(Rules.from_spec(options), [follower, LEADER], "JH QD")
    deal.play(lead)
    before = deal.state_key()
    view_before = deal.view(0)
    with pytest.raises(IllegalPlay) as caught:
        deal.play(card)
    error = caught.value
    assert error.code == code
    details = error.details()
    assert details.pop("key").startswith("errors.")
    assert details == {"code": code, "seat": 0, "card": card, "led": lead[-1], "trump": "H"}
    assert deal.state_key() == before and deal.view(0) == view_before
    assert str(caught.value) and "{" not in str(caught.value)


def test_must_follow_suit_message_keys():
    deal = build_deal("standard", [FOLLOWER, LEADER], "JH QD")
    deal.play("3H")
    with pytest.raises(IllegalPlay) as caught:
        deal.play("5C")
    assert caught.value.key == "errors.must_follow_trump"
    deal = build_deal(Rules(trump_when_able=False), [FOLLOWER, LEADER], "JH QD")
    deal.play("7C")
    with pytest.raises(IllegalPlay) as caught:
        deal.play("2H")
    assert caught.value.key == "errors.must_follow_suit_only" and "clubs" in str(caught.value)


def test_deal_over_refused():
    deal = Deal.from_seed(Rules(), 3)
    while not deal.is_over:
        deal.play(next(deal.legal_plays()))
    before = deal.state_key()
    with pytest.raises(IllegalPlay) as caught:
        deal.play(0)
    assert caught.value.code == "deal_over" and deal.state_key() == before
    assert deal.to_move is None and list(deal.legal_plays()) == []


def test_undo_restores_every_step():
    deal = Deal.from_seed(Rules(), 11, dealer=1)
    keys = [deal.state_key()]
    while not deal.is_over:
        deal.play(max(deal.legal_plays()))
        keys.append(deal.state_key())
    keys.pop()
    while keys:
        deal.undo()
        assert deal.state_key()[:-1] == keys.pop()[:-1]
    with pytest.raises(ValueError):
        deal.undo()


def test_copy_is_independent():
    deal = Deal.from_seed(Rules(), 4)
    clone = deal.copy()
    clone.play(next(clone.legal_plays()))
    assert deal.plays == () and len(clone.plays) == 1


def test_two_player_draws_and_last_six_tricks():
    deal = Deal.from_seed(Rules(), 21)
    for number in range(1, 27):
        while len(deal.tricks) < number:
            deal.play(next(deal.legal_plays()))
        trick = deal.tricks[-1]
        if number <= 20:
            assert [d.seat for d in trick.draws] == [trick.winner, 1 - trick.winner]
            assert [len(deal.hand(s)) for s in (0, 1)] == [6, 6]
        else:
            assert trick.draws == ()
    assert deal.is_over and deal.stock_remaining == 0


def test_three_players_draw_order_and_out_of_play_card():
    rules = Rules.from_spec("shasta-sam")
    deal = Deal.from_seed(rules, 8, dealer=2)
    assert deal.to_move == 0  # left of the dealer leads
    while not deal.is_over:
        deal.play(next(deal.legal_plays()))
    assert len(deal.tricks) == 17
    for trick in deal.tricks[:11]:
        w = trick.winner
        assert [d.seat for d in trick.draws] == [w, (w + 1) % 3, (w + 2) % 3]
    assert all(trick.draws == () for trick in deal.tricks[11:])
    assert deal.stock_remaining == 1 and deal.stock_top == deal.stock[-1]


def test_play_accepts_codes_and_rejects_non_cards():
    deal = Deal.from_seed(Rules(), 2)
    with pytest.raises(ValueError):
        deal.play("ZZ")
    with pytest.raises(ValueError):
        deal.play(99)
    assert deal.plays == ()


@pytest.mark.parametrize(
    ("hands", "stock", "dealer", "field"),
    [
        ([["2H"] * 6, []], [], 0, "hands[0][1]"),
        ([[]], [], 0, "hands"),
        ([["2H", "3H", "4H", "5H", "6H"], []], [], 0, "hands[0]"),
        (None, None, 5, "dealer"),
    ],
)
def test_from_cards_errors_name_the_field(hands, stock, dealer, field):
    from engine import SetupError

    if hands is None:
        hands = [cards("2H 3H 4H 5H 6H 7H"), cards("2S 3S 4S 5S 6S 7S")]
    with pytest.raises(SetupError) as caught:
        Deal.from_cards(Rules(), hands, stock or [], dealer)
    assert caught.value.field == field


def test_kernel_undo_takes_back_tricks_and_draws():
    import random

    from engine.core.kernel import PlayState
    from engine.core.shuffle import shuffled_deck

    for preset in ("standard", "shasta-sam"):
        rules = Rules.preset(preset)
        state = PlayState.from_deck(rules, shuffled_deck(random.Random(3)), 1)
        with pytest.raises(ValueError, match="nothing to undo"):
            state.undo()
        snapshots, plays = [], []
        rng = random.Random(4)
        while not state.is_over:
            snapshots.append((tuple(state.hands), tuple(state.won), tuple(state.played), state.pos,
                              state.leader, state.to_move, tuple(state.trick)))  # fmt: skip
            legal = state.legal()
            card = rng.choice([c for c in range(52) if legal >> c & 1])
            plays.append(card)
            state.play(card)
        assert state.legal() == 0 and state.top() is None
        copy = state.copy()
        while plays:
            assert state.undo() == plays.pop()
            assert (tuple(state.hands), tuple(state.won), tuple(state.played), state.pos, state.leader,
                    state.to_move, tuple(state.trick)) == snapshots.pop()  # fmt: skip
        assert copy.is_over and copy.points() != state.points()  # the copy kept its own state


def test_kernel_play_trick_is_the_same_as_playing_card_by_card():
    """The one trick step: a whole trick through play_trick leaves the same state (and the same
    undo history) as its cards played one at a time, and undo takes it back card by card."""
    import random

    from engine.core.kernel import PlayState
    from engine.core.shuffle import shuffled_deck

    def snapshot(state):
        return (tuple(state.hands), tuple(state.won), tuple(state.played), state.pos, state.leader,
                state.to_move, tuple(state.trick), tuple(state.history))  # fmt: skip

    for preset in ("standard", "classic", "shasta-sam"):
        rules = Rules.preset(preset)
        rng = random.Random(preset)
        whole = PlayState.from_deck(rules, shuffled_deck(random.Random(11)), 0)
        by_card = whole.copy()
        starts = []
        while not whole.is_over:
            starts.append(snapshot(whole))
            trick = []
            for _ in range(rules.players):
                legal = by_card.legal()
                card = rng.choice([c for c in range(52) if legal >> c & 1])
                trick.append(card)
                by_card.play(card)
            assert whole.play_trick(tuple(trick)) == by_card.leader
            assert snapshot(whole) == snapshot(by_card)
        for start in reversed(starts):
            for _ in range(rules.players):
                whole.undo()
            assert snapshot(whole) == start


def test_kernel_state_built_mid_deal_knows_who_played_what():
    """A state built from the middle of a deal (as the AI's worlds and the endgame solver build
    them) reports the same `played`, `gone` and points as the state it was copied from, card by
    card to the end and back again with undo, even past the cards it was given."""
    import random

    from engine.core.kernel import PlayState
    from engine.core.shuffle import shuffled_deck

    def seen(state):
        return tuple(state.played), state.gone, tuple(state.hands), state.points()

    for preset in ("standard", "shasta-sam", {"preset": "standard", "low": "holder"}):
        rules = Rules.from_spec(preset)
        rng = random.Random(str(preset))
        for start_at in (7, 20, 29):
            original = PlayState.from_deck(rules, shuffled_deck(random.Random(start_at)), 0)
            expected = [0] * rules.players  # who played what, counted here card by card
            for _ in range(start_at):
                legal = original.legal()
                card = rng.choice([c for c in range(52) if legal >> c & 1])
                expected[original.to_move] |= 1 << card
                original.play(card)
            assert original.played == expected
            given = len(original.trick)
            built = PlayState(
                rules, original.trump, original.dealer, original.jack_turned, original.hands,
                original.stock[original.pos:], won=original.won, played=original.played,
                leader=original.leader, trick=original.trick, tricks_done=len(original.history),
            )  # fmt: skip
            assert seen(built) == seen(original)
            plays = 0
            while not original.is_over:
                legal = original.legal()
                assert built.legal() == legal
                card = rng.choice([c for c in range(52) if legal >> c & 1])
                expected[original.to_move] |= 1 << card
                original.play(card)
                built.play(card)
                plays += 1
                assert seen(built) == seen(original) and built.played == expected
            for _ in range(plays + given):  # back past the start, into the trick it was given
                assert built.undo() == original.undo()
                assert seen(built)[:3] == seen(original)[:3]


def test_holding_the_suit_led_and_no_trump_is_told_to_follow_under_the_standard_rule():
    """'Follow suit or play a trump' was said to a player without a trump: with no trump in
    hand, following is the only way out, and the rule cited is the standard one."""
    from engine.surfaces.requests import RULE_LINKS, refusal

    no_trump_follower = "3D 4D 5C 9S TS 7D"
    for rules, rule_ref in ((Rules(), "rule_refs.must_follow_suit"),
                            (Rules(trump_when_able=False), "rule_refs.must_follow_suit_only")):
        deal = build_deal(rules, [no_trump_follower, LEADER], "JH QD")
        deal.play("7C")
        with pytest.raises(IllegalPlay) as caught:
            deal.play("9S")
        assert caught.value.key == "errors.must_follow_suit_no_trump"
        answer = refusal(caught.value, rules)
        assert answer["message_key"] == "errors.must_follow_suit_no_trump"
        assert answer["rule_ref_key"] == rule_ref
        assert answer["rule_link"] == RULE_LINKS[rule_ref.removeprefix("rule_refs.")]
