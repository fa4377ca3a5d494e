"""Prints "Could I have won?", the peek check and the luck split for a few seeded practice deals;
run in CPython and in Pyodide, the answers must be byte for byte the same (issue 24)."""

import json

from tests.pyodide.played_out import ask, played_out_record

MATCHES = (("standard", "expert", 4), ("face-down", "heuristic", 9), ("shasta-sam", "random", 2))
for preset, level, seed in MATCHES:
    record = played_out_record(preset, level, seed, bot_samples=3)
    print(json.dumps(ask({"op": "practice.could_win", "record": record, "samples": 3})))
    print(json.dumps(ask({"op": "practice.peek", "record": record, "samples": 3, "redeals": 1, "seed": 5})))
    print(json.dumps(ask({"op": "luck", "record": record, "samples": 3, "seed": 7})))
