"""The command line: replay, simulate, facts, play, analyse, luck and check (also installed as
`california-jack`).

Exit codes (the same for every command, listed in `--help` and in the README):
0 ok; 1 an illegal play, a bad record or a content problem; 2 a usage error; 3 an internal
error; 4 an I/O error (standard input or output closed, a read or write failing, a full disk);
130 `play` stopped.
Which error is a usage error and which a bad record comes from the one table of
engine/core/error_codes.py.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from engine.ai.bots import BOTS
from engine.core.boundary import BoundaryError, decode_text, dump_json, echo, parse_ascii_int, parse_json
from engine.core.error_codes import EXIT_REFUSED, EXIT_STATUS, EXIT_USAGE, REQUEST, code_for
from engine.core.facts import facts
from engine.core.limits import (
    MAX_DEALS,
    MAX_LUCK_SAMPLES,
    MAX_LUCK_WORK,
    MAX_MATCHES,
    MAX_SAMPLES,
    MAX_SIMULATED_SAMPLES,
    MAX_TEXT_CHARS,
    SEED_LIMIT,
)
from engine.core.messages import message
from engine.core.record import bad_record_result, replay
from engine.core.rules import Rules, RulesError
from engine.surfaces.catalogue import LANGUAGES

EXIT_OK, EXIT_INTERNAL, EXIT_IO, EXIT_STOPPED = 0, 3, 4, 130

EXIT_CODES_HELP = """exit codes:
  0  ok
  1  an illegal play or a bad record (the result names the play or the field), or a problem
     in the content `check` reads (each named with its file and place)
  2  a usage error (unknown option, bad option value, a file that cannot be opened)
  3  an internal error (a bug: please report it)
  4  an I/O error (standard input or output closed, a read or write failed, the disk is full)
  130  play stopped by Ctrl-C or the end of its input"""

Json = dict[str, Any]


class UsageError(ValueError):
    """A bad option value: reported on stderr with exit code 2."""


class StreamError(OSError):
    """Reading the input or writing the output failed (the environment's doing, not a bug):
    reported on stderr in its own words with exit code 4."""


def _io_problem(error: OSError | None) -> str:
    if error is None:
        return "it is closed"
    return error.strerror or type(error).__name__


# ----- option values ------------------------------------------------------------------------


def _bounded_int(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: ASCII digits only (no '²', no '-5'), low..high."""

    def parse(text: str) -> int:
        try:
            return parse_ascii_int(text, "value", low, high, code_for(REQUEST))
        except BoundaryError:
            raise argparse.ArgumentTypeError(f"expected an integer {low}..{high}, got {echo(text)}") from None

    parse.__name__ = "integer"
    return parse


_seed = _bounded_int(0, SEED_LIMIT - 1)


def _parse_rules(text: str) -> Rules:
    """A preset name or a JSON rules object; UsageError names what is wrong."""
    try:
        if text.lstrip().startswith("{"):
            return Rules.from_spec(parse_json(text, "--rules"))
        return Rules.from_spec(text)
    except (BoundaryError, RulesError) as error:
        raise UsageError(f"--rules: {error}") from None


# ----- replay -------------------------------------------------------------------------------


def _result_of_text(data: bytes) -> Json:
    """One record's bytes to its replay result; unreadable input is a bad_record result."""
    try:
        record = parse_json(decode_text(data, "record"), "record")
    except BoundaryError as error:
        problem = str(error).removeprefix("record: ")
        return _bad_input_result(problem)
    return replay(record)


def _status(result: Json) -> int:
    return EXIT_OK if result["error"] is None else EXIT_REFUSED


def _lines(stream: IO[bytes], path: str) -> Iterator[bytes | int]:
    """The lines of a binary stream, split on b"\\n" only (never U+2028, U+0085 or form feed).

    A line longer than the limit is skipped without being kept whole, and given as its size.
    A failing read is a StreamError naming the input.
    """
    while True:
        line = _readline(stream, path, MAX_TEXT_CHARS + 1)
        if not line:
            return
        if len(line) > MAX_TEXT_CHARS and not line.endswith(b"\n"):
            size = len(line)
            while line and not line.endswith(b"\n"):
                line = _readline(stream, path, 1 << 20)
                size += len(line)
            yield size
        else:
            yield line


def _bad_input_result(problem: str) -> Json:
    """The result for input that is not a record at all (too large, not UTF-8, not JSON)."""
    detail = f"record: {problem}"
    return bad_record_result(message("errors.bad_record", field="record", problem=problem, detail=detail))


def _too_large_result(size: int | None) -> Json:
    shown = f"more than {MAX_TEXT_CHARS}" if size is None else str(size)
    return _bad_input_result(f"{shown} bytes (at most {MAX_TEXT_CHARS})")


def _line_result(line: bytes | int) -> Json | None:
    if isinstance(line, int):
        return _too_large_result(line)
    if not line.strip():
        return None
    return _result_of_text(line.removesuffix(b"\n").removesuffix(b"\r"))


def _input_name(path: str) -> str:
    return "standard input" if path == "-" else echo(path)


def _open_input(path: str) -> IO[bytes]:
    """The binary stream to read: standard input for "-" (StreamError if it is closed), else
    the file (a UsageError if it cannot be opened: the option named a bad file)."""
    if path == "-":
        stdin = sys.stdin
        buffer = getattr(stdin, "buffer", None) if stdin is not None else None
        if buffer is None or getattr(buffer, "closed", False):
            raise StreamError(f"cannot read standard input: {_io_problem(None)}")
        return buffer  # type: ignore[no-any-return]
    try:
        return open(path, "rb")
    except OSError as error:
        raise UsageError(f"cannot open {echo(path)}: {_io_problem(error)}") from None


def _read(stream: IO[bytes], path: str, size: int = -1) -> bytes:
    try:
        return stream.read(size)
    except OSError as error:
        raise StreamError(f"cannot read {_input_name(path)}: {_io_problem(error)}") from None


def _readline(stream: IO[bytes], path: str, size: int) -> bytes:
    try:
        return stream.readline(size)
    except OSError as error:
        raise StreamError(f"cannot read {_input_name(path)}: {_io_problem(error)}") from None


def _stdout() -> IO[str]:
    out = sys.stdout
    if out is None or getattr(out, "closed", False):
        raise StreamError(f"cannot write standard output: {_io_problem(None)}")
    return out


def _write(line: str) -> None:
    """Write one line to standard output and flush it (a stream: each answer leaves as soon as
    it exists). A reader gone away is BrokenPipeError (a quiet end); any other failure, such as
    a full disk, is a StreamError."""
    out = _stdout()
    try:
        out.write(line + "\n")
        out.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        raise StreamError(f"cannot write standard output: {_io_problem(error)}") from None


def _run_replay(args: argparse.Namespace) -> int:
    stream = _open_input(args.file)
    try:
        if not args.jsonl:
            data = _read(stream, args.file, MAX_TEXT_CHARS + 1)
            result = _too_large_result(None) if len(data) > MAX_TEXT_CHARS else _result_of_text(data)
            _write(dump_json(result))
            if result["error"] is not None:
                _say(f"replay: {result['error']['message']}")
            return _status(result)
        # One result per non-blank line, written as soon as it is known; the status is the
        # worst over all lines.
        status = EXIT_OK
        for line in _lines(stream, args.file):
            line_result = _line_result(line)
            if line_result is not None:
                _write(dump_json(line_result))
                status = max(status, _status(line_result))
        return status
    finally:
        if args.file != "-":
            stream.close()


# ----- simulate, facts, play ----------------------------------------------------------------


def _bot_names(text: str | None, players: int) -> list[str]:
    if text is None:
        return ["random"] * players
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        known = ", ".join(BOTS)
        raise UsageError(f"--bots: expected {players} comma-separated bot names ({known}), got {echo(text)}")
    for name in names:
        if name not in BOTS:
            raise UsageError(f"--bots: unknown bot {echo(name)}; known bots: {', '.join(BOTS)}")
    if len(names) != players:
        raise UsageError(f"--bots: {players} names needed for {players} players, got {len(names)}")
    return names


def _run_simulate(args: argparse.Namespace) -> int:
    from engine.ai.simulate import simulate

    rules = _parse_rules(args.rules)
    bots = _bot_names(args.bots, rules.players)
    if args.matches and args.matches * rules.target > MAX_DEALS:
        raise UsageError(f"--matches {args.matches} to {rules.target} points is more than {MAX_DEALS} deals")
    _check_sampled_worlds(args, rules, bots)
    options: Json = {}
    if args.samples is not None:
        options["samples"] = args.samples
    summary = simulate(
        rules, bots, args.deals, args.seed,
        duplicate=args.duplicate, matches=args.matches, bot_options=options,
    )  # fmt: skip
    if args.json:
        _write(dump_json(summary))
        return EXIT_OK
    rate = summary["deals_per_second"]
    _write(f"deals: {summary['deals']}  seconds: {summary['seconds']:.3f}  deals/s: {rate}")
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
        _write(line)
    return EXIT_OK


def _check_sampled_worlds(args: argparse.Namespace, rules: Rules, bots: list[str]) -> None:
    """Refuse a run whose expert seats would sample more than MAX_SIMULATED_SAMPLES worlds in
    all: deals (or matches x target) x rotations x expert seats x samples per decision, with
    the expert's default samples when --samples is not given."""
    from engine.ai.expert import DEFAULT_SAMPLES

    experts = bots.count("expert")
    if not experts:
        return
    samples = DEFAULT_SAMPLES if args.samples is None else args.samples
    runs = max(args.deals, args.matches * rules.target) * (rules.players if args.duplicate else 1)
    worlds = runs * experts * samples
    if worlds > MAX_SIMULATED_SAMPLES:
        shown = f"--samples {samples}" if args.samples else f"the expert's default {samples} samples"
        raise UsageError(
            f"{shown} over {runs} deals for {experts} expert seat(s) is {worlds} sampled worlds; "
            f"at most {MAX_SIMULATED_SAMPLES} per run (fewer --deals, --matches or --samples)"
        )


def _run_facts(args: argparse.Namespace) -> int:
    _write(dump_json(facts(_parse_rules(args.rules))))
    return EXIT_OK


def _run_play(args: argparse.Namespace) -> int:
    import random

    from engine.surfaces.terminal import play

    rules = _parse_rules(args.rules)
    if args.bot not in BOTS:
        raise UsageError(f"--bot: unknown bot {echo(args.bot)}; known bots: {', '.join(BOTS)}")
    seed = random.SystemRandom().getrandbits(31) if args.seed is None else args.seed
    if sys.stdin is None:
        raise StreamError(f"cannot read standard input: {_io_problem(None)}")
    _stdout()
    try:
        return play(args.lang, rules, args.bot, seed)
    except BrokenPipeError:
        raise
    except OSError as error:
        raise StreamError(f"cannot read or write the terminal: {_io_problem(error)}") from None


# ----- analyse ------------------------------------------------------------------------------


def _run_analyse(args: argparse.Namespace) -> int:
    """Analyse one deal record: JSON by default, the annotated deal with --text (engine/analysis.py)."""
    from engine.analysis.deal_analysis import AnalysisError, analyse
    from engine.surfaces.analysis_text import annotated_deal

    stream = _open_input(args.file)
    try:
        data = _read(stream, args.file, MAX_TEXT_CHARS + 1)
    finally:
        if args.file != "-":
            stream.close()
    if len(data) > MAX_TEXT_CHARS:
        _say(f"analyse: record: more than {MAX_TEXT_CHARS} bytes")
        return EXIT_REFUSED
    try:
        record = parse_json(decode_text(data, "record"), "record")
    except BoundaryError as error:  # the file is the record: a bad record
        _say(f"analyse: {error}")
        return EXIT_REFUSED
    try:
        result = analyse(record, seat=args.seat, samples=args.samples, seed=args.seed)
    except AnalysisError as error:
        # A bad --seat, --samples or --seed is a usage error, a bad record a refused input.
        _say(f"analyse: {error}")
        return EXIT_STATUS[error.code]
    _write(annotated_deal(result, args.lang).removesuffix("\n") if args.text else dump_json(result))
    return EXIT_OK


# ----- luck ---------------------------------------------------------------------------------


def _run_luck(args: argparse.Namespace) -> int:
    """Deals between bots, each split into luck and skill (engine/analysis/luck.py): one JSON
    object per deal with --jsonl, then the summary line (engine/analysis/luck_runs.py)."""
    from engine.analysis.luck_runs import figures, luck_deals, summary

    rules = _parse_rules(args.rules)
    bots = _bot_names(args.bots, rules.players)
    work = args.deals * args.value_samples
    if work > MAX_LUCK_WORK:
        raise UsageError(
            f"--deals {args.deals} x --value-samples {args.value_samples} is {work} sampled orders per "
            f"valued state; at most {MAX_LUCK_WORK} per run (MAX_LUCK_WORK: fewer --deals or --value-samples)"
        )
    _check_sampled_worlds(args, rules, bots)
    options: Json = {} if args.samples is None else {"samples": args.samples}
    rows = []
    for record, split in luck_deals(
        rules, bots, args.deals, args.seed, samples=args.value_samples, value_seed=args.value_seed,
        bot_options=options,
    ):
        rows.append(figures(split))
        if args.jsonl:
            _write(dump_json({"record": record, **split.to_dict(events=False)}))
    _write(dump_json(summary(rows, bots, args.seed)))
    return EXIT_OK


# ----- check -------------------------------------------------------------------------------


def _run_check(args: argparse.Namespace) -> int:
    """Every problem in a content folder or file (engine/content/), one a line with its file and
    place; a path that is neither a folder nor a file is a usage error."""
    from engine.content import check_content

    path = Path(args.path)
    if not path.exists():
        _say(f"check: cannot open {echo(args.path)}: no such folder or file")
        return EXIT_USAGE
    report = check_content(path)
    for problem in report.problems:
        _write(str(problem))
    counts = (
        f"{len(report.examples.examples)} worked examples, {len(report.puzzles.puzzles)} puzzles, "
        f"{len(report.levels.levels)} levels"
    )
    found = len(report.problems)
    _say(f"check: {echo(args.path)}: {counts}: " + (f"{found} problem(s)" if found else "no problems"))
    return EXIT_REFUSED if found else EXIT_OK


# ----- the parser and main ------------------------------------------------------------------


def build_parser(prog: str = "python -m engine") -> argparse.ArgumentParser:
    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        return commands.add_parser(
            name, help=help_text, description=help_text, epilog=EXIT_CODES_HELP,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )  # fmt: skip

    parser = argparse.ArgumentParser(
        prog=prog, description="California Jack rules engine", epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )  # fmt: skip
    commands = parser.add_subparsers(dest="command", required=True)
    replay_cmd = command("replay", "play a deal record and print the result as JSON")
    replay_cmd.add_argument("file", nargs="?", default="-", help="record file, or - for standard input")
    replay_cmd.add_argument(
        "--jsonl", action="store_true",
        help="one record per line (split on newline only; blank lines skipped), one result per line",
    )  # fmt: skip
    replay_cmd.set_defaults(run=_run_replay)
    sim = command("simulate", "play many deals between bots")
    sim.add_argument("--rules", default="standard", help="preset name or JSON rules object")
    sim.add_argument(
        "--bots", default=None, help=f"comma-separated bot names, one per seat ({', '.join(BOTS)})"
    )
    sim.add_argument("--deals", type=_bounded_int(0, MAX_DEALS), default=1000)
    sim.add_argument("--seed", type=_seed, default=0, help="0..2**64-1")
    sim.add_argument(
        "--duplicate", action="store_true", help="play each deal again with the seats swapped (rotated)"
    )
    sim.add_argument(
        "--matches", type=_bounded_int(0, MAX_MATCHES), default=0,
        help="play this many whole matches instead of deals",
    )  # fmt: skip
    sim.add_argument(
        "--samples", type=_bounded_int(1, MAX_SAMPLES), default=None,
        help=f"sampled worlds per expert decision (1..{MAX_SAMPLES}; default: the expert's own)",
    )  # fmt: skip
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.set_defaults(run=_run_simulate)
    facts_cmd = command("facts", "print the numbers the rules pages quote")
    facts_cmd.add_argument("--rules", default="standard")
    facts_cmd.set_defaults(run=_run_facts)
    play_cmd = command("play", "play a match in the terminal against a bot")
    play_cmd.add_argument("--lang", default="en", choices=LANGUAGES, help="language of every message")
    play_cmd.add_argument("--rules", default="standard", help="preset name or JSON rules object")
    play_cmd.add_argument("--bot", default="heuristic", help=f"the opponent ({', '.join(BOTS)})")
    play_cmd.add_argument("--seed", type=_seed, default=None, help="reproduce a match (default: random)")
    play_cmd.set_defaults(run=_run_play)
    analyse_cmd = command("analyse", "value every card played in a deal record, grade it and say why")
    analyse_cmd.add_argument("file", nargs="?", default="-", help="record file, or - for standard input")
    analyse_cmd.add_argument("--seat", type=_bounded_int(0, 2), default=None, help="analyse only this seat")
    analyse_cmd.add_argument(
        "--samples", type=_bounded_int(1, MAX_SAMPLES), default=None,
        help=f"sampled deals per decision before the stock is empty (1..{MAX_SAMPLES})",
    )  # fmt: skip
    analyse_cmd.add_argument("--seed", type=_seed, default=0, help="seed of the sampled deals, 0..2**64-1")
    analyse_cmd.add_argument("--text", action="store_true", help="print the annotated deal as text")
    analyse_cmd.add_argument("--lang", default="en", choices=LANGUAGES, help="language of --text")
    analyse_cmd.set_defaults(run=_run_analyse)
    luck_cmd = command(
        "luck", "play deals between bots and split each seat's net points into luck and skill"
    )
    luck_cmd.add_argument("--rules", default="standard", help="preset name or JSON rules object")
    luck_cmd.add_argument(
        "--bots", default="heuristic,heuristic",
        help=f"comma-separated bot names, one per seat ({', '.join(BOTS)})",
    )  # fmt: skip
    luck_cmd.add_argument("--deals", type=_bounded_int(1, MAX_DEALS), default=1000)
    luck_cmd.add_argument(
        "--seed", type=_seed, default=0, help="seed of the deals, the bots and the values, 0..2**64-1"
    )
    luck_cmd.add_argument(
        "--samples", type=_bounded_int(1, MAX_SAMPLES), default=None,
        help=f"sampled worlds per expert decision (1..{MAX_SAMPLES}; default: the expert's own)",
    )  # fmt: skip
    luck_cmd.add_argument(
        "--value-samples", type=_bounded_int(1, MAX_LUCK_SAMPLES), default=16,
        help=f"sampled stock orders each state is valued on (1..{MAX_LUCK_SAMPLES}; default 16)",
    )  # fmt: skip
    luck_cmd.add_argument(
        "--value-seed", type=_seed, default=None,
        help="seed of the sampled stock orders only (default: --seed): the same deals valued again",
    )  # fmt: skip
    luck_cmd.add_argument("--jsonl", action="store_true", help="one JSON object per deal before the summary")
    luck_cmd.set_defaults(run=_run_luck, matches=0, duplicate=False)
    check_cmd = command(
        "check", "check the worked examples, puzzles and course levels against the engine"
    )
    check_cmd.add_argument(
        "path", nargs="?", default="tutorials",
        help="a content folder (default: tutorials) or one .toml or .jsonl file",
    )  # fmt: skip
    check_cmd.set_defaults(run=_run_check)
    return parser


def _say(line: str) -> None:
    """One line on stderr; nothing if stderr itself is closed or failing (nowhere to say it)."""
    err = sys.stderr
    if err is None:
        return
    try:
        print(line, file=err)
        err.flush()
    except (OSError, ValueError):
        pass


def _flush_stdout() -> None:
    """Flush what is left of standard output now, so a late failure (a full disk) is reported
    here and not by the interpreter at exit."""
    out = sys.stdout
    if out is None or getattr(out, "closed", False):
        return
    try:
        out.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        raise StreamError(f"cannot write standard output: {_io_problem(error)}") from None


def _quiet_broken_pipe() -> None:
    """The reader went away (`| head -1`): send what is left to nowhere and stop quietly."""
    if sys.stdout is None:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        pass


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    """Run one command; returns the exit code (see EXIT_CODES_HELP). Never lets a traceback out."""
    parser = build_parser(prog or "python -m engine")
    for stream in (sys.stdout, sys.stderr):
        # A character the terminal's encoding lacks is written as \uXXXX (still valid inside a
        # JSON string) instead of failing with UnicodeEncodeError.
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    name = "engine"
    try:
        try:
            args = parser.parse_args(argv)  # exits 2 with a usage message on bad options
        except SystemExit:
            _flush_stdout()  # --help's text too: a full disk is an I/O error, not an exit-time crash
            raise
        name = args.command
        try:
            status: int = args.run(args)
        except UsageError as error:
            _say(f"{name}: {error}")
            return EXIT_USAGE
        _flush_stdout()
        return status
    except BrokenPipeError:
        _quiet_broken_pipe()
        return EXIT_OK
    except StreamError as error:
        _say(f"{name}: I/O error: {error}")
        _quiet_broken_pipe()  # what is left unwritten goes nowhere, not to a failing stream
        return EXIT_IO
    except KeyboardInterrupt:
        return EXIT_STOPPED
    except Exception as error:  # the promise: exit 3 with a short line, not a traceback
        _say(f"internal error ({type(error).__name__}): {echo(str(error), 200)}")
        return EXIT_INTERNAL


def console_main() -> int:
    """Entry point of the `california-jack` console script."""
    return main(prog="california-jack")
