/**
 * Who gets a waiting ticket among its queue's online users (ids in order): a random one when nobody has
 * it yet (userRandom, a rotation's first turn), else the next after its current user, wrapping round, so
 * each online user gets a turn (rotation). undefined: nobody (else) to give it to.
 */
export function offeree(online: number[], current: number | null, random = Math.random) {
  if (current === null) return online[Math.floor(random() * online.length)];
  const others = online.filter((id) => id !== current);
  return others.find((id) => id > current) ?? others[0];
}
