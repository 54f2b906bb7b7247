"""The word lists that read English, in one place, each a row: its words, what it decides, and sentences
it must and must not decide so (tests/test_lexicon.py runs every example through the function named).

Two lists had drifted apart (a name-reader's "common acronyms" and an evidence-reader's "generic
names": "RAG" and "API" were a coined name to one and nothing to the other). Now there is one list of
the field's acronyms, which name nothing, and one of well-known names, which name a thing but were
coined by no paper an answer is about.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class WordList:
    name: str
    words: frozenset[str]
    decides: str
    used_by: str  # the function whose behaviour the examples pin
    examples: tuple[tuple[str, tuple[str, ...]], ...]  # (text, what the function must find in it)
    counterexamples: tuple[tuple[str, tuple[str, ...]], ...]  # (text, what it must not find)


FIELD_ACRONYMS = WordList(
    name="field acronyms",
    words=frozenset(
        [
            "AI",
            "ML",
            "NLP",
            "LLM",
            "LLMs",
            "VLM",
            "VLMs",
            "MLLM",
            "MLLMs",
            "GPU",
            "GPUs",
            "CPU",
            "RL",
            "SOTA",
            "IID",
            "OOD",
            "DNN",
            "DNNs",
            "CNN",
            "CNNs",
            "GNN",
            "GNNs",
            "2D",
            "3D",
            "KV",
            "QA",
            "PDE",
            "PDEs",
            "SGD",
            "MoE",
            "KL",
            "RLHF",
            "SFT",
            "CoT",
            "RAG",
            "ODE",
            "ODEs",
            "SDE",
            "SDEs",
            "API",
            "APIs",
        ]
    ),
    decides="an acronym of the field: neither a coined method name nor the name of a model or dataset",
    used_by="rag.answering.evidence.names",
    examples=(
        ("We evaluate on ImageNet with a ResNet-50.", ("ImageNet", "ResNet-50")),
        ("TraDy beats RAG baselines.", ("TraDy",)),
    ),
    counterexamples=(
        ("Our RL method improves LLM reasoning with CoT.", ("RL", "LLM", "CoT")),
        ("It saves 40% of tokens versus standard RAG on API schemas.", ("RAG", "API")),
    ),
)

WELL_KNOWN_NAMES = WordList(
    name="well-known names",
    words=frozenset(["ImageNet", "GPT", "BERT", "ViT", "ViTs", "LoRA"]),
    decides="names a model, dataset or method that no paper an answer is about coined: a name, not theirs",
    used_by="rag.reading.text.coined_names",
    examples=(
        ("We propose TraDy, which fine-tunes BERT with LoRA.", ("TraDy",)),
        ("GH-OFL trains a ViT on ImageNet.", ("GH-OFL",)),
    ),
    counterexamples=(
        ("We propose TraDy, which fine-tunes BERT with LoRA.", ("BERT", "LoRA")),
        ("A ViT trained on ImageNet with RAG and CoT.", ("ViT", "ImageNet", "RAG", "CoT")),
    ),
)

# Fields and modalities a question can be about, singular: a question naming one that no close abstract
# mentions is off-topic (rag.answering.pipeline; calibration.field_similarity).
FIELDS = WordList(
    name="fields",
    words=frozenset(
        [
            "music",
            "musical",
            "song",
            "audio",
            "speech",
            "voice",
            "video",
            "protein",
            "molecule",
            "molecular",
            "drug",
            "chemistry",
            "chemical",
            "genomic",
            "genomics",
            "gene",
            "dna",
            "rna",
            "medical",
            "clinical",
            "patient",
            "robot",
            "robotic",
            "driving",
            "vehicle",
            "weather",
            "climate",
            "finance",
            "financial",
            "stock",
            "legal",
            "quantum",
            "astronomy",
            "astronomical",
            "satellite",
            "traffic",
            "earthquake",
            "ocean",
            "agriculture",
            "crop",
        ]
    ),
    decides="a field or modality whose absence from every close abstract makes a question off-topic",
    used_by="rag.reading.lexicon.fields_named",
    examples=(
        ("Which papers generate music from lyrics?", ("music",)),
        ("Is there work on protein design?", ("protein",)),
    ),
    counterexamples=(
        ("Which papers reduce KV-cache memory?", ("memory",)),
        ("How does the model handle long contexts?", ("model",)),
    ),
)

LISTS = (FIELD_ACRONYMS, WELL_KNOWN_NAMES, FIELDS)


def fields_named(text: str) -> list[str]:
    """The fields of FIELDS a text names, as written ("proteins" too), in order, once each."""
    import re

    return list(dict.fromkeys(w for w in re.findall(r"[a-z]+", text.lower()) if w.removesuffix("s") in FIELDS.words))
