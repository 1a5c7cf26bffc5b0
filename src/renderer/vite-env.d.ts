/// <reference types="vite/client" />

/** One language's messages, every namespace (vite.renderer.ts). */
declare module 'virtual:atendo-language/*' {
  const messages: Record<import('../shared/i18n/index').Namespace, import('../shared/i18n/index').Messages>;
  export default messages;
}
