"""Players: the roster, search as you type, CSV import, partnerships."""
