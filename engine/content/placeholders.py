"""Placeholders: `{trick.1.winner}`, `{card:2H}`, `{points.low}` ... in an example's texts.

An annotation never types what the engine knows; it writes a placeholder that is filled from
the replay (tutorials/README.md lists them). `resolve(text, context, writer)` fills every
placeholder or raises `Unresolved` naming the first that cannot be filled. What a placeholder
*means* is decided here; how a card, a seat or a list is *written* is the `Writer`'s job: the
pages write HTML chips in the page's language (scripts/hooks/worked_examples_render.py), the
checks write plain codes (`PlainWriter`), so checking needs no catalogue.

Each kind of placeholder has one small resolver, found by the placeholder's first word.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.content.anchors import Anchor
from engine.content.replay import POINTS, SEAT_LETTERS, Replay, state_after, value_cards, value_of
from engine.core.cards import card_code, parse_card
from engine.core.facts import facts
from engine.core.locales import CARD_FORMS

PLACEHOLDER_RE = re.compile(r"\{([^{}]*)\}")
SUITS = "SHDC"
NO_ONE = "no one"


class Unresolved(Exception):
    """A placeholder that cannot be filled here; the message says why."""


class Writer(Protocol):
    """How resolved values are written in one output (HTML in a language, plain text, ...)."""

    def card(self, code: str) -> str: ...  # a card as a chip or short text ("J♥")
    def card_form(self, code: str, form: str) -> str: ...  # with its article: "the J♥", "la Q♦"
    def card_name(self, code: str) -> str: ...  # the card spelled out ("jack of hearts")
    def suit_name(self, suit: str) -> str: ...  # a suit letter's name ("hearts")
    def seat(self, seat: int | None) -> str: ...  # a seat's letter, or "no one" for None
    def text(self, value: str) -> str: ...  # plain text made safe for the output
    def join(self, items: list[str]) -> str: ...  # already-written items as a list
    def draw(self, seat: int, card: str | None) -> str: ...  # "B draws J♥" (None: unseen)


class PlainWriter:
    """Codes and letters (`JH`, `B`): what the checks and the command line write."""

    def card(self, code: str) -> str:
        return code

    def card_form(self, code: str, form: str) -> str:
        return f"{form.replace('_', ' ')} {code}"  # "the JH", "of the JH"

    def card_name(self, code: str) -> str:
        return code

    def suit_name(self, suit: str) -> str:
        return suit

    def seat(self, seat: int | None) -> str:
        return NO_ONE if seat is None else SEAT_LETTERS[seat]

    def text(self, value: str) -> str:
        return value

    def join(self, items: list[str]) -> str:
        return ", ".join(items)

    def draw(self, seat: int, card: str | None) -> str:
        return f"{SEAT_LETTERS[seat]} draws {card or 'a card unseen'}"


@dataclass
class Context:
    """What a placeholder may refer to: the replay, the anchor's play or trick if any, and
    the values a quiz text knows (`player`, `card`, `error`)."""

    replay: Replay
    anchor: Anchor | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def trick_number(self) -> int | None:
        if self.anchor is None:
            return None
        if self.anchor.kind == "play":
            return self.anchor.index // self.replay.players + 1
        if self.anchor.kind in ("trick", "draws"):
            return self.anchor.index
        return None


@dataclass(frozen=True)
class Name:
    """A placeholder split into its words: `trick.1.draw.0` is head `trick`, rest [1, draw, 0]."""

    text: str
    head: str
    rest: tuple[str, ...]

    @staticmethod
    def parse(text: str) -> Name:
        head, *rest = text.split(".")
        return Name(text, head, tuple(rest))

    def unknown(self) -> Unresolved:
        return Unresolved(f"unknown placeholder {{{self.text}}}")


Resolver = Callable[[Name, Context, Writer], str]


def resolve(text: str, ctx: Context, out: Writer) -> str:
    """Fill every {placeholder}; Unresolved names the first that cannot be filled."""
    pieces = []
    pos = 0
    for match in PLACEHOLDER_RE.finditer(text):
        pieces.append(text[pos : match.start()])
        pieces.append(resolve_name(match.group(1).strip(), ctx, out))
        pos = match.end()
    rest = text[pos:]
    if "{" in rest or "}" in rest:
        raise Unresolved("unbalanced { or } in the text")
    pieces.append(rest)
    return "".join(pieces)


def resolve_name(text: str, ctx: Context, out: Writer) -> str:
    """The text for one placeholder (its braces removed), or Unresolved with the reason. A
    placeholder that is one card may end in a card form (`{trump_card.the}`, `{card:QD.the}`):
    the card with its article, as the catalogues' `{card.the}` writes it."""
    base, dot, form = text.rpartition(".")
    if dot and form in CARD_FORMS:
        return _in_form(base, form, ctx, out)
    name = Name.parse(text)
    if ":" in name.head:
        return _authored(name, ctx, out)
    resolver = RESOLVERS.get(name.head)
    if resolver is None:
        raise name.unknown()
    return resolver(name, ctx, out)


class _CardInForm:
    """A Writer that writes each card in one form and notes the cards it wrote."""

    def __init__(self, out: Writer, form: str):
        self.out, self.form = out, form
        self.cards: list[str] = []

    def card(self, code: str) -> str:
        self.cards.append(code)
        return self.out.card_form(code, self.form)

    def card_form(self, code: str, form: str) -> str:
        return self.out.card_form(code, form)

    def card_name(self, code: str) -> str:
        return self.out.card_name(code)

    def suit_name(self, suit: str) -> str:
        return self.out.suit_name(suit)

    def seat(self, seat: int | None) -> str:
        return self.out.seat(seat)

    def text(self, value: str) -> str:
        return self.out.text(value)

    def join(self, items: list[str]) -> str:
        return self.out.join(items)

    def draw(self, seat: int, card: str | None) -> str:
        return self.out.draw(seat, card)


def _in_form(text: str, form: str, ctx: Context, out: Writer) -> str:
    """`{text.form}`: the one card `{text}` names, in that form."""
    writer = _CardInForm(out, form)
    written = resolve_name(text, ctx, writer)
    if len(writer.cards) != 1 or written != out.card_form(writer.cards[0], form):
        raise Unresolved(f"{{{text}.{form}}}: a card form follows a placeholder that is one card")
    return written


# ----- what an argument names -----------------------------------------------------------------


def seat_index(text: str, rep: Replay) -> int:
    """A seat written as a number (0) or a letter (A)."""
    if text.isdigit() and int(text) < rep.players:
        return int(text)
    if len(text) == 1 and text in SEAT_LETTERS[: rep.players]:
        return SEAT_LETTERS.index(text)
    last = SEAT_LETTERS[rep.players - 1]
    raise Unresolved(f"no seat {text!r} (seats are 0..{rep.players - 1} or A..{last})")


def card_argument(text: str) -> str:
    try:
        return card_code(parse_card(text))
    except ValueError:
        raise Unresolved(f"{text!r} is not a card") from None


def _bare(name: Name) -> None:
    """A placeholder that takes no further words."""
    if name.rest:
        raise name.unknown()


def _need_complete(name: Name, ctx: Context) -> None:
    if not ctx.replay.complete:
        raise Unresolved(f"{{{name.text}}} needs a complete deal, but the plays stop early")


def _trick(ctx: Context, number: int) -> dict[str, Any]:
    tricks = ctx.replay.tricks
    if not 1 <= number <= len(tricks):
        raise Unresolved(f"trick {number} is not complete in the replay ({len(tricks)} tricks)")
    return tricks[number - 1]


# ----- written by the author: {card:2H}, {cardname:2H}, {suit:H}, {seat:B}, {value:TH} ------------


def _authored(name: Name, ctx: Context, out: Writer) -> str:
    kind, _, argument = name.head.partition(":")
    if name.rest:
        raise Unresolved("nothing may follow a card, suit, seat or value placeholder")
    writer = AUTHORED.get(kind)
    if writer is None:
        raise Unresolved(f"unknown placeholder {kind}:…")
    return writer(argument, ctx, out)


def _suit_argument(argument: str, _ctx: Context, out: Writer) -> str:
    if len(argument) != 1 or argument.upper() not in SUITS:
        raise Unresolved(f"{argument!r} is not a suit letter")
    return out.text(out.suit_name(argument.upper()))


AUTHORED: dict[str, Callable[[str, Context, Writer], str]] = {
    "card": lambda argument, _ctx, out: out.card(card_argument(argument)),
    "cardname": lambda argument, _ctx, out: out.text(out.card_name(card_argument(argument))),
    "suit": _suit_argument,
    "seat": lambda argument, ctx, out: out.seat(seat_index(argument, ctx.replay)),
    "value": lambda argument, _ctx, _out: str(value_of(card_argument(argument))),
}


# ----- bound to the anchor: {player}, {card}, {error}, {trick}, {winner}, {stock.top} ... --------


def _player_or_card(name: Name, ctx: Context, out: Writer) -> str:
    _bare(name)
    given = ctx.extra.get(name.head)
    if given is not None:
        # A quiz text's own player (a seat of the replay) or card (as its author wrote it).
        return out.seat(given) if name.head == "player" else out.card(card_argument(str(given)))
    if ctx.anchor is None or ctx.anchor.kind != "play":
        raise Unresolved(f"{{{name.head}}} is only known in an annotation attached to a play")
    if name.head == "player":
        return out.seat(ctx.replay.seat_of_play(ctx.anchor.index))
    return out.card(ctx.replay.plays[ctx.anchor.index])


def _error(name: Name, ctx: Context, out: Writer) -> str:
    _bare(name)
    if "error" not in ctx.extra:
        raise Unresolved("{error} is only known in a quiz mistake")
    return out.text(str(ctx.extra["error"]))


def _anchor_trick(name: Name, ctx: Context, out: Writer) -> str:
    """{trick}, {winner}, {leader}, {cards}, {draws}: of the anchor's trick."""
    if name.rest:
        if name.head == "trick":
            return _numbered_trick(name, ctx, out)
        raise name.unknown()
    number = ctx.trick_number()
    if number is None:
        raise Unresolved(f"{{{name.head}}} needs an annotation attached to a play, trick or draws")
    if name.head == "trick":
        return str(number)
    return trick_field(_trick(ctx, number), name.head, (), out)


def _numbered_trick(name: Name, ctx: Context, out: Writer) -> str:
    """{trick.N.winner}, {trick.N.draw.K} ...: of trick N (1-based)."""
    if len(name.rest) < 2 or not name.rest[0].isdigit():
        raise Unresolved(
            "use {trick.N.winner}, {trick.N.leader}, {trick.N.cards}, {trick.N.draws}, "
            "{trick.N.draw.K} or {trick.N.drawer.K}"
        )
    return trick_field(_trick(ctx, int(name.rest[0])), name.rest[1], name.rest[2:], out)


def trick_field(trick: dict[str, Any], what: str, rest: tuple[str, ...], out: Writer) -> str:
    if what in ("winner", "leader") and not rest:
        return out.seat(trick[what])
    if what == "cards" and not rest:
        return out.join([out.card(c) for c in trick["cards"]])
    if what == "draws" and not rest:
        if not trick["draws"]:
            raise Unresolved(f"trick {trick['number']} has no draws (the stock is empty)")
        return out.join([out.draw(draw["seat"], draw.get("card")) for draw in trick["draws"]])
    if what in ("draw", "drawer") and len(rest) == 1 and rest[0].isdigit():
        k = int(rest[0])
        if k >= len(trick["draws"]):
            raise Unresolved(f"trick {trick['number']} has {len(trick['draws'])} draws, no draw {k}")
        draw = trick["draws"][k]
        return out.seat(draw["seat"]) if what == "drawer" else out.card(draw["card"])
    raise Unresolved(f"unknown trick field {what!r}")


def _stock(name: Name, ctx: Context, out: Writer) -> str:
    """{stock.top}, {stock.count}: right after the anchor."""
    if name.rest not in (("top",), ("count",)):
        raise name.unknown()
    anchor = ctx.anchor or Anchor("start")
    state = state_after(ctx.replay, anchor.kind, anchor.index)
    if name.rest == ("count",):
        return str(state.stock_count)
    if state.stock_top is None:
        raise Unresolved("{stock.top}: the stock's top card is not visible here")
    return out.card(state.stock_top)


# ----- from the replay, anywhere ------------------------------------------------------------------


def _fact(name: Name, _ctx: Context, _out: Writer) -> str:
    if len(name.rest) != 1:
        raise name.unknown()
    numbers = facts()
    if name.rest[0] not in numbers or not isinstance(numbers[name.rest[0]], int):
        raise Unresolved(f"engine.facts() has no number {name.rest[0]!r}")
    return str(numbers[name.rest[0]])


def _trump(name: Name, ctx: Context, out: Writer) -> str:
    _bare(name)
    return out.text(out.suit_name(ctx.replay.result["trump"]))


def _trump_card(name: Name, ctx: Context, out: Writer) -> str:
    _bare(name)
    return out.card(ctx.replay.trump_card)


def _dealer(name: Name, ctx: Context, out: Writer) -> str:
    _bare(name)
    dealer = int(ctx.replay.record.get("dealer", 0))
    if name.head == "dealer":
        return out.seat(dealer)
    if ctx.replay.players != 2:
        raise Unresolved("{non_dealer} exists only with two players")
    return out.seat((dealer + 1) % 2)


def _target(name: Name, ctx: Context, _out: Writer) -> str:
    _bare(name)
    return str(ctx.replay.rules.target)


def _points(name: Name, ctx: Context, out: Writer) -> str:
    if len(name.rest) != 1 or name.rest[0] not in POINTS:
        raise name.unknown()
    _need_complete(name, ctx)
    return out.seat(ctx.replay.result["points"][name.rest[0]])


def _match_winner(name: Name, ctx: Context, out: Writer) -> str:
    _bare(name)
    _need_complete(name, ctx)
    return out.seat(ctx.replay.result["winner"])


def format_values(values: list[int], players: int) -> str:
    """Card-value totals as "A 29 – B 51"."""
    return " – ".join(f"{SEAT_LETTERS[s]} {values[s]}" for s in range(players))


def _per_seat(name: Name, ctx: Context, out: Writer) -> str:
    """{game_values}, {game_values.A}, {scores_after.A}, {value_sum.A} ...: one seat's figure."""
    rep = ctx.replay
    if name.head != "scores_before":
        _need_complete(name, ctx)
    if name.head == "game_values" and not name.rest:
        return out.text(format_values(rep.result["game_values"], rep.players))
    if len(name.rest) != 1:
        raise Unresolved(f"use {{{name.head}.N}} with a seat number or letter")
    return SEAT_FIGURES[name.head](rep, seat_index(name.rest[0], rep), out)


def _value_sum(rep: Replay, seat: int, _out: Writer) -> str:
    values = [value_of(code) for code in value_cards(rep, seat)]
    return " + ".join(str(v) for v in values) + f" = {sum(values)}"


SEAT_FIGURES: dict[str, Callable[[Replay, int, Writer], str]] = {
    "game_values": lambda rep, seat, _out: str(rep.result["game_values"][seat]),
    "scores_after": lambda rep, seat, _out: str(rep.result["scores_after"][seat]),
    "scores_before": lambda rep, seat, _out: str(rep.scores_before[seat]),
    "deal_points": lambda rep, seat, _out: str(sum(1 for p in POINTS if rep.result["points"].get(p) == seat)),
    "value_cards": lambda rep, seat, out: out.join([out.card(code) for code in value_cards(rep, seat)]),
    "value_sum": _value_sum,
}

RESOLVERS: dict[str, Resolver] = {
    "player": _player_or_card,
    "card": _player_or_card,
    "error": _error,
    **dict.fromkeys(("trick", "winner", "leader", "draws", "cards"), _anchor_trick),
    "stock": _stock,
    "fact": _fact,
    "trump": _trump,
    "trump_card": _trump_card,
    "dealer": _dealer,
    "non_dealer": _dealer,
    "target": _target,
    "points": _points,
    "match_winner": _match_winner,
    **dict.fromkeys(SEAT_FIGURES, _per_seat),
}
