/**
 * A random #rrggbb colour: 1-attendance §9 gives a tag created on the fly a random colour; tags made by a
 * contact import and a new queue's suggested colour take one the same way.
 */
export function randomColor(random: () => number = Math.random): string {
  return `#${Math.floor(random() * 0x1000000)
    .toString(16)
    .padStart(6, '0')}`;
}
