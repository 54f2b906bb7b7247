"""What a part asks about a thing beyond its words (what it holds, what fails, what a method changes, why, a remedy
tried, where a thing comes from) and the sentences that say it: a bonus for those sentences when the part's are ranked
(rag.answering.ranking) and a follow-up's are quoted (rag.answering.quotes)."""

from __future__ import annotations

import re

from rag.calibration import CALIBRATION

# What a part asks about, and the sentences that say it: a closest sentence in meaning is often a
# result ("What does the benchmark contain?" found "the best model solves only 14%").
ASPECTS = [
    (  # what something holds: "a benchmark of 667 puzzlehunt-style problems", "consists of"
        # ... "what's inside their world model?" of "This world model comprises a deterministic ..." (blind 146)
        re.compile(
            r"\b(?:contain|consist|compris|made up of|composed of|what(?:'s|’s|\s+is|\s+are) in\b)|\binside\b", re.I
        ),
        re.compile(
            r"\b(?:consists of|comprises|contains|includes|composed of|made up of)|\b(?:benchmark|dataset|suite|corpus|"
            r"collection|set)s? (?:of|with) (?:over |about |nearly |more than )?\d",
            re.I,
        ),
    ),
    (  # what fails: "models exhibit myopic reasoning and lack sketching capabilities"
        # ... not the reason for one ("what's the main reason they give for counting failures?", blind 141)
        re.compile(
            # ... "where do the models fall down worst?" (blind 147)
            r"^(?!.*\b(?:why|reasons?|causes?)\b).*\b(?:weakness|limitation|shortcoming|failure|fail|struggle|pitfall|flaw"
            r"|fall (?:down|short|over)|trip (?:up|over))",
            re.I,
        ),
        re.compile(
            r"\b(?:lack|fail|struggl|bottleneck|limitation|shortcoming|weakness|error analysis|unable|brittle|"
            r"vulnerab|flaw|falter|misinterpret|fall short)",
            re.I,
        ),
    ),
    (  # what a method changes: "What does Dig-DEC change relative to optimistic DEC?" of "... Dig-DEC, that removes the
        # optimism mechanism in [FGQ+23]", not "Dig-DEC is always upper bounded by optimistic DEC" (blinds 116 to 140)
        re.compile(r"\bwhat\b.*\bchanges?\b|\bwhat(?:'s|’s|\s+is)\s+(?:new|different)\b", re.I),
        re.compile(r"\b(?:remov\w*|replac\w*|instead of|rather than|eliminat\w*|in place of|no longer)\b", re.I),
    ),
    (  # by how much a thing is cut: "by how much does it cut the dead neurons?" of "CSRv2 reduces dead neurons from 80%
        # to 20%", not "CSR ... where over 80% of neurons remain inactive" (blinds 137, 141)
        re.compile(r"\bhow (?:much|many|far)\b.*\b(?:cut|reduce|lower|shrink|decrease|drop)s?\b", re.I),
        re.compile(r"\b(?:reduc|cut|lower|decreas|shrink|drop)\w*\b[^.;]*?\bfrom\s+\$?[\d.]+\S*\s+to\s+\$?[\d.]", re.I),
    ),
    (  # why: "what's the main reason they give for counting failures?" of "Our analysis identifies a key reason: ..."
        # ... not what a thing is good for: "why would that help the tail classes?" (blind 137)
        re.compile(r"\b(?:reasons?|causes?|blame\w*|attribut\w*)\b|\bwhy\b(?!\s+(?:would|could|might|should)\b)", re.I),
        re.compile(r"\b(?:reasons?|because|due to|caus(?:e|es|ed|ing)|stems? from|attribut\w*|owing to)\b", re.I),
    ),
    (  # a remedy tried: "did they try to improve it?" of "We further explore two complementary approaches for
        # strengthening metacognition: ..." (blinds 117, 120, 133, 149), not a result ("improves accuracy by 5%")
        re.compile(
            r"\b(?:try|tried|attempt\w*)\b[^?]*\b(?:improv|strengthen|enhanc|boost|fix|mitigat|remed)\w*"
            r"|\b(?:improv|strengthen|enhanc|boost|fix|mitigat)\w*\s+(?:it|them|this|that)\b",
            re.I,
        ),
        re.compile(
            r"\b(?:approach(?:es)?|methods?|strateg(?:y|ies)|ways?|techniques?|remed(?:y|ies))\s+(?:for|to)\s+"
            r"(?:strengthen|improv|enhanc|boost|mitigat|remed|alleviat|fix)\w*",
            re.I,
        ),
    ),
    (  # where a thing comes from: "where does the reward come from if there are no labels?" of "The fidelity of this
        # reconstruction serves as an intrinsic reward signal" (blinds 118, 130, 152); "where does the benchmark data
        # come from?" of "SocialWM-bench, derived from real-world Polymarket data" (blinds 139, 153)
        re.compile(r"\bwhere\b[^?]*?\b(?:comes?|came|coming)\s+from\b|\bwhat\s+(?:serves|acts)\s+as\b", re.I),
        re.compile(
            r"\b(?:derived|drawn|collected|sourced|obtained|mined|curated|constructed|built|comes?|stems?)\s+from\b"
            r"|\b(?:serves?|acts?|functions?)\s+as\b",
            re.I,
        ),
    ),
]


def aspects_said(asked: str, sentence: str) -> float:
    """The bonus of a sentence saying the aspects of a thing asked (ASPECTS): what it holds, what fails, ..."""
    return CALIBRATION.method_bonus * sum(bool(a.search(asked) and says.search(sentence)) for a, says in ASPECTS)
