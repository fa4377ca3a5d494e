"""The analysis of a deal as plain text in one language (`python -m engine analyse --text`).

Every word comes from the catalogue (`analysis.*`, `ui.*`, `seats.*`, `points.*`), so the
terminal reads exactly like the site in each language.
"""

from __future__ import annotations

from typing import Any

from engine.analysis.deal_analysis import VALUE_BANDS, WIN_BANDS
from engine.surfaces.catalogue import Catalogue, plural_category

SEAT_LETTERS = "ABC"


def _number(value: float, catalogue: Catalogue, signed: bool = False) -> str:
    text = f"{value:+.2f}" if signed else f"{value:.2f}"
    # A true minus sign reads better than a hyphen in every language.
    return text.replace(".", catalogue.text("analysis.ui.decimal")).replace("-", "\u2212")


def _percent(chance: float, catalogue: Catalogue) -> str:
    return catalogue.text("analysis.ui.percent", n=round(chance * 100))


def graded_by(decision: dict[str, Any], catalogue: Catalogue) -> str:
    """Which measure graded the card, with its numbers and the scale in use (the page says the
    same: docs/assets/javascripts/review.js)."""
    if decision["graded_by"] == "win_chance":
        played = next(o for o in decision["options"] if o["card"] == decision["played"])
        top = max(o["win_chance"] for o in decision["options"])
        good, inaccuracy, mistake = (str(round(band * 100)) for band in WIN_BANDS)
        return catalogue.text(
            "analysis.ui.graded_by_win_chance",
            played=_percent(played["win_chance"], catalogue),
            best=_percent(top, catalogue),
            win_good=good,
            win_inaccuracy=inaccuracy,
            win_mistake=mistake,
        )
    # The bands in the loss's own format ("1,00 … up to 0,50"): one sentence, one way of
    # writing its numbers.
    good, inaccuracy, mistake = (_number(band, catalogue) for band in VALUE_BANDS)
    category = plural_category(catalogue.lang, decision["loss"], fraction_digits=2)
    return catalogue.text(
        f"analysis.ui.graded_by_value_{category}",
        loss=_number(decision["loss"], catalogue),
        good=good,
        inaccuracy=inaccuracy,
        mistake=mistake,
    )


# The analysis reasons that speak of "the opponent": with three players they are worded for
# two opponents (catalogue `analysis.reasons_three.<code>`).
THREE_PLAYER_REASONS = (
    "throws_away_ten",
    "gives_up_high",
    "gives_up_high_draw",
    "loses_low",
    "loses_low_holder",
    "gives_up_jack",
)


def reason_key(code: str, players: int, reader: bool = True) -> str:
    """The catalogue key that words an analysis reason for a deal of `players`: told to the
    reader ("your ten") on the review page, or in the third person ("this player") where no
    reader sits, as in the text analysis, whose line above names the seat
    (`analysis.reasons_other`, `analysis.reasons_three_other`)."""
    three = players == 3 and code in THREE_PLAYER_REASONS
    group = ("reasons_three" if three else "reasons") + ("" if reader else "_other")
    return f"analysis.{group}.{code}"


def advantage_key(code: str, players: int) -> str:
    """The catalogue key that words what a better card does better (the same codes as the
    reasons, from the better card's side), for the reader: with three players, of both
    opponents (`analysis.advantages_three`)."""
    three = players == 3 and code in THREE_PLAYER_REASONS
    return f"analysis.{'advantages_three' if three else 'advantages'}.{code}"


def annotated_deal(analysis: dict[str, Any], lang: str = "en") -> str:
    """The decisions of `analysis` (from `engine.analysis.analyse`) as lines of text."""
    catalogue = Catalogue(lang)
    text = catalogue.text
    trump = analysis["trump"]
    suit = f"{text(f'suits.{trump}.symbol')} {text(f'suits.{trump}.name')}"
    lines = [text("analysis.ui.title", suit=suit)]
    trick = None
    for decision in analysis["decisions"]:
        if decision["trick"] != trick:
            trick = decision["trick"]
            lines.append("")
            lines.append(text("ui.trick", n=trick))
        # No reader sits at this table: every seat is told of in the other-seat form.
        player = text("seats.in_text.seat", letter=SEAT_LETTERS[decision["seat"]])
        grade = text(f"analysis.grades.{decision['grade']}")
        head = text("analysis.ui.decision_other", player=player, card=catalogue.card(decision["played"]))
        line = "  " + text("analysis.ui.verdict", decision=head, grade=grade)
        lines.append(line)
        if decision["grade"] != "best":
            lines.append("    " + graded_by(decision, catalogue))
        if decision["reason"]:
            key = reason_key(decision["reason"], analysis["players"], reader=False)
            lines.append("    " + text(key))
        if decision["grade"] != "best":
            best = [catalogue.card(card) for card in decision["best"]]
            shown = catalogue.count("analysis.ui.shown", len(best), cards=catalogue.series(best))
            lines.append("    " + shown)
        options = []
        for option in decision["options"]:
            entry = f"{catalogue.card(option['card'])} {_number(option['value'], catalogue, signed=True)}"
            if "win_chance" in option:
                entry += f" ({_percent(option['win_chance'], catalogue)})"
            options.append(entry)
        lines.append("    " + " · ".join(options))
    lines.append("")
    for seat, grades in analysis["summary"].items():
        player = text("seats.seat", letter=SEAT_LETTERS[int(seat)])
        counts = " · ".join(catalogue.count(f"analysis.counts.{grade}", n) for grade, n in grades.items())
        lines.append(f"{player} — {counts}")
    return "\n".join(lines) + "\n"
