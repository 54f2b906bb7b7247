"""Whole-topic lists: short forms read from the corpus, a shorter phrase only where the corpus shows it means the
same, and which papers a list answer quotes."""

from __future__ import annotations

import gzip
import json
import re

from rag.answering.listing import quoted_of
from rag.answering.pipeline import Assistant
from rag.config import Settings
from rag.retrieval.abbreviations import defined, long_form, mine, short_forms, short_key
from rag.retrieval.keyword import english_stemmer
from rag.retrieval.topic import forms_pattern
from tests.conftest import shared_file

STEM = english_stemmer().stemWord


def stems(text: str) -> list[str]:
    return [STEM(w) for w in text.lower().split()]


def test_a_short_form_is_read_as_the_words_its_letters_begin() -> None:
    assert long_form("GNNs", "Message passing in graph neural networks") == "graph neural networks"
    assert long_form("dLLMs", "we accelerate diffusion large language models") == "diffusion large language models"
    assert long_form("3DGS", "real-time rendering with 3D Gaussian Splatting") == "3d gaussian splatting"
    assert long_form("MoE", "a sparse mixture-of-experts") == "mixture of experts"
    assert long_form("GNN", "a method we propose") is None  # its letters begin no run of the words before it
    assert short_key("GNNs") == short_key("GNN") == "gnn" and short_key("3DGS") == "3dgs"


def test_the_corpus_defines_its_short_forms_and_how_they_are_written() -> None:
    found = mine(
        [
            "Graph neural networks (GNNs) over-smooth. Deep GNNs fail.",
            "We study graph neural networks (GNN) on molecules.",
            "Our method (ours) beats the baseline (Fig) on CIFAR (i).",
        ]
    )
    assert found.longs == {"gnn": {"graph neural networks": 2}}  # "(ours)", "(Fig)", "(i)" define nothing
    assert found.spelled == {"gnn": ["GNN"]}  # as it is found in a text, the plural's "s" aside


def test_a_short_form_stands_for_a_phrase_only_where_most_of_its_definitions_give_it() -> None:
    found = mine(
        [
            *["Diffusion large language models (dLLMs) decode in parallel."] * 3,
            *["Continual learning (CL) forgets."] * 2,
            *["Contrastive learning (CL) pulls pairs together."] * 3,
        ]
    )

    def stem(word: str) -> list[str]:
        return [STEM(word)]

    # one word among the phrase's ("large") is the same topic: "dLLMs" for diffusion language models
    assert short_forms(found, stems("diffusion language models"), stem, 0.5) == ["dLLM"]
    assert short_forms(found, stems("language models"), stem, 0.5) == []  # a kind of it, not the phrase
    assert short_forms(found, stems("continual learning"), stem, 0.5) == []  # "CL" is mostly contrastive learning
    assert short_forms(found, stems("contrastive learning"), stem, 0.5) == ["CL"]


def test_the_index_short_forms_are_mined_once_and_kept(fixture_500: Settings) -> None:
    assistant = Assistant(fixture_500)
    store, keyword = assistant.retriever.store, assistant.retriever.keyword_index()
    table = defined(store, keyword)
    llm = table.longs["llm"]
    assert max(llm, key=lambda long: llm[long]) == "large language models" and "LLM" in table.spelled["llm"]
    assert (store.derived("abbreviations", keyword.revision) / "abbreviations.json").exists()


def test_a_list_holds_every_paper_whose_title_names_the_topic_with_or_without_its_modifier(
    fixture_500: Settings,
) -> None:
    """ "machine unlearning": the fixture's titles say "LLM unlearning", "concept unlearning", "unlearning"; the
    corpus shows "unlearning" alone means the same thing, so every one of them is listed and counted."""
    with gzip.open(shared_file("iclr2026_fixture_500.jsonl.gz"), "rt", encoding="utf-8") as stream:
        titled = {p["id"] for p in map(json.loads, stream) if re.search("unlearn", p["title"], re.I)}
    assert len(titled) >= 5
    answer = Assistant(fixture_500).answer("Which papers are about machine unlearning?", mode="extractive")
    assert answer.kind == "list" and titled <= set(answer.list or [])
    assert answer.count == len(answer.list or []) and f"{answer.count} papers" in answer.text


def test_a_list_answer_quotes_the_closest_papers_of_each_group_and_tables_the_rest() -> None:
    listed = ["a", "b", "c", "d", "e", "f"]
    closest = ["a", "e"]
    assert quoted_of([0, 1, 2], listed, closest, 3) == [0]
    assert quoted_of([3, 4, 5], listed, closest, 3) == [4]
    assert quoted_of([1, 2, 3], listed, closest, 3) == []  # a group with none of the closest is counted, not quoted
    assert quoted_of([1, 2, 3, 5], listed, [], 3) == [1, 2, 3]  # without the closest: the group's first few


def test_a_phrase_in_other_forms_is_its_short_forms_as_written_or_one_word_between() -> None:
    words = ["diffusion", "language", "models"]
    said = forms_pattern(words, stems(" ".join(words)), {(0, 2): ["dLLM", "DLM"], (1, 2): ["LLM"]})
    for text in (
        "Fast-dLLM accelerates dLLMs",
        "Constrained decoding of Diffusion LLMs",
        "TEST-TIME SCALING IN DIFFUSION LLMS",
        "we train diffusion large language models",
        "diffusion-based language models",
        "DLMs decode in parallel",
    ):
        assert said.search(text), text
    for text in ("diffusion models for language", "a dllm", "diffusion guided by an LLM"):
        assert not said.search(text), text  # a short form is found as the texts write it, the words in order
    # one word between is loose ("diffusion with LLM guidance"): only papers as close to the phrase's own count
    assert said.search("image diffusion with LLM guidance")


def test_a_shorter_phrase_stands_for_the_longer_only_where_their_chunks_are_about_the_same() -> None:
    """Three directions: the phrase's topic, another topic sharing its head word, and what every abstract has."""
    import numpy as np

    from rag.retrieval.topic import _same_topic

    rng = np.random.default_rng(0)
    common, topic, other = np.eye(8)[0], np.eye(8)[1], np.eye(8)[2]
    rows = [common + t + 0.3 * rng.standard_normal(8) for t in [topic] * 60 + [other] * 60 + [np.zeros(8)] * 80]
    matrix = np.asarray([r / np.linalg.norm(r) for r in rows], dtype=np.float32)
    phrase, same, elsewhere = (np.zeros(200, dtype=bool) for _ in range(3))
    phrase[:30], same[30:60], elsewhere[60:120] = True, True, True
    question = matrix @ (topic / np.linalg.norm(topic))
    assert _same_topic(matrix, question, same, phrase)  # "unlearning" beside "machine unlearning"
    assert not _same_topic(matrix, question, elsewhere, phrase)  # "collapse" beside "model collapse"
    few, far = np.zeros(200, dtype=bool), np.zeros(200, dtype=bool)
    few[:5], far[60:65] = True, True  # too few chunks for their centres: judged by the question's cosine
    assert not _same_topic(matrix, question, far, few)
