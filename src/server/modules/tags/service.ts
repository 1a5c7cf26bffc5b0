import { and, asc, eq } from 'drizzle-orm';
import type { Tag } from '../../../shared/api/tags';
import type { DbOrTx } from '../../db/client';
import { tags } from '../../db/schema';
import type { Actor } from '../../http/actor';

/** The company's tags by name; with `kanban`, only those with that flag (1: the kanban's columns). */
export function listTags(db: DbOrTx, actor: Actor, kanban?: number): Promise<Tag[]> {
  return db
    .select({ id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban })
    .from(tags)
    .where(
      and(eq(tags.companyId, actor.companyId), kanban === undefined ? undefined : eq(tags.kanban, kanban)),
    )
    .orderBy(asc(tags.name));
}
