"""The reference cues of a follow-up ("it", "the second one", "and the results?", "Different question: ..."), each
a pattern with examples and counterexamples (tests/test_conversation.py). A cue alone decides nothing: the follow-up
model weighs them with the evidence (rag.reading.following)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rag.reading.contrasts import NEW_TOPIC, THINGS


@dataclass(frozen=True)
class Cue:
    """A reference cue, as data: its pattern, with sentences it must match and sentences it must not."""

    name: str
    pattern: re.Pattern[str]
    matches: tuple[str, ...]
    misses: tuple[str, ...]


_THING = rf"(?:{'|'.join(THINGS)})"
# "the model" is as often any model as the one just discussed: "which paper updates the model parameters during the
# conversation?", "is there one that leaves the model alone?" start new topics (4 of the 7 labelled second questions
# whose only such cue it is); "the paper", "this method" point back
_NAMED_THING = rf"(?:{'|'.join(t for t in THINGS if t != 'model')})"
# a word of the asking sentence that points at the earlier answer ("is there a follow-up to it?")
_BACK = r"\b(?:it|its|they|their|them|this|these|those)\b"
# the "it" that stands for nothing: "it's possible to", "is it even possible", "its feasible"
_DUMMY = r"(?:'s|’s|s|\s+is|\s+was|\s+would\s+be)?\s+(?:(?:even|also|really)\s+)?(?:possible|impossible|feasible)\b"
CUES = (
    Cue(
        "ordinal",
        # "the 3rd, how does it decide ...?": typed as a numeral, set off by a comma or a dash
        re.compile(
            rf"\b(?:the|that|this)\s+(first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)\b"
            rf"(?:\s+{_THING}s?\b|\s*[?.!]*\s*$|\s*[,:;\u2013\u2014-]\s(?!(?:and\s+)?(?:second|third|fourth|fifth|last)\b))",
            re.I,
        ),
        (
            "How does the second one work?",
            "And the second?",
            "Summarise the first paper.",
            "the 3rd, how does it decide which clients go together?",
            "the second \u2014 what does it train on?",
            "does that second one need complicated training tricks?",
        ),
        (
            "What is the first step of the method?",
            "Which paper was first to scale MoE?",
            "what do the first, second and third stages do?",
            "What happens in this first step?",
        ),
    ),
    Cue(
        "pronoun",
        # "it"/"they" as the subject or "its"/"their": "that" and "which" open relative clauses far more
        # often than they point back ("Is there a paper that ...?"), so they are no cue; nor is the "it" of a cleft
        # ("what is it that gets unlearned there?", "which scheme was it that sorts ..."), which stands for nothing;
        # nor the "it" of "is it possible to ...", "its possible to ..." (a typed "it's")
        re.compile(
            rf"\b(?:they|their|them)\b|\bits\b(?!{_DUMMY})"
            rf"|\bit\b(?!(?:(?<=\bis it)|(?<=\bwas it))\s+that\b)(?!{_DUMMY})"
            # nor the "it" of "what does it take to ..." (blind 113), which asks what a thing needs
            r"(?!(?:(?<=\bwhat does it)|(?<=\bwhat would it)|(?<=\bwhat will it))\s+take\s+to\b)",
            re.I,
        ),
        (
            "How does it work?",
            "What are their results?",
            "And its limitations?",
            "Why is it that they win?",
            "is it possible to run it on a CPU?",
            "how long does it take to train?",
        ),
        (
            "Is there a paper that speeds up KV caching?",
            "Which papers propose methods that grasp objects?",
            "Another paper also uses unlearning in test-time adaptation. What is it that gets unlearned there?",
            "I also wonder if its possible to do counterfactual explanations on objects, any work on that?",
            "is it even possible to edit knowledge in mixture-of-experts models?",
            "what does it take to pretrain low-rank LLMs with 2:4 activation sparsity?",
        ),
    ),
    Cue(
        "the_paper",
        # "the paper" not followed by what describes it ("the paper that compresses proteins", "the one doing
        # online augmentation"); "this" and "that" take one thing ("the one that models relations" says no "that model")
        re.compile(
            rf"\b(?:(?:the|these|those)\s+(?:{_NAMED_THING}|authors)s?|(?:this|that)\s+(?:{_THING}|authors))\b"
            r"(?!-)"  # not "the model-free X"
            # a lower-case participle describes ("the one doing ..."); a title may open with one ("the paper Editing")
            r"(?!\s+(?:that|which|who|on|about|for|in|from|with|where|called|named|(?-i:[a-z]+ing))\b)",
            re.I,
        ),
        (
            "What data does the paper evaluate on?",
            "Summarize that paper.",
            "How does this method compare?",
            "Summarise the paper Editing with Subspace Mappings",
        ),
        (
            "What does the paper that compresses proteins do?",
            "Which paper on robot grasping uses one demo?",
            "Is there a paper that drops optimism from the model-free decision-estimation coefficient?",
            "and the one doing online augmentation for time series, how does it generate series?",
            "what does the one that models inter-object relations with a graph do?",
            "different q - which paper updates the model parameters during the conversation itself?",
        ),
    ),
    Cue(
        "more",
        re.compile(
            r"^(?:(?:and|so|ok(?:ay)?|please)[\s,]+)?(?:tell me more|more details?|go on|continue|elaborate|"
            r"what else|anything else|say more)\b|\b(?:in more detail|tell me more|what else)\b",
            re.I,
        ),
        ("Tell me more.", "Can you explain the method in more detail?", "What else does it show?"),
        ("Which papers need more memory?", "Are there more efficient attention methods?"),
    ),
)
CUE_OF = {cue.name: cue.pattern for cue in CUES}
# A possessive after a thing the question itself brings in with "a"/"an" (blind 40: "between an image and its
# caption?"), or names as its topic (blind 48: "anything on Lookahead where its generalization gets analyzed?"), in
# the same clause, is that thing's
OWN_POSSESSIVE = Cue(
    "own possessive",
    re.compile(
        r"\b(?:a|an)\s+[^.?!;:,]{0,60}?\b(?:its|their)\b|\b(?:on|about|regarding)\s+(?-i:[A-Z])[\w-]*(?:\s+[\w-]+){0,3}?"
        r"\s+(?:where|whose|in which|and)\s+(?:[^.?!;:,]{0,30}?\s)?(?:its|their)\b",
        re.I,
    ),
    (
        "and what about detecting contradictions between an image and its caption?",
        "Which papers get a model to apply a math concept rather than just recite its definition?",
        "also anything on Lookahead where its generalization gets analyzed?",
    ),
    (
        "What about its results?",
        "Does it use a new dataset? What is its size?",
        "is there a paper on it, and its cost?",
    ),
)


def pronoun(question: str) -> bool:
    """A pronoun cue that points outside the question: not the possessive of a thing it brings in (OWN_POSSESSIVE)."""
    return bool(CUE_OF["pronoun"].search(OWN_POSSESSIVE.pattern.sub(" ", question)))


# Further cues, weighed by the same fit: an ellipsis ("And the results?", "What about HarmoMoE?") and a
# demonstrative that stands for the paper ("Does this need any training?", "What's the key idea there?",
# "in this setup"), not "is there a paper that ..." nor a relative "that".
ELLIPSIS = Cue(
    "ellipsis",
    re.compile(r"^\W*(?:and|so|what about|how about|also)\b(?!\s+(?:is|are)\s+there\b)", re.I),
    ("And the results?", "What about HarmoMoE, which baselines does it beat?", "So what's the catch?"),
    ("Which paper proposes DemoGrasp?", "Is there a paper that speeds up KV caching?"),
)
DEMONSTRATIVE = Cue(
    "demonstrative",
    re.compile(
        r"\b(?:this|these|those)\b(?!\s+(?:\w+\s+)?(?:that|which|who)\b)|\bthat\s*[?.!]*\s*$|\bthere\s*[?.!]*\s*$"
        r"|\b(?:does|do|did|is|was|can|could|would|will|might|how's|what's|explain|summari[sz]e|simplify|rephrase"
        r"|unpack)\s+that\b"
        r"(?!\s+(?:\w+\s+)?(?:that|which)\b)",
        re.I,
    ),
    (
        "Does this need any training?",
        "What's the key idea there?",
        "So what should practitioners take from that?",
        "can u explain that in simpler terms?",
        "how much training data and compute did that take",  # blind 38
    ),
    (
        "Is there a paper that speeds up KV caching?",
        "What does the paper that compresses proteins do?",
        "Which paper explains that scaling helps?",
        "Could that approach that prunes tokens work for video?",  # "that" before a relative clause: a new paper
    ),
)
ANNOUNCED = Cue(
    "announced",
    NEW_TOPIC,
    (
        "Different question: is there work on protein design?",
        "Thanks. Staying in medicine but a different topic: which paper segments tumours?",
        "Switching gears, anything on KV-cache compression?",
        "Unrelated, but what does the paper on robot grasping do?",
        "ok on another note - which paper studies reward hacking?",
        "Now something else - I remember a paper where diffusion deletes residues.",
        "diff topic, which prompting scheme sorts 32 numbers better than ToT?",
        "something different: robots satisfying LTL specs at runtime. whats that paper?",
        "different q - which paper updates the model during the conversation itself?",
        "btw is there a benchmark for RAG over old newspaper archives?",
    ),
    (
        "How is it different from SUIT?",
        "Is it faster than SUIT, btw?",
        "Does it use another dataset?",
        "Is it unrelated to pruning?",
        "Is it something different from SUIT?",
        "Is that a different q from the one before?",
    ),
)
# A question that brings in a paper of its own ("I remember a paper that ...", "there's a scaling laws paper that
# ... remember that one?", "i think there was also a benchmark on ... what's that one"): its "it", "that one" and
# "the paper" are that paper, not the earlier answer's. All 22 such second questions of the dev and read blind
# conversations start a new topic; 3 were read as follow-ups for those words. So do all 15 that ask "is there
# one that ...?" and then ask of it in a later sentence (blind 29 set two against the paper just discussed).
INTRODUCED = Cue(
    "introduced",
    re.compile(
        r"\bi\s+(?:\w+\s+)?(?:remember|recall|saw|read)\s+(?:also\s+)?(?:a|an|one|some|another)\b"
        # ... "there's also the polychromic objective paper about ...": another one, named by its topic (blind 106)
        r"|(?<!\bis\s)(?<!\bwas\s)\bthere(?:'s|s|\s+is|\s+was|\s+were)\s+"
        r"(?:also\s+)?(?:a|an|another|one|(?<=also )the)\s+"
        r"(?:[\w'-]+\s+){0,4}?(?:paper|work|study|benchmark|one|method|approach|framework|technique|model)s?\b"
        # "is there one that puts a ViT in hyperbolic space? what does its attention do": the paper asked for,
        # asked of in a later sentence; an "it" in the asking sentence itself is the earlier answer's
        rf"|\b(?:is|are)\s+there\s+(?:also\s+)?(?:a|an|one|any|some|work|research|papers?)\b(?:(?!{_BACK})[^?])*\?\s*\w"
        # "im looking for a benchmark of ..., does that exist, and what did they find?": the thing it describes
        r"|\b(?:does|do)\s+(?:that|this|such\s+(?:a\s+)?\w+|something\s+like\s+(?:that|this)|one)\s+(?:even\s+|already\s+)?exist"
        # "what does it take to get MLLMs to read flowcharts properly? any paper on that": the topic it just asked
        r"|^[^?]{20,}\?\s*(?:(?:is|are)\s+there\s+)?(?:any|a)\s+(?:papers?|work|research|studies)\s+(?:on|about)\s+(?:that|this)\b",
        re.I,
    ),
    (
        "I remember a jailbreak defense with provable guarantees that scrambles the prompt. What is it?",
        "theres a scaling laws paper that looks at gaps between subpopulations, remember that one?",
        "wait i think there was also a benchmark on video llms hallucinating? what's that one",
        "i vaguely remember one that modeled cache eviction; how does it work?",
        "cool. is there one that puts a vision transformer in hyperbolic space? what does its attention do differently",
        "Is there work plugging RNA embeddings into AlphaFold 3? Which fusion worked best for them?",
        "also im looking for a benchmark of bias mitigation methods, does that exist, and what did they find?",
        "there's also the polychromic objective paper about RL collapsing diversity. how do the two differ?",
        "what does it take to get MLLMs to read flowcharts properly? any paper on that",
    ),
    (
        "Is there a paper that speeds up KV caching?",
        "there's a limitation they mention, what is it?",
        "I remember they used ImageNet, which split?",
        "Was there a baseline that it beats?",
        "Is there a paper that extends it to video? What do they change?",
        "Is there a paper on this? how does it work",
        "Nice, thanks! any paper on that?",
        "Does it exist for video too?",
        "there's also the question of cost: how much compute does it need?",
    ),
)
# One of several papers the last answer cited, picked by what it is about ("explain the one about picking a
# diverse set of images more simply"), when those words fit one of them (rag.answering.conversation.picked). Not
# "the one that ...", which as often brings in a new paper ("and the one that treats trajectory planning ...?").
PICKED = Cue(
    "picked",
    re.compile(r"\bthe\s+one\s+(?:about|on|with|where|for)\b", re.I),
    ("explain the one about picking a diverse set of images more simply", "and the one on proteins?"),
    ("is there one about proteins?", "and the one that treats planning like language modeling?"),
)
