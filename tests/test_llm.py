"""The local backend with the real bundled SmolLM2, and the GGUF conversion that makes it a plain folder.

The bundled model is converted once per checkout into .rag/models (about 30 s of CPU, as `make run`
does) and every model test runs on that folder. The conversion itself is checked on every run on a tiny
real GGUF written here: the same code path, in a second instead of half a minute.
"""

from __future__ import annotations

import re
import shutil
import threading
from collections.abc import Generator
from pathlib import Path

import pytest

from rag.config import Settings, apply_runtime_env

apply_runtime_env()

from rag.errors import BackendError, ConfigError  # noqa: E402
from rag.models import llm  # noqa: E402

from .conftest import HANG_S  # noqa: E402

PROMPT = "What is the capital of France? Answer in one sentence."


def test_unknown_backend_names_key_and_choices() -> None:
    with pytest.raises(ConfigError) as info:
        llm.make_chat_model(Settings(llm_backend="llamafile"))
    message = str(info.value)
    assert "'llamafile'" in message
    assert "local" in message and "openai" in message


def test_missing_local_model_path_is_a_config_error(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "model.gguf"
    with pytest.raises(ConfigError, match=re.escape(str(missing))):
        llm.make_chat_model(Settings(llm_model_path=missing))


def test_folder_without_config_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"no config\.json"):
        llm.make_chat_model(Settings(llm_model_path=tmp_path))


def test_describe_local_backend(tmp_path: Path) -> None:
    assert llm.describe_backend(Settings()) == "local · SmolLM2-135M-Instruct (bundled)"
    # An empty RAG_LLM_MODEL_PATH arrives as Path("."): still the bundled model.
    bundled = llm.describe_backend(Settings(llm_model_path=Path("")))
    assert bundled == "local · SmolLM2-135M-Instruct (bundled)"
    mine = llm.describe_backend(Settings(llm_model_path=tmp_path / "qwen-1.5b.gguf"))
    assert mine == "local · qwen-1.5b.gguf"


@pytest.fixture(scope="module")
def settings() -> Settings:
    return Settings(llm_max_new_tokens=40)


@pytest.fixture(scope="module")
def model(settings: Settings) -> llm.LocalChatModel:
    chat = llm.make_chat_model(settings)
    assert isinstance(chat, llm.LocalChatModel)
    assert not chat.loaded
    chat.load()
    assert chat.loaded
    return chat


@pytest.fixture(scope="module")
def answer(model: llm.LocalChatModel) -> str:
    text = model.invoke(PROMPT).content
    assert isinstance(text, str)
    return text


def test_bundled_model_answers(answer: str) -> None:
    assert answer.strip()
    assert "Paris" in answer


def test_stream_concatenates_to_the_greedy_answer(model: llm.LocalChatModel, answer: str) -> None:
    chunks = [chunk.content for chunk in model.stream(PROMPT)]
    assert len([c for c in chunks if c]) > 1
    assert "".join(str(c) for c in chunks) == answer


def test_stop_sequence_cuts_invoke_and_stream(model: llm.LocalChatModel, answer: str) -> None:
    stop = answer.split()[2]
    expected = answer[: answer.index(stop)]
    assert model.invoke(PROMPT, stop=[stop]).content == expected
    streamed = "".join(str(chunk.content) for chunk in model.stream(PROMPT, stop=[stop]))
    assert streamed == expected


def test_abandoned_stream_stops_generating(
    model: llm.LocalChatModel, answer: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from transformers import TextIteratorStreamer

    # the generation waits after each piece it hands over until the reader has gone: however fast this
    # machine writes, the answer cannot be finished before the stream is closed
    gone, written = threading.Event(), []
    hand_over = TextIteratorStreamer.on_finalized_text

    def hand_over_then_wait(self: TextIteratorStreamer, text: str, stream_end: bool = False) -> None:
        written.append(text)
        hand_over(self, text, stream_end)
        gone.wait(HANG_S)

    monkeypatch.setattr(TextIteratorStreamer, "on_finalized_text", hand_over_then_wait)
    stream = model.stream(PROMPT)
    assert isinstance(stream, Generator)
    next(stream)
    generating = [t for t in threading.enumerate() if t.name == "local-llm"]
    stream.close()
    gone.set()
    for thread in generating:
        thread.join(HANG_S)
    assert generating and not any(t.is_alive() for t in generating), "the generation thread kept running"
    assert len("".join(written)) < len(answer.strip()), written  # it stopped at once, not at the answer's end


def tiny_gguf(path: Path) -> Path:
    """A two-layer llama in GGUF, Q4_1 like the bundled file, with a byte-level BPE tokenizer and a chat
    template: what the conversion reads, without the 49,152-token vocabulary that makes each of the
    bundled file's three parses take seconds."""
    import gguf
    import numpy as np
    from transformers.convert_slow_tokenizer import bytes_to_unicode

    tokens = [*bytes_to_unicode().values(), "Ġt", "he", "<|im_start|>", "<|im_end|>"]
    vocab, hidden, ff, layers = len(tokens), 64, 128, 2
    writer = gguf.GGUFWriter(str(path), "llama")
    writer.add_context_length(256)
    writer.add_embedding_length(hidden)
    writer.add_block_count(layers)
    writer.add_feed_forward_length(ff)
    writer.add_head_count(4)
    writer.add_head_count_kv(4)
    writer.add_rope_dimension_count(hidden // 4)
    writer.add_rope_freq_base(10000.0)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_tokenizer_model("gpt2")
    writer.add_token_list(tokens)
    writer.add_token_types([1] * (vocab - 2) + [3, 3])  # the last two are control tokens
    writer.add_token_merges(["Ġ t", "h e"])
    writer.add_bos_token_id(vocab - 2)
    writer.add_eos_token_id(vocab - 1)
    writer.add_chat_template(
        "{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n{% endfor %}"
        "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
    )
    rng, q4_1 = np.random.default_rng(0), gguf.GGMLQuantizationType.Q4_1

    def weight(name: str, *shape: int) -> None:
        data = rng.standard_normal(shape, dtype=np.float32) * 0.1
        writer.add_tensor(name, gguf.quants.quantize(data, q4_1), raw_dtype=q4_1)

    def norm(name: str) -> None:
        writer.add_tensor(name, np.ones(hidden, dtype=np.float32))

    weight("token_embd.weight", vocab, hidden)
    for i in range(layers):
        norm(f"blk.{i}.attn_norm.weight")
        for part in ("attn_q", "attn_k", "attn_v", "attn_output"):
            weight(f"blk.{i}.{part}.weight", hidden, hidden)
        norm(f"blk.{i}.ffn_norm.weight")
        weight(f"blk.{i}.ffn_gate.weight", ff, hidden)
        weight(f"blk.{i}.ffn_up.weight", ff, hidden)
        weight(f"blk.{i}.ffn_down.weight", hidden, ff)
    norm("output_norm.weight")
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


def test_a_gguf_is_converted_once_then_loaded_from_the_cache(tmp_path: Path) -> None:
    settings = Settings(
        llm_model_path=tiny_gguf(tmp_path / "tiny.gguf"), llm_cache_dir=tmp_path / "cache", llm_max_new_tokens=16
    )
    first = llm.make_chat_model(settings)
    assert isinstance(first, llm.LocalChatModel)
    first.load()
    folders = list(settings.llm_cache_dir.iterdir())
    assert len(folders) == 1, "a leftover partial folder or a second conversion"
    folder = folders[0]
    assert (folder / "config.json").is_file() and (folder / "model.safetensors").is_file()
    before = folder.stat().st_mtime_ns
    text = first.invoke(PROMPT).content
    assert isinstance(text, str) and text  # a random model's text, the same on every load

    again = llm.make_chat_model(settings)
    assert isinstance(again, llm.LocalChatModel)
    again.load()

    assert list(settings.llm_cache_dir.iterdir()) == [folder]
    assert folder.stat().st_mtime_ns == before
    assert again.invoke(PROMPT).content == text


def test_prepare_converts_a_gguf_once_before_any_answer(tmp_path: Path) -> None:
    settings = Settings(llm_model_path=tiny_gguf(tmp_path / "tiny.gguf"), llm_cache_dir=tmp_path / "cache")
    llm.prepare(settings.model_copy(update={"llm_backend": "openai"}))
    assert not settings.llm_cache_dir.exists()  # a hosted model has nothing to prepare
    llm.prepare(settings)
    (folder,) = settings.llm_cache_dir.iterdir()
    assert (folder / "config.json").is_file()
    before = folder.stat().st_mtime_ns
    llm.prepare(settings)
    assert list(settings.llm_cache_dir.iterdir()) == [folder] and folder.stat().st_mtime_ns == before


def test_hugging_face_folder_runs_as_is(settings: Settings, answer: str) -> None:
    folder = llm._converted(llm._bundled_gguf(), settings.llm_cache_dir)  # a plain transformers folder by now
    chat = llm.make_chat_model(Settings(llm_model_path=folder, llm_max_new_tokens=settings.llm_max_new_tokens))
    assert llm.describe_backend(Settings(llm_model_path=folder)) == f"local · {folder.name}"
    assert chat.invoke(PROMPT).content == answer


def test_broken_gguf_is_a_backend_error_naming_it(tmp_path: Path) -> None:
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"GGUF" + b"\0" * 64)
    chat = llm.make_chat_model(Settings(llm_model_path=broken, llm_cache_dir=tmp_path / "cache"))
    assert isinstance(chat, llm.LocalChatModel)
    with pytest.raises(BackendError, match=re.escape(str(broken))):
        chat.load()
    assert not list((tmp_path / "cache").iterdir()), "a partial conversion was left behind"


def test_a_template_that_refuses_a_role_is_a_backend_error(
    settings: Settings, model: llm.LocalChatModel, tmp_path: Path
) -> None:
    folder = llm._converted(llm._bundled_gguf(), settings.llm_cache_dir)
    strict = tmp_path / "no-system-turns"
    shutil.copytree(folder, strict, copy_function=lambda src, dst: Path(dst).symlink_to(src))
    (strict / "chat_template.jinja").unlink()
    # as Gemma's template does: a model that knows no system turn says so while the prompt is built
    (strict / "chat_template.jinja").write_text(
        "{% for m in messages %}{% if m['role'] == 'system' %}"
        "{{ raise_exception('System role not supported') }}{% endif %}{{ m['content'] }}{% endfor %}"
    )
    chat = llm.make_chat_model(Settings(llm_model_path=strict, llm_max_new_tokens=settings.llm_max_new_tokens))
    with pytest.raises(BackendError, match=r"^local · no-system-turns failed: \w+: System role not supported"):
        chat.invoke([("system", "Be brief."), ("human", PROMPT)])
