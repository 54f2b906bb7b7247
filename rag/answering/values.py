"""The kind of value an asked part wants, and whether a sentence holds one.

"How many GPU hours did training take?" is answered by a duration ("three days", "120 GPU-hours"), not by any number
("6k hours of audio data", "a 7x speedup"); "What hardware?" by a chip ("16 H100s"), "What licence?" by a licence. A
part is stated only where a sentence about its subject holds a value of its kind; a part asking "what kind of solver"
wants a description, which any sentence about it gives. Examples and counterexamples: tests/test_values.py.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from rag.answering.value_kinds import ValueKind
from rag.reading.asking import asked
from rag.reading.lexicon import FIELD_ACRONYMS
from rag.reading.parts import YES_NO
from rag.reading.text import COUNTED, NAME

_NUMBER_TOKEN = re.compile(  # a quantity, not the digits inside a name (LLaMA-3-8B, Qwen2.5) nor a symbol (2^N)
    # "3D" is no count, nor a list's "(1)", "(2)"; a count in brackets is ("a tiny calibration set (256 samples)")
    r"(?<![\w.\-])(?!(?<=\()\d{1,2}\))\d+(?:[.,]\d+)*(?!\^\{?[A-Za-z]|\d|[.,]\d|D\b|\)\s)"
    # a number word, not a kind of thing ("two-stage", "three-dimensional")
    r"|\b(?:two|three|four|five|six|seven|eight|nine|ten|twice|double|half|dozens?|hundreds?|thousands?)\b(?!-)",
    re.I,
)


def numbers(text: str) -> set[str]:
    return {m.lower() for m in _NUMBER_TOKEN.findall(text)}


# Acronyms of the field, not names of a model, dataset or benchmark.
GENERIC_NAMES = FIELD_ACRONYMS.words


def names(text: str) -> set[str]:
    """Names a sentence states: models, datasets, benchmarks (ImageNet, LLaMA-3-8B), not "LLM-based"."""
    text = _URL.sub(" ", text)  # "[here](https://…/e2e-model-444D/README.md)" names nothing
    text = _SUBSCRIPT.sub(r"\1", text)  # "PFT$_3$A" is the question's "PFT3A"
    # letters set in bold or italics are the word they are in: "$\textbf{CROSS}$-attention" is cross-attention (blind
    # 105), "$\textbf{L}$oRA-based" no "L"
    # ... a word, where the abstract left out the space before it ("We introduce$\textbf{ZeroSecBench}$")
    text = _FORMATTED.sub(
        lambda m: (" " if len(m[1]) > 1 and text[m.start() - 1 : m.start()].isalpha() else "") + m[1], text
    )
    found = set(_BENCH.findall(text)) | set(_AT_K.findall(text)) | set(_SIZED_LOWER.findall(text))
    found |= set(_VERSIONED.findall(text))
    for name in NAME.findall(text):
        # "LLM-based" is a compound; "GPT-4o" and "Boltz-1x" are names (blind 102)
        compound = any(part.isalpha() and part.islower() for part in name.split("-")[1:])
        plural_acronym = name.endswith("s") and name[:-1].isupper()
        if not compound and not plural_acronym and name not in GENERIC_NAMES and not name.isdigit():
            found.add(name)
    return found


_FORMATTED = re.compile(r"\$?\\(?:textbf|textit|emph|mathbf|mathrm|texttt|underline)\{([^{}$]*)\}\$?")
_SUBSCRIPT = re.compile(r"(?<=[A-Za-z])\$_\{?([0-9A-Za-z]{1,3})\}?\$(?=[A-Za-z])")
_URL = re.compile(r"\S*https?://\S+")
_BENCH = re.compile(r"(?<!\S)\S+-bench\b", re.I)  # "$\tau$-bench", "tau-bench": benchmarks named in lower case
# a model named in lower case with its size: "dense embeddings in e5-mistral-7b-instruct-based text representation"
# (blind 104), "gpt-oss-20b"; not what it is the base of
_SIZED_LOWER = re.compile(
    r"(?<![\w-])[a-z][a-z0-9.]*(?:-[a-z0-9.]+)*?-\d+(?:\.\d+)?[bm](?:-(?!based\b)[a-z0-9]+)*(?![\w])"
)
# a name with its version after a dot: "a large diffusion transformer (Flux.1)" (blind 109), "Qwen2.5", "GPT-4.1"
_VERSIONED = re.compile(r"(?<![\w.-])[A-Z][A-Za-z]+(?:-?\d+)?\.\d+(?![\w.])")
_AT_K = re.compile(r"(?<![\w@])[A-Za-z]+@\d+\b")  # a metric at a cut-off: "pass@10", "Recall@20", "NDCG@10"


def counts(kind: ValueKind, head: set[str], sentence: str, terms: Callable[[str], list[str]]) -> bool:
    """A count of the very thing asked, said within a few words of it ("12K region queries", "the number of sampling
    steps from 40-50 to just 8"): "how many queries are in their dataset?" is not answered by "... a dataset
    containing queries ..., incorporating two key modules"."""
    held = kind.held.finditer(sentence) if kind.held else ()
    near = (" ".join([*sentence[: m.start()].split()[-3:], *_counted(sentence[m.end() :].split()[:4])]) for m in held)
    return any(head & set(terms(words)) for words in near)


def _counted(after: list[str]) -> list[str]:
    """The words after a count up to the plural it counts: "two complementary components" of "via two complementary
    components: a combination-of-experts ..." (blind 43) counts components, not experts."""
    plural = next((i for i, w in enumerate(after[:3]) if re.fullmatch(r"[a-z][\w-]*[^s\W]s[,.;:]?", w)), None)
    return after if plural is None else after[: plural + 1]


def holds(kind: ValueKind, sentence: str, given: str) -> bool:
    """The sentence holds a value of the kind that the question did not give itself."""
    if kind.held is None:
        return True
    said = {m.group().lower() for m in kind.held.finditer(sentence)}
    return bool(said - {m.group().lower() for m in kind.held.finditer(given)})


# Things asked by one word and stated by others: "at what model sizes" is told in parameters, "what
# hardware" by the chip ("on a Huawei Ascend 910B NPU").
SAID_AS = {
    "size": "parameters",
    "sizes": "parameters",
    "hardware": "GPU GPUs NPU NPUs TPU TPUs CPU CPUs accelerator",
    "time": "seconds minutes hours days weeks months",  # "how much time did it take?": "three days"
    # "what training data did they build?": "Video-Thinker-10K, a dataset"; "how much data?": "only 10K samples"
    "data": "dataset datasets corpus samples examples instances",
    # "how many models were tested?": "12 mainstream open-source MLLMs and 5 closed-source commercial MLLMs"
    "models": "LLMs MLLMs VLMs LVLMs LRMs",  # "across five widely used LRMs" (blind 116)
    # "how many MLLMs were evaluated?": "23 cutting-edge multimodal LLMs"
    "mllms": "LLMs",
    # "which baselines does SLCD compare against?": "SLCD outperforms the well-known PC, GES, BIC exact search, ..."
    "baselines": "outperforms surpasses compared",
    # "how many people were involved?": "curated by 35 experts" (blind 81)
    "people": "experts annotators participants raters workers crowdworkers volunteers humans users",
    # "which routing problem variants does VRPAgent try?": "multiple problems, including the capacitated VRP" (blind 80)
    "variants": "problems versions",
    # "which two components does Granular-GRPO add?": "a Singular Stochastic Sampling strategy is introduced", "we
    # introduce a Multi-Granularity Advantage-Integration module" (blind 87)
    # "what backbone architecture does FlowBatt use?": "FlowBatt leverages a ... (DiT) backbone" (blind 92)
    "architecture": "backbone",
    # "how many GNN backbones and datasets were tested?": "experiments across 14 GNNs on 12 real-world datasets" (blind
    # 113)
    "backbones": "GNNs CNNs LLMs VLMs MLLMs ViTs",  # by their family, not "models like FLUX" (people-dev 2)
    # "which modalities does it cover?": "supramodal emotion concepts across vision, text, and audio" (blind 112)
    "modalities": "vision visual text textual audio acoustic speech video image images",
    # "which emotion metrics does it claim SOTA on?": "state-of-the-art emotion similarity scores (Emo-SIM and ...)"
    # (blind 114)
    "metrics": "scores measures",
    # "which RL algorithm do they train with?": "we use Group Relative Policy Optimization (GRPO)" (blind 112)
    "algorithm": "optimization",
    # "how many examples do they fine-tune on?": "a subset of only 10K samples" (blind 93)
    "examples": "samples instances",
    "samples": "examples instances",
    # "how many seed problems does the whole loop start from?": "starting from only 100 seed questions" (blind 99)
    "problems": "questions tasks",
    "questions": "problems",
    # "what speedup do they report?": "improve end-to-end Llama3-8B latency by up to 4×" (blind 103)
    "speedup": "faster latency throughput",
    "optimizer": "solver",  # "what optimizer/solver does MoEEdit use?": "a block coordinate descent (BCD) solver"
    "components": "module modules strategy strategies mechanism mechanisms block blocks branch branches stage stages "
    "encoder encoders decoder decoders",
    "component": "module strategy mechanism block branch stage encoder decoder",
}


# What a name is a name of, by the noun beside it: "the MainWebBench dataset", "dataset TWINS", "VLA-benchmark
# LIBERO" name data; "the Qwen2.5-7B model" a model. A part asking for a model is not answered by a dataset's name.
CLASSES = {
    "data": re.compile(r"^(?:datasets?|benchmarks?|[\w-]*bench(?:mark)?s?|suites?|corp(?:us|ora)|data)$", re.I),
    "model": re.compile(
        r"^(?:models?|backbones?|architectures?|l?lms?|vlms?|mllms?|networks?|encoders?|transformers?|checkpoints?"
        # "which multilingual baselines did they benchmark?": "multilingual models, including mBERT, ..." (blinds 112,
        # 117)
        r"|classifiers?|baselines?)$",  # "Which base LM is it fine-tuned from?" (blind 57)
        re.I,
    ),
    "metric": re.compile(r"^(?:scores?|metrics?|accuracy|f1)$", re.I),
    # "SSRF components" name no model (blind 105)
    "component": re.compile(r"^(?:components?|modules?|mechanisms?)$", re.I),
}
_WORD = re.compile(r"[\w$\\^{}.@-]+")
_INTRODUCING = {"as", "including", "like", "e.g.", "namely"}


def name_class(words: list[str]) -> str | None:
    """The class the nouns of a few words say, the first that does: ["which", "base", "model"] -> "model"."""
    return next((c for w in words for c, said in CLASSES.items() if said.match(w.strip(".,;:"))), None)


# a model named with its size that the work was run on: "On LLaMA-30B, it delivers ...", "On Qwen-3-32B and Bloom-7.1B,
# this method achieves ..." answer "which model?" without the word "model" (blinds 88, 89); not a baseline
# ("outperforming LLaMA-3.1-405B") nor the paper's own ("Our Video-Thinker-7B outperforms ...")
# ... or one whose measure is told: "improve end-to-end Llama3-8B latency by up to 4×" (blind 103)
SIZED_MODEL = re.compile(
    r"\b(?:on|using|across|with)\s+(?:the\s+)?[A-Za-z][\w.]*(?:-[\w.]+)*-\d+(?:\.\d+)?[BM]\b"
    r"|\b[A-Za-z][\w.]*(?:-[\w.]+)*-\d+(?:\.\d+)?[BM]\s+(?:latency|throughput|inference|decoding|serving)\b"
    # ... or by its size alone: "On a 7B-class model, CORE yields consistent gains" (blind 106)
    r"|\b(?:on|using|across|with|at)\s+an?\s+\d+(?:\.\d+)?[BM](?:-(?:class|scale|parameter|sized?))?\s+(?:model|LLM|backbone)\b",
    re.I,
)


def of_class(wanted_class: str | None, found: set[str], sentence: str) -> bool:
    """Some name of `found` is not said to be a thing of another class than the one asked for (a name with
    no noun beside it may be of any): "the PatchTST and DLinear backbones" answers "which backbones"; "a
    0.6B parameter model ... on our MainWebBench dataset" does not answer "which base model"."""
    words = _WORD.findall(sentence)
    for i, word in enumerate(words):
        # "Go/No-Go": its words are two; a name of several words is where its last word is ("*Just-in-Time Sampling
        # Trees*", blind 138)
        for name in (n for n in found if n in word or n.split("/")[0] == word or n.split()[-1] == word != n):
            # ... a figure at a cut-off is a metric: "pass@1", "eff@1" name no model (blind 149)
            own = "metric" if "@" in name else name_class([name]) if "bench" in name.lower() else None
            # "classifiers (RF, SVM, XGBoost)": a name listed after others is of the noun before the first
            start = i
            # ... past "and" ("benchmarks such as Video-MME and MLVU", blind 45)
            while start and any(n in words[start - 1 - (words[start - 1] in ("and", "or"))] for n in found):
                start -= 1 + (words[start - 1] in ("and", "or"))
            # "models such as Qwen2.5-3B": the noun before the words that introduce the names
            back = 4 if start and words[start - 1].lower().strip(",") in _INTRODUCING else 2
            # ... its noun some words on: "the PIE code performance benchmark" (blind 103)
            said = own or name_class(words[i + 1 : i + 4]) or name_class(words[max(0, start - back) : start])
            if said is None or said == wanted_class:
                return True
    return False


# What a part names past its first word: what its figure is measured on ("on Montezuma's Revenge", "on
# miniF2F"), whose figure it asks ("what did GPT-4o score?"), what a yes-or-no question asks about.
_NAMED = re.compile(r"(?<=\s)((?:[A-Z]|[a-z]+[A-Z0-9])[\w'.+-]*)")


_SUPERSCRIPT = re.compile(r"\$\^\{?(\w{1,3})\}?\$")


def unmet_condition(part: str, text: str) -> str | None:
    """A thing the part measures its figure on that the paper's text never says: "What score does it reach
    on Montezuma's Revenge?" is not stated by an abstract that never names Montezuma's Revenge, whatever
    other score it gives; nor "what did GPT-4o score?" by one that never names GPT-4o. A yes-or-no question
    asks about every thing it names past its first word: "Does it outperform FastV?", "Is it trained on TPUs?"."""
    # the question's names were read NFKC ("DCR²-AD" is "DCR2-AD"), and so is the text, its superscripts set in math
    # too ("DCR$^2$-AD", blinds 79, 82, 97)
    said = unicodedata.normalize("NFKC", _SUPERSCRIPT.sub(r"\1", text)).lower()
    named = _NAMED.findall(part)
    if not YES_NO.match(part):  # "besides LLMs, what task ...?": the field's acronyms name no thing of its own
        named = [n for n in named if n.rstrip("'.,:;?") not in FIELD_ACRONYMS.words]
    flat = squashed(said)

    def met(name: str) -> bool:
        bare = name.rstrip("'.,:;?s").lower()
        spelled = SPELLED_OUT.get(bare)
        return squashed(bare) in flat or _described_in(name, said) or bool(spelled and re.search(spelled, said))

    return next((c for c in named if not met(c)), None)


def squashed(text: str) -> str:
    """The text without hyphens: "CIFAR-100-LT" is the abstract's "Cifar100-LT" (blind 105); words stay apart, or
    "RewardBench" would be met by "reward benchmarks" (people-dev 3)."""
    return re.sub(r"[_-]+", "", text)


# A field's acronyms an abstract may spell out: "Does it only work for CNNs?" of "existing architectures, such as
# convolutional or transformer networks" (blind 104)
SPELLED_OUT = {
    "cnn": r"\bconvolutional\b",
    "rnn": r"\brecurrent\b",
    "gnn": r"\bgraph neural\b",
    "vit": r"\bvision transformer",
    "gan": r"\bgenerative adversarial\b",
    "vae": r"\bvariational auto-?encoder",
    "lstm": r"\blong short-term memory\b",
    "mlp": r"\bmulti-?layer perceptron",
    # "Do the circular month representations in LMs come from compression alone?" of "language models display ...
    # ordered circles for the months of the year" (blind 112)
    "lm": r"\blanguage models?\b",
    "llm": r"\blarge language models?\b",
    "vlm": r"\bvision[- ]language models?\b",
    # "which emotion metrics does it claim SOTA on?" of "achieves state-of-the-art emotion similarity scores" (blind
    # 114)
    "sota": r"\bstate[- ]of[- ]the[- ]art\b",
    # "which activation function do they use in the FFNs?" of "... to the feed-forward networks" (blind 152)
    "ffn": r"\bfeed[- ]?forward\b",
    "moe": r"\bmixture[- ]of[- ]experts?\b",
    "kv": r"\bkey[- ]value\b",
}


def _described_in(name: str, said: str) -> bool:
    """A compound of words ("RNA-language-model-augmented AlphaFold 3", blind 94) names nothing of its own: it is
    met where the text says each of its words ("... Language Model-Augmented AlphaFold 3"); a name ("GPT-4o") is not."""
    pieces = name.rstrip("'.,:;?").split("-")
    if not any(p.islower() and len(p) > 2 for p in pieces[1:]):
        return False
    # ... and one saying what was done with a thing ("the RL-trained model", blind 101: "we ... apply online
    # reinforcement learning (RL)") is met where the text says the thing
    pieces = [p for p in pieces if not (p.islower() and _DONE_WITH.search(p))]
    return all(re.search(rf"(?<![a-z0-9]){re.escape(p.lower())}", said) for p in pieces)


_DONE_WITH = re.compile(r"(?:ed|based|driven|guided|aware)$")


# What follows a count when the things counted are then named: "six languages (English, ...", "three
# benchmarks: MMLU, ...", "two tasks, namely ...", "four LVLMs such as LLaVA", "two principles, independence
# and sufficiency".
# what lists the things counted some words on, after a dash or a colon: "two core capabilities necessary for such
# settings---A and B", "two factors that play important roles in determining performance: A and B"
# ... not findings a verb reports: "three different backbone LLMs reveal that: 1) ..." (blind 104)
LISTED_LATER = r"[^.;()]{0,60}?(?:---|\u2014|(?<!\bthat):)\s*\S"
_LISTED_AFTER = re.compile(
    # ... not the subject after a count opening the sentence: "Across four diverse simulators, Sim-PE performs well"
    r"\s*(?:\(|:|[,;]?\s*(?:such as|including|namely|e\.g\.|i\.e\.|like|named|called|dubbed)\b"
    r"|,\s*[A-Z0-9](?![\w.-]*\s+(?:[a-z]+ly\s+)?[a-z]+s\b)"
    rf"|{LISTED_LATER}"
    r"|,\s*(?!and\b|or\b)[\w-]+(?:\s[\w-]+){0,2}(?:,\s*[\w-]+(?:\s[\w-]+){0,2})*,?\s(?:and|or)\s)"
)
_WORDS = re.compile(r"[a-z][\w-]*")
_BRACKETED = re.compile(r"\(([^()]*)\)")
_NUMBERING = re.compile(r"\s*(?:\d+|[ivx]+|[a-z])\s*")
_LINKING = {"of", "the", "a", "an", "and", "or", "to", "in", "on", "for", "with", "by", "from", "at"}


def counts_only(sentence: str, question: str) -> bool:
    """The sentence counts the things the question asks to name, by the count the question itself gave,
    and names none of them there: "across six languages" for "which six languages?", "evaluate four LVLMs
    across two tasks" for "which four LVLMs?". People write such questions from the very sentence."""
    return False in _lists_counted(sentence, question)


def counts_and_lists(sentence: str, question: str) -> bool:
    """The sentence counts the things the question asks of, by the count the question gave, and lists them: "what
    are the two strategies it proposes?" of "we propose two novel strategies: 1) Object-Centroid Implantation ...;
    and 2) ..." (blinds 52 and 53: the closest sentence was about them, "We validate these propositions on ..."); not
    "on the two new benchmarks" of a part asking by how much it beats them."""
    m = _COUNT_ASKED.match(asked(question))
    return m is not None and True in _lists_counted(sentence, m[0])


# the things a part asks for by their count: "what are the two strategies", "on which two models"
_COUNT_ASKED = re.compile(
    r"^(?:(?:on|in|for|with|of|from|by)\s+)?(?:which|what)\s+(?:(?:are|were)\s+)?(?:the\s+|its\s+|their\s+)?"
    rf"{COUNTED}\b",
    re.I,
)


def _lists_counted(sentence: str, question: str) -> list[bool]:
    """Where the sentence counts a thing the question says by a count the question gave: whether it lists them."""
    words = {w.rstrip("s") for w in _WORDS.findall(question.lower())} - _LINKING
    found: list[bool] = []
    for count in numbers(question) & numbers(sentence) - {"half", "twice", "double"}:
        # not a side of a ratio: "2:4 structured sparsity" counts nothing (blind 96)
        for m in re.finditer(rf"(?<!\d:)\b{re.escape(count)}\b(?!:\d)", sentence, re.I):
            for word in list(re.finditer(r"[\w-]+", sentence[m.end() :]))[:3]:  # "seven widely-used benchmarks"
                if word[0].lower().rstrip("s") in words:
                    after = m.end() + word.end()
                    # ... or names them further on, in brackets: "on four datasets spanning open-ended conversations
                    # (ShareGPT, WildChat) and ... (CaseHOLD, MedQA)" (blind 78); not "... on three public datasets
                    # show that CausalNovo generalizes across Noise Signal Ratios (NSR)" (people-dev3)
                    bracketed = sum(len(names(inside)) for inside in _BRACKETED.findall(sentence[after:]))
                    # ... a bracket right after lists them, names or numbers them: not "three datasets (including
                    # social and biological networks)" (blinds 121, 143)
                    opening = _BRACKETED.match(sentence[after:].lstrip())
                    listed = (
                        "," in opening[1] or names(opening[1]) or _NUMBERING.fullmatch(opening[1]) if opening else None
                    )
                    found.append(bool(listed if opening else _LISTED_AFTER.match(sentence, after)) or bracketed > 1)
                    break
    return found


def singular(head: str) -> str:
    # "branches", "modules", "boxes"; not "class", "bias", "corpus"
    return re.sub(r"(?:(?<=ch)|(?<=sh)|(?<=ss)|(?<=x))es$|(?<![isu])s$", "", head.lower())


def listed_after(head: str, sentence: str) -> bool:
    """The things asked for, listed in plain words beside the word for them: "downstream tasks such as concept
    detection and spurious correlation removal", "diverse tasks, including function calling and code generation";
    not "... behavior and cognition ... during complex tasks"."""
    thing = re.escape(singular(head))
    # ... or in brackets: "various architectures (random features, two-layer fully-connected and ...)" (blind 47)
    listing = r"(?:\b(?:such as|including|like|namely|e\.g\.)|\((?=[^()]*,))"
    # ... or after a colon or a dash some words on: "two unique data curation mechanisms tailored for such games:
    # globally optimal decision alignment ... and real-time in-game feedback augmentation" (blind 101)
    # ... or listed before it: "on test-time regression, in-context regression, associative recall and state tracking
    # tasks" (blind 118); not "... behavior and cognition during complex tasks" (a preposition ends the list)
    item = r"(?:(?!(?:during|in|on|of|for|with|across|from|to|by|at|under|over|that|which)\s)[\w-]+\s+)"
    before = rf",\s*{item}{{0,3}}[\w-]+,?\s+(?:and|or)\s+{item}{{0,3}}{thing}(?:e?s)?\b"
    return bool(re.search(rf"\b{thing}(?:e?s)?\b(?:[^.;]{{0,20}}?{listing}|{LISTED_LATER})|{before}", sentence, re.I))
