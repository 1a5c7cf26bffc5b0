import { sql } from 'drizzle-orm';
import type { Db } from '../platform/database';

/**
 * Fake time for the jobs (docs/architecture.md "Tests": fakes only at the edge of the world, the clock among
 * them). The jobs read the database's atendo_now(); this replaces it with now() plus a shift kept in a
 * table, so every server on the test's database sees the same moved clock.
 */
export class FakeClock {
  private constructor(private readonly db: Db) {}

  static async install(db: Db) {
    await db.execute(
      sql`create table if not exists test_clock (id int primary key, shift interval not null)`,
    );
    await db.execute(sql`create or replace function atendo_now() returns timestamptz language sql stable as
      $$ select now() + coalesce((select shift from test_clock where id = 1), interval '0') $$`);
    return new FakeClock(db);
  }

  /** Moves the jobs' clock forward. */
  async advance(by: { minutes?: number; hours?: number; seconds?: number }) {
    const ms = ((by.hours ?? 0) * 60 + (by.minutes ?? 0)) * 60_000 + (by.seconds ?? 0) * 1000;
    await this.db.execute(sql`insert into test_clock (id, shift) values (1, ${ms} * interval '1 millisecond')
      on conflict (id) do update set shift = test_clock.shift + excluded.shift`);
  }

  /** Back to the real time: jobs armed since are due when they would really be. */
  async reset() {
    await this.db.execute(sql`delete from test_clock`);
  }
}
