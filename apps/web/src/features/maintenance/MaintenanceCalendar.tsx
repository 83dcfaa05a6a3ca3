import { Badge, Calendar, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { MaintenanceRecord } from '@overtone/contract';
import { STATUS_COLORS } from './maintenanceModel';

/** What the calendar shows: a month (`YYYY-MM`) and, when the user picked one, a day (`YYYY-MM-DD`). */
export interface CalendarSelection {
  month: string;
  day: string | null;
}

interface Props {
  /** The point's records by start day (`YYYY-MM-DD`, customer zone), each day's by start time. */
  byDay: Map<string, MaintenanceRecord[]>;
  selection: CalendarSelection;
  onSelect(selection: CalendarSelection): void;
}

const DAY = 'YYYY-MM-DD';
const MONTH = 'YYYY-MM';

/**
 * The point's maintenance calendar (spec 001 §2 "Maintenance"): on each record's start day a dot,
 * green when the work is completed, otherwise orange, with the record's title; the year view counts
 * a month's records. Picking a day selects it; changing month or year in the header selects the
 * whole month. Days are the customer's calendar days (the start dates are in the customer's zone).
 */
export function MaintenanceCalendar({ byDay, selection, onSelect }: Props) {
  const { t } = useTranslation('maintenance');
  const value = dayjs(selection.day ?? `${selection.month}-01`);
  const countOfMonth = (month: string) =>
    [...byDay.entries()].reduce((n, [day, records]) => (day.startsWith(month) ? n + records.length : n), 0);

  return (
    <div data-testid="maintenance-calendar">
      <Calendar
        value={value}
        onSelect={(date, { source }) =>
          onSelect(
            source === 'date' ? { month: date.format(MONTH), day: date.format(DAY) } : { month: date.format(MONTH), day: null },
          )
        }
        cellRender={(date: Dayjs, info) => {
          if (info.type === 'date') {
            const records = byDay.get(date.format(DAY));
            if (!records) return null;
            return (
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="maintenance-day" data-day={date.format(DAY)}>
                {records.map((r) => (
                  <li key={r._id} style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', lineHeight: 1.4 }}>
                    <Tooltip title={`${r.title} · ${t(`status.${r.status}`)}`}>
                      <span
                        data-testid="maintenance-dot"
                        data-id={r._id}
                        data-status={r.status}
                        aria-label={t(`status.${r.status}`)}
                        style={{
                          display: 'inline-block',
                          width: 8,
                          height: 8,
                          borderRadius: '50%',
                          marginInlineEnd: 4,
                          verticalAlign: 'middle',
                          background: STATUS_COLORS[r.status],
                        }}
                      />
                    </Tooltip>
                    <span style={{ fontSize: 12 }}>{r.title}</span>
                  </li>
                ))}
              </ul>
            );
          }
          if (info.type === 'month') {
            const n = countOfMonth(date.format(MONTH));
            return n ? <Badge count={n} color="#8c8c8c" data-testid="maintenance-month-count" /> : null;
          }
          return null;
        }}
      />
    </div>
  );
}
