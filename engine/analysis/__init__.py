"""Judging play after the fact: the analysis of a deal, the reasons it gives, match odds, puzzles,
luck and skill (luck, luck_runs), the peek check (peek) and the deal played again with the
computer in a seat (seat_swap).

Above `engine.ai` (it uses the endgame solver and the sampled worlds), below `engine.surfaces`.
"""

from engine.analysis.deal_analysis import analyse

__all__ = ["analyse"]
