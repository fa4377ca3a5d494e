"""One deal as a mutable state with play/undo (python-chess style), built on int cards and masks."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .cards import JACK, RANK_OF, SUIT_MASKS, SUIT_OF, SUITS, card_code, cards_of, parse_card
from .errors import IllegalPlay, SetupError
from .legality import DEAL_OVER, MUST_FOLLOW_SUIT, legal_mask, refusal
from .rules import Rules
from .shuffle import deal_deck, seeded_rng, shuffled_deck
from .tricks import DRAW_ORDER, HAND_SIZE, stock_size, trick_count, trick_winner


@dataclass(frozen=True, slots=True)
class Draw:
    """A card taken from the stock after a trick; `card` is None in a view that may not see it."""

    seat: int
    card: int | None


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: cards in play order starting with the leader's, and the draws after it."""

    leader: int
    cards: tuple[int, ...]
    winner: int
    draws: tuple[Draw, ...]

    def seat_of(self, index: int, players: int) -> int:
        return (self.leader + index) % players


class Deal:
    """The state of one deal. Mutated by `play` and restored exactly by `undo`.

    Per-seat state is kept as int masks so that copying, pushing and popping stay cheap.
    """

    __slots__ = (
        "_hands",
        "_leader",
        "_played",
        "_plays",
        "_stock_pos",
        "_to_move",
        "_total_tricks",
        "_trick",
        "_tricks",
        "_trump_mask",
        "_undo",
        "_won",
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
        self.trump = SUIT_OF[self.trump_card]
        self._trump_mask = SUIT_MASKS[self.trump]
        # House rule: a turned-up jack of trumps scores for the dealer before any card is played.
        self.jack_turned = rules.turned_jack and RANK_OF[self.trump_card] == JACK
        self.initial_hands = tuple(hands)
        self._hands = list(hands)
        self._won = [0] * self.players
        self._played = [0] * self.players
        self._stock_pos = 0
        self._leader = self._to_move = (dealer + 1) % self.players
        self._trick: list[int] = []
        self._tricks: list[Trick] = []
        self._plays: list[int] = []
        self._undo: list[tuple] = []
        self._total_tricks = trick_count(self.players)

    # ----- construction -------------------------------------------------------------------------

    @classmethod
    def from_seed(cls, rules: Rules, seed: int, dealer: int = 0) -> Deal:
        rules = Rules.from_spec(rules)
        _check_dealer(dealer, rules.players)
        try:
            rng = seeded_rng(seed)
        except ValueError as error:
            raise SetupError("seed", str(error)) from None
        hands, stock = deal_deck(shuffled_deck(rng), rules.players, dealer)
        return cls(rules, [_mask(hand) for hand in hands], stock, dealer)

    @classmethod
    def from_cards(cls, rules: Rules, hands, stock, dealer: int) -> Deal:
        """Hands in seat order and the stock top card first; cards as ints or codes."""
        rules = Rules.from_spec(rules)
        players = rules.players
        _check_dealer(dealer, players)
        seen: dict[int, str] = {}

        def take(field: str, value) -> int:
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
            masks.append(_mask(take(f"hands[{seat}][{i}]", card) for i, card in enumerate(hand)))
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
        other._hands = self._hands[:]
        other._won = self._won[:]
        other._played = self._played[:]
        other._trick = self._trick[:]
        other._tricks = self._tricks[:]
        other._plays = self._plays[:]
        other._undo = self._undo[:]
        return other

    # ----- queries ------------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else self._to_move

    @property
    def leader(self) -> int:
        return self._leader

    @property
    def is_over(self) -> bool:
        return len(self._tricks) == self._total_tricks

    @property
    def hands(self) -> tuple[int, ...]:
        return tuple(self._hands)

    def hand(self, seat: int) -> tuple[int, ...]:
        return cards_of(self._hands[seat])

    @property
    def won(self) -> tuple[int, ...]:
        return tuple(self._won)

    @property
    def played(self) -> tuple[int, ...]:
        """Per seat, the mask of cards that seat has played (it held them: `low: holder`)."""
        return tuple(self._played)

    @property
    def plays(self) -> tuple[int, ...]:
        return tuple(self._plays)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return tuple(self._tricks)

    @property
    def current_trick(self) -> tuple[int, ...]:
        return tuple(self._trick)

    @property
    def stock_remaining(self) -> int:
        return len(self.stock) - self._stock_pos

    @property
    def stock_top(self) -> int | None:
        """The face-up top card of the stock, None once it is empty (or below one card for
        each player, when what is left is out of play but still shown)."""
        return self.stock[self._stock_pos] if self._stock_pos < len(self.stock) else None

    @property
    def led_suit(self) -> int | None:
        return SUIT_OF[self._trick[0]] if self._trick else None

    def legal_mask(self) -> int:
        if self.is_over:
            return 0
        rules = self.rules
        led_mask = SUIT_MASKS[SUIT_OF[self._trick[0]]] if self._trick else 0
        return legal_mask(
            self._hands[self._to_move], led_mask, self._trump_mask, rules.trump_when_able,
            rules.must_trump_when_void,
        )  # fmt: skip

    def legal_plays(self) -> Iterator[int]:
        """Lazily yields the legal cards, lowest int first."""
        mask = self.legal_mask()
        while mask:
            low = mask & -mask
            yield low.bit_length() - 1
            mask ^= low

    def is_legal(self, card: int) -> bool:
        return bool(self.legal_mask() >> card & 1)

    def state_key(self) -> tuple:
        """Everything that changes during play, as a hashable tuple (for tests, caches, bots)."""
        return (
            tuple(self._hands), tuple(self._won), tuple(self._played), self._stock_pos, self._leader,
            self._to_move, tuple(self._trick), tuple(self._tricks), tuple(self._plays), len(self._undo),
        )  # fmt: skip

    # ----- play and undo ------------------------------------------------------------------------

    def check(self, card: int) -> None:
        """Raise IllegalPlay if `card` may not be played now; change nothing."""
        trump_letter = SUITS[self.trump]
        if self.is_over:
            raise IllegalPlay(DEAL_OVER, None, _code_or_none(card), None, trump_letter)
        seat = self._to_move
        trick = self._trick
        led_mask = SUIT_MASKS[SUIT_OF[trick[0]]] if trick else 0
        rules = self.rules
        code = refusal(
            self._hands[seat], card, led_mask, self._trump_mask, rules.trump_when_able,
            rules.must_trump_when_void,
        )  # fmt: skip
        if code is not None:
            led = SUITS[SUIT_OF[trick[0]]] if trick else None
            key = None
            if code == MUST_FOLLOW_SUIT:
                if led == trump_letter:
                    key = "errors.must_follow_trump"
                elif not rules.trump_when_able:
                    key = "errors.must_follow_suit_only"
            raise IllegalPlay(code, seat, card_code(card), led, trump_letter, key)

    def play(self, card: int | str) -> Trick | None:
        """Play `card` for the seat to move. Returns the Trick if this card completed one.

        An illegal card raises IllegalPlay before anything is changed.
        """
        if type(card) is not int:
            card = parse_card(card)
        elif not 0 <= card < 52:
            raise ValueError(f"not a card int (0..51): {card!r}")
        self.check(card)
        seat = self._to_move
        hands = self._hands
        trick = self._trick
        # Undo entry: the few ints a play can change, plus the lengths of the append-only lists.
        self._undo.append((
            seat, tuple(hands), self._stock_pos, self._leader, tuple(self._won), len(self._tricks),
        ))  # fmt: skip
        bit = 1 << card
        hands[seat] ^= bit
        self._played[seat] |= bit
        self._plays.append(card)
        trick.append(card)
        players = self.players
        if len(trick) < players:
            self._to_move = (seat + 1) % players
            return None
        winner = (self._leader + trick_winner(trick, self.trump)) % players
        taken = 0
        for played_card in trick:
            taken |= 1 << played_card
        self._won[winner] |= taken
        draws: tuple[Draw, ...] = ()
        position = self._stock_pos
        if len(self.stock) - position >= players:
            stock = self.stock
            draws = tuple(
                Draw(drawer, stock[position + i]) for i, drawer in enumerate(DRAW_ORDER[players][winner])
            )
            for draw in draws:
                hands[draw.seat] |= 1 << draw.card
            self._stock_pos = position + players
        finished = Trick(self._leader, tuple(trick), winner, draws)
        self._tricks.append(finished)
        trick.clear()
        self._leader = self._to_move = winner
        return finished

    def undo(self) -> int:
        """Take back the last play (and the trick completion and draws it caused)."""
        if not self._undo:
            raise ValueError("nothing to undo: no card has been played")
        seat, hands, stock_pos, leader, won, trick_total = self._undo.pop()
        card = self._plays.pop()
        if len(self._tricks) > trick_total:
            # That card completed a trick: put the trick's other cards back on the table.
            self._trick = list(self._tricks.pop().cards[:-1])
        else:
            self._trick.pop()
        self._hands = list(hands)
        self._won = list(won)
        self._played[seat] ^= 1 << card
        self._stock_pos = stock_pos
        self._leader = leader
        self._to_move = seat
        return card

    # ----- per-player view and result -----------------------------------------------------------

    def view(self, seat: int):
        from .view import view_of

        return view_of(self, seat)

    def result(self):
        from .outcome import deal_result

        return deal_result(self)

    def __repr__(self) -> str:
        return (
            f"Deal(players={self.players}, dealer={self.dealer}, trump={SUITS[self.trump]}, "
            f"tricks={len(self._tricks)}, to_move={self.to_move})"
        )


def _mask(cards) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _code_or_none(card) -> str | None:
    try:
        return card_code(card)
    except ValueError:
        return None


def _check_dealer(dealer, players: int) -> None:
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise SetupError("dealer", f"expected a seat number 0..{players - 1}, got {dealer!r}")
