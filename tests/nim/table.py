"""Nim's table: one button per legal move, the heaps, the log."""

from cardtable.web.html import button, esc
from cardtable.web.tables import TableSpec

from .rules import SPEC

STYLESHEET = "table.css"


def table_html(view: dict, ui) -> str:
    heaps = "".join(f'<li data-heap="{i}">{size} counters</li>' for i, size in enumerate(view["heaps"]))
    moves = "".join(button(f"Take {n} from heap {heap + 1}", "nim-take", data_heap=heap, data_count=n,
                           disabled=not ui.my_turn)
                    for _, heap, n in view["legal"])
    log = "".join(f"<li>{esc(event_text(e, ui.names))}</li>" for e in ui.log)
    return f'<main class="table nim"><ul>{heaps}</ul>{moves}<ol class="log">{log}</ol></main>'


def event_text(event: dict, names) -> str:
    return f"{names[event['seat']]}: takes {event['count']} from heap {event['heap'] + 1}"


def result_text(result: dict, names) -> str:
    return f"{names[result['winner']]} took the last counter."


def on_take(table, data) -> None:
    table.act(("take", int(data["heap"]), int(data["count"])))


HANDLERS = {"nim-take": on_take}


def outcome(result: dict, seat: int, names) -> dict:
    return {"won": result["winner"] == seat, "score": int(result["winner"] == seat),
            "better": "higher", "place": 1 if result["winner"] == seat else 2,
            "progress": float(result["winner"] == seat), "text": result_text(result, names)}


TABLE = TableSpec(game=SPEC.id, table_html=table_html, HANDLERS=HANDLERS, event_text=event_text,
                  result_text=result_text, outcome=outcome, STYLESHEET=STYLESHEET)
