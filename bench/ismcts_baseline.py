"""Our bots against a search that knows nothing of these games: OpenSpiel's Python
IS-MCTS, in duplicate matches.

    python bench/ismcts_baseline.py [--games 400] [--simulations 1000] [--uct-c 40]
        [--seed baseline] [--rentz-players 3,4] [--sub-games king,queens,…]
        [--choice-players 3,4] [--triggs-players 2]
        [--pairings ismcts:strong,strong:ismcts,strong:basic,ismcts:basic]
        [--workers 2] [--record FILE [--table-only]]

Needs the research extra (docs/research.md, "For researchers"). The baseline: OpenSpiel's
``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``) with single-observer keys (every
node keyed by the searching seat's information state, so the opponents' nodes do not
split by their sampled hands), worlds sampled by the engine's ``unseen_shuffled``, one
random playout per leaf, ``--uct-c`` and ``--simulations`` per decision.

What is ours around it is made cheap without changing what it computes (the tests in
``tests/test_ismcts_baseline.py`` check each):

- A decision with a single legal action is answered without search: OpenSpiel's search
  returns that action at once too.
- Rentz and Triggs nodes are keyed by the actions so far and what a world can change of
  the observer's view, in place of the information state string: within one search every
  world shares the real history up to the root, and every action of these games is
  public, so the rest is the deal and the observer's hand (Rentz), or the observer's
  hand, the face-up tops now and those taken since the root, and the values retired
  from them (Triggs). These tell apart exactly the information states the strings do.
  Other games keep the strings.
- OpenSpiel's filter of illegal actions deep-copies a node on every step down the tree;
  ours builds the same node without copying (it is only read).
- The random rollout (OpenSpiel's ``RandomRolloutEvaluator``: one rollout, uniformly
  random legal actions to the end, uniform priors) plays on the engine's state, not
  through the adapter's per-action bookkeeping; the trick play of a Rentz practice deal
  is played on suit masks, with the rules' points (RZ-6, RZ-7), and Triggs on lists
  changed in place, listing only the crosses of the row a random number picks.

Deals: ``--games`` seeded deals per line, deal ``i`` of OpenSpiel's root (the game seeded
``<n>/<i>``, ``n`` a number made from ``<seed>/<line>``, as OpenSpiel's ``seed`` is one);
Rentz practice deals (``practice=<sub-game>``: one deal, seat 1 leads) of each trick
sub-game at each of ``--rentz-players``; whole Rentz matches at each of
``--choice-players`` (the "choice" lines: a seat chooses its sub-games as its level and
plays its cards as ``strong`` whatever its level, so that they measure the choice alone;
``--games`` counts matches there); and Triggs at each of ``--triggs-players``.

A pairing ``A:B`` is measured in duplicate form: every deal is played once with ``B`` in
every seat, then once per seat with ``A`` in that seat alone; ``A``'s gain on a deal is
the mean over the seats of its points there less ``B``'s points in the same seat on the
same cards (Rentz: points per deal; Triggs: wins). A pairing measured both ways (``A:B``
and ``B:A``) also gets a row of ``A``'s gain both ways: per deal, half of ``A``'s gain
over ``B`` less ``B``'s over ``A``. Printed per line and pairing: the mean gain per deal
with its 95% t interval over the deals whose games are all played, those deals and their
games, and the seconds per decision of each level (every decision, forced ones included).
Bots get seeds of their own per deal and seat (``cardtable.sim.bot_seed``). Games run in
``--workers`` processes, deal by deal (every line's first deal, then every line's second,
…), so a run stopped early leaves every line with about as many deals; progress goes to
stderr. ``--record FILE`` appends every game played to ``FILE`` (one JSON line each) and
plays only the games not yet in it, so a stopped run resumes; ``--table-only`` prints the
table of the games in it. One record holds one set of options (seed, simulations,
``uct_c``): the file does not say which.

The full protocol (400 deals, 1000 simulations, every trick sub-game at 3 and 4 players,
Triggs) does not fit a day on a 2-core machine: see docs/figures/ismcts-baseline.md
("Rentz and Triggs against IS-MCTS") for the measured cost of a deal and of a Triggs
decision (a random playout of Triggs from its start is about 200 actions).
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import itertools
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from cardtable.bots import make_bot  # noqa: E402
from cardtable.engine.rng import derive_seed, seed_to_int  # noqa: E402
from cardtable.games.triggs import rules as triggs  # noqa: E402
from cardtable.sim import bot_seed, student  # noqa: E402

TRICK_SUB_GAMES = ("king", "queens", "diamonds", "tricks", "totals", "ten", "whist")


class Searcher:
    """OpenSpiel's Python IS-MCTS in one seat, single-observer keys (module docstring)."""

    def __init__(self, setup_game, seed: str, simulations: int, uct_c: float):
        import numpy as np
        from open_spiel.python.algorithms import ismcts
        from cardtable_research import spiel

        numbers = np.random.RandomState(seed_to_int(seed) % (1 << 32))
        self.bot = single_observer(ismcts)(
            setup_game, EngineRollout(random.Random(f"{seed}/rollouts")), uct_c=uct_c,
            max_simulations=simulations, random_state=numbers,
            allow_inconsistent_action_sets=True)
        self.bot.set_resampler(spiel.resampler(random.Random(seed)))

    def act(self, state):
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else self.bot.step(state)


def single_observer(ismcts) -> type:
    """``ISMCTSBot`` keying every node by the searching seat's information state, with
    two shortcuts that change no result (the bench's module docstring)."""

    class SingleObserver(ismcts.ISMCTSBot):
        def run_search(self, state):
            self.observer, self.root = state.current_player(), len(state.history())
            self.key_of = KEYS.get(state.setup.game, information_state_key)
            return super().run_search(state)

        def get_state_key(self, state):
            return self.key_of(state, self.observer, self.root)

        def filter_illegals(self, node, legal_actions):
            """The node without the children ``legal_actions`` leaves out: what OpenSpiel's
            deep copy gives, without copying (the copy is only read)."""
            kept = ismcts.ISMCTSNode()
            kept.prior_map = node.prior_map
            kept.child_info = {action: child for action, child in node.child_info.items()
                               if action in legal_actions}
            kept.total_visits = node.total_visits - sum(
                child.visits for action, child in node.child_info.items()
                if action not in kept.child_info)
            return kept

    return SingleObserver


def information_state_key(state, observer, root: int = 0) -> tuple:
    """OpenSpiel's key of the node of ``observer``'s information state (``root``: how
    many actions the search's root follows; unused)."""
    return state.current_player(), state.information_state_string(observer)


def rentz_key(state, observer, root: int = 0) -> tuple:
    """The same information state as :func:`information_state_key` within one search,
    cheaper: every world of a search shares the real history up to its root, every Rentz
    action is public and nothing is dealt inside a deal, so the actions since the root,
    the deal and the observer's hand (as it sees it) tell the observer's information
    states apart."""
    engine = state.engine_state
    hand = () if engine.hand_hidden(observer) else engine.hands[observer]
    return state.current_player(), tuple(state.history()), engine.deal, hand


def triggs_key(state, observer, root: int) -> tuple:
    """The same information state as :func:`information_state_key` within one search,
    cheaper. The string is the observer's view and the public events. Every world of a
    search shares the real history up to its root, and every action is public (TR-13),
    so what can differ between worlds with the same actions is what was dealt again: the
    observer's hand, the face-up tops (now, and each one taken since the root, which the
    draw events show) and the values retired from those tops (``removed``)."""
    engine = state.engine_state
    taken = [event["card"] for event in state.public_events(after=root) if event["kind"] == "draw"]
    tops = tuple(pile[0] if pile and triggs.FACE_UP[name] else None
                 for name, pile in zip(triggs.PILES, engine.piles))
    return (state.current_player(), tuple(state.history()), engine.hands[observer], tops,
            engine.removed, tuple(taken))


KEYS = {"rentz": rentz_key, "triggs": triggs_key}


class EngineRollout:
    """OpenSpiel's ``RandomRolloutEvaluator`` with one rollout (a uniformly random legal
    action until the game ends; uniform priors), played on the engine's state directly:
    the same playout, without the adapter's per-action bookkeeping (events, rewards)."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def evaluate(self, state):
        import numpy as np
        engine, rng = state.engine_state, self.rng
        if trick_deal(engine):
            return np.array(rentz_rollout(engine, rng), dtype=float)
        if state.setup.game == "triggs":
            return np.array(TriggsRollout(engine).play_out(rng), dtype=float)
        while not engine.is_over:
            legal = engine.legal_actions()
            engine = engine.apply(legal[int(rng.random() * len(legal))])
        return np.array(engine.returns(), dtype=float)

    def prior(self, state):
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def trick_deal(engine) -> bool:
    """Is ``engine`` the trick play of a single Rentz deal (a practice deal, not doubled),
    which :func:`rentz_rollout` plays out?"""
    return (getattr(engine, "phase", None) == "trick" and engine.deals == 1
            and not engine.doubled)


@functools.cache
def card_of(card: str) -> tuple:
    """A Rentz card as the bots number it, (suit, rank)."""
    from cardtable.games.rentz.bots import parse
    return parse(card)


def rentz_rollout(engine, rng) -> list:
    """The returns after uniformly random legal cards to the end of the deal, as the
    engine's rules give them (RZ-6, RZ-7), on suit masks: the same playout as applying
    random legal actions to ``engine``, cheaper."""
    from cardtable.games.rentz.bots import Rules, ranks_of
    rules, players = Rules(engine.sub_game, engine.opts), engine.players
    hands = []
    for cards in engine.hands:
        hand = [0, 0, 0, 0]
        for suit, rank in map(card_of, cards):
            hand[suit] |= 1 << rank
        hands.append(hand)
    points = [rules.trick * won + sum(rules.pts[suit][rank] for suit, rank in map(card_of, cards))
              for won, cards in zip(engine.tricks, engine.taken)]
    trick = [(seat,) + card_of(card) for seat, card in engine.trick]
    seat, end = engine.current, rules.end
    left = [sum(hand[s] for hand in hands) for s in range(4)]
    while True:
        hand = hands[seat]
        if trick and hand[trick[0][1]]:
            suits = (trick[0][1],)
        else:
            suits = [s for s in range(4) if hand[s]]
        cards = [(s, r) for s in suits for r in ranks_of(hand[s])]
        suit, rank = cards[int(rng.random() * len(cards))]
        hand[suit] &= ~(1 << rank)
        left[suit] &= ~(1 << rank)
        trick.append((seat, suit, rank))
        seat = (seat + 1) % players
        if len(trick) < players:
            continue
        led = trick[0][1]
        seat = max((r, s) for s, su, r in trick if su == led)[1]
        points[seat] += rules.trick + sum(rules.pts[su][r] for _, su, r in trick)
        trick = []
        if not any(left) or (end and not any(left[s] & end[s] for s in range(4))):
            return [score + won for score, won in zip(engine.returns(), points)]


class TriggsRollout:
    """A Triggs position on mutable lists, played out by uniformly random legal actions:
    the same actions, in the same order, as the engine's state gives (TR-5..TR-12), so the
    same random numbers make the same playout as applying them to the engine, cheaper.
    Hands are counts per value; piles and the discards are lists (a pile's top last)."""

    def __init__(self, engine):
        self.players, self.seed, self.current = engine.players, engine.seed, engine.current
        self.phase, self.picks_left, self.turns = engine.phase, engine.picks_left, engine.turns
        self.counts = [triggs.value_counts(hand) for hand in engine.hands]
        self.sizes = [len(hand) for hand in engine.hands]
        self.piles = [list(reversed(pile)) for pile in engine.piles]
        self.discards, self.retired = list(engine.discard), list(engine.retired)
        self.sheets = [list(sheet) for sheet in engine.sheets]
        self.remakes, self.winner = engine.reshuffles, engine.winner

    def play_out(self, rng) -> list:
        """Random legal actions until the game ends; its returns (1 for the winner)."""
        while self.winner is None and self.turns < triggs.MAX_TURNS:
            self.apply(self.random_action(rng))
        return [1.0 if seat == self.winner else 0.0 for seat in range(self.players)]

    def apply(self, action) -> None:
        """One of the engine's legal actions, applied in place."""
        getattr(self, action[0])(*action[1:])

    def legal(self) -> list:
        """The engine's ``legal_actions()``, in its order."""
        seat = self.current
        sheet = self.sheets[seat]
        if self.phase == "bonus":
            return [("bonus", v) for v in triggs.VALUES if sheet[v - 1] < triggs.boxes(v)]
        if self.phase == "draw":
            return self.draws()
        actions = self.draws() if triggs.draw_allowance(self.sizes[seat]) else []
        counts = self.counts[seat]
        for value in triggs.VALUES:
            actions.extend(("discard", value, n) for n in range(1, counts[value] + 1))
        for value in triggs.VALUES:
            free = triggs.boxes(value) - sheet[value - 1]
            if free:
                actions.extend(("cross", value, makes)
                               for makes in cross_options(tuple(counts[:value + 1]), value, free))
        return actions

    def draws(self) -> list:
        """A pick from each pile that has a card (TR-5)."""
        return [("draw", name) for name, pile in zip(triggs.PILES, self.piles) if pile]

    def random_action(self, rng):
        """``legal[int(rng.random() * len(legal))]`` of :meth:`legal`, listing only the
        crosses of the row chosen."""
        if self.phase != "turn":
            legal = self.legal()
            return legal[int(rng.random() * len(legal))]
        seat = self.current
        counts, sheet, size = self.counts[seat], self.sheets[seat], self.sizes[seat]
        draws = self.draws() if triggs.draw_allowance(size) else []
        held = makes_held(tuple(counts))
        rows = [(value, free, choices_within(held[value], free)) for value in triggs.VALUES
                if (free := triggs.boxes(value) - sheet[value - 1])]
        index = int(rng.random() * (len(draws) + size + sum(n for _, _, n in rows)))
        if index < len(draws):
            return draws[index]
        index -= len(draws)
        if index < size:
            for value in triggs.VALUES:
                if index < counts[value]:
                    return "discard", value, index + 1
                index -= counts[value]
        index -= size
        for value, free, n in rows:
            if index < n:
                return "cross", value, cross_options(tuple(counts[:value + 1]), value, free)[index]
            index -= n

    # -- the actions (TR-5..TR-8) -----------------------------------------------------
    def draw(self, pile: str) -> None:
        picks = self.picks_left if self.phase == "draw" else \
            triggs.draw_allowance(self.sizes[self.current])
        self.take(triggs.PILES.index(pile))
        if picks > 1:
            self.phase, self.picks_left = "draw", picks - 1
        else:
            self.end_turn()

    def discard(self, value: int, count: int) -> None:
        self.give_up((value,) * count, to_discard=value not in self.retired)
        self.after_playing()
        self.end_turn()

    def cross(self, value: int, makes: tuple) -> None:
        self.give_up(tuple(card for make in makes for card in make), to_discard=True)
        self.after_playing()
        self.mark(value, len(makes))

    def bonus(self, row: int) -> None:
        self.mark(row, 1)

    # -- the steps they share, as the engine's -----------------------------------------
    def give_up(self, cards: tuple, to_discard: bool) -> None:
        counts = self.counts[self.current]
        for card in cards:
            counts[card] -= 1
        self.sizes[self.current] -= len(cards)
        if to_discard:
            self.discards.extend(cards)

    def take(self, index: int) -> None:
        card = self.piles[index].pop()
        self.counts[self.current][card] += 1
        self.sizes[self.current] += 1
        self.tidy_piles()

    def tidy_piles(self) -> None:
        """TR-10: an empty pile remade from the shuffled discards; TR-11: a retired value
        on a face-up pile's top leaves the game."""
        for index, name in enumerate(triggs.PILES):
            pile = self.piles[index]
            while True:
                if not pile and self.discards:
                    rng = triggs.make_rng(self.seed, f"reshuffle-{self.remakes}")
                    pile.extend(reversed(triggs.shuffled(self.discards, rng)))
                    self.discards, self.remakes = [], self.remakes + 1
                elif triggs.FACE_UP[name] and pile and pile[-1] in self.retired:
                    pile.pop()
                else:
                    break

    def after_playing(self) -> None:
        """TR-9: an empty hand draws from the middle pile (after the piles are tidied)."""
        self.tidy_piles()
        middle = triggs.PILES.index(triggs.REFILL_PILE)
        for _ in range(triggs.REFILL if not self.sizes[self.current] else 0):
            if not self.piles[middle]:
                break
            self.take(middle)

    def mark(self, row: int, count: int) -> None:
        """TR-8, TR-11, TR-12: cross, retire values, win or owe a bonus."""
        sheet = self.sheets[self.current]
        sheet[row - 1] += count
        for value in triggs.RETIRE_ORDER:
            if value in self.retired:
                continue
            if any(other[value - 1] < triggs.boxes(value) for other in self.sheets):
                break
            self.retired.append(value)
            self.tidy_piles()
        if sum(sheet) == triggs.TOTAL_BOXES:
            self.winner, self.turns, self.phase = self.current, self.turns + 1, "turn"
        elif sheet[row - 1] == triggs.boxes(row):
            self.phase = "bonus"
        else:
            self.end_turn()

    def end_turn(self) -> None:
        self.phase, self.picks_left, self.turns = "turn", 0, self.turns + 1
        self.current = (self.current + 1) % self.players


@functools.lru_cache(maxsize=1 << 16)
def makes_held(counts: tuple) -> tuple:
    """Per value (at its index), how often the hand's ``counts`` hold each way of making
    it that they hold at all (TR-7)."""
    return ((),) + tuple(tuple(n for make in triggs.MAKE_TYPES[value]
                               if (n := triggs.available(make, counts)))
                         for value in triggs.VALUES)


@functools.cache
def choices_within(most: tuple, free: int) -> int:
    """How many ways to take 0..``most[i]`` of each way of making a value, 1..``free``
    in all (TR-7): how many crosses of the row :func:`cross_options` lists."""
    return sum(1 <= sum(numbers) <= free
               for numbers in itertools.product(*(range(n + 1) for n in most)))


@functools.lru_cache(maxsize=1 << 16)
def cross_options(counts: tuple, value: int, free: int) -> tuple:
    """The engine's crosses of row ``value`` (``counts``: the hand's counts of the values
    up to it, all a cross of it can use), remembered."""
    return triggs._cross_options(counts, value, free)


def play(line: dict, deal: int, levels: list, simulations: int, uct_c: float) -> tuple:
    """One game of ``line``'s deal ``deal`` with ``levels`` per seat: (returns, seconds
    per level as (level, seconds) pairs)."""
    from cardtable_research import spiel
    game = spiel.load(line["game"], players=line["players"], seed=seed_to_int(line["seed"]) % 10**9,
                      deals=deal + 1, **line["options"])
    state = game.new_initial_state()
    state.apply_action(deal)
    table = spiel.table(line["game"])
    deal_seed = derive_seed(line["seed"], deal)
    bots = [Searcher(game, bot_seed(deal_seed, seat), simulations, uct_c) if level == "ismcts"
            else make_bot(line["game"], level, seat, bot_seed(deal_seed, seat))
            for seat, level in enumerate(levels)]
    # A choosing line measures the choice alone: every seat plays its cards as strong.
    playing = [bot if level == "strong"
               else make_bot(line["game"], "strong", seat, bot_seed(deal_seed, seat))
               for seat, (bot, level) in enumerate(zip(bots, levels))] \
        if line.get("choosing") else None
    times = []
    while not state.is_terminal():
        seat = state.current_player()
        if playing and state.engine_state.phase != "choose":
            level, bot = "strong", playing[seat]
        else:
            level, bot = levels[seat], bots[seat]
        start = time.perf_counter()
        if level == "ismcts":
            action = bot.act(state)
        else:
            action = table.id_of(bot.act(state.engine_state.view(seat)))
        times.append((level, time.perf_counter() - start))
        state.apply_action(action)
    return state.returns(), times


def task(args) -> tuple:
    line, deal, levels, simulations, uct_c = args
    return (line["name"], deal, tuple(levels)), play(line, deal, levels, simulations, uct_c)


def lines_of(args) -> list:
    lines = [{"name": f"rentz {sub} {players}p", "game": "rentz", "players": players,
              "options": {"practice": sub}}
             for sub in args.sub_games
             for players in args.rentz_players]
    lines += [{"name": f"rentz choice {players}p", "game": "rentz", "players": players,
               "options": {}, "choosing": True}
              for players in args.choice_players]
    lines += [{"name": f"triggs {players}p", "game": "triggs", "players": players, "options": {}}
              for players in args.triggs_players]
    for line in lines:
        line["seed"] = f"{args.seed}/{line['name']}"
    return lines


def one_among(a: str, b: str, seat, players: int) -> tuple:
    """The levels per seat: ``a`` in ``seat`` (None: nowhere), ``b`` in the others."""
    return tuple(a if s == seat else b for s in range(players))


def games_needed(lines, pairings, deals) -> list:
    """Every game the pairings need, each once, deal by deal (every line's deal 0 first,
    so that a run stopped early leaves every line with as many deals):
    ``(line, deal, levels)``."""
    wanted = {}
    for deal in range(deals):
        for line in lines:
            for a, b in pairings:
                players = line["players"]
                for seat in [None] + list(range(players)):
                    levels = one_among(a, b, seat, players)
                    wanted[(line["name"], deal, levels)] = (line, deal, levels)
    return list(wanted.values())


def read_record(path) -> dict:
    """The games of a record file: ``{(line name, deal, levels): (returns, times)}``."""
    games = {}
    if path and Path(path).exists():
        for text in Path(path).read_text().splitlines():
            if text.strip():
                game = json.loads(text)
                games[(game["line"], game["deal"], tuple(game["levels"]))] = (
                    game["returns"], [tuple(pair) for pair in game["times"]])
    return games


def play_all(jobs, results: dict, record, workers: int) -> None:
    """Plays ``jobs`` into ``results`` (appending each game to the file ``record``)."""
    started = time.perf_counter()
    out = open(record, "a") if record else None
    with ProcessPoolExecutor(workers) as pool:
        for done, (key, (returns, spent)) in enumerate(pool.map(task, jobs, chunksize=1), 1):
            if done % max(1, len(jobs) // 20) == 0:
                print(f"{done}/{len(jobs)} games, {time.perf_counter() - started:.0f} s",
                      file=sys.stderr, flush=True)
            results[key] = (returns, spent)
            if out:
                out.write(json.dumps({"line": key[0], "deal": key[1], "levels": key[2],
                                      "returns": returns, "times": spent}) + "\n")
                out.flush()
    if out:
        out.close()
    print(f"played in {time.perf_counter() - started:.0f} s\n")


def gains_of(results: dict, line: dict, a: str, b: str, deals: int) -> list:
    """``a``'s gain per deal over ``b`` (module docstring), for the first deals whose
    games are all in ``results``."""
    players, gains = line["players"], []
    for deal in range(deals):
        keys = [(line["name"], deal, one_among(a, b, seat, players))
                for seat in [None] + list(range(players))]
        if not all(key in results for key in keys):
            break
        alone = results[keys[0]][0]
        gains.append(statistics.fmean(results[keys[seat + 1]][0][seat] - alone[seat]
                                      for seat in range(players)))
    return gains


def both_ways(pairings) -> list:
    """The pairings ``A:B`` whose ``B:A`` comes later: each measured both ways, its gain
    on a deal is half of ``A``'s gain over ``B`` less ``B``'s over ``A``."""
    return [(a, b) for i, (a, b) in enumerate(pairings) if (b, a) in pairings[i + 1:]]


def print_row(line: dict, label: str, gains: list, games: int) -> None:
    """One row: the mean gain per deal, its 95% half-width, the deals and the games."""
    if gains:
        low_high = student(gains)
        half = (low_high[1] - low_high[0]) / 2 if low_high else float("nan")
        print(f"| {line['name']} | {label} | {statistics.fmean(gains):+.2f} | ±{half:.2f}"
              f" | {len(gains)} | {games} |")


def print_table(results: dict, lines, pairings, deals: int) -> None:
    print("| line | A over B | gain per deal | 95% interval | deals | games |")
    print("|---|---|---|---|---|---|")
    for line in lines:
        per_deal = line["players"] + 1  # B in every seat, then A in each seat alone
        for a, b in pairings:
            gains = gains_of(results, line, a, b, deals)
            print_row(line, f"{a} over {b}", gains, per_deal * len(gains))
        for a, b in both_ways(pairings):
            gains = [(there - back) / 2
                     for there, back in zip(gains_of(results, line, a, b, deals),
                                            gains_of(results, line, b, a, deals))]
            print_row(line, f"{a} against {b}, both ways", gains, 2 * per_deal * len(gains))
    print()
    times = {}
    for _, spent in results.values():
        for level, seconds in spent:
            times.setdefault(level, []).append(seconds)
    for level, spent in sorted(times.items()):
        spent.sort()
        print(f"{level}: {len(spent)} decisions, median {1000 * statistics.median(spent):.1f} ms,"
              f" p95 {1000 * spent[int(0.95 * (len(spent) - 1))]:.1f} ms")


LEVELS = ("ismcts", "random", "basic", "strong")
SUB_GAMES = TRICK_SUB_GAMES + ("rentz",)


def pairings_arg(text: str) -> list:
    """``--pairings``: ``A:B`` pairs of levels, comma-separated."""
    pairings = [tuple(part.split(":")) for part in text.split(",") if part]
    for pairing in pairings:
        if len(pairing) != 2 or not set(pairing) <= set(LEVELS):
            raise argparse.ArgumentTypeError(
                f"{':'.join(pairing)!r} is not A:B with A and B among {', '.join(LEVELS)}")
    return pairings


def players_arg(text: str) -> list:
    """``--rentz-players``, ``--triggs-players``: player counts, comma-separated (``""``:
    none)."""
    parts = [part for part in text.split(",") if part]
    if not all(part.isdigit() for part in parts):
        raise argparse.ArgumentTypeError(f"{text!r} is not a list of player counts such as 3,4")
    return [int(part) for part in parts]


def sub_games_arg(text: str) -> list:
    """``--sub-games``: Rentz sub-games, comma-separated."""
    sub_games = [part for part in text.split(",") if part]
    unknown = [sub for sub in sub_games if sub not in SUB_GAMES]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"no sub-game {', '.join(unknown)} (choose among {', '.join(SUB_GAMES)})")
    return sub_games


def main_parser() -> argparse.ArgumentParser:
    """The bench's command line (module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--uct-c", type=float, default=40.0)
    parser.add_argument("--seed", default="baseline")
    parser.add_argument("--rentz-players", type=players_arg, default="3,4")
    parser.add_argument("--sub-games", type=sub_games_arg, default=",".join(TRICK_SUB_GAMES))
    parser.add_argument("--choice-players", type=players_arg, default="3,4",
                        help="whole Rentz matches at these player counts, in which a level"
                        " chooses the sub-games and every seat plays its cards as strong")
    parser.add_argument("--triggs-players", type=players_arg, default="2")
    parser.add_argument("--pairings", type=pairings_arg,
                        default="ismcts:strong,strong:ismcts,strong:basic,ismcts:basic")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--record", help="a file of played games: appended to, and games"
                        " already in it are not played again")
    parser.add_argument("--table-only", action="store_true",
                        help="print the table of the games in --record, play none")
    return parser


def main(argv=None) -> int:
    parser = main_parser()
    args = parser.parse_args(argv)
    if args.table_only and not (args.record and Path(args.record).exists()):
        parser.error("--table-only prints the games of a record: give --record FILE of one")
    if not args.table_only and importlib.util.find_spec("pyspiel") is None:
        parser.error("OpenSpiel is not installed: run this with .venv/bin/python (made by"
                     " python3 build.py venv) or install the research extra (docs/research.md,"
                     " \"For researchers\")")
    pairings = args.pairings
    lines = lines_of(args)
    results = read_record(args.record)
    jobs = [(line, deal, list(levels), args.simulations, args.uct_c)
            for line, deal, levels in games_needed(lines, pairings, args.games)
            if (line["name"], deal, levels) not in results]
    print(f"{len(jobs)} games to play: {args.games} deals per line, {args.simulations}"
          f" simulations, uct_c {args.uct_c}, seed {args.seed!r}", flush=True)
    if jobs and not args.table_only:
        play_all(jobs, results, args.record, args.workers)
    print_table(results, lines, pairings, args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
