"""Publish the Learn course: tutorials/learn/*.toml -> assets/learn/levels.json in the site.

engine.content checks every level with the engine (answers, feedback, texts in five languages);
a problem stops the build, naming the file and the level. The data and its texts come from
engine.content.course; the texts are looked up through site_data.lookup, so the build's
catalogue trace lists them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parents[2]
for folder in (ROOT, Path(__file__).resolve().parent):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import site_data  # noqa: E402
import typography  # noqa: E402

from engine.content.course import course_json  # noqa: E402
from engine.content.levels import FOLDER, check_levels  # noqa: E402

SOURCE = ROOT / "tutorials" / FOLDER
TARGET = Path("assets") / "learn" / "levels.json"


def course(source: Path = SOURCE) -> dict:
    report = check_levels(source)
    if report.problems:
        raise PluginError("learn:\n  " + "\n  ".join(str(problem) for problem in report.problems))
    return course_json(report, lambda lang, key: typography.fix(lang, site_data.lookup(lang, key)))


def on_post_build(config) -> None:
    target = Path(config["site_dir"]) / TARGET
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(course(), ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
