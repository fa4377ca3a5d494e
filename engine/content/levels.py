"""The course's levels (issue 23): tutorials/learn/*.toml, loaded and checked like every other
content file.

What every level shares is checked here:
- the file reads as TOML and holds its levels as `[[levels]]` tables (the file is a stage,
  named by its file name; its other keys belong to the course);
- each level has an `id` unique across the course, a `goal` naming a registered goal type, a
  `record` (the position: a deal record with the plays up to the decision) that the engine
  reads and replays without refusing a play, and the reader's `seat`;
- `texts`, a table of catalogue keys (`goal = "learn.trumps.goal"`), each present in all five
  catalogues (engine/locales/<lang>.json), like every key the goal type's feedback names;
- `par`, how many of the accepted answers the reader must find (1: any one; the number of
  answers: all of them), and `guided`, whether help is shown (the playable cards marked, the
  answer pointed at after two misses). Help fades: in a stage no guided level follows an
  unguided one.

The stage file's own keys: `order` (the stage's place in the course, unique), `title` and
`intro` (catalogue keys, like the level texts: the stage's name and its one-sentence rule).
The stages come out in course order.

What a goal means is its goal type's job. A goal type is registered with `@goal("name")`: its
checker gets the level (shared parts already checked, `position` the deal at the decision),
returns the accepted answers the engine decides, sets the feedback for every wrong answer, and
adds a problem where the level's stated intent disagrees with the engine (a level that says one
card wins the trick, but two do). The goal types are in engine/content/goals.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.content.files import read_toml
from engine.content.problems import Problem, Problems, is_int, join_place
from engine.core.deal import Deal
from engine.core.errors import IllegalPlay
from engine.core.facts import facts
from engine.core.locales import LANGUAGES, catalogue_strings
from engine.core.record import RecordError, read_record

FOLDER = "learn"
SHARED_KEYS = ("id", "goal", "record", "seat", "texts", "par", "guided")
STAGE_KEYS = ("order", "title", "intro", "levels")


@dataclass
class Level:
    file: str  # "learn/trumps.toml"
    place: str  # "levels[2]"
    stage: str  # the file's name without .toml
    id: str
    goal: str
    record: dict[str, Any]
    seat: int
    texts: dict[str, str]  # name -> catalogue key
    data: dict[str, Any]  # the level's whole table: the goal type's own keys too
    position: Deal  # the deal after the record's plays
    par: int
    guided: bool
    answers: list[Any] = field(default_factory=list)  # set by the goal type's checker
    # Set by the goal type's checker: for each wrong answer (a card code, an option, "higher" /
    # "lower" for a count) what the reader is told, as catalogue keys with their parameters.
    feedback: dict[str, Any] = field(default_factory=dict)
    # The goal type's own published fields (a count's `kind`, a choice's `options`).
    published: dict[str, Any] = field(default_factory=dict)
    # Set by the goal type's checker: why the accepted answer is right, from the engine's facts
    # (`{"key": "learn.why.…", "params": {...}}`), shown when the page accepts or shows it.
    why: dict[str, Any] | None = None


@dataclass(frozen=True)
class Stage:
    name: str  # the file's name without .toml
    file: str
    order: int
    title: str  # catalogue key
    intro: str  # catalogue key


GoalChecker = Callable[[Level, Problems], list[Any]]
GOALS: dict[str, GoalChecker] = {}
# Goal types whose answer is a card the reader plays: the reader's seat must be the one to move.
CARD_GOALS: set[str] = set()


def goal(name: str, plays_a_card: bool = False) -> Callable[[GoalChecker], GoalChecker]:
    """Register the checker of a goal type (used by the course's goal modules)."""

    def register(checker: GoalChecker) -> GoalChecker:
        GOALS[name] = checker
        if plays_a_card:
            CARD_GOALS.add(name)
        return checker

    return register


@dataclass
class LevelsReport:
    levels: list[Level]  # the levels whose shared parts are sound, stage by stage in course order
    problems: list[Problem]
    stages: list[Stage] = field(default_factory=list)  # in course order

    @property
    def ok(self) -> bool:
        return not self.problems


def check_levels(folder: Path, prefix: str = f"{FOLDER}/", only: str | None = None) -> LevelsReport:
    """Every level of every stage file in `folder` (*.toml), or of the file named `only`; none if
    the folder does not exist."""
    staged: list[tuple[Stage, list[Level]]] = []
    problems: list[Problem] = []
    ids: dict[str, str] = {}
    orders: dict[int, str] = {}
    paths = sorted(Path(folder).glob(only or "*.toml")) if Path(folder).is_dir() else []
    catalogues = _catalogues() if paths else {}
    for path in paths:
        found = Problems(prefix + path.name)
        data = read_toml(path, found)
        stage = None if data is None else _stage(data, path, found, catalogues, orders)
        tables = [] if data is None else data.get("levels")
        if data is not None and (not isinstance(tables, list) or not tables):
            found.add("levels", "a stage holds its levels as [[levels]] tables")
            tables = []
        levels: list[Level] = []
        for index, table in enumerate(tables or []):
            level = check_level(table, path.stem, f"levels[{index}]", found, catalogues)
            if level is None:
                continue
            first = ids.setdefault(level.id, f"{found.file}: {level.place}")
            if first != f"{found.file}: {level.place}":
                found.add(join_place(level.place, "id"), f"{level.id!r} is also the id of {first}")
            levels.append(level)
        _check_help_fades(levels, found)
        if stage is not None:
            staged.append((stage, levels))
        problems += found.items
    staged.sort(key=lambda pair: pair[0].order)
    return LevelsReport(
        [level for _, levels in staged for level in levels], problems, [stage for stage, _ in staged]
    )


def _stage(
    data: dict[str, Any], path: Path, problems: Problems, catalogues: dict[str, dict[str, str] | None],
    orders: dict[int, str],
) -> Stage | None:  # fmt: skip
    """The stage file's own keys: its order in the course and its title's catalogue key."""
    for key in data:
        if key not in STAGE_KEYS:
            problems.add(key, f"unknown stage key; allowed: {', '.join(STAGE_KEYS)}")
    order, title, intro = data.get("order"), data.get("title"), data.get("intro")
    if not is_int(order) or order < 1:
        problems.add(
            "order", f"expected the stage's place in the course, a whole number from 1, got {order!r}"
        )
        return None
    first = orders.setdefault(order, problems.file)
    if first != problems.file:
        problems.add("order", f"{order} is also the order of {first}")
    keys: dict[str, str] = {}
    for name, value in (("title", title), ("intro", intro)):
        if not isinstance(value, str):
            problems.add(name, f'expected a catalogue key ("learn.stages.{path.stem}.{name}"), got {value!r}')
            return None
        _check_key(value, name, problems, catalogues)
        keys[name] = value
    return Stage(path.stem, problems.file, order, keys["title"], keys["intro"])


def _check_help_fades(levels: list[Level], problems: Problems) -> None:
    """Guided levels come first in a stage: once help is gone it does not come back."""
    unguided = next((level for level in levels if not level.guided), None)
    if unguided is None:
        return
    for level in levels[levels.index(unguided) :]:
        if level.guided:
            problems.add(
                join_place(level.place, "guided"),
                f"a guided level after the unguided {unguided.place} ({unguided.id}): help only fades",
            )


def _catalogues() -> dict[str, dict[str, str] | None]:
    catalogues: dict[str, dict[str, str] | None] = {}
    for lang in LANGUAGES:
        try:
            catalogues[lang] = catalogue_strings(lang)
        except (OSError, ValueError):
            catalogues[lang] = None
    return catalogues


def check_level(
    table: object, stage: str, place: str, problems: Problems, catalogues: dict[str, dict[str, str] | None]
) -> Level | None:
    """One level's shared parts, then its goal type's own check; None if it cannot be used."""
    if not isinstance(table, dict):
        problems.add(place, "must be a table")
        return None
    missing = [key for key in SHARED_KEYS if key not in table]
    for key in missing:
        problems.add(join_place(place, key), "missing")
    if missing:
        return None
    level_id, goal_name, seat = table["id"], table["goal"], table["seat"]
    if not isinstance(level_id, str) or not level_id:
        problems.add(join_place(place, "id"), f"expected a non-empty string, got {level_id!r}")
        return None
    position = _position(table["record"], join_place(place, "record"), problems)
    if position is None:
        return None
    if not is_int(seat) or not 0 <= seat < position.players:
        problems.add(join_place(place, "seat"), f"expected a seat 0..{position.players - 1}, got {seat!r}")
        return None
    texts = _texts(table["texts"], join_place(place, "texts"), problems, catalogues)
    par, guided = table["par"], table["guided"]
    if not isinstance(guided, bool):
        problems.add(join_place(place, "guided"), f"expected true or false, got {guided!r}")
        return None
    if not is_int(par) or par < 1:
        problems.add(join_place(place, "par"), f"expected a whole number from 1, got {par!r}")
        return None
    checker = GOALS.get(goal_name) if isinstance(goal_name, str) else None
    if checker is None:
        known = ", ".join(sorted(GOALS)) or "none registered yet"
        problems.add(join_place(place, "goal"), f"unknown goal type {goal_name!r} (known: {known})")
        return None
    level = Level(
        problems.file,
        place,
        stage,
        level_id,
        goal_name,
        table["record"],
        seat,
        texts,
        table,
        position,
        par,
        guided,
    )
    if position.to_move != seat and goal_name in CARD_GOALS:
        problems.add(
            join_place(place, "seat"), f"seat {seat} is not to move at the decision ({position.to_move} is)"
        )
        return None
    level.answers = checker(level, problems)
    _check_feedback_keys(level, problems, catalogues)
    if level.answers and par > len(level.answers):
        problems.add(
            join_place(place, "par"),
            f"par {par} asks for more answers than the {len(level.answers)} accepted",
        )
    return level


def answer_text_keys(level: Level) -> list[str]:
    """The catalogue keys a level's answers name: each feedback's reason and a refusal's rule,
    a choice's option labels and the reason its answer is right (the page shows them without
    the engine)."""
    keys = []
    for feedback in level.feedback.values():
        keys.append(feedback["key"])
        keys += [feedback[name] for name in ("rule", "reason") if name in feedback]
    keys += level.published.get("options", {}).values()
    if level.why is not None:
        keys.append(level.why["key"])
    keys += [answer_why["key"] for answer_why in level.published.get("why_by_answer", {}).values()]
    return keys


def _check_feedback_keys(
    level: Level, problems: Problems, catalogues: dict[str, dict[str, str] | None]
) -> None:
    for key in sorted(set(answer_text_keys(level))):
        _check_key(key, join_place(level.place, "feedback"), problems, catalogues)


def _position(record: object, place: str, problems: Problems) -> Deal | None:
    """The deal after the record's plays: a position the rules allow, or None with the problem."""
    try:
        read = read_record(record)
    except RecordError as error:
        problems.add(join_place(place, error.field), error.problem)
        return None
    deal = read.deal
    for index, card in enumerate(read.plays):
        try:
            deal.play(card)
        except IllegalPlay as refused:
            problems.add(f"{place}.plays[{index}]", f"the engine refuses this play: {refused}")
            return None
    return deal


def _texts(
    texts: object, place: str, problems: Problems, catalogues: dict[str, dict[str, str] | None]
) -> dict[str, str]:
    """The level's texts as catalogue keys, each checked to exist in all five languages."""
    if not isinstance(texts, dict) or not all(isinstance(key, str) for key in texts.values()):
        problems.add(place, 'expected a table of catalogue keys (goal = "learn.….goal")')
        return {}
    for name, key in texts.items():
        _check_key(key, join_place(place, name), problems, catalogues)
    return dict(texts)


def _check_key(
    key: str, place: str, problems: Problems, catalogues: dict[str, dict[str, str] | None]
) -> None:
    missing = [lang for lang, strings in catalogues.items() if strings is None or key not in strings]
    if missing:
        problems.add(place, f"catalogue key {key!r} is missing in {', '.join(missing)}")
    for lang, strings in catalogues.items():
        unknown = sorted(fact_names_unknown((strings or {}).get(key, "")))
        if unknown:
            names = ", ".join(f"{{fact.{name}}}" for name in unknown)
            problems.add(place, f"catalogue key {key!r} in {lang} names {names}, which engine.facts() lacks")


# A course text may give an engine number as {fact.<name>} ("a ten is worth {fact.value_ten}"),
# so no text types a value the engine owns; the build writes the number in (with_facts).
FACT = re.compile(r"\{fact\.(\w+)\}")


def fact_names_unknown(text: str) -> set[str]:
    numbers = facts()
    return {name for name in FACT.findall(text) if not isinstance(numbers.get(name), int)}


def with_facts(text: str) -> str:
    """The text with each {fact.<name>} written as the engine's number (checked names only)."""
    numbers = facts()
    return FACT.sub(lambda match: str(numbers[match.group(1)]), text)
