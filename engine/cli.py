"""The command line: `replay`, `simulate`, `facts`, `play`, `analyse`; bad input: a message and exit 2."""

from __future__ import annotations

import argparse
import json
import sys

from .bots import BOTS
from .catalogue import LANGUAGES
from .facts import facts
from .messages import message
from .record import bad_record_result, replay
from .rules import Rules, RulesError
from .simulate import simulate

EXIT_CLEAN, EXIT_ILLEGAL, EXIT_MALFORMED = 0, 1, 2


def _dump(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def _bad_record_text(problem: str) -> str:
    return message("errors.bad_record", field="record", problem=problem, detail=f"record: {problem}")


def _bad_json_result(problem: str) -> dict:
    return bad_record_result(_bad_record_text(problem))


def _replay_text(text: str) -> dict:
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        return _bad_json_result(f"not valid JSON ({error.msg} at line {error.lineno} column {error.colno})")
    return replay(record)


def _exit_status(result: dict) -> int:
    error = result["error"]
    if error is None:
        return EXIT_CLEAN
    return EXIT_MALFORMED if error["code"] == "bad_record" else EXIT_ILLEGAL


def _read_input(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _run_replay(args) -> int:
    try:
        text = _read_input(args.file)
    except (OSError, UnicodeDecodeError) as error:
        print(f"replay: cannot read {args.file}: {error}", file=sys.stderr)
        return EXIT_MALFORMED
    if not args.jsonl:
        result = _replay_text(text)
        print(_dump(result))
        if result["error"] is not None:
            print(f"replay: {result['error']['message']}", file=sys.stderr)
        return _exit_status(result)
    # One result per non-blank line; the status is the worst over all lines.
    status = EXIT_CLEAN
    for line in text.splitlines():
        if not line.strip():
            continue
        result = _replay_text(line)
        print(_dump(result))
        status = max(status, _exit_status(result))
    return status


def _parse_rules(text: str) -> Rules:
    if text.lstrip().startswith("{"):
        try:
            spec = json.loads(text)
        except json.JSONDecodeError as error:
            raise RulesError(f"--rules: not a preset name nor valid JSON ({error.msg})") from None
        return Rules.from_spec(spec)
    return Rules.from_spec(text)


def _run_simulate(args) -> int:
    try:
        rules = _parse_rules(args.rules)
        bots = [name.strip() for name in args.bots.split(",")] if args.bots else ["random"] * rules.players
        if args.deals < 0:
            raise ValueError("--deals must be zero or more")
        if args.matches < 0:
            raise ValueError("--matches must be zero or more")
        if args.think_ms is not None and args.think_ms <= 0:
            raise ValueError("--think-ms must be positive")
        summary = simulate(
            rules, bots, args.deals, args.seed, duplicate=args.duplicate, matches=args.matches,
            think_ms=args.think_ms,
        )  # fmt: skip
    except ValueError as error:  # RulesError is a ValueError too.
        print(f"simulate: {error}", file=sys.stderr)
        return EXIT_MALFORMED
    if args.json:
        print(_dump(summary))
    else:
        rate = summary["deals_per_second"]
        print(f"deals: {summary['deals']}  seconds: {summary['seconds']:.3f}  deals/s: {rate}")
        deal_wins = summary.get("deal_wins") or [None] * len(bots)
        shares = summary.get("share") or [None] * len(bots)
        for index, name in enumerate(bots):
            line = f"  {name}: {summary['points'][index]} points"
            if deal_wins[index] is not None:
                line += f", {deal_wins[index]} deal wins"
            if args.matches:
                line += f", {summary['match_wins'][index]} match wins"
            share = shares[index]
            if share is not None:
                line += f", share {share:.1%}"
                interval = summary["share_ci95"][index]
                if interval is not None:
                    line += f" (95% CI {interval[0]:.1%}-{interval[1]:.1%})"
            print(line)
    return EXIT_CLEAN


def _run_facts(args) -> int:
    try:
        rules = _parse_rules(args.rules)
    except ValueError as error:
        print(f"facts: {error}", file=sys.stderr)
        return EXIT_MALFORMED
    print(_dump(facts(rules)))
    return EXIT_CLEAN


def _run_play(args) -> int:
    import random

    from .terminal import play

    try:
        rules = _parse_rules(args.rules)
    except (RulesError, ValueError) as error:
        print(f"play: {error}", file=sys.stderr)
        return EXIT_MALFORMED
    if args.bot not in BOTS:
        print(f"play: unknown bot {args.bot!r}: choose one of {', '.join(BOTS)}", file=sys.stderr)
        return EXIT_MALFORMED
    seed = random.SystemRandom().getrandbits(31) if args.seed is None else args.seed
    return play(args.lang, rules.to_spec(), args.bot, seed)


def _run_analyse(args) -> int:
    """Analyse one deal record: JSON by default, annotated text with --text (engine/analysis.py)."""
    from .analysis import AnalysisError, analyse
    from .analysis_text import annotated_deal

    try:
        record = json.loads(_read_input(args.file))
        result = analyse(record, seat=args.seat, samples=args.samples, seed=args.seed)
    except OSError as error:
        print(f"analyse: cannot read {args.file}: {error}", file=sys.stderr)
        return EXIT_MALFORMED
    except json.JSONDecodeError as error:
        print(
            f"analyse: not valid JSON ({error.msg} at line {error.lineno} column {error.colno})",
            file=sys.stderr,
        )
        return EXIT_MALFORMED
    except AnalysisError as error:
        print(f"analyse: {error}", file=sys.stderr)
        return EXIT_MALFORMED
    if args.text:
        sys.stdout.write(annotated_deal(result, args.lang))
    else:
        print(_dump(result))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description="California Jack rules engine")
    commands = parser.add_subparsers(dest="command", required=True)
    replay_cmd = commands.add_parser("replay", help="play a deal record and print the result as JSON")
    replay_cmd.add_argument("file", nargs="?", default="-", help="record file, or - for standard input")
    replay_cmd.add_argument("--jsonl", action="store_true", help="one record per line, one result per line")
    replay_cmd.set_defaults(run=_run_replay)
    sim = commands.add_parser("simulate", help="play many deals between bots")
    sim.add_argument("--rules", default="standard", help="preset name or JSON rules object")
    sim.add_argument(
        "--bots", default=None, help=f"comma-separated bot names, one per seat ({', '.join(BOTS)})"
    )
    sim.add_argument("--deals", type=int, default=1000)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument(
        "--duplicate", action="store_true", help="play each deal again with the seats swapped (rotated)"
    )
    sim.add_argument("--matches", type=int, default=0, help="play this many whole matches instead of deals")
    sim.add_argument("--think-ms", type=float, default=None, help="think-time budget per move for the expert")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.set_defaults(run=_run_simulate)
    facts_cmd = commands.add_parser("facts", help="print the numbers the rules pages quote")
    facts_cmd.add_argument("--rules", default="standard")
    facts_cmd.set_defaults(run=_run_facts)
    play_cmd = commands.add_parser("play", help="play a match in the terminal against a bot")
    play_cmd.add_argument("--lang", default="en", choices=LANGUAGES, help="language of every message")
    play_cmd.add_argument("--rules", default="standard", help="preset name or JSON rules object")
    play_cmd.add_argument("--bot", default="heuristic", help=f"the opponent ({', '.join(BOTS)})")
    play_cmd.add_argument("--seed", type=int, default=None, help="reproduce a match (default: random)")
    play_cmd.set_defaults(run=_run_play)
    analyse_cmd = commands.add_parser("analyse", help="value every card played in a deal record")
    analyse_cmd.add_argument("file", nargs="?", default="-", help="record file, or - for standard input")
    analyse_cmd.add_argument("--seat", type=int, default=None, help="analyse only this seat's cards")
    analyse_cmd.add_argument("--samples", type=int, default=None, help="sampled deals per decision")
    analyse_cmd.add_argument("--seed", type=int, default=0, help="seed of the sampled deals")
    analyse_cmd.add_argument("--text", action="store_true", help="print the annotated deal as text")
    analyse_cmd.add_argument("--lang", default="en", choices=LANGUAGES, help="language of --text")
    analyse_cmd.set_defaults(run=_run_analyse)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.run(args)
