import { describe, expect, it } from 'vitest';
import { withRoom } from '../../src/trace/byte-io.js';

describe('withRoom', () => {
  it('returns the buffer itself while the bytes fit', () => {
    const b = new Uint8Array(8);
    expect(withRoom(b, 5, 3)).toBe(b);
  });

  it('doubles until the bytes fit and keeps only the used ones', () => {
    const b = Uint8Array.from([1, 2, 3, 4]);
    const g = withRoom(b, 3, 10);
    expect(g.length).toBe(16);
    expect([...g.subarray(0, 4)]).toEqual([1, 2, 3, 0]);
    expect(withRoom(new Uint8Array(0), 0, 1).length).toBe(1);
  });
});
