"""How a judge file tells stated from absent details on writers' questions, through the product's ONNX int8 copy.

    python bench/judge_writers.py --weights rag/data/answer_judge.safetensors w13 w16 w19 w20

Each question's score is its best sentence's (as `bench/train_answer_judge.py --hold` prints it in torch), so two
judges can be compared on writers neither was trained on: AUC, and stated kept / absent declined at the cut-offs.
The abstracts are read from ../shared/data (they stay outside the repository).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's rag, not the one installed in .venv
sys.path.insert(0, str(Path(__file__).parent))

from train_answer_judge import auc, read_writers  # noqa: E402

import rag.answering.judge as judging  # noqa: E402
from rag.config import Settings  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("writers", nargs="+", help="writers to score, as w13")
    parser.add_argument("--weights", type=Path, default=judging.JUDGE)
    parser.add_argument("--data", type=Path, default=ROOT / "bench" / "data")
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared/data/paperlists_multivenue.jsonl.xz")
    args = parser.parse_args()

    judging.JUDGE = args.weights.resolve()  # exported once per digest, as the product does
    settings = Settings()
    judge = judging._cached(settings.embedder_cache_dir, settings.embed_threads)
    writers = read_writers(args.data, args.corpus)
    for name in args.writers:
        questions = writers[name]
        best = np.array([max(judge(q["question"], q["sentences"])) for q in questions])
        stated = np.array([q["stated"] for q in questions])
        cuts = "  ".join(
            f"{cut:.1f}: {(best[stated] >= cut).mean():.3f} / {(best[~stated] < cut).mean():.3f}"
            for cut in (0.2, 0.3, 0.4, 0.5)
        )
        print(f"{name}: AUC {auc(best, stated):.3f}   stated kept / absent declined at {cuts}")


if __name__ == "__main__":
    main()
