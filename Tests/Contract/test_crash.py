"""A handful of crash trials (scripts/crash_trials.py; `make crash-trials` runs 100 per backend):
SIGKILL while clients write and timer phases end, restart, retry; nothing acknowledged is lost or
doubled, every phase is recorded once with its webhook delivery, and SQLite's integrity check passes."""

from __future__ import annotations

import os
import random

import pytest

import crash_trials
from conftest import binary

TRIALS = 3


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_a_crash_loses_and_doubles_nothing(backend, artifacts, monkeypatch):
    postgres = os.environ.get("HEARTH_TEST_POSTGRES_URL")
    if backend == "postgres" and not postgres:
        pytest.skip("HEARTH_TEST_POSTGRES_URL is not set (make test sets it)")
    monkeypatch.setenv("HEARTH_BIN", binary())
    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    results = [crash_trials.run_trial(number, backend, 3.0, postgres, rng) for number in range(TRIALS)]
    (artifacts / f"crash-trials-{backend}.txt").write_text(
        f"seed {seed}\n" + "\n".join(f"{r['kills']} kills, {r['acknowledged']} acknowledged, {r['phases']} phases" for r in results))
    problems = [problem for result in results for problem in result["problems"]]
    assert not problems, f"seed {seed}:\n" + "\n".join(problems[:20])
    assert sum(r["acknowledged"] for r in results) > 100 and all(r["kills"] for r in results)
