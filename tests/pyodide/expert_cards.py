"""Prints the computer's cards and hints for a few seeded deals; run in CPython and in Pyodide.

The expert's budget is a number of sampled worlds and its generator is seeded from the bot's
seed and the view, so both runtimes must print exactly the same lines.
"""

import json

from engine import Deal, Rules, card_code
from engine.ai import ExpertBot, HeuristicBot, hint

for preset, seed in (("standard", 3), ("face-down", 8), ("classic", 21), ("shasta-sam", 5)):
    rules = Rules.preset(preset)
    deal = Deal.from_seed(rules, seed, seed % rules.players)
    bots = [ExpertBot(seed=seed, samples=4), HeuristicBot(), ExpertBot(seed=seed + 1, samples=2)]
    hints = []
    while not deal.is_over:
        seat = deal.to_move
        if seat == 1 and len(hints) < 3 and rules.players == 2:
            card, reason = hint(deal, seat, samples=3, seed=seed)
            hints.append([card_code(card), reason])
        deal.play(bots[seat].choose(deal.view(seat)))
    print(json.dumps({"preset": preset, "seed": seed, "plays": [card_code(c) for c in deal.plays],
                      "hints": hints, "points": deal.result().points}))
