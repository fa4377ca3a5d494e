"""Prints the engine's answers to issue 20's inputs as JSON; run in CPython and in Pyodide.

The exact solver on seeded endgames (every legal card's full-window value), the reproducer's
hint and analysis, and the hostile requests of item 7 (a 1 MB adversarial text, the work
bounds, a narrator's refusal, the code table, cut echoes, strict practice records): the two
runtimes must print the same bytes.
"""

import json
import random

from engine import Deal, Rules, card_code, replay, simulate
from engine.ai.endgame import EndgameSolver
from engine.ai.expert import hint
from engine.analysis.deal_analysis import analyse
from engine.core.cards import cards_of
from engine.core.record import read_record
from engine.surfaces.web_api import handle

lines: list[object] = []

# The solver, card by card, on endgames reached by seeded random play (half of them mid-trick).
for seed in range(60):
    rng = random.Random(seed)
    rules = rng.choice([Rules(), Rules.from_spec("classic"), Rules(nine_point=True, turned_jack=True)])
    deal = Deal.from_seed(rules, seed, seed % 2)
    while len(deal.plays) < 52 - 6 + seed % 2:
        deal.play(rng.choice(list(deal.legal_plays())))
    hands, played = list(deal.hands), list(deal.played)
    solver = EndgameSolver(rules, deal.trump, deal.dealer, deal.jack_turned, hands, played)
    state = solver.position(list(deal.hands), list(deal.won), deal.leader, list(deal.current_trick))
    then = solver.search if state.trick else solver.follow
    values = {}
    for card in cards_of(state.legal()):
        state.play(card)
        values[card_code(card)] = then(state, -99, 99)
        state.undo()
    lines.append({"seed": seed, "values": values})

REPRODUCER = {
    "rules": "standard", "dealer": 1,
    "hands": [["JC", "6C", "KD", "AH", "2D", "TC"], ["JS", "QS", "4C", "JH", "QD", "TS"]],
    "stock": ["5S", "7C", "AD", "KC", "3S", "4D", "3C", "TH", "8D", "2H", "9D", "KS", "2C", "5C", "5D",
              "8H", "9S", "TD", "AS", "7S", "6H", "KH", "8S", "9H", "6D", "8C", "7D", "6S", "QH", "JD",
              "5H", "2S", "4H", "3H", "9C", "4S", "AC", "7H", "QC", "3D"],
    "plays": ["6C", "TS", "QS", "JC", "JS", "2D", "AD", "4D", "JH", "AH", "7C", "3C", "KD", "KS", "4C",
              "5C", "TH", "8H", "9S", "5S", "5D", "TD", "7S", "AS", "8S", "3S", "8D", "QD", "2C", "TC",
              "6S", "6H", "KC", "8C", "KH", "2H", "9C", "4S", "9H", "5H", "QC", "6D", "3H", "QH", "7H",
              "2S", "7D"],
}  # fmt: skip
read = read_record(REPRODUCER)
deal = read.deal
for card in read.plays:
    deal.play(card)
found, reason = hint(deal, 0)
lines.append({"hint": card_code(found), "reason": reason})
lines.append(analyse(REPRODUCER, seat=1, only=[46])["decisions"])

LONG = "x" * 500
base = {"rules": "standard", "seed": 1, "dealer": 0}
three = {"rules": {"players": 3, "stock": "hidden"}, "seed": 0, "dealer": 0}
practice = json.loads(handle(json.dumps({"op": "practice.new", "seed": 1})))["record"]
jack_rules = Rules(turned_jack=True, target=1)
jack_seed = next(s for s in range(1000) if Deal.from_seed(jack_rules, s, 0).jack_turned)
jack_card = card_code(next(Deal.from_seed(jack_rules, jack_seed, 0).legal_plays()))
jack_practice = {"v": 1, "rules": jack_rules.to_spec(), "seed": jack_seed, "dealer": 0, "level": "random"}
jack_practice["deals"] = [[jack_card]]
long_hands = {"rules": "standard", "dealer": 0, "hands": [[LONG] * 6] * 2, "stock": []}
requests = [
    '\\"' * 499_990,
    '["' * 499_990,
    json.dumps({"op": "analyse", "record": REPRODUCER, "samples": 200}),
    json.dumps({"op": "replay", "record": {**three, "plays": ["3S", "7H"]}, "narrator": 0}),
    json.dumps({"op": "replay", "record": {**three, "plays": ["3S", "7H"]}, "narrator": 2}),
    json.dumps({"op": "replay", "record": {**base, "rules": "nope"}}),
    json.dumps({"op": "analyse", "record": {**base, "rules": "nope"}}),
    json.dumps({"op": "analyse", "record": {**base, "seed": -1}}),
    json.dumps({"op": "practice.state", "record": {**practice, "level": "god"}}),
    json.dumps({"op": "practice.new", "level": "god"}),
    json.dumps({"op": "practice.state", "record": {**practice, "v": 2}}),
    json.dumps({"op": "practice.state", "record": {**practice, "extra": 1}}),
    json.dumps({"op": "practice.state", "record": {**practice, "deals": [[]] * 1001}}),
    json.dumps({"op": "practice.state", "record": jack_practice}),
    json.dumps({"op": "analyse", "record": base, "only": [LONG], "seat": LONG}),
    json.dumps({"op": "replay", "record": long_hands}),
    json.dumps({"op": "puzzle_play", "record": REPRODUCER, "card": LONG}),
]
for request in requests:
    lines.append(json.loads(handle(request)))
lines.append(replay({"rules": jack_rules.to_spec(), "seed": jack_seed, "dealer": 0, "plays": [jack_card]}))
lines.append(simulate("standard", ["random", "heuristic"], 0, 2**64 - 1, matches=2)["match_wins"])
for line in lines:
    print(json.dumps(line, ensure_ascii=False, sort_keys=False))
