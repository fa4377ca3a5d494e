"""One language's message catalogue (engine/locales/<lang>.json) for text UIs.

The site, the browser stepper and the terminal game all read these same files;
this module gives the terminal a small accessor: dotted keys, filled
placeholders, and card names in that language. It also holds the rules every
reader of a catalogue shares (here, in site_data for the hooks, and mirrored in
engine-client.js for the browser):

- A sentence that mentions a seat has two messages: `<key>_you` for the reader and
  `<key>_other` for any other seat, which receives the seat as a whole noun phrase
  (`seats.in_text.*`: "the computer", "player B"), so each language builds the
  sentence around the noun its own way. A seat named first in a message is
  capitalised there ("The computer wins the trick"), and so is a point's name
  (`points.*`, lower-case mid-sentence in some languages: "ponto Shasta"), whether a
  template opens with it or the code puts it at the head of a label (`point_label`).
- A message that counts has a form per CLDR plural category: `<key>_one`,
  `<key>_other` (the site's five languages need no more).
- A card may be named with its article, contracted with "of" or "to" where the language does
  so: `{card.the}`, `{card.The}` (capitalised, for a sentence start), `{card.of_the}`,
  `{card.to_the}`, on any placeholder that holds a card (`{best.of_the}`). Each form is a
  template around `{card}` per rank (`ranks.<R>.the`: fr "l’{card}" for the ace, "le {card}"
  for the king; `ranks.<R>.of_the`, `ranks.<R>.to_the`), since the article follows the rank's
  gender and sound. A card value knows its rank (CardText here, a `data-card` element or a
  card text of `Strings` in the browser); a form on any other value gives the value bare (a
  hidden card, "?"). A form name outside CARD_FORMS is an error.
- Every key a reader asks for is noted (`requested_keys`), so the build can list the
  keys it used and a test can find the ones nobody asks for.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from engine.core.boundary import echo
from engine.core.cards import SUITS, parse_card

# The languages, the catalogues' folder and a card's forms (`{card.the}`, which the worked
# examples' placeholders take too): one list for every layer, kept in engine/core/locales.
from engine.core.locales import CARD_FORMS as CARD_FORMS
from engine.core.locales import DEFAULT_LANGUAGE as DEFAULT_LANGUAGE
from engine.core.locales import LANGUAGES as LANGUAGES
from engine.core.locales import LOCALES as LOCALES

# The one record of requested keys lives with the engine's own messages; re-exported here.
from engine.core.messages import note_requested as note_requested
from engine.core.messages import requested_keys as requested_keys

# Placeholders that hold a seat's noun phrase: capitalised when a message starts with one.
SEAT_PLACEHOLDERS = frozenset({"player", "lead", "second", "third", "winner", "loser"})
# Placeholders that hold point names (one, or a series): capitalised there too.
POINT_PLACEHOLDERS = frozenset({"point", "points"})
CAPITALISED_FIRST = SEAT_PLACEHOLDERS | POINT_PLACEHOLDERS

# The catalogue keys of the forms under each rank.
CARD_FORM_KEYS = tuple(dict.fromkeys(key for key, _ in CARD_FORMS.values()))
# A placeholder as the catalogues write it: `{name}` or `{name.form}`.
PLACEHOLDER = re.compile(r"\{(\w+)(?:\.(\w+))?\}")


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


class CardFormError(ValueError):
    """A template names a card form that does not exist (`{card.thee}`)."""


class CardText(str):
    """A card as a message shows it ("J♥", "jack of hearts", or its HTML chip) that knows its
    card, so a template may name it with its article: `{card.the}` ("la J♥" in Spanish).

    `escape` is applied to the words a form adds around the card (html.escape for a chip)."""

    code: str
    catalogue: Catalogue
    escape: Callable[[str], str]

    def __new__(
        cls, text: str, code: str, catalogue: Catalogue, escape: Callable[[str], str] | None = None
    ) -> CardText:
        self = super().__new__(cls, text)
        self.code = code
        self.catalogue = catalogue
        self.escape = escape or (lambda words: words)
        return self

    def form(self, name: str) -> str:
        """The card in form `name` of CARD_FORMS (CardFormError for any other name)."""
        if name not in CARD_FORMS:
            raise CardFormError(f"no card form {name!r}: use one of {', '.join(CARD_FORMS)}")
        key, capital = CARD_FORMS[name]
        before, marker, after = self.catalogue.text(f"ranks.{self.code[0]}.{key}").partition("{card}")
        if not marker:
            raise KeyError(f"{self.catalogue.lang}: ranks.{self.code[0]}.{key} has no {{card}}")
        text = self.escape(before) + str(self) + self.escape(after)
        return capitalised(text) if capital else text


def with_forms(template: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """`template` and `params` with each `{name.form}` made a plain placeholder of its own whose
    value is the card in that form (CardText.form), or the value bare if it is no card. A form
    name outside CARD_FORMS on a card is a CardFormError naming it."""
    if "." not in template:
        return template, params
    filled = dict(params)

    def plain(match: re.Match[str]) -> str:
        name, form = match.group(1), match.group(2)
        if form is None or name not in params:
            return match.group(0)
        value = params[name]
        if form not in CARD_FORMS:
            if not isinstance(value, CardText):
                return match.group(0)  # an attribute of some other value, as str.format reads it
            raise CardFormError(f"no card form {{{name}.{form}}}: use one of {', '.join(CARD_FORMS)}")
        filled[f"{name}__{form}"] = value.form(form) if isinstance(value, CardText) else value
        return "{" + f"{name}__{form}" + "}"

    return PLACEHOLDER.sub(plain, template), filled


def seat_first(template: str, params: dict[str, Any]) -> dict[str, Any]:
    """`params` with the seat or point that opens `template` capitalised ("{player} wins…" →
    "The computer wins…", "{point}: …" → "Ponto Shasta: …")."""
    if template.startswith("{"):
        name = template[1 : template.find("}")]
        value = params.get(name)
        if name in CAPITALISED_FIRST and isinstance(value, str):
            return {**params, name: capitalised(value)}
    return params


def fill(template: str, **params: object) -> str:
    """str.format, with the seat that opens the message capitalised and a card's forms
    (`{card.the}`) filled."""
    template, values = with_forms(template, params)
    return template.format(**seat_first(template, values))


def seat_variant(key: str, is_reader: bool) -> str:
    """The message for a sentence about a seat: `<key>_you` for the reader, else `<key>_other`."""
    return f"{key}_you" if is_reader else f"{key}_other"


def plural_category(lang: str, n: float, fraction_digits: int = 0) -> str:
    """CLDR cardinal category ('one' or 'other') of n written with `fraction_digits` decimals.

    French puts every number below 2 in 'one' ("0 point", "1,5 point"). So does CLDR for
    Portuguese, but Brazilian usage puts zero in the plural ("0 pontos", "1,5 ponto"), so pt
    departs from CLDR there. English and Italian: only a bare 1; Spanish any 1, decimals
    included ("1,00 punto"). ('many', for whole millions in fr/pt/es/it, never arises here.)
    """
    whole = int(abs(n))
    if lang == "pt" and n == 0:
        return "other"
    if lang in ("pt", "fr"):
        return "one" if whole in (0, 1) else "other"
    if lang == "es":
        return "one" if abs(n) == 1 else "other"
    return "one" if whole == 1 and fraction_digits == 0 else "other"


def reason_message(key: str, seat: int | None, reader: int | None) -> str:
    """The message for a point's reason: the engine's key as it is when no one scored the
    point, else its `_you` form when the scorer is the reader and `_other` otherwise."""
    return key if seat is None else seat_variant(key, seat == reader)


def card_value_params(
    values: Sequence[int],
    series: Callable[[list[str]], str],
    seat_value: Callable[[int, int], str] | None = None,
) -> dict[str, str]:
    """What a Game reason may say: {value} the highest (the scorer's, or the tied) card value,
    {others} the other seats' values as a list in the language, {total} all of them.

    With two players the one other value needs no name ("against 13"); with three, a bare
    "against 11 and 27" does not say whose is whose, so each is named by `seat_value(seat,
    value)` (`ui.seat_value`: "11 (A)") when the caller gives it."""
    top_seat = max(range(len(values)), key=lambda seat: values[seat])
    rest = [seat for seat in range(len(values)) if seat != top_seat]
    named = seat_value is not None and len(values) > 2
    others = [seat_value(seat, values[seat]) if named and seat_value else str(values[seat]) for seat in rest]
    return {"value": str(values[top_seat]), "others": series(others), "total": str(sum(values))}


class Catalogue:
    def __init__(self, lang: str = "en"):
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {echo(lang)}: choose one of {', '.join(LANGUAGES)}")
        self.lang = lang
        # The catalogue as read: nested tables of strings (a page embeds whole sections of it).
        self.data: dict[str, Any] = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))

    def text(self, key: str, **params: object) -> str:
        """The string at dotted `key`, filled with `params` if any (KeyError naming the
        language and the key if the catalogue has no string there)."""
        note_requested(key)
        node: Any = self.data
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                raise KeyError(f"{self.lang}: no string for {key!r}")
            node = node[part]
        if not isinstance(node, str):
            raise KeyError(f"{self.lang}: {key!r} is not a string")
        if not params:
            return node
        try:
            return fill(node, **params)
        except CardFormError as error:
            raise KeyError(f"{self.lang}: {key!r}: {error}") from None

    def count(self, key: str, n: int, **params: object) -> str:
        """`<key>_one` or `<key>_other` for n, filled with n and params."""
        return self.text(f"{key}_{plural_category(self.lang, n)}", n=n, **params)

    def series(self, items: Sequence[str]) -> str:
        """"a, b and c" in this language (`snippets.series`, `snippets.separator`)."""
        if len(items) <= 1:
            return "".join(items)
        head = self.text("snippets.separator").join(items[:-1])
        return self.text("snippets.series", items=head, last=items[-1])

    def point_label(self, name: str) -> str:
        """A point's name where it opens a label or a line ("Ponto Shasta: …")."""
        return capitalised(self.text(f"points.{name}"))

    def suit_letters(self) -> dict[str, str]:
        """The letters a reader of this language may type for a suit, to the engine's suit codes:
        the language's own (`suits.<S>.letter`: Portuguese E, C, O, P), and the engine's English
        letters where the language has no suit of that letter.

        Where the two clash the language's letter wins: Portuguese C is copas (hearts), so
        "10C" is the ten of copas and the clubs are typed P (or ♣); English S, H and D, which
        name no other suit in Portuguese, still work. No letter means two suits."""
        own = {self.text(f"suits.{suit}.letter").upper(): suit for suit in SUITS}
        return {**{suit: suit for suit in SUITS}, **own}

    def read_card(self, text: str) -> int:
        """A card typed by a reader of this language ('10O' is the ten of ouros in Portuguese), with
        the suit letters above or the suit's symbol; ValueError, as parse_card, when it names no card."""
        cleaned = text.strip().rstrip("\ufe0e\ufe0f")
        suit = self.suit_letters().get(cleaned[-1:].upper())
        return parse_card(cleaned[:-1] + suit if suit else cleaned)

    def card(self, code: str) -> CardText:
        """'J♥' in this language's short rank letters."""
        short = self.text(f"ranks.{code[0]}.short") + self.text(f"suits.{code[1]}.symbol")
        return CardText(short, code, self)

    def card_name(self, code: str) -> CardText:
        """'jack of hearts' in this language."""
        rank = self.text(f"ranks.{code[0]}.name")
        suit = self.text(f"suits.{code[1]}.name")
        return CardText(self.text("card_name", rank=rank, suit=suit), code, self)
