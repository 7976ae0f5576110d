"""How to play Nim: the rules panel's words and the tour's steps (plain English: Nim exists
only in the tests, so its texts are not in the catalogs)."""

from cardtable.web.teaching.guide import Guide, Section

GUIDE = Guide(
    intro="Take counters from the heaps; whoever takes the last counter wins.",
    sections=(
        Section("need", "What you need", ("Two or three players and a few heaps of counters.",)),
        Section("goal", "The goal", ("Take the last counter.",)),
        Section("turn", "A turn", ("Take one to three counters from one heap.",)),
        Section("special", "Special parts", ("None: that is all of Nim.",)),
        Section("end", "The end", ("The game ends when the last counter is taken.",)),
    ),
    reference=(("NIM-1", "Take 1 to 3 counters from one heap; the last counter wins."),),
    tour=(("ul", "The heaps: tap a move below to take counters."),),
)
