"""One practice match played out through the web API, the same in CPython and in Pyodide: the
reader's side plays the middle one of its legal cards, the computer its own choice. Shared by
the Pyodide equivalence test (replay_answers.py) and scripts/bench_replays.py; the Pyodide
harness copies this folder's modules next to the engine so both runtimes import the same file."""

import json

from engine.surfaces.web_api import handle


def ask(request: dict) -> dict:
    """The engine's answer to `request`; a refusal ends the program naming the operation."""
    answer = json.loads(handle(json.dumps(request)))
    if not answer["ok"]:
        raise SystemExit(f"engine refused {request['op']}: {answer['error']}")
    return answer


def played_out_record(preset: str, level: str, seed: int, bot_samples: int | None = None) -> dict:
    """The record of a practice match at `level` once its first deal is over (or the match is);
    `bot_samples` sets the computer's samples per card (None: its default)."""
    answer = ask({"op": "practice.new", "rules": preset, "seed": seed, "level": level})
    bot = {} if bot_samples is None else {"samples": bot_samples}
    while answer["state"]["waiting_for"] not in ("next_deal", "match_over"):
        record = answer["record"]
        if answer["state"]["waiting_for"] == "human":
            legal = answer["state"]["deal"]["legal"]
            answer = ask({"op": "practice.play", "record": record, "card": legal[len(legal) // 2]})
        else:
            answer = ask({"op": "practice.bot", "record": record, **bot})
    return answer["record"]
