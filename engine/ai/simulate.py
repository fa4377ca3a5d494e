"""Many deals played by bots, with a fast all-int play-out for uniformly random bots.

The fast play-out moves the cards through the play kernel (`engine.kernel.PlayState`), as
Deal does, so it is the same rules, only without legality errors, trick records and views.
"""

from __future__ import annotations

import gc
import math
import random
import time
from typing import Any

from engine.ai.bots import BOTS, Bot, make_bot
from engine.core.boundary import echo
from engine.core.cards import SUIT_MASK_OF
from engine.core.deal import Deal
from engine.core.kernel import PlayState
from engine.core.legality import legal_mask
from engine.core.limits import SEED_LIMIT
from engine.core.rules import Rules
from engine.core.shuffle import deal_deck, shuffled_deck

# A byte below 240 taken modulo a count of legal plays (at most 6) is exactly uniform,
# because 240 is a multiple of 1..6; bytes of 240 and above are skipped.
_UNIFORM_LIMIT = 240
_REJECTED = bytes(range(_UNIFORM_LIMIT, 256))
# A deal has at most 52 plays, each taking at most one choice byte; 64 random bytes keep 60 on
# average, so a second draw is rare.
_PLAYS_PER_DEAL = 52
_CHOICE_BYTES = 64


def _deal_choices(rng: random.Random) -> bytes:
    """Enough uniform choice bytes for one whole deal, drawn before its first play.

    Bytes at or above the uniform limit are taken out (in C); the play-out then reads the bytes
    in order with no end-of-buffer test on its hot path.
    """
    choices = rng.randbytes(_CHOICE_BYTES).translate(None, _REJECTED)
    while len(choices) < _PLAYS_PER_DEAL:
        choices += rng.randbytes(_CHOICE_BYTES).translate(None, _REJECTED)
    return choices


def random_playout(
    rules: Rules, rng: random.Random, dealer: int, plays: list[int] | None = None
) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
    """Deal from `rng` and play the whole deal with uniformly random legal cards.

    The cards move through the play kernel, one `PlayState.play_trick` per trick; only the
    choice of card is made here (legal cards from `legal_mask`, random bytes drawn once per deal).
    Returns (point seats, card values) as `deal_points` does; appends each card to `plays`
    when a list is given.
    """
    state = PlayState.from_deck(rules, shuffled_deck(rng), dealer)
    play_trick = state.play_trick
    hands = state.hands
    next_seat = state.next_seat
    suit_mask_of = SUIT_MASK_OF
    trump_mask = state.trump_mask
    trump_when_able = rules.trump_when_able
    must_trump_when_void = rules.must_trump_when_void
    players = state.players
    next_choice = iter(_deal_choices(rng)).__next__
    leader = state.leader
    if players == 2:
        for _ in range(state.total_tricks):
            # Any card may be led (`legal_mask` with no card led is the whole hand).
            lead = hands[leader]
            count = lead.bit_count()
            if count > 1:
                skip = next_choice() % count
                # The skip-th lowest card: cleared from the low end, or from the high end when
                # it is nearer (half the steps on average). The follower's pick below repeats
                # these lines on purpose: a shared helper would cost a call per pick, about
                # 550 instructions each under callgrind, some 6% of a whole play-out.
                if skip + skip < count:
                    while skip:
                        lead &= lead - 1
                        skip -= 1
                    lead_card = (lead & -lead).bit_length() - 1
                else:
                    lead_card = lead.bit_length() - 1
                    skip = count - 1 - skip
                    while skip:
                        lead ^= 1 << lead_card
                        lead_card = lead.bit_length() - 1
                        skip -= 1
            else:
                lead_card = lead.bit_length() - 1
            follow = legal_mask(
                hands[leader ^ 1], suit_mask_of[lead_card], trump_mask, trump_when_able, must_trump_when_void
            )
            count = follow.bit_count()
            if count > 1:
                skip = next_choice() % count
                if skip + skip < count:
                    while skip:
                        follow &= follow - 1
                        skip -= 1
                    follow_card = (follow & -follow).bit_length() - 1
                else:
                    follow_card = follow.bit_length() - 1
                    skip = count - 1 - skip
                    while skip:
                        follow ^= 1 << follow_card
                        follow_card = follow.bit_length() - 1
                        skip -= 1
            else:
                follow_card = follow.bit_length() - 1
            if plays is not None:
                plays += (lead_card, follow_card)
            # The kernel plays the trick, makes the draws and returns the winner (the next leader).
            leader = play_trick((lead_card, follow_card))
        return state.points()
    trick: list[int] = []
    for _ in range(state.total_tricks):
        seat = leader
        led_mask = 0
        for _ in range(players):
            legal = legal_mask(hands[seat], led_mask, trump_mask, trump_when_able, must_trump_when_void)
            if legal & (legal - 1):
                skip = next_choice() % legal.bit_count()
                while skip:
                    legal &= legal - 1
                    skip -= 1
                legal &= -legal
            card = legal.bit_length() - 1
            trick.append(card)
            if not led_mask:
                led_mask = suit_mask_of[card]
            seat = next_seat[seat]
        if plays is not None:
            plays += trick
        leader = play_trick(tuple(trick))
        trick.clear()
    return state.points()


def _count_into(points: list[int], seats: list[int | None]) -> None:
    for seat in range(len(points)):
        points[seat] += seats.count(seat)
    seats.clear()


def simulate(
    rules: Rules | str | dict[str, Any], bot_names: list[str], deals: int, seed: int, *,
    duplicate: bool = False, matches: int = 0, samples: int | None = None,
    bot_options: dict[str, Any] | None = None,
) -> dict[str, Any]:  # fmt: skip
    """Play `deals` deals, bot i in seat i, the dealer moving left each deal.

    Returns {deals, seconds, deals_per_second, points}, plus {deal_wins, match_wins, share,
    share_ci95} unless all bots are uniformly random with no duplicate or matches (the fast
    play-out); lists are per bot in the given order. `duplicate` plays each deal once per rotation of
    the bots over the seats (twice, seats swapped, with two players). `matches` > 0 plays that
    many whole matches to the target instead of `deals` deals (each match rotated the same way
    under `duplicate`). `bot_options` go to every bot factory; `samples` (worlds per decision)
    goes to the expert bots only.
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
            raise ValueError(f"unknown bot {echo(name)}; known bots: {', '.join(sorted(BOTS))}")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
        raise ValueError(f"deals must be a non-negative integer, got {echo(deals)}")
    if isinstance(matches, bool) or not isinstance(matches, int) or matches < 0:
        raise ValueError(f"matches must be a non-negative integer, got {echo(matches)}")
    rng = random.Random(seed)
    players = rules.players
    points = [0] * players
    fast = (
        all(getattr(BOTS[name], "uniform_random", False) for name in bot_names)
        and not duplicate
        and not matches
    )
    options = dict(bot_options or {})
    expert_options = dict(options) if samples is None else {**options, "samples": samples}
    bots = [] if fast else [
        make_bot(name, seed=seed * 8 + seat, rules=rules, **(expert_options if name == "expert" else options))
        for seat, name in enumerate(bot_names)
    ]  # fmt: skip
    deal_wins = [0] * players
    match_wins = [0] * players
    units: list[list[int]] = []
    # The play-outs create no reference cycles, so the cyclic collector only costs time here.
    collecting = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        if fast:
            _run_random(rules, rng, deals, points)
            played = deals
        elif matches:
            played = _run_matches(rules, seed, matches, bots, duplicate, points, deal_wins, match_wins, units)
        else:
            played = _run_deals(rules, rng, deals, bots, duplicate, points, deal_wins, units)
        seconds = time.perf_counter() - start
    finally:
        if collecting:
            gc.enable()
    summary: dict[str, Any] = {
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


def _play_deal(deal: Deal, bots: list[Bot], seat_bot: tuple[int, ...]) -> list[int]:
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None  # the deal is not over
        deal.play(bots[seat_bot[seat]].choose(deal.view(seat)))
    points: list[int] = deal.result().points_per_seat(deal.players)
    return points


def _tally(
    per_seat: list[int], seat_bot: tuple[int, ...], points: list[int], deal_wins: list[int], unit: list[int]
) -> None:
    """Credit one played deal's points to the bots that sat in each seat."""
    per_bot = [0] * len(per_seat)
    for seat, got in enumerate(per_seat):
        per_bot[seat_bot[seat]] += got
    winner = _winner_of(per_bot)
    if winner is not None:
        deal_wins[winner] += 1
    for bot, got in enumerate(per_bot):
        points[bot] += got
        unit[bot] += got


def _run_deals(
    rules: Rules, rng: random.Random, deals: int, bots: list[Bot], duplicate: bool, points: list[int],
    deal_wins: list[int], units: list[list[int]],
) -> int:  # fmt: skip
    players = rules.players
    played = 0
    for number in range(deals):
        hands, stock = deal_deck(shuffled_deck(rng), players, number % players)
        unit = [0] * players
        for seat_bot in _rotations(players, duplicate):
            deal = Deal.from_cards(rules, hands, stock, number % players)
            _tally(_play_deal(deal, bots, seat_bot), seat_bot, points, deal_wins, unit)
            played += 1
        units.append(unit)
    return played


def _run_matches(
    rules: Rules, seed: int, matches: int, bots: list[Bot], duplicate: bool, points: list[int],
    deal_wins: list[int], match_wins: list[int], units: list[list[int]],
) -> int:  # fmt: skip
    from engine.core.match import Match

    players = rules.players
    played = 0
    for number in range(matches):
        unit = [0] * players
        for seat_bot in _rotations(players, duplicate):
            # Wrapped into the seed range: a seed near 2**64 must not overflow it (the same
            # seeds as before for every seed below about 1.8e13).
            match = Match(rules, seed=(seed * 1_000_003 + number) % SEED_LIMIT)
            while not match.is_over:
                deal = match.start_deal()
                if match.is_over:  # a turned jack ended it before any card was played
                    break
                per_seat = _play_deal(deal, bots, seat_bot)
                match.finish_deal()
                _tally(per_seat, seat_bot, points, deal_wins, unit)
                played += 1
            assert match.winner is not None  # the match is over
            match_wins[seat_bot[match.winner]] += 1
        units.append(unit)
    return played


def _shares(
    points: list[int], units: list[list[int]]
) -> tuple[list[float | None], list[list[float] | None]]:
    """Each bot's share of all points, with a 95% interval (ratio estimator over the units)."""
    total = sum(points)
    if not total:
        return [None] * len(points), [None] * len(points)
    shares = [p / total for p in points]
    n = len(units)
    intervals: list[list[float] | None] = []
    for bot, share in enumerate(shares):
        if n < 2:
            intervals.append(None)
            continue
        mean_total = total / n
        residual = sum((unit[bot] - share * sum(unit)) ** 2 for unit in units)
        half = 1.96 * math.sqrt(residual / (n * (n - 1))) / mean_total
        intervals.append([round(max(0.0, share - half), 4), round(min(1.0, share + half), 4)])
    return [round(share, 4) for share in shares], intervals


def _run_random(rules: Rules, rng: random.Random, deals: int, points: list[int]) -> None:
    """All bots uniformly random: the fast play-out, point seats gathered in C and counted in batches."""
    players = rules.players
    batch: list[int | None] = []
    for number in range(deals):
        batch.extend(random_playout(rules, rng, number % players)[0])
        if len(batch) > 50_000:
            _count_into(points, batch)
    _count_into(points, batch)
