"""The engine's exceptions: an illegal play and a bad deal set-up, each with a machine code."""

from __future__ import annotations

from engine.core.messages import message, suit_name


class IllegalPlay(ValueError):
    """A refused play. `code` is one of not_in_hand, must_follow_suit, must_trump, deal_over.

    `seat`, `card` (code), `led` and `trump` (suit letters, `led` None when leading) let the
    UI explain the refusal in any language.
    """

    def __init__(
        self,
        code: str,
        seat: int | None,
        card: str | None,
        led: str | None,
        trump: str,
        key: str | None = None,
    ):
        self.code = code
        self.seat = seat
        self.card = card
        self.led = led
        self.trump = trump
        # The catalogue key can be finer than the code: must_follow_suit has four wordings.
        self.key = key or f"errors.{code}"
        super().__init__(message(self.key, seat=seat, card=card, suit=suit_name(led), trump=suit_name(trump)))

    def details(self) -> dict[str, object]:
        return {
            "code": self.code, "key": self.key, "seat": self.seat, "card": self.card, "led": self.led,
            "trump": self.trump,
        }  # fmt: skip


class SetupError(ValueError):
    """Hands, stock, dealer or seed that cannot make a deal; `field` says which input is wrong."""

    def __init__(self, field: str, problem: str):
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")
