"""The ``referee`` command as the tests run it: in-process (``referee.cli.main``, the same
code without the start-up) or as a real process, and what a refusal looks like."""

from __future__ import annotations

import io
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from referee.cli import main

SCRIPT = Path(sys.executable).parent / "referee"


REFEREE = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "referee.cli"]


def run(args: list[str], stdin: str | bytes = b"") -> tuple[int, str, str]:
    """``referee ARGS`` in-process: exit status, standard output, standard error."""
    data = stdin.encode("utf-8", "surrogatepass") if isinstance(stdin, str) else stdin
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(args)
            except SystemExit as leaving:  # argparse refusing the command line
                code = leaving.code if isinstance(leaving.code, int) else 1
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def process(args: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """``referee ARGS`` as a real process."""
    return subprocess.run(
        [*REFEREE, *args], input=stdin, capture_output=True, timeout=60, check=False
    )


def assert_refused(code: int, out: str, err: str) -> None:
    """Malformed input: exit 2, nothing on standard output, one line on standard error."""
    assert code == 2, (out, err)
    assert out == ""
    assert err.endswith("\n")
    assert len(err.splitlines()) == 1, err
    assert err.startswith("referee")
    assert "Traceback" not in err
