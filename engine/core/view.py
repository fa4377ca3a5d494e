"""What one player may know about a deal (an OpenSpiel-style observation), as a frozen value."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.boundary import echo
from engine.core.cards import SUITS, card_code, cards_of, codes_of
from engine.core.history import DealState, Draw, Trick
from engine.core.rules import Rules


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's knowledge. Masks are 52-bit card sets; hidden cards never appear in it.

    `known[s]` is the set of cards the viewer knows to be in seat s's hand (its own whole hand,
    and for others the cards seen drawn and not yet played). `unseen` is every card whose place
    the viewer cannot see: in other hands unknown to it, or in the stock below the visible top.
    """

    seat: int
    rules: Rules
    dealer: int
    trump: int
    trump_card: int
    to_move: int | None
    leader: int
    hand: int
    legal: int
    current_trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[int, ...]
    won: tuple[int, ...]
    stock_count: int
    stock_top: int | None
    unseen: int
    jack_turned: bool

    def legal_plays(self) -> tuple[int, ...]:
        return cards_of(self.legal)

    @property
    def stock_out_of_play(self) -> bool:
        """The stock holds fewer cards than a round of drawing takes, so none of them is ever
        drawn: with three players the last card stays there (RULES.md §3, §6.16)."""
        return 0 < self.stock_count < len(self.hand_sizes)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form with card codes, for the UI."""
        return {
            "seat": self.seat,
            "dealer": self.dealer,
            "trump": SUITS[self.trump],
            "trump_card": card_code(self.trump_card),
            "to_move": self.to_move,
            "leader": self.leader,
            "hand": codes_of(self.hand),
            "legal": codes_of(self.legal),
            "current_trick": [card_code(card) for card in self.current_trick],
            "tricks": [trick_json(trick) for trick in self.tricks],
            "hand_sizes": list(self.hand_sizes),
            "known": [codes_of(mask) for mask in self.known],
            "won": [codes_of(mask) for mask in self.won],
            "stock_count": self.stock_count,
            "stock_top": None if self.stock_top is None else card_code(self.stock_top),
            "jack_turned": self.jack_turned,
        }


def trick_json(trick: Trick, *, number: int | None = None, players: int | None = None) -> dict[str, Any]:
    """The one JSON form of a completed trick, as given (a view's tricks hide unseen draws).

    `{"leader", "cards": ["7C", ...], "winner", "draws": [{"seat", "card"}]}`, a hidden draw
    with card null. With `players`, each card is `{"seat", "card"}` (the stepper and the
    practice page need the seat); with `number`, the 1-based trick number is added first.
    """
    cards: list[Any] = [card_code(card) for card in trick.cards]
    if players is not None:
        cards = [{"seat": trick.seat_of(index, players), "card": code} for index, code in enumerate(cards)]
    shown: dict[str, Any] = {} if number is None else {"number": number}
    shown.update(
        leader=trick.leader,
        cards=cards,
        winner=trick.winner,
        draws=[{"seat": d.seat, "card": None if d.card is None else card_code(d.card)} for d in trick.draws],
    )
    return shown


def view_of(deal: DealState, seat: int) -> PlayerView:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < deal.players:
        raise ValueError(f"seat must be 0..{deal.players - 1}, got {echo(seat)}")
    hidden = deal.rules.stock == "hidden"
    tricks = deal.tricks
    if hidden:
        # The one place hidden draws are filtered. Face-down stock: only the drawer sees a draw,
        # except the first one, which is the turned-up trump card every player saw.
        shown = []
        for number, trick in enumerate(tricks):
            draws = tuple(
                d if d.seat == seat or (number == 0 and index == 0) else Draw(d.seat, None)
                for index, d in enumerate(trick.draws)
            )
            shown.append(
                trick if draws == trick.draws else Trick(trick.leader, trick.cards, trick.winner, draws)
            )
        tricks = tuple(shown)
    played = 0
    for mask in deal.played:
        played |= mask
    known = []
    for other in range(deal.players):
        if other == seat:
            known.append(deal.hands[seat])
            continue
        drawn = 0
        for trick in tricks:
            for draw in trick.draws:
                if draw.seat == other and draw.card is not None:
                    drawn |= 1 << draw.card
        known.append(drawn & ~played)
    stock_top = deal.stock_top
    if hidden and tricks:
        stock_top = None  # After the first draw the stock is face down.
    visible = played
    for mask in known:
        visible |= mask
    if stock_top is not None:
        visible |= 1 << stock_top
    return PlayerView(
        seat=seat,
        rules=deal.rules,
        dealer=deal.dealer,
        trump=deal.trump,
        trump_card=deal.trump_card,
        to_move=deal.to_move,
        leader=deal.leader,
        hand=deal.hands[seat],
        legal=deal.legal_mask() if deal.to_move == seat else 0,
        current_trick=deal.current_trick,
        tricks=tricks,
        hand_sizes=tuple(mask.bit_count() for mask in deal.hands),
        known=tuple(known),
        won=deal.won,
        stock_count=deal.stock_remaining,
        stock_top=stock_top,
        unseen=((1 << 52) - 1) & ~visible,
        jack_turned=deal.jack_turned,
    )
