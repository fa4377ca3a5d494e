"""Every catalogue key is asked for by someone: the build, the browser or the engine.

The keys requested are recorded, not guessed from the sources:
- the build: every lookup the hooks make (scripts/hooks/catalogue_trace.py writes them next
  to the site folder);
- the browser: every lookup a page makes during the browser tests (tests/conftest.py
  records them and a run of the whole browser suite writes tests/browser/catalogue_keys_requested.txt);
- the terminal surfaces: a scripted terminal match (with a typo and a card not in hand)
  and a deal analysis in text, run here in every language, note their lookups too;
- the engine's message ids, which a UI turns into a key the moment the engine emits them
  (a hint's reason, a review reason, a point's reason): their codes come from the engine's
  own lists, so a code the engine no longer emits frees its key.
A key none of them asks for is dead text that translators keep paying for: delete it.
"""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path

import pytest
import site_data

sys.path.insert(0, str(site_data.ROOT / "scripts" / "hooks"))
from catalogue_trace import trace_path

from engine.ai.expert import REASON_CODES as HINT_CODES
from engine.analysis.reasons import REASON_CODES as REVIEW_CODES
from engine.core.cards import RANKS
from engine.core.outcome import NO_SCORER_REASON_KEYS, REASON_KEYS
from engine.surfaces.analysis_text import advantage_key, reason_key
from engine.surfaces.catalogue import CARD_FORM_KEYS

BROWSER_KEYS = site_data.ROOT / "tests" / "browser" / "catalogue_keys_requested.txt"


def catalogue_keys(lang: str) -> set[str]:
    keys: set[str] = set()

    def walk(node: dict, prefix: str) -> None:
        for key, value in node.items():
            if isinstance(value, dict):
                walk(value, f"{prefix}{key}.")
            else:
                keys.add(f"{prefix}{key}")

    walk(site_data.catalogue(lang), "")
    return keys


def build_keys(site_dir: Path) -> set[str]:
    path = trace_path(site_dir)
    if not path.is_file():
        pytest.fail(f"{path} is missing: build the site with scripts/build (the catalogue_trace hook writes it)")
    return set(json.loads(path.read_text(encoding="utf-8")))


def browser_keys() -> set[str]:
    lines = BROWSER_KEYS.read_text(encoding="utf-8").splitlines()
    return {line for line in lines if line and not line.startswith("#")}


def engine_message_keys() -> set[str]:
    """Keys the engine's message ids become in a UI: a hint's reason, a review reason, a point's
    reason (in its reader and other-seat forms when someone scored it)."""
    points = set()
    for key in REASON_KEYS:
        points |= {key} if key in NO_SCORER_REASON_KEYS else {f"{key}_you", f"{key}_other"}
    review = {f"analysis.reasons.{code}" for code in REVIEW_CODES}
    # With three players some review reasons are worded for two opponents (analysis_text.reason_key).
    review |= {reason_key(code, 3) for code in REVIEW_CODES}
    # The text analysis tells of every seat in the third person (reason_key(..., reader=False)).
    review |= {reason_key(code, players, reader=False) for code in REVIEW_CODES for players in (2, 3)}
    # Each review option also carries what the better card does better, by the same codes.
    review |= {advantage_key(code, players) for code in REVIEW_CODES for players in (2, 3)}
    # A line of play is told trick by trick from the reader's side: who played first (you or
    # the other seat) and how the trick ended, each a sentence the page picks from the engine's
    # trick data (engine-client.js lineOfPlay).
    lines = {f"analysis.line.{side}_first_{end}" for side in ("you", "other") for end in ("won", "lost", "open")}
    return {f"hints.{code}" for code in HINT_CODES} | review | points | lines


def terminal_keys() -> set[str]:
    """Play a scripted terminal match and print a deal analysis in every language."""
    from engine import Deal, Rules, card_code, record_of
    from engine.analysis.deal_analysis import analyse
    from engine.core.errors import IllegalPlay
    from engine.surfaces.analysis_text import annotated_deal
    from engine.surfaces.catalogue import requested_keys
    from engine.surfaces.cli import main as cli
    from engine.surfaces.terminal import TerminalGame

    deal = Deal.from_seed(Rules(), 11, 0)
    while not deal.is_over:
        deal.play(min(deal.legal_plays()))
    try:
        deal.play(0)  # the engine's refusal after the last trick, in its own English words
    except IllegalPlay:
        pass
    analysis = analyse(record_of(deal), only=range(44, 52))

    def as_shown(card: int) -> str:  # typed as the hand shows it ("10♥"), read in every language
        return card_code(card)[0] + "SHDC♠♥♦♣"[4 + "SHDC".index(card_code(card)[1])]

    for lang in site_data.LANGUAGES:
        inputs = iter(["zz", "10C"])  # not a card; an English letter the language reads as its own (C: hearts)
        state: dict[str, TerminalGame] = {}

        def read(prompt: str) -> str:
            typed = next(inputs, None)
            if typed is not None:
                return typed
            game = state["game"]
            hand = game.match.deal.view(0).hand
            missing = next(c for c in range(52) if not hand >> c & 1)
            if not state.get("refused"):
                state["refused"] = "yes"
                return as_shown(missing)  # not in hand: refused with the catalogue's message
            return as_shown(min(game.match.deal.legal_plays()))

        state["game"] = TerminalGame(lang, Rules(), "random", seed=3, read=read, write=lambda line: None)
        state["game"].run()
        annotated_deal(analysis, lang)
    # Three players: a Game reason names each other seat's card value, the reader among them
    # (`seats.in_text.you`); this match has such a reason (tests/engine/test_terminal.py).
    three: dict[str, TerminalGame] = {}
    three["game"] = TerminalGame(
        "pt",
        Rules.preset("shasta-sam"),
        "heuristic",
        seed=3,
        read=lambda prompt: as_shown(next(iter(three["game"].match.deal.legal_plays()))),
        write=lambda line: None,
    )
    three["game"].run()
    cli_input = site_data.ROOT / "tests" / "site" / "test_catalogue_keys.py"  # not a record
    assert cli(["replay", str(cli_input)]) != 0
    return set(requested_keys())


# A count looks up one form of its plural family (`_one`, `_other`), chosen by the number:
# asking for one form is asking for the family.
PLURAL_FORMS = ("_one", "_other")

# Keys the code asks for only in states no test reaches yet, each with where and when. The
# list can only shrink: a key here that a trace records, or that the catalogue no longer has,
# fails the test below.
NOT_YET_REACHED = {
    "analysis.ui.no_mistakes": "review.js: a reviewed deal with no inaccuracy, mistake or blunder",
    "practice.bad_link.other": "practice.js: a deal link that cannot be read at all",
    "practice.no_one": "practice.js: the score sheet's Who column for a point no one scored",
    "puzzles.conceded": "puzzles.js: a wrong card that concedes a point without losing one",
    "puzzles.engine_error": "puzzles.js: the engine fails to answer",
    "puzzles.solved_mark": "puzzles.js: a puzzle already solved, opened again",
    "rule_refs.deal_over": "engine-client.js explainRefusal: a play refused because the deal is over",
    "rule_refs.not_in_hand": "engine-client.js explainRefusal: a card that is not in the hand",
    "ui.engine_error": "practice.js, stepper.js: the engine fails to answer",
    "ui.rules_no_difference": "stepper.js: an example's alternative rules that change nothing",
    "ui.rules_same_points": "stepper.js: alternative rules that change the play but not the points",
}


def with_plural_families(keys: set[str]) -> set[str]:
    families = {key.removesuffix(form) for key in keys for form in PLURAL_FORMS if key.endswith(form)}
    return keys | {family + form for family in families for form in PLURAL_FORMS}


# A card's forms (`{card.the}`, `{card.of_the}`...) are one family: any template may put any
# card in any form, and the card (so the rank) is the deal's, so asking for one form of one rank
# is asking for every form of every rank.
CARD_FORM_FAMILY = {f"ranks.{rank}.{key}" for rank in RANKS for key in CARD_FORM_KEYS}


def with_card_forms(keys: set[str]) -> set[str]:
    return keys | CARD_FORM_FAMILY if keys & CARD_FORM_FAMILY else keys


def test_every_catalogue_key_is_requested(site_dir):
    traced = build_keys(site_dir) | browser_keys() | terminal_keys()
    requested = with_card_forms(with_plural_families(traced)) | engine_message_keys()
    reached = sorted(key for key in NOT_YET_REACHED if key in traced)
    if reached:  # a nudge, not a fault: the list may only shrink, and a traced key is requested
        warnings.warn(f"now traced, so drop them from NOT_YET_REACHED: {reached}", stacklevel=1)
    gone = sorted(key for key in NOT_YET_REACHED if key not in catalogue_keys("en"))
    assert not gone, f"no longer in the catalogue, so drop them from NOT_YET_REACHED: {gone}"
    unused = sorted(catalogue_keys("en") - requested - set(NOT_YET_REACHED))
    assert not unused, (
        "no code asks for these keys (build trace, browser trace, engine message ids); delete them "
        "from every engine/locales/*.json, or, if a browser lookup is new, rerun the whole browser "
        "suite to refresh tests/browser/catalogue_keys_requested.txt:\n" + "\n".join(unused)
    )


def test_the_traces_are_real_lookups():
    """The browser trace holds keys the pages asked for, not a copy of the catalogue."""
    known = catalogue_keys("en")
    traced = browser_keys()
    assert traced, "the browser trace is empty: run the whole browser suite"
    # Probes for plural forms a language lacks (`_many`, `_few`) are real lookups that find nothing.
    stale = sorted(k for k in traced - known if not k.endswith(("_many", "_few", "_two", "_zero")))
    assert not stale, "the browser asked for keys the catalogue lacks (rerun the browser suite):\n" + "\n".join(stale)
