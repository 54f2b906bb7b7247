"""The two papers a question sets up itself, each in its own words, before it asks of them: "One paper attacks ...,
another defends ... How does each work?", "I'm torn between A and B. What does each claim?", "how do A and B each
...?". Cues only: whether each side is one paper of the index is decided by evidence (rag.answering.sides.described,
rag.answering.pairs). Examples and counterexamples: tests/test_reading_rules.py and tests/test_reading_blinds_*.py.
"""

from __future__ import annotations

import re

from rag.reading.contrasts import ONE_PAPER, related
from rag.reading.cues import INTRODUCED

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
    # ... or what it has ("the 'forecasting as planning' paper with a generative world model", blind 142)
    r"(?:\s+(?:on|about|for|with)\s+[^,.?!;:]{3,60}?)?"
    # ... or "the one on randomized eviction plus query routing" (blind 120); a name last, as what may follow it binds
    # ... or by what it does ("the paper showing sublinear iterations for DDPMs", blind 157)
    rf"|(?:the|that)\s+(?:one|paper|work|study)\s+(?:on|about|for|with|that|which|where|[a-z]+ing)\s+[^,.?!;:]{{3,80}}?"
    rf"|{_NAME}"
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
    rf"{ONE_PAPER}\s+(?P<a>[^.?!;]{{3,200}}?)[,;]?\s+(?:and\s+|while\s+|whereas\s+|but\s+)?"
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
    # ... or after a heading ("Sceptical question: the limited-metacognition paper and the Sokoban ... paper both claim
    # ...", blind 141)
    # ... or after a word that only opens ("hmm, the compressor-predictor ... paper and the Navigation paper both pair
    # small and large LMs", blind 135)
    rf"|(?:^|[.?!:]\s+)(?:(?:hmm+|ok(?:ay)?|so|well|right)\W*\s+)?(?:(?:for|in|on)\s+[^,.?!;:]{{3,60}},\s+)?"
    rf"(?P<a5>{_BOTH_SIDE})\s+and\s+(?P<b5>{_BOTH_SIDE})\s+"
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
    # ... or a dash ("FlowKV and the one on randomized eviction plus query routing - are they solving the same
    # problem?", blind 120)
    # ... after a heading or a dash ("Econ-flavoured ML: the gradient-based ... paper and the opponent-shaping one for
    # ... . Any overlap in method?", "Two papers on what transformers can and can't learn - the graph connectivity one
    # and the compositional generalisation one. Main findings of each?"), or "I'm looking at" ("I'm looking at
    # SARSteer and the paper that links hallucinations with jailbreaks. ... what does each propose?"), or ended by a
    # comma ("the spiked regression ... paper and the softmax attention ... paper, what does each one actually
    # show?", blinds 153, 155)
    r"|(?:^|[.?!]\s+)(?:[^:.?!;]{3,80}(?::|\s[-–—])\s+|(?:i'?m|i\s+am)\s+(?:looking\s+at|reading)\s+)?"
    rf"(?P<a8>{_SIDE})\s+and\s+(?P<b8>{_SIDE})\s*(?:[.:,]|\s[-–—])\s+"
    # ... in the next sentence or the one after ("PerfCoder and the position paper on LLM code translation: does one
    # argue the other is the wrong approach? How does each ...?", blind 143)
    r"(?=(?:[^.?!]*[.?!]\s+)?[^.?!]*\b(?:each|both|their|they|those|overlap)\b)"
    # ... the second a name with what it is for ("..., and TRACE for detecting implicit reward hacking.", blind 45)
    rf"|\bthere(?:'s|s| is| are)\s+(?P<a9>(?:the|a|an)\s+[^.?!;]{{3,160}}?),?\s+and\s+"
    # ... or with how it does it ("the universal tokenizer paper and LinguaMap with its layer-targeted finetuning",
    # blind 100)
    # ... or a benchmark ("There's the image perturbation paper ... and the 'can't even count to 20' benchmark. Do both
    # ...?", blind 142)
    rf"(?P<b9>(?:{_SIDE}|(?:the|a|an)\s+[^,.?!;:]{{3,80}}?\sbenchmark)"
    r"(?:\s+(?:for|on|about|from|that|which|with|via|using)\s+[^.?!;:]{3,80}?)?)\s*[.:;]\s+"
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
    # ... after a scene ended by a semicolon ("Text-to-image models mess up prompts in different ways; ADOR looks at
    # ... and another paper looks at counting objects", blind 103)
    rf"|(?:^|[.?!:;]\s+)(?:there(?:'s|s| is)\s+)?(?=[^\s,.?!;:]*(?-i:[A-Z])[^\s,.?!;:]*(?-i:[A-Z0-9+*]))"
    rf"(?P<a11>{_NAME})\s[^.?!;]{{3,160}}?,?\s+(?:and|while|whereas|but)\s+"
    r"(?:there(?:'s|s| is)\s+(?:also\s+)?)?(?:a|an|another)\s+(?:(?:separate|second|different|other)\s+)?"
    r"(?:paper|work|study|method|approach)\s+(?P<b11>[^.?!;]{3,200})[.?!;]"
    r"(?=[^.?!]*\b(?:each|both|their|they|the two)\b)"
    # "On learning from human interventions: one paper studies how real users intervene, and TubeDAgger uses
    # reach-tubes. What is each trying to fix?", "the paper with exact Hessian sharpness ..., and the one about how the
    # optimizer affects merging. What's the main result of each?" (blinds 78 to 80): any two clauses of a sentence
    # joined by ", and", then a sentence asking of each; whether each clause is one paper, the index decides
    # ... or ", while" ("One paper argues ... comes from shortcuts, while Compositional-ARC shows ...", blind 84)
    r"|(?:^|[.?!:]\s+|\s[-–—]\s+)(?P<a12>(?:(?!\s[-–—]\s)[^.?!;:]){8,200}?),\s+(?:and|while|whereas|but)\s+"
    r"(?P<b12>[^.?!;:]{6,200}?)[.?!;]\s+"
    # ... or asking which does what ("ProtoKV compresses the KV cache, and ETT does something at test time. Which does
    # what exactly?", blind 96), or the difference between them (blind 108)
    # ... or whether they are the same idea ("PruneSID prunes vision tokens, and the region-based representations paper
    # regroups patches into regions. Is that basically the same idea or not?", blind 115)
    r"(?=[^.?!]*\b(?:each|both|their|they|the two|between\s+them|which\s+(?:one\s+)?does\s+what"
    r"|(?:the\s+)?same\s+(?:idea|thing|approach|method|trick)"
    # ... or "these" of two findings ("One paper says VLMs can't even count to 20, while VisionReasoner claims big gains
    # on counting. Do these results actually conflict?", "..., but the SSE paper .... How do these fit together?",
    # blind 124)
    r"|these(?:\s+(?:results|findings|claims|two))?\s+(?:actually\s+)?(?:conflict|fit|contradict|agree|square))\b)"
    # "For faster diffusion sampling: Generalized Adversarial Solver vs relational feature caching. What does each
    # do?", "Harpoon vs RGSImp: both do imputation-like things ..." (blind 83): two set one against the other as a
    # heading, whatever they are called, then asked of each
    # ... or a dash ("two XAI papers - object-centric visual counterfactual explanations vs the one on ...", blind 157)
    r"|(?:^|[.?!]\s+)(?:[^,:;.?!]{3,80}(?::|\s[-–—])\s+)?(?P<a13>[^,:;.?!]{3,80}?)\s+(?:vs\.?|versus)\s+"
    # ... or asked how the two differ ("... relational feature caching versus the Generalized Adversarial Solver. How do
    # the approaches differ?", blind 89)
    r"(?P<b13>[^:;?!.—–]{3,120}?)\s*(?::|[—–]|\s-|\.)\s+"
    r"(?=[^.?!]*\b(?:each|both|their|they|the two|the (?:approaches|methods|papers)\s+(?:differ|compare))\b)"
    # "There's Sparse State Expansion for linear attention and there's the higher-order LRU paper. Both try ...",
    # "there's SegRGB-X and also a fusion method that ... How do the two designs differ?" (blinds 83, 84)
    r"|\bthere(?:'s|s| is)\s+(?P<a14>[^.?!;]{3,160}?),?\s+and\s+(?:there(?:'s|s| is)\s+(?:also\s+)?|also\s+)"
    # ... or asked whether one does a thing and the other another ("... and there's SeedThink. Is one a training-time
    # fix and the other test-time?", blind 159)
    r"(?P<b14>[^.?!;:]{3,160}?)\s*[.:]\s+"
    r"(?=[^.?!]*\b(?:each|both|their|they|the two|one\b[^.?!]*(?:\band|,)\s+the\s+other)\b)"
    # "For spiking nets I've seen SPARTA and a paper on removing the unevenness error ... What does each one do?", "I
    # remember VLMCountBench and a paper called Math Blind, what did each find" (blind 87): two the asker has met
    rf"|\b(?:seen|read|remember|recall|came\s+across|know\s+of|heard\s+of|bookmarked)\s+(?P<a15>{_SIDE})(?:\s+\([^()]{{3,60}}\))?\s+and\s+"
    rf"(?P<b15>(?:the|a|an)\s+(?:paper|work|study|one|method)\s+[^.?!;:,]{{3,160}}?|{_SIDE})\s*[.,:;?]\s+"
    r"(?=[^.?!]*\b(?:each|both|their|they|the two)\b)"
    # "Comparing ReMix (the off-policy RFT one) with the polychromic objective paper: what is each trying to fix?"
    # (blind 89): the two a heading compares, then asked of each
    # ... or said as what the asker is doing ("I'm comparing the tensor-output Bayesian optimisation paper with
    # combinatorial dueling bandits. both have ...", blind 121)
    r"|(?:^|[.?!]\s+)(?:(?:i'?m|i\s+am|we'?re|we\s+are)\s+)?(?:comparing|contrasting)\s+(?P<a16>[^:;?!.]{3,120}?)\s+(?:with|and|to|against|vs\.?|versus)\s+"
    r"(?P<b16>[^:;?!.—–]{3,120}?)\s*(?::|[—–]|\s-|\.)\s+(?=[^.?!]*\b(?:each|both|their|they|the two)\b)"
    # "I'm choosing between a training-free ... framework for mobile GUI agents and an approach that trains ... .
    # Which papers are those and how do they differ?", "I'm torn between ... and Retro*." (blind 91): a choice weighed
    r"|\b(?:choosing|torn|deciding|picking|weighing\s+up|hesitating)\s+between\s+(?P<a17>[^.?!;:]{3,200}?)\s+and\s+"
    r"(?P<b17>[^.?!;:]{3,200}?)\s*[.:;?]\s+(?=[^.?!]*\b(?:each|both|their|they|the two|differ|compare)\b)"
    # "both the VLM counting benchmark built from simple shapes and GIQ (the polyhedra one) probe where vision models
    # break. how do they compare in what they test?" (blind 90): "both" before two things described or named, each
    # perhaps with an aside, then a question asked of the two
    rf"|(?:^|[.?!]\s+)both\s+(?P<a18>{_BOTH_DESCRIBED})\s+and\s+(?P<b18>{_BOTH_DESCRIBED})\s+(?=[a-z])"
    r"(?=[^?]*\b(?:each|both|their|they|the two|differ|compare)\b)"
    # "Option A perturbs embeddings of important keywords (KARMA); option B is certified, DP-style unlearning that
    # spreads noise over subspaces. What's the trade-off between them?" (blind 96): two options, lettered or numbered
    r"|\boption\s+(?:A|1|one)\s*[:,]?\s+(?P<a19>[^.?!;]{3,200}?)\s*[;.,]\s+(?:and\s+|while\s+|whereas\s+)?"
    r"option\s+(?:B|2|two)\s*[:,]?\s+(?P<b19>[^.?!;]{3,200}?)\s*[.?!;]"
    # "There's an LLM paper on Dou Dizhu and another that uses Sokoban for persuasion. what does each one use its game
    # for?" (blind 122): a paper brought in, then "another"
    r"|\bthere(?:'s|s| is)\s+(?P<a20>(?:a|an|one)\s+(?:[\w-]+\s+){0,3}?(?:paper|work|study)\b[^.?!;]{3,160}?)\s+and\s+"
    r"(?P<b20>another\s+[^.?!;]{3,160}?)\s*[.?!;]\s+(?=[^.?!]*\b(?:each|both|their|they|the two)\b)"
    # "There's MUSE for tabular watermarking and Harpoon for conditional tabular diffusion. How does each ...?",
    # "there's TMMP (temporal motifs) and the l1 latent distance paper. How do they differ ...?" (blinds 129, 150): a
    # name, with what it is for or an aside, then another side
    rf"|\bthere(?:'s|s| is| are)\s+(?P<a21>(?=[^\s,.?!;:]*(?-i:[A-Z])[^\s,.?!;:]*(?-i:[A-Z0-9+*])){_NAME}"
    r"(?:\s+(?:for|on|about|with)\s+[^.?!;,]{3,80}?|\s+\([^()]{3,60}\))?),?\s+and\s+"
    rf"(?P<b21>{_SIDE}(?:\s+(?:for|on|about|with)\s+[^.?!;:]{{3,80}}?)?)\s*[.:;]\s+"
    r"(?=[^.?!]*\b(?:each|both|their|they|the two)\b)",
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
    rf"\b(?:do|did|are|were|have|would)\s+(?P<a>{_SIDE})\s+and\s+(?P<b>{_SIDE})\s+(?:each|both)\b"
    # ... or asked whether two papers described are related: "Are the multi-objective bilevel learning paper and the
    # tensor-output Bayesian optimisation paper solving related problems at all?" (blind 137)
    rf"|^\W*(?:are|were|do|did)\s+(?P<c>{_SIDE})\s+and\s+(?P<d>{_SIDE})\s+(?:[\w-]+\s+){{0,3}}?"
    r"(?:related|similar|alike|connected|comparable|the\s+same)\b",
    re.I,
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
    if m := _EACH_ASKED.search(question):
        return (m["a"] or m["c"]).strip(" ,"), (m["b"] or m["d"]).strip(" ,")
    m = _DOING_DIFFERENTLY.search(question)
    return (m["a"].strip(" ,"), m["b"].strip(" ,")) if m else None


# "Is the paper on reasoning models asking for missing information related to BED-LLM?" (blind 135): a paper described,
# asked whether it relates to another
_DESCRIBED_FIRST = re.compile(
    r"^(?:is|are|was|how\s+(?:is|does))\s+(?P<a>the\s+(?:paper|work|study|one)\s+(?:on|about|that|which|where)\s.{3,120})$",
    re.I,
)


def related_described(question: str) -> tuple[str, str] | None:
    """The paper a question describes and what it asks that paper relates to, or None."""
    if not (pair := related(question)) or not (m := _DESCRIBED_FIRST.match(pair[0])) or len(pair[1].split()) > 12:
        return None
    return m["a"].strip(" ,"), pair[1]


def asked_of_two(question: str) -> tuple[str, str] | None:
    """The two names a question asks what or how they do, or None."""
    m = _TWO_DOING.search(question)
    return (m["a"].strip(" ,"), m["b"].strip(" ,")) if m else None


# A paper a follow-up brings in beside the one just discussed (rag.answering.pairs.related_back): a sentence, a question
# too, saying a paper described does the same: "the soft tokens paper also puts noise on embeddings, right? how do the
# two differ in what the noise is for?" (blind 122)
_ALSO_DESCRIBED = re.compile(r"^\W*the\s+[^,.?!]{3,60}?\s(?:paper|work|study|one)\s+(?:also|too)\b[^?.!]*[?.!]", re.I)


def brought_in(question: str, scene: str) -> str:
    """The scene, where it brings in a paper of its own, or the question's first sentence saying one does it too."""
    if scene and INTRODUCED.pattern.search(scene):
        return scene
    return m[0] if (m := _ALSO_DESCRIBED.search(question)) else ""
