import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tag, TagWithCounts, tagBody, tagsRoutes } from '../../../shared/api/tags';
import type { TagEvent } from '../../../shared/realtime';
import { isUniqueViolation } from '../../db/errors';
import { escapeLike } from '../../db/like';
import { contactTags, tags, ticketTags } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { AppError, notFound } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/database';
import { type EventSink, toCompany } from '../../platform/events';

export const TAGS_PAGE_SIZE = 20;

type TagInput = z.output<typeof tagBody>;
type TagChange = z.output<(typeof tagsRoutes)['update']['body']>;
type PageQuery = z.output<(typeof tagsRoutes)['page']['query']>;

const fields = { id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban };

const ofCompany = (actor: Actor, id: number) => and(eq(tags.id, id), eq(tags.companyId, actor.companyId));

const kanbanIs = (kanban?: number) => (kanban === undefined ? undefined : eq(tags.kanban, kanban));

/** The company's tags by name; with `kanban`, only those with that flag (1: the kanban's columns). */
export function listTags(db: DbOrTx, actor: Actor, kanban?: number): Promise<Tag[]> {
  return db
    .select(fields)
    .from(tags)
    .where(and(eq(tags.companyId, actor.companyId), kanbanIs(kanban)))
    .orderBy(asc(tags.name));
}

/**
 * GET /tags: a page of the company's tags by name, each with its ticket and contact counts. The counts
 * are correlated counts over the tag indexes of the link tables, for the page's rows only: one query.
 */
export async function pageTags(db: DbOrTx, actor: Actor, query: PageQuery) {
  const search = query.searchParam.trim();
  const where = and(
    eq(tags.companyId, actor.companyId),
    kanbanIs(query.kanban),
    search ? ilike(tags.name, `%${escapeLike(search)}%`) : undefined,
  );
  const offset = (query.pageNumber - 1) * TAGS_PAGE_SIZE;
  const [page, [total]] = await Promise.all([
    db
      .select({
        ...fields,
        ticketsCount:
          sql<number>`(select count(*) from ${ticketTags} where ${ticketTags.tagId} = ${tags.id})`.mapWith(
            Number,
          ),
        contactsCount:
          sql<number>`(select count(*) from ${contactTags} where ${contactTags.tagId} = ${tags.id})`.mapWith(
            Number,
          ),
      })
      .from(tags)
      .where(where)
      .orderBy(asc(tags.name), asc(tags.id))
      .limit(TAGS_PAGE_SIZE)
      .offset(offset),
    db.select({ n: count() }).from(tags).where(where),
  ]);
  const rows: TagWithCounts[] = page;
  return { tags: rows, count: total!.n, hasMore: offset + rows.length < total!.n };
}

/** A tag of the caller's company; another company's tag does not exist here. */
export async function findTag(db: DbOrTx, actor: Actor, id: number): Promise<Tag> {
  const [tag] = await db.select(fields).from(tags).where(ofCompany(actor, id));
  if (!tag) throw notFound('ERR_NO_TAG_FOUND');
  return tag;
}

/** The unique index decides, so two saves of one name at once cannot both succeed. */
function refusal(err: unknown): never {
  if (isUniqueViolation(err, 'tags_company_name_unique'))
    throw new AppError('ERR_TAG_NAME_ALREADY_EXISTS', 409);
  throw err;
}

/** 3-automation §7: `company{id}-tag` to everyone of the company (every user may use tags). */
const announce = (sink: EventSink, actor: Actor, payload: TagEvent) =>
  sink.publish(toCompany('tag', actor.companyId, payload));

export async function createTag(db: DbOrTx, actor: Actor, input: TagInput, sink: EventSink) {
  const [tag] = await db
    .insert(tags)
    .values({ ...input, companyId: actor.companyId })
    .returning(fields)
    .catch(refusal);
  announce(sink, actor, { action: 'create', tag: tag! });
  return tag!;
}

export async function updateTag(db: DbOrTx, actor: Actor, id: number, input: TagChange, sink: EventSink) {
  const [tag] = await db
    .update(tags)
    .set({ ...input, updatedAt: new Date() })
    .where(ofCompany(actor, id))
    .returning(fields)
    .catch(refusal);
  if (!tag) throw notFound('ERR_NO_TAG_FOUND');
  announce(sink, actor, { action: 'update', tag });
  return tag;
}

/** The links to tickets and contacts go with the tag (foreign keys cascade). */
export async function deleteTag(db: DbOrTx, actor: Actor, id: number, sink: EventSink) {
  const removed = await db.delete(tags).where(ofCompany(actor, id)).returning({ id: tags.id });
  if (removed.length === 0) throw notFound('ERR_NO_TAG_FOUND');
  announce(sink, actor, { action: 'delete', tagId: id });
  return { ok: true as const };
}
