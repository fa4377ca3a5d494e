"""A worked example's deal replayed for its pages: the engine's result and every state shown.

`replay(record, narrator)` plays the record through the engine's one record reader and keeps,
before each play, what the page shows: the hands (as the narrator may see them), the trick so
far, the stock's top card and count, and the legal cards. Everything an annotation says that the
engine knows comes from here: the replay result (engine.core.record.replay), the states and the
end-of-deal reasons (Deal.result()).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from engine.core.cards import card_code, parse_card
from engine.core.deal import Deal
from engine.core.errors import IllegalPlay
from engine.core.facts import facts
from engine.core.record import read_record
from engine.core.record import replay as engine_replay
from engine.core.rules import Rules
from engine.core.scoring import count_out_steps

Json = dict[str, Any]
SEAT_LETTERS = "ABC"
POINTS = ("high", "low", "jack", "game", "nine")
ALL_HANDS = "all"  # the narrator who sees every hand
SUIT_ORDER = "SHDC"
RANK_ORDER = "23456789TJQKA"


@dataclass
class State:
    """What the page shows before a play: every seat's hand, the trick so far, the stock."""

    hands: list[list[str | None]]  # the narrator's view: None for a card the narrator cannot see
    trick: list[str]
    leader: int
    to_move: int | None
    stock_top: str | None
    stock_count: int
    legal: list[str]


@dataclass
class Replay:
    record: Json
    rules: Rules
    players: int
    narrator: int | str
    result: Json  # engine.core.record.replay(record)
    states: list[State]  # states[i] = before plays[i]; states[len(plays)] = after the last play
    tricks: list[Json]  # the complete tricks of result["tricks"], each with its "number"
    won: list[list[str]] = field(default_factory=list)
    reasons: list[Json] | None = None
    trump_card: str = ""
    stock: list[str] = field(default_factory=list)

    @property
    def plays(self) -> list[str]:
        return [str(card) for card in self.record.get("plays", [])]

    @property
    def complete(self) -> bool:
        return bool(self.result.get("complete"))

    @property
    def accepted(self) -> int:
        """How many plays the engine accepted (all of them unless it refused one)."""
        return len(self.states) - 1

    @property
    def scores_before(self) -> list[int]:
        return list(self.record.get("scores_before") or [0] * self.players)

    def seat_of_play(self, index: int) -> int:
        trick_number, position = divmod(index, self.players)
        if trick_number < len(self.tricks):
            leader = int(self.tricks[trick_number]["leader"])
        else:
            leader = self.states[trick_number * self.players].leader
        return (leader + position) % self.players

    def draw_hidden(self, number: int, index: int) -> bool:
        """Whether the narrator cannot see draw `index` after trick `number`: with a face-down
        stock only the drawer sees a draw, except the first after trick 1 (the trump card)."""
        if self.narrator == ALL_HANDS or self.rules.stock != "hidden":
            return False
        draw = self.tricks[number - 1]["draws"][index]
        return bool(draw["seat"] != self.narrator and not (number == 1 and index == 0))

    def refusal(self, index: int, card: str) -> IllegalPlay | None:
        """The engine's refusal of `card` as play `index` (None if it is legal there): its
        code, and its catalogue key and suits for the words."""
        deal = position_at(self.record, index)
        try:
            deal.play(card)
        except IllegalPlay as refused:
            return refused
        return None

    def count_out(self) -> list[tuple[str, int, list[int]]]:
        """(point, seat, scores after it) in count-out order, up to the point that wins the
        match, as the engine counts it (engine.core.scoring.count_out_steps)."""
        seats = tuple(self.result["points"].get(point) for point in POINTS)
        # The engine's own reason for Jack says whether it was scored as the deal started.
        jack_turned = any(
            reason["point"] == "jack" and "turned" in (reason.get("flags") or ())
            for reason in self.reasons or []
        )
        steps, winner, _ = count_out_steps(seats, self.scores_before, self.rules.target, jack_turned)
        if winner != self.result.get("winner"):
            raise ValueError(
                f"count-out winner {winner} differs from the replay's {self.result.get('winner')}"
            )
        return [(point, seat, list(scores)) for point, seat, scores in steps]


def position_at(record: Json, index: int) -> Deal:
    """The deal of a record before its play `index` (the plays before it must be legal)."""
    read = read_record(record)
    deal = read.deal
    for played in read.plays[:index]:
        deal.play(played)
    return deal


def _sorted_hand(codes: list[str]) -> list[str]:
    return sorted(codes, key=lambda c: (SUIT_ORDER.index(c[1]), -RANK_ORDER.index(c[0])))


def _codes(cards: Any) -> list[str]:
    return [card_code(card) for card in cards]


def _cards_of_mask(mask: int) -> list[int]:
    return [card for card in range(52) if mask >> card & 1]


def replay(record: Json, narrator: int | str = ALL_HANDS) -> Replay:
    """Replay a deal record through the engine, keeping each state for the page.

    A bad record raises engine.core.record.RecordError (the one record reader's error)."""
    record = copy.deepcopy(record)
    result = engine_replay(copy.deepcopy(record))
    read = read_record(record)
    deal, rules = read.deal, read.deal.rules
    players = rules.players
    stock = _codes(deal.stock)

    def snapshot() -> State:
        hands: list[list[str | None]]
        if narrator == ALL_HANDS:
            hands = [list(_sorted_hand(_codes(deal.hand(seat)))) for seat in range(players)]
            top = deal.stock_top
            stock_top = None if top is None else card_code(top)
            count = deal.stock_remaining
        else:
            view = deal.view(int(narrator)).to_dict()
            hands = []
            for seat in range(players):
                known = view["hand"] if seat == narrator else view["known"][seat]
                hidden = view["hand_sizes"][seat] - len(known)
                hands.append([*_sorted_hand(list(known)), *([None] * hidden)])
            shown = view["stock_top"]
            stock_top = None if shown is None else card_code(parse_card(shown))
            count = view["stock_count"]
        return State(
            hands=hands,
            trick=_codes(deal.current_trick),
            leader=deal.leader,
            to_move=deal.to_move,
            stock_top=stock_top,
            stock_count=count,
            legal=_codes(deal.legal_plays()),
        )

    states: list[State] = []
    for card in read.plays:
        states.append(snapshot())
        try:
            deal.play(card)
        except (IllegalPlay, ValueError):
            break
    states.append(snapshot())
    # Complete tricks only: the engine also lists a trick in progress (winner null).
    tricks = [
        dict(trick, number=number)
        for number, trick in enumerate(result.get("tricks") or [], 1)
        if trick.get("winner") is not None
    ]
    return Replay(
        record=record,
        rules=rules,
        players=players,
        narrator=narrator,
        result=result,
        states=states,
        tricks=tricks,
        won=[_codes(_cards_of_mask(mask)) for mask in deal.won],
        reasons=[reason.to_dict() for reason in deal.result().reasons] if deal.is_over else None,
        trump_card=card_code(deal.trump_card),
        stock=stock,
    )


_VALUE_FACTS = {"T": "value_ten", "A": "value_ace", "K": "value_king", "Q": "value_queen", "J": "value_jack"}


def value_of(code: str) -> int:
    """The Game-point value of a card, from the engine's facts() (RULES.md §1)."""
    key = _VALUE_FACTS.get(card_code(parse_card(code))[0])
    return int(facts()[key]) if key else 0


def value_cards(rep: Replay, seat: int) -> list[str]:
    """The cards with card value that `seat` won, highest value first."""
    cards = [code for code in rep.won[seat] if value_of(code) > 0]
    order = "TAKQJ"
    return sorted(cards, key=lambda c: (order.index(c[0]), SUIT_ORDER.index(c[1])))


def state_after(rep: Replay, kind: str, index: int) -> State:
    """The state right after an anchor (kind, index): what {stock.top} and {stock.count} see."""
    if kind == "start":
        return rep.states[0]
    if kind == "play":
        return rep.states[min(index + 1, len(rep.states) - 1)]
    if kind in ("trick", "draws"):
        return rep.states[min(index * rep.players, len(rep.states) - 1)]
    return rep.states[-1]
