#!/usr/bin/env python3
"""Engine benchmark: random deals per second on CPython and (with --pyodide) in Pyodide under Node.

Prints numbers, asserts nothing. Goals (issue 3): >= 35,000 deals/s on one CPython core,
>= 10,000 in Pyodide. The same measurement from the command line:
    python -m engine simulate --rules standard --bots random,random --deals 100000 --seed 1
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "pyodide" / "run_in_pyodide.mjs"

BENCH_CODE = """
import json, sys
from engine.simulate import simulate
rules, deals, seed, repeats = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
players = 3 if rules == "shasta-sam" else 2
simulate(rules, ["random"] * players, min(deals, 2000), seed)  # warm-up (tables, caches)
runs = [simulate(rules, ["random"] * players, deals, seed + i) for i in range(repeats)]
rates = [run["deals_per_second"] for run in runs]
version = sys.version.split()[0]
print(json.dumps({"python": version, "deals": deals, "best_deals_per_second": max(rates), "all": rates}))
"""


def run_cpython(rules: str, deals: int, seed: int, repeats: int) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", BENCH_CODE, rules, str(deals), str(seed), str(repeats)],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return json.loads(out.stdout)


def run_pyodide(rules: str, deals: int, seed: int, repeats: int) -> dict | str:
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").exists():
        return "skipped: needs node and node_modules/pyodide (npm ci)"
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(BENCH_CODE)
    try:
        out = subprocess.run(
            [node, str(RUNNER), str(ROOT / "engine"), handle.name, rules, *map(str, (deals, seed, repeats))],
            cwd=ROOT, capture_output=True, text=True,
        )  # fmt: skip
    finally:
        Path(handle.name).unlink()
    if out.returncode != 0:
        return f"failed: {out.stderr.strip()}"
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--deals", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--pyodide", action="store_true", help="also run in Pyodide under Node")
    args = parser.parse_args()
    cpython = run_cpython(args.rules, args.deals, args.seed, args.repeats)
    print(f"CPython {cpython['python']}: {cpython['best_deals_per_second']:,.0f} deals/s "
          f"(best of {args.repeats} x {args.deals:,} {args.rules} deals; all {cpython['all']})")  # fmt: skip
    if args.pyodide:
        result = run_pyodide(args.rules, args.deals // 2, args.seed, args.repeats)
        if isinstance(result, str):
            print(f"Pyodide: {result}")
        else:
            print(f"Pyodide {result['python']} (Node): {result['best_deals_per_second']:,.0f} deals/s "
                  f"(best of {args.repeats} x {result['deals']:,}; all {result['all']})")  # fmt: skip
    bots = ",".join(["random"] * (3 if args.rules == "shasta-sam" else 2))
    print(f"Same measurement: python -m engine simulate --rules {args.rules} --bots {bots} "
          f"--deals {args.deals} --seed {args.seed}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
