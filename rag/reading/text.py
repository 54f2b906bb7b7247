"""Text of abstracts and questions: the one sentence splitter, coined method names, display labels, the sentences
of a question that ask."""

from __future__ import annotations

import re

from rag.reading.lexicon import FIELD_ACRONYMS, METHOD_PARTS, WELL_KNOWN_NAMES

# A count of things, and one with the plural it counts some words on: "two novel strategies", "seven widely-used
# benchmarks" (what a part asks for by its count, what a sentence lists)
COUNT_WORD = r"(?:two|three|four|five|six|seven|eight|nine|ten|\d+)"
COUNTED = rf"\b{COUNT_WORD}\s+(?:[\w-]+\s+){{0,2}}?[\w-]+s"

# What follows a count of things that lists them in the same sentence: "two strategies: (1) ...", "(a planner and
# a critic)", "such as", a dash
_LISTED_HERE = re.compile(r"[^.]*?(?::|\(|\u2014|---|\b(?:such as|including|namely|i\.e\.|e\.g\.)\b)")
_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def announced(sentence: str) -> list[str]:
    """The parts of a method a sentence counts and leaves to the sentences after it (METHOD_PARTS): "three primary
    stages" of "Our method consists of three primary stages.", none of "two strategies: (1) ..."."""
    found = re.finditer(rf"{COUNTED}\b", sentence, re.I)  # the plural counted is its last word
    return [
        m[0]
        for m in found
        if m[0].split()[-1].lower() in METHOD_PARTS.words and not _LISTED_HERE.match(sentence, m.end())
    ]


def count_of(counted: str) -> int:
    """The count a counted phrase opens with: 3 of "three primary stages", 0 where it says none."""
    first = counted.split()[0].lower() if counted.split() else ""
    return int(first) if first.isdigit() else _COUNTS.get(first, 0)


# A sentence ends at . ! or ? followed by a capital, a bracket, a digit or math: "e.g. the" stays whole.
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\[0-9$\\])")


# ... but not after an enumerator: "we introduce two applications: 1. Model cascading ... and 2. Data cleaning ..."
# (blind 54; all 20 such ends in the conference's abstracts are items of a list)
_ENUMERATOR_END = re.compile(r"(?:[:;,]|\band|\bor)\s+\(?\d\)?\.$")


def sentences(text: str) -> list[str]:
    """The one sentence splitter: answers, grounding and labels all cut text here."""
    cut: list[str] = []
    for piece in (s.strip() for s in _SENTENCE.split(text.strip()) if s.strip()):
        if cut and _ENUMERATOR_END.search(cut[-1]):
            cut[-1] += " " + piece
        else:
            cut.append(piece)
    return cut


def asking_sentences(question: str) -> str:
    """The sentences that ask, without those that set the scene: in "For choosing which pairs to label,
    one method handles non-linear rewards. What is it called?" the first describes the paper (the
    search uses it to find the paper) and asks nothing, though "which" is in it. A sentence asks when
    it ends in "?" or opens with an order ("Name ...", "Tell me ..."); with none that asks, all do."""
    asking, scene = _asking_and_scene(question)
    return asking if scene else question


def scene_sentences(question: str) -> str:
    """The sentences that set the scene before (or between) those that ask; "" where none does or none asks."""
    return _asking_and_scene(question)[1]


def _asking_and_scene(question: str) -> tuple[str, str]:
    pieces = _SENTENCE_END.split(question.strip())
    asks = [bool(p.rstrip().endswith("?") or _ORDER_OPENING.match(p)) for p in pieces]
    # "... I remember VLMCountBench and a paper called Math Blind, what did each find" (blind 87): the last sentence,
    # typed without its "?", asks in the clause after its comma
    asks[-1] = asks[-1] or bool(_CLAUSE_ASKS.search(pieces[-1]))
    # ... and one typed on in lower case after a question asks on where it says what ("... but how much data is that
    # concretely", "number of ambiguous images and QA pairs": people-dev), not where it remarks ("in normal distRL
    # it's mostly a representation-learning aid", blind 106)
    asks = [
        a or (i > 0 and pieces[i - 1].endswith("?") and p[:1].islower() and bool(_ASKS_ON.search(p)))
        for i, (p, a) in enumerate(zip(pieces, asks, strict=True))
    ]
    if not any(asks):
        return question, ""
    return (
        " ".join(p for p, a in zip(pieces, asks, strict=True) if a),
        " ".join(p for p, a in zip(pieces, asks, strict=True) if not a),
    )


_ASKS_ON = re.compile(r"\b(?:how|what|which|why|whether|number|amount|size|compar\w*|contrast\w*|versus|vs)\b", re.I)
_CLAUSE_ASKS = re.compile(
    r",\s*(?:what|how|which|why|who|where|when)\s+(?:do|does|did|is|are|was|were|can)\b[^.!?]*$", re.I
)
# ... or a question typed in lower case after one ("... DP-SGD-like protection. how do the two papers' messages
# differ?", blind 92)
# ... a question mark ends one whatever follows: "how do they use those distributions when choosing actions? in normal
# distRL it's mostly a representation-learning aid" (blind 106) asks only before it
_SENTENCE_END = re.compile(
    r"(?<=[.!?])\s+(?=[A-Z\"'(]|(?:how|what|which|why|does|do|did|is|are|can|could)\s)|(?<=\?)\s+(?=[\w\"'(])"
)
_ORDER_OPENING = re.compile(
    r"^(?:please\s+)?(?:name|list|tell|give|say|state|report|describe|explain|summari[sz]e|compare|identify|"
    r"specify|quote|what|which|how|who|when|where|why|does|do|did|is|are|was|were|can|could)\b",
    re.I,
)


# A question's opening sentence of one or two words: "Scary.", "Nice!", "Ok cool." (or a topic: "Diffusion models.")
_ASIDE = re.compile(r"^\W*((?:[\w']+\s+)?[\w']+)\s*[.!]+\s+(?=\S)")


def opening_aside(question: str) -> tuple[str, str]:
    """The one- or two-word sentence a question opens with, and the rest: ("", question) when there is none."""
    m = _ASIDE.match(question)
    return (m[1], question[m.end() :]) if m else ("", question)


_INTRO = re.compile(
    r"\b(?:propose|proposes|introduce|introduces|present|presents|develop|develops|call|called|"
    r"named|dubbed|termed|coined)\b",
    re.IGNORECASE,
)
# A name someone coined: two or more capitals or a capital and a digit (TraDy, TOGP, SUIT, GPT-4o),
# or spread over a hyphen: a lone capital before it (D-Artemis), a word before a code (Plan-R1, Self-RAG).
# Two capitalised words ("Vision-Language") are a term, not a name. A short lower-case prefix before a capital is one
# too: "nuPlan", "nuScenes" (blind 131: "Experiments on the nuPlan benchmark").
# The look ahead for a capital first keeps it as fast as without that case (findall over 3,000 abstracts: 0.105 s,
# 0.124 s without it, 0.105 s before the case).
NAME = re.compile(
    r"\b(?=[A-Za-z]*[A-Z])(?:(?:[A-Za-z]*[A-Z][A-Za-z0-9]*[A-Z0-9]|[a-z]{1,3}[A-Z][a-z])[A-Za-z0-9]*|[A-Z](?=-)"
    r"|[A-Z][a-z]+(?=-[A-Z]*\d|-[A-Z]{2,}\b))(?:-[A-Za-z0-9]+)*\b"
)
# not coined by the paper an answer is about: the field's acronyms and well-known names (rag.reading.lexicon)
_COMMON = FIELD_ACRONYMS.words | WELL_KNOWN_NAMES.words
_LEAD = re.compile(
    r"^(?:in this (?:paper|work|study),?\s*|here,?\s*|this (?:paper|work) )?"
    r"(?:we (?:present|propose|introduce|study|investigate|address|consider|show)\s+)?",
    re.IGNORECASE,
)


def _coined(name: str) -> bool:
    plural_acronym = name.endswith("s") and name[:-1].isupper()
    compound = any(part.islower() for part in name.split("-")[1:])  # LLM-based, oRA-derived
    return name not in _COMMON and not plural_acronym and not compound and not name.isdigit()


def coined_names(text: str) -> list[str]:
    """Names that look coined (TraDy, GH-OFL, SUIT), not the field's common acronyms; LaTeX in a name is
    read flat, so that a title's "MAS$^2$" and "$\\text{G}^2$RPO" are the question's "MAS$^2$" and "G2RPO"."""
    flat = flat_latex(text)
    # ... or a word starred as a search algorithm is: "Retro*" (blind 103), "A*"
    starred = _STARRED.findall(flat) if "*" in flat else []  # read only where a star is: every abstract comes here
    return list(dict.fromkeys([*(n for n in NAME.findall(flat) if _coined(n) and len(n) > 2), *starred]))


_STARRED = re.compile(r"(?<![\w*])[A-Z][\w-]{2,}\*(?![\w*])")


def flat_latex(text: str) -> str:
    """The text with LaTeX in its words read flat: "D$^2$-Edit" is "D2-Edit", "$\\text{G}^2$RPO" is "G2RPO"."""
    return re.sub(r"[$^{}]", "", _LATEX_WORD.sub(r"\1", text))


_LATEX_WORD = re.compile(r"\\(?:text(?:bf|it|sc|tt|sf|rm)?|math(?:rm|bf|cal|it|sf|tt)|emph)\{([^}]*)\}")
_MATH = re.compile(r"(?<!\\)\$([^$]*)\$")  # $...$, paired left to right: "$\\sim$1000$\\times$" is two
_PLAIN = re.compile(r"[A-Za-z0-9.,%+-]{1,12}")


def flat_math(text: str) -> str:
    """Plain words an abstract sets in math read as written: "a single $1M$ tokens request" is the question's
    "1M-token request", "RULER-$1M$" its "RULER-1M", "$AP_{50}$" its "AP50". Math that is math ("$\\approx 180\\times$",
    "$_3$") stays."""
    return _MATH.sub(lambda m: m[1] if _PLAIN.fullmatch(m[1]) else _SUBSCRIPTED.sub(r"\1\2", m[0]), text)


def joined_prefixes(text: str) -> str:
    """The text with a prefix's hyphen dropped, so that the words a part asks and a sentence says match however they
    write it: "what is it pretrained on?" and "pre-training on the paths generated from random walks" (blind 105)."""
    return _PREFIXED.sub(r"\1", text)


_PREFIXED = re.compile(r"\b(pre|post|fine|re|co)-(?=[a-z])", re.I)


# a measure named with a number set below it: "$AP_{50}$" is the question's "AP50", "$F_1$" its "F1" (blind 57)
_SUBSCRIPTED = re.compile(r"^\$([A-Za-z]{1,8})_\{?(\d{1,3})\}?\$$")


def initialisms(text: str) -> set[str]:
    """The acronyms a text's runs of two to five words would have: "tabular test time adaptation" -> "TTA" (and
    "TT", "TTTA", ...), with or without the small words between ("Autoformalizer with Tool Feedback" -> "ATF", blind
    56). A sentence's "TTA" names nothing new to a question that says "test time adaptation"."""
    words = [w for w in re.split(r"[\s/-]+", text) if w[:1].isalpha()]
    found = set()
    for run in (words, [w for w in words if w.lower() not in _SMALL_WORDS]):
        found |= {"".join(w[0] for w in run[i : i + n]).upper() for n in range(2, 6) for i in range(len(run) - n + 1)}
    return found


_SMALL_WORDS = {"with", "of", "for", "and", "the", "a", "an", "to", "in", "on", "via", "by"}


def capitalised_phrases(text: str, opening: bool = False) -> list[str]:
    """Runs of capitalised words inside a sentence ("the Generalized Adversarial Solver"), which may be
    a method a title spells out. With `opening`, a run that opens a sentence too ("Parallel Prompting also
    exploits ..."): its second word is capitalised though no sentence starts there. A word that opens
    sentences ("The", "Both", "How") is no part of it."""
    inside = re.findall(r"(?<=[\w,;:(] )(?:[A-Z][\w-]+ ){1,5}[A-Z][\w-]+", text)
    opens = _OPENING_RUN.findall(text) if opening else []
    return list(dict.fromkeys([*opens, *inside]))


# A phrase in quotes, not an apostrophe's ("don't", "models' outputs"): 'reinforcement mid-training', "ranked lists"
_QUOTED = re.compile(r"""(?:^|(?<=[\s(]))['"‘“]([^'"‘’“”]{3,60}?)['"’”](?=[\s.,;:!?)]|$)""")


def quoted_phrases(text: str) -> list[str]:
    """The phrases of two words or more a question puts in quotes: a person quoting what a paper is called, in
    any case. One word in quotes is more often a scare quote ("restores 'fragile' layers") than a name."""
    return [m.strip() for m in _QUOTED.findall(text) if len(m.split()) > 1]


_OPENER = r"(?:The|A|An|Both|And|But|So|Do|Does|Did|Is|Are|How|What|Which|Why|Can|Could|Would|In|For|On|With)\b"
_OPENING_RUN = re.compile(rf"(?:^|(?<=[.!?] ))(?:{_OPENER} )?(?!{_OPENER})((?:[A-Z][\w-]+ ){{1,5}}[A-Z][\w-]+)")


def spelled_out(text: str, name: str) -> str:
    """The words a text spells a name with before it in brackets: "Constrained Mass Transport (CMT)"."""
    m = re.search(rf"((?:[\w-]+\s+){{1,8}})\({re.escape(name)}\)", text)
    if not m:
        return ""
    letters = [c for c in name if c.isupper()]
    words = m[1].split()[-len(letters) :]
    return " ".join(words) if "".join(w[0] for w in words).upper() == "".join(letters) else ""


_PLAIN_HEAD = re.compile(r"^([A-Z][a-z]{3,}):")  # "Fighter: Unveiling ...": a plain word a paper is named


def plain_head(title: str) -> list[str]:
    """The plain capitalised word a title is named by, before its colon ("Fighter"), if any."""
    m = _PLAIN_HEAD.match(title)
    return [m[1]] if m else []


def says(sentence: str, name: str) -> bool:
    """The sentence says the method's name, in any case ("FEDDAG" for FedDAG)."""
    return bool(re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", sentence, re.I))


def an_instance(name: str, question: str) -> bool:
    """The question measures against the name as one model, after "a" or "an": "How much ImageNet accuracy does
    PsychoNet lose compared to a standard ResNet-50?" (blind 109) means no paper by "ResNet-50". Elsewhere "a" may say
    the paper's own ("retrofit a pretrained masked diffusion LM into a FlexMDM", blind 78)."""
    against = r"(?:compared\s+(?:to|with|against)|than|versus|vs\.?|against)"
    return bool(re.search(rf"\b{against}\s+an?\s+(?:[\w-]+\s+)?{re.escape(name)}(?![\w-])", question, re.I))


def plain_words(text: str) -> list[str]:
    """Capitalised plain words inside a sentence ("For Fighter, the ..."), which may name a paper."""
    return list(dict.fromkeys(re.findall(r"(?<=[\w,;:(] )[A-Z][a-z]{3,}\b", text)))


def derive_label(abstract: str, words: int = 9) -> str:
    """A short display label for an abstract without a title: the coined name, then topic words."""
    name = ""
    seen = ""  # a name already used before the sentence that introduces something is the field's, not theirs
    for sentence in sentences(abstract):
        intro = _INTRO.search(sentence)
        if intro:
            tail = sentence[intro.start() :]
            name = next((m for m in NAME.findall(tail) if _coined(m) and m not in seen), "")
            if name:
                break
        seen += " " + sentence
    first = next(iter(sentences(abstract)), "")
    first = re.sub(r"\\[a-zA-Z]+\{([^}]*)\}", r"\1", first)  # \textit{x} -> x
    first = _LEAD.sub("", re.sub(r"[\\$*_`{}]", "", first)).strip()
    topic_words = first.split()
    topic = " ".join(topic_words[:words]).rstrip(",;:.")
    if len(topic_words) > words:
        topic += "…"
    topic = topic[:1].upper() + topic[1:]
    return f"{name}: {topic}" if name else topic


_DEFINED = re.compile(r"((?:[\w-]+\s+){1,8})\(([A-Z][A-Za-z]*[A-Z][A-Za-z]*?)s?\)")


def defined_acronyms(text: str, unless_of: str = "") -> set[str]:
    """Abbreviations an abstract defines for its own terms: "long-horizon (LH) tasks" gives LH. They
    spell the words before them, so they are not the name of a model or dataset a question asks for,
    unless those words say `unless_of`, the thing asked ("which divergence": "the generalized
    Cauchy-Schwarz divergence (GCSD)" names it), or it comes right after them ("what backbone?": "a scalable
    diffusion transformer (DiT) backbone", blind 83)."""
    found = set()
    # ... set in LaTeX too: "cases involving $\\textit{more than two views}$ (MTTV)" (blinds 144, 146, 147)
    text = flat_latex(text)
    for m in _DEFINED.finditer(text):
        words, acronym = m[1], m[2]
        after = text[m.end() :].lstrip().lower()
        if unless_of and (unless_of in words.lower() or after.startswith(unless_of)):
            continue
        initials = "".join(piece[0] for word in words.split() for piece in word.split("-") if piece).lower()
        capitals = "".join(c for c in acronym if c.isupper()).lower()
        # KD, MoS; "Adaptive Granular Graph Rewiring method (AGGR)" spells all but its common noun
        spelled = [initials, initials[:-1]] if words.split() and words.split()[-1].islower() else [initials]
        if any(x.endswith(capitals) or x.endswith(acronym.lower()) for x in spelled) or _spells(words, acronym):
            found |= {acronym, acronym + "s"}
    return found


def spelling(text: str, acronym: str) -> str:
    """The words a text spells an acronym with, before it in brackets, read past LaTeX: "more than two views" of
    "$\\textit{more than two views}$ (MTTV)"; "" where none do."""
    flat = re.sub(r"[$^{}]", "", _LATEX_WORD.sub(r"\1", text))
    m = re.search(rf"((?:[\w-]+\s+){{1,8}})\({re.escape(acronym)}s?\)", flat)
    return m[1].strip() if m and _spells(m[1], acronym) else ""


def _spells(words: str, acronym: str) -> bool:
    """Schwartz and Hearst's test: the acronym's letters, right to left, are letters of the words before it,
    its first one a word's first: "Multimodal Continual Learning (MMCL)", "Vision-Language Model (VLM)"."""
    letters = [c for c in acronym.lower() if c.isalnum()]
    text = " ".join(words.lower().split()[-min(len(letters) + 5, 2 * len(letters)) :])  # their window of words
    at = len(text) - 1
    for i in range(len(letters) - 1, -1, -1):
        while at >= 0 and (text[at] != letters[i] or (i == 0 and at > 0 and text[at - 1].isalnum())):
            at -= 1
        if at < 0:
            return False
        at -= 1
    return True


# "This classifier is then frozen as a stable decision anchor ...", "These tokens ...": a sentence that opens by
# pointing back to a thing the one before it says; not "This paper ..." nor "This work ...", which say the paper
POINTS_BACK = re.compile(r"^(?:This|These|Such|Those)\s+(?!(?:paper|work|study|article|submission)\b)[a-z][\w-]*\b")


def pointed_to(sentence: str, text: str) -> str | None:
    """The sentence of `text` that `sentence` opens by pointing back to (POINTS_BACK), or None: "This classifier is
    then frozen ..." says what is frozen only with the one before it (blind 43)."""
    opening = _OPENS_WITH_NAME.match(sentence)
    if not (POINTS_BACK.match(sentence) or _FROM_BEFORE.match(sentence) or opening):
        return None
    ordered = sentences(text)
    at = ordered.index(sentence) if sentence in ordered else 0
    before = ordered[at - 1] if at > 0 else None
    # ... or by the name the sentence before gives in brackets: "we propose the Cumulative-Error-Aware Vector
    # Quantization (CEAVQ) algorithm." then "CEAVQ adjusts weights to compensate ..." (blind 102)
    return before if before and (not opening or f"({opening[1]})" in before) else None


def defined_before(sentence: str, text: str) -> str | None:
    """The sentence of `text` before `sentence` that defines an abbreviation `sentence` uses undefined, or None:
    "... two families of constraints: dynamical validity, enforced both via IIC ..." says what IIC is only with "...
    the infinitesimal invariance condition (IIC) ..." before it (blinds 136 and 138); not a field's own ("LLMs"), nor
    the name of what the paper introduces ("we propose ... (SFVD)"), which a result's sentence says well enough."""
    used = set(re.findall(r"\b[A-Z][A-Za-z]*[A-Z]\b", sentence)) - _COMMON - set(re.findall(r"\(([^()]+)\)", sentence))
    if not used:  # most quoted sentences: no need to split the abstract again
        return None
    ordered = sentences(text)
    at = ordered.index(sentence) if sentence in ordered else 0
    for before in reversed(ordered[:at]):
        if any(a in defined_acronyms(before) for a in used):
            return None if _INTRO.search(before) else before
    return None


# ... or by building on what it says: "Leveraging this insight, we propose SFVD ..." after "a single frame is often
# sufficient ..." (blind 112: "why does SFVD distil into single frames?")
_FROM_BEFORE = re.compile(
    r"^(?:[A-Z][a-z]+ing(?:\s+(?:on|upon))?|Based\s+on|Motivated\s+by|Inspired\s+by|Guided\s+by|Given)\s+"
    r"(?:this|these|such|the\s+above)\s+(?:key\s+|crucial\s+|important\s+)?"
    r"(?:insights?|observations?|findings?|analys[ie]s|intuitions?|phenomen(?:on|a)|evidence|results?)\b"
)
_OPENS_WITH_NAME = re.compile(r"^([A-Z][\w-]*[A-Z][\w-]*)\s")
