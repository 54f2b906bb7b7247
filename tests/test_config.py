"""Settings: one class, every field described, mirrored in .env.example; factories name their choices."""

from __future__ import annotations

import pytest

from rag.config import Settings, env_example
from rag.embeddings import model_path
from rag.errors import ConfigError

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
