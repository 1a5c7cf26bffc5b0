import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, contacts, contactTags, plans, tags } from '../db/schema';
import { openTestDatabase, type TestDatabase } from '../test/database';
import type { Db } from './database';
import { type TenantDb, tenantDb } from './tenant';

let database: TestDatabase;
let db: Db;
let a: TenantDb;
let b: TenantDb;
let aliceId: number;
let bobId: number;

async function aCompanyNamed(name: string) {
  const [plan] = await db.select({ id: plans.id }).from(plans).limit(1);
  const planId =
    plan?.id ?? (await db.insert(plans).values({ name: 'Plan' }).returning({ id: plans.id }))[0]!.id;
  const [company] = await db.insert(companies).values({ name, planId }).returning();
  return company!.id;
}

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  a = tenantDb(db, await aCompanyNamed('A'));
  b = tenantDb(db, await aCompanyNamed('B'));
  const contact = async (t: TenantDb, name: string, number: string) =>
    (await t.insert(contacts).values({ name, number }).returning({ id: contacts.id }))[0]!.id;
  aliceId = await contact(a, 'Alice', '5511900000001');
  bobId = await contact(b, 'Bob', '5511900000002');
});
afterAll(() => database.close());

describe('the tenant handle', () => {
  it('fills the company in on insert, whatever the caller wrote there', async () => {
    const [row] = await a
      .insert(contacts)
      .values({ name: 'Ana', number: '5511900000003', companyId: b.companyId })
      .returning();
    expect(row!.companyId).toBe(a.companyId);
  });

  it('selects only its company’s rows, with or without a condition of the caller', async () => {
    expect((await a.select().from(contacts)).every((c) => c.companyId === a.companyId)).toBe(true);
    expect(await a.select().from(contacts).where(eq(contacts.id, bobId))).toEqual([]);
    expect(await a.select({ id: contacts.id }).from(contacts).where(undefined)).not.toContainEqual({
      id: bobId,
    });
  });

  it('keeps the company when the condition is given as a function of the fields, or after a join', async () => {
    const byFunction = await a
      .select({ id: contacts.id })
      .from(contacts)
      .where((fields) => eq(fields.id, bobId));
    expect(byFunction).toEqual([]);
    await b.insert(tags).values({ name: 'vip', color: '#000000' });
    const [bTag] = await b.select().from(tags);
    await db.insert(contactTags).values({ contactId: bobId, tagId: bTag!.id });
    // Reaching B's contact through a link table and an unscoped condition still finds nothing of B's.
    const joined = await a
      .select({ contact: contacts.name, tag: tags.name })
      .from(contactTags)
      .innerJoin(contacts, eq(contacts.id, contactTags.contactId))
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .where(eq(contactTags.contactId, bobId));
    expect(joined).toEqual([]);
    const left = await b
      .select({ contact: contacts.name, tag: tags.name })
      .from(contacts)
      .leftJoin(contactTags, eq(contactTags.contactId, contacts.id))
      .leftJoin(tags, eq(tags.id, contactTags.tagId))
      .where(eq(contacts.id, bobId));
    expect(left).toEqual([{ contact: 'Bob', tag: 'vip' }]);
  });

  it('scopes subqueries built with it', async () => {
    const ids = a.select({ id: contacts.id }).from(contacts);
    const rows = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(inArray(contacts.id, ids))
      .orderBy(asc(contacts.id));
    expect(rows.map((r) => r.id)).toContain(aliceId);
    expect(rows.map((r) => r.id)).not.toContain(bobId);
  });

  it('updates and deletes only its company’s rows, and never moves a row to another company', async () => {
    expect(await a.update(contacts).set({ name: 'Taken' }).where(eq(contacts.id, bobId)).returning()).toEqual(
      [],
    );
    const [moved] = await a
      .update(contacts)
      .set({ name: 'Alice Souza', companyId: b.companyId })
      .where(eq(contacts.id, aliceId))
      .returning();
    expect(moved).toMatchObject({ name: 'Alice Souza', companyId: a.companyId });
    expect(await a.delete(contacts).where(eq(contacts.id, bobId)).returning()).toEqual([]);
    const [bob] = await db.select().from(contacts).where(eq(contacts.id, bobId));
    expect(bob).toMatchObject({ name: 'Bob', companyId: b.companyId });
  });

  it('sees its own company row only, and keeps its scope inside a transaction', async () => {
    expect((await a.select({ id: companies.id }).from(companies)).map((c) => c.id)).toEqual([a.companyId]);
    const inside = await a.transaction(async (tx) => {
      await tx.update(contacts).set({ active: false }).where(sql`true`);
      return tx.select({ id: contacts.id, active: contacts.active }).from(contacts);
    });
    expect(inside.every((c) => !c.active)).toBe(true);
    const [bob] = await db.select({ active: contacts.active }).from(contacts).where(eq(contacts.id, bobId));
    expect(bob?.active).toBe(true);
    const scoped = await b
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.active, true)));
    expect(scoped).toEqual([{ id: bobId }]);
  });
});
