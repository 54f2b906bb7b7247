"""One error hierarchy. Library code raises these; the CLI and the UI translate them."""


class RagError(Exception):
    """Base of every error the product reports to a person (one clear line, no traceback)."""


class ConfigError(RagError):
    """A setting is wrong or names something unknown."""


class StoreError(RagError):
    """The index folder or Chroma server cannot be used (missing, corrupt, read-only, down)."""


class InputError(RagError):
    """A corpus file or a question cannot be used as given."""


class BackendError(RagError):
    """The LLM backend failed: unreachable, timed out, refused or returned garbage."""


def unknown_key(kind: str, key: str, choices: list[str] | tuple[str, ...]) -> ConfigError:
    """The error every factory raises for a key it does not know."""
    return ConfigError(f"unknown {kind} {key!r}; choose one of: {', '.join(sorted(choices))}")
