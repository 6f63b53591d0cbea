"""The whist drive's screens: each hand's entry with the moves, and the standings with the
prizes (docs/drive.md)."""
