"""Makes passkeys.json: WebAuthn answers as authenticators give them, built with Yubico's `fido2`
package (its CBOR, COSE keys, authenticator data and client data) and keys from `cryptography`, for
RelyingPartyTests. Run from the repository: .venv/bin/python Tests/HearthServerTests/Fixtures/passkeys/make_vectors.py
(needs `pip install fido2==2.2.1`). Every run makes new keys and signatures; the tests read the file."""

from __future__ import annotations

import base64
import hashlib
import json
import pathlib

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, ed25519
from fido2 import cbor
from fido2.cose import ES256, EdDSA
from fido2.webauthn import AttestationObject, AttestedCredentialData, AuthenticatorData, CollectedClientData

RP_ID = "localhost"
ORIGIN = "http://localhost:8080"
FLAGS = AuthenticatorData.FLAG


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def vector(name: str, private_key, cose_class, sign, flags=FLAGS.UP | FLAGS.UV, origin=ORIGIN, rp_id=RP_ID) -> dict:
    credential_id = hashlib.sha256(name.encode()).digest()[:20]
    public = cose_class.from_cryptography_key(private_key.public_key())
    attested = AttestedCredentialData.create(b"\0" * 16, credential_id, public)
    rp_hash = hashlib.sha256(rp_id.encode()).digest()
    made = AuthenticatorData.create(rp_hash, flags | FLAGS.AT, 0, attested)
    register_challenge = hashlib.sha256(b"register " + name.encode()).digest()
    register_client = CollectedClientData.create("webauthn.create", register_challenge, origin)
    sign_challenge = hashlib.sha256(b"sign in " + name.encode()).digest()
    sign_client = CollectedClientData.create("webauthn.get", sign_challenge, origin)
    used = AuthenticatorData.create(rp_hash, flags, 7)
    signature = sign(private_key, bytes(used) + sign_client.hash)
    return {
        "name": name, "credentialId": b64(credential_id), "publicKey": b64(cbor.encode(dict(public))),
        "registration": {"challenge": b64(register_challenge), "clientDataJSON": b64(bytes(register_client)),
                         "attestationObject": b64(bytes(AttestationObject.create("none", made, {})))},
        "assertion": {"challenge": b64(sign_challenge), "clientDataJSON": b64(bytes(sign_client)),
                      "authenticatorData": b64(bytes(used)), "signature": b64(signature), "signCount": 7},
    }


def es256_sign(key, data: bytes) -> bytes:
    return key.sign(data, ec.ECDSA(hashes.SHA256()))


def eddsa_sign(key, data: bytes) -> bytes:
    return key.sign(data)


vectors = {
    "rpId": RP_ID, "origin": ORIGIN,
    "vectors": [
        vector("es256", ec.generate_private_key(ec.SECP256R1()), ES256, es256_sign),
        vector("eddsa", ed25519.Ed25519PrivateKey.generate(), EdDSA, eddsa_sign),
        vector("not-verified", ec.generate_private_key(ec.SECP256R1()), ES256, es256_sign, flags=FLAGS.UP),
        vector("other-site", ec.generate_private_key(ec.SECP256R1()), ES256, es256_sign, rp_id="evil.example"),
        vector("other-origin", ec.generate_private_key(ec.SECP256R1()), ES256, es256_sign, origin="http://evil.example"),
    ],
}
path = pathlib.Path(__file__).with_name("passkeys.json")
path.write_text(json.dumps(vectors, indent=2) + "\n")
print(f"Wrote {path}")
