"""Reading: a question and the conversation so far in, what it asks out.

`questions` gives a `Reading` (kind, asked parts, what each part wants) from the words alone;
`turns` reads the history a client sends into `types.Turn`s and says what a follow-up points
at; `text` is the one sentence splitter, coined-name finder and the word lists they use. Pure
functions over strings: nothing here imports a store, an embedder or LangChain.
"""
