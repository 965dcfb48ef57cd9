"""Markdown to HTML for the rulings pages, with markdown-it-py (CommonMark plus tables).

Raw HTML is off: any markup in a document is shown as text, never passed to the page. Links keep
only http(s), relative and in-page addresses (markdown-it's own link check, narrowed further).
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt

_SAFE_LINK = re.compile(r"^(https?://|/|#|\./|\.\./|[\w.-]+(/|$|#))", re.IGNORECASE)


def _safe_link(url: str) -> bool:
    return bool(_SAFE_LINK.match(url.strip()))


_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
_MARKDOWN.validateLink = _safe_link  # type: ignore[method-assign]


def markdown_to_html(text: str) -> str:
    """The document as HTML; the result is safe to put inside a page."""
    return str(_MARKDOWN.render(text)).strip()


def inline(text: str) -> str:
    """One line of Markdown (emphasis, code, links) as HTML, without a paragraph around it."""
    return str(_MARKDOWN.renderInline(text))
