"""A checkout certificate's link: the certificate's random code and a digest of what it says,
signed with the instance's secret key (HMAC, itsdangerous, which Flask itself uses for its
session), so that a link cannot be forged nor edited. A link whose signature holds but whose
certificate is gone was withdrawn (its learner deleted their account); one whose certificate
no longer says what was signed was altered.

What is signed is what the page shows: the name its holder chose for it (``name``: "" for no
name), not the username early certificates were issued with. A link signed under a name its
holder has changed since still verifies what it certifies: its page says the name changed.
"""

from __future__ import annotations

import hashlib
import json

from flask import current_app
from itsdangerous import BadSignature, URLSafeSerializer

from trainer.store.checkouts import StoredCertificate

_SALT = "checkout-certificate"
MAX_LINK = 200  # characters: a link's token is about 80


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.secret_key or "", salt=_SALT)


def digest(certificate: StoredCertificate, name: str) -> str:
    """What the certificate says (the name it shows, its checkout, rules, figures, date),
    hashed."""
    said = [
        certificate.code,
        name,
        certificate.kind,
        certificate.rules,
        certificate.system,
        certificate.figures,
        certificate.issued_ms,
    ]
    text = json.dumps(said, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def link_token(certificate: StoredCertificate, name: str) -> str:
    """The link's token of the certificate showing ``name``."""
    return str(_serializer().dumps([certificate.code, digest(certificate, name)]))


def read_token(token: str) -> tuple[str, str] | None:
    """The code and digest a link signed, or None for a link not signed here (or edited)."""
    if len(token) > MAX_LINK:
        return None
    try:
        found = _serializer().loads(token)
    except BadSignature:
        return None
    if (
        not isinstance(found, list)
        or len(found) != 2
        or not all(isinstance(part, str) and len(part) <= 64 for part in found)
    ):
        return None
    return found[0], found[1]
