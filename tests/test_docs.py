"""Generated documents stay in step with the code that generates them."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_balance_table_is_what_the_tool_generates_now() -> None:
    spec = importlib.util.spec_from_file_location("balance_table", ROOT / "tools/balance_table.py")
    assert spec is not None
    assert spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    written = (ROOT / "docs" / "balance-table.md").read_text(encoding="utf-8")
    assert written == tool.table(), "run: .venv/bin/python tools/balance_table.py"
