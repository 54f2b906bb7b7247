"""The words that ask a contrast of two things, as data: a difference, something shared, a relation to another
paper. Cues only: whether two papers are asked about is decided by evidence (rag.answering.pairs).
Examples and counterexamples: tests/test_pairs.py and tests/test_answer.py::test_comparisons_however_worded.
"""

from __future__ import annotations

import re

# A difference or a contrast asked of two named methods, however worded: "how do their strategies differ",
# "what sets X apart from Y", "X vs Y on Z". "Which baselines does X compare against?" asks about X alone,
# so the verb "compare" is left to the patterns of rag.reading.questions. Examples and counterexamples:
# tests/test_answer.py::test_comparisons_however_worded.
CONTRAST = re.compile(
    r"\b(?:differ(?:s|ent|ence|ences|ently)?|distinguish(?:es|ed)?|contrast(?:s|ed)?|versus|vs\.?"
    r"|apart from|unlike|in common|similar(?:ly|ities)?|whereas|disagree|trade-?offs?|(?<=what )separates)\b"
    # "similarity" of two things, not the topic a paper measures ("conjuring semantic similarity — which text-to-image
    # model do they use ...?", blind 126)
    r"|\bsimilarity(?=\s+(?:between|to|with)\b|\s*[?.]?\s*$)"
    # ... or the two, compared with nothing named: "how do the approaches compare?" (blind 103); not "how does its 7B
    # model compare with larger models?"
    r"|\bhow\s+(?:do|would)\s+(?:the\s+|these\s+|those\s+|their\s+)?(?:two\s+)?(?:approaches|methods|papers|works"
    r"|ideas|designs|ones|they)\s+compare\s*(?:[?.]|$)",
    re.I,
)
# "both" and "each" ask of two methods only when the two are what the sentence is about: "X and Y both
# tackle ...", "how do X and Y each ...", not "does it use both X and Y?"
# ... "which does what?" of two set up (blind 96)
# ... "any overlap in method?" of two set up (blind 153)
SHARED = re.compile(
    r"\b(?:both|each|alike|the same|which (?:one|of|is|method|approach|(?:one )?does what)|between|overlap)\b", re.I
)
POINTS_BACK = re.compile(
    r"\b(?:it|its|(?:this|that) (?:one|method|paper|work|approach)|the (?:method|paper|approach)"
    r"|the (?:first|second|third|fourth|fifth|last) (?:one|paper|method|approach|work))\b",
    re.I,
)
# "which of these has labels from pathologists?" asks for one of them, as "which one" does (blind 79); so does "which
# of those two is about 3D data?" (blind 89), whatever "those two" says
ONE_OF_THEM = re.compile(
    r"\bwhich\s+(?:one\s+)?of\s+(?:these|them|those|the)(?:\s+(?:two|three|2|3))?\s+(?=(?:has|is|was|does)\b)", re.I
)
# the two papers the last answer cited, compared with each other: "how do they differ?", "these two"
THE_TWO = re.compile(
    r"\b(?:they|them|these two|those two|the two|both (?:of them|papers|methods|approaches)"
    r"|the first and (?:the )?second)\b",
    re.I,
)
# Asked of two papers as a contrast, in words beyond CONTRAST and SHARED: "compare it with X", "is that related
# to X?", "is it better than X?". A cue only: rag.answering.pairs decides by whether two papers answer it.
# "Does this relate at all to X?", "how does this connect to X?", "How do the two papers relate?", "Is it an
# alternative to X, or could the two be combined?": a relation asked, in its verbs. Counterexamples: "related
# work on X" and "connect the encoder to the decoder" (tests/test_pairs.py).
# a thing measured against another ("stack up against", "measure up to", "fare against", "line up with"); not "hold
# up against adversarial attacks", whose other side is no paper
_MEASURED_AGAINST = (
    r"(?:stack(?:s|ed)?\s+up\s+(?:against|to|with|vs\.?)|measur(?:e|es|ed)\s+up\s+(?:to|against)"
    r"|far(?:e|es|ed)\s+(?:against|vs\.?)"
    # "How do its conclusions line up with the paper on ...?" (blind 99); not "line up the frames with the audio"
    r"|lin(?:e|es|ed)\s+up\s+(?:with|against)|squar(?:e|es|ed)\s+with)(?=\s)"
)
_RELATION = (
    r"(?:relat(?:e|es|ed|ion|ionship)|connect(?:s|ed|ion)?)(?:\s+at\s+all)?\s+(?:to|with)\b"
    r"|\b(?:relate|connect)\s*\?|\balternatives?\s+to\b|\bbe\s+combined\b"
    # "how does that stack up against UniFy, the purely linear forecaster?" (blind 87), "how does it fare against X?"
    r"|\b" + _MEASURED_AGAINST
)
# "better than X", "a better auxiliary objective than X", "is that more or less useful for saving compute than the one
# that ...": a comparative set against a thing; "more ... than" only of the thing asked about ("generative classifiers
# leak more membership information than discriminative ones" describes one paper's finding)
_THAN = (
    r"(?:(?:better|worse)(?:\s+[\w-]+){0,3}?|(?:(?<=\bit\s)|(?<=\bthat\s)|(?<=\bthis\s)|(?<=\bthey\s))"
    r"(?:more|less)(?:\s+or\s+(?:more|less))?\s+[a-z][\w-]+(?:\s+\w+){0,3}?)\s+than"
)
RELATES = re.compile(r"\b(?:compar(?:e|ed|es|ing|ison)|" + _THAN + r")\b|\b" + _RELATION, re.I)
# What a paper's own experiments compared it with asks about that paper, not for a second one: "which baselines
# is HarmoMoE compared against", "Does SiFEN compare against XGBoost?", "was BM25 compared with ColBERT?", "did they
# compare with FAISS", "does the unified adaptive variance reduction paper compare its methods with Adam?", "PLanTS
# claims better efficiency than baselines". "How does X compare with Y?" and "X compared to Y" still relate two things.
EXPERIMENT_COMPARED = re.compile(
    r"\b(?:is|are|was|were|been|be)\s+(?:[\w'-]+\s+){0,3}?compared\b"
    r"|(?:^|[,.;:?!(]\s*|\band\s+)(?:does|do|did)\s+(?:[\w'.-]+\s+){0,8}?compare\s+"
    r"(?:(?:it|them|its|their)\s+(?:[\w-]+\s+){0,2}?)?(?:against|with|to)\b"
    r"|\bcompared?\s+(?:it\s+|them\s+)?against\b"
    r"|\bthan\s+(?:(?:the|its|their|all|existing|prior|previous|strong|other|standard)\s+)*"
    r"(?:baselines?|prior (?:work|methods?)|existing (?:methods?|approaches)|sota|state[- ]of[- ]the[- ]art)\b"
    # "What MOS score does ComposerFlow get compared with the end-to-end open-source song generation models?"
    # (blind 45), "... compared with the end-to-end open-source song generators?" (blind 54): a kind of thing, in
    # plain lower-case words, not a paper
    r"|\bcompared\s+(?:with|to|against)\s+(?:the\s+|other\s+)?(?-i:(?:[a-z][\w-]*\s+){0,4}?"
    r"[a-z][\w-]*[^s\W]s)\s*[?.]?\s*$"
    # ... or the method left out: "What speedup does relational feature caching (RFC) get on FLUX.1-dev, compared to no
    # caching?" (blind 102)
    r"|\b(?:compared|relative)\s+(?:with|to|against)\s+(?:no|not\s+using|without)\s"
    # ... or what the method itself compares: "how does the imputation one actually compare two sets of graphs?" (blind
    # 104)
    r"|\bcompares?\s+(?:two|pairs?\s+of|sets?\s+of)\s",
    re.I,
)
# A new topic announced: "Different question: ...", "Thanks. Staying in medicine but a different topic: ...",
# "Switching gears, ...", "Unrelated, but ...", "On another note, ...". Its "different" asks no contrast, and it
# is a feature of the follow-up decision (rag.reading.cues.ANNOUNCED, with examples and counterexamples).
NEW_TOPIC = re.compile(
    r"(?:^|[.!?]\s+)(?:[\w']+[\s,]+){0,5}?(?:(?:totally|completely|entirely|quite)\s+)?"
    r"(?:different|diff|new|another|unrelated|separate)\s+(?:question|q|topic|subject|area|field|domain|thing|direction|thread|paper)s?"
    r"\s*(?:[:\-–—,.!;]|\bnow\b|\bhere\b|\bbut\b)"
    r"|^\W*(?:(?:ok(?:ay)?|thanks|thank you|cool|great|alright|nice|got it|also|now)[\s,.!]+)*"
    # "btw is there a benchmark for ...?": all 27 second questions of blinds 112 to 139 opening so start a new topic
    r"(?:unrelated|separately|moving on|btw|by\s+the\s+way"
    r"|switching\s+(?:gears|topics?|subjects?|fields?|areas?|tracks?)"
    r"|chang(?:e|ing)\s+(?:the\s+|of\s+)?(?:subject|topics?|gears)|on\s+(?:another|a\s+different|a\s+separate)\s+note"
    r"|new\s+topic|off[- ]topic|random question|something\s+(?:else|different|new)"
    r"|totally different|completely different)\b",
    re.I,
)
# Two papers set up as such before "each" or "both" is asked of them: "Two papers use diffusion for time series:
# OATS, and the one that ... What is each one after?", "There's the MTTV paper and the theory of overfitting ...
# What does each contribute?", "two story visualization papers, A and B: which one ...?", "One paper attacks ...,
# another defends ... How does each work?" A cue only: rag.answering.pairs decides whether two papers of the
# search answer it.
_TWO_PAPERS = r"\b(?:two|2)\s+(?:[\w-]+\s+){0,3}?(?:papers|works|studies|methods|approaches|frameworks)"
ONE_PAPER = r"\bone\s+(?:paper|work|study|method|approach)"
TWO_INTRODUCED = re.compile(
    rf"{_TWO_PAPERS}\b"
    r"|\bthere(?:'s| is| are)\s+(?:the|a|an)\s+[^.?!;]{3,160}?\s+and\s+(?:the|a|an)\s+"
    # "there's a paper on causal interventions ... and another on feature geometry ..."
    r"|\bthere(?:'s| is| are)\s+(?:a|an|one)\s+(?:paper|work|study|method|approach)\b[^.?!;]{3,160}?\s+and\s+another\b"
    rf"|{ONE_PAPER}\b[^.?!;]{{3,200}}?\b(?:another|the other)\b",
    re.I,
)
# "is the paper about X doing something similar?": a likeness asked at the question's end, of what it names
_LIKENESS_AT_END = r"\bsimilar(?:\s+(?:idea|thing|approach|method|trick))?\s*[?.!]*\s*$"
# A contrast with another thing: "differ from X", "better than X", "compare it with X", "what does that do differently?"
RELATIONAL = re.compile(
    r"\b(?:differ\w*|different|compar\w*|contrast\w*|relat\w*|similar\w*|apart)\s+(?:(?:from|to|with)\b|w/)|\b"
    + _RELATION
    + r"|\b"
    + _THAN
    + r"\b|\bunlike\b|\bdifferently\b"
    r"|\b(?:compar|contrast)\w*\s+(?:it|this|that)\b|" + _LIKENESS_AT_END,
    re.I,
)
# One side of a comparison left out, so the paper just discussed: the verb's object ("compare w/ PA3FF?",
# "Contrast with the SAM-based one"), what a likeness is to ("is the paper about X doing something similar?") or what
# a difference is from ("How is LLaVA-FA's take on joint low-rank + quantization different?", blind 109)
ELIDED = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|and|so|now|also|pls|please|(?:can|could|would) you)\W+)*(?:compared?|contrast(?:ed)?)\s+"
    r"(?:with|to|w/|against|vs\.?)(?:\s|$)|"
    + _LIKENESS_AT_END  # "and compared to PluriHarms?" (blind 55)
    + r"|\b(?:different|differs?)\s*[?.!]*\s*$",
    re.I,
)


# The other side a question sets the thing it asks about against, after the words that relate the two: "is that
# basically the same idea as the metacognition study on reasoning models, or something else?", "how does this relate
# to that paper arguing ...?", "is the debate part similar to what RIVAL does for video QA?". Group "other" runs to
# the end of its clause. A cue only: rag.answering.pairs.related_back decides by evidence whether what comes before
# is the paper just discussed and the other side one other paper. Examples and counterexamples:
# tests/test_pairs.py::test_the_paper_just_discussed_related_to_one_described_or_named_is_compared_with_it.
# ... "Is that a similar idea to the unified adaptive variance reduction paper, or ...?" (blind 104)
RELATED_TO = re.compile(
    r"\b(?:(?:the\s+)?same\s+(?:[\w-]+\s+){0,2}?as|similar(?:ly)?\s+(?:[\w-]+\s+){0,2}?(?:to|with)"
    r"|relat(?:e|es|ed)\s+(?:at\s+all\s+)?(?:to|with)"
    r"|connect(?:s|ed)?\s+(?:to|with)|differ(?:s|ent)?\s+(?:from|to|than)|compar(?:e|es|ed)\s+(?:to|with|against)"
    r"|" + _MEASURED_AGAINST + r"|" + _THAN + r"|unlike|(?:an\s+)?alternatives?\s+to)\s+(?P<other>[^?!;:]{3,160})",
    re.I,
)
# where the other side's clause ends: "..., or something else?", "... and what do they keep?"
# ... or a dash before what is asked of the two: "the batch norm in off-policy actor-critic paper - are they even going
# after the same problem?" (blind 121)
_OTHER_END = re.compile(
    r",\s*(?:or|and|but|so|like|because)\b|\s+or\s+(?:something|not|is|are|does|do|just)\b|\.\s|\s[-–—]\s", re.I
)


# the other side called several things ("earlier methods", "the sota models", "prior works"): no one paper; not
# "the study on large reasoning models", whose head is one study
_SEVERAL = re.compile(
    r"(?:ones|papers|methods|approaches|works|models|frameworks|studies|techniques|systems|baselines|results)$", re.I
)
_HEAD_END = re.compile(r"\s+(?:on|of|for|with|in|that|which|who|from|about|by|to|where|using)\b", re.I)


def several(side: str) -> bool:
    """The side is called several things by its head ("earlier methods"), not one ("the study on LLMs")."""
    return bool(_SEVERAL.search(_HEAD_END.split(side.strip(), maxsplit=1)[0]))


# "does the numerosity paper go about it the same way?" (blind 78): the other side does "it", the paper just
# discussed's thing, alike; not "does it use the same data?"
_DOES_IT_ALIKE = re.compile(
    r"\b(?:does|do|did|is|are|would)\s+(?P<other>(?!(?:it|they|this|that|these|those)\b)[^?!;:,]{3,120}?)\s+"
    r"(?:do|go about|handle|approach|tackle|treat|solve|attack|address|work on)\s+(?P<it>it|this|that)\s+"
    r"(?:the\s+same\s+way|similarly|likewise|in\s+the\s+same\s+way)\b",
    re.I,
)


# "both that and the stochastic-injection paper on distribution-to-distribution flow matching use flow matching - how
# do they differ ...?" (blind 89): the paper just discussed and another, set side by side
_BOTH_BACK = re.compile(
    r"\bboth\s+(?P<it>it|this|that)(?:\s+(?:one|paper|method|work))?\s+and\s+"
    # ... up to the verb both share ("use flow matching"), which says nothing of the other alone
    r"(?P<other>[^,.?!;:]{3,160}?)(?=\s+(?:use|are|have|do|seem|tackle|rely|try|aim|address|target|study|focus|talk|"
    r"work|apply|employ|learn|train|leverage|build|share)\b|\s+[-–—]\s|[,.;:?!]|$)",
    re.I,
)


def related(question: str) -> tuple[str, str] | None:
    """What a question relates to what (the words before the relation, the other side), or None."""
    if alike := _DOES_IT_ALIKE.search(question) or _BOTH_BACK.search(question):
        return alike["it"], alike["other"].strip(" ,.")
    if not (m := RELATED_TO.search(question)):
        return None
    before = re.split(r"(?<=[.?!])\s+", question[: m.start()])[-1]
    return before.strip(), _OTHER_END.split(m["other"], maxsplit=1)[0].strip(" ,.")


# "same" alone too: "same use of equivariance or not?", "is it the same idea?"
BOTH = re.compile(r"\b(?:both|in common|same)\b", re.I)


FROM_A_THIRD = re.compile(r"\b(?:differ\w*|different|apart|distinguish\w*) from\b|\bunlike\b", re.I)

# Two things set against each other in words, whatever they are: "A and B both ...", "what sets A apart from B",
# "how is A's take on X different from B's". Whether each is a paper is rag.answering.sides.described's to decide.
_SET_AGAINST = [
    re.compile(
        r"(?:^|[.?!]\s+)(?:do\s+|are\s+|did\s+)?(?P<a>[^,.?!;:]{3,80}?)\s+and\s+(?P<b>[^,.?!;:]{3,120}?)\s+both\b", re.I
    ),
    re.compile(r"\bsets\s+(?P<a>[^,.?!;:]{3,80}?)\s+apart\s+from\s+(?P<b>[^?!;:]{3,120})", re.I),
    # "Can you contrast the sequential price competition paper (the one with s-concave demand) with the online reusable
    # resource allocation paper with adversarial requests?" (blind 105): two papers described
    re.compile(
        r"\b(?:contrast|compare)\s+(?P<a>the\s+[^,.?!;:()]{3,80}?\b(?:paper|work|study)(?:\s*\([^()]{3,80}\))?)"
        r"\s+(?:with|to|against|and)\s+(?P<b>the\s+[^,.?!;:()]{3,80}?\b(?:paper|work|study|one)\b[^,.?!;:()]{0,60})",
        re.I,
    ),
    # "how do Autoformalizer with Tool Feedback and the balanced neuro-symbolic paper on commonsense abductive logic use
    # solvers and tools differently?" (blind 105): a described side read up to its topic's first words
    re.compile(
        r"^\W*how\s+(?:do|did)\s+(?P<a>[^,?]{3,80}?)\s+and\s+(?P<b>the\s+[^,?]{3,80}?\b(?:paper|work|study|one)"
        r"(?:\s+(?:on|about|for|in|with)\s+[\w\s-]{3,60}?)?)\s+[a-z]+\b[^?]*\bdifferently\b",
        re.I,
    ),
]


def set_against(question: str) -> tuple[str, str] | None:
    """Two things the question sets one against the other, named or described: "X and Y both ...", "what sets X apart
    from Y", "contrast the X paper with the Y paper", "how do X and the Y paper ... differently?"."""
    m = next((m for p in _SET_AGAINST if (m := p.search(question))), None)
    return (m["a"].strip(" ,"), m["b"].strip(" ,")) if m else None


# the words a question calls a paper by ("the second one", "that paper", "this method"): rag.reading.turns too
THINGS = ("one", "paper", "method", "approach", "work", "model", "framework", "study", "technique", "system")


def stands_for_earlier(side: str) -> bool:
    """A comparison's side that is the paper just discussed: "it", "that", "its route to sample efficiency"."""
    words = side.lower().split()
    if not words or words[0] not in ("it", "its", "this", "that"):
        return False
    # "that LORAX paper on odorant representations" recalls another paper; "that paper", "this method" the last one,
    # and so does "that paper's angle", as "its angle" does (blind 96)
    possessed = len(words) > 2 and words[1][-2:] in ("'s", "’s") and words[1][:-2] in THINGS
    # ... and so does a thing of it in plain words, "that training recipe" (blind 138), not "that odorant paper"
    its_thing = len(words) == 3 and words[2] not in _A_PAPER and side.strip().islower()
    return (
        words[0] in ("it", "its")
        or len(words) == 1
        or (len(words) == 2 and words[1] in THINGS)
        or possessed
        or its_thing
    )


_A_PAPER = ("paper", "one", "work", "study", "article", "submission")


def two_differ(asking: str) -> bool:
    """Asks how "the two" differ ("how do the two papers' messages differ?")."""
    return bool(THE_TWO.search(asking) and CONTRAST.search(asking))


def contrasts_with(question: str) -> bool:
    """Does the question contrast something with another thing ("how's that different from X?")?"""
    return bool(RELATIONAL.search(question))


# the words that ask of two papers set up ("Do these results actually conflict?", blind 124; "related", blind 137)
# ... or "one ... the other" ("Is one a training-time fix and the other test-time?", blind 159)
OF_THE_TWO = re.compile(
    r"\b(?:they|their|them|these|differently|the two|each|both|related|similar|alike"
    r"|one\b[^.?!]*(?:\band|,)\s+the\s+other)\b",
    re.I,
)


# After an answer, the other side described first, then how "it" differs: "hmm, and the paper that groups patches into
# semantic regions instead, how does it differ?" (blind 151)
DESCRIBED_THEN_ASKED = re.compile(
    # ... called by its kind too ("and the robot one that backdoors VLAs with physical objects, how does it compare?",
    # blind 157)
    r"^\W*(?:(?:hmm+|ok|okay|so|and|but)\W+)*(?P<b>(?:the|that)\s+(?:[\w-]+\s+){0,3}?(?:paper|one|work|study)\s+(?:that|which|on|about|"
    r"where|with)\b[^?,]{3,140}?)(?:\s+instead)?,\s*(?:how|what)\b[^?]*?\b(?:differ|compare|different|difference)\b"
    r"[^?]*\?*\s*$",
    re.I,
)
# One thing asked to be of the same kind as another: "Is TAIL doing the same kind of meta-learning as the paper using
# LLMs as in-context meta-learners ...?" (blind 148)
SAME_KIND_AS = re.compile(
    r"^\W*(?:is|are|does|do)\s+(?P<a>[^,?]+?)\s+(?:(?:doing|using|solving|studying|tackling)\s+)?the\s+same\s+"
    r"(?:kind|sort|type)\s+of\s+(?:[\w-]+\s+){0,2}?as\s+(?P<b>[^?]+?)[\s?.!]*$",
    re.I,
)
# a name offered as a guess at what one paper uses: "Which one exactly - SD-Turbo or something else?" (blind 107)
# ... or a name guessed in brackets: "which one (SD-Turbo?)" names the detail asked, not a second paper (blind 150)
GUESSED = re.compile(
    r"\bor\s+(?:something|anything)\s+else\b|\bor\s+(?:some\s+)?other\s+one\b|\([^()?]{1,40}\?\)", re.I
)
