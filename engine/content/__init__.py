"""Content the engine checks: the worked examples, the puzzles and the course's levels.

A layer above engine.analysis and below engine.surfaces. One module family loads and checks
every engine-checked content file, so the site's build (scripts/hooks), the tests and the
command line (`python -m engine check tutorials/`) all call the same code:

- worked examples, `tutorials/<slug>.toml`: `examples` (with `replay`, `expectations`,
  `placeholders`, `texts`, `anchors`): the record replays, the expectations hold, the quiz's
  mistakes are refused as stated, every anchor is in the deal, every text exists in five
  languages and its placeholders can be filled;
- puzzles, `tutorials/puzzles.jsonl`: `puzzles`: fields, position, line, and the first answer
  where solving is cheap;
- the course's levels, `tutorials/learn/*.toml`: `levels`: the frame every level shares, and
  each goal type's own check.

Loading never raises on bad content: a missing folder, a file that is not UTF-8 or not TOML,
and every fault inside a file are `Problem`s naming the file and the place
(`turned-jack.toml: annotations[3].at: ...`).

Not in the browser's engine archive: nothing the page's worker runs imports this layer
(scripts/hooks/pyodide_assets.py leaves it out).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.content import goals as _goals  # noqa: F401  (registers the course's goal types)
from engine.content.examples import SUFFIX, Example, ExamplesReport, check_examples
from engine.content.levels import FOLDER as LEVELS_FOLDER
from engine.content.levels import Level, LevelsReport, check_levels
from engine.content.problems import Problem, Problems
from engine.content.puzzles import FILE_NAME as PUZZLES_FILE
from engine.content.puzzles import PuzzlesReport, check_puzzles


@dataclass
class ContentReport:
    examples: ExamplesReport = field(default_factory=lambda: ExamplesReport([], []))
    puzzles: PuzzlesReport = field(default_factory=lambda: PuzzlesReport([], []))
    levels: LevelsReport = field(default_factory=lambda: LevelsReport([], []))
    other: list[Problem] = field(default_factory=list)  # the folder itself, stray files

    @property
    def problems(self) -> list[Problem]:
        return [*self.other, *self.examples.problems, *self.puzzles.problems, *self.levels.problems]

    @property
    def ok(self) -> bool:
        return not self.problems


def check_content(path: Path) -> ContentReport:
    """Check a content folder (every kind of file in it) or one content file."""
    path = Path(path)
    report = ContentReport()
    if path.is_file():
        return _check_file(path, report)
    if not path.is_dir():
        report.other.append(Problem(str(path), "", "no such folder or file"))
        return report
    if path.name == LEVELS_FOLDER:  # the course's own folder: stages, not worked examples
        report.levels = check_levels(path)
        return report
    for stray in sorted(path.glob("*.yml")) + sorted(path.glob("*.yaml")):
        report.other.append(
            Problem(stray.name, "", "the worked examples are TOML now (format: tutorials/README.md)")
        )
    report.examples = check_examples(path)
    if (path / PUZZLES_FILE).exists():
        report.puzzles = check_puzzles(path / PUZZLES_FILE)
    report.levels = check_levels(path / LEVELS_FOLDER)
    return report


def _check_file(path: Path, report: ContentReport) -> ContentReport:
    if path.suffix == ".jsonl":
        report.puzzles = check_puzzles(path, path.name)
    elif path.suffix == SUFFIX and path.parent.name == LEVELS_FOLDER:
        report.levels = check_levels(path.parent, f"{LEVELS_FOLDER}/", only=path.name)
    elif path.suffix == SUFFIX:
        report.examples = check_examples(path.parent, only=path.name)
    else:
        report.other.append(Problem(path.name, "", "not a content file (.toml or .jsonl)"))
    return report


__all__ = [
    "ContentReport",
    "Example",
    "ExamplesReport",
    "Level",
    "LevelsReport",
    "Problem",
    "Problems",
    "PuzzlesReport",
    "check_content",
    "check_examples",
    "check_levels",
    "check_puzzles",
]
