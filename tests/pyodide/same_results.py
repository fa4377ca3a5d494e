"""Prints replay and simulate results for fixed seeds as JSON; run in CPython and in Pyodide."""

import json

from engine import PRESETS, Deal, Rules, card_code, facts, replay, simulate
from engine.ai.simulate import random_playout
from engine.core.shuffle import seeded_rng

lines = []
for preset in sorted(PRESETS):
    rules = Rules.preset(preset)
    for seed in (0, 1, 42, 2**40 + 7, 123456789):
        deal = Deal.from_seed(rules, seed, seed % rules.players)
        while not deal.is_over:
            legal = list(deal.legal_plays())
            deal.play(legal[len(deal.plays) * 7 % len(legal)])
        record = {
            "rules": preset,
            "seed": seed,
            "dealer": seed % rules.players,
            "plays": [card_code(c) for c in deal.plays],
        }
        lines.append(replay(record))
        lines.append(replay({**record, "plays": [*record["plays"][:9], "AS"]}))
    summary = simulate(rules, ["random"] * rules.players, 200, 7)
    lines.append({"preset": preset, "points": summary["points"], "deals": summary["deals"]})
    rng = seeded_rng(99)
    lines.append([random_playout(rules, rng, n % rules.players) for n in range(20)])
lines.append(facts())
for line in lines:
    print(json.dumps(line, ensure_ascii=False, sort_keys=False))
