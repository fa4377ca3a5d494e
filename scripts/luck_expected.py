#!/usr/bin/env python3
"""Measure each seat's expected net points before the deal, from where it sits, for the presets
(and with --options the practice page's option combinations); write engine/data/luck_expected.json,
which engine/analysis/luck.py reads (rules it lacks are measured there when first asked).

    .venv/bin/python scripts/luck_expected.py --seed 1 --deals 10000

The expected net points are the value `V` before any card is dealt (the luck of the deal is
measured from it): the mean over random deals of the same play-out `V` uses, the beginner's
cards while the stock lasts and the exact solver after (two players). One entry per rules: the
four presets over `--deals` deals each and, with `--options`, every combination of the page's
options (low, must_trump_when_void, turned_jack, nine_point) on each preset over
`--option-deals`. The file records the seed and the deal counts, so it can be reproduced exactly.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.analysis.luck import EXPECTED_FILE, measure_expected, rules_key  # noqa: E402
from engine.core.rules import PRESETS, Rules  # noqa: E402

OPTIONS = {
    "low": ("capture", "holder"),
    "must_trump_when_void": (True, False),
    "turned_jack": (False, True),
    "nine_point": (False, True),
}


def rules_to_measure(options: bool) -> list[tuple[Rules, bool]]:
    """(rules, is a preset) for every distinct deal-changing rules, the presets first."""
    seen: set[str] = set()
    found: list[tuple[Rules, bool]] = []
    for rules in PRESETS.values():
        if rules_key(rules) not in seen:
            seen.add(rules_key(rules))
            found.append((rules, True))
    for base in PRESETS.values() if options else ():
        for values in itertools.product(*OPTIONS.values()):
            rules = replace(base, **dict(zip(OPTIONS, values, strict=True)))
            if rules_key(rules) not in seen:
                seen.add(rules_key(rules))
                found.append((rules, False))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=10000, help="deals per preset")
    parser.add_argument("--options", action="store_true", help="also the page's option combinations")
    parser.add_argument("--option-deals", type=int, default=2000, help="deals per option combination")
    args = parser.parse_args()
    if args.deals < 2 or args.option_deals < 2:
        parser.error("--deals and --option-deals must be at least 2")
    entries = []
    for rules, preset in rules_to_measure(args.options):
        deals = args.deals if preset else args.option_deals
        start = time.perf_counter()
        means, errors = measure_expected(rules, deals, args.seed)
        entries.append(
            {
                "key": rules_key(rules),
                "deals": deals,
                "expected": [round(mean, 4) for mean in means],
                "stderr": [round(error, 4) for error in errors],
            }
        )
        print(f"{rules_key(rules)}: {means} ± {errors} ({time.perf_counter() - start:.0f} s)", flush=True)
    table = {
        "about": "expected net points before the deal by seat offset from the dealer (0: the dealer); "
        "scripts/luck_expected.py",
        "seed": args.seed,
        "entries": entries,
    }
    EXPECTED_FILE.parent.mkdir(exist_ok=True)
    EXPECTED_FILE.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {EXPECTED_FILE.relative_to(ROOT)}: {len(entries)} rules, seed {args.seed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
