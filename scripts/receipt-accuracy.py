#!/usr/bin/env python3
"""How well Hearth reads real receipts: a folder of receipts with SROIE-style keys, through the API.

DIR holds `img/NAME.jpg` (or .png, .pdf) and `key/NAME.json` with `company`, `date` and `total` as
printed (the ICDAR 2019 SROIE task 3 layout). Each receipt is uploaded to a release server, one at a
time, and followed until it is read; what the server proposes is compared with the key:

- total: the same amount;
- date: the same day (the key's date is read in the forms receipts print, day before month);
- shop: exact (case and spacing aside) and close (similarity at least 0.8, difflib's ratio);
- currency: the one expected (`--currency`, the household's, e.g. MYR for SROIE's "RM").

Prints each field's share right, every receipt with a field wrong (expected, proposed and the
server's confidence in it), per field how often it was right when the server was sure of it and
when it marked it to check (confidence below `check`), and the time from upload to read (p50, p90).
With HEARTH_URL it uses that running server (registration must
be open); otherwise it starts a release build (or HEARTH_BIN) on an empty database.

Usage: scripts/receipt-accuracy.py DIR [--currency MYR] [--limit N] [--quiet] [--save-text OUT]
(`--save-text` keeps what OCR read of each receipt as OUT/NAME.txt, to study a failure.)
"""

import argparse
import datetime
import difflib
import glob
import json
import os
import re
import statistics
import sys
import time
import uuid

import requests

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hearth_server import release_server  # noqa: E402

MONTHS = {name: number for number, names in enumerate([
    ("jan",), ("feb",), ("mar",), ("apr",), ("may", "mei"), ("jun",), ("jul",), ("aug", "ogo"), ("sep",), ("oct", "okt"),
    ("nov",), ("dec", "dis"),
], start=1) for name in names}


def key_date(text):
    """The day a key's printed date names, or None: 25/12/2018, 25-12-18, 25.12.2018, 2018-12-25, 12 JUN 2018, JUN 12, 2018."""
    text = text.strip().lower()
    match = re.search(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})", text)
    if match:
        year, month, day = map(int, match.groups())
        return safe_date(year, month, day)
    match = re.search(r"(\d{1,2})[-/.](\d{1,2})[-/.](\d{2,4})", text)
    if match:
        day, month, year = map(int, match.groups())
        return safe_date(year + 2000 if year < 100 else year, month, day)
    match = re.search(r"(\d{1,2})\s*[-/ ]?\s*([a-z]{3})[a-z]*\s*[-/ ,]?\s*(\d{2,4})", text)
    if match and match.group(2) in MONTHS:
        day, year = int(match.group(1)), int(match.group(3))
        return safe_date(year + 2000 if year < 100 else year, MONTHS[match.group(2)], day)
    match = re.search(r"([a-z]{3})[a-z]*\s+(\d{1,2}),?\s+(\d{4})", text)
    if match and match.group(1) in MONTHS:
        return safe_date(int(match.group(3)), MONTHS[match.group(1)], int(match.group(2)))
    return None


def safe_date(year, month, day):
    try:
        return datetime.date(year, month, day)
    except ValueError:
        return None


def key_total(text):
    """The key's total in cents ("RM7.70" -> 770), or None."""
    match = re.search(r"(\d[\d,]*)(?:\.(\d{1,2}))?", text.replace(" ", ""))
    if not match:
        return None
    whole = int(match.group(1).replace(",", ""))
    cents = int((match.group(2) or "0").ljust(2, "0"))
    return whole * 100 + cents


def plain(text):
    return " ".join((text or "").upper().split())


class Client:
    def __init__(self, base):
        self.base = base.rstrip("/")
        self.http = requests.Session()
        email = f"receipts-{uuid.uuid4().hex[:8]}@example.org"
        self.call("POST", "/api/v1/auth/register", json={"name": "Receipts", "email": email, "password": "receipt accuracy"})
        token = self.call("POST", "/api/v1/auth/tokens", json={"name": "accuracy", "email": email, "password": "receipt accuracy"})["token"]
        self.http.headers["Authorization"] = "Bearer " + token

    def call(self, method, path, **kwargs):
        response = self.http.request(method, self.base + path, timeout=120, **kwargs)
        if response.status_code >= 400:
            sys.exit(f"{method} {path} answered {response.status_code}: {response.text[:300]}")
        return response.json() if response.content else None

    def read(self, path):
        """Uploads a receipt and follows it until it is read; the receipt and the seconds it took."""
        content_type = {".pdf": "application/pdf", ".png": "image/png"}.get(os.path.splitext(path)[1].lower(), "image/jpeg")
        with open(path, "rb") as file:
            data = file.read()
        started = time.perf_counter()
        receipt = self.call("POST", f"/api/v1/inventory/receipts?id={uuid.uuid4()}",
                            files={"file": (os.path.basename(path), data, content_type)})
        while receipt["status"] == "reading":
            time.sleep(0.02)
            receipt = self.call("GET", f"/api/v1/inventory/receipts/{receipt['id']}")
        return receipt, time.perf_counter() - started


def measure(base, folder, currency, limit, quiet, save_text):
    client = Client(base)
    client.call("PUT", "/api/v1/inventory/settings", json={"currency": currency})
    keys = sorted(glob.glob(os.path.join(folder, "key", "*.json")))[:limit]
    if not keys:
        sys.exit(f"no keys in {folder}/key")
    right = {"total": 0, "date": 0, "shop exact": 0, "shop close": 0, "all three": 0, "currency": 0}
    proposed = {"total": 0, "date": 0, "shop": 0}
    currencies, timings, failures = {}, [], []
    # Per field, how often it was right when the server was sure of it and when it asked for a check.
    calibration = {field: {"sure": [0, 0], "check": [0, 0]} for field in ("total", "date", "shop close")}
    for key_path in keys:
        name = os.path.splitext(os.path.basename(key_path))[0]
        images = [p for p in glob.glob(os.path.join(folder, "img", name + ".*"))]
        if not images:
            continue
        with open(key_path, encoding="utf-8") as file:
            key = json.load(file)
        receipt, seconds = client.read(images[0])
        timings.append(seconds)
        if save_text:
            os.makedirs(save_text, exist_ok=True)
            with open(os.path.join(save_text, name + ".txt"), "w", encoding="utf-8") as file:
                file.write(receipt.get("text") or "")
        proposal = receipt.get("proposal") or {}
        total = (proposal.get("total") or {}).get("amount")
        date = proposal.get("date")
        shop = proposal.get("vendor")
        got_currency = proposal.get("currency")
        currencies[got_currency] = currencies.get(got_currency, 0) + 1
        checks = {
            "total": total is not None and total == key_total(key.get("total", "")),
            "date": date is not None and key_date(key.get("date", "")) == datetime.date.fromisoformat(date),
            "shop exact": shop is not None and plain(shop) == plain(key.get("company")),
            "shop close": shop is not None and difflib.SequenceMatcher(None, plain(shop), plain(key.get("company"))).ratio() >= 0.8,
            "currency": got_currency == currency,
        }
        checks["all three"] = checks["total"] and checks["date"] and checks["shop close"]
        confidence = proposal.get("confidence") or {}
        for field, value, name_in_api in (("total", total, "total"), ("date", date, "date"), ("shop close", shop, "vendor")):
            if value is not None and name_in_api in confidence:
                bucket = calibration[field]["sure" if confidence[name_in_api] >= confidence["check"] else "check"]
                bucket[0] += checks[field]
                bucket[1] += 1
        for field, ok in checks.items():
            right[field] += ok
        proposed["total"] += total is not None
        proposed["date"] += date is not None
        proposed["shop"] += shop is not None
        wrong = [field for field in ("total", "date", "shop close", "currency") if not checks[field]]
        if wrong:
            failures.append(f"{name}: " + "; ".join(
                f"{field}: {expected!r} -> {got!r} ({confidence.get(name_in_api, '-')})" for field, expected, got, name_in_api in [
                    ("total", key.get("total"), total, "total"), ("date", key.get("date"), date, "date"),
                    ("shop close", key.get("company"), shop, "vendor"), ("currency", currency, got_currency, "currency")]
                if field in wrong))
    count = len(timings)
    if not quiet:
        print("Receipts with a field wrong (expected -> proposed; totals in minor units):")
        for line in failures:
            print("  " + line)
    print(f"\n{count} receipts from {folder}, household currency {currency}:")
    for field, value in right.items():
        print(f"  {field:11} {value:3} of {count} ({100 * value / count:.0f} %)")
    print(f"  proposed: total {proposed['total']}, date {proposed['date']}, shop {proposed['shop']} of {count}")
    for field, buckets in calibration.items():
        sure, check = buckets["sure"], buckets["check"]
        print(f"  {field:11} right when sure {sure[0]} of {sure[1]}, when marked to check {check[0]} of {check[1]}")
    print(f"  currencies proposed: {', '.join(f'{c} {n}' for c, n in sorted(currencies.items(), key=lambda x: -x[1]))}")
    ordered = sorted(timings)
    print(f"  upload to read: p50 {statistics.median(ordered):.2f} s, p90 {ordered[int(0.9 * (count - 1))]:.2f} s, max {ordered[-1]:.2f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--currency", default="MYR", help="the household's currency, and the one the receipts are in")
    parser.add_argument("--limit", type=int, default=None, help="only the first N receipts")
    parser.add_argument("--quiet", action="store_true", help="no list of failures")
    parser.add_argument("--save-text", metavar="OUT", help="write what OCR read of each receipt to OUT/NAME.txt")
    arguments = parser.parse_args()
    options = (arguments.folder, arguments.currency, arguments.limit, arguments.quiet, arguments.save_text)
    if os.environ.get("HEARTH_URL"):
        measure(os.environ["HEARTH_URL"], *options)
    else:
        with release_server() as port:
            measure(f"http://127.0.0.1:{port}", *options)


if __name__ == "__main__":
    main()
