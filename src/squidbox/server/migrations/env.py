"""Alembic environment: migrates the engine the server hands over, or the URL given by
`-x database=URL` (else sqlalchemy.url of alembic.ini)."""

from __future__ import annotations

from alembic import context

from squidbox.server.storage import Base, make_engine

config = context.config


def run_migrations() -> None:
    engine = config.attributes.get("engine")
    if engine is None:
        url = context.get_x_argument(as_dictionary=True).get("database")
        # alembic.ini always sets sqlalchemy.url
        engine = make_engine(url or config.get_main_option("sqlalchemy.url"))  # type: ignore[arg-type]
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=Base.metadata,
                          render_as_batch=connection.dialect.name == "sqlite")
        with context.begin_transaction():
            context.run_migrations()
        connection.commit()


run_migrations()
