#!/usr/bin/env python3
"""Draws the web app's shortcut icons (Start Pomodoro, Start rest, Capture item, Add to a list) as
96 px PNGs into Sources/HearthServer/Resources/public/icons/. Plain Python: shapes by their distance,
smoothed at the edges, so the icons can be drawn again anywhere without an image library."""
import math
import pathlib
import struct
import zlib

SIZE = 96
OUT = pathlib.Path(__file__).resolve().parent.parent / "Sources/HearthServer/Resources/public/icons"


def circle(cx, cy, r):
    return lambda x, y: math.hypot(x - cx, y - cy) - r


def ring(cx, cy, r, width):
    return lambda x, y: abs(math.hypot(x - cx, y - cy) - r) - width / 2


def box(x0, y0, x1, y1, radius=0.0):
    cx, cy, hx, hy = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 - radius, (y1 - y0) / 2 - radius

    def distance(x, y):
        qx, qy = abs(x - cx) - hx, abs(y - cy) - hy
        return math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - radius
    return distance


def triangle(points):
    """A convex polygon, corners in clockwise order (y down)."""
    edges = list(zip(points, points[1:] + points[:1]))

    def distance(x, y):
        worst = -1e9
        for (ax, ay), (bx, by) in edges:
            nx, ny = by - ay, -(bx - ax)
            length = math.hypot(nx, ny)
            worst = max(worst, ((x - ax) * nx + (y - ay) * ny) / length)
        return worst
    return distance


def union(*shapes):
    return lambda x, y: min(shape(x, y) for shape in shapes)


def minus(shape, hole):
    return lambda x, y: max(shape(x, y), -hole(x, y))


def coverage(shape, x, y):
    return min(1.0, max(0.0, 0.5 - shape(x + 0.5, y + 0.5)))


def draw(name, background, symbol):
    disc = circle(48, 48, 47)
    rows = []
    for y in range(SIZE):
        row = bytearray([0])
        for x in range(SIZE):
            a = coverage(disc, x, y)
            s = coverage(symbol, x, y)
            r, g, b = (round(c * (1 - s) + 255 * s) for c in background)
            row += bytes([r, g, b, round(255 * a)])
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")
    (OUT / f"shortcut-{name}.png").write_bytes(png)


# Start Pomodoro: a play sign on the tomato accent.
draw("focus", (196, 58, 40), triangle([(38, 28), (70, 48), (38, 68)]))
# Start rest: a stopwatch on deep blue.
draw("rest", (29, 78, 137), union(ring(48, 52, 20, 7), box(44, 20, 52, 30, 2), box(45.5, 38, 50.5, 54, 2)))
# Capture item: a camera on forest green.
draw("capture", (35, 110, 60), minus(union(box(22, 34, 74, 70, 6), box(38, 27, 58, 37, 3)), circle(48, 52, 11)))
# Add to a list: a plus on lavender.
draw("list", (104, 72, 168), union(box(44, 26, 52, 70, 3), box(26, 44, 70, 52, 3)))
