"""The puzzle set, tutorials/puzzles.jsonl: one puzzle a line, checked without the full proof.

Every line is checked for its structure (the fields of engine.analysis.puzzles.PUZZLE_KEYS, in
that order, with the right types; ids unique), its position (a two-player deal with the stock
empty and the stated seat to move), the legality of its line from there, and that the
solution is the seat's moves along the line. Where solving is cheap, when the seat to move
holds at most SOLVED_HAND cards, the exact values of its cards are computed and the stored
first card must be the one best card by at least MIN_GAP, by no less than the stored
value_gap. (Measured on the committed set: 132 of 320 puzzles, about 0.3 s on one core,
against about 7 s for the full re-proof.) The full re-proof, every move and the themes and
rating rebuilt, stays with `scripts/mine_puzzles.py --reprove` and tests/engine/test_puzzles.py.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.analysis.deal_analysis import TIE, exact_option_values
from engine.analysis.puzzles import (
    MAX_MOVES,
    MIN_GAP,
    PUZZLE_KEYS,
    RATING_RANGE,
    THEMES,
    PuzzleError,
    puzzle_position,
)
from engine.content.files import read_text
from engine.content.problems import Problem, Problems, is_int
from engine.core.cards import card_code, parse_card
from engine.core.deal import Deal
from engine.core.errors import IllegalPlay

FILE_NAME = "puzzles.jsonl"
# The largest hand of the seat to move whose cards are valued exactly in the check (a work
# bound: the exact values of a 5- or 6-card hand cost 20 to 200 times those of a 4-card one).
SOLVED_HAND = 4

Json = dict[str, Any]


@dataclass
class PuzzlesReport:
    puzzles: list[Json]  # every line that is a puzzle, checked or not, in file order
    problems: list[Problem]

    @property
    def ok(self) -> bool:
        return not self.problems


def check_puzzles(path: Path, name: str = FILE_NAME) -> PuzzlesReport:
    """Every puzzle of the JSON Lines file, each checked (blank lines are skipped)."""
    problems = Problems(name)
    text = read_text(path, problems)
    puzzles: list[Json] = []
    ids: dict[str, int] = {}
    for number, line in enumerate((text or "").split("\n"), start=1):
        if not line.strip():
            continue
        where = f"line {number}"
        try:
            puzzle = json.loads(line)
        except ValueError as error:
            problems.add(where, f"not JSON: {error}")
            continue
        if not isinstance(puzzle, dict):
            problems.add(where, "must be a JSON object")
            continue
        puzzles.append(puzzle)
        check_puzzle(puzzle, where, problems)
        puzzle_id = puzzle.get("id")
        if isinstance(puzzle_id, str):
            first = ids.setdefault(puzzle_id, number)
            if first != number:
                problems.add(f"{where}.id", f"{puzzle_id!r} is the id of line {first} too")
    return PuzzlesReport(puzzles, problems.items)


def check_puzzle(puzzle: Json, where: str, problems: Problems) -> None:
    """One puzzle: its fields, its position, its line and (where cheap) its first answer."""
    if list(puzzle) != list(PUZZLE_KEYS):
        problems.add(where, f"fields {list(puzzle)}; a puzzle has {', '.join(PUZZLE_KEYS)}, in that order")
    if not _check_fields(puzzle, where, problems):
        return
    try:
        deal = puzzle_position(puzzle)
    except PuzzleError as error:
        problems.add(f"{where}.{error.field}", error.problem)
        return
    solution = [card_code(parse_card(card)) for card in puzzle["solution"]]
    if not _check_line(deal.copy(), puzzle, solution, where, problems):
        return
    if len(list(deal.hand(puzzle["seat"]))) <= SOLVED_HAND:
        _check_first_answer(deal, solution[0], float(puzzle["value_gap"]), where, problems)


def _cards(value: object) -> bool:
    if not isinstance(value, list):
        return False
    try:
        return all(isinstance(card, str) and parse_card(card) >= 0 for card in value)
    except ValueError:
        return False


def _check_fields(puzzle: Json, where: str, problems: Problems) -> bool:
    """The types of the fields; False when the position or line cannot be checked."""
    sound = True

    def bad(key: str, what: str) -> None:
        nonlocal sound
        problems.add(f"{where}.{key}", f"expected {what}, got {puzzle.get(key)!r}")
        sound = False

    if not isinstance(puzzle.get("id"), str) or not puzzle.get("id"):
        bad("id", "a non-empty string")
    if not isinstance(puzzle.get("record"), dict):
        bad("record", "a deal record (an object)")
    if puzzle.get("seat") not in (0, 1) or not is_int(puzzle.get("seat")):
        bad("seat", "seat 0 or 1")
    solution = puzzle.get("solution")
    if not _cards(solution) or not 1 <= len(solution) <= MAX_MOVES:  # type: ignore[arg-type]
        bad("solution", f"1 to {MAX_MOVES} card codes")
    if not _cards(puzzle.get("line")):
        bad("line", "a list of card codes")
    gap = puzzle.get("value_gap")
    if not isinstance(gap, int | float) or isinstance(gap, bool) or gap < MIN_GAP:
        bad("value_gap", f"a number of at least {MIN_GAP}")
    themes = puzzle.get("themes")
    if not isinstance(themes, list) or not all(theme in THEMES for theme in themes):
        bad("themes", f"a list of themes among {', '.join(THEMES)}")
    rating = puzzle.get("rating")
    low, high = RATING_RANGE
    if not is_int(rating) or not low <= rating <= high:
        bad("rating", f"a whole number {low}..{high}")
    return sound


def _check_line(deal: Deal, puzzle: Json, solution: list[str], where: str, problems: Problems) -> bool:
    """The line is legal from the position, and the seat's moves along it are the solution."""
    seat = puzzle["seat"]
    moves = []
    for index, card in enumerate(puzzle["line"]):
        if deal.to_move == seat:
            moves.append(card_code(parse_card(card)))
        try:
            deal.play(card)
        except IllegalPlay as refused:
            problems.add(f"{where}.line[{index}]", f"the engine refuses {card}: {refused}")
            return False
    if moves != solution:
        problems.add(f"{where}.solution", f"{solution} but the seat's moves along the line are {moves}")
        return False
    return True


def _check_first_answer(deal: Deal, first: str, stored_gap: float, where: str, problems: Problems) -> None:
    """The exact values of the seat's cards: the first solution card is the one best card."""
    options = exact_option_values(deal)
    ranked = sorted(options, key=lambda card: (-options[card].value, card))
    best = card_code(ranked[0])
    gap = options[ranked[0]].value - options[ranked[1]].value if len(ranked) > 1 else 0.0
    if best != first:
        problems.add(f"{where}.solution[0]", f"{first}, but the solver's best card is {best}")
    elif gap < MIN_GAP - TIE:
        problems.add(f"{where}.solution[0]", f"{first} is best by {gap:g} only, less than {MIN_GAP:g}")
    elif gap < stored_gap - TIE:
        problems.add(f"{where}.value_gap", f"{stored_gap:g}, but the first move's gap is {gap:g}")
