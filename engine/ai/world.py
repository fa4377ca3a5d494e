"""What a bot may infer from its view, sampled worlds consistent with it, and fast play-outs.

A world is a full deal state built from a PlayerView plus a guess for every unseen card. The
guesses respect everything the view shows: the cards seen drawn, and the voids a player showed
by not following the led suit (and, where trumping is compulsory, by not trumping).
"""

from __future__ import annotations

import random

from ..cards import SUIT_MASK_OF, SUIT_MASKS, cards_of
from ..legality import legal_mask
from ..scoring import deal_points
from ..tricks import DRAW_ORDER, trick_winner
from .heuristic import heuristic_card


def played_by_seat(view) -> list[int]:
    players = view.rules.players
    played = [0] * players
    for trick in view.tricks:
        for index, card in enumerate(trick.cards):
            played[(trick.leader + index) % players] |= 1 << card
    for index, card in enumerate(view.current_trick):
        played[(view.leader + index) % players] |= 1 << card
    return played


def excludedcards_of(view) -> list[int]:
    """Per seat, cards its unknown hand cards cannot be, from the voids it showed.

    A void shown at some trick constrains the cards held then. With the open stock every later
    draw is seen, so the unknown cards were all held then; with a hidden stock a void is only
    used while that player has drawn no card unseen since.
    """
    rules = view.rules
    players = rules.players
    trump_mask = SUIT_MASKS[view.trump]
    excluded = [0] * players
    hidden_draws_after = [0] * players  # reset per void as we walk forward
    events: list[tuple[int, int]] = []  # (seat, void mask) in order; an unseen draw is mask -1
    sequence = [(t.leader, t.cards, t.draws) for t in view.tricks]
    sequence.append((view.leader, view.current_trick, ()))
    for leader, cards, draws in sequence:
        if cards:
            led_mask = SUIT_MASK_OF[cards[0]]
            for index in range(1, len(cards)):
                seat = (leader + index) % players
                card = cards[index]
                if led_mask >> card & 1:
                    continue
                if trump_mask >> card & 1:
                    # Trumped a plain lead: a void only where following suit was compulsory.
                    if not rules.trump_when_able:
                        events.append((seat, led_mask))
                    continue
                void = led_mask
                if led_mask != trump_mask and rules.must_trump_when_void:
                    void |= trump_mask
                events.append((seat, void))
        for draw in draws:
            if draw.card is None:
                events.append((draw.seat, -1))
    for seat, mask in reversed(events):
        if mask == -1:
            hidden_draws_after[seat] += 1
        elif not hidden_draws_after[seat]:
            excluded[seat] |= mask
    excluded[view.seat] = 0
    return excluded


class World:
    """A complete deal state (all ints), played on in place by `play` and `rollout`."""

    __slots__ = (
        "dealer",
        "gone",
        "hands",
        "jack_turned",
        "leader",
        "played",
        "players",
        "pos",
        "rules",
        "stock",
        "trick",
        "trump",
        "trump_mask",
        "won",
    )  # fmt: skip

    def copy(self) -> World:
        other = object.__new__(World)
        for name in World.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = self.hands[:]
        other.won = self.won[:]
        other.played = self.played[:]
        other.trick = self.trick[:]
        return other

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    def top(self) -> int | None:
        return self.stock[self.pos] if len(self.stock) - self.pos >= self.players else None

    def legal(self) -> int:
        rules = self.rules
        led = SUIT_MASK_OF[self.trick[0]] if self.trick else 0
        return legal_mask(
            self.hands[self.to_move], led, self.trump_mask, rules.trump_when_able, rules.must_trump_when_void
        )

    def play(self, card: int) -> None:
        seat = self.to_move
        bit = 1 << card
        self.hands[seat] ^= bit
        self.played[seat] |= bit
        self.gone |= bit
        trick = self.trick
        trick.append(card)
        players = self.players
        if len(trick) < players:
            return
        winner = (self.leader + trick_winner(trick, self.trump)) % players
        for played_card in trick:
            self.won[winner] |= 1 << played_card
        if len(self.stock) - self.pos >= players:
            for drawer in DRAW_ORDER[players][winner]:
                self.hands[drawer] |= 1 << self.stock[self.pos]
                self.pos += 1
        trick.clear()
        self.leader = winner

    def points(self) -> tuple:
        seats, _ = deal_points(self.rules, self.trump, self.dealer, self.won, self.played, self.jack_turned)
        return seats

    def rollout(self) -> tuple:
        """Play to the end with the heuristic for every seat; returns the point seats."""
        nine = self.rules.nine_point
        while self.hands[self.to_move]:
            seat = self.to_move
            self.play(
                heuristic_card(
                    self.hands[seat],
                    self.legal(),
                    self.trick,
                    self.trump,
                    self.top(),
                    self.gone,
                    nine,
                    self.players,
                )
            )
        return self.points()


def sample_world(view, rng: random.Random) -> World:
    """One world consistent with `view`: unseen cards dealt to the unknown hand slots (avoiding
    shown voids) and the rest of the stock, in random order."""
    players = view.rules.players
    unseen = list(cards_of(view.unseen))
    rng.shuffle(unseen)
    excluded = excludedcards_of(view)
    hands = list(view.known)
    hands[view.seat] = view.hand
    need = [view.hand_sizes[s] - view.known[s].bit_count() for s in range(players)]
    need[view.seat] = 0
    # Most constrained seats first; a card a seat may not hold is left for others or the stock.
    order = sorted((s for s in range(players) if need[s]), key=lambda s: -excluded[s].bit_count())
    for _attempt in range(20):
        pool = unseen[:]
        filled = list(hands)
        ok = True
        for seat in order:
            allowed = [c for c in pool if not excluded[seat] >> c & 1]
            if len(allowed) < need[seat]:
                ok = False
                break
            taken = allowed[: need[seat]]
            for card in taken:
                filled[seat] |= 1 << card
            chosen = set(taken)
            pool = [c for c in pool if c not in chosen]
        if ok:
            break
        rng.shuffle(unseen)
        excluded = [0] * players  # constraints could not be met: drop them
    else:  # pragma: no cover - the last attempt has no constraints
        raise RuntimeError("no consistent world")
    world = object.__new__(World)
    world.rules = view.rules
    world.players = players
    world.dealer = view.dealer
    world.trump = view.trump
    world.trump_mask = SUIT_MASKS[view.trump]
    world.jack_turned = view.jack_turned
    world.hands = filled
    world.won = list(view.won)
    world.played = played_by_seat(view)
    world.gone = 0
    for mask in world.played:
        world.gone |= mask
    world.leader = view.leader
    world.trick = list(view.current_trick)
    stock: list[int] = []
    if view.stock_count:
        rest = pool
        stock = [view.stock_top, *rest] if view.stock_top is not None else rest
    world.stock = stock
    world.pos = 0
    return world
