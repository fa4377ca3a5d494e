"""Every limit the engine's boundary checks before doing any work, in one place.

The command line, `web_api.handle` and the practice operations refuse input beyond these
limits with a result naming the limit, so no input can make them hang, recurse without end
or allocate without bound.
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
# The command line's simulate: deals or matches per run, and deals x samples per run.
MAX_DEALS = 10_000_000
MAX_MATCHES = 1_000_000
MAX_SIMULATED_SAMPLES = 20_000_000
