#!/usr/bin/env python3
"""Build, serve and test cardtable's static site.

    python3 build.py [build]                       npm ci if node_modules/ is not the locked
                                                   one; build dist/
    python3 build.py serve [--port N] [--host H]   the same, then serve dist/ on
                                                   http://H:N/ (default 127.0.0.1:8000),
                                                   compressed as GitHub Pages serves it
    python3 build.py test [pytest args...]         install what is missing, build, run pytest
                                                   (over tests/ unless the args name paths;
                                                   as root, in a loopback-only network)
    python3 build.py venv                          create .venv with the package (editable),
                                                   its `cardtable` command and the test tools
    python3 build.py i18n [--add CODE]             extract the texts to translate and update
                                                   every catalog (--add: a new language's)

A bad argument prints one line and exits with status 2.

This file is the command line alone: each job is a module of the package sitebuild/ (the
site's assembly in dist.py, the page, the service worker, the package and its parts, the
standard library, the catalogs, the server, the installs, the test runner), drawn in
docs/architecture.md. It runs on the standard library alone; .venv (made when missing)
brings Babel for the catalogs and, for the test command, the test tools.
"""

from __future__ import annotations

import argparse
import sys

from sitebuild import catalogs, dist, install, runtests, server
from sitebuild.project import ROOT


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but a bad argument prints one line (no usage block) and exits with 2."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: {message} (see python3 build.py --help)\n")


def parser() -> ArgumentParser:
    """build.py's command line: build (the default), serve, test, venv or i18n."""
    top = ArgumentParser(prog="build.py", description="Build, serve and test cardtable's site.")
    commands = top.add_subparsers(dest="command", title="commands")
    top.set_defaults(command="build")  # after add_subparsers, whose default would be None
    commands.add_parser("build", help="build dist/ (the default)")
    serve_command = commands.add_parser("serve", help="build dist/, then serve it")
    serve_command.add_argument("--port", type=int, default=8000, help="default 8000")
    serve_command.add_argument("--host", default="127.0.0.1", help="default 127.0.0.1")
    commands.add_parser("venv", help="create .venv: the package (its cardtable command)"
                        " and the test tools")
    i18n = commands.add_parser("i18n", help="extract the texts to translate into "
                               "py/cardtable/locale/cardtable.pot and update every .po with them")
    i18n.add_argument("--add", metavar="CODE", help="start the catalog of a new language")
    commands.add_parser("test", add_help=False, help="install what is missing, build, "
                        "run pytest; every further argument goes to pytest unchanged")
    return top


def main(argv: list[str]) -> int:
    """Run the command that ``argv`` names; its exit status."""
    top = parser()
    args, rest = top.parse_known_args(argv)
    if args.command == "test":  # pytest gets the words after "test" as they are, "--" too
        return runtests.test(argv[argv.index("test") + 1:])
    if rest:
        top.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "i18n":
        if args.add:
            print(f"new catalog: {catalogs.add_language(args.add).relative_to(ROOT)}")
        catalogs.update_catalogs()
        return 0
    if args.command == "venv":
        print(f"ready: {(install.ensure_venv().parent / 'cardtable').relative_to(ROOT)} sim …")
        return 0
    install.ensure_node_modules()
    built = dist.build()
    if args.command == "serve":
        return server.serve(args.port, args.host, built)
    print(f"built {built.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
