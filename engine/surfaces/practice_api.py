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
- ``practice.bot``   ``{record, samples?}`` -> the computer's next card.
- ``practice.hint``  ``{record, samples?}`` -> ``{card, reason, reason_key}``.
  ``samples`` (1..engine.limits.MAX_SAMPLES) is the expert's sampled worlds for this decision,
  by default the expert's own; the budget is counted in work, so the same record gives the
  same card on every machine. A ``think_ms`` left by an older page is ignored.
- ``practice.grade`` ``{record, play?, samples?}`` -> the Coach's verdict on one of the human's
  cards in the current deal (``play``: its 0-based index in the deal, by default the human's last
  card): ``{play, card, grade, reason, reason_key, best, exact, loss}``, graded by the deal
  analysis (engine/analysis/deal_analysis.py) from the human's view at that moment only, with
  the match scores before the deal; ``reason_key`` words a grade below good. Seeded (seed 0, as
  the deal review) and budgeted in sampled deals (``samples``, by default the review's own).
- ``practice.undo``  ``{record}`` -> the human's last play and every reply after it taken back.
- ``practice.next``  ``{record}`` -> the next deal started (dealer passed to the left).
- ``practice.link``  ``{link, level?}`` -> ``{problem}``: what is wrong with a deal link (null if
  nothing), read as ``practice.new`` reads it; see `link_problem`.
- ``practice.peek``  ``{record, deal?, redeals?, samples?, seed?, only?}`` -> "Did the computer
  peek?": every card the computer played in a finished deal (by default the last) chosen again
  with the cards it could not see dealt again (engine/analysis/peek.py), and whether each card is
  the same. ``only`` restricts it to some play indices (the page can show its progress);
  ``samples`` must be the ones the page gave ``practice.bot`` (by default the expert's own),
  or the computer's own cards are not reproduced and show as not the same.
- ``practice.could_win`` ``{record, deal?, samples?}`` -> "Could I have won?": the same deal (same
  seed) played again with the expert in the human's seat (the card a hint gives, with the hint's
  seed) against the same opponent (the match's level and seeds); both results and the first
  play where the lines part (engine/analysis/seat_swap.py).
- ``practice.luck`` ``{record, deal?, samples?, seed?, stop?, so_far?}`` -> luck and skill of a
  finished deal (by default the last): each seat's net points split into expected + luck +
  skill (engine/analysis/luck.py, which judges the cards knowing every hand, as the review
  shows them once the deal is over), and for the human `adjusted` (result - luck), `own_skill`
  (its own cards) and `others_skill` (the computer's cards, counted for the human), with
  ``done: true``. ``samples`` (1..engine.limits.MAX_LUCK_SAMPLES) and ``seed`` are the value
  function's stock orders. With ``stop`` it values the plays before that index only and answers
  ``{done: false, plays, so_far}``; the next request passes ``so_far`` back (and a later
  ``stop``) to go on: the page's worker is held a few plays at a time, never a whole deal.

Everything an answer shows about the deal comes from the human's PlayerView.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from engine.ai.bots import make_bot
from engine.core.boundary import check_int, clip, echo, field_name, is_ascii_digits, parse_ascii_int
from engine.core.cards import SUITS, card_code, codes_of, mask_value, parse_card
from engine.core.deal import Deal
from engine.core.error_codes import RECORD, REQUEST, RULES, bad_input, code_for
from engine.core.errors import IllegalPlay
from engine.core.limits import (
    MAX_LUCK_SAMPLES,
    MAX_MATCH_DEALS,
    MAX_PEEK_REDEALS,
    MAX_PEEK_WORLDS,
    MAX_PLAYS,
    MAX_REPLAY_WORLDS,
    MAX_SAMPLES,
    SEED_LIMIT,
)
from engine.core.match import Match
from engine.core.outcome import deal_result
from engine.core.record import TURNED_JACK_WON
from engine.core.rules import PRESETS, Rules, RulesError
from engine.core.scoring import count_out_steps
from engine.core.view import trick_json
from engine.surfaces.requests import BadRequest, Json, refusal, request_card

if TYPE_CHECKING:  # the after-deal checks load on first use: the table's worker starts light
    from engine.analysis.luck import SplitSoFar
    from engine.analysis.peek import Decide

RECORD_VERSION = 1
# The fields of a match record: `record()` writes exactly these, and the reader refuses others.
RECORD_FIELDS = ("v", "rules", "seed", "dealer", "level", "deals")
HUMAN = 0
LEVELS = ("random", "heuristic", "expert")
DEFAULT_LEVEL = "expert"
# Re-deals per decision in the peek check (each re-runs the computer's decision once more).
DEFAULT_REDEALS = 3
MAX_SEED = SEED_LIMIT - 1
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
                    raise RulesError(f"unknown rules key {echo(key)}", key=key)
                if kind is bool:
                    if text.lower() not in ("true", "false", "1", "0"):
                        problem = f"expected true or false, got {echo(text)}"
                        raise RulesError(f"rules key {echo(key)}: {problem}", key=key)
                    parsed[key] = text.lower() in ("true", "1")
                elif kind is int:
                    if not is_ascii_digits(text) or len(text) > 9:
                        problem = f"expected a number, got {echo(text)}"
                        raise RulesError(f"rules key {echo(key)}: {problem}", key=key)
                    parsed[key] = int(text)
                else:
                    parsed[key] = text
            return Rules.from_spec(parsed)
        return Rules.from_spec(spec)
    except RulesError as error:
        raise BadRequest(code_for(RULES, "rules"), str(error), "rules") from None


LINK_PARTS = ("seed", "dealer", "rules", "level")


def _link_values(query: Any) -> dict[str, str]:
    """The last value of each part of `?seed=…&dealer=…`, blank values kept (`?seed=` is a
    broken link, not a random deal)."""
    from urllib.parse import parse_qs

    if not isinstance(query, str):
        raise bad_input(REQUEST, "link", f"expected a query string, got {echo(query)}")
    return {key: items[-1] for key, items in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}


def parse_link(query: Any) -> Json:
    """`?seed=…&dealer=…&rules=…&level=…` -> the fields of a new match (only those present)."""
    values = _link_values(query)
    for part in LINK_PARTS:
        if part in values and not values[part].strip():
            raise bad_input(REQUEST, part, "empty in the link")
    found: Json = {}
    if "seed" in values:
        found["seed"] = parse_ascii_int(values["seed"], "seed", 0, MAX_SEED, code_for(REQUEST))
    if "dealer" in values:
        found["dealer"] = parse_ascii_int(values["dealer"], "dealer", 0, 2, code_for(REQUEST))
    if "rules" in values:
        found["rules"] = values["rules"]
    if "level" in values:
        found["level"] = values["level"]
    return found


def link_problem(request: Json) -> Json:
    """What is wrong with a deal link, checked exactly as `practice.new` would read it, so the
    page can say so before it offers to give up the match in progress.

    `{link, level?}` -> `{"problem": null}` or `{"problem": {"part", "kind", "value", "limit"}}`:
    `part` one of LINK_PARTS (null when the link cannot be read at all), `kind` "empty",
    "too_large" (a shuffle number above `limit`, the largest seed) or "bad"; `value` the
    part as written, cut to engine.core.limits.ECHO_CHARS characters.
    """
    query = request.get("link")
    try:
        new_match({"link": query, "level": request.get("level", DEFAULT_LEVEL)})
        return {"problem": None}
    except BadRequest as error:
        values = _link_values(query) if isinstance(query, str) else {}
        part = error.field if error.field in LINK_PARTS else None
        text = values.get(part, "") if part else ""
        kind = "bad"
        if part and not text.strip():
            kind = "empty"
        elif part == "seed" and is_ascii_digits(text.strip()) and _above(text.strip(), MAX_SEED):
            kind = "too_large"
        return {"problem": {"part": part, "kind": kind, "value": clip(text), "limit": str(MAX_SEED)}}


def _above(digits: str, limit: int) -> bool:
    """`digits` (ASCII digits) is a number above `limit`, without int() on thousands of digits."""
    digits = digits.lstrip("0") or "0"
    bound = str(limit)
    return len(digits) > len(bound) or (len(digits) == len(bound) and digits > bound)


# ----- the match record -------------------------------------------------------------------------


def _int_field(value: Any, name: str, low: int, high: int, part: str = RECORD) -> int:
    return check_int(value, name, low, high, code_for(part, name))


def _level(value: Any, part: str = RECORD) -> str:
    """The computer's level: a field of the match record, or of practice.new's request."""
    if not isinstance(value, str) or value not in LEVELS:
        raise bad_input(part, "level", f"expected one of {', '.join(LEVELS)}, got {echo(value)}")
    return value


def _check_fields(record: dict[str, Any]) -> None:
    """The record's version and fields: exactly those `Game.record` writes."""
    for key in record:
        if key not in RECORD_FIELDS:
            problem = f"unknown field; allowed fields: {', '.join(RECORD_FIELDS)}"
            raise bad_input(RECORD, field_name(key), problem)
    version = record.get("v")
    if version != RECORD_VERSION or isinstance(version, bool):
        raise bad_input(RECORD, "v", f"expected the record version {RECORD_VERSION}, got {echo(version)}")


def deal_seed(seed: int, index: int) -> int:
    return (seed + index) % SEED_LIMIT


class Game:
    """A match rebuilt from its record: finished deals counted out, the last one in progress."""

    def __init__(self, record: Any):
        if not isinstance(record, dict):
            raise bad_input(RECORD, "record", f"expected an object, got {echo(record)}")
        _check_fields(record)
        self.rules = parse_rules(record.get("rules", "standard"))
        self.players = self.rules.players
        self.seed = _int_field(record.get("seed"), "seed", 0, MAX_SEED)
        self.first_dealer = _int_field(record.get("dealer", 0), "dealer", 0, self.players - 1)
        self.level = _level(record.get("level", DEFAULT_LEVEL))
        deals = record.get("deals", [])
        if not isinstance(deals, list) or not deals or not all(isinstance(d, list) for d in deals):
            raise bad_input(RECORD, "deals", "expected a non-empty list of lists of card codes")
        if len(deals) > MAX_MATCH_DEALS:  # every request replays them all
            problem = f"{len(deals)} deals; a match record has at most {MAX_MATCH_DEALS}"
            raise bad_input(RECORD, "deals", problem)
        for index, plays in enumerate(deals):
            if len(plays) > MAX_PLAYS:  # checked for every deal before any is replayed
                problem = f"{len(plays)} plays; a deal has at most {MAX_PLAYS}"
                raise BadRequest(code_for(RECORD), f"deals[{index}]: {problem}", "deals")
        self.match = Match(self.rules, seed=self.seed)
        self.match.first_dealer = self.match.dealer = self.first_dealer
        self.plays: list[list[str]] = []
        self.summaries = self.match.history  # one DealSummary per counted-out deal
        self.deal: Deal  # set by the first deal below: `deals` is not empty
        for index, plays in enumerate(deals):
            if self.match.is_over:
                raise BadRequest(code_for(RECORD), f"deals[{index}]: the match was already over", "deals")
            self.deal = self.match.start_deal(seed=deal_seed(self.seed, index))
            self.plays.append([])
            if self.match.is_over and plays:
                # The same refusal as the deal record's reader (engine.core.record).
                raise bad_input(RECORD, f"deals[{index}][0]", TURNED_JACK_WON)
            for number, text in enumerate(plays):
                where = f"deals[{index}][{number}]"
                try:
                    card = parse_card(text)
                except ValueError:
                    raise bad_input(RECORD, where, f"not a card: {echo(text)}") from None
                try:
                    self.deal.play(card)
                except IllegalPlay as error:
                    raise bad_input(RECORD, where, str(error)) from None
                self.plays[-1].append(card_code(card))
            if self.deal.is_over:
                self.match.finish_deal()
            elif self.deal_over:
                pass  # a turned jack that ended the match before any card was played
            elif index != len(deals) - 1:
                raise BadRequest(code_for(RECORD), f"deals[{index}]: the deal is not finished", "deals")

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
            number = len(deal.tricks)
            events.append({"kind": "trick", "winner": trick.winner, "number": number})
            seen = deal.view(HUMAN).tricks[-1]  # the draws as the human saw them
            events.extend({"kind": "draw", **draw} for draw in trick_json(seen)["draws"])
        if deal.is_over:
            self.match.finish_deal()
            events.append({"kind": "deal_over", "number": self.index + 1})
            if self.match.is_over:
                events.append({"kind": "match_over", "winner": self.match.winner})
        return events

    def start_next(self) -> list[Json]:
        if self.match.is_over:
            raise BadRequest(code_for(REQUEST), "the match is over: start a new one", "record")
        if not self.deal_over:
            raise BadRequest(code_for(REQUEST), "the current deal is not finished", "record")
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
        """How many cards of this deal to take back: the human's last play and every one after;
        0 when nothing may be taken back (see `undo_hides_a_draw`)."""
        index = self._last_human_play()
        if index is None or self.undo_hides_a_draw():
            return 0
        return len(self.deal.plays) - index

    def _last_human_play(self) -> int | None:
        deal = self.deal
        for index in range(len(deal.plays) - 1, -1, -1):
            if self._seat_of_play(deal, index) == HUMAN:
                return index
        return None

    def undo_hides_a_draw(self) -> bool:
        """Under a face-down stock, undo stops at the last trick after which cards were drawn.

        Taking such a trick back would show the human a hidden draw: the card it drew goes to
        another seat when the trick is played again, or the other seat's draw comes to it
        (RULES.md §2, `stock: hidden`: every draw is seen only by its drawer).
        """
        index = self._last_human_play()
        if index is None or self.rules.stock != "hidden":
            return False
        players = self.players
        return any(
            trick.draws and (number + 1) * players > index for number, trick in enumerate(self.deal.tricks)
        )

    # ----- what the human may see -----

    def state(self) -> Json:
        """The match as the human sees it: every deal field comes from the human's PlayerView."""
        deal = self.deal
        view = deal.view(HUMAN)
        tricks = view.tricks
        values = [mask_value(mask) for mask in view.won]
        current = {
            "number": self.index + 1,
            "seed": deal_seed(self.seed, self.index),
            "dealer": view.dealer,
            "trump": SUITS[view.trump],
            "trump_card": card_code(view.trump_card),
            "jack_turned": view.jack_turned,
            "to_move": view.to_move,
            "leader": view.leader,
            "hand": _sorted_codes(view.hand),
            "legal": _sorted_codes(view.legal) if view.to_move == HUMAN else [],
            "hand_sizes": list(view.hand_sizes),
            "known": [_sorted_codes(mask) if seat != HUMAN else [] for seat, mask in enumerate(view.known)],
            "stock_top": None if view.stock_top is None else card_code(view.stock_top),
            "stock_count": view.stock_count,
            "stock_out_of_play": view.stock_out_of_play,
            "trick": [
                {"seat": (view.leader + i) % self.players, "card": card_code(c)}
                for i, c in enumerate(view.current_trick)
            ],
            "tricks_played": len(tricks),
            "tricks_won": [sum(1 for t in tricks if t.winner == seat) for seat in range(self.players)],
            "values": values,
            "last_trick": (
                trick_json(tricks[-1], number=len(tricks), players=self.players) if tricks else None
            ),
            "plays": sum(len(trick.cards) for trick in tricks) + len(view.current_trick),
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
            "undo_hides_draw": not self.match.is_over and self.undo_hides_a_draw(),
            "link": self.link(),
        }

    def _result(self) -> Json:
        summary = self.summaries[-1]
        deal = self.deal
        before = list(summary.scores_before)
        if deal.is_over:
            result = deal_result(deal)
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
        target = self.rules.target
        counted, winner, _ = count_out_steps(seats, before, target, jack_turned)
        steps = [{"point": point, "seat": seat, "scores": list(scores)} for point, seat, scores in counted]
        # Every point as if nothing stopped the count: could more than one seat reach the target?
        totals = list(before)
        for seat in seats:
            if seat is not None:
                totals[seat] += 1
        passed = sum(1 for total in totals if total >= target)
        counted_points = {step["point"] for step in steps}
        for reason in reasons:
            # A point after the winning one is not added (RULES.md §6.17): the sheet says so.
            reason["counted"] = reason["seat"] is None or reason["point"] in counted_points
        return {
            "points": summary.points,
            "reasons": reasons,
            "game_values": values,
            "scores_before": before,
            "scores_after": list(summary.scores_after),
            "winner": winner,
            "count_out": steps,
            "count_out_decides": winner is not None and passed > 1,
            "jack_turned": jack_turned,
            "out_of_play": self._out_of_play(),
        }

    def _out_of_play(self) -> str | None:
        """The stock card never drawn (three players), if the human may see it (§3, §6.6)."""
        view = self.deal.view(HUMAN)
        if view.stock_count and view.stock_count < self.players and view.stock_top is not None:
            return card_code(view.stock_top)
        return None


def _sorted_codes(mask: int) -> list[str]:
    """Display order, as on the example pages: suits S H D C, high rank first."""
    return sorted(codes_of(mask), key=lambda code: (SUITS.index(code[1]), _RANK_ORDER.index(code[0])))


# ----- operations -------------------------------------------------------------------------------


def _answer(game: Game, **extra: Any) -> Json:
    return {**extra, "record": game.record(), "state": game.state()}


def new_match(request: Json) -> Json:
    fields_ = dict(request)
    if "link" in request:
        fields_.update(parse_link(request["link"]))
    rules = parse_rules(fields_.get("rules", "standard"))
    seed = fields_.get("seed")
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 53)  # fits a JavaScript number exactly
    # The new match's fields are the request's (or its link's): a bad one is a bad request.
    seed = _int_field(seed, "seed", 0, MAX_SEED, REQUEST)
    dealer = fields_.get("dealer")
    if dealer is None:
        dealer = Match(rules, seed=seed).first_dealer  # the cut, by rules.first_dealer
    record = {
        "v": RECORD_VERSION,
        "rules": rules.to_spec(),
        "seed": seed,
        "dealer": _int_field(dealer, "dealer", 0, rules.players - 1, REQUEST),
        "level": _level(fields_.get("level", DEFAULT_LEVEL), REQUEST),
        "deals": [[]],
    }
    game = Game(record)
    return _answer(game, events=game._deal_start_events())


def play_card(request: Json) -> Json:
    game = Game(request.get("record"))
    if game.waiting_for() != "human":
        raise BadRequest(code_for(REQUEST), "it is not your turn", "record")
    card = request_card(request)
    try:
        game.deal.check(card)
    except IllegalPlay as refused:
        return _answer(game, legal=False, card=card_code(card), refusal=refusal(refused, game.rules))
    events = game.play(card)
    return _answer(game, legal=True, card=card_code(card), refusal=None, events=events)


def _samples(request: Json) -> int | None:
    """The expert's sampled worlds for one decision, if the request sets them (checked first)."""
    samples = request.get("samples")
    if samples is None:
        return None
    return check_int(samples, "samples", 1, MAX_SAMPLES, code_for(REQUEST))


def computer_seed(match_seed: int, deal_index: int, plays: int, seat: int) -> int:
    """The seed of the computer's decision (or a hint) at `seat` after `plays` cards of deal
    `deal_index`: a function of the match seed and where the decision is, never of the cards."""
    return (match_seed * 1_000_003 + deal_index * 1_009 + plays * 31 + seat) % (1 << 32)


def bot_seed(game: Game, seat: int) -> int:
    return computer_seed(game.seed, game.index, len(game.deal.plays), seat)


def computer_decider(game: Game, deal_index: int, level: str, samples: int | None) -> Decide:
    """The computer's decision procedure in deal `deal_index` of the match, exactly as
    `practice.bot` (and, for the human's seat at the expert level, `practice.hint`) decides:
    a fresh bot of `level` seeded by `computer_seed`, given the seat's view only."""
    options = {"samples": samples} if level == "expert" and samples is not None else {}

    def decide(deal: Deal, index: int) -> int:
        seat = deal.to_move
        if seat is None:
            raise ValueError("no decision: the deal is over")
        seed = computer_seed(game.seed, deal_index, index, seat)
        bot = make_bot(level, seed=seed, rules=game.rules, **options)
        return bot.choose(deal.view(seat))

    return decide


def finished_index(game: Game, deal: Any) -> int:
    """The index of a finished deal of the match: `deal`, by default the last finished one."""
    finished = len(game.summaries)
    if not finished:
        raise bad_input(REQUEST, "deal", "the match record has no finished deal yet")
    if deal is None:
        deal = finished - 1
    if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal < finished:
        problem = f"expected a finished deal's index 0..{finished - 1}, got {echo(deal)}"
        raise bad_input(REQUEST, "deal", problem)
    return deal


def finished_deal(game: Game, deal: Any) -> tuple[int, Deal, list[int]]:
    """(index, the deal before any play, its plays) of a finished deal of the match that was
    played (not decided by a turned jack before any card)."""
    index = finished_index(game, deal)
    plays = [parse_card(code) for code in game.plays[index]]
    if not plays:
        problem = f"deal {index} was decided by the turned jack before any card was played"
        raise bad_input(REQUEST, "deal", problem)
    fresh = Deal.from_seed(game.rules, deal_seed(game.seed, index), game.summaries[index].dealer)
    return index, fresh, plays


def _seats_of_plays(deal: Deal, plays: list[int]) -> list[int]:
    """Who played each card of a legal deal (`deal` before any play; left unchanged)."""
    replay = deal.copy()
    seats = []
    for card in plays:
        seat = replay.to_move
        assert seat is not None  # a finished deal's plays all have a seat to move
        seats.append(seat)
        replay.play(card)
    return seats


def computer_play(request: Json) -> Json:
    game = Game(request.get("record"))
    if game.waiting_for() != "computer":
        raise BadRequest(code_for(REQUEST), "it is not the computer's turn", "record")
    samples = _samples(request)
    seat = game.deal.to_move
    if seat is None:  # waiting_for() is "computer" only while the deal goes on
        raise BadRequest(code_for(REQUEST), "the deal is over", "record")
    options = {"samples": samples} if game.level == "expert" and samples is not None else {}
    bot = make_bot(game.level, seed=bot_seed(game, seat), rules=game.rules, **options)
    card = bot.choose(game.deal.view(seat))
    events = game.play(card)
    return _answer(game, seat=seat, card=card_code(card), events=events)


def hint_card(request: Json) -> Json:
    from engine.ai import hint

    game = Game(request.get("record"))
    if game.waiting_for() != "human":
        raise BadRequest(code_for(REQUEST), "a hint is for your turn", "record")
    samples = _samples(request)
    card, reason = hint(game.deal, HUMAN, samples=samples, seed=bot_seed(game, HUMAN))
    return {"card": card_code(card), "reason": reason, "reason_key": f"hints.{reason}"}


def grade_play(request: Json) -> Json:
    """The Coach's verdict on one card the human played in the current deal (see the module doc)."""
    from engine.analysis.deal_analysis import AnalysisError, analyse
    from engine.surfaces.analysis_text import reason_key

    game = Game(request.get("record"))
    plays = game.plays[-1]
    mine = [index for index in range(len(plays)) if Game._seat_of_play(game.deal, index) == HUMAN]
    if not mine:
        raise bad_input(REQUEST, "play", "you have not played a card in this deal yet")
    play = request.get("play", mine[-1])
    if play not in mine or isinstance(play, bool):
        indices = ", ".join(map(str, mine))
        problem = f"expected the index of one of your cards in this deal ({indices}), got {echo(play)}"
        raise bad_input(REQUEST, "play", problem)
    # The scores before this deal: the last count-out's (a turned jack is scored during the deal).
    before = list(game.summaries[game.index - 1].scores_after) if game.index else [0] * game.players
    record = {
        "rules": game.rules.to_spec(),
        "dealer": game.deal.dealer,
        "seed": deal_seed(game.seed, game.index),
        "plays": plays[: play + 1],
        "scores_before": before,
    }
    try:
        analysis = analyse(record, seat=HUMAN, samples=request.get("samples"), only=[play])
    except AnalysisError as error:
        raise BadRequest(error.code, str(error), error.field) from None
    [decision] = analysis["decisions"]
    reason = decision["reason"]
    return {
        "play": play,
        "card": decision["played"],
        "grade": decision["grade"],
        "reason": reason,
        "reason_key": reason_key(reason, game.players) if reason else None,
        "best": decision["best"],
        "exact": decision["exact"],
        "loss": decision["loss"],
    }


def undo_play(request: Json) -> Json:
    game = Game(request.get("record"))
    if not game.can_undo():
        raise BadRequest(code_for(REQUEST), "nothing to undo", "record")
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


def _play_indices(request: Json) -> set[int] | None:
    only = request.get("only")
    if only is None:
        return None
    if not isinstance(only, list) or len(only) > MAX_PLAYS:
        problem = f"expected a list of at most {MAX_PLAYS} play indices, got {echo(only)}"
        raise bad_input(REQUEST, "only", problem)
    return {check_int(index, "only", 0, MAX_PLAYS - 1, code_for(REQUEST)) for index in only}


# A computation done in steps (engine/surfaces/jobs.py): it yields (work, done, total) after each
# unit of work (work in sampled worlds: an expert decision costs its samples, a heuristic or
# random one 1, a luck play twice its stock orders; done of total: the plays or decisions the
# page may count) and returns its answer. The one-shot operation runs the same steps at once.
Steps = Generator[tuple[int, int, int], None, Json]


def _run(steps: Steps) -> Json:
    from engine.analysis.peek import run_steps

    return run_steps(steps)


def decision_work(level: str, samples: int | None) -> int:
    """The work of one decision of a bot of `level`, in sampled worlds."""
    from engine.ai.expert import DEFAULT_SAMPLES

    if level != "expert":
        return 1
    return DEFAULT_SAMPLES if samples is None else samples


def peek_deal(request: Json) -> Json:
    """"Did the computer peek?": see the module doc and engine/analysis/peek.py."""
    return _run(peek_deal_steps(request))


def peek_deal_steps(request: Json) -> Steps:
    """`peek_deal` one decision at a time (see `Steps`)."""
    from engine.ai.expert import DEFAULT_SAMPLES
    from engine.analysis.peek import peek_steps, report

    game = Game(request.get("record"))
    index, deal, plays = finished_deal(game, request.get("deal"))
    samples = _samples(request)
    redeals = check_int(
        request.get("redeals", DEFAULT_REDEALS), "redeals", 1, MAX_PEEK_REDEALS, code_for(REQUEST)
    )
    seed = check_int(request.get("seed", 0), "seed", 0, MAX_SEED, code_for(REQUEST))
    only = _play_indices(request)
    computer = [seat for seat in range(game.players) if seat != HUMAN]
    seats = _seats_of_plays(deal, plays)
    checked = [i for i, seat in enumerate(seats) if seat != HUMAN and (only is None or i in only)]
    if game.level == "expert":
        worlds = len(checked) * (1 + redeals) * (DEFAULT_SAMPLES if samples is None else samples)
        if worlds > MAX_PEEK_WORLDS:
            raise bad_input(
                REQUEST, "redeals",
                f"{len(checked)} decisions x (1 + {redeals} re-deals) x their sampled worlds is {worlds}; "
                f"a request may ask for at most {MAX_PEEK_WORLDS} (fewer re-deals or samples, or `only`)",
            )  # fmt: skip
    decider = computer_decider(game, index, game.level, samples)
    work = decision_work(game.level, samples)
    steps = peek_steps(deal, plays, computer, decider, redeals=redeals, seed=seed, only=only)
    calls = 0
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            decisions = stop.value
            break
        calls += 1
        yield work, min(calls // (1 + redeals), len(checked)), len(checked)
    return {"deal": index, "level": game.level, **report(decisions)}


def could_win(request: Json) -> Json:
    """"Could I have won?": see the module doc and engine/analysis/seat_swap.py."""
    return _run(could_win_steps(request))


def could_win_steps(request: Json) -> Steps:
    """`could_win` one decision at a time (see `Steps`)."""
    from engine.ai.expert import DEFAULT_SAMPLES
    from engine.analysis.seat_swap import play_in_seat_steps

    game = Game(request.get("record"))
    index, deal, plays = finished_deal(game, request.get("deal"))
    samples = _samples(request)
    experts = len(plays) if game.level == "expert" else len(plays) // game.players
    worlds = experts * (DEFAULT_SAMPLES if samples is None else samples)
    if worlds > MAX_REPLAY_WORLDS:
        raise bad_input(
            REQUEST, "samples",
            f"{experts} expert decisions x their sampled worlds is {worlds}; a request may ask for at "
            f"most {MAX_REPLAY_WORLDS} (fewer samples)",
        )  # fmt: skip
    computer = computer_decider(game, index, "expert", samples)
    opponent = computer_decider(game, index, game.level, samples)
    steps = play_in_seat_steps(deal, plays, HUMAN, computer, opponent)
    done = 0
    while True:
        try:
            seat = next(steps)
        except StopIteration as stop:
            answer = stop.value
            break
        done += 1
        yield decision_work("expert" if seat == HUMAN else game.level, samples), done, len(plays)
    return {"deal": index, "player": "expert", "level": game.level, **answer}


def _so_far(value: Any, players: int, plays: int) -> SplitSoFar | None:
    """The `so_far` a previous practice.luck answer gave, checked: a play index and, per sum,
    one finite number per seat."""
    import math

    from engine.analysis.luck import SplitSoFar

    if value is None:
        return None
    names = ("next_play", "luck", "skill", "own", "before")
    if not isinstance(value, dict) or set(value) != set(names):
        raise bad_input(REQUEST, "so_far", f"expected an object with {', '.join(names)}, got {echo(value)}")
    next_play = check_int(value["next_play"], "so_far", 1, plays - 1, code_for(REQUEST))
    sums = []
    for name in names[1:]:
        numbers = value[name]
        finite = isinstance(numbers, list) and all(
            isinstance(n, int | float) and not isinstance(n, bool) and math.isfinite(n) for n in numbers
        )
        if not finite or len(numbers) != players:
            problem = f"{name}: expected {players} finite numbers, got {echo(numbers)}"
            raise bad_input(REQUEST, "so_far", problem)
        sums.append([float(n) for n in numbers])
    return SplitSoFar(next_play, *sums)


def luck_split(request: Json) -> Json:
    """Luck and skill of a finished deal: see the module doc and engine/analysis/luck.py."""
    return _run(luck_split_steps(request))


def luck_split_steps(request: Json) -> Steps:
    """`luck_split` one play at a time (see `Steps`), in one valuation (luck.py split_steps);
    a `stop` ends it there with the sums so far, as the one-shot operation does."""
    from engine.analysis.luck import DEFAULT_SAMPLES as LUCK_SAMPLES
    from engine.analysis.luck import DealLuck, SplitSoFar, split_steps

    game = Game(request.get("record"))
    index, deal, plays = finished_deal(game, request.get("deal"))
    samples = check_int(
        request.get("samples", LUCK_SAMPLES), "samples", 1, MAX_LUCK_SAMPLES, code_for(REQUEST)
    )
    seed = check_int(request.get("seed", 0), "seed", 0, MAX_SEED, code_for(REQUEST))
    so_far = _so_far(request.get("so_far"), game.players, len(plays))
    start = 0 if so_far is None else so_far.next_play
    stop = request.get("stop")
    if stop is not None:
        stop = check_int(stop, "stop", start + 1, len(plays), code_for(REQUEST))
    steps = split_steps(deal, plays, samples=samples, seed=seed, so_far=so_far)
    split: DealLuck | SplitSoFar
    while True:
        try:
            split = next(steps)
        except StopIteration as end:
            split = end.value
            break
        if stop is not None and split.next_play >= stop:
            break
        yield 2 * samples, split.next_play, len(plays)
    if isinstance(split, SplitSoFar):
        carried = {"next_play": split.next_play, "luck": split.luck, "skill": split.skill, "own": split.own,
                   "before": split.before}  # fmt: skip
        return {"deal": index, "done": False, "plays": len(plays), "so_far": carried}
    shown = split.to_dict(events=False)
    result, luck = shown["result"][HUMAN], split.luck[HUMAN]
    own = split.own[HUMAN]
    return {
        "deal": index,
        "done": True,
        "plays": len(plays),
        "seat": HUMAN,
        **shown,
        "adjusted": round(result - luck, 4) + 0.0,  # + 0.0: never -0.0
        "own_skill": shown["own"][HUMAN],
        "others_skill": round(split.skill[HUMAN] - own, 4) + 0.0,
        "residual": split.residual(),
        "samples": samples,
        "seed": seed,
    }


OPERATIONS = {
    "practice.new": new_match,
    "practice.state": match_state,
    "practice.play": play_card,
    "practice.bot": computer_play,
    "practice.hint": hint_card,
    "practice.grade": grade_play,
    "practice.undo": undo_play,
    "practice.next": next_deal,
    "practice.link": link_problem,
    "practice.peek": peek_deal,
    "practice.could_win": could_win,
    "practice.luck": luck_split,
}

