"""Deal records (the project's JSON notation) and `replay`, which plays one through the engine."""

from __future__ import annotations

from .cards import SUITS, card_code, cards_of, parse_card
from .deal import Deal, Trick
from .errors import IllegalPlay, SetupError
from .messages import message
from .outcome import deal_result
from .rules import Rules, RulesError
from .scoring import count_out

RECORD_KEYS = ("rules", "dealer", "hands", "stock", "seed", "plays", "scores_before")


class RecordError(ValueError):
    """A malformed record; `field` names the offending field (e.g. 'plays[3]')."""

    def __init__(self, field: str, problem: str, play_index: int | None = None):
        self.field = field
        self.problem = problem
        self.play_index = play_index
        detail = f"{field}: {problem}"
        super().__init__(message("errors.bad_record", field=field, problem=problem, detail=detail))


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def deal_from_record(record) -> tuple[Deal, list[int], list[int]]:
    """Build the deal of a record; returns (deal, plays as card ints, scores_before).

    Raises RecordError naming the field for anything malformed.
    """
    if not isinstance(record, dict):
        raise RecordError("record", f"expected a JSON object, got {type(record).__name__}")
    for key in record:
        if key not in RECORD_KEYS:
            raise RecordError(str(key), f"unknown field; allowed fields: {', '.join(RECORD_KEYS)}")
    try:
        rules = Rules.from_spec(record.get("rules", "standard"))
    except RulesError as error:
        field = "rules" if error.key in (None, "rules") else f"rules.{error.key}"
        raise RecordError(field, str(error)) from None
    if "dealer" not in record:
        raise RecordError("dealer", f"missing; expected a seat number 0..{rules.players - 1}")
    has_seed = "seed" in record
    has_cards = "hands" in record or "stock" in record
    if has_seed and has_cards:
        raise RecordError("seed", "give either seed or hands and stock, not both")
    try:
        if has_seed:
            deal = Deal.from_seed(rules, record["seed"], record["dealer"])
        elif "hands" not in record:
            raise RecordError("hands", "missing; give hands and stock, or a seed")
        elif "stock" not in record:
            raise RecordError("stock", "missing; give hands and stock, or a seed")
        else:
            deal = Deal.from_cards(rules, record["hands"], record["stock"], record["dealer"])
    except SetupError as error:
        raise RecordError(error.field, error.problem) from None
    plays_text = record.get("plays", [])
    if not isinstance(plays_text, list):
        raise RecordError("plays", "expected a list of card codes")
    plays = []
    for index, text in enumerate(plays_text):
        if not isinstance(text, str):
            raise RecordError(f"plays[{index}]", f"expected a card code like 'TH', got {text!r}", index)
        try:
            plays.append(parse_card(text))
        except ValueError as error:
            raise RecordError(f"plays[{index}]", str(error), index) from None
    scores = record.get("scores_before", [0] * rules.players)
    if not isinstance(scores, list) or len(scores) != rules.players:
        raise RecordError("scores_before", f"expected a list of {rules.players} match scores")
    for seat, score in enumerate(scores):
        if not _is_int(score) or score < 0:
            raise RecordError(f"scores_before[{seat}]", f"expected a non-negative integer, got {score!r}")
        if score >= rules.target:
            raise RecordError(
                f"scores_before[{seat}]",
                f"{score} already reaches the target {rules.target}: the match is over",
            )
    return deal, plays, scores


def trick_dict(trick: Trick) -> dict:
    return {
        "leader": trick.leader,
        "cards": [card_code(card) for card in trick.cards],
        "winner": trick.winner,
        "draws": [{"seat": draw.seat, "card": card_code(draw.card)} for draw in trick.draws],
    }


def bad_record_result(message: str, play_index: int | None = None) -> dict:
    """The replay result of a record that could not be read at all."""
    return {
        "trump": None,
        "tricks": [],
        "complete": False,
        "error": {"code": "bad_record", "play_index": play_index, "card": None, "message": message},
    }


def replay(record: dict) -> dict:
    """Play a record through the engine. Never raises for bad input: see the `error` key.

    A trick left unfinished by the record is listed last with `winner` null and no draws.
    """
    try:
        deal, plays, scores_before = deal_from_record(record)
    except RecordError as error:
        return bad_record_result(str(error), error.play_index)
    error = None
    for index, card in enumerate(plays):
        try:
            deal.play(card)
        except IllegalPlay as refused:
            error = {
                "code": refused.code,
                "play_index": index,
                "card": card_code(card),
                "message": f"play {index} ({card_code(card)}), seat {refused.seat}: {refused}",
            }
            break
    tricks = [trick_dict(trick) for trick in deal.tricks]
    if deal.current_trick:
        tricks.append(
            {
                "leader": deal.leader,
                "cards": [card_code(card) for card in deal.current_trick],
                "winner": None,
                "draws": [],
            }
        )
    result: dict = {"trump": SUITS[deal.trump], "tricks": tricks, "complete": deal.is_over}
    if deal.is_over:
        outcome = deal_result(deal)
        scores_after, winner, _ = count_out(outcome.seats, scores_before, deal.rules.target, deal.jack_turned)
        result["points"] = outcome.points
        result["game_values"] = list(outcome.values)
        result["scores_after"] = scores_after
        result["winner"] = winner
    result["error"] = error
    if isinstance(record, dict) and "seed" in record:
        result["hands"] = [
            [card_code(card) for card in _dealt_order(deal, seat)] for seat in range(deal.players)
        ]
        result["stock"] = [card_code(card) for card in deal.stock]
    return result


def _dealt_order(deal: Deal, seat: int) -> tuple[int, ...]:
    return cards_of(deal.initial_hands[seat])


def record_of(deal: Deal, scores_before=None) -> dict:
    """A cards-form record of a deal as played so far (replays to the same state)."""
    record = {
        "rules": deal.rules.preset_name() or deal.rules.to_spec(),
        "dealer": deal.dealer,
        "hands": [[card_code(card) for card in _dealt_order(deal, seat)] for seat in range(deal.players)],
        "stock": [card_code(card) for card in deal.stock],
        "plays": [card_code(card) for card in deal.plays],
    }
    if scores_before is not None:
        record["scores_before"] = list(scores_before)
    return record
