"""Dialogs: new event, roster import, irregularities, corrections, printing."""
