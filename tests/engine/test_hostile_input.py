"""Hostile input, issue 20 item 7: linear JSON checks, bounded work, no leak, I/O errors, one
table of error codes, short echoes, strict practice records.

The command line runs as a subprocess with the hang guard of test_boundary (nothing may take
more than a few seconds: a request that would run for minutes fails there, it is not timed).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_boundary import ROOT, TIMEOUT, run

from engine import Deal, Rules, record_of, replay, simulate
from engine.ai.heuristic import HeuristicBot
from engine.analysis.deal_analysis import AnalysisError, analyse
from engine.core import error_codes
from engine.core.boundary import BoundaryError, parse_json
from engine.core.cards import card_code, cards_of
from engine.core.limits import (
    ECHO_CHARS,
    MAX_ANALYSIS_WORLDS,
    MAX_JSON_DEPTH,
    MAX_MATCH_DEALS,
    MAX_SIMULATED_SAMPLES,
    MAX_TEXT_CHARS,
)
from engine.core.record import TURNED_JACK_WON
from engine.surfaces import web_api
from engine.surfaces.cli import EXIT_CODES_HELP

ESCAPED_QUOTES = '\\"' * (MAX_TEXT_CHARS // 2 - 8)  # no opening quote: the old check's worst case


def ask(request: dict) -> dict:
    return json.loads(web_api.handle(json.dumps(request)))


def played_record(seed: int, rules: Rules | None = None) -> dict:
    deal = Deal.from_seed(rules or Rules(), seed, seed % 2)
    bot = HeuristicBot()
    while not deal.is_over:
        deal.play(bot.choose(deal.view(deal.to_move)))
    return record_of(deal)


# ----- the JSON nesting check ---------------------------------------------------------------------


def _nested(depth: int, kind: str) -> str:
    opener, closer = ("[", "]") if kind == "list" else ('{"k": ', "}")
    return opener * depth + '"a [ { \\" \\\\"' + closer * depth


@pytest.mark.parametrize("kind", ["list", "object"])
def test_nesting_is_counted_outside_strings_only(kind):
    assert parse_json(_nested(MAX_JSON_DEPTH, kind), "x") is not None
    with pytest.raises(BoundaryError) as refused:
        parse_json(_nested(MAX_JSON_DEPTH + 1, kind), "x")
    assert refused.value.code == "too_deep"
    # Brackets inside strings (after escaped quotes and backslashes) never count.
    text = json.dumps({"a": "[" * 100 + '\\"' + "{" * 100, "b": [["\\"]]})
    assert parse_json(text, "x")["b"] == [["\\"]]
    siblings = "[" + ",".join(["[[1]]"] * 10_000) + "]"  # wide, not deep
    assert len(parse_json(siblings, "x")) == 10_000


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (ESCAPED_QUOTES, "bad_json"),  # the case: about an hour before the fix
        ('"' + ESCAPED_QUOTES, "bad_json"),  # an unterminated string of escapes
        ('["' * (MAX_TEXT_CHARS // 2 - 8), "too_deep"),
        ('"\\' * (MAX_TEXT_CHARS // 2 - 8), "bad_json"),  # a trailing lone backslash
        ("[" + '"[",' * (MAX_TEXT_CHARS // 4 - 8) + "1]", None),
    ],
)
def test_a_1_mb_adversarial_text_is_answered(text, code):
    # Correctness on the largest input there is; its speed is scripts/bench_json_depth.py's.
    assert len(text) <= MAX_TEXT_CHARS
    if code is None:
        assert parse_json(text, "x")[-1] == 1
        return
    with pytest.raises(BoundaryError) as refused:
        parse_json(text, "x")
    assert refused.value.code == code


def test_the_command_line_answers_1_mb_of_escaped_quotes_at_once():
    done = run("replay", stdin=ESCAPED_QUOTES.encode())  # hangs (TimeoutExpired) before the fix
    assert done.returncode == 1 and "not valid JSON" in json.loads(done.stdout)["error"]["message"]


# ----- bounded work -------------------------------------------------------------------------------


def test_analyse_refuses_more_sampled_deals_than_the_bound_before_any_work():
    record = played_record(4)
    with pytest.raises(AnalysisError) as refused:
        analyse(record, samples=200)  # 40 sampled decisions: 8,000 sampled deals
    assert refused.value.field == "samples" and refused.value.code == "bad_request"
    assert str(MAX_ANALYSIS_WORLDS) in str(refused.value) and "8000" in str(refused.value)
    answer = ask({"op": "analyse", "record": record, "samples": 200})
    assert answer["error"]["code"] == "bad_request" and answer["error"]["field"] == "samples"
    # The page's batches and the exact endgame stay within it; the bound is on the product.
    assert len(analyse(record, samples=200, only=list(range(40, 52)))["decisions"]) == 12
    too_many = MAX_ANALYSIS_WORLDS // 200 + 1
    with pytest.raises(AnalysisError):
        analyse(record, samples=200, only=list(range(too_many)))


def test_the_command_line_analyse_bound_is_a_usage_error(tmp_path):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(played_record(4)), encoding="utf-8")
    done = run("analyse", str(path), "--samples", "200")
    assert done.returncode == 2 and str(MAX_ANALYSIS_WORLDS).encode() in done.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["--bots", "expert,random", "--deals", "400000"],  # the default 64 samples: hours
        ["--bots", "random,expert", "--matches", "40000"],
        ["--bots", "expert,expert", "--deals", "200000"],  # two expert seats count twice
        ["--bots", "expert,random", "--deals", "200000", "--duplicate"],
    ],
)
def test_simulate_bounds_the_experts_sampled_worlds_with_the_default_samples_too(args):
    done = run("simulate", *args)  # ran for hours before the fix (TimeoutExpired here)
    assert done.returncode == 2 and str(MAX_SIMULATED_SAMPLES).encode() in done.stderr


def test_simulate_within_the_bound_still_runs():
    done = run("simulate", "--bots", "expert,random", "--deals", "1", "--samples", "2", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["deals"] == 1


def test_a_practice_record_has_at_most_the_bounded_number_of_deals():
    record = ask({"op": "practice.new", "seed": 1})["record"]
    answer = ask({"op": "practice.state", "record": {**record, "deals": [[]] * (MAX_MATCH_DEALS + 1)}})
    assert answer["error"]["code"] == "bad_record" and answer["error"]["field"] == "deals"
    assert str(MAX_MATCH_DEALS) in answer["error"]["message"]


def test_simulate_matches_with_a_seed_near_2_64_does_not_overflow():
    summary = simulate("standard", ["random", "heuristic"], 0, 2**64 - 1, matches=2)
    assert sum(summary["match_wins"]) == 2
    assert run("simulate", "--matches", "1", "--seed", str(2**64 - 1)).returncode == 0


# ----- a narrator hears nothing hidden ------------------------------------------------------------

# Three players, hidden stock, dealer 0: seat 1 leads 3♠; seat 2 holds spades and 7♥, 3♦, Q♣, A♣.
THREE_HIDDEN = {"rules": {"players": 3, "stock": "hidden"}, "seed": 0, "dealer": 0}


def _replay_as(narrator: int | None, plays: list[str]) -> dict:
    return ask({"op": "replay", "record": {**THREE_HIDDEN, "plays": plays}, "narrator": narrator})


def test_a_refusal_of_another_seats_play_does_not_name_a_hidden_card():
    answer = _replay_as(0, ["3S", "7H"])
    error = answer["error"]
    assert error["code"] == "must_follow_suit" and error["seat"] == 2 and error["play_index"] == 1
    assert error["card"] is None and error["params"]["card"] is None
    assert "7H" not in json.dumps(answer) and "7♥" not in json.dumps(answer)
    # A card of another hand (seat 1's, also hidden from seat 0) is not named either.
    deal = Deal.from_seed(Rules(players=3, stock="hidden"), 0, 0)
    deal.play("3S")
    hidden = card_code(cards_of(deal.hands[1])[0])
    answer = _replay_as(0, ["3S", hidden])
    assert answer["error"]["code"] == "not_in_hand" and hidden not in json.dumps(answer)
    assert "hidden card" in answer["error"]["message"]


def test_a_refusal_names_the_card_the_narrator_may_see():
    assert _replay_as(2, ["3S", "7H"])["error"]["card"] == "7H"  # its own play
    assert _replay_as(None, ["3S", "7H"])["error"]["card"] == "7H"  # every hand shown
    mine = card_code(cards_of(Deal.from_seed(Rules(players=3, stock="hidden"), 0, 0).hands[0])[0])
    assert _replay_as(0, ["3S", mine])["error"]["card"] == mine  # a card of the narrator's own hand


# ----- I/O errors ---------------------------------------------------------------------------------


def _run_io(args: list[str], *, close: tuple[int, ...] = (), stdout: str | None = None):
    def prepare() -> None:
        for fd in close:
            os.close(fd)

    out = open(stdout, "wb") if stdout else subprocess.PIPE  # noqa: SIM115
    try:
        data = None if 0 in close else b'{"seed": 1, "dealer": 0}'
        return subprocess.run(
            [sys.executable, "-m", "engine", *args], input=data, stdout=out, stderr=subprocess.PIPE,
            cwd=ROOT, timeout=TIMEOUT, preexec_fn=prepare,
        )  # fmt: skip
    finally:
        if stdout:
            out.close()  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("args", "close", "stdout", "words"),
    [
        (["replay"], (0,), None, b"cannot read standard input: it is closed"),
        (["analyse"], (0,), None, b"cannot read standard input: it is closed"),
        (["replay"], (1,), None, b"cannot write standard output: it is closed"),
        (["replay"], (), "/dev/full", b"cannot write standard output: No space left on device"),
        (["replay", "--jsonl"], (), "/dev/full", b"cannot write standard output: No space left on device"),
        (["simulate", "--deals", "2"], (), "/dev/full", b"No space left on device"),
        (["facts"], (), "/dev/full", b"No space left on device"),
        (["play"], (0,), None, b"cannot read standard input: it is closed"),
    ],
)
def test_io_errors_exit_4_in_their_own_words(args, close, stdout, words):
    if stdout and not Path(stdout).exists():
        pytest.skip(f"{stdout} is missing here")
    done = _run_io(args, close=close, stdout=stdout)
    assert done.returncode == 4, done.stderr
    assert b"I/O error" in done.stderr and words in done.stderr
    assert b"cannot read" not in done.stderr or b"standard input" in done.stderr  # a full disk is no read
    assert b"Traceback" not in done.stderr and b"internal error" not in done.stderr


def test_every_help_and_the_readme_list_exit_code_4():
    assert "4  an I/O error" in EXIT_CODES_HELP
    for command in ([], ["replay"], ["simulate"], ["facts"], ["play"], ["analyse"], ["luck"]):
        assert "4  an I/O error" in run(*command, "--help").stdout.decode(), command
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "| 4 | an I/O error" in readme


# ----- one table of error codes -------------------------------------------------------------------


def test_each_code_answers_its_part_of_the_input():
    record = ask({"op": "practice.new", "seed": 1})["record"]
    # A field of the practice match record is the record's; the same field of practice.new
    # is the request's.
    in_record = ask({"op": "practice.state", "record": {**record, "level": "god"}})["error"]
    assert in_record["code"] == "bad_record"
    assert ask({"op": "practice.new", "level": "god"})["error"]["code"] == "bad_request"
    assert ask({"op": "practice.new", "seed": -1})["error"]["code"] == "bad_request"
    assert ask({"op": "practice.new", "dealer": 5})["error"]["code"] == "bad_request"
    deal_record = played_record(3)
    # analyse: bad rules are bad_rules, a bad seed inside the record bad_record, its own seed
    # bad_request.
    bad_rules = ask({"op": "analyse", "record": {**deal_record, "rules": "nope"}})["error"]
    assert (bad_rules["code"], bad_rules["field"]) == ("bad_rules", "rules")
    bad_seed = {"rules": "standard", "dealer": 0, "seed": -1, "plays": []}
    assert ask({"op": "analyse", "record": bad_seed})["error"]["code"] == "bad_record"
    assert ask({"op": "analyse", "record": deal_record, "seed": -1})["error"]["code"] == "bad_request"
    assert ask({"op": "replay", "record": {**deal_record, "rules": "nope"}})["error"]["code"] == "bad_rules"
    assert replay({**deal_record, "rules": "nope"})["error"]["code"] == "bad_rules"


def test_the_command_line_exits_by_the_same_table(tmp_path):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(played_record(3)), encoding="utf-8")
    assert run("analyse", str(path), "--seat", "2").returncode == 2  # beyond the players: usage
    path.write_text(json.dumps({**played_record(3), "rules": "nope"}), encoding="utf-8")
    assert run("analyse", str(path)).returncode == 1  # a bad record
    assert error_codes.EXIT_STATUS == {
        "bad_request": 2, "bad_record": 1, "bad_rules": 1, "bad_puzzle": 1,
    }  # fmt: skip


def test_every_code_is_documented_where_codes_are_listed():
    for code in error_codes.CODES:
        assert f"``{code}``" in (web_api.__doc__ or ""), code
        assert f"`{code}`" in (error_codes.__doc__ or ""), code


# ----- echoes -------------------------------------------------------------------------------------

LONG = "x" * 500
LONG_HANDS = {"rules": "standard", "dealer": 0, "hands": [[LONG] * 6] * 2, "stock": []}


def _echo_is_short(message: str) -> None:
    assert "x" * (ECHO_CHARS + 1) not in message, message[:200]
    assert len(message) < 400


@pytest.mark.parametrize(
    "request_",
    [
        {"op": "replay", "record": LONG_HANDS},
        {"op": "replay", "record": {**record_of(Deal.from_seed(Rules(), 1, 0)), "stock": [LONG] * 40}},
        {"op": "analyse", "record": {"rules": "standard", "seed": 1, "dealer": 0}, "only": [LONG]},
        {"op": "analyse", "record": {"rules": "standard", "seed": 1, "dealer": 0}, "seat": LONG},
        {"op": "analyse", "record": {"rules": "standard", "seed": 1, "dealer": 0}, "samples": LONG},
        {"op": "analyse", "record": {"rules": "standard", "seed": 1, "dealer": 0}, "seed": LONG},
        {"op": "analyse", "record": {"rules": "standard", "seed": 1, "dealer": 0}, "only": LONG},
        {"op": "try", "record": {"rules": "standard", "seed": 1, "dealer": 0}, "step": 0, "card": LONG},
        {"op": "replay", "record": {"rules": "standard", "seed": 1, "dealer": 0}, "narrator": LONG},
        {"op": "practice.new", "seed": LONG},
        {"op": "practice.new", "level": LONG},
        {"op": "practice.new", "rules": "standard," + LONG + ":1"},
        {"op": "catalogue", "lang": LONG},
        {"op": LONG},
    ],
)
def test_every_echo_is_cut_to_80_characters(request_):
    answer = ask(request_)
    assert answer["ok"] is False
    assert "x" * 10 in answer["error"]["message"]  # the bad value is quoted, cut
    _echo_is_short(answer["error"]["message"])


def test_a_puzzle_card_echo_is_cut_too():
    puzzle = json.loads((ROOT / "tutorials" / "puzzles.jsonl").read_text(encoding="utf-8").splitlines()[0])
    for card in (LONG, [LONG] * 5):
        answer = ask({"op": "puzzle_play", "record": puzzle["record"], "card": card})
        assert answer["error"]["code"] == "bad_request"
        _echo_is_short(answer["error"]["message"])


# ----- practice records ---------------------------------------------------------------------------


def test_a_practice_record_has_version_1_and_only_known_fields():
    record = ask({"op": "practice.new", "seed": 1})["record"]
    assert ask({"op": "practice.state", "record": record})["ok"]
    for changed, field in (
        ({**record, "v": 2}, "v"),
        ({**record, "v": True}, "v"),
        ({key: value for key, value in record.items() if key != "v"}, "v"),
        ({**record, "think_ms": 50}, "think_ms"),
    ):
        error = ask({"op": "practice.state", "record": changed})["error"]
        assert (error["code"], error["field"]) == ("bad_record", field)


def _turned_jack_seed(rules: Rules, dealer: int) -> int:
    return next(seed for seed in range(1000) if Deal.from_seed(rules, seed, dealer).jack_turned)


def test_replay_and_the_practice_reader_agree_on_a_match_won_by_the_turned_jack():
    rules = Rules(turned_jack=True, target=1)
    seed = _turned_jack_seed(rules, 0)
    card = card_code(next(Deal.from_seed(rules, seed, 0).legal_plays()))
    spec = rules.to_spec()
    practice = {"v": 1, "rules": spec, "seed": seed, "dealer": 0, "level": "random"}
    deal_record = {"rules": spec, "seed": seed, "dealer": 0}
    # No plays: both readers accept the deal, and the match is over.
    assert ask({"op": "practice.state", "record": {**practice, "deals": [[]]}})["state"]["match_over"]
    assert replay({**deal_record, "plays": []})["error"] is None
    # A play: both refuse it in the same words (RULES.md §6.4: the deal has no plays).
    refused = ask({"op": "practice.state", "record": {**practice, "deals": [[card]]}})["error"]
    assert refused["code"] == "bad_record" and TURNED_JACK_WON in refused["message"]
    result = replay({**deal_record, "plays": [card]})["error"]
    assert result["code"] == "bad_record" and result["play_index"] == 0
    assert TURNED_JACK_WON in result["message"]
    stepper = ask({"op": "replay", "record": {**deal_record, "plays": [card]}})["error"]
    assert stepper["code"] == "bad_record" and stepper["field"] == "plays[0]"
    # The scores say so too: a dealer one point short of the target.
    short = Rules(turned_jack=True, target=5)
    seed = _turned_jack_seed(short, 1)
    card = card_code(next(Deal.from_seed(short, seed, 1).legal_plays()))
    record = {"rules": short.to_spec(), "seed": seed, "dealer": 1, "plays": [card]}
    assert replay({**record, "scores_before": [3, 4]})["error"]["code"] == "bad_record"
    assert replay({**record, "scores_before": [4, 3]})["error"] is None
