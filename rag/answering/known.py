"""What a part and its paper already say: the names and numbers that cannot answer it, the paper's own names, and
the words left that ask for the detail."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from rag.answering.holds import PLAIN_NAMED, described
from rag.answering.named_thing import apposed
from rag.answering.values import SAID_AS, names, numbers
from rag.reading.lexicon import FIELD_ACRONYMS, MODEL_FAMILIES
from rag.reading.parts import Part
from rag.reading.text import NAME, coined_names, defined_acronyms, initialisms, sentences, spelling
from rag.types import Hit

# A sentence that puts forward the paper's own method: "we propose ...", "we also introduce RL-MIA, a benchmark",
# "this study proposes COP-Q", "This paper challenges the notion ... by introducing RIVAL", "we bridge this gap by
# proposing LLA"
PROPOSE = re.compile(
    r"\b(we (?:(?:\w+ly|also|further|then|instead|therefore|thus|hence|here|now|first|additionally) )?"
    # ... in the past tense too: "we proposed a new architecture ..., which is named LSRI" (blind 57)
    r"(?:propose|introduce|present|develop|design)(?:d|ed)?"
    r"|this (?:paper|work|study) (?:proposes|introduces|presents|develops)"
    # "by introducing" said of the paper's own work, not of a method it builds on ("LoRA ... reduces costs by
    # introducing two trainable low-rank matrices")
    r"|\b(?:we|this (?:paper|work|study))\b[^.]{0,100}?\bby (?:introducing|proposing)"
    # "we explicitly incorporate reasoning into this task and propose a framework that ..." (blind 85)
    r"|\bwe\b[^.;]{0,80}?\band (?:propose|introduce|present|develop|design)(?:d|ed)?"
    # "In this work, we explore the idea of Hybrid Training (HyT), a framework that ..." (blind 95): a method set in
    # apposition to what the paper explores
    r"|\bwe (?:explore|study|investigate)\b[^.;]{0,80}?,\s+an?\s+(?:[\w-]+\s+){0,3}?"
    r"(?:framework|method|approach|algorithm|architecture|paradigm|technique))\b",
    re.I,
)
# What a paper compares its method with or builds it on is never the method it proposes:
NOT_OWN = {"backbone", "backbones", "baseline", "baselines"}
# "which backbones did they test it with?", "what base model is it fine-tuned from?", "which model does X fine-tune?"
_BUILT_ON = re.compile(
    r"\b(?:base|built (?:on|upon)|fine-?tuned from|(?:does|do|did) (?:[\w$^{}-]+ ){1,4}?fine-?tune"
    r"|initiali[sz]ed (?:from|with)|starts? from|compared? (?:with|to|against))\b",
    re.I,
)
_CAPITAL_PIECE = re.compile(r"\b[A-Z]{2,}(?=-[a-z])")


def given(part: Part, paper: Hit, question: str, candidates: list[str], own_name: bool) -> set[str]:
    """The names and numbers the question and the paper's title already say: none of them answers."""
    title_names = set() if own_name else set(coined_names(paper.title)) | names(paper.title)
    abstract = paper.abstract or paper.passage
    asked_names = names(question)
    # ... and the acronyms of its words: "TTA" of "test time adaptation"
    said = asked_names | title_names | numbers(question) | initialisms(f"{question} {paper.title}")
    said |= {piece for name in said for piece in name.split("-")}  # "BED" of "BED-LLM"
    said |= set(_CAPITAL_PIECE.findall(question))  # "UV" of "UV-mapping"
    # ... and, where plain capitalised words name the things asked, its own: "Angle k-means - which accelerated k-means
    # algorithms is it compared against?" is not told by "We propose ... Angle $k$-means" (people-dev 3); elsewhere they
    # say what the part is measured on ("on the Shadow Hand")
    if part.head.lower() in PLAIN_NAMED:
        said |= set(re.findall(r"(?<![\w-])[A-Z][a-z]{2,}\b", question))
    # "how many views does MTTV use?" of "more than two views (MTTV)": a number in a name's spelling is the name's
    said |= {n for name in coined_names(question) for n in numbers(spelling(abstract, name))}
    # "world model (WM)" names no model, but "the generalized Cauchy-Schwarz divergence (GCSD)" names the divergence
    # asked for
    # ... unless a name is what is asked: "what's the name of the proxy they propose?" of "a proxy to MCL, called
    # Distributionally Aware MCL (DaMCL)" (blind 42)
    # ... of any word of the thing asked: "what backbone architecture does FlowBatt use?" of "a scalable diffusion
    # transformer (DiT) backbone" (blind 92)
    # ... not of a module or a mechanism, which the paper calls what it likes ("which module handles outlier residuals?"
    # of "the Order-Statistic Consensus Operator (OSCO) trims ... outlier residuals", blind 91)
    if not (own_name or CALLED.search(part.text) or described(part.head)):
        # ... or of the words an abstract says it in: "which RL algorithm?" of "Group Relative Policy Optimization
        # (GRPO)" (blind 112)
        said_as = SAID_AS.get(part.head.lower(), "").split()
        words = [w.lower().rstrip("s") for w in [*part.thing, *said_as]] or [""]
        # ... unless it is said to be the thing: "a tensor-output Gaussian process (TOGP) ... as a surrogate model"
        # answers "what surrogate model do they use?" (blind 135)
        defined = set.intersection(*(defined_acronyms(abstract, unless_of=w) for w in words))
        said |= {a for a in defined if not apposed(part.head, {a}, abstract)}
    # "Large Language Models (LLMs)" is the field's word: it names no base model asked for; "RoPE" is a piece of the
    # question's "AlphaRoPE" (blind 46)
    said |= {a for a in defined_acronyms(abstract) if a in FIELD_ACRONYMS.words}
    said |= {n for n in names(abstract) if any(n != q and n in q for q in asked_names)}
    if builds_on(part):  # never the method they propose
        said |= proposed(candidates)
    return said - offered(part.text)


# "which worked better in the end, SFT or RFT?": the options a part offers to choose from
_OFFERED = re.compile(r"(?:[\w.+-]+,\s*)*[\w.+-]+,?\s+or\s+[\w.+-]+(?:\s+[\w.+-]+)?\s*[?.!]*$", re.I)


def offered(part: str) -> set[str]:
    """The names a part offers to choose from ("which worked better, SFT or RFT?"): the answer says one of them."""
    return names(m[0]) if (m := _OFFERED.search(part)) else set()


def builds_on(part: Part) -> bool:
    """The part asks what the paper builds on or compares with (a backbone, a baseline, a base model)."""
    return part.head.lower() in NOT_OWN or bool(_BUILT_ON.search(part.text))


def built_of_another(part: Part, sentence: str) -> bool:
    """The sentence says what another thing of the paper is built from, not the one the part asks of: "what base LLM
    is IntelliAsk fine-tuned from?" is not told by "we train IntelliReward, a reward model built from a frozen
    Autoregressive LLM" (blinds 131, 145, 154)."""
    if not _BUILT_OF.search(sentence) or not builds_on(part):
        return False
    asked = coined_names(part.text)
    return bool(asked) and not any(re.search(rf"\b{re.escape(n)}\b", sentence) for n in asked)


# a thing named, what it is, and what it is built from: "IntelliReward, a reward model built from a frozen ... LLM"
_BUILT_OF = re.compile(
    r"\b[A-Z]\w*[A-Z][\w-]*,\s+an?\s+[^,.;]{0,60}?\b(?:built|based|fine-?tuned|trained|initiali[sz]ed)\s+(?:from|on|upon)\b"
)


CALLED = re.compile(r"\b(?:called|named)\b|\bname of\b", re.I)
# the paper's own method, or the remedy it proposes: "what is their fix called?" (blind 99)
_OWN_THINGS = {"", "it", "method", "approach", "framework", "model", "technique", "system", "algorithm", "paper"}
_OWN_THINGS |= {"fix", "remedy", "solution"}


def own_name_asked(part: Part, question: str, candidates: list[str]) -> bool:
    """The part asks what the paper's own method is called, and the question does not say it already: a name the
    paper proposes, not one of what it studies ("the paper explaining RLVR's weird learning curves ...: what is their
    fix called?" of "we propose Annealed-RLVR", blind 99)."""
    return (
        part.wants == "name"
        and bool(CALLED.search(part.text) or _MADE_ASKED.search(part.text))
        and part.head.lower() in _OWN_THINGS
        and not {n for n in proposed(candidates) & set(coined_names(question)) if not _said_before(n, candidates)}
    )


def proposal(candidates: list[str]) -> int | None:
    """The paper's first sentence that proposes (`PROPOSE`), if any."""
    return next((i for i, s in enumerate(candidates) if PROPOSE.search(s)), None)


def _said_before(name: str, candidates: list[str]) -> bool:
    """The name is said before the paper proposes anything, in the singular or plural: the field's ("Graph
    Convolutional Networks (GCNs)"), not its own, though its proposal says it too ("the GCN transferability bound by
    introducing ...")."""
    return any(re.search(rf"\b{re.escape(name)}s?\b", s) for s in candidates[: proposal(candidates) or 0])


# ... or what it introduces: "what model do they introduce to get the bound?" of "we establish the GCN transferability
# bound by introducing Stretched Graphon Convolutional Networks (SWNNs)" (blinds 119, 130, 138, 150)
_MADE_ASKED = re.compile(
    r"\b(?:which|what)\s+(?:new\s+|novel\s+)?[\w-]+\s+(?:do|does|did)\s+(?:they|it|the\s+(?:paper|authors|work))\s+"
    r"(?:introduce|propose|present|develop)\b",
    re.I,
)


def others_named(part: Part, paper: Hit, candidates: list[str]) -> set[str]:
    """Names the part says that are not the paper's own ("what did GPT-5 score?", "how fast is it vs MRL?"): a
    sentence saying one is about the part, though the part names no thing it asks for. The paper's own name is
    said by most of its sentences, so it tells none of them apart; but names asked of together are asked alike, its
    own among them: "how big are GUIDrag and ScreenDrag?" of "we first introduce GUIDrag, ... 161K ..." (blind 101)."""
    said = names(part.text)
    others = said - set(coined_names(paper.title)) - names(paper.title) - proposed(candidates)
    joined = {
        n
        for a, b in itertools.permutations(said, 2)
        if re.search(rf"(?<![\w-]){re.escape(a)}\s*(?:,\s*|\s+and\s+|\s*&\s*){re.escape(b)}(?![\w-])", part.text)
        for n in (a, b)
    }
    return others | joined if others & joined else others


def proposed(candidates: list[str]) -> set[str]:
    """The names the sentences proposing the paper's method say, but what they say it is built on: "we design a
    visual-text instruction module based on LLaVa" proposes no LLaVa (blind 103)."""
    return {n for s in candidates if PROPOSE.search(s) for n in names(_BASED_ON.split(s, maxsplit=1)[0])}


_BASED_ON = re.compile(r"\b(?:based\s+on|built\s+(?:up)?on|on\s+top\s+of|building\s+on)\b", re.I)


def detail(part: str, title: str, own: set[str]) -> str:
    """The words of a part that ask for the detail, not those that name the paper."""
    title_words = {w.lower() for w in re.findall(r"\w+", title)}
    kept = [w for w in re.findall(r"[\w$\\-]+", part) if w not in own and w.lower() not in title_words]
    return " ".join(kept)


def paper_name(title: str, abstract: str) -> str | None:
    """The name a paper coined for its method: its title's head ("MoEEdit: ..."), else the name its
    abstract introduces ("We propose TraDy, ...") and uses again. A name said once is more often a
    part ("an upper confidence bound (UCB) acquisition") than the method; one the abstract used before
    its proposal is a baseline's; one glued to LaTeX ("PFT$_3$A") is a piece of a name."""
    head = title.split(":", 1)[0].strip()
    if ":" in title and coined_names(head) == [head]:
        return head
    seen: set[str] = set()
    for sentence in sentences(abstract):
        proposal = PROPOSE.search(sentence)
        if proposal:
            for m in NAME.finditer(sentence, proposal.start()):
                name, after = m[0], sentence[m.end() : m.end() + 1]
                if name in seen or after in ("$", "_", "{") or coined_names(name) != [name]:
                    continue
                if len(re.findall(rf"\b{re.escape(name)}\b", abstract)) >= 2:
                    return name
        seen.update(coined_names(sentence))
    return None


def unsaid_names(question: str, papers: Sequence[Hit]) -> list[str]:
    """The coined names the question says that no chosen paper's title or abstract says, in any case or
    hyphenation ("CounterFact", "FastV", "OpenVLA" asked of a paper that never mentions them)."""

    def flat(text: str) -> str:  # "$\text{G}^2$RPO" and "D$^2$-Edit" say G2RPO and D^2-Edit; "kNN‐LM" kNN-LM
        return re.sub(r"[\s\-\u2010-\u2013_$\\{}^]", "", re.sub(r"\\[a-zA-Z]+", "", text)).lower()

    texts = [f"{h.title} {h.abstract or h.passage}" for h in papers]
    said = [flat(t) for t in texts]

    def met(name: str) -> bool:  # ... nor in the plural: "stacking a bunch of LoRAs" of "LoRA adapters" (blind 106)
        if any(flat(re.sub(r"(?<=[A-Z])s$", "", name)) in text for text in said):
            return True
        # ... nor a word cut short before an acronym: "distRL" of "distributional RL" (blind 106)
        cut = re.fullmatch(r"([a-z]{3,})([A-Z]{2,})s?", name)
        return bool(cut and any(re.search(rf"\b{cut[1]}\w*\s+{cut[2]}\b", t, re.I) for t in texts))

    return [n for n in dict.fromkeys([*question_names(question), *families_named(question)]) if not met(n)]


def question_names(question: str) -> list[str]:
    """The coined names a question says, but a short all-capitals acronym ("DNA", "GPU", "VQA"): the field's
    word more often than a thing's name."""
    return [n for n in coined_names(question) if not (n.isupper() and len(n) <= 4)]


def families_named(text: str) -> list[str]:
    """The model families of MODEL_FAMILIES a text says, as a word of their own, in order, once each."""
    said = re.findall(r"(?<![\w-])[A-Z][a-z]+(?![\w-])", text)
    return list(dict.fromkeys(w for w in said if w in MODEL_FAMILIES.words))
