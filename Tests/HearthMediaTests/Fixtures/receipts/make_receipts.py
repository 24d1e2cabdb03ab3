#!/usr/bin/env python3
"""Renders Hearth's receipt fixtures: phone-photo-like JPEGs of made-up receipts, and expected.json.

Every receipt is written once below, as data: the printed text and the expected reading both come
from the same items and sums, so they cannot disagree.

    python3 -m venv /tmp/rvenv && /tmp/rvenv/bin/pip install pillow numpy
    apt-get install fonts-dejavu-core fonts-liberation2 fonts-freefont-ttf tesseract-ocr tesseract-ocr-eng
    /tmp/rvenv/bin/python make_receipts.py          # images + expected.json here
    /tmp/rvenv/bin/python make_receipts.py --ocr    # and tesseract's text for HearthCoreTests

The OCR text is read the way the server reads it: the photo turned to grey and enlarged 1.5x, then
`tesseract IMAGE - -l eng --psm 6` (one uniform block of text). The automatic layout modes (--psm 3,
4) lose the right-hand price column of most of these photos; --psm 6 keeps every row whole but can
drop a heading set much larger than the body text (the furniture invoice's). Output is deterministic
for a given Pillow, numpy, font and tesseract version.
"""
import json
import os
import re
import subprocess
import sys
import zlib
from decimal import ROUND_HALF_UP, Decimal

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
OCR_DIR = os.path.normpath(os.path.join(HERE, "..", "..", "..", "HearthCoreTests", "Inventory", "Fixtures", "receipts"))
OCR_ARGS = ["-l", "eng", "--psm", "6"]

FONT_FILES = {
    "dejavu-mono": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
    "dejavu-mono-bold": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf",
    "dejavu-sans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "dejavu-sans-bold": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "dejavu-condensed": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf",
    "dejavu-condensed-bold": "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
    "liberation-mono": "/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf",
    "liberation-mono-bold": "/usr/share/fonts/truetype/liberation2/LiberationMono-Bold.ttf",
    "liberation-sans": "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
    "liberation-sans-bold": "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf",
    "liberation-serif-bold": "/usr/share/fonts/truetype/liberation2/LiberationSerif-Bold.ttf",
    "free-mono-bold": "/usr/share/fonts/truetype/freefont/FreeMonoBold.ttf",
    "free-sans": "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
    "free-sans-bold": "/usr/share/fonts/truetype/freefont/FreeSansBold.ttf",
}


def font(name, size):
    return ImageFont.truetype(FONT_FILES[name], size)


# ---------------------------------------------------------------------------------------------
# Money as integer minor units, printed the way each country prints it.

def fmt(cents, style="us", symbol="", suffix=""):
    """1234.5 -> '1,234.50' (us), '1.234,50' (eu), '1234.50' (ch); optional symbol before or after."""
    whole, frac = divmod(abs(cents), 100)
    if style == "eu":
        text = f"{whole:,}".replace(",", ".") + f",{frac:02d}"
    elif style == "ch":
        text = f"{whole}.{frac:02d}"
    else:
        text = f"{whole:,}.{frac:02d}"
    sign = "-" if cents < 0 else ""
    return f"{sign}{symbol}{text}{suffix}"


def rate_of(cents, rate):
    """Tax added on top: cents x rate, rounded half up."""
    return int((Decimal(cents) * Decimal(rate)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def included_in(gross, rate):
    """Tax contained in a gross price: gross x rate / (1 + rate), rounded half up."""
    r = Decimal(rate)
    return int((Decimal(gross) * r / (1 + r)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def money(cents, currency):
    return {"amount": cents, "currency": currency}


def line(description, quantity, cents, currency):
    return {"description": description, "quantity": quantity, "amount": money(cents, currency)}


# ---------------------------------------------------------------------------------------------
# A sheet of paper: text laid out line by line, rendered as ink on off-white.

class Paper:
    def __init__(self, width, base_font, margin=34, spacing=1.35):
        self.width, self.font, self.margin, self.spacing = width, base_font, margin, spacing
        self.ops = []

    def row(self, left="", right="", font=None, center=None):
        self.ops.append(("row", left, right, center, font or self.font))

    def center(self, text, font=None):
        self.row(center=text, font=font)

    def cols(self, cells, font=None):
        """cells: (x from the left margin, text, 'l' or 'r')."""
        self.ops.append(("cols", cells, font or self.font))

    def rule(self, char="-", font=None):
        f = font or self.font
        count = int((self.width - 2 * self.margin) / f.getlength(char))
        self.center(char * count, font=f)

    def gap(self, pixels=14):
        self.ops.append(("gap", pixels))

    def _height(self, op):
        if op[0] == "gap":
            return op[1]
        return int(op[-1].size * self.spacing)

    def render_mask(self):
        """A greyscale mask of the ink (255 = full ink) and the paper's height."""
        height = 2 * self.margin + sum(self._height(op) for op in self.ops)
        mask = Image.new("L", (self.width, height), 0)
        draw = ImageDraw.Draw(mask)
        y = self.margin
        right_edge = self.width - self.margin
        for op in self.ops:
            if op[0] == "row":
                _, left, right, center, f = op
                if center is not None:
                    draw.text(((self.width - f.getlength(center)) / 2, y), center, font=f, fill=255)
                if left:
                    draw.text((self.margin, y), left, font=f, fill=255)
                if right:
                    draw.text((right_edge - f.getlength(right), y), right, font=f, fill=255)
            elif op[0] == "cols":
                _, cells, f = op
                for x, text, align in cells:
                    left_x = self.margin + x - (f.getlength(text) if align == "r" else 0)
                    draw.text((left_x, y), text, font=f, fill=255)
            y += self._height(op)
        return mask


# ---------------------------------------------------------------------------------------------
# The photo: paper on a table, shadow, tilt, perspective, uneven light, blur, noise, JPEG.

def perspective_coefficients(source, target):
    matrix = []
    for (x, y), (u, v) in zip(target, source):
        matrix.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        matrix.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    a = np.array(matrix, dtype=float)
    b = np.array(source, dtype=float).reshape(8)
    return np.linalg.solve(a, b).tolist()


def photograph(mask, look, seed):
    rng = np.random.default_rng(seed)
    w, h = mask.size
    ink = np.asarray(mask, dtype=float) / 255.0
    if look.get("thermal"):
        # Thermal print: the head prints some columns paler, and the ink fades a little row by row.
        columns = 1.0 - 0.22 * np.clip(rng.normal(0, 0.6, w), 0, 1)
        columns = np.convolve(columns, np.ones(3) / 3, mode="same")
        rows = 0.9 + 0.1 * np.sin(np.linspace(0, rng.uniform(3, 7), h))[:, None]
        ink = ink * columns[None, :] * rows
    paper_tone = np.array(look.get("paper", (244, 240, 230)), dtype=float)
    ink_tone = np.array(look.get("ink", (38, 36, 42)), dtype=float)
    sheet = paper_tone[None, None, :] * (1 - ink[..., None]) + ink_tone[None, None, :] * ink[..., None]
    sheet += rng.normal(0, 2.0, (h, w, 1))  # paper grain
    paper = Image.fromarray(np.clip(sheet, 0, 255).astype(np.uint8), "RGB").convert("RGBA")

    # Table behind it, larger than the paper.
    pad_x, pad_y = int(w * look.get("pad", 0.12)), int(h * look.get("pad", 0.12) * 0.45) + 40
    scene_w, scene_h = w + 2 * pad_x, h + 2 * pad_y
    if w < 900:  # framed like a phone photo: 3:4 upright, 4:3 for a wide sheet
        scene_w = max(scene_w, scene_h * 3 // 4)
        scene_h = max(scene_h, scene_w * 4 // 3)
    else:
        scene_h = max(scene_h, scene_w * 3 // 4)
        scene_w = max(scene_w, scene_h * 4 // 3)
    table_tone = np.array(look.get("table", (72, 58, 48)), dtype=float)
    grain = rng.normal(0, 6, (scene_h, 1, 1)) + rng.normal(0, 3, (scene_h, scene_w, 1))
    table = np.clip(table_tone[None, None, :] + grain, 0, 255).astype(np.uint8)
    scene = Image.fromarray(table, "RGB").convert("RGBA")

    angle = look.get("rotate", 0.0)
    tilted = paper.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=(0, 0, 0, 0))
    ox = (scene_w - tilted.width) // 2
    oy = (scene_h - tilted.height) // 2
    shadow = Image.new("RGBA", scene.size, (0, 0, 0, 0))
    shadow_alpha = tilted.getchannel("A").point(lambda a: int(a * 0.55))
    shadow.paste((10, 8, 6, 255), (ox + 12, oy + 16), shadow_alpha)
    shadow = shadow.filter(ImageFilter.GaussianBlur(14))
    scene = Image.alpha_composite(scene, shadow)
    scene.alpha_composite(tilted, (ox, oy))
    scene = scene.convert("RGB")

    if "perspective" in look:
        dx, dy = look["perspective"]
        W, H = scene.size
        target = [(0, 0), (W, 0), (W, H), (0, H)]
        source = [(-dx, -dy), (W + dx, 0), (W, H), (0, H + dy)]
        scene = scene.transform(scene.size, Image.PERSPECTIVE, perspective_coefficients(source, target),
                                Image.BICUBIC, fillcolor=tuple(int(t) for t in table_tone))

    # Light: a gradient across the frame, a soft vignette, a colour cast.
    pixels = np.asarray(scene, dtype=float)
    H, W = pixels.shape[:2]
    yy, xx = np.mgrid[0:H, 0:W]
    gx, gy = look.get("light", (0.0, 0.0))
    light = 1.0 + gx * (xx / W - 0.5) + gy * (yy / H - 0.5)
    radius = np.hypot(xx / W - 0.5, yy / H - 0.5)
    light *= 1.0 - look.get("vignette", 0.18) * radius ** 2
    if "shadow" in look:  # a hand or phone's shadow over one side
        edge, strength = look["shadow"]
        light *= 1.0 - strength / (1.0 + np.exp((xx / W - edge) * 18))
    cast = np.array(look.get("cast", (1.0, 1.0, 1.0)))
    pixels = pixels * light[..., None] * cast[None, None, :]
    photo = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "RGB")

    # The phone's camera: resize to a phone-like height, soften, add sensor noise.
    target_h = look.get("height", min(max(H, 1150), 1560))
    scale = target_h / H
    photo = photo.resize((int(W * scale), target_h), Image.LANCZOS)
    photo = photo.filter(ImageFilter.GaussianBlur(look.get("blur", 0.6)))
    noisy = np.asarray(photo, dtype=float) + rng.normal(0, look.get("noise", 4.0), (photo.height, photo.width, 1))
    return Image.fromarray(np.clip(noisy, 0, 255).astype(np.uint8), "RGB")


# ---------------------------------------------------------------------------------------------
# The receipts. Each returns (paper, photo look, expected reading).

def electronics_us():
    usd = "USD"
    mono, bold = font("dejavu-mono", 22), font("dejavu-mono-bold", 30)
    items = [("6451234", '27" 4K MONITOR UHD', 1, 32999), ("5519027", "WIRELESS MOUSE M350", 1, 2499),
             ("7710452", "USB-C CABLE 2M", 2, 1299), ("3390118", "HDMI 2.1 CABLE 3FT", 1, 1499)]
    savings = 1000
    subtotal = sum(q * p for *_, q, p in items) - savings
    tax = rate_of(subtotal, "0.08625")
    total = subtotal + tax
    paper = Paper(640, mono)
    paper.center("BYTE & BOLT ELECTRONICS", font=bold)
    paper.center("2250 Market Street")
    paper.center("San Francisco, CA 94114")
    paper.center("(415) 555-0187")
    paper.center("www.byteandbolt.com")
    paper.rule()
    paper.row("RECEIPT # 0417-2231-0098")
    paper.row("03/14/2026  14:32", "REG 03  CASHIER: MAYA")
    paper.rule()
    for sku, printed, quantity, price in items:
        paper.row(f"SKU {sku}")
        if quantity == 1:
            paper.row(f"  {printed}", f"{fmt(price)} T")
        else:
            paper.row(f"  {printed}")
            paper.row(f"    {quantity} @ {fmt(price)}", f"{fmt(quantity * price)} T")
    paper.row("  INSTANT SAVINGS", fmt(-savings))
    paper.rule()
    paper.row("SUBTOTAL", fmt(subtotal))
    paper.row("SALES TAX 8.625%", fmt(tax))
    paper.row("TOTAL", fmt(total), font=font("dejavu-mono-bold", 22))
    paper.row("VISA CREDIT **** 4821", fmt(total))
    paper.row("AUTH CODE 082211")
    paper.row("CHANGE DUE", "0.00")
    paper.gap()
    paper.row("TOTAL SAVINGS", fmt(savings))
    paper.row("ITEMS SOLD 5")
    paper.row("RETURN BY 04/13/2026")
    paper.gap()
    paper.center("THANK YOU FOR SHOPPING WITH US")
    look = {"height": 1400, "thermal": True, "rotate": 0.4, "light": (0.12, -0.08), "blur": 0.5, "noise": 4}
    return paper, look, {
        "image": "electronics_us.jpg", "householdCurrency": usd,
        "vendor": "BYTE & BOLT ELECTRONICS", "date": "2026-03-14",
        "total": money(total, usd), "tax": money(tax, usd), "number": "0417-2231-0098",
        "lines": [line(name, q, q * p, usd) for _, name, q, p in items]}


def hardware_us():
    usd = "USD"
    mono, bold = font("liberation-mono", 23), font("liberation-mono-bold", 29)
    items = [("CORDLESS DRILL 20V KIT", 1, 12900), ('WOOD SCREWS #8 1-1/4" 100PK', 3, 649),
             ("PAINTERS TAPE 2IN", 2, 599), ("LED BULB 60W EQ 4PK", 1, 1297), ("STEP LADDER 6FT", 1, 8900)]
    subtotal = sum(q * p for _, q, p in items)
    tax = rate_of(subtotal, "0.06")
    total = subtotal + tax
    cash = 30000
    paper = Paper(650, mono)
    paper.center("CORNER HARDWARE & SUPPLY", font=bold)
    paper.center("Fixing things since 1962")
    paper.center("418 Elm Avenue")
    paper.center("Boise, ID 83702")
    paper.center("Tel 208-555-0142")
    paper.gap()
    paper.row("Mar 7, 2026", "10:42 AM")
    paper.row("TRANS# 88213", "STORE 02  TERM 1")
    paper.rule()
    for name, quantity, price in items:
        if quantity == 1:
            paper.row(name, fmt(price))
        else:
            paper.row(name)
            paper.row(f"  {quantity} @ {fmt(price)}", fmt(quantity * price))
    paper.rule()
    paper.row("SUBTOTAL", fmt(subtotal))
    paper.row("SALES TAX 6.000%", fmt(tax))
    paper.row("TOTAL", fmt(total), font=font("liberation-mono-bold", 23))
    paper.row("CASH", fmt(cash))
    paper.row("CHANGE", fmt(cash - total))
    paper.gap()
    paper.center("NO RETURNS WITHOUT RECEIPT")
    paper.center("Have a great day!")
    look = {"thermal": True, "rotate": 3.0, "light": (-0.15, 0.1), "blur": 0.6, "noise": 5,
            "table": (95, 92, 88)}
    return paper, look, {
        "image": "hardware_us.jpg", "householdCurrency": usd,
        "vendor": "CORNER HARDWARE & SUPPLY", "date": "2026-03-07",
        "total": money(total, usd), "tax": money(tax, usd), "number": "88213",
        "lines": [line(n, q, q * p, usd) for n, q, p in items]}


def furniture_us():
    usd = "USD"
    sans, bold = font("liberation-sans", 23), font("liberation-sans-bold", 23)
    items = [('Walnut Dining Table 84"', 1, 124900), ("Upholstered Dining Chair", 4, 18900),
             ("Wool Area Rug 8x10", 1, 54000), ("White-glove Delivery", 1, 7900)]
    subtotal = sum(q * p for _, q, p in items)
    tax = rate_of(subtotal, "0.0775")
    total = subtotal + tax
    deposit = 50000
    paper = Paper(980, sans, margin=50, spacing=1.45)
    paper.center("OAK & LINEN FURNITURE", font=font("liberation-serif-bold", 44))
    paper.center("1180 Harbor Blvd, Costa Mesa, CA 92626  |  (714) 555-0163")
    paper.gap(18)
    paper.center("SALES INVOICE", font=bold)
    paper.gap(10)
    paper.row("Invoice No. OL-20931", "Date: January 22, 2026")
    paper.row("Sold to: Jordan Avery", "Delivery: 2026-02-02")
    paper.gap(10)
    paper.rule("_")
    paper.cols([(0, "Item", "l"), (560, "Qty", "r"), (720, "Price", "r"), (880, "Amount", "r")], font=bold)
    for name, quantity, price in items:
        paper.cols([(0, name, "l"), (560, str(quantity), "r"), (720, fmt(price), "r"), (880, fmt(quantity * price), "r")])
    paper.rule("_")
    paper.gap(8)
    for label, amount, f in [("Subtotal", subtotal, sans), ("Sales Tax 7.75%", tax, sans), ("Grand Total", total, bold),
                             ("Deposit Paid", deposit, sans), ("Balance Due", total - deposit, bold)]:
        paper.cols([(720, label, "r"), (880, fmt(amount), "r")], font=f)
    paper.gap(18)
    paper.center("Thank you for choosing Oak & Linen. Delivery questions: delivery@oakandlinen.com")
    look = {"rotate": -0.8, "light": (0.25, 0.2), "vignette": 0.3, "blur": 0.7, "noise": 4,
            "paper": (247, 246, 242), "ink": (30, 30, 36), "table": (48, 44, 40), "quality": 70}
    return paper, look, {
        "image": "furniture_us.jpg", "householdCurrency": usd,
        "vendor": "OAK & LINEN FURNITURE", "date": "2026-01-22",
        "total": money(total, usd), "tax": money(tax, usd), "number": "OL-20931",
        "lines": [line(n, q, q * p, usd) for n, q, p in items]}


def grocery_us():
    usd = "USD"
    mono = font("dejavu-mono", 21)
    paper = Paper(620, mono, spacing=1.3)
    paper.center("FRESHWAY MARKET", font=font("dejavu-mono-bold", 30))
    paper.center("Fresh food. Fair prices.")
    paper.center("77 Orchard Road")
    paper.center("Columbus, OH 43215")
    paper.center("614-555-0199")
    paper.row("02/28/26 18:03", "ST 0421 REG 05")
    paper.row("TRANS # 004512", "CASHIER KIM")
    paper.gap()
    lines, taxable, subtotal, savings = [], 0, 0, 0

    def item(name, cents, flag="F", quantity=1, detail=None):
        nonlocal taxable, subtotal
        if detail:
            paper.row(name)
            paper.row(f"  {detail}", f"{fmt(cents)} {flag}")
        else:
            paper.row(name, f"{fmt(cents)} {flag}")
        lines.append(line(name, quantity, cents, usd))
        subtotal += cents
        taxable += cents if flag == "T" else 0

    def saving(label, cents, flag="F"):
        nonlocal taxable, subtotal, savings
        paper.row(f"  {label}", f"{fmt(-cents)} {flag}")
        subtotal -= cents
        savings += cents
        taxable -= cents if flag == "T" else 0

    paper.row("PRODUCE")
    item("BANANAS", 126, detail="2.14 lb @ 0.59 /lb")
    item("GALA APPLES 3LB BAG", 499)
    item("AVOCADOS", 375, quantity=3, detail="3 @ 1.25")
    paper.row("DAIRY")
    item("WHOLE MILK 1 GAL", 389)
    item("GREEK YOGURT 32OZ", 549)
    item("LARGE EGGS 12CT", 429)
    saving("SALE SAVINGS", 80)
    paper.row("BAKERY")
    item("SOURDOUGH LOAF", 450)
    paper.row("HOUSEHOLD")
    item("PAPER TOWELS 6RL", 1199, flag="T")
    item("DISH SOAP 24OZ", 379, flag="T")
    saving("CPN DISH SOAP", 100, flag="T")
    tax = rate_of(taxable, "0.0725")
    total = subtotal + tax
    paper.gap()
    paper.row("SUBTOTAL", fmt(subtotal))
    paper.row("TAX", fmt(tax))
    paper.row("**** TOTAL", fmt(total), font=font("dejavu-mono-bold", 21))
    paper.row("DEBIT TEND", fmt(total))
    paper.row("CHANGE DUE", "0.00")
    paper.gap()
    paper.row("TOTAL SAVINGS", fmt(savings))
    paper.row("TOTAL ITEMS 11")
    paper.gap()
    paper.center("THANK YOU FOR SHOPPING FRESHWAY")
    look = {"height": 1560, "thermal": True, "rotate": -0.6, "light": (-0.3, 0.18), "vignette": 0.35, "blur": 0.8, "noise": 7,
            "paper": (240, 238, 232), "table": (60, 66, 74), "cast": (1.0, 0.98, 0.94)}
    return paper, look, {
        "image": "grocery_us.jpg", "householdCurrency": usd,
        "vendor": "FRESHWAY MARKET", "date": "2026-02-28",
        "total": money(total, usd), "tax": money(tax, usd), "number": "004512", "lines": lines}


def german_household():
    eur = "EUR"
    mono, bold = font("liberation-mono", 22), font("liberation-mono-bold", 28)
    items = [("Pfannenwender Silikon", 1, 799), ("Spülschwamm 3er", 2, 349), ("Geschirrtuch Leinen", 1, 1250),
             ("Brotdose Edelstahl", 1, 1995), ("Kerzen weiß 4 St.", 1, 449)]
    total = sum(q * p for _, q, p in items)
    tax = included_in(total, "0.19")
    paper = Paper(640, mono)
    paper.center("Lindner Haushaltswaren", font=bold)
    paper.center("Schönhauser Allee 112")
    paper.center("10439 Berlin")
    paper.center("Tel. 030 4471 2290")
    paper.center("USt-IdNr. DE 281 445 920")
    paper.rule()
    paper.row("Beleg-Nr. 4711", "Kasse 2")
    paper.row("Datum: 05.03.2026", "Zeit: 11:24")
    paper.rule()
    for name, quantity, price in items:
        if quantity > 1:
            paper.row(f"{quantity} x {fmt(price, 'eu')}")
        paper.row(name, f"{fmt(quantity * price, 'eu')} A")
    paper.rule()
    paper.row("Summe EUR", fmt(total, "eu"), font=font("liberation-mono-bold", 24))
    paper.row("Girocard", fmt(total, "eu"))
    paper.rule()
    paper.row("MwSt    Netto   Steuer", "Brutto")
    paper.row(f"A 19%   {fmt(total - tax, 'eu')}   {fmt(tax, 'eu')}", fmt(total, "eu"))
    paper.gap()
    paper.center("Vielen Dank für Ihren Einkauf!")
    look = {"height": 1300, "thermal": True, "rotate": -1.2, "light": (0.3, -0.25), "vignette": 0.3, "blur": 0.6, "noise": 5,
            "table": (110, 84, 60)}
    return paper, look, {
        "image": "german_household.jpg", "householdCurrency": eur,
        "vendor": "Lindner Haushaltswaren", "date": "2026-03-05",
        "total": money(total, eur), "tax": money(tax, eur), "number": "4711",
        "lines": [line(n, q, q * p, eur) for n, q, p in items]}


def uk_bookshop():
    gbp = "GBP"
    sans = font("dejavu-sans", 22)
    items = [("The Salt Path (pbk)", 1, 999, False), ("Moleskine Notebook A5", 1, 1650, True),
             ("Fineliner Pen 0.4", 2, 199, True), ("Greeting Card", 1, 295, True)]
    total = sum(q * p for _, q, p, _ in items)
    vatable = sum(q * p for _, q, p, rated in items if rated)
    vat = included_in(vatable, "0.20")
    paper = Paper(640, sans)
    paper.center("Harbour Books & Stationery", font=font("dejavu-sans-bold", 28))
    paper.center("14 Quay Street, Bristol BS1 4DB")
    paper.center("Tel: 0117 496 0321")
    paper.center("VAT Reg No. GB 284 5521 09")
    paper.gap()
    paper.row("Receipt No: 000812")
    paper.row("06/03/26  15:47", "Till 1")
    paper.gap()
    for name, quantity, price, _ in items:
        label = name if quantity == 1 else f"{quantity} x {name}"
        paper.row(label, fmt(quantity * price, symbol="£"))
    paper.gap()
    paper.row("TOTAL", fmt(total, symbol="£"), font=font("dejavu-sans-bold", 24))
    paper.row("Card", fmt(total, symbol="£"))
    paper.row(f"VAT 20% on {fmt(vatable, symbol='£')}", fmt(vat, symbol="£"))
    paper.gap()
    paper.center("Books are zero-rated for VAT")
    paper.center("Thank you for visiting!")
    look = {"height": 1200, "rotate": -2.5, "light": (0.1, 0.3), "blur": 0.7, "noise": 5, "paper": (246, 243, 236),
            "table": (150, 150, 146), "vignette": 0.25}
    return paper, look, {
        "image": "uk_bookshop.jpg", "householdCurrency": gbp,
        "vendor": "Harbour Books & Stationery", "date": "2026-03-06",
        "total": money(total, gbp), "tax": money(vat, gbp), "number": "000812",
        "lines": [line(n, q, q * p, gbp) for n, q, p, _ in items]}


def online_order():
    usd = "USD"
    sans, bold = font("liberation-sans", 22), font("liberation-sans-bold", 22)
    items = [("Trail Runner Backpack 30L", 1, 8900), ("Merino Wool Hiking Socks", 2, 1850),
             ("Insulated Water Bottle 1L", 1, 3200), ("Packable Rain Jacket (M)", 1, 12900)]
    subtotal = sum(q * p for _, q, p in items)
    tax = rate_of(subtotal, "0.0881")
    total = subtotal + tax
    paper = Paper(1000, sans, margin=56, spacing=1.5)
    paper.row("Northwind Outfitters", "Order Confirmation", font=font("liberation-sans-bold", 32))
    paper.row("northwindoutfitters.com  |  support@northwindoutfitters.com")
    paper.gap(24)
    paper.row("Order #NW-10023455")
    paper.row("Order date: Feb 3, 2026")
    paper.row("Shipped: Feb 5, 2026 via UPS Ground")
    paper.row("Bill to: Sam Rivera, 221 Pine St, Denver, CO 80203")
    paper.gap(24)
    paper.cols([(0, "Qty", "l"), (70, "Item", "l"), (720, "Unit price", "r"), (888, "Total", "r")], font=bold)
    for name, quantity, price in items:
        paper.cols([(0, str(quantity), "l"), (70, name, "l"), (720, fmt(price, symbol="$"), "r"),
                    (888, fmt(quantity * price, symbol="$"), "r")])
    paper.gap(20)
    for label, amount, f in [("Subtotal", subtotal, sans), ("Shipping", 0, sans), ("Tax (8.81%)", tax, sans),
                             ("Order total", total, bold)]:
        paper.cols([(560, label, "l"), (888, fmt(amount, symbol="$"), "r")], font=f)
    paper.gap(20)
    paper.row("Paid with Mastercard ending 5512", fmt(total, symbol="$"))
    paper.gap(20)
    paper.row("Questions about your order? Reply to this email or call 1-800-555-0110.")
    look = {"perspective": (40, 30), "light": (-0.2, 0.25), "vignette": 0.25, "blur": 0.8, "noise": 4,
            "paper": (250, 250, 250), "ink": (20, 20, 24), "table": (120, 104, 86), "pad": 0.06}
    return paper, look, {
        "image": "online_order.jpg", "householdCurrency": "GBP",
        "vendor": "Northwind Outfitters", "date": "2026-02-03",
        "total": money(total, usd), "tax": money(tax, usd), "number": "NW-10023455",
        "lines": [line(n, q, q * p, usd) for n, q, p in items]}


def cafe():
    usd = "USD"
    sans = font("dejavu-condensed", 24)
    items = [("Flat White", 2, 450), ("Almond Croissant", 1, 425), ("Banana Bread", 1, 395),
             ("Fresh Orange Juice", 1, 550)]
    subtotal = sum(q * p for _, q, p in items)
    tax = rate_of(subtotal, "0.07")
    total = subtotal + tax
    paper = Paper(540, sans, margin=30)
    paper.center("Little Fern Café", font=font("dejavu-condensed-bold", 32))
    paper.center("Coffee · Bakery · Brunch")
    paper.center("9 Alder Lane, Asheville NC")
    paper.gap()
    paper.row("Order #218", "Table 4")
    paper.row("Server: Ana")
    paper.row("14 Mar 2026", "08:51")
    paper.gap()
    for name, quantity, price in items:
        paper.row(f"{quantity} {name}", fmt(quantity * price, symbol="$"))
    paper.gap()
    paper.row("Subtotal", fmt(subtotal, symbol="$"))
    paper.row("Tax 7%", fmt(tax, symbol="$"))
    paper.row("Total", fmt(total, symbol="$"), font=font("dejavu-condensed-bold", 26))
    paper.row("Visa ****0341", fmt(total, symbol="$"))
    paper.gap()
    paper.center("Thanks for stopping by!")
    look = {"height": 1100, "rotate": 1.0, "light": (0.2, -0.2), "vignette": 0.3, "blur": 1.0, "noise": 5,
            "cast": (1.04, 0.98, 0.86), "table": (86, 62, 40)}
    return paper, look, {
        "image": "cafe.jpg", "householdCurrency": usd,
        "vendor": "Little Fern Café", "date": "2026-03-14",
        "total": money(total, usd), "tax": money(tax, usd), "number": "218",
        "lines": [line(n, q, q * p, usd) for n, q, p in items]}


def french_bike_shop():
    eur = "EUR"
    mono, bold = font("free-mono-bold", 23), font("free-mono-bold", 30)
    items = [("Chambre à air 700x25C", 1, 890), ("Démonte-pneus", 2, 450), ("Antivol U Kryptonite", 1, 6490),
             ("Éclairage LED avant", 1, 2990)]
    total = sum(q * p for _, q, p in items)
    tax = included_in(total, "0.20")
    paper = Paper(640, mono)
    paper.center("LE COMPTOIR DU VÉLO", font=bold)
    paper.center("27 rue de la République")
    paper.center("69002 Lyon")
    paper.center("Tél. 04 78 55 21 90")
    paper.center("SIRET 812 445 120 00018")
    paper.gap()
    paper.row("Ticket n° 001847", "Caisse 1")
    paper.row("Le 09/03/2026 à 16:05")
    paper.rule()
    for name, quantity, price in items:
        if quantity > 1:
            paper.row(f"{quantity} x {fmt(price, 'eu', suffix=' €')}")
        paper.row(name, fmt(quantity * price, "eu", suffix=" €"))
    paper.rule()
    paper.row("Total à payer", fmt(total, "eu", suffix=" €"))
    paper.row("CB", fmt(total, "eu", suffix=" €"))
    paper.row("dont TVA 20%", fmt(tax, "eu", suffix=" €"))
    paper.rule()
    paper.center("Merci de votre visite !")
    look = {"height": 1250, "thermal": True, "rotate": 1.4, "light": (0.15, 0.25), "blur": 0.7, "noise": 6,
            "table": (40, 40, 44), "paper": (238, 236, 228)}
    return paper, look, {
        "image": "french_bike_shop.jpg", "householdCurrency": eur,
        "vendor": "LE COMPTOIR DU VÉLO", "date": "2026-03-09",
        "total": money(total, eur), "tax": money(tax, eur), "number": "001847",
        "lines": [line(n, q, q * p, eur) for n, q, p in items]}


def swiss_home_store():
    chf = "CHF"
    sans = font("dejavu-sans", 22)
    items = [("Duvetbezug Leinen 160x210", 1, 12900), ("Kissenbezug 65x65", 2, 2490), ("Wolldecke Grau", 1, 8900),
             ("Duftkerze Zeder", 1, 1850)]
    total = sum(q * p for _, q, p in items)
    tax = included_in(total, "0.081")
    cash = 30000
    paper = Paper(660, sans)
    paper.center("Wohnwerk Keller AG", font=font("dejavu-sans-bold", 30))
    paper.center("Langstrasse 48, 8004 Zürich")
    paper.center("Tel. 044 555 18 20")
    paper.center("MWST-Nr. CHE-112.445.290 MWST")
    paper.gap()
    paper.row("Quittung Nr. 22031")
    paper.row("21.02.2026  13:12", "Kasse 04")
    paper.gap()
    for name, quantity, price in items:
        label = name if quantity == 1 else f"{name}  {quantity} x {fmt(price, 'ch')}"
        paper.row(label, fmt(quantity * price, "ch"))
    paper.gap()
    paper.row("Total CHF", fmt(total, "ch"), font=font("dejavu-sans-bold", 24))
    paper.row("Bar", fmt(cash, "ch"))
    paper.row("Rückgeld", fmt(cash - total, "ch"))
    paper.gap()
    paper.row("MWST 8.1% inkl.", fmt(tax, "ch"))
    paper.gap()
    paper.center("Danke für Ihren Besuch")
    look = {"height": 1300, "rotate": 0.5, "shadow": (0.25, 0.3), "light": (0.1, 0.1), "blur": 0.6, "noise": 5,
            "table": (70, 72, 80)}
    return paper, look, {
        "image": "swiss_home_store.jpg", "householdCurrency": "EUR",
        "vendor": "Wohnwerk Keller AG", "date": "2026-02-21",
        "total": money(total, chf), "tax": money(tax, chf), "number": "22031",
        "lines": [line(n, q, q * p, chf) for n, q, p in items]}


def appliance_us():
    usd = "USD"
    sans, bold = font("free-sans", 24), font("free-sans-bold", 24)
    items = [("Front-Load Washer WF45", 1, 89900), ("Electric Dryer DVE45", 1, 84900), ("Stacking Kit SK-5A", 1, 3999),
             ("Haul-Away Service", 1, 2500)]
    subtotal = sum(q * p for _, q, p in items)
    tax = rate_of(subtotal, "0.06")
    total = subtotal + tax
    paper = Paper(760, sans, margin=40)
    paper.center("HOMELINE APPLIANCES", font=font("free-sans-bold", 36))
    paper.center("Outlet Store #118 - 5400 W Broad St")
    paper.center("Richmond, VA 23230")
    paper.gap()
    paper.center("SALES RECEIPT", font=bold)
    paper.row("Invoice #: HL-118-0772")
    paper.row("Date: 2026-01-09", "Associate: T. Okafor")
    paper.rule("-")
    for name, _, price in items:
        paper.row(name, fmt(price))
    paper.rule("-")
    paper.row("Subtotal", fmt(subtotal))
    paper.row("Sales Tax 6%", fmt(tax))
    paper.row("AMOUNT DUE", fmt(total), font=bold)
    paper.row("Visa", fmt(total))
    paper.gap()
    paper.center("Delivery scheduled for 01/16/2026")
    paper.center("Keep this receipt for your warranty")
    look = {"rotate": -0.4, "perspective": (-30, 20), "light": (0.2, 0.3), "vignette": 0.3, "blur": 0.7, "noise": 5,
            "paper": (245, 245, 240), "table": (52, 50, 56)}
    return paper, look, {
        "image": "appliance_us.jpg", "householdCurrency": usd,
        "vendor": "HOMELINE APPLIANCES", "date": "2026-01-09",
        "total": money(total, usd), "tax": money(tax, usd), "number": "HL-118-0772",
        "lines": [line(n, q, q * p, usd) for n, q, p in items]}


RECEIPTS = [electronics_us, hardware_us, furniture_us, grocery_us, german_household, uk_bookshop, online_order, cafe,
            french_bike_shop, swiss_home_store, appliance_us]


def main():
    ocr = "--ocr" in sys.argv
    expected = []
    for receipt in RECEIPTS:
        paper, look, reading = receipt()
        name = reading["image"]
        seed = zlib.crc32(name.encode())
        photo = photograph(paper.render_mask(), look, seed)
        photo.save(os.path.join(HERE, name), "JPEG", quality=look.get("quality", 72), optimize=True)
        expected.append(reading)
        print(f"{name}: {photo.width}x{photo.height}")
        if ocr:
            os.makedirs(OCR_DIR, exist_ok=True)
            # Light preprocessing, the same the server applies: grey, 1.5x larger (Lanczos).
            grey = Image.open(os.path.join(HERE, name)).convert("L")  # the JPEG, as uploaded
            grey = grey.resize((grey.width * 3 // 2, grey.height * 3 // 2), Image.LANCZOS)
            grey_path = f"/tmp/{name}.png"
            grey.save(grey_path)
            text = subprocess.run(["tesseract", grey_path, "-", *OCR_ARGS], capture_output=True, text=True, check=True).stdout
            with open(os.path.join(OCR_DIR, name.rsplit(".", 1)[0] + ".txt"), "w") as out:
                out.write(text)
    with open(os.path.join(HERE, "expected.json"), "w") as out:
        text = json.dumps({"receipts": expected}, indent=2, ensure_ascii=False)
        # One line per amount and per receipt line, so the file reads like the receipts.
        text = re.sub(r'\{\s+"amount": (-?\d+),\s+"currency": "([A-Z]{3})"\s+\}', r'{"amount": \1, "currency": "\2"}', text)
        text = re.sub(r'\{\s+"description": (".*?(?<!\\\\)"),\s+"quantity": (\d+),\s+"amount": (\{.*?\})\s+\}',
                      r'{"description": \1, "quantity": \2, "amount": \3}', text)
        out.write(text + "\n")


if __name__ == "__main__":
    main()
