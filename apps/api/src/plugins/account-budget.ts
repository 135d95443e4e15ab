import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../errors.ts';

export interface AccountBudget {
  /** Names the budget in the limits' store; two budgets never share a name. */
  name: string;
  max: number;
  timeWindow: string;
  /** Spanish, said when the budget is spent. */
  message: string;
  /** Whose budget a request spends: its account by default (run after `requireUser`). */
  key?: (request: FastifyRequest) => string;
}

/**
 * A budget per account on top of a route's per-address one (issue 34, F12): an account spread over many addresses
 * would otherwise get a fresh allowance from each. Counted in the limits' store (rate-limit.ts: Redis when configured,
 * so instances share it), and spent only by requests that reached the route signed in. A preHandler, after the
 * session is checked.
 */
export function accountBudget(app: FastifyInstance, budget: AccountBudget) {
  const key = budget.key ?? ((request: FastifyRequest) => request.user!.id);
  const spend = app.createRateLimit({
    max: budget.max,
    timeWindow: budget.timeWindow,
    keyGenerator: (request) => `account:${budget.name}:${key(request)}`,
  });
  return async (request: FastifyRequest) => {
    const outcome = await spend(request);
    if (!outcome.isAllowed && outcome.isExceeded) throw tooManyRequests(budget.message, 'ACCOUNT_RATE_LIMITED');
  };
}
