"""A page with no friends at its table yet: the company it keeps before playing together.

Playing together (:mod:`.together`) is a part of the package that the page fetches when
first needed (``cardtable.parts``): most visits never use it. Until then the controller's
``together`` is an :class:`Alone`, which answers as a company with no host, no guest and no
invitation would; what needs friends (a table with friends' seats, an invitation, a
control of :data:`ACTIONS`) asks the app to ``meet()`` them: the real
:class:`~.together.company.Together` takes its place (importing its part first, so a
missing part changes nothing).
"""

from __future__ import annotations

# The controls of playing together (together.company.HANDLERS, which a test holds equal).
ACTIONS = ("accept-reply", "invite-again", "to-bot", "copy-invite", "share-invite", "join",
           "copy-reply", "share-reply")


class Alone:
    """No company; ``meet()`` makes the real one (and returns it)."""

    seat = host = guest = joining = None

    def __init__(self, meet):
        self.meet = meet

    def seat_table(self, table, bots, kept, keep_friends: bool) -> None:
        if table.session.setup.friends():
            self.meet().seat_table(table, bots, kept, keep_friends)

    def open_invitation(self, invitation) -> None:
        self.meet().open_invitation(invitation)

    def body(self):
        return None

    def leave(self) -> None:
        """No links to close."""

    def waiting_room(self) -> bool:
        return False

    def invitation_address(self) -> str:
        return ""

    def in_company(self) -> bool:
        return False

    def jobs_due(self) -> bool:
        return False

    def take_jobs(self) -> list:
        return []

    def closing_jobs(self) -> list:
        return []

    def tick(self) -> bool:
        return False

    def link_message(self, peer: str, text) -> bool:
        return False  # no link is open: nothing can arrive

    link_state = relay_message = relay_state = link_message

    def record_steps(self):
        return None  # no friend's table: no record to check
