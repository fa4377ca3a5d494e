"""California Jack rules engine: the single source of truth for the rules (see RULES.md).

Standard library only; runs on CPython 3.11+ and in Pyodide. The public API:

- `Rules` the variant options (`Rules.from_spec("classic")`, `PRESETS`);
- `Deal` one deal with `play`/`undo`, `legal_plays`, `view(seat)` and `result()`;
- `PlayerView` what one seat may know: the only thing a bot or a seated reader is given;
- `Match` deals to the target with the count-out;
- `replay(record)` a deal record played through the engine (never raises: see its `error`),
  `read_record` the one record reader behind it, `record_of(deal)` the record of a deal;
- the bots: `make_bot(name, seed, rules, samples=...)`, `BOTS`, `RandomBot`, `register_bot`,
  and `hint(deal, seat)` the expert's suggestion with its reason;
- `facts(rules)` the numbers the pages quote; `simulate(...)` bot-against-bot statistics.

The command line is `python -m engine` (installed as `california-jack`).
"""

from .ai import hint
from .analysis import analyse
from .bots import BOTS, RandomBot, make_bot, register_bot
from .cards import card_code, cards_of, mask_of, parse_card
from .deal import Deal, Draw, Trick
from .errors import IllegalPlay, SetupError
from .facts import facts
from .match import Match
from .outcome import DealResult, PointReason
from .record import ReadRecord, RecordError, read_record, record_of, replay
from .rules import PRESETS, Rules, RulesError
from .simulate import simulate
from .view import PlayerView

__all__ = [
    "BOTS",
    "PRESETS",
    "Deal",
    "DealResult",
    "Draw",
    "IllegalPlay",
    "Match",
    "PlayerView",
    "PointReason",
    "RandomBot",
    "ReadRecord",
    "RecordError",
    "Rules",
    "RulesError",
    "SetupError",
    "Trick",
    "analyse",
    "card_code",
    "cards_of",
    "facts",
    "hint",
    "make_bot",
    "mask_of",
    "parse_card",
    "read_record",
    "record_of",
    "register_bot",
    "replay",
    "simulate",
]
