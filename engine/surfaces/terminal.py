"""`python -m engine play`: a match in the terminal against a bot, in any site language.

All wording comes from the same message catalogue as the site (engine/locales),
so an illegal play is explained with the words the stepper uses. The score lines
name the seats "Player A" (you) and "Player B" (the computer); a sentence about
your own play is told in the second person, as on the practice table.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable

from engine.ai.bots import make_bot
from engine.core.boundary import clip
from engine.core.cards import SUITS, card_code
from engine.core.deal import Deal
from engine.core.errors import IllegalPlay
from engine.core.history import Trick
from engine.core.match import Match
from engine.core.outcome import PointReason, deal_result
from engine.core.rules import Rules
from engine.core.scoring import count_out_steps
from engine.surfaces.catalogue import Catalogue, card_value_params, reason_message, seat_variant

HUMAN = 0


def _cards(catalogue: Catalogue, cards: Iterable[int]) -> str:
    return " ".join(catalogue.card(card_code(c)) for c in cards)


def _seat(catalogue: Catalogue, seat: int, players: int) -> str:
    """The seat's label for score lines, as the practice table names it: "You", "Computer"
    (or "Computer 1" and "Computer 2" with three players)."""
    if seat == HUMAN:
        return catalogue.text("seats.you")
    if players > 2:
        return catalogue.text("seats.computer_n", n=seat)
    return catalogue.text("seats.computer")


def _in_text(catalogue: Catalogue, seat: int, players: int) -> str:
    """Another seat named in running text ("the computer", "computer 2")."""
    if players > 2:
        return catalogue.text("seats.in_text.computer_n", n=seat)
    return catalogue.text("seats.in_text.computer")


def _label(catalogue: Catalogue, key: str) -> str:
    """'Trump: ' — a label and its colon, spaced as the language wants (French: "Atout : ")."""
    return catalogue.text(key) + catalogue.text("ui.label_colon")


def _said(catalogue: Catalogue, key: str, seat: int, players: int, **params: object) -> str:
    """A sentence about `seat`: `<key>_you` for the human, `<key>_other` naming the seat."""
    if seat == HUMAN:
        return catalogue.text(seat_variant(key, True), **params)
    return catalogue.text(seat_variant(key, False), player=_in_text(catalogue, seat, players), **params)


def _score_line(catalogue: Catalogue, scores: Iterable[int], players: int) -> str:
    """"Score: 2 for you and 1 for the computer": one template per language (`ui.score_line`),
    each seat's share told as a sentence about that seat (`ui.score_share_you`, `_other`)."""
    shares = [_said(catalogue, "ui.score_share", seat, players, score=n) for seat, n in enumerate(scores)]
    return catalogue.text("ui.score_line", scores=catalogue.series(shares))


def _reason_text(catalogue: Catalogue, reason: PointReason, values: tuple[int, ...], players: int) -> str:
    params: dict[str, object] = {
        "card": catalogue.card(reason.card) if reason.card else "",
        "trick": reason.trick if reason.trick is not None else "",
    }
    if reason.point == "game":
        def seat_value(seat: int, value: int) -> str:
            # Inside the sentence the reader is "you", not the score line's capitalised "You".
            owner = catalogue.text("seats.in_text.you") if seat == HUMAN else _seat(catalogue, seat, players)
            return catalogue.text("ui.seat_value", seat=owner, value=value)

        params.update(card_value_params(values, catalogue.series, seat_value))
    key = reason_message(reason.key, reason.seat, HUMAN)
    if reason.seat is not None and reason.seat != HUMAN:
        params["player"] = _in_text(catalogue, reason.seat, players)
    return catalogue.text(key, **params)


# What a player types to leave, in any language (the prompt's hint names `q`). No card code is
# a single letter, so these can never shadow a card.
QUIT_WORDS = frozenset({"q", "quit", "exit"})
QUIT = -1  # _human_card's answer when the player quits; never a card index (0..51)


class TerminalGame:
    """One match, human at seat 0 against `bot_name`; input and output are injectable for tests."""

    def __init__(self, lang: str, rules: Rules, bot_name: str, seed: int,
                 read: Callable[[str], str] = input, write: Callable[[str], None] = print):
        self.catalogue = Catalogue(lang)
        self.match = Match(rules, seed=seed)
        self.bot = make_bot(bot_name, seed=seed, rules=self.match.rules)
        self.read, self.write = read, write

    @property
    def players(self) -> int:
        return self.match.rules.players

    def run(self) -> int:
        c, n = self.catalogue, self.players
        self.write(c.text("ui.type_card_or_quit"))
        while not self.match.is_over:
            deal = self.match.start_deal()
            view = deal.view(HUMAN)
            # The suit is what trump is; the card that fixed it follows in brackets.
            trump = f"{c.text(f'suits.{SUITS[view.trump]}.name')} ({c.card(card_code(view.trump_card))})"
            dealer = _seat(c, deal.dealer, n)
            self.write(f"\n{_label(c, 'ui.dealer')}{dealer} · {_label(c, 'ui.trump')}{trump}")
            if self.match.is_over:
                break
            while (seat := deal.to_move) is not None:  # None once the deal is over
                card = self._human_card(deal) if seat == HUMAN else self.bot.choose(deal.view(seat))
                if card is None:
                    return 130  # input closed: leave quietly, nothing is corrupted
                if card is QUIT:
                    return 0  # the player asked to stop: not an error
                trick = deal.play(card)
                self.write(_said(c, "ui.plays", seat, n, card=c.card(card_code(card))))
                if trick is not None:
                    self._show_trick_end(deal.view(HUMAN).tricks[-1])
            summary = self.match.finish_deal()
            result = deal_result(deal)
            self.write("\n" + _label(c, "ui.deal_points").rstrip())
            steps, _, _ = count_out_steps(result.seats, summary.scores_before, self.match.rules.target,
                                          deal.jack_turned)
            counted = {point for point, _, _ in steps}
            for reason in result.reasons:
                why = _reason_text(c, reason, result.values, n)
                self.write(f"  {c.point_label(reason.point)}{c.text('ui.label_colon')}{why}")
                if reason.seat is not None and reason.point not in counted:
                    self.write("    " + c.text("practice.not_counted"))
            self.write(_score_line(c, summary.scores_after, n))
        winner = self.match.winner
        if winner is not None:  # always set once the match is over
            self.write(_said(c, "ui.wins_match", winner, n))
        return 0

    def _show_trick_end(self, trick: Trick) -> None:
        """The trick as the human's view has it: a draw it may not see is shown as hidden."""
        c = self.catalogue
        self.write(_said(c, "ui.wins_trick", trick.winner, self.players))
        for draw in trick.draws:
            if draw.card is None:  # only another seat's draw can be hidden from the human
                player = _in_text(c, draw.seat, self.players)
                self.write("  " + c.text("ui.draw_hidden", player=player))
            else:
                card = c.card(card_code(draw.card))
                self.write("  " + _said(c, "ui.draw", draw.seat, self.players, card=card))

    def _human_card(self, deal: Deal) -> int | None:
        c = self.catalogue
        view = deal.view(HUMAN)
        # An empty stock is said once, in words ("0 cards left" reads wrong, and in Portuguese
        # CLDR puts 0 in "one"); a face-down stock has no top card to show, only its count.
        left = c.count("ui.cards_left", view.stock_count)
        if not view.stock_count:
            stock = c.text("ui.stock_empty")
        elif view.stock_out_of_play and view.stock_top is not None:  # three players: never drawn
            stock = c.text("examples.out_of_play", card=c.card(card_code(view.stock_top)))
        elif view.stock_top is None:
            stock = _label(c, "ui.stock") + left
        else:
            stock = f"{_label(c, 'ui.stock_top')}{c.card(card_code(view.stock_top))} ({left})"
        self.write(f"\n{_label(c, 'ui.current_trick')}{_cards(c, view.current_trick) or '—'} · {stock}")
        hand = [card for card in range(52) if view.hand >> card & 1]
        self.write(_label(c, "ui.hand") + _cards(c, hand))
        while True:
            try:
                text = self.read(c.text("ui.your_turn") + " ").strip()
            except EOFError:
                return None
            except UnicodeDecodeError:  # bytes that are not text in the terminal's encoding
                text = "\ufffd"
            if text.casefold() in QUIT_WORDS:
                return QUIT
            try:
                card = c.read_card(text)
                deal.check(card)
                return card
            except IllegalPlay as error:
                self.write(self._illegal_text(error))
            except ValueError:
                self.write(c.text("errors.not_a_card", text=clip(text)))

    def _illegal_text(self, error: IllegalPlay) -> str:
        c = self.catalogue
        suit = c.text(f"suits.{error.led}.name") if error.led else ""
        card = c.card(error.card) if error.card else ""
        return c.text(error.key, card=card, suit=suit)


def play(lang: str, rules: Rules, bot_name: str, seed: int) -> int:
    game = TerminalGame(lang, rules, bot_name, seed)
    try:
        return game.run()
    except KeyboardInterrupt:
        sys.stdout.write("\n")
        return 130
