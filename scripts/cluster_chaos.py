#!/usr/bin/env python3
"""Chaos for a cluster: the mixed workload of a household (lists, timers with short phases, an
inventory with photos, an event stream per member, a webhook receiver) through nginx to three
servers on one PostgreSQL, while a random server is killed with SIGKILL every --kill-every seconds
and started again. Then it checks, and prints:

- acknowledged writes lost and doubled (both must be 0);
- webhook deliveries lost (0) and duplicated (only those a killed server had sent without recording);
- events each member's stream missed, after reconnecting with Last-Event-ID (0), and resets (0);
  how long after it was written each event arrived on each stream (p99 under --event-p99 seconds);
- how late phases ended (p50, p99, max; p99 under --lateness-p99 seconds);
- 5xx answers through nginx (a request a dying server was answering: the client tries again).

Usage (beside a throwaway PostgreSQL, as `make cluster-chaos` runs it):
    scripts/with-postgres.sh scripts/cluster_chaos.py [--seconds 300] [--kill-every 20]
Exit status 1 when a check fails. CHAOS_KEEP=<folder> keeps the servers' and nginx's logs there.
"""

import argparse
import datetime
import json
import os
import random
import re
import shutil
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chaos_workload import Household, WebhookReceiver  # noqa: E402
from cluster import Cluster  # noqa: E402
from hearth_server import RELEASE_BINARY, build_release  # noqa: E402


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def killer(cluster, every, stop, kills, failures, rng):
    """Every `every` seconds: a random server dies (SIGKILL) and comes back; a server that does not
    come back is a failure of the run."""
    try:
        while not stop.wait(every):
            index = rng.randrange(len(cluster.servers))
            cluster.kill(index)
            kills.append((time.time(), index))
            time.sleep(rng.uniform(0.5, 2.0))  # down for a moment: nginx sends its requests elsewhere
            cluster.restart(index)
    except Exception as error:  # noqa: BLE001 - reported with the run's figures
        failures.append(f"a killed server did not come back: {error}")


def interrupted_deliveries(cluster):
    """Deliveries a server had begun sending when it was killed: a `Sending` line without its
    `Recorded` line in the same run of the server (runs end at the `--- killed ---` marks)."""
    interrupted = set()
    for server in cluster.servers:
        for run in server.log().split("--- killed ---"):
            sent = set(re.findall(r"delivery=([0-9A-Fa-f-]{36}).*Sending webhook delivery", run))
            recorded = set(re.findall(r"delivery=([0-9A-Fa-f-]{36}).*Recorded webhook delivery", run))
            interrupted |= {delivery.upper() for delivery in sent - recorded}
    return interrupted


def phase_lateness(cluster):
    """Seconds from each phase's end to the event saying it ended (written by whichever server ended it)."""
    late = []
    for created, data in cluster.sql("SELECT extract(epoch FROM created_at), data FROM events WHERE name = 'timer'"):
        event = json.loads(data)
        if event.get("type") == "phaseCompleted" and not (event.get("session") or {}).get("skipped"):
            ended = datetime.datetime.fromisoformat(event["at"].replace("Z", "+00:00")).timestamp()
            late.append(float(created) - ended)
    return late


def event_figures(cluster, households):
    """Events of the log each stream should have had between its first `ready` and its last event:
    (missed, resets, how many were due, seconds from each event's writing to its arrival)."""
    missed, resets, checked, delays = 0, 0, 0, []
    for household in households:
        rows = cluster.sql(f"SELECT seq, user_id, extract(epoch FROM created_at) FROM events "
                           f"WHERE household_id = '{household.id}' AND name <> 'hearth.endStreams'")
        for member in household.members:
            stream = member.stream
            resets += stream.resets
            first, last = stream.coverage()
            expected = {int(seq): float(created) for seq, user, created in rows
                        if first < int(seq) <= last and (not user or user.upper() == member.id.upper())}
            checked += len(expected)
            missed += len(expected.keys() - stream.arrivals.keys())
            delays += [stream.arrivals[seq] - created for seq, created in expected.items() if seq in stream.arrivals]
    return missed, resets, checked, delays


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--kill-every", type=float, default=20)
    parser.add_argument("--households", type=int, default=3)
    parser.add_argument("--members", type=int, default=2)
    parser.add_argument("--lateness-p99", type=float, default=1.5, help="seconds")
    parser.add_argument("--event-p99", type=float, default=1.0, help="seconds")
    parser.add_argument("--seed", type=int, default=None)
    arguments = parser.parse_args()
    postgres = os.environ.get("HEARTH_TEST_POSTGRES_URL")
    if not postgres:
        sys.exit("Run it beside a PostgreSQL: scripts/with-postgres.sh scripts/cluster_chaos.py")
    binary = os.environ.get("HEARTH_BIN")
    if not binary:
        build_release()
    seed = arguments.seed if arguments.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    receiver = WebhookReceiver()
    env = {"HEARTH_ALLOW_LOOPBACK_TARGETS": "true", "HEARTH_REGISTRATIONS_PER_HOUR": "100000", "HEARTH_LOG_LEVEL": "debug"}
    started = time.monotonic()
    with Cluster(binary or RELEASE_BINARY, postgres, env=env) as cluster:
        households = [Household(cluster.base, number, arguments.members, receiver, random.Random(rng.random()))
                      for number in range(arguments.households)]
        print(f"cluster and {len(households)} households ready in {time.monotonic() - started:.0f} s")
        stop, kills, failures = threading.Event(), [], []
        for household in households:
            household.begin(stop)
        chaos = threading.Thread(target=killer, args=(cluster, arguments.kill_every, stop, kills, failures, rng), daemon=True)
        chaos.start()
        time.sleep(arguments.seconds)
        stop.set()
        chaos.join()
        for index, server in enumerate(cluster.servers):  # every server up for the end
            if server.process.poll() is not None:
                cluster.restart(index)
        print(f"{time.monotonic() - started:.0f} s: the work stops", file=sys.stderr)
        for household in households:
            household.finish()
        print(f"{time.monotonic() - started:.0f} s: finished", file=sys.stderr)
        # What is left to deliver goes out; every stream hears the last event of its household.
        deadline = time.monotonic() + 120
        while cluster.sql("SELECT count(*) FROM webhook_deliveries WHERE status = 'pending'")[0][0] != "0" and time.monotonic() < deadline:
            time.sleep(0.2)  # polling interval while the servers deliver
        print(f"{time.monotonic() - started:.0f} s: delivered", file=sys.stderr)
        for household in households:
            household.wait_for_streams(deadline=time.monotonic() + 60)
        print(f"{time.monotonic() - started:.0f} s: streams caught up", file=sys.stderr)

        problems = list(failures)
        acknowledged = sum(household.acknowledged for household in households)
        outcomes = [household.compare() for household in households]
        lost, doubled = sum(outcome[0] for outcome in outcomes), sum(outcome[1] for outcome in outcomes)
        print(f"seed {seed}: {arguments.seconds:.0f} s, {len(kills)} kills, {acknowledged} acknowledged writes: "
              f"{lost} lost, {doubled} doubled")
        if lost or doubled:
            problems.append(f"{lost} acknowledged writes lost, {doubled} doubled")
            problems += [note for outcome in outcomes for note in outcome[2][:10]]

        deliveries = {row[0].upper(): row[1] for row in cluster.sql("SELECT id, status FROM webhook_deliveries")}
        received = receiver.received()
        undelivered = [delivery for delivery, status in deliveries.items() if status != "delivered"]
        never_arrived = [delivery for delivery in deliveries if delivery not in received]
        duplicated = {delivery for delivery, count in received.items() if count > 1}
        unexplained = duplicated - interrupted_deliveries(cluster)
        print(f"webhooks: {len(deliveries)} deliveries, {len(never_arrived)} lost, {len(undelivered)} not delivered, "
              f"{len(duplicated)} duplicated ({len(duplicated) - len(unexplained)} after a kill between sending and recording)")
        if never_arrived or undelivered or unexplained:
            problems.append(f"webhooks: lost {never_arrived[:3]}, not delivered {undelivered[:3]}, duplicated without a kill {sorted(unexplained)[:3]}")

        missed, resets, checked, delays = event_figures(cluster, households)
        reconnects = sum(member.stream.reconnects for household in households for member in household.members)
        print(f"event streams: {checked} events due, {missed} missed, {reconnects} reconnections, {resets} resets; "
              f"arrived p50 {percentile(delays, 0.5) * 1000:.0f} ms, p99 {percentile(delays, 0.99) * 1000:.0f} ms, "
              f"max {max(delays, default=0) * 1000:.0f} ms after written (kills included)")
        if missed or resets:
            problems.append(f"event streams missed {missed} events and were reset {resets} times")
        if percentile(delays, 0.99) > arguments.event_p99:
            problems.append(f"events arrived p99 {percentile(delays, 0.99):.2f} s after written (at most {arguments.event_p99} s)")

        late = phase_lateness(cluster)
        p50, p99 = percentile(late, 0.5), percentile(late, 0.99)
        print(f"phases: {len(late)} ended, lateness p50 {p50 * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, max {max(late, default=0) * 1000:.0f} ms")
        if not late or p99 > arguments.lateness_p99:
            problems.append(f"phase lateness p99 {p99:.2f} s (at most {arguments.lateness_p99} s)")

        if os.environ.get("CHAOS_KEEP"):  # the servers' and nginx's logs, for a look afterwards
            shutil.copytree(cluster.folder, os.environ["CHAOS_KEEP"], dirs_exist_ok=True)
        print(f"{time.monotonic() - started:.0f} s: checked", file=sys.stderr)
        requests = sum(household.requests for household in households)
        errors = sum(household.server_errors for household in households)
        print(f"requests: {requests} through nginx, {errors} answered 5xx (each tried again until acknowledged)")

    print(f"{time.monotonic() - started:.0f} s: removed", file=sys.stderr)
    receiver.close()
    for problem in problems:
        print("FAILED:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
