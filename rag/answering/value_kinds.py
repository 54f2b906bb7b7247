"""The kinds of value an asked part may want ("how many GPU hours?" a duration, "what hardware?" a chip), each with
the asking words that want it and the values that hold it: data, read first match first (rag.answering.values)."""

from __future__ import annotations

import re
from dataclasses import dataclass

_NUM = (
    r"(?:\d[\d.,]*\s*[kKMB]?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|a few|several|a single|half an?)"
)
_WHICH_CHIP = r"^(?:on\s+)?(?:which|what)\s+(?:GPU|TPU|NPU|chip|accelerator)s?\b"
_CHIP = r"\b(?:[AHV]100s?|H200s?|H800s?|A800s?|A6000s?|L40S?|RTX|Ascend|Jetson|Gaudi|MI\d{3}X?|v[2-6]e?-\d+)\b"
# hardware by its model, or counted ("16 GPUs", "a single GPU"): the hardware a method ran on, and the compute it needs
_HARDWARE = rf"\b(?:{_NUM}|an?|single)\s+(?:[\w-]+\s+)?(?:GPUs?|TPUs?|NPUs?|CPUs?|accelerators?|FPGAs?)\b|{_CHIP}"
# A metric whose value is a score ("what F1", "what success rate"), not the metric's kind ("which F1 variant")
_METRIC = (
    # "mAP" in its own case: "what map do they build?" asks no score (blind 133)
    r"(?:F1|accuracy|AUC|AUROC|AUPRC|BLEU|ROUGE(?:-\w+)?|scores?|(?-i:mAP)|MRR|success rates?|win rates?|pass@\d+|Dice"
    r"|IoU|PSNR|SSIM|FID|LPIPS)\b"
    r"(?![\w-]*\s+(?:metrics?|measures?|functions?|rules?|types?|kinds?|models?|networks?|heads?)\b)"
    # ... nor the first word of a name: "what is the Score Rematching loss aligning with?" (blind 118)
    r"(?!\s+(?-i:[A-Z][a-z]+)\b)"
)


@dataclass(frozen=True)
class ValueKind:
    name: str
    asked: re.Pattern[str]  # the part's asking words want this kind
    held: re.Pattern[str] | None  # a sentence holding a value of this kind; None: any sentence about the part
    # a value of the kind says what it is about ("16 H100s" answers "what hardware" in any sentence); a count
    # answers only in a sentence about the thing counted
    self_evident: bool = True
    # the answer judge reads the sentence too (rag.answering.extractive); not for compute, which it read 0.1 for
    # "requiring only a single CPU core" (blind 69): a need said in other words than the question's
    judged: bool = True


# First match wins: "how many GPU hours" is a duration, not hardware.
KINDS = (
    ValueKind(
        "duration",
        re.compile(
            # ... not of a text's length: "how long do their contexts get?" (blind 118), unless it takes the time
            r"\bhow long (?:does|did|do|is|was|will)\b(?!(?!.*\btak(?:e|es|ing)\b)"
            r".*\b(?:contexts?|sequences?|inputs?|prompts?|videos?|horizons?|windows?|documents?|outputs?|responses?)\b)"
            r"|\b(?:gpu|tpu|compute|wall-?clock|run(?:ning)?)[ -](?:time|hours|days)\b"
            # ... "training time", not "which inference-time intervention did best?" (blind 80), a kind of method
            r"|\b(?:training|inference)(?: (?:time|hours|days)\b|-(?:time|hours|days)\b(?!\s+[a-z]))"
            # ... not "with how many time steps?" (blind 118), a count
            r"|\bhow (?:much|many) (?:\w+ ){0,2}(?:time|hours|days|minutes)\b(?!-|\s+steps?\b)",
            re.I,
        ),
        re.compile(
            # "6k hours of audio data" is an amount of data, not how long something took
            rf"\b{_NUM}\s*(?:[\w-]+\s+)?(?:(?:gpu|tpu)[- ])?"
            r"(?:hours?|hrs?|days?|minutes?|mins?|seconds?|weeks?|months?)\b"
            r"(?!\s+of\s+(?:\w+\s+)?(?:audio|speech|video|data|recordings?|footage|music|gameplay|text))"
            r"|\d\s*(?:ms|s|h)\b",
            re.I,
        ),
    ),
    # hardware asked as "What GPU was used?": which chip, by its model; "a single commodity GPU" does not say (blind 57)
    ValueKind("hardware", re.compile(_WHICH_CHIP, re.I), re.compile(_CHIP)),
    # the compute a method needs (blinds 60, 69): "requiring only a single CPU core", "8 A100s for 3 days", "100
    # GPU-hours", "2.3 PFLOPs"; not what it saves ("how much compute does it save?" asks a reduction, blind 42), nor
    # "how do they compute the reward?"
    ValueKind(
        "compute",
        re.compile(
            r"\b(?:how much|what)\s+(?:[\w-]+\s+)?compute\b(?=.*\b(?:need|require|take|use)[sd]?\b)"
            r"|\bcompute\s+(?:budget|requirements?)\b",
            re.I,
        ),
        re.compile(
            rf"{_HARDWARE}|\b(?:GPU|TPU)[- ]?(?:hours?|days?)\b|\b\d[\d.,]*\s*[KMGTPE]?FLOPs?\b"
            # ... or a cost given as a formula: "the minimal computational cost $N^*(\varepsilon)$ required for ..."
            # (dev q005, a theory paper)
            r"|\bcomputational\s+(?:cost|budget|complexity)\s+\$"
        ),
        judged=False,
    ),
    # a model's size, told in parameters: "how big is the language model?" of "using only a 0.6B parameter model"
    # (blind 113), not of "reduces input token count to 22%"
    ValueKind(
        "model size",
        re.compile(
            r"^how (?:big|large|small) (?:is|are|was|were) (?:the|its|their) (?:[\w-]+\s+){0,2}?"
            r"(?:models?|LLMs?|LMs?|backbones?|transformers?)\b",  # not "the test networks" (blind 105: graphs)
            re.I,
        ),
        # ... or against others' size: "outperforms state-of-the-art models with only 13% of their size" (blind 128)
        re.compile(
            r"\b\d+(?:\.\d+)?\s?[BMK]\b|\b\d[\d.,]*\s*(?:billion|million)\b|\bparameters?\b"
            r"|\b\d[\d.]*\s*(?:%|x|×|times)\s+(?:of\s+)?(?:their|its|the)\s+(?:model\s+)?size\b",
            re.I,
        ),
    ),
    ValueKind(
        "hardware",
        # "which edge device did they train on?" (blind 52): "training on NVIDIA Jetson AGX Xavier"
        # ... or a device it runs on: "which device did the memory-bounded one run on?" (blind 49)
        re.compile(
            r"\b(?:hardware|gpus?|tpus?|npus?|accelerators?|chips?|(?:edge|mobile|embedded) devices?)\b"
            r"|\b(?:which|what)\s+devices?\b(?=.*\b(?:run|runs|ran|deployed|execute[sd]?)\s+(?:it\s+)?on\b)",
            re.I,
        ),
        # a chip by its model, or counted ("16 GPUs", "a single GPU"): "limited GPU memory" names no hardware
        re.compile(_HARDWARE),
    ),
    ValueKind(
        "licence",
        re.compile(r"\blicen[cs]", re.I),
        re.compile(r"\blicen[cs]|\bMIT\b|\bApache\b|\bCC[- ]BY|\bGPL\b|\bBSD\b|\bpublic domain\b", re.I),
    ),
    ValueKind(
        "code",  # "did they release code?": a link, or a sentence saying code, weights or data are out
        re.compile(
            r"\b(?:releas|open-?sourc)\w*\b.*\b(?:code|implementation|weights|checkpoints?)\b"
            r"|\b(?:code|implementation|weights|checkpoints?)\b.*\b(?:available|released|public(?:ly)?|open-?source[ds]?)\b",
            re.I,
        ),
        re.compile(
            r"https?://|\bgithub\b|\b(?:code|implementation|models?|weights|checkpoints?|data(?:sets?)?)\b[^.]{0,40}"
            r"\b(?:is|are|will be|has been|have been) (?:publicly |freely |made )*(?:available|released|open-sourced)\b"
            r"|\b(?:we|will) (?:release|open-source)\b|\bopen-sourced?\b|\bpublicly (?:available|released)\b",
            re.I,
        ),
    ),
    ValueKind(
        "authors",  # who wrote it: people or an institution, which an abstract hardly ever names
        re.compile(
            r"^(?:and\s+)?who\s+(?:are|were|is|was)\s+(?:the\s+|its\s+|their\s+)?authors?\b"
            r"|^(?:and\s+)?who\s+(?:wrote|authored)\b|\bnames? of (?:the |its )?authors\b"
            r"|^(?:and\s+)?(?:which|what)\s+(?:lab|labs|institutions?|universit(?:y|ies)|research groups?)\b",
            re.I,
        ),
        re.compile(r"\b(?:University|Institute|Laborator(?:y|ies)|Google|DeepMind|Meta AI|Microsoft|OpenAI)\b"),
    ),
    ValueKind(
        # "what was the actual effective sample size it reached, as a percentage?" is not told by "more than 2.5×
        # higher effective sample size" (blind 102): a share in percent
        "percentage",
        re.compile(r"\b(?:as|in)\s+(?:a\s+)?percent(?:age)?s?\b|\bwhat\s+percent(?:age)?\b|\bhow many percent\b", re.I),
        re.compile(r"\d[\d.,]*\s*(?:%|\\%|percent\b)|\bpercent(?:age)?\s+points?\b", re.I),
        self_evident=False,
    ),
    ValueKind(
        # "what absolute AUC does it reach?" (blind 40, 41): a figure stated as itself, not as a change ("an AUC
        # improvement of up to 30%", "60% higher success rate", "(↑0.1−13%)", "by 5.2%", "+4.5%")
        "absolute",
        re.compile(r"\babsolute\b", re.I),
        re.compile(
            r"(?<![+↑↓±−~≈\-\w.$])(?<!by )(?<!to )(?<!≈ )(?<!\$ )"
            r"(?:\d[\d,]*\.\d+|\d[\d,]*\s*(?:%|\\%|percent\b|points?\b))(?![\d.])"
            r"(?!\s*(?:%|\\%)?\s*(?:[\w-]+\s+)?(?:higher|lower|better|worse|more|less|improvements?|gains?|increases?"
            r"|reductions?|relative|over)\b)",
            re.I,
        ),
        self_evident=False,
    ),
    ValueKind(
        # "what F1 does it reach?": a metric's value is a decimal, a share or points ("81.58", "28%", "7 points"), not
        # a split ("70/15/15") nor a count of things ("12 datasets")
        "score",
        re.compile(
            rf"^(?:\w+\s+){{0,2}}?what\s+(?:[\w@-]+\s+){{0,2}}?{_METRIC}"
            # "how much does PSDNorm improve balanced accuracy over BatchNorm?" (blind 48)
            rf"|\bhow much (?:does|did|do|can|could)\s+(?:[\w-]+\s+){{1,3}}?(?:improve|boost|raise|increase|lift)s?\s+"
            rf"(?:the\s+|its\s+|their\s+)?(?:[\w-]+\s+)?{_METRIC}",
            re.I,
        ),
        re.compile(
            # not the digits of a name: "gemini-2.5-flash" (blind 48)
            r"(?<![A-Za-z]-)(?<![\w.])"
            r"(?:\d[\d,]*(?:\.\d+)?\}?\$?\s*(?:%|\\%|percent\b|pp\b|points?\b|dB\b|×|x\b|\$?\\times)|\d[\d,]*\.\d+)",
            re.I,
        ),
        self_evident=False,
    ),
    ValueKind(
        # "how many times faster?": a factor or a share ("3.2x", "40%", "an order of magnitude"), no other figure
        "ratio",
        re.compile(
            r"\bhow many times (?:faster|slower|smaller|larger|bigger|cheaper|fewer|less|more|higher|lower)\b"
            r"|\bhow much (?:faster|slower|smaller|larger|bigger|cheaper)\b"
            r"|\bby (?:what|which) (?:factor|ratio)\b",
            re.I,
        ),
        re.compile(
            r"\d[\d.,]*\s*(?:%|\\%|×|\$?\\times\b|x\b|-?fold\b|times\b|percent\b)"
            r"|\b(?:twice|half|double[sd]?|triple[sd]?|orders?[- ]of[- ]magnitude"
            r"|(?:two|three|four|five|ten)(?:-fold| times))\b",
            re.I,
        ),
        self_evident=False,
    ),
    ValueKind(
        "count",  # "how many annotators": a number of things, not a share, a ratio or a gain ("by 20%", "7x")
        re.compile(r"^(?:exactly\s+)?how many\s+(?!times\b)", re.I),
        re.compile(
            # "(1)", "(2)" number a list, they count nothing; "a tiny calibration set (256 samples)" counts (blind 132)
            r"(?<![\w.\-])(?:(?<!\()|(?=(?:\d+(?:[.,]\d+)*|[a-z]+)\s+[a-z]))(?:\d+(?:[.,]\d+)*\s?[kKM]?(?!\))|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
            # "Across thirteen image and video benchmarks" (blind 96)
            r"(?:thir|four|fif|six|seven|eigh|nine)teen|(?:twen|thir|for|fif)ty|"
            r"dozens?|hundreds?|thousands?|millions?)(?![\w.,]*\d)(?![.,]?\d)(?![A-Za-z])"
            r"(?!\s*(?:%|\\%|×|\$?\\times|x\b|times\b|-?fold\b|percent|pp\b|points?\b|percentage))",
            re.I,
        ),
        self_evident=False,
    ),
    ValueKind(
        # "at what level does it route?" of "via instance-level routing, unlike token-level routing" (blind 152)
        "level",
        re.compile(r"^(?:at\s+|on\s+)?(?:what|which)\s+(?:level|granularity)\b", re.I),
        re.compile(r"\b[a-z]+[- ]level\b", re.I),
        self_evident=False,
    ),
    ValueKind(
        "description",
        re.compile(r"^(?:\w+\s+){0,2}(?:what|which) (?:kind|type|sort|class|family|form)s? of\b", re.I),
        None,
        self_evident=False,
    ),
)


def metric_named(asked_words: str) -> str | None:
    """The metric whose value a part asks by its name ("FID" of "What FID numbers does SDErasure report?")."""
    m = re.search(rf"\b{_METRIC}", asked_words, re.I)
    return m[0] if m else None


def wanted(asked_words: str) -> ValueKind | None:
    """The kind of value the part's asking words want, where a rule can tell; None: any of its type."""
    return next((kind for kind in KINDS if kind.asked.search(asked_words)), None)
