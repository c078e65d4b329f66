import { CONFIRMATION_SERVICES, CONFIRMED_BIT } from '@hamlog/domain/qso/confirmations';

/**
 * SQL: the CONFIRMED_BIT mask of the services whose count is above 0, each count read by `count`
 * (a slot's column, or a column less the batch's change). The bits are the domain's.
 */
export function slotMaskSql(count: (service: string) => string): string {
  return `(${CONFIRMATION_SERVICES.map((service) => `CASE WHEN ${count(service)} > 0 THEN ${CONFIRMED_BIT[service]} ELSE 0 END`).join(' | ')})`;
}
