"""The rulings' Markdown (markdown-it-py, raw HTML off): what it renders, and that no HTML or
unsafe link gets through."""

from __future__ import annotations

from squidbox.web.markdown import inline, markdown_to_html


def test_headings_paragraphs_and_emphasis() -> None:
    html = markdown_to_html("# Title\n\nSome **bold** and *soft* and _also_ text\nwrapped.\n")
    assert html == ("<h1>Title</h1>\n"
                    "<p>Some <strong>bold</strong> and <em>soft</em> and <em>also</em> text\n"
                    "wrapped.</p>")


def test_lists_keep_their_continuation_lines() -> None:
    html = markdown_to_html("1. **One.** first\n   more of one\n2. two\n\n- a\n- b `x`\n")
    assert html.replace("\n", "") == (
        "<ol><li><strong>One.</strong> firstmore of one</li><li>two</li></ol>"
        "<ul><li>a</li><li>b <code>x</code></li></ul>")


def test_tables() -> None:
    html = markdown_to_html("| What | Value |\n|---|---|\n| cards | **9** |\n| a \\| b | `c` |\n")
    html = html.replace("\n", "")
    assert "<thead><tr><th>What</th><th>Value</th></tr></thead>" in html
    assert "<tr><td>cards</td><td><strong>9</strong></td></tr>" in html
    assert "<tr><td>a | b</td><td><code>c</code></td></tr>" in html


def test_fenced_code_is_escaped_and_kept_verbatim() -> None:
    html = markdown_to_html("```\n<b>x</b> **not bold**\n```\n")
    assert html == "<pre><code>&lt;b&gt;x&lt;/b&gt; **not bold**\n</code></pre>"


def test_html_in_the_source_is_escaped_everywhere() -> None:
    source = ('# <script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n'
              "- <i>item</i>\n\n| <b>h</b> |\n|---|\n| <u>c</u> |\n\n"
              "<div>\n<script>alert(2)</script>\n</div>\n")
    html = markdown_to_html(source)
    assert "<script" not in html and "<img" not in html and "<i>" not in html
    assert "<b>" not in html and "<u>" not in html and "<div>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in html


def test_links_keep_only_safe_addresses() -> None:
    assert inline("[rules](https://example.org/a)") == '<a href="https://example.org/a">rules</a>'
    assert inline("[page](/rules/grid_squid)") == '<a href="/rules/grid_squid">page</a>'
    assert "<a" not in inline("[bad](javascript:alert(1))")
    assert "<a" not in inline("[bad](data:text/html,<b>x</b>)")
    assert "<a" not in inline("[bad](vbscript:x)")
    assert inline('[q](https://x.org/"onmouseover=)') == (
        '<a href="https://x.org/%22onmouseover=">q</a>')
