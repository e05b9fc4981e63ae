/**
 * Work an action does before its first die, kept per input object. Exact odds re-run an action
 * once per dice path with the same parsed input and ruleset data, so validation, bonuses and
 * every dice-independent part of the output are built once instead of on every path.
 */
const plans = new WeakMap<object, { data: object; plan: unknown }>();

export function prepared<P>(input: object, data: object, build: () => P): P {
  const known = plans.get(input);
  if (known && known.data === data) return known.plan as P;
  const plan = build();
  plans.set(input, { data, plan });
  return plan;
}
