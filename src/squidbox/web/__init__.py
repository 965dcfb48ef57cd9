"""The browser client: HTML pages and static assets served by `squidbox serve`."""

from .pages import mount_web

__all__ = ["mount_web"]
