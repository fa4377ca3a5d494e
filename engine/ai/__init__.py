"""Computer opponents beyond random: the heuristic beginner, the expert and its hints."""

from ..limits import MAX_SAMPLES
from .endgame import EndgameSolver, solve_position
from .expert import DEFAULT_SAMPLES, REASON_CODES, ExpertBot, hint, reason_for, solve_view
from .heuristic import HeuristicBot, heuristic_card

__all__ = [
    "DEFAULT_SAMPLES",
    "MAX_SAMPLES",
    "REASON_CODES",
    "EndgameSolver",
    "ExpertBot",
    "HeuristicBot",
    "heuristic_card",
    "hint",
    "reason_for",
    "solve_position",
    "solve_view",
]
