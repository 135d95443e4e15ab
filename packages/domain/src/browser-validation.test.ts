import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseWithoutEval } from './browser-validation';

afterEach(() => {
  z.config({ jitless: false });
});

describe('parseWithoutEval', () => {
  it("turns on zod's jitless mode through the configuration zod reads, and parsing still works", () => {
    parseWithoutEval();
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ email: z.email() });
    expect(schema.safeParse({ email: 'ana@example.com' }).success).toBe(true);
    expect(schema.safeParse({ email: 'ana' }).success).toBe(false);
  });
});
