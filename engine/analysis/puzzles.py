"""Exact endgame puzzles: building one from a position, proving it, judging a card, the daily pick.

A puzzle is a two-player position with the stock empty (every card known) where the seat to
move has one card that is better than every other legal card by at least `MIN_GAP` in exact
value (the analysis value: the seat's points minus the opponent's over the deal, both sides
playing their best; `engine.analysis.exact_option_values` is the one minimax used). The line
goes on for up to `MAX_MOVES` of the seat's moves: after each solution card the opponent plays
the solver's best reply (the cheapest of its best cards, so the line is deterministic), and
the puzzle continues only while the seat's next move is again unique by `MIN_GAP` or more.
`value_gap` is the smallest of those gaps. One whole point is a net value of 1 (a Game tie
instead of a Game won); a point handed to the opponent is 2.

Themes (`THEMES`) come from comparing, at the first move, the solution's line with the line of
the best alternative card (the wrong card of greatest value):

- save_low / capture_low, save_jack / capture_jack: the solution wins the two / the jack of
  trumps and the alternative does not; "save" when the card was the seat's, "capture" when
  it was the opponent's;
- win_game: the seat does better on Game (won instead of tied or lost, tied instead of lost);
- save_ten / capture_ten: a ten of the seat's (of the opponent's) ends in the seat's tricks on
  the solution line and in the opponent's on the alternative ("squeeze out the ten");
- duck: the seat, second to play, lets the trick go although it holds a card that wins it;
- take_lead: the seat wins the trick with the solution where the alternative would lose it;
- trump_in: a trump on a plain lead where the alternative was not a trump;
- save_trump: the alternative was a trump and the solution is not;
- unblock: the solution is a higher card of the alternative's suit and it does not win the
  trick (the seat gets rid of a high card on purpose).

Rating (measured difficulty, Glicko scale)
    For each of the seat's moves, `p = W_HEURISTIC * h + (1 - W_HEURISTIC) / n`, where `h` is 1
    when the heuristic bot (the site's beginner, deterministic) plays the solution card and 0
    otherwise, and `n` the number of legal cards: a model of a club player who follows the
    beginner's instinct with weight W_HEURISTIC and otherwise guesses. (The expert bot solves
    every such position exactly, so its success rate says nothing about difficulty.) The chance
    to solve the puzzle is the product over the moves, and the rating is the strength at
    which a Glicko player would have an even chance: `1500 + 400 * log10((1 - P) / P)`, rounded
    to 10 and kept within RATING_RANGE. The page rates the reader against this fixed rating
    (Glicko-2, puzzle deviation 100, docs/assets/javascripts/puzzle-rating.js); refining the
    puzzles' own ratings needs results gathered from many readers, which a static site does
    not collect: feed such results back here when there are some.

The puzzle of the day (`daily_index`) is the same for everyone on a UTC date: the page's
JavaScript computes the same index (tests/engine/test_puzzles.py runs both).

Must run in Pyodide: standard library only, no process pools here (the miner has them).
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass
from typing import Any

from engine.ai.endgame import EndgameSolver
from engine.ai.heuristic import HeuristicBot
from engine.analysis.deal_analysis import TIE, OptionValue, endgame_solver, exact_option_values, is_exact
from engine.analysis.lines import line_tricks
from engine.analysis.reasons import reason_for
from engine.core.boundary import echo
from engine.core.cards import JACK, RANK_OF, SUIT_MASKS, SUIT_OF, TEN, card_code, make_card, parse_card
from engine.core.deal import Deal
from engine.core.error_codes import PUZZLE, REQUEST, code_for
from engine.core.errors import IllegalPlay
from engine.core.record import RecordError, read_record, record_of
from engine.core.scoring import POINT_NAMES

MIN_GAP = 1.0
MAX_MOVES = 3
W_HEURISTIC = 0.6
RATING_RANGE = (600, 2600)
THEMES = (
    "save_low",
    "capture_low",
    "save_jack",
    "capture_jack",
    "win_game",
    "save_ten",
    "capture_ten",
    "duck",
    "take_lead",
    "trump_in",
    "save_trump",
    "unblock",
)
PUZZLE_KEYS = ("id", "record", "seat", "solution", "line", "value_gap", "themes", "rating")
# The first day of the daily puzzle; day n after it shows puzzle DAILY_STEP * n mod count.
DAILY_EPOCH = datetime.date(2026, 1, 1)
# A step coprime with every plausible set size walks the whole set before repeating.
DAILY_STEP = 7919

Json = dict[str, Any]


class PuzzleError(ValueError):
    """A puzzle or request that cannot be used; `field` names what is wrong and `code` says
    which part of the input it is in (engine/core/error_codes.py): the puzzle's position
    (bad_puzzle, or bad_rules for its rules) or the request's own `card` (bad_request)."""

    def __init__(self, field_name: str, problem: str, part: str = PUZZLE):
        super().__init__(f"{field_name}: {problem}")
        self.field = field_name
        self.problem = problem
        self.code = code_for(part, field_name)


@dataclass(slots=True)
class Step:
    """One of the seat's moves: its options and the unique best card with its margin."""

    options: dict[int, OptionValue]
    best: int
    gap: float
    heuristic: int


def _ranked(options: dict[int, OptionValue]) -> list[int]:
    """Cards by value, best first; equal values by card (deterministic)."""
    return sorted(options, key=lambda card: (-options[card].value, card))


def _step(deal: Deal, solver: EndgameSolver) -> Step | None:
    """The seat to move's step if it has a unique best card by MIN_GAP, else None."""
    if not is_exact(deal):
        return None
    options = exact_option_values(deal, solver=solver)
    if len(options) < 2:
        return None
    first, second = _ranked(options)[:2]
    gap = options[first].value - options[second].value
    if gap < MIN_GAP - TIE:
        return None
    seat = deal.to_move
    assert seat is not None
    heuristic = HeuristicBot().choose(deal.view(seat))
    return Step(options, first, gap, heuristic)


def _replies(deal: Deal, line: tuple[int, ...], seat: int) -> list[int]:
    """The cards of `line` played (in place) until `seat` is to move again or the deal ends."""
    played = []
    for card in line:
        if deal.is_over or deal.to_move == seat:
            break
        deal.play(card)
        played.append(card)
    return played


def solve_line(deal: Deal, solver: EndgameSolver | None = None) -> tuple[list[Step], list[int]]:
    """The puzzle line from `deal` (left unchanged): the seat's steps and every card played
    (the seat's and the opponent's replies). No steps if the position is no puzzle."""
    solver = solver or endgame_solver(deal) if is_exact(deal) else None
    if solver is None:
        return [], []
    seat = deal.to_move
    assert seat is not None
    trial = deal.copy()
    steps: list[Step] = []
    cards: list[int] = []
    while len(steps) < MAX_MOVES and not trial.is_over and trial.to_move == seat:
        step = _step(trial, solver)
        if step is None:
            break
        steps.append(step)
        line = step.options[step.best].line
        trial.play(step.best)
        cards.append(step.best)
        cards.extend(_replies(trial, line, seat))
    return steps, cards


def rating_of(steps: list[Step]) -> int:
    """Measured difficulty (see the module doc)."""
    chance = 1.0
    for step in steps:
        found = 1.0 if step.heuristic == step.best else 0.0
        chance *= W_HEURISTIC * found + (1 - W_HEURISTIC) / len(step.options)
    raw = 1500 + 400 * math.log10((1 - chance) / chance)
    low, high = RATING_RANGE
    return int(min(high, max(low, round(raw, -1))))


def _finish(deal: Deal, card: int, line: tuple[int, ...]) -> Deal:
    end = deal.copy()
    end.play(card)
    for later in line:
        end.play(later)
    return end


def _owner(card: int, deal: Deal) -> int | None:
    """Who holds or has played `card` at this position (None if already won in a trick
    before it, which cannot change any more)."""
    for seat in range(deal.players):
        if deal.hands[seat] >> card & 1:
            return seat
    for index, played in enumerate(deal.current_trick):
        if played == card:
            return (deal.leader + index) % deal.players
    return None


def themes_of(deal: Deal, step: Step) -> list[str]:
    """The themes of a puzzle whose first move is `step` at `deal` (see the module doc)."""
    seat = deal.to_move
    assert seat is not None
    best = step.best
    alternative = _ranked(step.options)[1]
    solved = _finish(deal, best, step.options[best].line)
    failed = _finish(deal, alternative, step.options[alternative].line)
    found: set[str] = set()
    trump = deal.trump
    solved_seats = solved.result().seats
    failed_seats = failed.result().seats
    points = dict(zip(POINT_NAMES, zip(solved_seats, failed_seats, strict=True), strict=False))
    trumps = SUIT_MASKS[trump]
    low_card = (trumps & -trumps).bit_length() - 1
    for name, card in (("low", low_card), ("jack", make_card(JACK, trump))):
        won_here, won_there = points[name]
        if won_here == seat and won_there != seat:
            owner = _owner(card, deal)
            found.add(("save_" if owner == seat else "capture_") + name)
    game_here, game_there = points["game"]

    def game_rank(winner: int | None) -> int:
        return 2 if winner == seat else (1 if winner is None else 0)

    if game_rank(game_here) > game_rank(game_there):
        found.add("win_game")
    for suit in range(4):
        ten = make_card(TEN, suit)
        owner = _owner(ten, deal)
        if owner is None:
            continue
        if solved.won[seat] >> ten & 1 and not failed.won[seat] >> ten & 1:
            found.add("save_ten" if owner == seat else "capture_ten")
    trick_index = len(deal.tricks)
    solved_winner = solved.tricks[trick_index].winner
    failed_winner = failed.tricks[trick_index].winner
    trick = deal.current_trick
    if trick:
        if solved_winner != seat and any(
            _finish(deal, card, ()).tricks[trick_index].winner == seat for card in step.options
        ):
            found.add("duck")
        if SUIT_OF[trick[0]] != trump and SUIT_OF[best] == trump and SUIT_OF[alternative] != trump:
            found.add("trump_in")
    if solved_winner == seat and failed_winner != seat:
        found.add("take_lead")
    if SUIT_OF[alternative] == trump and SUIT_OF[best] != trump:
        found.add("save_trump")
    if (
        SUIT_OF[best] == SUIT_OF[alternative]
        and RANK_OF[best] > RANK_OF[alternative]
        and solved_winner != seat
    ):
        found.add("unblock")
    return [theme for theme in THEMES if theme in found]


def build_puzzle(deal: Deal, puzzle_id: str, solver: EndgameSolver | None = None) -> Json | None:
    """The puzzle at this position (seat to move), or None if it is no puzzle."""
    steps, cards = solve_line(deal, solver)
    if not steps:
        return None
    themes = themes_of(deal, steps[0])
    if not themes:
        return None
    seat = deal.to_move
    return {
        "id": puzzle_id,
        "record": record_of(deal),
        "seat": seat,
        "solution": [card_code(step.best) for step in steps],
        "line": [card_code(card) for card in cards],
        "value_gap": round(min(step.gap for step in steps), 4),
        "themes": themes,
        "rating": rating_of(steps),
    }


def puzzle_position(puzzle: Any) -> Deal:
    """The deal at the puzzle's position, checked: two players, stock empty, seat to move."""
    if not isinstance(puzzle, dict):
        raise PuzzleError("puzzle", "expected a JSON object")
    deal = position_of(puzzle.get("record"))
    if puzzle.get("seat") != deal.to_move:
        raise PuzzleError("seat", f"seat {deal.to_move} is to move, not {echo(puzzle.get('seat'))}")
    return deal


def prove(puzzle: Json) -> list[str]:
    """Every way the stored puzzle differs from the puzzle the engine builds at its position
    (an empty list: proved exact). Rebuilding re-solves each move exactly."""
    try:
        deal = puzzle_position(puzzle)
    except PuzzleError as error:
        return [str(error)]
    rebuilt = build_puzzle(deal, puzzle.get("id", ""))
    if rebuilt is None:
        return ["the position has no unique best card by a whole point"]
    problems = [f"unknown field {key}" for key in puzzle if key not in PUZZLE_KEYS]
    for key in PUZZLE_KEYS:
        if key != "record" and puzzle.get(key) != rebuilt[key]:
            problems.append(f"{key}: stored {echo(puzzle.get(key))}, engine finds {echo(rebuilt[key])}")
    return problems


def judge(deal: Deal, card: Any) -> Json:
    """Exact verdict on playing `card` (a code, or None for the best card) at `deal` (a
    position from `position_of`, left unchanged): the page's question.

    Returns the card's and the best card's values and points, whether the card is as good as
    the best (`correct`), the points it gives up and the analysis reason if not, what it does
    better than the strongest wrong card if it is right (`advantage`, a reason code worded from
    the right card's side), and `line`: the cards that follow it on an optimal line (to the end
    of the deal if it was wrong, up to the seat's next move if it was right), with `tricks`:
    the card and its line written as tricks (engine/analysis/lines.py). Raises PuzzleError for
    bad input.
    """
    seat = deal.to_move
    assert seat is not None
    options = exact_option_values(deal)
    ranked = _ranked(options)
    if card is None:
        chosen = ranked[0]
    elif isinstance(card, str):
        try:
            chosen = parse_card(card)
        except ValueError as error:
            raise PuzzleError("card", str(error), REQUEST) from None
    else:
        raise PuzzleError("card", f"expected a card code such as 'TS', got {echo(card)}", REQUEST)
    if chosen not in options:
        legal = ", ".join(card_code(c) for c in sorted(options))
        raise PuzzleError("card", f"{card_code(chosen)} is not legal here; legal: {legal}", REQUEST)
    top = options[ranked[0]]
    mine = options[chosen]
    correct = mine.value >= top.value - TIE
    names = list(mine.points)
    played_row = {"card": card_code(chosen), "points": mine.points}
    best_row = {"card": card_code(ranked[0]), "points": top.points}
    if correct:
        trial = deal.copy()
        trial.play(chosen)
        line = _replies(trial, mine.line, seat)
    else:
        line = list(mine.line)
    # What a right card does better than the strongest wrong card (None if every card ties).
    wrong = next((c for c in ranked if options[c].value < top.value - TIE), None)
    advantage = None
    if correct and wrong is not None:
        advantage = reason_for(deal, {"card": card_code(wrong), "points": options[wrong].points}, played_row)
    return {
        "seat": seat,
        "card": card_code(chosen),
        "correct": correct,
        "value": mine.value,
        "best": [card_code(c) for c in ranked if options[c].value >= top.value - TIE],
        "best_value": top.value,
        "loss": round(top.value - mine.value, 4),
        "lost": [name for name in names if top.points[name] > mine.points[name]],
        # Points the opponent wins with this card and not with the best (a Game tie turned
        # into the opponent's Game gives the seat nothing less, but costs a point).
        "conceded": [
            name
            for name, here, there in zip(names, mine.outcomes[0], top.outcomes[0], strict=False)
            if here not in (None, seat) and there in (None, seat)
        ],
        "reason": None if correct else reason_for(deal, played_row, best_row),
        "advantage": advantage,
        "line": [card_code(c) for c in line],
        "tricks": line_tricks(deal, [chosen, *line]),
    }


def position_of(record: Any) -> Deal:
    """The deal at the end of `record`, checked: two players and the stock empty."""
    try:
        read = read_record(record)
    except RecordError as error:
        raise PuzzleError(f"record.{error.field}", error.problem) from None
    deal = read.deal
    for index, played in enumerate(read.plays):
        try:
            deal.play(played)
        except IllegalPlay as refused:
            raise PuzzleError(f"record.plays[{index}]", str(refused)) from None
    if not is_exact(deal):
        raise PuzzleError("record", "the position is not a two-player deal with the stock empty")
    return deal


def daily_index(day: datetime.date, count: int) -> int:
    """Index of the puzzle of the day `day` (UTC) in a set of `count` puzzles."""
    if count <= 0:
        raise PuzzleError("count", "there are no puzzles")
    days = (day - DAILY_EPOCH).days
    return (days * DAILY_STEP) % count
