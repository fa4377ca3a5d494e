"""Card-by-card analysis of a deal: every option's value, the grade of each card played, a reason.

`analyse(record)` replays a deal record and, at every card played (by the seats asked for),
values every legal card the player could have chosen, from that player's knowledge only.

Values
    An option's `value` is the deciding seat's points minus its opponents' points over the
    whole deal (a turned jack, scored before play, is the same for every option and so never
    changes a loss), with both sides playing on as described below. `points.x` is the chance
    that the deciding seat wins point x (`high`, `low`, `jack`, `game`, and `nine` when in play).

Exact decisions (`exact: true`)
    Two players, stock empty: every card not in the seat's hand and not played is in the
    opponent's hand, so the rest of the deal is a perfect-information game. Each option is
    played, then both sides follow an optimal line of the exact endgame solver (each side
    plays the cheapest of its best cards) to the end of the deal. `value` is then the exact
    minimax value (the tests check it against a plain brute-force search), and `points.x` is
    0 or 1: whether the seat wins x on that optimal line. This also holds with the face-down
    stock: once it is empty the unseen cards can only be in the opponent's hand.

Sampled decisions (`exact: false`)
    Earlier (and always with three players) the seat cannot see every card. The estimator:
    draw `samples` deals consistent with the seat's own view at that moment
    (`engine.ai.world.sample_world`, with a random generator seeded by `seed` and the play
    index, so the hidden truth is never used and the same inputs give the same numbers on every
    machine). In each sampled deal every option is played, then both sides play the heuristic
    bot's cards until the stock is empty and the exact solver's optimal line after that (two
    players); with three players the heuristic plays to the end. The same sampled deals serve
    every option (common random numbers), so differences between options are much less noisy
    than the values themselves. `value` and `points.x` are the means over the samples.

Grades
    `loss` = best value - value of the card played. Grades come from the loss:
    `best` (no loss), `good` (loss <= 0.5), `inaccuracy` (<= 0.9), `mistake` (<= 1.5),
    `blunder` (more). A point handed to the opponent moves the net value by 2, a Game turned
    into a tie by 1: in exact positions a certain half point lost is a mistake and a certain
    point lost a blunder. Measured spread (`scripts/bench_analysis.py --spread`): at the default
    16 samples the loss of one option re-estimated with other seeds has a standard deviation of
    about 0.24 (median over options; 90th percentile about 0.5), so a loss up to 0.5 is within
    the noise and counts as good, and a sampled blunder is some six typical deviations away.

    When the match scores are known (the record has `scores_before`) each option also gets
    `win_chance`: the chance that the deciding seat goes on to win the match, from this deal's
    outcome in each sample counted out as the rules say, and after it from a table of match
    chances (engine/match_odds.py). Then the grade comes from `win_loss` = best win chance -
    win chance of the card played, in bands like lichess's: good <= 0.04, inaccuracy <= 0.08,
    mistake <= 0.16, blunder above. `graded_by` says which measure graded the decision. (Two
    players and a target up to `match_odds.MAX_TARGET` only; otherwise grades use values.)

Reasons (engine/analysis/reasons.py) name what a non-best card gave up, as catalogue keys
`analysis.reasons.<code>` in every language: the decision's `reason` (the card played against
the best card, for grades below good), and on every option row its own `reason` (against the
best card; None for a best card) and `advantage` (the code of what the card played gives up
against this one, worded from this card's side by `analysis.advantages.<code>`; None unless
this card is worth more than the card played). Exact rows also carry `tricks`: the option and
its optimal line written as tricks (engine/analysis/lines.py).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.ai.endgame import EndgameSolver, solve_position
from engine.ai.world import World, sample_world
from engine.analysis.lines import line_tricks
from engine.analysis.match_odds import MAX_TARGET, deal_win_chance
from engine.analysis.reasons import reason_for
from engine.core.boundary import echo
from engine.core.cards import SUITS, card_code
from engine.core.deal import Deal
from engine.core.error_codes import RECORD, REQUEST, code_for
from engine.core.errors import IllegalPlay
from engine.core.limits import MAX_ANALYSIS_WORLDS, SEED_LIMIT
from engine.core.limits import MAX_SAMPLES as LIMIT_SAMPLES
from engine.core.record import RecordError, read_record
from engine.core.scoring import POINT_NAMES

DEFAULT_SAMPLES = 16
MAX_SAMPLES = LIMIT_SAMPLES  # one cap for every request: engine/limits.py
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
# Upper bounds of the loss (in net points) for good, inaccuracy and mistake; above: blunder.
VALUE_BANDS = (0.5, 0.9, 1.5)
# The same for the loss of win chance (a probability) when the match scores are known.
WIN_BANDS = (0.04, 0.08, 0.16)
# Values are rounded to this many decimals; a loss at or below TIE is no loss.
DECIMALS = 4
TIE = 1e-9

Json = dict[str, Any]


def _read(record: Any) -> tuple[Deal, tuple[int, ...], tuple[int, ...]]:
    """The record through the engine's one reader: its fresh deal, plays and scores."""
    read = read_record(record)
    return read.deal, read.plays, read.scores_before


class AnalysisError(ValueError):
    """Bad input to `analyse`; `field` names what is wrong (e.g. 'plays[3]', 'seat', 'samples')
    and `code` says which part of the input it is in (engine/core/error_codes.py): the record
    (bad_record, bad_rules) or the request's own arguments (bad_request)."""

    def __init__(self, field_name: str, problem: str, part: str = REQUEST):
        super().__init__(f"{field_name}: {problem}")
        self.field = field_name
        self.problem = problem
        self.code = code_for(part, field_name)


@dataclass(slots=True)
class OptionValue:
    """One legal card's evaluation for the deciding seat."""

    value: float
    points: dict[str, float]
    win_chance: float | None = None
    # Exact decisions only: the cards played after it on the optimal line, and the first of
    # them played by the opponent (its best answer; None if the deal ends first).
    line: tuple[int, ...] = ()
    reply: int | None = None
    outcomes: list[tuple[int | None, ...]] = field(default_factory=list)


def point_names(rules: Any) -> tuple[str, ...]:
    return POINT_NAMES if rules.nine_point else POINT_NAMES[:4]


def _net(seats: Iterable[int | None], seat: int) -> int:
    return sum(0 if s is None else (1 if s == seat else -1) for s in seats)


def _summarise(
    seat: int, rules: Any, outcomes: list[tuple[int | None, ...]]
) -> tuple[float, dict[str, float]]:
    """Mean net value and per-point chances of a list of deal outcomes (point seats)."""
    names = point_names(rules)
    count = len(outcomes)
    value = sum(_net(seats, seat) for seats in outcomes) / count
    points = {
        name: sum(1 for seats in outcomes if seats[index] == seat) / count for index, name in enumerate(names)
    }
    return value, points


# ----- exact values -------------------------------------------------------------------------------


def is_exact(deal: Deal) -> bool:
    """Two players and the stock empty: the seat to move can know every card's place."""
    return deal.players == 2 and deal.stock_remaining == 0 and not deal.is_over


def endgame_solver(deal: Deal) -> EndgameSolver:
    """A solver for every position of this deal from now on (its memo stays valid for all of
    them: each seat's played-plus-held cards no longer change once the stock is empty)."""
    return EndgameSolver(
        deal.rules, deal.trump, deal.dealer, deal.jack_turned, list(deal.hands), list(deal.played)
    )


def _optimal_line(solver: EndgameSolver, deal: Deal) -> tuple[int, ...]:
    """Play `deal` (in place) to the end along an optimal line; return the cards played."""
    line = []
    while not deal.is_over:
        legal = deal.legal_mask()
        if legal & (legal - 1):
            seat = deal.to_move
            assert seat is not None
            card, _, _ = solve_position(solver, deal.hands, deal.won, deal.leader, deal.current_trick, seat)
        else:
            card = legal.bit_length() - 1
        deal.play(card)
        line.append(card)
    return tuple(line)


def exact_option_values(
    deal: Deal, seat: int | None = None, solver: EndgameSolver | None = None
) -> dict[int, OptionValue]:
    """Exact value and points of every legal card of the seat to move (see the module doc).

    `deal` must satisfy `is_exact`; it is left unchanged. Reusable by the puzzles.
    """
    if not is_exact(deal):
        raise ValueError("exact values need two players, an empty stock and a deal not over")
    mover = deal.to_move
    assert mover is not None
    if seat is not None and seat != mover:
        raise ValueError(f"seat {seat} is not to move (seat {mover} is)")
    solver = solver or endgame_solver(deal)
    options: dict[int, OptionValue] = {}
    for card in deal.legal_plays():
        trial = deal.copy()
        trial.play(card)
        replier = trial.to_move
        line = _optimal_line(solver, trial)
        # Two players: the opponent answers at once unless this card won a trick (then it
        # answers the next lead, one card later).
        reply_at = 0 if replier != mover else 1
        reply = line[reply_at] if len(line) > reply_at else None
        seats = tuple(trial.result().seats)
        value, points = _summarise(mover, deal.rules, [seats])
        options[card] = OptionValue(value, points, line=line, reply=reply, outcomes=[seats])
    return options


# ----- sampled values -----------------------------------------------------------------------------


def _play_out(world: World) -> tuple[int | None, ...]:
    """Finish a sampled deal with the heuristic bot's cards for every seat; the point seats."""
    return tuple(world.rollout())


def sample_rng(seed: int, play_index: int) -> random.Random:
    """The generator of one decision's samples: the same on every machine (string seeding)."""
    return random.Random(f"analysis:{seed}:{play_index}")


def sampled_option_values(deal: Deal, samples: int, rng: random.Random) -> dict[int, OptionValue]:
    """Estimated values of every legal card of the seat to move, from its view only."""
    seat = deal.to_move
    assert seat is not None
    view = deal.view(seat)
    moves = view.legal_plays()
    outcomes: dict[int, list[tuple[int | None, ...]]] = {card: [] for card in moves}
    for _ in range(samples):
        world = sample_world(view, rng)
        for card in moves:
            trial = world.copy()
            trial.play(card)
            outcomes[card].append(_play_out(trial))
    options = {}
    for card in moves:
        value, points = _summarise(seat, deal.rules, outcomes[card])
        options[card] = OptionValue(value, points, outcomes=outcomes[card])
    return options


# ----- grades -------------------------------------------------------------------------------------


def grade_of(loss: float, bands: tuple[float, float, float]) -> str:
    """Grade for a loss: best when nothing is lost, then the first band that holds it."""
    if loss <= TIE:
        return "best"
    for bound, grade in zip(bands, GRADES[1:4], strict=True):
        if loss <= bound + TIE:
            return grade
    return "blunder"


# ----- the whole deal -----------------------------------------------------------------------------


def _check_work(samples: int, sampled: int) -> None:
    """Refuse, before any search, a request whose sampled decisions would cost more than
    MAX_ANALYSIS_WORLDS sampled deals (`samples` for each decision before the exact endgame;
    the match chances reuse those deals)."""
    worlds = samples * sampled
    if worlds > MAX_ANALYSIS_WORLDS:
        raise AnalysisError(
            "samples",
            f"{samples} sampled deals for each of {sampled} decisions is {worlds}; a request may ask "
            f"for at most {MAX_ANALYSIS_WORLDS} (ask for fewer samples, one seat or fewer plays with `only`)",
        )


def _check_int(value: Any, name: str, low: int, high: int | None) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < low
        or (high is not None and value > high)
    ):
        upper = "" if high is None else f"..{high}"
        raise AnalysisError(name, f"expected an integer {low}{upper}, got {echo(value)}")
    return value


def analyse(
    record: Any,
    *,
    seat: int | None = None,
    samples: int | None = None,
    seed: int = 0,
    only: Iterable[int] | None = None,
) -> Json:
    """Analyse every card played in `record` by `seat` (every seat if None).

    `only`, if given, restricts the decisions to those play indices (the browser analyses a
    deal in small batches to show its progress). Raises AnalysisError (a ValueError naming the
    field) for bad input.
    """
    try:
        deal, plays, scores_before = _read(record)
    except RecordError as error:
        raise AnalysisError(error.field, error.problem, RECORD) from None
    rules = deal.rules
    if seat is not None:
        _check_int(seat, "seat", 0, rules.players - 1)
    samples = DEFAULT_SAMPLES if samples is None else _check_int(samples, "samples", 1, MAX_SAMPLES)
    _check_int(seed, "seed", 0, SEED_LIMIT - 1)
    wanted = None if only is None else {_check_int(i, "only", 0, None) for i in only}
    scores_known = (
        isinstance(record, dict)
        and "scores_before" in record
        and rules.players == 2
        and rules.target <= MAX_TARGET
    )
    # First pass: replay every play (so a bad record fails before any heavy work) and list the
    # decisions to analyse.
    targets: list[int] = []
    sampled = 0
    for index, card in enumerate(plays):
        if (wanted is None or index in wanted) and (seat is None or deal.to_move == seat):
            targets.append(index)
            sampled += not is_exact(deal)
        try:
            deal.play(card)
        except IllegalPlay as refused:
            raise AnalysisError(
                f"plays[{index}]", f"{card_code(card)} is not legal here: {refused}", RECORD
            ) from None
    _check_work(samples, sampled)
    deal = read_record(record).deal
    decisions: list[Json] = []
    solver: EndgameSolver | None = None
    pending = set(targets)
    for index, card in enumerate(plays):
        if index in pending:
            mover = deal.to_move
            assert mover is not None
            exact = is_exact(deal)
            if exact:
                solver = solver or endgame_solver(deal)
                options = exact_option_values(deal, mover, solver)
            else:
                options = sampled_option_values(deal, samples, sample_rng(seed, index))
            if scores_known:
                for option in options.values():
                    option.win_chance = deal_win_chance(
                        rules, deal.dealer, deal.jack_turned, scores_before, mover, option.outcomes
                    )
            decisions.append(_decision(deal, index, mover, card, exact, samples, options))
        deal.play(card)
    return {
        "trump": SUITS[deal.trump],
        "decisions": decisions,
        "summary": _summary(decisions, rules.players, seat),
    }


def _decision(
    deal: Deal,
    index: int,
    seat: int,
    played: int,
    exact: bool,
    samples: int,
    options: dict[int, OptionValue],
) -> Json:
    names = point_names(deal.rules)
    rows = []
    for card in sorted(options, key=lambda c: (-options[c].value, c)):
        option = options[card]
        row: dict[str, Any] = {
            "card": card_code(card),
            "value": round(option.value, DECIMALS),
            "points": {name: round(option.points[name], DECIMALS) for name in names},
        }
        if option.win_chance is not None:
            row["win_chance"] = round(option.win_chance, DECIMALS)
        if exact:
            row["line"] = [card_code(c) for c in option.line]
            row["reply"] = None if option.reply is None else card_code(option.reply)
            row["tricks"] = line_tricks(deal, (card, *option.line))
        rows.append(row)
    by_card = {row["card"]: row for row in rows}
    top = max(row["value"] for row in rows)
    best = [row["card"] for row in rows if row["value"] >= top - TIE]
    played_row = by_card[card_code(played)]
    for row in rows:
        # Why this card is worse than the best, and what it does better than the card played:
        # "Find a better card" explains a wrong pick, a right pick and the best card with them.
        row["reason"] = None if row["value"] >= top - TIE else reason_for(deal, row, by_card[best[0]])
        better = row["value"] > played_row["value"] + TIE
        row["advantage"] = reason_for(deal, played_row, row) if better else None
    loss = round(top - played_row["value"], DECIMALS)
    decision: dict[str, Any] = {
        "play_index": index,
        "trick": len(deal.tricks) + 1,
        "seat": seat,
        "played": card_code(played),
        "exact": exact,
        "samples": 0 if exact else samples,
        "options": rows,
        "best": best,
        "loss": loss,
    }
    if "win_chance" in played_row:
        top_win = max(row["win_chance"] for row in rows)
        win_loss = round(top_win - played_row["win_chance"], DECIMALS)
        decision["win_loss"] = win_loss
        # A card of best value never counts as a mistake, whatever the match chances say.
        grade = "best" if loss <= TIE else grade_of(win_loss, WIN_BANDS)
        if grade == "best" and loss > TIE:
            grade = "good"
        decision["graded_by"] = "win_chance"
    else:
        grade = grade_of(loss, VALUE_BANDS)
        decision["graded_by"] = "value"
    decision["grade"] = grade
    decision["reason"] = None if grade in ("best", "good") else reason_for(deal, played_row, by_card[best[0]])
    return decision


def _summary(decisions: list[Json], players: int, seat: int | None) -> Json:
    seats = range(players) if seat is None else (seat,)
    summary = {str(s): dict.fromkeys(GRADES, 0) for s in seats}
    for decision in decisions:
        summary[str(decision["seat"])][decision["grade"]] += 1
    return summary
