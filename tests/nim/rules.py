"""Nim's rules: players in turn take 1 to 3 counters from one heap; whoever takes the
last counter wins. Two options show the typed schema: a number and a choice."""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardtable.engine.core import Choice, GameSpec, GameState, IllegalAction, Integer

MOST = 3  # counters one move may take


@dataclass(frozen=True)
class NimState(GameState):
    players: int
    heaps: tuple
    current: int = 0
    winner: int | None = None

    @property
    def current_player(self):
        return None if self.is_over else self.current

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def legal_actions(self) -> tuple:
        if self.is_over:
            return ()
        return tuple(("take", heap, n) for heap, size in enumerate(self.heaps)
                     for n in range(1, min(MOST, size) + 1))

    def apply(self, action) -> "NimState":
        if tuple(action) not in self.legal_actions():
            raise IllegalAction(f"{list(action)} is not a move here: take 1 to {MOST}"
                                " counters from one heap that has them")
        _, heap, n = action
        heaps = self.heaps[:heap] + (self.heaps[heap] - n,) + self.heaps[heap + 1:]
        if not any(heaps):
            return replace(self, heaps=heaps, winner=self.current)
        return replace(self, heaps=heaps, current=(self.current + 1) % self.players)

    def result(self) -> dict:
        return {"over": self.is_over, "winner": self.winner, "players": self.players}

    def returns(self) -> tuple:
        return tuple(float(seat == self.winner) for seat in range(self.players))

    def seat_view(self, seat: int) -> dict:
        return {"game": "nim", "seat": seat, "players": self.players,
                "current": self.current, "heaps": list(self.heaps), "winner": self.winner}

    def events(self, action, after) -> list:
        return [{"seat": self.current, "kind": "take", "heap": action[1], "count": action[2]}]

    def reveals_hidden(self, action) -> bool:
        return False

    def card_locations(self) -> dict:
        return {}

    def unseen_shuffled(self, seat, rng) -> "NimState":
        return self


def new_game(players: int, options: dict, seed: str) -> NimState:
    return NimState(players=players, heaps=(options["size"],) * options["heaps"])


def summarize(results: list) -> dict:
    players = results[0]["players"]
    return {"win_rate_by_seat": [sum(r["winner"] == seat for r in results) / len(results)
                                 for seat in range(players)]}


SPEC = GameSpec(
    id="nim", name="Nim", min_players=2, max_players=3,
    options=(Integer("size", "Counters per heap", 5, "How many counters each heap starts with.",
                     minimum=1, maximum=20),
             Choice("heaps", "Heaps", 3, choices=(2, 3, 4))),
    new_game=new_game, state_type=NimState, summarize=summarize,
    cards=lambda players: (), max_actions=lambda players: 4 * 20, package=__package__,
    summary="Take 1 to 3 counters from a heap; whoever takes the last one wins.")
