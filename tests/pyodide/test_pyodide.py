"""The engine in Pyodide under Node gives byte-identical results to CPython for seeded deals."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"

pytestmark = pytest.mark.node


def _require_node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: cannot run the engine in Pyodide")
    if not PYODIDE.exists():
        pytest.skip("node_modules/pyodide is missing: run `npm ci` to install Pyodide")
    return node


def _run_in_pyodide(node: str, script: Path) -> subprocess.CompletedProcess:
    """Run a Python file in Pyodide under Node with the repository's engine package."""
    return subprocess.run(
        [node, str(HERE / "run_in_pyodide.mjs"), str(ROOT / "engine"), str(script)],
        capture_output=True,
        cwd=ROOT,
        timeout=300,
    )


def test_pyodide_results_are_byte_identical_to_cpython():
    node = _require_node()
    script = HERE / "same_results.py"
    cpython = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        cwd=ROOT,
        check=True,
        env={"PYTHONPATH": str(ROOT)},
    )
    pyodide = _run_in_pyodide(node, script)
    assert pyodide.returncode == 0, pyodide.stderr.decode()
    assert len(cpython.stdout.splitlines()) > 40
    assert pyodide.stdout == cpython.stdout


def test_pyodide_expert_plays_the_same_cards_as_cpython():
    """Same seed and same record give the same computer cards and hints in both runtimes."""
    node = _require_node()
    script = HERE / "expert_cards.py"
    environment = {"PYTHONPATH": str(ROOT)}
    cpython = subprocess.run(
        [sys.executable, str(script)], capture_output=True, cwd=ROOT, check=True, env=environment
    )
    pyodide = _run_in_pyodide(node, script)
    assert pyodide.returncode == 0, pyodide.stderr.decode()
    assert len(cpython.stdout.splitlines()) == 4
    assert pyodide.stdout == cpython.stdout


def test_pyodide_gives_the_same_solver_values_and_hostile_answers_as_cpython():
    """Issue 20: the fixed solver, the work bounds, the narrator's refusal, the code table and
    the cut echoes answer byte for byte the same in both runtimes."""
    node = _require_node()
    script = HERE / "hostile_answers.py"
    environment = {"PYTHONPATH": str(ROOT)}
    cpython = subprocess.run(
        [sys.executable, str(script)], capture_output=True, cwd=ROOT, check=True, env=environment
    )
    pyodide = _run_in_pyodide(node, script)
    assert pyodide.returncode == 0, pyodide.stderr.decode()
    assert len(cpython.stdout.splitlines()) == 60 + 2 + 17 + 2
    assert pyodide.stdout == cpython.stdout


def test_pyodide_gives_the_same_replays_peek_checks_and_luck_as_cpython():
    """Issue 24: "Could I have won?", the peek check and the luck split are deterministic from
    the seeds and the same byte for byte in both runtimes."""
    node = _require_node()
    script = HERE / "replay_answers.py"
    environment = {"PYTHONPATH": str(ROOT)}
    cpython = subprocess.run(
        [sys.executable, str(script)], capture_output=True, cwd=ROOT, check=True, env=environment
    )
    pyodide = _run_in_pyodide(node, script)
    assert pyodide.returncode == 0, pyodide.stderr.decode()
    assert len(cpython.stdout.splitlines()) == 15
    assert pyodide.stdout == cpython.stdout


def test_pyodide_runs_the_command_line():
    node = _require_node()
    script = HERE / "cli_in_pyodide.py"
    out = _run_in_pyodide(node, script)
    assert out.returncode == 0, out.stderr.decode()
    assert b'"points"' in out.stdout and b"exit 0" in out.stdout
