"""Background work in steps: a long computation answered a bounded piece at a time.

A page's worker answers one request at a time, so a request that takes seconds ("Could I have
won?", the peek check, the luck split of a deal) would make the reader's next card wait for
all of it. Started as a job, such a computation runs in steps instead: each request does at
most about `budget` units of work (sampled worlds, the unit the computer's own play is budgeted
in: an expert decision costs its samples, so the default budget is one computer card's work) and
answers; the page sends the next step only when nothing the reader asked for is waiting
(docs/assets/javascripts/engine-client.js, `{background: true}`). The steps are the one-shot
operation's own code (a generator: practice_api's `*_steps`), so the answer is the same.

Requests (routed by web_api.handle):

- ``{"op": "job.start", "request": {...}, "budget": N?}`` -> starts the `request` (one of
  STEPPED's ops, with its own fields, checked as the op checks them) and runs its first step.
- ``{"op": "job.step", "job": id, "budget": N?}`` -> the next step.
- ``{"op": "job.drop", "job": id}`` -> forgets a job the page no longer wants.

A step answers ``{job, done: false, work, done_units, total_units}`` (work: what the step did;
done_units of total_units: the plays or decisions to count for the reader), and the last one
``{job, done: true, work, answer}`` with the op's answer (without its ``ok``). A job lives in the
worker's memory: at most MAX_JOBS at once (starting another forgets the oldest), none after the
worker restarts; a step of an unknown job is refused (field ``job``) and the page starts again.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from engine.ai.expert import DEFAULT_SAMPLES
from engine.core.boundary import check_int, echo
from engine.core.error_codes import REQUEST, bad_input, code_for
from engine.surfaces.practice_api import Steps, could_win_steps, luck_split_steps, peek_deal_steps

Json = dict[str, Any]

STEPPED: dict[str, Callable[[Json], Steps]] = {
    "practice.could_win": could_win_steps,
    "practice.peek": peek_deal_steps,
    "practice.luck": luck_split_steps,
}
# One computer card's work (the expert's default samples): a step holds the worker about as
# long as the computer's reply does.
DEFAULT_BUDGET = DEFAULT_SAMPLES
MAX_BUDGET = 100_000
MAX_JOBS = 8
MAX_JOB_ID = (1 << 53) - 1

_jobs: OrderedDict[int, Steps] = OrderedDict()
_next_id = 1


def _budget(request: Json) -> int:
    return check_int(request.get("budget", DEFAULT_BUDGET), "budget", 1, MAX_BUDGET, code_for(REQUEST))


def _advance(job: int, steps: Steps, budget: int) -> Json:
    """Run `steps` until `budget` units of work are done (at least one unit) or it ends."""
    work = 0
    done = total = 0
    try:
        while work < budget:
            cost, done, total = next(steps)
            work += cost
    except StopIteration as end:
        _jobs.pop(job, None)
        return {"job": job, "done": True, "work": work, "answer": end.value}
    except BaseException:
        _jobs.pop(job, None)  # a failed job (a bad request, a bug) is over
        raise
    return {"job": job, "done": False, "work": work, "done_units": done, "total_units": total}


def start_job(request: Json) -> Json:
    global _next_id
    inner = request.get("request")
    if not isinstance(inner, dict):
        raise bad_input(REQUEST, "request", f"expected the request object of a job, got {echo(inner)}")
    op = inner.get("op")
    make = STEPPED.get(op) if isinstance(op, str) else None
    if make is None:
        problem = f"expected a request with op one of {', '.join(STEPPED)}, got {echo(op)}"
        raise bad_input(REQUEST, "request", problem)
    budget = _budget(request)
    job = _next_id
    _next_id = 1 if _next_id >= MAX_JOB_ID else _next_id + 1
    steps = make(inner)
    _jobs[job] = steps
    while len(_jobs) > MAX_JOBS:
        _jobs.popitem(last=False)
    return _advance(job, steps, budget)


def _job(request: Json) -> int:
    return check_int(request.get("job"), "job", 1, MAX_JOB_ID, code_for(REQUEST))


def step_job(request: Json) -> Json:
    job = _job(request)
    budget = _budget(request)
    steps = _jobs.get(job)
    if steps is None:
        problem = f"no job {job} in this worker (finished, dropped or forgotten): start it again"
        raise bad_input(REQUEST, "job", problem)
    return _advance(job, steps, budget)


def drop_job(request: Json) -> Json:
    job = _job(request)
    steps = _jobs.pop(job, None)
    if steps is not None:
        steps.close()
    return {"job": job, "dropped": steps is not None}


def run_whole(request: Json, budget: int = DEFAULT_BUDGET) -> tuple[Json, list[int]]:
    """A job run to its end in steps, in this process (tests and scripts/bench_background.py):
    its answer and the work of each step."""
    step = start_job({"request": request, "budget": budget})
    works = [step["work"]]
    while not step["done"]:
        step = step_job({"job": step["job"], "budget": budget})
        works.append(step["work"])
    return step["answer"], works


OPERATIONS = {"job.start": start_job, "job.step": step_job, "job.drop": drop_job}
