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

from engine.ai import hint
from engine.ai.bots import BOTS, RandomBot, make_bot, register_bot
from engine.ai.simulate import simulate
from engine.analysis.deal_analysis import analyse
from engine.core.cards import card_code, cards_of, mask_of, parse_card
from engine.core.deal import Deal
from engine.core.errors import IllegalPlay, SetupError
from engine.core.facts import facts
from engine.core.history import Draw, Trick
from engine.core.match import Match
from engine.core.outcome import DealResult, PointReason
from engine.core.record import ReadRecord, RecordError, read_record, record_of, replay
from engine.core.rules import PRESETS, Rules, RulesError
from engine.core.view import PlayerView

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
