"""The parts of a page request that the stepper's and the practice table's operations share:
the JSON shape, the error for a request that cannot be answered, the `card` field, and an
engine refusal with the catalogue keys that word it.

Its own module so that `web_api` (which routes every op) and `practice_api` (the practice
table's ops) both build on it without importing each other.
"""

from __future__ import annotations

from typing import Any

from engine.core.boundary import BoundaryError, echo
from engine.core.cards import parse_card
from engine.core.error_codes import REQUEST, bad_input
from engine.core.errors import IllegalPlay
from engine.core.rule_refs import RULE_LINKS, cited_rule
from engine.core.rules import Rules

Json = dict[str, Any]
# A request the facade cannot answer: the boundary's error (code, message naming the field).
BadRequest = BoundaryError

def request_card(request: Json) -> int:
    """The request's `card` field as a card int; BadRequest if it is not a card code."""
    text = request.get("card")
    try:
        if isinstance(text, str):
            return parse_card(text)
    except ValueError:
        pass
    raise bad_input(REQUEST, "card", f"not a card code like 'TH': {echo(text)}")


def refusal(error: IllegalPlay, rules: Rules) -> Json:
    """An engine refusal with the catalogue keys that explain it.

    The engine has one code for every broken duty to follow and words it by case (the key
    Deal.check chose: trumping allowed, no trump in hand, the stricter variant, trumps led); the rule cited
    and its link come from engine/core/rule_refs.py, which the course's refusals share.
    """
    rule = cited_rule(error, rules)
    return {
        **error.details(),
        "message_key": error.key,
        "rule_ref_key": f"rule_refs.{rule}",
        "rule_link": RULE_LINKS[rule],
        "params": {"card": error.card, "suit": error.led, "trump": error.trump},
        "message": str(error),
    }
