"""The exact endgame solver against a plain minimax (tests/engine/minimax_oracle.py).

The solver prunes (alpha-beta), remembers (a transposition table) and collapses equivalent
cards; the oracle does none of that. On thousands of small positions, half of them with a
card already on the table, every legal card must get the oracle's exact value, and the
solver's chosen card must be one of the oracle's best. The positions come from fixed seeds.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from minimax_oracle import RULE_MIXES, card_values, positions

from engine import Deal, card_code, parse_card
from engine.ai.endgame import EndgameSolver, solve_position
from engine.ai.expert import hint
from engine.analysis.deal_analysis import analyse, endgame_solver, exact_option_values
from engine.core.cards import cards_of
from engine.core.kernel import PlayState
from engine.core.record import read_record

POSITIONS = 5_000
_WIDE = 99  # wider than any net value: a full-window search

# Issue 20: standard rules, spades trump, three tricks left; seat 1 has just led 7♦ and seat 0
# holds 9♦ 4♥ 3♦. The 7♦ is on the table, in no hand: counting only the hands made 9♦ and 3♦
# look equivalent, so the solver searched 3♦ alone.
REPRODUCER = json.loads(Path(__file__).with_name("endgame_reproducer.json").read_text(encoding="utf-8"))


def _solver_values(solver: EndgameSolver, state: PlayState) -> dict[int, int]:
    """The solver's full-window value of each legal card of the seat to move, for that seat."""
    seat = state.to_move
    sign = 1 if seat == 0 else -1
    trial = solver.position(list(state.hands), list(state.won), state.leader, list(state.trick))
    then = solver.follow if not trial.trick else solver.search
    values = {}
    for card in cards_of(trial.legal()):
        trial.play(card)
        values[card] = sign * then(trial, -_WIDE, _WIDE)
        trial.undo()
    return values


def _solver_of(state: PlayState) -> EndgameSolver:
    return EndgameSolver(
        state.rules, state.trump, state.dealer, state.jack_turned, list(state.hands), state.played
    )


def _describe(seed: int, state: PlayState) -> str:
    hands = [" ".join(card_code(c) for c in cards_of(mask)) for mask in state.hands]
    trick = " ".join(card_code(c) for c in state.trick)
    return f"seed {seed}: hands {hands}, leader {state.leader}, trick [{trick}]"


def test_solver_values_equal_a_plain_minimax_on_5000_positions():
    wrong: list[str] = []
    mid_trick = 0
    for position in positions(POSITIONS):
        state = position.state
        mid_trick += position.mid_trick
        truth = card_values(state.copy())
        seat = state.to_move
        # Every card's exact value, searched with a full window (fresh tables each position,
        # then the same solver again: a remembered bound must not change a later answer).
        solver = _solver_of(state)
        for _ in range(2):
            values = _solver_values(solver, state)
            if values != truth:
                wrong.append(f"{_describe(position.seed, state)}: {values} != {truth}")
                break
        # The root search the bots, hints and analysis call: its card is one of the best, its
        # value the best value, and every other distinct card's value an upper bound.
        card, best, bounds = solve_position(
            _solver_of(state), list(state.hands), list(state.won), state.leader,
            list(state.trick), seat,
        )  # fmt: skip
        top = max(truth.values())
        if best != top or truth[card] != top:
            wrong.append(f"{_describe(position.seed, state)}: picks {card_code(card)} ({best}), best {top}")
        for other, bound in bounds.items():
            if not truth[other] <= bound <= top:
                wrong.append(f"{_describe(position.seed, state)}: bound {bound} for {card_code(other)}")
    assert mid_trick == POSITIONS // 2
    assert not wrong, f"{len(wrong)} wrong:\n" + "\n".join(wrong[:10])


def test_analysis_and_hints_equal_a_plain_minimax_along_whole_endgames():
    # The surfaces' path: a Deal, one solver reused for every later position of the deal (as
    # the analysis and the puzzle miner do), exact_option_values and the expert's hint.
    wrong = []
    checked = 0
    for seed in range(150):
        rng = random.Random(20_000 + seed)
        deal = Deal.from_seed(rng.choice(RULE_MIXES), rng.randrange(10**9), rng.randrange(2))
        while len(deal.plays) < 52 - 8:
            deal.play(rng.choice(list(deal.legal_plays())))
        solver = endgame_solver(deal)
        while not deal.is_over:
            state = _state_of(deal)
            truth = card_values(state)
            options = exact_option_values(deal, solver=solver)
            values = {card: option.value for card, option in options.items()}
            if values != truth:
                wrong.append(f"seed {seed} at play {len(deal.plays)}: {values} != {truth}")
            if len(truth) > 1:
                card, _reason = hint(deal, deal.to_move)
                if truth[card] != max(truth.values()):
                    wrong.append(f"seed {seed} at play {len(deal.plays)}: hint {card_code(card)}")
            checked += 1
            deal.play(rng.choice(list(deal.legal_plays())))
    assert checked == 150 * 8
    assert not wrong, "\n".join(wrong[:10])


def _state_of(deal: Deal) -> PlayState:
    """A kernel state of the deal's position, built from its public fields."""
    return PlayState(
        deal.rules, deal.trump, deal.dealer, deal.jack_turned, list(deal.hands), (), won=list(deal.won),
        played=list(deal.played), leader=deal.leader, trick=list(deal.current_trick),
        tricks_done=len(deal.tricks),
    )  # fmt: skip


def _reproducer_deal(plays: int | None = None) -> Deal:
    read = read_record(REPRODUCER)
    deal = read.deal
    for card in read.plays[:plays]:
        deal.play(card)
    return deal


def test_the_reproducer_follower_wins_with_the_nine():
    deal = _reproducer_deal()
    assert deal.current_trick == (parse_card("7D"),) and deal.to_move == 0
    truth = card_values(_state_of(deal))
    assert {card_code(c): v for c, v in truth.items()} == {"3D": -2, "9D": 0}
    card, reason = hint(deal, 0)
    assert (card_code(card), reason) == ("9D", "endgame_exact")
    assert {card_code(c): o.value for c, o in exact_option_values(deal).items()} == {"3D": -2, "9D": 0}


def test_the_reproducer_lead_is_graded_a_two_point_blunder():
    before = _reproducer_deal(-1)
    assert before.to_move == 1
    truth = {card_code(c): v for c, v in card_values(_state_of(before)).items()}
    assert truth["7D"] == 0 and max(truth.values()) == 2
    decision = analyse(REPRODUCER, seat=1, only=[len(REPRODUCER["plays"]) - 1])["decisions"][0]
    assert decision["played"] == "7D"
    assert decision["loss"] == 2.0 and decision["grade"] == "blunder"
    assert "7D" not in decision["best"]
    assert {row["card"]: row["value"] for row in decision["options"]} == truth
    seven = next(row for row in decision["options"] if row["card"] == "7D")
    assert seven["line"][0] == "9D"  # seat 0 takes the trick with the nine
