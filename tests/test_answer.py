"""Answer logic over the real seed index: citation checking, refusal, follow-ups, summaries, comparisons.

The chat model is a scripted Fake here (the logic is under test); test_answer_e2e.py runs the real one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from pydantic import SecretStr

from rag.answering.evidence import answer_part
from rag.answering.grounding import degenerate, trim_loops
from rag.answering.holds import fits
from rag.answering.pipeline import Assistant
from rag.answering.quotes import best_sentences
from rag.answering.values import names, numbers
from rag.config import Settings
from rag.errors import InputError
from rag.index.store import Store
from rag.reading.history import as_turns
from rag.reading.parts import Part, split_parts
from rag.reading.questions import read_question
from rag.reading.text import defined_acronyms
from rag.reading.turns import follow_up
from rag.types import Answer, Delta, Hit, Turn

from .conftest import KV, MOE, SUIT, FakePlainWords


def assistant(seeded: Settings, *replies: str, **overrides: object) -> Assistant:
    settings = seeded.model_copy(update=overrides)
    return Assistant(settings, Store(settings), chat_model=FakeListChatModel(responses=list(replies)))


def _abstract_hit(title: str, abstract: str) -> Hit:
    """One paper as a search finds it, with the title and abstract given."""
    return Hit.of_abstract(rank=1, paper_id="p", title=title, url="", score=1.0, similarity=None, abstract=abstract)


def markers(text: str) -> list[int]:
    return [int(n) for group in re.findall(r"\[(\d+(?:, \d+)*)\]", text) for n in group.split(", ")]


def test_detail_questions_are_read_by_what_they_ask() -> None:
    """Rules calibrated on the dev split's absent-detail questions (rag/data/conference_dev.jsonl)."""
    parts = split_parts("Which multimodal base model is VRFT-Aug applied to, and exactly how many medical datasets?")
    assert [(p.wants, p.head) for p in parts] == [("name", "model"), ("number", "datasets")]
    assert split_parts("Which pretrained diffusion model underlies the pipeline?")[0].head == "model"
    about_one = read_question("Which baseline methods does NeTheR compare against?")
    assert about_one.kind == "lookup" and about_one.parts[0].asks_detail
    assert read_question("Which methods reduce KV-cache memory?").kind == "list"
    assert split_parts("How does it keep unreliable thinking rewards from misleading training?")[0].wants == "method"
    second = read_question("How big is that benchmark, and how does the best model compare with physicians?")
    assert second.kind == "lookup" and len(second.parts) == 2
    assert read_question("How does its 7B model compare with much larger models?").kind == "lookup"
    assert read_question("How does it differ from SUIT?").targets == ("it", "SUIT")
    # what leads into the asking words does not hide them; a preposition may lead them
    assert [(p.wants, p.head) for p in split_parts("Tell me the batch size used by X")] == [("number", "size")]
    lead = split_parts("Does the UniAIDet paper say exactly how many images its benchmark contains?")
    assert lead[0].asks_detail and lead[0].head == "images"
    kinds = split_parts("At exactly which layer does it branch, and from which pretrained model is it initialized?")
    assert [(p.wants, p.asks_detail) for p in kinds] == [("number", True), ("name", True)]
    assert split_parts("What kind of generative model simulates the partners?")[0].wants == "name"
    assert split_parts("Name the three benchmarks EVA is evaluated on, and say how many experts it uses")[1].head == (
        "experts"
    )
    # a scene set before the asking words, a "Does X report Y? If so ..." and a polite lead ask the same
    scene = split_parts("X claims state of the art on PMO — what is its summed top-10 AUC score there?")
    assert [(p.text, p.wants, p.asks_detail) for p in scene] == [
        ("what is its summed top-10 AUC score there", "number", True)
    ]
    reported = split_parts("Does SimLAP report a linear-probe top-1 accuracy on ImageNet? If so, what is it?")
    assert len(reported) == 1 and reported[0].asks_detail and reported[0].head == "accuracy"
    polite = split_parts("I'd like to know which benchmark graphs were used by the rewiring method.")
    assert polite[0].asks_detail and polite[0].wants == "name"
    assert split_parts("Which acquisition function do the authors use to pick queries?")[0].wants == "name"
    assert split_parts("Which clustering algorithm do the authors apply to the features?")[0].wants == "name"
    assert split_parts("MOSES is compared on four datasets: what are those datasets called?")[0].wants == "name"
    assert split_parts("Under what licence is the dataset released?")[0].asks_detail
    assert split_parts("What embedding dimension does the small transformer use?")[0].wants == "number"
    # what a sentence states, beyond the question and the paper's own terms
    assert {"WM", "LH", "MoS"} <= defined_acronyms(
        "a world model (WM) for long-horizon (LH) tasks, a mixture-of-students (MoS)"
    )
    assert "AGGR" in defined_acronyms("we propose a novel Adaptive Granular Graph Rewiring method (AGGR) that")
    assert not names("code is [here](https://anonymous.4open.science/r/e2e-model-444D/README.md)")
    assert "$\\tau$-bench" in names("boosts the pass rate on the text-based $\\tau$-bench by 6%")
    tasks = Part("What tasks was it evaluated on", "name")
    assert fits(tasks, "tests based on the 20 Questions game", set(), plain_names=True)
    assert not fits(tasks, "employing a Large Language Model (LLM) as a judge", {"LLM"}, plain_names=True)
    # a fourth batch, written apart: five words before the thing asked, systems; 2^N is a symbol, no number
    five = split_parts("Could you tell me which five real-world temporal knowledge graph datasets X is evaluated on?")
    assert five[0].wants == "name" and five[0].head == "datasets"
    assert split_parts("Which canonical ODE or PDE systems does LieDynNet recover symmetries for?")[0].wants == "name"
    assert (
        split_parts("What normalization layer helps EEG-based sleep stage classifiers generalize?")[0].wants != "name"
    )
    upto = split_parts("In the Hopfield paper with a rectified update, up to what network size N do simulations go?")
    assert [(p.wants, p.asks_detail) for p in upto] == [("number", True)]
    described = read_question(
        "Does the MA-BN paper, which studies batch norm for off-policy RL, say which suite it uses?"
    )
    assert described.kind == "lookup" and [p.wants for p in described.parts] == ["name"]
    assert not numbers("The network comprises \\(N\\) binary neurons, a state space of size \\(2^N\\)")


def test_a_name_the_question_or_the_paper_already_gave_does_not_answer_it() -> None:

    abstract = "We introduce the Universal Error Corrector (UEC-STD), which improves accuracy across diverse backbones."

    def found(question: str, text: str = abstract) -> str | None:
        paper = _abstract_hit("Reviving Error Correction", text)
        part = split_parts(question)[0]
        return answer_part(
            part,
            paper,
            lambda q, ts: [0.6] * len(ts),
            lambda q, t: 0.5,
            lambda t: re.findall(r"\w+", t),
            set(),
            question,
        ).sentence

    backbones = "Which forecasting backbones did they test it with?"
    assert found(backbones) is None  # UEC-STD is the method they propose, not a backbone
    tested = "It is tested with the PatchTST and DLinear backbones."
    assert found(backbones, f"{abstract} {tested}") == tested
    own = "We propose Granular-GRPO, a framework that fine-tunes a flow model with precise rewards."
    assert found("What base flow model is it fine-tuned from?", own) is None  # nor the model it starts from
    uv = "Our method segments the mesh into parts and applies a UV parameterization per part."
    assert found("For the UV-mapping pipeline, which segmentation method does it rely on?", uv) is None
    # a count the abstract gives in its own words: what the dataset holds, unless a sentence counts it by name
    holds = "RF-MatID includes 16 fine-grained categories grouped into 5 superclasses."
    rf = f"Accurate material identification matters for embodied AI. {holds}"
    assert found("How many materials does its dataset cover?", rf) == holds
    named = "It spans 40 materials."
    assert found("How many materials does its dataset cover?", f"{rf} {named}") == named


def test_read_questions() -> None:
    assert read_question("Compare MoEEdit and SUIT for knowledge editing.").targets == (
        "MoEEdit",
        "SUIT for knowledge editing",
    )
    r = read_question("How does it differ from SUIT?")
    assert (r.kind, r.targets) == ("compare", ("it", "SUIT"))
    assert read_question("What is the difference between TraDy and PERK?").targets == ("TraDy", "PERK")
    r = read_question("Summarise the paper about dexterous grasping")
    assert (r.kind, r.targets) == ("summary", ("dexterous grasping",))
    assert read_question("Which papers cut KV-cache memory?").kind == "list"
    assert read_question("What are the main approaches to KV cache compression?").kind == "list"
    assert read_question("Is there a paper that prunes KV caches?").kind == "lookup"
    parts = read_question("Which four datasets is HyperKAN evaluated on, and how many clients take part?").parts
    assert [(p.wants, p.head, p.asks_detail) for p in parts] == [
        ("name", "datasets", True),
        ("number", "clients", True),
    ]
    assert not read_question("Which work shows that the number of samples matters?").parts[0].asks_detail
    # blind 36: the asking words where the thing asked stands ("SR-3D is built on top of which LLM backbone?")
    for question in ("SR-3D is built on top of which LLM backbone?", "it was trained on how many GPUs?"):
        assert read_question(question).parts[0].asks_detail, question
    assert not read_question("KV eviction is related to which papers?").parts[0].asks_detail


MESSAGES = [
    {"role": "user", "content": "Which papers edit knowledge in LLMs?"},
    {
        "role": "assistant",
        "content": f"MoEEdit edits MoE models [1]. SUIT edits a subspace [2].\n\n**References**\n\n"
        f"[1] MoEEdit `{MOE}`  \n[2] SUIT `{SUIT}`  ",
    },
]


def test_history_is_turns_with_cited_ids_and_pasted_markdown_is_only_an_adapter() -> None:
    (turn,) = as_turns(MESSAGES)
    assert turn == Turn("Which papers edit knowledge in LLMs?", MESSAGES[1]["content"], (MOE, SUIT))
    assert as_turns([{"question": "q", "answer": "a", "cited": [KV]}]) == [Turn("q", "a", (KV,))]
    assert as_turns([{"role": "user", "content": "q"}, {"role": "assistant", "content": "a", "cited": [KV]}])[
        0
    ].cited == (KV,)
    for bad, where in (
        ("nope", "history must be a list"),
        ([3], "history[0]: expected an object"),
        ([{"role": "robot", "content": "x"}], "history[0]: field 'role'"),
        ([{"question": "q", "cited": "x"}], "history[0]: field 'cited'"),
    ):
        with pytest.raises(InputError, match=re.escape(where)):
            as_turns(bad)  # type: ignore[arg-type]


def test_follow_ups_point_at_the_cited_papers() -> None:
    turns = [Turn("Which papers edit knowledge in LLMs?", "…", (MOE, SUIT))]
    second = follow_up("How does the second one work?", turns)
    assert second.focus == (SUIT,) and "Which papers edit knowledge in LLMs?" in second.query
    assert follow_up("What does it report?", turns).focus == (MOE,)
    assert follow_up("Which papers use diffusion policies for offline RL?", turns).focus == ()
    assert follow_up("tell me more", []) == follow_up("tell me more", ())
    only_one = follow_up("Summarise the second one", [Turn("q", "a", (KV,))])
    assert only_one.focus == (KV,) and "no second one" in only_one.note
    # pasted chat with no references: the clause the earlier answer cited [2] is what to search
    pasted = Turn("KV cache papers?", "ICaRus shares one KV cache [1], and a paper routes queries by eviction [2].", ())
    second = follow_up("What does the second one report?", [pasted])
    assert "a paper routes queries by eviction" in second.query and "ICaRus" not in second.query


def test_degenerate_output_is_detected() -> None:
    assert degenerate("The the the the the the the the the the the the")
    assert degenerate("Yes [1].")
    assert not degenerate("It evicts cached keys with a learned policy under a memory budget [1].")


def test_a_supported_model_answer_keeps_checked_citations(seeded: Settings) -> None:
    reply = (
        "KV caching accelerates LLM inference by reusing key-value pairs, "
        "but under limited memory it depends on the eviction policy [1]. "
        "The moon is made of cheese [2]. "
        "Eviction and query routing trade off against each other [7]."
    )
    events = list(assistant(seeded, reply).stream("Which papers cut KV-cache memory?", mode="model"))
    assert any(isinstance(e, Delta) for e in events)
    answer = events[-1]
    assert isinstance(answer, Answer) and answer.mode == "model"
    assert "cheese" not in answer.text  # unsupported sentence dropped
    assert markers(answer.text) and max(markers(answer.text)) == len(answer.citations)
    assert KV in {c.paper_id for c in answer.citations}
    for c in answer.citations:  # every listed paper is cited in the text, and its passage is the one retrieved
        assert f"[{c.n}]" in answer.text
        assert c.passage in next(h.abstract for h in answer.retrieved if h.paper_id == c.paper_id)


def test_a_miscited_sentence_is_recited_to_the_passage_that_supports_it(seeded: Settings) -> None:
    a = assistant(
        seeded,
        "We give the first unified mathematical model of the trade-offs "
        "between KV cache eviction and query routing [3]. "
        "KV caching accelerates LLM inference by reusing key-value pairs from previous queries [3].",
    )
    answer = a.answer("Which papers cut KV-cache memory?", mode="model")
    assert answer.mode == "model"
    assert [c.paper_id for c in answer.citations] == [KV]
    assert markers(answer.text) == [1, 1]


def test_rambling_model_falls_back_to_extraction(seeded: Settings) -> None:
    a = assistant(
        seeded,
        "cache cache memory memory cache cache memory memory cache cache memory memory cache cache memory memory",
    )
    answer = a.answer("Which papers cut KV-cache memory?", mode="model")
    assert answer.mode == "extractive"
    assert any("not supported" in n for n in answer.notices)
    assert answer.citations and all(f"[{c.n}]" in answer.text for c in answer.citations)


def test_extractive_answer_quotes_only_retrieved_sentences(seeded: Settings) -> None:
    answer = assistant(seeded).answer("Which papers cut KV-cache memory?", mode="extractive")
    assert answer.mode == "extractive" and not answer.refused
    assert answer.kind == "list" and answer.count == len(answer.list) >= 2  # every matching paper, counted
    assert answer.text.startswith(f"{answer.count} papers") and answer.text.splitlines()[0].endswith(":")
    abstracts = " ".join(c.passage for c in answer.citations)  # each citation shows its paper's abstract
    items = [line for line in answer.text.splitlines() if line.startswith("- **")]
    assert len(items) == len(answer.citations) >= 2
    for item in items:  # "- **title** [n]: a sentence of that paper's abstract [n]."
        plain = re.sub(r" \[\d+\]", "", item.split("]: ", 1)[1]).strip()
        assert plain.rstrip(".") in abstracts
    assert KV in {c.paper_id for c in answer.citations}


def test_unanswerable_questions_are_refused_with_nearest_papers(seeded: Settings) -> None:
    a = assistant(seeded)
    for question in (
        "How do quantum neural networks avoid barren plateaus during training?",
        "What is the boiling point of water on Mars?",
        # shares "state of the art" and "diffusion models" with a seed, but no seed is about music
        "What is the current state of the art in music generation with diffusion models?",
    ):
        answer = a.answer(question)
        assert answer.refused and answer.mode == "refusal" and answer.citations == []
        assert "do not cover" in answer.text and answer.retrieved
    assert "None of the closest ones mentions music." in answer.text  # the field it asked about
    assert not a.answer("What does TraDy do?").refused  # a named method is never refused
    # no seed says "drug" or "molecule", but the docking paper is close in meaning
    docking = (
        "Do deep learning methods beat classical physics-based tools at predicting how a drug-like molecule binds "
        "to a protein when the receptor structure comes from a different complex?"
    )
    assert not a.answer(docking).refused


def test_summary_uses_the_whole_abstract_and_names_the_paper(seeded: Settings) -> None:
    answer = assistant(seeded).answer("Summarise the paper about dexterous grasping")
    assert answer.kind == "summary"
    (citation,) = answer.citations
    assert citation.paper_id == "000_c31ea4fa21d0fe3c#4"
    assert citation.passage == answer.retrieved[0].abstract
    assert answer.text.startswith("**DemoGrasp") and set(markers(answer.text)) == {1} and len(markers(answer.text)) >= 3


def test_compare_finds_both_methods_and_cites_every_cell(seeded: Settings) -> None:
    answer = assistant(seeded).answer("Compare MoEEdit and SUIT for knowledge editing.")
    assert answer.kind == "compare"
    assert [c.paper_id for c in answer.citations] == [MOE, SUIT]
    rows = [line for line in answer.text.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert [r.split("|")[1].strip() for r in rows] == ["MoEEdit [1]", "SUIT [2]"]
    for row, n in zip(rows, (1, 2), strict=True):
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert len(cells) == 5 and all(c.endswith(f"[{n}].") or c.endswith(f"[{n}]") for c in cells)


def test_compare_follow_up_resolves_it(seeded: Settings) -> None:
    history = [
        {"role": "user", "content": "Is there knowledge editing for mixture-of-experts models?"},
        {"role": "assistant", "content": f"Yes, MoEEdit [1].\n\n**References**\n\n[1] MoEEdit `{MOE}`  "},
    ]
    answer = assistant(seeded).answer("How does it differ from SUIT?", history)
    assert [c.paper_id for c in answer.citations] == [MOE, SUIT]


def test_comparisons_in_a_persons_words_cite_both_methods(seeded: Settings) -> None:
    """Read from the turn's cited ids ("it" is MoEEdit) or from two names in two sentences."""
    after = [Turn("Is there knowledge editing for mixture-of-experts models?", "Yes, MoEEdit [1].", (MOE,))]
    pointed = assistant(seeded).answer("What sets it apart from SUIT?", after)
    two_sentences = assistant(seeded).answer(
        "MoEEdit and SUIT both edit knowledge in LLMs. How do their ways of constraining parameter updates differ?"
    )
    listed = [Turn("Which papers edit knowledge in LLMs?", "MoEEdit [1] and SUIT [2].", (MOE, SUIT))]
    these_two = assistant(seeded).answer("How do these two differ?", listed)
    asked = assistant(seeded).answer("I work on knowledge editing. Could you compare MoEEdit with SUIT?")
    for answer in (pointed, two_sentences, these_two, asked):
        assert answer.kind == "compare" and [c.paper_id for c in answer.citations] == [MOE, SUIT]


def test_backend_failure_is_said_and_sources_kept(seeded: Settings) -> None:
    settings = seeded.model_copy(
        update={
            "llm_backend": "openai",
            "openai_base_url": "http://127.0.0.1:9/v1",
            "openai_api_key": SecretStr("sk-test-SECRET"),
            "llm_timeout_s": 3,
        }
    )
    answer = Assistant(settings, Store(settings)).answer("Which papers cut KV-cache memory?", mode="model")
    assert answer.error and "cannot reach" in answer.error and "SECRET" not in answer.error
    assert answer.retrieved and answer.citations and answer.mode == "extractive"


def test_question_limits(seeded: Settings) -> None:
    a = assistant(seeded, max_question_chars=50)
    with pytest.raises(InputError, match="empty"):
        a.answer(" \x00 \n ")
    answer = a.answer("dexterous grasping with multi-fingered hands " * 100)
    assert any("cut to its first 50 characters" in n for n in answer.notices)


def test_loops_are_trimmed_not_thrown_away() -> None:
    text = (
        "TraDy selects channels at random each epoch. This improves the performance of networks. "
        "This improves the performance of neural networks. This improves the performance of networks."
    )
    assert trim_loops(text) == "TraDy selects channels at random each epoch. This improves the performance of networks."


def test_a_short_new_question_is_not_merged_with_the_last_one() -> None:
    turns = [Turn("Which papers study zebrafish?", "None [1].", ())]
    assert follow_up("Which papers reduce KV-cache memory?", turns).query == "Which papers reduce KV-cache memory?"
    assert "zebrafish" in follow_up("Tell me more", turns).query


def test_the_check_drops_a_sentence_whose_numbers_or_names_its_passage_lacks() -> None:
    import numpy as np

    from rag.answering.grounding import check

    passages = ["DemoGrasp reaches 95% success on 175 objects."]

    def similar(rows: list[str], cols: list[str]) -> np.ndarray:
        return np.ones((len(rows), len(cols)))  # every sentence "close" to the passage: only the facts decide

    draft = (
        "DemoGraphers reaches 95% success on many objects [1]. DemoGrasp reaches 42% success [1]. "
        "DemoGrasp reaches 95% success on 175 objects [2]."
    )
    assert check(draft, passages, similar, 0.5) == ("DemoGrasp reaches 95% success on 175 objects [1].", 2)


def test_the_check_matches_whole_numbers_and_whole_names_not_substrings() -> None:
    import numpy as np

    from rag.answering.grounding import check

    passages = ["TRAGE improves retrieval by 42% on 1,200 queries."]

    def similar(rows: list[str], cols: list[str]) -> np.ndarray:
        return np.ones((len(rows), len(cols)))

    assert check("TRAGE improves retrieval by 4% overall [1].", passages, similar, 0.5) is None  # "4" is not "42"
    # nor "TRAG" "TRAGE" ("RAG", an acronym of the field, names no method: rag.reading.lexicon)
    assert check("TRAG improves retrieval by 42% overall [1].", passages, similar, 0.5) is None
    kept = check("TRAGE improves retrieval by 42% on 1,200 queries [1].", passages, similar, 0.5)
    assert kept == ("TRAGE improves retrieval by 42% on 1,200 queries [1].", 0)


def test_a_detail_the_abstract_does_not_give_is_declined_with_the_paper_cited(seeded: Settings) -> None:
    answer = assistant(seeded).answer("How many GPUs does TraDy train on, and which learning rate does it use?")
    assert answer.refused and answer.reason == "not_stated" and answer.kind == "lookup"
    assert [c.paper_id for c in answer.citations] == ["000_c31ea4fa21d0fe3c#1"]
    assert "does not state how many GPUs does TraDy train on" in answer.text


def test_a_question_of_several_parts_answers_the_stated_ones_and_says_which_are_not(seeded: Settings) -> None:
    answer = assistant(seeded).answer("Which layer does TraDy update, and say how many GPUs it trains on?")
    assert not answer.refused and [c.paper_id for c in answer.citations] == ["000_c31ea4fa21d0fe3c#1"]
    assert "does not state how many GPUs it trains on." in answer.text  # the asked detail, not "say how many"
    stated = answer.text.split("The abstract of")[0]
    assert "[1]" in stated and "channel" in stated.lower()


def test_a_follow_up_does_not_repeat_what_the_last_answer_quoted(seeded: Settings) -> None:
    a = assistant(seeded)
    first = a.answer("What does TraDy do?")
    follow = a.answer("What else does it show?", [first.turn()])
    assert [c.paper_id for c in follow.citations] == ["000_c31ea4fa21d0fe3c#1"]
    # TraDy's abstract has four sentences and the first answer quoted them all
    assert "says nothing beyond what the previous answer quoted" in follow.text
    partial = first.turn().__class__(first.question, first.text.split(" We introduce")[0], first.cited_ids)
    follow = a.answer("What else does it show?", [partial])
    assert "We introduce a dynamic channel selection" in follow.text and "We propose TraDy" not in follow.text


def test_every_asked_part_adds_its_own_sentence(seeded: Settings) -> None:
    question = (
        "How does TraDy choose which parameters to update when fine-tuning under a strict memory budget, "
        "and what sparsity does it reach?"
    )
    text = assistant(seeded).answer(question, mode="extractive").text
    assert "We propose TraDy" in text  # how it works: the method sentence, not only its result
    assert "99" in text and "activation sparsity" in text  # what it reaches


def test_a_quoted_sentence_is_chosen_by_the_asked_words_too() -> None:

    abstract = "Compression of large language models matters. We optimise the factors by alternating least squares."
    paper = _abstract_hit("Title", abstract)

    def generic_first(question: str, texts: list[str]) -> list[float]:  # the small embedder's habit
        return [0.6 if "matters" in t else 0.4 for t in texts]

    def words(question: str, text: str) -> float:
        return 1.0 if "alternating least squares" in text else 0.0

    question = "Which papers use alternating least squares?"
    assert best_sentences(question, paper, generic_first, set(), 1) == ["Compression of large language models matters."]
    assert best_sentences(question, paper, generic_first, set(), 1, words)[0].endswith("alternating least squares.")


def test_a_part_asking_what_a_benchmark_holds_or_where_models_fail_gets_the_sentence_that_says_it() -> None:
    from rag.reading.parts import Part

    abstract = (
        "We introduce PuzzleWorld, a benchmark of 667 puzzlehunt-style problems. "
        "On PuzzleWorld, the best model solves only 14% of puzzles. "
        "Error analysis shows that current models lack sketching skills."
    )
    paper = _abstract_hit("PuzzleWorld: A Benchmark", abstract)

    def results_first(question: str, texts: list[str]) -> list[float]:  # the small embedder's habit here
        return [0.7 if "solves" in t else 0.6 for t in texts]

    def no_words(question: str, text: str) -> float:
        return 0.0

    def answer(text: str) -> str:
        found = answer_part(Part(text, "any"), paper, results_first, no_words, lambda t: t.split(), set(), text)
        return found.sentence or ""

    assert answer("What is PuzzleWorld about") == "On PuzzleWorld, the best model solves only 14% of puzzles."
    assert answer("What does the PuzzleWorld benchmark contain").startswith("We introduce PuzzleWorld")
    assert answer("What weaknesses of current models does it expose").startswith("Error analysis")


def test_a_summary_says_how_the_method_works_and_skips_release_notes() -> None:
    from rag.answering import compose

    abstract = (
        "Virtual staining turns one stain into another. "
        "Multi-step diffusion gives good images. "
        "It is slow at high resolution. "
        "In this paper, we propose MagicStain, a single-step diffusion model for virtual staining. "
        "Specifically, we adapt a pretrained single-step diffusion model. "
        "By introducing pathology priors from a vision language model, MagicStain keeps tissue structure. "
        "We further propose a two-stage progressive training strategy. "
        "Experiments on three datasets show that MagicStain outperforms existing methods. "
        "Our code and trained models will be released."
    )
    paper = _abstract_hit("MagicStain", abstract)
    text = compose.summary(paper).text
    assert "Virtual staining turns" in text and "we propose MagicStain" in text and "outperforms" in text
    assert "pathology priors" in text and "two-stage progressive training" in text  # how it works
    assert "released" not in text and "Multi-step diffusion" not in text  # neither release notes nor background
    assert text.count("[1]") == 6


def test_a_comparison_row_says_how_the_method_works_not_its_opening_or_result() -> None:
    from rag.answering import extractive

    abstract = (
        "Harmful fine-tuning makes language models unsafe. "
        "We present RAAI, an attack-style method that induces harmful responses. "
        "Concretely, RAAI detects internal refusal signals and injects tailored phrases into prompts. "
        "Fine-tuning on RAAI data improves robustness to harmful prompts by 20%."
    )
    paper = _abstract_hit("RAAI", abstract)

    def opening_and_result_first(question: str, texts: list[str]) -> list[float]:  # the small embedder's habit
        return [0.3 if "Concretely" in t else 0.6 for t in texts]

    question = "How does Antibody differ from RAAI in the way each uses harmful content?"
    names: list[str | None] = ["Antibody", "RAAI"]
    works, asked = extractive._cells(question, names, paper, "RAAI", opening_and_result_first, FakePlainWords())
    assert works[0].startswith("Concretely, RAAI detects internal refusal signals")
    assert asked == ["Harmful fine-tuning makes language models unsafe."]  # no sentence after it is left: the closest
    # blind 29: past a sentence on another method's flaw, the first that says the method or "we"
    flaw = (
        "We present IncVGGT, a training-free variant of VGGT for long sequences. "
        "Vanilla VGGT relies on dense global attention, which makes memory grow quadratically. "
        "IncVGGT fuses overlapping frames and prunes the history to bound the cache. "
        "Results show 9x lower memory on 500-frame sequences."
    )
    works, _asked = extractive._cells(
        "how does it differ from CogniMap3D?",
        ["IncVGGT", "CogniMap3D"],
        replace(paper, abstract=flaw),
        "IncVGGT",
        opening_and_result_first,
        FakePlainWords(),
    )
    assert works[0].startswith("IncVGGT fuses overlapping frames")


def test_a_comparison_asking_two_things_of_both_answers_each_in_every_row() -> None:
    """Blind 33: "How do DafnyCOMP and Pluto differ, and how many problems does each have?" quoted the sentence
    closest to the whole question, on how they differ, and left the count; each thing asked gets its sentence."""
    from rag.answering import extractive

    abstract = (
        "Verified code generation is hard. "
        "We present DafnyCOMP, a benchmark of compositional programs. "
        "Concretely, DafnyCOMP chains several functions with specifications. "
        "Unlike single-function suites, it tests reasoning across function boundaries. "
        "The suite holds three hundred synthesized programs. "
        "Models fail on 80% of tasks."
    )
    paper = _abstract_hit("DafnyCOMP", abstract)

    def by_words(question: str, texts: list[str]) -> list[float]:  # close where the asked word is said
        asked = [w for w in ("differ", "problems") if w in question]
        said = {"differ": "Unlike", "problems": "programs"}
        return [0.2 + 0.5 * sum(said[w] in t for w in asked) for t in texts]

    names: list[str | None] = ["DafnyCOMP", "Pluto"]
    two = "How do DafnyCOMP and Pluto differ, and how many problems does each have?"
    works, asked = extractive._cells(two, names, paper, "DafnyCOMP", by_words, FakePlainWords())
    # how it differs is the sentence after how it works, which "How it works" quotes too (blind 78): the count is
    # still the row's
    assert [s[:10] for s in works] == ["Concretely", "Unlike sin"] and "The suite " in [s[:10] for s in asked]
    one = "How do DafnyCOMP and Pluto differ?"  # one thing asked: one sentence, as before
    _works, asked = extractive._cells(one, names, paper, "DafnyCOMP", by_words, FakePlainWords())
    assert len(asked) == 1


def test_a_comparison_row_gives_no_link_to_the_code_as_its_key_result() -> None:
    from rag.answering import compose

    abstract = (
        "Pooling loses information. We introduce DAVIS, a post-hoc technique. "
        "Specifically, DAVIS adds channel-wise variance to the pooled features. "
        "Our analysis explains the mechanism behind it. Our code is available here: https://github.com/x/DAVIS"
    )
    _problem, approach, result = compose.row_sentences(abstract)  # no sentence says a result in its words
    assert approach.startswith("We introduce DAVIS") and result == "Our analysis explains the mechanism behind it."


def test_a_comparison_row_whose_method_is_named_first_in_its_result_keeps_the_approach() -> None:
    """Blind 29: the abstract proposes "\\method{}" and names ShotKV first in its result, which the approach
    cell then showed twice over the sentence that says what ShotKV does."""
    from rag.answering import compose

    abstract = (
        "KV cache compression hurts fundamental abilities. "
        "We propose \\method{}, a compression approach that distinctly handles prefill and decoding phases. "
        "Empirical results show that ShotKV achieves 9% improvements on long-context generation."
    )
    paper = _abstract_hit("KV Compression", abstract)
    approach, result = compose.approach_of(paper, "ShotKV")
    assert "distinctly handles prefill and decoding" in approach and result.startswith("Empirical results")
    named = abstract.replace("We propose \\method{}", "We propose ShotKV")
    approach, _result = compose.approach_of(replace(paper, abstract=named), "ShotKV")
    assert approach.startswith("We propose ShotKV")
    # the name as the abstract writes it, in another case
    caps = (
        "Federated learning suffers under heterogeneous clients. Clustered FL tackles this by grouping similar "
        "clients. To address these limitations, FEDDAG introduces a clustered FL framework with a class-wise "
        "similarity metric. Experiments on diverse benchmarks show that FEDDAG consistently outperforms baselines."
    )
    approach, _result = compose.approach_of(replace(paper, abstract=caps), "FedDAG")
    assert approach.startswith("To address these limitations, FEDDAG introduces")


def test_the_approach_is_the_sentence_putting_forward_the_papers_own_method_in_more_words() -> None:
    """Blind 31: "This paper challenges the notion ... by introducing RIVAL, a framework ..." was not the approach
    (the comparison row quoted the problem instead), nor "we also introduce" or "this study proposes"; a method the
    paper builds on ("LoRA ... reduces costs by introducing two trainable low-rank matrices") is not its own."""
    from rag.answering import compose

    rival = (
        "Large language models have brought new perspectives to video understanding. "
        "Existing methods often rely on large-scale proprietary models, such as GPT-4. "
        "This paper challenges the notion that scale is the primary driver of capability by introducing RIVAL, a "
        "framework in which multi-agent collaboration lets smaller models rival larger ones. "
        "RIVAL sets a new state of the art on EgoSchema with 66.8% accuracy."
    )
    assert compose.row_sentences(rival)[1].startswith("This paper challenges the notion")
    for own in ("To facilitate this, we also introduce RL-MIA, a benchmark.", "This study proposes COP-Q."):
        assert compose.row_sentences(f"Problems abound. Many have tried. {own} It works well on all tasks.")[1] == own
    lora = (
        "Private federated fine-tuning is hard. LoRA reduces costs by introducing two trainable low-rank matrices. "
        "Our analysis reveals three challenges. To address them, we propose LA-LoRA. Experiments show gains."
    )
    assert compose.row_sentences(lora)[1] == "To address them, we propose LA-LoRA."


def test_a_size_is_told_in_parameters_and_hardware_by_its_chip() -> None:

    abstract = (
        "We propose Token Order Prediction (TOP), an auxiliary objective. "
        "We pretrain models of 340M, 1.8B, and 7B parameters using three objectives. "
        "TOP processes a request in half a minute on a Huawei Ascend 910B NPU."
    )
    paper = _abstract_hit("Predicting the Order of Upcoming Tokens", abstract)

    def flat(question: str, texts: list[str]) -> list[float]:
        return [0.3 for _ in texts]

    def no_words(question: str, text: str) -> float:
        return 0.0

    def terms(text: str) -> list[str]:
        return [w.lower().rstrip("s") for w in re.findall(r"\w+", text)]

    def answer(text: str, wants: str) -> str | None:
        return answer_part(Part(text, wants), paper, flat, no_words, terms, set(), text).sentence

    assert "340M" in (answer("At what model sizes was it tested", "number") or "")
    assert "NPU" in (answer("What hardware did the authors report", "name") or "")
    assert answer("Which datasets was it tested on", "name") is None  # not stated


def test_a_change_asked_after_a_description_is_a_result_and_a_bound_is_a_figure() -> None:
    """Blind 25 asked a described paper "how much better does it get" or "what regret do they get"; the part says
    nothing of what is measured, and was "not stated" of abstracts that give "48% higher" and an O(log T) regret."""

    intro = "We introduce HyperKAN, a plug-and-play personalized weights generator for federated learning."
    gain = "On four datasets HyperKAN achieves up to 48% higher accuracy than prior methods."
    cut = "KARMA achieves near-retraining efficacy with a 99.5% reduction in parameter updates."
    regret = "For unknown rewards, our bandit algorithm achieves an $O(\\log T)$ regret over a horizon $T$."

    assert _answered("how much better does it get", intro, gain) == gain
    assert _answered("how many fewer params does it touch", intro, cut) == cut
    assert _answered("how much token savings do they get", intro, cut) == cut
    assert _answered("what regret do they get", intro, regret) == regret
    assert _answered("how much better does it get", intro) is None  # no result with a figure: not stated
    # a change asked by its verb (people-dev3 dc-q078, blind 27 b27-q033): "how much does it cut ...", "how far did
    # ... raise ..." was a name-less number part no sentence was close enough to
    steps = "Concurrently, we reduce the average inference steps from 16 to 9.5, with fewer synaptic operations."
    raised = "Our method improves accuracy on GrayCount250 from 20.0\\% to 85.3\\%."
    assert _answered("how much does it cut the average number of inference steps", intro, steps) == steps
    assert _answered("how far did their fix raise accuracy on it", intro, raised) == raised
    assert _answered("how much does it cut the average number of inference steps", intro) is None
    assert _answered("what regret do they get", intro, "The regret is small in practice.") is None
    # "how much faster?" still wants a factor or a share, not any figure
    assert _answered("how much faster is it", intro, "It runs on 8 GPUs.") is None


def test_a_detail_told_in_other_words_than_asked_is_stated() -> None:
    """Blind 26: "what regret bound" of "an $O(\\log T)$ regret", "how much data" of "only 10K samples", "which
    perspectives" of "four detection perspectives (clustering and reconstruction ...)", "what kinds of perception
    tasks" of "ten diverse tasks spanning three critical domains: detection, ..." were each "not stated"."""

    intro = "We propose a flow-based ensemble for time series anomaly detection."

    def answer(question: str, *sentences: str) -> str | None:
        paper = _abstract_hit("A Paper", " ".join(sentences))
        found = answer_part(
            split_parts(question)[-1],
            paper,
            lambda q, ts: [0.2] * len(ts),
            lambda q, t: 0.0,
            lambda t: [w.lower().rstrip("s") for w in re.findall(r"\w+", t)],
            set(),
            question,
        )
        return found.sentence

    regret = "For unknown rewards, our bandit algorithm achieves an $O(\\log T)$ regret over a horizon $T$."
    assert answer("what regret bound do they get", intro, regret) == regret
    samples = "Fine-tuning on a subset of only 10K samples selected from a pool of 300K matches the baselines."
    assert answer("how much data did they end up using", intro, samples) == samples
    assert answer("how much data did they end up using", intro, "It uses much less data than others.") is None
    four = "We select four detection perspectives (clustering and reconstruction in temporal and frequency domains)."
    assert answer("which perspectives exactly does it combine", intro, four) == four
    assert answer("which perspectives exactly does it combine", intro, "It fuses several perspectives.") is None
    tasks = "We evaluate it on ten diverse tasks spanning three domains: detection, segmentation, and counting."
    assert answer("what kinds of perception tasks does it cover", intro, "It reasons before it acts.", tasks) == tasks


def test_a_count_answers_only_where_it_counts_the_thing_asked() -> None:
    """Blind 28: "how many queries are in their region-query dataset?" quoted "a dataset containing queries ...,
    a novel framework incorporating two key modules": the two count modules. What a dataset holds, counted in
    other words ("includes 16 fine-grained categories"), still answers where no sentence counts the thing."""

    def answer(question: str, *sentences: str) -> str | None:
        paper = _abstract_hit("A Paper", " ".join(sentences))
        terms = lambda t: [w.lower().removesuffix("ies").rstrip("s") for w in re.findall(r"\w+", t)]  # noqa: E731
        found = answer_part(split_parts(question)[-1], paper, lambda q, ts: [0.2] * len(ts), lambda q, t: 0.0, terms,
                            set(), question)  # fmt: skip
        return found.sentence

    modules = "Supported by a dataset containing queries on specific regions, we present UDIS with two key modules."
    asked = "how many queries are in their region-query dataset?"
    assert answer(asked, "We study image forgery localization.", modules) is None
    counted = "The dataset holds 12K region queries over 3,000 images."
    assert answer(asked, modules, counted) == counted
    steps = "We reduce the required number of sampling steps from 40-50 to just 8."  # the count after the thing
    assert answer("how many sampling steps does it need?", modules, steps) == steps
    categories = "RF-MatID includes 16 fine-grained categories grouped into 5 superclasses."
    assert answer("how many materials does the dataset cover?", "We study materials.", categories) == categories
    assert answer("how many materials does the dataset cover?", "It contains materials from many labs.") is None


def test_a_value_asked_of_another_named_thing_is_stated_by_the_sentence_that_names_it() -> None:
    """People-dev3 and blind 30: "ShoppingComp ... also what did GPT-5 score?" and "what did GPT-Image-1 score?" were
    "not stated", though a sentence gives "11.22% for GPT-5": the part names no thing it asks for, and the name it
    says was read only as given."""

    def answer(question: str, *sentences: str) -> str | None:
        paper = _abstract_hit("ShoppingComp: Are LLMs Ready for Your Cart?", " ".join(sentences))
        terms = lambda t: [w.lower().rstrip("s") for w in re.findall(r"\w+", t)]  # noqa: E731
        found = answer_part(split_parts(question)[-1], paper, lambda q, ts: [0.2] * len(ts), lambda q, t: 0.0, terms,
                            set(), question)  # fmt: skip
        return found.sentence

    intro = "We present ShoppingComp, a benchmark of 120 tasks for shopping agents."
    scored = "Even strong models do poorly (e.g., 11.22% for GPT-5, 3.92% for Gemini-2.5-Flash)."
    asked = "ShoppingComp - how many tasks? also what did GPT-5 score?"
    assert answer(asked, intro, scored) == scored
    assert answer(asked, intro, "Even strong models do poorly (e.g., 3.92% for Gemini-2.5-Flash).") is None
    faster = "It is also 7x faster than MRL at retrieval, with 14% higher accuracy."
    assert answer("how fast is it vs MRL?", intro, faster) == faster
    assert answer("how fast is it vs CSR?", intro, faster) is None


def test_the_papers_own_name_and_the_acronym_of_the_asked_words_name_no_dataset() -> None:
    """Blind 28: "PFT3A tabular test time adaptation - what datasets?" quoted "Extensive experiments demonstrate the
    effectiveness ... of PFT$_3$A in tabular TTA tasks": its own name set in math, and the acronym of the question's
    own words, read as the datasets; "test-time" as a test."""

    intro = "We propose PFT$_3$A for prior-free tabular test-time adaptation under label and feature shift."
    results = "Extensive experiments demonstrate the effectiveness and generalization of PFT$_3$A in tabular TTA tasks."
    named = "Experiments on the Adult and CoverType datasets show consistent gains."
    question = "PFT3A tabular test time adaptation - what datasets?"

    def answer(*sentences: str) -> str | None:
        paper = _abstract_hit("Prior-free Tabular Test-time Adaptation", " ".join(sentences))
        terms = lambda t: [w.lower().rstrip("s") for w in re.findall(r"\w+", t)]  # noqa: E731
        found = answer_part(split_parts(question)[-1], paper, lambda q, ts: [0.2] * len(ts), lambda q, t: 0.0, terms,
                            set(), question)  # fmt: skip
        return found.sentence

    assert answer(intro, results) is None
    assert answer(intro, results, named) == named


def test_a_sentence_that_sets_the_scene_is_searched_but_not_answered_as_asked(seeded: Settings) -> None:
    """The first sentence finds ActiveDPO; only the second asks, for the method's own name."""
    answer = assistant(seeded).answer(
        "For choosing which response pairs humans should label in preference learning, one method handles "
        "non-linear reward functions. What is the method called?",
        mode="extractive",
    )
    assert not answer.refused and "ActiveDPO" in answer.text.split("]: ", 1)[1]  # the quoted sentence names it
    assert "does not state for choosing" not in answer.text


def test_an_opening_reaction_no_abstract_says_is_no_sign_of_an_unknown_topic(
    assistant: Assistant, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rag.answering import pipeline
    from rag.reading.text import opening_aside

    assert opening_aside("Scary. Is there one for video?") == ("Scary", "Is there one for video?")
    assert opening_aside("Which paper is it? Thanks.") == ("", "Which paper is it? Thanks.")
    # a word no abstract uses marks an unknown topic at any scale here (the conference's rule, 57 papers)
    monkeypatch.setattr(pipeline, "CALIBRATION", pipeline.CALIBRATION.model_copy(update={"unseen_min_papers": 1}))
    reacted = assistant.answer("Oh yikes. Which paper randomizes eviction?")
    assert not reacted.refused and reacted.cited_ids[:1] == (KV,)
    assert assistant.answer("Which paper forecasts volcanic eruptions of the KV cache?").reason == "off_topic"


def test_chat_words_no_abstract_says_are_no_sign_of_an_unknown_topic(
    assistant: Assistant, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rag.answering import pipeline

    keyword = assistant.retriever.keyword_index()
    assert keyword.terms("wasnt there one, pretty sure, lol") == keyword.terms("there one, sure")
    monkeypatch.setattr(pipeline, "CALIBRATION", pipeline.CALIBRATION.model_copy(update={"unseen_min_papers": 1}))
    chatty = assistant.answer("wasnt there one that evicts kv cache randomly? pretty sure, kinda forgot how")
    assert not chatty.refused and chatty.cited_ids[:1] == (KV,)
    # blind 25's "ngl" and "maybe" declined two answerable new topics at 19,630 papers
    hedged = assistant.answer("ngl different question. one that evicts kv cache randomly maybe? how does it work")
    assert not hedged.refused and hedged.cited_ids[:1] == (KV,)


def test_a_chat_word_no_abstract_says_declines_only_a_question_little_else_of_which_is_covered(
    assistant: Assistant, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Off-topic questions written with such a word cover at most 0.40 of it (40 of them at 19,630 papers): one
    covering 0.455 here, "smth" and "budget" unseen, is answered; "volcanic eruptions" is still no topic."""
    from rag.answering import pipeline

    monkeypatch.setattr(pipeline, "CALIBRATION", pipeline.CALIBRATION.model_copy(update={"unseen_min_papers": 1}))
    keyword = assistant.retriever.keyword_index()
    question = "is there smth on random kv cache eviction for long context models on a budget?"
    assert keyword.unseen(question) == ["smth", "budget"]
    answer = assistant.answer(question)
    assert not answer.refused and answer.cited_ids[:1] == (KV,)
    assert assistant.answer("any smth on forecasting volcanic eruptions with long context models?").refused


def test_a_chat_word_declines_nothing_a_sentence_says_nearly_as_asked(
    assistant: Assistant, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "labmate" and "asked" no abstract says, and the papers cover 0.36 of the question, but a sentence of the KV
    paper reaches 0.68 cosine to it: off-topic questions with such a word reach 0.58 at most (19,630 papers)."""
    from rag.answering import pipeline

    monkeypatch.setattr(pipeline, "CALIBRATION", pipeline.CALIBRATION.model_copy(update={"unseen_min_papers": 1}))
    keyword = assistant.retriever.keyword_index()
    question = "my labmate asked: is there one that randomly evicts kv cache entries to save memory?"
    assert "labmat" in keyword.unseen(question)
    answer = assistant.answer(question)
    assert not answer.refused and answer.cited_ids[:1] == (KV,)
    assert assistant.answer("my labmate asked: which paper forecasts volcanic eruptions from tremor?").refused


def test_names_a_plain_word_or_a_dash_introduces_are_the_names_asked_for() -> None:
    """Blind 36: "What benchmark is GOAT evaluated on" of "... on the Overcooked benchmark" and "which two capabilities
    does it target" of "two core capabilities necessary for such settings---perceptual updating and contingency
    awareness---" were "not stated"."""

    intro = "We call our method GOAT: Generative Online Adversarial Training."
    overcooked = "We evaluate GOAT with real human partners, with state-of-the-art results on the Overcooked benchmark."
    assert _answered("What benchmark is GOAT evaluated on?", intro, overcooked) == overcooked
    humans = "We evaluate GOAT with real human partners, with state-of-the-art results."
    assert _answered("What benchmark is GOAT evaluated on?", intro, humans) is None
    two = (
        "We identify two core capabilities necessary for such settings---perceptual updating and contingency awareness."
    )
    demands = "Real-time interactive settings place new demands on vision-language models."
    assert _answered("which two capabilities does it target?", demands, two) == two
    counted = "We identify two core capabilities necessary for such settings."
    assert _answered("which two capabilities does it target?", demands, counted) is None


def test_tasks_listed_in_plain_words_and_models_counted_by_their_kind_are_stated() -> None:
    """People-dev3 and the blind batches: "which two downstream tasks ...?" of "downstream tasks such as concept
    detection and spurious correlation removal", "how many models were tested?" of "12 mainstream open-source MLLMs
    and 5 closed-source commercial MLLMs" were "not stated"; "why does it drop the squared l2 distance?" was read as
    asking for a number."""

    intro = "We propose to ensemble SAEs by naive bagging and boosting."
    tasks = "On downstream tasks such as concept detection and spurious correlation removal, the ensembles do better."
    assert (
        _answered("which two downstream tasks are used to show practical utility?", intro, tasks, terms=_stems) == tasks
    )
    vague = "On downstream tasks, the ensembles do better."
    assert (
        _answered("which two downstream tasks are used to show practical utility?", intro, vague, terms=_stems) is None
    )
    # blind 28: listed, but not as the tasks ("... neural dynamics, behavior and cognition ... during complex tasks")
    complex_tasks = "Its BOLD signals help study neural dynamics, behavior and cognition during complex tasks."
    assert _answered("in which task did they reproduce the BOLD signals?", intro, complex_tasks, terms=_stems) is None
    # blind 37: where a sentence names them, tasks "such as" others' are no answer
    others = "Video LLMs do well on tasks such as captioning, summarization, and question answering."
    named = "We design three QA tasks: Existence, Temporal, and Narrative."
    assert _answered("what tasks does it have?", others, named, terms=_stems) == named
    tested = "We test 12 mainstream open-source MLLMs and 5 closed-source commercial MLLMs."
    assert _answered("how many models were tested?", intro, tested, terms=_stems) == tested
    assert _answered("how many models were tested?", intro, "We test several MLLMs.", terms=_stems) is None
    assert split_parts("why does the l1 latent distance paper drop the squared l2 distance?")[0].wants == "any"


def _stems(text: str) -> list[str]:  # a FakeStemmer's terms: "MLLMs" is "mllm", "models" "model"
    return [w.lower().rstrip("s") for w in re.findall(r"\w+", text)]


def _words(text: str) -> list[str]:  # a FakeKeywordIndex's terms: the words as written
    return re.findall(r"\w+", text)


def _answered(question: str, *sentences: str, terms: Callable[[str], list[str]] = _words) -> str | None:
    """The sentence of an abstract made of `sentences` that answers the question's one part, every sentence as close
    in meaning (a FakeEmbedder's cosine) and none sharing its words; None: not stated."""
    paper = _abstract_hit("A Paper", " ".join(sentences))
    found = answer_part(
        split_parts(question)[0], paper, lambda q, ts: [0.2] * len(ts), lambda q, t: 0.0, terms, set(), question
    )
    return found.sentence


def test_how_a_proposed_method_works_follows_the_sentence_that_proposes_it(seeded: Settings) -> None:
    """Dev d1-012: "How does TraDy choose which parameters to update ...?" was answered by "We propose TraDy, a novel
    transfer learning scheme leveraging two key insights ..." alone; how it chooses is the sentence after it."""
    answer = assistant(seeded).answer(
        "How does TraDy choose which parameters to update when fine-tuning under a strict memory budget, and what "
        "sparsity does it reach?",
        mode="extractive",
    )
    assert "We propose TraDy" in answer.text
    assert "stochastically resamples channels between epochs" in answer.text
    assert "99\\% activation sparsity" in answer.text
    # a number asked is answered by the sentence stating it alone
    sparsity = assistant(seeded).answer("What activation sparsity does TraDy reach?", mode="extractive")
    assert "99\\% activation sparsity" in sparsity.text and "stochastically resamples" not in sparsity.text


def test_an_enumeration_quoted_is_quoted_whole(fixture_500: Settings) -> None:
    """Blind 40: "LiteCoST ... what are its two pillars?" quoted "Pillar 1: Chain-of-Structured-Thought (CoST)." and not
    "Pillar 2: SLM fine-tuning.", three sentences on; "What components do they propose?" of RMT quoted "we first
    introduce a dynamic token budget mechanism" and neither "Next, ..." nor "Finally, ..."."""
    from rag.answering.pipeline import Assistant
    from rag.answering.quotes import ENUMERATION_NEXT, ENUMERATION_START

    assistant = Assistant(fixture_500.model_copy(update={"answer_mode": "extractive"}))
    pillars = assistant.answer("LiteCoST for long-document QA with small models - what are its two pillars?")
    assert "Pillar 1: Chain-of-Structured-Thought" in pillars.text and "Pillar 2: SLM fine-tuning" in pillars.text
    components = assistant.answer(
        "The reinforcement mid-training paper (RMT) lists three challenges. What components do they propose to "
        "address them?"
    ).text
    for item in (
        "dynamic token budget mechanism",
        "curriculum-based adaptive sampling method",
        "dual training strategy",
    ):
        assert item in components, item
    for first in (
        "In particular, we first introduce a mechanism.",
        "First, we claim that priors distort.",
        "Pillar 1: X.",
    ):
        assert ENUMERATION_START.search(first), first
    for other in ("First-order methods are slow.", "We then show that it works.", "The first stage is fast."):
        assert not ENUMERATION_START.search(other) and not ENUMERATION_NEXT.search(other), other
    for after in ("Next, we design a sampler.", "Finally, we present a strategy.", "Second, we derive an SDE."):
        assert ENUMERATION_NEXT.search(after), after


def test_a_size_asked_of_a_thing_is_told_by_a_sentence_saying_that_thing(fixture_500: Settings) -> None:
    """Blind 40: "how big is the SAE dictionary?" was answered by "a neuroscience-motivated probing suite (63K images
    and 16K concepts)": any size answered a size. The size of the probing suite is still that sentence."""
    from rag.answering.pipeline import Assistant

    assistant = Assistant(fixture_500.model_copy(update={"answer_mode": "extractive"}))
    absent = assistant.answer(
        "For ViSAE, which ViT checkpoint did they trace concept circuits in, and how big is the SAE dictionary?"
    )
    assert absent.refused
    suite = assistant.answer("How big is the neuroscience-inspired probing suite behind ViSAE?")
    assert "63K images and 16K concepts" in suite.text and not suite.refused


def test_an_absolute_figure_asked_is_not_stated_by_a_change(fixture_500: Settings) -> None:
    """Blind 41: "What absolute AUC does Self-Critique reach on RL-MIA?" quoted "achieving an AUC improvement of up to
    30%"; the abstract gives no AUC itself. An absolute figure an abstract does give is still quoted."""
    from rag.answering.pipeline import Assistant

    assistant = Assistant(fixture_500.model_copy(update={"answer_mode": "extractive"}))
    assert assistant.answer("What absolute AUC does Self-Critique reach on RL-MIA?").refused
    given = assistant.answer(
        "What absolute top-1 accuracy does the ANN-SNN conversion paper reach on ImageNet-1K with ResNet-34?"
    )
    assert "74.74" in given.text and not given.refused


def test_a_network_and_a_count_asked_in_one_breath_are_both_answered(fixture_500: Settings) -> None:
    """Blind 41 q010: "Which network and how many time-steps?" was declined "not stated" of "... 74.74% top-1 accuracy
    on ImageNet-1K using ResNet-34 with only 8 time-steps"."""
    from rag.answering.pipeline import Assistant

    answer = Assistant(fixture_500.model_copy(update={"answer_mode": "extractive"})).answer(
        "The ANN-SNN conversion paper about eliminating unevenness error reports an ImageNet-1K result. Which network "
        "and how many time-steps?"
    )
    assert "ResNet-34 with only 8 time-steps" in answer.text and not answer.refused


def test_a_name_asked_for_is_told_by_the_name_a_sentence_gives_it(fixture_500: Settings) -> None:
    """Blind 42: "what's the name of the proxy they propose?" was "not stated" of "We introduce a practical proxy to
    MCL, called Distributionally Aware MCL (DaMCL)": an acronym the abstract defines was read as given, not as the name
    asked. "what is their controlled scaling dataset called?" named no thing asked, so "two complementary datasets:
    GrayCount250 for controlled scaling studies" was not about it."""
    from rag.answering.pipeline import Assistant
    from rag.reading.parts import Part

    assert Part("what is their controlled scaling dataset called", "name").head == "dataset"
    assistant = Assistant(fixture_500.model_copy(update={"answer_mode": "extractive"}))
    proxy = assistant.answer(
        "short-context dominance paper — how much context do most sequences need, and what's the name of the proxy "
        "they propose?"
    )
    assert "Distributionally Aware MCL (DaMCL)" in proxy.text and "does not state" not in proxy.text
    counted = assistant.answer(
        "Why do diffusion models fail at generating the right number of objects according to the numerosity paper, "
        "and what is their controlled scaling dataset called?"
    )
    assert "GrayCount250" in counted.text and "does not state" not in counted.text
