"""The kind of value an asked part wants (rag.answering.values), and the "not stated" decision built on it.

Each rule with sentences it must and must not accept; the questions are from the people-written dev
sets (questions_people_dev), where the decision quoted a number or a name of the wrong kind.
"""

from __future__ import annotations

import re

from rag.answering import value_kinds, values
from rag.answering.evidence import answer_part
from rag.answering.values import numbers
from rag.config import Settings
from rag.reading.parts import split_parts
from rag.reading.text import defined_acronyms, flat_math
from rag.types import Hit


def kind_of(part: str) -> str | None:
    kind = value_kinds.wanted(part)
    return kind.name if kind else None


def test_what_kind_of_value_a_part_wants() -> None:
    assert kind_of("How many GPU hours did training the pipeline take") == "duration"
    assert kind_of("How long does it take to train CSRv2") == "duration"
    assert kind_of("how much time did it take to retrofit LLaDA-8B") == "duration"
    assert kind_of("What hardware were the experiments run on") == "hardware"
    assert kind_of("What GPUs was the screening model trained on") == "hardware"
    assert kind_of("what licence is LucidFlux released under") == "licence"
    assert kind_of("what kind of solver handles the optimization") == "description"
    # counterexamples: a length of context, a count of time-steps
    assert kind_of("How long a context does it handle") is None
    assert kind_of("with how many time-steps") is None
    assert kind_of("What score does it reach on Atari") == "score"
    assert kind_of("Did the authors release code") == "code"
    assert kind_of("Are the weights publicly available") == "code"
    assert kind_of("Who are the authors of The Free Transformer") == "authors"
    assert kind_of("which lab did it come from") == "authors"
    # counterexamples: weights shared inside a model, the authors' choice of data
    assert kind_of("Does it share weights across layers") is None
    assert kind_of("which datasets do the authors use") is None


def test_the_compute_a_method_needs_and_the_device_it_runs_on_are_values_of_their_kind() -> None:
    """Blinds 49, 60, 69: "how much compute does it need?" of "requiring only a single CPU core", "which device did
    the memory-bounded one run on?" of "on NVIDIA Jetson AGX Xavier" were declined or answered by another sentence."""
    assert kind_of("how much compute does it need") == "compute"
    assert kind_of("what compute budget does one run need") == "compute"
    assert kind_of("which device did the memory-bounded one run on") == "hardware"
    # counterexamples: what compute saves, how a thing is computed, devices that are data
    assert kind_of("how much compute does it save") is None
    assert kind_of("how do they compute the reward") is None
    assert kind_of("which device types does the dataset cover") is None
    compute = value_kinds.wanted("how much compute does it need")
    assert compute is not None and not compute.judged and compute.held is not None
    assert compute.held.search("while requiring only a single CPU core")
    assert compute.held.search("the minimal computational cost $N^*(\\varepsilon)$ required")
    assert not compute.held.search("reduces the computation costs by 5.7 times")


def test_a_sentence_holds_a_value_of_the_kind_asked() -> None:
    duration = value_kinds.KINDS[0]
    assert values.holds(duration, "It retrofits LLaDA-8B in three days on 16 H100s.", "")
    assert values.holds(duration, "Training takes 120 GPU-hours.", "")
    assert not values.holds(duration, "It needs only 6k hours of audio data on a single RTX 3090 GPU.", "")
    assert not values.holds(duration, "CSRv2 delivers a 7x speedup over MRL.", "")
    hardware = value_kinds.wanted("what hardware")
    assert hardware is not None
    assert values.holds(hardware, "It retrofits LLaDA-8B in three days on 16 H100s.", "")
    assert not values.holds(hardware, "We train a transformer with 8 layers.", "")
    assert values.holds(hardware, "Training takes 3 hours on a single GPU.", "")
    # the word alone is no hardware: "which GPU model?" is not told by "offloads between CPU and GPU memory"
    assert not values.holds(hardware, "Limited GPU memory forces offloading between the CPU and GPU.", "")
    count = value_kinds.wanted("How many annotators validated the instances")
    assert count is not None and not count.self_evident  # a count answers only in a sentence about the thing
    assert values.holds(count, "RF-MatID includes 16 fine-grained categories and thousands of samples.", "")
    assert not values.holds(count, "It improves accuracy by 20% and runs 7x faster.", "")
    assert not values.holds(count, "GIQ comprises synthetic images and 3D meshes of polyhedra.", "")
    assert not values.holds(count, "Specifically, we (1) built a pipeline and (2) established a database.", "")
    # what the question itself gave is no answer: "on an A100, how long ...?"
    assert not values.holds(hardware, "It runs on an A100.", "What does it reach on an A100?")


def test_a_name_of_another_kind_of_thing_does_not_answer() -> None:
    dataset_only = "attaining a ROUGE-N F1 score of 81.58 on our proposed MainWebBench dataset"
    assert not values.of_class("model", {"ROUGE-N", "MainWebBench"}, dataset_only)
    assert not values.of_class(None, {"TWINS"}, "we curate a sim-real paired dataset TWINS spanning robots")
    both = "gains on VSI-Bench and Video-MME with InternVL2-8B and Qwen2.5VL-72B"
    assert values.of_class("model", {"VSI-Bench", "InternVL2-8B"}, both)
    assert values.of_class("data", {"VSI-Bench"}, both)
    assert values.name_class(["which", "base", "model"]) == "model"
    # blind 37: a count in brackets is a count ("a tiny calibration set (256 samples)"); a list's "(1)" is none
    assert values.numbers("using a tiny calibration set (256 samples).") == {"256"}
    assert values.numbers("items (1) and (2) here") == set()
    # blind 36: the noun before "such as" says what the names after it are
    introduced = "a 10.7% gain on the dataset, enabling models such as Qwen2.5-3B-Instruct to outperform"
    assert not values.of_class("data", {"Qwen2"}, introduced)
    assert values.of_class("data", {"GSM8K"}, "We evaluate on benchmarks such as GSM8K and MATH.")
    # blind 38: names listed in brackets after a noun are all of its class, not only the first
    listed = "uses a network traffic dataset, compares hybrid classifiers (RF, SVM, XGBoost, and lightweight models)"
    assert not values.of_class("data", {"RF", "SVM", "XGBoost"}, listed)
    assert values.of_class("model", {"XGBoost"}, listed)
    assert values.of_class("data", {"HumanEval"}, "on three benchmarks (MMLU, GSM8K, HumanEval) with Llama-3")


def test_a_figure_measured_on_a_thing_the_paper_never_names_is_not_stated() -> None:
    abstract = "SLA-v3 explores MiniGrid and Atari environments (PitFall!) and improves over baselines by 20%."
    assert values.unmet_condition("What score does SLA-v3 reach on Montezuma's Revenge", abstract) == "Montezuma's"
    assert values.unmet_condition("What score does SLA-v3 reach on PitFall", abstract) is None
    assert values.unmet_condition("What score does it reach on average", abstract) is None  # no thing named
    assert values.unmet_condition("and what did GPT-4o score", abstract) == "GPT-4o"
    assert values.unmet_condition("besides LLMs, what task is it compared on", abstract) is None  # the field's
    assert values.YES_NO.match("Does the paper report results on the DNS Challenge data")
    assert not values.YES_NO.match("Is there a paper on the DNS Challenge data")
    # a yes-or-no question about a thing of the paper asks about what it names there too
    assert values.YES_NO.match("is the training data from Objaverse")
    assert not values.YES_NO.match("Do deep learning methods beat trees on tabular data")
    uv = "For semantic-awareness, our pipeline segments the mesh into semantic 3D parts and learns a UV atlas."
    assert found("is the training data from Objaverse?", uv) is None
    assert found("is the training data from ShapeNet?", f"{uv} It is trained on ShapeNet meshes.") is not None


def test_numbers_are_quantities_not_shapes() -> None:
    assert numbers("3D meshes of 20 polyhedra, 2D images") == {"20"}
    assert numbers("a 0.6B parameter model") == {"0.6"}


def found(question: str, abstract: str, title: str = "A Paper") -> str | None:
    paper = Hit.of_abstract(rank=1, paper_id="p", title=title, url="", score=1.0, similarity=None, abstract=abstract)
    part = split_parts(question)[0]

    def similar(text: str, texts: list[str]) -> list[float]:
        return [0.6] * len(texts)

    def terms(text: str) -> list[str]:
        return [w.lower().rstrip("s") for w in re.findall(r"\w+", text)]

    return answer_part(part, paper, similar, lambda q, t: 0.5, terms, set(), question).sentence


def test_a_part_is_stated_only_by_a_value_of_its_kind_about_it() -> None:
    speed = "CSRv2 delivers a 7x speedup over MRL in text embedding."
    assert found("How long does it take to train CSRv2 on the text embedding setups?", speed) is None
    took = "Training CSRv2 takes 3 hours on one GPU."
    assert found("How long does it take to train CSRv2 on the text embedding setups?", f"{speed} {took}") == took
    dataset = "Using only a 0.6B parameter model, it attains a ROUGE-N F1 score of 81.58 on our MainWebBench dataset."
    assert found("Which base language model is the 0.6B HTML extraction model built on?", dataset) is None
    base = "It is fine-tuned from the Qwen3-0.6B model."
    assert found("Which base language model is the extraction model built on?", f"{dataset} {base}") == base
    orca = "We propose ORCA, a new model for odorant-receptor affinity. It beats prior odorant models."
    assert (
        found("Which chemical foundation model does the odorant method fine-tune?", orca) is None
    )  # their own, not the base
    atari = "Evaluations on Atari environments (PitFall!) show a 20% higher score."
    assert found("What score does it reach on Montezuma's Revenge?", atari) is None
    assert found("What score does it reach on PitFall?", atari) == atari
    # a count told by what the benchmark holds, not by a share of the thing counted
    puzzles = (
        "We introduce PuzzleWorld, a benchmark of 667 puzzlehunt-style problems. The best model solves 14% of puzzles."
    )
    assert found("How many puzzles are in it?", puzzles) == puzzles.split(". ")[0] + "."
    annotators = "ZeroSecBench adds five augmentations and validates every instance."
    assert found("How many annotators validated the vulnerability instances?", annotators) is None


def test_which_things_are_answered_by_particular_ones_not_by_the_question_said_back() -> None:
    # the people-written dev sets' "which X" of an X no name list knows: the sentence only counts them
    counted = "We propose an evaluation framework with six settings and evaluate four LVLMs across two tasks."
    assert found("Which four LVLMs were evaluated?", counted) is None
    classic = "We show this limitation is inherent to the neighborhood aggregation paradigm of GNNs."
    assert found("Which GNNs does CausGNN improve?", classic) is None
    # named, listed or introduced as such, they answer
    named = "We evaluate four LVLMs (LLaVA-1.5, Qwen-VL, InternVL and MiniGPT-4) across two tasks."
    assert found("Which four LVLMs were evaluated?", named) == named
    listed = "It is tested in three areas: math, coding and science."
    assert found("Which areas is it tested in?", listed) == listed
    assert found("Which areas is it tested in?", "It is tested in three areas.") is None
    # the closest sentence naming one is about the thing asked, whether or not it says the thing's word
    jetson = "Our method enables memory-efficient training on NVIDIA Jetson AGX Xavier."
    assert found("On which edge device does the training framework run?", f"We study memory. {jetson}") == jetson
    assert found("On which edge device does the training framework run?", "We study memory on devices.") is None
    # "what kind of X" still wants a description of X
    solver = "The inner problem is handled by a convex solver with warm starts."
    assert found("What kind of solver handles the inner problem?", solver) == solver


def test_a_sentence_counting_what_the_question_counted_names_none_of_them() -> None:
    from rag.answering.values import counts_only

    six = "On Qwen-3-32B and Bloom-7.1B, it reaches 98% consistency across six languages while tuning 3% of weights."
    assert counts_only(six, "Which six languages were covered?")  # the models it names are no languages
    seven = "Experiments evaluated across seven widely-used benchmarks show that CGPO improves reasoning."
    assert counts_only(seven, "CGPO is evaluated on seven benchmarks. Which seven?")
    # the things counted and then named answer
    assert not counts_only("We cover six languages (English, German, ...).", "Which six languages?")
    assert not counts_only("We use three benchmarks: MMLU, GSM8K and ARC.", "Which three benchmarks?")
    # ... or name them further on, in brackets (blind 78); one name after the count is not them all
    spanning = "We evaluated it on four datasets spanning conversations (ShareGPT, WildChat) and QA (CaseHOLD, MedQA)."
    assert not counts_only(spanning, "It was evaluated on four datasets. Which ones?")
    assert counts_only("We evaluate four LVLMs on MMBench.", "Which four LVLMs?")
    causal = "Experiments on three public datasets show that CausalNovo generalizes across Noise Signal Ratios (NSR)."
    assert counts_only(causal, "CausalNovo reports results on three public datasets. Which three public datasets?")
    # blind 32 b32-q022: the names follow "named", set in bold
    named = "In this paper, we propose two benchmark, named \\textbf{EgoMemBench} and \\textbf{LifeMemBench}."
    assert not counts_only(named, "a paper with two benchmarks for memory. what are the benchmarks called?")
    principles = "Grounded in two practical and general principles, independence and sufficiency, it employs ..."
    assert not counts_only(principles, "Which two principles does it build on?")
    # "the first half of the layers" counts nothing the question names
    half = "For Llama3.3-70B, most medical knowledge is processed in the first half of the model's layers."
    assert not counts_only(half, "For which model is knowledge processed in the first half of the layers?")


def test_what_is_its_backbone_asks_for_a_name() -> None:
    part = split_parts("How many hours of speech did it train on, and what is its LLM backbone?")[1]
    assert (part.wants, part.head) == ("name", "backbone")
    assert split_parts("What is the model trained on?")[0].wants != "name"  # not asking for the model's name


def test_a_yes_or_no_detail_the_abstract_never_names_is_not_stated_and_quotes_the_closest(seeded: Settings) -> None:
    from rag.answering.pipeline import Assistant
    from rag.index.store import Store

    settings = seeded.model_copy(update={"answer_mode": "extractive"})
    ask = Assistant(settings, Store(settings)).answer
    answer = ask("Does TraDy report results on the GLUE benchmark?")
    assert answer.refused and answer.reason == "not_stated"
    assert [c.paper_id for c in answer.citations] == ["000_c31ea4fa21d0fe3c#1"]
    assert "does not state what results on the GLUE benchmark" in answer.text
    odd = ask("Does TraDy have a TPU implementation, and how does it pick channels?")
    assert 'does not state the answer to "Does TraDy have a TPU implementation?"' in odd.text
    closest = answer.text.split("The closest it says: ", 1)[1]
    assert closest.removesuffix(" [1].").rstrip(".") in answer.citations[0].passage  # a sentence of its abstract
    # what the abstract does name is answered from it
    said = ask("Does TraDy report its activation sparsity on the downstream tasks?")
    assert not said.refused and "99" in said.text


def test_names_the_question_offers_that_the_paper_never_says() -> None:
    from rag.answering.known import unsaid_names

    def paper(title: str, abstract: str) -> Hit:
        return Hit.of_abstract(rank=1, paper_id="p", title=title, url="", score=1.0, similarity=None, abstract=abstract)

    kv = paper("Can LLMs Keep Their Abilities under KV Cache Compression?", "We present KVFundaBench.")
    asked = "Which methods were benchmarked in KVFundaBench? I wonder if StreamingLLM and SnapKV were."
    assert unsaid_names(asked, [kv]) == ["StreamingLLM", "SnapKV"]
    # a name written in LaTeX is the same name: "$\text{G}^2$RPO" says G2RPO, "D$^2$-Edit" says D^2-Edit
    assert unsaid_names("What base model is G2RPO tuned from?", [paper(r"$\text{G}^2$RPO: Granular GRPO", "")]) == []
    assert unsaid_names("Is D^2-Edit built on SD 1.5?", [paper("Fashion Editing", r"named D$^2$-Edit.")]) == []


def test_an_answer_says_which_offered_names_its_paper_never_names(seeded: Settings) -> None:
    from rag.answering.pipeline import Assistant
    from rag.index.store import Store

    settings = seeded.model_copy(update={"answer_mode": "extractive"})
    answer = Assistant(settings, Store(settings)).answer(
        "How does TraDy pick which channels to update? I wonder whether it was compared with FastV."
    )
    assert not answer.refused
    assert answer.text.endswith(f"The abstract of **{answer.citations[0].title}** [1] does not name FastV.")
    # people dev2 dc-q104: a name typed with a superscript is the name a title sets in LaTeX ("$\text{G}^2$RPO")
    typed, _notices = Assistant(settings, Store(settings))._clean("G²RPO and the distillation method, H₂O: how?")
    assert typed == "G2RPO and the distillation method, H2O: how?"


def test_plain_words_set_as_math_are_read_as_written() -> None:
    said = (
        "ILRe can process a single $1M$ tokens request in less than half a minute and scores RULER-$1M$ "
        "benchmark of $\\approx 79.8$."
    )
    assert found("How long does a 1M-token request take?", said) == said
    assert found("What does it score on RULER-1M?", said) == said
    assert found("What does it score on RULER-128K?", said) is None  # a benchmark it never names
    # math that is math stays: "$\sim$1000$\times$" pairs its dollars left to right, "$_3$" is a subscript
    assert flat_math("up to $\\sim$1000$\\times$ faster") == "up to $\\sim$1000$\\times$ faster"
    assert flat_math("PFT$_3$A, MAS$^2$ and $k$-NN on $512$ GPUs") == "PFT$_3$A, MAS$^2$ and k-NN on 512 GPUs"


def test_code_is_released_only_where_a_sentence_says_so_and_authors_are_not_in_abstracts() -> None:
    code = value_kinds.wanted("did they release code")
    assert code is not None
    assert values.holds(code, "Code is available at https://github.com/x/y.", "")
    assert values.holds(code, "Our code and models will be publicly released.", "")
    assert not values.holds(code, "We evaluate code generation models on HumanEval.", "")
    assert not values.holds(code, "The method uses shared code books.", "")
    gains = "Experiments with 1.5B and 8B parameter transformers show substantial performance gains."
    assert found("Who are the authors of The Free Transformer?", gains) is None
    assert found("Did they release the code?", gains) is None
    released = f"{gains} Code is available at https://github.com/x/free."
    assert found("Did they release the code?", released) == "Code is available at https://github.com/x/free."


def test_an_acronym_spelled_by_the_words_before_it_names_no_model() -> None:
    assert "MMCL" in defined_acronyms("Multimodal Continual Learning (MMCL) aims to enable models to learn.")
    assert "GNN" in defined_acronyms("Graph Neural Networks (GNNs) are strong.")
    assert not defined_acronyms("our method (SUIT) works")
    assert not defined_acronyms("trained with GPT-4 (OpenAI) outputs")


def test_a_name_asked_by_what_it_names_is_answered_by_a_name_of_that_thing() -> None:
    # "the name of the dataset they released": a dataset's name answers, not the method's own name
    abstract = (
        "Image pairs are compared region by region. "
        "We contribute a region-level dataset, PandaSet, and an efficient architecture, Panda, to generate graphs."
    )
    asked = "What's the name of the dataset they released for it?"
    assert found(asked, abstract) == abstract.split(". ")[1]
    assert (
        found(asked, "Image pairs are compared region by region. We propose Panda, an efficient architecture.") is None
    )
    # an abbreviation the abstract defines for the very thing asked names it ("world model (WM)" still names no model)
    abstract = (
        "Subcortical nuclei are hard to parcellate. "
        "We use the generalized Cauchy-Schwarz divergence (GCSD) as the clustering objective."
    )
    assert found("Which divergence exactly is the clustering objective?", abstract) == abstract.split(". ")[1]


def test_a_factor_asked_is_told_by_a_factor_or_a_share_only() -> None:
    ratio = value_kinds.wanted("how many times faster is it than the previous state of the art")
    assert ratio is not None and ratio.name == "ratio" and not ratio.self_evident
    assert kind_of("How much faster is decoding") == kind_of("by what factor does it cut memory") == "ratio"
    # counterexamples: a count of calls, an amount
    assert kind_of("How many times does it query the model") is None
    assert kind_of("how much more memory does it use") is None
    for told in ("It is 3.2x faster than prior work.", "It achieves a $4.1\\times$ speedup.", "Memory drops by 40%."):
        assert values.holds(ratio, told, ""), told
    assert values.holds(ratio, "It is an order of magnitude faster and runs twice as fast on CPUs.", "")
    bounds = "The worst-case update time is $O(\\log n)$ and the query time is $O(d^2\\log^3(n))$ on 12 graphs."
    assert not values.holds(ratio, bounds, "")


def test_a_metric_asked_is_told_by_a_decimal_a_share_or_points() -> None:
    score = value_kinds.wanted("what F1 did XGBoost reach")
    assert score is not None and score.name == "score" and not score.self_evident
    assert kind_of("What hallucination success rate does GHOST reach") == "score"
    assert kind_of("and what pass@1 do the best LLMs reach on it") == "score"
    # counterexamples: the metric itself, a scoring rule
    assert kind_of("what accuracy metric do they use") is None
    assert kind_of("what scoring rule do they use") is None
    for told in ("It reaches an F1 of 0.92.", "Accuracy of 97.92% on DVS128.", "It improves Dice by up to 7 points."):
        assert values.holds(score, told, ""), told
    assert values.holds(score, "a PSNR gain of up to 4dB and $\\textbf{96.3}$% accuracy", "")
    split = "It uses a stratified split (70/15/15) and metrics including Accuracy, Recall and F1-Score on 12 datasets."
    assert not values.holds(score, split, "")


def test_an_absolute_figure_is_not_a_change() -> None:
    """Blinds 40 and 41: "What absolute AUC does Self-Critique reach?" was answered by "an AUC improvement of up to
    30%", "absolute success rate" by "60% higher success rate", "absolute top-1 accuracy" by "(↑0.1−13%)"."""
    from rag.answering.value_kinds import wanted
    from rag.answering.values import holds

    kind = wanted("What absolute AUC does Self-Critique reach on RL-MIA")
    assert kind is not None and kind.name == "absolute"
    for change in (
        "Self-Critique outperforms baseline methods, achieving an AUC improvement of up to 30%.",
        "they achieve $\\approx$ 60\\% higher success rate than MDM baselines",
        "Jumbo improves over ViT baselines on ImageNet-1K (↑0.1−13%).",
        "it improves accuracy by 5.2% and +4.5% on X",
    ):
        assert not holds(kind, change, ""), change
    for figure in ("a state-of-the-art 74.74\\% top-1 accuracy on ImageNet-1K", "reaching an AUC of 0.91 on RL-MIA"):
        assert holds(kind, figure, ""), figure
    assert wanted("What AUC does it reach") is not None and wanted("What AUC does it reach").name == "score"


def test_a_count_counts_the_plural_after_it_and_a_name_spelled_with_a_number_gives_it() -> None:
    """Blind 43: "How many constraint-specific experts does CoEKS use?" took "via two complementary components: a
    combination-of-experts ..." as a count of experts, and "How many views exactly does the MTTV objective use?" took
    "$\\textit{more than two views}$ (MTTV)", the name's own spelling."""
    from rag.answering.quotes import ANNOUNCED
    from rag.reading.text import spelling

    kind = value_kinds.wanted("How many constraint-specific experts does CoEKS use")
    assert kind is not None

    def terms(text: str) -> list[str]:
        return [w.lower().rstrip("s") for w in re.findall(r"[\w]+", text)]

    components = "It works via two complementary components: a combination-of-experts architecture and a strategy."
    assert not values.counts(kind, {"expert"}, components, terms)
    assert values.counts(kind, {"expert"}, "It routes tokens to 8 experts per layer.", terms)
    assert spelling("extended to cases involving $\\textit{more than two views}$ (MTTV).", "MTTV").endswith(
        "more than two views"
    )
    assert spelling("a model (MTTV) of views", "MTTV") == ""
    # the things counted listed some words on, after a colon (blind 43 q040)
    listed = "we identify two factors that play important roles in determining performance: A and B."
    assert not values.counts_only(listed, "Which two factors does the paper identify?")
    for announcing in ("Our contributions are twofold.", "To address this, we propose two key innovations."):
        assert ANNOUNCED.search(announcing), announcing
    assert not ANNOUNCED.search("We evaluate on two benchmarks and report gains.")


def test_a_score_is_no_digit_of_a_name_and_things_a_paper_describes_are_said_in_plain_words() -> None:
    """Blind 48: "What defense success rate does DeepResearchGuard get ...?" took "gemini-2.5-flash" for a rate, and
    "How much does PSDNorm improve balanced accuracy over BatchNorm?" took "4-times more data-efficient than
    BatchNorm"; "Which modules does it use?" and (blind 47) "on which architectures ...?" were declined where the
    abstract says them in plain words."""
    score = value_kinds.wanted(
        "What defense success rate does DeepResearchGuard get when o4-mini is the backbone model"
    )
    assert score is not None and score.name == "score"
    assert not values.holds(score, "across diverse LLMs, including gpt-4o, gemini-2.5-flash, DeepSeek-v3", "")
    for figure in ("a 28% higher success rate", "reaching 81.58 on X", "by 12.6\\% on GSM8K", "2.5$\\times$ faster"):
        assert values.holds(score, figure, ""), figure
    improves = value_kinds.wanted("How much does PSDNorm improve balanced accuracy over BatchNorm on left-out datasets")
    assert improves is not None and improves.name == "score"
    efficient = "PSDNorm achieves state-of-the-art performance while being 4-times more data-efficient than BatchNorm."
    assert found("How much does PSDNorm improve balanced accuracy over BatchNorm?", efficient) is None
    modules = (
        "We propose HEDRA for TKG reasoning. Specifically, a counterfactual detector module is proposed to disentangle "
        "non-causality. Experiments on five datasets show gains."
    )
    assert found("Which modules does it use?", modules) == (
        "Specifically, a counterfactual detector module is proposed to disentangle non-causality."
    )
    planner = "Moreover, we develop a continual World Model for EvoAgent. It plans well."
    assert found("Which specific large language model powers EvoAgent's planner?", planner) is None
    architectures = (
        "We show memorization. We demonstrate that this method performs well on various architectures (random "
        "features, two-layer fully-connected and deep residual networks)."
    )
    assert found("On which architectures do they show the reconstruction method works?", architectures)


def test_a_time_that_names_a_kind_of_method_asks_no_duration() -> None:
    """Blind 80: "inference-time intervention" is a kind of method; "the inference time" and "the training-time?"
    are durations."""
    from rag.answering.value_kinds import wanted

    assert wanted("which inference-time intervention did best") is None
    for asked in ("what is the inference time", "what was the training-time?", "how many GPU hours"):
        kind = wanted(asked)
        assert kind is not None and kind.name == "duration", asked
