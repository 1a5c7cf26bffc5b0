import { asc, eq, inArray } from 'drizzle-orm';
import type { ChatbotInput, ChatbotOption, ChatbotType } from '../../../shared/api/chatbots';
import { chatbots, fileLists, queues, users } from '../../db/schema';
import type { TenantDb } from '../../platform/tenant';

export type ChatbotRow = typeof chatbots.$inferSelect;

/** Every option of the given queues (all levels), siblings in menu order. */
export function optionRowsOf(db: TenantDb, queueIds: number[]) {
  if (queueIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(chatbots)
    .where(inArray(chatbots.queueId, queueIds))
    .orderBy(asc(chatbots.position), asc(chatbots.id));
}

export async function findOptionRow(db: TenantDb, id: number) {
  const [row] = await db.select().from(chatbots).where(eq(chatbots.id, id));
  return row;
}

/** Removes an option of the company with everything under it; answers whether it existed. */
export async function deleteOptionRow(db: TenantDb, id: number) {
  const removed = await db.delete(chatbots).where(eq(chatbots.id, id)).returning({ id: chatbots.id });
  return removed.length > 0;
}

/** The ids of the company's queues. */
export async function queueIdsOf(db: TenantDb) {
  return (await db.select({ id: queues.id }).from(queues)).map((queue) => queue.id);
}

export async function findQueueId(db: TenantDb, id: number) {
  const [queue] = await db.select({ id: queues.id }).from(queues).where(eq(queues.id, id));
  return queue?.id;
}

/** What an option may point at. */
const TARGETS = { queue: queues, user: users, fileList: fileLists };

/** How many of `ids` (zero aside) are the company's rows of that kind. */
export async function countOwned(db: TenantDb, kind: keyof typeof TARGETS, ids: number[]) {
  const table = TARGETS[kind];
  const wanted = [...new Set(ids.filter((id) => id > 0))];
  if (wanted.length === 0) return { wanted: 0, owned: 0 };
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, wanted));
  return { wanted: wanted.length, owned: rows.length };
}

/** The options directly under `parentId` (null: the queue's own), as nested trees. */
export function treeOf(rows: readonly ChatbotRow[], parentId: number | null): ChatbotOption[] {
  return rows
    .filter((row) => row.parentId === parentId)
    .map((row) => ({
      id: row.id,
      name: row.name,
      greetingMessage: row.greetingMessage,
      queueType: row.queueType as ChatbotType,
      closeTicket: row.closeTicket,
      optQueueId: row.optQueueId,
      optUserId: row.optUserId,
      optIntegrationId: row.optIntegrationId,
      optFileId: row.optFileId,
      options: treeOf(rows, row.id),
    }));
}

/** The ids of `id`'s nested options, all levels down. */
export function descendantsOf(rows: readonly ChatbotRow[], id: number | null): Set<number> {
  const found = new Set<number>();
  const visit = (parentId: number | null) => {
    for (const row of rows) {
      if (row.parentId !== parentId) continue;
      found.add(row.id);
      visit(row.id);
    }
  };
  visit(id);
  return found;
}

const fieldsOf = (input: ChatbotInput) => ({
  name: input.name,
  greetingMessage: input.greetingMessage ?? null,
  queueType: input.queueType ?? 'text',
  closeTicket: input.closeTicket ?? false,
  optQueueId: input.optQueueId ?? null,
  optUserId: input.optUserId ?? null,
  optIntegrationId: input.optIntegrationId ?? null,
  optFileId: input.optFileId ?? null,
});

interface Place {
  queueId: number;
  parentId: number | null;
  /** Its number in the menu, counted from 0. */
  position: number;
}

/** Writes one option at `place` (updating the row `keep` allows, else a new one); answers its id. */
export async function writeOption(db: TenantDb, place: Place, input: ChatbotInput, keep: Set<number>) {
  const fields = { ...fieldsOf(input), parentId: place.parentId, position: place.position };
  if (input.id !== undefined && keep.has(input.id)) {
    keep.delete(input.id);
    await db
      .update(chatbots)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(chatbots.id, input.id));
    return input.id;
  }
  const [row] = await db
    .insert(chatbots)
    .values({ ...fields, queueId: place.queueId })
    .returning({ id: chatbots.id });
  return row!.id;
}

/**
 * Makes the options under `place` what `inputs` say, all levels down: rows of `replaceable` named by id are
 * updated (moved if need be), the others made new; replaceable rows not named are removed afterwards, so a
 * moved option is never removed with its old parent.
 */
export async function writeOptions(
  db: TenantDb,
  place: Omit<Place, 'position'>,
  inputs: readonly ChatbotInput[],
  replaceable: Set<number>,
) {
  const left = new Set(replaceable);
  const write = async (at: Omit<Place, 'position'>, list: readonly ChatbotInput[]) => {
    for (const [position, input] of list.entries()) {
      const id = await writeOption(db, { ...at, position }, input, left);
      await write({ ...at, parentId: id }, input.options ?? []);
    }
  };
  await write(place, inputs);
  if (left.size > 0) await db.delete(chatbots).where(inArray(chatbots.id, [...left]));
}
