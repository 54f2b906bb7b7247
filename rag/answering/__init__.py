"""Answering: a question, its reading and its hits in, a checked `types.Answer` out.

`pipeline.Assistant` runs the stages in order: papers first (`evidence`), sentences for each
asked part, a text composed per kind of answer (`compose`, `extractive`, or a model through
`prompts`), every sentence checked against what it cites (`grounding`). Around it:
`approaches` groups a list, `followups` suggests next questions, `export` writes BibTeX,
Markdown and CSV.
"""
