"""Grounded answers with checked citations.

`Assistant.stream()` yields text deltas while an answer is written, then one final `Answer`:
the text, the citations (only papers actually cited, each with the passage used), every
retrieved passage, whether it refused, the standalone query it searched and the mode that
produced the text ("model", "extractive" or "refusal").
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from rag import prompts
from rag.config import Settings, get_settings
from rag.documents import NAME, coined_names
from rag.errors import BackendError, InputError
from rag.retrieval import CONTROL, Filters, Hit, Retriever, SearchResult, filters_in_question
from rag.store import Store

if TYPE_CHECKING:
    import numpy as np
    from langchain_core.language_models import BaseChatModel

Turn = dict[str, str]

# Which mode writes each kind of answer when Settings.answer_mode is "auto": measured on the
# dev set (README, "Answer quality"); the bundled 135M model loses to extraction on every kind.
AUTO_MODES = {"qa": "extractive", "summary": "extractive", "compare": "extractive"}


@dataclass
class Citation:
    n: int
    paper_id: str
    title: str
    url: str
    passage: str
    supporting: list[str] = field(default_factory=list)  # the passage's sentences the answer relies on
    meta: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "paper_id": self.paper_id, "title": self.title, "url": self.url, "passage": self.passage}


@dataclass
class Answer:
    question: str
    text: str
    citations: list[Citation]
    retrieved: list[Hit]
    refused: bool
    query: str
    mode: str  # model | extractive | refusal
    kind: str  # qa | summary | compare
    backend: str
    searched: int = 0
    matched: int = 0
    notices: list[str] = field(default_factory=list)
    error: str | None = None  # the backend's failure, when the model could not answer

    def to_json(self) -> dict[str, Any]:
        return {
            "answer": self.text,
            "citations": [c.to_json() for c in self.citations],
            "refused": self.refused,
            "mode": self.mode,
            "kind": self.kind,
            "query": self.query,
            "retrieved": [h.paper_id for h in self.retrieved],
            "searched": self.searched,
            "matched": self.matched,
            "notices": self.notices,
            "error": self.error,
        }

    def markdown(self) -> str:
        """The answer with its references, as a person would paste it into notes."""
        lines = [self.text]
        if self.citations:
            lines += ["", "**References**", ""]
            for c in self.citations:
                title = f"[{c.title}]({c.url})" if c.url else c.title
                lines.append(f"[{c.n}] {title} `{c.paper_id}`  ")
        return "\n".join(lines)


@dataclass
class Delta:
    """A piece of text as the model writes it; the final Answer's text replaces the pieces."""

    text: str


Event = Delta | Answer

# --- questions: kind, targets, follow-ups -----------------------------------------------------

_COMPARE = [
    re.compile(r"^\s*compare\s+(?P<a>.+?)\s+(?:and|with|to|vs\.?|versus)\s+(?P<b>.+?)[\s?.!]*$", re.I),
    re.compile(
        r"how (?:does|do|is|are)\s+(?P<a>.+?)\s+(?:differ|different|compare)\s*(?:from|to|with)?\s+(?P<b>.+?)[\s?.!]*$",
        re.I,
    ),
    re.compile(r"differences? between\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)[\s?.!]*$", re.I),
    re.compile(r"^\s*(?P<a>[^,]+?)\s+(?:vs\.?|versus)\s+(?P<b>.+?)[\s?.!]*$", re.I),
]
_SUMMARY = re.compile(
    r"^\s*(?:please\s+)?(?:summari[sz]e|give (?:me )?a summary of|summary of|tl;?dr(?: of)?|sum up)\s+(?P<t>.*?)[\s?.!]*$",
    re.I,
)
_ABOUT = re.compile(
    r"^(?:the\s+)?(?:paper|work|abstract|study|article)\s+(?:about|on|called|named|that|which)\s+", re.I
)
_PRONOUN = re.compile(
    r"\b(it|its|they|their|them|this|that|these|those|the method|this method|that method|the paper)\b", re.I
)
_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "last": -1}
_ORDINAL = re.compile(r"\bthe\s+(first|second|third|fourth|fifth|last)\s+(?:one|paper|method|approach|work)\b", re.I)
_MORE = re.compile(r"\b(more|further|elaborate|details?|else|also|why|how so)\b", re.I)
_REFERENCE = re.compile(r"^\[(\d+)\]\s.*`([^`]+)`\s*$", re.M)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\[0-9])")
_PREAMBLE = re.compile(r"^\s*(?:the answer is|answer|based on the passages)\s*[:,-]\s*", re.I)
_LIST_ITEM = re.compile(r"^\s*(?:\d+[.)]|[-*•])\s+")
_MARKER = re.compile(r"\s*\[(\d+(?:\s*,\s*\d+)*)\]")


def classify(question: str) -> tuple[str, list[str]]:
    """(kind, targets): compare with its two methods, summary with its subject, or plain qa."""
    for pattern in _COMPARE:
        if m := pattern.search(question):
            return "compare", [m["a"].strip(" ,"), m["b"].strip(" ,")]
    if m := _SUMMARY.search(question):
        return "summary", [_ABOUT.sub("", m["t"]).strip() or question]
    return "qa", []


def papers_in_history(history: Sequence[Turn]) -> list[str]:
    """Paper ids the last assistant turn referenced, in marker order (from its References block)."""
    for turn in reversed(history):
        if turn.get("role") == "assistant":
            refs = sorted((int(n), pid) for n, pid in _REFERENCE.findall(turn.get("content", "")))
            return [pid for _, pid in refs]
    return []


def standalone_query(question: str, history: Sequence[Turn]) -> tuple[str, list[str]]:
    """The question made searchable on its own, and the earlier papers it points at.

    Deterministic on purpose: a 135M model rewrites worse than these rules, and rules cost
    no latency. A follow-up that points back ("it", "the second one") carries the earlier
    question and the method names of the earlier answer; an ordinal picks one earlier paper.
    """
    if not history:
        return question, []
    earlier = papers_in_history(history)
    focus: list[str] = []
    if (m := _ORDINAL.search(question)) and earlier:
        index = _ORDINALS[m[1].lower()]
        if -len(earlier) <= index < len(earlier):
            focus = [earlier[index]]
    elif _PRONOUN.search(question) and earlier:
        focus = earlier[:1] if re.search(r"\b(it|its|this|that)\b", question, re.I) else earlier
    last_user = next((t.get("content", "") for t in reversed(history) if t.get("role") == "user"), "")
    last_answer = next((t.get("content", "") for t in reversed(history) if t.get("role") == "assistant"), "")
    # a short "tell me more" continues the topic; a short new question ("Which papers cut KV memory?") does not
    more = len(question.split()) <= 6 and _MORE.search(question)
    refers_back = bool(_PRONOUN.search(question) or _ORDINAL.search(question) or more)
    if not refers_back:
        return question, focus
    names = list(dict.fromkeys(n for n in NAME.findall(last_answer.split("**References**")[0]) if len(n) > 2))[:3]
    return " ".join([question, last_user, *names]).strip(), focus


# --- sentences and support --------------------------------------------------------------------


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text.strip()) if s.strip()]


def trim_loops(text: str) -> str:
    """Cut a small model's answer where it starts repeating itself (a sentence much like an earlier one)."""
    kept: list[str] = []
    for sentence in sentences(text):
        if any(_overlap(sentence, earlier) > 0.7 for earlier in kept):
            break
        kept.append(sentence)
    return " ".join(kept)


def degenerate(text: str) -> bool:
    """Rambling or looping output from a small model: the same 4 words three times, or nothing."""
    words = re.findall(r"\w+", text.lower())
    if len(words) < 4:
        return True
    grams = [" ".join(words[i : i + 4]) for i in range(len(words) - 3)]
    return max(grams.count(g) for g in set(grams)) >= 3


class Assistant:
    """Answers questions over one index with one chat model. Thread-safe; the model loads lazily."""

    def __init__(
        self, settings: Settings | None = None, store: Store | None = None, chat_model: BaseChatModel | None = None
    ) -> None:
        from rag.llm import describe_backend

        self.settings = settings or get_settings()
        self.store = store or Store(self.settings)
        self.retriever = Retriever(self.store)
        self.backend = describe_backend(self.settings)
        self._model: BaseChatModel | None = chat_model
        self._model_lock = threading.Lock()

    # --- the model ------------------------------------------------------------------------

    def chat_model(self) -> BaseChatModel:
        from rag.llm import make_chat_model

        with self._model_lock:
            if self._model is None:
                self._model = make_chat_model(self.settings)
            return self._model

    def load_model(self) -> None:
        """Load the local model now (a UI calls this in the background); no-op for servers."""
        model = self.chat_model()
        load = getattr(model, "load", None)
        if callable(load):
            load()

    # --- answering ------------------------------------------------------------------------

    def answer(
        self, question: str, history: Sequence[Turn] = (), filters: Filters | None = None, mode: str | None = None
    ) -> Answer:
        final = None
        for event in self.stream(question, history, filters, mode):
            if isinstance(event, Answer):
                final = event
        assert final is not None
        return final

    def stream(
        self, question: str, history: Sequence[Turn] = (), filters: Filters | None = None, mode: str | None = None
    ) -> Iterator[Event]:
        question, notices = self._clean(question)
        stated = filters_in_question(question, self.retriever.keyword_index().facets())
        if stated:
            explicit = {k: v for k, v in asdict(filters or Filters()).items() if v not in (None, "")}
            filters = Filters(**{**asdict(stated), **explicit})
            notices.append(f"Filters taken from the question: {stated.describe()}.")
        kind, targets = classify(question)
        query, focus = standalone_query(question, history)
        if kind == "compare" and focus:
            targets = [self._title(focus[0]) if _PRONOUN.fullmatch(t) else t for t in targets]
        result, hits = self._retrieve(kind, query, targets, focus, filters)
        mode = mode or self.settings.answer_mode
        chosen = AUTO_MODES[kind] if mode == "auto" else mode
        base = Answer(
            question=question,
            text="",
            citations=[],
            retrieved=hits,
            refused=False,
            query=query,
            mode=chosen,
            kind=kind,
            backend=self.backend,
            searched=result.searched,
            matched=result.matched,
            notices=notices,
        )
        if not hits or (not focus and self._irrelevant(hits, targets[0] if kind == "summary" else query)):
            yield self._refuse(base, filters)
            return
        passages = self._passages(kind, hits)
        if kind == "compare":
            yield self._compare(base, passages, targets)
            return
        if chosen == "model":
            yield from self._model_answer(base, passages)
        else:
            yield self._extractive(base, passages)

    def _clean(self, question: str) -> tuple[str, list[str]]:
        question = CONTROL.sub(" ", question or "").strip()
        if not question:
            raise InputError("the question is empty: ask something about the papers")
        notices = []
        limit = self.settings.max_question_chars
        if len(question) > limit:
            question = question[:limit].rsplit(" ", 1)[0]
            notices.append(f"The question was cut to its first {limit:,} characters (RAG_MAX_QUESTION_CHARS).")
        return question, notices

    def _title(self, paper_id: str) -> str:
        paper = self.store.get_papers([paper_id]).get(paper_id)
        return paper.title if paper else paper_id

    def _retrieve(
        self, kind: str, query: str, targets: list[str], focus: list[str], filters: Filters | None
    ) -> tuple[SearchResult, list[Hit]]:
        k = self.settings.context_passages
        if kind == "compare":
            # each method searched on its own, so that both are present whatever the wording
            results = [self.retriever.search(t, k=5, filters=filters) for t in targets]
            chosen: list[Hit] = []
            for target, result in zip(targets, results, strict=True):
                # a named method is the paper whose abstract says that name, not the nearest topic
                named = [h for h in result.hits if _names_in(target, h.abstract)]
                pick = next((h for h in named + result.hits if h not in chosen), None)
                if pick:
                    chosen.append(pick)
            rest = [h for r in results for h in r.hits if h not in chosen]
            return results[0], self._pin(_merge([chosen, rest]), focus)[: max(k, 2)]
        result = self.retriever.search(targets[0] if kind == "summary" else query, k=k, filters=filters)
        return result, self._pin(result.hits, focus)[:k]

    def _pin(self, hits: list[Hit], focus: list[str]) -> list[Hit]:
        """Papers an earlier turn discussed stay in play, first, even if this search missed them."""
        if not focus:
            return hits
        have = {h.paper_id: h for h in hits}
        missing = [pid for pid in focus if pid not in have]
        papers = self.store.get_papers(missing)
        pinned = [have.get(pid) or _whole_paper_hit(papers[pid]) for pid in focus if pid in have or pid in papers]
        rest = [h for h in hits if h.paper_id not in focus]
        return [*pinned, *rest]

    def _irrelevant(self, hits: list[Hit], query: str) -> bool:
        """Nothing retrieved is about the question: no close passage, few of its words, no named method.

        Two signals, because each fails alone: paraphrased questions have low word overlap,
        and "What is TraDy?" has a low embedding similarity but names the paper exactly.
        """
        if any(_names_in(query, h.abstract) for h in hits):
            return False
        keyword = self.retriever.keyword_index()
        similar = max((h.similarity or 0.0) for h in hits) >= self.settings.refusal_threshold
        covered = (
            max(keyword.coverage(query, f"{h.title} {h.abstract}") for h in hits) >= self.settings.coverage_threshold
        )
        return not (similar or covered)

    def _refuse(self, base: Answer, filters: Filters | None) -> Answer:
        scope = f" matching {filters.describe()}" if filters else ""
        base.text = (
            f"The indexed abstracts{scope} do not cover this question, so I will not guess. "
            + ("The nearest papers are listed below." if base.retrieved else "")
        ).strip()
        base.refused, base.mode = True, "refusal"
        return base

    def _passages(self, kind: str, hits: list[Hit]) -> list[prompts.Passage]:
        budget = self.settings.context_chars
        if kind in ("summary", "compare"):
            # the whole abstract is the context: a summary or a table row needs all of it
            hits = hits[:1] if kind == "summary" else hits[:2]
            return [prompts.Passage(i, h.title, h.abstract or h.passage) for i, h in enumerate(hits, start=1)]
        out, used = [], 0
        for i, hit in enumerate(hits, start=1):
            text = hit.passage[: max(200, budget - used)]
            out.append(prompts.Passage(i, hit.title, text))
            used += len(text)
            if used >= budget:
                break
        return out

    # --- modes ----------------------------------------------------------------------------

    def _extractive(self, base: Answer, passages: list[prompts.Passage]) -> Answer:
        """The most relevant sentences of the passages, each cited: never says what no abstract says."""
        base.mode = "extractive"
        if base.kind == "summary":
            picked = [(1, s) for s in _summary_sentences(passages[0].text)]
            hit = base.retrieved[0]
            lead = f"**{hit.title}** — summary of the abstract:"
            body = " ".join(_cite(s, 1) for _, s in picked)
            return self._finish(base, f"{lead} {body}", passages)
        query = base.query if base.query != base.question else base.question
        candidates = [(p.n, s) for p in passages for s in sentences(p.text)]
        scores = self._similarities(query, [s for _, s in candidates])
        order = sorted(range(len(candidates)), key=lambda i: -scores[i])
        chosen: list[tuple[int, str]] = []
        for i in order:
            n, s = candidates[i]
            if chosen and scores[i] < 0.7 * scores[order[0]]:
                break  # far weaker than the best sentence: likely another topic
            if any(_overlap(s, c) > 0.6 for _, c in chosen):
                continue
            chosen.append((n, s))
            if len(chosen) == 4:
                break
        text = " ".join(_cite(s, n) for n, s in chosen)
        return self._finish(base, text, passages)

    def _compare(self, base: Answer, passages: list[prompts.Passage], targets: list[str]) -> Answer:
        base.mode = "extractive"  # a table with a citation in every cell is beyond a 135M model
        if len(passages) < 2:
            base.notices.append("Only one of the two methods was found in the index; compared what was found.")
        rows = ["| Method | Problem | Approach | Key result |", "|---|---|---|---|"]
        intro = []
        for p in passages[:2]:
            problem, approach, result = _row_sentences(p.text)
            hit = base.retrieved[p.n - 1]
            named = next((n for t in targets for n in _names_in(t, hit.abstract)), None)
            cells = [_cell(x, p.n) for x in (problem, approach, result)]
            rows.append(f"| {_cell(named or _short(hit.title), p.n)} | " + " | ".join(cells) + " |")
            intro.append(f"{named or 'a paper'} [{p.n}]")
        names = " and ".join(intro)
        text = f"Comparing {names}, from their abstracts:\n\n" + "\n".join(rows)
        return self._finish(base, text, passages)

    def _model_answer(self, base: Answer, passages: list[prompts.Passage]) -> Iterator[Event]:
        question = base.question
        msgs = prompts.messages(question, passages, summary=base.kind == "summary")
        pieces: list[str] = []
        try:
            for chunk in self.chat_model().stream(msgs):
                piece = chunk.content if isinstance(chunk.content, str) else ""
                if piece:
                    pieces.append(piece)
                    yield Delta(piece)
        except Exception as exc:  # any backend failure: said plainly, sources kept
            from rag.llm import backend_error

            error = backend_error(exc, self.settings) if not isinstance(exc, BackendError) else exc
            fallback = self._extractive(base, passages)
            fallback.error = str(error)
            fallback.notices.append(f"The model failed ({error}); this answer is extracted from the abstracts.")
            yield fallback
            return
        raw = "".join(pieces).strip()
        checked = self._check(raw, passages)
        if checked is None:
            fallback = self._extractive(base, passages)
            fallback.notices.append(
                "The model's answer was not supported by the passages; showing extracted sentences."
            )
            yield fallback
            return
        text, dropped = checked
        if dropped:
            base.notices.append(f"{dropped} sentence(s) of the model's answer had no support in the passages and were removed.")
        base.mode = "model"
        yield self._finish(base, text, passages)

    # --- citations ------------------------------------------------------------------------

    def _check(self, raw: str, passages: list[prompts.Passage]) -> tuple[str, int] | None:
        """Keep only sentences a passage supports, each citing the passage that supports it best.

        A marker pointing at no passage is removed; a sentence whose cited passage does not
        support it is re-cited to the passage that does, or dropped. None when nothing is left
        or the model rambled: the caller falls back to extraction.
        """
        raw = trim_loops(_PREAMBLE.sub("", raw))
        if degenerate(raw):
            return None
        claims = [_LIST_ITEM.sub("", re.sub(r"\s+", " ", s)).strip(" ()") for s in sentences(raw)]
        claims = [c for c in claims if len(re.findall(r"\w+", _MARKER.sub("", c))) >= 3]
        if not claims:
            return None
        passage_sents = [(p.n, s) for p in passages for s in sentences(p.text)]
        plain = [_MARKER.sub("", c).strip() for c in claims]
        sims = self._matrix(plain, [s for _, s in passage_sents])
        kept = []
        for i, claim in enumerate(plain):
            row = sims[i]
            best = int(row.argmax())
            if float(row[best]) < self.settings.support_threshold:
                continue
            n = passage_sents[best][0]
            kept.append(_cite(claim, n))
        if not kept:
            return None
        return " ".join(kept), len(plain) - len(kept)

    def _finish(self, base: Answer, text: str, passages: list[prompts.Passage]) -> Answer:
        """Renumber cited passages 1..m in order of first use; list only papers actually cited."""
        used: list[int] = []
        for m in _MARKER.finditer(text):
            for n in (int(x) for x in m[1].split(",")):
                if 1 <= n <= len(passages) and n not in used:
                    used.append(n)
        renumber = {old: new for new, old in enumerate(used, start=1)}

        def replace(m: re.Match[str]) -> str:
            ns = [renumber[int(x)] for x in m[1].split(",") if int(x) in renumber]
            return f" [{', '.join(map(str, ns))}]" if ns else ""

        base.text = _MARKER.sub(replace, text).strip()
        base.citations = []
        for old in used:
            hit = base.retrieved[old - 1]
            passage = passages[old - 1].text
            cited = [s for s in sentences(passage) if _cited_in(s, base.text)]
            base.citations.append(Citation(renumber[old], hit.paper_id, hit.title, hit.url, passage, cited, hit.meta))
        return base

    # --- similarity -----------------------------------------------------------------------

    def _similarities(self, query: str, texts: list[str]) -> list[float]:
        if not texts:
            return []
        return [float(x) for x in self._matrix([query], texts)[0]]

    def _matrix(self, rows: list[str], cols: list[str]) -> np.ndarray:
        import numpy as np

        a = np.array(self.store.embed(rows))
        b = np.array(self.store.embed(cols))
        return a @ b.T  # the embedder normalises, so this is cosine similarity


# --- helpers -----------------------------------------------------------------------------------


def _merge(groups: list[list[Hit]]) -> list[Hit]:
    seen: dict[str, Hit] = {}
    for group in groups:
        for hit in group:
            seen.setdefault(hit.paper_id, hit)
    return list(seen.values())


def _whole_paper_hit(paper: Any) -> Hit:
    return Hit(
        rank=0,
        paper_id=paper.paper_id,
        title=paper.title,
        url=paper.url,
        score=0.0,
        passage=paper.abstract[:1200],
        chunk=0,
        start=0,
        end=min(len(paper.abstract), 1200),
        similarity=None,
        abstract=paper.abstract,
        meta=paper.meta,
    )


def _names_in(target: str, abstract: str) -> list[str]:
    return [n for n in coined_names(target) if re.search(rf"\b{re.escape(n)}\b", abstract)]


def _overlap(a: str, b: str) -> float:
    wa, wb = set(re.findall(r"\w+", a.lower())), set(re.findall(r"\w+", b.lower()))
    return len(wa & wb) / max(1, min(len(wa), len(wb)))


def _cited_in(sentence: str, answer: str) -> bool:
    return sentence[:60] in answer or _overlap(sentence, answer) > 0.8


_PROPOSE = re.compile(
    r"\b(we (?:propose|introduce|present|develop|design)|this (?:paper|work) (?:proposes|introduces|presents))\b", re.I
)
_RESULT = re.compile(r"(\d|outperform|improv|achiev|state-of-the-art|surpass|reduc|speed|show that|demonstrat)", re.I)


def _row_sentences(abstract: str) -> tuple[str, str, str]:
    """Problem, approach and key result sentences of an abstract, by the words that usually mark them."""
    sents = sentences(abstract) or [abstract]
    approach = next((s for s in sents if _PROPOSE.search(s)), sents[min(1, len(sents) - 1)])
    result = next((s for s in reversed(sents) if _RESULT.search(s) and s != approach), sents[-1])
    problem = next((s for s in sents if s not in (approach, result)), sents[0])
    return problem, approach, result


def _summary_sentences(abstract: str, most: int = 5) -> list[str]:
    """Problem, approach, how it works, result: in the abstract's own order, at most `most` sentences."""
    ordered = sentences(abstract)
    problem, approach, result = _row_sentences(abstract)
    detail = ordered[ordered.index(approach) + 1] if approach in ordered[:-1] else approach
    picked = {problem, approach, detail, result}
    if len(picked) < most and len(ordered) > 1:
        picked.add(ordered[-1])  # abstracts usually end on their headline result
    return [s for s in ordered if s in picked][:most]


def _cite(sentence: str, n: int) -> str:
    """The marker goes inside the sentence's final punctuation: "... memory [2]."."""
    sentence = sentence.strip()
    end = sentence[-1] if sentence[-1:] in ".!?" else ""
    return f"{sentence.rstrip('.!?').rstrip()} [{n}]{end}"


def _cell(text: str, n: int) -> str:
    text = text.replace("|", "\\|").replace("\n", " ").strip()
    if len(text) > 260:
        text = text[:257].rsplit(" ", 1)[0] + "…"
    return _cite(text, n)


def _short(title: str) -> str:
    return title.split(":")[0] if len(title) > 60 else title


_default: Assistant | None = None
_default_lock = threading.Lock()


def answer(question: str, history: Sequence[Turn] = (), filters: Filters | None = None) -> Answer:
    """One-call API over the default index and backend (Settings from the environment)."""
    global _default
    with _default_lock:
        if _default is None:
            _default = Assistant()
    return _default.answer(question, history, filters)
