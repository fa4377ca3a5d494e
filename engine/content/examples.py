"""Worked examples: tutorials/<slug>.toml, each replayed through the engine and checked.

`check_examples(folder)` loads every example of the folder, replays it (and each alternative
under its rules), and returns the examples with every problem found: keys the format does
not know, a record the engine cannot read, an expectation the engine does not confirm, a quiz
mistake the engine allows or refuses with another code, an anchor that is not in the deal, a
text missing in a language, a placeholder that cannot be filled. The format is documented in
tutorials/README.md; the pages are drawn from the checked examples by the site's hooks.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.content.expectations import check_expect
from engine.content.files import read_toml
from engine.content.problems import Problem, Problems, check_known_keys, is_int, join_place
from engine.content.replay import ALL_HANDS, Replay, position_at, replay
from engine.content.texts import check_texts
from engine.core.cards import card_code, parse_card
from engine.core.errors import IllegalPlay
from engine.core.record import RecordError, read_record

SUFFIX = ".toml"
REQUIRED_KEYS = ("slug", "order", "title", "summary", "record", "expect")
TOP_KEYS = (*REQUIRED_KEYS, "narrator", "annotations", "quiz", "alternatives")
QUIZ_KEYS = ("play", "prompt", "choice_text", "illegal", "other", "other_text")
ALTERNATIVE_KEYS = ("id", "label", "rules", "plays", "annotations", "expect")
ERROR_CODES = ("not_in_hand", "must_follow_suit", "must_trump", "deal_over")
SLUG_RE = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


@dataclass
class Example:
    path: Path
    name: str  # the file's name as problems name it ("turned-jack.toml")
    data: dict[str, Any]
    replay: Replay | None = None  # set once the record replays
    # Whose view the pages show: "all" or a seat; the check sets it once it knows the seats.
    narrator: int | str = ALL_HANDS
    alternatives: list[tuple[dict[str, Any], Replay]] = field(default_factory=list)
    _alternative_replays: dict[int, Replay] = field(default_factory=dict)

    @property
    def slug(self) -> str:
        return str(self.data.get("slug"))

    def alternative_replay(self, index: int) -> Replay | None:
        """The replay of alternatives[index], if it replayed."""
        return self._alternative_replays.get(index)


@dataclass
class ExamplesReport:
    examples: list[Example]  # in page order (`order`, then slug)
    problems: list[Problem]

    @property
    def ok(self) -> bool:
        return not self.problems


def check_examples(folder: Path, only: str | None = None) -> ExamplesReport:
    """Every example in `folder` (*.toml), or only the file named `only`, loaded, replayed and
    checked."""
    examples: list[Example] = []
    problems: list[Problem] = []
    slugs: dict[str, str] = {}
    for path in sorted(Path(folder).glob(only or f"*{SUFFIX}")):
        found = Problems(path.name)
        example = load_example(path, found)
        if example is not None:
            check_example(example, found)
            examples.append(example)
            first = slugs.setdefault(example.slug, path.name)
            if first != path.name:
                found.add("slug", f"{example.slug!r} is used by {first} too")
        problems += found.items
    examples.sort(key=lambda ex: (_order(ex), ex.slug))
    return ExamplesReport(examples, problems)


def _order(example: Example) -> int:
    order = example.data.get("order", 0)
    return order if is_int(order) else 0


def load_example(path: Path, problems: Problems) -> Example | None:
    """The example's data, or None (with the problem) if the file cannot be read as TOML."""
    data = read_toml(path, problems)
    return None if data is None else Example(path, problems.file, data)


def check_example(example: Example, problems: Problems) -> None:
    """Replay the example (and its alternatives) and report every disagreement."""
    if not _check_keys(example, problems):
        return
    record = example.data["record"]
    try:
        players = read_record(record).deal.rules.players
        example.narrator = _narrator(example.data.get("narrator", ALL_HANDS), players, problems)
        example.replay = replay(record, example.narrator)
    except RecordError as error:
        problems.add(join_place("record", error.field), f"the engine cannot read the record: {error.problem}")
        return
    rep = example.replay
    if rep.result.get("error") and "error" not in example.data["expect"]:
        problems.add("record.plays", f"the engine refuses a play: {rep.result['error']['message']}")
    check_expect(example.data["expect"], rep, "expect", problems)
    for q, quiz in enumerate(_list(example.data, "quiz", problems)):
        check_quiz(quiz, rep, f"quiz[{q}]", problems)
    _check_alternatives(example, problems)
    check_texts(example, problems)


def _list(data: dict[str, Any], key: str, problems: Problems) -> list[Any]:
    """data[key] as a list (missing: empty); anything else is a problem."""
    value = data.get(key, [])
    if not isinstance(value, list):
        problems.add(key, "must be a list of tables ([[" + key + "]])")
        return []
    return value


def _check_keys(example: Example, problems: Problems) -> bool:
    """The file's own keys; False when the example cannot be replayed at all."""
    data = example.data
    check_known_keys(data, TOP_KEYS, "", problems)
    missing = [key for key in REQUIRED_KEYS if key not in data]
    for key in missing:
        problems.add(key, "missing")
    slug = data.get("slug")
    if "slug" in data and slug != example.path.stem:
        problems.add("slug", f"{slug!r} differs from the file name")
    if "slug" in data and not (isinstance(slug, str) and SLUG_RE.fullmatch(slug)):
        problems.add("slug", "must be lower-case words joined by hyphens")
    if "order" in data and not is_int(data["order"]):
        problems.add("order", f"must be a whole number, not {data['order']!r}")
    if "record" in data and not isinstance(data["record"], dict):
        problems.add("record", "must be a table (a deal record)")
        return False
    return not missing


def _narrator(narrator: object, players: int, problems: Problems) -> int | str:
    """The narrator as written if it is "all" or a seat; else a problem, and every hand shown."""
    if narrator == ALL_HANDS or (is_int(narrator) and 0 <= narrator < players):
        return narrator
    problems.add("narrator", f"must be 'all' or a seat number 0..{players - 1}, not {narrator!r}")
    return ALL_HANDS


# ----- quiz -------------------------------------------------------------------------------------


def check_quiz(quiz: object, rep: Replay, where: str, problems: Problems) -> None:
    """A "your turn" step: each shown mistake is refused with its code, each other choice is legal."""
    if not isinstance(quiz, dict):
        problems.add(where, "must be a table")
        return
    check_known_keys(quiz, QUIZ_KEYS, where, problems)
    index = quiz.get("play")
    if not is_int(index) or not 0 <= index < min(len(rep.plays), rep.accepted):
        problems.add(join_place(where, "play"), f"{index!r} is not a play of the record the engine accepts")
        return
    illegal = quiz.get("illegal") or []
    others = quiz.get("other") or []
    if not isinstance(illegal, list) or not illegal:
        problems.add(join_place(where, "illegal"), "give at least one illegal choice to show")
        illegal = []
    if not isinstance(others, list):
        problems.add(join_place(where, "other"), "must be a list of tables")
        others = []
    for m, mistake in enumerate(illegal):
        _check_mistake(mistake, rep.record, index, f"{where}.illegal[{m}]", problems)
    for o, other in enumerate(others):
        _check_other(other, rep, index, f"{where}.other[{o}]", problems)
    if not others and not quiz.get("other_text"):
        problems.add(where, "explain a different legal choice (other or other_text)")


def _card_of(value: object) -> str | None:
    if not isinstance(value, str):
        return None
    try:
        return card_code(parse_card(value))
    except ValueError:
        return None


def _quiz_card(
    entry: object, shape: str, where: str, problems: Problems
) -> tuple[dict[str, Any], str] | None:
    """A quiz choice's table and its card; None, with the problem, if it is not a table of the
    `shape` shown or its card is not a card."""
    if not isinstance(entry, dict):
        problems.add(where, f"must be a table {shape}")
        return None
    card = _card_of(entry.get("card"))
    if card is None:
        problems.add(join_place(where, "card"), f"{entry.get('card')!r} is not a card")
        return None
    return entry, card


def _check_mistake(
    mistake: object, record: dict[str, Any], index: int, where: str, problems: Problems
) -> None:
    found = _quiz_card(mistake, "{card = ..., error = ...}", where, problems)
    if found is None:
        return
    table, card = found
    expected = table.get("error")
    if expected not in ERROR_CODES:
        problems.add(join_place(where, "error"), f"must be one of {', '.join(ERROR_CODES)}")
        return
    code = refusal_code(record, index, card)
    if code != expected:
        said = "legal" if code is None else f"refused with {code}"
        problems.add(where, f"the engine says {card} is {said}, not {expected}")


def _check_other(other: object, rep: Replay, index: int, where: str, problems: Problems) -> None:
    found = _quiz_card(other, "{card = ..., text = ...}", where, problems)
    if found is None:
        return
    _, card = found
    if card == rep.plays[index]:
        problems.add(join_place(where, "card"), f"{card} is the example's own choice")
    elif card not in rep.states[index].legal:
        problems.add(join_place(where, "card"), f"the engine says {card} is not legal here")


def refusal_code(record: dict[str, Any], index: int, card: str) -> str | None:
    """The engine's refusal code for playing `card` as play `index` of the record (None if it
    is legal); "state_changed" if the refusal left the deal changed (it never may)."""
    deal = position_at(record, index)
    before = deal.state_key()
    try:
        deal.play(card)
    except IllegalPlay as error:
        return "state_changed" if deal.state_key() != before else error.code
    return None


# ----- replay under other rules ------------------------------------------------------------------


def alternative_record(example: Example, alt: dict[str, Any]) -> dict[str, Any]:
    """The example's record with the alternative's rules (and plays, if it gives them)."""
    record: dict[str, Any] = copy.deepcopy(example.data["record"])
    record["rules"] = alt["rules"]
    if "plays" in alt:
        record["plays"] = copy.deepcopy(alt["plays"])
    return record


def _check_alternatives(example: Example, problems: Problems) -> None:
    """Each alternative replays under its rules and meets its own expectations."""
    example.alternatives = []
    example._alternative_replays = {}
    for a, alt in enumerate(_list(example.data, "alternatives", problems)):
        where = f"alternatives[{a}]"
        if not isinstance(alt, dict):
            problems.add(where, "must be a table")
            continue
        check_known_keys(alt, ALTERNATIVE_KEYS, where, problems)
        missing = [key for key in ("rules", "expect") if key not in alt]
        if missing:
            problems.add(where, f"needs {' and '.join(missing)}")
            continue
        try:
            alt_rep = replay(alternative_record(example, alt), example.narrator)
        except RecordError as error:
            problems.add(join_place(where, error.field), f"the engine cannot read it: {error.problem}")
            continue
        example.alternatives.append((alt, alt_rep))
        example._alternative_replays[a] = alt_rep
        check_expect(alt["expect"], alt_rep, f"{where}.expect", problems)
