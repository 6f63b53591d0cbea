"""The scoring modules' docstring examples run as tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import director.scoring

MODULES = sorted(
    m.name for m in pkgutil.iter_modules(director.scoring.__path__, "director.scoring.")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    failed, _ = doctest.testmod(importlib.import_module(name))
    assert failed == 0
