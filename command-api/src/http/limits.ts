import { SlidingQuota, type QuotaRule } from '@hamlog/infra/http/sliding-quota';
import type { CommandDeps } from '../deps';

/** A limiter on the deps' store, with the command side's clock (decision 0047). */
export function limiter(deps: Pick<CommandDeps, 'limits' | 'now'>, rule: QuotaRule): SlidingQuota {
  return new SlidingQuota(deps.limits, rule, () => (deps.now?.() ?? new Date()).getTime());
}
