"""Reading a question: its kind, the parts it asks, what each part wants, and the turn it follows.

Rules, not a model: the bundled 135M model reads questions worse than these patterns, and
patterns cost no latency. Every function here is pure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rag.errors import InputError
from rag.text import NAME

# --- conversation state -------------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    """One exchange of a conversation: what was asked, what was answered, the papers it cited.

    Later turns read `cited`, never the rendered answer: "the second one" is cited[1].
    """

    question: str
    answer: str = ""
    cited: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"question": self.question, "answer": self.answer, "cited": list(self.cited)}


_REFERENCE = re.compile(r"^\[(\d+)\]\s.*`([^`]+)`\s*$", re.M)


def as_turns(history: Sequence[Any]) -> list[Turn]:
    """History in any accepted shape -> turns, or an InputError naming the bad entry.

    Accepted: Turn objects; {"question", "answer", "cited"} objects; and chat messages
    ({"role": "user"|"assistant", "content": ..., "cited": [...]}). For messages without
    "cited" (text pasted from elsewhere) the cited ids are read from the answer's
    References block: an adapter for old clients, not how this product keeps state.
    """
    if isinstance(history, (str, bytes)) or not isinstance(history, Sequence):
        raise InputError("history must be a list of turns or of chat messages")
    turns: list[Turn] = []
    pending: str | None = None
    for i, entry in enumerate(history):
        where = f"history[{i}]"
        if isinstance(entry, Turn):
            turns.append(entry)
            continue
        if not isinstance(entry, dict):
            raise InputError(f"{where}: expected an object, got {type(entry).__name__}")
        if "question" in entry:
            turns.append(Turn(_text(entry, "question", where), _text(entry, "answer", where, ""), _cited(entry, where)))
            continue
        role = entry.get("role")
        if role == "user":
            pending = _text(entry, "content", where)
        elif role == "assistant":
            content = _text(entry, "content", where)
            cited = _cited(entry, where) if "cited" in entry else _cited_in_markdown(content)
            turns.append(Turn(pending or "", content, cited))
            pending = None
        else:
            raise InputError(f"{where}: field 'role' must be 'user' or 'assistant' (or give 'question')")
    return turns


def _text(entry: dict[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = entry.get(key, default)
    if not isinstance(value, str):
        raise InputError(f"{where}: field '{key}' must be text")
    return value


def _cited(entry: dict[str, Any], where: str) -> tuple[str, ...]:
    value = entry.get("cited", [])
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise InputError(f"{where}: field 'cited' must be a list of paper ids")
    return tuple(value)


def _cited_in_markdown(content: str) -> tuple[str, ...]:
    return tuple(pid for _, pid in sorted((int(n), pid) for n, pid in _REFERENCE.findall(content)))


# --- kinds --------------------------------------------------------------------------------------

_COMPARE = [
    re.compile(r"^\s*compare\s+(?P<a>.+?)\s+(?:and|with|to|vs\.?|versus)\s+(?P<b>.+?)[\s?.!]*$", re.I),
    re.compile(r"how (?:do|are)\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)\s+(?:differ|different|compare)\b", re.I),
    re.compile(
        r"how (?:does|do|is|are)\s+(?P<a>.+?)\s+(?:differ|different|compare)\s*(?:from|to|with)?\s+(?P<b>.+?)[\s?.!]*$",
        re.I,
    ),
    re.compile(r"differences? between\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)[\s?.!]*$", re.I),
    re.compile(r"^\s*(?P<a>[^,]+?)\s+(?:vs\.?|versus)\s+(?P<b>.+?)[\s?.!]*$", re.I),
]
_SECOND_PART = re.compile(r"[?,;]|\band\b", re.I)
_NOT_A_METHOD = re.compile(r"(?:it|its|this|that|these|those|they|their)\b", re.I)
_SUMMARY = re.compile(
    r"^\s*(?:please\s+)?(?:summari[sz]e|give (?:me )?a summary of|summary of|tl;?dr(?: of)?|sum up)\s+(?P<t>.*?)[\s?.!]*$",
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
    rf"(?:papers|works|studies|(?:methods|approaches|techniques)(?!{_ASKED_OF}))\b"
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
    def head(self) -> str:
        """The thing asked for: "clients" in "how many clients does it use", "" where none is named."""
        m = _HEAD.search(asked(self.text))
        words = [w for w in m["head"].split() if w.lower() not in _MEASURES] if m else []
        words = [w for w in words if not w.endswith("ed")] or words  # "batch size used by X": not "used"
        if not words:  # "Which pretrained diffusion model underlies ...": the kind of thing a name is asked of
            named = _NAME.search(asked(self.text))
            return named["thing"] if named and named["thing"] else ""
        # the noun, as far as a rule can tell: "datasets" of "reasoning datasets", "clients" of "clients take part"
        nouns = [w for w in words if w.endswith("s") or any(c.isupper() for c in w)]
        return (nouns or words or [""])[-1 if not nouns else 0] if len(nouns) < 2 else nouns[-1]


@dataclass(frozen=True)
class Reading:
    kind: str  # lookup | list | compare | summary
    targets: tuple[str, ...]  # compare: the two methods; summary: what to summarise
    parts: tuple[Part, ...]


def read_question(question: str) -> Reading:
    for pattern in _COMPARE:
        # "how does its 7B model compare with larger models?" asks for a paper's result, not for two methods
        # ("how does it differ from SUIT?" does); so does a comparison in a question's second part
        if (
            (m := pattern.search(question))
            and not _SECOND_PART.search(question[: m.start()])
            and not _unnamed_pair(m["a"], m["b"])
        ):
            return Reading("compare", (m["a"].strip(" ,"), m["b"].strip(" ,")), ())
    if m := _SUMMARY.search(question):
        return Reading("summary", (_ABOUT.sub("", m["t"]).strip() or question,), ())
    kind = "list" if _LIST.search(_RELATIVE.sub(r"\1", question)) else "lookup"
    return Reading(kind, (), tuple(split_parts(question)))


def _unnamed_pair(a: str, b: str) -> bool:
    return bool(_NOT_A_METHOD.match(a)) and not re.search(r"[A-Z]", b)


# --- parts and what they want ------------------------------------------------------------------

# a preposition may lead the question word ("from which model", "at what layer"); "say/tell me/name/list" ask too
_LED = r"(?:(?:up to|on|by|from|in|with|at|for|to|under|over|across|of)\s+(?:exactly\s+)?(?:which|what)|by how (?:much|many))"
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
_PART_BREAK = re.compile(
    rf"(?:\?\s*|[,;]\s*and\s+|\s+and\s+){_ADVERB}(?={_WH}\b)|(?:[,;:.]|\s[—–-])\s+{_ADVERB}(?={_ASKING}\b)", re.I
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
    r"budget|cost|width|depth|length|ratio|threshold|overhead|dimension|dimensionality|hidden size|RMSE|MAE|MSE|LPIPS|SSIM|IoU|mIoU|NDCG|recall|"
    r"precision|top-[15]|exact match|CIDEr|reward|regret|speed|time|epochs?|parameters|parameter count)s?\b",
    re.I,
)
_NOT_A_HEAD = r"(?!of\b|does\b|do\b|did\b|is\b|are\b|was\b|were\b|the\b)"
_NAME = re.compile(
    rf"\b(?:which|what)\s+(?:(?:kind|type|sort)s? of\s+)?(?:{_NOT_A_HEAD}[\w-]+\s+){{0,5}}(?P<thing>models?|systems?|suites?|transformers?|teachers?|checkpoints?|detectors?|classifiers?|generators?|solvers?|datasets?|benchmarks?|baselines?|architectures?|"
    r"backbones?|llms?|tasks?|environments?|domains?|simulators?|languages?|games?|robots?|tools?|metrics?|data|"
    r"optimi[sz]ers?|librar(?:y|ies)|frameworks?|hardware|gpus?|encoders?|networks?|embedding models?|licen[cs]es?)\b"
    # "which acquisition function do the authors use?", "what are those datasets called?"
    r"|\bwhich\s+(?:[\w-]+\s+){1,3}(?:do|does|did)\s+(?:the authors|they|it|the paper|the method|(?-i:[A-Z])[\w-]*)\s+"
    r"(?:use|apply|adopt|employ|choose|pick|select|build on|rely on|fine-tune|train|start from)\b"
    r"|\bwhat (?:are|is|were|was)\s+(?:[\w-]+\s+){1,4}(?:called|named)\b"
    r"|\b(?:evaluated|tested|trained|validated|benchmarked|fine-tuned|experiments?) (?:on|with|using|in) (?:what|which)\b"
    r"|\bon (?:what|which) (?:data|datasets?|benchmarks?|models?|tasks?)\b|\bwhat data\b|\bnames? of\b",
    re.I,
)
_HEAD = re.compile(
    r"^(?:at|on|in|for|with|by|to|up to|from)?\s*(?:exactly\s+)?(?:which|what|how many|how much)\s+(?P<head>(?:[\w@.-]+(?:\s+|$)){0,3}?)"
    r"(?=(?:does|do|did|is|are|was|were|can|could|has|have|had|in|on|of|for|to|at|by|with|from|and|per|over|under|against|across|when|its|their|it|they|this|these|those)\b|$)",
    re.I,
)
# Words that measure rather than name the thing asked for ("by what factor", "what percentage").
_MEASURES = {
    "factor",
    "margin",
    "percentage",
    "percent",
    "fraction",
    "amount",
    "extent",
    "proportion",
    "share",
    "maximum",
    "minimum",
    "max",
    "min",
    "average",
    "overall",
    "specific",
    "exact",
    "exactly",
    "more",
    "less",
    "the",
    "its",
    "their",
    "much",
    "many",
    "kind",
    "type",
    "sort",
    "best",
    "main",
}
_DETAIL_OPENING = re.compile(
    r"^(?:at|on|in|for|with|by|to|up to|from|under)?\s*(?:exactly\s+)?(?:which|what|how (?:many|much|long|fast|large|big|often|wide|deep|high|small)"
    r"|by how|to what)\b"
    rf"(?!\s+(?:\w+\s+)?(?:work|works|paper|papers|study|studies|(?:method|methods|approach|approaches|technique)(?!{_ASKED_OF}))\b)",
    re.I,
)
_COUNTED = re.compile(r"\b(?:sizes?|numbers?|counts?|scales?)\b", re.I)
_METHOD = re.compile(
    r"\bhow (?:does|do|did|is|are|can|could|would)\b|\bwhat (?:technique|mechanism|idea|trick)\b", re.I
)


# "Does the MA-BN paper, which studies batch norm ..., say which suite ...?": the clause after the
# subject of a yes/no opening describes the paper, it asks nothing
_RELATIVE = re.compile(r"^((?:does|do|did|is|are|was|were|has|have|can)\b[^,?]*),\s*which(?:\s+[^,?\s]+){3,},", re.I)


def split_parts(question: str) -> list[Part]:
    """A compound question's asked parts ("Which X ..., and how many Y ...?"), each with what it wants."""
    question = _RELATIVE.sub(r"\1", question)
    pieces = [p.strip(" ,;?.") for p in _PART_BREAK.split(question) if p and p.strip(" ,;?.")]
    # a piece of two or three words ("and why") is part of its neighbour, not a question of its own
    merged: list[str] = []
    for piece in pieces:
        # "..., and why"; "Does X report Y? If so, what is it?" asks one thing
        if merged and (len(piece.split()) < 4 or _IF_SO.match(piece) or _IF_SO.search(merged[-1])):
            merged[-1] += " and " + piece
        elif merged and not re.search(rf"\b{_ASKING}\b", asked(merged[-1]), re.I):
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
    return "any"


# --- follow-ups --------------------------------------------------------------------------------

_PRONOUN = re.compile(
    r"\b(it|its|they|their|them|this|that|these|those|the method|this method|that method|the paper|this paper)\b", re.I
)
_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "last": -1}
_ORDINAL = re.compile(r"\bthe\s+(first|second|third|fourth|fifth|last)\s+(?:one|paper|method|approach|work)\b", re.I)
_MORE = re.compile(r"\b(more|further|elaborate|details?|else|also|why|how so)\b", re.I)


@dataclass(frozen=True)
class FollowUp:
    query: str  # what to search: the question, with the earlier question when it points back
    focus: tuple[str, ...]  # earlier papers it points at, in the earlier answer's order
    note: str = ""  # said when it points at something the earlier answer does not have


def follow_up(question: str, turns: Sequence[Turn]) -> FollowUp:
    """The question made searchable on its own, and the papers of the last answer it points at.

    "the second one" after an answer that cited one paper is not silently another paper:
    the note says so and the one paper stays in focus.
    """
    if not turns:
        return FollowUp(question, ())
    last = turns[-1]
    earlier = list(last.cited)
    focus: list[str] = []
    note = ""
    ordinal = _ORDINAL.search(question)
    if ordinal and earlier:
        index = _ORDINALS[ordinal[1].lower()]
        if -len(earlier) <= index < len(earlier):
            focus = [earlier[index]]
        else:
            focus = earlier
            note = f"The previous answer cited {len(earlier)} paper{'s' * (len(earlier) > 1)}, so there is no {ordinal[1].lower()} one; answering about what it cited."
    elif _PRONOUN.search(question) and earlier:
        focus = earlier[:1] if re.search(r"\b(it|its|this|that)\b", question, re.I) else earlier
    elif ordinal and (mention := _nth_mention(last.answer, _ORDINALS[ordinal[1].lower()])):
        # pasted chat without references: what the earlier answer said beside its [n] is the paper
        return FollowUp(f"{question} {mention}", (), note)
    # a short "tell me more" continues the topic; a short new question ("Which papers cut KV memory?") does not
    more = len(question.split()) <= 6 and bool(_MORE.search(question))
    if not (_PRONOUN.search(question) or ordinal or more):
        return FollowUp(question, tuple(focus), note)
    # the method names of the last answer search well when it cited nothing we can point at
    names = (
        []
        if focus
        else list(dict.fromkeys(n for n in NAME.findall(last.answer.split("**References**")[0]) if len(n) > 2))
    )
    query = " ".join([question, last.question, *names[:3]]).strip()
    return FollowUp(query, tuple(focus or (earlier if more else [])), note)


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
