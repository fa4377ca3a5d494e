"""Reading a content file without raising: a missing file, bytes that are not UTF-8 and text
that is not TOML are problems of that file, like any fault in its content."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from engine.content.problems import Problems


def read_text(path: Path, problems: Problems) -> str | None:
    """The file's text, or None with a problem saying why it cannot be read."""
    try:
        data = path.read_bytes()
    except OSError as error:
        problems.add("", f"cannot read the file: {error.strerror or type(error).__name__}")
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        problems.add("", f"not UTF-8: byte 0x{data[error.start]:02x} on line {line}")
        return None


def read_toml(path: Path, problems: Problems) -> dict[str, Any] | None:
    """The file's TOML data, or None with a problem naming where the TOML is broken."""
    text = read_text(path, problems)
    if text is None:
        return None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        problems.add("", f"not valid TOML: {error}")
        return None
