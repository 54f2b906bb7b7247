"""The parts a question asks and what each wants: a number, a name, a method or anything (rag.reading.questions
reads its kind). Pure functions over patterns, with their examples in tests/test_reading_rules.py."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from rag.reading.asking import ASKING, LED, NUMBER, WH, asked, asks_figure, undetailed
from rag.reading.counted import counted_thing, figure_asked, named_before
from rag.reading.naming import CALLED_THING, NAME, NAMES_OF, THINGS
from rag.reading.one_of import which_one
from rag.reading.text import asking_sentences, quoted_phrases

# what a method or a detail is asked of: "which baseline methods does X compare against"
# ... or of one of the papers just cited: "which existing acceleration methods does the first one compare against?"
ASKED_OF = (
    r"\s+(?:does|do|did)\s+(?:it\b|they\b|this\b|the (?:[\w-]+ ){0,6}?(?:paper|work|study)\b|(?-i:[A-Z])"
    r"|the (?:first|second|third|last|former|latter|other) (?:one|paper|work)\b|th(?:at|is) (?:one|paper|work)\b)"
)


@dataclass(frozen=True)
class Part:
    """One thing the question asks, and the kind of answer it wants."""

    text: str
    wants: str  # number | name | method | any

    @property
    def asks_detail(self) -> bool:
        """Opens by asking for a number or a name ("How many clients ...", "Which LLM ..."), so its
        answer is a detail a paper's abstract may not state."""
        opening = asked(self.text)
        return self.wants in ("number", "name") and bool(
            _DETAIL_OPENING.match(opening)
            or _MEASURE_COMPARED.match(opening)
            or _IN_SITU.match(opening)
            or _METHODS_COUNTED.match(opening)
        )

    @property
    def kind_of(self) -> bool:
        """Asks "what kind of X" or "which X" of an X no name list knows: a sentence saying X answers, named or not."""
        return bool(_KIND_OF.match(asked(self.text))) or self.which_thing

    @property
    def which_thing(self) -> bool:
        """Asks "which X" of an X no name list knows ("Which GNNs", "Which seven"): particular ones, not a kind."""
        return bool(_WHICH_THING.match(p := asked(self.text)) and not NAME.search(p) and not _KIND_OF.match(p))

    @cached_property  # read for every sentence a part is held against (rag.answering.holds)
    def thing(self) -> tuple[str, ...]:
        """The words naming the thing asked for, the head last: "backbone architecture" of "what backbone architecture
        does FlowBatt use?"; then what the head is offered with ("What optimizer/solver ...?": solver)."""
        head = self.head
        if not head:
            return ()
        named = re.search(rf"\b(?:what|which)\s+((?:[\w-]+\s+){{0,3}}?){re.escape(head)}\b", self.text, re.I)
        offered = re.findall(rf"\b{re.escape(head)}/([\w-]+)", self.text, re.I)
        return (*(named[1].split() if named else ()), head, *offered)

    @cached_property
    def head_words(self) -> tuple[str, ...]:
        """The words naming the thing asked for, up to its head: "analytic framework" of "which analytic framework do
        they rely on?", not what the head is offered with."""
        return self.thing[: self.thing.index(self.head) + 1] if self.head in self.thing else ()

    @property
    def kind_word(self) -> str:
        """The word before the head that says its kind: "neuron" of "what neuron model", "" where none does."""
        return self.head_words[-2] if len(self.head_words) > 1 else ""

    @property
    def head(self) -> str:
        """The thing asked for: "clients" in "how many clients does it use", "" where none is named."""
        text = asked(self.text)
        if of := NAMES_OF.search(text) or CALLED_THING.search(text):
            # "the name of the dataset they released", "what is their dataset called": dataset; "the name of the loss
            # term they use": loss (blind 92)
            words = of[1].split()
            return words[-2] if len(words) > 1 and words[-1].lower() in ("term", "terms") else words[-1]
        # "which module handles non-causality": the thing before what it does, not "handles" (blind 99)
        m = _WHICH_DID.search(text) or _HEAD.search(text)
        words = [w for w in m["head"].split() if w.lower() not in _MEASURES] if m else []
        # "batch size used by X": not "used"; "which optimizer degraded least": what a verb is said of (blind 93)
        # ... but "existing accelerated variants": an adjective before its noun (blind 104)
        # ... or one that says where a thing sits: "which search algorithm sits at the core of ...?" (blind 106)
        verb = next(
            (i for i, w in enumerate(words) if (w.endswith("ed") and not _before_noun(words, i)) or (i and w in _SITS)),
            len(words),
        )
        words = words[:verb] or [w for w in words if not w.endswith("ed")] or words
        if not words:  # "Which pretrained diffusion model underlies ...": the kind of thing a name is asked of
            named = NAME.search(text)
            if named and (named["thing"] or named["said"]):
                return named["thing"] or named["said"]
            # "How many annotators validated ...", "what fraction of parameters does it tune?" (blind 54)
            return counted_thing(text)
        # the noun, as far as a rule can tell: "datasets" of "reasoning datasets", "clients" of "clients take part"
        nouns = [w for w in words if w.endswith("s") or any(c.isupper() for c in w)]
        # "which RL algorithm": the algorithm; "what FID change": the FID; "which RNA language model": the model (blind
        # 103)
        if (
            self.wants == "name"
            and words[-1].islower()
            and ((nouns and nouns == words[:-1] and nouns[-1].isupper()) or re.fullmatch(THINGS, words[-1]))
        ):
            return words[-1]
        head = (nouns or words or [""])[-1 if not nouns else 0] if len(nouns) < 2 else nouns[-1]
        # "which algorithm families do they propose?" asks for algorithms (blind 88)
        at = words.index(head) if head in words else 0
        kind_of = head.lower() in _KINDS and at and words[at - 1].lower() not in _COUNTS
        return words[at - 1] if kind_of else head


# "?" and "and" open a new part before any question word; a bare comma only before one that asks
# ("..., what TM-score ...?"), not before a clause ("..., where a model feeds ..." or "How wide, in tokens, is ...").
_ADVERB = r"(?:(?:also|exactly|roughly|approximately|specifically|precisely)\s+)?"
# "and up to how many", "and with how many" (blind 118), "and across how many benchmarks?" (blind 146)
_LEADING = r"(?:(?:up to|at|on|in|for|by|from|under|with|across|over|among)\s+)?"
_PART_BREAK = re.compile(
    rf"(?:\?\s*|[,;]\s*and\s+|\s+and\s+){_ADVERB}(?={_LEADING}{WH}\b)|(?:[,;:.]|\s[—–-])\s+{_ADVERB}(?={ASKING}\b)",
    re.I,
)
# "Does X report results on the DNS Challenge data?", "is the training data from Objaverse?": a yes-or-no question about
# one paper or a thing of it; "Do deep learning methods beat ...?", "is there a paper ...?" ask for papers. It asks, as
# "In the X approach, where ..." does not: "Does X have a GPU implementation, and how ...?" asks two things.
YES_NO = re.compile(
    r"^(?:does|do|did|has|have|can|is|was|were|are)\s+(?:it|they|its|their|this|that|the\s+[\w-]+"
    r"|(?-i:[A-Z])[\w-]*)\b",
    re.I,
)
_IF_SO = re.compile(r"^(?:and )?if (?:so|yes|it does|they do)\b|\bif (?:so|yes)$", re.I)
_COUNTS = {"two", "three", "four", "five", "several", "both", "many", "main", "key", "different"}
_KINDS = {"family", "families", "class", "classes", "kind", "kinds", "type", "types", "sort", "sorts"}
_HEAD = re.compile(
    r"^(?:at|on|in|for|with|by|to|up to|from|across|over|under|among|within|into|through)?\s*(?:exactly\s+)?"
    # ... or the most of it: "what's the highest compression ratio they get?" (blind 119)
    r"(?:which|what|how many|how much|what(?:'s|’s|\s+is)\s+the\s+(?:highest|lowest|largest|smallest|biggest|best"
    r"|maximum|max|minimum|top))\s+"
    r"(?P<head>(?:[\w@.-]+(?:\s+|$)){0,3}?)"
    r"(?=(?:does|do|did|is|are|was|were|can|could|has|have|had|in|on|of|for|to|at|by|with|from|and|per|over|under|against|across|when|its|their|it|they|this|these|those|comes?|came)\b|$)",
    re.I,
)
# "so which intervention came out best?", "which optimizer ended up most robust?": the thing before what it did;
# "which module enables the verification part?" (blind 89)
# ... and "which distance decides what cells get probed?" of "Mahalanobis distance selects relevant cells" (blind 101)
_A_PART = "|".join(
    rf"(?<=\b{word}\s)"
    for word in (  # noqa: SIM905
        "mechanism module component block branch stage strategy technique loss layer "
        "distance metric criterion objective reward signal"
    ).split()
)
# ... the same, many of them, before a verb in its plain form: "which strategies keep the RL-trained model from
# drifting ...?" (blind 101)
_PARTS = "|".join(
    rf"(?<=\b{word}\s)"
    for word in ("mechanisms", "modules", "components", "stages", "strategies", "techniques", "losses", "signals")
)
_WHICH_DID = re.compile(
    r"^which\s+(?P<head>[a-z][\w-]*\s+)"
    r"(?=(?:came|comes|won|wins|did|ended|worked|performed|fared|enables|allows|handles|controls|drives)\b"
    # ... or, of a part of a method, any verb before its object: "which mechanism captures the homophilic structures?"
    # (blind 94); not "which work shows the ...", a paper asked for, nor "which public benchmarks the ... reports"
    rf"|(?:(?:{_A_PART})(?-i:[a-z]+[^s\W]s)|(?:{_PARTS})(?-i:[a-z]+[^s\W]))"
    r"\s+(?:the|a|an|its|their|this|these|those|what|which|when|whether|how)\s)",
    re.I,
)
# Verbs that say where a thing is or what it rests on, never a plural noun after a noun ("search algorithm sits")
_SITS = frozenset({"sits", "lies", "relies", "depends", "operates", "resides", "rests", "acts", "serves"})
# Words that measure rather than name the thing asked for ("by what factor", "what percentage").
_MEASURES = frozenset(
    {"factor", "margin", "percentage", "percent", "fraction", "amount", "extent", "proportion", "share"}
    | {"maximum", "minimum", "max", "min", "average", "overall", "specific", "exact", "exactly"}
    | {"more", "less", "the", "its", "their", "much", "many", "kind", "type"}
    | {"sort", "best", "main", "kinds", "types", "sorts"}
    | {"bound", "bounds"}  # "what regret bound": a regret, stated as "an $O(log T)$ regret"
    | {"number", "numbers", "figure", "figures", "value", "values"}  # "What FID numbers ...?" asks FID (blind 118)
)
_DETAIL_OPENING = re.compile(
    r"^(?:at|on|in|for|with|by|to|up to|from|under)?\s*(?:exactly\s+)?"
    r"(?:which|what|how (?:many|much|long|fast|large|big|often|wide|deep|high|small)"
    r"|by how|to what)\b"
    # ... nor a paper asked for as "which one", "what about that X paper" (blinds 112, 113), or described: "... which
    # was it?", "what's that one called?" (blind 126), "what's the approach that uses ...?" (blind 131)
    r"(?!\s+(?:about\s+(?:the|that|this|a|an)\s+(?:[\w-]+\s+){0,3}|(?:\w+\s+)?)"
    rf"(?:work|works|paper|papers|study|studies|one|(?:method|methods|approach|approaches|technique)(?!{ASKED_OF}))\b"
    r"|(?:'s|\s+is|\s+was)\s+(?:that|this|the)\s+(?:one|paper|work|study)\s+called\b|(?<=which)\s+(?:was|is)\s+(?:it|that)\s*$"
    r"|(?:'s|\s+is|\s+was)\s+(?:that|the)\s+(?:one|paper|work|study|approach|method|technique)\s+(?:that|which|where)\b)",
    re.I,
)
# Methods counted are a detail, not papers: "how many SSL methods and datasets was it evaluated on?" (blind 105)
_METHODS_COUNTED = re.compile(r"^(?:exactly\s+)?how many\s+(?:[\w-]+\s+)?(?:methods|approaches|techniques)\b", re.I)
# The asking words where the thing asked stands, after the verb: "SR-3D is built on top of which LLM backbone?", "it
# was trained on how many GPUs?"
_IN_SITU = re.compile(
    r"^(?!(?:what|which|how|who|whom|where|when|why|is|are|was|were|does|do|did|can|could|has|have)\b)[^?]*?"
    r"\b(?:on|of|with|in|by|to|from|at|for|uses?|used|is|are|was|were|reach(?:es|ed)?|gets?|got)\s+"
    r"(?:which|what|how (?:many|much))\s+(?!(?:\w+\s+)?(?:work|works|paper|papers|study|studies)\b)",
    re.I,
)
_KIND_OF = re.compile(r"^(?:\w+\s+)?(?:what|which)\s+(?:kind|type|sort|form)s?\s+of\b", re.I)
_ASKED_BEFORE = re.compile(r"\b(?:what|which|how|who|when|where|why)\b", re.I)
_COUNTED = re.compile(r"\b(?:sizes?|numbers?|counts?|scales?)\b", re.I)
# "How does the wall-clock time of X compare to a solver?", "how do their error rates change with depth?"
_MEASURE_COMPARED = re.compile(
    r"^how (?:does|do|did) (?P<subject>(?:the|its|their) (?:\S+\s+){0,8}?)"
    r"(?:compare|differ|scale|change|vary|grow|drop|improve)\b",
    re.I,
)
_METHOD = re.compile(
    # "how exactly does the reward hacking detector compute that effort score?" asks how, not the score (blind 101)
    r"\bhow (?:(?:exactly|precisely|actually|concretely) )?(?:does|do|did|is|are|can|could|would)\b"
    r"|\bwhat (?:technique|mechanism|idea|trick)\b"
    # "what does it take to make certified unlearning ... not wreck accuracy?" asks how (blind 132)
    r"|\bwhat (?:does|would|did) it take\b",
    re.I,
)


# "Does the MA-BN paper, which studies batch norm ..., say which suite ...?": the clause after the
# subject of a yes/no opening describes the paper, it asks nothing
DESCRIBING = re.compile(r"^((?:does|do|did|is|are|was|were|has|have|can)\b[^,?]*),\s*which(?:\s+[^,?\s]+){3,},", re.I)


# "In the paper on how prompt complexity affects ..., which models ...?", "The study on how the optimizer's noise
# scale affects model merging - which architectures ...?": a piece that opens by saying which paper it means sets
# the scene, whatever asking word its description holds
# ... or a yes-or-no question of it: "In the unified adaptive variance reduction paper, do they still require unbiased
# estimators?" (blind 143)
_ASKS_YES_NO = r"(?:does|do|did|is|are|can|has|have)\s+(?:it|they)\b"
SCENE = re.compile(
    r"^(?:(?:in|for|regarding|about|as for|within)\s+)?(?:the|this|that|their|its)\s+(?:[\w'’\"$-]+\s+){0,6}?"
    rf"(?:paper|work|study|method|approach|framework|model|algorithm|technique|system)\b"
    rf"(?:[^,:?–—]|[,:](?!\s+(?:{ASKING}|where)\b)|-(?!\s))*(?:[,:]|\s[-–—])\s+(?={ASKING}\b|{_ASKS_YES_NO})",
    re.I,
)


# a piece of a named method, set as a scene: "ReasonMap's second stage", "in Hu-MCTs' expansion phase"
_POSSESSED = re.compile(
    r"^\s*(?:(?:in|for|about)\s+)?(?P<thing>(?-i:[A-Z])[\w.-]*(?:'s|’s|')\s+(?:[\w-]+\s+){0,3}[\w-]+)\s*$", re.I
)
_IT = re.compile(r"\bit\b", re.I)
_POINTING = re.compile(r"\b(?:they|them|it|these|those)\b", re.I)
# A heading before a dash or a colon that opens the question: "Angle k-means — does it add any hyperparameters, and
# which ...?" (blind 42) asks two things, the first a yes or no; "ok, and what about long-context LLMs: is there a
# RoPE scaling method that ...?" (blind 53) asks only the second
_HEADED = re.compile(
    r"^(?:(?:(?:ok|okay|so|and|also|now)[,\s]+)*(?:what|how)\s+about\s+)?"
    r"(?:(?!\b(?:which|what|how|who|why|when)\b)[^,;:?—–]){1,60}?\s*(?:[—–:]|\s-)\s+"
    r"(?=(?:does|do|did|is|are|was|were|can|could|has|have|will|would)\b)",
    re.I,
)


def _before_noun(words: list[str], at: int) -> bool:
    """A word in "ed" right before a plural noun, where it is the adjective of it ("accelerated variants")."""
    return at + 1 < len(words) and words[at + 1].lower().endswith("s") and not words[at + 1].lower().endswith("ss")


def split_parts(question: str) -> list[Part]:
    """A compound question's asked parts ("Which X ..., and how many Y ...?"), each with what it wants."""
    whole = question
    question = _HEADED.sub("", SCENE.sub("", DESCRIBING.sub(r"\1", asking_sentences(question)), count=1), count=1)
    pieces = [p.strip(" ,;?.") for p in _PART_BREAK.split(question) if p and p.strip(" ,;?.")]
    # "SpectrumBench — number of tasks and how many MLLMs ...?" (blind 52): a count asked without asking words
    pieces = [p if re.search(rf"\b{ASKING}\b", p, re.I) else figure_asked(p) for p in pieces]
    # a piece of two or three words ("and why") is part of its neighbour, not a question of its own
    merged: list[str] = []
    for piece in pieces:
        # the piece before only set the scene ("In the X approach, where ...", "hyperKAN for FL: which four
        # datasets, how many clients ...?"); this one asks, however short, unless it asks only of what the scene
        # names ("X names two failure modes. what are they, ...")
        if (
            merged
            # ... the words a title in quotes says ask nothing ("In the 'models know when they do not know' paper, ...")
            and not re.search(rf"\b{ASKING}\b|{_WHERE_ASKS}", asked(_unquoted(merged[-1])), re.I)
            and not YES_NO.match(merged[-1])
        ):
            scene = merged[-1]
            merged[-1] = piece if len(piece.split()) > 3 or not _POINTING.search(piece) else f"{merged[-1]} and {piece}"
            # ... where it names a piece of a method, the "it" after is that piece: "ReasonMap's second stage, what
            # training method does it use?" (blind 109)
            if (possessed := _POSSESSED.match(scene)) and len(_IT.findall(piece)) == 1:
                merged[-1] = _IT.sub(possessed["thing"], merged[-1], count=1)
        # "..., and why"; "Does X report Y? If so, what is it?" asks one thing; "and how many time-steps?" another
        elif merged and (
            (len(piece.split()) < 4 and not _SHORT_ASK.match(piece)) or _IF_SO.match(piece) or _IF_SO.search(merged[-1])
        ):
            merged[-1] += " and " + piece
        else:
            merged.append(piece)
    merged = [which_one(piece, Part(merged[i - 1], "").head if i else "", question) for i, piece in enumerate(merged)]
    merged = [named_before(piece, whole) for piece in merged]
    parts = [Part(p, wants(asked(p))) for p in merged] or [Part(question, wants(asked(question)))]
    # "What score does it get on X, and how does that compare to Go-Explore?": that score's (blind 54)
    return [
        Part(p.text, "number") if i and parts[i - 1].wants == "number" and _THAT_COMPARED.match(asked(p.text)) else p
        for i, p in enumerate(parts)
    ]


def _unquoted(piece: str) -> str:
    for phrase in quoted_phrases(piece):
        piece = piece.replace(phrase, " ")
    return piece


_THAT_COMPARED = re.compile(r"^how (?:does|do|did) (?:that|this|these|those) (?:compare|stack up|fare)\b", re.I)


# "Where do its images come from, and ...?" asks (blinds 45, 46); "In the X approach, where experts ..." sets a scene
# ... with its adverb too: "diffnoise: where exactly is the noise injected? and ...?" (blind 157)
# ... or its modal, or where in a thing ("where should the fusion go, and ...?", "where in Llama3.3-70B is most medical
# knowledge processed, and ...?", blinds 155, 159)
_WHERE_ASKS = (
    rf"(?:^|[,;:]\s*)where\s+{_ADVERB}(?:in\s+[^,;?]{{1,40}}?\s+)?"
    r"(?:do|does|did|is|are|was|were|can|could|should|would|will)\b"
)
# A short piece asking a thing of its own: "Which network and how many time-steps?"; not "and why", "and which one"
_SHORT_ASK = re.compile(
    # ... after its preposition too: "..., and on which model?", "and under what assumptions?" (blind 103)
    r"^(?:(?:on|in|under|with|at|for|from|by|over|across|against)\s+)?(?:which|what|how many|how much)\s+"
    r"(?!(?:is|are|was|were|does|do|did|it|its|they|one|ones|about|so|else)\b)[\w-]+"
    # "... ? and what's DaMCL?" (blind 118), "..., and what's 'component surgery'?" (blind 147)
    r"|^what(?:'s|’s|\s+is|\s+are)\s+(?:(?-i:[A-Z][\w-]*[A-Z0-9])|['\"‘“])",
    re.I,
)


def wants(part: str) -> str:
    """The kind of answer a part asks for: a number, a name, a method, or anything relevant."""
    if kind := undetailed(part):
        return kind
    m = NAME.search(part)
    # "Which LLM reaches 78% pass@1?" asks for a name; so does one asked at the end ("ADAP replaces the usual pruning
    # ratio with what metric?", blind 86), whatever numbers the words before it measure
    at_end = bool(
        m and m["thing"] and m.end() >= len(part.rstrip(" ?.")) and not _ASKED_BEFORE.search(part[: m.start()])
    )
    # ... unless it asks a size of it ("which model sizes", "what base model and parameter count"), not "On which model
    # did they report their speedup and memory numbers?" (blind 89)
    if (
        m
        and (m.start() < 4 or at_end)
        and not _COUNTED.search(" ".join(part[m.start() :].split()[: len(m[0].split()) + 3]))
    ):
        return "name"
    if (measured := _MEASURE_COMPARED.match(part)) and NUMBER.search(measured["subject"]):
        return "number"  # "how does the wall-clock time of X compare to Y": the times, not a method
    method = _METHOD.search(part)
    if method and method.start() < 4 and not NUMBER.match(part):  # "How does it keep rewards from misleading ..."
        return "method"
    # whether a thing helps asks no figure, whatever its subject measures: "did fancy process rewards help?" (blinds
    # 129, 140, 141, 152: "simple outcome-based rewards are more effective than complex process-oriented reward ...")
    if asks_figure(part) and not _WHETHER_IT_HELPS.match(part):
        return "number"
    if NAME.search(part):
        return "name"
    if _METHOD.search(part):
        return "method"
    if _WHICH_THING.match(part):  # "Which newspapers ...?", "Which VLMs were tested?": a particular thing, by name
        return "name"
    return "any"


_WHETHER_IT_HELPS = re.compile(
    r"^(?:and\s+)?(?:did|does|do|is|are|was|were)\s+(?!.*\b(?:how|by)\b)[^?]*\b(?:help|helps|helped|matter|matters"
    r"|pay\s+off|paid\s+off)\s*[?.!]*$",
    re.I,
)


# "which" before the thing asked opens a question for a particular one of them (a name), unless the thing
# is a paper or a method: "which papers ...", "which method that ..." ask for papers (a list, a lookup); "at what
# point can the training set be recovered?" asks when (blind 98: "as $p$ exceeds the threshold $dn$"); "under what
# assumptions?" asks what holds (blind 103: "Under standard shape-regularity and bi-Lipschitz warp assumptions")
_WHICH_THING = re.compile(
    rf"^(?:{LED}|which)\s+(?!(?:\w+\s+)?(?:papers?|works?|stud(?:y|ies)|methods?|approach(?:es)?|one|of|point"
    r"|assumptions?|conditions?|circumstances?|regimes?|scenarios?|situations?|sense)\b)"
    r"[\w-]+",
    re.I,
)
