"""One deal as a mutable state with play/undo, on the int play kernel (engine.kernel)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core.boundary import echo
from engine.core.cards import SUIT_OF, SUITS, card_code, cards_of, mask_of, parse_card
from engine.core.errors import IllegalPlay, SetupError
from engine.core.history import Draw, Trick
from engine.core.kernel import PlayState
from engine.core.legality import DEAL_OVER, MUST_FOLLOW_SUIT, refusal
from engine.core.outcome import DealResult, deal_result
from engine.core.rules import Rules
from engine.core.shuffle import deal_deck, seeded_rng, shuffled_deck
from engine.core.tricks import HAND_SIZE, stock_size
from engine.core.view import PlayerView, view_of


class Deal:
    """The state of one deal. Mutated by `play` and restored exactly by `undo`.

    The cards move in the play kernel (`engine.kernel.PlayState`); a Deal adds what a reader
    of the deal needs on top: legality checked with a reason, the completed tricks with their
    draws, the plays in order, and the views and result.
    """

    __slots__ = (
        "_plays",
        "_state",
        "_tricks",
        "dealer",
        "initial_hands",
        "jack_turned",
        "players",
        "rules",
        "stock",
        "trump",
        "trump_card",
    )  # fmt: skip

    def __init__(self, rules: Rules, hands: list[int], stock: tuple[int, ...], dealer: int):
        """Use from_seed or from_cards; this trusts its arguments."""
        self.rules = rules
        self.players = rules.players
        self.dealer = dealer
        self.stock = stock
        self.trump_card = stock[0]
        self.initial_hands = tuple(hands)
        self._state = PlayState.start(rules, hands, stock, dealer)
        self.trump = self._state.trump
        # House rule: a turned-up jack of trumps scores for the dealer before any card is played.
        self.jack_turned = self._state.jack_turned
        self._tricks: list[Trick] = []
        self._plays: list[int] = []

    # ----- construction -------------------------------------------------------------------------

    @classmethod
    def from_seed(cls, rules: Rules | str | dict[str, Any] | None, seed: int, dealer: int = 0) -> Deal:
        rules = Rules.from_spec(rules)
        _check_dealer(dealer, rules.players)
        try:
            rng = seeded_rng(seed)
        except ValueError as error:
            raise SetupError("seed", str(error)) from None
        hands, stock = deal_deck(shuffled_deck(rng), rules.players, dealer)
        return cls(rules, [mask_of(hand) for hand in hands], stock, dealer)

    @classmethod
    def from_cards(
        cls, rules: Rules | str | dict[str, Any] | None, hands: Any, stock: Any, dealer: int
    ) -> Deal:
        """Hands in seat order and the stock top card first; cards as ints or codes."""
        rules = Rules.from_spec(rules)
        players = rules.players
        _check_dealer(dealer, players)
        seen: dict[int, str] = {}

        def take(field: str, value: Any) -> int:
            try:
                card = value if type(value) is int and 0 <= value < 52 else parse_card(value)
            except ValueError as error:
                raise SetupError(field, str(error)) from None
            if card in seen:
                raise SetupError(field, f"{card_code(card)} is already in {seen[card]}")
            seen[card] = field
            return card

        if not isinstance(hands, (list, tuple)) or len(hands) != players:
            raise SetupError("hands", f"expected a list of {players} hands (one per seat)")
        masks = []
        for seat, hand in enumerate(hands):
            if not isinstance(hand, (list, tuple)) or len(hand) != HAND_SIZE:
                raise SetupError(f"hands[{seat}]", f"expected a list of {HAND_SIZE} cards")
            masks.append(mask_of(take(f"hands[{seat}][{i}]", card) for i, card in enumerate(hand)))
        size = stock_size(players)
        if not isinstance(stock, (list, tuple)) or len(stock) != size:
            raise SetupError("stock", f"expected a list of {size} cards (top card first)")
        stock_cards = tuple(take(f"stock[{i}]", card) for i, card in enumerate(stock))
        return cls(rules, masks, stock_cards, dealer)

    def copy(self) -> Deal:
        """An independent deal in the same state (undo history included); no deep copy needed."""
        other = object.__new__(Deal)
        for name in Deal.__slots__:
            setattr(other, name, getattr(self, name))
        other._state = self._state.copy()
        other._tricks = self._tricks[:]
        other._plays = self._plays[:]
        return other

    # ----- queries ------------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self._state.is_over else self._state.to_move

    @property
    def leader(self) -> int:
        return self._state.leader

    @property
    def is_over(self) -> bool:
        return self._state.is_over

    @property
    def hands(self) -> tuple[int, ...]:
        return tuple(self._state.hands)

    def hand(self, seat: int) -> tuple[int, ...]:
        return cards_of(self._state.hands[seat])

    @property
    def won(self) -> tuple[int, ...]:
        return tuple(self._state.won)

    @property
    def played(self) -> tuple[int, ...]:
        """Per seat, the mask of cards that seat has played (it held them: `low: holder`)."""
        return tuple(self._state.played)

    @property
    def plays(self) -> tuple[int, ...]:
        return tuple(self._plays)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return tuple(self._tricks)

    @property
    def current_trick(self) -> tuple[int, ...]:
        return tuple(self._state.trick)

    @property
    def stock_remaining(self) -> int:
        return len(self.stock) - self._state.pos

    @property
    def stock_top(self) -> int | None:
        """The face-up top card of the stock, None once it is empty (or below one card for
        each player, when what is left is out of play but still shown)."""
        position = self._state.pos
        return self.stock[position] if position < len(self.stock) else None

    def legal_mask(self) -> int:
        return self._state.legal()

    def legal_plays(self) -> Iterator[int]:
        """Lazily yields the legal cards, lowest int first."""
        mask = self._state.legal()
        while mask:
            low = mask & -mask
            yield low.bit_length() - 1
            mask ^= low

    def is_legal(self, card: int) -> bool:
        return bool(self._state.legal() >> card & 1)

    def state_key(self) -> tuple[Any, ...]:
        """Everything that changes during play, as a hashable tuple (for tests, caches, bots)."""
        state = self._state
        return (
            tuple(state.hands), tuple(state.won), tuple(state.played), state.pos, state.leader,
            self.to_move, tuple(state.trick), tuple(self._tricks), tuple(self._plays), len(state.history),
        )  # fmt: skip

    # ----- play and undo ------------------------------------------------------------------------

    def check(self, card: int) -> None:
        """Raise IllegalPlay if `card` may not be played now; change nothing."""
        trump_letter = SUITS[self.trump]
        state = self._state
        if state.is_over:
            raise IllegalPlay(DEAL_OVER, None, _code_or_none(card), None, trump_letter)
        seat = state.to_move
        code = refusal(
            state.hands[seat], card, state.led_mask, state.trump_mask, state.trump_when_able,
            state.must_trump_when_void,
        )  # fmt: skip
        if code is not None:
            trick = state.trick
            led = SUITS[SUIT_OF[trick[0]]] if trick else None
            key = None
            if code == MUST_FOLLOW_SUIT:
                if led == trump_letter:
                    key = "errors.must_follow_trump"
                elif not state.hands[seat] & state.trump_mask:
                    # No trump in hand: say so, or "you must follow suit" reads as a ban on
                    # trumping that a learner later sees lifted.
                    key = "errors.must_follow_suit_no_trump"
                elif not self.rules.trump_when_able:
                    # The stricter variant: following is the only way out, trump in hand or not.
                    key = "errors.must_follow_suit_only"
            raise IllegalPlay(code, seat, card_code(card), led, trump_letter, key)

    def play(self, card: int | str) -> Trick | None:
        """Play `card` for the seat to move. Returns the Trick if this card completed one.

        An illegal card raises IllegalPlay before anything is changed.
        """
        if type(card) is not int:
            card = parse_card(card)  # type: ignore[arg-type]
        elif not 0 <= card < 52:
            raise ValueError(f"not a card int (0..51): {echo(card)}")
        self.check(card)
        state = self._state
        self._plays.append(card)
        if state.play(card) < 0:
            return None
        leader, cards, winner, position = state.history[-1]
        stock = self.stock
        draws = tuple(
            Draw(drawer, stock[position + offset]) for offset, drawer in enumerate(state.draw_order[winner])
        ) if state.pos != position else ()  # fmt: skip
        finished = Trick(leader, tuple(cards), winner, draws)
        self._tricks.append(finished)
        return finished

    def undo(self) -> int:
        """Take back the last play (and the trick completion and draws it caused)."""
        if not self._plays:
            raise ValueError("nothing to undo: no card has been played")
        card = self._state.undo()
        self._plays.pop()
        if len(self._tricks) > len(self._state.history):
            self._tricks.pop()
        return card

    # ----- per-player view and result -----------------------------------------------------------

    def view(self, seat: int) -> PlayerView:
        return view_of(self, seat)

    def result(self) -> DealResult:
        return deal_result(self)

    def __repr__(self) -> str:
        return (
            f"Deal(players={self.players}, dealer={self.dealer}, trump={SUITS[self.trump]}, "
            f"tricks={len(self._tricks)}, to_move={self.to_move})"
        )


def _code_or_none(card: object) -> str | None:
    try:
        return card_code(card)  # type: ignore[arg-type]  # card_code rejects non-ints itself
    except ValueError:
        return None


def _check_dealer(dealer: object, players: int) -> None:
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise SetupError("dealer", f"expected a seat number 0..{players - 1}, got {echo(dealer)}")
