"""Deal records (the project's JSON notation): the one reader, `replay`, and `record_of`.

Every surface reads a deal record through `read_record`: the command line's `replay`,
`web_api` (the stepper on the example pages) and the build hooks (the worked examples), so
they accept exactly the same records (RULES.md §6.9) and refuse the rest with the same
message naming the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.boundary import echo, field_name
from engine.core.cards import SUITS, card_code, cards_of, parse_card
from engine.core.deal import Deal
from engine.core.error_codes import CODE_OF_PART, RECORD, code_for
from engine.core.errors import IllegalPlay, SetupError
from engine.core.limits import MAX_PLAYS, SEED_LIMIT
from engine.core.messages import message
from engine.core.outcome import deal_result
from engine.core.rules import Rules, RulesError
from engine.core.scoring import count_out
from engine.core.view import trick_json

RECORD_KEYS = ("rules", "dealer", "hands", "stock", "seed", "plays", "scores_before")

Json = dict[str, Any]


# RULES.md §6.4: a turned jack that brings the dealer to the target wins the match before any
# card is played, so that deal has no plays. Every reader (this one and the practice record's)
# refuses plays there with these words.
TURNED_JACK_WON = (
    "the turned jack won the match for the dealer before any card was played: the deal has no plays"
)


class RecordError(ValueError):
    """A malformed record; `field` names the offending field (e.g. 'plays[3]'), `code` is its
    error code by the one table (engine/core/error_codes.py): bad_rules or bad_record."""

    def __init__(self, field: str, problem: str, play_index: int | None = None):
        self.field = field
        self.problem = problem
        self.play_index = play_index
        self.code = code_for(RECORD, field)
        detail = f"{field}: {problem}"
        super().__init__(message("errors.bad_record", field=field, problem=problem, detail=detail))


@dataclass(frozen=True, slots=True)
class ReadRecord:
    """A record read and checked: its deal before any play, its plays as card ints, the scores."""

    deal: Deal
    plays: tuple[int, ...]
    scores_before: tuple[int, ...]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_record(record: object, rules_override: object = None) -> ReadRecord:
    """Check a record and build its deal; RecordError names the first wrong field.

    Every limit is checked before any card is played: at most MAX_PLAYS plays, seeds
    0..2**64-1. `rules_override`, when not None, replaces the record's rules ("replay under
    other rules" on the example pages).
    """
    if not isinstance(record, dict):
        raise RecordError("record", f"expected a JSON object, got {type(record).__name__}")
    for key in record:
        if key not in RECORD_KEYS:
            raise RecordError(field_name(key), f"unknown field; allowed fields: {', '.join(RECORD_KEYS)}")
    try:
        spec = record.get("rules", "standard") if rules_override is None else rules_override
        rules = Rules.from_spec(spec)
    except RulesError as error:
        field = "rules" if error.key in (None, "rules", "preset") else f"rules.{field_name(error.key)}"
        raise RecordError(field, str(error)) from None
    if "dealer" not in record:
        raise RecordError("dealer", f"missing; expected a seat number 0..{rules.players - 1}")
    dealer = record["dealer"]
    if not _is_int(dealer) or not 0 <= dealer < rules.players:
        raise RecordError("dealer", f"expected a seat number 0..{rules.players - 1}, got {echo(dealer)}")
    plays_text = record.get("plays", [])
    if not isinstance(plays_text, list):
        raise RecordError("plays", f"expected a list of card codes, got {echo(plays_text)}")
    if len(plays_text) > MAX_PLAYS:
        raise RecordError("plays", f"{len(plays_text)} plays; a deal has at most {MAX_PLAYS}")
    has_seed = "seed" in record
    if has_seed and ("hands" in record or "stock" in record):
        raise RecordError("seed", "give either seed or hands and stock, not both")
    try:
        if has_seed:
            seed = record["seed"]
            if not _is_int(seed) or not 0 <= seed < SEED_LIMIT:
                raise RecordError("seed", f"expected an integer 0..2**64-1, got {echo(seed)}")
            deal = Deal.from_seed(rules, seed, dealer)
        elif "hands" not in record:
            raise RecordError("hands", "missing; give hands and stock, or a seed")
        elif "stock" not in record:
            raise RecordError("stock", "missing; give hands and stock, or a seed")
        else:
            deal = Deal.from_cards(rules, record["hands"], record["stock"], dealer)
    except SetupError as error:
        raise RecordError(error.field, error.problem) from None
    plays = []
    for index, text in enumerate(plays_text):
        if not isinstance(text, str):
            raise RecordError(f"plays[{index}]", f"expected a card code like 'TH', got {echo(text)}", index)
        try:
            plays.append(parse_card(text))
        except ValueError:
            raise RecordError(f"plays[{index}]", f"not a card: {echo(text)}", index) from None
    scores = record.get("scores_before", [0] * rules.players)
    if not isinstance(scores, list) or len(scores) != rules.players:
        raise RecordError("scores_before", f"expected a list of {rules.players} match scores")
    for seat, score in enumerate(scores):
        if not _is_int(score) or score < 0:
            raise RecordError(f"scores_before[{seat}]", f"expected a non-negative integer, got {echo(score)}")
        if score >= rules.target:
            raise RecordError(
                f"scores_before[{seat}]",
                f"{score} already reaches the target {rules.target}: the match is over",
            )
    if plays and deal.jack_turned and scores[dealer] + 1 >= rules.target:
        raise RecordError("plays[0]", TURNED_JACK_WON, 0)
    return ReadRecord(deal, tuple(plays), tuple(scores))


def bad_record_result(message: str, play_index: int | None = None, code: str = CODE_OF_PART[RECORD]) -> Json:
    """The replay result of a record that could not be read at all."""
    return {
        "trump": None,
        "tricks": [],
        "complete": False,
        "error": {"code": code, "play_index": play_index, "card": None, "message": message},
    }


def replay(record: object) -> Json:
    """Play a record through the engine. Never raises for bad input: see the `error` key.

    A trick left unfinished by the record is listed last with `winner` null and no draws.
    """
    try:
        read = read_record(record)
    except RecordError as error:
        return bad_record_result(str(error), error.play_index, error.code)
    deal = read.deal
    refusal: Json | None = None
    for index, card in enumerate(read.plays):
        try:
            deal.play(card)
        except IllegalPlay as refused:
            refusal = {
                "code": refused.code,
                "play_index": index,
                "card": card_code(card),
                "message": f"play {index} ({card_code(card)}), seat {refused.seat}: {refused}",
            }
            break
    tricks = [trick_json(trick) for trick in deal.tricks]
    if deal.current_trick:
        tricks.append(
            {
                "leader": deal.leader,
                "cards": [card_code(card) for card in deal.current_trick],
                "winner": None,
                "draws": [],
            }
        )
    result: Json = {"trump": SUITS[deal.trump], "tricks": tricks, "complete": deal.is_over}
    if deal.is_over:
        outcome = deal_result(deal)
        scores_after, winner, _ = count_out(
            outcome.seats, list(read.scores_before), deal.rules.target, deal.jack_turned
        )
        result["points"] = outcome.points
        result["game_values"] = list(outcome.values)
        result["scores_after"] = scores_after
        result["winner"] = winner
    result["error"] = refusal
    if isinstance(record, dict) and "seed" in record:
        result["hands"] = [
            [card_code(card) for card in cards_of(deal.initial_hands[seat])] for seat in range(deal.players)
        ]
        result["stock"] = [card_code(card) for card in deal.stock]
    return result


def record_of(deal: Deal, scores_before: list[int] | tuple[int, ...] | None = None) -> Json:
    """A cards-form record of a deal as played so far (replays to the same state)."""
    record: Json = {
        "rules": deal.rules.preset_name() or deal.rules.to_spec(),
        "dealer": deal.dealer,
        "hands": [
            [card_code(card) for card in cards_of(deal.initial_hands[seat])] for seat in range(deal.players)
        ],
        "stock": [card_code(card) for card in deal.stock],
        "plays": [card_code(card) for card in deal.plays],
    }
    if scores_before is not None:
        record["scores_before"] = list(scores_before)
    return record
