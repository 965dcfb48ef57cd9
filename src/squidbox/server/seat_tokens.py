"""Seat and host tokens: which seat a token opens, and the links the host can show again.

The server stores only the hashes of tokens (storage.hash_token) and compares them in constant
time. A host-made seat link is derived from the host token, so the host page can show it again
while nobody else can work it out.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from squidbox.i18n import gettext as _

from .errors import ApiError
from .messages import MAX_TOKEN_LENGTH
from .storage import TableRecord, hash_token


def seat_token(host_token: str, table_id: str, seat: int, link: int) -> str:
    """The `link`-th link of `seat`, derived from the host token: the host page can show it again
    while the server stores only its hash, and nobody else can work it out."""
    digest = hmac.new(host_token.encode(), f"{table_id}:{seat}:{link}".encode(),
                      hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


def seat_of_token(record: TableRecord, token: str | None) -> int | None:
    """The seat a token opens; None (a spectator) without a token. Constant-time compare."""
    if token is None or token == "":
        return None
    digest = hash_token(token[:MAX_TOKEN_LENGTH])
    found = None
    for seat, stored in enumerate(record.token_hashes):
        if stored is not None and hmac.compare_digest(stored, digest):
            found = seat
    if found is None or len(token) > MAX_TOKEN_LENGTH:
        raise ApiError("bad_token", _("this link does not open a seat of table {table}: it is "
                                      "mistyped, or the host gave the seat a new link (ask "
                                      "the host for the seat's current link)").format(
                                          table=record.id))
    return found


def is_host_token(record: TableRecord, token: str | None) -> bool:
    """Whether `token` is the table's host token (constant-time compare)."""
    stored = record.host_hash
    if stored is None or not token or len(token) > MAX_TOKEN_LENGTH:
        return False
    return hmac.compare_digest(stored, hash_token(token))


def open_seats(record: TableRecord) -> list[int]:
    """Human seats nobody holds yet (anyone may take one with a name)."""
    return [seat for seat, digest in enumerate(record.token_hashes)
            if digest is None and seat not in record.bots]
