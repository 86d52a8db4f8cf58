"""ffl: play printed board wargames on screen with the rules enforced."""

__version__ = "0.1.0"
