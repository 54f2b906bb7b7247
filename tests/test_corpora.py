"""Named corpora (seeds with their public metadata, the shipped ICLR 2026 list), progress, and
indexing in the background while search answers."""

from __future__ import annotations

import json
import lzma
import queue
import shutil
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from rag.config import ROOT, Settings
from rag.corpus.corpora import CORPORA, corpus_paths, corpus_settings
from rag.corpus.documents import ReadLog, read_papers, seed_id
from rag.index import indexer
from rag.index.indexer import BackgroundIndexer, Progress
from rag.index.store import Store
from rag.retrieval.retriever import Retriever

from .conftest import HANG_S, SEEDS, make_settings


def _slice(tmp: Path, n: int, start: int = 0) -> Path:
    """The first n records (after `start`) of the shipped ICLR 2026 list, as a corpus file."""
    lines = []
    with lzma.open(CORPORA["iclr2026"], "rt", encoding="utf-8") as f:
        for i, line in enumerate(f):
            if i >= start + n:
                break
            if i >= start:
                lines.append(line)
    path = tmp / f"iclr2026_slice_{start}_{n}.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    return path


def test_seeds_carry_their_public_titles_links_and_facets() -> None:
    reading = ReadLog()
    papers = list(read_papers([SEEDS], reading))
    assert len(papers) == 57 and not reading.problems
    assert not any(p.title_derived for p in papers)
    tracy = next(p for p in papers if p.paper_id == "000_c31ea4fa21d0fe3c#1")
    assert tracy.title == "Study of Training Dynamics for Memory-Constrained Fine-Tuning"
    assert tracy.url == "https://openreview.net/forum?id=BhfIg0tuti"
    assert tracy.meta["decision"] == "Poster" and tracy.meta["venue"] == "ICLR 2026"
    assert tracy.meta["primary_area"] and tracy.meta["keywords"]
    assert len({p.meta["primary_area"] for p in papers}) > 5  # the area filter has real choices


def test_a_seed_without_a_row_gets_a_label_and_a_bad_row_is_named(tmp_path: Path) -> None:
    folder = tmp_path / "seeds"
    shutil.copytree(SEEDS, folder)
    rows = json.loads((folder / "metadata.json").read_text())
    rows = [r for r in rows if not (r["file"] == "000_c31ea4fa21d0fe3c.txt" and r["paragraph"] == 0)]
    rows[0]["keywords"] = {"not": "a list"}
    (folder / "metadata.json").write_text("[\n" + ",\n".join(json.dumps(r) for r in rows) + "\n]\n")
    reading = ReadLog()
    papers = {p.paper_id: p for p in read_papers([folder], reading)}
    assert len(papers) == 57  # nothing lost for a missing or bad row
    assert papers["000_c31ea4fa21d0fe3c#0"].title_derived
    bad = papers[seed_id(rows[0]["file"], rows[0]["paragraph"])]
    assert bad.title_derived
    assert [str(p) for p in reading.problems] == [
        f"{folder / 'metadata.json'}:2: field 'keywords': expected text, number or list, got dict; "
        "this seed keeps its derived label"
    ]


def test_broken_metadata_is_one_problem_and_every_seed_is_kept(tmp_path: Path) -> None:
    folder = tmp_path / "seeds"
    shutil.copytree(SEEDS, folder)
    (folder / "metadata.json").write_text('[\n{"file": "x.txt",\n')
    reading = ReadLog()
    assert len(list(read_papers([folder], reading))) == 57
    assert len(reading.problems) == 1 and "metadata.json:3: not valid JSON" in str(reading.problems[0])


def test_named_corpora_resolve_and_get_their_own_index(tmp_path: Path) -> None:
    assert corpus_paths(["seeds", "iclr2026", "my.jsonl"]) == [ROOT / "seeds", CORPORA["iclr2026"], Path("my.jsonl")]
    with lzma.open(CORPORA["iclr2026"], "rb") as f:
        assert sum(1 for line in f if line.strip()) == 19_630
    plain = Settings(_env_file=None)  # type: ignore[call-arg]
    assert corpus_settings(plain, "iclr2026").index_dir == ROOT / ".rag" / "iclr2026"
    assert corpus_settings(plain, "seeds").index_dir == plain.index_dir
    chosen = make_settings(tmp_path)  # an index chosen by the person wins over the corpus's folder
    assert corpus_settings(chosen, "iclr2026").index_dir == tmp_path / "index"


def test_ingest_a_slice_of_the_shipped_list_logs_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rag_main: Callable[..., int]
) -> None:
    corpus = _slice(tmp_path, 60)
    settings = make_settings(tmp_path)
    code = rag_main(settings, "ingest", str(corpus), "--json")
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "ingest: 60 of 60 papers indexed" in captured.err  # a log gets plain lines, not a bar
    summary = json.loads(captured.out.strip().splitlines()[-1])
    assert summary["added"] == 60 and summary["papers"] == 60
    store = Store(settings)
    first = json.loads(corpus.read_text().splitlines()[0])
    assert store.get_papers([first["id"]])[first["id"]].title == first["title"]


def test_progress_says_how_far_how_fast_and_how_long() -> None:
    now = [100.0]
    progress = Progress(total=19_630, clock=lambda: now[0])
    assert progress.line() == "0 of 19,630 abstracts indexed · 0/s"
    now[0] += 10
    progress.advance(450)
    assert progress.line().startswith("450 of 19,630 abstracts indexed · 45/s · about 7 min left")
    progress.finished = True
    assert progress.line() == "450 abstracts indexed."
    assert Progress().line() == "Counting abstracts to index…"


def test_search_answers_while_the_index_grows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(indexer, "SLICE_PAPERS", 40)
    corpus = _slice(tmp_path, 160)
    settings = make_settings(tmp_path, ingest_batch=20)
    store = Store(settings, create=True)
    retriever = Retriever(store)
    batches, go_on = pause_after_each_batch(monkeypatch)
    job = BackgroundIndexer(store, retriever, [corpus]).start()
    seen: list[tuple[int, int]] = []  # (papers indexed, papers the question searched)
    papers = [json.loads(line) for line in corpus.read_text().splitlines()]
    while not seen or seen[-1][0] < 160:
        done = batches.get(timeout=HANG_S)  # the indexer waits there, mid-corpus, while a question is asked
        result = retriever.search("a benchmark for large language models", k=3)
        assert result.hits
        seen.append((done, result.searched))
        # the dense side finds the paper written last, before the keyword side (and its vectors) is rebuilt
        latest = papers[done - 1]
        assert latest["id"] in [h.paper_id for h in retriever.search(latest["title"], k=3, mode="dense").hits]
        go_on.release()
    job.join(HANG_S)
    assert job.progress.finished and not job.progress.error, job.progress.line()
    assert job.progress.done == job.progress.total == 160
    assert seen == [(n, n) for n in range(20, 161, 20)]  # answered between every two batches, over all that was in
    # caught up before "finished" (and no slower rebuild of an earlier slice put an older one back)
    assert retriever.keyword_index().n_papers == 160
    assert retriever.search("a benchmark for large language models", k=3).searched == 160
    last = json.loads(corpus.read_text().splitlines()[-1])
    assert last["id"] in [h.paper_id for h in retriever.search(last["title"], k=3).hits]

    monkeypatch.undo()  # the restart runs without pauses
    again = BackgroundIndexer(store, retriever, [corpus]).start()  # a restart continues: nothing is redone
    again.join(HANG_S)
    assert again.progress.finished and store.paper_count() == 160


def pause_after_each_batch(monkeypatch: pytest.MonkeyPatch) -> tuple[queue.Queue[int], threading.Semaphore]:
    """Every ingest in this process stops after each batch until the test lets it go on: it puts the papers
    done so far in the queue and waits for the semaphore. The test then sees the index between two batches,
    however fast this machine embeds them."""
    batches: queue.Queue[int] = queue.Queue()
    go_on = threading.Semaphore(0)
    advance = Progress.advance

    def advance_then_wait(self: Progress, n: int) -> None:
        advance(self, n)
        batches.put(self.done)
        go_on.acquire(timeout=HANG_S)

    monkeypatch.setattr(Progress, "advance", advance_then_wait)
    return batches, go_on
