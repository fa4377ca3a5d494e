"""What a bot may infer from its view, sampled worlds consistent with it, and fast play-outs.

A world is a full deal state (the play kernel's `PlayState`) built from a PlayerView plus a
guess for every unseen card. The guesses respect everything the view shows: the cards seen
drawn, and the voids a player showed by not following the led suit (and, where trumping is
compulsory, by not trumping).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engine.ai.heuristic import heuristic_card
from engine.core.cards import SUIT_MASK_OF, SUIT_MASKS, cards_of
from engine.core.kernel import PlayState

if TYPE_CHECKING:
    from engine.core.view import PlayerView


def played_by_seat(view: PlayerView) -> list[int]:
    players = view.rules.players
    played = [0] * players
    for trick in view.tricks:
        for index, card in enumerate(trick.cards):
            played[(trick.leader + index) % players] |= 1 << card
    for index, card in enumerate(view.current_trick):
        played[(view.leader + index) % players] |= 1 << card
    return played


def excludedcards_of(view: PlayerView) -> list[int]:
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


class World(PlayState):
    """A complete deal state guessed from a view: the play kernel's state plus a rollout."""

    __slots__ = ()

    def rollout(self) -> tuple[int | None, ...]:
        """Play to the end with the heuristic for every seat; returns the point seats."""
        nine = self.rules.nine_point
        players = self.players
        hands = self.hands
        trump = self.trump
        while not self.is_over:
            seat = self.to_move
            card = heuristic_card(
                hands[seat], self.legal(), self.trick, trump, self.top(), self.gone, nine, players
            )
            self.play(card)
        return self.points()[0]


def sample_world(view: PlayerView, rng: random.Random) -> World:
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
    stock: list[int] = []
    if view.stock_count:
        stock = [view.stock_top, *pool] if view.stock_top is not None else pool
    return World(
        view.rules, view.trump, view.dealer, view.jack_turned, filled, stock, won=view.won,
        played=played_by_seat(view), leader=view.leader, trick=view.current_trick,
        tricks_done=len(view.tricks),
    )  # fmt: skip
