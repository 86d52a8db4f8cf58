"""Limits of Glory's own printed sheet: the player aid card."""
