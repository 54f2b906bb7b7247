"""List answers grouped by approach (rag/answering/approaches.py) and how the list shows the groups."""

from __future__ import annotations

import math
import re

from rag.answering import compose
from rag.answering.approaches import Group, _label, group
from rag.retrieval.topic import _phrase
from rag.types import Hit

STOPWORDS = {"the", "a", "of", "by", "and", "we", "to", "kv", "cache", "compression", "reduce", "memory"}


class FakeStemmer:
    def stemWord(self, word: str) -> str:  # PyStemmer's name
        return word.lower().removesuffix("s")


class FakeKeywordIndex:
    """Lower-cased words without a plural s; document frequencies given by the test, other words common."""

    def __init__(self, df: dict[str, int], n: int = 1000) -> None:
        self.df, self.n, self.stemmer = df, n, FakeStemmer()

    def terms(self, text: str) -> list[str]:
        words = (self.stemmer.stemWord(w) for w in re.findall(r"[A-Za-z][\w-]*", text))
        return [w for w in words if w not in STOPWORDS]

    def idf(self, term: str) -> float:
        return math.log((self.n + 1) / (self.df.get(term, 100) + 0.5))


KV = [
    "EvictKV. We evict tokens by attention scores: token eviction keeps the heavy hitters.",
    "QuantKV. We quantize the cache to 2 bits with per-channel quantization.",
    "Scissors. Token eviction by a learned score keeps 10% of the tokens.",
    "LowBit. Mixed-precision quantization of keys and values.",
    "Prism. A survey of serving systems and their memory.",
    "DropIt. Layer-wise token eviction for long contexts.",
]
DF = {"token": 30, "eviction": 8, "evict": 8, "quantization": 9, "quantize": 9, "model": 400, "long": 200}


def test_papers_that_share_a_distinctive_word_are_grouped_under_it_best_first() -> None:
    groups = group("What are the main approaches to KV cache compression?", KV, FakeKeywordIndex(DF))
    assert groups == [Group("token eviction", [0, 2, 5]), Group("quantization", [1, 3]), Group(None, [4])]


def test_a_word_most_abstracts_use_or_the_question_says_groups_nothing() -> None:
    common = ["A model of tokens.", "A model of images.", "A model of graphs.", "A model of sound."]
    assert group("Which papers propose models?", common, FakeKeywordIndex(DF)) == []
    said = group("Which papers use quantization?", KV, FakeKeywordIndex(DF))
    assert said == [Group("token eviction", [0, 2, 5]), Group(None, [1, 3, 4])]
    assert group("Which papers reduce KV memory?", KV[:3], FakeKeywordIndex(DF)) == []  # three read fine flat


def test_mostly_unrelated_papers_stay_a_flat_list() -> None:
    texts = [KV[0], KV[2], "Prism. Serving.", "Orca. Batching.", "Vidur. Simulation.", "Sarathi. Chunked prefill."]
    assert group("Which papers reduce KV cache memory?", texts, FakeKeywordIndex(DF)) == []


def test_grouped_list_numbers_its_markers_in_the_order_it_shows_them() -> None:
    hits = [
        Hit.of_abstract(
            rank=i + 1, paper_id=f"p{i}", title=f"Paper {i}", url="", score=1.0, similarity=0.5, abstract=text
        )
        for i, text in enumerate(KV)
    ]
    items = [(h, h.abstract) for h in hits]
    groups = [Group("token eviction", [0, 2, 5]), Group("quantization", [1, 3]), Group(None, [4])]
    draft = compose.listing(items, 0, groups)
    shown = re.findall(r"\*\*Paper (\d)\*\* \[(\d)\]", draft.text)
    assert shown == [("0", "1"), ("2", "2"), ("5", "3"), ("1", "4"), ("3", "5"), ("4", "6")]
    assert [h.paper_id for h in draft.sources] == ["p0", "p2", "p5", "p1", "p3", "p4"]
    headings = re.findall(r"^\*\*([^*]+)\*\*$", draft.text, re.M)
    assert headings == ["Token eviction", "Quantization", "Other papers"]
    flat = compose.listing(items, 0)
    assert re.findall(r"\*\*Paper (\d)\*\* \[(\d)\]", flat.text)[:2] == [("0", "1"), ("1", "2")]


def test_a_group_is_named_by_the_words_around_its_word_that_it_writes_more_than_the_rest() -> None:
    drafting = ["Tree-based drafting with draft trees.", "We verify draft trees in parallel.", "Draft trees, pruned."]
    rest = ["A draft model proposes tokens.", "Early exit as a draft model.", "A draft model per layer."]
    assert _label("tree", drafting, FakeKeywordIndex(DF), rest) == "draft trees"
    everywhere = ["Diffusion language models.", "Masked language models.", "Language models decode in parallel."]
    assert _label("language", everywhere, FakeKeywordIndex(DF), everywhere) == "language"  # every group says it


def test_a_topic_phrase_is_its_words_in_order_with_short_endings() -> None:
    said = _phrase(["over", "smoothing"], ["over", "smooth"])
    assert (
        said.search("we study over-smoothing in gnns") and said.search("oversmoothing") and said.search("over smoothed")
    )
    assert not said.search("the overall smoothness of the loss")
    operators = _phrase(["neural", "operators"], ["neural", "oper"])
    assert operators.search("fourier neural operator") and not operators.search("neural operations")
    assert _phrase(["watermarking"], ["watermark"]).search("a watermarked image")
