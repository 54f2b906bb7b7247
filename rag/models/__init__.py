"""Models: a prompt in, text streamed token by token out, behind one chat-model seam.

`llm` holds the local causal LM (the bundled SmolLM2, converted once) and the factory keyed
by `Settings.llm_backend`; `hosted` is any OpenAI-compatible server. Takes prompts, gives text
streamed token by token; a failure is a `BackendError`, never a silent switch to another model.
"""
