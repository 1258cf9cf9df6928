"""The ``referee`` command line.

``score`` and ``check`` read JSON (a FILE or standard input) and write JSON; a
malformed input is one line on standard error and exit status 2.  Heavy
imports (Flask, WeasyPrint) happen only inside the commands that need them, so
``referee score`` starts about as fast as Python itself.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from types import SimpleNamespace

# typing and argparse cost milliseconds at every start, and `referee score` in a
# script's loop notices: typing is for mypy only, argparse is imported when needed.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from datetime import date
    from typing import Any, TextIO

EXIT_MALFORMED = 2


# Characters that start a new line for str.splitlines(); an error message stays on one.
_LINE_BREAKS = {ord(c): repr(c)[1:-1] for c in "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"}


def one_line(text: str) -> str:
    """``text`` with its line breaks written as escapes, for a one-line message."""
    return text.translate(_LINE_BREAKS)


def _read(path: str | None) -> Any:
    from .rules import MalformedInput

    try:
        if path is None or path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as error:
        raise MalformedInput(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise MalformedInput(f"{path or 'standard input'} is not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise MalformedInput(
            f"not JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except RecursionError:
        raise MalformedInput("not JSON: nested too deeply") from None
    except ValueError:  # JSON, but with a number of more than 4300 digits
        raise MalformedInput("not JSON: a number in it is too long to read") from None


def _write(out: TextIO, data: Any) -> None:
    try:
        out.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    except UnicodeEncodeError:  # a lone surrogate from the input, or an ASCII-only terminal
        out.write(json.dumps(data, ensure_ascii=True, indent=2) + "\n")


def cmd_score(args: argparse.Namespace) -> int:
    from .match.contract import score_json

    result, status = score_json(_read(args.file))
    _write(sys.stdout, result)
    return status


def cmd_check(args: argparse.Namespace) -> int:
    from .match.contract import check_json

    _write(sys.stdout, check_json(_read(args.file)))
    return 0


def cmd_ask(args: argparse.Namespace) -> int:
    """``referee ask``: a plain question, the rules of the variant that answer it."""
    import gc

    # A cold ask makes some 20 000 objects the collector follows, which live until it ends
    # (its modules, the index's built tables), and a few hundred of garbage: the collector's
    # 30 passes over them cost it 4 - 5 ms (docs/benchmarks.md, "The cold start again").
    # Paused while it answers, then as it was (a test calls main() in its own process).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _ask(args)
    finally:
        if collecting:
            gc.enable()


def _ask(args: argparse.Namespace) -> int:
    from .ask import answers_json
    from .rules import MalformedInput, UnknownVariant, find_variant

    try:
        variant = find_variant(args.variant)
    except UnknownVariant as error:
        raise MalformedInput(str(error)) from None
    if args.options is not None:  # the table's house rules, as `score`'s "options" object
        from .match.contract import with_house_rules

        try:
            options = json.loads(args.options)
        except (ValueError, RecursionError):  # not JSON, or nested past the parser
            raise MalformedInput(
                "--options must be JSON, e.g. --options '{\"acabar\": true}'"
            ) from None
        variant = with_house_rules(variant, options)
    found = answers_json(variant, args.question, args.lang)
    if args.json:
        _write(sys.stdout, found)
        return 0
    ruling = found["ruling"]
    if ruling is not None:  # the ruling first (its sentence says Yes or No), then the rules
        print(ruling["text"])
    if not found["answers"] and ruling is None:
        print(f"No rule of this book answers that. All the rules: /rules/{variant.id}")
    for n, answer in enumerate(found["answers"], 1):
        print(f"{n}. {answer['text']}")
        if answer["figure"]:
            print(f"   {answer['figure']}")
        if answer["quote"] and answer["quote"] != answer["text"]:
            print(f"   “{answer['quote']}”")
        print(f"   {answer['source_title']} · {answer['url']}")
    return 0


def cmd_variants(args: argparse.Namespace) -> int:
    from .match.contract import variants_json

    rows = variants_json()
    if args.json:
        _write(sys.stdout, rows)
        return 0
    header = f"{'id':<13} {'players':<8} {'target':>7} {'2':>3} {'natural':>7} {'mixed':>5} "
    header += f"{'out':>4}  opening (negative / from score)"
    print(header)
    for row in rows:
        opening = " ".join(f"{k}:{v}" for k, v in row["opening"].items())
        bonus = row["canasta_bonus"]
        # A match of so many hands (hand and foot) has no target: its hands instead.
        target = f"{row['rounds']} hands" if row["rounds"] else row["target_score"]
        print(
            f"{row['id']:<13} {','.join(map(str, row['players'])):<8} {target:>7} "
            f"{row['two_points']:>3} {bonus['natural']:>7} {bonus['mixed']:>5} "
            f"{row['going_out_bonus']:>4}  {opening}"
        )
        print(
            f"{'':<13} {row['name']}"
            + (f"; house rules: {', '.join(row['options'])}" if row["options"] else "")
        )
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    """``referee tournament plan``: who meets whom at which table, round by round."""
    from .rules import MalformedInput
    from .rules.movements import PlanError, plan

    try:
        movement = plan(args.teams, args.rounds, args.movement)
    except PlanError as error:
        raise MalformedInput(str(error)) from None
    if args.json:
        _write(sys.stdout, movement.to_json())
        return 0
    for r in movement.rounds:
        print(f"Round {r.number}")
        for p in r.tables:
            print(f"  table {p.table:>3}: N-S team {p.ns:>3}  E-W team {p.ew:>3}")
        if r.sits_out:
            print(f"  sits out: team {', '.join(map(str, r.sits_out))}")
    return 0


def cmd_blank_sheet(args: argparse.Namespace) -> int:
    from .rules import MalformedInput, UnknownVariant, find_variant
    from .sheets import blank_sheet_pdf

    base = None
    if args.rules:  # a table's own rules, from a match page's rules file
        from .rules.overrides import apply_overrides, read_rules_file

        preset, options, overrides = read_rules_file(_read(args.rules), find_variant)
        base = preset.with_options(options)
        variant = apply_overrides(base, overrides)
    elif args.variant:
        try:
            variant = find_variant(args.variant)
        except UnknownVariant as error:
            raise MalformedInput(str(error)) from None
    else:
        raise MalformedInput("give --variant or --rules")
    if args.players is not None and args.players not in variant.players:
        allowed = ", ".join(map(str, variant.players))
        raise MalformedInput(f"{variant.id} is played by {allowed} players, not {args.players}")
    from .i18n import translator

    gettext = translator(args.lang)
    pdf = blank_sheet_pdf(
        variant, args.paper, args.players, gettext=gettext, base=base, lang=args.lang
    )
    _write_bytes(args.out, pdf)
    return 0


def _open_storage(args: argparse.Namespace, create: bool = False) -> Any:
    """The database ``referee serve`` uses (or --db), as a :class:`~referee.storage.Storage`."""
    import sqlite3
    from pathlib import Path

    from .rules import MalformedInput
    from .storage import Storage
    from .web import database_path

    path = database_path(args.db)
    if not create and not Path(path).is_file():
        raise MalformedInput(f"no database at {path} (give --db FILE or set REFEREE_DB)")
    try:
        if create:
            Storage.initialise(path)
        storage = Storage(path)
        storage.db.execute("SELECT 1 FROM matches LIMIT 1")
    except sqlite3.DatabaseError as error:
        raise MalformedInput(f"{path} is not a referee database ({error})") from None
    return storage


def _load_match(storage: Any, match_id: int) -> Any:
    from .rules import MalformedInput

    match = storage.get_match(match_id)
    if match is None:
        raise MalformedInput(f"no match {match_id} in {storage.path}")
    # A match stored damaged (by an older version, or by hand): one line naming the part,
    # as its pages say it, not a traceback.
    from .match.integrity import DamagedMatch, check_hands, check_match

    try:
        check_match(match)
        check_hands(match, storage.all_hands(match.id), storage.history(match.id))
    except DamagedMatch as error:
        raise MalformedInput(f"match {match_id} is damaged: {error}") from None
    except (TypeError, ValueError, RecursionError):  # a stored column that is not even JSON
        raise MalformedInput(
            f"match {match_id} is damaged: the hands of the match cannot be read"
        ) from None
    return match


def cmd_sheet(args: argparse.Namespace) -> int:
    from .match.ledger import compute_ledger
    from .sheets import match_sheet_pdf

    storage = _open_storage(args)
    try:
        match = _load_match(storage, args.match_id)
        ledger = compute_ledger(match, storage.hands(match.id))
    finally:
        storage.close()
    from .i18n import translator

    pdf = match_sheet_pdf(ledger, args.paper, gettext=translator(args.lang), lang=args.lang)
    _write_bytes(args.out, pdf)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from .exchange import ledger_csv, match_to_json
    from .match.ledger import compute_ledger

    form = args.format or ("csv" if args.out.lower().endswith(".csv") else "json")
    storage = _open_storage(args)
    try:
        match = _load_match(storage, args.match_id)
        if form == "csv":
            text = ledger_csv(compute_ledger(match, storage.hands(match.id)))
        else:
            data = match_to_json(match, storage.all_hands(match.id), storage.history(match.id))
            text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    finally:
        storage.close()
    # A spreadsheet reads names with accents right only after a byte order mark.
    bom = "\ufeff" if form == "csv" and args.out != "-" else ""
    _write_bytes(args.out, (bom + text).encode("utf-8"))
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from .exchange import NotAnExport, match_from_json
    from .rules import MalformedInput

    try:
        imported = match_from_json(_read(args.file))
    except NotAnExport as error:
        raise MalformedInput(f"{args.file}: {error}") from None
    storage = _open_storage(args, create=True)
    try:
        match = storage.import_match(imported.match, imported.hands, imported.history)
    finally:
        storage.close()
    name = f" {match.name!r}" if match.name else ""
    print(f"imported as match {match.id}{name}, with new links:")
    print(f"  edit:      /m/{match.id}/{match.edit_token}")
    print(f"  read-only: /m/{match.id}/{match.view_token}")
    return 0


def cmd_backup(args: argparse.Namespace) -> int:
    import sqlite3

    from .rules import MalformedInput

    storage = _open_storage(args)
    try:
        target = storage.backup(args.path)
    except (OSError, ValueError, sqlite3.Error) as error:
        raise MalformedInput(f"cannot back up to {args.path}: {error}") from None
    finally:
        storage.close()
    print(f"backed up {storage.path} to {target}")
    return 0


def _date(text: str) -> date:
    """``text`` as a calendar date, written YYYY-MM-DD and nothing else."""
    import re
    from datetime import date

    from .rules import MalformedInput

    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text, re.ASCII):
        try:
            return date.fromisoformat(text)
        except ValueError as error:
            raise MalformedInput(f"{text!r} is not a date: {error}") from None
    raise MalformedInput(f"{text!r} is not a date written YYYY-MM-DD")


def _count(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _over(storage: Any, match_id: int) -> bool:
    """Whether the match's ledger has a winner: the stored flag is only what the web last
    saw, so a match reopened by an undo nobody has looked at since is not over."""
    from .match.ledger import compute_ledger

    match = storage.get_match(match_id)
    return match is not None and compute_ledger(match, storage.hands(match_id)).finished


def cmd_prune(args: argparse.Namespace) -> int:
    before = _date(args.finished_before)
    storage = _open_storage(args)
    try:
        chosen = [p for p in storage.prunable(before) if _over(storage, p.id)]
        if chosen and args.yes:
            chosen = storage.prune([p.id for p in chosen], before)
    finally:
        storage.close()
    if not chosen:
        print(f"no finished match was last changed before {before}: nothing to delete")
        return 0
    for p in chosen:
        name = f" {p.name!r}" if p.name else ""
        print(
            f"match {p.id}{name}: finished, last changed {p.last_change:%Y-%m-%d %H:%M} UTC, "
            f"{_count(p.hands, 'hand', 'hands')}"
        )
    hands = sum(p.hands for p in chosen)
    counts = f"{_count(len(chosen), 'match', 'matches')} ({_count(hands, 'hand', 'hands')})"
    if args.yes:
        print(f"deleted {counts}")
    else:
        print(f"would delete {counts}; run again with --yes to delete them")
    return 0


def _printable(text: str) -> str:
    """``text`` with what would move or recolour a terminal written as escapes: a name
    typed on a phone may hold control characters and bidi overrides."""
    bidi = [0x61C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
    unprintable = [*range(0x20), *range(0x7F, 0xA0), *bidi]
    return text.translate({c: f"\\u{c:04x}" for c in unprintable})


def _inventory(storage: Any) -> dict[str, list[dict[str, Any]]]:
    """Every match, group and tournament of ``storage``, oldest first, with its links."""

    def state(finished: bool) -> str:
        return "finished" if finished else "in progress"

    def entry(path: str, item: Any, state: str | None) -> dict[str, Any]:
        return {
            "id": item.id,
            "name": item.name,
            "created": item.created,
            "state": state,
            "edit": f"/{path}/{item.id}/{item.edit_token}",
            "view": f"/{path}/{item.id}/{item.view_token}",
        }

    return {
        "matches": [entry("m", m, state(m.finished)) for m in storage.list_matches()[::-1]],
        "groups": [entry("g", g, None) for g in storage.list_groups()[::-1]],
        "tournaments": [entry("t", t, state(t.finished)) for t in storage.list_tournaments()[::-1]],
    }


def cmd_list(args: argparse.Namespace) -> int:
    """``referee list``: everything on the server with its links, for its operator."""
    storage = _open_storage(args)
    try:
        found = _inventory(storage)
    finally:
        storage.close()
    if args.json:
        _write(sys.stdout, found)
        return 0
    for kind, items in found.items():
        print(f"{kind} ({len(items)})" if items else f"{kind}: none")
        if items:
            print(f"  {'id':>5}  {'state':<11}  {'created (UTC)':<16}  name")
        for item in items:
            name = _printable(item["name"]) or "(no name)"
            created = item["created"][:16].replace("T", " ")
            print(f"  {item['id']:>5}  {item['state'] or '':<11}  {created:<16}  {name}")
            print(f"         edit:      {item['edit']}")
            print(f"         read-only: {item['view']}")
    return 0


def _workers(text: str) -> int:
    import argparse

    if not text.isdigit() or not 1 <= int(text) <= 64:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of processes from 1 to 64")
    return int(text)


def _hops(text: str) -> int:
    import argparse

    if not text.isdigit() or not 0 <= int(text) <= 10:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of proxies from 0 to 10")
    return int(text)


def cmd_serve(args: argparse.Namespace) -> int:
    import os

    from .serve import serve
    from .web.plumbing.secret_key import ShortKey

    try:
        return serve(
            args.host,
            args.port,
            args.db or os.environ.get("REFEREE_DB"),
            workers=args.workers,
            proxy_hops=args.proxy_hops,
        )
    except ShortKey as error:
        print(f"referee serve: {error}", file=sys.stderr)
        return EXIT_MALFORMED


def _write_bytes(path: str, data: bytes) -> None:
    from .rules import MalformedInput

    try:
        if path == "-":
            sys.stdout.buffer.write(data)
        else:
            with open(path, "wb") as handle:
                handle.write(data)
    except OSError as error:
        raise MalformedInput(f"cannot write {path}: {error.strerror}") from None


COMMANDS: dict[str, tuple[Callable[[argparse.Namespace], int], str]] = {
    "score": (cmd_score, "score one hand: JSON in (FILE or stdin), JSON out"),
    "check": (cmd_check, "answer a rule question: JSON in, a ruling out"),
    "ask": (cmd_ask, "a rule question in your own words: the rules that answer it, best first"),
    "variants": (cmd_variants, "list the rule variants with their main numbers"),
    "blank-sheet": (cmd_blank_sheet, "print a blank score sheet of a variant as PDF"),
    "sheet": (cmd_sheet, "print a match's score sheet as PDF"),
    "export": (cmd_export, "write a match as JSON (all of it) or CSV (a row per hand and side)"),
    "import": (cmd_import, "recreate a match from a JSON export, with new links"),
    "backup": (cmd_backup, "copy the database safely, even while the server runs"),
    "list": (
        cmd_list,
        "every match, group and tournament on the server with its links (for its operator)",
    ),
    "prune": (
        cmd_prune,
        "delete finished matches last changed before a date (a dry run without --yes)",
    ),
    "serve": (cmd_serve, "run the phone companion (granian) for phones on the same Wi-Fi"),
    "tournament": (cmd_tournament, "plan a tournament's movement: who meets whom, round by round"),
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with ``only``, a command's name, that command's alone
    (what a start needs: building all fourteen cost a cold ``referee ask`` 20 ms)."""
    import argparse

    class _Parser(argparse.ArgumentParser):
        def error(self, message: str) -> Any:  # one line, not argparse's usage block
            self.exit(EXIT_MALFORMED, f"referee: {one_line(message)}\n")

    parser = _Parser(prog="referee", description="Canasta Referee: score, referee, print.")
    # An explicit prog spares argparse formatting a usage line at every start.
    commands = parser.add_subparsers(
        dest="command", required=True, parser_class=_Parser, prog="referee"
    )
    for name, (_func, help_text) in COMMANDS.items():
        if only is not None and name != only:
            continue
        sub = commands.add_parser(name, help=help_text, description=help_text)
        if name in ("score", "check"):
            sub.add_argument("file", nargs="?", help="JSON file (default: standard input)")
        if name == "ask":
            from .i18n import LANGUAGES

            sub.add_argument("question", help="the question, in quotes")
            sub.add_argument("--variant", required=True, help="a variant id (referee variants)")
            sub.add_argument(
                "--lang",
                choices=list(LANGUAGES),
                default="en",
                help="the question's language, and the answer's (default: en)",
            )
            sub.add_argument(
                "--options",
                metavar="JSON",
                help="the table's house rules, as score's \"options\": '{\"acabar\": true}'",
            )
        if name in ("variants", "list", "ask"):
            sub.add_argument("--json", action="store_true", help="print as JSON")
        if name == "blank-sheet":
            sub.add_argument("--variant", help="a variant id (referee variants)")
            sub.add_argument(
                "--rules",
                metavar="FILE",
                help="a rules file from a match page (instead of --variant)",
            )
            sub.add_argument("--out", required=True, help="the PDF file to write (- for stdout)")
            sub.add_argument("--paper", choices=["a4", "letter"], default="a4")
            sub.add_argument("--players", type=int, help="default: the variant's usual table")
        if name in ("sheet", "export"):
            sub.add_argument("match_id", type=int, metavar="MATCH_ID", help="the number in /m/N/")
        if name == "sheet":
            sub.add_argument("--out", required=True, help="the PDF file to write (- for stdout)")
            sub.add_argument("--paper", choices=["a4", "letter"], default="a4")
        if name == "export":
            sub.add_argument("--out", default="-", help="the file to write (default: stdout)")
            sub.add_argument(
                "--format", choices=["json", "csv"], help="default: csv for a .csv file, else json"
            )
        if name == "import":
            sub.add_argument("file", help="a JSON file from referee export (- for stdin)")
        if name == "backup":
            sub.add_argument("path", help="the file to write the copy to")
        if name == "prune":
            sub.add_argument(
                "--finished-before",
                required=True,
                metavar="DATE",
                help="YYYY-MM-DD: prune finished matches last changed before this day began (UTC)",
            )
            sub.add_argument(
                "--yes", action="store_true", help="delete them (default: only list them)"
            )
        if name == "serve":
            sub.add_argument("--host", default="0.0.0.0", help="default: every interface")
            sub.add_argument("--port", type=int, default=5000, help="default: 5000")
            sub.add_argument(
                "--workers",
                type=_workers,
                help="server processes (default: one per core, at least 2)",
            )
            sub.add_argument(
                "--proxy-hops",
                type=_hops,
                metavar="N",
                help="trust X-Forwarded-* from N reverse proxies in front "
                "(default: $REFEREE_PROXY_HOPS, else 0: none)",
            )
        if name == "tournament":
            steps = sub.add_subparsers(dest="step", required=True, parser_class=_Parser)
            step = steps.add_parser(
                "plan",
                help="print the movement's tables round by round",
                description="print the movement's tables round by round",
            )
            step.add_argument("--teams", type=int, required=True, help="teams, numbered from 1")
            step.add_argument("--rounds", type=int, required=True, help="rounds to play")
            step.add_argument(
                "--movement",
                choices=["mitchell", "round-robin"],
                default="mitchell",
                help="mitchell: East-West move up a table each round; round-robin: every "
                "team meets every other once (default: mitchell)",
            )
            step.add_argument("--json", action="store_true", help="print as JSON")
        if name in ("sheet", "blank-sheet"):
            from .i18n import LANGUAGES

            sub.add_argument(
                "--lang",
                choices=list(LANGUAGES),
                default="en",
                help="the sheet's language (default: en)",
            )
        if name in ("sheet", "export", "import", "backup", "list", "prune", "serve"):
            sub.add_argument(
                "--db", help="SQLite file (default: $REFEREE_DB, else instance/data/referee.db)"
            )
    return parser


def quick_args(argv: Sequence[str]) -> SimpleNamespace | None:
    """``score [FILE]``, ``check [FILE]`` and ``ask QUESTION --variant V [--lang L]
    [--json]`` read as ``build_parser()`` reads them, or None.

    Building the parser costs a few milliseconds at every start, which ``referee
    score`` in a script's loop notices, and importing argparse (with the gettext, locale
    and shutil it brings) some 7 ms of a cold ``referee ask``; anything else -- an
    abbreviation, an option twice, a value beginning with "-", help -- goes to argparse.
    """
    if argv and argv[0] == "ask":
        return _quick_ask(argv[1:])
    if not argv or argv[0] not in ("score", "check") or len(argv) > 2:
        return None
    if len(argv) == 2 and argv[1].startswith("-") and argv[1] != "-":
        return None
    return SimpleNamespace(command=argv[0], file=argv[1] if len(argv) == 2 else None)


def _quick_ask(argv: Sequence[str]) -> SimpleNamespace | None:
    from .i18n import LANGUAGES

    found: dict[str, Any] = {}
    rest = list(argv)
    while rest:
        arg = rest.pop(0)
        name, equals, value = arg.partition("=")
        if arg == "--json" and "json" not in found:
            found["json"] = True
        elif name in ("--variant", "--lang") and name[2:] not in found:
            if not equals:
                if not rest:
                    return None
                value = rest.pop(0)
            if value.startswith("-") or (name == "--lang" and value not in LANGUAGES):
                return None
            found[name[2:]] = value
        elif not arg.startswith("-") and "question" not in found:
            found["question"] = arg
        else:
            return None
    if "question" not in found or "variant" not in found:
        return None
    return SimpleNamespace(
        command="ask",
        question=found["question"],
        variant=found["variant"],
        lang=found.get("lang", "en"),
        json=found.get("json", False),
        options=None,
    )


# Commands that read, compute and print, holding nothing to finalize (no database, no file
# written): their process ends with its objects frozen (:func:`main`).
COMPUTING = frozenset({"score", "check", "ask"})


def main(argv: Sequence[str] | None = None) -> int:
    from .rules import MalformedInput

    ending = argv is None  # the process's own command line: the process ends after this
    if argv is None:
        argv = sys.argv[1:]
    only = argv[0] if argv and argv[0] in COMMANDS else None
    args = quick_args(argv) or build_parser(only).parse_args(argv)
    func = COMMANDS[args.command][0]
    try:
        return func(args)
    except MalformedInput as error:
        print(f"referee {args.command}: {one_line(str(error))}", file=sys.stderr)
        return EXIT_MALFORMED
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as error:  # never a traceback at the table
        print(
            f"referee {args.command}: internal error "
            f"({type(error).__name__}: {one_line(str(error))}); please report it",
            file=sys.stderr,
        )
        return 3
    finally:
        if ending and args.command in COMPUTING:
            import gc

            # The interpreter's finalization passes the collector over every object left (some
            # 28 000 after `referee ask`), which frees nothing the end of the process does not:
            # 5 - 6 ms of a `referee score`, 12 of a `referee ask` (docs/benchmarks.md, "The
            # cold start again").  Frozen, they are not passed over; a command that writes has its
            # objects finalized as ever, and so has a program calling main() (argv given).
            gc.freeze()


if __name__ == "__main__":
    raise SystemExit(main())
