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
    r"|apart from|unlike|in common|similar(?:ly|ity|ities)?|whereas|disagree|trade-?offs?|(?<=what )separates)\b",
    re.I,
)
# "both" and "each" ask of two methods only when the two are what the sentence is about: "X and Y both
# tackle ...", "how do X and Y each ...", not "does it use both X and Y?"
SHARED = re.compile(r"\b(?:both|each|alike|the same|which (?:one|of|is|method|approach)|between)\b", re.I)
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
# a thing measured against another ("stack up against", "measure up to", "fare against"); not "hold up against
# adversarial attacks", whose other side is no paper
_MEASURED_AGAINST = (
    r"(?:stack(?:s|ed)?\s+up\s+(?:against|to|with|vs\.?)|measur(?:e|es|ed)\s+up\s+(?:to|against)"
    r"|far(?:e|es|ed)\s+(?:against|vs\.?))(?=\s)"
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
    r"[a-z][\w-]*[^s\W]s)\s*[?.]?\s*$",
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
    r"(?:unrelated|separately|moving on|switching\s+(?:gears|topics?|subjects?|fields?|areas?|tracks?)"
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
_ONE_PAPER = r"\bone\s+(?:paper|work|study|method|approach)"
TWO_INTRODUCED = re.compile(
    rf"{_TWO_PAPERS}\b"
    r"|\bthere(?:'s| is| are)\s+(?:the|a|an)\s+[^.?!;]{3,160}?\s+and\s+(?:the|a|an)\s+"
    # "there's a paper on causal interventions ... and another on feature geometry ..."
    r"|\bthere(?:'s| is| are)\s+(?:a|an|one)\s+(?:paper|work|study|method|approach)\b[^.?!;]{3,160}?\s+and\s+another\b"
    rf"|{_ONE_PAPER}\b[^.?!;]{{3,200}}?\b(?:another|the other)\b",
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
# "Contrast with the SAM-based one") or what a likeness is to ("is the paper about X doing something similar?")
ELIDED = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|and|so|now|also|pls|please|(?:can|could|would) you)\W+)*(?:compared?|contrast(?:ed)?)\s+"
    r"(?:with|to|w/|against|vs\.?)(?:\s|$)|" + _LIKENESS_AT_END,  # "and compared to PluriHarms?" (blind 55)
    re.I,
)


# The other side a question sets the thing it asks about against, after the words that relate the two: "is that
# basically the same idea as the metacognition study on reasoning models, or something else?", "how does this relate
# to that paper arguing ...?", "is the debate part similar to what RIVAL does for video QA?". Group "other" runs to
# the end of its clause. A cue only: rag.answering.pairs.related_back decides by evidence whether what comes before
# is the paper just discussed and the other side one other paper. Examples and counterexamples:
# tests/test_pairs.py::test_the_paper_just_discussed_related_to_one_described_or_named_is_compared_with_it.
RELATED_TO = re.compile(
    r"\b(?:(?:the\s+)?same\s+(?:[\w-]+\s+){0,2}?as|similar(?:ly)?\s+(?:to|with)|relat(?:e|es|ed)\s+(?:at\s+all\s+)?(?:to|with)"
    r"|connect(?:s|ed)?\s+(?:to|with)|differ(?:s|ent)?\s+(?:from|to|than)|compar(?:e|es|ed)\s+(?:to|with|against)"
    r"|" + _MEASURED_AGAINST + r"|" + _THAN + r"|unlike|(?:an\s+)?alternatives?\s+to)\s+(?P<other>[^?!;:]{3,160})",
    re.I,
)
# where the other side's clause ends: "..., or something else?", "... and what do they keep?"
_OTHER_END = re.compile(
    r",\s*(?:or|and|but|so|like|because)\b|\s+or\s+(?:something|not|is|are|does|do|just)\b|\.\s", re.I
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
    r"(?P<other>[^,.?!;:]{3,160}?)(?=\s+(?:use|are|have|do|seem|tackle|rely|try|aim|address|target|study|focus|"
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
SET_AGAINST = re.compile(
    r"(?:^|[.?!]\s+)(?:do\s+|are\s+|did\s+)?(?P<a>[^,.?!;:]{3,80}?)\s+and\s+(?P<b>[^,.?!;:]{3,120}?)\s+both\b"
    r"|\bsets\s+(?P<a2>[^,.?!;:]{3,80}?)\s+apart\s+from\s+(?P<b2>[^?!;:]{3,120})",
    re.I,
)


# The two papers a question sets up, where it says each: "One paper attacks LLMs with ..., another defends with
# ...", "two story visualization papers, Story-Iter and LogiStory: which one ...?", "medical LLM papers: IBGraphRAG and
# the one about ...", "but one is certified unlearning with noise and the other is test-time adaptation", ": one does
# signal control ..., the other reads traffic signs", ": one for class-conditional diffusion, one for ...", "Both
# Parallel Prompting and the KV-cache eviction paper speed up ...", "H+ and CABA are both about ...". Cues only:
# rag.answering.sides.described decides whether each side is one paper of the index. Counterexamples:
# tests/test_reading_rules.py.
_THE_THING = r"(?:\s+(?:one|paper|work|study|method|approach))?"
# a name: words each with a capital ("Socratic-Zero", "Local Linear Attention")
_NAME = r"(?!(?:the|a|an|that)\b)[^\s,.?!;:]*(?-i:[A-Z])[^\s,.?!;:]*(?:\s+(?-i:[A-Z])[^\s,.?!;:]*)*"
_SIDE = (
    # "the discounted-RL paper on efficient reasoning": what it is on may follow
    r"(?:the|a|an|that)\s+[^,.?!;:]{3,80}?\s(?:paper|work|one|method|approach|study|framework)"
    rf"(?:\s+(?:on|about|for)\s+[^,.?!;:]{{3,60}}?)?|{_NAME}"
)
# ... or, before "both", a few words that are no question's opening and no part called by its kind ("the encoder")
_BOTH_SIDE = (
    rf"{_SIDE}|(?!(?:the|a|an|that|this|these|are|is|do|does|did|can|how|what|which|why|in|for|on)\b)"
    r"[^\s,.?!;:]+(?:\s+(?!(?:are|were|is)\b)[^\s,.?!;:]+){1,6}?"
    # ... or a thing described by what it is ("DAVIS and the gradient intrinsic-dimensionality detector both flag
    # problematic inputs", blind 94)
    r"|(?:the|a|an)\s+[^\s,.?!;:]+(?:\s+(?!(?:are|were|is|and)\b)[^\s,.?!;:]+){1,5}?"
)
_BOTH_DESCRIBED = rf"(?:(?:the|a|an)\s+[^,.?!;:()]{{3,80}}?|{_NAME})(?:\s+\([^()]{{3,60}}\))?"
_NAMING = r"(?:(?!\b(?:is|are|was|were|do|does|did|has|have|can)\b)[^,.?!;:])"  # a phrase that names, with no verb
_INTRODUCED_SIDES = re.compile(
    rf"{_ONE_PAPER}\s+(?P<a>[^.?!;]{{3,200}}?)[,;]?\s+(?:and\s+|while\s+|whereas\s+|but\s+)?"
    rf"(?:another|the other){_THE_THING}\s+(?P<b>[^.?!;]{{3,200}})"
    r"|\b(?:papers|works|studies|methods|approaches|frameworks)[,:]\s+"
    r"(?P<a2>[^,.?!;:]{3,80}?),?\s+and\s+(?P<b2>[^,.?!;:]{3,80}?)\s*[:.?;]"
    # "one" alone introduces a paper only at a clause's start, and only with "the other" (or "one") after it
    # ... or after a dash ("two unlearning papers that avoid retraining - one guards the outputs ..., the other ...",
    # blind 85)
    rf"|(?:^|[:;,.]\s*|\s[-–—]\s+|\b(?:but|and|while|whereas)\s+)one{_THE_THING}\s+(?P<a3>[^.?!;]{{3,200}}?),?\s+"
    rf"(?:and\s+|while\s+|whereas\s+|but\s+)?(?:another|the other|one){_THE_THING}\s+(?P<b3>[^.?!;]{{3,200}})"
    # "Both X and the Y paper <verb> ...", "Both the Y paper and X ...": each side a name or a paper described, up to
    # the word that calls it one
    rf"|(?:^|[.?!]\s+)both\s+(?P<a4>{_SIDE})\s+and\s+(?P<b4>{_SIDE})(?=[\s,])"
    # "H+ and CABA are both about ...", "token order prediction (TOP) and latent lookahead both go beyond ...": the two
    # open a sentence whose verb says they share it
    # ... after a scene ("For autonomous driving, Plan-R1 and the chain-of-thought traffic-regulation paper both use
    # GRPO", blind 89)
    rf"|(?:^|[.?!]\s+)(?:(?:for|in|on)\s+[^,.?!;:]{{3,60}},\s+)?(?P<a5>{_BOTH_SIDE})\s+and\s+(?P<b5>{_BOTH_SIDE})\s+"
    r"(?:are\s+|were\s+)?both\b"
    # "privacy stuff: Sim-PE and the study on membership inference ... . main takeaway of each?": a short heading, then
    # a sentence that only names the two
    # ... or a longer one ("Both of these go after quantization error in LLMs: the null-space projection paper and
    # ALS-LoRA.", blind 85)
    # ... or one ended by a dash ("memory-bounded 3D: IncVGGT and that memory-bounded Gaussian splatting training
    # framework - what does each bound?", blind 92)
    rf"|(?:^|[.?!]\s+)[^:.?!;]{{3,120}}:\s+(?P<a6>{_NAMING}{{3,80}}?)\s+and\s+(?P<b6>{_NAMING}{{3,80}}?)"
    r"(?:\s*[.;]|\s+[-–—])\s"
    # "Two ways of getting more plausible videos: the one where an MLLM critiques each video and rewrites the prompt,
    # and DiffPhy.": a heading that counts two, then the two, the last after ", and" (the first may hold an "and")
    r"|(?:^|[.?!]\s+)(?:two|2)\s+[^:.?!;]{3,120}:\s+(?P<a7>[^.?!;]{3,200}?),\s+and\s+(?P<b7>[^,.?!;:]{3,120}?)\s*[.;]\s"
    # ... or after a few words ("I'm weighing two post-training quantization ideas: the null-space optimization paper
    # and AEC-SVQ. What is the core trick in each ...?", blind 40), the first with no "and" if no comma ends it
    r"|(?:^|[.?!]\s+)(?:[\w']+\s+){0,4}?(?:two|2)\s+[^:.?!;]{3,120}:\s+(?P<a1>(?:(?!\band\b)[^.?!;,]){3,200}?)\s+and\s+"
    r"(?P<b1>[^,.?!;:]{3,120}?)\s*[.;]\s"
    # "DAVIS and the 'prior distribution and model confidence' paper. which features does each rely on?": a sentence
    # that only names the two, then one asking of each; "There's the paper testing if ..., and BED-LLM. Do they both
    # ...?": the two set up after "there's"
    rf"|(?:^|[.?!]\s+)(?P<a8>{_SIDE})\s+and\s+(?P<b8>{_SIDE})\s*[.:]\s+(?=[^.?!]*\b(?:each|both|their|they)\b)"
    # ... the second a name with what it is for ("..., and TRACE for detecting implicit reward hacking.", blind 45)
    rf"|\bthere(?:'s|s| is| are)\s+(?P<a9>(?:the|a|an)\s+[^.?!;]{{3,160}}?),?\s+and\s+"
    rf"(?P<b9>{_SIDE}(?:\s+(?:for|on|about|from|that|which)\s+[^.?!;:]{{3,80}}?)?)\s*[.:;]\s+"
    r"(?=[^.?!]*\b(?:each|both|their|they)\b)"
    # "H+ and CABA sit on opposite sides of FL security. How does each one work?", "I'm weighing Socratic-Zero against
    # AgenticMath as ways to ... How much data does each rely on?", "ADOR and the numerosity paper each diagnose a
    # cause" (blinds 66, 67): two named at a sentence's start, then asked of each
    # (a question's own "what do X and Y each ...?" is asked of each, below)
    # ... or offered as a choice, or asked of as "their" ("AgenticMath or Socratic-Zero - ... how each one produces
    # it?", "H+ and CABA sit on opposite sides of federated learning security. Can you compare their mechanisms?",
    # blind 92)
    r"|(?:^|[.?!]\s+)(?:(?!(?:what|how|which|why|where|do|does|did|are|is|were|was)\b)[\w']+\s+){0,3}?"
    rf"(?P<a10>{_SIDE})\s+(?:and|or|against|vs\.?|versus)\s+(?P<b10>{_SIDE})\s"
    r"(?=[^?]*\b(?:each|compare\s+their|contrast\s+their)\b)"
    # "BOWS explains feature geometry ..., and there's also a paper on ensembling SAEs. What does each claim ...?",
    # "ChemDFM-R bakes chemistry knowledge into the model, while another paper argues ..." (blinds 59, 65): one named,
    # what it does, then another paper described
    # ... a coined name, not a word that opens the sentence ("Counting seems broken ...: there's a benchmark ...")
    rf"|(?:^|[.?!:]\s+)(?:there(?:'s|s| is)\s+)?(?=[^\s,.?!;:]*(?-i:[A-Z])[^\s,.?!;:]*(?-i:[A-Z0-9+*]))"
    rf"(?P<a11>{_NAME})\s[^.?!;]{{3,160}}?,?\s+(?:and|while|whereas|but)\s+"
    r"(?:there(?:'s|s| is)\s+(?:also\s+)?)?(?:a|an|another)\s+(?:(?:separate|second|different|other)\s+)?"
    r"(?:paper|work|study|method|approach)\s+(?P<b11>[^.?!;]{3,200})[.?!;]"
    r"(?=[^.?!]*\b(?:each|both|their|they|the two)\b)"
    # "On learning from human interventions: one paper studies how real users intervene, and TubeDAgger uses
    # reach-tubes. What is each trying to fix?", "the paper with exact Hessian sharpness ..., and the one about how the
    # optimizer affects merging. What's the main result of each?" (blinds 78 to 80): any two clauses of a sentence
    # joined by ", and", then a sentence asking of each; whether each clause is one paper, the index decides
    # ... or ", while" ("One paper argues ... comes from shortcuts, while Compositional-ARC shows ...", blind 84)
    r"|(?:^|[.?!:]\s+|\s[-–—]\s+)(?P<a12>(?:(?!\s[-–—]\s)[^.?!;:]){8,200}?),\s+(?:and|while|whereas)\s+"
    r"(?P<b12>[^.?!;:]{6,200}?)[.?!;]\s+"
    r"(?=[^.?!]*\b(?:each|both|their|they|the two)\b)"
    # "For faster diffusion sampling: Generalized Adversarial Solver vs relational feature caching. What does each
    # do?", "Harpoon vs RGSImp: both do imputation-like things ..." (blind 83): two set one against the other as a
    # heading, whatever they are called, then asked of each
    r"|(?:^|[.?!]\s+)(?:[^,:;.?!]{3,80}:\s+)?(?P<a13>[^,:;.?!]{3,80}?)\s+(?:vs\.?|versus)\s+"
    # ... or asked how the two differ ("... relational feature caching versus the Generalized Adversarial Solver. How do
    # the approaches differ?", blind 89)
    r"(?P<b13>[^:;?!.—–]{3,120}?)\s*(?::|[—–]|\s-|\.)\s+"
    r"(?=[^.?!]*\b(?:each|both|their|they|the two|the (?:approaches|methods|papers)\s+(?:differ|compare))\b)"
    # "There's Sparse State Expansion for linear attention and there's the higher-order LRU paper. Both try ...",
    # "there's SegRGB-X and also a fusion method that ... How do the two designs differ?" (blinds 83, 84)
    r"|\bthere(?:'s|s| is)\s+(?P<a14>[^.?!;]{3,160}?),?\s+and\s+(?:there(?:'s|s| is)\s+(?:also\s+)?|also\s+)"
    r"(?P<b14>[^.?!;:]{3,160}?)\s*[.:]\s+(?=[^.?!]*\b(?:each|both|their|they|the two)\b)"
    # "For spiking nets I've seen SPARTA and a paper on removing the unevenness error ... What does each one do?", "I
    # remember VLMCountBench and a paper called Math Blind, what did each find" (blind 87): two the asker has met
    rf"|\b(?:seen|read|remember|recall|came\s+across|know\s+of|heard\s+of|bookmarked)\s+(?P<a15>{_SIDE})(?:\s+\([^()]{{3,60}}\))?\s+and\s+"
    rf"(?P<b15>(?:the|a|an)\s+(?:paper|work|study|one|method)\s+[^.?!;:,]{{3,160}}?|{_SIDE})\s*[.,:;?]\s+"
    r"(?=[^.?!]*\b(?:each|both|their|they|the two)\b)"
    # "Comparing ReMix (the off-policy RFT one) with the polychromic objective paper: what is each trying to fix?"
    # (blind 89): the two a heading compares, then asked of each
    r"|(?:^|[.?!]\s+)(?:comparing|contrasting)\s+(?P<a16>[^:;?!.]{3,120}?)\s+(?:with|and|to|against|vs\.?|versus)\s+"
    r"(?P<b16>[^:;?!.—–]{3,120}?)\s*(?::|[—–]|\s-|\.)\s+(?=[^.?!]*\b(?:each|both|their|they|the two)\b)"
    # "I'm choosing between a training-free ... framework for mobile GUI agents and an approach that trains ... .
    # Which papers are those and how do they differ?", "I'm torn between ... and Retro*." (blind 91): a choice weighed
    r"|\b(?:choosing|torn|deciding|picking|weighing\s+up|hesitating)\s+between\s+(?P<a17>[^.?!;:]{3,200}?)\s+and\s+"
    r"(?P<b17>[^.?!;:]{3,200}?)\s*[.:;?]\s+(?=[^.?!]*\b(?:each|both|their|they|the two|differ|compare)\b)"
    # "both the VLM counting benchmark built from simple shapes and GIQ (the polyhedra one) probe where vision models
    # break. how do they compare in what they test?" (blind 90): "both" before two things described or named, each
    # perhaps with an aside, then a question asked of the two
    rf"|(?:^|[.?!]\s+)both\s+(?P<a18>{_BOTH_DESCRIBED})\s+and\s+(?P<b18>{_BOTH_DESCRIBED})\s+(?=[a-z])"
    r"(?=[^?]*\b(?:each|both|their|they|the two|differ|compare)\b)",
    re.I,
)


def introduced_sides(question: str) -> tuple[str, str] | None:
    """What the question says of each of the two papers it sets up, or None where it does not say it."""
    if not (m := _INTRODUCED_SIDES.search(question)):
        return None
    # the alternative that matched: its side "aN" holds text, and "bN" is its other side
    a, b = next((side, m[f"b{name[1:]}"]) for name, side in m.groupdict().items() if name[0] == "a" and side)
    return a.strip(" ,"), b.strip(" ,")


# "what do LinguaMap and the universal-tokenizer paper each suggest?": two papers a "do" asks "each" of, each said
# by its name or called a paper; unlike the papers set up above, what follows is what is asked, not a scene
_EACH_ASKED = re.compile(
    rf"\b(?:do|did|are|were|have|would)\s+(?P<a>{_SIDE})\s+and\s+(?P<b>{_SIDE})\s+(?:each|both)\b", re.I
)
# "how do FracAug and DEMO create extra training samples?", "how do IncVGGT and CogniMap3D handle memory ...?" (blinds
# 58, 67): a "how" or "what" asked of two names, whose verb is what each does; not "how do LLMs and VLMs handle
# long inputs?", whose names are each no one paper's (rag.answering.pairs asks the index)
_TWO_DOING = re.compile(
    rf"\b(?:how|what)\s+(?:do|did)\s+(?P<a>{_NAME})\s+and\s+(?P<b>{_NAME})\s+(?!(?:each|both)\b)[a-z]", re.I
)


# "how do the commonsense abductive logic paper and NeTheR handle it differently?" (blind 94): what each does, set
# against the other
_DOING_DIFFERENTLY = re.compile(
    rf"\bhow\s+(?:do|did)\s+(?P<a>{_SIDE})\s+and\s+(?P<b>{_SIDE})\s+(?!(?:each|both)\b)[a-z][^?.!]*\bdifferently\b",
    re.I,
)


def asked_of_each(question: str) -> tuple[str, str] | None:
    """The two papers a question asks "each" or "both" of by name or description, or how they do a thing
    differently, or None."""
    m = _EACH_ASKED.search(question) or _DOING_DIFFERENTLY.search(question)
    return (m["a"].strip(" ,"), m["b"].strip(" ,")) if m else None


def asked_of_two(question: str) -> tuple[str, str] | None:
    """The two names a question asks what or how they do, or None."""
    m = _TWO_DOING.search(question)
    return (m["a"].strip(" ,"), m["b"].strip(" ,")) if m else None


# the words a question calls a paper by ("the second one", "that paper", "this method"): rag.reading.turns too
THINGS = ("one", "paper", "method", "approach", "work", "model", "framework", "study", "technique", "system")


def stands_for_earlier(side: str) -> bool:
    """A comparison's side that is the paper just discussed: "it", "that", "its route to sample efficiency"."""
    words = side.lower().split()
    if not words or words[0] not in ("it", "its", "this", "that"):
        return False
    # "that LORAX paper on odorant representations" recalls another paper; "that paper", "this method" the last one
    return words[0] in ("it", "its") or len(words) == 1 or (len(words) == 2 and words[1] in THINGS)


def two_differ(asking: str) -> bool:
    """Asks how "the two" differ ("how do the two papers' messages differ?")."""
    return bool(THE_TWO.search(asking) and CONTRAST.search(asking))


def contrasts_with(question: str) -> bool:
    """Does the question contrast something with another thing ("how's that different from X?")?"""
    return bool(RELATIONAL.search(question))
