"""Answers read off blinds 114 and 115 over the 500-paper fixture: a topic raised with "what about" a field's plural
acronym, "SOTA" said as "state-of-the-art", the size of a benchmark the paper is named after, two papers set up in two
clauses and asked whether they share an idea, and a paper described by what it argues set against the paper just
discussed."""

from __future__ import annotations

from rag.answering.pipeline import Assistant
from rag.types import Turn

from .conftest import assert_states


def test_a_topic_raised_with_what_about_is_a_new_topic(extractive_500: Assistant) -> None:
    answer = extractive_500.answer(
        "what about MLLMs failing to actually read diagrams in math problems, has that been studied?",
        [Turn("What is PuzzleWorld?", "", ("5sAsjb2jCb",))],
    )
    assert not answer.refused and answer.cited_ids == ("RtvmTxdQV9",), answer.text


def test_sota_is_said_as_state_of_the_art(extractive_500: Assistant) -> None:
    first = "Is there a TTS method where the emotion can change over time within an utterance?"
    answer = extractive_500.answer("which emotion metrics does it claim SOTA on?", [Turn(first, "", ("x77sW1KUNE",))])
    assert not answer.refused, answer.text
    assert "Emo-SIM" in answer.text, answer.text


def test_the_size_of_the_benchmark_a_paper_is_named_after(extractive_500: Assistant) -> None:
    answer = extractive_500.answer("How big is PluriHarms? prompts / ratings / annotators")
    assert_states(answer, "u7lXflJQX9", ("150 prompts with 15,000 ratings from 100 human annotators",))


def test_two_clauses_asked_whether_they_are_the_same_idea(extractive_500: Assistant) -> None:
    answer = extractive_500.answer(
        "PruneSID prunes vision tokens, and the region-based representations paper regroups patches into regions. Is "
        "that basically the same idea or not?"
    )
    assert answer.kind == "compare", answer.text
    assert [c.paper_id for c in answer.citations] == ["i36E5Ezm0H", "avdPTUXdPG"], answer.text


def test_a_paper_described_by_what_it_argues_is_compared_with_the_one_discussed(extractive_500: Assistant) -> None:
    answer = extractive_500.answer(
        "how does it differ from the paper arguing that LoRA by itself already gives privacy benefits comparable to "
        "DP-SGD?",
        [Turn("What's LA-LoRA?", "", ("BPzSV4uw0x",))],
    )
    assert answer.kind == "compare", answer.text
    assert [c.paper_id for c in answer.citations] == ["BPzSV4uw0x", "xTVKObXd5r"], answer.text


def test_what_a_model_is_fine_tuned_on_is_answered_in_the_abstracts_words(extractive_500: Assistant) -> None:
    first = "Which papers check whether LLM-generated code is actually fast or efficient?"
    answer = extractive_500.answer(
        "The first one's a model, not a benchmark, right? what data is it fine-tuned on?",
        [Turn(first, "", ("PHJ5yK8b8V",))],
    )
    assert not answer.refused, answer.text
    assert "real-world optimization trajectories" in answer.text, answer.text
