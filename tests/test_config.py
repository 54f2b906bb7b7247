"""Settings: one class, every field described, mirrored in .env.example; factories name their choices."""

from __future__ import annotations

from pathlib import Path

import pytest

from rag.calibration import CALIBRATION, Calibration
from rag.config import Settings, env_example, project_root
from rag.errors import ConfigError
from rag.index.embeddings import model_path

from .conftest import ROOT


def test_every_setting_is_described_and_in_env_example() -> None:
    assert all(info.description for info in Settings.model_fields.values())
    assert (ROOT / ".env.example").read_text() == env_example(), "run: python -m rag.config > .env.example"


def test_environment_and_blank_values(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAG_TOP_K", "7")
    monkeypatch.setenv("RAG_LLM_MODEL_PATH", "")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.top_k == 7 and settings.llm_model_path is None
    assert settings.openai_api_key is not None and settings.openai_api_key.get_secret_value() == "sk-from-env"
    assert "sk-from-env" not in repr(settings)


def test_unknown_embedder_names_the_choices() -> None:
    with pytest.raises(ConfigError, match=r"unknown embedder 'bge'; choose one of: minilm"):
        model_path(Settings(_env_file=None, embedder="bge"))  # type: ignore[call-arg]


def test_every_calibrated_number_says_what_set_it() -> None:
    for name, info in Calibration.model_fields.items():
        assert info.description and len(info.description) > 30, name
    with pytest.raises(ValueError):
        CALIBRATION.list_max = 3  # type: ignore[misc]  # one frozen instance: nothing changes it behind a test


def test_an_installed_package_keeps_its_state_where_it_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    checkout = tmp_path / "clone"
    (checkout / "rag").mkdir(parents=True)
    (checkout / "pyproject.toml").write_text("[project]\n")
    assert project_root(checkout / "rag") == checkout
    site = tmp_path / "venv" / "site-packages" / "rag"
    site.mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    assert project_root(site) == tmp_path  # never site-packages
