"""The records screen, the replay screen, and the lobby's "Today's deal", as HTML.

Pure, like :mod:`.render`: from the data the controller gives (``Screen.records`` and
``Screen.replay``, see :mod:`.history`). Every control is a button (or field) with
``data-action``: ``records`` (``data-value``: a game), ``close-records``, ``replay``,
``review`` (where the moves and the deal are kept) and ``play-record`` (``data-index``:
the record's place), ``export-records``, the file input
``#import-records`` (hidden behind its label, drawn as a button); on a replay ``replay-step`` (``data-by``), ``replay-to`` (the range
``#replay-slider``, or ``data-step``), ``replay-hands``, ``close-replay``; in the lobby
``daily`` (``data-game``). Styles: ``assets/records.css``.
"""

from __future__ import annotations

from ...engine.registry import GAMES
from ...i18n import N_, _, ngettext
from . import stats
from .charts import histogram_chart, results_chart
from ..html import attrs, button, esc
from .book import outcome_text
from ..tables import table_module, end_html

STYLESHEET = "records.css"
LAST_GAMES = 10  # the games listed under the figures, newest first
SCORE_NAME = N_("score")  # what a score counts, for a table that does not say


def score_name(game: str) -> str:
    """What a game's score counts, in words (its table's ``SCORE_NAME``, else "score")."""
    return _(table_module(game).SCORE_NAME or SCORE_NAME)


def percent(rate) -> str:
    return "—" if rate is None else f"{round(rate * 100)}%"


def mode_text(game: str, options: dict, players: int) -> str:
    """A mode in words: the options that differ from the game's defaults for ``players``."""
    spec = GAMES[game]
    known = {option.key: option for option in spec.options}
    changed = [_(known[key].label) + ": " + value_text(known[key], value)
               for key, value in options.items()
               if key in known and value != known[key].encode(known[key].default_for(players))]
    return ", ".join(changed) or _("Standard rules")


def value_text(option, written: str) -> str:
    """An option's value as the lobby names it (a choice's button), else as written."""
    names = getattr(option, "names", ())
    try:
        return _(names[option.choices.index(option.parse(written))]) if names else written
    except (ValueError, IndexError):
        return written


# -- the records screen --------------------------------------------------------------------
def records_html(data: dict) -> str:
    """A game's records: the title and Close (as a panel's, at the top), the figures, by
    mode, the charts, the last games, and export / import."""
    game = data["game"]
    records = [record for _, record in data["entries"]]
    picker = "".join(
        button(spec.name, "records", data_value=key, data_game=key,
               aria_pressed=str(key == game).lower()) for key, spec in GAMES.items())
    note = f'<p class="note">{esc(data["note"])}</p>' if data["note"] else ""
    title = _("Records: {game}").format(game=GAMES[game].name)
    empty = _("No game of {game} is recorded yet.").format(game=GAMES[game].name)
    whole = stats.whole_games(records)
    body = (figures_html(game, whole, len(records) - len(whole)) + modes_html(game, records)
            + charts_html(game, whole) + last_games_html(data["entries"])) \
        if records else f'<p class="empty">{esc(empty)}</p>'
    label = _("Records of")
    head = (f'<div class="screen-head"><h1 id="records-title" tabindex="-1">{esc(title)}</h1>'
            + button(_("Close"), "close-records", class_="panel-close") + "</div>")
    return (f'<main class="records">{head}'
            f'<nav class="record-games" aria-label="{esc(label)}">{picker}</nav>'
            f'{note}{body}{transfer_html(data.get("imported"))}</main>')


def figures_html(game: str, records: list, practice: int = 0) -> str:
    """Played, won, win rate, best result and streaks of whole games (``records``); a
    note says how many ``practice`` deals they leave out."""
    figures = stats.summary(records)
    rows = ((_("Played"), figures["played"]), (_("Won"), figures["won"]),
            (_("Win rate"), percent(figures["rate"])),
            (_("Best result ({score})").format(score=score_name(game)), figures["best"]),
            (_("Current streak"), ngettext("{n} win", "{n} wins", figures["streak"])
             .format(n=figures["streak"])),
            (_("Best streak"), ngettext("{n} win", "{n} wins", figures["best_streak"])
             .format(n=figures["best_streak"])))
    items = "".join(f'<div><dt>{esc(label)}</dt><dd>{esc(value)}</dd></div>' for label, value in rows)
    note = ngettext("{n} practice deal is not counted in these figures: it is listed by mode"
                    " below.", "{n} practice deals are not counted in these figures: they are"
                    " listed by mode below.", practice).format(n=practice) if practice else ""
    return (f'<dl class="record-figures">{items}</dl>'
            + (f'<p class="note practice-note">{esc(note)}</p>' if note else ""))


def modes_html(game: str, records: list) -> str:
    """The figures by mode and number of players, a row each."""
    head = (_("Mode"), _("Players"), _("Played"), _("Won"), _("Win rate"), _("Best"))
    titles = "".join(f'<th scope="col">{esc(t)}</th>' for t in head)
    rows = "".join(
        f'<tr><th scope="row">{esc(mode_text(game, row["options"], row["players"]))}</th><td>{row["players"]}</td>'
        f'<td>{row["played"]}</td><td>{row["won"]}</td><td>{percent(row["rate"])}</td>'
        f'<td>{esc(row["best"])}</td></tr>' for row in stats.by_mode(records))
    caption = _("By mode and number of players")
    return (f'<div class="table-wrap" role="region" tabindex="0" aria-label="{esc(caption)}">'
            f'<table class="by-mode"><caption>{esc(caption)}</caption>'
            f'<thead><tr>{titles}</tr></thead><tbody>{rows}</tbody></table></div>')


def charts_html(game: str, records: list) -> str:
    points = [(r["when"], r["outcome"]["score"], r["outcome"]["won"]) for r in records]
    scores = [score for _, score, _ in points]
    name = score_name(game)
    return (f'<div class="charts">{results_chart(points, name)}'
            f'{histogram_chart(stats.histogram(scores), name)}</div>')


def last_games_html(entries: list) -> str:
    """The latest games, newest first, each with Replay and Play this deal again."""
    items = "".join(game_item(index, record) for index, record in reversed(entries[-LAST_GAMES:]))
    heading = _("Last games")
    return f'<h2>{esc(heading)}</h2><ol class="record-list" reversed>{items}</ol>'


def game_item(index: int, record: dict) -> str:
    when = record["when"].replace("T", " ")
    tags = []
    if record.get("daily"):
        tags.append(_("today's deal of {date}").format(date=record["daily"]))
    if record.get("practice"):
        tags.append(_("practice"))
    tag = f' <span class="tag">{esc(" · ".join(tags))}</span>' if tags else ""
    kept = record.get("actions") is not None
    which = f'<span class="sr"> ({esc(when)})</span>'  # tells the games' buttons apart
    replay = button("", "replay", html_label=esc(_("Replay")) + which, data_index=index,
                    disabled=not kept)
    dealt = record.get("seed") is not None  # not a game played at a friend's table
    review = button("", "review", html_label=esc(_("Review")) + which,
                    data_index=index) if kept and dealt else ""
    again = button("", "play-record", html_label=esc(_("Play this deal again")) + which,
                   data_index=index) if dealt else ""
    dropped = ("" if kept else '<p class="note">' + esc(
        _("Its moves were dropped to make room.") if dealt
        else _("Played at a friend's table: only their page knew the deal.")) + "</p>")
    return (f'<li{attrs(class_="won" if record["outcome"]["won"] else None)}>'
            f'<p><time>{esc(when)}</time>{tag}</p><p class="result-line">{esc(outcome_text(record))}</p>'
            f'{dropped}<div class="controls">{replay}{review}{again}</div></li>')


def transfer_html(imported: str | None = None) -> str:
    """Export every record as a file; import a file back: the file field is hidden behind
    its label, drawn as a button (the field keeps the keyboard's focus, shown on the
    label), and a line says in words which file was chosen last (``imported``), if any."""
    field = attrs(type="file", id="import-records", data_action="import-records",
                  class_="visually-hidden", accept="application/json,.json",
                  aria_describedby="import-state")
    heading, why = _("Keep your records"), _("Save every record as a file, or add the games"
                                            " of such a file to these.")
    label = _("Import records from a file")
    state = (_("File chosen: {name}").format(name=imported) if imported
             else _("No file chosen yet."))
    return (f'<section class="transfer" aria-labelledby="transfer-title">'
            f'<h2 id="transfer-title">{esc(heading)}</h2><p>{esc(why)}</p>'
            f'<div class="transfer-buttons">' + button(_("Export all records"), "export-records")
            + f'<input{field}><label for="import-records" class="file-button">{esc(label)}'
            f'</label></div><p class="file-state" id="import-state">{esc(state)}</p></section>')


# -- the replay screen ---------------------------------------------------------------------
def replay_html(replay) -> str:
    """The replay's controls and position, then the table as seat 1 saw it at the step
    (after the last step, the end screen's heading)."""
    record, step, last = replay.record, replay.step, replay.last
    title = _("Replay: {game}, {when}").format(game=GAMES[record["game"]].name,
                                               when=record["when"].replace("T", " "))
    slider = attrs(type="range", id="replay-slider", data_action="replay-to", min=0, max=last,
                   value=step, step=1, aria_valuetext=step_text(step, last))
    steps = (button(_("Start"), "replay-to", data_step=0, disabled=step == 0)
             + button(_("Step back"), "replay-step", data_by=-1, disabled=step == 0,
                      aria_keyshortcuts="ArrowLeft")
             + button(_("Step forward"), "replay-step", data_by=1, disabled=step == last,
                      aria_keyshortcuts="ArrowRight")
             + button(_("End"), "replay-to", data_step=last, disabled=step == last))
    hands = (button(_("Show all hands"), "replay-hands", aria_pressed=str(replay.show_hands).lower())
             if record["players"] > 1 else "")
    ending = end_html(replay.module, record["result"], replay.names) if step == last else ""
    slider_label, keys = _("Move"), _("The arrow keys step back and forward too.")
    back = button(_("Back to the records"), "close-replay")
    return (f'<section class="replay" aria-labelledby="replay-title">'
            f'<h1 id="replay-title">{esc(title)}</h1>'
            f'<p class="replay-step" id="replay-position">{esc(step_text(step, last))}</p>'
            f'<div class="replay-steps">{steps}</div>'
            f'<label for="replay-slider">{esc(slider_label)}</label><input{slider}>'
            f'<p class="help">{esc(keys)}</p>'
            f'<div class="controls">{hands}{back}</div>'
            f'{hands_html(replay) if replay.show_hands else ""}{ending}</section>'
            + replay.module.table_html(replay.view(), replay.ui()))


def step_text(step: int, last: int) -> str:
    return _("Move {step} of {last}").format(step=step, last=last)


def hands_html(replay) -> str:
    """Every seat's hand at the step."""
    none, label = _("no cards"), _("Every hand")
    rows = "".join(f'<li><b>{esc(name)}</b>: {esc(", ".join(cards) or none)}</li>'
                   for name, cards in replay.hands())
    return f'<section class="all-hands" aria-label="{esc(label)}"><ul>{rows}</ul></section>'


# -- the lobby -----------------------------------------------------------------------------
def lobby_extra_html(data: dict, game: str) -> str:
    """Today's deal of every game, with what the day's attempt gave, and the records of
    the lobby's game."""
    items = []
    for key, spec in GAMES.items():
        attempt = data["daily"].get(key)
        said = outcome_text(attempt) if attempt else _("Not played yet.")
        items.append(f'<li>{button(spec.name, "daily", data_game=key, class_="primary" if not attempt else None)}'
                     f'<span>{esc(said)}</span></li>')
    records = button(_("Records of {game}").format(game=GAMES[game].name), "records",
                     data_game=game, class_="link")
    heading = _("Today’s deal")
    about = _("The same deal for everyone today ({date}); your first game of it is"
              " recorded.").format(date=data["today"])
    return (f'<section class="daily" aria-labelledby="daily-title">'
            f'<h2 id="daily-title">{esc(heading)}</h2><p class="help">{esc(about)}</p>'
            f'<ul class="daily-games">{"".join(items)}</ul>{records}</section>')
