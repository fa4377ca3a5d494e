"""Markdown (with inline HTML) for the worked-example pages, and the stepper's JSON data.

The examples come checked and replayed from engine.content (engine/content/examples.py); this
module only writes them. Pages read fully without JavaScript. A card is
    <span class="cj-card cj-h" role="img" aria-label="jack of hearts">J♥</span>
its visible text is rank + suit symbol (the symbol's shape tells the suits apart; colour
is only added by cards.css), and its accessible name is the card's name in the page language.
"""

from __future__ import annotations

import html
import json

import rule_labels
import site_data
import typography
from worked_examples_strings import Catalogue

from engine.content.anchors import Anchor
from engine.content.examples import Example
from engine.content.placeholders import Context, resolve
from engine.content.replay import POINTS, SEAT_LETTERS, Replay, value_cards
from engine.surfaces.catalogue import (
    LANGUAGES,
    CardText,
    card_value_params,
    reason_message,
    seat_first,
    with_forms,
)
from engine.surfaces.catalogue import fill as fill_text


def esc(text: str) -> str:
    return html.escape(str(text), quote=True)


def card_html(code: str | None, cat: Catalogue) -> str:
    if code is None:
        name = cat.get("ui.hidden_card")
        return f'<span class="cj-card cj-hidden" role="img" aria-label="{esc(name)}">?</span>'
    name = cat.card_name(code)
    chip = (
        f'<span class="cj-card cj-{code[1].lower()}" role="img" aria-label="{esc(name)}">'
        f"{esc(cat.card_short(code))}</span>"
    )
    return CardText(chip, code, cat, esc)  # a template may name it with its article: {card.the}


def cards_html(codes, cat: Catalogue) -> str:
    if not codes:
        return '<span class="cj-none">—</span>'
    return '<span class="cj-cards">' + " ".join(card_html(c, cat) for c in codes) + "</span>"


class Formatter:
    """A placeholder's value in one language's words (engine.content.placeholders.Writer):
    cards as short text ("J♥"), seats as letters. Subclassed per output."""

    def __init__(self, cat: Catalogue):
        self.cat = cat

    def card(self, code: str) -> str:
        return CardText(self.cat.card_short(code), code, self.cat)  # a template may say {card.the}

    def card_form(self, code: str, form: str) -> str:
        """`{trump_card.the}`: the card as `card` writes it, with the rank's article."""
        return CardText(self.card(code), code, self.cat, self.text).form(form)

    def card_name(self, code: str) -> str:
        return self.cat.card_name(code)

    def suit_name(self, suit: str) -> str:
        return self.cat.suit_name(suit)

    def text(self, value: str) -> str:
        return value

    def seat(self, seat) -> str:
        return self.cat.ex("no_one") if seat is None else SEAT_LETTERS[seat]

    def join(self, items: list[str]) -> str:
        return ", ".join(items)

    def message(self, key: str, **values: str) -> str:
        """The catalogue message `key` filled with values already written for this output."""
        return fill_text(self.cat.get(key), **values)

    def draw(self, seat: int, card: str | None) -> str:
        player = self.cat.seat(SEAT_LETTERS[seat])
        if card is None:
            return self.message("ui.draw_hidden", player=self.text(player))
        # The card as this output writes it, so the template can name it in a form ({card.the}).
        return self.message("ui.draw_other", player=self.text(player), card=self.card(card))


class HtmlFormatter(Formatter):
    def card(self, code: str) -> str:
        return card_html(code, self.cat)

    def text(self, value: str) -> str:
        return esc(value)

    def message(self, key: str, **values: str) -> str:
        return fill(self.cat.get(key), **values)  # escapes the template's words, not the chips

    def seat(self, seat) -> str:
        return esc(super().seat(seat))

    def join(self, items):
        return ", ".join(items)


class TextFormatter(Formatter):
    """Plain text (cards as 'J♥'), for the stepper's data."""


def fill(template: str, **values) -> str:
    """Put already-escaped HTML values into a catalogue template, escaping the template itself
    (a card's forms, `{card.the}`, escape the words they add)."""
    template, values = with_forms(template, values)
    values = seat_first(template, values)
    marks = {key: f"\x00{i}\x00" for i, key in enumerate(values)}
    text = esc(template.format(**marks))
    for key, mark in marks.items():
        text = text.replace(mark, str(values[key]))
    return text


def seat_html(cat: Catalogue, seat: int) -> str:
    """A lettered seat as a sentence names it (`seats.in_text.letter`), escaped."""
    return esc(cat.seat(SEAT_LETTERS[seat]))


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


# --------------------------------------------------------------------------------------------


class PageWriter:
    def __init__(self, example: Example, lang: str, cat: Catalogue):
        self.ex = example
        self.lang = lang
        self.cat = cat
        assert example.replay is not None, "render only examples engine.content has replayed"
        self.rep: Replay = example.replay
        self.fmt = HtmlFormatter(cat)
        self.notes = self._notes(example.data.get("annotations") or [])

    def _notes(self, notes) -> dict[Anchor, list[str]]:
        out: dict[Anchor, list[str]] = {}
        for note in notes:
            out.setdefault(Anchor.parse(note["at"]), []).append(note["text"][self.lang])
        return out

    def t(self, texts: dict) -> str:
        return str(texts[self.lang]).strip()

    def seat_label(self, seat: int) -> str:
        label = SEAT_LETTERS[seat]
        if seat == self.rep.record.get("dealer", 0):
            label += " · " + self.cat.get("ui.dealer")
        return esc(label)

    def resolve(self, text: str, anchor: Anchor | None, rep: Replay | None = None, **extra) -> str:
        return resolve(str(text).strip(), Context(rep or self.rep, anchor, extra), self.fmt)

    def note_blocks(self, anchor: Anchor, notes=None, rep=None) -> list[str]:
        blocks = []
        for text in (notes if notes is not None else self.notes).get(anchor, []):
            body = self.resolve(text, anchor, rep)
            blocks.append(f'<div class="cj-note" markdown="1">\n\n{body}\n\n</div>\n')
        return blocks

    # ----- pieces -------------------------------------------------------------------------------

    def rules_line(self, rules) -> str:
        """'Rules in use': the preset's reader-facing name, then how the rules differ from the standard."""
        cat = self.cat
        preset = rule_labels.preset_of(rules)
        name = rule_labels.preset_name(self.lang, preset) if preset else cat.ex("custom")
        line = f"{cat.ex('preset', name=name)}."
        changes = rule_labels.rules_differences(self.lang, rules)
        if changes:
            line += " " + cat.ex("rules_changes", changes=" · ".join(changes))
        heading = f"<strong>{esc(cat.ex('rules_in_use'))}</strong>"
        return f'<p class="cj-rules">{fill(cat.get("ui.run_in"), heading=heading, text=esc(line))}</p>\n'

    def state_table(self, index: int, caption: str) -> str:
        """The hands (narrator's view), the stock's top card and count before play `index`."""
        state = self.rep.states[index]
        cat = self.cat
        rows = []
        for seat, hand in enumerate(state.hands):
            rows.append(
                f'<tr><th scope="row">{self.seat_label(seat)}</th><td>{cards_html(hand, cat)}</td></tr>'
            )
        stock_label = cat.get("ui.stock_top")
        if state.stock_count:
            top = card_html(state.stock_top, cat)
            if state.stock_count < self.rep.players:
                # Three players: the last card is never drawn, so it is no longer the top of a stock.
                stock_label = cat.get("ui.stock")
                stock = fill(cat.get("examples.out_of_play"), card=top)
            else:
                stock = f"{top} ({esc(site_data.plural(self.lang, 'ui.cards_left', state.stock_count))})"
        else:
            stock = esc(cat.get("ui.stock_empty"))
        rows.append(f'<tr class="cj-stock"><th scope="row">{esc(stock_label)}</th><td>{stock}</td></tr>')
        return (
            f'<table class="cj-table" data-step="{index}">\n<caption>{esc(caption)}</caption>\n'
            + "\n".join(rows)
            + "\n</table>\n"
        )

    def hands_caption(self) -> str:
        narrator = self.ex.narrator
        if narrator == "all":
            return self.cat.ex("hands_before")
        return self.cat.ex("narrator_view", player=self.cat.seat(SEAT_LETTERS[narrator]))

    def play_line(self, index: int) -> str:
        rep = self.rep
        seat = rep.seat_of_play(index)
        card = card_html(rep.plays[index], self.cat)
        key = "examples.leads" if index % rep.players == 0 else "ui.plays_other"
        line = fill(self.cat.get(key), player=seat_html(self.cat, seat), card=card)
        return f'<p class="cj-play" data-play="{index}">{line}</p>\n'

    def draws_line(self, trick: dict, rep: Replay | None = None) -> str:
        rep = rep or self.rep
        items = []
        for index, draw in enumerate(trick["draws"]):
            seat = seat_html(self.cat, draw["seat"])
            if rep.draw_hidden(trick["number"], index):
                items.append(fill(self.cat.get("ui.draw_hidden"), player=seat))
            else:
                items.append(
                    fill(self.cat.get("ui.draw_other"), player=seat, card=card_html(draw["card"], self.cat))
                )
        return '<p class="cj-draws">' + " · ".join(items) + "</p>\n"

    def error_message(self, index: int, card: str, rep: Replay | None = None) -> str:
        """The engine's refusal of `card` as play `index`, in the page's language."""
        refused = (rep or self.rep).refusal(index, card)
        assert refused is not None, "engine.content checked that the engine refuses it"
        return error_text(self.cat, refused)

    def quiz_block(self, quiz: dict) -> str:
        cat = self.cat
        index = quiz["play"]
        seat = self.rep.seat_of_play(index)
        player = seat_html(cat, seat)
        prompt = fill(cat.ex("quiz_prompt", player="{p}"), p=player)
        extra = ""
        if quiz.get("prompt"):
            extra = " " + self.resolve(self.t(quiz["prompt"]), None, player=seat)
        parts = [
            f'<div class="cj-quiz" data-play="{index}" markdown="1">\n',
            f"**{prompt}**{extra}\n",
            '<details class="cj-answer" markdown="1">',
            f"<summary>{esc(cat.ex('show_answer'))}</summary>\n",
            fill(
                cat.get("examples.example_choice"),
                player=player,
                card=card_html(self.rep.plays[index], cat),
            )
            + " "
            + self.resolve(self.t(quiz["choice_text"]), Anchor("play", index))
            + "\n",
        ]
        for mistake in quiz.get("illegal") or []:
            message = self.error_message(index, mistake["card"])
            line = (
                fill(
                    cat.get("examples.mistake"),
                    player=player,
                    card=card_html(mistake["card"], cat),
                )
                + f' <span class="cj-error" data-code="{esc(mistake["error"])}">{esc(message)}</span>'
            )
            if mistake.get("text"):
                line += " " + self.resolve(
                    self.t(mistake["text"]), None, card=mistake["card"], player=seat, error=message
                )
            parts.append(line + "\n")
        for other in quiz.get("other") or []:
            parts.append(
                fill(cat.get("examples.other_choice"), card=card_html(other["card"], cat))
                + " "
                + self.resolve(self.t(other["text"]), None, card=other["card"], player=seat)
                + "\n"
            )
        if quiz.get("other_text"):
            parts.append(self.resolve(self.t(quiz["other_text"]), None, player=seat) + "\n")
        parts.append("</details>\n\n</div>\n")
        return "\n".join(parts)

    # ----- sections -----------------------------------------------------------------------------

    def page(self) -> str:
        cat = self.cat
        rep = self.rep
        data = self.ex.data
        out = [
            f"# {esc(self.t(data['title']))}\n",
            f"{self.resolve(self.t(data['summary']), None)}\n",
            self.rules_line(rep.rules),
        ]
        out.append(f"## {esc(cat.ex('the_deal'))} {{#deal}}\n")
        trump_line = fill(
            cat.get("examples.trump_fixed"),
            card=card_html(rep.trump_card, cat),
            suit=esc(cat.suit_name(rep.trump_card[1])),
        )
        out.append(f'<p class="cj-trump">{trump_line}</p>\n')
        if self.ex.narrator == "all":
            out.append(
                '<details class="cj-stock-order">'
                f"<summary>{esc(cat.ex('stock_order'))}</summary>\n"
                f"<p>{cards_html(rep.stock, cat)}</p>\n</details>\n"
            )
        out.extend(self.note_blocks(Anchor("start")))
        quizzes = {q["play"]: q for q in data.get("quiz") or []}
        played = len(rep.states) - 1  # plays the engine accepted
        for start in range(0, played, rep.players):
            number = start // rep.players + 1
            out.append(f"## {esc(cat.fmt('ui.trick', n=number))} {{#trick-{number}}}\n")
            out.append(self.state_table(start, self.hands_caption()))
            for index in range(start, min(start + rep.players, played)):
                if index in quizzes:
                    out.append(self.quiz_block(quizzes[index]))
                out.append(self.play_line(index))
                out.extend(self.note_blocks(Anchor("play", index)))
            if number <= len(rep.tricks):
                trick = rep.tricks[number - 1]
                line = fill(cat.get("ui.wins_trick_other"), player=seat_html(cat, trick["winner"]))
                out.append(f'<p class="cj-winner">{line}</p>\n')
                out.extend(self.note_blocks(Anchor("trick", number)))
                if trick["draws"]:
                    out.append(self.draws_line(trick))
                    out.extend(self.note_blocks(Anchor("draws", number)))
        out.append(self.final_section())
        for a, (alt, alt_rep) in enumerate(self.ex.alternatives):
            out.append(self.alternative_section(a, alt, alt_rep))
        return "\n".join(out)

    def final_section(self) -> str:
        cat = self.cat
        rep = self.rep
        out = []
        if not rep.complete:
            out.append(f"## {esc(cat.ex('stops_here'))} {{#end}}\n")
            out.append(self.state_table(len(rep.states) - 1, self.hands_caption()))
            out.extend(self.note_blocks(Anchor("end")))
            return "\n".join(out)
        out.append(f"## {esc(cat.get('ui.count_out'))} {{#count-out}}\n")
        if rep.states[-1].stock_count:
            out.append(
                '<p class="cj-out-of-play">'
                + fill(cat.get("examples.out_of_play"), card=card_html(rep.states[-1].stock_top, cat))
                + "</p>\n"
            )
        out.append(self.points_table(rep))
        out.append(self.count_out_steps(rep))
        out.append(self.values_table(rep))
        out.extend(self.note_blocks(Anchor("end")))
        return "\n".join(out)

    def count_out_steps(self, rep: Replay) -> str:
        """When the match is won in this deal: the count-out point by point, stopping at the winning point."""
        if rep.result.get("winner") is None:
            return ""
        cat = self.cat
        steps = rep.count_out()
        seats = "".join(f'<th scope="col">{esc(SEAT_LETTERS[s])}</th>' for s in range(rep.players))
        rows = [
            f'<tr><th scope="row">{esc(cat.point_label(point))}</th><td>{esc(SEAT_LETTERS[seat])}</td>'
            + "".join(f"<td>{score}</td>" for score in scores)
            + "</tr>"
            for point, seat, scores in steps
        ]
        point, seat, _ = steps[-1]
        point_name = cat.get("points." + point)
        player = cat.seat(SEAT_LETTERS[seat])
        stop = cat.ex("count_out_stop", player=player, target=rep.rules.target, point=point_name)
        return (
            f'<table class="cj-table cj-count-out">\n<caption>{esc(cat.ex("count_out_steps"))}</caption>\n'
            f'<tr><th scope="col">{esc(cat.get("ui.points"))}</th>'
            f'<th scope="col">{esc(cat.ex("player"))}</th>{seats}</tr>\n'
            + "\n".join(rows)
            + f'\n</table>\n\n<p class="cj-count-stop">{esc(stop)}</p>\n'
        )

    def points_table(self, rep: Replay) -> str:
        cat = self.cat
        rows = []
        for reason in rep.reasons or []:
            point = reason["point"]
            seat = reason["seat"]
            who = esc(cat.ex("no_one")) if seat is None else esc(SEAT_LETTERS[seat])
            why = reason_text(cat, reason)
            rows.append(
                f'<tr><th scope="row">{esc(cat.point_label(point))}</th><td>{who}</td><td>{why}</td></tr>'
            )
        return (
            f'<table class="cj-table cj-points">\n<caption>{esc(cat.get("ui.deal_points"))}</caption>\n'
            f'<tr><th scope="col">{esc(cat.get("ui.points"))}</th>'
            f'<th scope="col">{esc(cat.ex("player"))}</th>'
            f'<th scope="col">{esc(cat.ex("reason"))}</th></tr>\n' + "\n".join(rows) + "\n</table>\n"
        )

    def values_table(self, rep: Replay) -> str:
        cat = self.cat
        result = rep.result
        before = rep.record.get("scores_before") or [0] * rep.players
        head = (
            f'<tr><th scope="col">{esc(cat.ex("player"))}</th>'
            f'<th scope="col">{esc(cat.get("ui.card_values"))}</th>'
            f'<th scope="col">{esc(cat.ex("value_cards"))}</th>'
            f'<th scope="col">{esc(cat.get("ui.deal_points"))}</th>'
            f'<th scope="col">{esc(cat.ex("scores_before"))}</th>'
            f'<th scope="col">{esc(cat.ex("scores_after"))}</th></tr>'
        )
        # When the match is won during the count-out, the score is where the count stopped, and a
        # seat's points after that are not counted: its cell says how many were.
        steps = rep.count_out() if result.get("winner") is not None else None
        after = steps[-1][2] if steps else result["scores_after"]
        rows = []
        for seat in range(rep.players):
            won_points = sum(1 for p in POINTS if result["points"].get(p) == seat)
            points_cell = str(won_points)
            if steps is not None:
                counted = sum(1 for _, scorer, _ in steps if scorer == seat)
                if counted != won_points:
                    points_cell = esc(cat.count("examples.points_counted", counted, won=won_points))
            rows.append(
                f'<tr><th scope="row">{self.seat_label(seat)}</th><td>{result["game_values"][seat]}</td>'
                f"<td>{cards_html(value_cards(rep, seat), cat)}</td><td>{points_cell}</td>"
                f"<td>{before[seat]}</td><td>{after[seat]}</td></tr>"
            )
        if result.get("winner") is not None:
            verdict = fill(cat.get("ui.wins_match_other"), player=seat_html(cat, result["winner"]))
        else:
            verdict = esc(cat.ex("no_match_winner", target=rep.rules.target))
        return (
            f'<table class="cj-table cj-values">\n<caption>{esc(cat.ex("deal_totals"))}</caption>\n{head}\n'
            + "\n".join(rows)
            + f'\n</table>\n\n<p class="cj-match"><strong>{verdict}</strong></p>\n'
        )

    def alternative_section(self, a: int, alt: dict, alt_rep: Replay) -> str:
        cat = self.cat
        rep = self.rep
        label = self.t(alt["label"])
        alt_id = alt.get("id") or f"alt-{a + 1}"
        out = [
            f"## {esc(cat.ex('other_rules', label=label))} {{#{alt_id}}}\n",
            self.rules_line(alt_rep.rules),
        ]
        error = alt_rep.result.get("error")
        changes = []
        for number, trick in enumerate(alt_rep.tricks, 1):
            main = rep.tricks[number - 1] if number <= len(rep.tricks) else None
            if main != trick:
                # Told as the narration tells a trick (who leads what, who plays what), not as
                # bare chips: a reader meets the changed trick in the same words as the others.
                players = alt_rep.players
                plays = cat.get("snippets.separator").join(
                    fill(
                        cat.get("examples.leads" if offset == 0 else "ui.plays_other"),
                        player=seat_html(cat, (trick["leader"] + offset) % players),
                        card=card_html(card, cat),
                    )
                    for offset, card in enumerate(trick["cards"])
                )
                line = (
                    f"{esc(cat.fmt('ui.trick', n=number))}: {plays} — "
                    f"{fill(cat.get('ui.wins_trick_other'), player=seat_html(cat, trick['winner']))}"
                )
                if trick["draws"]:
                    draws = self.draws_line(trick, alt_rep)
                    line += " · " + draws.removeprefix('<p class="cj-draws">').removesuffix("</p>\n")
                changes.append(f"<li>{line}</li>")
        if error:
            index = error.get("play_index")
            card = error.get("card")
            message = self.error_message(index, card, alt_rep)
            changes.append(
                "<li>"
                + fill(
                    cat.get("examples.stopped_at"),
                    n=str((index or 0) + 1),
                    card=card_html(card, cat) if card else "",
                )
                + f' <span class="cj-error" data-code="{esc(error.get("code"))}">{esc(message)}</span></li>'
            )
        if alt_rep.complete and rep.complete:
            for point in POINTS:
                got, was = alt_rep.result["points"].get(point), rep.result["points"].get(point)
                if got != was:
                    changes.append(
                        f"<li>{esc(cat.point_label(point))}: {esc(self.fmt.seat(was))} → "
                        f"<strong>{esc(self.fmt.seat(got))}</strong></li>"
                    )
        if alt_rep.complete and rep.complete and alt_rep.result.get("winner") != rep.result.get("winner"):

            def verdict(result):
                if result.get("winner") is None:
                    return esc(cat.ex("no_match_winner", target=alt_rep.rules.target))
                # A list item of its own (no full stop before the arrow where the language drops it).
                return fill(cat.get("examples.change_match_winner"), player=seat_html(cat, result["winner"]))

            changes.append(f"<li>{verdict(rep.result)} → <strong>{verdict(alt_rep.result)}</strong></li>")
        if changes:
            out.append(
                f'<p class="cj-changes-title"><strong>{esc(cat.ex("what_changes"))}</strong></p>\n\n'
                '<ul class="cj-changes">\n' + "\n".join(changes) + "\n</ul>\n"
            )
        if alt_rep.complete:
            out.append(self.points_table(alt_rep))
        notes = self._notes(alt.get("annotations") or [])
        for anchor in sorted(notes, key=Anchor.order):
            out.extend(self.note_blocks(anchor, notes, alt_rep))
        return "\n".join(out)

    # ----- stepper data -------------------------------------------------------------------------

    def data(self) -> dict:
        """What the next issue's stepper needs: the record, the anchors' texts, quiz, alternatives."""
        text_fmt = TextFormatter(self.cat)
        data = self.ex.data

        def notes(items, rep):
            out = []
            for note in items or []:
                anchor = Anchor.parse(note["at"])
                raw = str(note["text"][self.lang]).strip()
                out.append(
                    {
                        "at": anchor.to_dict(),
                        "html": resolve(raw, Context(rep, anchor), self.fmt),
                        "text": resolve(raw, Context(rep, anchor), text_fmt),
                    }
                )
            return out

        quiz = []
        for item in data.get("quiz") or []:
            index = item["play"]
            seat = self.rep.seat_of_play(index)
            quiz.append(
                {
                    "play": index,
                    "seat": seat,
                    "choice": self.rep.plays[index],
                    "prompt": self.resolve(self.t(item["prompt"]), None, player=seat)
                    if item.get("prompt")
                    else None,
                    "choice_html": self.resolve(self.t(item["choice_text"]), Anchor("play", index)),
                    "illegal": [
                        {
                            "card": m["card"],
                            "error": m["error"],
                            "message": self.error_message(index, m["card"]),
                            "html": self.resolve(
                                self.t(m["text"]),
                                None,
                                card=m["card"],
                                player=seat,
                                error=self.error_message(index, m["card"]),
                            )
                            if m.get("text")
                            else None,
                        }
                        for m in item.get("illegal") or []
                    ],
                    "other": [
                        {
                            "card": o["card"],
                            "html": self.resolve(self.t(o["text"]), None, card=o["card"], player=seat),
                        }
                        for o in item.get("other") or []
                    ],
                    "other_html": self.resolve(self.t(item["other_text"]), None, player=seat)
                    if item.get("other_text")
                    else None,
                }
            )
        return {
            "version": 1,
            "slug": self.ex.slug,
            "lang": self.lang,
            "title": self.t(data["title"]),
            "narrator": None if self.ex.narrator == "all" else self.ex.narrator,
            "seats": list(SEAT_LETTERS[: self.rep.players]),
            "record": self.rep.record,
            "annotations": notes(data.get("annotations"), self.rep),
            "quiz": quiz,
            "alternatives": [
                {
                    "id": alt.get("id") or f"alt-{a + 1}",
                    "label": self.t(alt["label"]),
                    "rules": alt["rules"],
                    "plays": alt.get("plays"),
                    "annotations": notes(alt.get("annotations"), alt_rep),
                }
                for a, (alt, alt_rep) in enumerate(self.ex.alternatives)
            ],
            "strings": {
                "errors": self.cat.data.get("errors", {}),
                "rule_refs": self.cat.data.get("rule_refs", {}),
                "ui": self.cat.data.get("ui", {}),
                "examples": self.cat.data.get("examples", {}),
            },
        }


def error_text(cat: Catalogue, refused) -> str:
    """An engine refusal (engine.core.errors.IllegalPlay) in the page's language: its catalogue
    key tells the three ways of failing to follow apart; the suit is the one led, or trumps."""
    card = cat.card_short(refused.card) if refused.card else ""
    return sentence(cat.fmt(refused.key, suit=cat.suit_name(refused.led or refused.trump), card=card))


def reason_text(cat: Catalogue, reason: dict) -> str:
    """Why a point went where it did, as HTML. No reader sits at an example's table, so a
    seat that scored is always told of in the other-seat form."""
    seat = reason.get("seat")
    player = cat.seat(SEAT_LETTERS[seat]) if seat is not None else cat.ex("no_one")
    def seat_value(seat: int, value: int) -> str:
        return cat.fmt("ui.seat_value", seat=SEAT_LETTERS[seat], value=value)

    values = card_value_params(reason["values"], cat.series, seat_value) if reason.get("values") else {}
    card = reason.get("card")
    return fill(
        cat.get(reason_message(reason["key"], seat, None)),
        player=esc(player),
        card=card_html(card, cat) if card else "",
        trick=str(reason.get("trick") or ""),
        **{name: esc(value) for name, value in values.items()},
    )


def index_page(examples: list[Example], lang: str, cat: Catalogue) -> str:
    out = [f"# {esc(cat.ex('nav_title'))}\n", f"{esc(cat.ex('index_intro'))}\n"]
    items = []
    for ex in examples:
        summary = resolve(str(ex.data["summary"][lang]).strip(), Context(ex.replay, None), HtmlFormatter(cat))
        title = f"[{esc(str(ex.data['title'][lang]).strip())}]({ex.slug}.md)"
        items.append("1. " + fill(cat.get("ui.run_in"), heading=title, text=summary))
    out.append("\n".join(items) + "\n")
    return "\n".join(out)


def example_page(example: Example, lang: str, cat: Catalogue) -> tuple[str, str]:
    """The page's Markdown and its stepper data as a <script> element."""
    writer = PageWriter(example, lang, cat)
    data = writer.data()
    data = {key: value if key == "record" else _typeset(lang, value) for key, value in data.items()}
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    payload = payload.replace("</", "<\\/").replace("<!--", "<\\!--")
    script = f'<script type="application/json" class="cj-example-data">{payload}</script>'
    return typography.fix(lang, writer.page()), script


def _typeset(lang: str, value):
    """Every string of the stepper's data through the language's typographic filter."""
    if isinstance(value, str):
        return typography.fix(lang, value)
    if isinstance(value, list):
        return [_typeset(lang, item) for item in value]
    if isinstance(value, dict):
        return {key: _typeset(lang, item) for key, item in value.items()}
    return value


__all__ = ["LANGUAGES", "card_html", "example_page", "index_page"]
