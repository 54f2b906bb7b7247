"""Where a part starts asking: its question word, past what only leads into one ("Tell me the batch size of X",
"Does X report a top-1 accuracy on ImageNet"). Shared by rag.reading.parts and the answering stage, which read
the asked words of a part; examples in tests/test_reading_rules.py. And what a part asks for whatever measure its
words name (`undetailed`): a reason, a finding, a choice, a cause; and whether its words ask a figure
(`asks_figure`)."""

from __future__ import annotations

import re

# a preposition may lead the question word ("from which model", "at what layer"); "say/tell me/name/list" ask too
LED = (
    r"(?:(?:up to|on|by|from|in|with|at|for|to|under|over|across|of)\s+(?:exactly\s+)?(?:which|what)"
    r"|by how (?:much|many))"
)
# "say, 50 concepts at once" gives an example, it asks nothing (blind 134)
_ORDER = r"(?:say(?!\s*,)|tell me|name|list)"
# ... "whats" typed without its apostrophe too ("Whats the core idea of ...? and does it hurt accuracy?", blind 126)
WH = rf"(?:{LED}|{_ORDER}|which|what|whats|how|where|when|who|whom|whose|why|does|do|did|is|are|was|were|can|could)"
ASKING = rf"(?:{LED}|{_ORDER}|which|what|whats|how|when|who|whom|whose|why)"
# what leads into the asking words without asking itself: "Specifically which ...", "Tell me which ...",
# "Does the X paper say exactly how many ..."
_FILLER = re.compile(
    # ... or a word that only takes the turn: "ok which contextual reasoning datasets did ...?" (blind 118)
    r"^(?:(?:please|so|and|also|now|then|specifically|exactly|precisely|roughly|approximately|ok|okay|alright|hmm|btw|"
    r"i(?:'d| would)? (?:like to |want to |need to )?(?:know|wonder|ask)|i(?:'m| am) (?:curious|wondering)(?: about)?|"
    r"(?:can|could|would) you (?:please )?(?:tell me|say|remind me)|tell me|say|give me|"
    r"(?:does|do|did) (?:the |its |this |their )?(?:[\w$^'.-]+ ){0,3}(?:say|report|state|mention|give|specify))"
    r"[\s,:]+)+",
    re.I,
)
_ORDERED = re.compile(r"^(?:name|list|tell me|give me)\s+(?:the|its|their|all)\s+", re.I)
_REPORTS = re.compile(r"\b(?:say|report|state|mention|give|specify)\s*$", re.I)
_ARTICLE = re.compile(r"^(?:an?|any|the|some)\s+", re.I)


def asked(part: str) -> str:
    """A part from its asking words on: "Tell me the batch size of X" reads "which batch size of X",
    "Does X report a top-1 accuracy on ImageNet" reads "what top-1 accuracy on ImageNet"."""
    part = _ORDERED.sub("which ", part.strip())
    lead = _FILLER.match(part)
    rest = _ORDERED.sub("which ", part[lead.end() :] if lead else part)
    if lead and _REPORTS.search(lead.group().strip(" ,:")) and not re.match(rf"{ASKING}\b", rest, re.I):
        return "what " + _ARTICLE.sub("", rest)
    return rest


def undetailed(part: str) -> str | None:
    """What a part asks for whatever measure its words name: "any" for a topic raised, a reason, a finding or a choice
    between two; "method" for what brings a thing about; None where the part's words decide (rag.reading.parts)."""
    if _TOPIC_RAISED.match(part):  # "what about using LLMs to pick data ...?" brings up a topic, asks no detail
        return "any"
    if _WHY.match(part):  # "why does it drop the squared l2 distance?" asks a reason, whatever it measures
        return "any"
    if _FINDING.match(part):  # "what did UniFork observe about modality alignment across depth?" (blind 66)
        return "any"
    if _CAUSE.match(part):  # "what lets clients with different circuit depths train together?" (blind 84)
        return "method"
    if _CHOICE.match(part):  # "is it better to spend budget on a bigger compressor or a bigger predictor?" (blind 88)
        return "any"
    if _USED_FOR.match(part):  # "What does EGEA-DM use to control the speed of the forward diffusion?" (blind 91)
        return "any"
    return None


# what a paper found, whatever it is about: "what do they say happens once parameters exceed the threshold?" asks
# no figure; "what accuracy do they report?" (a measure before the verb) and "what do they report as the error?" do
_FINDING = re.compile(
    # ... of a subject of many words ("what does the stability analysis of Lookahead with minibatch SGD say about batch
    # size in the convex case?", blind 85)
    r"^what\s+(?:do|does|did)\s+(?:[\w+.-]+\s+){1,8}?"
    r"(?:observe|find|say|show|conclude|notice|discover|reveal|uncover|claim|argue|learn)\b(?!\s+(?:as|for)\b)"
    # ... or what happens to a thing: "what happens to direct models once ...?" asks no model's name (blind 119)
    r"|^(?:and\s+)?what\s+(?:happens|happened|goes\s+wrong|went\s+wrong)\b"
    # ... or what is new about a thing: "what's new about the step sizes?" asks no step size (blind 143)
    r"|^(?:and\s+)?what(?:'s|’s|\s+is|\s+are)\s+(?:new|novel|different|special|unique)\s+about\b",
    re.I,
)
# a choice between two asks which, whatever they measure: "should I put my budget into a bigger compressor or a bigger
# predictor?" (blind 89); not "is it better than X?", "should I use 4 or 8 GPUs?" (a figure either way)
_CHOICE = re.compile(
    r"^(?:[^,?]{0,40},\s*)?(?:should\s+(?:i|we|you|one)|is\s+it\s+(?:better|worth\s+it)\s+to|would\s+it\s+be\s+better\s+to)"
    r"\b[^?]*?\b(?:(?:into|on|in|for|with)\s+(?:an?\s+|the\s+)?[a-z][\w-]*\s+[a-z][\w-]*"
    # ... or "should I scale up the compressor or the predictor?" (blind 103)
    r"|(?:an?|the)\s+[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+or\s+(?:an?\s+|the\s+)?[a-z]"
    # ... or "which <did better>, A or B?" at its end: "which worked more robustly across answer formats, SFT or
    # reinforcement fine-tuning?" (blind 90); not "which diffusion backbone does it run on, SD1.5 or SDXL?" (a name)
    r"|^which\s+(?:(?:one|of\s+(?:the\s+)?(?:two|them|these|those))\s+)?(?:is|was|are|were|did|does|do|works?|worked"
    r"|performs?|performed|helps?|helped|wins?|won|scales?|scaled|generali[sz]e[sd]?|transfers?|transferred)\b"
    r"[^?,]*,\s*(?:[\w.-]+\s+){0,3}?[\w.-]+\s+or\s+(?:[\w.-]+\s*){1,4}[?.]*$",
    re.I,
)
# what a paper uses for a purpose, or what a thing looks like, asks what it is, whatever the purpose measures: "What
# does EGEA-DM use to control the speed of the forward diffusion?", "what does their reward look like?" (blind 91);
# not "what loss does it use to ...?" (a thing named before the verb) nor "what speedup does it get?"
_USED_FOR = re.compile(
    # ... of things typed with a slash between: "what does their RL objective / reward look like?" (blind 116)
    r"^what\s+(?:do|does|did)\s+(?:[\w'’.$/-]+\s+){1,6}?(?:use|employ|leverage|rely\s+on|look\s+like)\b"
    r"(?:\s+(?:to|for)\b|\s*[?.]*$)"
    # ... or what it is made of: "what goes into their reward?" (blind 105: "a ... reward model that incorporates OCR
    # accuracy and aesthetic measures")
    r"|^what\s+(?:goes|go|went)\s+into\b|^what\s+(?:makes|make|made)\s+up\b",
    re.I,
)
# what brings something about asks how, whatever it measures; not "what makes up the dataset?"
# ... "what stabilises training when scaling window or block size?" (blind 128)
_CAUSE = re.compile(
    r"^what\s+(?:lets|allows|enables|makes(?!\s+up\b)|causes|drives|keeps|prevents|stops|stabili[sz]es|ensures"
    r"|guarantees|controls|governs|determines|mitigates)\b",
    re.I,
)
_WHY = re.compile(r"^(?:(?:and|so|but|ok|okay|hm+|wait)[\s,]+)*why\b", re.I)
# "what about using LLMs to pick finetuning data ...?", "what about that paper which replaces the MLP ...?": what is
# said of a topic, not a detail ("what about its accuracy?" asks one); "what do they say about batch size?" too
_TOPIC_RAISED = re.compile(
    r"^(?:what|how)\s+about\s+(?:[a-z-]+ing\b|(?:a|an|the|that|this|any)\s+(?:paper|work|study|one|method)s?\s+"
    r"(?:that|which|where|on|about|for)\b"
    # ... or a thing of no one's: "what about latent reduced-order models for PDEs with ...?", "what about decision-
    # focused learning that uses diffusion models ...?" (blind 46); not "what about its accuracy?", "the second one?"
    # nor "GPT-4's score?", "top-1 accuracy on ImageNet?" (a description is five words or more)
    # ... or one a field's plural acronym opens: "what about MLLMs failing to actually read diagrams in math
    # problems, has that been studied?" (blind 114)
    # ... or an acronym a relative clause describes: "what about TTS where the emotion can change over time within one
    # utterance?" (blind 120)
    r"|(?!(?:its|their|the|this|that|these|those|it|them|his|her)\b)(?![^?]*'s\b)"
    r"(?-i:[a-z]|[A-Z]{2,}s\b|[A-Z]{2,}(?=\s+(?:where|that|which|whose)\s))[\w-]*"
    r"(?:\s+[\w-]+){4,})"
    r"|^what\s+(?:do|does|did)\s+(?:they|it|the\s+(?:authors|paper))\s+(?:say|find|claim|conclude|argue|note)\s+about\b",
    re.I,
)


# the words that ask for a figure (`asks_figure`): "how many", "by what", "what ECE does it reach", a measure
NUMBER = re.compile(
    r"\bhow (?:many|much|large|big|fast|long|often|far|accurate|well|wide|deep|high|low|small|tall)\b"
    r"|\bby (?:what|how much|how many)\b|\bto what\b"
    r"|\b(?:which|what) values? of\b"  # "which value of τ worked best on Sudoku?" (blind 48)
    # "what k do they use for the k-NN classifier?" (blind 81): a one-letter symbol is a figure asked; not "what a ..."
    r"|\bwhat\s+(?-i:[b-zB-HJ-Z])\s+(?:do|does|did|is|was|are|were)\b"
    r"|,\s*in\s+(?:[mµk]?J|[mµn]s|[KMGT]B|k?Wh|FLOPs|GPU[- ]hours|hours|seconds|minutes)\s*,"  # "energy, in mJ,"
    # "What ECE does the diffusion-inspired reconfiguration of transformers achieve?" (blind 54)
    # ... not a use or a lesson got from it: "what practical use do they get out of collapse?" (blind 102)
    # ... nor what they do to get a thing: "what do they do to get an LLM to actually reason ...?" (blind 152)
    r"|\bwhat (?!(?:do|does|did)\b)"
    r"(?!(?:[\w-]+ )?(?:uses?|applications?|insights?|lessons?|benefits?|advantages?|kinds?|types?)\b)"
    r"[\w-]+(?: [\w-]+)? (?:does|do|did) (?:[\w-]+ ){1,6}?(?:reach|achieve|attain|obtain|report|get|hit)\b"
    r"|\b(?:at|after|in|from) (?:exactly )?which (?:layers?|steps?|epochs?|iterations?|depth)\b"
    # "what generalization bound does the Lookahead ... paper give for non-convex losses?" (blind 102)
    r"|\bwhat\s+(?!(?:kinds?|types?|sorts?)\b)(?:[\w-]+\s+){0,2}bounds?\s+(?:does|do|did)\b"
    # a measure in a compound that describes something else asks for no figure: "test-time adaptation", "real-time
    # streaming", "talk in real time", "a fixed-size state" ("TM-score", "F1-score" and "run-time" still do)
    r"|\bwhat (?:percentage|fraction|share|proportion|maximum|minimum|max|min)\b"
    # "what are the numbers on CIFAR-10-C compared with TENT?" (blind 134)
    r"|\bwhat\s+(?:are|were)\s+(?:the|its|their)\s+(?:[\w-]+\s+)?numbers\b"
    # "What was the exact correlation between ... BOLD signals and the real resting-state data?" (blind 105); not
    # "did they check whether the correlation also holds ...?"
    r"|\bwhat(?:'s|\s+is|\s+was|\s+are|\s+were)?\s+(?:the\s+)?(?:exact\s+|actual\s+|reported\s+)?correlations?\b"
    r"|\bhow (?:strong|high|large) (?:is|was|are|were) the correlation"
    # "what concrete value of N*(ε) do they report ...?" (blind 96); not "what value does it add?"
    r"|\bwhat\s+(?:(?:concrete|exact|numeric(?:al)?|actual|specific)\s+)?values?\s+(?:of|for)\b"
    # ... or set by them: "what value do they use for the gradient-norm penalty coefficient?" (blind 108)
    r"|\bwhat\s+(?:[\w-]+\s+)?values?\s+(?:do|does|did)\s+(?:[\w-]+\s+){1,3}?(?:use|set|choose|pick|select|assign)\b"
    # "what's the actual numeric lower bound on ...?" (blind 43); not "numerical experiments"
    r"|\bwhat(?:'s|\s+is|\s+are|\s+was|\s+were)\s+(?:the\s+|its\s+|their\s+)?(?:[\w-]+\s+)?numeric(?:al)?\s+(?!experiments?\b)"
    r"|(?<!test-)(?<!real-)(?<!real )(?<!inference-)(?<!training-)(?<!fixed-)(?<!long-)(?<!short-)"
    # ... nor a kind of the thing: "What kinds of errors do the models make on it?"
    r"(?<!kinds of )(?<!kind of )(?<!types of )(?<!type of )"
    # ... nor what stands in for one: "what serves as the reward?" (blind 123), not "what do they report as the error?"
    r"(?<!serves as the )(?<!serve as the )(?<!acts as the )(?<!act as the )(?<!serves as a )(?<!acts as a )"
    r"\b(?:speed-?up|accurac(?:y|ie)|score|"
    # "by what factor" asks a figure, "which two factors" asks what they are
    # "what kind of reasoning failure did their error analysis point to?" asks what failed (blind 99)
    r"factor(?=\b)|margin|gain|reduction|improvement|error(?!s?\s+(?:analys[ie]s|accumulat\w*|propagat\w*|correct\w*|compensat\w*)\b)|percentage|"
    r"number of|size|memory saving|latency|throughput|"
    r"compression ratio|win rate|success rate|(?:learning )?rate|perplexit(?:y|ie)|FID|BLEU|ROUGE|AUC|F1|PSNR|pass@\d+|"
    # "mAP" in its own case: "feature maps" asks for no figure
    r"(?-i:mAP)|budget|cost|width|depth|length|ratio|threshold|overhead|dimensionality|hidden size|"
    # "which dimensions are being traded off?" asks what they are (blind 119), "what dimension" a figure
    r"dimension(?!s\b)|"
    r"RMSE|MAE|MSE|LPIPS|SSIM|IoU|mIoU|NDCG|recall|exponent|coefficient|"
    # "parameters" only by their count: "which parameters does it search over?", "instead of model parameters" ask
    # which (blind 99)
    r"precision|top-[15]|exact match|CIDEr|reward|regret|speed|time|epochs?|parameter count)s?\b(?!-)"
    # ... not a measure naming a thing it drives: "what does CellDuality use as its reward signal?" (blind 103),
    # "the cost function", "a learning rate schedule", "time series"
    r"(?!\s+(?:signal|model|function|shaping|hacking|design|mechanism|term|series|schedule|landscape)s?\b)"
    # ... nor one that does something to a thing: "what reward keeps the multi-round reasoning consistent?" (blind 106)
    r"(?!\s+(?!(?:does|is|has|was|gets|goes)\b)(?-i:[a-z]+[^s\W]s)\s+(?:the|a|an|its|their|this|these|those)\b)",
    re.I,
)
# when, not how long: "what do they do with that detector at decoding time?" (blind 48), "at test time"
_WHEN_TIME = re.compile(r"\b(?:at|during)\s+(?:the\s+)?[\w-]+[ -]time\b", re.I)
# a measure closing a compound before the noun it describes asks no figure: "the l1 latent distance continuous-time
# graph paper" (blind 91), "variable-length outputs", "varying-depth models"; not "the run-time of", "the TM-score
# does", "the success-rate improvement" (the noun after it is the measure)
_COMPOUND = re.compile(
    r"\b[a-z]{3,}-[a-z]+\s+(?=(?!(?:of|on|in|for|at|to|by|from|with|than|and|or|vs|versus|over|across|under|against"
    r"|per|relative|between|among|within|without|is|are|was|were|do|does|did|has|have|had|can|could|will|would|when"
    r"|while|compared|it|they|its|their)\b)[a-z])"
)


# what a thing named before the verb is used for measures nothing asked: "what quantity do they use to control how
# fast the forward diffusion runs?" asks the quantity (blind 97); "what learning rate do they use to train?" still
# asks a figure by its own words; "what maths do they lean on to get the optimal grid strategies?" (blind 134)
_USED_TO = re.compile(
    r"^(what\s+(?:[\w-]+\s+){1,2}?(?:do|does|did)\s+(?:[\w'’.$-]+\s+){1,6}?(?:use|employ|leverage|adopt|rely\s+on|lean\s+on|draw\s+on))"
    r"\s+(?:to|for)\b.*",
    re.I | re.S,
)


# "which" and the thing it asks for, then the verb said of it: not papers asked for ("which empirical study ..."), nor
# two things asked together ("which base LLM and model size does it fine-tune?", `asks_figure`); a near twin of
# parts._WHICH_DID (the thing before what it did), which this module cannot import
_WHICH_ASKED = re.compile(
    r"which(?!\s+(?:[\w-]+\s+)?(?:papers?|works?|stud(?:y|ies)|methods?|approach(?:es)?|ones?)\b)(?:\s+[\w-]+){1,3}?"
    r"(?=\s+(?:do|does|did|is|are|was|were|has|have|had|can|could|will|would)\b)",
    re.I,
)
# a property proved asks what holds, whatever it is proved of: "what theoretical property do they prove for their CV
# score?" (blind 136)
_PROPERTY_ASKED = re.compile(
    r"^(?:which|what)\s+(?:[\w-]+\s+)?(?:propert(?:y|ies)|guarantees?|theorems?)\s+(?:do|does|did|is|are)\b", re.I
)
# a measure that varies describes what is asked of: "what's the key training trick for clients with different circuit
# depths?" (blind 135)
_VARYING = re.compile(
    r"\b(?:with|of|at|across|for|under|over)\s+(?:different|differing|varying|various|diverse|heterogeneous|mixed)"
    r"\s+(?:[\w-]+\s+){0,2}?[\w-]+s\b",
    re.I,
)
# a measure's word that opens a name asks no figure: "what is the Score Rematching loss aligning with?" (blind 118)
_NAME_OPENED = re.compile(r"(?<=\s)(?-i:[A-Z][a-z]+)(?=\s+(?-i:[A-Z][a-z]+)\b)")
# the words a paper is described by measure nothing asked: "What's new in the unified theory of adaptive variance
# reduction paper compared to ...?" (blind 147)
_PAPER_DESCRIBED = re.compile(r"\bthe\s+(?:(?!the\b)[\w-]+\s+){1,10}?(?:paper|study)\b", re.I)


def asks_figure(part: str) -> bool:
    """The part asks for a figure by a word that measures ("how many", "accuracy", "latency"), not one inside a
    compound, a time of day that describes something else ("at test time", "continuous-time graph") or what a thing
    is used for."""
    # a word in the compound's place keeps the words a pattern counts: "What ECE does the diffusion-inspired
    # reconfiguration of transformers achieve?" (blind 54)
    # "which kernel did the learned scores line up with?" asks a kernel, whatever it measures after (blind 122)
    if ((which := _WHICH_ASKED.match(part)) and not NUMBER.search(which[0])) or _PROPERTY_ASKED.match(part):
        return False
    read = _NAME_OPENED.sub("X", _USED_TO.sub(r"\1", _VARYING.sub(" ", _PAPER_DESCRIBED.sub(" it ", part))))
    return bool(NUMBER.search(_COMPOUND.sub("x ", _WHEN_TIME.sub(" ", read))))
