/// <reference types="vite/client" />

/** One language's messages, every namespace (vite.renderer.ts). */
declare module 'virtual:atendo-language/*' {
  const messages: Record<import('../shared/i18n/index').Namespace, import('../shared/i18n/index').Messages>;
  export default messages;
}

/** Part of one language's namespaces: those of the first paint, or the others (vite.renderer.ts). */
declare module 'virtual:atendo-language/*/first-paint' {
  const messages: Partial<
    Record<import('../shared/i18n/index').Namespace, import('../shared/i18n/index').Messages>
  >;
  export default messages;
}
declare module 'virtual:atendo-language/*/later' {
  const messages: Partial<
    Record<import('../shared/i18n/index').Namespace, import('../shared/i18n/index').Messages>
  >;
  export default messages;
}
