"""An example's `expect` table against the engine's replay: every disagreement is a problem
at its place (`expect.points.low: the example says 0, the engine says 1`).

TOML has no null: a point no one scored, no match winner and no error are written "none"
(the YAML files' null became "none" when they were converted); trick numbers are TOML keys, so strings.
"""

from __future__ import annotations

from typing import Any

from engine.content.problems import Problems, check_known_keys, join_place
from engine.content.replay import POINTS, SEAT_LETTERS, Replay

EXPECT_KEYS = ("trump", "complete", "tricks", "points", "game_values", "scores_after", "winner", "error")
TRICK_KEYS = ("leader", "cards", "winner", "draws")
NONE = "none"


def none_or(value: object) -> object:
    """ "none" (TOML's stand-in for null) as None; anything else as it is."""
    return None if value == NONE else value


def seat_or_none(value: object) -> object:
    """A seat as the engine gives it: a number, a letter read as its number, "none" as None."""
    value = none_or(value)
    if isinstance(value, str) and len(value) == 1 and value in SEAT_LETTERS:
        return SEAT_LETTERS.index(value)
    return value


def check_expect(expect: object, rep: Replay, place: str, problems: Problems) -> None:
    """Compare one `expect` table with the engine's replay result."""
    if not isinstance(expect, dict) or not expect:
        problems.add(place, "must be a non-empty table")
        return
    check_known_keys(expect, EXPECT_KEYS, place, problems)
    result = rep.result

    def differ(key: str, wanted: object, got: object) -> None:
        problems.add(join_place(place, key), f"the example says {wanted!r}, the engine says {got!r}")

    for key in ("trump", "complete", "game_values", "scores_after"):
        if key in expect and expect[key] != result.get(key):
            differ(key, expect[key], result.get(key))
    if "winner" in expect and seat_or_none(expect["winner"]) != result.get("winner"):
        differ("winner", expect["winner"], result.get("winner"))
    if "points" in expect:
        _check_points(expect["points"], result.get("points") or {}, join_place(place, "points"), problems)
    if "error" in expect:
        _check_error(expect["error"], result.get("error"), join_place(place, "error"), problems)
    if "tricks" in expect:
        _check_tricks(expect["tricks"], rep, join_place(place, "tricks"), problems)


def _check_points(wanted: object, got: dict[str, Any], place: str, problems: Problems) -> None:
    if not isinstance(wanted, dict):
        problems.add(place, "must be a table of points ({high = 0, low = 1, ...})")
        return
    for point, seat in wanted.items():
        if point not in POINTS:
            problems.add(place, f"unknown point {point!r}; the points are {', '.join(POINTS)}")
        elif seat_or_none(seat) != got.get(point):
            problems.add(
                join_place(place, point), f"the example says {seat!r}, the engine says {got.get(point)!r}"
            )


def _check_error(wanted: object, got: dict[str, Any] | None, place: str, problems: Problems) -> None:
    wanted = none_or(wanted)
    if wanted is None or got is None:
        if (wanted is None) != (got is None):
            problems.add(place, f"the example says {wanted!r}, the engine says {got!r}")
        return
    if not isinstance(wanted, dict):
        problems.add(place, 'must be "none" or a table {code = ..., play_index = ...}')
        return
    for key, value in wanted.items():
        if got.get(key) != value:
            problems.add(
                join_place(place, key), f"the example says {value!r}, the engine says {got.get(key)!r}"
            )


def _check_tricks(wanted: object, rep: Replay, place: str, problems: Problems) -> None:
    if not isinstance(wanted, dict):
        problems.add(place, "must be a table keyed by trick number")
        return
    for key, fields in wanted.items():
        where = join_place(place, str(key))
        number = int(key) if str(key).isdigit() else None
        if number is None or not 1 <= number <= len(rep.tricks):
            problems.add(where, f"the replay has no complete trick {key}")
            continue
        if not isinstance(fields, dict):
            problems.add(where, "must be a table ({winner = 1, ...})")
            continue
        trick = rep.tricks[number - 1]
        for name, value in fields.items():
            if name not in TRICK_KEYS:
                problems.add(where, f"unknown key {name!r}; allowed: {', '.join(TRICK_KEYS)}")
                continue
            if name == "draws":
                got: object = [[d["seat"], d["card"]] for d in trick["draws"]]
                value = (
                    [list(d) if isinstance(d, list | tuple) else d for d in value]
                    if isinstance(value, list)
                    else value
                )
            else:
                got = trick[name]
            if got != value:
                problems.add(join_place(where, name), f"the example says {value!r}, the engine says {got!r}")
