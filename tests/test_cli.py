"""The `rag` command as scripts use it: real index, exit codes, JSON and one-line errors.

An ingest and the help run as real `rag` processes; the rest call the same `main` in this
process (`rag_main`), since each process would spend seconds importing Chroma and onnxruntime.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from rag.config import Settings
from rag.index.store import Store

from .conftest import ROOT, SEEDS, run_cli


def seed_variants(path: Path, n: int) -> Path:
    """n distinct papers made from the seed abstracts, short enough for one chunk each."""
    abstracts = [p.strip() for f in sorted(SEEDS.glob("*.txt")) for p in f.read_text().split("\n\n")[1:] if p.strip()]
    with path.open("w") as out:
        for i in range(n):
            text = abstracts[i % len(abstracts)][:600]
            out.write(json.dumps({"id": f"v{i}", "title": f"Variant {i}", "abstract": f"Variant {i}. {text}"}) + "\n")
    return path


def test_ingest_reports_bad_records_and_keeps_the_good(tmp_path: Path, settings: Settings) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_text(
        json.dumps({"id": "g1", "title": "Good one", "abstract": "Contrastive learning of molecule graphs."})
        + "\n"
        + "{broken\n"
        + json.dumps({"id": "g2", "title": "Good two", "abstract": "Sparse attention for long documents."})
        + "\n"
        + json.dumps({"id": "b1", "title": "Bad", "abstract": 42.5})
        + "\n"
    )
    run = run_cli(settings, "ingest", str(path), str(tmp_path / "absent.csv"), "--json")
    assert run.returncode == 3, run.stderr
    summary = json.loads(run.stdout)
    assert (summary["added"], summary["skipped"], summary["papers"]) == (2, 3, 2)
    skipped = [line for line in run.stderr.splitlines() if line.startswith("skipped: ")]
    assert skipped == [
        f"skipped: {tmp_path / 'absent.csv'}: no such file or folder",
        f"skipped: {path}:2: invalid JSON (Expecting property name enclosed in double quotes at column 2); skipped",
        f"skipped: {path}:4: field 'abstract': expected text, got float; skipped",
    ]
    again = run_cli(settings, "ingest", str(path), "--json")
    assert json.loads(again.stdout)["unchanged"] == 2 and json.loads(again.stdout)["papers"] == 2
    # the first `rag serve` after an ingest reads the keyword side, the vectors and the catalog, not builds them
    store = Store(settings)
    revision = store.revision()
    assert (store.derived("bm25", revision) / "chunks.json").exists()
    assert np.load(store.derived("vectors", revision) / "vectors.npy").shape == (2, 384)
    catalog = json.loads(store.derived("catalog", revision).with_suffix(".json").read_text())
    assert sorted(meta["paper_id"] for meta in catalog) == ["g1", "g2"]


def test_search_papers_stats_and_batch(
    seeded: Settings, tmp_path: Path, rag_main: Callable[..., int], capsys: pytest.CaptureFixture[str]
) -> None:
    assert rag_main(seeded, "search", "which papers cut KV-cache memory?", "-k", "3", "--json") == 0
    result = json.loads(capsys.readouterr().out)
    assert result["searched"] == 57 and len(result["results"]) == 3
    first = result["results"][0]
    assert set(first) >= {"rank", "paper_id", "title", "url", "score", "passage", "abstract"}
    assert first["paper_id"] == "002_ab3fa8fe28be1742#9" and first["passage"] in first["abstract"]

    batch = tmp_path / "q.jsonl"
    batch.write_text('{"id": "a", "query": "dexterous robot grasping"}\n{"id": "b", "query": "tabular watermark"}\n')
    assert rag_main(seeded, "search", "--batch", str(batch), "--json", "-k", "2") == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["id"] for line in lines] == ["a", "b"]
    assert lines[0]["results"][0]["title"].startswith("DemoGrasp")
    assert lines[1]["results"][0]["title"].startswith("MUSE")

    assert rag_main(seeded, "papers", "--json") == 0
    papers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(papers) == 57 and all(p["abstract"] and p["title"] for p in papers)
    assert rag_main(seeded, "stats", "--json") == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["papers"] == 57 and stats["chunks"] >= 57 and "minilm" in stats["embedder"]
    assert stats["query_encoder"] == seeded.query_encoder


@pytest.mark.parametrize(
    "args, message",
    [
        (["search", "anything"], "rag search: no index at "),
        (["search", "--batch", "nope.jsonl"], "rag search: "),
        (["stats"], "rag stats: no index at "),
    ],
)
def test_errors_are_one_line_without_traceback(
    settings: Settings, args: list[str], message: str, rag_main: Callable[..., int], capsys: pytest.CaptureFixture[str]
) -> None:
    assert rag_main(settings, *args) == 1
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1
    assert "Traceback" not in err


def test_bad_batch_line_names_file_and_line(
    seeded: Settings, tmp_path: Path, rag_main: Callable[..., int], capsys: pytest.CaptureFixture[str]
) -> None:
    batch = tmp_path / "q.jsonl"
    batch.write_text('{"id": "a", "query": "grasping"}\n{"id": "b"}\n')
    assert rag_main(seeded, "search", "--batch", str(batch), "--json") == 1
    assert f"{batch}:2: needs the fields id, query" in capsys.readouterr().err


def test_help_is_instant_and_imports_nothing_heavy() -> None:
    code = (
        "import sys, rag.cli; rag.cli.build_parser(); "
        "print(sorted(m for m in ('torch', 'transformers', 'gradio', 'chromadb') if m in sys.modules))"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"
