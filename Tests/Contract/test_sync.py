"""The sync feed against the live server: random sequences of REST changes, after each of which
replaying the feed (from an empty cursor, and onward from the last cursor) rebuilds exactly what the
REST endpoints answer; a cursor of another household, or made up, is refused and tells nothing."""

from __future__ import annotations

import datetime
import random
import uuid

from hearth_server import request, sign_up

# What moves with the clock, not with a change: the timer's remaining time and the time it was read.
TIMER_CLOCK_FIELDS = {"now", "remainingSeconds", "elapsedSeconds"}


def feed(server, token, since=None, limit=None):
    """Every change after `since` (a snapshot without it), page by page; and the last cursor."""
    changes, cursor = [], since
    while True:
        query = [f"since={cursor}"] if cursor else []
        if limit:
            query.append(f"limit={limit}")
        status, page = request(server.base, "GET", "/api/v1/sync/changes" + ("?" + "&".join(query) if query else ""), token=token)
        assert status == 200, (status, page)
        changes += page["changes"]
        cursor = page["cursor"]
        if not page["hasMore"]:
            return changes, cursor


def replay(replica, changes):
    """Applies changes to a replica: {(entity, id): data}."""
    versions = [change["version"] for change in changes]
    assert versions == sorted(versions), "changes come in version order"
    for change in changes:
        key = (change["entity"], change["id"])
        if change["op"] == "upsert":
            replica[key] = change["data"]
        else:
            replica.pop(key, None)
    return replica


def rest_state(server, token):
    """What the REST endpoints answer, keyed as the replica is."""
    def get(path):
        status, body = request(server.base, "GET", path, token=token)
        assert status == 200, (path, status, body)
        return body

    state = {}
    for summary in get("/api/v1/lists")["lists"]:
        state[("list", summary["id"])] = summary
        items = get(f"/api/v1/lists/{summary['id']}?limit=500")
        for item in items.get("items", []):
            state[("listItem", item["id"])] = item
    for item in get("/api/v1/inventory/items?status=all&limit=200")["items"]:
        state[("inventoryItem", item["id"])] = item
    for kind, path in (("room", "rooms"), ("category", "categories")):
        for group in get(f"/api/v1/inventory/{path}")["groups"]:
            state[(kind, group["id"])] = group
    me = get("/api/v1/me")["id"]
    state[("accountSettings", me)] = get("/api/v1/me/appearance")
    state[("focusSettings", me)] = get("/api/v1/focus/settings")
    state[("timer", me)] = get("/api/v1/focus/timer")
    for session in get("/api/v1/focus/sessions?limit=500")["sessions"]:
        state[("focusSession", session["id"])] = session
    return state


def comparable(state):
    """The state without what moves with the clock."""
    return {key: ({name: value for name, value in data.items() if name not in TIMER_CLOCK_FIELDS} if key[0] == "timer" else data)
            for key, data in state.items()}


class Household:
    """One account's REST changes, chosen at random from what it has."""

    def __init__(self, server, token, rng):
        self.server, self.token, self.rng = server, token, rng
        self.lists, self.deleted_lists, self.items, self.things, self.deleted_things, self.rooms = [], [], {}, [], [], []

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        status, answer = request(self.server.base, method, path, body, token=self.token)
        assert status in expect, (method, path, body, status, answer)
        return answer

    def step(self):
        rng, moves = self.rng, [self.new_list, self.new_thing, self.new_room, self.appearance, self.focus_settings]
        if self.lists:
            moves += [self.add_item, self.add_item, self.rename_list, self.delete_list]
        if any(self.items.values()):
            moves += [self.check_item, self.check_item, self.delete_item, self.clear_purchased]
        if self.deleted_lists:
            moves.append(self.restore_list)
        if self.things:
            moves += [self.edit_thing, self.delete_thing]
        if self.deleted_things:
            moves.append(self.restore_thing)
        if self.rooms:
            moves += [self.rename_room, self.delete_room]
        rng.choice(moves)()

    def new_list(self):
        made = self.call("POST", "/api/v1/lists", {"name": f"List {self.rng.randrange(1000)}"})
        self.lists.append(made["id"])
        self.items[made["id"]] = []

    def rename_list(self):
        self.call("PATCH", f"/api/v1/lists/{self.rng.choice(self.lists)}", {"name": f"Renamed {self.rng.randrange(1000)}"})

    def delete_list(self):
        gone = self.rng.choice(self.lists)
        self.call("DELETE", f"/api/v1/lists/{gone}")
        self.lists.remove(gone)
        self.deleted_lists.append(gone)

    def restore_list(self):
        back = self.deleted_lists.pop(self.rng.randrange(len(self.deleted_lists)))
        self.call("POST", f"/api/v1/lists/{back}/restore")
        self.lists.append(back)

    def add_item(self):
        list_id = self.rng.choice(self.lists)
        made = self.call("POST", f"/api/v1/lists/{list_id}/items",
                         {"name": self.rng.choice(["Milk", "Bread", "Eggs", "Apples", "Soap", f"Thing {self.rng.randrange(50)}"])})
        if made["id"] not in self.items[list_id]:
            self.items[list_id].append(made["id"])

    def pick_item(self):
        list_id = self.rng.choice([list_id for list_id, items in self.items.items() if items])
        return list_id, self.rng.choice(self.items[list_id])

    def check_item(self):
        list_id, item = self.pick_item()
        self.call("PATCH", f"/api/v1/lists/{list_id}/items/{item}", {"purchased": self.rng.random() < 0.7}, expect=(200, 410))

    def delete_item(self):
        list_id, item = self.pick_item()
        self.call("DELETE", f"/api/v1/lists/{list_id}/items/{item}", expect=(204, 410))
        self.items[list_id].remove(item)

    def clear_purchased(self):
        list_id = self.rng.choice(self.lists)
        self.call("POST", f"/api/v1/lists/{list_id}/clear-purchased")
        _, page = request(self.server.base, "GET", f"/api/v1/lists/{list_id}?limit=500", token=self.token)
        self.items[list_id] = [item["id"] for item in page.get("items", [])]

    def new_thing(self):
        body = {"name": f"Thing {self.rng.randrange(1000)}"}
        if self.rooms and self.rng.random() < 0.5:
            body["roomId"] = self.rng.choice(self.rooms)
        self.things.append(self.call("POST", "/api/v1/inventory/items", body)["id"])

    def edit_thing(self):
        change = self.rng.choice([{"name": f"Edited {self.rng.randrange(1000)}"}, {"quantity": self.rng.randrange(1, 5)},
                                  {"roomId": self.rng.choice(self.rooms)} if self.rooms else {"brand": "Acme"}])
        self.call("PATCH", f"/api/v1/inventory/items/{self.rng.choice(self.things)}", change)

    def delete_thing(self):
        gone = self.things.pop(self.rng.randrange(len(self.things)))
        self.call("DELETE", f"/api/v1/inventory/items/{gone}")
        self.deleted_things.append(gone)

    def restore_thing(self):
        back = self.deleted_things.pop(self.rng.randrange(len(self.deleted_things)))
        self.call("POST", f"/api/v1/inventory/items/{back}/restore")
        self.things.append(back)

    def new_room(self):
        self.rooms.append(self.call("POST", "/api/v1/inventory/rooms", {"name": f"Room {uuid.uuid4().hex[:8]}"})["id"])

    def rename_room(self):
        self.call("PATCH", f"/api/v1/inventory/rooms/{self.rng.choice(self.rooms)}", {"name": f"Room {uuid.uuid4().hex[:8]}"})

    def delete_room(self):
        gone = self.rooms.pop(self.rng.randrange(len(self.rooms)))
        self.call("DELETE", f"/api/v1/inventory/rooms/{gone}")

    def appearance(self):
        self.call("PUT", "/api/v1/me/appearance", {"theme": self.rng.choice(["system", "light", "dark"]),
                                                  "accent": self.rng.choice(["tomato", "ocean", "forest"])})

    def focus_settings(self):
        settings = self.call("GET", "/api/v1/focus/settings")
        settings["focusSeconds"] = self.rng.choice([1200, 1500, 1800])
        self.call("PUT", "/api/v1/focus/settings", settings)


def test_replaying_the_feed_rebuilds_what_the_rest_endpoints_answer(server):
    rng = random.Random(20261207)
    for run in range(3):
        token = sign_up(server.base, f"sync-{run}-{uuid.uuid4().hex[:8]}@example.org")
        household = Household(server, token, rng)
        changes, cursor = feed(server, token)
        kept = replay({}, changes)
        for _ in range(8):
            for _ in range(rng.randrange(1, 12)):
                household.step()
            # Onward from the last cursor, in small pages…
            changes, cursor = feed(server, token, since=cursor, limit=rng.choice([1, 3, 50]))
            replay(kept, changes)
            expected = comparable(rest_state(server, token))
            assert comparable(kept) == expected
            # …and from an empty cursor.
            snapshot, _ = feed(server, token, limit=rng.choice([2, 7, 1000]))
            assert all(change["op"] == "upsert" for change in snapshot), "a snapshot has no deletions"
            assert comparable(replay({}, snapshot)) == expected


def test_nothing_new_answers_the_same_cursor_and_no_changes(server):
    token = sign_up(server.base, f"sync-quiet-{uuid.uuid4().hex[:8]}@example.org")
    _, cursor = feed(server, token)
    status, page = request(server.base, "GET", f"/api/v1/sync/changes?since={cursor}", token=token)
    assert status == 200 and page == {"changes": [], "cursor": cursor, "hasMore": False}


def test_a_cursor_of_another_household_or_made_up_is_refused_and_tells_nothing(server):
    ada = sign_up(server.base, f"sync-ada-{uuid.uuid4().hex[:8]}@example.org")
    eve = sign_up(server.base, f"sync-eve-{uuid.uuid4().hex[:8]}@example.org")
    made = request(server.base, "POST", "/api/v1/lists", {"name": "Ada's"}, token=ada)[1]
    _, adas_cursor = feed(server, ada)

    status, problem = request(server.base, "GET", f"/api/v1/sync/changes?since={adas_cursor}", token=eve)
    assert status == 410 and problem["type"] == "urn:hearth:problem:sync-start-over", (status, problem)
    assert made["id"] not in str(problem)
    changes, _ = feed(server, eve)
    assert made["id"] not in str(changes)

    for made_up in ("abc", "MS4wLjA", adas_cursor[:-2]):
        status, problem = request(server.base, "GET", f"/api/v1/sync/changes?since={made_up}", token=ada)
        assert status == 400, (made_up, status, problem)
    status, _ = request(server.base, "GET", "/api/v1/sync/changes?limit=1001", token=ada)
    assert status == 400
    status, _ = request(server.base, "GET", "/api/v1/sync/changes")
    assert status == 401


def push(server, token, *mutations):
    status, answer = request(server.base, "POST", "/api/v1/sync/push", {"mutations": list(mutations)}, token=token)
    assert status == 200, (status, answer)
    return answer["results"]


def mutation(entity, op, id, data=None, base=None):
    made = {"mutationId": str(uuid.uuid4()), "entity": entity, "op": op, "id": id}
    if data is not None:
        made["data"] = data
    if base is not None:
        made["baseVersion"] = base
    return made


def test_a_push_applies_in_order_as_rest_would_and_a_replay_changes_nothing(server):
    token = sign_up(server.base, f"push-{uuid.uuid4().hex[:8]}@example.org")
    _, cursor = feed(server, token)
    list_id, milk, eggs, lamp = (str(uuid.uuid4()).upper() for _ in range(4))
    batch = [
        mutation("list", "upsert", list_id, {"name": "Offline"}),
        mutation("listItem", "upsert", milk, {"listId": list_id, "name": "Milk", "quantity": "2 l"}),
        mutation("listItem", "upsert", eggs, {"listId": list_id, "name": "Eggs"}),
        mutation("listItem", "upsert", milk, {"purchased": True, "changedAt": "2026-12-07T08:00:00Z"}),
        mutation("listItem", "delete", eggs),
        mutation("inventoryItem", "upsert", lamp, {"name": "Lamp", "quantity": 2}),
        mutation("list", "upsert", list_id, {"name": ""}),  # refused as REST refuses it; the rest goes on
        mutation("inventoryItem", "upsert", lamp, {"brand": "Acme"}),
    ]
    results = push(server, token, *batch)
    assert [result["status"] for result in results] == ["applied"] * 6 + ["failed", "applied"]
    assert results[6]["problem"]["status"] == 422 and "name" in results[6]["problem"]["detail"].lower()
    assert results[3]["change"]["data"]["purchased"] is True and results[3]["change"]["data"]["quantity"] == "2 l"
    assert results[4]["change"]["op"] == "delete"
    assert results[7]["change"]["data"]["brand"] == "Acme" and results[7]["change"]["data"]["quantity"] == 2

    # The same mutations again (the answer was lost): the same results, and nothing changes.
    before = comparable(rest_state(server, token))
    assert push(server, token, *batch) == results
    assert comparable(rest_state(server, token)) == before
    status, page = request(server.base, "GET", f"/api/v1/lists/{list_id}", token=token)
    assert [(item["name"], item["quantity"], item["purchased"]) for item in page["items"]] == [("Milk", "2 l", True)]

    # Another device sees it all through the feed.
    changes, _ = feed(server, token, since=cursor)
    assert {(change["entity"], change["id"]) for change in changes} >= {("list", list_id), ("listItem", milk), ("listItem", eggs), ("inventoryItem", lamp)}
    replica = replay(dict(((change["entity"], change["id"]), change["data"]) for change in feed(server, token)[0]), [])
    assert comparable(replica) == comparable(rest_state(server, token))


def test_a_later_check_stands_and_a_stale_base_version_is_a_conflict(server):
    token = sign_up(server.base, f"push-late-{uuid.uuid4().hex[:8]}@example.org")
    list_id, bread = str(uuid.uuid4()).upper(), str(uuid.uuid4()).upper()
    created = push(server, token, mutation("list", "upsert", list_id, {"name": "Shop"}),
                   mutation("listItem", "upsert", bread, {"listId": list_id, "name": "Bread"}))
    version = created[1]["change"]["version"]
    # Checked an hour ago on one phone, unchecked two hours ago on another that synced later: the check stands.
    def hours_ago(hours):
        return (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(hours=hours)).strftime("%Y-%m-%dT%H:%M:%SZ")
    push(server, token, mutation("listItem", "upsert", bread, {"purchased": True, "changedAt": hours_ago(1)}))
    late = push(server, token, mutation("listItem", "upsert", bread, {"purchased": False, "changedAt": hours_ago(2)}))
    # As in REST, an older check is ignored, not refused: applied, and the item stays checked.
    assert late[0]["status"] == "applied" and late[0]["change"]["data"]["purchased"] is True
    status, page = request(server.base, "GET", f"/api/v1/lists/{list_id}", token=token)
    assert page["items"][0]["purchased"] is True
    # An edit based on the version before the check is a conflict, with the item as it is now.
    conflict = push(server, token, mutation("listItem", "upsert", bread, {"name": "Rye bread"}, base=version))
    assert conflict[0]["status"] == "conflict"
    assert conflict[0]["change"]["data"]["name"] == "Bread" and conflict[0]["change"]["data"]["purchased"] is True
    assert conflict[0]["change"]["version"] > version


def test_a_push_cannot_touch_another_households_things(server):
    ada = sign_up(server.base, f"push-ada-{uuid.uuid4().hex[:8]}@example.org")
    eve = sign_up(server.base, f"push-eve-{uuid.uuid4().hex[:8]}@example.org")
    list_id, item, thing = (str(uuid.uuid4()).upper() for _ in range(3))
    push(server, ada, mutation("list", "upsert", list_id, {"name": "Ada's"}),
         mutation("listItem", "upsert", item, {"listId": list_id, "name": "Tea"}),
         mutation("inventoryItem", "upsert", thing, {"name": "Ada's lamp"}))
    before = comparable(rest_state(server, ada))

    results = push(server, eve,
                   mutation("list", "upsert", list_id, {"name": "Eve's now"}),
                   mutation("list", "delete", list_id),
                   mutation("listItem", "upsert", item, {"listId": list_id, "name": "Coffee"}),
                   mutation("listItem", "upsert", str(uuid.uuid4()), {"listId": list_id, "name": "Coffee"}),
                   mutation("listItem", "delete", item),
                   mutation("inventoryItem", "upsert", thing, {"name": "Mine"}),
                   mutation("inventoryItem", "delete", thing))
    assert all(result["status"] == "failed" and result["problem"]["status"] in (404, 409) for result in results), results
    assert "Ada" not in str(results) and "Tea" not in str(results)
    assert comparable(rest_state(server, ada)) == before


def test_a_push_refuses_too_many_mutations_and_what_it_cannot_change(server):
    token = sign_up(server.base, f"push-limits-{uuid.uuid4().hex[:8]}@example.org")
    many = [mutation("list", "upsert", str(uuid.uuid4()), {"name": f"L{index}"}) for index in range(501)]
    status, problem = request(server.base, "POST", "/api/v1/sync/push", {"mutations": many}, token=token)
    assert status == 400 and "500" in problem["detail"]
    status, _ = request(server.base, "GET", "/api/v1/lists", token=token)
    results = push(server, token, mutation("listItem", "upsert", str(uuid.uuid4()), {"name": "No list"}))
    assert results[0]["status"] == "failed" and results[0]["problem"]["status"] == 422
