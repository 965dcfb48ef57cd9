"""A small, safe Markdown-to-HTML converter for the rulings pages.

It knows headings, bulleted and numbered lists (with indented continuation lines), pipe tables,
fenced code blocks, paragraphs, and inline **strong**, *emphasis*, `code` and [links](url).
Every piece of source text is HTML-escaped first, so no markup in a document reaches the page;
links keep only http(s), relative and in-page addresses.
"""

from __future__ import annotations

import html
import re

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^\s*[-*+]\s+(.*)$")
_NUMBERED = re.compile(r"^\s*\d+[.)]\s+(.*)$")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_CODE_SPAN = re.compile(r"`([^`]+)`")
_STRONG = re.compile(r"\*\*(.+?)\*\*|__(.+?)__")
_EMPHASIS = re.compile(
    r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])|(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)"
)
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_WEB_URL = re.compile(r"^https?://", re.IGNORECASE)


def markdown_to_html(text: str) -> str:
    """The document as HTML; the result is safe to put inside a page."""
    lines = text.replace("\r\n", "\n").split("\n")
    blocks: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
        elif line.lstrip().startswith("```"):
            i = _code_block(lines, i, blocks)
        elif _HEADING.match(line):
            level, title = _HEADING.match(line).groups()  # type: ignore[union-attr]
            blocks.append(f"<h{len(level)}>{inline(title)}</h{len(level)}>")
            i += 1
        elif _is_table_start(lines, i):
            i = _table(lines, i, blocks)
        elif _BULLET.match(line) or _NUMBERED.match(line):
            i = _list(lines, i, blocks)
        else:
            i = _paragraph(lines, i, blocks)
    return "\n".join(blocks)


def inline(text: str) -> str:
    """Escape a line of text, then turn its inline Markdown into HTML."""
    codes: list[str] = []

    def keep_code(match: re.Match[str]) -> str:
        codes.append(f"<code>{html.escape(match.group(1), quote=False)}</code>")
        return f"\x00{len(codes) - 1}\x00"

    text = _CODE_SPAN.sub(keep_code, text)
    text = html.escape(text, quote=True)
    text = _LINK.sub(_link, text)
    text = _STRONG.sub(lambda m: f"<strong>{m.group(1) or m.group(2)}</strong>", text)
    text = _EMPHASIS.sub(lambda m: f"<em>{m.group(1) or m.group(2)}</em>", text)
    return re.sub(r"\x00(\d+)\x00", lambda m: codes[int(m.group(1))], text)


def _link(match: re.Match[str]) -> str:
    label, url = match.group(1), match.group(2)
    return f'<a href="{url}">{label}</a>' if _safe_url(html.unescape(url)) else label


def _safe_url(url: str) -> bool:
    """Web addresses, and relative or in-page ones (no scheme such as javascript:)."""
    first = re.split(r"[/?#]", url, maxsplit=1)[0]
    return _WEB_URL.match(url) is not None or ":" not in first


def _code_block(lines: list[str], i: int, blocks: list[str]) -> int:
    body = []
    i += 1
    while i < len(lines) and not lines[i].lstrip().startswith("```"):
        body.append(lines[i])
        i += 1
    blocks.append(f"<pre><code>{html.escape(chr(10).join(body), quote=False)}</code></pre>")
    return i + 1


def _is_table_start(lines: list[str], i: int) -> bool:
    return ("|" in lines[i] and i + 1 < len(lines) and _TABLE_RULE.match(lines[i + 1]) is not None)


def _cells(line: str) -> list[str]:
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|") and not line.endswith("\\|"):
        line = line[:-1]
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", line)]


def _table(lines: list[str], i: int, blocks: list[str]) -> int:
    header = _cells(lines[i])
    rows = []
    i += 2
    while i < len(lines) and "|" in lines[i] and lines[i].strip():
        rows.append(_cells(lines[i]))
        i += 1
    head = "".join(f"<th>{inline(cell)}</th>" for cell in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{inline(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    blocks.append(f'<div class="table-wrap"><table><thead><tr>{head}</tr></thead>'
                  f"<tbody>{body}</tbody></table></div>")
    return i


def _list(lines: list[str], i: int, blocks: list[str]) -> int:
    numbered = _NUMBERED.match(lines[i]) is not None
    pattern = _NUMBERED if numbered else _BULLET
    items: list[str] = []
    while i < len(lines):
        line = lines[i]
        match = pattern.match(line)
        if match and not line.startswith(("    ", "\t")):
            items.append(match.group(1).strip())
        elif items and line.strip() and line[:1] in (" ", "\t"):
            items[-1] += " " + line.strip()
        else:
            break
        i += 1
    tag = "ol" if numbered else "ul"
    body = "".join(f"<li>{inline(item)}</li>" for item in items)
    blocks.append(f"<{tag}>{body}</{tag}>")
    return i


def _paragraph(lines: list[str], i: int, blocks: list[str]) -> int:
    text: list[str] = []
    while i < len(lines):
        line = lines[i]
        if (not line.strip() or _HEADING.match(line) or line.lstrip().startswith("```")
                or _BULLET.match(line) or _NUMBERED.match(line) or _is_table_start(lines, i)):
            break
        text.append(line.strip())
        i += 1
    blocks.append(f"<p>{inline(' '.join(text))}</p>")
    return i
