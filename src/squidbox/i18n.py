"""The reader's language: German and English message catalogs (Babel/gettext).

Every text a player reads goes through `gettext` (imported as `_`) or `ngettext`; the English
text is the message id and English is the fallback for anything without a translation.

    from squidbox.i18n import gettext as _, ngettext
    _("Your turn")
    _("{name} joined").format(name=name)        # format after translating
    ngettext("{n} card", "{n} cards", n).format(n=n)

The language is a context variable: the web server sets it per request (the `lang` cookie the
page's language switch writes, else the browser's Accept-Language), the terminal from `--lang`
or LANG. Texts defined at import time are marked with `N_` (extraction only) and translated
where they are shown.

The catalogs are `locale/<lang>/LC_MESSAGES/squidbox.po`, compiled to `.mo` next to them; both
are committed (tests/test_i18n_catalogs.py checks the `.mo` matches its `.po`), so a checkout,
an editable install and the wheel all work without a build step. README "Languages" has the
extract/update/compile commands.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

DOMAIN = "squidbox"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = {"en": "English", "de": "Deutsch"}  # code: the language's own name
DEFAULT = "en"
COOKIE = "lang"
LINK_COOKIE = "lang_link"  # a `?lang=` page's language, for the pages and requests of its visit

_language: ContextVar[str] = ContextVar("squidbox_language", default=DEFAULT)


@cache
def translations(language: str) -> _gettext.NullTranslations:
    """The compiled catalog of `language` (English and unknown codes: no translation)."""
    if language == DEFAULT:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, [language], fallback=True)


def current() -> str:
    """The language of the text being made now."""
    return _language.get()


def set_language(language: str | None) -> None:
    """Make `language` (a supported code, else English) the current one in this context."""
    _language.set(supported(language) or DEFAULT)


@contextmanager
def language(code: str | None) -> Iterator[str]:
    """`with language("de"):` makes texts in German inside the block."""
    token = _language.set(supported(code) or DEFAULT)
    try:
        yield _language.get()
    finally:
        _language.reset(token)


def gettext(message: str) -> str:
    return translations(_language.get()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return translations(_language.get()).ngettext(singular, plural, count)


def N_(message: str) -> str:  # noqa: N802 (the gettext convention)
    """Marks a text for extraction without translating it (it is translated where shown)."""
    return message


def supported(code: str | None) -> str | None:
    """The supported language a code such as "de", "de-AT" or "de_DE.UTF-8" names, or None."""
    if not code:
        return None
    base = code.strip().replace("_", "-").split(".")[0].split("-")[0].lower()
    return base if base in LANGUAGES else None


def from_accept_language(header: str | None) -> str:
    """The best supported language of an Accept-Language header ("de-DE,de;q=0.9,en;q=0.8")."""
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        code, _sep, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        found = supported(code)
        if found and weight > 0:
            choices.append((-weight, index, found))
    return min(choices)[2] if choices else DEFAULT


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The terminal's language from LANGUAGE, LC_ALL, LC_MESSAGES or LANG (gettext's order)."""
    variables = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = variables.get(name)
        if value:
            for code in value.split(":"):
                if supported(code):
                    return supported(code) or DEFAULT
            return DEFAULT
    return DEFAULT


def for_request(cookie: str | None, accept_language: str | None, query: str | None = None,
                link: str | None = None) -> str:
    """A page's language: `?lang=` first, then the language a `?lang=` page of this visit was
    in (`link`, so that its table connection, its API answers and the pages opened from it
    speak it too), then the page's language switch (cookie), then the browser's
    Accept-Language."""
    return (supported(query) or supported(link) or supported(cookie)
            or from_accept_language(accept_language))


@cache
def catalog(language: str) -> dict[str, Any]:
    """The catalog of `language` for the browser (i18n.js): msgid -> text, and for plurals
    msgid -> [forms] with the plural rule's expression under "" (empty for English)."""
    found = translations(language)
    messages = getattr(found, "_catalog", {})
    out: dict[str, Any] = {}
    for key, text in messages.items():
        if isinstance(key, tuple):
            msgid, index = key
            forms = out.setdefault(msgid, [])
            forms.extend([""] * (index + 1 - len(forms)))
            forms[index] = text
        elif key:
            out[key] = text
    return out

