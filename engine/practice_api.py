"""JSON facade for the Practice page: a match against the computer, kept as a replayable record.

The browser worker reaches these operations through `engine.web_api.handle` (any ``op`` that
starts with ``practice.`` is routed here), so the stepper's worker and loader serve both pages.
Every request carries the whole match record and nothing is kept between requests, so
the page can store the record in localStorage and resume after a reload. The record never holds
engine objects, only what replays the match:

    {"v": 1, "rules": {...all rule keys...}, "seed": S, "dealer": D, "level": "expert",
     "deals": [["7C", "2H", ...], [...]]}

Deal k (0-based) of the match is ``Deal.from_seed(rules, S + k, (D + k) % players)``; the
human sits at seat 0, the computer at the other seats. A deal's link ``?seed=S+k&dealer=…
&rules=…`` starts a new match whose first deal is exactly that deal.

Operations (answers are wrapped by web_api.handle in ``{"ok": true, ...}``):

- ``practice.new``   ``{rules?, seed?, dealer?, level?, link?}`` -> ``{record, state, events}``.
  ``rules`` is a spec (preset name or object) or the link form (``classic,target:7``); ``link``
  is a query string (``?seed=…&rules=…&dealer=…``) that fills seed, rules and dealer.
- ``practice.state`` ``{record}`` -> ``{record, state}``.
- ``practice.play``  ``{record, card}`` -> the human's card: ``{legal: true, record, state,
  events}`` or ``{legal: false, refusal, record, state}`` with the engine's reason.
- ``practice.bot``   ``{record, think_ms?, samples?}`` -> the computer's next card.
- ``practice.hint``  ``{record, think_ms?, samples?}`` -> ``{card, reason, reason_key}``.
- ``practice.undo``  ``{record}`` -> the human's last play and every reply after it taken back.
- ``practice.next``  ``{record}`` -> the next deal started (dealer passed to the left).
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

from .bots import make_bot
from .cards import CARD_VALUE, SUITS, card_code, codes_of, parse_card
from .deal import Deal, Trick
from .errors import IllegalPlay
from .match import Match
from .rules import PRESETS, Rules, RulesError
from .scoring import count_out
from .web_api import BadRequest, Json, refusal

RECORD_VERSION = 1
HUMAN = 0
LEVELS = ("random", "heuristic", "expert")
DEFAULT_LEVEL = "expert"
# The expert's think time per reply in the browser: its p95 reply latency in Pyodide stays
# within 300 ms with this budget (scripts/bench_practice.py).
DEFAULT_THINK_MS = 120
HINT_THINK_MS = 150
MAX_THINK_MS = 2000
MAX_SEED = (1 << 63) - 1
_RANK_ORDER = "AKQJT98765432"
_RULE_TYPES = {f.name: type(getattr(Rules(), f.name)) for f in fields(Rules)}


# ----- rules in links ---------------------------------------------------------------------------


def rules_text(rules: Rules) -> str:
    """The short link form of `rules`: the nearest preset, then `key:value` for each difference."""
    spec = rules.to_spec()

    def differences(name: str) -> list[str]:
        base = PRESETS[name].to_spec()
        return [key for key in spec if spec[key] != base[key]]

    preset = min(PRESETS, key=lambda name: len(differences(name)))
    parts = [preset]
    for key in differences(preset):
        value = spec[key]
        parts.append(f"{key}:{str(value).lower() if isinstance(value, bool) else value}")
    return ",".join(parts)


def parse_rules(spec: Any) -> Rules:
    """A rules spec (preset name, object) or the link form `preset,key:value,...`."""
    try:
        if isinstance(spec, str) and ("," in spec or ":" in spec):
            preset, *options = spec.split(",")
            parsed: dict[str, Any] = {"preset": preset.strip() or "standard"}
            for option in options:
                key, _, text = option.partition(":")
                key, text = key.strip(), text.strip()
                kind = _RULE_TYPES.get(key)
                if kind is None:
                    raise RulesError(f"unknown rules key {key!r}", key=key)
                if kind is bool:
                    if text.lower() not in ("true", "false", "1", "0"):
                        raise RulesError(f"rules key {key!r}: expected true or false, got {text!r}", key=key)
                    parsed[key] = text.lower() in ("true", "1")
                elif kind is int:
                    if not text.isdigit():
                        raise RulesError(f"rules key {key!r}: expected a number, got {text!r}", key=key)
                    parsed[key] = int(text)
                else:
                    parsed[key] = text
            return Rules.from_spec(parsed)
        return Rules.from_spec(spec)
    except RulesError as error:
        raise BadRequest("bad_rules", str(error), "rules") from None


def parse_link(query: Any) -> Json:
    """`?seed=…&dealer=…&rules=…&level=…` -> the fields of a new match (only those present)."""
    from urllib.parse import parse_qs

    if not isinstance(query, str):
        raise BadRequest("bad_request", "link: expected a query string", "link")
    values = {key: items[-1] for key, items in parse_qs(query.lstrip("?")).items()}
    found: Json = {}
    for key in ("seed", "dealer"):
        if key in values:
            text = values[key].strip()
            if not text.isdigit():
                raise BadRequest("bad_request", f"{key}: expected a number, got {text!r}", key)
            found[key] = int(text)
    if "rules" in values:
        found["rules"] = values["rules"]
    if "level" in values:
        found["level"] = values["level"]
    return found


# ----- the match record -------------------------------------------------------------------------


def _int_field(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadRequest("bad_record", f"{name}: expected an integer {low}..{high}, got {value!r}", name)
    return value


def _level(value: Any) -> str:
    if value not in LEVELS:
        raise BadRequest("bad_request", f"level: expected one of {', '.join(LEVELS)}, got {value!r}", "level")
    return value


def deal_seed(seed: int, index: int) -> int:
    return (seed + index) % (MAX_SEED + 1)


class Game:
    """A match rebuilt from its record: finished deals counted out, the last one in progress."""

    def __init__(self, record: Any):
        if not isinstance(record, dict):
            raise BadRequest("bad_record", "record: expected an object", "record")
        self.rules = parse_rules(record.get("rules", "standard"))
        self.players = self.rules.players
        self.seed = _int_field(record.get("seed"), "seed", 0, MAX_SEED)
        self.first_dealer = _int_field(record.get("dealer", 0), "dealer", 0, self.players - 1)
        self.level = _level(record.get("level", DEFAULT_LEVEL))
        deals = record.get("deals", [])
        if not isinstance(deals, list) or not deals or not all(isinstance(d, list) for d in deals):
            raise BadRequest("bad_record", "deals: expected a non-empty list of lists of card codes", "deals")
        self.match = Match(self.rules, seed=self.seed)
        self.match.first_dealer = self.match.dealer = self.first_dealer
        self.plays: list[list[str]] = []
        self.summaries = self.match.history  # one DealSummary per counted-out deal
        self.deal: Deal | None = None
        for index, plays in enumerate(deals):
            if self.match.is_over:
                raise BadRequest("bad_record", f"deals[{index}]: the match was already over", "deals")
            self.deal = self.match.start_deal(seed=deal_seed(self.seed, index))
            self.plays.append([])
            if self.match.is_over and plays:
                raise BadRequest("bad_record", f"deals[{index}]: the turned jack ended the match", "deals")
            for number, text in enumerate(plays):
                try:
                    self.deal.play(parse_card(text))
                except (IllegalPlay, ValueError) as error:
                    raise BadRequest(
                        "bad_record", f"deals[{index}][{number}]: {error}", f"deals[{index}][{number}]"
                    ) from None
                self.plays[-1].append(card_code(parse_card(text)))
            if self.deal.is_over:
                self.match.finish_deal()
            elif self.deal_over:
                pass  # a turned jack that ended the match before any card was played
            elif index != len(deals) - 1:
                raise BadRequest("bad_record", f"deals[{index}]: the deal is not finished", "deals")

    # ----- the record and the derived facts -----

    @property
    def index(self) -> int:
        return len(self.plays) - 1

    @property
    def deal_over(self) -> bool:
        """The current deal is counted out (finished, or decided by a turned jack)."""
        return len(self.summaries) == len(self.plays)

    def record(self) -> Json:
        return {
            "v": RECORD_VERSION,
            "rules": self.rules.to_spec(),
            "seed": self.seed,
            "dealer": self.first_dealer,
            "level": self.level,
            "deals": [list(plays) for plays in self.plays],
        }

    def link(self) -> str:
        deal = self.deal
        return f"?seed={deal_seed(self.seed, self.index)}&dealer={deal.dealer}&rules={rules_text(self.rules)}"

    def waiting_for(self) -> str:
        if self.match.is_over:
            return "match_over"
        if self.deal_over:
            return "next_deal"
        return "human" if self.deal.to_move == HUMAN else "computer"

    def can_undo(self) -> bool:
        if self.match.is_over:
            return False
        return self.undo_count() > 0

    @staticmethod
    def _seat_of_play(deal: Deal, index: int) -> int:
        """Who played the index-th card of `deal` (replays the deal's tricks)."""
        players = deal.players
        trick_number, position = divmod(index, players)
        tricks = deal.tricks
        leader = tricks[trick_number].leader if trick_number < len(tricks) else deal.leader
        return (leader + position) % players

    # ----- play -----

    def play(self, card: int) -> list[Json]:
        deal = self.deal
        seat = deal.to_move
        trick = deal.play(card)
        self.plays[-1].append(card_code(card))
        events: list[Json] = [{"kind": "play", "seat": seat, "card": card_code(card)}]
        if trick is not None:
            events.append({"kind": "trick", "winner": trick.winner, "number": len(deal.tricks)})
            shown = self._trick_json(trick, len(deal.tricks))
            events.extend({"kind": "draw", **draw} for draw in shown["draws"])
        if deal.is_over:
            self.match.finish_deal()
            events.append({"kind": "deal_over", "number": self.index + 1})
            if self.match.is_over:
                events.append({"kind": "match_over", "winner": self.match.winner})
        return events

    def start_next(self) -> list[Json]:
        if self.match.is_over:
            raise BadRequest("bad_request", "the match is over: start a new one", "record")
        if not self.deal_over:
            raise BadRequest("bad_request", "the current deal is not finished", "record")
        self.deal = self.match.start_deal(seed=deal_seed(self.seed, len(self.plays)))
        self.plays.append([])
        return self._deal_start_events()

    def _deal_start_events(self) -> list[Json]:
        deal = self.deal
        events: list[Json] = [
            {
                "kind": "deal",
                "number": self.index + 1,
                "dealer": deal.dealer,
                "trump_card": card_code(deal.trump_card),
                "seed": deal_seed(self.seed, self.index),
            }
        ]
        if deal.jack_turned:
            events.append({"kind": "turned_jack", "seat": deal.dealer, "card": card_code(deal.trump_card)})
        if self.match.is_over:
            events.append({"kind": "deal_over", "number": self.index + 1})
            events.append({"kind": "match_over", "winner": self.match.winner})
        return events

    def undo_count(self) -> int:
        """How many cards of this deal to take back: the human's last play and every one after."""
        deal = self.deal
        for index in range(len(deal.plays) - 1, -1, -1):
            if self._seat_of_play(deal, index) == HUMAN:
                return len(deal.plays) - index
        return 0

    # ----- what the human may see -----

    def _trick_json(self, trick: Trick, number: int) -> Json:
        hidden = self.rules.stock == "hidden"
        draws = []
        for index, draw in enumerate(trick.draws):
            seen = not hidden or draw.seat == HUMAN or (number == 1 and index == 0)
            draws.append({"seat": draw.seat, "card": card_code(draw.card) if seen else None})
        return {
            "number": number,
            "leader": trick.leader,
            "cards": [
                {"seat": trick.seat_of(i, self.players), "card": card_code(c)}
                for i, c in enumerate(trick.cards)
            ],
            "winner": trick.winner,
            "draws": draws,
        }

    def state(self) -> Json:
        deal = self.deal
        view = deal.view(HUMAN)
        tricks = deal.tricks
        values = [sum(CARD_VALUE[c] for c in range(52) if mask >> c & 1) for mask in deal.won]
        current = {
            "number": self.index + 1,
            "seed": deal_seed(self.seed, self.index),
            "dealer": deal.dealer,
            "trump": SUITS[deal.trump],
            "trump_card": card_code(deal.trump_card),
            "jack_turned": deal.jack_turned,
            "to_move": deal.to_move,
            "leader": deal.leader,
            "hand": _sorted_codes(view.hand),
            "legal": _sorted_codes(view.legal) if deal.to_move == HUMAN else [],
            "hand_sizes": list(view.hand_sizes),
            "known": [_sorted_codes(mask) if seat != HUMAN else [] for seat, mask in enumerate(view.known)],
            "stock_top": None if view.stock_top is None else card_code(view.stock_top),
            "stock_count": view.stock_count,
            "trick": [
                {"seat": (deal.leader + i) % self.players, "card": card_code(c)}
                for i, c in enumerate(deal.current_trick)
            ],
            "tricks_played": len(tricks),
            "tricks_won": [sum(1 for t in tricks if t.winner == seat) for seat in range(self.players)],
            "values": values,
            "last_trick": self._trick_json(tricks[-1], len(tricks)) if tricks else None,
            "plays": len(deal.plays),
        }
        match = self.match
        return {
            "players": self.players,
            "human": HUMAN,
            "rules": self.rules.to_spec(),
            "rules_text": rules_text(self.rules),
            "preset": self.rules.preset_name(),
            "level": self.level,
            "seed": self.seed,
            "target": self.rules.target,
            "scores": list(match.scores),
            "match_over": match.is_over,
            "winner": match.winner,
            "deal": current,
            "result": self._result() if self.deal_over else None,
            "history": [
                {
                    "number": number,
                    "seed": summary.seed,
                    "dealer": summary.dealer,
                    "points": summary.points,
                    "scores_after": list(summary.scores_after),
                }
                for number, summary in enumerate(self.summaries, 1)
            ],
            "waiting_for": self.waiting_for(),
            "can_undo": self.can_undo(),
            "link": self.link(),
        }

    def _result(self) -> Json:
        summary = self.summaries[-1]
        deal = self.deal
        before = list(summary.scores_before)
        if deal.is_over:
            result = deal.result()
            seats, jack_turned = result.seats, result.jack_turned
            reasons = [reason.to_dict() for reason in result.reasons]
            values = list(result.values)
        else:  # decided by a turned jack before any card was played
            seats = (None, None, deal.dealer, None, None)
            jack_turned = True
            reasons = [
                {
                    "point": "jack", "seat": deal.dealer, "card": card_code(deal.trump_card), "trick": None,
                    "values": None, "flags": ["turned"], "key": "reasons.jack_turned",
                }
            ]  # fmt: skip
            values = None
        _, winner, order = count_out(seats, before, self.rules.target, jack_turned)
        running = list(before)
        steps = []
        for point in order:
            seat = dict(zip(("high", "low", "jack", "game", "nine"), seats, strict=True))[point]
            if seat is None:
                continue
            running[seat] += 1
            steps.append({"point": point, "seat": seat, "scores": list(running)})
        passed = sum(1 for score in summary.scores_after if score >= self.rules.target)
        return {
            "points": summary.points,
            "reasons": reasons,
            "game_values": values,
            "scores_before": before,
            "scores_after": list(summary.scores_after),
            "winner": winner,
            "count_out": steps,
            "count_out_decides": winner is not None and passed > 1,
        }


def _sorted_codes(mask: int) -> list[str]:
    """Display order, as on the example pages: suits S H D C, high rank first."""
    return sorted(codes_of(mask), key=lambda code: (SUITS.index(code[1]), _RANK_ORDER.index(code[0])))


# ----- operations -------------------------------------------------------------------------------


def _answer(game: Game, **extra) -> Json:
    return {**extra, "record": game.record(), "state": game.state()}


def new_match(request: Json) -> Json:
    fields_ = dict(request)
    if "link" in request:
        fields_.update(parse_link(request["link"]))
    rules = parse_rules(fields_.get("rules", "standard"))
    seed = fields_.get("seed")
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 53)  # fits a JavaScript number exactly
    seed = _int_field(seed, "seed", 0, MAX_SEED)
    dealer = fields_.get("dealer")
    if dealer is None:
        dealer = Match(rules, seed=seed).first_dealer  # the cut, by rules.first_dealer
    record = {
        "v": RECORD_VERSION,
        "rules": rules.to_spec(),
        "seed": seed,
        "dealer": _int_field(dealer, "dealer", 0, rules.players - 1),
        "level": _level(fields_.get("level", DEFAULT_LEVEL)),
        "deals": [[]],
    }
    game = Game(record)
    return _answer(game, events=game._deal_start_events())


def _card(request: Json) -> int:
    try:
        return parse_card(request.get("card"))
    except (ValueError, TypeError) as error:
        raise BadRequest("bad_request", f"card: {error}", "card") from None


def play_card(request: Json) -> Json:
    game = Game(request.get("record"))
    if game.waiting_for() != "human":
        raise BadRequest("bad_request", "it is not your turn", "record")
    card = _card(request)
    try:
        game.deal.check(card)
    except IllegalPlay as refused:
        return _answer(game, legal=False, card=card_code(card), refusal=refusal(refused, game.rules))
    events = game.play(card)
    return _answer(game, legal=True, card=card_code(card), refusal=None, events=events)


def _think(request: Json, default: int) -> tuple[int, int | None]:
    think = request.get("think_ms", default)
    think = _int_field(think, "think_ms", 0, MAX_THINK_MS)
    samples = request.get("samples")
    if samples is not None:
        samples = _int_field(samples, "samples", 1, 10_000)
    return think, samples


def bot_seed(game: Game, seat: int) -> int:
    return (game.seed * 1_000_003 + game.index * 1_009 + len(game.deal.plays) * 31 + seat) % (1 << 32)


def computer_play(request: Json) -> Json:
    game = Game(request.get("record"))
    if game.waiting_for() != "computer":
        raise BadRequest("bad_request", "it is not the computer's turn", "record")
    think, samples = _think(request, DEFAULT_THINK_MS)
    seat = game.deal.to_move
    options = {"think_ms": think, "samples": samples} if game.level == "expert" else {}
    bot = make_bot(game.level, seed=bot_seed(game, seat), rules=game.rules, **options)
    card = bot.choose(game.deal.view(seat))
    events = game.play(card)
    return _answer(game, seat=seat, card=card_code(card), events=events)


def hint_card(request: Json) -> Json:
    from .ai import hint

    game = Game(request.get("record"))
    if game.waiting_for() != "human":
        raise BadRequest("bad_request", "a hint is for your turn", "record")
    think, samples = _think(request, HINT_THINK_MS)
    card, reason = hint(game.deal, HUMAN, think_ms=think, samples=samples, seed=bot_seed(game, HUMAN))
    return {"card": card_code(card), "reason": reason, "reason_key": f"hints.{reason}"}


def undo_play(request: Json) -> Json:
    game = Game(request.get("record"))
    if not game.can_undo():
        raise BadRequest("bad_request", "nothing to undo", "record")
    record = game.record()
    count = game.undo_count()
    undone = record["deals"][-1][-count:]
    record["deals"][-1] = record["deals"][-1][:-count]
    return _answer(Game(record), undone=undone)


def next_deal(request: Json) -> Json:
    game = Game(request.get("record"))
    events = game.start_next()
    return _answer(game, events=events)


def match_state(request: Json) -> Json:
    return _answer(Game(request.get("record")))


OPERATIONS = {
    "practice.new": new_match,
    "practice.state": match_state,
    "practice.play": play_card,
    "practice.bot": computer_play,
    "practice.hint": hint_card,
    "practice.undo": undo_play,
    "practice.next": next_deal,
}


def handle(request_json: str) -> str:
    """Same as engine.web_api.handle (which routes the practice.* operations here)."""
    from .web_api import handle as web_handle

    return web_handle(request_json)
