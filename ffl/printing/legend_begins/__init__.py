"""The Legend Begins printed sheets: the Player Aid Card (aid.py), the Organization
Cards and the map in three sections (cards.py)."""
