"""Phantom Fury's own printed sheets: the player aid card (the tables) and the
turn record (turn and VP tracks, Missions used, every Zone's Control)."""
