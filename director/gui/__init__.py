"""The director's desktop program (PySide6): a thin layer of views over the store's services."""

from director.gui.pyside_repair import repair_signal_results

# Before any screen emits a signal: with some PySide releases every emit loses a count on
# True, and the interpreter aborts when it frees True at quit (see pyside_repair).
repair_signal_results()
