export const SERVER_ENV: Record<string, string>;
export const SERVER_NODE_FLAGS: string[];
