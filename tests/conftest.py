"""Shared fixtures. Outputs of every test go to its own temporary folder (SIM_OUTPUT_ROOT)."""

from __future__ import annotations

import pytest


@pytest.fixture
def output_root(tmp_path, monkeypatch):
    monkeypatch.setenv("SIM_OUTPUT_ROOT", str(tmp_path))
    return tmp_path
