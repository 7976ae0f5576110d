"""A table reads at a glance on a phone (issue 51, point 6): at 390×844, in English,
Portuguese and Romanian, every button and every short label or chip of the four games'
tables shows whole, on one line, and the status line never leaves its number alone on a
line. Measured on the elements' boxes in the page, never on the text alone:

- *clipped*: an element that hides what overflows it (``overflow`` other than visible, or
  ``text-overflow: ellipsis``) must hold its content (``scrollWidth <= clientWidth + 1``);
- *wrapped*: each label of a button or a chip (the text of one element, up to four words:
  a tile may stack a name over its rule, a sentence may wrap) lies on one line
  (``Range.getClientRects`` of each word);
- *alone*: no line of the status line (``.turn``) holds only a number.

Rentz's end: the winner's badge stands apart from the total, a pill of its own.

A hint's first line (point 3) is short and the log stays above the fold, the reason one tap
away ("Why?").
"""

import json

import pytest

from cardtable.web.lobby import default_setup
from test_a11y import bots_played
from settings_scripts import settings_script

PHONE = {"width": 390, "height": 844}
LANGUAGES = ("en", "pt", "ro")

# A table of each game as a new player meets it, with someone else at it (so that The
# Game's and Extreme's signals show) and, for Extreme, instruction cards in the hand.
TABLES = {
    "the-game": "#/the-game?seed=glance&players=2&seats=human,casual",
    "extreme": "#/extreme?seed=g3&players=2&seats=human,careful",
    "triggs": "#/triggs?seed=glance&players=3",
    "rentz": "#/rentz?seed=glance&players=4",
}

# Controls whose text must sit on one line: every button of the table but the cards and
# piles (whose faces stack a corner index, a number and a label by design) and the rows'
# numbers of Triggs' sheet.
BUTTONS = ("main.table button:not(.card):not(.pile):not(.draw):not(.pc), "
           "main.table summary")
# Short labels and chips: names of seats, pile labels and counts, signals (each of a
# chip's two lines), instruction labels, notices in a pill.
CHIPS = (".players li, .pile .dir, .pile .count, .pile .label, .draw .label, "
         ".signal-kind, .signal-by, .ex-kind, .ex-where, .retired, .end-note, "
         ".sheet.compact summary .name, .sheet.compact .crossed, .rentz-seats .role, "
         ".rentz-seats li, .last-mark")

# A phrase of up to this many words is a label and keeps to one line; a longer one (a
# sub-game tile's rule, a note) is a sentence and may wrap between its lines.
LABEL_WORDS = 4

MEASURE = """([buttons, chips, LABEL_WORDS]) => {
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  const describe = (el) => (el.className ? el.tagName.toLowerCase() + "." +
    String(el.className).trim().split(/\\s+/).join(".") : el.tagName.toLowerCase()) +
    " “" + el.textContent.trim().replace(/\\s+/g, " ").slice(0, 60) + "”";
  // the words drawn, each a box: text nodes not hidden for screen readers only
  const words = (el) => {
    const out = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest(".sr, [hidden]")) continue;
      const style = getComputedStyle(node.parentElement);
      if (style.position === "absolute" && style.clipPath !== "none") continue;
      const text = node.textContent;
      for (const m of text.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        for (const r of range.getClientRects()) {
          if (r.width > 0) out.push({word: m[0], top: r.top, bottom: r.bottom, node});
        }
      }
    }
    return out;
  };
  // lines: words whose boxes overlap vertically by more than half are on one line
  const lines = (boxes) => {
    const found = [];
    for (const b of boxes) {
      const line = found.find(l => Math.min(l.bottom, b.bottom) - Math.max(l.top, b.top) >
                                   (b.bottom - b.top) / 2);
      if (line) line.words.push(b.word);
      else found.push({top: b.top, bottom: b.bottom, words: [b.word]});
    }
    return found;
  };
  const clipped = [], wrapped = [], alone = [];
  const all = new Set([...document.querySelectorAll(buttons), ...document.querySelectorAll(chips)]);
  for (const el of all) {
    if (!visible(el)) continue;
    const style = getComputedStyle(el);
    const hides = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
    if (hides && el.scrollWidth > el.clientWidth + 1) {
      clipped.push(describe(el) + ` ${el.scrollWidth} > ${el.clientWidth}`);
    }
    // a phrase is one element's text: a tile may stack phrases (a name over its points),
    // but no phrase may break
    const byPhrase = new Map();
    for (const w of words(el)) {
      const key = w.node.parentElement;
      if (!byPhrase.has(key)) byPhrase.set(key, []);
      byPhrase.get(key).push(w);
    }
    for (const boxes of byPhrase.values()) {
      if (boxes.length > LABEL_WORDS) continue;  // a sentence (a tile's rule) may wrap
      // separators between an element's phrases (the commas between Totals' parts) are
      // where a line may break, not a label
      if (!boxes.some((b) => /[\\p{L}\\p{N}]/u.test(b.word))) continue;
      const found = lines(boxes);
      if (found.length > 1) {
        wrapped.push(describe(el) + " on " + found.length + " lines: " +
                     found.map(l => l.words.join(" ")).join(" / "));
      }
    }
  }
  for (const el of document.querySelectorAll(".turn")) {
    if (!visible(el)) continue;
    const found = lines(words(el));
    if (found.length > 1 && found.some(l => l.words.join(" ").match(/^[\\d\\s\\/·.,:]+$/))) {
      alone.push(describe(el) + ": " + found.map(l => l.words.join(" ")).join(" / "));
    }
  }
  return {clipped, wrapped, alone};
}"""


def measure(page) -> dict:
    return page.evaluate(MEASURE, [BUTTONS, CHIPS, LABEL_WORDS])


def open_table(page, site, open_app, game: str, language: str) -> None:
    page.context.add_init_script(settings_script(language=language, pace="slow"))
    page.set_viewport_size(PHONE)
    open_app(page, site.link(TABLES[game]))
    page.wait_for_selector("main.table")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", list(TABLES))
def test_no_label_is_cut_or_wrapped_at_phone_width(game, language, page, site, open_app):
    open_table(page, site, open_app, game, language)
    assert page.evaluate("document.documentElement.lang").startswith(language)
    found = measure(page)
    assert found == {"clipped": [], "wrapped": [], "alone": []}, found


@pytest.mark.parametrize("language", LANGUAGES)
def test_another_seats_signal_shows_whole(language, page, site, open_app):
    """The Game's chip under a pile for another seat's signal (its word, the seat's name
    under it) is neither cut nor wrapped: two players at one device, the first raises
    "small" on ↑1 and plays elsewhere, the second sees the chip."""
    page.context.add_init_script(settings_script(language=language))
    page.set_viewport_size(PHONE)
    open_app(page, site.link("#/the-game?seed=glance&players=2&seats=human,human"))
    page.click('[data-action="reveal"]')
    page.click('[data-action="signal"][data-pile="0"][data-kind="small"]')
    for _ in range(2):
        shown = page.evaluate("window.cardtable.view()")
        card, pile = next(a[1:] for a in shown["legal"] if a[0] == "play" and a[2] != 0)
        page.click(f'[data-action="select"][data-card="{card}"]')
        page.click(f'[data-action="play"][data-pile="{pile}"]')
    page.click('[data-action="end-turn"]')
    page.click('[data-action="reveal"]')
    chip = page.locator('.pile-slot:has([data-pile="0"]) .signal.small')
    assert chip.is_visible()
    found = measure(page)
    assert found == {"clipped": [], "wrapped": [], "alone": []}, found


def test_a_hint_leads_with_the_move_and_folds_its_reason(page, site, open_app, wait_until):
    """Point 3: the hint's first line is the move, in at most two lines; the reason is one
    tap ("Why?") away, keyboard reachable, and the log stays in view at 390×844."""
    page.set_viewport_size(PHONE)
    open_app(page, site.link("#/the-game?seed=glance&players=1"))
    page.click('[data-action="hint"]')
    wait_until(page, "document.querySelector('.hint .hint-move')")
    move = page.locator(".hint .hint-move")
    assert move.inner_text().startswith("Hint: Play ")
    line = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.hint .hint-move'))"
                         ".lineHeight)")
    assert move.bounding_box()["height"] <= 2 * line + 2
    why = page.locator(".hint .hint-why")
    assert not why.is_visible() and len(why.text_content().split()) >= 6
    log = page.locator(".log-box").bounding_box()
    assert log["y"] < PHONE["height"], "the log is below the fold"
    summary = page.locator(".hint summary")
    summary.focus()
    page.keyboard.press("Enter")
    assert why.is_visible()


def random_rentz_match(seed: str) -> tuple:
    """A whole match of Rentz for three, random bots in every seat (quick on CPython), as
    the page saves it, and its link."""
    return bots_played(default_setup("rentz").with_players(3), seed, "random")


# Each winner's row of the end's ranking: [the room between the total and the badge, the
# badge's background colour].
BADGES = """() => [...document.querySelectorAll('main.end .ranking li.winner')].map((li) => [
  Math.round(li.querySelector('.badge').getBoundingClientRect().left
             - li.querySelector('b').getBoundingClientRect().right),
  getComputedStyle(li.querySelector('.badge')).backgroundColor])"""


def test_the_winners_badge_stands_apart_from_the_total(page, site, open_app):
    """The badge beside the winner's total had no style: the ranking read "Bot 2 −150winner"."""
    save, fragment = random_rentz_match("badge")
    page.context.add_init_script(
        f"localStorage.setItem('cardtable.save', {json.dumps(json.dumps(save))})")
    page.set_viewport_size(PHONE)
    open_app(page, site.link(fragment))
    page.wait_for_selector("main.end .ranking li.winner .badge")
    badges = page.evaluate(BADGES)
    assert badges and all(room >= 4 and colour not in ("rgba(0, 0, 0, 0)", "transparent")
                          for room, colour in badges), badges
