"""How questions are read: comparisons however worded, families compared, asked parts apart from the scene,
and the one lexicon, whose every example and counterexample runs here. Pure functions: no index."""

from __future__ import annotations

import importlib

import pytest

from rag.reading.contrasts import stands_for_earlier
from rag.reading.lexicon import LISTS, fields_named, with_apostrophes
from rag.reading.parts import split_parts
from rag.reading.questions import read_question
from rag.reading.text import asking_sentences
from rag.types import Turn

AFTER_ANSWER = [Turn("Which paper proposes MoEEdit?", "", ("paper-just-cited",))]


@pytest.mark.parametrize(
    ("question", "targets"),
    [
        (
            "DiffGDA and ADAlign both tackle graph domain adaptation. How do their strategies for bridging "
            "source and target graphs differ?",
            ("DiffGDA", "ADAlign"),
        ),
        ("What sets DiffGDA apart from ADAlign?", ("DiffGDA", "ADAlign")),
        ("Unlike SUIT, how does MoEEdit constrain parameter updates?", ("SUIT", "MoEEdit")),
        ("How do MoEEdit and SUIT each constrain updates?", ("MoEEdit", "SUIT")),
        ("How are MoEEdit and SUIT similar?", ("MoEEdit", "SUIT")),
        ("Between MoEEdit and SUIT, which one edits fewer parameters?", ("MoEEdit", "SUIT")),
        ("What are the trade-offs between MoEEdit and SUIT?", ("MoEEdit", "SUIT")),
        ("Which is faster, FlashAttention-3 or FlashAttention-2?", ("FlashAttention-3", "FlashAttention-2")),
        (
            "ZeroGR vs Retro* for document retrieval: how do their approaches differ?",
            ("ZeroGR", "Retro* for document retrieval"),
        ),
        ("Compare CGPO and MS-GRPO: how does each change policy-gradient RL training?", ("CGPO", "MS-GRPO")),
        # blind 40: a heading after the field it is in, one side described, the other named
        (
            "Active preference learning for reward models: the paper doing Bayesian inference in network subspaces vs "
            "ActiveDPO. How does each decide which preference queries to collect?",
            ("the paper doing Bayesian inference in network subspaces", "ActiveDPO"),
        ),
        # a dash ends a side's clause too: the rest asks about the two
        ("SSE vs LLA - which one is actually aimed at efficiency?", ("SSE", "LLA")),
        ("UUE vs GUARD for LLM unlearning — what's the core difference?", ("UUE", "GUARD for LLM unlearning")),
        # a side starts after the scene its clause sets, and ends at a sentence's end or at ", like what ..."
        (
            "token reduction in MLLMs: Sparsity Forcing vs the delta-guided pruning for Mamba. how are they different?",
            ("Sparsity Forcing", "the delta-guided pruning for Mamba"),
        ),
        ("What's the difference between PoseX and APEX, like what does each one contribute?", ("PoseX", "APEX")),
        ("How does AlphaRoPE compare with YaRN at 128k, e.g. on RULER?", ("AlphaRoPE", "YaRN at 128k, e.g. on RULER")),
        # a "vs" inside brackets sets no sides
        (
            "DAVIS and DEMO both detect OOD stuff (OOD images vs graph anomalies). what's each one's trick?",
            ("DAVIS", "DEMO"),
        ),
        (
            "MoEEdit vs SUIT: both edit knowledge in LLMs without retraining. How does each constrain updates?",
            ("MoEEdit", "SUIT"),
        ),
    ],
)
def test_comparisons_however_worded(question: str, targets: tuple[str, str]) -> None:
    reading = read_question(question)
    assert (reading.kind, reading.targets) == ("compare", targets)


@pytest.mark.parametrize(
    "question",
    [
        "Which baselines does MoEEdit compare against, and does it beat ROME?",  # MoEEdit's own evaluation
        "Does SUIT evaluate on both GPT-J and LLaMA-2?",  # "both" of what it uses, not of two methods
        "How much faster is FlashAttention-3 than FlashAttention-2?",  # one paper's result
        "Does SUIT use the same data as ROME?",
        "Which datasets does SUIT use, GPT-J or LLaMA?",
        # a contrast in one part of several asks about the first method's paper
        "What does PSDNorm do differently from BatchNorm or LayerNorm, and how much more data-efficient is it?",
        "About SocialWM: how many samples does it hold, and how much does RMSE drop versus time-series models?",
        # field acronyms are no method: "versus standard RAG" compares nothing
        "A framework maps API schemas before reading them. What percentage of tokens does it save versus RAG?",
        # a "vs" in the clause that says which paper is meant
        "In the study on prompt complexity vs quality of T2I synthetic data, which exact T2I models were tested?",
        # blind 27: a "vs" in a question of its own after "or" sets no side against the name before it
        "is it better than ELAS for saving memory or is that apples vs oranges",
    ],
)
def test_questions_that_name_two_things_without_comparing_them(question: str) -> None:
    assert read_question(question).kind != "compare"


def test_a_method_is_compared_with_the_paper_just_discussed() -> None:
    for question in (
        "How does it differ from SUIT?",
        "What sets it apart from SUIT?",
        "Is its approach different from SUIT's?",
    ):
        reading = read_question(question, AFTER_ANSWER)
        assert (reading.kind, reading.targets) == ("compare", ("it", "SUIT")), question
    # blind 25: "and vs ..." leaves out the paper just discussed; "that LORAX paper on ..." recalls another one
    odor = "and vs that LORAX paper on odorant representations, what's the main difference"
    reading = read_question(odor, AFTER_ANSWER)
    assert (reading.kind, reading.targets) == ("compare", ("it", "that LORAX paper on odorant representations"))
    assert [stands_for_earlier(t) for t in reading.targets] == [True, False]
    assert stands_for_earlier("that paper") and stands_for_earlier("its route to sample efficiency")
    assert read_question("vs SUIT - both edit knowledge right?", AFTER_ANSWER).targets == ("it", "SUIT")
    # blind 28: a side that is only the asking words ("what's different") leaves it out too
    asked = "what's different vs TARL, the tool use agent paper where an LLM judges each turn?"
    assert read_question(asked, AFTER_ANSWER).targets == (
        "it",
        "TARL, the tool use agent paper where an LLM judges each turn",
    )
    assert read_question("vs SUIT - both edit knowledge right?").kind != "compare"  # nothing was discussed
    assert read_question("What sets it apart from SUIT?").kind == "lookup"  # nothing was discussed before
    two = [Turn("Which papers edit knowledge?", "", ("first-cited", "second-cited"))]
    for question in ("How do they differ?", "What do both of them have in common?", "How do these two differ?"):
        assert read_question(question, two).targets == ("the first one", "the second one"), question
    assert read_question("How does the second one differ from SUIT?", two).targets == ("the second one", "SUIT")
    assert read_question("How do they differ from transformers?", two).kind == "lookup"  # a third thing
    assert read_question("How do they differ?", AFTER_ANSWER).kind == "lookup"  # one paper was cited
    assert read_question("How does its 7B model compare with much larger models?", AFTER_ANSWER).kind == "lookup"
    # a figure asked against a baseline ("vs the previous sota") sets no two methods against each other
    for question in (
        "by how much did effective sample size go up vs the previous sota?",
        "What share of tokens does it save versus standard RAG?",
    ):
        reading = read_question(question, AFTER_ANSWER)
        assert reading.kind == "lookup" and reading.parts[0].wants == "number", question
    assert read_question("Sharp MinMax vs SUIT?").kind == "compare"


def test_families_compared_are_a_list_of_papers() -> None:
    """Two families, no named method: the papers that compare them or study one against the other."""
    for question in (
        "How do state-space models compare to transformers on long context?",
        "How do diffusion models and GANs differ in sample diversity?",
        # blind 29: the asker's "I" is no method's name
        "how would I estimate the intrinsic dimension of the shared vs modality-specific parts of multimodal data?",
    ):
        assert read_question(question).kind == "list", question
    assert read_question("Compare Sparse State Expansion and Local Linear Attention.").kind == "compare"
    assert read_question("How does ICaRus differ from the randomized KV cache eviction approach?").kind == "compare"
    assert read_question("how's ICaRus different from ReMix, the off-policy RFT one").targets == (
        "ICaRus",
        "ReMix, the off-policy RFT one",
    )


def test_scene_setting_sentences_are_not_asked_parts() -> None:
    question = (
        "For choosing which response pairs humans should label, one method handles non-linear reward functions. "
        "What is the method called, and how many labels does it save?"
    )
    assert [(p.text, p.wants) for p in split_parts(question)] == [
        ("What is the method called", "name"),
        ("how many labels does it save", "number"),
    ]
    described = "STRIDE explains tabular models in an RKHS. On how many datasets is it benchmarked?"
    assert [(p.head, p.asks_detail) for p in split_parts(described)] == [("datasets", True)]
    # an order asks too; a question of one sentence, or with no asking sentence, is kept whole
    assert asking_sentences("It studies KV caches. Name the benchmarks.") == "Name the benchmarks."
    assert asking_sentences("Which paper studies KV caches?") == "Which paper studies KV caches?"
    assert asking_sentences("Papers on KV caches. Grasping too.") == "Papers on KV caches. Grasping too."
    # a clause that says which paper it means sets the scene, whatever asking word its description holds
    opened = (
        "In the study of how learning-time encoding affects unlearning, which unlearning algorithms and which "
        "LLMs were used?"
    )
    assert [p.text for p in split_parts(opened)] == ["which unlearning algorithms", "which LLMs were used"]
    # "..., and up to how many ...": a part may open with a preposition before its asking word
    fused = "What kind of retriever aligns LoRAs with prompts, and up to how many LoRAs can it fuse?"
    assert [p.text for p in split_parts(fused)] == [
        "What kind of retriever aligns LoRAs with prompts",
        "up to how many LoRAs can it fuse",
    ]
    # ... nor do the words of a title in quotes (blind 62)
    quoted = "In the 'models know when they do not know' paper, how many mislabeled ImageNet samples did they find?"
    assert [p.text for p in split_parts(quoted)] == ["how many mislabeled ImageNet samples did they find"]
    described = "For the method that explains how agents coordinate, what benchmark is used?"
    assert [(p.text, p.wants) for p in split_parts(described)] == [("what benchmark is used", "name")]
    # ... with no preposition before it, or ended by a dash (people-dev3, blind 29)
    named = "The study on how the optimizer's noise scale affects model merging - which architectures did they use?"
    assert [p.text for p in split_parts(named)] == ["which architectures did they use"]
    # a paper named before a colon or a dash sets the scene, and a short part after it asks on its own
    headed = "hyperKAN for personalized FL: which four datasets, how many clients, and what backbone do they run?"
    assert [(p.text, p.asks_detail) for p in split_parts(headed)] == [
        ("which four datasets", True),
        ("how many clients", True),  # a short piece naming what it asks for is a part of its own (blind 41)
        ("what backbone do they run", True),
    ]
    dashed = "Sparsity Forcing - on which MLLMs and on how many benchmarks was it evaluated?"
    assert [p.text for p in split_parts(dashed)] == ["on which MLLMs", "on how many benchmarks was it evaluated"]
    # a contraction typed without its apostrophe asks as the spelled one does
    unspelled = with_apostrophes("free transformer - how many tokens, and whats the dimensionality of the latent?")
    assert [p.text for p in split_parts(unspelled)][-1] == "what's the dimensionality of the latent"
    # a question about the paper itself is no scene: "In the paper, how ..." asks
    assert [p.text for p in split_parts("In this paper, how is the reward shaped?")] == ["how is the reward shaped"]


def test_which_one_of_things_named_before_asks_for_a_name_and_a_measure_compared_for_a_number() -> None:
    partitive = "Of the 12 classifiers benchmarked in PYRREGULAR, which one comes out on top?"
    assert [(p.text, p.wants) for p in split_parts(partitive)] == [("which classifier comes out on top", "name")]
    after = "Which four datasets were used, and on which one did that 48% happen?"
    assert [(p.text, p.wants) for p in split_parts(after)][1] == ("on which dataset did that 48% happen", "name")
    # "one" of nothing named, or of papers, stays as it was
    for unnamed in ("Which one uses fewer parameters?", "Of the two papers, which one is faster?"):
        assert [p.text for p in split_parts(unnamed)] == [unnamed.split(", ")[-1].rstrip("?")], unnamed
    # how a measure compares is a number, a detail the abstract may not give; how a method compares is not
    timed = "how does the wall-clock time of the conjugate-gradient approach compare to a generic nonlinear solver?"
    assert [(p.wants, p.asks_detail) for p in split_parts(timed)] == [("number", True)]
    assert [p.wants for p in split_parts("How does the method compare with prior work?")] == ["method"]


@pytest.mark.parametrize("words", LISTS, ids=lambda w: w.name)
def test_every_word_list_decides_its_examples_and_not_its_counterexamples(words: object) -> None:
    module, function = words.used_by.rsplit(".", 1)  # type: ignore[attr-defined]
    reads = getattr(importlib.import_module(module), function)
    for text, wanted in words.examples:  # type: ignore[attr-defined]
        assert set(wanted) <= set(reads(text)), (words.name, text)  # type: ignore[attr-defined]
    for text, unwanted in words.counterexamples:  # type: ignore[attr-defined]
        assert not set(unwanted) & set(reads(text)), (words.name, text)  # type: ignore[attr-defined]


def test_the_name_readers_share_one_list_of_field_acronyms() -> None:
    from rag.answering.values import GENERIC_NAMES, names
    from rag.reading.text import coined_names

    for acronym in ("RAG", "API", "CoT", "SFT", "LLM"):
        assert acronym in GENERIC_NAMES
        assert not coined_names(f"We beat {acronym} baselines.") and not names(f"We beat {acronym} baselines.")
    assert fields_named("Which papers separate musical sources in proteins?") == ["musical", "proteins"]


def test_what_a_part_asks_for_is_read_past_words_that_only_look_like_it() -> None:
    """Blind 26: "feature maps" is no mAP, "what kinds of perception tasks" asks for tasks, "what regret bound"
    for a regret, and "what about using LLMs to pick data ...?" brings up a topic rather than asking a detail."""
    from rag.reading.parts import Part, wants

    assert wants("what does it use to normalize feature maps") != "number"
    assert wants("what mAP does it reach on COCO") == "number"
    # a measure inside a compound ("test-time", "real-time", "fixed-size") asks for no figure; on its own it does
    assert wants("What's the downside of the inference-time interventions they tested") != "number"
    assert wants("which is about squeezing context into a fixed-size state") != "number"
    assert wants("what is the inference time on a single GPU") == "number"
    assert wants("what is its speed-up over FlashAttention") == "number"
    assert wants("what TM-score do they get on RecentPDB-RNA") == "number"
    # a measure in the plural (conference dev dy-035 "... and with what overall accuracies?" was read as a name)
    assert wants("with what overall accuracies") == "number"
    assert wants("what perplexities do they get") == "number"
    assert wants("which accurate model do they pick") != "number"
    assert Part("what kinds of perception tasks does it cover", "name").head == "tasks"
    assert Part("what regret bound do they get", "number").head == "regret"
    for topic in (
        "what about using LLMs to pick finetuning data for a task when the labels arent available",
        "what about that paper which replaces the MLP with a learned triangulated mesh",
        "how about a paper that compresses proteins with diffusion",
    ):
        assert wants(topic) == "any", topic
    # what is asked of a topic already raised is still a detail
    assert wants("what about its accuracy") == "number"


def test_two_papers_a_question_sets_up_are_read_one_by_one() -> None:
    from rag.reading.introduced import asked_of_each, introduced_sides

    for question, said in (
        (
            "One paper attacks LLMs with jailbreaks refined using memory pools, another defends with a smoothing "
            "scheme. How does each work?",
            ("attacks LLMs with jailbreaks refined using memory pools", "defends with a smoothing scheme"),
        ),
        (
            "two story visualization papers, Story-Iter and LogiStory: which one is training-free?",
            ("Story-Iter", "LogiStory"),
        ),
        # blind 27: sides set up by "one ... the other", "one ..., one ...", "papers: A and B", "Both A and the B paper"
        (
            "Two papers I found both use 'unlearning' but one is certified unlearning with noise and the other is "
            "test-time adaptation (Lana). Whats the role of unlearning in each?",
            ("is certified unlearning with noise", "is test-time adaptation (Lana)"),
        ),
        (
            "two papers on long-tailed data: one for class-conditional diffusion, one for self-supervised learning. "
            "what losses does each add?",
            ("for class-conditional diffusion", "for self-supervised learning"),
        ),
        (
            "LLMs for traffic: one does signal control across intersections, the other reads traffic signs. how do "
            "their training setups compare",
            ("does signal control across intersections", "reads traffic signs"),
        ),
        (
            "medical LLM papers: IBGraphRAG and the one about ranked-list answers. what problem does each fix",
            ("IBGraphRAG", "the one about ranked-list answers"),
        ),
        (
            "Both Parallel Prompting and the KV-cache eviction + query routing paper speed up LLM serving. What's the "
            "main lever each one pulls?",
            ("Parallel Prompting", "the KV-cache eviction + query routing paper"),
        ),
        (
            "Both the traffic-rule CoT paper and RegionReasoner use RL on vision-language models. how do the reward "
            "designs differ?",  # blind 28
            ("the traffic-rule CoT paper", "RegionReasoner"),
        ),
        # blind 29: "A and B (are) both ...", each side a name or a few words that open no question
        (
            "H+ and CABA are both about federated learning security, but from opposite sides. What does each propose?",
            ("H+", "CABA"),
        ),
        (
            "token order prediction (TOP) and latent lookahead both go beyond plain next token prediction. how do "
            "they differ?",
            ("token order prediction (TOP)", "latent lookahead"),
        ),
        # blind 33: "papers: A, and B." with a comma before the "and"
        (
            "KV cache papers: FlowKV, and the one combining randomized eviction with learned query routing. are they "
            "even solving the same problem?",
            ("FlowKV", "the one combining randomized eviction with learned query routing"),
        ),
        # blind 31: two named after a short heading
        (
            "privacy stuff: Sim-PE and the study on membership inference in generative text classifiers. one makes "
            "DP synthetic data, the other is about attacks. main takeaway of each?",
            ("Sim-PE", "the study on membership inference in generative text classifiers"),
        ),
        # blind 35: a heading that counts two, the first side holding an "and"
        (
            "Two ways of getting more physically plausible generated videos: the one where an MLLM critiques each "
            "video and rewrites the prompt, and DiffPhy. How do they differ in whether the generator gets trained?",
            ("the one where an MLLM critiques each video and rewrites the prompt", "DiffPhy"),
        ),
        # blind 37: a side described with what it is on; a sentence that only names the two; "there's A, and B."
        (
            "both the discounted-RL paper on efficient reasoning and SeedThink want reasoning models to stop "
            "overthinking. how do their approaches differ?",
            ("the discounted-RL paper on efficient reasoning", "SeedThink"),
        ),
        (
            "DAVIS and the 'prior distribution and model confidence' paper. which features/statistics does each rely "
            "on for flagging unreliable inputs?",
            ("DAVIS", "the 'prior distribution and model confidence' paper"),
        ),
        (
            "There's the paper testing if reasoning models ask for missing info on incomplete math problems, and "
            "BED-LLM. Do they both try to fix the problem or just measure it?",
            ("the paper testing if reasoning models ask for missing info on incomplete math problems", "BED-LLM"),
        ),
        # blind 38: "One ..., the other ..." opening a sentence after the one that counts them
        (
            "I read two papers about XAI evaluation being inconsistent. One explains why perturbation-based fidelity "
            "metrics disagree, the other blames interactions between feature groups. What does each propose?",
            ("explains why perturbation-based fidelity metrics disagree", "blames interactions between feature groups"),
        ),
        # blind 40: two counted after a few words, the first side with no "and" and no comma before the second
        (
            "I'm weighing two post-training quantization ideas: the null-space optimization paper and AEC-SVQ. What is "
            "the core trick in each, and which one targets W2A4?",
            ("the null-space optimization paper", "AEC-SVQ"),
        ),
    ):
        assert introduced_sides(question) == said, question
    for unset in (
        "Two papers use diffusion for time series. What is each one after?",
        "Which one is faster?",
        "Does it use both the encoder and the decoder?",  # "both" inside a sentence
        "Both the encoder and the decoder are frozen?",  # neither side called a paper
        "At one point the model forgets, and another loss fixes it. Which paper is it?",  # "one" opens no clause
        "is there one for protein design and one for RNA?",
        "Are the encoder and the decoder both frozen?",  # a question's opening
        "the encoder and the decoder are both frozen?",  # parts called by their kind
        "Images and text are both fed to the encoder?",
        "In TabPFN, are the encoder and decoder both frozen?",
        "Setup: the encoder and the decoder are frozen. Which is bigger?",  # a heading's sentence with a verb
        "What are the two benchmarks: the unsafe-video one, and which other?",  # "two" asked, not a heading
        "Two benchmarks come with StreamGuard. How many unsafe videos, and how long are they?",  # no colon
        "DAVIS and the OOD paper. Which dataset is bigger?",  # asks neither each nor both of them
        "There's the encoder and the decoder. Are they both frozen?",  # neither side called a paper
        # no full stop after the second
        "I trained two models on it: the encoder and the decoder frozen, and ran them. Which is better?",
    ):
        assert introduced_sides(unset) is None, unset
    # blind 31: "each" asked of two papers a "do" names (rag.answering.pairs searches each side alone)
    assert asked_of_each(
        "If I want my LLM to handle more languages, what do LinguaMap and the universal-tokenizer paper each suggest, "
        "and at which stage of training do they intervene?"
    ) == ("LinguaMap", "the universal-tokenizer paper")
    assert asked_of_each("how do the encoder and decoder each work?") is None  # neither named nor called a paper


def test_two_papers_set_up_as_a_paper_and_another_are_introduced() -> None:
    """Blind 38: "there's a paper on causal interventions ... and another on feature geometry under superposition ...
    do they address the same question?" was read as a lookup of one of them."""
    from rag.reading.contrasts import TWO_INTRODUCED

    assert TWO_INTRODUCED.search(
        "there's a paper on causal interventions producing divergent representations and another on feature geometry "
        "under superposition. do they adress the same question or not really?"
    )
    assert not TWO_INTRODUCED.search("there's a paper on causal interventions. is there another?")
    assert not TWO_INTRODUCED.search("There's a gap between train and test accuracy, and another one at scale?")


def test_a_comparison_after_the_field_it_is_asked_in_is_read_as_one() -> None:
    """Blind 38: "For QA over long or structured inputs, how does the ... approach differ from the one that ...?" was
    taken for a comparison asked in a second part, of the first part's paper, for its comma."""
    question = (
        "For QA over long or structured inputs, how does the chain-of-structured-thought + small model fine-tuning "
        "approach differ from the one that builds a low-fidelity map of the data and navigates it before reading "
        "details?"
    )
    assert read_question(question).sides == (
        "the chain-of-structured-thought + small model fine-tuning approach",
        "the one that builds a low-fidelity map of the data and navigates it before reading details",
    )
    assert read_question("In diffusion for time series, how does OATS differ from TimeWeaver?").targets == (
        "OATS",
        "TimeWeaver",
    )
    # a part asked before the comparison, or a paper the opening points at, is no field
    for question in (
        "Does SiFEN run on GPUs, and how does it compare with XGBoost?",
        "For the first one, how does it compare with XGBoost?",
        # people-dev3: a benchmark the opening names is the paper asked about
        "On the body-surface lesion VQA benchmark, how does the best MLLM compare with primary physicians?",
    ):
        assert read_question(question).kind == "lookup", question


def test_a_short_piece_that_asks_for_a_thing_of_its_own_is_a_part() -> None:
    """Blind 41: "Which network and how many time-steps?" was one part asking a name, so "using ResNet-34 with only 8
    time-steps" answered neither (no "network" in it). A short piece naming what it asks for is a part of its own; one
    that only asks ("and why", "if so, what is it") is not."""
    assert [(p.text, p.wants) for p in split_parts("Which network and how many time-steps?")] == [
        ("Which network", "name"),
        ("how many time-steps", "number"),
    ]
    assert [p.text for p in split_parts("which dataset and which metric?")] == ["which dataset", "which metric"]
    assert len(split_parts("What does it do, and why?")) == 1
    assert len(split_parts("Does it report F1? If so, what is it?")) == 1
    # a heading before a dash opens the question (blind 42): its yes-or-no part is asked too; "which ... are those -"
    # asks, and is no heading
    headed = "Angle k-means — does it add any hyperparameters, and which accelerated k-means variants does it beat?"
    assert [p.text for p in split_parts(headed)] == [
        "does it add any hyperparameters",
        "which accelerated k-means variants does it beat",
    ]
    asking = "Which datasets are those - does it include SHHS or MASS?"
    assert split_parts(asking)[0].text.startswith("Which datasets are those")


def test_a_part_is_read_for_what_it_asks_of_the_things_the_scene_counted() -> None:
    """Blind 43: "UDIS ... adds two modules. What are they called?" asked a name with no thing named, and "Which two
    factors does ... identify?" asked a figure ("factor" as in "by what factor"); both were declined "not stated"."""
    (modules,) = split_parts("UDIS for image forgery localization adds two modules. What are they called?")
    assert (modules.text, modules.wants, modules.head) == ("What are the two modules called", "name", "modules")
    assert split_parts("X names two failure modes. What are they?")[0].text == "What are the two failure modes"
    assert split_parts("It uses three datasets. What are they trained on?")[0].text == "What are they trained on"
    factors = split_parts("Which two factors does the paper on compositional generalization identify?")[0]
    assert (factors.wants, factors.head) == ("name", "factors")
    assert split_parts("By what factor does it speed up decoding?")[0].wants == "number"
    model = split_parts("What is the 1.5B model in the complex-network paper on how LLMs learn to reason?")[0]
    assert (model.wants, model.head) == ("name", "model")
    assert split_parts("what is the model trained on?")[0].wants == "any"
    benchmarks = split_parts("what are the seven benchmarks it was evaluated on?")[0]  # blind 46
    assert (benchmarks.wants, benchmarks.head) == ("name", "benchmarks")
    assert split_parts("what's the actual numeric lower bound on the probability?")[0].wants == "number"
    assert split_parts("what numerical experiments support it?")[0].wants != "number"


def test_a_comparison_is_read_past_a_sides_second_name_and_a_contrast_asked_last() -> None:
    """Blind 43: "the combinatorial dueling bandits paper (LinCDB/NCDB) and the ... paper" set LinCDB against NCDB, two
    names of one paper; "What are the core ideas of CARE and ProMoS, and how do they differ?" was read as a lookup
    at 19,630 papers; "what did UniFork find about ... in understanding vs generation tasks" as a comparison."""
    dueling = read_question(
        "The combinatorial dueling bandits paper (LinCDB/NCDB) and the submodular minimization with a dueling oracle "
        "paper both use relative feedback; how does the feedback differ between them?"
    )
    assert dueling.targets != ("LinCDB", "NCDB")
    core = read_question("What are the core ideas of CARE and ProMoS, and how do they differ?")
    assert (core.kind, core.targets) == ("compare", ("CARE", "ProMoS"))
    assert read_question("What does CARE do, and how many datasets does it use?").kind != "compare"
    # blind 44: two names of one paper's change, then "the two" of it and the paper just discussed
    one_paper = "is that related to the VD-GRPO change in Plan-R1? how do the two GRPO modifications differ?"
    assert read_question(one_paper).targets != ("VD-GRPO", "Plan-R1")
    within = read_question("What did UniFork find about modality alignment in understanding vs generation tasks?")
    assert within.kind != "compare"
    assert read_question("What does ZeroGR do vs Retro*?").kind == "compare"
    assert read_question("How does FlowKV perform on long vs short contexts?").kind != "compare"


def test_a_part_that_asks_where_and_a_figure_a_method_gets() -> None:
    """Blind 45: "Where do its object representations come from, and which benchmarks ...?" lost its first part as a
    scene ("In the MoE approach, where ..." still sets one), and "what PCK does it get" asked no figure."""
    assert [p.text for p in split_parts("Where do its object representations come from, and which benchmarks?")] == [
        "Where do its object representations come from",
        "which benchmarks",
    ]
    assert [p.text for p in split_parts("In the MoE approach, where experts are routed, which models are used?")] == [
        "which models are used"
    ]
    assert split_parts("what PCK does it get in the 1-shot setting?")[0].wants == "number"
    assert split_parts("what does it get rid of?")[0].wants != "number"


def test_what_about_a_thing_described_raises_a_topic_and_where_asks_after_a_scene() -> None:
    """Blind 46: "What about latent reduced-order models for PDEs with ...?" asked a name of models, and "what about
    decision-focused learning that uses diffusion models for the uncertain parameters?" a figure; both were declined
    "not stated" of the very paper. "In the CrossCheck benchmark, where do the images come from and ...?" lost its
    first part as a scene."""
    for raised in (
        "What about latent reduced-order models for PDEs with complicated boundary conditions?",
        "ok, and what about decision-focused learning that uses diffusion models for the uncertain parameters?",
    ):
        assert [p.wants for p in split_parts(raised)] == ["any"], raised
    for detail in ("What about its accuracy?", "what about top-1 accuracy on ImageNet?", "What about FID on CIFAR-10?"):
        assert split_parts(detail)[0].wants == "number", detail
    scened = "In the CrossCheck benchmark, where do the images come from and in what formats are the questions asked?"
    assert len(split_parts(scened)) == 2


def test_a_setting_in_time_asks_no_figure_and_one_of_the_papers_cited_is_asked_of() -> None:
    """Blind 48: "and what do they do with that detector at decoding time?" asked a figure and was declined; "which
    value of τ worked best?" asked none; "which existing acceleration methods does the first one compare against?" asked
    for papers. Blind 47: "What does ExpeAttack contribute compared with the paper that ties ...?" compared nothing."""
    assert split_parts("and what do they do with that detector at decoding time?")[0].wants == "any"
    assert split_parts("what speedup does it get at inference time?")[0].wants == "number"
    assert split_parts("what is the inference time?")[0].wants == "number"
    assert split_parts("which value of τ worked best on Sudoku?")[0].wants == "number"
    assert split_parts("what value does it bring to practitioners?")[0].wants != "number"
    two = [Turn("papers on faster k-means?", "", ("first-cited", "second-cited"))]
    baselines = read_question("which existing acceleration methods does the first one compare against?", two)
    assert baselines.kind == "lookup"
    assert read_question("which methods reduce KV cache memory?").kind == "list"
    described = (
        "What does ExpeAttack contribute compared with the paper that ties hallucinations and jailbreaks together?"
    )
    assert read_question(described).targets == (
        "ExpeAttack",
        "the paper that ties hallucinations and jailbreaks together",
    )
    assert read_question("What does X add compared with the earlier work on KV caching?").kind == "lookup"
    assert read_question("What F1 does X get compared with BERT?").kind == "lookup"


def test_what_a_paper_found_asks_no_figure_and_what_it_was_evaluated_on_asks_for_names() -> None:
    """Blind 66: "what did UniFork observe about modality alignment across depth?" and "what do they say happens once
    parameters exceed the threshold?" asked a figure (for "depth", "parameters") and were declined. Blind 69: "What are
    the three CZSL benchmarks EVA was evaluated on?" asked anything, and a sentence that names none answered it."""
    assert split_parts("What did UniFork observe about modality alignment across depth?")[0].wants == "any"
    assert split_parts("what do they say happens once parameters exceed the threshold?")[0].wants == "any"
    assert split_parts("what accuracy do they report?")[0].wants == "number"
    assert split_parts("what do they report as the error?")[0].wants == "number"
    evaluated = split_parts("What are the three CZSL benchmarks EVA was evaluated on?")[0]
    assert (evaluated.wants, evaluated.head) == ("name", "benchmarks")
    assert split_parts("What are the three benchmarks it was evaluated on?")[0].wants == "name"


def test_two_named_then_asked_of_each_or_one_named_and_another_paper_are_set_up() -> None:
    """Blinds 59, 65, 66, 67, 69: two papers set up in a sentence of their own ("H+ and CABA sit on opposite sides
    of ...", "I'm weighing Socratic-Zero against AgenticMath", "BOWS explains ..., and there's also a paper on ...")
    and then asked of "each" were read as lookups of one; a "vs" heading's side ran on past a dash."""
    from rag.reading.introduced import asked_of_two, introduced_sides

    for question, said in (
        (
            "H+ and CABA sit on opposite sides of federated learning security. How does each one work?",
            ("H+", "CABA"),
        ),
        (
            "I'm weighing Socratic-Zero against AgenticMath as ways to synthesize math training data. How much seed "
            "or generated data does each rely on?",
            ("Socratic-Zero", "AgenticMath"),
        ),
        (
            "ADOR and the numerosity paper each diagnose a cause - what root cause does each point to?",
            ("ADOR", "the numerosity paper"),
        ),
        (
            "BOWS explains feature geometry with autoencoders, and there's also a paper on ensembling SAEs. What "
            "does each claim about what autoencoders learn?",
            ("BOWS", "on ensembling SAEs"),
        ),
        (
            "There's IncVGGT for long-sequence 3D reconstruction and a separate paper on memory-bounded 3D Gaussian "
            "Splatting training. How does each keep memory from blowing up?",
            ("IncVGGT", "on memory-bounded 3D Gaussian Splatting training"),
        ),
    ):
        assert introduced_sides(question) == said, question
    # a word opening the sentence is no name: the sides are the two clauses after the heading (blind 78's reading,
    # below); two names asked of nothing each are not set up
    assert introduced_sides(
        "Counting seems broken in both directions: there's a benchmark showing VLMs can't count shapes, and a "
        "paper on numerosity in diffusion. How does each explain it?"
    ) == ("there's a benchmark showing VLMs can't count shapes", "a paper on numerosity in diffusion")
    assert introduced_sides("H+ and CABA sit on opposite sides of federated learning security.") is None
    assert asked_of_two("how do FracAug and DEMO create extra training samples?") == ("FracAug", "DEMO")
    assert asked_of_two("how do FracAug and DEMO each create extra training samples?") is None
    dashed = read_question(
        "G2RPO vs E-GRPO — both say GRPO's reward signal is too sparse. how does each make it denser?"
    )
    assert dashed.targets == ("G2RPO", "E-GRPO")


def test_any_two_clauses_joined_by_and_then_asked_of_each_are_set_up() -> None:
    """Blinds 78 to 80: one side described and one named, both described, after a heading or a dash; whether each
    clause is one paper, rag.answering.sides decides. Not clauses that no question asks of each."""
    from rag.reading.introduced import introduced_sides

    for question, said in (
        (
            "On learning from human interventions: one paper studies how real users actually intervene, and "
            "TubeDAgger uses reach-tubes. What is each trying to fix about existing interactive imitation learning?",
            ("one paper studies how real users actually intervene", "TubeDAgger uses reach-tubes"),
        ),
        (
            "optimizer papers - the one analyzing generalization of Lookahead with SGD, and VRAdam. are they even "
            "doing the same kind of thing?",
            ("the one analyzing generalization of Lookahead with SGD", "VRAdam"),
        ),
        (
            "A position paper argues LLM code translation needs formal methods, and separately there's a Dafny "
            "benchmark about specs across multiple functions. How do their contributions differ?",
            (
                "A position paper argues LLM code translation needs formal methods",
                "separately there's a Dafny benchmark about specs across multiple functions",
            ),
        ),
    ):
        assert introduced_sides(question) == said, question
    assert introduced_sides("I work on RL for robots, and I need a simulator. Which paper has one?") is None
    assert introduced_sides("It uses a teacher, and the student is small. What is the student?") is None


def test_things_counted_then_asked_of_as_they_or_ones_are_spelled_out() -> None:
    """Blinds 78 and 81: "Which ones?" and "What are they called?" after "four datasets", "two families of
    constraints", "a couple of benchmark datasets"; not "What are they trained on?", which asks something of them."""
    for question, part in (
        ("The data minimization paper evaluated on four datasets. Which ones?", "Which four datasets"),
        ("LieDynNet pairs models with two families of constraints. which ones?", "which two families"),
        (
            "StreamGuard introduced a couple of benchmark datasets. What are they called?",
            "What are the benchmark datasets called",
        ),
        ("UDIS adds two modules. What are they called?", "What are the two modules called"),
        ("X uses two losses. What are they trained on?", "What are they trained on"),
    ):
        assert [p.text for p in split_parts(question)] == [part], question


def test_figures_asked_by_a_symbol_or_an_exponent_and_things_named_after_adjectives() -> None:
    """Blinds 79 and 81: "what k do they use" and "the fitted power-law exponent" ask figures; "what a nice paper"
    does not. "the name of the paired sim-real dataset" asks for a dataset; "the dataset used in training" stops at
    the participle. "which of these has labels" asks of the papers, not of "ha"."""
    from rag.reading.parts import Part

    assert [p.wants for p in split_parts("what k do they use for the k-NN classifier?")] == ["number"]
    assert [p.wants for p in split_parts("what is the fitted power-law exponent they report?")] == ["number"]
    assert [p.wants for p in split_parts("what a nice paper, how does it work?")] == ["any", "method"]
    assert Part("what's the name of the paired sim-real dataset they collected", "name").head == "dataset"
    assert Part("what is the name of the dataset used in training", "name").head == "dataset"
    assert [p.text for p in split_parts("which of these has labels from actual pathologists?")] == [
        "which one has labels from actual pathologists"
    ]
    assert [p.text for p in split_parts("which of these methods is faster?")] == ["which of these methods is faster"]


def test_the_other_paper_doing_it_alike_is_a_relation() -> None:
    """Blind 78; not "does it use the same data?", which asks of one paper."""
    from rag.reading.contrasts import related

    assert related("does the numerosity paper go about it the same way?") == ("it", "the numerosity paper")
    assert related("does it use the same data?") is None
