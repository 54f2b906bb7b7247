"""The web page over rag (ui/app.py builds it)."""

from typing import Any

# the page's own handlers stay off the public API; /ask is the one endpoint meant for clients
PRIVATE: dict[str, Any] = {"api_visibility": "private"}


def box_and_button(placeholder: str, button: str, box_id: str, button_id: str) -> tuple[Any, Any]:
    """A one-line text box with its button beside it, in a row."""
    import gradio as gr

    with gr.Row():
        box = gr.Textbox(placeholder=placeholder, show_label=False, scale=5, elem_id=box_id)
        return box, gr.Button(button, scale=1, elem_id=button_id)
