"""Prints "Could I have won?", the peek check and the luck split (the deal record's, and the
practice page's in two parts) for a few seeded practice deals;
run in CPython and in Pyodide, the answers must be byte for byte the same (issue 24)."""

import json

from tests.pyodide.played_out import ask, played_out_record

MATCHES = (("standard", "expert", 4), ("face-down", "heuristic", 9), ("shasta-sam", "random", 2))
for preset, level, seed in MATCHES:
    record = played_out_record(preset, level, seed, bot_samples=3)
    print(json.dumps(ask({"op": "practice.could_win", "record": record, "samples": 3})))
    print(json.dumps(ask({"op": "practice.peek", "record": record, "samples": 3, "redeals": 1, "seed": 5})))
    print(json.dumps(ask({"op": "luck", "record": record, "samples": 3, "seed": 7})))
    # The practice page's luck split, in two parts (the second goes on from the first's sums).
    part = ask({"op": "practice.luck", "record": record, "samples": 3, "seed": 7, "stop": 10})
    print(json.dumps(part))
    rest = {"op": "practice.luck", "record": record, "samples": 3, "seed": 7, "so_far": part["so_far"]}
    print(json.dumps(ask(rest)))
