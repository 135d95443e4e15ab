import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createDatabaseProbe } from './routes.ts';

describe('createDatabaseProbe', () => {
  it('asks the database at most once per interval and shares a check in flight', async () => {
    const execute = vi.fn().mockResolvedValue([]);
    const probe = createDatabaseProbe({ execute } as unknown as Db, 1000);
    const results = await Promise.all([probe(), probe(), probe()]);
    expect(results).toEqual([true, true, true]);
    expect(execute).toHaveBeenCalledTimes(1);
    await probe();
    expect(execute).toHaveBeenCalledTimes(1);
    await probe(Date.now() + 2000);
    expect(execute).toHaveBeenCalledTimes(2);
  });

  it('answers unhealthy in time when the database goes silent, with one check in flight however often asked', async () => {
    let answer!: (value: unknown) => void;
    const execute = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const probe = createDatabaseProbe({ execute } as unknown as Db, 1000, 100);
    const started = Date.now();
    expect(await probe()).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await probe()).toBe(false);
    expect(execute).toHaveBeenCalledTimes(1);
    // The silence ends: the check in flight answers, and the next caller hears it.
    answer([]);
    expect(await probe()).toBe(true);
  });

  it('reports a failing database', async () => {
    const probe = createDatabaseProbe({ execute: vi.fn().mockRejectedValue(new Error('down')) } as unknown as Db, 1000);
    expect(await probe()).toBe(false);
  });
});
