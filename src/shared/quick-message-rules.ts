import type { QuickMessage } from './api/quick-messages';

type Rule = Pick<QuickMessage, 'userId' | 'geral' | 'visao'>;

/** Who sees a quick message: its owner, everyone when it is general or shared. */
export const quickMessageVisibleTo = (qm: Rule, userId: number) =>
  qm.userId === userId || qm.geral || qm.visao;

/** 3-automation §6: shared (visao) but not general and owned by another user → read-only. */
export const quickMessageReadOnlyFor = (qm: Rule, userId: number) =>
  qm.visao && !qm.geral && qm.userId !== userId;
