#!/usr/bin/env python3
"""Makes the HearthMedia test fixtures in this folder.

Needs Debian's libvips-tools (`vips`), libimage-exiftool-perl (`exiftool`) and, in a throwaway
virtual environment, Pillow, python-barcode and qrcode:

    python3 -m venv /tmp/fixvenv
    /tmp/fixvenv/bin/pip install pillow python-barcode qrcode
    /tmp/fixvenv/bin/python Tests/HearthMediaTests/Fixtures/make_fixtures.py

Pillow's noise differs from run to run, so the bytes change; the tests check sizes, kinds,
colours, decoded codes and words, never exact bytes. receipts/ beside this script is made by
its own make_receipts.py.
"""
import io
import os
import random
import subprocess

import barcode
import qrcode
from barcode.writer import ImageWriter
from PIL import Image, ImageCms, ImageDraw, ImageFilter, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
random.seed(42)


def path(name):
    return os.path.join(HERE, name)


def run(*args):
    subprocess.run(args, check=True)


def scene(width, height):
    """A small picture with a known top: warm top half, blue bottom half, some detail."""
    image = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(image)
    for y in range(height):
        top = y < height // 2
        shade = int(160 + 80 * y / height)
        colour = (shade, 40, 30) if top else (30, 60, shade)
        draw.line([(0, y), (width, y)], fill=colour)
    for _ in range(40):
        x, y = random.randrange(width), random.randrange(height)
        draw.ellipse([x, y, x + 12, y + 12], outline=(240, 240, 240))
    return image


def rotated_photo_with_gps():
    """Stored 300x200 (landscape), EXIF orientation 6, so it shows 200x300; GPS, XMP and ICC."""
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    scene(300, 200).save(path("rotated-gps.jpg"), quality=85, icc_profile=srgb)
    run("exiftool", "-q", "-overwrite_original",
        "-Orientation#=6", "-Make=Hearth", "-Model=Fixture",
        "-GPSLatitude=52.5163", "-GPSLatitudeRef=N",
        "-GPSLongitude=13.3777", "-GPSLongitudeRef=E",
        "-XMP-dc:Description=Living room", "-XMP-exif:GPSLatitude=52.5163 N",
        "-XMP-exif:GPSLongitude=13.3777 E", path("rotated-gps.jpg"))


def other_formats():
    """A PNG with transparency, a WebP, a HEIC, a truncated JPEG and a text file named .jpg."""
    png = scene(120, 80).convert("RGBA")
    ImageDraw.Draw(png).rectangle([0, 0, 30, 30], fill=(0, 0, 0, 0))
    png.save(path("image.png"))
    scene(160, 90).save(path("image.webp"), quality=80)
    scene(200, 150).save("/tmp/hearth-fixture-heic.png")
    run("vips", "copy", "/tmp/hearth-fixture-heic.png",
        path("image.heic") + "[Q=50,compression=hevc,strip]")
    os.remove("/tmp/hearth-fixture-heic.png")

    full = io.BytesIO()
    scene(400, 300).save(full, format="JPEG", quality=90)
    data = full.getvalue()
    with open(path("truncated.jpg"), "wb") as f:
        f.write(data[: len(data) * 6 // 10])
    with open(path("photo.jpg"), "w") as f:
        f.write("This is a shopping list, not a photo.\nmilk\neggs\n")


def one_page_pdf():
    """A US Letter page (612x792 pt, so 1275x1650 px at 150 dpi) with one line of text."""
    text = b"BT /F1 36 Tf 72 680 Td (Hearth warranty card) Tj ET"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        b"/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(text), text),
    ]
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n%s\nendobj\n" % (number, body))
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref))
    with open(path("document.pdf"), "wb") as f:
        f.write(out.getvalue())


def printed_text():
    """Clean black text on white, as a scanner or a screenshot gives it."""
    font = ImageFont.truetype(FONT, 28)
    image = Image.new("L", (640, 150), 255)
    draw = ImageDraw.Draw(image)
    draw.text((20, 20), "Hearth Household Inventory", font=font, fill=0)
    draw.text((20, 80), "Receipt total 42.50 EUR", font=font, fill=0)
    image.save(path("text.png"), optimize=True)


def receipt_photo():
    """A till receipt photographed on a dark table: tilted, a shadow across it, blurred, noisy."""
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", 22)
    lines = ["CORNER HARDWARE", "", "Hammer 16oz        12.99", "Wood screws        4.49",
             "Paint brush        6.75", "", "TOTAL             24.23", "VISA              24.23"]
    paper = Image.new("L", (420, 40 + 34 * len(lines)), 236)
    draw = ImageDraw.Draw(paper)
    for row, line in enumerate(lines):
        draw.text((30, 25 + 34 * row), line, font=font, fill=35)
    size = (640, 720)
    table = Image.new("L", size, 70)
    mask = Image.new("L", paper.size, 255)
    paper, mask = paper.rotate(3, expand=True, resample=Image.BICUBIC), mask.rotate(3, expand=True)
    table.paste(paper, ((size[0] - paper.width) // 2, (size[1] - paper.height) // 2), mask)
    shadow = Image.linear_gradient("L").resize(size).rotate(60)  # dark lower left, light upper right
    lit = Image.composite(table, table.point(lambda v: int(v * 0.62)), shadow)
    photo = lit.filter(ImageFilter.GaussianBlur(0.8))
    noisy = Image.blend(photo, Image.effect_noise(size, 40).convert("L"), 0.06)
    noisy.convert("RGB").save(path("receipt-photo.jpg"), quality=80)


def linear_code(kind, value):
    writer = ImageWriter()
    code = barcode.get(kind, value, writer=writer)
    return code.render({"module_width": 0.3, "module_height": 12, "quiet_zone": 4, "font_size": 8,
                        "text_distance": 4, "dpi": 200}).convert("L")


def qr_code(text):
    qr = qrcode.QRCode(border=4, box_size=6, error_correction=qrcode.constants.ERROR_CORRECT_M)
    qr.add_data(text)
    return qr.make_image(fill_color="black", back_color="white").get_image().convert("L")


def phone_photo(code, size=(800, 600), angle=7.0, blur=1.1, noise=10):
    """The code on a white card, tilted, on a textured table, blurred, noisy, unevenly lit."""
    width, height = size
    table = Image.new("RGB", size)
    pixels = table.load()
    for y in range(height):
        for x in range(width):
            grain = int(18 * ((x * 7 + y * 3) % 23) / 23)
            pixels[x, y] = (120 + grain, 85 + grain, 55 + grain // 2)
    card = Image.new("RGB", (code.width + 60, code.height + 60), (245, 243, 236))
    card.paste(code.convert("RGB"), (30, 30))
    scale = min(0.7 * width / card.width, 0.7 * height / card.height)
    card = card.resize((int(card.width * scale), int(card.height * scale)), Image.LANCZOS)
    mask = Image.new("L", card.size, 255)
    card, mask = card.rotate(angle, expand=True, resample=Image.BICUBIC), mask.rotate(angle, expand=True)
    table.paste(card, ((width - card.width) // 2, (height - card.height) // 2), mask)
    photo = table.filter(ImageFilter.GaussianBlur(blur))
    light = Image.linear_gradient("L").resize(size).rotate(30)
    shaded = Image.composite(photo, photo.point(lambda v: int(v * 0.75)), light)
    noisy = Image.effect_noise(size, noise).convert("RGB")
    return Image.blend(shaded, noisy, 0.08)


def barcodes():
    linear_code("ean13", "590123412345").save(path("ean13.png"), optimize=True)
    linear_code("upca", "03600029145").save(path("upca.png"), optimize=True)
    linear_code("code128", "HEARTH-0042").save(path("code128.png"), optimize=True)
    qr_code("https://hearth.example/items/42").save(path("qr.png"), optimize=True)
    phone_photo(linear_code("ean13", "400638133393")).save(path("ean13-photo.jpg"), quality=80)
    phone_photo(qr_code("HEARTH ITEM 7"), angle=-9.0).save(path("qr-photo.jpg"), quality=80)


if __name__ == "__main__":
    rotated_photo_with_gps()
    other_formats()
    one_page_pdf()
    printed_text()
    receipt_photo()
    barcodes()
