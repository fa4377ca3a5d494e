from engine import Deal, Rules, card_code

from .conftest import build_deal

HANDS = ["2H 9S TS 7D 8D 9D", "7C 8C 3S 4S 5D 6D"]


def play_first_trick(rules):
    deal = build_deal(rules, HANDS, "JH QD KC")
    deal.play("7C")
    deal.play("2H")
    return deal


def test_open_stock_everyone_sees_draws_and_top():
    deal = play_first_trick("standard")
    for seat in (0, 1):
        view = deal.view(seat)
        assert [card_code(d.card) for d in view.tricks[0].draws] == ["JH", "QD"]
        assert card_code(view.stock_top) == "KC"
        assert view.hand == deal.hands[seat] and view.trump_card == deal.trump_card
    other = deal.view(1)
    assert other.known[0] == 1 << deal.trump_card  # seat 1 knows seat 0 holds J♥
    assert other.known[1] == deal.hands[1]
    assert not other.unseen & other.known[0] and not other.unseen & deal.hands[1]


def test_hidden_stock_hides_other_players_draws_but_not_the_turned_card():
    deal = play_first_trick("face-down")
    assert deal.view(0).stock_top is None and deal.view(1).stock_top is None
    b, a = deal.view(0), deal.view(1)
    assert [d.card for d in b.tricks[0].draws] == [deal.trump_card, None]  # B cannot see A's Q♦
    assert [card_code(d.card) for d in a.tricks[0].draws] == ["JH", "QD"]
    assert a.known[0] == 1 << deal.trump_card and b.known[1] == 0
    qd = deal.tricks[0].draws[1].card
    assert b.unseen >> qd & 1 and not a.unseen >> qd & 1
    fresh = build_deal("face-down", HANDS, "JH QD KC")
    assert fresh.view(0).stock_top == fresh.trump_card  # turned to show trump, known to both


def test_view_never_contains_other_hands_and_legal_only_for_mover():
    deal = Deal.from_seed(Rules(), 9)
    view = deal.view(0)
    assert view.legal == 0 and deal.view(1).legal == deal.legal_mask()
    assert view.unseen & deal.hands[1] == deal.hands[1]
    data = view.to_dict()
    assert data["hand"] == [card_code(c) for c in deal.hand(0)] and data["trump"] in "SHDC"


def test_one_trick_json_in_both_shapes_and_hidden_draws_stay_hidden():
    from engine.core.view import trick_json

    deal = play_first_trick("face-down")
    seen_by_b = deal.view(0).tricks[0]
    assert trick_json(seen_by_b) == {
        "leader": 1,
        "cards": ["7C", "2H"],
        "winner": 0,
        "draws": [{"seat": 0, "card": "JH"}, {"seat": 1, "card": None}],
    }
    seated = trick_json(seen_by_b, number=1, players=2)
    assert list(seated) == ["number", "leader", "cards", "winner", "draws"]
    assert seated["cards"] == [{"seat": 1, "card": "7C"}, {"seat": 0, "card": "2H"}]
