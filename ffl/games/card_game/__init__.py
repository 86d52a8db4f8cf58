"""Foreign Legion Card Game: map of As Q'ara, cards and the rules controller."""
