"""Computer opponents beyond random: the heuristic beginner, the expert and its hints."""

from engine.ai.endgame import EndgameSolver, solve_position
from engine.ai.expert import DEFAULT_SAMPLES, REASON_CODES, ExpertBot, hint, reason_for, solve_view
from engine.ai.heuristic import HeuristicBot, heuristic_card
from engine.core.limits import MAX_SAMPLES

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
