"""Every number the rules pages quote, computed from the engine's own constants and rules."""

from __future__ import annotations

from typing import Any

from engine.core.cards import (
    ACE,
    DECK_SIZE,
    JACK,
    KING,
    QUEEN,
    RANK_VALUES,
    TEN,
    TOTAL_VALUE,
    mask_of,
    mask_value,
    parse_card,
)
from engine.core.rules import PRESETS, Rules
from engine.core.scoring import POINT_NAMES
from engine.core.tricks import HAND_SIZE, draw_rounds, out_of_play, stock_size, trick_count

SHASTA_PLAYERS = PRESETS["shasta-sam"].players
# RULES.md §5: two tens, an ace, a king and a queen won.
_EXAMPLE_GAME_CARDS = ("TS", "TH", "AS", "KS", "QS")


def facts(rules: object = None) -> dict[str, Any]:
    """Numbers for the pages; the unsuffixed keys follow `rules` (standard by default)."""
    rules = Rules.from_spec(rules)
    players = rules.players
    example = mask_value(mask_of(parse_card(code) for code in _EXAMPLE_GAME_CARDS))
    return {
        "players": players,
        "players_shasta": SHASTA_PLAYERS,
        "deck_size": DECK_SIZE,
        "hand_size": HAND_SIZE,
        "stock_size": stock_size(players),
        "stock_size_3p": stock_size(SHASTA_PLAYERS),
        "draw_rounds": draw_rounds(players),
        "draw_rounds_3p": draw_rounds(SHASTA_PLAYERS),
        "last_tricks": trick_count(players) - draw_rounds(players),
        "last_tricks_3p": trick_count(SHASTA_PLAYERS) - draw_rounds(SHASTA_PLAYERS),
        "tricks": trick_count(players),
        "tricks_3p": trick_count(SHASTA_PLAYERS),
        "cards_in_play_3p": DECK_SIZE - out_of_play(SHASTA_PLAYERS),
        "out_of_play_3p": out_of_play(SHASTA_PLAYERS),
        "value_ten": RANK_VALUES[TEN],
        "value_ace": RANK_VALUES[ACE],
        "value_king": RANK_VALUES[KING],
        "value_queen": RANK_VALUES[QUEEN],
        "value_jack": RANK_VALUES[JACK],
        "total_value": TOTAL_VALUE,
        "tie_value": TOTAL_VALUE // 2,
        "example_game_value": example,
        "example_game_other": TOTAL_VALUE - example,
        "target": rules.target,
        "target_standard": PRESETS["standard"].target,
        "target_short": 7,
        "points_max": len(POINT_NAMES) - 1,
        "points_max_nine": len(POINT_NAMES),
        "count_out_order": list(POINT_NAMES),
        "count_out_order_turned_jack": ["jack", *(name for name in POINT_NAMES if name != "jack")],
        "presets": {name: preset.to_spec() for name, preset in PRESETS.items()},
    }
