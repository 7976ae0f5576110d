"""``build.py test``: pytest over the built site, on several workers, inside a network
namespace of its own (loopback, and a veth pair for Firefox's WebRTC)."""

from __future__ import annotations

import ipaddress
import os
import pathlib
import shutil
import subprocess

from sitebuild.dist import build
from sitebuild.install import ensure_browsers, ensure_node_modules, ensure_venv
from sitebuild.project import ROOT


def test(argv: list[str]) -> int:
    """Install what is missing, build dist/ and run pytest with ``argv`` (over tests/ unless
    ``argv`` names a path) on several workers (see :func:`workers`), in a network namespace
    of its own when it can (:func:`private_network`); pytest's exit status, but 1 when it
    collected no tests."""
    python = ensure_venv()
    ensure_node_modules()
    ensure_browsers()
    build()
    paths = [a for a in argv if not a.startswith("-") and (ROOT / a.split("::")[0]).exists()]
    args = [*workers(argv), *(argv if paths else ["tests", *argv])]
    env = {**os.environ, "CARDTABLE_DIST_BUILT": "1"}
    command = private_network([str(python), "-m", "pytest", *args])
    code = subprocess.run(command, cwd=ROOT, env=env).returncode
    if code == 5:
        print("build.py test: pytest collected no tests; that is a failure here.", flush=True)
        return 1
    return code


def workers(argv: list[str]) -> list[str]:
    """pytest-xdist's options that spread the tests over one worker per core (two at least:
    a browser test spends much of its time waiting on the page), unless ``argv`` chooses
    (``-n``, ``--numprocesses``, ``--dist``, ``-p no:xdist``). A test file is one unit of
    work, so a module's costly fixture (the Node + Pyodide probe, a private build, the
    pseudo-language site) is made once. (pytest-xdist's ``xdist_group`` marks, which could
    keep just those modules together, are not honoured under pytest 9.2.)"""
    chosen = ("-n", "--numprocesses", "--dist", "no:xdist")
    if any(a.startswith(chosen) for a in argv):
        return []
    return ["-n", str(max(2, os.cpu_count() or 1)), "--dist", "loadfile"]


def name_servers(resolv_conf: str = "/etc/resolv.conf") -> list[str]:
    """The IPv4 name servers ``resolv_conf`` names, each once (none where it cannot be
    read); an IPv6 one needs nothing, as the namespace has no IPv6 route."""
    try:
        lines = pathlib.Path(resolv_conf).read_text().splitlines()
    except OSError:
        return []
    words = [line.split() for line in lines]
    return list(dict.fromkeys(w[1] for w in words if len(w) > 1 and w[0] == "nameserver"
                              and _is_ipv4(w[1])))


def _is_ipv4(address: str) -> bool:
    try:
        ipaddress.IPv4Address(address)
    except ValueError:  # an IPv6 address, or no address at all
        return False
    return True


# The test network: loopback, and a veth pair whose two ends both stay in the namespace with
# the default route through it. Firefox gathers no WebRTC candidate on loopback, nor any at
# all without a default route, so its pages need the pair; it is made once, before any
# browser starts, because a browser fails every request it has in flight when the
# interfaces change under it (Chromium's net::ERR_NETWORK_CHANGED). A packet for any other
# address goes to the pair's far end and is dropped there (the namespace forwards nothing),
# but for the name servers of /etc/resolv.conf, which are unreachable: a name lookup fails at
# once, as it did with no route at all, instead of waiting seconds for an answer (the
# browsers look up their vendors' hosts in the background, hundreds of times a run).
# The pair gets no IPv6 link-local address (addrgenmode none): its duplicate-address check
# would change the addresses a second or two later, under browsers already running.
VETH = ("cardtable-a", "cardtable-b")
VETH_ADDRESSES = ("10.77.0.1/24", "10.77.0.2/24")
GATEWAY = VETH_ADDRESSES[1].split("/")[0]  # the pair's far end, where the default route goes
LOOPBACK = ("ip link set lo up",)
ROUTED = (*LOOPBACK, f"ip link add {VETH[0]} type veth peer name {VETH[1]}",
          *(f"ip link set {name} addrgenmode none && ip addr add {address} dev {name}"
            f" && ip link set {name} up"
            for name, address in zip(VETH, VETH_ADDRESSES)),
          f"ip route add default via {GATEWAY}",
          *(f"ip route add unreachable {address}" for address in name_servers()))


def private_network(command: list[str], setup: tuple[str, ...] = ROUTED) -> list[str]:
    """``command`` run in a network namespace of its own, set up by the ``ip`` commands of
    ``setup`` (:data:`ROUTED`, or :data:`LOOPBACK` alone), so that every packet of every test
    stays on this machine (the browser tests connect pages by WebRTC); ``command`` as it
    is, and a line saying so, where no such namespace can be made (it takes root,
    ``unshare`` and ``ip``)."""
    isolated = ["unshare", "--net", "sh", "-c", " && ".join([*setup, 'exec "$@"']), "sh"]
    if (hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("unshare")
            and shutil.which("ip")
            and subprocess.run([*isolated, "true"], capture_output=True).returncode == 0):
        return [*isolated, *command]
    print("build.py test: cannot make a network namespace of its own (it takes root,"
          " unshare and ip): the tests run on this machine's network.", flush=True)
    return command
