"""What a follow-up points back at in the conversation so far (the turns a client sends: rag.reading.history).
Rules, not a model, like rag.reading.questions; every function here is pure."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rag.reading.contrasts import NEW_TOPIC, THINGS
from rag.reading.parts import wants
from rag.reading.text import NAME
from rag.types import Turn

# --- follow-ups ---------------------------------------------------------------------------------
# Whether a second question points back or starts a new topic is decided by evidence (what the
# question alone finds against how well the earlier cited papers fit it) together with the
# reference cues below; the weights are fitted on labelled conversations (rag.calibration,
# bench/fit_follow_ups.py). A cue alone decides nothing: "Which paper studies X, and how does it
# work?" has a pronoun, but its own words find a paper the earlier answer did not cite.


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
            rf"|\bit\b(?!(?:(?<=\bis it)|(?<=\bwas it))\s+that\b)(?!{_DUMMY})",
            re.I,
        ),
        (
            "How does it work?",
            "What are their results?",
            "And its limitations?",
            "Why is it that they win?",
            "is it possible to run it on a CPU?",
        ),
        (
            "Is there a paper that speeds up KV caching?",
            "Which papers propose methods that grasp objects?",
            "Another paper also uses unlearning in test-time adaptation. What is it that gets unlearned there?",
            "I also wonder if its possible to do counterfactual explanations on objects, any work on that?",
            "is it even possible to edit knowledge in mixture-of-experts models?",
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
    ),
    (
        "How is it different from SUIT?",
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
        r"|(?<!\bis\s)(?<!\bwas\s)\bthere(?:'s|s|\s+is|\s+was|\s+were)\s+(?:also\s+)?(?:a|an|another|one)\s+"
        r"(?:[\w'-]+\s+){0,4}?(?:paper|work|study|benchmark|one|method|approach|framework|technique|model)s?\b"
        # "is there one that puts a ViT in hyperbolic space? what does its attention do": the paper asked for,
        # asked of in a later sentence; an "it" in the asking sentence itself is the earlier answer's
        rf"|\b(?:is|are)\s+there\s+(?:also\s+)?(?:a|an|one|any|some|work|research|papers?)\b(?:(?!{_BACK})[^?])*\?\s*\w"
        # "im looking for a benchmark of ..., does that exist, and what did they find?": the thing it describes
        r"|\b(?:does|do)\s+(?:that|this|such\s+(?:a\s+)?\w+|something\s+like\s+(?:that|this)|one)\s+(?:even\s+|already\s+)?exist",
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
    ),
    (
        "Is there a paper that speeds up KV caching?",
        "there's a limitation they mention, what is it?",
        "I remember they used ImageNet, which split?",
        "Was there a baseline that it beats?",
        "Is there a paper that extends it to video? What do they change?",
        "Is there a paper on this? how does it work",
        "Does it exist for video too?",
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
# how the asker wants it told, not what it is about: "the one about X more simply", "... in plain words"
_TOLD = re.compile(
    r"\s+(?:(?:a\s+bit\s+|much\s+|more\s+)?(?:simply|simpler|plainly|briefly)"
    r"|in\s+(?:simple|simpler|plain|layman'?s?)\s+(?:terms|words|english))\b",
    re.I,
)


def picked_by(question: str) -> str | None:
    """What a question picks one of several cited papers by ("explain the one about picking a diverse set of
    images more simply": "picking a diverse set of images"), else None."""
    if not (m := PICKED.pattern.search(question)):
        return None
    about = re.split(r"[,;:?.!]", question[m.end() :], maxsplit=1)[0]
    return _TOLD.split(about, maxsplit=1)[0].strip() or None


# "How does that differ from X?", "Is this related to X?", "how would that compare with SLA-v3?": a demonstrative as
# the subject points back too
_DEMONSTRATIVE = re.compile(
    r"\b(?:does|do|is|was|would|could|can|will|might|how's|what's|compare|contrast|from|than|with|to)\s+(?:this|that)\b"
    r"(?!\s+(?:\w+\s+)?(?:that|which)\b)",
    re.I,
)


def refers_back(question: str) -> bool:
    """A reference cue (pronoun, ordinal, "the paper", a demonstrative subject) points at the last answer; a
    pronoun, "the paper" or "that" of a question that brings in a paper of its own (INTRODUCED) is that paper."""
    own = INTRODUCED.pattern.search(question)  # "... does that exist, and what did they find?": its own paper's
    cues = ("ordinal",) if own else ("ordinal", "the_paper")
    return any(CUE_OF[name].search(question) for name in cues) or (
        not own and (pronoun(question) or bool(_DEMONSTRATIVE.search(question)))
    )


_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "last": -1}
_ORDINALS |= {"1st": 0, "2nd": 1, "3rd": 2, "4th": 3, "5th": 4}
_PLURAL = re.compile(r"\b(?:they|their|them|these|those)\b", re.I)


def picks(question: str, n_cited: int) -> bool:
    """An ordinal that picks one of the papers the last answer cited ("in the first one, is softmax still
    optimal?"). It points back whatever the question's words find: all 116 ordinals of the labelled
    conversations are follow-ups, and none a new topic."""
    ordinal = CUE_OF["ordinal"].search(question)
    return ordinal is not None and -n_cited <= _ORDINALS[ordinal[1].lower()] < n_cited


@dataclass(frozen=True)
class FollowUp:
    query: str  # what to search: the question, with the earlier question when it points back
    focus: tuple[str, ...]  # earlier papers it points at, in the earlier answer's order
    note: str = ""  # said when it points at something the earlier answer does not have
    follows: bool = False  # points back at the turn before (else a new topic)
    more: bool = False  # asks for more of the same ("tell me more"): the answer should not repeat itself
    by_default: bool = False  # one of several cited papers, the first, for want of an ordinal: its words may say which


def follow_up(question: str, turns: Sequence[Turn], follows: bool | None = None) -> FollowUp:
    """The question made searchable on its own, and the papers of the last answer it points at.

    `follows` is the decision of `follow_probability` (None: decided by the cues alone, for callers
    without a search). A new topic is searched by its own words and points at nothing.
    "the second one" after an answer that cited one paper is not silently another paper:
    the note says so and the one paper stays in focus.
    """
    if not turns:
        return FollowUp(question, ())
    if follows is None:
        follows = pronoun(question) or any(CUE_OF[name].search(question) for name in ("ordinal", "the_paper", "more"))
    if not follows:
        return FollowUp(question, ())
    last = turns[-1]
    earlier = list(last.cited)
    more = bool(CUE_OF["more"].search(question))
    singular = re.search(r"\b(?:it|its|this|that)\b", question, re.I)
    focus = earlier if _PLURAL.search(question) or (more and not singular) else earlier[:1]
    note = ""
    ordinal = CUE_OF["ordinal"].search(question)
    if ordinal and earlier:
        index = _ORDINALS[ordinal[1].lower()]
        if -len(earlier) <= index < len(earlier):
            focus = [earlier[index]]
        else:
            focus = earlier
            papers = f"{len(earlier)} paper{'s' * (len(earlier) > 1)}"
            note = f"The previous answer cited {papers}, so there is no {ordinal[1].lower()} one; "
            note += "answering about what it cited."
    elif ordinal and (mention := _nth_mention(last.answer, _ORDINALS[ordinal[1].lower()])):
        # pasted chat without references: what the earlier answer said beside its [n] is the paper
        return FollowUp(f"{question} {mention}", (), note, follows=True, more=more)
    # the method names of the last answer search well when it cited nothing we can point at
    names = (
        []
        if focus
        else list(dict.fromkeys(n for n in NAME.findall(last.answer.split("**References**")[0]) if len(n) > 2))
    )
    query = " ".join([question, last.question, *names[:3]]).strip()
    by_default = not ordinal and len(focus) == 1 and len(earlier) > 1
    return FollowUp(query, tuple(focus), note, follows=True, more=more, by_default=by_default)


_ELLIPSIS = re.compile(
    r"^\s*(?:and|so|what about|how about)\s+(?P<whose>its|their|the)\s+"
    r"(?!(?:first|second|third|fourth|fifth|last)\b)(?P<thing>[^?,;]+?)\s*[?.!]*\s*$",
    re.I,
)


def spelled_out(question: str) -> str:
    """A follow-up's ellipsis as the question it stands for: "And its success rate?" asks "What is its success
    rate?", and "numbers? success rate in simplerenv and on the real robot" asks for that success rate, so that
    each is read as asking for a figure. Anything else is returned as it is."""
    m = _ELLIPSIS.match(question)
    if not m:
        bare = _TERSE.match(question)
        return f"What is the {bare['thing']}?" if bare and wants(bare["thing"]) == "number" else question
    verb = "are" if m["thing"].split()[-1].lower().endswith("s") else "is"
    return f"What {verb} {m['whose'].lower()} {m['thing']}?"


# a measure named with no word that asks, after an opening tag ("numbers?") or "and"
# ... not an order: "summarise the depth one" (blind 43) asks a summary, whatever "depth" measures
_TERSE = re.compile(
    r"^\s*(?:(?:and|so|also|ok)\s+)?(?:[a-z]+\?\s+)?"
    r"(?!(?:please\s+)?(?:summari[sz]e|describe|explain|list|name|tell|give|compare|sum up|recap)\b)"
    r"(?P<thing>(?!.*\b(?:what|which|how|why|when|where|who|does|do|did|"
    r"is|are|was|were|can|could|it|they)\b)[^?]+?)\s*[?.!]*\s*$",
    re.I,
)


def _nth_mention(answer: str, index: int) -> str:
    """The clause an answer cites as its index-th source ("a paper that jointly models ... [2]"), or ""."""
    body = answer.split("**References**")[0]
    pieces, markers = re.split(r"\[\d+\]", body), [int(m) for m in re.findall(r"\[(\d+)\]", body)]
    numbers = sorted(set(markers))
    if not numbers or not -len(numbers) <= index < len(numbers):
        return ""
    wanted = numbers[index]
    clauses = [pieces[i] for i, m in enumerate(markers) if m == wanted]
    return " ".join(c.strip(" ,.;:") for c in clauses)[:300]
