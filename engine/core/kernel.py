"""The one play kernel: a deal's play state as ints, changed by `play` and restored by `undo`.

Everything that plays cards goes through `PlayState`: the public `Deal` (which adds legality
errors, trick records and views on top), the AI's sampled worlds, the simulator's random
play-out and the endgame solver. So a card leaving a hand, the trick winner, the draws from the
stock and the end-of-deal points are each written once, here and in the rule tables it calls
(`legal_mask`, `trick_winner`/`beating_masks`, `DRAW_ORDER`, `deal_points`).

A hand and a seat's won cards are 52-bit masks (python-chess style), so copying a state is a
few list copies and `undo` needs no per-card history: a trick in progress is its own history,
and each completed trick keeps one small entry. Who played which card is read from those
entries when asked (`played`), so the trick step does no per-seat bookkeeping for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from engine.core.cards import FULL_DECK_MASK, JACK, RANK_OF, SUIT_MASK_OF, SUIT_MASKS, SUIT_OF, mask_of
from engine.core.legality import legal_mask
from engine.core.rules import Rules
from engine.core.scoring import deal_points
from engine.core.shuffle import deal_deck
from engine.core.tricks import DRAW_ORDER, beating_masks, trick_count, trick_winner

# One completed trick as the kernel remembers it: (leader, cards in play order, winner,
# stock position before the draws). The position tells `undo` which cards were drawn.
TrickEntry = tuple[int, tuple[int, ...], int, int]

_NEXT_SEAT = {players: tuple((seat + 1) % players for seat in range(players)) for players in (2, 3)}
_BIT = tuple(1 << card for card in range(52))
# Every card but one, by card (positive masks: `&` with a negative int is slower in CPython).
_ALL_BUT = tuple(FULL_DECK_MASK ^ (1 << card) for card in range(52))
# Tricks in a whole deal, by players: looked up once per state (a play-out builds one per deal).
_TRICKS = {players: trick_count(players) for players in (2, 3)}


class PlayState:
    """The state of one deal during play, all ints and lists of ints.

    `play` trusts that the card is legal (callers ask `legal()` first, or check as `Deal`
    does); `undo` takes back the last card, including the trick and draws it completed.
    `stock` is the stock from its first card (`pos` = cards already drawn), and `trump` is
    given explicitly because a sampled world's stock starts at the current top card.
    """

    __slots__ = (
        "beats",
        "dealer",
        "draw_order",
        "hands",
        "history",
        "jack_turned",
        "leader",
        "must_trump_when_void",
        "next_seat",
        "played_before",
        "players",
        "pos",
        "rules",
        "stock",
        "stock_end",
        "to_move",
        "total_tricks",
        "trick",
        "trump",
        "trump_mask",
        "trump_when_able",
        "won",
    )  # fmt: skip

    beats: tuple[int, ...]
    dealer: int
    draw_order: tuple[tuple[int, ...], ...]
    hands: list[int]
    history: list[TrickEntry]
    jack_turned: bool
    leader: int
    must_trump_when_void: bool
    next_seat: tuple[int, ...]
    played_before: list[int]
    players: int
    pos: int
    rules: Rules
    stock: Sequence[int]
    stock_end: int
    to_move: int
    total_tricks: int
    trick: list[int]
    trump: int
    trump_mask: int
    trump_when_able: bool
    won: list[int]

    def __init__(
        self, rules: Rules, trump: int, dealer: int, jack_turned: bool, hands: Sequence[int],
        stock: Sequence[int], *, won: Sequence[int] | None = None, played: Sequence[int] | None = None,
        leader: int | None = None, trick: Sequence[int] = (), tricks_done: int = 0,
    ) -> None:  # fmt: skip
        """A state at any point of play. Without `won`, `played`, `leader` and `trick` it is
        the start of the deal (the seat left of the dealer leads). `tricks_done` counts the
        tricks completed before this state (it decides when the deal is over)."""
        players = rules.players
        self.rules = rules
        self.players = players
        self.trump = trump
        self.trump_mask = SUIT_MASKS[trump]
        self.beats = beating_masks(trump)
        self.trump_when_able = rules.trump_when_able
        self.must_trump_when_void = rules.must_trump_when_void
        self.dealer = dealer
        self.jack_turned = jack_turned
        self.draw_order = DRAW_ORDER[players]
        self.next_seat = _NEXT_SEAT[players]
        self.stock = stock
        self.pos = 0
        # Draws stop when fewer cards than players are left (three players: one card stays out).
        self.stock_end = len(stock) - len(stock) % players
        self.hands = list(hands)
        self.won = list(won) if won is not None else [0] * players
        # Who played which card is kept only in the trick history and the current trick (see
        # `played`): the trick step, the hottest code of the engine, has no per-seat bookkeeping.
        self.played_before = list(played) if played is not None else [0] * players
        self.leader = (dealer + 1) % players if leader is None else leader
        self.trick = list(trick)
        self.to_move = (self.leader + len(self.trick)) % players
        self.history = []
        self.total_tricks = _TRICKS[players] - tricks_done

    @classmethod
    def start(cls, rules: Rules, hands: Sequence[int], stock: Sequence[int], dealer: int) -> PlayState:
        """The start of a deal: trumps are the suit of the stock's turned-up top card, and under
        the `turned_jack` house rule a turned-up jack scores for the dealer."""
        top = stock[0]
        return cls(rules, SUIT_OF[top], dealer, rules.turned_jack and RANK_OF[top] == JACK, hands, stock)

    @classmethod
    def from_deck(cls, rules: Rules, deck: Sequence[int], dealer: int) -> PlayState:
        """The start of the deal dealt from a shuffled deck (`shuffle.deal_deck`)."""
        hands, stock = deal_deck(deck, rules.players, dealer)
        return cls.start(rules, [mask_of(hand) for hand in hands], stock, dealer)

    def copy(self) -> Self:
        """An independent state (undo history included); the same class as `self`."""
        other = object.__new__(type(self))
        for name in PlayState.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = self.hands[:]
        other.won = self.won[:]
        other.trick = self.trick[:]
        other.history = self.history[:]
        return other

    # ----- queries ------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return len(self.history) == self.total_tricks

    @property
    def led_mask(self) -> int:
        """The whole suit of the card led to the current trick, 0 before the lead."""
        return SUIT_MASK_OF[self.trick[0]] if self.trick else 0

    @property
    def played(self) -> list[int]:
        """Per seat, the mask of the cards it has played so far, the current trick included
        (made from the trick history on request)."""
        played = self.played_before[:]
        next_seat = self.next_seat
        for leader, cards, _winner, _pos in self.history:
            seat = leader
            for card in cards:
                played[seat] |= 1 << card
                seat = next_seat[seat]
        seat = self.leader
        for card in self.trick:
            played[seat] |= 1 << card
            seat = next_seat[seat]
        # A card taken back by `undo` is in its hand again, even one played before this state began.
        for seat, hand in enumerate(self.hands):
            played[seat] &= ~hand
        return played

    @property
    def gone(self) -> int:
        """Every card played so far, the current trick included: the cards played before this
        state began, every completed trick (all in someone's won cards) and the current trick."""
        gone = 0
        for mask in self.played_before:
            gone |= mask
        for mask in self.won:
            gone |= mask
        for card in self.trick:
            gone |= 1 << card
        for hand in self.hands:  # taken back by `undo`, even from before this state began
            gone &= ~hand
        return gone

    def legal(self) -> int:
        """Mask of the cards the seat to move may play (0 once the deal is over)."""
        if self.is_over:
            return 0
        return legal_mask(
            self.hands[self.to_move], self.led_mask, self.trump_mask, self.trump_when_able,
            self.must_trump_when_void,
        )  # fmt: skip

    def top(self) -> int | None:
        """The stock card the next trick's winner will draw, None when no more draws come."""
        return self.stock[self.pos] if self.pos < self.stock_end else None

    def points(self) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
        """(point seats, card values) of the deal as played so far (final once it is over)."""
        # Who played which card matters only when Low goes to the holder of the lowest trump.
        played = self.played if self.rules.low == "holder" else None
        return deal_points(self.rules, self.trump, self.dealer, self.won, played, self.jack_turned)

    # ----- play and undo ------------------------------------------------------------------------

    def play(self, card: int) -> int:
        """Play `card` (assumed legal) for the seat to move.

        Returns the winner's seat if this card completed a trick (after the draws), else -1.
        The card that completes a trick hands the whole trick to `play_trick`, the one trick step.
        """
        trick = self.trick
        if len(trick) + 1 < self.players:
            seat = self.to_move
            self.hands[seat] ^= 1 << card
            trick.append(card)
            self.to_move = self.next_seat[seat]
            return -1
        # The whole trick goes to `play_trick` (taking the earlier cards again changes nothing).
        cards = (*trick, card)
        trick.clear()
        return self.play_trick(cards)

    def play_trick(self, cards: tuple[int, ...]) -> int:
        """Play a whole trick from its start: `cards` in play order from the leader, each assumed
        legal when its turn comes (a card's legality depends only on its player's hand and the
        lead). Takes the cards from the hands (cards already taken by `play` stay taken), gives
        the trick to its winner, makes the draws (the winner first) and returns the winner, who
        leads next.

        This is the kernel's one trick step: `play` calls it with the card completing a trick,
        and the random play-out calls it directly, one call per trick.
        """
        hands = self.hands
        leader = self.leader
        pos = self.pos
        if self.players == 2:
            lead, follow = cards
            other = leader ^ 1
            lead_hand = hands[leader] & _ALL_BUT[lead]
            follow_hand = hands[other] & _ALL_BUT[follow]
            # `beats` is built from trick_winner: the follower wins when its card beats the lead.
            follower_wins = self.beats[lead] >> follow & 1
            winner = other if follower_wins else leader
            self.won[winner] |= _BIT[lead] | _BIT[follow]
            self.history.append((leader, cards, winner, pos))
            self.leader = self.to_move = winner
            if pos < self.stock_end:
                # One card each, the winner first (DRAW_ORDER), unrolled: this is the hot path.
                stock = self.stock
                if follower_wins:
                    follow_hand |= _BIT[stock[pos]]
                    lead_hand |= _BIT[stock[pos + 1]]
                else:
                    lead_hand |= _BIT[stock[pos]]
                    follow_hand |= _BIT[stock[pos + 1]]
                self.pos = pos + 2
            hands[leader] = lead_hand
            hands[other] = follow_hand
            return winner
        taken = 0
        seat = leader
        next_seat = self.next_seat
        for card in cards:
            hands[seat] &= _ALL_BUT[card]
            taken |= 1 << card
            seat = next_seat[seat]
        winner = (leader + trick_winner(cards, self.trump)) % self.players
        self.won[winner] |= taken
        self.history.append((leader, cards, winner, pos))
        self.leader = self.to_move = winner
        if pos < self.stock_end:
            stock = self.stock
            for offset, drawer in enumerate(self.draw_order[winner]):
                hands[drawer] |= 1 << stock[pos + offset]
            self.pos = pos + self.players
        return winner

    def undo(self) -> int:
        """Take back the last card played (and the trick completion and draws it caused)."""
        trick = self.trick
        if trick:
            card = trick.pop()
            seat = (self.leader + len(trick)) % self.players
        else:
            if not self.history:
                raise ValueError("nothing to undo: no card has been played")
            leader, cards, winner, pos = self.history.pop()
            hands = self.hands
            if pos != self.pos:
                for offset, drawer in enumerate(self.draw_order[winner]):
                    hands[drawer] ^= 1 << self.stock[pos + offset]
                self.pos = pos
            taken = 0
            for trick_card in cards:
                taken |= 1 << trick_card
            self.won[winner] ^= taken
            trick.extend(cards[:-1])
            card = cards[-1]
            self.leader = leader
            seat = (leader + len(trick)) % self.players
        self.hands[seat] |= 1 << card
        self.to_move = seat
        return card
