"""Engine snippets in the prose of the rules pages: cards, tricks, draws, counts, a deal's points.

A page never types a card or says who wins a trick: it writes a snippet such as
`{{ card.KS }}` or `{{ trick trump=H lead=A 7C 2H }}`, the engine resolves it (who
wins, the sum, who scores which point) and the sentence is written in the page's
language from the catalogue's `snippets.*` keys. The syntax is documented in
docs/_data/SNIPPETS.md. A snippet the engine cannot resolve (an unknown card, a card
twice, an illegal play...) raises SnippetError saying what is wrong; the hook adds
the page and the line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

import site_data
import typography
from worked_examples_render import card_html
from worked_examples_strings import Catalogue

from engine.core.cards import (
    CARD_VALUE,
    FULL_DECK_MASK,
    RANKS,
    SUIT_MASKS,
    SUITS,
    TOTAL_VALUE,
    card_code,
    mask_of,
    mask_value,
    parse_card,
)
from engine.core.legality import legal_mask
from engine.core.rules import Rules, RulesError
from engine.core.scoring import POINT_NAMES, deal_points
from engine.core.tricks import DRAW_ORDER, trick_winner
from engine.surfaces.catalogue import CardText

SEATS = "ABC"
KINDS = ("trick", "draw", "count", "rest", "value", "points")
# `{{ card.KS }}`, `{{ card_name.KS }}`, or `{{ kind arguments }}` for the kinds above.
SNIPPET = re.compile(
    r"\{\{\s*(?:(?P<single>card|card_name)\.(?P<code>[^\s{}]+)"
    r"|(?P<kind>" + "|".join(KINDS) + r")\b(?P<args>[^{}]*))\s*\}\}"
)
# Any `{{ ... }}` that starts like a snippet: one that SNIPPET does not match is malformed.
SNIPPET_LIKE = re.compile(r"\{\{\s*(?:card|card_name|" + "|".join(KINDS) + r")\b[^}]*\}\}")


class SnippetError(ValueError):
    """A snippet the engine cannot resolve; the message says what is wrong."""


@dataclass
class Arguments:
    cards: list[str] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)

    def take(self, name: str, default: str | None = None) -> str | None:
        return self.options.pop(name, default)

    def finish(self, kind: str) -> None:
        if self.options:
            unknown = ", ".join(sorted(self.options))
            raise SnippetError(f"{kind}: unknown option(s) {unknown}")


def _card(text: str) -> str:
    try:
        return card_code(parse_card(text))
    except ValueError as error:
        raise SnippetError(str(error)) from None


def _cards(texts: Iterable[str], kind: str) -> list[str]:
    codes = [_card(text) for text in texts]
    doubled = sorted({c for c in codes if codes.count(c) > 1})
    if doubled:
        raise SnippetError(f"{kind}: the same card twice: {', '.join(doubled)}")
    return codes


def parse_arguments(text: str) -> Arguments:
    args = Arguments()
    for token in text.split():
        if "=" in token:
            name, _, value = token.partition("=")
            if not name or not value or name in args.options:
                raise SnippetError(f"bad option {token!r}")
            args.options[name] = value
        else:
            args.cards.append(token)
    return args


def _seat(text: str | None, players: int, what: str) -> int:
    if text is None or len(text) != 1 or text not in SEATS[:players]:
        raise SnippetError(f"{what} must be one of {', '.join(SEATS[:players])}, got {text!r}")
    return SEATS.index(text)


def _suit(text: str | None) -> int:
    if text is None or text not in SUITS:
        raise SnippetError(f"trump must be one of {', '.join(SUITS)}, got {text!r}")
    return SUITS.index(text)


def _rules(text: str | None) -> Rules:
    try:
        return Rules.from_spec(text)
    except RulesError as error:
        raise SnippetError(f"rules={text}: {error}") from None


class Writer:
    """Writes resolved snippets in one language: cards as chips, sentences from `snippets.*`."""

    def __init__(self, lang: str):
        self.lang = lang
        self.cat = Catalogue(lang)
        # A card a trick or draw sentence names takes the article its rank's gender and sound
        # ask for (the card form `the`: "the J♥", "la J♥", "l’A♠"); every rank's form is read at
        # once so a missing one stops the build whatever cards a page picks.
        for rank in RANKS:
            site_data.lookup(lang, f"ranks.{rank}.the")

    def card(self, code: str) -> str:
        return card_html(code, self.cat)

    def named_card(self, code: str) -> str:
        """The card's chip as a sentence of play names it, with its rank's article ("la J♥")."""
        chip = card_html(code, self.cat)
        return chip.form("the") if isinstance(chip, CardText) else chip

    def text(self, key: str, **params: object) -> str:
        # No capital for a seat named first: a snippet may stand anywhere in a sentence of the page.
        return typography.fix(self.lang, site_data.lookup(self.lang, f"snippets.{key}").format(**params))

    def seat(self, seat: int) -> str:
        """A lettered seat as the language names it in running text (`seats.in_text.letter`)."""
        return site_data.lookup(self.lang, "seats.in_text.letter").format(letter=SEATS[seat])

    def series(self, items: list[str]) -> str:
        if len(items) == 1:
            return items[0]
        return self.text("series", items=self.text("separator").join(items[:-1]), last=items[-1])

    def point(self, name: str) -> str:
        return site_data.lookup(self.lang, f"points.{name}")


# --- the snippets ---------------------------------------------------------------------------


def trick(args: Arguments, out: Writer) -> str:
    """`{{ trick trump=H lead=A 7C 2H [B=2H,9H,AD] [rules=classic] }}`: who wins, checked plays."""
    cards = _cards(args.cards, "trick")
    players = len(cards)
    if players not in (2, 3):
        raise SnippetError(f"trick: give 2 or 3 cards in play order, got {players}")
    trump = _suit(args.take("trump"))
    leader = _seat(args.take("lead", "A"), players, "lead")
    rules = _rules(args.take("rules"))
    seats = [(leader + offset) % players for offset in range(players)]
    for offset, seat in enumerate(seats):
        hand_text = args.take(SEATS[seat])
        if hand_text is not None:
            _check_play(cards, offset, SEATS[seat], hand_text, trump, rules)
    args.finish("trick")
    ints = [parse_card(c) for c in cards]
    winner = seats[trick_winner(ints, trump)]
    names = ["lead", "second", "third"][:players]
    plays = {}
    for offset in range(players):
        plays[names[offset]] = out.seat(seats[offset])
        plays[f"{names[offset]}_card"] = out.named_card(cards[offset])
    played = out.text("trick_two" if players == 2 else "trick_three", **plays)
    winning_card = out.named_card(cards[seats.index(winner)])
    return out.text("trick_won", plays=played, winner=out.seat(winner), card=winning_card)


def _check_play(cards: list[str], offset: int, seat: str, hand_text: str, trump: int, rules: Rules) -> None:
    hand = _cards(hand_text.split(","), f"hand of {seat}")
    card = cards[offset]
    if card not in hand:
        raise SnippetError(f"trick: {seat} plays {card}, which is not in {seat}'s hand {','.join(hand)}")
    if offset == 0:
        return
    led = SUIT_MASKS[SUITS.index(cards[0][1])]
    hand_mask = mask_of(parse_card(c) for c in hand)
    allowed = legal_mask(hand_mask, led, SUIT_MASKS[trump], rules.trump_when_able, rules.must_trump_when_void)
    if not allowed >> parse_card(card) & 1:
        raise SnippetError(f"trick: {seat} may not play {card} from {','.join(hand)} when {cards[0]} is led")


def draw(args: Arguments, out: Writer) -> str:
    """`{{ draw winner=B JH QD }}`: the winner takes the top card, then the others in turn."""
    cards = _cards(args.cards, "draw")
    players = len(cards)
    if players not in (2, 3):
        raise SnippetError(f"draw: give 2 or 3 cards, top of the stock first, got {players}")
    winner = _seat(args.take("winner"), players, "winner")
    args.finish("draw")
    order = [out.seat(s) for s in DRAW_ORDER[players][winner]]
    chips = [out.named_card(c) for c in cards]
    if players == 2:
        return out.text("draw_two", winner=order[0], card=chips[0], next_card=chips[1], loser=order[1])
    return out.text(
        "draw_three",
        winner=order[0],
        card=chips[0],
        second=order[1],
        second_card=chips[1],
        third=order[2],
        third_card=chips[2],
    )


def _value_cards(args: Arguments, kind: str) -> list[str]:
    cards = _cards(args.cards, kind)
    args.finish(kind)
    if not cards:
        raise SnippetError(f"{kind}: give at least one card")
    return cards


def count(args: Arguments, out: Writer) -> str:
    """`{{ count TS TH AS KS QS }}`: 10 + 10 + 4 + 3 + 2 = 29."""
    cards = _value_cards(args, "count")
    terms = [str(CARD_VALUE[parse_card(c)]) for c in cards]
    total = mask_value(mask_of(parse_card(c) for c in cards))
    return out.text("count", terms=" + ".join(terms), total=total)


def rest(args: Arguments, out: Writer) -> str:
    """`{{ rest TS TH AS KS QS }}`: 80 − 29 = 51, what the other player holds."""
    cards = _value_cards(args, "rest")
    part = mask_value(mask_of(parse_card(c) for c in cards))
    return out.text("rest", total=TOTAL_VALUE, part=part, rest=TOTAL_VALUE - part)


def value(args: Arguments, out: Writer) -> str:
    """`{{ value TS TH AS KS QS }}`: 29."""
    cards = _value_cards(args, "value")
    return str(mask_value(mask_of(parse_card(c) for c in cards)))


def points(args: Arguments, out: Writer) -> str:
    """`{{ points trump=S A=AS,JS,TH B=2S }}`: who scores High, Low, Jack and Game.

    Each seat lists the cards it won; the last seat may be left out and then won every
    card nobody else is given (except `out=XX`, a card out of play with three players).
    """
    if args.cards:
        raise SnippetError(f"points: cards must belong to a seat (A=..., B=...), got {' '.join(args.cards)}")
    trump = _suit(args.take("trump"))
    rules = _rules(args.take("rules"))
    players = rules.players
    dealer = _seat(args.take("dealer", SEATS[players - 1]), players, "dealer")
    out_text = args.take("out")
    out_mask = mask_of(parse_card(c) for c in _cards(out_text.split(","), "out")) if out_text else 0
    if out_mask and players != 3:
        raise SnippetError("points: only a three-player deal has a card out of play")
    won: list[int | None] = []
    for letter in SEATS[:players]:
        text = args.take(letter)
        codes = _cards(text.split(","), f"cards of {letter}") if text else None
        won.append(None if codes is None else mask_of(parse_card(c) for c in codes))
    args.finish("points")
    if rules.low == "holder":
        raise SnippetError("points: Low by holder needs who held the two; show it in a worked example")
    missing = [i for i, mask in enumerate(won) if mask is None]
    if len(missing) > 1:
        raise SnippetError(f"points: give the won cards of all seats but one, missing {len(missing)}")
    given = 0
    for mask in won:
        if mask is not None:
            if mask & given or mask & out_mask:
                raise SnippetError("points: a card is given to two seats")
            given |= mask
    if missing:
        won[missing[0]] = FULL_DECK_MASK & ~given & ~out_mask
    masks = [m or 0 for m in won]
    in_play = sum(masks) | out_mask
    if in_play != FULL_DECK_MASK or (players == 3 and not out_mask):
        raise SnippetError(
            "points: the won cards must cover the whole deck (one card out of play with three players)"
        )
    seats, values = deal_points(rules, trump, dealer, masks, masks, jack_turned=False)
    names = [n for n in POINT_NAMES if rules.nine_point or n != "nine"]
    clauses = []
    for seat in range(players):
        mine = [out.point(n) for n in names if seats[POINT_NAMES.index(n)] == seat]
        if mine:
            clauses.append(out.text("scores", player=out.seat(seat), points=out.series(mine)))
    nobody = [out.point(n) for n in names if seats[POINT_NAMES.index(n)] is None]
    if nobody:
        clauses.append(out.text("no_one_scores", points=out.series(nobody)))
    totals = out.text("separator").join(
        out.text("seat_value", player=out.seat(s), value=values[s]) for s in range(players)
    )
    return out.text("points", clauses=out.text("clause_separator").join(clauses), values=totals)


RESOLVERS = {"trick": trick, "draw": draw, "count": count, "rest": rest, "value": value, "points": points}


def resolve(match: re.Match[str], out: Writer) -> str:
    if match.group("single"):
        code = _card(match.group("code"))
        if match.group("single") == "card":
            return out.card(code)
        return out.cat.card_name(code)
    return RESOLVERS[match.group("kind")](parse_arguments(match.group("args")), out)


def render(markdown: str, lang: str, where: str, first_line: int = 1) -> str:
    """Replace every snippet; SnippetError names `where`, the line and the snippet."""
    out = Writer(lang)

    def line_of(position: int) -> int:
        return first_line + markdown.count("\n", 0, position)

    for match in SNIPPET_LIKE.finditer(markdown):
        if not SNIPPET.fullmatch(match.group(0)):
            raise SnippetError(f"{where}:{line_of(match.start())}: malformed snippet {match.group(0)!r}")

    def replace(match: re.Match[str]) -> str:
        try:
            return resolve(match, out)
        except SnippetError as error:
            raise SnippetError(f"{where}:{line_of(match.start())}: {match.group(0)}: {error}") from None

    return SNIPPET.sub(replace, markdown)
