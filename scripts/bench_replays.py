"""Benchmark issue 24's after-deal operations on one finished practice deal: "Could I have won?"
(practice.could_win), "Did the computer peek?" (practice.peek) and the luck split (luck), each at
its defaults, in CPython and in Pyodide under Node (the engine the browser worker runs).

The deal: a practice match against the expert at the default level and budget, the reader's
side playing the middle one of its legal cards. Each operation is timed inside Python
(time.perf_counter around web_api.handle), so Pyodide's start-up is not counted, and its CPU
time too (time.process_time: on a shared machine the wall time also counts other programs).
Prints the runtime, the operation, its work, and the median and maximum over --runs runs of the
wall and CPU seconds; asserts nothing.

    .venv/bin/python scripts/bench_replays.py [--runs 3] [--seed 4] [--preset standard] [--no-pyodide]
"""

# No `from __future__` import: the Pyodide harness runs this text after lines of its own.
import argparse
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

# Under Pyodide the harness (tests/pyodide/run_in_pyodide.mjs) runs this text without a file
# and puts the engine on the path itself.
ROOT = Path(__file__).resolve().parents[1] if "__file__" in globals() else Path("/work")
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.pyodide.played_out import ask, played_out_record  # noqa: E402

# Not __doc__: the Pyodide harness runs the text with exec, where the module has no docstring.
DESCRIPTION = "Benchmark practice.could_win, practice.peek and luck on one deal, in CPython and Pyodide"


def measure(preset: str, seed: int, runs: int) -> None:
    runtime = "pyodide" if sys.platform == "emscripten" else f"cpython {platform.python_version()}"
    record = played_out_record(preset, "expert", seed)
    for op in ("practice.could_win", "practice.peek", "luck"):
        times = []
        cpu = []
        for _ in range(runs):
            start, start_cpu = time.perf_counter(), time.process_time()
            answer = ask({"op": op, "record": record})
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        work = {
            "practice.could_win": f"parted at {answer.get('parted_at')}",
            "practice.peek": f"{answer.get('checked')} decisions, {answer.get('redeals')} re-deals",
            "luck": f"{answer.get('samples')} orders per state",
        }[op]
        wall = f"wall median {statistics.median(times):6.2f} s max {max(times):6.2f} s"
        used = f"cpu median {statistics.median(cpu):6.2f} s max {max(cpu):6.2f} s"
        print(f"{runtime:16} {op:20} {work:32} {wall}  {used}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=DESCRIPTION)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)  # this runtime only
    args = parser.parse_args(argv)
    measure(args.preset, args.seed, args.runs)
    if args.inside or args.no_pyodide or sys.platform == "emscripten":
        return 0
    runner = ROOT / "tests" / "pyodide" / "run_in_pyodide.mjs"
    command = [
        "node", str(runner), str(ROOT / "engine"), str(ROOT / "scripts" / "bench_replays.py"),
        "--inside", "--runs", str(args.runs), "--seed", str(args.seed), "--preset", args.preset,
    ]  # fmt: skip
    return subprocess.run(command, cwd=ROOT, check=False).returncode


if __name__ == "__main__":
    status = main()
    if status or sys.platform != "emscripten":  # Pyodide reports a SystemExit(0) as an error
        sys.exit(status)
