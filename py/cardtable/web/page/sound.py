"""The tones: every move, the player's own too, makes a short tone when the sound is on
(a move made on another page too, when it arrives)."""

from __future__ import annotations

import js


class Tones:
    """Short tones made with the Web Audio API: no files, nothing fetched. Where audio is
    unavailable they are silently skipped."""

    def __init__(self):
        self.audio = None

    def play(self, seat: int, seconds: float = 0.09) -> None:
        """A soft tone whose pitch tells the seats apart."""
        try:
            self.audio = self.audio or js.AudioContext.new()
            audio, now = self.audio, self.audio.currentTime
            oscillator, gain = audio.createOscillator(), audio.createGain()
            oscillator.frequency.value = 440 * 2 ** (seat * 3 / 12)
            gain.gain.setValueAtTime(0.0001, now)
            gain.gain.exponentialRampToValueAtTime(0.15, now + 0.01)
            gain.gain.exponentialRampToValueAtTime(0.0001, now + seconds)
            oscillator.connect(gain)
            gain.connect(audio.destination)
            oscillator.start(now)
            oscillator.stop(now + seconds + 0.02)
        except Exception as error:  # no Web Audio here
            js.console.info(f"cardtable: no sound here: {error}")


def sound_on(controller) -> bool:
    """Whether the player has the sound on (read afresh: the setting may have changed)."""
    return controller.store.preferences()["sound"] == "on"
