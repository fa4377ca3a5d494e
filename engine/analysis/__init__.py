"""Judging play after the fact: the analysis of a deal, the reasons it gives, match odds and puzzles.

Above `engine.ai` (it uses the endgame solver and the sampled worlds), below `engine.surfaces`.
"""

from engine.analysis.deal_analysis import analyse

__all__ = ["analyse"]
