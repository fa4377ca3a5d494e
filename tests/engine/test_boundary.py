"""Hostile input at every boundary (issue 12): no traceback, no hang, a coded answer.

The command line runs as a subprocess with a timeout (nothing may take more than 5 s);
`web_api.handle` and `replay` run in-process. Hypothesis generates broken records and checks
that the command line's reader and the stepper's accept exactly the same ones.
"""

from __future__ import annotations

import contextlib
import io
import json
import select
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import replay
from engine.core.limits import MAX_SAMPLES
from engine.surfaces import cli
from engine.surfaces.web_api import handle

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 5
GOOD = {"rules": "standard", "seed": 7, "dealer": 1, "plays": []}


def run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    done = subprocess.run(
        [sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, cwd=ROOT, timeout=TIMEOUT
    )
    assert b"Traceback" not in done.stderr, done.stderr[-2000:]
    return done


def replay_cli(data: bytes, *extra: str) -> tuple[int, list[dict]]:
    done = run("replay", *extra, stdin=data)
    assert max(map(len, done.stdout.splitlines())) < 20_000, "an answer grew with the input"
    return done.returncode, [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]


def error_code(result: dict) -> str | None:
    return result["error"] and result["error"]["code"]


# ----- the command line -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"[" * 1000, "nested deeper"),
        (b'{"seed": ' + b"1" * 4301 + b', "dealer": 0}', "digits"),
        (b'{"seed": 1e999, "dealer": 0}', "out of range"),
        (b'{"seed": NaN, "dealer": 0}', "NaN"),
        (b'{"\\ud800": 1}', "unknown field"),
        (b'{"rules": "\xff\xfe", "seed": 1, "dealer": 0}', "not UTF-8"),
        (b'{"seed": -3, "dealer": 0}', "0..2**64-1"),
        (b'{"seed": 18446744073709551616, "dealer": 0}', "0..2**64-1"),
        (b'{"seed": 1}', "dealer"),
        (b'{"seed": 1, "dealer": 0, "hands": []}', "not both"),
        (b'{"seed": 1, "dealer": 0, "plays": ' + json.dumps(["2S"] * 53).encode() + b"}", "at most 52"),
        (b'{"seed": 1, "dealer": 0, "plays": ' + json.dumps(["2S"] * 400_000).encode() + b"}", "bytes"),
        (b'{"seed": 1, "dealer": 0, "plays": ["' + b"x" * 500_000 + b'"]}', "not a card"),
    ],
)
def test_replay_refuses_hostile_records_with_exit_1_and_a_short_message(data, words):
    status, results = replay_cli(data)
    assert status == 1 and len(results) == 1
    assert error_code(results[0]) == "bad_record" and words in results[0]["error"]["message"]
    assert len(results[0]["error"]["message"]) < 400


def test_replay_never_echoes_raw_bytes_and_writes_valid_utf8():
    done = run("replay", stdin=b'{"\xc3\x28": 1}')
    assert done.returncode == 1 and b"\xc3\x28" not in done.stdout + done.stderr
    done.stdout.decode("utf-8")
    done = run("replay", stdin=b'{"\\udfff\\ud800": 1}')
    done.stdout.decode("utf-8") and done.stderr.decode("utf-8")


def test_jsonl_splits_on_newline_only_and_answers_every_line():
    good = json.dumps(GOOD)
    with_separator = good.replace(", ", ",\u2028")
    with_form_feed = good.replace(", ", ",\x0c")
    lines = [good, "{broken", with_separator, "[" * 100, with_form_feed, "7", good]
    body = "\n".join(lines).replace("\u2028", "\u2028\u0085") + "\n\n"
    status, results = replay_cli(body.encode("utf-8"), "--jsonl")
    # One answer per "\n" line: U+2028, U+0085 and form feed stay inside their line (which is
    # then not JSON), and blank lines are skipped.
    assert [error_code(result) for result in results] == [
        None, "bad_record", "bad_record", "bad_record", "bad_record", "bad_record", None,
    ]  # fmt: skip
    assert status == 1


def test_jsonl_answers_a_thousand_lines_with_bad_ones_among_them():
    body = "\n".join(json.dumps(GOOD) if n % 3 else '{"seed": [' for n in range(1000)) + "\n"
    status, results = replay_cli(body.encode(), "--jsonl")
    assert len(results) == 1000 and status == 1
    assert sum(error_code(result) == "bad_record" for result in results) == 334


def test_jsonl_streams_each_answer_before_the_input_ends():
    with subprocess.Popen(
        [sys.executable, "-m", "engine", "replay", "--jsonl"], cwd=ROOT,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    ) as process:  # fmt: skip
        assert process.stdin and process.stdout
        process.stdin.write(json.dumps(GOOD).encode() + b"\n")
        process.stdin.flush()
        ready, _, _ = select.select([process.stdout], [], [], TIMEOUT)
        assert ready, "no answer while the input is still open"
        assert json.loads(process.stdout.readline())["error"] is None
        process.stdin.close()
        assert process.wait(TIMEOUT) == 0


def test_a_closed_pipe_ends_quietly():
    with subprocess.Popen(
        [sys.executable, "-m", "engine", "replay", "--jsonl"], cwd=ROOT,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    ) as process:  # fmt: skip
        assert process.stdin and process.stdout and process.stderr
        process.stdout.close()  # like `| head -0`: the reader is gone
        with contextlib.suppress(BrokenPipeError):
            process.stdin.write((json.dumps(GOOD) + "\n").encode() * 5000)
            process.stdin.close()
        assert process.wait(TIMEOUT) == 0
        assert process.stderr.read() == b""


@pytest.mark.parametrize(
    "args",
    [
        ["--bots", ""],
        ["--bots", ","],
        ["--bots", "random,"],
        ["--seed", "-5"],
        ["--seed", "²"],
        ["--seed", "18446744073709551616"],
        ["--deals", "²"],
        ["--deals", "-1"],
        ["--deals", "9" * 5000],
        ["--samples", "nan"],
        ["--samples", "inf"],
        ["--samples", "0"],
        ["--samples", str(MAX_SAMPLES + 1)],
        ["--think-ms", "50"],
        ["--rules", "{" * 100],
        ["--rules", '{"target": ' + "9" * 5000 + "}"],
        ["--matches", "1", "--rules", '{"target": 1000000000}'],
        ["--bots", "expert,expert", "--samples", str(MAX_SAMPLES), "--deals", "1000000"],
    ],
)
def test_simulate_refuses_bad_options_with_exit_2_before_any_work(args):
    done = run("simulate", *args)
    assert done.returncode == 2 and done.stderr


def test_every_command_documents_the_exit_codes():
    for command in ([], ["replay"], ["simulate"], ["facts"], ["play"]):
        help_text = run(*command, "--help").stdout.decode()
        assert "exit codes:" in help_text and "3  an internal error" in help_text, command


def test_an_internal_error_exits_3_with_one_short_line(monkeypatch, capsys):
    def broken(args):
        raise KeyError("detail " * 1000)

    monkeypatch.setattr(cli, "_run_facts", broken)
    assert cli.main(["facts"]) == 3
    err = capsys.readouterr().err
    assert err.startswith("internal error (KeyError)") and len(err) < 300


def test_play_refuses_a_negative_seed_and_an_unknown_bot():
    assert run("play", "--seed", "-1").returncode == 2
    assert run("play", "--bot", "nobody").returncode == 2


# ----- web_api.handle -------------------------------------------------------------------------


def answer(request: object) -> dict:
    text = handle(request)  # type: ignore[arg-type]
    text.encode("utf-8")
    return json.loads(text)


@pytest.mark.parametrize(
    "request_text",
    [
        '{"op": []}',
        '{"op": {}}',
        '{"op": null}',
        '{"op": "practice."}',
        "[]",
        '"op"',
        "null",
        "",
        "{",
        "[" * 5000,
        '{"op": "replay", "record": ' + "1" * 5000 + "}",
        '{"op": "catalogue", "lang": "\\ud800"}',
        '{"op": "catalogue", "lang": "ｆｒ"}',
        '{"op": "replay", "record": {"\\ud800": 1}}',
        '{"op": "replay", "record": {"seed": 1}}',
        '{"op": "replay", "record": {"seed": 1, "dealer": 0, "hands": [], "stock": []}}',
        '{"op": "replay", "record": {"seed": 1, "dealer": 0, "extra": 1}}',
        '{"op": "replay", "record": {"seed": 1, "dealer": 0}, "narrator": 5}',
        '{"op": "try", "record": {"seed": 1, "dealer": 0}, "step": 0, "card": ["QH"]}',
        '{"op": "try", "record": {"seed": 1, "dealer": 0}, "step": true, "card": "QH"}',
        '{"op": "practice.new", "link": "?seed=²"}',
        '{"op": "practice.new", "link": "?seed=-1"}',
        '{"op": "practice.new", "link": "?dealer=' + "9" * 5000 + '"}',
        '{"op": "practice.new", "rules": "standard,target:²"}',
        '{"op": "practice.new", "seed": 18446744073709551616}',
        '{"op": "practice.new", "level": ["expert"]}',
        '{"op": "practice.state", "record": {"seed": 1, "deals": [["2S"]]}}',
        '{"op": "practice.state", "record": {"seed": 1, "deals": [' + json.dumps(["2S"] * 60) + "]}}",
    ],
)
def test_handle_answers_bad_requests_with_a_code_and_never_raises(request_text):
    reply = answer(request_text)
    assert reply["ok"] is False
    assert reply["error"]["code"] in ("bad_request", "bad_record", "bad_rules")
    assert len(reply["error"]["message"]) < 400


@pytest.mark.parametrize("request_object", [None, 5, b'{"op": "catalogue"}', ["op"]])
def test_handle_takes_any_object(request_object):
    assert "ok" in answer(request_object)


def test_a_hint_cannot_ask_for_unbounded_work():
    new = answer(json.dumps({"op": "practice.new", "seed": 3, "level": "expert"}))
    record = new["record"]
    while new["state"]["waiting_for"] != "human":
        new = answer(json.dumps({"op": "practice.bot", "record": new["record"], "samples": 2}))
        record = new["record"]
    for samples in (10_000, MAX_SAMPLES + 1, 0, -1, 2.5, "4", True):
        reply = answer(json.dumps({"op": "practice.hint", "record": record, "samples": samples}))
        assert reply["ok"] is False and reply["error"]["field"] == "samples", samples


def test_an_internal_error_is_answered_with_its_code_and_no_detail(monkeypatch):
    from engine.surfaces import web_api

    def broken(request):
        raise RuntimeError("secret detail from " + json.dumps(request))

    monkeypatch.setitem(web_api.OPERATIONS, "replay", broken)
    reply = answer(json.dumps({"op": "replay", "record": {"seed": 1, "dealer": 0}}))
    message = "internal error in the rules engine (RuntimeError)"
    assert reply == {"ok": False, "error": {"code": "internal", "message": message, "field": None}}


# ----- one reader: the command line and the stepper accept the same records -----------------

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6)
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)
HANDS = [["2H", "9S", "TS", "7D", "8D", "9D"], ["7C", "8C", "3S", "4S", "5D", "6D"]]
_USED = {*HANDS[0], *HANDS[1], "JH", "QD"}
_REST = [rank + suit for suit in "SHDC" for rank in "23456789TJQKA" if rank + suit not in _USED]
CARDS_FORM = {
    "rules": "standard",
    "dealer": 0,
    "hands": HANDS,
    "stock": ["JH", "QD", *_REST],
    "plays": ["7C", "2H"],
}
keys = st.sampled_from(["rules", "dealer", "hands", "stock", "seed", "plays", "scores_before", "other"])


@st.composite
def hostile_records(draw: st.DrawFn) -> object:
    record = dict(draw(st.sampled_from([GOOD, CARDS_FORM])))
    for _ in range(draw(st.integers(0, 3))):
        key = draw(keys)
        if draw(st.booleans()):
            record.pop(key, None)
        else:
            record[key] = draw(json_values | st.sampled_from(["face-down", ["AS"], [0, 0], 1, 2**64 - 1]))
    return record if draw(st.integers(0, 9)) else draw(json_values)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=hostile_records())
def test_the_command_line_and_the_stepper_accept_exactly_the_same_records(record):
    result = replay(record)
    stepper = answer(json.dumps({"op": "replay", "record": record}))
    refused_by_cli = error_code(result) in ("bad_record", "bad_rules")
    assert refused_by_cli == (not stepper["ok"]), (result["error"], stepper.get("error"))
    if not stepper["ok"]:
        assert stepper["error"]["code"] == error_code(result)  # one table for both
    else:
        assert (stepper["error"] is None) == (result["error"] is None)
    # The command line in-process: one JSON line out, exit 0 or 1, never a traceback.
    out = io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(json.dumps(record).encode()), encoding="utf-8")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        original, sys.stdin = sys.stdin, stdin
        try:
            status = cli.main(["replay"])
        finally:
            sys.stdin = original
    assert status == (0 if result["error"] is None else 1)
    assert json.loads(out.getvalue()) == result


def test_a_negative_seed_is_refused_everywhere_not_dealt_as_its_absolute_value():
    from engine import Deal, Match, Rules, SetupError

    with pytest.raises(SetupError, match="seed"):
        Deal.from_seed(Rules(), -5, 0)
    with pytest.raises(ValueError, match="seed"):
        Match("standard", seed=-5)
    assert error_code(replay({"seed": -5, "dealer": 0})) == "bad_record"
