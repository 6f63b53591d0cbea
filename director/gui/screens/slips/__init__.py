"""Trump slips: each tray's trump copied from its returned slip."""
