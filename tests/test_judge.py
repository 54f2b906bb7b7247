"""The answer judge: a part and a sentence read together decide "not stated" beside the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from rag.answering import evidence, extractive, judge, ranking
from rag.answering.pipeline import Assistant
from rag.calibration import CALIBRATION
from rag.config import Settings
from rag.errors import ConfigError
from rag.reading.parts import Part
from rag.reading.questions import read_question
from rag.reading.text import sentences
from rag.types import Hit

from .conftest import MOE, FakePlainWords, seed_hit

ABSTRACT = (
    "We propose FlashSketch, a streaming sketch for attention that keeps a fixed memory budget. "
    "FlashSketch trains a 1.3B-parameter model on 8 A100 GPUs in two days. "
    "On LongBench it improves accuracy by 4.1 points over the strongest baseline."
)


class FakeJudge:
    """Says every sentence states the part with one chance, and records what it read."""

    def __init__(self, chance: float) -> None:
        self.chance = chance
        self.read: list[tuple[str, list[str]]] = []

    def __call__(self, part: str, texts: list[str]) -> list[float]:
        self.read.append((part, texts))
        return [self.chance] * len(texts)


def test_an_unknown_stated_judge_names_it_and_the_choices() -> None:
    with pytest.raises(ConfigError, match="unknown stated judge 'llm'; choose one of: model, rules"):
        judge.make_judge(Settings(stated_judge="llm"))


def test_the_rules_alone_need_no_judge() -> None:
    assert judge.make_judge(Settings(stated_judge="rules")) is None


def test_a_missing_judge_file_says_how_to_make_it_or_do_without(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(judge, "JUDGE", tmp_path / "absent.safetensors")
    judge._cached.cache_clear()
    with pytest.raises(ConfigError, match=r"train_answer_judge\.py, or set RAG_STATED_JUDGE=rules"):
        judge.make_judge(Settings(stated_judge="model", embedder_cache_dir=tmp_path))


def test_the_shipped_judge_holds_minilm_top_layers_and_its_head() -> None:
    from safetensors import safe_open

    with safe_open(str(judge.JUDGE), framework="pt") as f:
        names = list(f.keys())
    heads = [n for n in names if n.startswith(judge.HEAD)]
    assert sorted(heads) == ["judge.bias", "judge.weight"]
    layers = {int(n.split(".")[2]) for n in names if n not in heads}
    assert all(n.startswith("encoder.layer.") for n in names if n not in heads)
    assert max(layers) == 5 and len(layers) < 6, layers  # the rest is the shipped MiniLM, not copied here


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> judge.Judge:
    read = judge.make_judge(Settings(stated_judge="model", embedder_cache_dir=tmp_path_factory.mktemp("judge")))
    assert read is not None
    return read


@pytest.mark.parametrize(
    ("part", "states"), [("How many GPUs did they train on?", 1), ("How long does training take?", 1)]
)
def test_the_shipped_judge_finds_the_sentence_that_states_a_part(part: str, states: int, shipped: judge.Judge) -> None:
    chances = shipped(part, sentences(ABSTRACT))
    assert chances[states] == max(chances) and chances[states] >= CALIBRATION.judge_stated
    assert chances[0] < CALIBRATION.judge_stated  # the paper's proposal says nothing of it


def test_the_shipped_judge_finds_no_sentence_for_a_detail_never_given(shipped: judge.Judge) -> None:
    assert max(shipped("Which tokenizer do they use?", sentences(ABSTRACT))) < CALIBRATION.judge_stated


# Known misses of judge v3 (docs/quality.md, "The answer judge"): the sentence on how it was trained reads as stating
# a training hyperparameter (0.68 and 0.73; v2 gave 0.23 and 0.95); strict, so that a judge that reads them right is
# noticed.
@pytest.mark.xfail(strict=True, reason="known miss: a training sentence reads as stating a hyperparameter")
@pytest.mark.parametrize("part", ["What learning rate do they use?", "What batch size do they use?"])
def test_known_miss_a_training_sentence_for_a_hyperparameter(part: str, shipped: judge.Judge) -> None:
    assert max(shipped(part, sentences(ABSTRACT))) < CALIBRATION.judge_stated


PAPER = Hit(
    rank=1, paper_id="p1", title="FlashSketch", url="", score=1.0, passage=ABSTRACT, chunk=0, start=0,
    end=len(ABSTRACT), similarity=0.9, abstract=ABSTRACT,
)  # fmt: skip


def _found(question: str, read: judge.Judge | None, assistant: Assistant) -> list[evidence.Found]:
    """The question's parts answered in PAPER, the rules then `read` deciding what is stated."""
    keyword = assistant.retriever.keyword_index()
    reading = read_question(question)
    return extractive._answer_parts(question, reading, [PAPER], keyword, assistant.similar.of, set(), (), read)


def _answer_parts(question: str, fake: FakeJudge | None, assistant: Assistant) -> list[str | None]:
    return [f.sentence for f in _found(question, fake, assistant)]


def reading_part(question: str) -> str:
    return read_question(question).parts[0].text


def test_a_part_the_rules_answer_is_not_stated_when_the_judge_finds_no_sentence_for_it(
    assistant: Assistant,
) -> None:
    question = "How many GPUs did FlashSketch train on?"
    by_rules = _answer_parts(question, None, assistant)
    assert by_rules[0] is not None and "8 A100 GPUs" in by_rules[0]
    trusting = FakeJudge(0.9)
    assert _answer_parts(question, trusting, assistant) == by_rules
    assert trusting.read == [(reading_part(question), [by_rules[0]])]  # the rules' sentence holds: no other is read
    doubting = FakeJudge(0.0)
    assert _answer_parts(question, doubting, assistant) == [None]
    # every sentence of the paper is weighed, the rules' first: the part is not stated only when none states it
    first, rest = doubting.read
    assert first == (reading_part(question), [by_rules[0]]) and rest[0] == reading_part(question)
    assert sorted([*first[1], *rest[1]]) == sorted(sentences(ABSTRACT))


class FakeFavouring:
    """Finds one sentence far likelier to state the part than the others, which it still finds stated."""

    def __init__(self, favoured: str) -> None:
        self.favoured = favoured

    def __call__(self, part: str, texts: list[str]) -> list[float]:
        return [0.95 if self.favoured in t else 0.4 for t in texts]


def test_the_sentences_a_part_admits_are_ranked_by_closeness_and_the_judge(assistant: Assistant) -> None:
    """Dev (people-dev dx-034, blind 28 q020 ...): of the sentences the rules let answer a part, closeness alone
    often put a near one first; the judge reading each with the part weighs in (judge_rank_weight)."""
    question = "What does FlashSketch report?"
    by_rules = _answer_parts(question, None, assistant)[0]
    assert by_rules is not None
    assert _answer_parts(question, FakeJudge(0.5), assistant)[0] == by_rules  # the same chance for each: no change
    other = next(s for s in sentences(ABSTRACT) if s != by_rules)
    assert _answer_parts(question, FakeFavouring(other[:30]), assistant)[0] == other
    assert ranking.ranked([(0.9, "a"), (0.5, "b")], Part("part", "any"), None) == ([(0.9, "a"), (0.5, "b")], {})


def test_a_value_the_closest_sentence_holds_in_other_words_is_stated_where_the_judge_reads_it_so() -> None:
    """Blinds 26 and 30, people-dev2: "how often do big sim-to-real gaps still happen?" of "keeps the incidence of
    large sim-to-real gaps below 0.09%", "how much human labour went into building it?" of "Built with over 1,500
    hours of human labor": the part names no thing the sentence says, and its words fall short of the rules' bar."""
    from rag.reading.parts import split_parts

    intro = "We propose GapONet, an operator for the humanoid sim-to-real gap."
    gaps = "GapONet keeps the incidence of large sim-to-real gaps below 0.09% on unseen motions."
    wordy = "It also learns faster than every prior method we tried."
    paper = Hit.of_abstract(rank=1, paper_id="p", title="GapONet", url="", score=1.0, similarity=None,
                            abstract=" ".join((intro, gaps, wordy)))  # fmt: skip
    question = "how often do big gaps still happen with it?"

    def answer(judged: judge.Judge | None, closest: str = gaps) -> str | None:
        def similar(part: str, texts: list[str]) -> list[float]:
            return [0.45 if t == closest else 0.2 for t in texts]

        return evidence.answer_part(
            split_parts(question)[-1], paper, similar, lambda q, t: 0.0, str.split, set(), question, judged
        ).sentence

    assert answer(None) is None  # the rules alone: not stated, as before
    assert answer(FakeJudge(CALIBRATION.judge_rescue)) == gaps
    assert answer(FakeJudge(CALIBRATION.judge_rescue - 0.1)) is None
    assert answer(FakeJudge(0.99), closest=wordy) is None  # the closest sentence holds no figure
    # a count the rules read as of another thing stays unread: people-dev2 "how many people did the human ranking
    # annotations?" of "2,600 images from 13 state-of-the-art models and ... human-ranked annotations"
    counted = "We generate 2,600 images from 13 models and perform human-ranked annotations."
    other = Hit.of_abstract(rank=1, paper_id="q", title="LPG-Bench", url="", score=1.0, similarity=None,
                            abstract=f"We present LPG-Bench. {counted}")  # fmt: skip
    asked = "how many people did the human ranking annotations?"
    found = evidence.answer_part(
        split_parts(asked)[-1], other, lambda p, ts: [0.45 if t == counted else 0.2 for t in ts], lambda q, t: 0.0,
        str.split, set(), asked, FakeJudge(0.99),
    )  # fmt: skip
    assert found.sentence is None


def test_a_doubted_sentence_is_still_shown_beside_what_is_stated(assistant: Assistant) -> None:
    from rag.answering import compose

    # a gain asked with no dataset named: one "on LongBench" the sentence gives a figure for is the rules' own evidence
    # (rag.answering.asks.measured_on_said), which the judge does not overrule
    question = "How many GPUs did FlashSketch train on, and how much accuracy does it gain?"

    def doubts_gains(part: str, texts: list[str]) -> list[float]:
        return [0.0 if "gain" in part else 1.0 for _ in texts]

    found = _found(question, doubts_gains, assistant)
    assert found[0].sentence is not None and found[1].sentence is None
    assert found[1].doubted is not None and "4.1 points" in found[1].doubted
    text = compose.parts([PAPER], found).text
    assert "does not state" in text and "The closest it says:" in text and "4.1 points" in text
    # nothing stated: the whole decline quotes its closest sentence once, not each doubted part's
    none = [evidence.Found(f.part, f.paper, None, f.score, doubted=f.sentence or f.doubted) for f in found]
    assert "The closest it says" not in compose.parts([PAPER], none).text


def _whole(question: str, read: judge.Judge | None, assistant: Assistant, follows: bool = False) -> bool:
    """Whether the question is answered by MoEEdit's key sentences (True) or part by part."""
    keyword = assistant.retriever.keyword_index()
    moe = seed_hit(assistant, MOE)
    return extractive._whole_or_parts(question, read_question(question), [moe], keyword, follows, read)[0]


def test_a_question_naming_its_paper_that_no_sentence_states_is_answered_part_by_part(assistant: Assistant) -> None:
    """It opens like "What does MoEEdit do?", but no sentence of MoEEdit's abstract states what it asks."""
    question = "What hash function does MoEEdit use?"
    assert not any(p.asks_detail for p in read_question(question).parts)  # the rules read it as about the paper
    assert _whole(question, FakeJudge(0.9), assistant)
    doubting = FakeJudge(0.0)
    assert not _whole(question, doubting, assistant)
    moe = seed_hit(assistant, MOE)
    assert doubting.read == [(reading_part(question), sentences(moe.abstract))]  # every sentence weighed
    assert _whole(question, None, assistant)  # the rules alone (RAG_STATED_JUDGE=rules) answer it whole
    # one that names no paper looks for a paper, and a follow-up asks about the paper as a whole: no judge asked
    for asked, follows in (
        ("What hash function keeps MoE routing stable while editing?", False),
        ("What does it do?", True),
    ):
        untouched = FakeJudge(0.0)
        assert _whole(asked, untouched, assistant, follows) and not untouched.read, asked


def test_the_shipped_judge_answers_what_a_paper_does_whole_and_declines_a_detail_it_never_gives(
    shipped: judge.Judge, assistant: Assistant
) -> None:
    for question in ("What does MoEEdit do?", "How does MoEEdit keep routing stable?"):
        assert _whole(question, shipped, assistant), question
    assert not _whole("What hash function does MoEEdit use?", shipped, assistant)
    answer = assistant.answer("What curvature does MoEEdit use?")
    assert answer.refused and answer.cited_ids == (MOE,) and "does not state" in answer.text


ALS_LORA = (
    "The rapid advancement of Large Language Models (LLMs) has intensified the demand for efficient methodologies "
    "that balance model performance with hardware constraints, particularly GPU memory limitations. Quantization has "
    "emerged as a prominent technique for model compression, with QLoRA demonstrating the potential of low-rank "
    "matrices for quantization error compensation by integrating LoRA-based efficient fine-tuning. However, even LoRA "
    "fine-tuning requires substantial resources for models with tens or hundreds of billions of parameters. In this "
    "work, we explore low-rank matrix compensation for quantization errors without global LoRA fine-tuning, employing "
    "Alternating Least Squares (ALS) to better model and solve the optimization problem. We introduce a novel approach "
    "that refines low-rank matrix modeling by incorporating activation values and optimizing them directly through "
    "ALS, particularly under low-bit quantization conditions. Furthermore, we revisit the quantization interval "
    "partitioning in Round-to-Nearest (RTN) methods by introducing scaling factors that transform the discontinuous "
    "truncation function into a continuous optimization problem. Extensive experimental evaluations support our "
    "theoretical contributions. Our research reveals how low-rank matrices can effectively capture the intrinsic "
    "information of large models, overcoming limitations of traditional SVD-based approaches. Comprehensive "
    "experiments across standard benchmarks consistently show that our method outperforms state-of-the-art "
    "quantization techniques."
)


def test_a_comparison_quotes_the_sentence_the_judge_reads_as_stating_what_is_asked_of_both(
    shipped: judge.Judge,
) -> None:
    """Blinds 42, 45, 47, 50, 55 and 57 asked how ALS-LoRA reduces quantization error beside another method; the
    row quoted the sentence after the approach closest in the small embedder's meaning ("Our research reveals how
    low-rank matrices ..."), and the judge reads "... employing Alternating Least Squares (ALS) ..." as stating it
    (CALIBRATION.point_after)."""
    paper = Hit.of_abstract(
        rank=1, paper_id="p", title="ALS-LoRA", url="", score=1.0, similarity=None, abstract=ALS_LORA
    )

    def topic_first(question: str, texts: list[str]) -> list[float]:  # the small embedder's habit: the topic's words
        return [0.6 if t.startswith("Our research reveals") else 0.3 for t in texts]

    question = "ALS-LoRA vs the null-space PTQ paper - how does each one try to reduce LLM quantization error?"
    names: list[str | None] = ["ALS-LoRA", None]
    _works, asked = extractive._cells(question, names, paper, "ALS-LoRA", topic_first, FakePlainWords(), shipped)
    assert asked and "Alternating Least Squares (ALS)" in asked[0]
    _works, asked = extractive._cells(question, names, paper, "ALS-LoRA", topic_first, FakePlainWords())
    assert asked and asked[0].startswith("Our research reveals")  # the rules alone (RAG_STATED_JUDGE=rules): as before


SFF = (
    "Recently, large time series models (LTSM) have become popular and important because they exhibit "
    "characteristics similar to large language models, such as flexible context length, scalability, and task "
    "generality. However, existing research indicates that the pre-trained LTSM can show a poor non-convex loss "
    "landscape (indicating poor trainability). Hence, directly fine-tuning pre-trained LTSM shows overfitting, which "
    "leads to poor fine-tuning performance, even worse than training from scratch on the downstream datasets. This "
    "severely diminishes the value of the pre-trained LTSM. To address this, we propose a new fine-tuning method "
    "called Smoothed Full Fine-tuning (SFF). Specifically, before fine-tuning, we first construct an auxiliary LTSM "
    "with a smooth loss landscape (indicating good trainability) through random initialization. Second, we utilize "
    "it to smooth the loss landscape of the pre-trained LTSM through linear interpolation between their weights. As a "
    "result, the smoothed LTSM acquires good trainability while retaining good pre-training knowledge, thereby "
    "achieving better performance when fine-tuned on the downstream dataset. We also explain why SFF is effective "
    "from the perspective of optimization theory: interpolation perturbs sharp minima without obviously harming "
    "originally flat regions. Extensive experiments on popular datasets show that our method indeed improves the "
    "performance of eight popular LTSMs, e.g., Timer, TimesFM, MOMENT, UniTS, MOIRAI, Chronos, TTMs, and Sundial, in "
    "different downstream tasks."
)


def test_a_question_about_a_paper_as_a_whole_quotes_what_the_judge_reads_as_stating_it(
    shipped: judge.Judge,
) -> None:
    """Blind 42: "How does Smoothed Full Fine-tuning build and use the auxiliary model?" quoted the sentences closest
    in the small embedder's meaning (its cosines below) and left "Second, we utilize it ... through linear
    interpolation between their weights"; closeness plus the judge's chance, as a part's sentences are ranked
    (CALIBRATION.judge_rank_weight), quotes it."""
    from rag.answering import quotes

    cosines = [0.4, 0.31, 0.48, 0.27, 0.57, 0.5, 0.43, 0.54, 0.33, 0.27]  # all-MiniLM-L6-v2's, to this question

    def small_embedder(question: str, texts: list[str]) -> list[float]:
        return [cosines[sentences(SFF).index(t)] for t in texts]

    paper = Hit.of_abstract(rank=1, paper_id="p", title="SFF", url="", score=1.0, similarity=None, abstract=SFF)
    question = "How does Smoothed Full Fine-tuning build and use the auxiliary model?"
    judged = quotes.best_sentences(question, paper, small_embedder, set(), 5, None, shipped)
    assert any("linear interpolation between their weights" in s for s in judged)
    closest = quotes.best_sentences(question, paper, small_embedder, set(), 5)  # the rules alone: as before
    assert not any("linear interpolation" in s for s in closest)


def test_the_judge_of_a_question_about_a_paper_as_a_whole_reads_what_it_asks_not_its_scene() -> None:
    """Blind 59: "Linear ODEs are supposedly identifiable from a single trajectory. What does the paper on sparse
    linear ODEs find about the sparse case?" The judge reading the scene too put the abstract's opening, which
    echoes it, before "sparse systems are unidentifiable with a positive probability"."""
    from rag.answering import quotes

    paper = Hit.of_abstract(rank=1, paper_id="p", title="SFF", url="", score=1.0, similarity=None, abstract=SFF)
    reading = FakeJudge(0.5)
    scene = "Fine-tuning large time series models overfits because of a bad loss landscape."
    asked = "How does Smoothed Full Fine-tuning build and use the auxiliary model?"
    quotes.best_sentences(f"{scene} {asked}", paper, lambda q, texts: [0.0] * len(texts), set(), 5, None, reading)
    assert reading.read == [(asked, sentences(SFF))]


def test_a_follow_up_about_a_paper_as_a_whole_quotes_by_closeness_alone(assistant: Assistant) -> None:
    """A follow-up quotes one closest sentence beside the proposal; on dev and the read blinds' conversations the
    judge's choice lost more facts there than it found, so it weighs in on questions of their own only."""
    from rag.types import Turn

    keyword = assistant.retriever.keyword_index()
    moe = seed_hit(assistant, MOE)
    # a question of its own is read twice: whether a sentence states it (whole or part by part), then to rank them
    for follows, question, read in ((True, "How does it keep routing stable?", 0), (False, "What does MoEEdit do?", 2)):
        reading = FakeJudge(0.5)
        turns = [Turn("Which paper edits MoE models?", "MoEEdit [1] ...", (MOE,))] if follows else []
        extractive.extract(
            question, question, read_question(question), [moe], [moe], turns, keyword, assistant.similar.of,
            follows=follows, judge=reading,
        )  # fmt: skip
        assert sum(texts == sentences(moe.abstract) for _, texts in reading.read) == read, question
