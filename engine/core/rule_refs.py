"""Which rule a refused play breaks, and where the site explains it: one table for the card
table's refusals (engine/surfaces/requests.py) and the course's (engine/content/goals.py).

The engine has one code for every broken duty to follow and words it by case (the key
Deal.check chose). The rule cited is the stricter variant's only when that variant is on: with
no trump in hand under the standard rules, "follow suit, you have no trump" is the standard rule.
"""

from __future__ import annotations

from engine.core.errors import IllegalPlay
from engine.core.rules import Rules

# Where the site explains each refused play's rule (the `rule_refs.*` key it cites), relative
# to the page language's home: the fixed section ids of docs/_data/outline.yml, the same in
# every language. Every page that links a refusal's rule reads `rule_link` from the refusal.
RULE_LINKS = {
    "not_in_hand": "rules/#leading-and-following",
    "must_follow_suit": "rules/#leading-and-following",
    "must_follow_trump": "rules/#leading-and-following",
    "must_trump": "rules/#leading-and-following",
    "must_follow_suit_only": "variants/#stricter-follow",
    "deal_over": "rules/#drawing",
}


def cited_rule(error: IllegalPlay, rules: Rules) -> str:
    """The rule a refusal cites (a RULE_LINKS key, `rule_refs.<it>` in the catalogue)."""
    variant = error.key.removeprefix("errors.")
    if variant == "must_follow_suit_no_trump":
        return "must_follow_suit" if rules.trump_when_able else "must_follow_suit_only"
    return variant
