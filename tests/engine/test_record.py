import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import replay

ROOT = Path(__file__).resolve().parents[2]
HEARTS = {
    "rules": "standard",
    "dealer": 0,
    "hands": [["2H", "9S", "TS", "7D", "8D", "9D"], ["7C", "8C", "3S", "4S", "5D", "6D"]],
    "stock": ["JH", "QD"],
    "plays": ["7C", "2H"],
}
COMPLETE_KEYS = ["trump", "tricks", "complete", "points", "game_values", "scores_after", "winner", "error"]


def hearts_record(**changes):
    from engine.core.cards import card_code

    used = set(HEARTS["hands"][0] + HEARTS["hands"][1] + HEARTS["stock"])
    record = dict(
        HEARTS, stock=HEARTS["stock"] + [card_code(c) for c in range(52) if card_code(c) not in used]
    )
    record.update(changes)
    return record


def test_replay_hearts_first_trick():
    result = replay(hearts_record())
    assert list(result) == ["trump", "tricks", "complete", "error"]
    assert result["trump"] == "H" and result["complete"] is False and result["error"] is None
    assert result["tricks"] == [
        {
            "leader": 1,
            "cards": ["7C", "2H"],
            "winner": 0,
            "draws": [{"seat": 0, "card": "JH"}, {"seat": 1, "card": "QD"}],
        }
    ]


def test_replay_complete_seed_record():
    from engine import Deal, Rules

    deal = Deal.from_seed(Rules(), 77, 1)
    while not deal.is_over:
        deal.play(min(deal.legal_plays()))
    from engine.core.cards import card_code

    result = replay(
        {"seed": 77, "dealer": 1, "plays": [card_code(c) for c in deal.plays], "scores_before": [9, 2]}
    )
    assert list(result) == [*COMPLETE_KEYS, "hands", "stock"]
    assert set(result["points"]) == {"high", "low", "jack", "game", "nine"}
    assert sum(result["game_values"]) == 80 and len(result["tricks"]) == 26
    assert result["points"] == deal.result().points
    first = result["points"]["high"]
    assert result["winner"] == (0 if first == 0 else result["winner"])


def test_illegal_play_stops_with_error():
    result = replay(hearts_record(plays=["7C", "9S", "2H"]))
    assert result["error"]["code"] == "must_trump" and result["error"]["play_index"] == 1
    assert result["error"]["card"] == "9S" and "9S" in result["error"]["message"]
    assert set(result["error"]) == {"code", "play_index", "card", "message"}
    assert result["tricks"] == [{"leader": 1, "cards": ["7C"], "winner": None, "draws": []}]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"rules": "bogus"}, "rules"),
        ({"rules": {"target": -1}}, "rules.target"),
        ({"dealer": 2}, "dealer"),
        ({"plays": ["7C", "QQ"]}, "plays[1]"),
        ({"plays": "7C"}, "plays"),
        ({"scores_before": [1]}, "scores_before"),
        ({"scores_before": [10, 0]}, "scores_before[0]"),
        ({"seed": 4}, "seed"),
        ({"extra": 1}, "extra"),
        ({"stock": ["JH"]}, "stock"),
        ({"hands": [["2H"] * 6, HEARTS["hands"][1]]}, "hands[0][1]"),
    ],
)
def test_bad_record_names_the_field(change, field):
    result = replay(hearts_record(**change))
    # One table of codes (issue 20): a bad rules spec is bad_rules, any other field bad_record.
    assert result["error"]["code"] == ("bad_rules" if field.startswith("rules") else "bad_record")
    assert field in result["error"]["message"]
    assert set(result["error"]) == {"code", "play_index", "card", "message"}


def test_bad_record_missing_and_wrong_types():
    assert "dealer" in replay({"seed": 1})["error"]["message"]
    assert "hands" in replay({"dealer": 0})["error"]["message"]
    assert "seed" in replay({"dealer": 0, "seed": "x"})["error"]["message"]
    assert replay([1, 2])["error"]["code"] == "bad_record"


def run_cli(*args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, text=True, cwd=ROOT
    )


def test_cli_replay_exit_codes(tmp_path):
    clean = run_cli("replay", "-", stdin=json.dumps(hearts_record()))
    assert clean.returncode == 0 and json.loads(clean.stdout)["trump"] == "H"
    illegal = run_cli("replay", stdin=json.dumps(hearts_record(plays=["7C", "9S"])))
    assert illegal.returncode == 1 and json.loads(illegal.stdout)["error"]["code"] == "must_trump"
    bad = run_cli("replay", "-", stdin="{not json")
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert json.loads(bad.stdout)["error"]["code"] == "bad_record"
    path = tmp_path / "record.json"
    path.write_text(json.dumps(hearts_record(dealer=7)))
    wrong = run_cli("replay", str(path))
    assert wrong.returncode == 1 and "dealer" in json.loads(wrong.stdout)["error"]["message"]
    missing = run_cli("replay", str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and "Traceback" not in missing.stderr


def test_cli_replay_jsonl_keeps_going():
    lines = [json.dumps(hearts_record()), "{broken", json.dumps({"seed": 3, "dealer": 0})]
    out = run_cli("replay", "--jsonl", stdin="\n".join(lines) + "\n")
    results = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["error"] and r["error"]["code"] for r in results] == [None, "bad_record", None]
    assert out.returncode == 1


def test_cli_simulate_and_facts():
    out = run_cli(
        "simulate", "--rules", "standard", "--bots", "random,random", "--deals", "50", "--seed", "1", "--json"
    )
    summary = json.loads(out.stdout)
    assert out.returncode == 0 and list(summary) == ["deals", "seconds", "deals_per_second", "points"]
    assert summary["deals"] == 50 and len(summary["points"]) == 2
    human = run_cli("simulate", "--deals", "5")
    assert human.returncode == 0 and "random" in human.stdout
    for args in (["--bots", "random"], ["--bots", "random,nobody"], ["--rules", "nope"], ["--deals", "x"]):
        bad = run_cli("simulate", *args)
        assert bad.returncode == 2 and "Traceback" not in bad.stderr, args
    facts = json.loads(run_cli("facts").stdout)
    assert facts["tricks"] == 26
