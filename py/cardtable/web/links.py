"""Share links: ``index.html#/<game-id>?seed=<seed>&players=<n>&<option>=<value>…``.

Besides the game's options (keys as in its schema, values as each option writes them:
booleans on/off, numbers, lists of numbers separated by commas),
``lang`` names the language of the page for this visit (``en``, ``pt``, ``ro``; the player's
setting is not changed); ``#?lang=pt`` alone opens the lobby in it. ``seats`` lists who sits where, one entry per seat separated by commas: ``human`` (a person
at this device), ``friend`` (a friend on their own device, invited from the waiting room) or a
bot level, e.g. ``seats=human,casual,human``. One seat at least is ``human`` (you), and
seat 1 is where friends are invited (``validate.seated``); a deal tried from a review
seats you where you sat, so its link may seat a bot first. Without ``seats``, seat 1 is
you and the others are bots of the default level.
``daily=YYYY-MM-DD`` opens today's deal of that date (:mod:`.daily`): its seed and setup
are fixed, so the other keys but ``lang``, ``theme`` and ``poster`` are not read.

Two keys are for the page rather than the deal, and a deal's own link (:func:`fragment`)
never carries them; the Embed panel adds them to the frame's link (:mod:`.sharing`).
``theme`` is the page's theme for this visit (``light``, ``dark`` or ``system``; the
player's setting is not changed, and a theme picked in the settings outranks it).
``poster=off`` makes a page in another page's frame start at once instead of showing its
poster first; only ``assets/start.js`` acts on it, and ``poster=on`` (the default) is read
the same way. (Not ``start``: that is an option of some games.)

:func:`parse` reads a link once, into one :class:`Link`, and never raises: its ``error``
says in words what is wrong (the lobby is then shown) and its ``notices`` list ignored keys.
Texts quoted back to the user are cut short; rendering escapes them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..bots import levels
from ..engine.registry import GAMES
from ..i18n import _, available, ngettext
from .records import daily
from .lobby import PEOPLE, Setup, default_setup, level_name
from .storage import MAX_RELAYS, RELAY_URL, relay_urls
from .validate import SEED_PATTERN, seated

RESERVED = ("seed", "players", "seats", "lang", "theme", "poster")
THEMES = ("system", "light", "dark")  # a link's theme=
POSTERS = ("on", "off")  # a link's poster= (read by assets/start.js)
INVITATION_KEYS = ("join", "seat", "host", "room", "relay")  # an invitation's own keys
ROOM = re.compile(r"[0-9a-f]{8}")
RELAY_SECRET = re.compile(r"[A-Za-z0-9_-]{22}")  # 16 random bytes, base64url
NAMED = 3  # unknown keys named in the notice; the rest are counted
DIGITS = re.compile(r"[0-9]{1,2}")


@dataclass
class Link:
    """What a link asks for: a setup, and a seed when it names a deal (``deal`` is then the
    fragment of that deal's own link, as :func:`fragment` writes it)."""

    setup: Setup | None = None
    seed: str | None = None
    deal: str | None = None
    language: str | None = None
    theme: str | None = None  # the page's theme for this visit (``theme=``)
    daily: str | None = None  # the date of today's deal it opens (``daily=YYYY-MM-DD``)
    error: str | None = None
    notices: list = field(default_factory=list)
    invitation: "Invitation | None" = None


@dataclass(frozen=True)
class Invitation:
    """A friend's invitation to a host's table (``#/<game>?players=…&seat=…&host=…&room=…
    &join=<code>``, the options that differ from the defaults beside them): the setup as
    the host announces it (the host's welcome is what counts), the seat offered (from 0),
    the host's name, the room (the host's game, eight hex digits), the compact offer
    (``join``, read by :mod:`.together.signal`) and, when the host plays across the
    internet, the seat's relay secret (``relay``: the pages meet on relays with it,
    ``assets/relay.js``; "" otherwise) and the relays the host uses (``relays``, checked as
    the setting is: see :func:`invitation_relays`). It never holds a seed."""

    setup: Setup
    seat: int
    host: str
    room: str
    code: str
    relay: str = ""
    relays: tuple = ()


def query_pairs(query: str) -> list:
    """The ``key=value`` pairs of a link's query, decoded, blank values kept.

    urllib.parse is imported here and in :func:`fragment`, when a link is first read or
    written, not with this module: in the browser it costs a first start with no link
    tens of milliseconds (the page's start-up bench measures that start)."""
    from urllib.parse import parse_qsl

    return parse_qsl(query, keep_blank_values=True)


def quoted(text: str) -> str:
    """User input quoted back in a message, cut to 30 characters."""
    return "“" + (text if len(text) <= 30 else text[:30] + "…") + "”"


def parse(fragment: str, speak=None) -> Link | None:
    """The link in a URL fragment (with or without ``#``); None when there is none.

    ``speak(code)``, when given, is called first with the language the link asks for (None
    when it asks for none, or for one this build does not speak), before anything is put
    into words: the caller switches the page's language there, so the link's messages come
    in the language the page will speak."""
    fragment = fragment.lstrip("#")
    path, _sep, query = fragment.partition("?")
    params = dict(query_pairs(query)) if query else {}
    link = Link()
    if speak is not None:
        speak(params.get("lang") if params.get("lang") in available() else None)
    if not fragment.strip("/"):
        return None
    _language(link, params.get("lang"))
    _page_keys(link, params)
    game = path.strip("/")
    if not game:  # "#?lang=pt": only the language
        return link
    if game not in GAMES:
        return Link(language=link.language, theme=link.theme, error=_(
            "This link names a game this site does not have: {name}.").format(name=quoted(game)))
    try:
        return _parse_query(link, game, params)
    except ValueError as error:
        return Link(language=link.language, theme=link.theme,
                    error=_("This link cannot be opened: {reason}").format(reason=error))


def _parse_query(link: Link, game: str, params: dict) -> Link:
    spec = GAMES[game]
    if "join" in params:
        return _invitation(link, game, params)
    if "daily" in params:  # today's deal of that date: its seed and setup are fixed
        link.daily = daily.parse_day(params["daily"])
        link.seed, link.setup = daily.seed(game, link.daily), daily.setup(game)
        link.deal = fragment(link.setup, link.seed)
        return link
    seed = params.get("seed")
    if seed is not None and not SEED_PATTERN.fullmatch(seed):
        raise ValueError(_("the seed {seed} is not valid (1–64 letters, digits or . _ ~ / -)")
                         .format(seed=quoted(seed)))
    link.seed = seed
    setup = default_setup(game)
    if "players" in params:
        setup = setup.with_players(_players(params["players"], spec))
    if "seats" in params:
        setup = _with_seats(setup, params["seats"])
    known = {option.key for option in spec.options}
    options = {key: spec.option(key).parse(text) for key, text in params.items()
               if key in known}
    unknown = [key for key in params if key not in known and key not in RESERVED]
    if unknown:
        link.notices.append(unknown_notice(unknown))
    setup = replace(setup, options=spec.resolve_options(options, setup.players))
    link.setup, moved = setup.with_offered_levels()
    link.notices += [withheld_notice(setup, asked, played) for asked, played
                     in dict.fromkeys((asked, played) for _seat, asked, played in moved)]
    link.deal = fragment(link.setup, seed) if seed else None
    return link


def withheld_notice(setup: Setup, asked: str, played: str) -> str:
    """The notice for a link's seats at a level this table withholds (``bots.offered``)."""
    return _("This table does not offer the {asked} (not shown stronger than the {played}"
             " here): those seats get the {played}.").format(
        asked=level_name(asked), played=level_name(played))


def _invitation(link: Link, game: str, params: dict) -> Link:
    """An invitation link: the setup it announces and the seat, host, room and code."""
    if "seed" in params or "seats" in params:
        raise ValueError(_("an invitation names no deal and no seats"))
    spec = GAMES[game]
    setup = default_setup(game)
    if "players" in params:
        setup = setup.with_players(_players(params["players"], spec))
    seat = params.get("seat", "")
    if not DIGITS.fullmatch(seat) or not 2 <= int(seat) <= setup.players:
        raise ValueError(_("its seat {seat} is not a seat of this game").format(seat=quoted(seat)))
    room = params.get("room", "")
    relay = params.get("relay", "")
    if not ROOM.fullmatch(room) or not 0 < len(params["join"]) <= 600 \
            or relay and not RELAY_SECRET.fullmatch(relay):
        raise ValueError(_("it is not complete: ask for the whole link"))
    known = {option.key for option in spec.options}
    options = {key: spec.option(key).parse(text) for key, text in params.items() if key in known}
    setup = replace(setup, options=spec.resolve_options(options, setup.players))
    host = " ".join("".join(ch for ch in params.get("host", "") if ch.isprintable()).split())
    relays = ()
    if relay:
        relays, refused = invitation_relays(params.get("relays", ""))
        if refused:
            link.notices.append(refused)
    link.invitation = Invitation(setup=setup, seat=int(seat) - 1, host=host[:24],
                                 room=room, code=params["join"], relay=relay, relays=relays)
    return link


def invitation_relays(text: str) -> tuple:
    """The relays an invitation names (comma-separated), checked by the setting's rule
    (``storage.RELAY_URL``: wss anywhere, ws only to this machine; each once,
    ``MAX_RELAYS`` at most): ``(the relays kept, a sentence naming those refused or "")``.
    A refused relay is never contacted."""
    named = [url for url in (text or "").split(",") if url]
    kept = relay_urls(" ".join(url for url in named if RELAY_URL.fullmatch(url)))
    refused = [url for url in dict.fromkeys(named) if url not in kept]
    if not refused:
        return tuple(kept), ""
    shown = ", ".join(quoted(url[:60]) for url in refused[:3]) + (" …" if len(refused) > 3 else "")
    return tuple(kept), _("This invitation named relays this page will not contact (only"
                          " wss:// addresses, ws:// on this machine, {most} at most): {urls}."
                          ).format(most=MAX_RELAYS, urls=shown)


def invitation_fragment(setup: Setup, seat: int, host: str, room: str, code: str,
                        relay: str = "", relays=()) -> str:
    """The fragment of an invitation to ``seat`` (from 0) of ``setup``'s game: the options
    that differ from the game's defaults only, to keep it short; no seed, no seats; the
    seat's relay secret when there is one, with the relays the host meets friends on."""
    spec = setup.spec
    defaults = spec.resolve_options({}, setup.players)
    params = [("players", setup.players), ("seat", seat + 1)]
    params += [(key, spec.option(key).encode(value)) for key, value in setup.options.items()
               if value != defaults[key]]
    params += [("host", host)] if host else []
    params += [("room", room), ("join", code)] + ([("relay", relay)] if relay else [])
    params += [("relays", ",".join(relays))] if relay and relays else []
    from urllib.parse import quote, urlencode  # see query_pairs

    return f"#/{setup.game}?" + urlencode(params, safe="/,", quote_via=quote)


def unknown_notice(keys: list) -> str:
    """The notice about keys that mean nothing here: the first few named, all counted."""
    named = ", ".join(quoted(key) for key in keys[:NAMED])
    if len(keys) <= NAMED:
        return ngettext("The link's {keys} means nothing here and was ignored.",
                        "The link's {keys} mean nothing here and were ignored.",
                        len(keys)).format(keys=named)
    more = len(keys) - NAMED
    return ngettext("The link's {keys} and {more} other key mean nothing here and were"
                    " ignored.", "The link's {keys} and {more} other keys mean nothing here"
                    " and were ignored.", more).format(keys=named, more=f"{more:,}")


def _language(link: Link, code) -> None:
    """The link's ``lang``: kept when this build speaks it, else a notice."""
    if code is None:
        return
    if code in available():
        link.language = code
    else:
        link.notices.append(_("The link's language {code} is not one this site speaks;"
                              " the page keeps yours.").format(code=quoted(code)))


def _page_keys(link: Link, params: dict) -> None:
    """The link's ``theme`` (kept when it is one of :data:`THEMES`, else a notice) and
    ``poster`` (``on`` or ``off`` say nothing here; anything else gets a notice)."""
    theme, poster = params.get("theme"), params.get("poster")
    if theme in THEMES:
        link.theme = theme
    elif theme is not None:
        link.notices.append(_("The link's theme {value} is not “light”, “dark” or “system”;"
                              " the page keeps yours.").format(value=quoted(theme)))
    if poster is not None and poster not in POSTERS:
        link.notices.append(_("The link's poster {value} means nothing here and was ignored"
                              " (poster=off starts at once).").format(value=quoted(poster)))


def _players(text: str, spec) -> int:
    if not DIGITS.fullmatch(text):
        raise ValueError(_("players must be a number, not {text}").format(text=quoted(text)))
    players = int(text)
    spec.check_players(players)
    return players


def _with_seats(setup: Setup, text: str) -> Setup:
    kinds = text.split(",")
    if len(kinds) != setup.players:
        raise ValueError(_("seats lists {seats} seats for {players} players").format(
            seats=len(kinds), players=setup.players))
    allowed = PEOPLE + levels(setup.game)
    for seat, kind in enumerate(kinds):
        if kind not in allowed:
            raise ValueError(_("seat {number} is {kind}; choose {allowed}").format(
                number=seat + 1, kind=quoted(kind), allowed=", ".join(allowed)))
    refused = seated(kinds)
    if refused:
        raise ValueError(refused)
    return replace(setup, seats=tuple(kinds))


def fragment(setup: Setup, seed: str) -> str:
    """The fragment (``#/…``) of the link that opens this exact deal."""
    spec = setup.spec
    options = spec.resolve_options(setup.options, setup.players)
    params = [("seed", seed), ("players", setup.players)]
    params += [(key, spec.option(key).encode(value)) for key, value in options.items()]
    params.append(("seats", ",".join(setup.seats)))
    from urllib.parse import quote, urlencode  # see query_pairs

    return f"#/{setup.game}?" + urlencode(params, safe="/,", quote_via=quote)
