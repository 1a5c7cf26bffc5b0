import { describe, expect, it } from 'vitest';
import { randomColor } from './random-color';

describe('a random colour for new tags and queues', () => {
  it('is a six-digit hex colour across the whole range', () => {
    expect(randomColor(() => 0)).toBe('#000000');
    expect(randomColor(() => 0.999_999_99)).toBe('#ffffff');
    expect(randomColor()).toMatch(/^#[0-9a-f]{6}$/);
  });
});
