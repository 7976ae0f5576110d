"""Words on a phone (390×844, touch), in English, Portuguese and Romanian: the names over
a six-player Rentz trick are all told apart as shown (none cut off, no two the same),
and the mark of the latest play on a pile of The Game is a word of the language, clear
of the pile's name, top card and count.
"""

import pytest
from still import when_still


LANGUAGES = ["en", "pt", "ro"]
LAST = {"en": "last", "pt": "última", "ro": "ultima"}

# What each name over the trick's cards shows (its visible text, without the words for
# screen readers), and whether any is cut off by its box.
TRICK_NAMES = """() => [...document.querySelectorAll('.trick-cards li .who')].map(who => {
  const shown = [...who.childNodes].filter(n => n.nodeType === 3 || !n.classList.contains('sr'))
    .map(n => n.textContent).join('').trim();
  return {shown, cut: who.scrollWidth > who.clientWidth + 1, seat: who.parentElement.dataset.seat};
})"""
BOXES = """() => {
  const pile = document.querySelector('.pile.last-play');
  const box = el => { const r = el.getBoundingClientRect();
                      return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  return {pile: box(pile), mark: box(pile.querySelector('.last-mark')),
          text: pile.querySelector('.last-mark').innerText,
          parts: [...pile.querySelectorAll('.dir, .top, .count')].map(box)};
}"""


def overlap(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] \
        and b["top"] < a["bottom"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_six_names_over_a_rentz_trick_are_told_apart(phone, wait_until, lang):
    seats = ",".join(["human"] + ["random"] * 5)
    page = phone(f"#/rentz?seed=words-{lang}&players=6&seats={seats}&practice=tricks&lang={lang}")
    wait_until(page, "(v => v.current === 0 && v.legal.length > 0)(window.cardtable.view())", 30_000)
    page.locator('[data-action="rentz-play"]:not([disabled])').first.tap()
    wait_until(page, "window.cardtable.view().last_trick", 30_000)
    names = page.evaluate(TRICK_NAMES)
    shown = [name["shown"] for name in names]
    assert len(names) >= 6 and all(shown)
    assert not [name for name in names if name["cut"]]
    last = [name for name in names
            if page.locator(f'.rentz-last li[data-seat="{name["seat"]}"]').count()]
    by_seat = {name["seat"]: name["shown"] for name in last}
    assert len(by_seat) == 6 and len(set(by_seat.values())) == 6, by_seat


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_latest_play_mark_is_a_word_of_the_language_clear_of_the_pile(phone, wait_until, lang):
    page = phone(f"#/the-game?seed=words-{lang}&players=1&lang={lang}")
    wait_until(page, "window.cardtable.view().legal.some(a => a[0] === 'play')", 30_000)
    card, pile = next(a[1:] for a in page.evaluate("window.cardtable.view().legal")
                      if a[0] == "play")
    page.tap(f'[data-action="select"][data-card="{card}"]')
    page.tap(f'[data-action="play"][data-pile="{pile}"]')
    wait_until(page, "document.querySelector('.pile.last-play .last-mark')", 10_000)
    # The played card flies from the hand to the pile: measure where it lands.
    boxes = when_still(page, BOXES)
    assert boxes["text"] == LAST[lang]
    mark, frame = boxes["mark"], boxes["pile"]
    assert frame["left"] <= mark["left"] and mark["right"] <= frame["right"]
    assert frame["top"] <= mark["top"] and mark["bottom"] <= frame["bottom"]
    assert len(boxes["parts"]) == 3
    assert not [part for part in boxes["parts"] if overlap(part, mark)]
