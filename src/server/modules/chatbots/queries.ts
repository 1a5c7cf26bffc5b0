import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ChatbotInput, ChatbotOption, ChatbotType } from '../../../shared/api/chatbots';
import { chatbots } from '../../db/schema';
import type { DbOrTx } from '../../platform/database';

export type ChatbotRow = typeof chatbots.$inferSelect;

/** Every option of the given queues (all levels), siblings in menu order. */
export function optionRowsOf(db: DbOrTx, companyId: number, queueIds: number[]) {
  if (queueIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(chatbots)
    .where(and(eq(chatbots.companyId, companyId), inArray(chatbots.queueId, queueIds)))
    .orderBy(asc(chatbots.position), asc(chatbots.id));
}

export async function findOptionRow(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(chatbots)
    .where(and(eq(chatbots.companyId, companyId), eq(chatbots.id, id)));
  return row;
}

/** Removes an option of the company with everything under it; answers whether it existed. */
export async function deleteOptionRow(db: DbOrTx, companyId: number, id: number) {
  const removed = await db
    .delete(chatbots)
    .where(and(eq(chatbots.companyId, companyId), eq(chatbots.id, id)))
    .returning({ id: chatbots.id });
  return removed.length > 0;
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
  companyId: number;
  queueId: number;
  parentId: number | null;
  /** Its number in the menu, counted from 0. */
  position: number;
}

/** Writes one option at `place` (updating the row `keep` allows, else a new one); answers its id. */
export async function writeOption(db: DbOrTx, place: Place, input: ChatbotInput, keep: Set<number>) {
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
    .values({ ...fields, companyId: place.companyId, queueId: place.queueId })
    .returning({ id: chatbots.id });
  return row!.id;
}

/**
 * Makes the options under `place` what `inputs` say, all levels down: rows of `replaceable` named by id are
 * updated (moved if need be), the others made new; replaceable rows not named are removed afterwards, so a
 * moved option is never removed with its old parent.
 */
export async function writeOptions(
  db: DbOrTx,
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
