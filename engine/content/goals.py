"""The course's goal types: what a level asks, the answers the engine accepts, and what the
reader is told for every wrong answer.

Card goals (the reader plays one card of the seat to move):
- `legal_card`: any card the rules allow; `legal` (optional) states how many are legal;
- `wins_trick`: a card that wins the trick in play; `winners` states how many do;
- `best_card`: a card of the best value for the reader. With the stock empty (two players) the
  endgame solver decides exactly; earlier the analysis' sampled values decide, with a fixed seed
  and a fixed number of samples, and only where the accepted cards stand clear of every other
  card by ESTIMATE_MARGIN (see `clearly_best`), so the lesson does not hang on sampling noise.
Each may state its answer (`answer = "TH"` or `answers = [...]`); the engine must agree.
For a wrong card: an illegal one gets the engine's refusal (`IllegalPlay.key`, the catalogue
key that words it) and its rule reference (`rule_refs.*`, the link the site already shows); a
legal one the reason it is wrong, as a catalogue key and parameters.

Other goals:
- `count`: a number the engine computes, its `kind` one of COUNT_KINDS; `answer` states it;
- `choice`: one of a few options, the question one of QUESTIONS (is the jack still out, which
  suit is trump, who took the top stock card, who scores a point, who wins the match at the
  count-out, who won the last trick, whether the opponent still holds a trump once the stock is
  empty); `answer` states the true one.
- `play_deal`: a whole deal (`match = false`) or a whole match (`match = true`) on the Practice
  page against the computer `level`, from the record's deal (its rules, seed and dealer, no
  plays), the reader in seat 0 and the Coach on when the level is `guided`. No answers: it is
  done when the deal or match ends, its stars counted by the page from the illegal attempts.

Every feedback is `{"kind": "illegal"|"wrong", "key": ..., "params": {...}}`, plus `rule` for a
refusal; card parameters are card codes and suits are suit letters, which each page words in
its language.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from engine.ai.bots import BOTS
from engine.analysis.deal_analysis import OptionValue, exact_option_values, is_exact, sampled_option_values
from engine.analysis.reasons import reason_for
from engine.content.levels import Level, goal
from engine.content.problems import Problems, is_int, join_place
from engine.core.cards import (
    CARD_VALUE,
    JACK,
    RANKS_PER_SUIT,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    card_code,
    cards_of,
    make_card,
    mask_value,
    parse_card,
)
from engine.core.deal import Deal
from engine.core.errors import IllegalPlay
from engine.core.rule_refs import RULE_LINKS, cited_rule
from engine.core.rules import Rules
from engine.core.scoring import count_out_steps
from engine.core.tricks import beating_masks

Json = dict[str, Any]


# ----- shared by the card goals ---------------------------------------------------------------


def refusal_feedback(error: IllegalPlay, rules: Rules) -> Json:
    """What an illegal card gets: the engine's refusal key, the rule it breaks and where the
    site explains that rule (the card table's refusals cite the same, engine/core/rule_refs.py)."""
    rule = cited_rule(error, rules)
    return {
        "kind": "illegal",
        "key": error.key,
        "rule": f"rule_refs.{rule}",
        "rule_link": RULE_LINKS[rule],
        "params": {"card": error.card, "suit": error.led, "trump": error.trump},
    }


def card_feedback(level: Level, accepted: set[int], wrong: Callable[[int], Json] | None) -> dict[str, Json]:
    """Feedback for every card of the reader's hand that is not accepted: the refusal for an
    illegal card, `wrong(card)` for a legal one (`None`: every legal card is accepted)."""
    deal = level.position
    feedback: dict[str, Json] = {}
    for card in deal.hand(level.seat):
        if card in accepted:
            continue
        try:
            deal.check(card)
        except IllegalPlay as error:
            feedback[card_code(card)] = refusal_feedback(error, deal.rules)
            continue
        if wrong is None:
            raise AssertionError(f"{card_code(card)} is legal but not accepted")
        feedback[card_code(card)] = wrong(card)
    return feedback


def _stated_cards(level: Level, problems: Problems) -> set[int] | None:
    """The level's stated answer cards (`answer` or `answers`), None if it states none."""
    data = level.data
    if "answer" in data and "answers" in data:
        problems.add(join_place(level.place, "answers"), "state either answer or answers, not both")
        return None
    stated = [data["answer"]] if "answer" in data else data.get("answers")
    if stated is None:
        return None
    place = join_place(level.place, "answer" if "answer" in data else "answers")
    if not isinstance(stated, list) or not stated:
        problems.add(place, "expected a list of card codes")
        return None
    cards: set[int] = set()
    for text in stated:
        try:
            cards.add(parse_card(text) if isinstance(text, str) else -1)
        except ValueError:
            cards.add(-1)
        if -1 in cards:
            problems.add(place, f"not a card code: {text!r}")
            return None
    return cards


def _agree(level: Level, accepted: set[int], problems: Problems) -> None:
    """A stated answer must be exactly the set of cards the engine accepts."""
    stated = _stated_cards(level, problems)
    if stated is not None and stated != accepted:
        place = join_place(level.place, "answer" if "answer" in level.data else "answers")
        problems.add(place, f"the level states {_codes(stated)}, but the engine accepts {_codes(accepted)}")


def _stated_count(level: Level, key: str, actual: int, what: str, problems: Problems) -> None:
    if key not in level.data:
        return
    stated = level.data[key]
    if not is_int(stated):
        problems.add(join_place(level.place, key), f"expected a whole number, got {stated!r}")
    elif stated != actual:
        problems.add(
            join_place(level.place, key), f"the level states {stated} {what}, but the engine finds {actual}"
        )


def _codes(cards: set[int]) -> str:
    return ", ".join(card_code(card) for card in sorted(cards)) or "none"


def _decided(level: Level, problems: Problems) -> bool:
    """A card goal needs a decision to make: the deal not over and more than one card in hand."""
    if level.position.is_over:
        problems.add(join_place(level.place, "record"), "the deal is over: there is no card to play")
        return False
    return True


def why(name: str, **params: Any) -> Json:
    """Why an answer is right: the catalogue key `learn.why.<name>` and the engine's facts."""
    return {"key": f"learn.why.{name}", "params": params}


def value_sum(cards: Iterable[int]) -> tuple[list[str], str]:
    """The cards of `cards` that count for Game, highest first, and their sum written out
    ("10 + 4 + 3 = 17"; one card: "10"; none: "0")."""
    counted = sorted((card for card in cards if CARD_VALUE[card]), key=lambda card: (-CARD_VALUE[card], card))
    values = [CARD_VALUE[card] for card in counted]
    written = " + ".join(map(str, values)) + f" = {sum(values)}" if len(values) > 1 else str(sum(values))
    return [card_code(card) for card in counted], written


def legal_why(deal: Deal, seat: int) -> Json:
    """Why these cards are the legal ones (RULES.md §1: follow or trump on a plain lead, trump
    when void, otherwise discard; on a trump lead, a trump), under the deal's rules."""
    hand, rules = deal.hands[seat], deal.rules
    trumps = hand & SUIT_MASKS[deal.trump]
    if not deal.current_trick:
        return why("lead_any")
    led = SUIT_OF[deal.current_trick[0]]
    suits = {"suit": SUITS[led], "trump": SUITS[deal.trump]}
    if led == deal.trump:
        return why("trump_led" if trumps else "trump_led_none", **suits)
    if hand & SUIT_MASKS[led]:
        if not trumps:
            return why("follow_no_trump", **suits)
        return why("follow_or_trump" if rules.trump_when_able else "follow_only", **suits)
    if trumps:
        return why("must_trump" if rules.must_trump_when_void else "void_free", **suits)
    return why("discard", **suits)


# ----- card goals -----------------------------------------------------------------------------


@goal("legal_card", plays_a_card=True)
def legal_card(level: Level, problems: Problems) -> list[Any]:
    if not _decided(level, problems):
        return []
    deal = level.position
    accepted = set(deal.legal_plays())
    _stated_count(level, "legal", len(accepted), "legal cards", problems)
    _agree(level, accepted, problems)
    level.feedback = card_feedback(level, accepted, None)
    level.why = legal_why(deal, level.seat)
    return [card_code(card) for card in sorted(accepted)]


def current_winner(deal: Deal) -> int:
    """The card winning the trick in play so far."""
    beats = beating_masks(deal.trump)
    best = deal.current_trick[0]
    for card in deal.current_trick[1:]:
        if beats[best] >> card & 1:
            best = card
    return best


@goal("wins_trick", plays_a_card=True)
def wins_trick(level: Level, problems: Problems) -> list[Any]:
    if not _decided(level, problems):
        return []
    deal = level.position
    if len(deal.current_trick) != deal.players - 1:
        problems.add(join_place(level.place, "record"), "the reader must play the trick's last card")
        return []
    if "winners" not in level.data:
        problems.add(join_place(level.place, "winners"), "missing: state how many cards win the trick")
    winning = current_winner(deal)
    beats = beating_masks(deal.trump)[winning]
    accepted = {card for card in deal.legal_plays() if beats >> card & 1}
    if not accepted:
        problems.add(join_place(level.place, "record"), "no legal card wins this trick")
        return []
    _stated_count(level, "winners", len(accepted), "winning cards", problems)
    _agree(level, accepted, problems)
    led = SUIT_OF[deal.current_trick[0]]
    lost = {"kind": "wrong", "key": "learn.feedback.loses_trick_to", "params": {"card": card_code(winning)}}
    # A card of the suit led that loses where only a trump wins: you may trump even though you
    # can follow (RULES.md §1), which newcomers often think is forbidden.
    could_trump = {
        "kind": "wrong", "key": "learn.feedback.trick_trump_could_follow",
        "params": {"card": card_code(winning), "suit": SUITS[led], "trump": SUITS[deal.trump]},
    }  # fmt: skip
    trump_wins = led != deal.trump and all(SUIT_OF[card] == deal.trump for card in accepted)
    level.feedback = card_feedback(
        level, accepted, lambda card: could_trump if trump_wins and SUIT_OF[card] == led else lost
    )
    params = {"card": card_code(winning), "suit": SUITS[led], "trump": SUITS[deal.trump]}
    level.why = why("beat_trump" if SUIT_OF[winning] == deal.trump else "beat_plain", **params)
    return [card_code(card) for card in sorted(accepted)]


# Sampled values (stock not empty): how many deals are sampled from the reader's view, the seed
# of their generator (with the level's id, so each level's numbers are fixed on every machine),
# and the margin rule. Cards within ESTIMATE_CLOSE net points of the best are accepted as equally
# good; every other card must be at least ESTIMATE_MARGIN below the worst accepted one. Measured
# (`scripts/learn_positions.py --spread`): at 256 samples the gap between a level's accepted
# cards and the next one, re-estimated with ten other seeds, has a standard deviation of 0.10
# (median over the course's sampled levels; 0.26 at most), so a margin of 0.75 net points (a
# point handed over moves the value by 2) is three to seven deviations: the accepted cards do
# not depend on the seed, and a position where two cards are close is refused, not taught.
ESTIMATE_SAMPLES = 256
ESTIMATE_CLOSE = 0.25
ESTIMATE_MARGIN = 0.75
NO_BEST_CARD = "every legal card is as good: there is no best card"


def estimate_rng(level_id: str) -> random.Random:
    return random.Random(f"learn:{level_id}")


def clearly_best(options: dict[int, OptionValue]) -> tuple[set[int], int | None, float]:
    """The margin rule on sampled values: the accepted cards, the best of the others (None if
    every card is accepted) and the gap between the worst accepted card and it."""
    best = max(option.value for option in options.values())
    accepted = {card for card, option in options.items() if option.value >= best - ESTIMATE_CLOSE}
    others = set(options) - accepted
    if not others:
        return accepted, None, 0.0
    closest = max(others, key=lambda card: options[card].value)
    return accepted, closest, min(options[card].value for card in accepted) - options[closest].value


def _estimated_best(level: Level, problems: Problems) -> tuple[dict[int, OptionValue], set[int]] | None:
    """Every legal card's sampled value from the reader's view, and the clearly best cards."""
    options = sampled_option_values(level.position, ESTIMATE_SAMPLES, estimate_rng(level.id))
    accepted, closest, gap = clearly_best(options)
    if closest is None:
        problems.add(join_place(level.place, "record"), NO_BEST_CARD)
        return None
    if gap < ESTIMATE_MARGIN:
        worst = min(options[card].value for card in accepted)
        problems.add(
            join_place(level.place, "record"),
            f"no clear best card: {_codes(accepted)} at {worst:.2f} and {card_code(closest)} at "
            f"{options[closest].value:.2f} are less than {ESTIMATE_MARGIN} net points apart "
            f"({ESTIMATE_SAMPLES} samples)",
        )
        return None
    return options, accepted


@goal("best_card", plays_a_card=True)
def best_card(level: Level, problems: Problems) -> list[Any]:
    if not _decided(level, problems):
        return []
    deal = level.position
    if deal.players != 2:
        problems.add(join_place(level.place, "record"), "the best card is decided for two players only")
        return []
    if is_exact(deal):
        options = exact_option_values(deal, level.seat)
        best = max(option.value for option in options.values())
        accepted = {card for card, option in options.items() if option.value == best}
        if accepted == set(options):
            problems.add(join_place(level.place, "record"), NO_BEST_CARD)
    else:
        estimated = _estimated_best(level, problems)
        if estimated is None:
            return []
        options, accepted = estimated
        best = max(option.value for option in options.values())
    _agree(level, accepted, problems)
    better = max(accepted, key=lambda card: (options[card].value, -card))
    best_row = {"card": card_code(better), "points": options[better].points}

    def worse(card: int) -> Json:
        # Each wrong card is told about itself: what it costs against the best card and, once
        # the stock is empty, the opponent's answer to it, then the point it gives up.
        option = options[card]
        reason = reason_for(deal, {"card": card_code(card), "points": option.points}, best_row)
        reply = None if option.reply is None else card_code(option.reply)
        return {
            "kind": "wrong",
            "key": "learn.feedback.worse_card" + ("_reply" if reply else ""),
            "reason": f"analysis.reasons.{reason}",
            "params": {
                "card": card_code(card),
                "loss": round(best - option.value, 2),
                "reply": reply,
                "better": card_code(better),
            },
        }

    level.feedback = card_feedback(level, accepted, worse)
    exact = is_exact(deal)
    level.why = _best_why(options, accepted, better, exact)
    if len(accepted) > 1:
        # A right answer is explained for the card the reader played, naming the ones it ties.
        level.published["why_by_answer"] = {
            card_code(card): _best_why(options, accepted, card, exact) for card in sorted(accepted)
        }
    return [card_code(card) for card in sorted(accepted)]


def _best_why(options: dict[int, OptionValue], accepted: set[int], chosen: int, exact: bool) -> Json | None:
    """An accepted card against the next best one, in the engine's net points: exact once the
    stock is empty (the endgame solver), else averaged over the sampled deals; the other
    accepted cards, if any, are named as its ties."""
    others = [card for card in options if card not in accepted]
    if not others:
        return None
    other = max(others, key=lambda card: (options[card].value, -card))
    gain = round(options[chosen].value - options[other].value, 2)
    params: Json = {"card": card_code(chosen), "other": card_code(other), "gain": gain}
    ties = [card_code(card) for card in sorted(accepted) if card != chosen]
    tied = "_tied" if ties else ""
    if ties:
        params["cards"] = ties
    if exact:
        return why(f"best_exact{tied}", **params)
    return why(f"best_sampled{tied}", **params, samples=ESTIMATE_SAMPLES)


# ----- count ----------------------------------------------------------------------------------


def _opponent(level: Level, problems: Problems) -> int | None:
    if level.position.players != 2:
        problems.add(join_place(level.place, "record"), "this count is for two players")
        return None
    return 1 - level.seat


def _trumps_out(level: Level, problems: Problems) -> int | None:
    """Trumps the opponent may still hold, as the reader sees it: those seen drawn by the
    opponent and not yet played, and every trump whose place the reader cannot see."""
    other = _opponent(level, problems)
    if other is None:
        return None
    view = level.position.view(level.seat)
    return ((view.known[other] | view.unseen) & SUIT_MASKS[view.trump]).bit_count()


def _known_hand(level: Level, problems: Problems) -> int | None:
    """The opponent's whole hand, once the reader can know it: two players and the stock empty
    (every card not played and not in the reader's hand is there, RULES.md §1 and §6.13)."""
    other = _opponent(level, problems)
    if other is None:
        return None
    deal = level.position
    if deal.stock_remaining:
        problems.add(
            join_place(level.place, "record"), "the opponent's hand is known only once the stock is empty"
        )
        return None
    view = deal.view(level.seat)
    return view.known[other] | view.unseen


def _opponent_value(level: Level, problems: Problems) -> int | None:
    hand = _known_hand(level, problems)
    return None if hand is None else mask_value(hand)


def _count_why(level: Level, kind: str, actual: int, problems: Problems) -> Json | None:
    """How the engine's number is made up, from what the reader sees."""
    deal, seat = level.position, level.seat
    if kind in ("value_won", "opponent_value"):
        mask = deal.won[seat] if kind == "value_won" else _known_hand(level, Problems(problems.file))
        cards, written = value_sum(cards_of(mask or 0))
        return why(f"{kind}{'' if cards else '_none'}", cards=cards, sum=written, n=actual)
    if kind == "trumps_out":
        view = deal.view(seat)
        suit = SUIT_MASKS[deal.trump]
        played = sum((trick.cards for trick in deal.tricks), tuple(deal.current_trick))
        counts = {
            "total": RANKS_PER_SUIT,
            "played": sum(1 for card in played if SUIT_OF[card] == deal.trump),
            "yours": (deal.hands[seat] & suit).bit_count(),
        }
        top = view.stock_top
        on_stock = top is not None and SUIT_OF[top] == deal.trump
        if counts["total"] - counts["played"] - counts["yours"] - on_stock != actual:
            problems.add(
                join_place(level.place, "record"), "the trumps out do not add up from what the reader sees"
            )
            return None
        if top is not None and on_stock:
            return why("trumps_out_stock", **counts, card=card_code(top), n=actual)
        # With the stock empty no trump can hide there: the rest are in the opponent's hand
        # (RULES.md §1, Information), so the line says so instead of "may still hold".
        if not deal.stock_remaining:
            return why("trumps_out_known", **counts, n=actual)
        return why("trumps_out", **counts, n=actual)
    if kind == "stock_left":
        drawn = sum(len(trick.draws) for trick in deal.tricks)
        return why("stock_left", start=actual + drawn, drawn=drawn, n=actual)
    if kind == "tricks_won":
        return why("tricks_won", total=len(deal.tricks), n=actual)
    return None


COUNT_KINDS: dict[str, Callable[[Level, Problems], int | None]] = {
    "value_won": lambda level, problems: mask_value(level.position.won[level.seat]),
    "trumps_out": _trumps_out,
    "stock_left": lambda level, problems: level.position.stock_remaining,
    "tricks_won": lambda level, problems: sum(1 for t in level.position.tricks if t.winner == level.seat),
    "opponent_value": _opponent_value,
}


@goal("count")
def count(level: Level, problems: Problems) -> list[Any]:
    kind = level.data.get("kind")
    measure = COUNT_KINDS.get(kind) if isinstance(kind, str) else None
    if measure is None:
        problems.add(
            join_place(level.place, "kind"), f"expected one of {', '.join(COUNT_KINDS)}, got {kind!r}"
        )
        return []
    actual = measure(level, problems)
    if actual is None:
        return []
    if "answer" not in level.data:
        problems.add(join_place(level.place, "answer"), "missing: state the number the reader should find")
    _stated_count(level, "answer", actual, str(kind).replace("_", " "), problems)
    level.published = {"kind": kind}
    level.why = _count_why(level, str(kind), actual, problems)
    level.feedback = {
        "higher": {"kind": "wrong", "key": "learn.feedback.count_higher", "params": {}},
        "lower": {"kind": "wrong", "key": "learn.feedback.count_lower", "params": {}},
    }
    return [actual]


# ----- choice ---------------------------------------------------------------------------------

YES_NO = {"yes": "learn.options.yes", "no": "learn.options.no"}
SIDES = {"you": "learn.options.you", "opponent": "learn.options.opponent", "no_one": "learn.options.no_one"}
POINTS = ("high", "low", "jack", "game")


def _jack_out(level: Level, problems: Problems) -> tuple[str, Json] | None:
    """Is the jack of trumps still out: not played, and not in the reader's hand?"""
    deal = level.position
    jack = make_card(JACK, deal.trump)
    played = {card: number for number, trick in enumerate(deal.tricks, 1) for card in trick.cards}
    if jack in deal.current_trick:
        played[jack] = len(deal.tricks) + 1
    params: Json = {"card": card_code(jack)}
    if jack in played:
        return "no", {
            "kind": "wrong",
            "key": "learn.feedback.jack_played",
            "params": {**params, "trick": played[jack]},
        }
    if deal.hands[level.seat] >> jack & 1:
        return "no", {"kind": "wrong", "key": "learn.feedback.jack_in_hand", "params": params}
    return "yes", {"kind": "wrong", "key": "learn.feedback.jack_unseen", "params": params}


def _point_winner(level: Level, problems: Problems) -> tuple[str, Json] | None:
    """Who scores the point named by `point` in this finished deal, and the engine's reason."""
    deal = level.position
    point = level.data.get("point")
    if point not in POINTS:
        problems.add(join_place(level.place, "point"), f"expected one of {', '.join(POINTS)}, got {point!r}")
        return None
    if not deal.is_over:
        problems.add(join_place(level.place, "record"), "the points are scored only once the deal is over")
        return None
    reason = next(r for r in deal.result().reasons if r.point == point)
    truth = "no_one" if reason.seat is None else "you" if reason.seat == level.seat else "opponent"
    key = reason.key if reason.seat is None else f"{reason.key}_{'you' if truth == 'you' else 'other'}"
    params: Json = {"card": reason.card, "trick": reason.trick, "seat": reason.seat}
    if reason.values is not None:
        params["values"] = list(reason.values)
    level.published = {**level.published, "point": point}
    return truth, {"kind": "wrong", "key": key, "params": params}


def _trump_suit(level: Level, problems: Problems) -> tuple[str, Json] | None:
    deal = level.position
    return SUITS[deal.trump], {
        "kind": "wrong", "key": "learn.feedback.trump_is", "params": {"card": card_code(deal.trump_card)},
    }  # fmt: skip


def _drew_top(level: Level, problems: Problems) -> tuple[str, Json] | None:
    """Who took the stock's top card after the last trick: its winner (RULES.md §3)."""
    deal = level.position
    last = deal.tricks[-1] if deal.tricks else None
    if last is None or not last.draws or deal.current_trick:
        problems.add(join_place(level.place, "record"), "the record must stop right after a trick with draws")
        return None
    first = last.draws[0]
    truth = "you" if first.seat == level.seat else "opponent"
    params: Json = {"card": None if first.card is None else card_code(first.card), "trick": len(deal.tricks)}
    return truth, {"kind": "wrong", "key": "learn.feedback.winner_draws_first", "params": params}


def _match_winner(level: Level, problems: Problems) -> tuple[str, Json] | None:
    """Who wins the match at this finished deal's count-out, from the record's scores_before:
    points are added High, Low, Jack, Game, and the count stops at the first seat to reach the
    target (RULES.md §1, §6.17)."""
    deal = level.position
    if not deal.is_over:
        problems.add(join_place(level.place, "record"), "the count-out comes only once the deal is over")
        return None
    scores = level.record.get("scores_before", [0] * deal.players)
    steps, winner, _ = count_out_steps(deal.result().seats, scores, deal.rules.target, deal.jack_turned)
    target = deal.rules.target
    if winner is None:
        goes_on: Json = {"kind": "wrong", "key": "learn.feedback.match_goes_on", "params": {"target": target}}
        return "no_one", goes_on
    point = steps[-1][0]
    side = "you" if winner == level.seat else "other"
    params: Json = {"point": point, "target": target, "seat": winner}
    truth = "you" if side == "you" else "opponent"
    return truth, {"kind": "wrong", "key": f"learn.feedback.match_won_{side}", "params": params}


def _trick_winner(level: Level, problems: Problems) -> tuple[str, Json] | None:
    """Who won the trick just played, and why: the highest trump in it, or with none the highest
    card of the suit led (RULES.md §1)."""
    deal = level.position
    last = deal.tricks[-1] if deal.tricks else None
    if last is None or deal.current_trick:
        problems.add(join_place(level.place, "record"), "the record must stop right after a trick")
        return None
    if deal.players != 2:
        problems.add(join_place(level.place, "record"), "this question is for two players")
        return None
    truth = "you" if last.winner == level.seat else "opponent"
    beats = beating_masks(deal.trump)
    winning = last.cards[0]
    for card in last.cards[1:]:
        if beats[winning] >> card & 1:
            winning = card
    params: Json = {"card": card_code(winning), "suit": SUITS[SUIT_OF[last.cards[0]]]}
    key = "trick_trump" if SUIT_OF[winning] == deal.trump else "trick_led_suit"
    return truth, {"kind": "wrong", "key": f"learn.feedback.{key}", "params": params}


def _opponent_has_trump(level: Level, problems: Problems) -> tuple[str, Json] | None:
    """Once the stock is empty: does the opponent still hold a trump? If so, the highest one is
    named (the reader can place it: not played, not in the reader's hand)."""
    hand = _known_hand(level, problems)
    if hand is None:
        return None
    trumps = cards_of(hand & SUIT_MASKS[level.position.trump])
    if not trumps:
        return "no", {"kind": "wrong", "key": "learn.feedback.no_trump_left", "params": {}}
    top = max(trumps)  # in a suit, a higher rank is a higher card number
    return "yes", {
        "kind": "wrong", "key": "learn.feedback.opponent_holds", "params": {"card": card_code(top)},
    }  # fmt: skip


# question -> (its options: id -> label key, what decides the true option and its explanation)
QUESTIONS: dict[str, tuple[dict[str, str], Callable[[Level, Problems], tuple[str, Json] | None]]] = {
    "jack_out": (YES_NO, _jack_out),
    "point_winner": (SIDES, _point_winner),
    "trump_suit": ({suit: f"suits.{suit}.name" for suit in SUITS}, _trump_suit),
    "drew_top": ({"you": SIDES["you"], "opponent": SIDES["opponent"]}, _drew_top),
    "match_winner": (SIDES, _match_winner),
    "trick_winner": ({"you": SIDES["you"], "opponent": SIDES["opponent"]}, _trick_winner),
    "opponent_has_trump": (YES_NO, _opponent_has_trump),
}


@goal("choice")
def choice(level: Level, problems: Problems) -> list[Any]:
    question = level.data.get("question")
    if question not in QUESTIONS:
        problems.add(
            join_place(level.place, "question"), f"expected one of {', '.join(QUESTIONS)}, got {question!r}"
        )
        return []
    options, decide = QUESTIONS[question]
    decided = decide(level, problems)
    if decided is None:
        return []
    truth, explanation = decided
    stated = level.data.get("answer")
    if stated not in options:
        problems.add(
            join_place(level.place, "answer"), f"expected one of {', '.join(options)}, got {stated!r}"
        )
    elif stated != truth:
        problems.add(
            join_place(level.place, "answer"), f"the level states {stated!r}, but the engine finds {truth!r}"
        )
    level.published = {**level.published, "question": question, "options": options}
    level.feedback = {option: explanation for option in options if option != truth}
    # What a wrong option is told is why the true one is true: the same words, from the engine.
    level.why = {"key": explanation["key"], "params": explanation["params"]}
    return [truth]


__all__ = ["COUNT_KINDS", "QUESTIONS", "card_feedback", "clearly_best", "current_winner", "refusal_feedback"]


# ----- a deal or a match on the Practice page ---------------------------------------------------

PLAY_DEAL_KEYS = ("level", "match")
# The Practice page seats the reader at seat 0 (engine/surfaces/practice_api.py HUMAN).
PRACTICE_SEAT = 0


@goal("play_deal")
def play_deal(level: Level, problems: Problems) -> list[Any]:
    """A deal or a match played out on the Practice page: its opponent, its length and where it
    starts are checked here, so the page can start it as published."""
    data, record = level.data, level.record

    def wrong(key: str, problem: str) -> None:
        problems.add(join_place(level.place, key), problem)

    opponent, whole_match = data.get("level"), data.get("match")
    if not isinstance(opponent, str) or opponent not in BOTS:
        wrong("level", f"expected the computer: one of {', '.join(BOTS)}, got {opponent!r}")
    if not isinstance(whole_match, bool):
        wrong("match", f"expected true (a whole match) or false (one deal), got {whole_match!r}")
    for key in ("hands", "stock", "scores_before"):
        if key in record:
            wrong(f"record.{key}", "a deal to play is dealt from a seed at 0 to 0: no hands, stock or scores")
    if "seed" not in record:
        wrong("record.seed", "missing: the Practice page deals the level from its seed")
    if record.get("plays"):
        wrong("record.plays", "a deal to play starts before any card: expected no plays")
    if level.seat != PRACTICE_SEAT:
        wrong("seat", f"the reader sits at seat {PRACTICE_SEAT} on the Practice page, got {level.seat}")
    if level.par != 1:
        wrong("par", f"a deal to play has one end to reach: expected 1, got {level.par}")
    level.published.update({
        "level": opponent,
        "match": whole_match,
        "rules": level.position.rules.to_spec(),
        "seed": record.get("seed"),
        "dealer": level.position.dealer,
        "coach": level.guided,
    })  # fmt: skip
    return []
