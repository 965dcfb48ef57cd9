"""`squidbox serve`: online play in the browser. FastAPI + WebSockets on uvicorn, tables stored
with SQLAlchemy (SQLite by default, PostgreSQL by URL), migrated with Alembic.

The API is documented in docs/web-api.md.
"""

from .app import create_app

__all__ = ["create_app"]
