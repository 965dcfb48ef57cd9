"""Table leases in PostgreSQL: which server process (node) owns each table (docs/web-api.md,
"Several processes").

A lease row says: node N owns table T under generation G until `expires_at` (the database's clock,
so the processes' clocks need not agree). It is taken with one conditional INSERT ... ON CONFLICT
DO UPDATE: only when there is none, it ran out, or N itself held it; each take adds one to G.
The owner renews all its leases in one UPDATE every RENEW_SECONDS. Every write of a table (its
actions, seats, status, snapshot, chat) first locks its lease row and checks owner and
generation (Storage._fence), so a process that lost a lease (paused, cut off, presumed dead) can
never store anything for that table again, and a takeover waits for a write in flight and then
loads it (a write left open by a paused process is rolled back by PostgreSQL after
storage.IDLE_IN_TRANSACTION_SECONDS, so it cannot hold a takeover up longer). The methods are
blocking: the server runs them in its database thread.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from sqlalchemy import delete, func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import IntegrityError

from .storage import OPEN, PLAYING, LeaseRow, NodeRow, SettingRow, Storage, TableRow

# The timings, in one place. A lease lasts LEASE_SECONDS and is renewed every RENEW_SECONDS, so
# two renewals may fail (a slow database, a long pause) before it runs out. Every
# SWEEP_SECONDS each process looks for unfinished tables whose lease ran out and takes them
# over: a killed owner's tables resume elsewhere within LEASE_SECONDS + SWEEP_SECONDS (plus the
# time to rebuild them) of its last renewal.
LEASE_SECONDS = 6.0
RENEW_SECONDS = 2.0
SWEEP_SECONDS = 1.0
TAKE_AT_ONCE = 50  # tables one sweep takes over at most (the rest in the next sweeps)


class Leases:
    """The lease, node and shared-secret rows of one node."""

    def __init__(self, storage: Storage, node: str) -> None:
        self.storage = storage
        self.node = node
        self.engine = storage.engine
        storage.node = node
        storage.lease_seconds = LEASE_SECONDS

    def _until(self) -> object:
        return func.now() + timedelta(seconds=LEASE_SECONDS)

    def take(self, table_id: str) -> int | None:
        """Take the table's lease when it is free (none, ran out, or already this node's): its
        new generation; None when a live node holds it; 0 when there is no such table."""
        row = insert(LeaseRow).values(table_id=table_id, owner=self.node, generation=1,
                                      expires_at=self._until())
        row = row.on_conflict_do_update(
            index_elements=[LeaseRow.table_id],
            set_={"owner": self.node, "generation": LeaseRow.generation + 1,
                  "expires_at": self._until()},
            where=(LeaseRow.expires_at < func.now()) | (LeaseRow.owner == self.node))
        try:
            with self.engine.begin() as connection:
                generation = connection.execute(row.returning(LeaseRow.generation)).scalar()
        except IntegrityError:  # no such table (the foreign key)
            return 0
        if generation is None:
            return None
        self.storage.fences[table_id] = int(generation)
        return int(generation)

    def owner(self, table_id: str) -> str | None:
        """The live node that holds the table's lease; None when none does."""
        with self.engine.begin() as connection:
            return connection.execute(
                select(LeaseRow.owner).where(LeaseRow.table_id == table_id,
                                             LeaseRow.expires_at >= func.now())).scalar()

    def renew(self, tables: list[str]) -> dict[str, int]:
        """Renew this node's leases of `tables` (those it plays) and its node row; the leases
        it still holds (id: generation)."""
        with self.engine.begin() as connection:
            held = connection.execute(
                update(LeaseRow).where(LeaseRow.owner == self.node,
                                       LeaseRow.table_id.in_(tables))
                .values(expires_at=self._until())
                .returning(LeaseRow.table_id, LeaseRow.generation)).all() if tables else []
            beat = insert(NodeRow).values(node=self.node, expires_at=self._until())
            connection.execute(beat.on_conflict_do_update(
                index_elements=[NodeRow.node], set_={"expires_at": self._until()}))
        return {table_id: generation for table_id, generation in held}

    def join(self) -> bool:
        """Write this node's row, unless a live process already has its name (False)."""
        row = insert(NodeRow).values(node=self.node, expires_at=self._until())
        row = row.on_conflict_do_update(index_elements=[NodeRow.node],
                                        set_={"expires_at": self._until()},
                                        where=NodeRow.expires_at < func.now())
        with self.engine.begin() as connection:
            return connection.execute(row.returning(NodeRow.node)).first() is not None

    def live_nodes(self) -> set[str]:
        with self.engine.begin() as connection:
            return set(connection.execute(
                select(NodeRow.node).where(NodeRow.expires_at >= func.now())).scalars())

    def orphans(self) -> list[str]:
        """Unfinished tables without a live lease (their owner died, or none took them yet),
        or leased to this node's name (by its previous run)."""
        live = select(LeaseRow.table_id).where(LeaseRow.expires_at >= func.now(),
                                               LeaseRow.owner != self.node)
        query = (select(TableRow.id).where(TableRow.status.in_((PLAYING, OPEN)),
                                           TableRow.id.not_in(live))
                 .order_by(TableRow.created).limit(TAKE_AT_ONCE))
        with self.engine.begin() as connection:
            return list(connection.execute(query).scalars())

    def release(self, held: dict[str, int]) -> None:
        """Give up leases (table id: generation; a table forgotten, the process stopping):
        another process may take them at once."""
        with self.engine.begin() as connection:
            for table_id, generation in held.items():
                connection.execute(delete(LeaseRow).where(
                    LeaseRow.table_id == table_id, LeaseRow.owner == self.node,
                    LeaseRow.generation == generation))

    def leave(self) -> None:
        """This node stops: its node row goes (sockets relayed to it close at once)."""
        with self.engine.begin() as connection:
            connection.execute(delete(NodeRow).where(NodeRow.node == self.node))

    def shared_secret(self) -> bytes:
        """The server secret (mixed into seeds), the same for every process: the first process
        to start makes it."""
        made = insert(SettingRow).values(name="secret", value=secrets.token_hex(32))
        with self.engine.begin() as connection:
            connection.execute(made.on_conflict_do_nothing(index_elements=[SettingRow.name]))
            value = connection.execute(
                select(SettingRow.value).where(SettingRow.name == "secret")).scalar_one()
        return bytes.fromhex(value)
