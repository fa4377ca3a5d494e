"""Many deals played by bots, with a fast all-int play-out for uniformly random bots.

The fast play-out calls the same `legal_mask`, `trick_winner`, `DRAW_ORDER` and
`deal_points` as Deal, so it is the same rules, only without undo history and views.
"""

from __future__ import annotations

import gc
import math
import random
import time

from .bots import BOTS, make_bot
from .cards import JACK, RANK_OF, SUIT_MASK_OF, SUIT_MASKS, SUIT_OF
from .deal import Deal
from .legality import legal_mask
from .rules import Rules
from .scoring import deal_points
from .shuffle import deal_deck, shuffled_deck
from .tricks import DRAW_ORDER, HAND_SIZE, beating_masks, trick_count, trick_winner

# A byte below 240 taken modulo a count of legal plays (at most 6) is exactly uniform,
# because 240 is a multiple of 1..6; bytes of 240 and above are skipped.
_UNIFORM_LIMIT = 240
_CHOICE_BYTES = 96
_BIT = tuple(1 << card for card in range(52))
def random_playout(rules: Rules, rng: random.Random, dealer: int, plays: list | None = None):
    """Deal from `rng` and play the whole deal with uniformly random legal cards.

    Returns (point seats, card values) as `deal_points` does; appends each card to `plays`
    when a list is given (the tests replay those plays through Deal and compare).
    """
    if rules.players == 2 and plays is None:
        return _random_playout_two(rules, rng, dealer)
    return _random_playout_any(rules, rng, dealer, plays)


def _redraw(rng: random.Random, choices: bytes, choice_at: int):
    """Next byte below the uniform limit, refilling the byte buffer as needed (the rare path)."""
    while True:
        if choice_at >= len(choices):
            choices = rng.randbytes(_CHOICE_BYTES)
            choice_at = 0
        byte = choices[choice_at]
        choice_at += 1
        if byte < _UNIFORM_LIMIT:
            return byte, choices, choice_at


def _random_playout_any(rules: Rules, rng: random.Random, dealer: int, plays: list | None):
    players = rules.players
    deck = shuffled_deck(rng)
    hands = [0] * players
    dealt = HAND_SIZE * players
    for index in range(dealt):
        hands[(dealer + 1 + index) % players] |= 1 << deck[index]
    stock = deck[dealt:]
    stock_len = len(stock)
    trump = SUIT_OF[stock[0]]
    trump_mask = SUIT_MASKS[trump]
    trump_when_able = rules.trump_when_able
    must_trump_when_void = rules.must_trump_when_void
    draw_order = DRAW_ORDER[players]
    next_seat = tuple((seat + 1) % players for seat in range(players))
    won = [0] * players
    played = [0] * players
    choices = b""
    choice_at = 0
    position = 0
    leader = (dealer + 1) % players
    trick = [0] * players
    for _ in range(trick_count(players)):
        seat = leader
        led_mask = 0
        taken = 0
        for slot in range(players):
            hand = hands[seat]
            legal = legal_mask(hand, led_mask, trump_mask, trump_when_able, must_trump_when_void)
            if legal & (legal - 1):
                byte, choices, choice_at = _redraw(rng, choices, choice_at)
                for _ in range(byte % legal.bit_count()):
                    legal &= legal - 1
                legal &= -legal
            card = legal.bit_length() - 1
            hands[seat] = hand ^ legal
            played[seat] |= legal
            taken |= legal
            trick[slot] = card
            if not led_mask:
                led_mask = SUIT_MASKS[SUIT_OF[card]]
            seat = next_seat[seat]
        if plays is not None:
            plays.extend(trick)
        winner = (leader + trick_winner(trick, trump)) % players
        won[winner] |= taken
        if stock_len - position >= players:
            for drawer in draw_order[winner]:
                hands[drawer] |= 1 << stock[position]
                position += 1
        leader = winner
    jack_turned = rules.turned_jack and RANK_OF[stock[0]] == JACK
    return deal_points(rules, trump, dealer, won, played, jack_turned)


def _random_playout_two(rules: Rules, rng: random.Random, dealer: int):
    """The same play-out specialised to two players for speed: hands and won cards are kept
    as leader/other locals swapped when the lead changes, and the winner of a trick comes from
    `beating_masks` (built by trick_winner)."""
    deck = shuffled_deck(rng)
    # Dealt one at a time from the non-dealer: even deck positions to the non-dealer.
    # Distinct powers of two: their sum is their union, computed in C.
    leader_hand = sum(map(_BIT.__getitem__, deck[0:12:2]))
    other_hand = sum(map(_BIT.__getitem__, deck[1:12:2]))
    stock = deck[12:]
    trump = SUIT_OF[stock[0]]
    trump_mask = SUIT_MASKS[trump]
    beats = beating_masks(trump)
    suit_mask_of = SUIT_MASK_OF
    trump_when_able = rules.trump_when_able
    must_trump_when_void = rules.must_trump_when_void
    track_holders = rules.low == "holder"
    leader = 1 - dealer
    leader_won = other_won = 0
    # Cards each seat held: dealt plus drawn (only needed for `low: holder`).
    leader_held, other_held = leader_hand, other_hand
    choices = rng.randbytes(_CHOICE_BYTES)
    choice_at = 0
    position = 0
    for _ in range(26):
        if choice_at > _CHOICE_BYTES - 2:
            choices = rng.randbytes(_CHOICE_BYTES)
            choice_at = 0
        lead = legal_mask(leader_hand, 0, trump_mask, trump_when_able, must_trump_when_void)
        if lead & (lead - 1):
            byte = choices[choice_at]
            choice_at += 1
            if byte >= _UNIFORM_LIMIT:
                byte, choices, choice_at = _redraw(rng, choices, choice_at)
            skip = byte % lead.bit_count()
            while skip:
                lead &= lead - 1
                skip -= 1
            lead &= -lead
        leader_hand ^= lead
        led_card = lead.bit_length() - 1
        follow = legal_mask(
            other_hand, suit_mask_of[led_card], trump_mask, trump_when_able, must_trump_when_void
        )
        if follow & (follow - 1):
            byte = choices[choice_at]
            choice_at += 1
            if byte >= _UNIFORM_LIMIT:
                byte, choices, choice_at = _redraw(rng, choices, choice_at)
            skip = byte % follow.bit_count()
            while skip:
                follow &= follow - 1
                skip -= 1
            follow &= -follow
        other_hand ^= follow
        if beats[led_card] & follow:
            leader = 1 - leader
            leader_hand, other_hand = other_hand, leader_hand
            leader_won, other_won = other_won | lead | follow, leader_won
            leader_held, other_held = other_held, leader_held
        else:
            leader_won |= lead | follow
        if position < 40:
            top = 1 << stock[position]
            under = 1 << stock[position + 1]
            leader_hand |= top
            other_hand |= under
            if track_holders:
                leader_held |= top
                other_held |= under
            position += 2
    won = (leader_won, other_won) if leader == 0 else (other_won, leader_won)
    # `held` is only consulted when Low goes to its holder.
    held = (leader_held, other_held) if leader == 0 else (other_held, leader_held)
    return deal_points(rules, trump, dealer, won, held, rules.turned_jack and RANK_OF[stock[0]] == JACK)


def _bot_deal(rules: Rules, rng: random.Random, dealer: int, bots) -> tuple:
    hands, stock = deal_deck(shuffled_deck(rng), rules.players, dealer)
    deal = Deal.from_cards(rules, hands, stock, dealer)
    while not deal.is_over:
        seat = deal.to_move
        deal.play(bots[seat].choose(deal.view(seat)))
    result = deal.result()
    return result.seats, result.values


def _count_into(points: list[int], seats: list) -> None:
    for seat in range(len(points)):
        points[seat] += seats.count(seat)
    seats.clear()


def simulate(
    rules: Rules | str | dict, bot_names: list[str], deals: int, seed: int, *, duplicate: bool = False,
    matches: int = 0, think_ms: float | None = None, bot_options: dict | None = None,
) -> dict:  # fmt: skip
    """Play `deals` deals, bot i in seat i, the dealer moving left each deal.

    Returns {deals, seconds, deals_per_second, points}, plus {deal_wins, match_wins, share,
    share_ci95} unless all bots are uniformly random with no duplicate or matches (the fast
    play-out); lists are per bot in the given order. `duplicate` plays each deal once per rotation of
    the bots over the seats (twice, seats swapped, with two players). `matches` > 0 plays that
    many whole matches to the target instead of `deals` deals (each match rotated the same way
    under `duplicate`). `think_ms` and `bot_options` are passed to every bot factory.
    A deal (or match) is won by the bot with strictly the most points in it. The share is each
    bot's part of all points, with a 95% interval over the independent units (a deal, a match,
    or with `duplicate` all rotations of one).
    """
    rules = Rules.from_spec(rules)
    if len(bot_names) != rules.players:
        raise ValueError(
            f"--bots needs {rules.players} names for {rules.players} players, got {len(bot_names)}"
        )
    for name in bot_names:
        if name not in BOTS:
            raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(sorted(BOTS))}")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
        raise ValueError(f"deals must be a non-negative integer, got {deals!r}")
    if isinstance(matches, bool) or not isinstance(matches, int) or matches < 0:
        raise ValueError(f"matches must be a non-negative integer, got {matches!r}")
    rng = random.Random(seed)
    players = rules.players
    points = [0] * players
    fast = (
        all(getattr(BOTS[name], "uniform_random", False) for name in bot_names)
        and not duplicate
        and not matches
    )
    options = dict(bot_options or {})
    if think_ms is not None:
        options["think_ms"] = think_ms
    bots = (
        None
        if fast
        else [
            make_bot(name, seed=seed * 8 + seat, rules=rules, **options)
            for seat, name in enumerate(bot_names)
        ]
    )
    deal_wins = [0] * players
    match_wins = [0] * players
    units: list[list[int]] = []
    # The play-outs create no reference cycles, so the cyclic collector only costs time here.
    collecting = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        if fast:
            _run(rules, rng, deals, players, fast, bots, points)
            played = deals
        elif matches:
            played = _run_matches(rules, seed, matches, bots, duplicate, points, deal_wins, match_wins, units)
        else:
            played = _run_deals(rules, rng, deals, bots, duplicate, points, deal_wins, units)
        seconds = time.perf_counter() - start
    finally:
        if collecting:
            gc.enable()
    summary = {
        "deals": played,
        "seconds": round(seconds, 6),
        "deals_per_second": round(played / seconds, 1) if seconds > 0 else None,
        "points": points,
    }
    if not fast:  # the fast random play-out keeps its original, minimal summary
        share, interval = _shares(points, units)
        summary.update(deal_wins=deal_wins, match_wins=match_wins, share=share, share_ci95=interval)
    return summary


def _rotations(players: int, duplicate: bool) -> list[tuple[int, ...]]:
    """seat -> bot index, for each rotation played."""
    count = players if duplicate else 1
    return [tuple((seat + shift) % players for seat in range(players)) for shift in range(count)]


def _winner_of(totals: list[int]) -> int | None:
    best = max(totals)
    return totals.index(best) if totals.count(best) == 1 else None


def _play_deal(deal: Deal, bots, seat_bot) -> list[int]:
    while not deal.is_over:
        seat = deal.to_move
        deal.play(bots[seat_bot[seat]].choose(deal.view(seat)))
    return deal.result().points_per_seat(deal.players)


def _run_deals(rules, rng, deals, bots, duplicate, points, deal_wins, units) -> int:
    players = rules.players
    played = 0
    for number in range(deals):
        hands, stock = deal_deck(shuffled_deck(rng), players, number % players)
        unit = [0] * players
        for seat_bot in _rotations(players, duplicate):
            deal = Deal.from_cards(rules, hands, stock, number % players)
            per_seat = _play_deal(deal, bots, seat_bot)
            per_bot = [0] * players
            for seat, got in enumerate(per_seat):
                per_bot[seat_bot[seat]] += got
            winner = _winner_of(per_bot)
            if winner is not None:
                deal_wins[winner] += 1
            for bot in range(players):
                points[bot] += per_bot[bot]
                unit[bot] += per_bot[bot]
            played += 1
        units.append(unit)
    return played


def _run_matches(rules, seed, matches, bots, duplicate, points, deal_wins, match_wins, units) -> int:
    from .match import Match

    players = rules.players
    played = 0
    for number in range(matches):
        unit = [0] * players
        for seat_bot in _rotations(players, duplicate):
            match = Match(rules, seed=seed * 1_000_003 + number)
            while not match.is_over:
                deal = match.start_deal()
                if match.is_over:  # a turned jack ended it before any card was played
                    break
                per_seat = _play_deal(deal, bots, seat_bot)
                match.finish_deal()
                per_bot = [0] * players
                for seat, got in enumerate(per_seat):
                    per_bot[seat_bot[seat]] += got
                winner = _winner_of(per_bot)
                if winner is not None:
                    deal_wins[winner] += 1
                for bot in range(players):
                    points[bot] += per_bot[bot]
                    unit[bot] += per_bot[bot]
                played += 1
            match_wins[seat_bot[match.winner]] += 1
        units.append(unit)
    return played


def _shares(points: list[int], units: list[list[int]]):
    """Each bot's share of all points, with a 95% interval (ratio estimator over the units)."""
    total = sum(points)
    if not total:
        return [None] * len(points), [None] * len(points)
    shares = [p / total for p in points]
    n = len(units)
    intervals: list = []
    for bot, share in enumerate(shares):
        if n < 2:
            intervals.append(None)
            continue
        mean_total = total / n
        residual = sum((unit[bot] - share * sum(unit)) ** 2 for unit in units)
        half = 1.96 * math.sqrt(residual / (n * (n - 1))) / mean_total
        intervals.append([round(max(0.0, share - half), 4), round(min(1.0, share + half), 4)])
    return [round(share, 4) for share in shares], intervals


def _run(rules, rng, deals, players, fast, bots, points) -> None:
    if fast:
        # Point seats gathered in C (extend) and counted per batch: the loop stays minimal.
        batch: list = []
        for number in range(deals):
            batch.extend(random_playout(rules, rng, number % players)[0])
            if len(batch) > 50_000:
                _count_into(points, batch)
        _count_into(points, batch)
    else:
        for number in range(deals):
            seats, _ = _bot_deal(rules, rng, number % players, bots)
            _count_into(points, list(seats))
