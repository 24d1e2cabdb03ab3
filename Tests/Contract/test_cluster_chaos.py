"""A short run of `make cluster-chaos` on the build under test: three servers behind nginx on one
PostgreSQL, the mixed workload, a server killed every 10 seconds. Nothing acknowledged is lost or
doubled, no webhook delivery is lost or sent twice without a kill between sending and recording,
every stream gets every event, events arrive and phases end on time (looser bounds than the 5-minute
run's 1 s and 1.5 s: here a debug build runs while the machine also runs the other suites).
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

from conftest import binary

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "cluster_chaos.py"


def test_a_cluster_that_loses_a_server_every_ten_seconds_loses_nothing(artifacts):
    if not os.environ.get("HEARTH_TEST_POSTGRES_URL"):
        pytest.skip("needs the throwaway PostgreSQL that `make test` starts (HEARTH_TEST_POSTGRES_URL)")
    run = subprocess.run([sys.executable, str(SCRIPT), "--seconds", "45", "--kill-every", "10", "--lateness-p99", "3", "--event-p99", "3"],
                         env={**os.environ, "HEARTH_BIN": binary(), "CHAOS_KEEP": str(artifacts / "cluster-chaos")},
                         capture_output=True, text=True, timeout=600)
    (artifacts / "cluster-chaos.txt").write_text(run.stdout + run.stderr)
    print(run.stdout)
    assert run.returncode == 0, f"the chaos run failed:\n{run.stdout}\n{run.stderr[-3000:]}"
