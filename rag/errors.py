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


def reason(exc: BaseException) -> str:
    """Why exc happened, in one line of at most 300 characters, with its deepest cause when that says more.

    Client libraries wrap the useful part: openai says only "Connection error." above the
    "Connection refused" underneath.
    """
    text = str(exc).strip() or type(exc).__name__
    deepest = next((c for c in reversed(list(_causes(exc))) if str(c).strip()), None)
    if deepest is not None and str(deepest).strip() not in text:
        text = f"{text} ({str(deepest).strip()})"
    return one_line(text)


def one_line(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 300 else text[:297] + "..."


def _causes(exc: BaseException) -> list[BaseException]:
    seen, chain = {id(exc)}, []
    cause = exc.__cause__ or exc.__context__
    while cause is not None and id(cause) not in seen:
        seen.add(id(cause))
        chain.append(cause)
        cause = cause.__cause__ or cause.__context__
    return chain


def json_kind(value: object) -> str:
    """What a value is, in JSON's words: the API and batch files send JSON, and their writers read these."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, dict):
        return "an object"
    return "a list" if isinstance(value, (list, tuple)) else type(value).__name__
