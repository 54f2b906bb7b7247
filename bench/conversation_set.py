"""Write the two-turn conversation sets (rag/data/conversations_dev.jsonl, conversations_test.jsonl).

Each conversation is a first question about one paper (or a list of three) of the 500-paper
fixture, its answer as a client would send it back (the text and the cited ids), and a second
question that either starts a new topic (gold: another paper) or points back (gold: the paper
it points at). The second questions are built from the papers' titles and keywords with the
phrasings people use (relative clauses, pronouns, ordinals, "the paper", ellipsis), written
before the follow-up rules and never edited to suit them. Papers are split first, so no paper
of the test split appears in dev. A third of the conversations are over the 57 seed papers so
that the 57-paper index scores them too.

    python bench/conversation_set.py --fixture ../shared/data/iclr2026_fixture_500.jsonl.gz
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[1] / "rag" / "data"
SEEDS = Path(__file__).resolve().parents[1] / "seeds" / "metadata.json"

NEW_TOPIC = [
    "Which papers propose methods that tackle {tail}?",
    "Is there work that studies {tail}?",
    "Is there a paper that uses {kw} for {tail}?",
    "What does the paper that introduces {name} do?",
    "Which paper proposes {name}?",
    "What does the paper on {tail} propose?",
    "Which paper studies {tail}, and how does it work?",
    "Is there work that applies {kw} to {tail}, and what does it find?",
    "Are there papers that combine {kw} and {kw2}?",
    "I'm looking for work that addresses {tail}. What does it propose?",
    "What is {name} and what does it improve?",
    "Which method that relies on {kw} was proposed for {tail}?",
    "Can you find the paper that deals with {tail}?",
    "Now a different question: which paper looks at {tail}?",
]
POINT_BACK = [
    "How does it work?",
    "What does it propose?",
    "What are its main results?",
    "Summarise it.",
    "Summarize that paper.",
    "What about its results?",
    "And its limitations?",
    "Tell me more.",
    "What problem does the paper address?",
    "How does this method compare with prior work?",
    "What experiments do they run?",
    "Can you explain the method in more detail?",
    "What is the key idea of this paper?",
    "Does it report any results on benchmarks?",
    "What data does the paper evaluate on?",
    "Why does it matter?",
]
ORDINAL = [
    ("How does the {ord} one work?", None),
    ("Tell me more about the {ord} paper.", None),
    ("And the {ord}?", None),
    ("What does the {ord} method propose?", None),
    ("What about the {ord} one?", None),
    ("Summarise the {ord} paper.", None),
]
ORDINALS = ["first", "second", "third"]
METRICS = [
    "accuracy",
    "success rate",
    "speedup",
    "reduction",
    "improvement",
    "F1",
    "win rate",
    "error",
    "gain",
    "compression",
    "throughput",
    "pass@1",
]
_PROPOSE = re.compile(r"\b(we (?:propose|introduce|present|develop)|this (?:paper|work) (?:proposes|introduces))", re.I)
_FIGURE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s?(?:%|×|x\b|\\times)")


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+(?=[A-Z])", text) if len(s.split()) > 4]


def name_of(title: str) -> str:
    head = title.split(":")[0].strip()
    if ":" in title and len(head.split()) <= 3 and re.search(r"[A-Z].*[A-Z]|\d", head):
        return head
    return ""


def tail_of(title: str) -> str:
    tail = title.split(":", 1)[1].strip() if ":" in title else title
    words = tail.split()
    if words and not re.search(r"[A-Z].*[A-Z]", words[0]):
        words[0] = words[0].lower()
    return " ".join(words).rstrip(".")


def answer_text(paper: dict[str, Any], sentence: str) -> str:
    return f"**{paper['title']}** [1]: {sentence} [1]."


def proposal(paper: dict[str, Any]) -> str:
    said = split_sentences(paper["abstract"])
    return next((s for s in said if _PROPOSE.search(s)), said[0] if said else paper["abstract"][:200])


def fact_sentence(paper: dict[str, Any]) -> tuple[str, str, str] | None:
    """(sentence, metric word, the figure it states) for a sentence reporting a figure, if any."""
    for sentence in split_sentences(paper["abstract"]):
        figure = _FIGURE.search(sentence)
        metric = next((m for m in METRICS if re.search(rf"\b{re.escape(m)}", sentence, re.I)), None)
        if figure and metric:
            return sentence, metric, figure.group().strip()
    return None


def first_turn(paper: dict[str, Any], quote: str | None = None) -> list[dict[str, Any]]:
    name = name_of(paper["title"])
    question = f"Which paper proposes {name}?" if name else f"Is there a paper on {tail_of(paper['title'])}?"
    return [
        {"role": "user", "content": question},
        {"role": "assistant", "content": answer_text(paper, quote or proposal(paper)), "cited": [paper["id"]]},
    ]


def list_turn(papers: list[dict[str, Any]], keyword: str) -> list[dict[str, Any]]:
    lines = [f"- **{p['title']}** [{i}]: {proposal(p)} [{i}]." for i, p in enumerate(papers, 1)]
    return [
        {"role": "user", "content": f"Which papers work on {keyword}?"},
        {"role": "assistant", "content": "\n".join(lines), "cited": [p["id"] for p in papers]},
    ]


def fill(template: str, paper: dict[str, Any], rng: random.Random) -> str | None:
    name = name_of(paper["title"])
    keywords = [k for k in paper.get("keywords") or [] if 2 < len(k) < 40]
    if "{name}" in template and not name:
        return None
    if ("{kw}" in template and not keywords) or ("{kw2}" in template and len(keywords) < 2):
        return None
    picked = rng.sample(keywords, 2) if len(keywords) >= 2 else [*keywords, "", ""][:2]
    return template.format(name=name, tail=tail_of(paper["title"]), kw=picked[0].lower(), kw2=picked[1].lower())


def conversations(papers: list[dict[str, Any]], n: int, prefix: str, rng: random.Random) -> list[dict[str, Any]]:
    by_keyword: dict[str, list[dict[str, Any]]] = {}
    for p in papers:
        for k in p.get("keywords") or []:
            by_keyword.setdefault(k.lower(), []).append(p)
    shared = [k for k, ps in by_keyword.items() if len(ps) >= 3]
    out: list[dict[str, Any]] = []
    while len(out) < n:
        i = len(out)
        a, b = rng.sample(papers, 2)
        if i % 2 == 0:  # a new topic: the second question is about b
            template = NEW_TOPIC[(i // 2) % len(NEW_TOPIC)]
            question = fill(template, b, rng)
            if not question:
                continue
            if rng.random() < 0.5 and shared:  # after a list answer
                three = rng.sample(by_keyword[rng.choice(shared)], 3)
                if b in three:
                    continue
                history = list_turn(three, next(k for k in (three[0].get("keywords") or [])).lower())
            else:
                history = first_turn(a)
            out.append(_row(f"{prefix}-{i:03d}", "newtopic", question, history, [b["id"]], []))
            continue
        style = (i // 2) % 4
        if style == 0 and shared:  # an ordinal after a list
            keyword = rng.choice(shared)
            three = rng.sample(by_keyword[keyword], 3)
            template, _ = ORDINAL[(i // 8) % len(ORDINAL)]
            index = rng.randrange(3)
            question = template.format(ord=ORDINALS[index])
            out.append(
                _row(f"{prefix}-{i:03d}", "followup", question, list_turn(three, keyword), [three[index]["id"]], [])
            )
        elif style == 1:  # a fact: the answer quoted it in half of them (a follow-up still answers it)
            fact = fact_sentence(a)
            if not fact:
                continue
            sentence, metric, figure = fact
            quoted = rng.random() < 0.5
            history = first_turn(a, sentence if quoted else None)
            question = rng.choice(
                [f"What {metric} does it report?", f"What {metric} does the paper report?", f"And its {metric}?"]
            )
            out.append(_row(f"{prefix}-{i:03d}", "followup_fact", question, history, [a["id"]], [figure]))
        else:
            question = POINT_BACK[(i // 2) % len(POINT_BACK)]
            out.append(_row(f"{prefix}-{i:03d}", "followup", question, first_turn(a), [a["id"]], []))
    return out


# Follow-ups that say what they ask about in the paper's own words ("How does that method handle X, and
# what does it report?"): a search of them alone finds the paper the answer cited.
LONG_POINT_BACK = [
    "How does that method handle {kw}, and what does it report?",
    "What does the paper say about {kw}?",
    "Does it evaluate {kw} on any benchmark, and how well does it do?",
    "How does this approach use {kw} compared with earlier methods?",
    "What role does {kw} play in their method?",
    "Can you say more about how the authors treat {kw}?",
]


def long_follow_ups(papers: list[dict[str, Any]], n: int, prefix: str, rng: random.Random) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    while len(out) < n:
        a = rng.choice(papers)
        question = fill(LONG_POINT_BACK[len(out) % len(LONG_POINT_BACK)], a, rng)
        if question:
            out.append(_row(f"{prefix}-{len(out):03d}", "followup", question, first_turn(a), [a["id"]], []))
    return out


def _row(
    id_: str, kind: str, question: str, history: list[dict[str, Any]], gold: list[str], facts: list[str]
) -> dict[str, Any]:
    return {"id": id_, "kind": kind, "question": question, "history": history, "gold": gold, "facts": facts}


def split_papers(
    fixture: str | Path, rng: random.Random | None = None
) -> dict[str, tuple[list[dict[str, Any]], list[dict[str, Any]]]]:
    """The fixture's papers split before any question is written, (seeds, others) per split: test's
    papers never appear in dev. The people-written sets (bench/people_sets.py) use the same split."""
    with gzip.open(fixture, "rt", encoding="utf-8") as f:
        papers = [json.loads(line) for line in f if line.strip()]
    seed_ids = {row["id"] for row in json.loads(SEEDS.read_text())}
    (rng or random.Random(2026)).shuffle(papers)
    seeds = [p for p in papers if p["id"] in seed_ids]
    others = [p for p in papers if p["id"] not in seed_ids]
    cut_seeds, cut_others = len(seeds) * 3 // 4, len(others) * 3 // 4
    return {
        "dev": (seeds[:cut_seeds], others[:cut_others]),
        "test": (seeds[cut_seeds:], others[cut_others:]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixture", default="../shared/data/iclr2026_fixture_500.jsonl.gz")
    parser.add_argument("--dev", type=int, default=330)
    parser.add_argument("--test", type=int, default=90)
    args = parser.parse_args()
    rng = random.Random(2026)
    parts = split_papers(args.fixture, rng)
    splits = {"dev": (*parts["dev"], args.dev), "test": (*parts["test"], args.test)}
    for name, (seed_part, other_part, n) in splits.items():
        rows = conversations(seed_part, n // 3, f"c{name}-s", rng)
        rows += conversations(seed_part + other_part, n - n // 3, f"c{name}-f", rng)
        rows += long_follow_ups(seed_part, n // 15, f"c{name}-ls", random.Random(f"{name}-long-seeds"))
        rows += long_follow_ups(other_part, n // 7, f"c{name}-lf", random.Random(f"{name}-long"))
        path = DATA / f"conversations_{name}.jsonl"
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        print(f"{path}: {len(rows)} conversations")


if __name__ == "__main__":
    main()
