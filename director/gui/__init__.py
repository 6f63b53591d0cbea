"""The director's desktop program (PySide6): a thin layer of views over the store's services."""
