"""A problem in a content file: which file, where in it, and what is wrong.

Checking content never raises on bad content: every check adds problems to a `Problems` list
bound to one file and goes on with what it can still check. A place is a path into the
file's data as its author reads it: `annotations[3].at`, `expect.points.low`,
`quiz[0].illegal[1].card`, `line 12.solution` for a line of a JSON Lines file, or "" for the
file as a whole.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TypeGuard


@dataclass(frozen=True, slots=True)
class Problem:
    file: str  # the file's name as the checked folder names it: "turned-jack.toml", "learn/x.toml"
    place: str  # where in the file ("" for the whole file)
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.place}: {self.message}" if self.place else f"{self.file}: {self.message}"


class Problems:
    """The problems found in one file, in the order they were found."""

    def __init__(self, file: str):
        self.file = file
        self.items: list[Problem] = []

    def add(self, place: str, message: str) -> None:
        self.items.append(Problem(self.file, place, message))

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self) -> Iterator[Problem]:
        return iter(self.items)


def join_place(place: str, key: str | int) -> str:
    """`place` one step further in: a key (`expect` + `points` -> `expect.points`) or an index
    (`annotations` + 3 -> `annotations[3]`)."""
    if isinstance(key, int):
        return f"{place}[{key}]"
    return f"{place}.{key}" if place else key


def check_known_keys(
    table: Mapping[str, object], allowed: tuple[str, ...], place: str, problems: Problems
) -> None:
    """A problem at `place` naming the keys of `table` that are not `allowed` (and what is)."""
    unknown = sorted(set(table) - set(allowed))
    if unknown:
        problems.add(place, f"unknown keys {unknown}; allowed: {', '.join(allowed)}")


def is_int(value: object) -> TypeGuard[int]:
    """A whole number as TOML or JSON gives it (not a bool, which Python counts as an int)."""
    return isinstance(value, int) and not isinstance(value, bool)
