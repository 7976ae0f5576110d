"""The figures of a game's records: played, won, win rate, best result, streaks, by mode
and number of players. Pure functions over records (see :mod:`.records`), oldest first."""

from __future__ import annotations

import json

from ...engine.registry import GAMES


def best_score(records: list):
    """The best score of ``records`` (the lowest or the highest, as their outcome's
    ``better`` says), or None when there are none."""
    if not records:
        return None
    scores = [record["outcome"]["score"] for record in records]
    return min(scores) if records[-1]["outcome"]["better"] == "lower" else max(scores)


def streaks(records: list) -> tuple:
    """``(current, best)``: the wins in a row up to the latest game, and the longest run."""
    run = best = 0
    for record in records:
        run = run + 1 if record["outcome"]["won"] else 0
        best = max(best, run)
    return run, best


def summary(records: list) -> dict:
    """``played``, ``won``, ``rate`` (0 to 1, None without games), ``best``, ``streak``
    and ``best_streak`` of ``records``."""
    played = len(records)
    won = sum(1 for record in records if record["outcome"]["won"])
    current, longest = streaks(records)
    return {"played": played, "won": won, "rate": won / played if played else None,
            "best": best_score(records), "streak": current, "best_streak": longest}


def practice_deal(record: dict) -> bool:
    """Whether a record is of a practice deal: an option of its game marked ``practice``
    is set off its default."""
    return any(option.practice
               and record["options"].get(option.key, option.encode(option.default))
               != option.encode(option.default)
               for option in GAMES[record["game"]].options)


def whole_games(records: list) -> list:
    """The records that are not practice deals: what the headline figures count."""
    return [record for record in records if not practice_deal(record)]


def mode_key(record: dict) -> str:
    """The mode of a record: its options as links write them, in a stable order."""
    return json.dumps(record["options"], sort_keys=True)


def by_mode(records: list) -> list:
    """One row per mode and number of players, in the order first played:
    ``{"options", "players", **summary}``."""
    groups = {}
    for record in records:
        groups.setdefault((mode_key(record), record["players"]), []).append(record)
    return [{"options": json.loads(key), "players": players, **summary(group),
             "practice": practice_deal(group[0])}
            for (key, players), group in groups.items()]


def histogram(scores: list, most_bins: int = 10) -> list:
    """``(low, high, count)`` bins covering ``scores``: one per value when there are few
    distinct values, else ``most_bins`` bins of equal width (whole numbers)."""
    if not scores:
        return []
    low, high = min(scores), max(scores)
    values = sorted(set(scores))
    if len(values) <= most_bins:
        return [(v, v, scores.count(v)) for v in values]
    width = -(-(high - low + 1) // most_bins)
    bins = []
    for start in range(int(low), int(high) + 1, int(width)):
        end = start + width - 1
        bins.append((start, end, sum(1 for s in scores if start <= s <= end)))
    return bins
