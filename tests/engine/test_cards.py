import pytest

from engine import card_code, parse_card


@pytest.mark.parametrize("text", ["TH", "th", "10H", "10h", "10♥", "T♥", " th ", "10♥\ufe0f"])
def test_ten_of_hearts_spellings(text):
    assert card_code(parse_card(text)) == "TH"


def test_every_card_round_trips_and_is_distinct():
    codes = [card_code(card) for card in range(52)]
    assert len(set(codes)) == 52
    assert all(parse_card(code) == card for card, code in enumerate(codes))


def test_suit_symbols():
    assert [card_code(parse_card(f"A{s}")) for s in "♠♥♦♣"] == ["AS", "AH", "AD", "AC"]


def test_rank_order_within_suit_is_ace_high():
    order = [parse_card(f"{r}S") for r in "23456789TJQKA"]
    assert order == sorted(order)


@pytest.mark.parametrize("bad", ["", "1H", "11H", "TX", "H", "TT", None, 5, "10"])
def test_bad_card_text_names_the_problem(bad):
    with pytest.raises(ValueError, match="card"):
        parse_card(bad)


@pytest.mark.parametrize("bad", [-1, 52, True, "TH"])
def test_card_code_rejects_non_cards(bad):
    with pytest.raises(ValueError):
        card_code(bad)
