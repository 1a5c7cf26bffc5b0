// How the headless server's Node process is started: by `npm start`/`npm run serve` (start.mjs) and by
// the bench, so that the bench measures the memory the product's server has.

/**
 * glibc's allocator settings, read when the process starts. Node's threads (the libuv pool, V8's
 * platform workers) would each get an arena of their own; and once a large block has been freed glibc
 * serves the next large ones from its heap instead of fresh mappings, keeping the peak (an export's or a
 * burst's buffers) resident for good. Two arenas and a fixed mapping threshold give the memory back.
 */
export const SERVER_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

/** Node's flags for the server (stack traces in its logs point into the TypeScript). */
export const SERVER_NODE_FLAGS = ['--enable-source-maps'];
