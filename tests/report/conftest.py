"""Fixtures for the report tests: the toy lakes of lake_fixture.py, built once per session."""

from __future__ import annotations

import pytest

from tests.report.lake_fixture import write_coop_lake, write_lake


@pytest.fixture(scope="session")
def toy_lake(tmp_path_factory):
    return write_lake(tmp_path_factory.mktemp("lake") / "toy-study")


@pytest.fixture(scope="session")
def toy_lake_without_cards(tmp_path_factory):
    return write_lake(tmp_path_factory.mktemp("lake") / "no-cards", with_cards=False)


@pytest.fixture(scope="session")
def coop_lake(tmp_path_factory):
    return write_coop_lake(tmp_path_factory.mktemp("lake") / "coop-study")
