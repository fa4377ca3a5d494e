"""JSON in, JSON out: the one entry point the browser worker calls (`handle`).

The stepper on the worked-example pages runs the real engine in Pyodide. It sends one JSON
request per question and gets one JSON answer, so no Python object ever crosses into
JavaScript. The same function runs under CPython, where the tests call it directly.

Requests (`op` picks the operation):

- ``{"op": "catalogue", "lang": "fr"}`` -> the message catalogue of that language, with any
  key it lacks taken from English (and listed in `untranslated`).
- ``{"op": "replay", "record": {...}, "narrator": 0 | null, "rules": <spec>?}`` -> the state
  before the first play and after every play, as the narrator sees it (null: every hand shown),
  then the points with their reasons if the deal is complete. `rules`, when given, replaces the
  record's rules: "replay under other rules".
- ``{"op": "try", "record": {...}, "step": k, "card": "QH", "rules": <spec>?}`` -> whether the
  seat to move after the first k plays may play that card, and if not the engine's refusal code
  with what a UI needs to explain it (catalogue keys and parameters).
- ``{"op": "analyse", "record": {...}, "seat": 0 | null, "samples": K | null, "lang": "fr"}`` ->
  every card played valued and graded (engine/analysis.py); `only` restricts it to some plays;
  a practice match record (with `deals`) is analysed at its deal number `deal` (default: the
  last finished deal). The answer adds the deal `record` analysed and the grade `bands`.
- ``{"op": "luck", "record": {...}, "samples": K | null, "seed": S?}`` -> each seat's net points
  split into `expected` + `luck` + `skill` (engine/analysis/luck.py), with every chance event's
  luck and every card's change; a practice match record is read at its deal `deal` like analyse.
- ``{"op": "puzzle_position", "record": {...}}`` -> the position at the end of the record (two
  players, stock empty) with every hand shown, and the card value each seat has won so far.
- ``{"op": "puzzle_play", "record": {...}, "card": "QH" | null}`` -> the exact verdict on that
  card (engine/puzzles.py `judge`; null: the best card) and the states along its line.
- ``job.start``, ``job.step``, ``job.drop``: a long practice computation in bounded steps, for
  work the page does in the background (engine/surfaces/jobs.py).

Answers are ``{"ok": true, ...}`` or ``{"ok": false, "error": {"code", "message", "field"}}``.
`handle` never raises. The code names the part of the input that is wrong, by the one table
of engine/core/error_codes.py that every op uses:

- ``bad_request``: the request itself (not JSON, too large or too deep, an unknown op) or one
  of its own fields (``lang``, ``seat``, ``samples``, ``seed``, ``only``, ``step``, ``card``,
  ``narrator``, ``deal``, ``link``; practice.new's ``seed``, ``dealer``, ``level``);
- ``bad_record``: a field inside the deal record or the practice match record (read by the
  same readers as ``python -m engine replay``);
- ``bad_rules``: a rules spec, the record's or the request's ``rules`` override;
- ``bad_puzzle``: the puzzle ops' position (``record``, ``record.plays[3]``, not a two-player
  position with the stock empty);
- ``internal``: a bug (a short message; the detail stays out of the page).

Limits (engine/core/limits.py) are checked before any work, so every request's work is
bounded (an analysis by MAX_ANALYSIS_WORLDS sampled deals, a hint by MAX_SAMPLES).
A seated narrator is shown only its PlayerView: a refusal of another seat's play names that
card only if the narrator can see it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from engine.core.boundary import TEXT_PROBLEMS, BoundaryError, dump_json, echo, parse_json
from engine.core.cards import SUITS, card_code, cards_of, parse_card
from engine.core.deal import Deal
from engine.core.error_codes import INTERNAL, RECORD, REQUEST, bad_input, code_for
from engine.core.errors import IllegalPlay
from engine.core.messages import message, suit_name
from engine.core.outcome import deal_result
from engine.core.record import ReadRecord, RecordError, read_record
from engine.core.rules import Rules
from engine.core.scoring import count_out
from engine.core.view import PlayerView, trick_json
from engine.surfaces.catalogue import LOCALES
from engine.surfaces.jobs import OPERATIONS as JOB_OPERATIONS
from engine.surfaces.practice_api import OPERATIONS as PRACTICE_OPERATIONS
from engine.surfaces.requests import BadRequest, Json, refusal, request_card

DEFAULT_LANGUAGE = "en"
_RANK_ORDER = "AKQJT98765432"



# ----- catalogue --------------------------------------------------------------------------------


def _read_catalogue(lang: str) -> Json:
    path = LOCALES / f"{lang}.json"
    try:
        tree: Json = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return tree


def _merge(base: Json, over: Json) -> Json:
    merged = dict(base)
    for key, value in over.items():
        merged[key] = (
            _merge(base[key], value) if isinstance(value, dict) and isinstance(base.get(key), dict) else value
        )
    return merged


def _keys(tree: Json, prefix: str = "") -> set[str]:
    keys = set()
    for key, value in tree.items():
        keys |= _keys(value, f"{prefix}{key}.") if isinstance(value, dict) else {prefix + key}
    return keys


def catalogue(lang: object) -> Json:
    """The catalogue of `lang` completed from English, and the keys English had to fill in.

    A UI can then prefer another source in the page language for those keys, and a missing
    key never shows as a bare key.
    """
    if not isinstance(lang, str) or not lang.isascii() or not lang.isalpha() or len(lang) > 8:
        raise bad_input(REQUEST, "lang", f"expected a language code like 'fr', got {echo(lang)}")
    english = _read_catalogue(DEFAULT_LANGUAGE)
    if lang == DEFAULT_LANGUAGE:
        return {"catalogue": english, "untranslated": []}
    own = _read_catalogue(lang)
    return {"catalogue": _merge(english, own), "untranslated": sorted(_keys(english) - _keys(own))}


# ----- deals ------------------------------------------------------------------------------------


def _sorted_codes(cards: Iterable[int]) -> list[str]:
    """Display order, as on the static example pages: suits S H D C, high rank first."""
    codes = [card_code(card) for card in cards]
    return sorted(codes, key=lambda code: (SUITS.index(code[1]), _RANK_ORDER.index(code[0])))


def _read(request: Json) -> ReadRecord:
    """The request's record through the one record reader (the same as `engine replay`)."""
    try:
        return read_record(request.get("record"), request.get("rules"))
    except RecordError as error:
        raise BadRequest(error.code, str(error), error.field) from None


def hidden_refusal(error: IllegalPlay, rules: Rules, view: PlayerView) -> Json:
    """The refusal of another seat's play as `view`'s seat may hear it: the card is named only
    if that seat can see it (its own, shown, or already played); otherwise card and message
    say "a hidden card". The rule broken and the suit led stay: the record itself says a card
    was played there."""
    answer = refusal(error, rules)
    if error.card is None or not view.unseen >> parse_card(error.card) & 1:
        return answer
    hidden = "a " + message("ui.hidden_card").lower()  # the English `message` only; the UI has params
    return {
        **answer,
        "card": None,
        "params": {**answer["params"], "card": None},
        "message": message(
            answer["message_key"], seat=error.seat, card=hidden, suit=suit_name(error.led),
            trump=suit_name(error.trump),
        ),
    }


def _hands_seen(deal: Deal, view: PlayerView | None) -> list[Json]:
    """Per seat: the cards the narrator can see in that hand, and how many stay hidden.

    A seated narrator sees only its view; the narrator None sees every hand.
    """
    if view is None:
        return [
            {"cards": _sorted_codes(deal.hand(seat)), "count": len(deal.hand(seat)), "hidden": 0}
            for seat in range(deal.players)
        ]
    hands = []
    for seat, mask in enumerate(view.known):
        count = view.hand_sizes[seat]
        seen = _sorted_codes(cards_of(mask))
        hands.append({"cards": seen, "count": count, "hidden": count - len(seen)})
    return hands


def _state(deal: Deal, step: int, narrator: int | None) -> Json:
    """The table after `step` plays, as the narrator sees it: a seat's PlayerView, or all (None).

    For a seated narrator every field comes from its view, so nothing it may not see leaves.
    """
    view = None if narrator is None else deal.view(narrator)
    if view is None:
        tricks, current, leader, to_move = deal.tricks, deal.current_trick, deal.leader, deal.to_move
        top, stock_count = deal.stock_top, deal.stock_remaining
        legal = _sorted_codes(deal.legal_plays())
    else:
        tricks, current, leader, to_move = view.tricks, view.current_trick, view.leader, view.to_move
        top, stock_count = view.stock_top, view.stock_count
        legal = _sorted_codes(cards_of(view.legal))
    players = deal.players
    plays = deal.plays
    state: Json = {
        "step": step,
        "play": None,
        "completed": None,
        "to_move": to_move,
        "leader": leader,
        "hands": _hands_seen(deal, view),
        "trick": [
            {"seat": (leader + index) % players, "card": card_code(card)}
            for index, card in enumerate(current)
        ],
        "stock_top": None if top is None else card_code(top),
        "stock_count": stock_count,
        "tricks_played": len(tricks),
        "tricks_won": [sum(1 for trick in tricks if trick.winner == seat) for seat in range(players)],
        "over": to_move is None,
    }
    if step:
        # The seat that played the last card: the one before the seat to move, unless that card
        # completed a trick, in which case it was the trick's last seat.
        if not current and tricks:
            last = tricks[-1]
            state["play"] = {"seat": last.seat_of(len(last.cards) - 1, players), "card": card_code(plays[-1])}
            state["completed"] = trick_json(last, number=len(tricks), players=players)
        else:
            seat = (leader + len(current) - 1) % players
            state["play"] = {"seat": seat, "card": card_code(current[-1])}
    if narrator is None or to_move == narrator:
        state["legal"] = legal
    return state


def _result(deal: Deal, scores_before: list[int]) -> Json:
    result = deal_result(deal)
    scores_after, winner, order = count_out(
        result.seats, scores_before, deal.rules.target, result.jack_turned
    )
    return {
        **result.to_dict(),
        "scores_before": scores_before,
        "scores_after": scores_after,
        "winner": winner,
        "count_out_order": list(order),
    }


def _narrator(request: Json, players: int) -> int | None:
    narrator = request.get("narrator")
    if narrator is None:
        return None
    if isinstance(narrator, bool) or not isinstance(narrator, int) or not 0 <= narrator < players:
        problem = f"expected null or a seat 0..{players - 1}, got {echo(narrator)}"
        raise bad_input(REQUEST, "narrator", problem)
    return narrator


def replay_steps(request: Json) -> Json:
    read = _read(request)
    deal = read.deal
    narrator = _narrator(request, deal.players)
    states = [_state(deal, 0, narrator)]
    error = None
    for index, card in enumerate(read.plays):
        try:
            deal.play(card)
        except IllegalPlay as refused:
            if narrator is None or refused.seat == narrator:
                told = refusal(refused, deal.rules)
            else:
                told = hidden_refusal(refused, deal.rules, deal.view(narrator))
            error = {**told, "play_index": index}
            break
        states.append(_state(deal, index + 1, narrator))
    return {
        "rules": deal.rules.to_spec(),
        "players": deal.players,
        "dealer": deal.dealer,
        "trump": SUITS[deal.trump],
        "trump_card": card_code(deal.trump_card),
        "jack_turned": deal.jack_turned,
        "narrator": narrator,
        "states": states,
        "complete": deal.is_over,
        "error": error,
        "result": _result(deal, list(read.scores_before)) if deal.is_over else None,
    }


def try_card(request: Json) -> Json:
    read = _read(request)
    deal = read.deal
    plays = [card_code(card) for card in read.plays]
    step = request.get("step")
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(plays):
        raise bad_input(REQUEST, "step", f"expected 0..{len(plays)}, got {echo(step)}")
    card = request_card(request)
    for index, played in enumerate(read.plays[:step]):
        try:
            deal.play(played)
        except IllegalPlay as refused:
            raise bad_input(RECORD, f"plays[{index}]", str(refused)) from None
    answer: Json = {
        "step": step,
        "card": card_code(card),
        "seat": deal.to_move,
        "legal_plays": _sorted_codes(deal.legal_plays()),
        "example_card": plays[step] if step < len(plays) else None,
    }
    try:
        deal.check(card)
    except IllegalPlay as refused:
        return {**answer, "legal": False, "refusal": refusal(refused, deal.rules)}
    return {**answer, "legal": True, "refusal": None}


def analyse_deal(request: Json) -> Json:
    """`{"op": "analyse", "record", "seat", "samples", "seed"?, "only"?, "lang"?}` -> the
    analysis of engine/analysis.py, each decision with its reason in `lang` (`reason_text`).
    `only` (play indices) lets the page analyse a deal in batches and show its progress."""
    from engine.analysis.deal_analysis import VALUE_BANDS, WIN_BANDS, AnalysisError, analyse
    from engine.surfaces.analysis_text import advantage_key, reason_key
    from engine.surfaces.catalogue import LANGUAGES, Catalogue

    lang = request.get("lang", DEFAULT_LANGUAGE)
    if lang not in LANGUAGES:
        raise bad_input(REQUEST, "lang", f"expected one of {', '.join(LANGUAGES)}, got {echo(lang)}")
    only = request.get("only")
    if only is not None and not isinstance(only, list):
        raise bad_input(REQUEST, "only", f"expected a list of play indices, got {echo(only)}")
    record = request.get("record")
    if isinstance(record, dict) and "deals" in record:
        record = _practice_deal_record(record, request.get("deal"))
    try:
        result = analyse(
            record,
            seat=request.get("seat"),
            samples=request.get("samples"),
            seed=request.get("seed", 0),
            only=only,
        )
    except AnalysisError as error:
        raise BadRequest(error.code, str(error), error.field) from None
    texts = Catalogue(lang)
    for decision in result["decisions"]:
        reason = decision["reason"]
        decision["reason_key"] = reason_key(reason, result["players"]) if reason else None
        decision["reason_text"] = texts.text(decision["reason_key"]) if reason else None
        # Each option's own reason and advantage, keyed for this table (three players: two opponents).
        for option in decision["options"]:
            worse, advantage = option.get("reason"), option.get("advantage")
            option["reason_key"] = reason_key(worse, result["players"]) if worse else None
            option["advantage_key"] = advantage_key(advantage, result["players"]) if advantage else None
    return {**result, "record": record, "bands": {"value": VALUE_BANDS, "win_chance": WIN_BANDS}}


def luck_deal(request: Json) -> Json:
    """`{"op": "luck", "record", "samples"?, "seed"?, "deal"?}` -> each seat's result split into
    luck and skill (engine/analysis/luck.py), with every chance event and card; a practice match
    record (with `deals`) is read at its deal `deal` (default: the last finished deal)."""
    from engine.analysis.luck import LuckError, luck_of_deal

    record = request.get("record")
    if isinstance(record, dict) and "deals" in record:
        record = _practice_deal_record(record, request.get("deal"))
    try:
        result = luck_of_deal(record, samples=request.get("samples"), seed=request.get("seed", 0))
    except LuckError as error:
        raise BadRequest(error.code, str(error), error.field) from None
    return {**result, "record": record}


def _practice_deal_record(match_record: Json, deal: Any) -> Json:
    """The deal record (seed, dealer, plays, scores before it) of one finished deal of a
    practice match record: `deal` is its index, by default the last finished deal."""
    from engine.surfaces.practice_api import Game, deal_seed, finished_index

    game = Game(match_record)
    deal = finished_index(game, deal)
    summary = game.summaries[deal]
    return {
        "rules": game.rules.to_spec(),
        "dealer": summary.dealer,
        "seed": deal_seed(game.seed, deal),
        "plays": list(game.plays[deal]),
        "scores_before": list(summary.scores_before),
    }


def _puzzle_state(deal: Deal, step: int) -> Json:
    from engine.core.cards import mask_value

    return {**_state(deal, step, None), "values": [mask_value(won) for won in deal.won]}


def _puzzle_deal(request: Json) -> Deal:
    from engine.analysis.puzzles import PuzzleError, position_of

    try:
        return position_of(request.get("record"))
    except PuzzleError as error:
        raise BadRequest(error.code, str(error), error.field) from None


def puzzle_position(request: Json) -> Json:
    deal = _puzzle_deal(request)
    return {
        "players": deal.players,
        "dealer": deal.dealer,
        "trump": SUITS[deal.trump],
        "trump_card": card_code(deal.trump_card),
        "seat": deal.to_move,
        "state": _puzzle_state(deal, len(deal.plays)),
    }


def puzzle_play(request: Json) -> Json:
    from engine.analysis.puzzles import PuzzleError, judge

    deal = _puzzle_deal(request)
    try:
        verdict = judge(deal, request.get("card"))
    except PuzzleError as error:
        raise BadRequest(error.code, str(error), error.field) from None
    states = []
    for card in [verdict["card"], *verdict["line"]]:
        deal.play(card)
        states.append(_puzzle_state(deal, len(deal.plays)))
    return {**verdict, "states": states, "result": deal.result().to_dict() if deal.is_over else None}


Operation = Callable[[Json], Json]

OPERATIONS: dict[str, Operation] = {
    "catalogue": lambda request: catalogue(request.get("lang", DEFAULT_LANGUAGE)),
    "replay": replay_steps,
    "try": try_card,
    "analyse": analyse_deal,
    "luck": luck_deal,
    "puzzle_position": puzzle_position,
    "puzzle_play": puzzle_play,
}


def _operation(name: object) -> Operation | None:
    """The stepper's operations, or the Practice page's (`practice.*`, engine/practice_api.py)."""
    if not isinstance(name, str):
        return None
    if name.startswith("practice."):
        return PRACTICE_OPERATIONS.get(name)
    if name.startswith("job."):
        return JOB_OPERATIONS.get(name)
    return OPERATIONS.get(name)


def _failure(code: str, message: str, field: str | None = None) -> Json:
    return {"ok": False, "error": {"code": code, "message": message, "field": field}}


def _internal(error: Exception) -> Json:
    return _failure(INTERNAL, f"internal error in the rules engine ({type(error).__name__})")


def answer(request_json: object) -> Json:
    """The answer to one request as a dict: `{"ok": true, ...}` or `{"ok": false, "error": ...}`.

    Never raises. Bad input is answered with the code of what is wrong; any other failure is
    a bug, answered with the code `internal` and a short message (the detail stays out of the
    page: it could quote the request, and the page has nothing to do with it).
    """
    try:
        if isinstance(request_json, bytes):
            request_json = request_json.decode("utf-8", "replace")
        if not isinstance(request_json, str):
            kind = type(request_json).__name__
            raise bad_input(REQUEST, None, f"the request must be JSON text, got {kind}")
        request = parse_json(request_json, "request")
        if not isinstance(request, dict):
            raise bad_input(REQUEST, None, "the request must be a JSON object")
        operation = _operation(request.get("op"))
        if operation is None:
            names = ", ".join(OPERATIONS)
            problem = f"expected one of {names}, practice.* or job.*, got {echo(request.get('op'))}"
            raise bad_input(REQUEST, "op", problem)
        return {"ok": True, **operation(request)}
    except BoundaryError as error:
        # The request text's own problems (not JSON, too large, too deep) are the request's.
        code = code_for(REQUEST) if error.code in TEXT_PROBLEMS else error.code
        return _failure(code, str(error), error.field)
    except Exception as error:  # the promise is: never raise
        return _internal(error)


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON answer (see `answer`); never raises."""
    try:
        return dump_json(answer(request_json))
    except Exception as error:  # still answered
        return dump_json(_internal(error))
