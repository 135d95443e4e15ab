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

  it('reports a failing database', async () => {
    const probe = createDatabaseProbe({ execute: vi.fn().mockRejectedValue(new Error('down')) } as unknown as Db, 1000);
    expect(await probe()).toBe(false);
  });
});
