/**
 * Property tests and CI. Locally every run draws new random cases (fast-check prints the seed
 * and path of any failure, so it can be replayed with FC_SEED). CI is a gate, so there the cases
 * are the same on every run: a failure means the change broke something, not that the dice
 * found an old corner. FC_SEED=<integer> pins a seed anywhere; FC_SEED=random draws anew in CI.
 */
import fc from 'fast-check';

const CI_SEED = 20261121;

const requested = process.env.FC_SEED?.trim() || undefined;
const inCi = /^(1|true|yes)$/i.test(process.env.CI ?? '');
const seed = requested === 'random' ? undefined : requested !== undefined ? Number(requested) : inCi ? CI_SEED : undefined;

// A property that names a maxLength (or maxDepth) means it: fast-check 4 otherwise caps what it draws
// at its 'small' size, about ten elements, so `fc.array(op, { maxLength: 600 })` exercised
// ten-operation sequences and a table under test never grew or shrank past its first sizes.
fc.configureGlobal({ ...fc.readConfigureGlobal(), defaultSizeToMaxWhenMaxSpecified: true });

if (seed !== undefined) {
  if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer or 'random', not '${requested}'`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
  console.log(`fast-check: seed ${seed} for every property (FC_SEED=random to draw new cases)`);
}
