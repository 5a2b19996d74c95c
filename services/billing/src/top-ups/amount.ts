import { isPositiveMoney, parseMoney } from '@boon/domain';
import { AppError } from '@boon/service-kit';

/**
 * A decimal string the contract already checked for shape, as minor units of `currency`; more
 * decimals than the currency has (or none above zero) is a 422 on `field`, never rounded away.
 */
export function minorUnits(amount: string, currency: string, field: string): bigint {
  const parsed = parseMoney(amount, currency);
  if (!parsed.ok)
    throw new AppError('validation_error', [{ path: field, message: parsed.error.message }]);
  if (!isPositiveMoney(parsed.value)) {
    throw new AppError('validation_error', [
      { path: field, message: 'Enter an amount greater than 0' },
    ]);
  }
  return parsed.value.minor;
}
