"""``cardtable sim …`` (or ``python3 -m cardtable sim …``): the command line. A missing or
unknown command gives one line on stderr and exit status 2, as every bad argument of a
command does."""

import sys

from . import sim

COMMANDS = {"sim": sim.main}
USAGE = ("usage: cardtable sim <game-id> --players N [--games K] [--seed S] [--jobs N]"
         " [--out FILE.jsonl [--resume]] [--duplicate] … (cardtable sim --help)")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in COMMANDS:
        print(USAGE, file=sys.stderr)
        return 2
    return COMMANDS[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main())
