"""The screens of playing together, as HTML: the host's waiting room and the friend's join
screen. Pure: runs on CPython in tests.

The automation contract (others' tests drive it): in the waiting room, each friend's seat N
(from 0) is an element ``[data-invite-seat="N"]`` whose ``data-state`` is ``invited``,
``replied``, ``connected``, ``left`` or ``bot``, holding (while the seat is not connected)
a link ``a[data-invite-link]`` (its ``href`` is the invitation), a text field
``[data-reply-seat="N"]`` for the reply code and a button ``data-action="accept-reply"``
with ``data-seat="N"``. On the join screen a button ``data-action="join"``, then the reply
code as the text of ``[data-reply-code]``. A QR code is an element with ``data-qr`` (its
text) that the page fills with a picture of it.
"""

from __future__ import annotations

from ...i18n import _
from ..html import attrs, button, esc


def qr_html(text: str, label: str) -> str:
    return f'<div{attrs(class_="qr", data_qr=text, data_qr_label=label)}></div>'


def room_html(rows, waiting, relays=(), relays_down=False) -> str:
    """The waiting room: one part per friend's seat (``rows`` from ``room_rows``);
    ``waiting`` names the friends the table waits for; ``relays`` the hosts of the relays
    the invitations travel through, if any (``relays_down``: every one failed)."""
    heading = _("Waiting room")
    how = _("Send each friend their invitation. They open it, accept it and send you back"
            " a reply: paste it under their seat. The game starts when everyone is"
            " connected.")
    if relays_down:
        how = _("No relay answers: send each friend their invitation, and paste the reply"
                " they send back under their seat.")
    elif relays:
        how = " ".join((_("Send each friend their invitation: they open it and tap Join, and"
                          " sit down with nothing to send back. The game starts when"
                          " everyone is connected."), relays_words(relays)))
    paused = (f'<p class="paused">{esc(waiting_words(waiting))}</p>' if waiting else "")
    seats = "".join(seat_html(*row) for row in rows)
    leave = button(_("Back to the lobby"), "lobby")
    return (f'<main class="room"><h2>{esc(heading)}</h2>{paused}<p>{esc(how)}</p>'
            f'<ul class="invites">{seats}</ul><div class="controls">{leave}</div></main>')


def relays_words(hosts) -> str:
    """Which relays are contacted, and what they see and never see."""
    return _("The pages meet on the relays {hosts}, which see that some pages met and"
             " their IP addresses, never names, cards or moves: all of it is encrypted with"
             " a key that only the invitation link carries.").format(hosts=", ".join(hosts))


def waiting_words(names) -> str:
    return _("The game is waiting for {names}.").format(names=", ".join(names))


def seat_html(seat: int, state: str, words: str, link: str | None, name: str) -> str:
    """One friend's seat: its state in words, and while it is not connected, the
    invitation (link, QR code, Copy, Share), the reply field, and the ways out. ``link``
    is None while the invitation is made, "" when it could not be made (the page's alert
    says why): then only the ways out."""
    title = _("Seat {number}: {name}").format(number=seat + 1, name=name)
    head = (f'<h3>{esc(title)}</h3><p class="seat-state" aria-live="polite">'
            f'{esc(words)}</p>')
    if state in ("connected", "bot"):
        return f'<li{attrs(data_invite_seat=seat, data_state=state)}>{head}</li>'
    if link is None:
        making = _("Making the invitation…")
        return (f'<li class="making"><h3>{esc(title)}</h3><p>{esc(making)}</p></li>')
    if not link:
        return (f'<li class="unmade"><h3>{esc(title)}</h3><div class="controls">'
                + button(_("New invitation"), "invite-again", data_seat=seat)
                + button(_("Give the seat to a bot"), "to-bot", data_seat=seat)
                + "</div></li>")
    field = f"reply-{seat}"
    label = _("The reply from seat {number}").format(number=seat + 1)
    invitation = _("Invitation for seat {number}").format(number=seat + 1)
    reply_field = attrs(id=field, data_reply_seat=seat, data_keep=True, rows=2,
                        spellcheck="false", autocomplete="off")
    return (f'<li{attrs(data_invite_seat=seat, data_state=state)}>{head}'
            f'<p class="invite-link"><a{attrs(href=link, data_invite_link=True)}>'
            f'{esc(invitation)}</a></p>'
            + qr_html(link, _("QR code of the invitation for seat {number}").format(
                number=seat + 1))
            + '<div class="controls">'
            + button(_("Copy invitation"), "copy-invite", data_seat=seat)
            + button(_("Share invitation"), "share-invite", data_seat=seat) + '</div>'
            f'<label for="{field}">{esc(label)}</label>'
            f'<textarea{reply_field}></textarea>'
            '<div class="controls">'
            + button(_("Connect"), "accept-reply", data_seat=seat, data_with=f"#{field}",
                     class_="primary")
            + button(_("New invitation"), "invite-again", data_seat=seat)
            + button(_("Give the seat to a bot"), "to-bot", data_seat=seat)
            + "</div></li>")


def join_html(invitation, reply: str | None, name: str, relays=()) -> str:
    """The friend's page on an invitation: what it joins (and the hosts of the ``relays``
    it meets the host's page on, if any); then, once accepted, the reply code to send back
    (text, QR code, Copy, Share), unless the relays carry it."""
    setup = invitation.setup
    host = invitation.host or _("A friend")
    heading = _("{host} invites you to play {game}").format(host=host, game=setup.spec.name)
    facts = [_("{players} players; you sit in seat {seat}.").format(
        players=setup.players, seat=invitation.seat + 1)]
    rules = house_rules(setup)
    if rules:
        facts.append(_("House rules: {rules}.").format(rules=rules))
    facts.append(_("Your own unfinished games and records stay as they are."))
    if relays:
        facts.append(relays_words(relays))
    about = "".join(f"<p>{esc(fact)}</p>" for fact in facts)
    if reply is None:
        label = _("Your name at the table")
        name_field = attrs(id="guest-name", value=name, maxlength=24, autocomplete="nickname",
                           data_keep=True)
        body = (f'<label for="guest-name">{esc(label)}</label>'
                f'<input{name_field}>'
                + '<div class="controls">'
                + button(_("Join"), "join", data_with="#guest-name", class_="primary big")
                + button(_("No, thanks"), "lobby") + "</div>")
    else:
        how = _("Send this reply back to {host}; the table opens when they paste it.").format(
            host=invitation.host or _("the friend who invited you"))
        body = (f'<p>{esc(how)}</p><pre class="reply-code" data-reply-code>{esc(reply)}</pre>'
                + qr_html(reply, _("QR code of your reply"))
                + '<div class="controls">' + button(_("Copy reply"), "copy-reply")
                + button(_("Share reply"), "share-reply") + button(_("Leave"), "lobby")
                + "</div>")
    return f'<main class="join"><h2>{esc(heading)}</h2>{about}{body}</main>'


def house_rules(setup) -> str:
    """The options that differ from the game's defaults, in words."""
    spec = setup.spec
    defaults = spec.resolve_options({}, setup.players)
    return "; ".join(f"{_(spec.option(key).label)}: {value_words(spec.option(key), value)}"
                     for key, value in setup.options.items() if value != defaults[key])


def value_words(option, value) -> str:
    """An option's value as the lobby names it (a choice's name), else as links write it."""
    names = getattr(option, "names", ())
    if names and value in option.choices:
        return _(names[option.choices.index(value)])
    return option.encode(value)
