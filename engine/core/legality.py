"""Which cards a player may play: the one legality function on masks, and why a card is refused.

Both the public Deal and the fast simulator call `legal_mask`, so there is a single
statement of the play rules (RULES.md §1 "Play" and the options of §2).
"""

from __future__ import annotations

NOT_IN_HAND = "not_in_hand"
MUST_FOLLOW_SUIT = "must_follow_suit"
MUST_TRUMP = "must_trump"
DEAL_OVER = "deal_over"


def legal_mask(
    hand: int, led_mask: int, trump_mask: int, trump_when_able: bool, must_trump_when_void: bool
) -> int:
    """Mask of the playable cards of `hand`.

    `led_mask` is the suit mask of the card led, or 0 when this player leads;
    `trump_mask` is the suit mask of trumps.
    """
    if not led_mask:
        return hand
    following = hand & led_mask
    if led_mask == trump_mask:
        # Trump led: follow with a trump if able, otherwise anything.
        return following or hand
    trumps = hand & trump_mask
    if following:
        # Plain suit led and held: trumping instead is allowed unless the variant forbids it.
        return following | trumps if trump_when_able else following
    if trumps and must_trump_when_void:
        return trumps
    return hand


def refusal(
    hand: int, card: int, led_mask: int, trump_mask: int, trump_when_able: bool, must_trump_when_void: bool
) -> str | None:
    """None if `card` may be played from `hand`, else the refusal code."""
    bit = 1 << card
    if not hand & bit:
        return NOT_IN_HAND
    if legal_mask(hand, led_mask, trump_mask, trump_when_able, must_trump_when_void) & bit:
        return None
    # Holding the led suit (trumps when trump is led) means the duty broken was following suit.
    return MUST_FOLLOW_SUIT if hand & led_mask else MUST_TRUMP
