#!/usr/bin/env python3
"""The boundary's JSON nesting check on adversarial text, before and after issue 20.

    .venv/bin/python scripts/bench_json_depth.py            # sizes up to 1 MB (the request limit)

Prints numbers, asserts nothing. The adversarial text is escaped quotes with no opening quote
(`\\"\\"\\"...`): the old pattern, which needs a string's closing quote, fails at every quote
and is retried from the next one, so its time grows with the square of the size; it is timed
at small sizes only and extrapolated to 1 MB from the largest. The current check (one linear
pass, engine/core/boundary.py) is timed at every size up to 1 MB, in the same run. A text of
nested `["` pairs and an unterminated string are timed too.
"""

from __future__ import annotations

import contextlib
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.core.boundary import BoundaryError, _check_depth  # noqa: E402
from engine.core.limits import MAX_JSON_DEPTH, MAX_TEXT_CHARS  # noqa: E402

# The check as it was before issue 20 (commit ca0e79d), for comparison only.
_OLD_PATTERN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def old_check(text: str) -> None:
    depth = 0
    for match in _OLD_PATTERN.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise BoundaryError("too_deep", "too deep")
        elif token in "]}":
            depth -= 1


def seconds(check: object, text: str) -> float:
    started = time.perf_counter()
    with contextlib.suppress(BoundaryError):
        check(text)  # type: ignore[operator]
    return time.perf_counter() - started


def escaped_quotes(size: int) -> str:
    return ('\\"' * (size // 2 + 1))[:size]


def main() -> int:
    print("escaped quotes (\\\"\\\"...), seconds")
    old_sizes = (4_000, 8_000, 16_000)
    last = 0.0
    for size in old_sizes:
        last = seconds(old_check, escaped_quotes(size))
        print(f"  before: {size:>9,} chars  {last:8.3f} s")
    estimate = last * (MAX_TEXT_CHARS / old_sizes[-1]) ** 2
    print(f"  before: {MAX_TEXT_CHARS:>9,} chars  about {estimate / 60:.0f} min (extrapolated, quadratic)")
    for size in (*old_sizes, 100_000, MAX_TEXT_CHARS):
        print(f"  after:  {size:>9,} chars  {seconds(_check_depth_of, escaped_quotes(size)):8.4f} s")
    others = {
        "unterminated string, 1 MB": '"' + "x" * (MAX_TEXT_CHARS - 1),
        'nested ["["..., 1 MB': ('["' * MAX_TEXT_CHARS)[:MAX_TEXT_CHARS],
        "[] pairs, 1 MB": "[]" * (MAX_TEXT_CHARS // 2),
    }
    for name, text in others.items():
        print(f"  after:  {name:<26} {seconds(_check_depth_of, text):8.4f} s")
    return 0


def _check_depth_of(text: str) -> None:
    _check_depth(text, "bench")


if __name__ == "__main__":
    sys.exit(main())
