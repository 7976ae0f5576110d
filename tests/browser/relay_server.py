"""A real MQTT relay for the tests: Debian's mosquitto on loopback with a WebSockets
listener (what the pages connect to, as they would to a public broker), and a recorder
subscribed to every topic, so a test can read everything the relay carried.

mosquitto 2.0 starts no WebSockets-only configuration ("Unable to start any listening
sockets", eclipse/mosquitto#2284), hence the plain MQTT listener beside it, which the
recorder uses; and a WebSockets listener binds every interface unless told
``socket_domain ipv4`` (eclipse/mosquitto#3045).
"""

from __future__ import annotations

import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

MOSQUITTO = "/usr/sbin/mosquitto"
MOSQUITTO_SUB = "/usr/bin/mosquitto_sub"
MOSQUITTO_PUB = "/usr/bin/mosquitto_pub"
START_TIMEOUT_S = 10


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.02)


@dataclass
class Relay:
    """A running relay: ``url`` for the pages, ``mqtt_port`` for the recorder and for
    :meth:`publish`; :meth:`carried` lists ``(topic, payload bytes)`` of every message."""

    url: str
    mqtt_port: int
    record: Path
    processes: tuple

    def carried(self) -> list[tuple[str, bytes]]:
        lines = self.record.read_text(encoding="ascii").splitlines()
        return [(topic, bytes.fromhex(payload)) for topic, _, payload in
                (line.partition(" ") for line in lines if line.strip())]

    def publish(self, topic: str, payload: bytes) -> None:
        """Send ``payload`` to ``topic`` as any client of the relay may."""
        subprocess.run([MOSQUITTO_PUB, "-h", "127.0.0.1", "-p", str(self.mqtt_port),
                        "-t", topic, "-s"], input=payload, check=True)

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
            process.wait(10)


def start_relay(folder: Path) -> Relay:
    """mosquitto and its recorder on free loopback ports, files in ``folder``."""
    ws_port, mqtt_port = free_port(), free_port()
    config = folder / "mosquitto.conf"
    config.write_text("per_listener_settings false\nallow_anonymous true\npersistence false\n"
                      f"listener {mqtt_port} 127.0.0.1\n"
                      f"listener {ws_port} 127.0.0.1\nsocket_domain ipv4\n"
                      "protocol websockets\nlog_dest stderr\nlog_type all\n")
    # opened here: mosquitto drops to its own user, who may not open files in ``folder``
    log = (folder / "mosquitto.log").open("w")
    broker = subprocess.Popen([MOSQUITTO, "-c", str(config)], stdout=log, stderr=log)
    wait_for_port(ws_port)
    wait_for_port(mqtt_port)
    record = folder / "carried.txt"
    recorder = subprocess.Popen([MOSQUITTO_SUB, "-h", "127.0.0.1", "-p", str(mqtt_port),
                                 "-t", "#", "-F", "%t %x", "-i", "recorder"],
                                stdout=record.open("w"), stderr=subprocess.STDOUT)
    deadline = time.monotonic() + START_TIMEOUT_S
    while "Sending SUBACK to recorder" not in (folder / "mosquitto.log").read_text():
        if time.monotonic() > deadline:
            raise TimeoutError("the relay's recorder did not subscribe")
        time.sleep(0.02)
    return Relay(f"ws://127.0.0.1:{ws_port}", mqtt_port, record, (recorder, broker))
