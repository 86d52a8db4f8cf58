"""Phantom Fury's rules, one module per rule area (see the controller)."""
