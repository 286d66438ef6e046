"""The usage examples in the engine's docstrings run and stay true."""

import doctest
import importlib

import pytest

MODULES = ["rules", "rules.board", "rules.move"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
