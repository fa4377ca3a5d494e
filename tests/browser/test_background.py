"""Background work never makes the reader's card wait (issue 24; engine-client.js background
requests, engine/surfaces/jobs.py), in Chromium.

A "Could I have won?" on the last deal runs in the background while the reader plays the next
deal: the reader's card gets the computer's reply before the job ends,
no background step is sent between the card and its reply, and the job's answer, when it comes,
is the one CPython's engine gives for the same request. Ordering, never time, is asserted.
"""

from __future__ import annotations

import json

import pytest
from practice_support import no_motion, play_first_legal, saved_record, wait_ready, wait_settled

from engine.surfaces.web_api import handle

pytestmark = pytest.mark.browser

WORK_TIMEOUT_MS = 240_000

# The page's own engine client (the same module instance practice.js uses), a background job
# on the last finished deal, and the order in which the reader's reply and the job end.
START = """async (record) => {
  const url = performance.getEntriesByType('resource').map((e) => e.name)
    .find((n) => n.includes('/engine-client.js'));
  const client = await import(url);
  window.__order = [];
  window.__steps = 0;
  const root = document.querySelector('.cj-practice');
  const sent = () => performance.getEntriesByName('cj-engine-background-sent').length;
  new MutationObserver(() => {
    if (window.__clicked && ['human', 'next_deal', 'match_over'].includes(root.dataset.phase)) {
      window.__clicked = false;
      window.__order.push({ event: 'reply', steps_sent: sent() - window.__sentAtClick });
    }
  }).observe(root, { attributes: true, attributeFilter: ['data-phase'] });
  root.addEventListener('click', (event) => {
    if (!event.target.closest('[data-role=hand] [data-legal=true]')) return;
    window.__clicked = true;
    window.__sentAtClick = sent();
  }, true);
  client.engine().request({ op: 'practice.could_win', record }, {
    background: true,
    progress: () => { window.__steps += 1; },
  }).then((answer) => {
    window.__answer = answer;
    window.__order.push({ event: 'job' });
  }, (error) => { window.__order.push({ event: 'failed', error: String(error) }); });
}"""


@pytest.mark.parametrize("one_worker", [False, True], ids=["own-worker", "page-worker"])
def test_a_card_played_during_background_work_is_answered_first(watched_page, site_url, one_worker):
    """In its own worker, or (where that cannot start) in the page's, between the reader's
    requests: either way the reader's card goes first."""
    page = watched_page.page
    no_motion(page)
    if one_worker:
        page.add_init_script("globalThis.cjEngineOneWorker = true;")
    page.goto(f"{site_url}practice/?seed=7&rules=standard,target:99&level=heuristic")
    table = wait_ready(page)  # a link starts its match at once
    phase = wait_settled(page)
    while phase == "human":
        phase = play_first_legal(page, table)
    assert phase == "next_deal"
    record = saved_record(page)
    expected = json.loads(handle(json.dumps({"op": "practice.could_win", "record": record})))
    assert expected.pop("ok") is True
    phase = play_first_legal(page, table)  # the next deal
    assert phase == "human"
    page.evaluate(START, record)
    # The job is under way, in steps, when the reader plays.
    page.wait_for_function("() => window.__steps >= 2", timeout=WORK_TIMEOUT_MS)
    play_first_legal(page, table)
    page.wait_for_function("() => window.__order.some((e) => e.event !== 'reply')", timeout=WORK_TIMEOUT_MS)
    order = page.evaluate("() => window.__order")
    assert order[0] == {"event": "reply", "steps_sent": 0}, order
    assert order[1] == {"event": "job"}, order
    # Its own worker: the page started a second one for it.
    starts = page.evaluate("() => performance.getEntriesByName('cj-engine-start').length")
    assert starts == (1 if one_worker else 2)
    # The background answer is the engine's, as if asked at once.
    assert page.evaluate("() => window.__answer") == expected
    assert watched_page.console_errors == []
