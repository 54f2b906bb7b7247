"""The house by stage: packages whose imports run one way, each saying what it takes and gives.

The graph is read from the code's own imports (every `import` and `from ... import`, inside
functions and TYPE_CHECKING blocks too), so an arrow added anywhere shows up here.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RAG = ROOT / "rag"
STAGES = ("corpus", "index", "retrieval", "reading", "answering", "models", "state")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The rag modules a file imports, resolved to the module (a name imported from a package may be a module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("rag")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rag"):
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}
    return found


def graph() -> dict[str, set[str]]:
    files = {module_name(p): p for p in RAG.rglob("*.py")}
    return {name: {m for m in imports_of(path) if m in files and m != name} for name, path in files.items()}


def stage(module: str) -> str:
    """rag.index.store -> index; rag.cli -> cli (a top-level module is its own node)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "rag"


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one node (Tarjan), as sorted lists."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_the_cycle_finder_finds_a_cycle_and_passes_a_chain() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_the_stages_are_packages_whose_imports_run_one_way() -> None:
    modules = graph()
    assert {stage(m) for m in modules} >= set(STAGES)
    assert cycles(modules) == [], "modules that import each other"
    packages: dict[str, set[str]] = {}
    for module, targets in modules.items():
        if stage(module) in STAGES:
            packages.setdefault(stage(module), set()).update(stage(t) for t in targets if stage(t) in STAGES)
    for name in packages:
        packages[name].discard(name)
    assert cycles(packages) == [], f"stages that import each other: {packages}"


@pytest.mark.parametrize("package", STAGES)
def test_each_stage_says_what_it_takes_and_gives(package: str) -> None:
    doc = ast.get_docstring(ast.parse((RAG / package / "__init__.py").read_text())) or ""
    assert " in, " in doc.splitlines()[0] and "out" in doc.splitlines()[0], doc


def test_every_module_is_under_400_lines_and_no_function_over_80() -> None:
    long_modules, long_functions = [], []
    for path in [*RAG.rglob("*.py"), *(ROOT / "ui").glob("*.py")]:
        text = path.read_text()
        if text.count("\n") >= 400:
            long_modules.append(f"{path.relative_to(ROOT)}: {text.count(chr(10))}")
        for node in ast.walk(ast.parse(text)):
            is_function = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            if is_function and node.end_lineno and node.end_lineno - node.lineno + 1 > 80:
                long_functions.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert long_modules == [] and long_functions == []


PURE = """
import json, sys
import rag.types, rag.reading.questions, rag.reading.turns, rag.reading.following, rag.reading.history, rag.reading.text
import rag.answering.compose, rag.answering.evidence, rag.answering.grounding, rag.answering.approaches
heavy = ("chromadb", "langchain_core", "numpy", "torch", "onnxruntime", "rag.index.store", "rag.index.embeddings")
print(json.dumps(sorted(m for m in heavy if m in sys.modules)))
"""


def test_reading_and_composing_pull_in_no_store_embedder_or_langchain() -> None:
    run = subprocess.run([sys.executable, "-c", PURE], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout) == []
