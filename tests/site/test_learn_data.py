"""The built site's course data (assets/learn/levels.json) agrees with the engine.

Each level is replayed from its published record, and its answers, feedback and view are
worked out again here from the engine's own primitives (legal cards, Deal.check's refusals,
the trick's beating cards, the exact endgame values, the sampled values with the seed and the
margin tutorials/README.md documents, the deal's result, the hidden hand itself), not through
engine/content/goals.py, so a goal type that drifts from the rules is caught. Every text the
page needs is in every language, the French typography applied.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from engine.analysis.deal_analysis import exact_option_values, sampled_option_values
from engine.core.cards import JACK, SUIT_MASKS, SUITS, card_code, make_card, mask_value, parse_card
from engine.core.deal import Deal
from engine.core.errors import IllegalPlay
from engine.core.locales import LANGUAGES
from engine.core.record import read_record
from engine.core.tricks import beating_masks


@pytest.fixture(scope="module")
def course(site_dir: Path) -> dict:
    path = site_dir / "assets" / "learn" / "levels.json"
    assert path.is_file(), f"{path} is missing: the learn hook writes it"
    return json.loads(path.read_text(encoding="utf-8"))


def position(level: dict) -> Deal:
    read = read_record(level["record"])
    deal = read.deal
    for card in read.plays:
        deal.play(card)
    return deal


def refusal(deal: Deal, card: int) -> str | None:
    try:
        deal.check(card)
    except IllegalPlay as error:
        return error.key
    return None


def expected_answers(level: dict, deal: Deal) -> list:
    seat, goal = level["seat"], level["goal"]
    legal = sorted(deal.legal_plays())
    if goal == "legal_card":
        return [card_code(c) for c in legal]
    if goal == "wins_trick":
        beats = beating_masks(deal.trump)
        best = deal.current_trick[0]
        for card in deal.current_trick[1:]:
            best = card if beats[best] >> card & 1 else best
        return [card_code(c) for c in legal if beats[best] >> c & 1]
    if goal == "best_card" and deal.stock_remaining == 0:
        options = exact_option_values(deal, seat)
        top = max(o.value for o in options.values())
        return [card_code(c) for c in legal if options[c].value == top]
    if goal == "best_card":
        # tutorials/README.md, the margin rule: 256 samples seeded "learn:<id>", the cards
        # within 0.25 of the best accepted, every other one at least 0.75 below them.
        sampled = sampled_option_values(deal, 256, random.Random(f"learn:{level['id']}"))
        top = max(o.value for o in sampled.values())
        accepted = [c for c in legal if sampled[c].value >= top - 0.25]
        others = [sampled[c].value for c in legal if c not in accepted]
        assert others and min(sampled[c].value for c in accepted) - max(others) >= 0.75, level["id"]
        return [card_code(c) for c in accepted]
    if goal == "count":
        view = deal.view(seat)
        return [
            {
                "value_won": mask_value(deal.won[seat]),
                "stock_left": view.stock_count,
                "tricks_won": sum(1 for t in deal.tricks if t.winner == seat),
                "trumps_out": ((view.known[1 - seat] | view.unseen) & SUIT_MASKS[deal.trump]).bit_count(),
                # The stock is empty: the reader can know the opponent's real hand.
                "opponent_value": mask_value(deal.hands[1 - seat]) if not deal.stock_remaining else None,
            }[level["kind"]]
        ]
    question = level["question"]
    if question == "trump_suit":
        return [SUITS[deal.trump]]
    if question == "jack_out":
        jack = make_card(JACK, deal.trump)
        gone = any(jack in t.cards for t in deal.tricks) or jack in deal.current_trick
        return ["no" if gone or deal.hands[seat] >> jack & 1 else "yes"]
    if question == "drew_top":
        return ["you" if deal.tricks[-1].draws[0].seat == seat else "opponent"]
    if question == "point_winner":
        scorer = deal.result().points[level["point"]]
        return ["no_one" if scorer is None else "you" if scorer == seat else "opponent"]
    if question == "match_winner":
        scores = list(level["record"].get("scores_before", [0, 0]))
        # The count-out order (RULES.md §1); a turned jack was scored before the first card.
        order = ("jack", "high", "low", "game") if deal.jack_turned else ("high", "low", "jack", "game")
        for name in order:
            scorer = deal.result().points[name]
            if scorer is not None:
                scores[scorer] += 1
                if scores[scorer] >= deal.rules.target:
                    return ["you" if scorer == seat else "opponent"]
        return ["no_one"]
    if question == "trick_winner":
        return ["you" if deal.tricks[-1].winner == seat else "opponent"]
    if question == "opponent_has_trump":
        assert not deal.stock_remaining, level["id"]
        return ["yes" if deal.hands[1 - seat] & SUIT_MASKS[deal.trump] else "no"]
    raise AssertionError(f"{level['id']}: unknown question {question}")


def test_every_published_level_agrees_with_the_engine(course, site_dir):
    links: set[str] = set()
    assert course["version"] == 1
    assert len(course["levels"]) >= 60
    for level in course["levels"]:
        deal = position(level)
        if level["goal"] == "play_deal":
            # A deal played on the Practice page: no answers; the page deals it from the seed.
            dealt = Deal.from_seed(level["rules"], level["seed"], level["dealer"])
            assert level["answers"] == [] and not deal.plays and level["seat"] == 0, level["id"]
            assert level["view"] == dealt.view(0).to_dict(), level["id"]
            assert level["level"] in ("random", "heuristic", "expert") and level["par"] == 1, level["id"]
            continue
        assert level["answers"] == expected_answers(level, deal), level["id"]
        assert level["view"] == deal.view(level["seat"]).to_dict(), level["id"]
        assert level["target"] == deal.rules.target, level["id"]
        assert 1 <= level["par"] <= len(level["answers"]), level["id"]
        if level["goal"] in ("legal_card", "wins_trick", "best_card"):
            hand = {card_code(c) for c in deal.hand(level["seat"])}
            assert set(level["feedback"]) == hand - set(level["answers"]), level["id"]
            for code, feedback in level["feedback"].items():
                key = refusal(deal, parse_card(code))
                if key is None:
                    assert feedback["kind"] == "wrong" and feedback["key"], (level["id"], code)
                else:
                    rule = key.removeprefix("errors.")
                    if rule == "must_follow_suit_no_trump":
                        # No trump in hand: the standard rule unless the stricter variant is on.
                        rule = "must_follow_suit" if deal.rules.trump_when_able else "must_follow_suit_only"
                    assert feedback == {
                        "kind": "illegal", "key": key, "rule": "rule_refs." + rule,
                        "rule_link": feedback["rule_link"],
                        "params": {"card": code, "suit": feedback["params"]["suit"], "trump": SUITS[deal.trump]},
                    }, (level["id"], code)  # fmt: skip
                    links.add(feedback["rule_link"])
        elif level["goal"] == "choice":
            assert set(level["feedback"]) == set(level["options"]) - set(level["answers"]), level["id"]
    assert links, "no level refuses a card: the rule links went unchecked"
    # Every rule a refusal links to is a section of the built site, in every language.
    for link in links:
        page, anchor = link.split("#")
        for lang in LANGUAGES:
            html = (site_dir / ("" if lang == "en" else lang) / page / "index.html").read_text("utf-8")
            assert f'id="{anchor}"' in html, (lang, link)


def test_the_stages_list_every_level_once_in_course_order(course):
    orders = [stage["order"] for stage in course["stages"]]
    assert orders == sorted(orders)
    listed = [level_id for stage in course["stages"] for level_id in stage["levels"]]
    assert listed == [level["id"] for level in course["levels"]]


def test_every_text_the_page_needs_is_published_in_every_language(course):
    needed = {key for level in course["levels"] for key in level["texts"].values()}
    needed |= {fb["key"] for level in course["levels"] for fb in level["feedback"].values()}
    needed |= {fb["rule"] for level in course["levels"] for fb in level["feedback"].values() if "rule" in fb}
    needed |= {key for level in course["levels"] for key in level.get("options", {}).values()}
    needed |= {
        fb["reason"] for level in course["levels"] for fb in level["feedback"].values() if "reason" in fb
    }
    needed |= {level["why"]["key"] for level in course["levels"] if level["why"]}
    needed |= {w["key"] for level in course["levels"] for w in (level.get("why_by_answer") or {}).values()}
    needed |= {stage[name] for stage in course["stages"] for name in ("title", "intro")}
    assert set(course["texts"]) == set(LANGUAGES)
    for lang, texts in course["texts"].items():
        assert needed <= set(texts), (lang, needed - set(texts))
        assert all(text.strip() for text in texts.values()), lang
    french = [text for text in course["texts"]["fr"].values() if "?" in text]
    assert french and all("\u202f?" in text for text in french)


def test_every_level_says_why_its_answer_is_right_from_the_engine(course):
    """Each level's `why` agrees with the position: the rule that makes the legal cards legal,
    the card to beat, the exact gain of the best card once the stock is empty, the sum a count
    adds up to; and every placeholder of its text in every language has its value."""
    for level in course["levels"]:
        why = level["why"]
        if level["goal"] == "play_deal":
            assert why is None, level["id"]
            continue
        assert why and why["key"], level["id"]
        # The page words a seat as {player} and card values as {value}, {others}, {total} (learn.js).
        given = set(why["params"]) | ({"player"} if "seat" in why["params"] else set())
        given |= {"value", "others", "total"} if "values" in why["params"] else set()
        for lang in LANGUAGES:
            names = set(re.findall(r"\{(\w+)\}", course["texts"][lang][why["key"]]))
            assert names <= given, (level["id"], lang, names - given)
        deal, seat = position(level), level["seat"]
        params = why["params"]
        if level["goal"] == "wins_trick":
            beats = beating_masks(deal.trump)
            best = deal.current_trick[0]
            for card in deal.current_trick[1:]:
                best = card if beats[best] >> card & 1 else best
            assert params["card"] == card_code(best), level["id"]
        elif level["goal"] == "legal_card" and deal.current_trick:
            led = deal.current_trick[0] // 13
            holds = deal.hands[seat] & SUIT_MASKS[led]
            trumps = deal.hands[seat] & SUIT_MASKS[deal.trump]
            legal = {c for c in deal.legal_plays()}
            if why["key"] == "learn.why.must_trump":
                assert not holds and legal == set(cards(trumps)), level["id"]
            elif why["key"] == "learn.why.follow_or_trump":
                assert holds and trumps and legal == set(cards(holds | trumps)), level["id"]
            elif why["key"] == "learn.why.discard":
                assert not holds and not trumps and legal == set(deal.hand(seat)), level["id"]
        elif level["goal"] == "best_card" and not deal.stock_remaining:
            assert why["key"] == "learn.why.best_exact" + ("_tied" if len(level["answers"]) > 1 else ""), (
                level["id"]
            )
            options = exact_option_values(deal, seat)
            top = max(option.value for option in options.values())
            runner = max(option.value for option in options.values() if option.value < top)
            assert params["gain"] == round(top - runner, 2), level["id"]
            assert options[parse_card(params["other"])].value == runner, level["id"]
        elif level["goal"] == "count" and "sum" in params:
            assert params["sum"].rsplit("= ", 1)[-1] == str(level["answers"][0]), level["id"]
            assert sum(mask_value(1 << parse_card(c)) for c in params["cards"]) == level["answers"][0], level[
                "id"
            ]
        elif level["goal"] == "count" and level["kind"] == "trumps_out":
            stock = 1 if why["key"].endswith("_stock") else 0
            assert params["total"] - params["played"] - params["yours"] - stock == level["answers"][0], level[
                "id"
            ]


def cards(mask: int) -> list[int]:
    return [card for card in range(52) if mask >> card & 1]
