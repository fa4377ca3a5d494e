"""The one JSON boundary: text in, checked values out; results out as safe text.

The command line, `web_api.handle` (the browser's worker) and the build hooks read outside
input only through these functions, so each limit of engine/limits.py is checked once, before
any work, and every failure is a `BoundaryError` with a machine code and a message naming what
is wrong and where, never a traceback.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from engine.core.limits import ECHO_CHARS, MAX_INT_DIGITS, MAX_JSON_DEPTH, MAX_TEXT_CHARS

# The codes of problems with a whole input text (not of one field in it): the part the text
# was read as decides the answer's code (engine/core/error_codes.py).
TEXT_PROBLEMS = ("bad_encoding", "bad_json", "too_deep", "too_large")


class BoundaryError(ValueError):
    """Input the engine refuses; `code` is machine-readable, `field` names the offending input."""

    def __init__(self, code: str, message: str, field: str | None = None):
        super().__init__(message)
        self.code = code
        self.field = field


# ----- quoting outside values back --------------------------------------------------------------


def clip(text: str, limit: int = ECHO_CHARS) -> str:
    """Outside text shown as typed, but cut to `limit` characters and with lone surrogates
    (undecodable bytes read with surrogateescape) escaped, so it can always be printed."""
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def echo(value: object, limit: int = ECHO_CHARS) -> str:
    """A short, printable form of an outside value for an error message.

    Cut to `limit` characters (an ellipsis marks the cut), nested containers shown only to a
    small depth, huge integers by their size, and lone surrogates escaped, so the message can
    always be printed and never grows with the input.
    """
    return clip(_short_repr(value, 3, limit + 1), limit)


def _short_repr(value: object, depth: int, budget: int) -> str:
    if isinstance(value, str):
        return repr(value[:budget])
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > 64 * 4:
            return f"<an integer of {value.bit_length()} bits>"
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (list, tuple)):
        if depth == 0:
            return "[…]" if value else "[]"
        parts = []
        used = 2
        for item in value:
            if used > budget:
                parts.append("…")
                break
            part = _short_repr(item, depth - 1, budget - used)
            parts.append(part)
            used += len(part) + 2
        return "[" + ", ".join(parts) + "]"
    if isinstance(value, dict):
        if depth == 0:
            return "{…}" if value else "{}"
        parts = []
        used = 2
        for key, item in value.items():
            if used > budget:
                parts.append("…")
                break
            part = f"{_short_repr(key, 0, budget - used)}: {_short_repr(item, depth - 1, budget - used)}"
            parts.append(part)
            used += len(part) + 2
        return "{" + ", ".join(parts) + "}"
    return f"<{type(value).__name__}>"


def field_name(key: object) -> str:
    """An outside object key used as a field name in a message: as is if short and printable."""
    if isinstance(key, str) and 0 < len(key) <= 40 and key.isprintable():
        return key
    return echo(key, 40)


# ----- reading --------------------------------------------------------------------------------


def decode_text(data: bytes, what: str) -> str:
    """UTF-8 bytes to text; a BoundaryError names the first bad byte, never echoes the bytes."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BoundaryError(
            "bad_encoding", f"{what}: not UTF-8 text (byte 0x{data[error.start]:02x} at offset {error.start})"
        ) from None


# A JSON string, to its closing quote or, if it has none, to the end of the text (an escape
# may be cut short by the end too). Once begun it cannot fail, and its quantifiers are
# possessive, so no character is scanned twice: removing every string is one linear pass. (A
# pattern that needs the closing quote fails on an unterminated string and is retried from
# every later quote: quadratic, some hours for 1 MB of escaped quotes; scripts/bench_json_depth.py.)
_STRING = re.compile(r'"(?:[^"\\]++|\\.?)*+"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_BRACKETS_AS_PARENTHESES = str.maketrans("[]{}", "()()")


def _check_depth(text: str, what: str) -> None:
    """Refuse nesting deeper than MAX_JSON_DEPTH before the parser recurses into it.

    Linear in the text: strings go (brackets inside them do not count), then the brackets
    are read as parentheses, and each pass removes every innermost pair "()" (one C-level
    replace over what is left). The passes needed are the nesting depth, so after at most
    MAX_JSON_DEPTH + 1 of them the answer is known. Openers left unclosed add to the depth
    (an unterminated text is refused as too deep rather than as bad JSON when they pass it).
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)).translate(_BRACKETS_AS_PARENTHESES)
    depth = 0
    while "()" in brackets:
        depth += 1
        if depth > MAX_JSON_DEPTH:
            break
        brackets = brackets.replace("()", "")
    if depth + brackets.count("(") > MAX_JSON_DEPTH:
        raise BoundaryError("too_deep", f"{what}: JSON nested deeper than {MAX_JSON_DEPTH} levels")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise BoundaryError("too_large", f"an integer of {len(text)} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BoundaryError("too_large", f"the number {echo(text)} is out of range")
    return value


def _refuse_constant(name: str) -> float:
    raise BoundaryError("bad_json", f"{name} is not a JSON value")


def parse_json(text: str, what: str) -> Any:
    """Parse one JSON text of outside input, within the limits; `what` names it in errors.

    Raises BoundaryError with code too_large, too_deep or bad_json.
    """
    if len(text) > MAX_TEXT_CHARS:
        raise BoundaryError("too_large", f"{what}: {len(text)} characters (at most {MAX_TEXT_CHARS})")
    _check_depth(text, what)
    try:
        return json.loads(
            text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_refuse_constant
        )
    except json.JSONDecodeError as error:
        raise BoundaryError(
            "bad_json", f"{what}: not valid JSON ({error.msg} at line {error.lineno} column {error.colno})"
        ) from None
    except BoundaryError as error:
        raise BoundaryError(error.code, f"{what}: {error}") from None
    except RecursionError:  # _check_depth makes this unreachable; kept as a last guard
        raise BoundaryError("too_deep", f"{what}: JSON nested too deeply") from None


# ----- field checks shared by every reader ------------------------------------------------------


def is_ascii_digits(text: str) -> bool:
    """True for '0'..'9' only: str.isdigit() also accepts '²' and other digits int() refuses."""
    return text.isascii() and text.isdigit()


def parse_ascii_int(text: str, field: str, low: int, high: int, code: str) -> int:
    """Text of ASCII digits to an integer low..high; never int() on '²', '-5' or 5,000 digits."""
    cleaned = text.strip()
    if not is_ascii_digits(cleaned) or len(cleaned) > len(str(high)) or not low <= int(cleaned) <= high:
        raise BoundaryError(code, f"{field}: expected an integer {low}..{high}, got {echo(text)}", field)
    return int(cleaned)


def check_int(value: object, field: str, low: int, high: int, code: str) -> int:
    """An integer low..high (not a bool), else a BoundaryError naming `field`."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BoundaryError(code, f"{field}: expected an integer {low}..{high}, got {echo(value)}", field)
    return value


# ----- writing ----------------------------------------------------------------------------------


def dump_json(value: object) -> str:
    """One line of JSON; readable UTF-8, or ASCII escapes if a lone surrogate slipped in."""
    text = json.dumps(value, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value, ensure_ascii=True)
    return text
