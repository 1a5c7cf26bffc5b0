import { Redis } from 'ioredis';

/**
 * The Redis shared by the servers of one deployment (REDIS_URL): the realtime relay, the rate-limit
 * counters and presence. Every key and channel starts with `prefix`, so deployments (or test runs)
 * sharing one Redis never read each other's.
 */
export interface Cluster {
  redis: Redis;
  prefix: string;
}

/** A client that retries forever in the background; commands wait while Redis is unreachable. */
export function openRedis(url: string, onError: (err: Error) => void): Redis {
  const redis = new Redis(url, {
    // Keep retrying at most every 2 s: a server whose Redis is back resumes by itself.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
    // A command fails after this many reconnections rather than hanging a request forever.
    maxRetriesPerRequest: 3,
  });
  // Unreachable Redis: reported, retried; /api/ready answers 503 meanwhile.
  redis.on('error', onError);
  // The copies (the realtime adapter's readers, subscribers) meet the same errors: reported once, here.
  const duplicate = redis.duplicate.bind(redis);
  redis.duplicate = (override) => {
    const copy = duplicate(override).on('error', () => {});
    // The realtime adapter subscribes without awaiting: a copy closed before Redis ever answered must
    // not leave that promise rejected unseen.
    const subscribe = copy.subscribe.bind(copy);
    copy.subscribe = ((...channels: string[]) => {
      const subscribed = subscribe(...channels);
      subscribed.catch(() => {});
      return subscribed;
    }) as typeof copy.subscribe;
    return copy;
  };
  return redis;
}

/** Whether Redis answers now (readiness). */
export async function redisReachable(redis: Redis, timeoutMs = 1_000): Promise<boolean> {
  if (redis.status !== 'ready') return false;
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref());
  return Promise.race([
    redis.ping().then(
      (answer) => answer === 'PONG',
      () => false,
    ),
    timeout,
  ]);
}
