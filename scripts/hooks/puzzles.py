"""Publish the puzzle set: tutorials/puzzles.jsonl -> assets/puzzles/puzzles.json in the site.

The Puzzles page (docs/assets/javascripts/puzzles.js) fetches this one file, next to its own
script, so the set is the committed, engine-proved one (tests/engine/test_puzzles.py) and no
page embeds it. Only the fields the page reads are copied.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "tutorials" / "puzzles.jsonl"
TARGET = Path("assets") / "puzzles" / "puzzles.json"
FIELDS = ("id", "record", "seat", "solution", "themes", "rating")


def puzzle_set() -> list[dict]:
    puzzles = []
    for number, line in enumerate(SOURCE.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            puzzle = json.loads(line)
            puzzles.append({key: puzzle[key] for key in FIELDS})
        except (ValueError, KeyError) as error:
            raise ValueError(f"{SOURCE.name} line {number}: {error}") from None
    return puzzles


def on_post_build(config) -> None:
    target = Path(config["site_dir"]) / TARGET
    target.parent.mkdir(parents=True, exist_ok=True)
    data = {"version": 1, "puzzles": puzzle_set()}
    target.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
