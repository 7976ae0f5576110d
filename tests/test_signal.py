"""The signalling codes (web/together/signal.py): Chromium's offers and answers survive
the trip through a code, and anything that is not a whole code is refused in words.

tests/sdp/ holds offers and answers that Chromium 156 made (assets/together.js, headless)
in network namespaces: ``loopback`` (127.0.0.1 only, loopback candidates allowed, the
microphone granted), ``ipv6`` (an interface with an IPv4 and an IPv6 address, microphone
granted), ``mdns`` (the same interface without the microphone: the addresses hidden behind
mDNS names), ``srflx`` (the same, with a STUN server that answers with a public address)
and ``none`` (loopback only, not allowed: no candidate).
"""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable import i18n
from cardtable.web.together import signal
from cardtable.web.together.signal import Candidate, Signal, decode, encode, from_sdp, to_sdp

SAMPLES = Path(__file__).parent / "sdp"
INVITE = bytes.fromhex("c0ffee42")
SENTENCES = {signal.INCOMPLETE, signal.GARBLED, signal.FOREIGN, signal.NEWER}
# What each sample holds, in order of preference: (address, kind) of each UDP candidate
# (".local" for any mDNS name).
EXPECTED = {
    "loopback": [("127.0.0.1", "host")],
    "ipv6": [("fd00:77::2", "host"), ("10.77.0.2", "host")],
    "mdns": [(".local", "host"), (".local", "host")],
    "srflx": [("fd00:77::2", "host"), ("10.77.0.2", "host"), ("203.0.113.7", "srflx")],
    "none": [],
}
CASES = [(kind, name) for name in EXPECTED for kind in signal.KINDS]


def sample(kind: str, name: str) -> str:
    return (SAMPLES / f"chromium-{kind}-{name}.sdp").read_text()


def sample_signal(kind: str, name: str, seat: int = 3) -> Signal:
    return from_sdp(sample(kind, name), kind, INVITE, seat)


def refusal(text) -> str:
    """The sentence decode refuses ``text`` with (the test fails if it is accepted)."""
    with pytest.raises(ValueError) as raised:
        decode(text)
    return str(raised.value)


# --- from Chromium's SDP and back --------------------------------------------------------

@pytest.mark.parametrize("kind, name", CASES)
def test_a_chromium_sdp_gives_its_credentials_fingerprint_and_udp_candidates(kind, name):
    sdp = sample(kind, name)
    found = sample_signal(kind, name)
    assert f"a=ice-ufrag:{found.ufrag}" in sdp and f"a=ice-pwd:{found.pwd}" in sdp
    assert ":".join(f"{b:02X}" for b in found.fingerprint) in sdp
    assert [(".local" if c.address.endswith(".local") else c.address, c.kind)
            for c in found.candidates] == EXPECTED[name]
    assert all(c.address in sdp and str(c.port) in sdp for c in found.candidates)


@pytest.mark.parametrize("kind, name", CASES)
def test_a_code_round_trips(kind, name):
    original = sample_signal(kind, name)
    assert decode(encode(original)) == original


@pytest.mark.parametrize("kind, name", CASES)
def test_the_rebuilt_sdp_carries_the_same_signal_and_one_data_channel(kind, name):
    original = sample_signal(kind, name)
    sdp = to_sdp(original)
    assert from_sdp(sdp, kind, INVITE, 3) == original
    assert sdp.endswith("\r\n") and "\n" not in sdp.replace("\r\n", "")
    assert sdp.count("m=") == 1 and "m=application 9 UDP/DTLS/SCTP webrtc-datachannel" in sdp
    assert "a=sctp-port:5000\r\n" in sdp and "a=max-message-size:262144\r\n" in sdp
    assert ("a=setup:actpass" if kind == "offer" else "a=setup:active") in sdp


def test_srflx_candidates_carry_a_placeholder_related_address():
    sdp = to_sdp(sample_signal("offer", "srflx"))
    line = next(line for line in sdp.splitlines() if "typ srflx" in line)
    assert line.endswith("203.0.113.7 " + line.split()[5] + " typ srflx raddr 0.0.0.0 rport 0")


def test_tcp_candidates_are_left_out():
    assert "tcp" in sample("offer", "loopback")
    assert len(sample_signal("offer", "loopback").candidates) == 1


def test_candidates_keep_chromiums_order_of_priority_and_the_limit():
    sdp = sample("offer", "srflx")
    assert [c.kind for c in from_sdp(sdp, "offer", INVITE, 0, limit=2).candidates] == \
        ["host", "host"]
    assert from_sdp(sdp, "offer", INVITE, 0, limit=0).candidates == ()
    repeated = sdp + "\r\n".join(line for line in sdp.splitlines() if "typ host" in line)
    assert from_sdp(repeated, "offer", INVITE, 0) == from_sdp(sdp, "offer", INVITE, 0)


@pytest.mark.parametrize("missing", ["a=ice-ufrag:", "a=ice-pwd:", "a=fingerprint:"])
def test_an_sdp_without_what_a_connection_needs_is_refused(missing):
    sdp = "\r\n".join(line for line in sample("offer", "loopback").splitlines()
                      if not line.startswith(missing))
    with pytest.raises(ValueError, match=missing.strip(":")):
        from_sdp(sdp, "offer", INVITE, 0)


def test_a_fingerprint_of_another_hash_is_refused():
    sdp = sample("offer", "loopback").replace("sha-256", "sha-1")
    with pytest.raises(ValueError, match="SHA-256"):
        from_sdp(sdp, "offer", INVITE, 0)


def test_addresses_are_kept_in_canonical_form():
    assert Candidate("FD00:0077:0:0::2", 9).address == "fd00:77::2"
    name = "A6D9CB4B-DA98-4B47-B289-9696EED133BF.local"
    assert Candidate(name, 9).address == name.lower()
    for bad in ("printer.local", "example.com", "", "1.2.3", 7):
        with pytest.raises(ValueError):
            Candidate(bad, 9)


@pytest.mark.parametrize("field, value", [
    ("kind", "reply"), ("invite", b"abc"), ("invite", "abcd"), ("seat", 16), ("seat", -1),
    ("ufrag", "abc"), ("ufrag", "ab-d"), ("pwd", "x" * 21), ("pwd", "x" * 38),
    ("fingerprint", bytes(31)), ("candidates", ("127.0.0.1",)),
    ("candidates", (Candidate("127.0.0.1", 9),) * (signal.MAX_CANDIDATES + 1)),
])
def test_a_signal_with_a_bad_field_cannot_be_made(field, value):
    fields = {**sample_signal("offer", "loopback").__dict__, field: value}
    with pytest.raises(ValueError, match=field):
        Signal(**fields)


# --- how long the codes are --------------------------------------------------------------

def test_codes_are_short():
    lengths = {f"{kind} {name}": len(encode(sample_signal(kind, name))) for kind, name in CASES}
    print("code lengths (characters):", lengths)
    for kind in signal.KINDS:
        assert lengths[f"{kind} loopback"] <= 95  # one IPv4 address: the same-Wi-Fi case
        assert lengths[f"{kind} none"] <= 85
        assert lengths[f"{kind} mdns"] <= 135  # two mDNS names: a phone's IPv4 and IPv6
    assert len(encode(from_sdp(sample("offer", "mdns"), "offer", INVITE, 0, limit=1))) <= 110


def test_the_longest_signal_fits_the_longest_code():
    longest = Signal("answer", INVITE, 15, "u" * 19, "p" * 37, bytes(32),
                     (Candidate("::1", 65535, "relay"),) * signal.MAX_CANDIDATES)
    assert len(encode(longest)) <= signal.MAX_CHARS
    assert decode(encode(longest)) == longest


# --- reading codes that people pasted ----------------------------------------------------

def test_spaces_and_line_breaks_around_and_inside_are_dropped():
    original = sample_signal("answer", "srflx")
    code = encode(original)
    wrapped = "\n  " + "\u200b\n".join(code[i:i + 30] for i in range(0, len(code), 30)) + " \r\n"
    assert decode(wrapped) == original
    assert decode("\t" + " ".join(code) + "\u00a0") == original


def test_every_mistyped_character_is_found():
    code = encode(sample_signal("offer", "ipv6"))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for position, char in enumerate(code):
        for other in alphabet.replace(char, ""):
            mistyped = code[:position] + other + code[position + 1:]
            try:
                decoded = decode(mistyped)
            except ValueError as error:
                assert str(error) in SENTENCES
            else:  # the last character's unused bits: the very same bytes
                assert position == len(code) - 1 and decoded == decode(code)


def test_swapped_neighbours_are_found():
    code = encode(sample_signal("answer", "mdns"))
    for position in range(len(code) - 1):
        swapped = code[:position] + code[position + 1] + code[position] + code[position + 2:]
        if swapped != code:
            assert refusal(swapped) in (signal.GARBLED, signal.FOREIGN)


@pytest.mark.parametrize("kind, name", CASES)
def test_a_cut_code_is_refused_and_asks_for_all_of_it(kind, name):
    code = encode(sample_signal(kind, name))
    for length in range(len(code)):
        assert refusal(code[:length]) in (signal.INCOMPLETE, signal.GARBLED)
    assert refusal("") == signal.INCOMPLETE
    assert refusal(code[:40]) == signal.INCOMPLETE


def test_a_code_with_more_at_its_end_is_refused():
    code = encode(sample_signal("offer", "loopback"))
    for extra in ("A", "AA", "AAA", "AAAA", code):
        assert refusal(code + extra) in SENTENCES


def test_what_is_no_code_of_ours_says_so():
    code = encode(sample_signal("offer", "loopback"))
    assert refusal("https://example.com/#/join?code=" + code) == signal.FOREIGN
    assert refusal(code.replace(code[10], "+", 1) if code[10] != "+" else "+" + code) == \
        signal.FOREIGN  # standard base64's characters are not base64url's
    assert refusal("A" * (signal.MAX_CHARS + 4)) == signal.FOREIGN
    assert refusal(" " * 10_000) == signal.FOREIGN
    assert refusal(None) == signal.FOREIGN
    zero_version = bytes([0x1F]) + base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))[1:]
    assert refusal(base64.urlsafe_b64encode(zero_version).decode().rstrip("=")) == signal.FOREIGN


def rewritten(code: str, change) -> str:
    """``code`` with its bytes changed by ``change`` and its check made right again."""
    data = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    change(data)
    data[1:3] = signal.check(bytes(data[:1]), bytes(data[3:]))
    return base64.urlsafe_b64encode(bytes(data)).decode().rstrip("=")


def test_a_code_of_a_newer_version_says_so():
    code = encode(sample_signal("answer", "loopback"))

    def newer(data):
        data[0] = 2 << 5 | data[0] & 31
    assert refusal(rewritten(code, newer)) == signal.NEWER
    assert refusal(rewritten(code, newer)[:-3]) in (signal.INCOMPLETE, signal.GARBLED)


def test_a_well_checked_code_that_breaks_the_layout_is_not_ours():
    code = encode(sample_signal("offer", "ipv6"))

    def bad_tag(data):
        data[signal.packed_size(28) + 8 + 32] = 0xFF

    def no_port(data):
        at = signal.packed_size(28) + 8 + 32
        data[at + 1:at + 3] = b"\0\0"
    assert refusal(rewritten(code, bad_tag)) == signal.FOREIGN
    assert refusal(rewritten(code, no_port)) == signal.FOREIGN


def test_the_sentences_are_translated():
    i18n.set_language("pt")
    assert refusal("") == i18n._(signal.INCOMPLETE) != signal.INCOMPLETE


# --- properties --------------------------------------------------------------------------

ice_text = st.text(alphabet=signal.ICE_CHARS, min_size=4, max_size=19)
candidates = st.builds(
    Candidate,
    st.one_of(st.ip_addresses().map(str),
              st.uuids().map(lambda u: f"{u}.local")),
    st.integers(1, 65535), st.sampled_from(signal.CANDIDATE_KINDS))
signals = st.builds(
    Signal, st.sampled_from(signal.KINDS), st.binary(min_size=4, max_size=4),
    st.integers(0, 15), ice_text, st.text(alphabet=signal.ICE_CHARS, min_size=22, max_size=37),
    st.binary(min_size=32, max_size=32),
    st.lists(candidates, max_size=signal.MAX_CANDIDATES, unique=True).map(tuple))


@settings(max_examples=300, deadline=None)
@given(signals)
def test_every_signal_round_trips_through_its_code_and_its_sdp(original):
    code = encode(original)
    assert decode(code) == original and len(code) <= signal.MAX_CHARS
    assert from_sdp(to_sdp(original), original.kind, original.invite, original.seat) == \
        original


def decode_or_refuse(text) -> None:
    """decode accepts ``text`` or raises ValueError with one of its sentences: nothing else."""
    try:
        decode(text)
    except ValueError as error:
        assert str(error) in SENTENCES


@settings(max_examples=500, deadline=None)
@given(st.text())
def test_any_text_is_decoded_or_refused_in_words(text):
    decode_or_refuse(text)


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=500))
def test_any_bytes_are_decoded_or_refused_in_words(data):
    decode_or_refuse(base64.urlsafe_b64encode(data).decode().rstrip("="))


@settings(max_examples=300, deadline=None)
@given(signals, st.data())
def test_any_change_to_a_code_is_refused_in_words(original, data):
    code = encode(original)
    start = data.draw(st.integers(0, len(code)))
    end = data.draw(st.integers(start, len(code)))
    replacement = data.draw(st.text(alphabet="ABCxyz019-_ \n", max_size=8))
    decode_or_refuse(code[:start] + replacement + code[end:])
