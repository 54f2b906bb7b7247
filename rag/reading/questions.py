"""Reading a question: its kind, the parts it asks, and what each part wants (the turn it follows: rag.reading.turns).

Rules, not a model: the bundled 135M model reads questions worse than these patterns, and
patterns cost no latency. Every function here is pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rag.reading import contrasts
from rag.reading.text import coined_names
from rag.types import Turn

# --- kinds --------------------------------------------------------------------------------------

_COMPARE = [
    re.compile(
        r"^\s*(?:(?:can|could|would) you\s+|please\s+)*compare\s+(?P<a>.+?)\s+(?:and|with|to|vs\.?|versus)\s+"
        r"(?P<b>.+?)[\s?.!]*$",
        re.I,
    ),
    re.compile(r"how (?:do|are)\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)\s+(?:differ|different|compare)\b", re.I),
    re.compile(
        r"how (?:does|do|is|are)\s+(?P<a>.+?)\s+(?:differ|different|compare)\s*(?:from|to|with)?\s+(?P<b>.+?)[\s?.!]*$",
        re.I,
    ),
    re.compile(r"differences? between\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)[\s?.!]*$", re.I),
    re.compile(r"^\s*(?P<a>[^,]+?)\s+(?:vs\.?|versus)\s+(?P<b>.+?)[\s?.!]*$", re.I),
]
_SECOND_PART = re.compile(r"[?,;]|\band\b", re.I)
# "X vs Y: <a sentence that sets the scene>. How does each ...?": a heading of two methods opens the question,
# and the asking sentence after it need not name them again
_VS_HEADING = re.compile(r"^\s*(?P<a>[^,:;.?]+?)\s+(?:vs\.?|versus)\s+(?P<b>[^:;?]+?)\s*(?::|\.\s|\?|$)", re.I)
_NOT_A_METHOD = re.compile(r"(?:it|its|this|that|these|those|they|their)\b", re.I)
_SUMMARY = re.compile(
    r"^\s*(?:please\s+)?(?:summari[sz]e|give (?:me )?a summary of|summary of|tl;?dr(?: of)?|sum up)"
    r"\s+(?P<t>.*?)[\s?.!]*$",
    re.I,
)
_ABOUT = re.compile(
    r"^(?:the\s+)?(?:paper|work|abstract|study|article)\s+(?:about|on|called|named|that|which)\s+", re.I
)
# "Which papers ...", "What are the main approaches to ...", "What is new in ...": a list of papers.
# "Which baseline methods does X compare against?" asks about X's paper, not for a list.
_ASKED_OF = r"\s+(?:does|do|did)\s+(?:it\b|they\b|this\b|the (?:paper|work)\b|(?-i:[A-Z]))"
_LIST = re.compile(
    r"\b(?:which|what|any|are there(?: any)?|list(?: the)?|find|show me)\s+(?:\w+\s+){0,2}?"
    rf"(?:papers|works(?! best| better| well| worse)|studies|(?:methods|approaches|techniques)(?!{_ASKED_OF}))\b"
    r"|\bwhat are the (?:main |different |key )?(?:approaches|methods|ways|techniques|directions)\b"
    r"|\bwhat(?:'s| is) new in\b|\boverview of\b|\bpapers (?:that|which|on|about)\b",
    re.I,
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
        return self.wants in ("number", "name") and bool(_DETAIL_OPENING.match(asked(self.text)))

    @property
    def kind_of(self) -> bool:
        """Asks "what kind of X" or "which X" of an X no name list knows: a sentence saying X answers, named or not."""
        return bool(_KIND_OF.match(asked(self.text))) or self.which_thing

    @property
    def which_thing(self) -> bool:
        """Asks "which X" of an X no name list knows ("Which GNNs", "Which seven"): particular ones of X,
        not what kind of X it is."""
        return bool(_WHICH_THING.match(p := asked(self.text)) and not _NAME.search(p) and not _KIND_OF.match(p))

    @property
    def head(self) -> str:
        """The thing asked for: "clients" in "how many clients does it use", "" where none is named."""
        if of := _NAMES_OF.search(asked(self.text)):  # "the name of the dataset they released": dataset
            return of[1].split()[-1]
        m = _HEAD.search(asked(self.text))
        words = [w for w in m["head"].split() if w.lower() not in _MEASURES] if m else []
        words = [w for w in words if not w.endswith("ed")] or words  # "batch size used by X": not "used"
        if not words:  # "Which pretrained diffusion model underlies ...": the kind of thing a name is asked of
            named = _NAME.search(asked(self.text))
            if named and (named["thing"] or named["said"]):
                return named["thing"] or named["said"]
            counted = _COUNTED_THING.match(asked(self.text))  # "How many annotators validated ...": annotators
            return counted["thing"] if counted else ""
        # the noun, as far as a rule can tell: "datasets" of "reasoning datasets", "clients" of "clients take part"
        nouns = [w for w in words if w.endswith("s") or any(c.isupper() for c in w)]
        return (nouns or words or [""])[-1 if not nouns else 0] if len(nouns) < 2 else nouns[-1]


@dataclass(frozen=True)
class Reading:
    kind: str  # lookup | list | compare | summary
    targets: tuple[str, ...]  # compare: the two methods; summary: what to summarise
    parts: tuple[Part, ...]
    sides: tuple[str, ...] = ()  # two things set against each other, unnamed: each a paper? (answering.pairs)


def read_question(question: str, turns: Sequence[Turn] = ()) -> Reading:
    """What the question asks of which papers. `turns` (their cited ids only) let "it" be the paper
    just discussed: "How does it differ from SUIT?" compares two methods when an answer came before."""
    asking = asking_sentences(question)
    heading = _VS_HEADING.match(question)
    if heading and heading.end() < len(question.rstrip()) and _named(heading["a"]) and _named(heading["b"]):
        return Reading("compare", (heading["a"].strip(), heading["b"].strip()), ())
    for pattern in _COMPARE:
        # "how does its 7B model compare with larger models?" asks for a paper's result, not for two methods
        # ("how does it differ from SUIT?" does); so does a comparison in a question's second part
        if (
            (m := pattern.search(asking))
            and not _SECOND_PART.search(asking[: m.start()])
            and not _unnamed_pair(m["a"], m["b"])
        ):
            # "ZeroGR vs Retro* for document retrieval: how do ...": a side ends where its clause does
            a, b = (re.split(r"[:;?]", side)[0].strip(" ,") for side in (m["a"], m["b"]))
            if not (_named(a) or _named(b)):  # "state-space models vs transformers": papers comparing families
                return Reading("list", (), tuple(split_parts(question)), sides=(a, b))
            return Reading("compare", (a, b), ())
    parts = tuple(split_parts(question))
    # a contrast in one part of several ("What does X do differently from Y, and how much faster is it?")
    # asks about X's paper
    if len(parts) == 1 and (pair := _contrasted(question, asking, len(turns[-1].cited) if turns else 0)):
        return Reading("compare", pair, ())
    if len(parts) == 1 and (m := contrasts.SET_AGAINST.search(question)) and asks_contrast(question):
        a, b = (m["a"] or m["a2"]).strip(" ,"), (m["b"] or m["b2"]).strip(" ,")
        return Reading("lookup", (), parts, sides=(a, b))
    if m := _SUMMARY.search(question):
        return Reading("summary", (_ABOUT.sub("", m["t"]).strip() or question,), ())
    kind = "list" if _LIST.search(_RELATIVE.sub(r"\1", question)) else "lookup"
    return Reading(kind, (), parts)


def asks_for_papers(question: str) -> bool:
    """Asks to find papers, a list or one ("Which papers ...", "Is there a paper that ...", "Any benchmark
    that ..."), whatever it contrasts ("... its activation differences from the base model")."""
    return bool(_LIST.search(_RELATIVE.sub(r"\1", question)) or _FIND_ONE.search(question))


_FIND_ONE = re.compile(
    r"^\W*(?:which|what) (?:paper|work|study|benchmark)\b"
    r"|\b(?:is there|are there|any|anyone|anybody)(?: \w+)? (?:a |an |any )?(?:paper|work|study|benchmark|method)s?\b",
    re.I,
)


def _unnamed_pair(a: str, b: str) -> bool:
    return bool(_NOT_A_METHOD.match(a)) and not re.search(r"[A-Z]", b)


def _named(side: str) -> bool:
    """A side of a comparison names a method: a coined name or a capitalised word past its first
    ("Local Linear Attention", "the Antibody defense"), or a pronoun for the paper just discussed."""
    return bool(_NOT_A_METHOD.match(side) or coined_names(side) or re.search(r"(?<=\S)\s+[A-Z]", side))


def asks_contrast(question: str) -> bool:
    """Does the question ask a difference, a contrast or something shared? ("how do they differ", "X vs Y",
    "both", "what sets X apart", "is that better than X"). Examples: tests/test_pairs.py."""
    question = contrasts.NEW_TOPIC.sub(" ", question).strip()
    asking = asking_sentences(question)
    found = contrasts.CONTRAST.search(asking) or contrasts.RELATES.search(asking)
    return bool(found or contrasts.BOTH.search(question))


EARLIER = ("the first one", "the second one")  # targets that stand for the last answer's first two papers


def _contrasted(question: str, asking: str, n_cited: int) -> tuple[str, str] | None:
    """Two methods the question names (or one and "it", or "they" for the two papers the last answer cited)
    and a contrast its asking sentences ask of them; the methods may be named in a sentence that sets the scene."""
    coined = coined_names(question)
    named = [n for n in coined if not any(n != m and n in m for m in coined)]
    if len(named) >= 2 and contrasts.CONTRAST.search(asking):
        return named[0], named[1]
    a, b = (re.escape(n) for n in [*named, "", ""][:2])
    # the pair is what the sentence is about: it opens it, follows its verb, or is offered as a choice
    subjects = rf"(?:^|[.?!:;,]\s+|\b(?:do|did|are|were|have|how do|between|one of)\s+){a},?\s+(?:and|or)\s+{b}\b"
    if len(named) >= 2 and contrasts.SHARED.search(question) and re.search(subjects, question, re.I):
        return named[0], named[1]
    if len(named) == 1 and n_cited and contrasts.CONTRAST.search(asking) and contrasts.POINTS_BACK.search(asking):
        return "it", named[0]
    contrast = contrasts.CONTRAST.search(asking) or contrasts.SHARED.search(asking)
    the_two = contrasts.THE_TWO.search(asking) and not contrasts.FROM_A_THIRD.search(asking)
    if not named and n_cited >= 2 and contrast and the_two:
        return EARLIER
    return None


# --- parts and what they want ------------------------------------------------------------------

# a preposition may lead the question word ("from which model", "at what layer"); "say/tell me/name/list" ask too
_LED = (
    r"(?:(?:up to|on|by|from|in|with|at|for|to|under|over|across|of)\s+(?:exactly\s+)?(?:which|what)"
    r"|by how (?:much|many))"
)
_ORDER = r"(?:say|tell me|name|list)"
_WH = rf"(?:{_LED}|{_ORDER}|which|what|how|where|when|who|whom|whose|why|does|do|did|is|are|was|were|can|could)"
_ASKING = rf"(?:{_LED}|{_ORDER}|which|what|how|when|who|whom|whose|why)"
# what leads into the asking words without asking itself: "Specifically which ...", "Tell me which ...",
# "Does the X paper say exactly how many ..."
_FILLER = re.compile(
    r"^(?:(?:please|so|and|also|now|then|specifically|exactly|precisely|roughly|approximately|"
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
    if lead and _REPORTS.search(lead.group().strip(" ,:")) and not re.match(rf"{_ASKING}\b", rest, re.I):
        return "what " + _ARTICLE.sub("", rest)
    return rest


# "?" and "and" open a new part before any question word; a bare comma only before one that asks
# ("..., what TM-score ...?"), not before a clause ("..., where a model feeds ..." or "How wide, in tokens, is ...").
_ADVERB = r"(?:(?:also|exactly|roughly|approximately|specifically|precisely)\s+)?"
_LEADING = r"(?:(?:up to|at|on|in|for|by|from|under)\s+)?"  # "..., and up to how many ...", "and on which ..."
_PART_BREAK = re.compile(
    rf"(?:\?\s*|[,;]\s*and\s+|\s+and\s+){_ADVERB}(?={_LEADING}{_WH}\b)|(?:[,;:.]|\s[—–-])\s+{_ADVERB}(?={_ASKING}\b)",
    re.I,
)
# "Does X report results on the DNS Challenge data?": a yes-or-no question about one paper, named, described
# or pointed at ("Do deep learning methods beat ...?" and "is there a paper ...?" ask for papers, not about one).
# It asks, as "In the X approach, where ..." does not: "Does X have a GPU implementation, and how ...?" asks two things.
YES_NO = re.compile(
    r"^(?:does|do|did|has|have|can|is|was|were|are)\s+(?:it|they|its|their|this|that"
    r"|the (?:[\w-]+ ){0,6}?(?:paper|work|study|method|approach|framework|model|authors)|(?-i:[A-Z])[\w-]*)\b",
    re.I,
)
_IF_SO = re.compile(r"^(?:and )?if (?:so|yes|it does|they do)\b|\bif (?:so|yes)$", re.I)
_NUMBER = re.compile(
    r"\bhow (?:many|much|large|big|fast|long|often|far|accurate|well|wide|deep|high|low|small|tall)\b"
    r"|\bby (?:what|how much|how many)\b|\bto what\b"
    r"|\bwhat [\w-]+(?: [\w-]+)? (?:does|do|did) [\w-]+ (?:reach|achieve|attain|obtain|report)\b"
    r"|\b(?:at|after|in|from) (?:exactly )?which (?:layers?|steps?|epochs?|iterations?|depth)\b"
    r"|\bwhat (?:percentage|fraction|share|proportion|maximum|minimum|max|min)\b|\b(?:speed-?up|accuracy|score|"
    r"factor|margin|gain|reduction|improvement|error|percentage|number of|size|memory saving|latency|throughput|"
    r"compression ratio|win rate|success rate|(?:learning )?rate|perplexity|FID|BLEU|ROUGE|AUC|F1|mAP|PSNR|pass@\d+|"
    r"budget|cost|width|depth|length|ratio|threshold|overhead|dimension|dimensionality|hidden size|"
    r"RMSE|MAE|MSE|LPIPS|SSIM|IoU|mIoU|NDCG|recall|"
    r"precision|top-[15]|exact match|CIDEr|reward|regret|speed|time|epochs?|parameters|parameter count)s?\b",
    re.I,
)
_NOT_A_HEAD = r"(?!of\b|does\b|do\b|did\b|is\b|are\b|was\b|were\b|the\b)"
_NAME = re.compile(
    rf"\b(?:which|what)\s+(?:(?:kind|type|sort)s? of\s+)?(?:{_NOT_A_HEAD}[\w-]+\s+){{0,5}}"
    r"(?P<thing>models?|systems?|suites?|transformers?|teachers?|checkpoints?|detectors?|classifiers?|generators?|"
    r"solvers?|datasets?|benchmarks?|baselines?|architectures?|"
    r"backbones?|llms?|vlms?|mllms?|tasks?|environments?|domains?|simulators?|languages?|games?|robots?|tools?|metrics?|data|"
    r"optimi[sz]ers?|librar(?:y|ies)|frameworks?|hardware|gpus?|encoders?|networks?|embedding models?|licen[cs]es?)\b"
    # "which acquisition function do the authors use?", "what are those datasets called?"
    r"|\bwhich\s+(?:[\w-]+\s+){1,3}(?:do|does|did)\s+(?:the authors|they|it|the paper|the method|(?-i:[A-Z])[\w-]*)\s+"
    r"(?:use|apply|adopt|employ|choose|pick|select|build on|rely on|fine-tune|train|start from)\b"
    r"|\bwhat (?:are|is|were|was)\s+(?:[\w-]+\s+){1,4}(?:called|named)\b"
    # "what is its LLM backbone?" asks for the backbone as "what LLM backbone ...?" does; not "what is the
    # model trained on?"
    r"|\bwhat (?:are|is|were|was) (?:its|their|the) (?:[\w-]+\s+){0,3}(?P<said>backbones?|base models?|llms?|vlms?|"
    r"mllms?|datasets?|benchmarks?|baselines?|simulators?|optimi[sz]ers?|licen[cs]es?|hardware|gpus?)\s*[?.]?\s*$"
    r"|\b(?:evaluated|tested|trained|validated|benchmarked|fine-tuned|experiments?) (?:on|with|using|in)"
    r" (?:what|which)\b"
    r"|\bon (?:what|which) (?:data|datasets?|benchmarks?|models?|tasks?)\b|\bwhat data\b|\bnames? of\b",
    re.I,
)
_HEAD = re.compile(
    r"^(?:at|on|in|for|with|by|to|up to|from)?\s*(?:exactly\s+)?(?:which|what|how many|how much)\s+"
    r"(?P<head>(?:[\w@.-]+(?:\s+|$)){0,3}?)"
    r"(?=(?:does|do|did|is|are|was|were|can|could|has|have|had|in|on|of|for|to|at|by|with|from|and|per|over|under|against|across|when|its|their|it|they|this|these|those)\b|$)",
    re.I,
)
# "What are the names of the three benchmarks used to ...", "the name of its evaluation suite?": the thing named
_NAMES_OF = re.compile(
    r"^(?:what(?:'s|\s+(?:is|are|was|were))\s+)?(?:the\s+)?names? of (?:the|its|their|this|that)\s+"
    r"((?:(?!(?:they|it|we|that|which|in|on|for|to|by)\b|[\w-]+ed\b)[\w-]+\s*){1,5})",
    re.I,
)
# Words that measure rather than name the thing asked for ("by what factor", "what percentage").
_MEASURES = frozenset(
    {"factor", "margin", "percentage", "percent", "fraction", "amount", "extent", "proportion", "share"}
    | {"maximum", "minimum", "max", "min", "average", "overall", "specific", "exact", "exactly"}
    | {"more", "less", "the", "its", "their", "much", "many", "kind", "type"}
    | {"sort", "best", "main"}
)
_DETAIL_OPENING = re.compile(
    r"^(?:at|on|in|for|with|by|to|up to|from|under)?\s*(?:exactly\s+)?"
    r"(?:which|what|how (?:many|much|long|fast|large|big|often|wide|deep|high|small)"
    r"|by how|to what)\b"
    rf"(?!\s+(?:\w+\s+)?(?:work|works|paper|papers|study|studies|(?:method|methods|approach|approaches|technique)(?!{_ASKED_OF}))\b)",
    re.I,
)
_KIND_OF = re.compile(r"^(?:\w+\s+)?(?:what|which)\s+(?:kind|type|sort|form)s?\s+of\b", re.I)
_COUNTED_THING = re.compile(
    r"^(?:exactly\s+)?how many\s+(?:times\s+)?(?:(?:more|fewer|less)\s+)?(?:[\w-]+\s+)?(?P<thing>[\w-]+s)\b", re.I
)
_COUNTED = re.compile(r"\b(?:sizes?|numbers?|counts?|scales?)\b", re.I)
_METHOD = re.compile(
    r"\bhow (?:does|do|did|is|are|can|could|would)\b|\bwhat (?:technique|mechanism|idea|trick)\b", re.I
)


# "Does the MA-BN paper, which studies batch norm ..., say which suite ...?": the clause after the
# subject of a yes/no opening describes the paper, it asks nothing
_RELATIVE = re.compile(r"^((?:does|do|did|is|are|was|were|has|have|can)\b[^,?]*),\s*which(?:\s+[^,?\s]+){3,},", re.I)


def asking_sentences(question: str) -> str:
    """The sentences that ask, without those that set the scene: in "For choosing which pairs to label,
    one method handles non-linear rewards. What is it called?" the first describes the paper (the
    search uses it to find the paper) and asks nothing, though "which" is in it. A sentence asks when
    it ends in "?" or opens with an order ("Name ...", "Tell me ..."); with none that asks, all do."""
    pieces = _SENTENCE_END.split(question.strip())
    asking = [p for p in pieces if p.rstrip().endswith("?") or _ORDER_OPENING.match(p)]
    return " ".join(asking) if asking and len(asking) < len(pieces) else question


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'(])")
_ORDER_OPENING = re.compile(
    r"^(?:please\s+)?(?:name|list|tell|give|say|state|report|describe|explain|summari[sz]e|compare|identify|"
    r"specify|quote|what|which|how|who|when|where|why|does|do|did|is|are|was|were|can|could)\b",
    re.I,
)


# "In the paper on how prompt complexity affects ..., which models ...?": a piece that opens by saying which
# paper it means sets the scene, whatever asking word its description holds
_SCENE = re.compile(
    r"^(?:in|for|regarding|about|as for|within)\s+(?:the|this|that|their|its)\s+(?:[\w'’\"$-]+\s+){0,6}?"
    rf"(?:paper|work|study|method|approach|framework|model|algorithm|technique|system)\b"
    rf"(?:[^,:?]|[,:](?!\s+(?:{_ASKING}|where)\b))*[,:]\s+(?={_ASKING}\b)",
    re.I,
)


def split_parts(question: str) -> list[Part]:
    """A compound question's asked parts ("Which X ..., and how many Y ...?"), each with what it wants."""
    question = _SCENE.sub("", _RELATIVE.sub(r"\1", asking_sentences(question)), count=1)
    pieces = [p.strip(" ,;?.") for p in _PART_BREAK.split(question) if p and p.strip(" ,;?.")]
    # a piece of two or three words ("and why") is part of its neighbour, not a question of its own
    merged: list[str] = []
    for piece in pieces:
        # "..., and why"; "Does X report Y? If so, what is it?" asks one thing
        if merged and (len(piece.split()) < 4 or _IF_SO.match(piece) or _IF_SO.search(merged[-1])):
            merged[-1] += " and " + piece
        elif merged and not re.search(rf"\b{_ASKING}\b", asked(merged[-1]), re.I) and not YES_NO.match(merged[-1]):
            merged[-1] = piece  # the piece before only set the scene ("In the X approach, where ..."); this one asks
        else:
            merged.append(piece)
    return [Part(p, wants(asked(p))) for p in merged] or [Part(question, wants(asked(question)))]


def wants(part: str) -> str:
    """The kind of answer a part asks for: a number, a name, a method, or anything relevant."""
    m = _NAME.search(part)
    if m and m.start() < 4 and not _COUNTED.search(part):  # "Which LLM reaches 78% pass@1?" asks for a name
        return "name"
    method = _METHOD.search(part)
    if method and method.start() < 4 and not _NUMBER.match(part):  # "How does it keep rewards from misleading ..."
        return "method"
    if _NUMBER.search(part):
        return "number"
    if _NAME.search(part):
        return "name"
    if _METHOD.search(part):
        return "method"
    if _WHICH_THING.match(part):  # "Which newspapers ...?", "Which VLMs were tested?": a particular thing, by name
        return "name"
    return "any"


# "which" before the thing asked opens a question for a particular one of them (a name), unless the thing
# is a paper or a method: "which papers ...", "which method that ..." ask for papers (a list, a lookup)
_WHICH_THING = re.compile(
    rf"^(?:{_LED}|which)\s+(?!(?:\w+\s+)?(?:papers?|works?|stud(?:y|ies)|methods?|approach(?:es)?|one|of)\b)[\w-]+",
    re.I,
)
