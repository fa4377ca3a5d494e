"""Worked examples: load tutorials/<slug>.yml, replay them through the engine, check them.

Everything an annotation says that the engine knows comes from here: the replay result
(engine.replay), the step-by-step states (engine.Deal) and the end-of-deal reasons
(Deal.result()). `check_example` returns a list of problems, each naming the file and the
place; an empty list means the example and the engine agree. The format is documented in
tutorials/README.md.
"""

from __future__ import annotations

import copy
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import engine  # noqa: E402  (the repository root must be on sys.path first)
from engine.core.record import read_record  # noqa: E402
from engine.surfaces.catalogue import LANGUAGES  # noqa: E402

TUTORIALS = ROOT / "tutorials"
SEAT_LETTERS = "ABC"
POINTS = ("high", "low", "jack", "game", "nine")
ERROR_CODES = ("not_in_hand", "must_follow_suit", "must_trump", "deal_over")
TOP_KEYS = {
    "slug",
    "order",
    "title",
    "summary",
    "narrator",
    "record",
    "annotations",
    "quiz",
    "expect",
    "alternatives",
}
EXPECT_KEYS = {"trump", "complete", "tricks", "points", "game_values", "scores_after", "winner", "error"}
RECORD_KEYS = {"rules", "dealer", "hands", "stock", "seed", "plays", "scores_before"}


class ExampleError(Exception):
    """A problem that stops an example from being used at all (bad YAML, bad record)."""


# --------------------------------------------------------------------------------------------
# Anchors: where an annotation is attached.
# --------------------------------------------------------------------------------------------

ANCHOR_RE = re.compile(r"^(start|end|play (\d+)|trick (\d+)|draws (\d+))$")


@dataclass(frozen=True)
class Anchor:
    kind: str  # start | play | trick | draws | end
    index: int = 0  # play: 0-based index into record.plays; trick/draws: 1-based trick number

    @staticmethod
    def parse(text) -> Anchor:
        match = ANCHOR_RE.match(str(text).strip())
        if not match:
            raise ValueError(f"bad anchor {text!r}: use start, play N, trick N, draws N or end")
        word = match.group(1).split()[0]
        number = next((int(g) for g in match.groups()[1:] if g is not None), 0)
        return Anchor(word, number)

    def __str__(self) -> str:
        return self.kind if self.kind in ("start", "end") else f"{self.kind} {self.index}"

    def to_dict(self) -> dict:
        return {"kind": self.kind, "index": self.index}


# --------------------------------------------------------------------------------------------
# Replay: the engine's result plus the states the pages show.
# --------------------------------------------------------------------------------------------


@dataclass
class State:
    """What the page shows before a play: every seat's hand, the trick so far, the stock."""

    hands: list[list[str]]  # the narrator's view: None for a card the narrator cannot see
    trick: list[str]
    leader: int
    to_move: int | None
    stock_top: str | None
    stock_count: int
    legal: list[str]


@dataclass
class Replay:
    record: dict
    rules: object
    players: int
    result: dict  # engine.replay(record)
    states: list[State]  # states[i] = before plays[i]; states[len(plays)] = after the last play
    tricks: list[dict]  # result["tricks"], each with "number" added
    won: list[list[str]] = field(default_factory=list)
    reasons: list[dict] | None = None
    jack_turned: bool = False
    trump_card: str = ""
    dealt: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)

    @property
    def plays(self) -> list[str]:
        return list(self.record.get("plays", []))

    @property
    def complete(self) -> bool:
        return bool(self.result.get("complete"))

    def seat_of_play(self, index: int) -> int:
        trick_number, position = divmod(index, self.players)
        if trick_number < len(self.tricks):
            leader = self.tricks[trick_number]["leader"]
        else:
            leader = self.states[trick_number * self.players].leader
        return (leader + position) % self.players


def _codes(cards) -> list[str]:
    return [engine.card_code(card) for card in cards]


def _sort_hand(codes):
    order = {s: i for i, s in enumerate("SHDC")}
    ranks = "23456789TJQKA"
    return sorted(codes, key=lambda c: (order[c[1]], -ranks.index(c[0])))


def replay(record: dict, narrator="all") -> Replay:
    """Replay a deal record through the engine, keeping each state for the page."""
    record = copy.deepcopy(record)
    result = engine.replay(copy.deepcopy(record))
    read = read_record(record)  # the one record reader: a bad record raises RecordError
    deal, rules = read.deal, read.deal.rules
    players = rules.players
    dealt = [_sort_hand(_codes(deal.hand(seat))) for seat in range(players)]
    stock = _codes(deal.stock)
    states: list[State] = []

    def snapshot() -> State:
        if narrator == "all":
            hands = [_sort_hand(_codes(deal.hand(seat))) for seat in range(players)]
            stock_top = deal.stock_top
            count = deal.stock_remaining
        else:
            view = deal.view(narrator).to_dict()
            hands = []
            for seat in range(players):
                known = view["hand"] if seat == narrator else view["known"][seat]
                hidden = view["hand_sizes"][seat] - len(known)
                hands.append(_sort_hand(known) + [None] * hidden)
            stock_top = view["stock_top"]
            count = view["stock_count"]
            stock_top = None if stock_top is None else engine.parse_card(stock_top)
        return State(
            hands=hands,
            trick=_codes(deal.current_trick),
            leader=deal.leader,
            to_move=deal.to_move,
            stock_top=None if stock_top is None else engine.card_code(stock_top),
            stock_count=count,
            legal=_codes(deal.legal_plays()),
        )

    for card in read.plays:
        states.append(snapshot())
        try:
            deal.play(card)
        except (engine.IllegalPlay, ValueError):
            break
    states.append(snapshot())
    # Complete tricks only: the engine also lists a trick in progress (winner null).
    tricks = [
        dict(trick, number=number)
        for number, trick in enumerate(result.get("tricks") or [], 1)
        if trick.get("winner") is not None
    ]
    rep = Replay(record=record, rules=rules, players=players, result=result, states=states, tricks=tricks)
    rep.won = [_codes(engine_cards(mask)) for mask in deal.won]
    rep.jack_turned = bool(deal.jack_turned)
    rep.trump_card = engine.card_code(deal.trump_card)
    rep.dealt = dealt
    rep.stock = stock
    if deal.is_over:
        rep.reasons = [reason.to_dict() for reason in deal.result().reasons]
    return rep


def engine_cards(mask: int) -> list[int]:
    return [card for card in range(52) if mask >> card & 1]


_VALUE_FACTS = {"T": "value_ten", "A": "value_ace", "K": "value_king", "Q": "value_queen", "J": "value_jack"}


def value_of(code: str) -> int:
    """The Game-point value of a card, from the engine's facts() (RULES.md §1)."""
    key = _VALUE_FACTS.get(engine.card_code(engine.parse_card(code))[0])
    return engine.facts()[key] if key else 0


# --------------------------------------------------------------------------------------------
# Placeholders.
# --------------------------------------------------------------------------------------------

PLACEHOLDER_RE = re.compile(r"\{([^{}]*)\}")


class Unresolved(Exception):
    pass


@dataclass
class Context:
    """What a placeholder may refer to: the replay, and the anchor's trick/play if any."""

    replay: Replay
    anchor: Anchor | None = None
    extra: dict = field(default_factory=dict)  # quiz: {"card": ..., "error": ...}

    def trick_number(self) -> int | None:
        if self.anchor is None:
            return None
        if self.anchor.kind == "play":
            return self.anchor.index // self.replay.players + 1
        if self.anchor.kind in ("trick", "draws"):
            return self.anchor.index
        return None


class Formatter:
    """How resolved values are written: cards, seats, numbers, lists. Subclassed per output."""

    def __init__(self, cat):
        self.cat = cat

    def card(self, code: str) -> str:
        return self.cat.card_short(code)

    def text(self, value: str) -> str:
        return value

    def seat(self, seat) -> str:
        return self.cat.ex("no_one") if seat is None else SEAT_LETTERS[seat]

    def join(self, items: list[str]) -> str:
        return ", ".join(items)


def _trick(ctx: Context, number: int) -> dict:
    tricks = ctx.replay.tricks
    if not 1 <= number <= len(tricks):
        raise Unresolved(f"trick {number} is not complete in the replay ({len(tricks)} tricks)")
    return tricks[number - 1]


def _need_complete(ctx: Context, name: str):
    if not ctx.replay.complete:
        raise Unresolved(f"{{{name}}} needs a complete deal, but the plays stop early")


def _state_after(ctx: Context) -> State:
    anchor = ctx.anchor
    rep = ctx.replay
    if anchor is None or anchor.kind == "start":
        return rep.states[0]
    if anchor.kind == "play":
        return rep.states[min(anchor.index + 1, len(rep.states) - 1)]
    if anchor.kind in ("trick", "draws"):
        return rep.states[min(anchor.index * rep.players, len(rep.states) - 1)]
    return rep.states[-1]


def resolve_name(name: str, ctx: Context, fmt: Formatter) -> str:
    """The text for one placeholder, or Unresolved with the reason."""
    rep = ctx.replay
    result = rep.result
    cat = fmt.cat
    parts = name.split(".")
    head, _, arg = parts[0].partition(":")

    def seat_index(text: str) -> int:
        if text.isdigit() and int(text) < rep.players:
            return int(text)
        if len(text) == 1 and text in SEAT_LETTERS[: rep.players]:
            return SEAT_LETTERS.index(text)
        raise Unresolved(
            f"no seat {text!r} (seats are 0..{rep.players - 1} or A..{SEAT_LETTERS[rep.players - 1]})"
        )

    def card_arg(text: str) -> str:
        try:
            return engine.card_code(engine.parse_card(text))
        except ValueError:
            raise Unresolved(f"{text!r} is not a card") from None

    # Cards, suits, seats written by the author: localised but not engine facts.
    if ":" in parts[0]:
        if len(parts) != 1:
            raise Unresolved("nothing may follow a card, suit, seat or value placeholder")
        if head == "card":
            return fmt.card(card_arg(arg))
        if head == "cardname":
            return fmt.text(cat.card_name(card_arg(arg)))
        if head == "suit":
            if arg.upper() not in "SHDC" or len(arg) != 1:
                raise Unresolved(f"{arg!r} is not a suit letter")
            return fmt.text(cat.suit_name(arg.upper()))
        if head == "seat":
            return fmt.seat(seat_index(arg))
        if head == "value":
            return str(value_of(card_arg(arg)))
        raise Unresolved(f"unknown placeholder {head}:…")

    # Placeholders bound to the anchor.
    if head in ("player", "card") and len(parts) == 1:
        if ctx.extra.get(head) is not None:
            value = ctx.extra[head]
            return fmt.seat(value) if head == "player" else fmt.card(value)
        if ctx.anchor is None or ctx.anchor.kind != "play":
            raise Unresolved(f"{{{head}}} is only known in an annotation attached to a play")
        if head == "player":
            return fmt.seat(rep.seat_of_play(ctx.anchor.index))
        return fmt.card(rep.plays[ctx.anchor.index])
    if head == "error" and len(parts) == 1:
        if "error" not in ctx.extra:
            raise Unresolved("{error} is only known in a quiz mistake")
        return fmt.text(ctx.extra["error"])
    if head in ("trick", "winner", "leader", "draws", "cards") and len(parts) == 1:
        number = ctx.trick_number()
        if number is None:
            raise Unresolved(f"{{{head}}} needs an annotation attached to a play, trick or draws")
        if head == "trick":
            return str(number)
        return _trick_field(ctx, fmt, _trick(ctx, number), head, [])
    if head == "trick":
        if len(parts) < 3 or not parts[1].isdigit():
            raise Unresolved(
                "use {trick.N.winner}, {trick.N.leader}, {trick.N.cards}, {trick.N.draws}, "
                "{trick.N.draw.K} or {trick.N.drawer.K}"
            )
        return _trick_field(ctx, fmt, _trick(ctx, int(parts[1])), parts[2], parts[3:])
    if head == "stock" and len(parts) == 2 and parts[1] in ("top", "count"):
        state = _state_after(ctx)
        if parts[1] == "count":
            return str(state.stock_count)
        if state.stock_top is None:
            raise Unresolved("{stock.top}: the stock's top card is not visible here")
        return fmt.card(state.stock_top)
    if head == "fact" and len(parts) == 2:
        facts = engine.facts()
        if parts[1] not in facts or not isinstance(facts[parts[1]], int):
            raise Unresolved(f"engine.facts() has no number {parts[1]!r}")
        return str(facts[parts[1]])
    if head == "trump" and len(parts) == 1:
        return fmt.text(cat.suit_name(result["trump"]))
    if head == "trump_card" and len(parts) == 1:
        return fmt.card(rep.trump_card)
    if head in ("dealer", "non_dealer") and len(parts) == 1:
        dealer = rep.record.get("dealer", 0)
        if head == "non_dealer" and rep.players != 2:
            raise Unresolved("{non_dealer} exists only with two players")
        return fmt.seat(dealer if head == "dealer" else (dealer + 1) % 2)
    if head == "target" and len(parts) == 1:
        return str(rep.rules.target)
    if head == "points" and len(parts) == 2 and parts[1] in POINTS:
        _need_complete(ctx, name)
        return fmt.seat(result["points"][parts[1]])
    if head in ("game_values", "scores_after", "scores_before", "deal_points", "value_sum", "value_cards"):
        if head != "scores_before":
            _need_complete(ctx, name)
        if head == "game_values" and len(parts) == 1:
            return fmt.text(format_values(result["game_values"], rep.players))
        if len(parts) != 2:
            raise Unresolved(f"use {{{head}.N}} with a seat number or letter")
        seat = seat_index(parts[1])
        if head == "game_values":
            return str(result["game_values"][seat])
        if head == "scores_after":
            return str(result["scores_after"][seat])
        if head == "scores_before":
            return str(list(rep.record.get("scores_before") or [0] * rep.players)[seat])
        if head == "deal_points":
            return str(sum(1 for point in POINTS if result["points"].get(point) == seat))
        cards = value_cards(rep, seat)
        if head == "value_cards":
            return fmt.join([fmt.card(code) for code in cards])
        values = [value_of(code) for code in cards]
        return " + ".join(str(v) for v in values) + f" = {sum(values)}"
    if head == "match_winner" and len(parts) == 1:
        _need_complete(ctx, name)
        return fmt.seat(result["winner"])
    raise Unresolved(f"unknown placeholder {{{name}}}")


def value_cards(rep: Replay, seat: int) -> list[str]:
    """The cards with card value that `seat` won, highest value first."""
    cards = [code for code in rep.won[seat] if value_of(code) > 0]
    order = "TAKQJ"
    return sorted(cards, key=lambda c: (order.index(c[0]), "SHDC".index(c[1])))


def format_values(values, players: int) -> str:
    return " – ".join(f"{SEAT_LETTERS[s]} {values[s]}" for s in range(players))


def _trick_field(ctx: Context, fmt: Formatter, trick: dict, what: str, rest: list[str]) -> str:
    if what in ("winner", "leader") and not rest:
        return fmt.seat(trick[what])
    if what == "cards" and not rest:
        return fmt.join([fmt.card(c) for c in trick["cards"]])
    if what == "draws" and not rest:
        items = []
        for draw in trick["draws"]:
            player = fmt.cat.seat(SEAT_LETTERS[draw["seat"]])
            if draw.get("card") is None:
                items.append(fmt.text(fmt.cat.fmt("ui.draw_hidden", player=player)))
            else:
                items.append(
                    fmt.text(fmt.cat.fmt("ui.draw_other", player=player, card="\0")).replace(
                        "\0", fmt.card(draw["card"])
                    )
                )
        if not items:
            raise Unresolved(f"trick {trick['number']} has no draws (the stock is empty)")
        return fmt.join(items)
    if what in ("draw", "drawer") and len(rest) == 1 and rest[0].isdigit():
        k = int(rest[0])
        if k >= len(trick["draws"]):
            raise Unresolved(f"trick {trick['number']} has {len(trick['draws'])} draws, no draw {k}")
        draw = trick["draws"][k]
        return fmt.seat(draw["seat"]) if what == "drawer" else fmt.card(draw["card"])
    raise Unresolved(f"unknown trick field {what!r}")


def resolve(text: str, ctx: Context, fmt: Formatter) -> str:
    """Fill every {placeholder}; Unresolved names the first that cannot be filled."""
    out = []
    pos = 0
    for match in PLACEHOLDER_RE.finditer(text):
        out.append(text[pos : match.start()])
        out.append(resolve_name(match.group(1).strip(), ctx, fmt))
        pos = match.end()
    rest = text[pos:]
    if "{" in rest or "}" in rest:
        raise Unresolved("unbalanced { or } in the text")
    out.append(rest)
    return "".join(out)


# --------------------------------------------------------------------------------------------
# Loading and checking.
# --------------------------------------------------------------------------------------------


@dataclass
class Example:
    path: Path
    data: dict
    replay: Replay | None = None
    alternatives: list = field(default_factory=list)  # [(alt dict, Replay)]

    @property
    def slug(self) -> str:
        return self.data["slug"]

    @property
    def narrator(self):
        return self.data.get("narrator", "all")


def load(path: Path) -> Example:
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as error:
        raise ExampleError(f"{path}: cannot read: {error}") from None
    if not isinstance(data, dict):
        raise ExampleError(f"{path}: the file must be a mapping")
    return Example(Path(path), data)


def load_all(directory: Path = TUTORIALS) -> list[Example]:
    examples = [load(path) for path in sorted(Path(directory).glob("*.yml"))]
    return sorted(examples, key=lambda ex: (ex.data.get("order", 0), str(ex.data.get("slug"))))


def alt_record(example: Example, alt: dict) -> dict:
    record = copy.deepcopy(example.data["record"])
    record["rules"] = alt["rules"]
    if "plays" in alt:
        record["plays"] = list(alt["plays"])
    return record


def annotation_places(example: Example):
    """Every translatable text: (where, texts-by-language, anchor or None, extra context, alt or None).

    A quiz's texts know {player} (the seat to play) and, for a mistake or another choice, {card};
    a mistake's text also knows {error}, the engine's refusal in the page language.
    """
    data = example.data
    rep = example.replay
    for key in ("title", "summary"):
        yield key, data.get(key), None, {}, None
    for i, note in enumerate(data.get("annotations") or []):
        yield f"annotations[{i}] (at {note.get('at')})", note.get("text"), note.get("at"), {}, None
    for q, quiz in enumerate(data.get("quiz") or []):
        where = f"quiz[{q}] (play {quiz.get('play')})"
        index = quiz.get("play")
        seat = rep.seat_of_play(index) if rep and isinstance(index, int) and index < len(rep.plays) else None
        before = {"player": seat, "trick": None}
        yield f"{where}.prompt", quiz.get("prompt"), None, before, None
        yield f"{where}.choice_text", quiz.get("choice_text"), f"play {index}", {}, None
        for m, mistake in enumerate(quiz.get("illegal") or []):
            extra = {"card": mistake.get("card"), "error": mistake.get("error", ""), "player": seat}
            yield f"{where}.illegal[{m}].text", mistake.get("text"), None, extra, None
        for o, other in enumerate(quiz.get("other") or []):
            extra = {"card": other.get("card"), "player": seat}
            yield f"{where}.other[{o}].text", other.get("text"), None, extra, None
        if "other_text" in quiz:
            yield f"{where}.other_text", quiz.get("other_text"), None, {"player": seat}, None
    for a, alt in enumerate(data.get("alternatives") or []):
        yield f"alternatives[{a}].label", alt.get("label"), None, {}, None
        for i, note in enumerate(alt.get("annotations") or []):
            yield (
                f"alternatives[{a}].annotations[{i}] (at {note.get('at')})",
                note.get("text"),
                note.get("at"),
                {},
                a,
            )


def check_example(example: Example, catalogues: dict | None = None) -> list[str]:
    """Replay the example (and its alternatives) and report every disagreement."""
    from worked_examples_strings import Catalogue  # local import: same folder as this module

    catalogues = catalogues or {lang: Catalogue(lang) for lang in LANGUAGES}
    name = example.path.name
    data = example.data
    problems: list[str] = []

    def problem(text: str):
        problems.append(f"{name}: {text}")

    unknown = set(data) - TOP_KEYS
    if unknown:
        problem(f"unknown keys {sorted(unknown)}")
    for key in ("slug", "order", "title", "summary", "record", "expect"):
        if key not in data:
            problem(f"missing {key!r}")
    if problems:
        return problems
    if data["slug"] != example.path.stem:
        problem(f"slug {data['slug']!r} differs from the file name")
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", str(data["slug"])):
        problem("slug must be lower-case words joined by hyphens")
    record = data["record"]
    if not isinstance(record, dict) or set(record) - RECORD_KEYS:
        problem(
            "record: unknown keys "
            f"{sorted(set(record) - RECORD_KEYS) if isinstance(record, dict) else record}"
        )
        return problems
    narrator = example.narrator
    try:
        example.replay = replay(record, narrator)
    except Exception as error:
        problem(f"record does not replay: {type(error).__name__}: {error}")
        return problems
    rep = example.replay
    if narrator != "all" and not (isinstance(narrator, int) and 0 <= narrator < rep.players):
        problem(f"narrator must be 'all' or a seat number, not {narrator!r}")
    if rep.result.get("error") and "error" not in data["expect"]:
        problem(f"record stops at an illegal play: {rep.result['error']}")
    problems += [f"{name}: {p}" for p in check_expect(data["expect"], rep, "expect")]

    # Quiz steps: the shown mistake is refused with its code, the other choices are legal.
    for q, quiz in enumerate(data.get("quiz") or []):
        where = f"quiz[{q}]"
        index = quiz.get("play")
        if not isinstance(index, int) or not 0 <= index < len(rep.plays) or index >= len(rep.states) - 1:
            problem(f"{where}: play {index!r} is not a play of the record")
            continue
        state = rep.states[index]
        choice = rep.plays[index]
        for m, mistake in enumerate(quiz.get("illegal") or []):
            code = illegal_code(record, index, mistake.get("card"))
            if mistake.get("error") not in ERROR_CODES:
                problem(f"{where}.illegal[{m}]: error must be one of {ERROR_CODES}")
            elif code != mistake.get("error"):
                problem(
                    f"{where}.illegal[{m}]: the engine says {mistake.get('card')} is "
                    f"{'legal' if code is None else 'refused with ' + code}, not {mistake.get('error')}"
                )
        if not quiz.get("illegal"):
            problem(f"{where}: give at least one illegal choice to show")
        for o, other in enumerate(quiz.get("other") or []):
            card = other.get("card")
            try:
                card = engine.card_code(engine.parse_card(card))
            except ValueError:
                problem(f"{where}.other[{o}]: {card!r} is not a card")
                continue
            if card == choice:
                problem(f"{where}.other[{o}]: {card} is the example's own choice")
            elif card not in state.legal:
                problem(f"{where}.other[{o}]: the engine says {card} is not legal here")
        if not quiz.get("other") and not quiz.get("other_text"):
            problem(f"{where}: explain a different legal choice (other or other_text)")

    # Alternatives: each replays under its rules and meets its own expectations.
    example.alternatives = []
    for a, alt in enumerate(data.get("alternatives") or []):
        where = f"alternatives[{a}]"
        if "rules" not in alt or "expect" not in alt:
            problem(f"{where}: needs rules and expect")
            continue
        try:
            alt_rep = replay(alt_record(example, alt), narrator)
        except Exception as error:
            problem(f"{where}: does not replay: {type(error).__name__}: {error}")
            continue
        example.alternatives.append((alt, alt_rep))
        problems += [f"{name}: {p}" for p in check_expect(alt["expect"], alt_rep, f"{where}.expect")]

    # Every text in all five languages, every placeholder resolvable in every language.
    for where, texts, anchor_text, extra, alt_index in annotation_places(example):
        if texts is None and (where.endswith(".prompt") or re.search(r"\.illegal\[\d+\]\.text$", where)):
            continue  # optional texts
        if not isinstance(texts, dict):
            problem(f"{where}: missing text")
            continue
        missing = [lang for lang in LANGUAGES if not str(texts.get(lang) or "").strip()]
        if missing:
            problem(f"{where}: no text in {', '.join(missing)}")
        extra_langs = set(texts) - set(LANGUAGES)
        if extra_langs:
            problem(f"{where}: unknown languages {sorted(extra_langs)}")
        if where == "title" or where.endswith(".label"):
            continue
        anchor = None
        if anchor_text is not None:
            try:
                anchor = Anchor.parse(anchor_text)
            except ValueError as error:
                problem(f"{where}: {error}")
                continue
            target = rep
            if alt_index is not None:
                match = [r for (al, r) in example.alternatives if al is data["alternatives"][alt_index]]
                if not match:
                    continue
                target = match[0]
            anchor_problem = check_anchor(anchor, target)
            if anchor_problem:
                problem(f"{where}: {anchor_problem}")
                continue
        else:
            target = rep
        for lang in LANGUAGES:
            if not texts.get(lang):
                continue
            ctx = Context(target, anchor, dict(extra))
            try:
                resolve(str(texts[lang]), ctx, Formatter(catalogues[lang]))
            except Unresolved as error:
                problem(f"{where} [{lang}]: {error}")
    return problems


def check_anchor(anchor: Anchor, rep: Replay) -> str | None:
    if anchor.kind == "play" and not 0 <= anchor.index < len(rep.plays):
        return f"play {anchor.index} is not in the record's plays (0..{len(rep.plays) - 1})"
    if anchor.kind == "play" and anchor.index >= len(rep.states) - 1:
        return f"play {anchor.index} comes after the play the engine refused"
    if anchor.kind in ("trick", "draws") and not 1 <= anchor.index <= len(rep.tricks):
        return f"trick {anchor.index} is not complete in the replay"
    if anchor.kind == "draws" and not rep.tricks[anchor.index - 1]["draws"]:
        return f"trick {anchor.index} has no draws"
    return None


def illegal_code(record: dict, index: int, card) -> str | None:
    """The engine's refusal code for playing `card` as play `index` of the record (None if legal)."""
    deal = read_record(record).deal
    for played in record["plays"][:index]:
        deal.play(played)
    before = deal.state_key() if hasattr(deal, "state_key") else None
    try:
        deal.play(card)
    except engine.IllegalPlay as error:
        if before is not None and deal.state_key() != before:
            return "state_changed"
        return error.code
    except ValueError:
        return "not_a_card"
    return None


def check_expect(expect: dict, rep: Replay, where: str) -> list[str]:
    """Compare an `expect` block with the engine's replay result."""
    problems = []
    result = rep.result
    if not isinstance(expect, dict) or not expect:
        return [f"{where}: must be a non-empty mapping"]
    unknown = set(expect) - EXPECT_KEYS
    if unknown:
        problems.append(f"{where}: unknown keys {sorted(unknown)}")

    def differ(key: str, wanted, got):
        problems.append(f"{where}.{key}: the example says {wanted!r}, the engine says {got!r}")

    for key in ("trump", "complete", "game_values", "scores_after", "winner"):
        if key in expect:
            got = result.get(key)
            wanted = expect[key]
            if key == "winner" and isinstance(wanted, str):
                wanted = SEAT_LETTERS.index(wanted) if wanted in SEAT_LETTERS else wanted
            if wanted != got:
                differ(key, expect[key], got)
    if "points" in expect:
        got_points = result.get("points") or {}
        for point, wanted in (expect["points"] or {}).items():
            if point not in POINTS:
                problems.append(f"{where}.points: unknown point {point!r}")
            elif got_points.get(point) != wanted:
                differ(f"points.{point}", wanted, got_points.get(point))
    if "error" in expect:
        got = result.get("error")
        wanted = expect["error"]
        if wanted is None:
            if got is not None:
                differ("error", None, got)
        elif got is None:
            differ("error", wanted, None)
        else:
            for key, value in wanted.items():
                if got.get(key) != value:
                    differ(f"error.{key}", value, got.get(key))
    for number, wanted in (expect.get("tricks") or {}).items():
        if not isinstance(number, int) or not 1 <= number <= len(rep.tricks):
            problems.append(f"{where}.tricks.{number}: the replay has no complete trick {number}")
            continue
        trick = rep.tricks[number - 1]
        for key, value in wanted.items():
            if key == "draws":
                got = [[d["seat"], d["card"]] for d in trick["draws"]]
                value = [list(d) for d in value]
            elif key in ("winner", "leader", "cards"):
                got = trick[key]
            else:
                problems.append(f"{where}.tricks.{number}: unknown key {key!r}")
                continue
            if got != value:
                differ(f"tricks.{number}.{key}", value, got)
    return problems
