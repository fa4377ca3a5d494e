"""The course's levels (issue 23): tutorials/learn/*.toml, loaded and checked like every other
content file. The course is not written yet; this is the place it plugs into.

What every level shares is checked here:
- the file reads as TOML and holds its levels as `[[levels]]` tables (the file is a stage,
  named by its file name; its other keys belong to the course);
- each level has an `id` unique across the course, a `goal` naming a registered goal type, a
  `record` (the position: a deal record with the plays up to the decision) that the engine
  reads and replays without refusing a play, and the reader's `seat`;
- `texts`, a table of catalogue keys (`goal = "learn.trumps.goal"`), each present in all five
  catalogues (engine/locales/<lang>.json).

What a goal means is its goal type's job. A goal type is registered with `@goal("name")`: its
checker gets the level (shared parts already checked, `position` the deal at the decision),
returns the accepted answers the engine decides, and adds a problem where the level's stated
intent disagrees with the engine (a level that says one card wins the trick, but two do). No
goal type is registered yet: until the course registers its own, any level names an unknown one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.content.files import read_toml
from engine.content.problems import Problem, Problems, is_int, join_place
from engine.core.deal import Deal
from engine.core.errors import IllegalPlay
from engine.core.locales import LANGUAGES, catalogue_strings
from engine.core.record import RecordError, read_record

FOLDER = "learn"
SHARED_KEYS = ("id", "goal", "record", "seat", "texts")


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
    answers: list[Any] = field(default_factory=list)  # set by the goal type's checker


GoalChecker = Callable[[Level, Problems], list[Any]]
GOALS: dict[str, GoalChecker] = {}


def goal(name: str) -> Callable[[GoalChecker], GoalChecker]:
    """Register the checker of a goal type (used by the course's goal modules)."""

    def register(checker: GoalChecker) -> GoalChecker:
        GOALS[name] = checker
        return checker

    return register


@dataclass
class LevelsReport:
    levels: list[Level]  # the levels whose shared parts are sound, stage by stage
    problems: list[Problem]

    @property
    def ok(self) -> bool:
        return not self.problems


def check_levels(folder: Path, prefix: str = f"{FOLDER}/", only: str | None = None) -> LevelsReport:
    """Every level of every stage file in `folder` (*.toml), or of the file named `only`; none if
    the folder does not exist."""
    levels: list[Level] = []
    problems: list[Problem] = []
    ids: dict[str, str] = {}
    paths = sorted(Path(folder).glob(only or "*.toml")) if Path(folder).is_dir() else []
    catalogues = _catalogues() if paths else {}
    for path in paths:
        found = Problems(prefix + path.name)
        data = read_toml(path, found)
        tables = [] if data is None else data.get("levels")
        if data is not None and (not isinstance(tables, list) or not tables):
            found.add("levels", "a stage holds its levels as [[levels]] tables")
            tables = []
        for index, table in enumerate(tables or []):
            level = check_level(table, path.stem, f"levels[{index}]", found, catalogues)
            if level is None:
                continue
            first = ids.setdefault(level.id, f"{found.file}: {level.place}")
            if first != f"{found.file}: {level.place}":
                found.add(join_place(level.place, "id"), f"{level.id!r} is also the id of {first}")
            levels.append(level)
        problems += found.items
    return LevelsReport(levels, problems)


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
    checker = GOALS.get(goal_name) if isinstance(goal_name, str) else None
    if checker is None:
        known = ", ".join(sorted(GOALS)) or "none registered yet"
        problems.add(join_place(place, "goal"), f"unknown goal type {goal_name!r} (known: {known})")
        return None
    level = Level(
        problems.file, place, stage, level_id, goal_name, table["record"], seat, texts, table, position
    )
    level.answers = checker(level, problems)
    return level


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
        missing = [lang for lang, strings in catalogues.items() if strings is None or key not in strings]
        if missing:
            problems.add(join_place(place, name), f"catalogue key {key!r} is missing in {', '.join(missing)}")
    return dict(texts)
