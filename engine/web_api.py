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
- ``{"op": "puzzle_position", "record": {...}}`` -> the position at the end of the record (two
  players, stock empty) with every hand shown, and the card value each seat has won so far.
- ``{"op": "puzzle_play", "record": {...}, "card": "QH" | null}`` -> the exact verdict on that
  card (engine/puzzles.py `judge`; null: the best card) and the states along its line.

Answers are ``{"ok": true, ...}`` or ``{"ok": false, "error": {"code", "message", ...}}``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .cards import SUITS, card_code, parse_card
from .deal import Deal, Trick
from .errors import IllegalPlay, SetupError
from .rules import Rules, RulesError
from .scoring import count_out

LOCALES = Path(__file__).resolve().parent / "locales"
DEFAULT_LANGUAGE = "en"
_RANK_ORDER = "AKQJT98765432"

Json = dict[str, Any]


class BadRequest(ValueError):
    """A request the facade cannot answer; `code` is machine-readable, the message names the field."""

    def __init__(self, code: str, message: str, field: str | None = None):
        super().__init__(message)
        self.code = code
        self.field = field


# ----- catalogue --------------------------------------------------------------------------------


def _read_catalogue(lang: str) -> Json:
    path = LOCALES / f"{lang}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


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


def catalogue(lang: str) -> Json:
    """The catalogue of `lang` completed from English, and the keys English had to fill in.

    A UI can then prefer another source in the page language for those keys, and a missing
    key never shows as a bare key.
    """
    if not isinstance(lang, str) or not lang.isalpha() or len(lang) > 8:
        raise BadRequest("bad_request", f"lang: expected a language code like 'fr', got {lang!r}", "lang")
    english = _read_catalogue(DEFAULT_LANGUAGE)
    if lang == DEFAULT_LANGUAGE:
        return {"catalogue": english, "untranslated": []}
    own = _read_catalogue(lang)
    return {"catalogue": _merge(english, own), "untranslated": sorted(_keys(english) - _keys(own))}


# ----- deals ------------------------------------------------------------------------------------


def _sorted_codes(cards) -> list[str]:
    """Display order, as on the static example pages: suits S H D C, high rank first."""
    codes = [card_code(card) for card in cards]
    return sorted(codes, key=lambda code: (SUITS.index(code[1]), _RANK_ORDER.index(code[0])))


def _new_deal(record: Json, rules_override: Any) -> Deal:
    if not isinstance(record, dict):
        raise BadRequest("bad_record", "record: expected an object", "record")
    spec = rules_override if rules_override is not None else record.get("rules", "standard")
    try:
        rules = Rules.from_spec(spec)
        dealer = record.get("dealer", 0)
        if "seed" in record:
            return Deal.from_seed(rules, record["seed"], dealer)
        for field in ("hands", "stock"):
            if field not in record:
                raise BadRequest("bad_record", f"{field}: missing (give hands and stock, or a seed)", field)
        return Deal.from_cards(rules, record["hands"], record["stock"], dealer)
    except RulesError as error:
        raise BadRequest("bad_rules", str(error), "rules") from None
    except SetupError as error:
        raise BadRequest("bad_record", str(error), error.field) from None


def _plays(record: Json) -> list[str]:
    plays = record.get("plays", [])
    if not isinstance(plays, list):
        raise BadRequest("bad_record", "plays: expected a list of card codes", "plays")
    codes = []
    for index, play in enumerate(plays):
        try:
            codes.append(card_code(parse_card(play)))
        except ValueError as error:
            raise BadRequest("bad_record", f"plays[{index}]: {error}", f"plays[{index}]") from None
    return codes


def refusal(error: IllegalPlay, rules: Rules) -> Json:
    """An engine refusal with the catalogue keys that explain it.

    The engine has one code for every broken duty to follow; the catalogue words the three
    cases differently (plain suit while trumping is allowed, plain suit under the stricter
    variant, trumps led), so the facade picks the message key and the UI only translates.
    """
    variant = error.code
    if error.code == "must_follow_suit":
        if error.led is not None and error.led == error.trump:
            variant = "must_follow_trump"
        elif not rules.trump_when_able:
            variant = "must_follow_suit_only"
    return {
        **error.details(),
        "message_key": f"errors.{variant}",
        "rule_ref_key": f"rule_refs.{variant}",
        "params": {"card": error.card, "suit": error.led, "trump": error.trump},
        "message": str(error),
    }


def _hands_seen(deal: Deal, narrator: int | None) -> list[Json]:
    """Per seat: the cards the narrator can see in that hand, and how many stay hidden."""
    if narrator is None:
        return [
            {"cards": _sorted_codes(deal.hand(seat)), "count": len(deal.hand(seat)), "hidden": 0}
            for seat in range(deal.players)
        ]
    view = deal.view(narrator)
    hands = []
    for seat in range(deal.players):
        known = [card for card in range(52) if view.known[seat] >> card & 1]
        count = view.hand_sizes[seat]
        hands.append({"cards": _sorted_codes(known), "count": count, "hidden": count - len(known)})
    return hands


def _trick_json(trick: Trick, number: int, players: int, hide_draws_from: int | None, hidden: bool) -> Json:
    draws = []
    for index, draw in enumerate(trick.draws):
        # Face-down stock: a narrator seated at the table sees only its own draws (and the
        # turned-up trump card, which is the first draw of the first trick).
        seen = (
            not hidden
            or hide_draws_from is None
            or draw.seat == hide_draws_from
            or (number == 1 and index == 0)
        )
        draws.append({"seat": draw.seat, "card": card_code(draw.card) if seen else None})
    return {
        "number": number,
        "leader": trick.leader,
        "cards": [
            {"seat": trick.seat_of(index, players), "card": card_code(card)}
            for index, card in enumerate(trick.cards)
        ],
        "winner": trick.winner,
        "draws": draws,
    }


def _state(deal: Deal, step: int, narrator: int | None) -> Json:
    hidden = deal.rules.stock == "hidden"
    tricks = deal.tricks
    players = deal.players
    plays = deal.plays
    state: Json = {
        "step": step,
        "play": None,
        "completed": None,
        "to_move": deal.to_move,
        "leader": deal.leader,
        "hands": _hands_seen(deal, narrator),
        "trick": [
            {"seat": (deal.leader + index) % players, "card": card_code(card)}
            for index, card in enumerate(deal.current_trick)
        ],
        "stock_top": None,
        "stock_count": deal.stock_remaining,
        "tricks_played": len(tricks),
        "tricks_won": [sum(1 for trick in tricks if trick.winner == seat) for seat in range(players)],
        "over": deal.is_over,
    }
    top = deal.stock_top
    if top is not None and not (hidden and tricks and narrator is not None):
        state["stock_top"] = card_code(top)
    if plays:
        # The seat that played the last card: the one before the seat to move, unless that card
        # completed a trick, in which case it was the trick's last seat.
        if not deal.current_trick and tricks:
            last = tricks[-1]
            state["play"] = {"seat": last.seat_of(len(last.cards) - 1, players), "card": card_code(plays[-1])}
            state["completed"] = _trick_json(last, len(tricks), players, narrator, hidden)
        else:
            seat = (deal.leader + len(deal.current_trick) - 1) % players
            state["play"] = {"seat": seat, "card": card_code(plays[-1])}
    if narrator is None or deal.to_move == narrator:
        state["legal"] = _sorted_codes(deal.legal_plays()) if not deal.is_over else []
    return state


def _result(deal: Deal, scores_before: list[int]) -> Json:
    result = deal.result()
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


def _scores_before(record: Json, players: int) -> list[int]:
    scores = record.get("scores_before", [0] * players)
    if (
        not isinstance(scores, list)
        or len(scores) != players
        or not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in scores)
    ):
        raise BadRequest(
            "bad_record", f"scores_before: expected {players} non-negative integers", "scores_before"
        )
    return scores


def _narrator(request: Json, players: int) -> int | None:
    narrator = request.get("narrator")
    if narrator is None:
        return None
    if isinstance(narrator, bool) or not isinstance(narrator, int) or not 0 <= narrator < players:
        raise BadRequest("bad_request", f"narrator: expected null or a seat 0..{players - 1}", "narrator")
    return narrator


def replay_steps(request: Json) -> Json:
    record = request.get("record")
    deal = _new_deal(record, request.get("rules"))
    plays = _plays(record)
    scores_before = _scores_before(record, deal.players)
    narrator = _narrator(request, deal.players)
    states = [_state(deal, 0, narrator)]
    error = None
    for index, card in enumerate(plays):
        try:
            deal.play(card)
        except IllegalPlay as refused:
            error = {**refusal(refused, deal.rules), "play_index": index}
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
        "result": _result(deal, scores_before) if deal.is_over else None,
    }


def try_card(request: Json) -> Json:
    record = request.get("record")
    deal = _new_deal(record, request.get("rules"))
    plays = _plays(record)
    step = request.get("step")
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(plays):
        raise BadRequest("bad_request", f"step: expected 0..{len(plays)}", "step")
    try:
        card = card_code(parse_card(request.get("card")))
    except ValueError as error:
        raise BadRequest("bad_request", f"card: {error}", "card") from None
    for index, played in enumerate(plays[:step]):
        try:
            deal.play(played)
        except IllegalPlay as refused:
            raise BadRequest("bad_record", f"plays[{index}]: {refused}", f"plays[{index}]") from None
    answer: Json = {
        "step": step,
        "card": card,
        "seat": deal.to_move,
        "legal_plays": _sorted_codes(deal.legal_plays()),
        "example_card": plays[step] if step < len(plays) else None,
    }
    try:
        deal.check(parse_card(card))
    except IllegalPlay as refused:
        return {**answer, "legal": False, "refusal": refusal(refused, deal.rules)}
    return {**answer, "legal": True, "refusal": None}


def analyse_deal(request: Json) -> Json:
    """`{"op": "analyse", "record", "seat", "samples", "seed"?, "only"?, "lang"?}` -> the
    analysis of engine/analysis.py, each decision with its reason in `lang` (`reason_text`).
    `only` (play indices) lets the page analyse a deal in batches and show its progress."""
    from .analysis import VALUE_BANDS, WIN_BANDS, AnalysisError, analyse
    from .catalogue import LANGUAGES, Catalogue

    lang = request.get("lang", DEFAULT_LANGUAGE)
    if lang not in LANGUAGES:
        raise BadRequest("bad_request", f"lang: expected one of {', '.join(LANGUAGES)}", "lang")
    only = request.get("only")
    if only is not None and not isinstance(only, list):
        raise BadRequest("bad_request", "only: expected a list of play indices", "only")
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
        code = "bad_request" if error.field in ("seat", "samples", "seed", "only") else "bad_record"
        raise BadRequest(code, str(error), error.field) from None
    texts = Catalogue(lang)
    for decision in result["decisions"]:
        reason = decision["reason"]
        decision["reason_text"] = texts.text(f"analysis.reasons.{reason}") if reason else None
    return {**result, "record": record, "bands": {"value": VALUE_BANDS, "win_chance": WIN_BANDS}}


def _practice_deal_record(match_record: Json, deal: Any) -> Json:
    """The deal record (seed, dealer, plays, scores before it) of one finished deal of a
    practice match record: `deal` is its index, by default the last finished deal."""
    from .practice_api import Game, deal_seed

    game = Game(match_record)
    finished = len(game.summaries)
    if deal is None:
        deal = finished - 1
    if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal < finished:
        raise BadRequest("bad_request", f"deal: expected a finished deal's index 0..{finished - 1}", "deal")
    summary = game.summaries[deal]
    return {
        "rules": game.rules.to_spec(),
        "dealer": summary.dealer,
        "seed": deal_seed(game.seed, deal),
        "plays": list(game.plays[deal]),
        "scores_before": list(summary.scores_before),
    }


def _puzzle_state(deal: Deal, step: int) -> Json:
    from .cards import mask_value

    return {**_state(deal, step, None), "values": [mask_value(won) for won in deal.won]}


def _puzzle_deal(request: Json) -> Deal:
    from .puzzles import PuzzleError, position_of

    try:
        return position_of(request.get("record"))
    except PuzzleError as error:
        raise BadRequest("bad_puzzle", str(error), error.field) from None


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
    from .puzzles import PuzzleError, judge

    deal = _puzzle_deal(request)
    try:
        verdict = judge(deal, request.get("card"))
    except PuzzleError as error:
        raise BadRequest("bad_puzzle", str(error), error.field) from None
    states = []
    for card in [verdict["card"], *verdict["line"]]:
        deal.play(card)
        states.append(_puzzle_state(deal, len(deal.plays)))
    return {**verdict, "states": states, "result": deal.result().to_dict() if deal.is_over else None}


OPERATIONS = {
    "catalogue": lambda request: catalogue(request.get("lang", DEFAULT_LANGUAGE)),
    "replay": replay_steps,
    "try": try_card,
    "analyse": analyse_deal,
    "puzzle_position": puzzle_position,
    "puzzle_play": puzzle_play,
}


def _operation(name: Any):
    """The stepper's operations, or the Practice page's (`practice.*`, engine/practice_api.py)."""
    if isinstance(name, str) and name.startswith("practice."):
        from .practice_api import OPERATIONS as PRACTICE  # imported on first use

        return PRACTICE.get(name)
    return OPERATIONS.get(name)


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON answer; never raises for a bad request."""
    try:
        request = json.loads(request_json)
        if not isinstance(request, dict):
            raise BadRequest("bad_request", "the request must be a JSON object")
        operation = _operation(request.get("op"))
        if operation is None:
            raise BadRequest(
                "bad_request", f"op: expected one of {', '.join(OPERATIONS)} or practice.*", "op"
            )
        answer = {"ok": True, **operation(request)}
    except json.JSONDecodeError as error:
        answer = {
            "ok": False,
            "error": {"code": "bad_request", "message": f"not JSON: {error}", "field": None},
        }
    except BadRequest as error:
        answer = {"ok": False, "error": {"code": error.code, "message": str(error), "field": error.field}}
    return json.dumps(answer, ensure_ascii=False)
