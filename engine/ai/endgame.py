"""Exact endgame solver for two players once every card's place is known.

With the open stock, when the stock is empty each player knows the other's whole hand
(RULES.md §1 "Information"), so the rest of the deal is a perfect-information game. This
module searches it exactly: alpha-beta over whole tricks, a transposition table keyed on ints,
and equivalent-card pruning. The objective is the solver's net deal points (its points minus
the opponent's), scored at the leaves by the engine's own `deal_points`; legality is the
engine's `legal_mask` and the trick winner comes from `beating_masks` (built by `trick_winner`).
"""

from __future__ import annotations

from ..cards import CARD_VALUE, NINE, SUIT_MASK_OF, SUIT_MASKS, SUIT_OF, TWO, cards_of, make_card, mask_value
from ..legality import legal_mask
from ..scoring import deal_points
from ..tricks import beating_masks

_INF = 99
_LO, _HI = -5, 5  # Five points at most, each +1 or -1 for seat 0.


class EndgameSolver:
    """Solves two-player positions at trick boundaries or after the lead.

    Values are net points (seat 0's points minus seat 1's) of the whole deal. `won` and
    `played` are the masks so far; `played` is completed with the hands for `low: holder`.
    """

    def __init__(self, rules, trump: int, dealer: int, jack_turned: bool, hands, played):
        if rules.players != 2:
            raise ValueError("the exact endgame solver is for two players")
        self.rules = rules
        self.trump = trump
        self.dealer = dealer
        self.jack_turned = jack_turned
        self.trump_mask = SUIT_MASKS[trump]
        self.beats = beating_masks(trump)
        self.twa = rules.trump_when_able
        self.mtv = rules.must_trump_when_void
        # Every remaining card will be played by its holder: the final `played` masks are known.
        self.played_final = (played[0] | hands[0], played[1] | hands[1])
        # Cards whose identity matters beyond their rank order: any card value, or a point trump.
        self.special = sum(1 << c for c in range(52) if CARD_VALUE[c]) | (1 << make_card(TWO, trump))
        if rules.nine_point:
            self.special |= 1 << make_card(NINE, trump)
        self.tt: dict[int, tuple[int, int]] = {}
        self.leaves: dict[int, int] = {}
        self.nodes = 0

    # ----- helpers ------------------------------------------------------------------------------

    def _leaf(self, w0: int, w1: int) -> int:
        key = (mask_value(w0) << 60) | (mask_value(w1) << 52) | (w0 & self.trump_mask)
        value = self.leaves.get(key)
        if value is None:
            seats, _ = deal_points(
                self.rules, self.trump, self.dealer, (w0, w1), self.played_final, self.jack_turned
            )
            value = seats.count(0) - seats.count(1)
            self.leaves[key] = value
        return value

    def _moves(self, legal: int, remaining: int) -> list[int]:
        """Legal cards with equivalent ones collapsed: a plain card directly above (among the
        remaining cards) another plain card of the same hand changes nothing."""
        special = self.special
        moves = []
        for card in cards_of(legal):
            below = remaining & SUIT_MASK_OF[card] & ((1 << card) - 1)
            if below and not (special >> card & 1):
                prev = below.bit_length() - 1
                if legal >> prev & 1 and not (special >> prev & 1):
                    continue
            moves.append(card)
        return moves

    # ----- search -------------------------------------------------------------------------------

    def search(self, h0: int, h1: int, w0: int, w1: int, leader: int, alpha: int, beta: int) -> int:
        """Value for seat 0 of the position at the start of a trick led by `leader`."""
        if not h0:
            return self._leaf(w0, w1)
        self.nodes += 1
        tmask = self.trump_mask
        key = (
            h0 | (h1 << 52) | (leader << 104) | ((w0 & tmask) << 105)
            | (mask_value(w0) << 160) | (mask_value(w1) << 170)
        )  # fmt: skip
        entry = self.tt.get(key)
        lo, hi = entry if entry else (_LO, _HI)
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a0, b0 = max(alpha, lo), min(beta, hi)
        hl = h0 if leader == 0 else h1
        if not hl & (hl - 1):
            # Last trick: both cards forced.
            hf = h1 if leader == 0 else h0
            best = self._resolve(h0, h1, w0, w1, leader, hl.bit_length() - 1, hf.bit_length() - 1, a0, b0)
        else:
            best = self._lead(h0, h1, w0, w1, leader, a0, b0)
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.tt[key] = (lo, hi)
        return best

    def _lead(self, h0, h1, w0, w1, leader, alpha, beta) -> int:
        hl = h0 if leader == 0 else h1
        remaining = h0 | h1
        leads = self._moves(legal_mask(hl, 0, self.trump_mask, self.twa, self.mtv), remaining)
        # High cards first: they tend to decide tricks and so cut the search early.
        leads.reverse()
        if leader == 0:
            best = -_INF
            for card in leads:
                value = self.follow(h0, h1, w0, w1, leader, card, max(alpha, best), beta)
                if value > best:
                    best = value
                    if best >= beta:
                        break
        else:
            best = _INF
            for card in leads:
                value = self.follow(h0, h1, w0, w1, leader, card, alpha, min(beta, best))
                if value < best:
                    best = value
                    if best <= alpha:
                        break
        return best

    def follow_moves(self, h0, h1, leader, lead: int) -> list[int]:
        hf = h1 if leader == 0 else h0
        legal = legal_mask(hf, SUIT_MASK_OF[lead], self.trump_mask, self.twa, self.mtv)
        moves = self._moves(legal, (h0 | h1) & ~(1 << lead))
        # Winning cards first (lowest winner first), then the rest lowest first.
        beats = self.beats[lead]
        return [c for c in moves if beats >> c & 1] + [c for c in moves if not beats >> c & 1]

    def follow(self, h0, h1, w0, w1, leader, lead, alpha, beta) -> int:
        """Value for seat 0 once `leader` has led `lead` (the follower to play)."""
        responses = self.follow_moves(h0, h1, leader, lead)
        if leader == 1:  # follower is seat 0: maximise
            best = -_INF
            for card in responses:
                value = self._resolve(h0, h1, w0, w1, leader, lead, card, max(alpha, best), beta)
                if value > best:
                    best = value
                    if best >= beta:
                        break
        else:
            best = _INF
            for card in responses:
                value = self._resolve(h0, h1, w0, w1, leader, lead, card, alpha, min(beta, best))
                if value < best:
                    best = value
                    if best <= alpha:
                        break
        return best

    def _resolve(self, h0, h1, w0, w1, leader, lead, response, alpha, beta) -> int:
        taken = (1 << lead) | (1 << response)
        if leader == 0:
            h0 ^= 1 << lead
            h1 ^= 1 << response
        else:
            h1 ^= 1 << lead
            h0 ^= 1 << response
        winner = 1 - leader if self.beats[lead] >> response & 1 else leader
        if winner == 0:
            w0 |= taken
        else:
            w1 |= taken
        return self.search(h0, h1, w0, w1, winner, alpha, beta)


def solve_position(solver: EndgameSolver, hands, won, leader: int, trick: tuple[int, ...], seat: int):
    """Exact values, for `seat`, of its legal moves; returns (best_card, best_value, values).

    `values` maps each distinct move (equivalent cards share one) to its value: exact for the
    best, otherwise an upper bound no better than the best. Moves are tried cheapest first, so
    the first best is also the cheapest.
    """
    h0, h1 = hands
    w0, w1 = won
    sign = 1 if seat == 0 else -1
    if trick:
        lead = trick[0]
        # Put the led card back in its leader's hand: `_resolve` plays both cards of the trick.
        if leader == 0:
            h0 |= 1 << lead
        else:
            h1 |= 1 << lead
        moves = solver.follow_moves(h0, h1, leader, lead)

        def value_of(card, alpha, beta):
            return solver._resolve(h0, h1, w0, w1, leader, lead, card, alpha, beta)
    else:
        hand = h0 if seat == 0 else h1
        moves = solver._moves(legal_mask(hand, 0, solver.trump_mask, solver.twa, solver.mtv), h0 | h1)

        def value_of(card, alpha, beta):
            return solver.follow(h0, h1, w0, w1, leader, card, alpha, beta)

    moves.sort(key=lambda c: (CARD_VALUE[c], SUIT_OF[c] == solver.trump, c))
    values: dict[int, int] = {}
    best_card = moves[0]
    best = sign * value_of(best_card, -_INF, _INF)
    values[best_card] = best
    for card in moves[1:]:
        # Null window just above the best so far (values are ints); exact re-search if better.
        value = value_of(card, best, best + 1) if sign == 1 else -value_of(card, -best - 1, -best)
        if value > best:
            value = sign * value_of(card, -_INF, _INF)
            best, best_card = value, card
        values[card] = value  # exact if it became the best; otherwise an upper bound (<= best)
    return best_card, best, values
