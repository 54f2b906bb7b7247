"""The web page over rag (ui/app.py builds it)."""

from typing import Any

# the page's own handlers stay off the public API; /ask is the one endpoint meant for clients
PRIVATE: dict[str, Any] = {"api_visibility": "private"}
