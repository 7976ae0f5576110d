"""Offers and answers as short codes: what a WebRTC data channel needs, and nothing more.

A browser's offer or answer (an SDP of some 600 characters) comes down to the ICE
credentials, the DTLS fingerprint and the candidates. :func:`from_sdp` reads them into a
:class:`Signal`, :func:`encode` writes it as about 100 characters of base64url (no padding),
:func:`decode` reads such a code back (or raises ValueError with a sentence for the player),
and :func:`to_sdp` rebuilds an SDP that the browser accepts as the remote description.

The binary form, version 1 (numbers big-endian)::

    byte 0      version (3 bits) | kind (1 bit: 0 offer, 1 answer) | seat (4 bits)
    bytes 1-2   check: CRC-16/CCITT of byte 0 and of bytes 3 to the end
    bytes 3-6   invite
    byte 7      lengths of the ICE credentials: (ufrag - 4) << 4 | (pwd - 22)
    then        ufrag and pwd, 6 bits a character in base64's order, zero bits to a byte
    32 bytes    the SHA-256 fingerprint
    then        candidates to the end, each: a tag byte (bits 0-1 the address family:
                IPv4, IPv6 or mDNS name; bits 2-3 the kind: host, srflx, relay), the port
                (2 bytes), the address (4 bytes for IPv4, 16 for IPv6 and for the UUID of
                an mDNS name ``<uuid>.local``)

Every version keeps the version bits of byte 0 and the check in bytes 1-2, so that a code
of a newer version is told apart from a garbled one. The check finds every mistyped or
swapped character (a burst of at most 16 bits).

Only UDP candidates travel. Browsers list TCP candidates of the "active" kind only (they
connect out and accept nothing), which the peer cannot reach; the related address of a
server-reflexive or relayed candidate serves no connection and is left out too.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import re
from dataclasses import dataclass

from ...i18n import N_, _

VERSION = 1
KINDS = ("offer", "answer")
SEATS = 16
INVITE_BYTES = 4
FINGERPRINT_BYTES = 32
MAX_CANDIDATES = 8  # the best by priority; more would only lengthen the code
CANDIDATE_KINDS = ("host", "srflx", "relay")
IPV4, IPV6, MDNS = range(3)
ADDRESS_BYTES = {IPV4: 4, IPV6: 16, MDNS: 16}
ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
UFRAG = re.compile(r"[A-Za-z0-9+/]{4,19}")
PWD = re.compile(r"[A-Za-z0-9+/]{22,37}")
MDNS_NAME = re.compile(r"([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})"
                       r"\.local", re.IGNORECASE)
# What the rebuilt SDP promises: the largest message the page takes (Chromium's own figure).
MAX_MESSAGE_SIZE = 262144
# The first candidate's priority in a rebuilt SDP (RFC 8445's formula: a host candidate of the
# highest local preference, component 1); each next one's is one less.
TOP_PRIORITY = 126 << 24 | 65535 << 8 | 255

MAX_CHARS = 600  # the longest code decode reads: more than any Signal's
BASE64URL = re.compile(r"[A-Za-z0-9_-]+")
# Whitespace, and the invisible characters that chat apps put where they wrap a long word.
SPACING = re.compile(r"[\s\u00ad\u200b-\u200d\u2060\ufeff]+")

INCOMPLETE = N_("This code is not complete: copy all of it.")
GARBLED = N_("This code has a mistake in it: copy it again, all of it.")
FOREIGN = N_("This is not a cardtable code.")
NEWER = N_("This code comes from a newer version of cardtable: reload this page to update "
           "it, then try the code again.")


@dataclass(frozen=True)
class Candidate:
    """A UDP address where a peer may be reached. ``address`` is an IPv4 or IPv6 address
    or an mDNS name ``<uuid>.local`` (kept in canonical form: IPv6 compressed, the UUID in
    lower case); ``port`` 1-65535; ``kind`` one of CANDIDATE_KINDS. ValueError otherwise."""

    address: str
    port: int
    kind: str = "host"

    def __post_init__(self):
        if self.kind not in CANDIDATE_KINDS:
            raise ValueError(f"unknown candidate kind {self.kind!r}")
        if not isinstance(self.port, int) or not 0 < self.port < 65536:
            raise ValueError(f"bad port {self.port!r}")
        object.__setattr__(self, "address", address_text(*address_bytes(self.address)))


@dataclass(frozen=True)
class Signal:
    """An offer or an answer, as much of it as a connection needs. ValueError unless
    ``kind`` is in KINDS, ``invite`` is INVITE_BYTES bytes, ``seat`` is 0-15, ``ufrag`` and
    ``pwd`` are ICE characters (4-19 and 22-37 of them), ``fingerprint`` is the 32 bytes of
    a SHA-256 digest and ``candidates`` at most MAX_CANDIDATES Candidate (made a tuple)."""

    kind: str
    invite: bytes
    seat: int
    ufrag: str
    pwd: str
    fingerprint: bytes
    candidates: tuple = ()

    def __post_init__(self):
        object.__setattr__(self, "candidates", tuple(self.candidates))
        problems = [
            self.kind not in KINDS and "kind",
            not (isinstance(self.invite, bytes) and len(self.invite) == INVITE_BYTES) and "invite",
            not (isinstance(self.seat, int) and 0 <= self.seat < SEATS) and "seat",
            not (isinstance(self.ufrag, str) and UFRAG.fullmatch(self.ufrag)) and "ufrag",
            not (isinstance(self.pwd, str) and PWD.fullmatch(self.pwd)) and "pwd",
            not (isinstance(self.fingerprint, bytes)
                 and len(self.fingerprint) == FINGERPRINT_BYTES) and "fingerprint",
            not (len(self.candidates) <= MAX_CANDIDATES
                 and all(isinstance(c, Candidate) for c in self.candidates)) and "candidates",
        ]
        if any(problems):
            raise ValueError("bad signal: " + ", ".join(p for p in problems if p))


# --- SDP ---------------------------------------------------------------------------------

def from_sdp(sdp: str, kind: str, invite: bytes, seat: int,
             limit: int = MAX_CANDIDATES) -> Signal:
    """The Signal of a browser's local ``sdp``: its ICE credentials, its SHA-256
    fingerprint and its UDP candidates (host, srflx, relay; the ``limit`` of highest
    priority, at most MAX_CANDIDATES, in that order, without repeats): each lengthens the
    code, an IPv6 address or an mDNS name most.
    ValueError when the SDP lacks credentials or a SHA-256 fingerprint; candidates it
    cannot use are skipped."""
    lines = [line.strip() for line in str(sdp).splitlines()]
    found = {}
    for line in lines:
        for priority, candidate in parsed_candidate(line):
            found.setdefault(candidate, priority)
    best = sorted(found, key=found.get, reverse=True)[:max(0, min(limit, MAX_CANDIDATES))]
    return Signal(kind, invite, seat, attribute(lines, "ice-ufrag"), attribute(lines, "ice-pwd"),
                  fingerprint_bytes(attribute(lines, "fingerprint")), tuple(best))


def attribute(lines: list[str], name: str) -> str:
    """The value of the first ``a=name:value`` line; ValueError when there is none."""
    prefix = f"a={name}:"
    for line in lines:
        if line.startswith(prefix):
            return line[len(prefix):].strip()
    raise ValueError(f"the SDP has no a={name}")


def fingerprint_bytes(value: str) -> bytes:
    """The digest of a ``sha-256 AB:CD:…`` fingerprint; ValueError for another hash."""
    algorithm, digest = (value.split(None, 1) + [""])[:2]
    data = bytes.fromhex(digest.replace(":", "")) if algorithm.lower() == "sha-256" else b""
    if len(data) != FINGERPRINT_BYTES:
        raise ValueError("the SDP has no SHA-256 fingerprint")
    return data


def parsed_candidate(line: str) -> list[tuple[int, Candidate]]:
    """``[(priority, Candidate)]`` for an ``a=candidate:`` line that a Candidate can hold
    (component 1, UDP, host/srflx/relay, an address or a UUID mDNS name), else ``[]``."""
    fields = line.split()
    if (not line.startswith("a=candidate:") or len(fields) < 8 or fields[1] != "1"
            or fields[2].lower() != "udp" or fields[6] != "typ"):
        return []
    try:
        return [(int(fields[3]), Candidate(fields[4], int(fields[5]), fields[7]))]
    except ValueError:
        return []


def to_sdp(signal: Signal) -> str:
    """A whole SDP (CRLF lines) with ``signal``'s one data channel, which a browser takes
    as the remote description: the offerer's ``a=setup:actpass``, the answerer's
    ``a=setup:active``; candidates in order of preference."""
    setup = "actpass" if signal.kind == "offer" else "active"
    fingerprint = ":".join(f"{byte:02X}" for byte in signal.fingerprint)
    lines = [
        "v=0",
        f"o=- {int.from_bytes(signal.invite, 'big')} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        *(candidate_line(c, i) for i, c in enumerate(signal.candidates)),
        f"a=ice-ufrag:{signal.ufrag}",
        f"a=ice-pwd:{signal.pwd}",
        f"a=fingerprint:sha-256 {fingerprint}",
        f"a=setup:{setup}",
        "a=mid:0",
        "a=sctp-port:5000",
        f"a=max-message-size:{MAX_MESSAGE_SIZE}",
    ]
    return "\r\n".join(lines) + "\r\n"


def candidate_line(candidate: Candidate, index: int) -> str:
    """The ``a=candidate:`` line of the ``index``-th candidate (earlier ones preferred)."""
    priority = TOP_PRIORITY - index
    related = "" if candidate.kind == "host" else " raddr 0.0.0.0 rport 0"
    return (f"a=candidate:{index + 1} 1 udp {priority} {candidate.address} {candidate.port}"
            f" typ {candidate.kind}{related}")


# --- addresses ---------------------------------------------------------------------------

def address_bytes(address: str) -> tuple[int, bytes]:
    """``(family, bytes)`` of an IPv4 or IPv6 address or of an mDNS name; ValueError for
    anything else."""
    if not isinstance(address, str):
        raise ValueError(f"bad address {address!r}")
    name = MDNS_NAME.fullmatch(address)
    if name:
        return MDNS, bytes.fromhex("".join(name.groups()))
    packed = ipaddress.ip_address(address).packed
    return (IPV4 if len(packed) == 4 else IPV6), packed


def address_text(family: int, data: bytes) -> str:
    """The canonical text of an address from :func:`address_bytes`."""
    if family != MDNS:
        return str(ipaddress.ip_address(data))
    digits = data.hex()
    return (f"{digits[:8]}-{digits[8:12]}-{digits[12:16]}-{digits[16:20]}-{digits[20:]}"
            ".local")


# --- the code ----------------------------------------------------------------------------

def encode(signal: Signal) -> str:
    """``signal`` as base64url without padding (at most MAX_CHARS characters)."""
    credentials = signal.ufrag + signal.pwd
    body = (signal.invite + bytes([(len(signal.ufrag) - 4) << 4 | (len(signal.pwd) - 22)])
            + packed_chars(credentials) + signal.fingerprint
            + b"".join(candidate_bytes(c) for c in signal.candidates))
    head = bytes([VERSION << 5 | KINDS.index(signal.kind) << 4 | signal.seat])
    return base64.urlsafe_b64encode(head + check(head, body) + body).decode().rstrip("=")


def decode(text: str) -> Signal:
    """The Signal of a code that :func:`encode` wrote. Whitespace (and invisible
    characters) around and inside are dropped. ValueError, its message a sentence for the
    player, for a code that is incomplete, garbled, not cardtable's or of a newer version."""
    data = payload(text)
    version = data[0] >> 5
    checked = len(data) >= 3 and data[1:3] == check(data[:1], data[3:])
    if version == 0:
        raise ValueError(_(FOREIGN))
    if checked and version > VERSION:
        raise ValueError(_(NEWER))
    try:
        signal = parsed(data)
    except Truncated:
        raise ValueError(_(INCOMPLETE)) from None
    except ValueError:
        raise ValueError(_(FOREIGN if checked else GARBLED)) from None
    if not checked:
        raise ValueError(_(GARBLED))
    return signal


def payload(text: str) -> bytes:
    """The bytes of a code, at least one; ValueError in words when it cannot be one."""
    if not isinstance(text, str) or len(text) > 4 * MAX_CHARS:
        raise ValueError(_(FOREIGN))
    compact = SPACING.sub("", text)
    if not compact:
        raise ValueError(_(INCOMPLETE))
    if len(compact) > MAX_CHARS or not BASE64URL.fullmatch(compact):
        raise ValueError(_(FOREIGN))
    if len(compact) % 4 == 1:  # no whole byte in its last character
        raise ValueError(_(GARBLED))
    return base64.urlsafe_b64decode(compact + "=" * (-len(compact) % 4))


def check(head: bytes, body: bytes) -> bytes:
    """The two check bytes of a code whose byte 0 is ``head`` and bytes 3 on ``body``."""
    return binascii.crc_hqx(head + body, 0xFFFF).to_bytes(2, "big")


class Truncated(Exception):
    """A code ended in the middle of a field."""


class Reader:
    """Reads a code's bytes in order; Truncated when asked for more than remain."""

    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def take(self, count: int) -> bytes:
        if self.at + count > len(self.data):
            raise Truncated
        self.at += count
        return self.data[self.at - count:self.at]

    def done(self) -> bool:
        return self.at == len(self.data)


def parsed(data: bytes) -> Signal:
    """The Signal laid out in ``data`` (version 1; the check is not looked at). Truncated
    when a field is cut short, ValueError when a value is not allowed."""
    reader = Reader(data)
    head = reader.take(3)[0]
    invite = reader.take(INVITE_BYTES)
    lengths = reader.take(1)[0]
    ufrag_length, pwd_length = (lengths >> 4) + 4, (lengths & 15) + 22
    credentials = unpacked_chars(reader.take(packed_size(ufrag_length + pwd_length)),
                                 ufrag_length + pwd_length)
    fingerprint = reader.take(FINGERPRINT_BYTES)
    candidates = []
    while not reader.done():
        candidates.append(read_candidate(reader))
    return Signal(KINDS[head >> 4 & 1], invite, head & 15, credentials[:ufrag_length],
                  credentials[ufrag_length:], fingerprint, tuple(candidates))


def candidate_bytes(candidate: Candidate) -> bytes:
    """A candidate's tag byte, port and address."""
    family, address = address_bytes(candidate.address)
    tag = CANDIDATE_KINDS.index(candidate.kind) << 2 | family
    return bytes([tag]) + candidate.port.to_bytes(2, "big") + address


def read_candidate(reader: Reader) -> Candidate:
    """The next candidate of ``reader``; ValueError for an unknown tag."""
    tag = reader.take(1)[0]
    family, kind = tag & 3, tag >> 2
    if family not in ADDRESS_BYTES or kind >= len(CANDIDATE_KINDS):
        raise ValueError("unknown candidate tag")
    port = int.from_bytes(reader.take(2), "big")
    address = address_text(family, reader.take(ADDRESS_BYTES[family]))
    return Candidate(address, port, CANDIDATE_KINDS[kind])


def packed_size(count: int) -> int:
    """Bytes that hold ``count`` characters of 6 bits."""
    return (6 * count + 7) // 8


def packed_chars(text: str) -> bytes:
    """ICE characters, 6 bits each, then zero bits to a whole byte."""
    value = 0
    for char in text:
        value = value << 6 | ICE_CHARS.index(char)
    size = packed_size(len(text))
    return (value << (8 * size - 6 * len(text))).to_bytes(size, "big")


def unpacked_chars(data: bytes, count: int) -> str:
    """The ``count`` characters that :func:`packed_chars` wrote into ``data``."""
    value = int.from_bytes(data, "big") >> (8 * len(data) - 6 * count)
    return "".join(ICE_CHARS[value >> 6 * (count - 1 - i) & 63] for i in range(count))
