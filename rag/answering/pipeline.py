"""Grounded answers with checked citations: the pipeline, top to bottom.

question -> reading (kind, parts: rag.reading.questions; turns: rag.reading.turns) -> papers (rag.retrieval.retriever,
then evidence) -> sentences (evidence) -> composed text (compose, or the model) -> grounding check and
renumbering (grounding) -> `Answer`.

`Assistant.stream()` yields the papers found (`Sources`), text deltas while a model writes, then one final `Answer`.
"""

from __future__ import annotations

import threading
from collections.abc import Generator, Iterator, Sequence
from dataclasses import asdict, replace
from typing import TYPE_CHECKING, Any

from rag.answering import (
    closest,
    compose,
    conversation,
    evidence,
    extractive,
    listing,
    pairs,
    prompts,
    sides,
    topicality,
)
from rag.answering.grounding import check, renumber
from rag.answering.judge import make_judge
from rag.calibration import CALIBRATION
from rag.config import Settings, get_settings
from rag.errors import BackendError, InputError
from rag.index.embeddings import Similarities
from rag.index.store import Store
from rag.reading.contrasts import stands_for_earlier
from rag.reading.history import as_turns, question_text
from rag.reading.lexicon import with_apostrophes
from rag.reading.questions import EARLIER, Reading, read_question
from rag.reading.turns import FollowUp, follow_up, spelled_out
from rag.retrieval.filters import Filters, filters_in_question, unfiltered
from rag.retrieval.retriever import CONTROL, Retriever, SearchResult
from rag.types import Answer, Citation, Delta, Event, Hit, Sources, Turn

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

__all__ = ["Answer", "Assistant", "Citation", "Delta", "Sources", "Turn", "answer"]


_SCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉", "01234567890123456789")


class Assistant:
    """Answers questions over one index with one chat model. Thread-safe; the model loads lazily."""

    def __init__(
        self, settings: Settings | None = None, store: Store | None = None, chat_model: BaseChatModel | None = None
    ) -> None:
        from rag.models.llm import describe_backend

        self.settings = settings or get_settings()
        self.store = store or Store(self.settings)
        self.retriever = Retriever(self.store)
        self.backend = describe_backend(self.settings)
        self._model: BaseChatModel | None = chat_model
        self._model_lock = threading.Lock()
        self.similar = Similarities(self.store.embed)

    def chat_model(self) -> BaseChatModel:
        from rag.models.llm import make_chat_model

        with self._model_lock:
            if self._model is None:
                self._model = make_chat_model(self.settings)
            return self._model

    def load_model(self) -> None:
        """Load the local model now (a UI calls this in the background); no-op for servers."""
        load = getattr(self.chat_model(), "load", None)
        if callable(load):
            load()

    def writer(self, mode: str | None) -> str:
        """Who writes: auto lets a model the user chose write; the bundled 135M model loses to extraction
        on every kind of question (docs/decisions.md, "Who writes the answer"), so with it auto extracts."""
        mode = mode or self.settings.answer_mode
        if mode != "auto":
            return mode
        chosen = self.settings.llm_backend == "openai" or self.settings.llm_model_path is not None
        return "model" if chosen else "extractive"

    def answer(
        self, question: str, history: Sequence[Any] = (), filters: Filters | None = None, mode: str | None = None
    ) -> Answer:
        final = None
        for event in self.stream(question, history, filters, mode):
            if isinstance(event, Answer):
                final = event
        assert final is not None
        return final

    def stream(
        self, question: str, history: Sequence[Any] = (), filters: Filters | None = None, mode: str | None = None
    ) -> Generator[Event, None, None]:
        question, notices = self._clean(question)
        turns, missing = conversation.held(as_turns(history), self.store)
        notices += missing
        filters = self._filters(question, filters, notices)
        reading, follow = self._read(question, turns, filters, notices)
        writer = self.writer(mode)
        # only a model that writes reads the turn before: an extractive follow-up reads no more papers for it
        previous = conversation.previous(turns, self.store) if follow.follows and writer == "model" else None
        if previous and self.settings.rewrite_follow_ups:
            follow = replace(follow, query=conversation.rewrite(question, previous, self.chat_model) or follow.query)
        result, hits = self._retrieve(reading, follow.query, follow.focus, filters)
        yield Sources(hits)  # a page can show them while the answer is still being written
        base = Answer(
            question=question,
            text="",
            citations=[],
            retrieved=hits,
            refused=False,
            query=follow.query,
            mode=writer,
            kind=reading.kind,
            backend=self.backend,
            searched=result.searched,
            matched=result.matched,
            notices=notices,
            follows=follow.follows,
        )
        # a follow-up is checked with the question it follows ("Summarise it." is about what was asked before);
        # one pointing at papers the last answer cited is about them: the evidence already found no better paper
        subject = reading.targets[0] if reading.kind == "summary" and not follow.follows else follow.query
        keyword = self.retriever.keyword_index()
        unsaid = topicality.fields_unsaid(hits, subject, keyword) if hits and not follow.focus else []
        typed = reading.kind == "compare" and sides.typed_in(reading.targets, hits)
        if not hits or (
            not (follow.focus or typed) and topicality.off_topic(hits, subject, unsaid, keyword, self.similar)
        ):
            scope = f" matching {filters.describe()}" if filters else ""
            yield self._final(base, compose.refusal(scope, hits, unsaid), "refusal")
            return
        if reading.kind == "compare":
            judge = make_judge(self.settings)
            yield self._final(
                base, extractive.compare(question, reading, hits, keyword, self.similar.of, judge), "extractive"
            )
            return
        if reading.kind == "list" and not follow.focus:  # every paper on the topic, counted, not the closest few
            found = self.retriever.topic(follow.query, filters)
            if found:
                # the search's own closest papers first: a question that describes its topic in many words
                # ("removing specific training data from a trained model") has no phrase the papers say
                closest = [h.paper_id for h in evidence.choose_papers(reading, hits, follow.focus)]
                listed = list(dict.fromkeys([*closest, *(t.paper_id for t in found)]))
                base = replace(base, count=len(listed), list=listed)
                if writer != "model":  # a model the user chose still writes; the count and list are data either way
                    yield self._final(
                        base,
                        listing.topic_list(follow.query, listed, self.retriever, self.store, closest),
                        "extractive",
                    )
                    return
        chosen = self._choose(reading, hits, follow.query, follow.focus)
        if writer == "model":
            yield from self._model_answer(base, reading, chosen, turns, previous)
            return
        yield self._final(base, self._extract(base, reading, chosen, turns, follow.more), "extractive")

    # --- steps ------------------------------------------------------------------------------

    def _read(
        self, question: str, turns: Sequence[Turn], filters: Filters | None, notices: list[str]
    ) -> tuple[Reading, FollowUp]:
        """The question's reading and what it points back at: a follow-up or a new topic, decided by evidence."""
        reading = read_question(question, turns)
        # "How does it differ from SUIT?", "how do these two differ?": sides that stand for the papers just discussed
        earlier = [stands_for_earlier(t) or t in EARLIER for t in reading.targets] if reading.kind == "compare" else []
        points_back = any(earlier)
        # sides it only implies ("... pairwise feedback between them?") are the last answer's papers only where the
        # evidence says the question points back: its own words finding another paper make it a new topic (blind 49)
        new_topic = bool(turns) and points_back and all(earlier) and not self.follows(question, turns, filters)
        if new_topic:
            reading, points_back = read_question(question, []), False
        picked = conversation.picked(question, turns, self.retriever, self.store)  # "the one about X" of several
        follows = not new_topic and (points_back or bool(picked) or self.follows(question, turns, filters))
        follow = follow_up(question, turns, bool(turns) and follows)
        follow = replace(follow, query=self._searched(follow.query))
        follow = conversation.fitted(question, turns, follow, picked, self.retriever, self.store)
        if follow.follows and (full := spelled_out(question)) != question:
            reading = read_question(full, turns)  # "And its success rate?" asks for a figure
        if follow.note:
            notices.append(follow.note)
        reading, follow = pairs.compared(question, reading, follow, turns, self.retriever, self.store, filters)
        if reading.kind == "compare" and turns and turns[-1].cited:
            reading = replace(reading, targets=self._earlier(reading.targets, follow.focus, turns[-1].cited))
        return reading, follow

    def _clean(self, question: str) -> tuple[str, list[str]]:
        # "whats", "hows that different": read as "what's" and "how's that", as every rule reads them; "G²RPO" as
        # "G2RPO", as titles set in LaTeX ("$\text{G}^2$RPO") are read
        question = with_apostrophes(CONTROL.sub(" ", question_text(question)).strip()).translate(_SCRIPT_DIGITS)
        if not question:
            raise InputError("the question is empty: ask something about the papers")
        notices = []
        limit = self.settings.max_question_chars
        if len(question) > limit:
            question = question[:limit].rsplit(" ", 1)[0]
            notices.append(f"The question was cut to its first {limit:,} characters (RAG_MAX_QUESTION_CHARS).")
        return question, notices

    def _filters(self, question: str, filters: Filters | None, notices: list[str]) -> Filters | None:
        stated = filters_in_question(question, self.retriever.keyword_index().facets())
        if not stated:
            return filters
        explicit = {k: v for k, v in asdict(filters or Filters()).items() if v not in (None, "")}
        notices.append(f"Filters taken from the question: {stated.describe()}.")
        return Filters(**{**asdict(stated), **explicit})

    def _searched(self, query: str) -> str:
        """What is searched: the question without the words it states filters by ("ICLR 2026", "oral")."""
        facets = self.retriever.keyword_index().facets()
        return unfiltered(query, facets) or query

    def follows(self, question: str, turns: Sequence[Turn], filters: Filters | None = None) -> bool:
        """Does the question point back at the last turn, or start a new topic? (`conversation.follows`)"""
        return conversation.follows(question, turns, self.reference, filters)

    def reference(self, question: str, last: Turn, filters: Filters | None = None) -> conversation.Evidence:
        return conversation.reference(question, last, self.retriever, self.store, self.similar, filters)

    def _title(self, paper_id: str) -> str:
        paper = self.store.get_papers([paper_id]).get(paper_id)
        return paper.title if paper else paper_id

    def _earlier(self, targets: Sequence[str], focus: Sequence[str], cited: Sequence[str]) -> tuple[str, ...]:
        """A comparison's sides that stand for papers of the last answer, as their titles: "it" is the paper
        the question points at ("how does it differ from SUIT?"), "they" the first two it cited."""
        pointed = [*focus, *cited]
        return tuple(
            self._title(pointed[0])
            if stands_for_earlier(t)
            else self._title(cited[EARLIER.index(t)])
            if t in EARLIER and EARLIER.index(t) < len(cited)
            else t
            for t in targets
        )

    def _retrieve(
        self, reading: Reading, query: str, focus: Sequence[str], filters: Filters | None
    ) -> tuple[SearchResult, list[Hit]]:
        k = self.settings.context_passages
        if reading.kind == "compare":
            store = None if filters else self.store
            result, found = sides.found(reading.targets, query, self.retriever, store, filters, self._closeness)
            return result, self._pin(found, focus)[: max(k, 2)]
        subject = reading.targets[0] if reading.kind == "summary" and not focus else query
        depth = max(k, 2 * CALIBRATION.list_max) if reading.kind == "list" else k
        # "does the adaptive variance reduction paper compare against Adam?": the paper, apart from the detail asked
        described = (
            closest.described(subject, reading.parts, self.retriever.keyword_index())
            if reading.kind == "lookup" and not focus
            else None
        )
        result = self.retriever.search(subject, k=depth, filters=filters, described=described)
        return result, self._pin(result.hits, focus)[:depth]

    def _closeness(self, text: str, hits: list[Hit]) -> list[float]:
        """The text's cosine to each paper, by the vectors the index stores where it has them."""
        return conversation.similarities(text, [h.paper_id for h in hits], self.store, self.similar) or self.similar.of(
            text, [f"{h.title}. {h.abstract or h.passage}" for h in hits]
        )

    def _pin(self, hits: list[Hit], focus: Sequence[str]) -> list[Hit]:
        """Papers an earlier turn discussed stay in play, first, even if this search missed them."""
        if not focus:
            return hits
        have = {h.paper_id: h for h in hits}
        papers = self.store.get_papers([pid for pid in focus if pid not in have])
        pinned = [have.get(pid) or listing.whole_paper(papers[pid]) for pid in focus if pid in have or pid in papers]
        return [*pinned, *(h for h in hits if h.paper_id not in focus)]

    def _choose(self, reading: Reading, hits: list[Hit], query: str, focus: Sequence[str]) -> list[Hit]:
        """The papers the answer is about: one a question describes is weighed again by its closest sentence."""
        if reading.kind == "summary":
            return hits[:1]
        if focus or reading.kind == "list":
            return evidence.choose_papers(reading, hits, focus)
        return closest.choose(query, hits, self.retriever.keyword_index().coverage, self.similar.of)

    def _extract(
        self, base: Answer, reading: Reading, chosen: list[Hit], turns: Sequence[Turn], more: bool = False
    ) -> compose.Draft:
        if reading.kind == "summary":  # the whole abstract is the context: problem, approach, result
            return compose.summary(chosen[0])
        keyword = self.retriever.keyword_index()
        return extractive.extract(
            base.question,
            base.query,
            reading,
            chosen,
            base.retrieved,
            turns,
            keyword,
            self.similar.of,
            more,
            base.follows,
            make_judge(self.settings),  # loaded at the first answer, then kept (exported once per machine)
        )

    def _model_answer(
        self,
        base: Answer,
        reading: Reading,
        chosen: list[Hit],
        turns: Sequence[Turn],
        previous: prompts.Previous | None = None,
    ) -> Iterator[Event]:
        budget, used = self.settings.context_chars, 0
        passages: list[prompts.Passage] = []
        for paper in chosen:
            text = (paper.abstract or paper.passage)[: max(200, budget - used)]
            passages.append(prompts.Passage(len(passages) + 1, paper.title, text))
            used += len(text)
            if used >= budget:
                break
        sources = chosen[: len(passages)]
        pieces: list[str] = []
        try:
            prompt = prompts.messages(base.question, passages, kind=reading.kind, previous=previous)
            for chunk in self.chat_model().stream(prompt):
                piece = chunk.content if isinstance(chunk.content, str) else ""
                if piece:
                    pieces.append(piece)
                    yield Delta(piece)
        except BackendError as error:  # both chat models raise only this for their failures: said, sources kept
            fallback = self._final(base, self._extract(base, reading, chosen, turns), "extractive")
            yield replace(
                fallback,
                error=str(error),
                notices=[
                    *fallback.notices,
                    f"The model failed ({error}); this answer is extracted from the abstracts.",
                ],
            )
            return
        checked = check(
            "".join(pieces).strip(), [p.text for p in passages], self.similar.matrix, CALIBRATION.support_threshold
        )
        if checked is None:
            fallback = self._final(base, self._extract(base, reading, chosen, turns), "extractive")
            note = "The model's answer was not supported by the passages; showing extracted sentences."
            yield replace(fallback, notices=[*fallback.notices, note])
            return
        text, dropped = checked
        notices = (
            [f"{dropped} sentence(s) of the model's answer had no support in the passages and were removed."]
            if dropped
            else []
        )
        yield self._final(base, compose.Draft(text, sources, [p.text for p in passages], notices=notices), "model")

    def _final(self, base: Answer, draft: compose.Draft, mode: str) -> Answer:
        text, citations = renumber(draft.text, draft.sources, draft.passages)
        return replace(
            base,
            text=text,
            citations=citations,
            refused=draft.refused,
            reason=draft.reason,
            mode="refusal" if draft.reason == "off_topic" else mode,
            notices=[*base.notices, *draft.notices],
            table=draft.table,
        )

    # --- similarity -------------------------------------------------------------------------


_default: Assistant | None = None
_default_lock = threading.Lock()


def answer(question: str, history: Sequence[Any] = (), filters: Filters | None = None) -> Answer:
    """One-call API over the default index and backend (Settings from the environment)."""
    global _default
    with _default_lock:
        if _default is None:
            _default = Assistant()
    return _default.answer(question, history, filters)
