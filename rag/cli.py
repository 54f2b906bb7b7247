"""The `rag` command: ingest, search, ask, serve, users, eval and more; the interface scripts and tests use. Exit
status: 0 success; 1 error (one line on stderr); 3 ingest (or ask --batch) finished but skipped bad records."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rag.config import Settings, apply_runtime_env, get_settings
from rag.corpus.records import read_batch
from rag.errors import InputError, RagError

EXIT_SKIPPED = 3


def out(line: str) -> None:
    print(line, flush=True)


def err(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


# --- commands ------------------------------------------------------------------------


def cmd_ingest(args: argparse.Namespace, settings: Settings) -> int:
    from tqdm import tqdm

    from rag.corpus.corpora import corpus_paths, corpus_settings, count_papers
    from rag.corpus.documents import ReadLog
    from rag.index.indexer import Progress, ingest_in_slices
    from rag.index.store import Store
    from rag.retrieval.retriever import prepare

    names = args.paths or [settings.default_corpus]
    if len(names) == 1:
        settings = corpus_settings(settings, names[0])
    paths = corpus_paths(names)
    reading = ReadLog()
    store = Store(settings, create=True)
    progress = Progress(total=count_papers(paths))
    with tqdm(desc="ingest", total=progress.total, unit=" papers", delay=2, file=sys.stderr, disable=None) as bar:

        def advance(n: int) -> None:
            progress.advance(n)
            bar.update(n)
            if bar.disable:  # not a terminal (a log, a pipe): a plain line per batch instead of a bar
                err(f"ingest: {progress.line('papers')}")

        stats = ingest_in_slices(store, paths, reading, advance)
    prepare(store)
    for problem in reading.problems:
        err(f"skipped: {problem}")
    summary = {
        "files": reading.files,
        "added": stats.added,
        "updated": stats.updated,
        "unchanged": stats.unchanged,
        "chunks_written": stats.chunks,
        "skipped": len(reading.problems),
        "duplicates": reading.duplicates,
        "ids_completed": reading.ids_completed,
        "papers": store.paper_count(),
        "chunks": store.chunk_count(),
        "seconds": round(stats.seconds, 2),
        "index": store.location,
    }
    if args.json:
        out(json.dumps(summary))
    else:
        out(
            f"{summary['files']} files: {stats.added} papers added, {stats.updated} updated, "
            f"{stats.unchanged} unchanged, {len(reading.problems)} skipped"
            + (f", {reading.duplicates} exact duplicates ignored" if reading.duplicates else "")
            + (f", {reading.ids_completed} incomplete ids completed from the url" if reading.ids_completed else "")
            + f" ({stats.seconds:.1f} s). Index {store.location}: "
            + f"{summary['papers']} papers, {summary['chunks']} chunks."
        )
    return EXIT_SKIPPED if reading.problems else 0


def filters_from(args: argparse.Namespace) -> Any:
    from rag.retrieval.filters import Filters

    return Filters(
        decision=args.decision, primary_area=args.area, venue=args.venue, year=args.year, keyword=args.keyword
    )


def cmd_search(args: argparse.Namespace, settings: Settings) -> int:
    from rag.index.store import Store
    from rag.retrieval.retriever import Retriever

    retriever = Retriever(Store(settings))
    filters = filters_from(args)
    if args.batch:
        for _where, record in read_batch(args.batch, ("id", "query")):
            result = retriever.search(str(record["query"]), k=args.k, filters=filters, mode=args.mode)
            out(json.dumps({"id": record["id"], "results": [h.to_json() for h in result.hits]}))
        return 0
    if not args.query:
        raise InputError("give a query, or --batch FILE")
    result = retriever.search(args.query, k=args.k, filters=filters, mode=args.mode)
    if args.json:
        out(json.dumps(result.to_json()))
        return 0
    scope = f"{result.searched} papers searched"
    if result.filters:
        scope = f"{result.matched} of {result.searched} papers match the filters"
    out(f"{scope}; top {len(result.hits)}:")
    for hit in result.hits:
        out(f"{hit.rank:>3}. {hit.title}  [{hit.paper_id}]{'  ' + hit.url if hit.url else ''}")
        out(f"     {hit.passage[:220]}{'…' if len(hit.passage) > 220 else ''}")
    return 0


def cmd_papers(args: argparse.Namespace, settings: Settings) -> int:
    from rag.index.store import Store

    for paper in Store(settings).papers():
        out(json.dumps(paper.to_json()) if args.json else f"{paper.paper_id}\t{paper.title}")
    return 0


def cmd_stats(args: argparse.Namespace, settings: Settings) -> int:
    from rag.index.store import Store

    store = Store(settings)
    stats = {"papers": store.paper_count(), "chunks": store.chunk_count(), "index": store.location}
    stats |= {"embedder": store.embedder, "query_encoder": settings.query_encoder, "revision": store.revision()}
    out(json.dumps(stats) if args.json else "\n".join(f"{k}: {v}" for k, v in stats.items()))
    return 0


def cmd_ask(args: argparse.Namespace, settings: Settings) -> int:
    from rag.answering import export
    from rag.answering.followups import answer_json
    from rag.answering.pipeline import Assistant
    from rag.types import Answer, Delta

    assistant = Assistant(settings)
    filters = filters_from(args)
    if args.batch:
        skipped = 0
        for where, record in read_batch(args.batch, ("id", "question")):
            try:  # history: turns {"question", "answer", "cited"} or chat messages; a bad one costs its line only
                answer = assistant.answer(record["question"], record.get("history") or [], filters, args.mode)
            except InputError as exc:
                err(f"{where}: {exc}")
                skipped += 1
                continue
            out(json.dumps({"id": record["id"], **answer_json(answer)}))
        return 3 if skipped else 0
    if not args.question:
        raise InputError("give a question, or --batch FILE")
    if args.json or args.format:  # --json is --format json; the formats are rag.answering.export's
        out(export.render(assistant.answer(args.question, [], filters, args.mode), args.format or "json"))
        return 0
    drafted = False
    for event in assistant.stream(args.question, [], filters, args.mode):
        if isinstance(event, Delta):
            if not drafted:
                err("draft (unchecked):")
            drafted = True
            print(event.text, end="", flush=True, file=sys.stderr)
        elif isinstance(event, Answer):
            if drafted:  # the draft ends here, visibly: what follows is the checked answer
                err("\n--- end of draft; the checked answer: ---")
            print_answer(event, assistant.store)
    return 0


def print_answer(answer: Any, store: Any = None) -> None:
    from rag.answering.export import terminal

    titles = {pid: p.title for pid, p in store.get_papers(answer.list).items()} if answer.list and store else {}
    out(terminal(answer, titles))


def cmd_chat(args: argparse.Namespace, settings: Settings) -> int:
    from rag.answering.pipeline import Assistant
    from rag.types import Turn

    assistant = Assistant(settings)
    history: list[Turn] = []
    err("Ask about the indexed papers. Empty line or Ctrl-D to quit; /clear forgets the conversation.")
    while True:
        try:
            question = input("you> ").strip()
        except EOFError:
            return 0
        if not question:
            return 0
        if question == "/clear":
            history.clear()
            continue
        try:
            answer = assistant.answer(question, history, filters_from(args), args.mode)
        except InputError as exc:
            err(str(exc))
            continue
        print_answer(answer, assistant.store)
        history.append(answer.turn())  # the ids it cited, not its Markdown, carry the conversation


def cmd_serve(args: argparse.Namespace, settings: Settings) -> int:
    from ui.server import serve

    updates = {k: v for k, v in (("host", args.host), ("port", args.port)) if v is not None}
    serve(settings.model_copy(update=updates), args.corpus, insecure_no_auth=args.insecure_no_auth)
    return 0


def cmd_users(args: argparse.Namespace, settings: Settings) -> int:
    from rag.state.users import manage

    out(manage(settings, args.action, args.name, sys.stdin))
    return 0


def cmd_map(args: argparse.Namespace, settings: Settings) -> int:
    from ui.map_plot import write_map

    out(write_map(settings, Path(args.out)))
    return 0


def cmd_eval(args: argparse.Namespace, settings: Settings) -> int:
    from rag.evaluation import evaluate

    modes = args.answer_modes.split(",") if args.answers else []
    table, report = evaluate(settings, args.set, args.modes.split(","), modes, args.results, args.diff)
    out(json.dumps(report) if args.json else table)
    return 0


def cmd_fetch(args: argparse.Namespace, settings: Settings) -> int:
    from rag.corpus.fetch import default_out, fetch_openreview

    target = Path(args.out) if args.out else default_out(args.venue_id)
    base_url = args.base_url or settings.openreview_base_url
    out(fetch_openreview(args.venue_id, target, base_url, progress=err).summary())
    return 0


def cmd_feedback(args: argparse.Namespace, settings: Settings) -> int:
    from rag.state.feedback import export

    (out if args.out else err)(export(settings.state_dir, Path(args.out) if args.out else None, sys.stdout))
    return 0


# --- parser --------------------------------------------------------------------------


Subparsers = Any  # argparse's _SubParsersAction, private in typeshed


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rag", description="Ask questions about papers from their abstracts, offline, with citations."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    _index_commands(sub)
    _answer_commands(sub)
    _data_commands(sub)
    return parser


def _command(sub: Subparsers, name: str, help_text: str) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(name, help=help_text, description=help_text)
    p.add_argument("--index", metavar="DIR", help="index folder (default: RAG_INDEX_DIR)")
    return p


def _add_filters(p: argparse.ArgumentParser) -> None:
    p.add_argument("--decision", help="e.g. Oral, Poster")
    p.add_argument("--area", help="primary area, e.g. 'reinforcement learning'")
    p.add_argument("--venue", help="e.g. 'ICLR 2026'")
    p.add_argument("--year", type=int)
    p.add_argument("--keyword", help="papers whose keywords contain this text")


def _index_commands(sub: Subparsers) -> None:
    p = _command(sub, "ingest", "index corpus files or folders (default: seeds/); safe to rerun")
    corpus_help = "a named corpus (seeds; iclr2026, into .rag/iclr2026 unless --index), .txt, .jsonl[.gz|.xz], .csv"
    p.add_argument("paths", nargs="*", help=f"{corpus_help} or folders (default: RAG_DEFAULT_CORPUS)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(run=cmd_ingest)

    p = _command(sub, "papers", "list every indexed paper")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.set_defaults(run=cmd_papers)

    p = _command(sub, "stats", "papers, chunks, index path and embedder")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_stats)

    p = _command(sub, "map", "write the map of the indexed papers and their topics as one HTML file (no network)")
    p.add_argument("--out", metavar="FILE", default="map.html", help="the file to write (default: map.html)")
    p.set_defaults(run=cmd_map)


def _answer_commands(sub: Subparsers) -> None:
    p = _command(sub, "search", "hybrid search: one hit per paper with its best passage")
    p.add_argument("query", nargs="?")
    p.add_argument("-k", type=int, default=None, help="papers to return (default: RAG_TOP_K)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--batch", metavar="FILE", help='JSON lines {"id", "query"}; prints one JSON line each')
    p.add_argument("--mode", default="hybrid", choices=["hybrid", "dense", "bm25"])
    _add_filters(p)
    p.set_defaults(run=cmd_search)

    p = _command(sub, "ask", "answer a question with checked citations")
    p.add_argument("question", nargs="?")
    p.add_argument("--json", action="store_true", help="the answer as JSON (same as --format json)")
    p.add_argument("--format", choices=["markdown", "bibtex", "json"], help="markdown, BibTeX of its papers, or JSON")
    p.add_argument("--batch", metavar="FILE", help='JSON lines {"id", "question", "history"}; one JSON line each')
    p.add_argument("--mode", choices=["auto", "model", "extractive"], help="who writes (default: RAG_ANSWER_MODE)")
    _add_filters(p)
    p.set_defaults(run=cmd_ask)

    p = _command(sub, "chat", "interactive chat in the terminal, keeping the conversation")
    p.add_argument("--mode", choices=["auto", "model", "extractive"])
    _add_filters(p)
    p.set_defaults(run=cmd_chat)

    p = _command(sub, "serve", "start the chat UI (default http://127.0.0.1:7860)")
    p.add_argument("--host", help="bind address (default: RAG_HOST, 127.0.0.1)")
    p.add_argument("--port", type=int, help="port (default: RAG_PORT, 7860)")
    background = "also index this corpus (seeds, iclr2026 or a path) behind the open chat"
    p.add_argument("--corpus", metavar="NAME|PATH", help=background)
    p.add_argument("--insecure-no-auth", action="store_true", help="serve beyond this machine with no sign-in")
    p.set_defaults(run=cmd_serve)

    p = _command(sub, "eval", "score retrieval (and answers) on a question set, per kind of question")
    p.add_argument(
        "--set",
        default="seeds",
        help="seeds, dev, test, people-dev, people-dev2, people-dev3, people-test (rag/data) or a JSONL file "
        "(default: seeds)",
    )
    p.add_argument("--modes", default="hybrid,dense,bm25", help="comma-separated: hybrid,dense,bm25")
    p.add_argument("--answers", action="store_true", help="also score answers (citations, refusals, facts)")
    p.add_argument("--answer-modes", default="extractive,model", help="comma-separated: extractive,model,auto")
    p.add_argument("--results", type=Path, metavar="FILE", help="with --answers: write one JSON line per question")
    p.add_argument("--diff", type=Path, metavar="FILE", help="with --answers: the questions moved since FILE")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_eval)


def _data_commands(sub: Subparsers) -> None:
    fetch_help = "write a venue's OpenReview submissions as a .jsonl corpus; safe to rerun (resumes)"
    p = sub.add_parser("fetch", help=fetch_help, description=fetch_help)
    p.add_argument("source", choices=["openreview"])
    p.add_argument("venue_id", metavar="VENUE_ID", help="e.g. ICLR.cc/2025/Conference")
    p.add_argument("--out", metavar="FILE", help="a .jsonl file, appended to (default: <venue slug>.jsonl)")
    p.add_argument("--base-url", metavar="URL", help="OpenReview API v2 (default: RAG_OPENREVIEW_BASE_URL)")
    p.set_defaults(run=cmd_fetch)

    users_help = "who may sign in to `rag serve`: add NAME (or give a new password; asked without echo), remove, list"
    p = sub.add_parser("users", help=users_help, description=users_help)
    p.add_argument("action", choices=["add", "remove", "list"])
    p.add_argument("name", nargs="?", metavar="NAME", help="the user (add, remove)")
    p.set_defaults(run=cmd_users)

    p = sub.add_parser("feedback", help="write the answers' thumbs up/down as dev-set candidates (JSON lines)")
    p.add_argument("action", choices=["export"])
    p.add_argument("--out", metavar="FILE", help="write them to FILE (default: stdout)")
    p.set_defaults(run=cmd_feedback)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    settings = get_settings()
    if getattr(args, "index", None):
        settings = settings.model_copy(update={"index_dir": Path(args.index)})
    apply_runtime_env()
    try:
        return int(args.run(args, settings))
    except RagError as exc:
        err(f"rag {args.command}: {exc}")
        return 1
    except KeyboardInterrupt:
        err(f"rag {args.command}: interrupted")
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # the edge: a person gets one line, never a traceback
        err(f"rag {args.command}: unexpected {type(exc).__name__}: {exc}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
