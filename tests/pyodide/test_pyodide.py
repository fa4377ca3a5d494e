"""The engine in Pyodide under Node gives byte-identical results to CPython for seeded deals.

Every script runs in one Pyodide start (run_in_pyodide.mjs --each): starting Pyodide is most
of a short script's time, and each script still runs in globals of its own.
"""

import base64
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"
SCRIPTS = (
    "same_results.py", "expert_cards.py", "hostile_answers.py", "replay_answers.py", "cli_in_pyodide.py"
)
# Run first: a script that sets a global, prints and raises (its error must be told, and the
# others still run), then one that looks for that global (each script has globals of its own).
PROBES = {
    "raising.py": 'lines = []\nprint("before")\nraise ValueError("on purpose")\n',
    "fresh.py": 'print("fresh", "lines" not in globals())\n',
}

pytestmark = pytest.mark.node


def _require_node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: cannot run the engine in Pyodide")
    if not PYODIDE.exists():
        pytest.skip("node_modules/pyodide is missing: run `npm ci` to install Pyodide")
    return node


@pytest.fixture(scope="module")
def pyodide_runs(tmp_path_factory) -> dict[str, tuple[bytes, str | None]]:
    """Each script's stdout and error (None if it ran to its end) in Pyodide under Node, with
    the repository's engine package: all of them in one start, after the PROBES."""
    node = _require_node()
    folder = tmp_path_factory.mktemp("pyodide")
    for name, text in PROBES.items():
        (folder / name).write_text(text, encoding="utf-8")
    scripts = [*(str(folder / name) for name in PROBES), *(str(HERE / name) for name in SCRIPTS)]
    run = subprocess.run(
        [node, str(HERE / "run_in_pyodide.mjs"), str(ROOT / "engine"), "--each", *scripts],
        capture_output=True,
        cwd=ROOT,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr.decode()
    runs = [json.loads(line) for line in run.stdout.splitlines()]
    assert [Path(r["script"]).name for r in runs] == [*PROBES, *SCRIPTS], run.stderr.decode()
    return {Path(r["script"]).name: (base64.b64decode(r["stdout"]), r["error"]) for r in runs}


def in_pyodide(runs: dict[str, tuple[bytes, str | None]], script: str) -> bytes:
    """The script's stdout in Pyodide; fails with its error if it raised."""
    stdout, error = runs[script]
    assert error is None, error
    return stdout


def in_cpython(script: str) -> bytes:
    return subprocess.run(
        [sys.executable, str(HERE / script)],
        capture_output=True,
        cwd=ROOT,
        check=True,
        env={"PYTHONPATH": str(ROOT)},
    ).stdout


def test_pyodide_results_are_byte_identical_to_cpython(pyodide_runs):
    cpython = in_cpython("same_results.py")
    assert len(cpython.splitlines()) > 40
    assert in_pyodide(pyodide_runs, "same_results.py") == cpython


def test_pyodide_expert_plays_the_same_cards_as_cpython(pyodide_runs):
    """Same seed and same record give the same computer cards and hints in both runtimes."""
    cpython = in_cpython("expert_cards.py")
    assert len(cpython.splitlines()) == 4
    assert in_pyodide(pyodide_runs, "expert_cards.py") == cpython


def test_pyodide_gives_the_same_solver_values_and_hostile_answers_as_cpython(pyodide_runs):
    """Issue 20: the fixed solver, the work bounds, the narrator's refusal, the code table and
    the cut echoes answer byte for byte the same in both runtimes."""
    cpython = in_cpython("hostile_answers.py")
    assert len(cpython.splitlines()) == 60 + 2 + 17 + 2
    assert in_pyodide(pyodide_runs, "hostile_answers.py") == cpython


def test_pyodide_gives_the_same_replays_peek_checks_and_luck_as_cpython(pyodide_runs):
    """Issue 24: "Could I have won?", the peek check and the luck split are deterministic from
    the seeds and the same byte for byte in both runtimes."""
    cpython = in_cpython("replay_answers.py")
    assert len(cpython.splitlines()) == 9
    assert in_pyodide(pyodide_runs, "replay_answers.py") == cpython


def test_pyodide_runs_the_command_line(pyodide_runs):
    out = in_pyodide(pyodide_runs, "cli_in_pyodide.py")
    assert b'"points"' in out and b"exit 0" in out


def test_a_script_that_raises_in_pyodide_is_told_and_the_next_runs_in_fresh_globals(pyodide_runs):
    """The one-start runner names a script's error and goes on, each script in globals of its
    own (the next script's `lines` is not the raising one's), so one script cannot hide, or
    pass for, another's result."""
    stdout, error = pyodide_runs["raising.py"]
    assert stdout == b"before\n"
    assert error is not None and "ValueError: on purpose" in error
    assert pyodide_runs["fresh.py"] == (b"fresh True\n", None)
