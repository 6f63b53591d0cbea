"""Corrections: the audit trail, undo and redo."""
