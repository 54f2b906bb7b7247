"""Question sets and their scores: retrieval (hit@k, MRR, multi-paper recall) and answers.

Three sets ship in rag/data: `seeds` (98 questions over the 57 seed abstracts, the set the
first versions were tuned on), `dev` and `test` (questions over ICLR 2026 papers of the
500-paper fixture, seeds included, asked of any index that holds them: the seeds, the
fixture, the whole conference). Choices are made on `dev`; `test` is only reported.

Gold ids are OpenReview ids or seed ids ("<seed file stem>#<paragraph>"); `fit_questions`
maps them onto whatever ids the index uses and refuses a set that does not fit it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rag.config import ROOT, Settings
from rag.corpus.documents import SEED_METADATA, seed_id, seed_metadata
from rag.errors import InputError

DATA = Path(__file__).parent / "data"
QUESTION_SETS = {
    "seeds": DATA / "dev_questions.jsonl",
    "dev": DATA / "conference_dev.jsonl",
    "test": DATA / "conference_test.jsonl",
    # written by people who never saw the rules (bench/people_sets.py): comparisons, parts, absent details
    "people-dev": DATA / "questions_people_dev.jsonl",
    "people-test": DATA / "questions_people_test.jsonl",
    "people-dev2": DATA / "questions_people_dev2.jsonl",  # a third dev writer, never seen by asking_words.json
    "people-dev3": DATA / "questions_people_dev3.jsonl",  # a fourth, asked for tempting absent details
}
DEV_SET = QUESTION_SETS["seeds"]
SEEDS = ROOT / "seeds"  # its metadata.json gives each seed abstract's OpenReview id
KINDS = ("lookup", "named", "parts", "multi", "compare", "summary", "followup", "absent", "unanswerable")
# The second questions of two-turn conversations (rag/data/conversations_*.jsonl, bench/conversations.py):
# "newtopic" in the templated sets, "new_topic" in the people-written ones.
CONVERSATION_KINDS = ("newtopic", "new_topic", "followup", "followup_fact", "followup_compare")
NEW_TOPIC_KINDS = ("newtopic", "new_topic")
# Kinds whose every gold paper must be in the index to be scored: a comparison of one paper is no comparison.
ALL_GOLD_KINDS = ("compare", "followup", "followup_fact", "followup_compare")
# Questions that should be declined: off-topic ones (no gold) and details a real paper's abstract does not give.
DECLINE_KINDS = ("unanswerable", "absent")


@dataclass(frozen=True)
class Question:
    id: str
    kind: str
    question: str
    gold: tuple[str, ...]
    history: tuple[dict[str, Any], ...] = ()
    facts: tuple[str, ...] = ()

    @property
    def should_decline(self) -> bool:
        return self.kind in DECLINE_KINDS or not self.gold


def question_set(name: str) -> Path:
    """A named set (seeds, dev, test) or a path."""
    if name in QUESTION_SETS:
        return QUESTION_SETS[name]
    path = Path(name)
    if not path.exists():
        raise InputError(f"no question set {name!r}: name one of {', '.join(QUESTION_SETS)} or give a file")
    return path


def load_questions(path: Path = DEV_SET) -> list[Question]:
    questions = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InputError(f"cannot read the question set {path}: {exc.strerror}") from None
    for lineno, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            questions.append(
                Question(
                    id=str(raw["id"]),
                    kind=str(raw.get("kind", "lookup")),
                    question=str(raw["question"]),
                    gold=tuple(raw.get("gold", [])),
                    history=tuple(raw.get("history", [])),
                    facts=tuple(raw.get("facts", [])),
                )
            )
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise InputError(f"{path}:{lineno}: not a question record ({exc})") from None
    return questions


def seed_ids_in_corpus(seeds: Path = SEEDS) -> dict[str, str]:
    """Seed paper id ("<file stem>#<index>", as the seeds are indexed) -> the paper's OpenReview id."""
    rows = seed_metadata(seeds / SEED_METADATA, [])
    return {seed_id(name, index): row["id"] for name, by_index in rows.items() for index, (_, row) in by_index.items()}


def fit_questions(questions: Sequence[Question], indexed: set[str]) -> tuple[list[Question], int]:
    """The questions with gold ids renamed to the index's ids, and how many were dropped.

    A seed id and its OpenReview id name one paper; a question whose papers are not in the
    index at all is dropped (a 57-paper index cannot answer for the other 443). A set none
    of whose papers is indexed is an error, not a row of zeros.
    """
    to_corpus = seed_ids_in_corpus()
    to_seed = {v: k for k, v in to_corpus.items()}

    def rename(gold: str) -> str | None:
        for candidate in (gold, to_corpus.get(gold), to_seed.get(gold)):
            if candidate in indexed:
                return candidate
        return None

    # Off-topic questions are off-topic for the corpus their set was written for: "speculative
    # decoding" is absent from the 57 seeds, not from ICLR 2026. Elsewhere they are not scored.
    renamed = any(g not in indexed for q in questions for g in q.gold)
    kept: list[Question] = []
    dropped = 0
    for q in questions:
        if not q.gold:
            if renamed and q.kind == "unanswerable" and _written_for_seeds(questions):
                dropped += 1
            else:
                kept.append(q)
            continue
        present = tuple(g for g in (rename(g) for g in q.gold) if g)
        # a comparison or follow-up needs all its papers; a list question is scored on those present
        if not present or (q.kind in ALL_GOLD_KINDS and len(present) < len(q.gold)):
            dropped += 1
            continue
        cited = [[rename(str(x)) for x in t.get("cited", [])] for t in q.history]
        if any(c is None for turn in cited for c in turn):  # a conversation replays only over all its papers
            dropped += 1
            continue
        history = tuple({**t, "cited": c} if "cited" in t else t for t, c in zip(q.history, cited, strict=True))
        kept.append(replace(q, gold=present, history=history))
    if questions and all(not q.gold for q in kept) and any(q.gold for q in questions):
        raise InputError(
            f"none of the {sum(bool(q.gold) for q in questions)} answerable questions names a paper of this index: "
            "the set was written for another corpus (seeds, the 500-paper fixture or the whole ICLR 2026 list)"
        )
    return kept, dropped


def _written_for_seeds(questions: Sequence[Question]) -> bool:
    return any("#" in g for q in questions for g in q.gold)


@dataclass
class RetrievalScores:
    n: int = 0
    hit1: float = 0.0
    hit5: float = 0.0
    hit10: float = 0.0
    mrr: float = 0.0
    multi_recall: float = 0.0  # mean share of gold papers in the top 10, over multi-paper questions
    n_multi: int = 0
    misses: list[str] = field(default_factory=list)  # question ids with no gold paper in the top 5
    by_kind: dict[str, RetrievalScores] = field(default_factory=dict)

    def row(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "hit@1": round(self.hit1, 3),
            "hit@5": round(self.hit5, 3),
            "hit@10": round(self.hit10, 3),
            "mrr": round(self.mrr, 3),
            "multi_recall@10": round(self.multi_recall, 3),
            "n_multi": self.n_multi,
        }


def score_retrieval(
    questions: Iterable[Question],
    ranked: Callable[[Question], list[str]],
    gold_map: Callable[[str], str] = str,
    *,
    per_kind: bool = True,
) -> RetrievalScores:
    """ranked(question) gives paper ids best first; gold_map renames gold ids (seed id -> corpus id)."""
    rankings = [(q, {gold_map(g) for g in q.gold}, ranked(q)) for q in questions if q.gold]
    scores = _score(rankings)
    if per_kind:
        for kind in dict.fromkeys(q.kind for q, _, _ in rankings):
            scores.by_kind[kind] = _score([r for r in rankings if r[0].kind == kind])
    return scores


def _score(rankings: list[tuple[Question, set[str], list[str]]]) -> RetrievalScores:
    scores = RetrievalScores()
    for q, gold, ids in rankings:
        first = next((i for i, pid in enumerate(ids, start=1) if pid in gold), None)
        scores.n += 1
        scores.hit1 += first == 1
        scores.hit5 += first is not None and first <= 5
        scores.hit10 += first is not None and first <= 10
        scores.mrr += 1.0 / first if first else 0.0
        if first is None or first > 5:
            scores.misses.append(q.id)
        if len(gold) > 1:
            scores.n_multi += 1
            scores.multi_recall += len(gold & set(ids[:10])) / len(gold)
    if scores.n:
        scores.hit1, scores.hit5, scores.hit10, scores.mrr = (
            x / scores.n for x in (scores.hit1, scores.hit5, scores.hit10, scores.mrr)
        )
    if scores.n_multi:
        scores.multi_recall /= scores.n_multi
    return scores


def retrieval_query(q: Question) -> str:
    """What to search for a question before any rewriting: follow-ups carry their history."""
    earlier = [turn["content"] for turn in q.history if turn.get("role") == "user"]
    return " ".join([*earlier, q.question])


@dataclass
class AnswerScores:
    n: int = 0
    citation_precision: float = 0.0  # cited papers that are gold, over answerable questions answered
    single_precision: float = 0.0  # the same over questions with one gold paper
    refusals: float = 0.0  # share of off-topic questions declined
    absent_declined: float = 0.0  # share of questions on a detail the abstract lacks that were declined
    false_refusals: int = 0  # answerable questions declined
    n_answerable: int = 0
    fact_recall: float = 0.0  # key facts found in the answer text, over answerable questions
    modes: dict[str, int] = field(default_factory=dict)
    by_kind: dict[str, dict[str, float]] = field(default_factory=dict)
    seconds: float = 0.0  # mean time per answer

    def row(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "citation_precision": round(self.citation_precision, 3),
            "single_paper_precision": round(self.single_precision, 3),
            "refusals": round(self.refusals, 3),
            "absent_declined": round(self.absent_declined, 3),
            "false_refusals": f"{self.false_refusals}/{self.n_answerable}",
            "fact_recall": round(self.fact_recall, 3),
            "seconds": round(self.seconds, 3),
            "modes": self.modes,
        }


def holds_fact(fact: str, text: str) -> bool:
    """The answer says the key fact, read past case, spacing ("between-group  interactions", as an abstract has it),
    a non-breaking hyphen and an escaped percent."""
    fact, text = (" ".join(t.lower().replace("\u2011", "-").replace("\\%", "%").split()) for t in (fact, text))
    return fact in text


def score_answers(
    questions: Iterable[Question],
    answered: Callable[[Question], Any],
    rows: list[dict[str, Any]] | None = None,
    mode: str = "",
) -> AnswerScores:
    """answered(question) gives an Answer (rag.answering.pipeline); scores the kinds separately too.
    With `rows`, each question's outcome is appended to it (rag.eval_runs.result_row)."""
    import time

    from rag.eval_runs import result_row

    scores = AnswerScores()
    cited = cited_gold = single = single_gold = 0
    declined: dict[str, list[bool]] = {kind: [] for kind in DECLINE_KINDS}
    facts = facts_found = 0
    per_kind: dict[str, list[float]] = {}
    start = time.perf_counter()
    for q in questions:
        answer = answered(q)
        found_facts = [f for f in q.facts if holds_fact(f, answer.text)]
        if rows is not None:
            rows.append(result_row(q, answer, found_facts, mode))
        scores.n += 1
        scores.modes[answer.mode] = scores.modes.get(answer.mode, 0) + 1
        if q.should_decline:
            declined["absent" if q.kind == "absent" else "unanswerable"].append(bool(answer.refused))
            per_kind.setdefault(q.kind, []).append(float(answer.refused))
            continue
        scores.n_answerable += 1
        scores.false_refusals += bool(answer.refused)
        papers = {c.paper_id for c in answer.citations}
        cited += len(papers)
        cited_gold += len(papers & set(q.gold))
        if len(q.gold) == 1:
            single += len(papers)
            single_gold += len(papers & set(q.gold))
        found = len(found_facts)
        facts += len(q.facts)
        facts_found += found
        per_kind.setdefault(q.kind, []).append(found / len(q.facts) if q.facts else 1.0)
    scores.seconds = (time.perf_counter() - start) / scores.n if scores.n else 0.0
    scores.citation_precision = cited_gold / cited if cited else 0.0
    scores.single_precision = single_gold / single if single else 0.0
    scores.refusals = _share(declined["unanswerable"])
    scores.absent_declined = _share(declined["absent"])
    scores.fact_recall = facts_found / facts if facts else 0.0
    scores.by_kind = {k: {"n": len(v), "score": round(sum(v) / len(v), 3)} for k, v in per_kind.items()}
    return scores


def _share(flags: list[bool]) -> float:
    return sum(flags) / len(flags) if flags else 0.0


def retrieval_lines(rows: dict[str, RetrievalScores]) -> list[str]:
    """The retrieval scores as a table, one line a mode and kind."""
    lines = [f"{'mode':<8} {'kind':<12} {'n':>4} {'hit@1':>6} {'hit@5':>6} {'hit@10':>6} {'MRR':>6} {'multi-R@10':>10}"]
    for mode, s in rows.items():
        for kind, part in [("all", s), *sorted(s.by_kind.items())]:
            r = part.row()
            cells = " ".join(f"{r[c]:>6.3f}" for c in ("hit@1", "hit@5", "hit@10", "mrr"))
            multi = f"{r['multi_recall@10']:>10.3f}" if r["n_multi"] else f"{'':>10}"
            lines.append(f"{mode:<8} {kind:<12} {r['n']:>4} {cells} {multi}")
    return lines


def answer_lines(table: dict[str, AnswerScores]) -> list[str]:
    """The answer scores as a table, one line a mode."""
    head = "cite-prec  single off-topic  absent false-ref  facts   s/q"
    lines = [f"{'answers':<11} {head}  by kind"]
    for mode, s in table.items():
        kinds = " ".join(f"{k}={v['score']:.2f}" for k, v in sorted(s.by_kind.items()))
        lines.append(
            f"{mode:<11} {s.citation_precision:>9.3f} {s.single_precision:>7.3f} {s.refusals:>9.3f} "
            f"{s.absent_declined:>7.3f} {s.false_refusals:>5}/{s.n_answerable:<3} {s.fact_recall:>6.3f} "
            f"{s.seconds:>5.2f}  {kinds}"
        )
    return lines


def _per_question(rows: list[dict[str, Any]], results: Path | None, diff: Path | None) -> list[str]:
    from rag.eval_runs import declining, diff_runs, load_results, write_results

    lines = [declining([r for r in rows if r["mode"] == rows[0]["mode"]])] if rows else []
    if diff is not None:  # read first: `--diff` and `--results` may name one file, the run before
        old = load_results(diff)
        lines += ["", f"moved since {diff}:", *diff_runs(old, {str(i): r for i, r in enumerate(rows)})]
    if results is not None:
        write_results(results, rows)
        lines.append(f"per-question results: {results}")
    return lines


def evaluate(
    settings: Settings,
    set_name: str,
    modes: Sequence[str],
    answer_modes: Sequence[str] = (),
    results: Path | None = None,
    diff: Path | None = None,
) -> tuple[str, dict[str, Any]]:
    """`rag eval`: a set scored on the index of settings; (the table for a person, the same as JSON).
    `results` receives one JSON line per answered question; `diff` names an earlier such file, and
    the questions whose outcome moved since are listed (rag.eval_runs)."""
    from rag.answering.pipeline import Assistant
    from rag.index.store import Store
    from rag.retrieval.retriever import Retriever

    retriever = Retriever(Store(settings))
    keyword = retriever.keyword_index()
    indexed = {str(c["paper_id"]) for c in keyword.chunks if c.get("chunk") == 0}
    questions, dropped = fit_questions(load_questions(question_set(set_name)), indexed)

    def ranked(mode: str) -> Callable[[Question], list[str]]:
        return lambda q: [h.paper_id for h in retriever.search(retrieval_query(q), k=10, mode=mode).hits]

    rows = {mode: score_retrieval(questions, ranked(mode)) for mode in modes}
    skipped = f" ({dropped} skipped: about papers not in this index, or off-topic only for another corpus)"
    lines = [f"{set_name}: {len(questions)} questions over {keyword.n_papers:,} papers" + (skipped if dropped else "")]
    lines += retrieval_lines(rows)
    report: dict[str, Any] = {
        mode: {**s.row(), "by_kind": {k: v.row() for k, v in s.by_kind.items()}, "misses@5": s.misses}
        for mode, s in rows.items()
    }
    if answer_modes:
        assistant = Assistant(settings, store=retriever.store)

        def answered(mode: str) -> Callable[[Question], Any]:
            return lambda q: assistant.answer(q.question, list(q.history), mode=mode)

        per_question: list[dict[str, Any]] = []
        table = {mode: score_answers(questions, answered(mode), per_question, mode) for mode in answer_modes}
        lines += answer_lines(table)
        lines += _per_question(per_question, results, diff)
        report = {
            "retrieval": {m: s.row() for m, s in rows.items()},
            "answers": {m: {**s.row(), "by_kind": s.by_kind} for m, s in table.items()},
        }
    return "\n".join(lines), report
