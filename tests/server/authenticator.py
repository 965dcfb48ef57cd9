"""A software passkey for the API tests: a real P-256 key that answers WebAuthn ceremonies the
way a browser hands an authenticator's answer to a page (the credential's `toJSON()`), signed
with real cryptography (fido2's data types, cryptography's ECDSA)."""

from __future__ import annotations

import json
import os
from hashlib import sha256
from typing import Any

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from fido2.cose import ES256
from fido2.utils import websafe_decode, websafe_encode
from fido2.webauthn import (
    AttestationObject,
    AttestedCredentialData,
    AuthenticatorData,
)

UP, UV, AT = 0x01, 0x04, 0x40


class SoftPasskey:
    """One discoverable credential for one RP ID."""

    def __init__(self, rp_id: str = "testserver") -> None:
        self.rp_id = rp_id
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.credential_id = os.urandom(32)
        self.counter = 0

    def client_data(self, kind: str, options: dict[str, Any], origin: str) -> bytes:
        return json.dumps({"type": kind, "challenge": options["challenge"],
                           "origin": origin, "crossOrigin": False}).encode()

    def register(self, options: dict[str, Any], origin: str = "http://testserver"
                 ) -> dict[str, Any]:
        """The answer to `navigator.credentials.create({publicKey: options})`."""
        cose = ES256.from_cryptography_key(self.key.public_key())
        attested = AttestedCredentialData.create(b"\0" * 16, self.credential_id, cose)
        self.counter += 1
        auth_data = AuthenticatorData.create(sha256(self.rp_id.encode()).digest(), UP | UV | AT,
                                             self.counter, attested)
        attestation = AttestationObject.create("none", auth_data, {})
        client_data = self.client_data("webauthn.create", options, origin)
        return {"id": websafe_encode(self.credential_id),
                "rawId": websafe_encode(self.credential_id), "type": "public-key",
                "response": {"clientDataJSON": websafe_encode(client_data),
                             "attestationObject": websafe_encode(bytes(attestation))},
                "clientExtensionResults": {}}

    def sign_in(self, options: dict[str, Any], origin: str = "http://testserver",
                counter: int | None = None) -> dict[str, Any]:
        """The answer to `navigator.credentials.get({publicKey: options})`."""
        self.counter = self.counter + 1 if counter is None else counter
        auth_data = AuthenticatorData.create(sha256(self.rp_id.encode()).digest(), UP | UV,
                                             self.counter)
        client_data = self.client_data("webauthn.get", options, origin)
        signature = self.key.sign(bytes(auth_data) + sha256(client_data).digest(),
                                  ec.ECDSA(hashes.SHA256()))
        return {"id": websafe_encode(self.credential_id),
                "rawId": websafe_encode(self.credential_id), "type": "public-key",
                "response": {"clientDataJSON": websafe_encode(client_data),
                             "authenticatorData": websafe_encode(bytes(auth_data)),
                             "signature": websafe_encode(signature),
                             "userHandle": None},
                "clientExtensionResults": {}}


def decoded(value: str) -> bytes:
    return websafe_decode(value)
