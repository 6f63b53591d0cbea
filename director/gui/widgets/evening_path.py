"""The evening as a path in the window: a strip of the steps (`director.evening.progress` says
where each stands, or `director.evening.drive_progress` for a whist drive) and a button to take
the next one."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QPushButton, QSizePolicy, QToolBar, QToolButton, QWidget

from director.evening.drive_progress import DriveStep, DriveStepState
from director.evening.progress import Step, StepState

PathState = StepState | DriveStepState
"""A step of a pairs evening or of a whist drive."""


class EveningPath(QToolBar):
    """A strip of the steps (done ones ticked, the next one in bold) and a button to go on.

    Every button takes the keyboard focus with Tab; `chosen` carries the step clicked."""

    chosen = Signal(object)
    """Emitted with the `StepState` of the step the director clicked."""
    goOn = Signal()
    """The director asked for the next step (the button, or Ctrl+G)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("The evening", parent)
        self.setObjectName("evening-path")
        self.setMovable(False)
        self.states: tuple[PathState, ...] = ()
        self.buttons: dict[Step | DriveStep, QToolButton] = {}
        self._holders: dict[Step | DriveStep, QAction] = {}
        numbered: list[tuple[int, Step | DriveStep]] = [
            *enumerate(Step, start=1),
            *enumerate(DriveStep, start=1),
        ]
        for number, step in numbered:
            # the steps named before the event is read (the window's first paint), on two
            # lines as their status will be, so the strip keeps its height
            button = QToolButton()
            button.setText(f"{number}. {step.value}\n…")
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            button.setAutoRaise(True)
            button.clicked.connect(lambda _c=False, s=step: self._clicked(s))
            self.buttons[step] = button
            # a widget on a tool bar is shown and hidden through the action holding it
            self._holders[step] = self.addWidget(button)
            self._holders[step].setVisible(isinstance(step, Step))  # a drive's, once read
        spacer = QWidget()
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.addWidget(spacer)
        self.go_on = QPushButton()
        self.go_on.setToolTip("Take the next step of the evening (Ctrl+G)")
        self.go_on.clicked.connect(self.goOn)
        self.addWidget(self.go_on)

    def shown_buttons(self) -> list[QToolButton]:
        """The buttons of the steps on show, in order (a pairs evening's or a drive's)."""
        return [self.buttons[step] for step, holder in self._holders.items() if holder.isVisible()]

    def coming(self) -> PathState:
        """The first step not done (the last once every step is)."""
        return next((s for s in self.states if not s.done), self.states[-1])

    def show_states(self, states: tuple[PathState, ...]) -> None:
        """Show where the evening stands (only its own steps' buttons)."""
        self.states = states
        coming = self.coming()
        shown = {state.step for state in states}
        for step, holder in self._holders.items():
            holder.setVisible(step in shown)
        for number, state in enumerate(states, start=1):
            button = self.buttons[state.step]
            mark = "✓" if state.done else f"{number}."
            button.setText(f"{mark} {state.step.value}\n{state.status}")
            hint = f"\n{state.hint}." if state.hint else ""
            button.setToolTip(f"{state.step.value}: {state.status}. {state.action}.{hint}")
            font = button.font()
            font.setBold(state is coming and not state.done)
            button.setFont(font)
        self.go_on.setText(f"Next: {coming.action}")

    def _clicked(self, step: Step | DriveStep) -> None:
        self.chosen.emit(next(s for s in self.states if s.step is step))
