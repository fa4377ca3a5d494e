"""Broken copies of real content files for the checker tests: read a file's data, change it,
write it back as TOML (every table inline: valid TOML 1.0, and enough for a test copy)."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
TUTORIALS = ROOT / "tutorials"


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        return f'"{escaped}"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f'"{key}" = {toml_value(item)}' for key, item in value.items()) + "}"
    raise TypeError(f"no TOML for {value!r}")


def toml_text(data: dict[str, Any]) -> str:
    return "".join(f'"{key}" = {toml_value(value)}\n' for key, value in data.items())


def example_data(slug: str) -> dict[str, Any]:
    return tomllib.loads((TUTORIALS / f"{slug}.toml").read_text(encoding="utf-8"))


def write_copy(folder: Path, slug: str, change: Callable[[dict[str, Any]], object] | None = None) -> Path:
    data = example_data(slug)
    if change is not None:
        change(data)
    path = folder / f"{slug}.toml"
    path.write_text(toml_text(data), encoding="utf-8")
    return path
