"""The Game: Extreme: the rules of ``seeds/extreme.md`` (EX-1..EX-12) on top of The Game.

28 of the 98 cards carry an instruction (EX-1, EX-3). Lightning instructions (``stop``,
``skull``, ``three``) bind the player who plays them for the rest of that turn; infinity
instructions (``no_talk``, ``no_reverse``, ``one_pile``, ``draw_one``) bind everyone while
their card is the top of a pile (EX-4..EX-11).

EX-2, the engine's contract: a play is offered only if the turn can still be completed
with every instruction followed (the minimum played, no skull showing, exactly 3 cards
after a ``three``, nothing after a ``stop``). The one exception is the rulebook's own: a
player who began the turn with 1 or 2 cards may play a ``three``, and the team then loses.
When no play can complete the turn, the game ends; if only the instructions stand in the
way, it is lost and ``result()`` names the instruction (``lost_by``).

Actions are those of The Game plus ``("share", on)``: show or hide the kinds of
instruction in one's own hand to the other seats (EX-12), at most once a turn.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from collections import Counter

from ...engine.core import Choice, GameSpec, IllegalAction
from ...i18n import _, N_, ngettext
from ...engine.rng import make_rng, shuffled
from ..the_game.rules import (
    CARDS, OPTIONS as THE_GAME_OPTIONS, PILE_DIRS, TheGameState, cards, fits, is_backwards,
    max_actions as the_game_max_actions, misfit_words, pile_name, start,
    summarize as the_game_summary,
)


@dataclass(frozen=True)
class Kind:
    """One kind of instruction: its symbol, a short label and the text of its tooltip."""

    symbol: str
    label: str
    help: str


# Labels and help are marked with N_: whoever shows them translates them with _().
KINDS = {  # EX-4..EX-11, in the order of the rulebook
    "stop": Kind("lightning", N_("Stop"),
                 N_("Your turn ends at once with this card, even as the first.")),
    "skull": Kind("lightning", N_("Skull"),
                  N_("Cover this card on the same pile before your turn ends.")),
    # TRANSLATORS: the name of the instruction "play exactly 3 cards this turn".
    "three": Kind("lightning", N_("3!"), N_("Play exactly 3 cards this turn, this one included.")),
    "no_talk": Kind("infinity", N_("No talking"), N_("While visible: no signals, nothing shared.")),
    "no_reverse": Kind("infinity", N_("No backwards"),
                       N_("While visible: no backwards trick anywhere.")),
    "one_pile": Kind("infinity", N_("One pile"),
                     N_("While visible: all cards of a turn on one pile.")),
    "draw_one": Kind("infinity", N_("Draw one"),
                     N_("While visible: end a turn by drawing one card.")),
}
DEFAULT_LAYOUT = {  # EX-3, the project's default
    "stop": (7, 31, 58, 84),
    "skull": (12, 39, 63, 91),
    "three": (18, 44, 70, 95),
    "no_talk": (5, 27, 52, 77),
    "no_reverse": (15, 36, 61, 88),
    "one_pile": (22, 47, 66, 93),
    "draw_one": (10, 33, 55, 80),
}
COPIES = 4  # EX-1: four cards of each kind
# The kinds that can make a turn impossible, in the order a lost game names them.
BINDING = ("skull", "three", "no_reverse", "one_pile", "stop")
LOSS_REASONS = {  # marked with N_: translated with _() where shown
    "skull": N_("a skull would stay visible: no card could cover it this turn"),
    "three": N_("exactly 3 cards could not be played this turn"),
    "no_reverse": N_("a backwards trick was needed, but a no-backwards card is visible"),
    "one_pile": N_("the cards could not all go onto one pile"),
    "stop": N_("a stop card would end the turn before every instruction was followed"),
}

OPTIONS = THE_GAME_OPTIONS + (
    Choice("layout", N_("Which cards carry instructions"), "default",
           # TRANSLATORS: "default" and "random" are the names of this option's two buttons.
           N_("default: the same numbers every game, as the rules page lists them (the"
              " rulebook prints none, so this is our choice). random: new numbers for each"
              " deal."),
           choices=("default", "random"), names=(N_("default"), N_("random"))),
)


def make_marks(layout: str, seed: str) -> tuple:
    """EX-3: ``marks[card]`` is the instruction on ``card`` ("" for none), cards 0..100."""
    if layout == "random":
        deck = shuffled(CARDS, make_rng(seed, "layout"))
        chosen = {kind: deck[i * COPIES:(i + 1) * COPIES] for i, kind in enumerate(KINDS)}
    else:
        chosen = DEFAULT_LAYOUT
    marks = [""] * 101
    for kind, numbers in chosen.items():
        for card in numbers:
            marks[card] = kind
    return tuple(marks)


@dataclass(frozen=True)
class Turn:
    """What decides the rest of a turn: the active hand, the pile tops, the cards played
    so far (``played``) against the minimum (``required``), whether a ``three`` or a
    ``stop`` was played, and the pile that ``one_pile`` fixed this turn (-1 if none)."""

    hand: tuple
    tops: tuple
    played: int
    required: int
    three: bool = False
    stopped: bool = False
    fixed: int = -1


class Rules:
    """The instructions of one deal, applied to turns. ``relaxed`` kinds are treated as
    blank cards: that is how a lost game finds which instruction stood in the way.

    ``can_finish`` answers EX-2's question, "can this turn still end with every
    instruction followed?", by a search that keeps its answers for the object's life.
    """

    def __init__(self, marks: tuple, relaxed=frozenset()):
        self.marks = marks
        self.relaxed = frozenset(relaxed)
        self.memo = {}

    def kind(self, card: int) -> str:
        mark = self.marks[card]
        return "" if mark in self.relaxed else mark

    def showing(self, tops) -> set:
        """The instruction kinds on top of the piles."""
        return {self.kind(top) for top in tops} - {""}

    def play_problem(self, turn: Turn, card: int, pile: int, showing=None) -> str:
        """Why ``card`` may not go on ``pile`` now ("" if it may), before looking ahead.
        ``showing`` may pass in ``self.showing(turn.tops)`` when it is already known."""
        top, direction = turn.tops[pile], PILE_DIRS[pile]
        showing = self.showing(turn.tops) if showing is None else showing
        if turn.stopped:
            return _("a stop card ended this turn")  # EX-4
        if turn.three and turn.played >= 3:
            return _("exactly 3 cards this turn: no more may follow")  # EX-6
        if self.kind(card) == "three" and turn.played >= 3:
            return _("a 3! card cannot be the 4th card of a turn or later")  # EX-6
        if not fits(card, direction, top):
            return misfit_words(card, pile, direction, top)
        if "no_reverse" in showing and is_backwards(card, direction, top):
            return _("no backwards trick while a no-backwards card is visible")  # EX-9
        if "one_pile" in showing and turn.fixed not in (-1, pile):
            return one_pile_words(turn.fixed)  # EX-10
        return ""

    def after(self, turn: Turn, card: int, pile: int) -> Turn:
        """The turn once ``card`` is on ``pile`` (the play must have no problem)."""
        kind = self.kind(card)
        fixed = turn.fixed
        if kind == "one_pile" or ("one_pile" in self.showing(turn.tops) and fixed == -1):
            fixed = pile  # EX-10 decision
        tops = turn.tops[:pile] + (card,) + turn.tops[pile + 1:]
        return Turn(tuple(c for c in turn.hand if c != card), tops, turn.played + 1,
                    turn.required, turn.three or kind == "three",
                    turn.stopped or kind == "stop", fixed)

    def end_problem(self, turn: Turn) -> str:
        """Why the turn cannot end now ("" if it can)."""
        for pile, top in enumerate(turn.tops):
            if self.kind(top) == "skull":
                return _("the skull {card} on {pile} must be covered").format(
                    card=top, pile=pile_name(pile))  # EX-5
        if turn.three and turn.played < 3:
            return three_words(3 - turn.played)  # EX-6
        if not turn.stopped and turn.played < turn.required and turn.hand:
            return ngettext("play at least {required} card ({played} played)",
                            "play at least {required} cards ({played} played)",
                            turn.required).format(required=turn.required,
                                                  played=turn.played)  # TG-4
        return ""

    def plays(self, turn: Turn) -> list:
        """Every ``(card, pile)`` without a problem now (not yet looking ahead)."""
        if turn.stopped or (turn.three and turn.played >= 3):
            return []
        showing = self.showing(turn.tops)
        return [(card, pile) for card in turn.hand for pile in range(4)
                if not self.play_problem(turn, card, pile, showing)]

    def can_finish(self, turn: Turn) -> bool:
        """EX-2: can the turn still end with every instruction followed?"""
        if turn not in self.memo:
            self.memo[turn] = not self.end_problem(turn) or any(
                self.can_finish(self.after(turn, card, pile))
                for card, pile in self.useful_plays(turn))
        return self.memo[turn]

    def useful_plays(self, turn: Turn) -> list:
        """The plays worth searching. Once the minimum is met (and no ``three`` counts),
        only a skull keeps the turn open, and only a card on a skull, a no-backwards or a
        one-pile card can help: any other card could simply stay in the hand."""
        plays = self.plays(turn)
        if turn.played < turn.required or turn.three:
            return plays
        helpful = {"skull", "no_reverse", "one_pile"}
        return [(c, p) for c, p in plays if self.kind(turn.tops[p]) in helpful]

    def loses(self, turn: Turn, card: int) -> bool:
        """EX-6: a ``three`` played by someone who began the turn with 1 or 2 cards."""
        return self.kind(card) == "three" and turn.played + len(turn.hand) < 3

    def blocker(self, turn: Turn) -> str:
        """The instruction kind that keeps ``turn`` from being completed, or "" when the
        plain rules of The Game already do. One kind relaxed at a time, then cumulatively."""
        trials = [{kind} for kind in BINDING]
        trials += [set(BINDING[:count]) for count in range(2, len(BINDING) + 1)]
        for kinds in trials:
            if Rules(self.marks, self.relaxed | kinds).can_finish_relaxed(turn):
                return BINDING[max(BINDING.index(kind) for kind in kinds)]
        return ""

    def can_finish_relaxed(self, turn: Turn) -> bool:
        """:meth:`can_finish` for a turn recorded under stricter rules: a relaxed
        ``three``, ``stop`` or ``one_pile`` played earlier no longer binds."""
        return self.can_finish(replace(
            turn, three=turn.three and "three" not in self.relaxed,
            stopped=turn.stopped and "stop" not in self.relaxed,
            fixed=-1 if "one_pile" in self.relaxed else turn.fixed))


@dataclass(frozen=True)
class ExtremeState(TheGameState):
    """A position of The Game: Extreme. Beside The Game's fields: ``marks`` (the
    instruction on each card, see :func:`make_marks`), ``shared`` (per seat, whether it
    shows its instruction kinds, EX-12), ``share_changed`` (whether the seat on turn
    switched it this turn: once a turn), ``fixed_pile`` (the pile one_pile fixed this
    turn, -1 if none, EX-10) and, when lost to an instruction, ``lost_by`` (its kind) and
    either ``lost_seat`` (the seat that could not complete a turn) or ``lost_began`` (the
    cards of the seat that played a 3! too early), put into words in the current language
    by ``lost_reason``.
    ``outcome`` is "" while playing, else "won", "blocked" (The Game's end, TG-9) or
    "lost" (an instruction could not be followed, EX-2)."""

    marks: tuple = ("",) * 101
    shared: tuple = ()
    share_changed: bool = False
    fixed_pile: int = -1
    lost_by: str = ""
    lost_seat: int = -1
    lost_began: int = 0

    # -- queries ---------------------------------------------------------
    def rules(self) -> Rules:
        return Rules(self.marks)

    def showing(self) -> set:
        """The instruction kinds on top of the piles (of the lightning ones, only a skull
        still matters there)."""
        return self.rules().showing(self.tops)

    def turn_now(self) -> Turn:
        """The active player's turn as the rules search sees it."""
        kinds = {self.marks[card] for card, _ in self.played}
        return Turn(self.hands[self.current], self.tops, len(self.played), self.required,
                    "three" in kinds, "stop" in kinds, self.fixed_pile)

    def offered_plays(self, rules: Rules | None = None) -> list:
        """Every ``(card, pile, loses)`` offered now: the turn can still be completed
        after it, or it is a ``three`` that loses the game (EX-2, EX-6)."""
        if self.outcome:
            return []
        rules = rules or self.rules()
        turn = self.turn_now()
        offered = []
        for card, pile in rules.plays(turn):
            if rules.loses(turn, card):
                offered.append((card, pile, True))
            elif rules.can_finish(rules.after(turn, card, pile)):
                offered.append((card, pile, False))
        return offered

    def end_problem(self) -> str:
        """Why the active player cannot end the turn now ("" if they can)."""
        if self.outcome:
            return _("the game is over")
        return self.rules().end_problem(self.turn_now())

    def can_end_turn(self) -> bool:
        return not self.end_problem()

    def talk_allowed(self) -> bool:
        """EX-8: signals and sharing only while no no-talking card is visible."""
        return "no_talk" not in self.showing()

    def draw_count(self) -> int:
        """EX-11: one card under draw_one, else back up to the full hand."""
        full = self.hand_size - len(self.hands[self.current])
        wanted = 1 if "draw_one" in self.showing() else full
        return min(wanted, len(self.deck))

    def legal_actions(self) -> tuple:
        if self.outcome:
            return ()
        actions = [("play", card, pile) for card, pile, _ in self.offered_plays()]
        if self.can_end_turn():
            actions.append(("end",))
        if self.talk_allowed():
            actions.extend(self.signal_actions())
            if not self.share_changed:
                actions.append(("share", not self.shared[self.current]))
        return tuple(actions)

    # -- transitions -----------------------------------------------------
    def apply(self, action) -> "ExtremeState":
        if action and action[0] == "share" and len(action) == 2 and not self.outcome:
            return self._share(action[1])
        return super().apply(action)

    def _share(self, on) -> "ExtremeState":
        if on not in (True, False):
            raise IllegalAction(_("share must be on or off, not {value}").format(
                value=repr(on)))
        if not self.talk_allowed():
            raise IllegalAction(_("no talking while a no-talking card is visible"))  # EX-8
        if self.share_changed:
            raise IllegalAction(_("sharing was already switched this turn: one change per"
                                  " turn"))
        shared = self.shared[:self.current] + (on,) + self.shared[self.current + 1:]
        return replace(self, shared=shared, share_changed=True)

    def _signal(self, pile, kind) -> "ExtremeState":
        if not self.talk_allowed():
            raise IllegalAction(_("no signals while a no-talking card is visible"))  # EX-8
        return super()._signal(pile, kind)

    def _play(self, card, pile) -> "ExtremeState":
        if card not in self.hands[self.current]:
            raise IllegalAction(_("{card} is not in the hand of seat {seat}").format(
                card=card, seat=self.current + 1))
        if pile not in range(4):
            raise IllegalAction(_("there is no pile {pile}").format(pile=repr(pile)))
        rules, turn = self.rules(), self.turn_now()
        problem = rules.play_problem(turn, card, pile)
        if problem:
            raise IllegalAction(problem)
        after = rules.after(turn, card, pile)
        state = replace(self.moved(card, pile), fixed_pile=after.fixed)
        if rules.loses(turn, card):
            return replace(state, outcome="lost", lost_by="three",
                           lost_began=turn.played + len(turn.hand))
        if not rules.can_finish(after):
            kind = rules.blocker(after)
            reason = (_(LOSS_REASONS[kind]) if kind else
                      _("the minimum number of cards could not then be played"))
            raise IllegalAction(_("{card} on {pile}: {reason}").format(
                card=card, pile=pile_name(pile), reason=reason))
        if not state.deck and not any(state.hands):
            return replace(state, outcome="won")  # TG-10, every instruction followed
        return state

    def _end_turn(self) -> "ExtremeState":
        problem = self.end_problem()
        if problem:
            raise IllegalAction(_("the turn cannot end yet: {problem}").format(problem=problem))
        turn_over = replace(self, fixed_pile=-1, share_changed=False)
        return turn_over.pass_turn(self.draw_count())  # EX-11

    def check_turn_start(self) -> "ExtremeState":
        """TG-9 and EX-2: the game ends when no turn can be completed; it is lost to an
        instruction when only the instructions stand in the way."""
        turn, rules = self.turn_now(), self.rules()
        if rules.can_finish(turn):
            return self
        kind = rules.blocker(turn)  # with every kind relaxed, these are The Game's rules
        if not kind:
            return replace(self, outcome="blocked")
        return replace(self, outcome="lost", lost_by=kind, lost_seat=self.current)

    @property
    def lost_reason(self) -> str:
        """Why the game was lost to an instruction, in the current language ("" if not)."""
        if not self.lost_by:
            return ""
        reason = _(LOSS_REASONS[self.lost_by])
        if self.lost_seat < 0:
            return ngettext(
                "a 3! card was played by a seat that began the turn with {began} card:"
                " {reason}",
                "a 3! card was played by a seat that began the turn with {began} cards:"
                " {reason}", self.lost_began).format(began=self.lost_began, reason=reason)
        return _("seat {seat} could not complete a turn: {reason}").format(
            seat=self.lost_seat + 1, reason=reason)

    # -- outcome and views -------------------------------------------------
    def result(self) -> dict:
        result = super().result()
        if self.lost_by:
            result["rating"] = "lost"  # EX-2: lost for the team, whatever the cards left
        result.update(lost_by=self.lost_by, lost_reason=self.lost_reason)
        return result

    def in_force(self) -> list:
        """The instructions in force now, each with its pile/card and a sentence."""
        turn = self.turn_now()
        entries = []
        for pile, top in enumerate(self.tops):
            kind = self.marks[top]
            if kind == "skull":
                entries.append(_entry(kind, pile, top, _(
                    "skull on {pile} must be covered this turn").format(pile=pile_name(pile))))
            elif kind and KINDS[kind].symbol == "infinity":
                entries.append(_entry(kind, pile, top, self._infinity_text(kind)))
        if turn.three:
            left = 3 - turn.played
            entries.append(_entry("three", None, None, three_words(left)
                                  if left else _("exactly 3 cards: done, end the turn")))
        if turn.stopped:
            entries.append(_entry("stop", None, None, _("stop: the turn is over, end it")))
        return entries

    def _infinity_text(self, kind: str) -> str:
        if kind == "one_pile" and self.fixed_pile != -1:
            return one_pile_words(self.fixed_pile)
        return _(INFINITY_TEXTS[kind])

    def seat_view(self, seat: int) -> dict:
        """TG-14 plus the instructions: on every card shown, those in force, the offered
        plays that lose the game (``losing``: ``[card, pile]`` pairs, EX-6), why the turn
        cannot end, what ending it draws (``draw``; ``draw_one`` when a draw one is
        visible; ``refill`` when none is and a waiting seat holds less than a full hand,
        EX-11), what sharing shows (EX-12), and how a lost game was lost."""
        view = super().seat_view(seat)
        talk = self.talk_allowed()
        mine = seat == self.current and not self.outcome
        end_problem = self.end_problem() if mine else ""
        for pile, entry in zip(view["piles"], self.piles):
            pile["instruction"] = self.marks[entry[-1]]
            pile["instructions"] = [self.marks[card] for card in entry[1:]]
        view.update(
            game="extreme",
            hand_instructions=[self.marks[card] for card in self.hands[seat]],
            in_force=self.in_force(),
            losing=[[c, p] for c, p, lose in (self.offered_plays() if mine else []) if lose],
            can_end=mine and not end_problem,
            end_problem=end_problem,
            draw=self.draw_count() if mine else 0,
            draw_one="draw_one" in self.showing(),
            refill=self.refill_pending(),
            fixed_pile=self.fixed_pile,
            talk_allowed=talk,
            signals=view["signals"] if talk else [],
            share=bool(self.shared[seat]),
            share_changed=self.share_changed,
            shared=[self.shared_kinds(other) if talk and other != seat else None
                    for other in range(self.players)],
            lost_by=self.lost_by,
            lost_reason=self.lost_reason,
        )
        return view

    def refill_pending(self) -> bool:
        """EX-11: no draw one is visible, cards are left to draw, and a seat waiting for
        its turn holds fewer than a full hand (as one does after drawing only one)."""
        return (bool(self.deck) and not self.outcome and "draw_one" not in self.showing()
                and any(len(hand) < self.hand_size for seat, hand in enumerate(self.hands)
                        if seat != self.current))

    def shared_kinds(self, seat: int):
        """EX-12: the instruction kinds in ``seat``'s hand if it shares them, else None."""
        if not self.shared[seat]:
            return None
        kinds = {self.marks[card] for card in self.hands[seat]} - {""}
        return [kind for kind in KINDS if kind in kinds]

    def reveals_hidden(self, action) -> bool:
        """The Game's draw, and a play that covers the last no-talking card (EX-8) while
        another seat shares its instruction kinds (EX-12): they show again."""
        if super().reveals_hidden(action):
            return True
        sharing = any(on for seat, on in enumerate(self.shared) if seat != self.current)
        return sharing and not self.talk_allowed() and self.apply(action).talk_allowed()

    def events(self, action, after) -> list:
        """The Game's events, a play with its ``instruction`` ("" for none), and
        ``share`` (``on``) for the EX-12 switch."""
        if action[0] == "share":
            return [{"seat": self.current, "kind": "share", "on": action[1]}]
        return super().events(action, after)

    def play_event(self, card: int, pile: int) -> dict:
        return {**super().play_event(card, pile), "instruction": self.marks[card]}

    def unseen_shuffled(self, seat: int, rng) -> "ExtremeState":
        """The other hands and the draw pile dealt again, same sizes, marks staying with
        their numbers. A card in a hand whose kinds ``seat`` sees (EX-12) is replaced by a
        card of the same kind, so that what it sees stays the same."""
        unseen = sorted(self.unseen_cards(seat))
        talk = self.talk_allowed()
        bound = [self.marks[card] if talk and self.shared[other] else None
                 for other, hand in enumerate(self.hands) if other != seat for card in hand]
        bound += [None] * len(self.deck)
        needed = Counter(kind for kind in bound if kind is not None)
        by_kind, free = {}, []
        for card in shuffled(unseen, rng):
            kind = self.marks[card]
            if needed[kind] > len(by_kind.setdefault(kind, [])):
                by_kind[kind].append(card)
            else:
                free.append(card)
        return self.redealt(seat, [free.pop() if kind is None else by_kind[kind].pop()
                                   for kind in bound])


INFINITY_TEXTS = {  # what an infinity instruction on top of a pile says (N_: see _infinity_text)
    "no_talk": N_("no talking: no signals, nothing shared"),
    "no_reverse": N_("no backwards trick on any pile"),
    "one_pile": N_("one pile: all cards of a turn go onto one pile"),
    "draw_one": N_("draw one: a turn ends by drawing one card"),
}


def three_words(more: int) -> str:
    """EX-6: how many cards a turn under a 3! still has to play."""
    return ngettext("exactly 3 cards: {more} more to play", "exactly 3 cards: {more} more to play",
                    more).format(more=more)


def one_pile_words(pile: int) -> str:
    """EX-10: the pile that this turn's cards must go onto."""
    return _("one pile: this turn's cards go onto {pile}").format(pile=pile_name(pile))


def _entry(kind: str, pile, card, text: str) -> dict:
    return {"kind": kind, "symbol": KINDS[kind].symbol, "label": KINDS[kind].label,
            "pile": pile, "card": card, "text": text}


def new_game(players: int, options: dict, seed: str) -> ExtremeState:
    return start(ExtremeState, players, options, seed,
                 marks=make_marks(options["layout"], seed), shared=(False,) * players)


def summarize(results: list) -> dict:
    """The Game's figures plus ``lost_by_instruction``: games lost to each kind."""
    figures = the_game_summary(results)
    figures["lost_by_instruction"] = {
        kind: sum(r["lost_by"] == kind for r in results) for kind in KINDS}
    return figures


SPEC = GameSpec(
    id="extreme",
    name="The Game: Extreme",
    min_players=1,
    max_players=5,
    options=OPTIONS,
    new_game=new_game,
    state_type=ExtremeState,
    summarize=summarize,
    cards=cards,
    max_actions=lambda players: the_game_max_actions(players, per_turn=1),  # EX-12 share
    package=__package__,
    summary=N_("The Game with 28 instruction cards that must be followed to the letter."),
)
