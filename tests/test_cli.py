"""The `rag` command as scripts use it: real subprocesses, real index, exit codes and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rag.config import Settings

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


def test_search_papers_stats_and_batch(seeded: Settings, tmp_path: Path) -> None:
    run = run_cli(seeded, "search", "which papers cut KV-cache memory?", "-k", "3", "--json")
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["searched"] == 57 and len(result["results"]) == 3
    first = result["results"][0]
    assert set(first) >= {"rank", "paper_id", "title", "url", "score", "passage", "abstract"}
    assert first["paper_id"] == "002_ab3fa8fe28be1742#9" and first["passage"] in first["abstract"]

    batch = tmp_path / "q.jsonl"
    batch.write_text('{"id": "a", "query": "dexterous robot grasping"}\n{"id": "b", "query": "tabular watermark"}\n')
    run = run_cli(seeded, "search", "--batch", str(batch), "--json", "-k", "2")
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert [line["id"] for line in lines] == ["a", "b"]
    assert lines[0]["results"][0]["title"].startswith("DemoGrasp")
    assert lines[1]["results"][0]["title"].startswith("MUSE")

    papers = [json.loads(line) for line in run_cli(seeded, "papers", "--json").stdout.splitlines()]
    assert len(papers) == 57 and all(p["abstract"] and p["title"] for p in papers)
    stats = json.loads(run_cli(seeded, "stats", "--json").stdout)
    assert stats["papers"] == 57 and stats["chunks"] >= 57 and "minilm" in stats["embedder"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["search", "anything"], "rag search: no index at "),
        (["search", "--batch", "nope.jsonl"], "rag search: "),
        (["stats"], "rag stats: no index at "),
    ],
)
def test_errors_are_one_line_without_traceback(settings: Settings, args: list[str], message: str) -> None:
    run = run_cli(settings, *args)
    assert run.returncode == 1
    assert run.stderr.startswith(message) and run.stderr.count("\n") == 1
    assert "Traceback" not in run.stderr


def test_bad_batch_line_names_file_and_line(seeded: Settings, tmp_path: Path) -> None:
    batch = tmp_path / "q.jsonl"
    batch.write_text('{"id": "a", "query": "grasping"}\n{"id": "b"}\n')
    run = run_cli(seeded, "search", "--batch", str(batch), "--json")
    assert run.returncode == 1
    assert f"{batch}:2: needs the fields id, query" in run.stderr


def test_help_is_instant_and_imports_nothing_heavy() -> None:
    code = "import sys, rag.cli; rag.cli.build_parser(); print(sorted(m for m in ('torch', 'transformers', 'gradio', 'chromadb') if m in sys.modules))"
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"
