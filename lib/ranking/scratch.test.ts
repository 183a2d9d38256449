import { describe, expect, it } from 'vitest';
import { scratchPool } from './scratch';

describe('scratchPool', () => {
  it('hands a slot the same buffer again, grown by doubling up to max, and a fresh array beyond max', () => {
    const pool = scratchPool(64);
    const a = pool.i32(0, 10);
    a[3] = 7;
    const b = pool.i32(0, 8);
    expect(b.buffer).toBe(a.buffer);
    expect(b[3]).toBe(7); // contents are stale, not cleared
    const c = pool.i32(0, 12);
    expect(c.buffer.byteLength).toBe(20 * 4);
    expect(pool.i32(0, 50).buffer.byteLength).toBe(50 * 4);
    expect(pool.i32(0, 60).buffer.byteLength).toBe(64 * 4);
    const big = pool.f64(0, 65);
    expect(big.length).toBe(65);
    expect(pool.f64(0, 65).buffer).not.toBe(big.buffer);
    // Slots and types are separate buffers.
    expect(pool.i32(1, 4).buffer).not.toBe(pool.i32(0, 4).buffer);
    expect(pool.f64(1, 4)).toBeInstanceOf(Float64Array);
  });
});
