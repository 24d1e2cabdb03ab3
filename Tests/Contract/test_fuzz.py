"""Contract fuzzing: schemathesis against the live server with the served /api/openapi.yaml and a
valid token, over every operation, with every check on: no 5xx, no answer outside the document
(status, content type, body schema), no hang (10 s per request). Bounded for `make test`
(FUZZ_EXAMPLES per operation, default 25); `make fuzz` goes much further.
"""

from __future__ import annotations

import os
import pathlib
import random
import subprocess
import sys

from hearth_server import sign_up

HERE = pathlib.Path(__file__).resolve().parent


def seed():
    """A fixed seed for `make test` (the same cases every run); FUZZ_SEED=random for a new one each time."""
    chosen = os.environ.get("FUZZ_SEED", "20261123")
    return str(random.randrange(1 << 31)) if chosen == "random" else chosen


def schemathesis(server, artifacts, examples, extra=()):
    """Runs `st run` with every check on; returns its exit status and output."""
    token = sign_up(server.base, f"fuzz-{os.getpid()}-{examples}@example.org", name="Fuzz")
    command = [
        str(pathlib.Path(sys.executable).parent / "st"), "--config-file", str(HERE / "schemathesis.toml"),
        "run", f"{server.base}/api/openapi.yaml", "--url", server.base, "-H", f"Authorization: Bearer {token}",
        "--checks", "all", "--max-examples", str(examples), "--continue-on-failure", "--max-failures", "100",
        "--seed", seed(), "--no-color",
        "--report", "junit", "--report-dir", str(artifacts / "schemathesis"), *extra,
    ]
    run = subprocess.run(command, capture_output=True, text=True)
    (artifacts / "schemathesis.txt").write_text(run.stdout + run.stderr)
    return run.returncode, run.stdout + run.stderr, token


def test_every_operation_keeps_the_contract(server, artifacts):
    status, output, token = schemathesis(server, artifacts, int(os.environ.get("FUZZ_EXAMPLES", "25")))
    summary = output[output.rfind("SUMMARY"):] if "SUMMARY" in output else output[-4000:]
    print(f"\nschemathesis, {os.environ.get('FUZZ_EXAMPLES', '25')} examples per operation:\n{summary}")
    assert status == 0, f"schemathesis found failures (full output in {artifacts / 'schemathesis.txt'}):\n{summary}"
    assert "Tested: " in output and "Selected: " in output
    # No secret reaches the log, whatever the requests did.
    log = server.log()
    assert token not in log and "Bearer hth_" not in log and "hearth_session=" not in log
