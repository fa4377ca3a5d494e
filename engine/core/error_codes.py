"""Which error code answers which part of the input: one table for every operation and command.

A refusal's code names the part of the input that is wrong, whichever operation read it, so
the same mistake gets the same code from `web_api.handle`, the practice operations and the
command line. Each reader knows which part it is reading and asks `code_for(part, field)`.

| part      | code          | fields (examples)                                                       |
|-----------|---------------|-------------------------------------------------------------------------|
| request   | `bad_request` | the request's own fields and the command's options: the request text    |
|           |               | itself (not JSON, too large, too deep), `op`, `lang`, `seat`, `samples`, |
|           |               | `seed`, `only`, `step`, `card`, `narrator`, `deal`, `link`, and         |
|           |               | practice.new's `seed`, `dealer`, `level`                                |
| record    | `bad_record`  | a deal record or a practice match record, any field inside it:          |
|           |               | `dealer`, `seed`, `hands[0][3]`, `stock[7]`, `plays[4]`, `scores_before`,|
|           |               | `v`, `level`, `deals[2][5]`; the file or line `replay` reads            |
| rules     | `bad_rules`   | a rules spec, wherever it sits: a record's `rules`, `rules.target`, the |
|           |               | request's `rules` override, a practice record's or link's rules, a      |
|           |               | puzzle record's `record.rules`                                          |
| puzzle    | `bad_puzzle`  | the puzzle ops' position: `record`, `record.plays[3]`, `seat`           |
| (none)    | `internal`    | a bug; a short message without detail                                   |

The command line exits by the same table (`EXIT_STATUS`): a bad option value is a usage
error (2), a bad record, rules spec or puzzle is a refused input (1).
"""

from __future__ import annotations

from engine.core.boundary import BoundaryError

REQUEST = "request"
RECORD = "record"
RULES = "rules"
PUZZLE = "puzzle"

CODE_OF_PART = {
    REQUEST: "bad_request",
    RECORD: "bad_record",
    RULES: "bad_rules",
    PUZZLE: "bad_puzzle",
}
INTERNAL = "internal"
# Every code an answer's `error.code` can hold (besides the refusal codes of an illegal play).
CODES = (*CODE_OF_PART.values(), INTERNAL)

# The command line's exit status for each code.
EXIT_REFUSED = 1
EXIT_USAGE = 2
EXIT_STATUS = {
    "bad_request": EXIT_USAGE,
    "bad_record": EXIT_REFUSED,
    "bad_rules": EXIT_REFUSED,
    "bad_puzzle": EXIT_REFUSED,
}


def is_rules_field(field: str | None) -> bool:
    """True for a field inside a rules spec: `rules`, `rules.target`, `record.rules.low`."""
    if not field:
        return False
    return any(part == RULES or part.startswith(RULES + "[") for part in field.split("."))


def code_for(part: str, field: str | None = None) -> str:
    """The code for a bad `field` found in `part` of the input (see the module table); a
    rules field is `bad_rules` wherever it sits."""
    if is_rules_field(field):
        return CODE_OF_PART[RULES]
    return CODE_OF_PART[part]


def bad_input(part: str, field: str | None, problem: str) -> BoundaryError:
    """The error for a bad `field` of `part`: its code from the table, and a message that
    starts with the field ("seat: expected 0..1, got 5") so every surface can say where."""
    return BoundaryError(code_for(part, field), f"{field}: {problem}" if field else problem, field)
