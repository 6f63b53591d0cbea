"""The evening's use cases: the rules a director's evening follows, beneath every front end.

What the movement chooser proposes and in what order, where the evening stands and what to do
next, how the partnerships take their places, the running plus/minus, and what the scoring
rules' codes mean. Plain functions and frozen values over the engine, the scoring and the
store: no Qt, so the window, the command line and the table server share them and tests run
without a display.
"""
