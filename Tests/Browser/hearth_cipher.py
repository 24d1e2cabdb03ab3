"""An encrypted Hearth backup read by an implementation of its own, from the documented format
(docs/encrypted-backups.md) and Python's standard primitives: what the Swift code writes, someone
without Hearth can open."""

from __future__ import annotations

import hashlib
import hmac
import unicodedata

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF


def decrypt(data: bytes, passphrase: str) -> bytes:
    header, body = data[:52], data[52:]
    assert header[:8] == b"HEARTHEN" and header[8] == 1 and header[9] == 1, "not an encrypted Hearth backup"
    n, r, p = 1 << header[10], header[11], header[12]
    size = int.from_bytes(header[16:20], "big")
    secret = hashlib.scrypt(unicodedata.normalize("NFC", passphrase).encode(), salt=header[20:36], n=n, r=r, p=p,
                            maxmem=1 << 30, dklen=32)

    def derive(info: bytes) -> bytes:
        return HKDF(hashes.SHA256(), 32, None, info).derive(secret)

    check = hmac.new(derive(b"hearth backup passphrase check v1"), header[:36], "sha256").digest()[:16]
    if not hmac.compare_digest(check, header[36:52]):
        raise ValueError("wrong passphrase")
    aes = AESGCM(derive(b"hearth backup chunks v1"))
    chunks = [body[start:start + size + 16] for start in range(0, len(body), size + 16)] or [b""]
    plain = bytearray()
    for index, chunk in enumerate(chunks):
        last = b"\x01" if index == len(chunks) - 1 else b"\x00"
        plain += aes.decrypt(index.to_bytes(11, "big") + last, chunk, header)
    return bytes(plain)
