import { sql, type AnyColumn } from 'drizzle-orm';
import { MEXICO_CITY_TIME_ZONE } from '@galeno/domain/mexico-city';

/** A timestamp column's calendar day in Mexico City, as 'YYYY-MM-DD' (the SQL twin of isoDateInMexicoCity). */
export function mexicoCityDaySql(column: AnyColumn) {
  return sql<string>`to_char(${column} at time zone ${sql.raw(`'${MEXICO_CITY_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
}
