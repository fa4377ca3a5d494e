"""Only views leave the engine for a seat (issue 12, item 2).

For every surface a seated reader uses (the terminal game, the stepper's replay with a
narrator, the practice page) and every preset, nothing reaches a seat that it may not see.
What a seat may see is worked out here from the deal's history and RULES.md §1 and §6.6,
independently of engine/view.py: its own dealt cards, every played card, the card that
turned trump, every draw (a face-down stock: only its own draws) and, with an open stock,
the stock's top card.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import PRESETS, Deal, card_code, cards_of, record_of
from engine.surfaces.catalogue import Catalogue
from engine.surfaces.practice_api import Game
from engine.surfaces.terminal import TerminalGame
from engine.surfaces.web_api import handle

CODE = re.compile(r"^[2-9TJQKA][SHDC]$")
presets = st.sampled_from(sorted(PRESETS))
seeds = st.integers(0, 2**32)


def may_see(deal: Deal, seat: int) -> set[str]:
    hidden = deal.rules.stock == "hidden"
    seen = set(cards_of(deal.initial_hands[seat])) | set(deal.plays) | {deal.trump_card}
    for trick in deal.tricks:
        seen.update(draw.card for draw in trick.draws if not hidden or draw.seat == seat)
    if not hidden and deal.stock_top is not None:
        seen.add(deal.stock_top)
    return {card_code(card) for card in seen}


def codes_in(value: object) -> set[str]:
    """Every card code anywhere in a JSON value."""
    if isinstance(value, str):
        return {value} if CODE.match(value) else set()
    if isinstance(value, list):
        return set().union(*map(codes_in, value)) if value else set()
    if isinstance(value, dict):
        return codes_in(list(value.values()))
    return set()


def ask(request: dict) -> dict:
    answer = json.loads(handle(json.dumps(request)))
    assert answer["ok"], answer
    return answer


def random_deal(preset: str, seed: int) -> Deal:
    deal = Deal.from_seed(PRESETS[preset], seed, seed % PRESETS[preset].players)
    rng = random.Random(seed)
    while not deal.is_over:
        deal.play(rng.choice(list(deal.legal_plays())))
    return deal


@settings(max_examples=40, deadline=None)
@given(preset=presets, seed=seeds)
def test_the_stepper_replay_shows_a_narrator_only_what_it_may_see(preset, seed):
    deal = random_deal(preset, seed)
    record = record_of(deal)
    for narrator in range(deal.players):
        answer = ask({"op": "replay", "record": record, "narrator": narrator})
        replayed = Deal.from_cards(deal.rules, record["hands"], record["stock"], deal.dealer)
        for step, state in enumerate(answer["states"]):
            if step:
                replayed.play(deal.plays[step - 1])
            leaked = codes_in(state) - may_see(replayed, narrator)
            assert not leaked, (preset, seed, narrator, step, leaked)


def _practice_step(answer: dict, rng: random.Random) -> dict | None:
    state, record = answer["state"], answer["record"]
    waiting = state["waiting_for"]
    if waiting == "match_over":
        return None
    if waiting == "next_deal":
        return ask({"op": "practice.next", "record": record})
    if waiting == "human":
        return ask({"op": "practice.play", "record": record, "card": rng.choice(state["deal"]["legal"])})
    return ask({"op": "practice.bot", "record": record})


@settings(max_examples=12, deadline=None)
@given(preset=presets, seed=seeds)
def test_the_practice_page_shows_the_human_only_what_it_may_see(preset, seed):
    rules = replace(PRESETS[preset], target=2)  # a short match, still several deals
    answer = ask({"op": "practice.new", "rules": rules.to_spec(), "seed": seed, "level": "random"})
    rng = random.Random(seed)
    while answer is not None:
        deal = Game(answer["record"]).deal
        shown = codes_in({key: answer[key] for key in ("state", "events") if key in answer})
        leaked = shown - may_see(deal, 0)
        assert not leaked, (preset, seed, len(deal.plays), leaked)
        answer = _practice_step(answer, rng)


@settings(max_examples=12, deadline=None)
@given(preset=presets, seed=seeds)
def test_the_terminal_game_shows_the_human_only_what_it_may_see(preset, seed):
    catalogue = Catalogue("en")
    shown_as = {catalogue.card(card_code(card)): card_code(card) for card in range(52)}
    pattern = re.compile("|".join(re.escape(text) for text in sorted(shown_as, key=len, reverse=True)))
    rng = random.Random(seed)
    game: TerminalGame | None = None
    lines = 0

    def read(prompt: str) -> str:
        assert game is not None and game.match.deal is not None
        return card_code(rng.choice(list(game.match.deal.legal_plays())))

    def write(line: str) -> None:
        nonlocal lines
        assert game is not None
        deal = game.match.deal
        if deal is None:
            return
        if game.match.is_over and deal.is_over:
            return  # the closing line names the winner only
        lines += 1
        leaked = {shown_as[text] for text in pattern.findall(line)} - may_see(deal, 0)
        assert not leaked, (preset, seed, line, leaked)

    game = TerminalGame("en", replace(PRESETS[preset], target=2), "random", seed, read=read, write=write)
    assert game.run() == 0
    assert lines > 20
