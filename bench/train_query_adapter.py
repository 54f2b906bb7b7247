"""Trains the query-side adapter: a 384x384 map applied to query vectors only (no re-index).

    python bench/train_query_adapter.py --index DIR [--index DIR ...] [--out rag/data/query_adapter.npy]

Pairs come from the indexed papers themselves: each paper's title, keywords and TL;DR (where the
record has them) are queries whose answer is the paper's own stored vector ('title. abstract').
The map W starts at the identity and learns, with a softmax over every stored paper vector (the
whole corpus as negatives, so the hardest ones are always in), to move a short description of a
paper toward that paper's vector and away from its neighbours'. The papers of the literature-search
questions (bench/data/litsearch_*.jsonl) are left out of training. Papers are split 95/5 by a
seeded shuffle; the held-out 5% gives the rank of the right paper before and after.
Prints the data size, the seed and the time; writes W as float32 .npy (600 KB).

The shipped rag/data/query_adapter.npy: `--index .rag/iclr2026 --index MIXED --epochs 3`, MIXED being
the 34,810-paper index of bench/litsearch_corpus.py (34,450 papers, 61,800 pairs, seed 28; 378 s to
read and embed the queries and 360 s to train on the shared 2-core host).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rag.config import Settings, apply_runtime_env  # noqa: E402

apply_runtime_env()
DATA = Path(__file__).parent / "data"


def excluded() -> set[str]:
    """The gold papers of every literature-search question (dev and test): never trained on."""
    out: set[str] = set()
    for path in DATA.glob("litsearch_*.jsonl"):
        for line in path.read_text().splitlines():
            if line.strip():
                out |= set(json.loads(line)["gold"])
    return out


def read_index(index: Path, skip: set[str]) -> tuple[list[str], list[dict[str, Any]], Any]:
    """(paper ids, first-chunk metadata, vectors) of every paper of the index not in skip."""
    import numpy as np

    from rag.index.store import Store

    store = Store(Settings(index_dir=index, cache_dir=index.parent / f"{index.name}_cache"))
    ids, metas, vectors = [], [], []
    for meta, vector in store.iter_vectors():
        if int(meta.get("chunk", 0)) == 0 and str(meta["paper_id"]) not in skip:
            ids.append(str(meta["paper_id"]))
            metas.append(meta)
            vectors.append(vector)
    return ids, metas, np.asarray(vectors, dtype=np.float32)


def read_indexes(indexes: list[Path], skip: set[str]) -> tuple[list[str], list[dict[str, Any]], Any]:
    """read_index over several indexes, a paper held by more than one read once (from the first)."""
    import numpy as np

    ids: list[str] = []
    metas: list[dict[str, Any]] = []
    blocks = []
    for index in indexes:
        got = read_index(index, skip | set(ids))
        ids += got[0]
        metas += got[1]
        blocks.append(got[2])
    return ids, metas, np.concatenate(blocks)


def queries(metas: list[dict[str, Any]], fields: list[str]) -> list[tuple[int, str]]:
    """(paper row, query text): the paper's title, keywords and TL;DR, where present."""
    out = []
    for row, meta in enumerate(metas):
        for name in fields:
            text = str(meta.get(name) or "").strip()
            if name == "keywords":
                text = text.replace(";", ",")
            if len(text) > 3:
                out.append((row, text))
    return out


def embed(texts: list[str], cache: Path) -> Any:
    """The query texts' vectors with the product's embedder, cached by their text list."""
    import hashlib

    import numpy as np

    from rag.index.embeddings import make_embeddings

    key = hashlib.sha1("\n".join(texts).encode()).hexdigest()[:12]
    path = cache / f"queries-{key}.npy"
    if path.exists():
        return np.load(path)
    vectors = np.asarray(make_embeddings(Settings()).embed_documents(texts), dtype=np.float32)
    cache.mkdir(parents=True, exist_ok=True)
    np.save(path, vectors)
    return vectors


def ranks(q: Any, docs: Any, rows: Any, w: Any) -> Any:
    """Rank (1 = first) of each query's own paper among all paper vectors, queries mapped by w."""
    import numpy as np

    mapped = q @ w
    mapped /= np.linalg.norm(mapped, axis=1, keepdims=True)
    sims = mapped @ docs.T
    own = sims[np.arange(len(rows)), rows]
    return (sims > own[:, None]).sum(1) + 1


def train(q: Any, docs: Any, rows: Any, args: argparse.Namespace) -> Any:
    import numpy as np
    import torch

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    qt, dt, rt = torch.from_numpy(q), torch.from_numpy(docs), torch.from_numpy(rows).long()
    delta = torch.zeros(q.shape[1], q.shape[1], requires_grad=True)
    eye = torch.eye(q.shape[1])
    opt = torch.optim.Adam([delta], lr=args.lr)
    order = np.random.default_rng(args.seed)
    for epoch in range(args.epochs):
        total = 0.0
        perm = torch.from_numpy(order.permutation(len(rows)))
        for start in range(0, len(rows), args.batch):
            pick = perm[start : start + args.batch]
            mapped = torch.nn.functional.normalize(qt[pick] @ (eye + delta), dim=1)
            logits = mapped @ dt.T / args.temperature
            loss = torch.nn.functional.cross_entropy(logits, rt[pick]) + args.decay * (delta**2).sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(pick)
        print(f"  epoch {epoch + 1}: loss {total / len(rows):.4f}")
    return (eye + delta).detach().numpy().astype(np.float32)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--index", type=Path, action="append", required=True)
    parser.add_argument("--out", type=Path, default=ROOT / "rag" / "data" / "query_adapter.npy")
    parser.add_argument("--fields", default="title,keywords,tldr")
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--temperature", type=float, default=0.05)
    parser.add_argument("--decay", type=float, default=0.0, help="L2 pull of W toward the identity")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--cache", type=Path, default=Path("/tmp/query_adapter_cache"))
    args = parser.parse_args()

    import numpy as np

    start = time.perf_counter()
    skip = excluded()
    ids, metas, doc_matrix = read_indexes(args.index, skip)
    pairs = queries(metas, args.fields.split(","))
    print(f"{len(ids):,} papers ({len(skip)} question papers left out), {len(pairs):,} pairs; seed {args.seed}")
    q = embed([t for _, t in pairs], args.cache)
    rows = np.array([r for r, _ in pairs])
    print(f"  read and embedded in {time.perf_counter() - start:.0f} s")
    held = np.random.default_rng(args.seed).random(len(ids)) < 0.05
    train_on, test_on = ~held[rows], held[rows]
    start = time.perf_counter()
    w = train(q[train_on], doc_matrix, rows[train_on], args)
    print(f"  trained on {int(train_on.sum()):,} pairs in {time.perf_counter() - start:.0f} s")
    for label, m in (("identity", np.eye(q.shape[1], dtype=np.float32)), ("adapter", w)):
        r = ranks(q[test_on], doc_matrix, rows[test_on], m)
        print(
            f"  held out ({int(test_on.sum())} pairs) {label:<8}: hit@1 {np.mean(r == 1):.3f} "
            f"hit@5 {np.mean(r <= 5):.3f} hit@20 {np.mean(r <= 20):.3f} MRR {np.mean(1 / r):.3f}"
        )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.save(args.out, w)
    print(f"wrote {args.out} ({args.out.stat().st_size / 1024:.0f} KB)")


if __name__ == "__main__":
    main()
