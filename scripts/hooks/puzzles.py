"""Publish the puzzle set: tutorials/puzzles.jsonl -> assets/puzzles/puzzles.json in the site.

The Puzzles page (docs/assets/javascripts/puzzles.js) fetches this one file, next to its own
script, so the set is the committed one and no page embeds it. engine.content checks it first
(fields, positions, lines, and the first answers where solving is cheap; the full re-proof is
tests/engine/test_puzzles.py and scripts/mine_puzzles.py --reprove): a problem stops the build.
Only the fields the page reads are copied.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.content.puzzles import check_puzzles  # noqa: E402

SOURCE = ROOT / "tutorials" / "puzzles.jsonl"
TARGET = Path("assets") / "puzzles" / "puzzles.json"
FIELDS = ("id", "record", "seat", "solution", "themes", "rating")


def puzzle_set(source: Path = SOURCE) -> list[dict]:
    """The page's fields of every puzzle; PluginError listing every problem of the file."""
    report = check_puzzles(source, source.name)
    if report.problems:
        raise PluginError("puzzles:\n  " + "\n  ".join(str(problem) for problem in report.problems))
    return [{key: puzzle[key] for key in FIELDS} for puzzle in report.puzzles]


def on_post_build(config) -> None:
    target = Path(config["site_dir"]) / TARGET
    target.parent.mkdir(parents=True, exist_ok=True)
    data = {"version": 1, "puzzles": puzzle_set()}
    target.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
