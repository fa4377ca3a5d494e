"""Background work in steps (engine/surfaces/jobs.py): a job run a bounded step at a time gives
the one-shot operation's answer exactly (same seed, same answer), and every step keeps to its
budget in work (at most one unit past it)."""

from __future__ import annotations

import pytest

from engine.surfaces import jobs
from tests.engine.test_luck_op import ask, finished_match, ok


def stepped(request: dict, budget: int) -> tuple[dict, list[dict]]:
    """The job run through web_api, as the page does it: its answer and every step's answer."""
    step = ok({"op": "job.start", "request": request, "budget": budget})
    steps = [step]
    while not step["done"]:
        step = ok({"op": "job.step", "job": step["job"], "budget": budget})
        steps.append(step)
    return step["answer"], steps


CASES = [
    ("standard", {"op": "practice.luck", "samples": 4, "seed": 3}),
    ("shasta-sam", {"op": "practice.luck", "samples": 2}),
    ("standard", {"op": "practice.could_win", "samples": 4}),
    ("shasta-sam", {"op": "practice.could_win", "samples": 2}),
    ("standard", {"op": "practice.peek", "samples": 4, "redeals": 2, "seed": 5}),
]


@pytest.mark.parametrize(("preset", "fields"), CASES)
@pytest.mark.parametrize("budget", [1, 7])
def test_a_job_in_steps_answers_as_the_one_shot_operation(preset, fields, budget):
    record = finished_match(preset, 11)
    request = {**fields, "record": record}
    whole = ok(request)
    del whole["ok"]
    answer, steps = stepped(request, budget)
    assert answer == whole
    assert len(steps) > 1
    for step in steps[:-1]:
        assert not step["done"]
        assert step["work"] >= 1
        # A step stops once its budget is spent: past it by one unit of work at most.
        assert step["work"] < budget + max(fields.get("samples", 1), 2 * fields.get("samples", 1))
        assert 0 <= step["done_units"] <= step["total_units"]


def test_the_luck_cursor_still_goes_on_where_it_stopped():
    record = finished_match("standard", 4)
    whole = ok({"op": "practice.luck", "record": record, "samples": 3})
    part = ok({"op": "practice.luck", "record": record, "samples": 3, "stop": 5})
    while not part["done"]:
        stop = min(part["so_far"]["next_play"] + 3, part["plays"])
        going_on = {"stop": stop, "so_far": part["so_far"]}
        part = ok({"op": "practice.luck", "record": record, "samples": 3, **going_on})
    assert part == whole


def test_a_bad_job_request_is_named():
    record = finished_match("standard", 2)
    not_stepped = {"op": "practice.bot", "record": record}
    assert ask({"op": "job.start", "request": not_stepped})["error"]["field"] == "request"
    assert ask({"op": "job.start", "request": "x"})["error"]["field"] == "request"
    bad = ask({"op": "job.start", "request": {"op": "practice.peek", "record": record, "redeals": 99}})
    assert bad["error"]["field"] == "redeals"
    assert ask({"op": "job.step", "job": 987654321})["error"]["field"] == "job"
    assert ask({"op": "job.step", "job": "1"})["error"]["field"] == "job"
    request = {"op": "practice.could_win", "record": record, "samples": 2}
    assert ask({"op": "job.start", "request": request, "budget": 0})["error"]["field"] == "budget"


def test_a_dropped_or_forgotten_job_is_gone():
    record = finished_match("standard", 3)
    request = {"op": "practice.could_win", "record": record, "samples": 2}
    first = ok({"op": "job.start", "request": request, "budget": 1})
    assert ok({"op": "job.drop", "job": first["job"]})["dropped"] is True
    assert ask({"op": "job.step", "job": first["job"]})["error"]["field"] == "job"
    start = {"op": "job.start", "request": request, "budget": 1}
    started = [ok(start)["job"] for _ in range(jobs.MAX_JOBS + 1)]
    assert ask({"op": "job.step", "job": started[0]})["error"]["field"] == "job"  # the oldest is forgotten
    assert ok({"op": "job.step", "job": started[-1], "budget": 1})["job"] == started[-1]
    for job in started[1:]:
        ok({"op": "job.drop", "job": job})
