import shutil

import pytest

from sim.games.aeons_end import data


@pytest.fixture
def data_copy(tmp_path, monkeypatch):
    """A private copy of decks/aeons_end that the loader reads instead (for tests that break a file)."""
    target = tmp_path / "aeons_end"
    shutil.copytree(data.DATA_DIR, target)
    monkeypatch.setattr(data, "DATA_DIR", target)
    return target
