"""What a sentence holds of the kind of thing a part asks for: a figure, a name of the class asked, or things a paper
says in plain words (tasks listed, modules it introduces), beyond what the question gave (rag.answering.evidence
decides which sentence answers; these say whether one can)."""

from __future__ import annotations

import re
from collections.abc import Callable

from rag.answering import values
from rag.answering.named_thing import apposed, said_done_on, spelled, spelled_as_other, spelled_out_as
from rag.answering.value_kinds import ValueKind
from rag.answering.values import counts_only, listed_after, names, numbers, singular
from rag.reading.asking import asked
from rag.reading.parts import Part
from rag.reading.text import COUNT_WORD, COUNTED

Terms = Callable[[str], list[str]]  # the keyword side's stemmed terms of a text

# What is often named in plain capitalised words: games, tasks, environments (Atari, Minecraft), metrics ("Symbol
# Fidelity for notation accuracy", blind 56).
PLAIN_NAMED = {
    "game",
    "games",
    "task",
    "tasks",
    "environment",
    "environments",
    "domain",
    "domains",
    "metric",
    "metrics",
    # "which distance decides what cells get probed?" of "Mahalanobis distance selects relevant cells" (blind 101)
    "distance",
    "distances",
    "divergence",
    "divergences",
    "kernel",  # "which kernel did the learned scores line up with?" of "the Gaussian kernel" (blind 122)
    "kernels",
    # "which search algorithm sits at the core of Hu-MCTs' humanization phase?" of "a novel black-box optimization
    # algorithm based on Monte Carlo Tree Search" (blind 106)
    "algorithm",
    "algorithms",
    "data",  # "what data is it built from?" of "derived from real-world Polymarket data" (blind 140)
    # "which factorization do they use for the confidence bounds?" of "Cholesky factorization is employed" (blind 147)
    "factorization",
    "factorizations",
    "decomposition",
    "decompositions",
    # "which tools give the feedback?" of "By integrating Lean 4 compilers for syntax corrections ..." (six rows of
    # blinds 113 to 150)
    "tool",
    "tools",
}
# Things a paper says in plain words, named or not: "various architectures (random features, two-layer ...)", "a
# counterfactual detector module is proposed" (blinds 47 and 48); not models or datasets, which have names
# ... and strategies: "which strategies do they use so results don't drift ...?" of "we propose three key strategies:
# 1) a composite reward function ..., 2) ground-truth guided likelihood regularization, ..." (blind 106)
DESCRIBED = {"architecture", "module", "component", "branch", "stage", "block", "phase", "mechanism", "strategy"}

# a capitalised word inside a sentence, or capitalised words joined by a slash or hyphen ("the olfactory Go/No-Go
# discrimination task", blind 83)
_PROPER = re.compile(r"(?<=[\w,;:(] )(?:[A-Z][a-z]*(?:[/-][A-Z][a-z]*)+(?![\w/-])|[A-Z][a-z]{2,}\b)")
_OPENING_RUN = re.compile(r"^(?:[A-Z][a-z]+\s+){2,}")
_SPELLED_OUT = re.compile(r"(?:\b[A-Z][\w-]*\s+)+\([A-Z][A-Za-z]*s?\)")


def fits(part: Part, sentence: str, given: set[str], plain_names: bool = False, listed: bool = False) -> bool:
    """Does the sentence hold the kind of thing the part asks for, beyond what the question itself gave?
    Games, tasks and environments are often plain capitalised words ("the 20 Questions game", "Atari").
    "What kind of solver?" is answered by what the sentence says of the solver, named or not."""
    if part.wants == "number":  # a bound is a figure too: "what regret?" of "an $O(\\log T)$ regret"
        timed = bool(_HOW_LONG.match(asked(part.text)) and _TIME_IN_WORDS.search(sentence))
        return (
            bool(numbers(sentence) - given) or bool(_BOUND.search(sentence)) or _in_order(part.head, sentence) or timed
        )
    if part.wants == "name" and not part.kind_of:  # tasks are often listed in plain words ("tasks such as ...")
        return (
            bool(new_names(sentence, given, plain_names))
            or (listed and listed_after(part.head, sentence))
            or _introduced(part.head, sentence, _built(part, sentence))
            # "which layers do they fine-tune for language control?" of "only the final layers responsible for
            # language control" (blind 107)
            or _placed(part.head, sentence)
            or spelled_out_as(part, set(), sentence)  # "which model family?" of "state-space models (SSMs)"
            or _styled(part.head, sentence, given)
            or _each_said(part, sentence)
        )
    if part.wants == "name" and part.which_thing:  # "Which GNNs?" is not answered by "various classic GNNs"
        return (
            bool(new_names(sentence, given, plain_names) or _ENUMERATION.search(sentence))
            or _introduced(part.head, sentence)
            or _placed(part.head, sentence)
            or _each_said(part, sentence)
        )
    return True


# a time told in words: "how fast is full enumeration?" of "make full enumeration ... possible in under a minute" (blind
# 105)
_HOW_LONG = re.compile(r"^how (?:fast|long|quickly)\b", re.I)
_TIME_IN_WORDS = re.compile(
    r"\b(?:under|within|in|less than|about|over)\s+(?:a|an|one|a few)\s+(?:milli)?(?:seconds?|minutes?|hours?|days?)\b"
    r"|\bin\s+(?:milli)?(?:seconds|minutes)\b",
    re.I,
)
# a rate told by its order: "what speedup do they show in the convex case?" of "a linear speedup with respect to the
# batch size" (blind 97)
_ORDER = r"(?:sub|super)?linear|quadratic|cubic|exponential|logarithmic|polylogarithmic|polynomial"


def _in_order(head: str, sentence: str) -> bool:
    thing = re.escape(singular(head)) if head else ""
    return bool(thing) and bool(re.search(rf"\b(?:{_ORDER})(?:ly)?[\s-]+(?:[\w-]+\s+)?{thing}", sentence, re.I))


# Parts of a network told by where they sit, and values by their rank: "which layers do they end up fine-tuning?" of
# "selective fine-tuning of only the final layers responsible for language control" (blind 102), "which eigenvalue
# exactly?" of "the L-generator's principal eigenvalue" (blind 102)
_PLACED = {"layer", "block", "stage", "head", "token", "step", "eigenvalue", "eigenvector"}
_PLACE = (
    r"(?:early|earlier|middle|intermediate|late|later|final|last|first|initial|top|bottom|shallow|deep|lower|upper"
    r"|principal|leading|dominant|largest|smallest)"
)


def _placed(head: str, sentence: str) -> bool:
    thing = singular(head).lower()
    return thing in _PLACED and bool(re.search(rf"\b{_PLACE}(?:est|er)?\s+{thing}s?\b", sentence, re.I))


_SEVERAL = re.compile(rf"^(?:which|what)\s+(?:are\s+the\s+)?{COUNT_WORD}\s", re.I)
# ... or a power of a symbol: "the classic FEM approximation rate $M^{-m/d}$" (blind 103)
_BOUND = re.compile(
    r"(?<![\w-])(?:\\(?:mathcal|tilde|widetilde)\{O\}|O|\\Theta|\\Omega)\(|(?<![\w\\])[A-Za-z]\^\{?-?[A-Za-z]"
)


# Particular things said without a name: a list of three or more ("math, coding, science, and creative
# writing"), one introduced as such ("tasks such as ...", "including ...", "namely ...", "e.g. ..."), or counted
# before a bracket that lists them ("four detection perspectives (clustering and reconstruction in ...)").
# A clause is no item: "... covariates, especially under complex or multimodal conditions" (blind 54); "statistics,
# particularly channel-wise variance and dominant activations" lists them (blind 42)
_ITEM = r"(?:(?!(?:under|yet|but|which|that|while|when|where|whereas|is|are|was|were"
_ITEM += r"|be|been|to|from|with|by|at|in|on|for|thus|hence|thereby|even|not)(?![\w-]))[\w-]+)"
_ENUMERATION = re.compile(
    rf"{_ITEM}(?: {_ITEM}){{0,3}}, {_ITEM}(?: {_ITEM}){{0,3}},? (?:and|or) [\w-]+"
    r"|\b(?:such as|including|namely|e\.g\.|i\.e\.|for example|for instance)\b|\w: \w"
    r"|\b[a-z][\w-]*[^s\W]s like\b"  # "structures like ordered circles and semantic clusters"; not "behaves like"
    rf"|{COUNTED}\s+\("
    # ... or before a dash or a colon some words on (values.LISTED_LATER)
    rf"|{COUNTED}\b{values.LISTED_LATER}",
    re.I,
)


# A plain capitalised word the noun after it says is a name: "the Overcooked benchmark", "the Million Song Dataset",
# "the Atari 100k benchmark"
# ... or capitalised words a part's noun says is a named component: "a Singular Stochastic Sampling strategy is
# introduced" (blind 87); not "a Stochastic strategy", one word that may open a phrase
_NAMED_BY_NOUN = re.compile(
    r"(?<=[\w,;:(] )[A-Z][a-z]{2,}(?=(?: \d+\w?)? (?i:benchmark|dataset|suite|corpus|environment|game|simulator)s?\b)"
    # ... or an algorithm named after a thing or a person: "leverage the Hungarian algorithm" (blind 105)
    r"|(?<=\bthe )[A-Z][a-z]{2,}(?= (?i:algorithm|optimi[sz]er|solver|distance|divergence|kernel|transform|process)\b)"
    r"|(?<=[\w,;:(] )(?:[A-Z][a-z]+ ){1,4}[A-Z][a-z]+(?= (?i:strategy|module|mechanism|block|branch|loss|layer)\b)"
    # ... or models by their family: "language models from Pythia, Gemma, Llama, and Qwen families" (blinds 145, 155)
    # ... not "Time Series LLMs"
    r"|(?<=[\w,;:(] )[A-Z][a-z]{2,}(?= (?i:famil(?:y|ies))\b)"
)


# what a paper makes of its own: "what dataset did they build?" asks for it, named or not
MAKE = r"propose|introduce|design|develop|present|build|construct|curate|collect|create"
# ... not what it is built on ("What base model is CompassJudger-2 built on?", blind 65)
_BUILT = re.compile(
    r"\b(?:build|built|construct(?:ed)?|curate[sd]?|collect(?:ed|s)?|create[sd]?|introduce[sd]?|propose[sd]?"
    r"|c[oa]me up with|devise[sd]?)\b"
    r"(?!\s+(?:on|upon|from|with|using|around|atop|in)\b)",
    re.I,
)


def _built(part: Part, sentence: str = "") -> bool:
    """The part asks for a thing the paper made: "what dataset did they build?"; or for a kind of thing by words the
    sentence says it made ("what pretext task does PLanTS use?" of "we design a next-transition prediction pretext
    task", blind 87)."""
    if _BUILT.search(asked(part.text)):
        return True
    named = part.head_words
    return len(named) > 1 and bool(re.search(rf"\b{re.escape(' '.join(named))}\b", sentence, re.I))


def described(head: str) -> bool:
    """A thing a paper may say in plain words or name as it likes: a module, a mechanism (DESCRIBED)."""
    return singular(head) in DESCRIBED or re.sub(r"ies$", "y", head.lower()) in DESCRIBED


def _introduced(head: str, sentence: str, built: bool = False) -> bool:
    """A particular one of the things asked for, which the paper introduces in plain words: "which modules does it
    use?" of "Specifically, a counterfactual detector module is proposed to ..." (blind 48); any thing the part asks
    what they built ("what dataset did they build?" of "we propose a novel dataset consisting of ...", blind 66)."""
    # "... with what metric?" of "we introduce compression ratio as a unified metric" (blind 86): the thing set as one
    # ... or cast as one: "what task do they reformulate extraction as?" of "We reformulate main content extraction as
    # a semantic block sequence classification task" (blind 82)
    if head and re.search(
        rf"\b(?:{MAKE}|use|adopt|employ|(?:re)?formulate|recast|cast|frame)[sd]?\s+(?:[\w-]+\s+){{1,4}}?as\s+"
        rf"(?:an?|the|our)\s+(?:[\w-]+\s+){{0,4}}"
        rf"{re.escape(singular(head))}(?:e?s)?\b",
        sentence,
        re.I,
    ):
        return True
    if not (built or described(head)):
        return False
    # "What model component does the predicting?" of "Prot2Token employs an autoregressive decoder" (blind 104)
    kinds = [singular(head), *(values.SAID_AS["component"].split() if singular(head) == "component" else ())]
    # ... the thing itself, not the words of another it qualifies: "a robust Foundation Model (FM)-empowered O-RAN
    # framework" makes no foundation model (blind 151)
    thing = rf"(?:[\w()-]+\s+){{1,5}}?(?:{'|'.join(map(re.escape, kinds))})(?:e?s)?\b(?!\s*(?:\([^()]*\))?-)"
    made = r"(?:proposed|introduced|designed|developed|presented)"
    return bool(
        re.search(rf"\b(?:an?|the)\s+{thing}[^.;]{{0,40}}?\b(?:is|are)\s+(?:\w+\s+)?{made}", sentence, re.I)
        # ... named first: "we introduce UniFork, a novel Y-shaped architecture that ..." (blind 66)
        # ... "we first introduce a dynamic token budget mechanism" (blind 80)
        or re.search(
            # ... or by its name: "AGGR introduces an Adaptive Granular-Ball graph refinement mechanism" (blind 94)
            rf"\b(?:we|(?-i:[A-Z][\w-]*[A-Z][\w-]*)) (?:(?:first|also|further|then|additionally|\w+ly)\s+)?"
            rf"(?:{MAKE}|employ|adopt)s?\s+"
            rf"(?:[\w-]+,\s+)?(?:an?|the)\s+{thing}",
            sentence,
            re.I,
        )
        # ... or named in capitals and set as one: "we propose Fixed-Sum Discrete Diffusion—the first framework to ..."
        # (blind 97)
        or re.search(
            rf"\bwe (?:\w+ly\s+)?(?:{MAKE})\s+(?-i:[A-Z][\w-]*(?:\s+[A-Z][\w-]*){{0,5}})\s*(?:,|:|—|---)\s*"
            rf"(?:an?|the)\s+{thing}",
            sentence,
            re.I,
        )
    )


# ... not "built on top of which model?" (blind 103); "which comes out on top?" asks
_RANKING = (
    r"\b(?:best|worst|most|least|highest|lowest|fewest|strongest|weakest|fastest|largest|smallest|top(?!\s+of\b))\b"
)
_ASKS_RANKED = re.compile(rf"{_RANKING}|\b(?:better|worse|stronger|faster|more robust|wins?|won)\b", re.I)
_SAYS_RANKED = re.compile(
    rf"(?:{_RANKING}|\b(?:better|outperform\w*|superior)\b)(?:-\w+)?(?:\s+(?P<what>[\w-]+))?", re.I
)
_ASKS_BEST = re.compile(_RANKING, re.I)
_SAYS_BEST = re.compile(rf"{_RANKING}(?:-\w+)?(?:\s+(?P<what>[\w-]+))?", re.I)

# what a sentence may rank without saying which it is: "the best model", "the strongest baseline"
_RANKED_UNNAMED = {"model", "method", "approach", "baseline", "system", "agent", "llm", "variant", "one", "of"}


def ranks(part: Part, sentence: str, best: bool = False) -> bool:
    """Which one came out best is told by a sentence that ranks something of it, named or in plain words: "which
    intervention came out best?" of "prompt expansion ... achieves the highest performance", "which optimizer is
    most robust?" of "models trained with Shampoo show the lowest accuracy degradation" (blinds 52 and 53); not by
    one that ranks the thing asked itself without saying which it is ("even the best model reaches only 40%").
    `best`: only a superlative asked and said ("which did best?" of "the highest"; not "which worked better?")."""
    if not (_ASKS_BEST if best else _ASKS_RANKED).search(asked(part.text)):
        return False
    unnamed = {singular(part.head), *_RANKED_UNNAMED} if part.head else _RANKED_UNNAMED
    # ... nor by the measure the part gives: "Which model got the best pass@1 of 0.26?" of "the best overall pass@1 is
    # 0.26" (blind 105)
    measure = set(re.findall(r"[\w@.-]+", asked(part.text).lower())) - {part.head.lower()}
    return any(
        singular(m["what"] or "") not in unnamed
        and next(iter(sentence[m.end() :].split()), "").lower() not in measure
        and (m["what"] or "").lower() not in measure
        for m in (_SAYS_BEST if best else _SAYS_RANKED).finditer(sentence)
    )


# A capitalised word an abstract sets in emphasis names a thing: "we train a competitive LLM family, *Celerity*" (blind
# 84); 322 abstracts of 19,630 do so, most for a method, model or benchmark ("*ChinaTravel*", "\\emph{Patronus}")
# ... of a few words too: "the novel notion of *Just-in-Time Sampling Trees*" (blind 138)
_EMPHASISED = re.compile(
    r"(?<![\w*])\*([A-Z][\w-]+(?: [A-Z][\w-]+){0,4})\*(?!\*)|\\(?:textit|emph)\{([A-Z][\w-]+(?: [A-Z][\w-]+){0,4})\}"
)


def new_names(sentence: str, given: set[str], plain_names: bool = False) -> set[str]:
    # not the words an abbreviation spells out: "a Large Language Model (LLM)"
    # ... nor those of a capitalised phrase the sentence opens with: "Interactive Imitation Learning deals with ..."
    # names no environment (blind 81)
    proper = set(_PROPER.findall(_SPELLED_OUT.sub("", _OPENING_RUN.sub("", sentence)))) if plain_names else set()
    emphasised = {a or b for a, b in _EMPHASISED.findall(sentence)}
    return (names(sentence) | proper | set(_NAMED_BY_NOUN.findall(sentence)) | emphasised) - given


def plain(part: Part, views: list[str], given: set[str], terms: Terms) -> tuple[bool, bool]:
    """Whether the names asked for may be plain capitalised words ("the 20 Questions game", "Atari"; not "Euclidean
    baselines"), and whether they, or things a paper describes (DESCRIBED), may be listed in plain words ("downstream
    tasks such as concept detection and ..."): only where no sentence saying the thing names it ("three tasks:
    Existence, Temporal, and Narrative", where "tasks such as captioning and question answering" are other work's)."""
    capitalised = part.head.lower() in PLAIN_NAMED
    head = set(terms(part.head))
    listed = capitalised or described(part.head)
    return capitalised, listed and not any(new_names(v, given, capitalised) for v in views if head & set(terms(v)))


def holds_value(
    part: Part,
    sentence: str,
    wanted: tuple[ValueKind | None, str | None],
    given: set[str],
    question: str,
    listing: tuple[bool, bool],
    any_name: bool,
) -> bool:
    """The sentence holds a value of the kind the part wants (its kind of value, and for a name the class of
    thing named, unless any name will do), beyond what the question gave."""
    kind, asked_class = wanted
    if part.wants == "name" and spelled(part, sentence):  # the thing in the part's words, then what it is
        return True
    if kind is not None:  # a duration, a chip, a licence, a count: no other number or name will do
        return values.holds(kind, sentence, " ".join([question, *sorted(given)]))
    if part.wants == "name" and (part.which_thing or not part.kind_of) and counts_only(sentence, question):
        return False
    plain_names, listed = listing
    if part.wants == "name" and (ranks(part, sentence) or said_done_on(part, sentence)):
        return True
    found = new_names(sentence, given, plain_names)
    # "Which four vision encoders make up its pool?" is not told by one name (blind 53); "which two components does
    # it add?" is, one sentence a component (blind 87: "a ... strategy is introduced", then "we introduce a ... module")
    several = part.wants == "name" and bool(_SEVERAL.match(asked(part.text))) and not described(part.head)
    listed_each = several and _each_said(part, sentence)
    if (several and len(found) < 2 and not _ENUMERATION.search(sentence) and not listed_each) or not fits(
        part, sentence, given, plain_names, listed
    ):
        return False
    # the name must be of the thing asked for: a dataset's name does not answer "which model"
    return (
        part.wants != "name"
        or any_name
        or part.kind_of  # "what kind of solver?": a description of it answers
        or (listed and not found)  # tasks listed in plain words ("tasks such as concept detection and ...")
        or _introduced(part.head, sentence, _built(part, sentence))
        or _placed(part.head, sentence)
        or (values.of_class(asked_class, found, sentence) and not spelled_as_other(part, found, sentence))
        or apposed(part.head, found, sentence)
        or spelled_out_as(part, found, sentence)
        or _styled(part.head, sentence, given)
        or _each_said(part, sentence)
    )


def _each_said(part: Part, sentence: str) -> bool:
    """Things of the kind asked for, each said in plain words ending in the kind: "which two uncertainties feed the
    verification module?" of "incorporating each view's lesion concept uncertainty and grading uncertainty" (blinds
    119, 141, 152); the things counted where no head was read ("feed" is no verb a head is read before)."""
    if "and" not in sentence:  # read for every sentence of a part: the cheap test first
        return False
    counted = _COUNTED_THINGS.match(asked(part.text))
    head = part.head or (counted[1] if counted else "")
    if not head.endswith("s") or not (thing := re.escape(re.sub(r"ie$", "y", singular(head)))):
        return False
    item = rf"(?:an?\s+|the\s+)?(?:[a-z][\w-]*\s+){{1,3}}{thing}"
    return bool(re.search(rf"\b{item},?\s+and\s+{item}\b", sentence, re.I))


_STYLED = re.compile(r"-(?:style|like|based)\s")
_COUNTED_THINGS = re.compile(r"^(?:which|what)\s+(?:two|three|four|both)\s+([a-z]+s)\b", re.I)


def _styled(head: str, sentence: str, given: set[str]) -> bool:
    """The things asked for, said by the named model they are built like: "what models does it use to pick
    sentences?" of "EffComp employs BERT-style document reranker and sentence selector models" (blinds 114, 131, 138,
    139, 155); the name has two capitals at least ("LLaMA-based", not "Transformer-based") and is not the question's
    ("which pretrained DiT editing model ...?" of "... for DiT-based models", conference dev)."""
    if not _STYLED.search(sentence):  # read for every sentence of a part: the cheap test first
        return False
    thing = re.escape(singular(head)) if head else ""
    styled = rf"\b([A-Z]\w*[A-Z0-9][\w.]*)-(?:style|like|based)\s+(?:[\w-]+\s+){{0,5}}?{thing}(?:e?s)?\b"
    return bool(thing) and any(m[1] not in given for m in re.finditer(styled, sentence))
