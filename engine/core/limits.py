"""Every limit the engine's boundary checks before doing any work, in one place.

The command line, `web_api.handle` and the practice operations refuse input beyond these
limits with a result naming the limit, so no input can make them hang, recurse without end
or allocate without bound. Every request's work is bounded: its text by MAX_TEXT_CHARS, a
hint or a computer card by MAX_SAMPLES, an analysis by MAX_ANALYSIS_WORLDS, a practice
match record by MAX_MATCH_DEALS, the command line's simulate by MAX_DEALS, MAX_MATCHES
and MAX_SIMULATED_SAMPLES, a luck split by MAX_LUCK_SAMPLES (the command line's luck also by
MAX_LUCK_WORK), the peek check by MAX_PEEK_REDEALS and MAX_PEEK_WORLDS, and "Could I have won?"
by MAX_REPLAY_WORLDS; replay, try and the puzzle operations do at most one deal's work.
"""

from __future__ import annotations

# A deal has at most 52 plays (26 tricks of two; three players play 51).
MAX_PLAYS = 52
# Seeds are non-negative integers below 2**64: a negative seed would deal the same cards as
# its absolute value (random.Random seeds with abs()), and bigger ones only cost time.
SEED_LIMIT = 1 << 64
# One deal record, one JSONL line or one browser request, in characters. A full deal record is
# under 1,000 characters and a long practice match under 50,000.
MAX_TEXT_CHARS = 1_000_000
# JSON nesting: records and requests need four levels; anything deeper is refused unparsed.
MAX_JSON_DEPTH = 32
# Integer literals: no field needs more than 20 digits (a 64-bit seed).
MAX_INT_DIGITS = 24
# A value from the input quoted back in an error message is cut to this many characters.
ECHO_CHARS = 80
# Sampled worlds per expert decision that one request may ask for. A decision with this many
# takes about half a second in CPython (a hint: median 0.49 s, max 0.82 s), so no request
# can ask for minutes of work. The expert (engine.ai.expert) and the analysis use this bound.
MAX_SAMPLES = 200
# Sampled deals one analysis request may ask for: `samples` times the decisions it values
# before the exact endgame. A sampled deal costs about 1 ms in CPython (every legal card
# played out in it), so a request stays within a few seconds: a whole two-player deal at 50
# samples (40 sampled decisions), or the page's batches of 4 decisions at the default 16.
MAX_ANALYSIS_WORLDS = 2_000
# Deals in one practice match record (each request replays them all). A match to the
# page's highest target, 99, between three players needs fewer than 300 deals.
MAX_MATCH_DEALS = 1_000
# The command line's simulate: deals or matches per run, and sampled worlds per run: deals
# (or matches x target) x rotations x expert seats x samples per decision, the expert's
# default samples counted when --samples is not given (a deal costs an expert seat about
# 1 s at the default 64 samples).
MAX_DEALS = 10_000_000
MAX_MATCHES = 1_000_000
MAX_SIMULATED_SAMPLES = 20_000_000
# Luck and skill (engine/analysis/luck.py): sampled stock orders per valued state. A deal values
# about 60 states before the stock is empty, each on this many orders of baseline play-outs
# ending in the exact solver, so one deal costs at most a few seconds in CPython.
MAX_LUCK_SAMPLES = 64
# The command line's luck: deals x sampled orders per run (the bots' own work is bounded as for
# simulate, by MAX_SIMULATED_SAMPLES).
MAX_LUCK_WORK = 2_000_000
# "Did the computer peek?" (practice.peek): re-deals per decision, and sampled worlds per request
# (the computer's decisions x (1 + re-deals) x the expert's worlds per decision): the default 3
# re-deals at 64 worlds for every decision of a three-player deal (34 x 4 x 64 = 8,704) fit.
MAX_PEEK_REDEALS = 8
MAX_PEEK_WORLDS = 10_000
# "Could I have won?" (practice.could_win): the expert decisions of the line played again x their
# sampled worlds; a whole deal against the expert at its default 64 worlds (52 x 64) fits.
MAX_REPLAY_WORLDS = 4_000
