import { monthKeyOf, monthWeeks, parseMonth, shiftMonth } from '@eco/domain/dates/month-grid';
import { isoDayOf, localDayOf, timeZoneOf } from '@eco/domain/dates/time-zones';
import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ExploreQuery } from '../publications/publications-query';
import { explorePath } from '../publications/publications-query';
import { MONTH_NAMES, WEEKDAYS, type MonthDays } from './month-view';
import classes from './MonthView.module.css';

/**
 * The month view beside explore's list of events and courses: a table (the browser's own semantics for rows, columns
 * and headers), Monday first, the days with something as links that open that day's list (`from` = `to` = the day),
 * previous and next month as links. No script: it works before and without the page's JavaScript, with the keyboard
 * as any link. Days are the country's (the API counted them in its zone); "today" comes from the API's minute.
 */
export function MonthView({ query, days }: { query: ExploreQuery; days: MonthDays }) {
  const month = parseMonth(days.from.slice(0, 7));
  if (month === null) return null;
  const counts = new Map(days.days.map((entry) => [entry.day, entry.count]));
  const today = isoDayOf(localDayOf(timeZoneOf(query.country), new Date(days.asOf)));
  const selected = query.from && query.from === query.to ? query.from : undefined;
  const base: ExploreQuery = { ...query, page: 1 };
  const monthPath = (by: number) => explorePath({ ...base, month: monthKeyOf(shiftMonth(month, by)) });
  const monthName = `${MONTH_NAMES[month.month - 1]} ${month.year}`;
  const noun = query.what === 'courses' ? ['curso', 'cursos'] : ['evento', 'eventos'];

  return (
    <section className={classes.month} aria-labelledby="month-view-heading">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Link to={monthPath(-1)} className={classes.step} preventScrollReset>
          ‹ <span className={classes.stepLabel}>Mes anterior</span>
        </Link>
        <Text component="h2" fw={700} size="md" id="month-view-heading" className={classes.title}>
          {monthName}
        </Text>
        <Link to={monthPath(1)} className={classes.step} preventScrollReset>
          <span className={classes.stepLabel}>Mes siguiente</span> ›
        </Link>
      </Group>
      <table className={classes.grid}>
        <caption className={classes.caption}>
          Días con {noun[1]} en {monthName}: elige un día para ver los suyos
        </caption>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, row) => (
            <tr key={row}>
              {week.map((day, column) => {
                if (day === null) return <td key={column} />;
                const iso = isoDayOf(day);
                const count = counts.get(iso) ?? 0;
                const label = `${day.day} de ${MONTH_NAMES[day.month - 1]}: ${count} ${noun[count === 1 ? 0 : 1]}`;
                return (
                  <td key={column} className={iso === today ? classes.today : undefined}>
                    {count > 0 ? (
                      <Link
                        to={explorePath({ ...base, when: undefined, from: iso, to: iso })}
                        className={classes.marked}
                        aria-label={label}
                        aria-current={iso === selected ? 'date' : undefined}
                      >
                        {day.day}
                      </Link>
                    ) : (
                      <span className={classes.day}>{day.day}</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
