"""The evening as a path in the window: a strip of the steps (`director.evening.progress` says
where each stands) and a button to take the next one."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QPushButton, QSizePolicy, QToolBar, QToolButton, QWidget

from director.evening.progress import Step, StepState, next_step


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
        self.states: tuple[StepState, ...] = ()
        self.buttons: dict[Step, QToolButton] = {}
        for number, step in enumerate(Step, start=1):
            # the steps named before the event is read (the window's first paint), on two
            # lines as their status will be, so the strip keeps its height
            button = QToolButton()
            button.setText(f"{number}. {step.value}\n…")
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            button.setAutoRaise(True)
            button.clicked.connect(lambda _c=False, s=step: self._clicked(s))
            self.buttons[step] = button
            self.addWidget(button)
        spacer = QWidget()
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.addWidget(spacer)
        self.go_on = QPushButton()
        self.go_on.setToolTip("Take the next step of the evening (Ctrl+G)")
        self.go_on.clicked.connect(self.goOn)
        self.addWidget(self.go_on)

    def show_states(self, states: tuple[StepState, ...]) -> None:
        """Show where the evening stands."""
        self.states = states
        coming = next_step(states)
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

    def _clicked(self, step: Step) -> None:
        self.chosen.emit(next(s for s in self.states if s.step is step))
