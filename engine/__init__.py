"""California Jack rules engine: the single source of truth for the rules (see RULES.md).

Standard library only; runs on CPython 3.11+ and in Pyodide.
"""

from .ai import hint
from .analysis import analyse
from .bots import BOTS, RandomBot, make_bot, register_bot
from .cards import card_code, cards_of, mask_of, parse_card
from .deal import Deal, Draw, Trick
from .errors import IllegalPlay, SetupError
from .facts import facts
from .match import Match
from .outcome import DealResult, PointReason
from .record import RecordError, record_of, replay
from .rules import PRESETS, Rules, RulesError
from .simulate import simulate
from .view import PlayerView

__all__ = [
    "BOTS",
    "PRESETS",
    "Deal",
    "DealResult",
    "Draw",
    "IllegalPlay",
    "Match",
    "PlayerView",
    "PointReason",
    "RandomBot",
    "RecordError",
    "Rules",
    "RulesError",
    "SetupError",
    "Trick",
    "analyse",
    "card_code",
    "cards_of",
    "facts",
    "hint",
    "make_bot",
    "mask_of",
    "parse_card",
    "record_of",
    "register_bot",
    "replay",
    "simulate",
]
