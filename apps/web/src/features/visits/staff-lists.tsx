import type { ReactNode } from 'react';
import type { StaffMetrics } from '@galeno/domain/contracts/affiliates';
import { RECENT_ACTIVITY_DAYS, RECENT_LIST, STAFF_TABLE_DAYS, TOP_N } from '@galeno/domain/timings';
import { formatDateTime, formatInteger } from './format';
import { TableFrame, tableClassName, tdClassName, thClassName } from './table-frame';

/** The staff dashboard's figures and lists (spec section 9: 7-day activity, top 5, the latest 50). */

export function RecentActivity({ activity }: { activity: StaffMetrics['recentActivity'] }) {
  const figures = [
    { label: 'Visitas', value: activity.visits },
    { label: 'Clics', value: activity.clicks },
    { label: 'Registros', value: activity.registrations },
  ];
  return (
    <section aria-labelledby="recent-activity-title">
      <h2 id="recent-activity-title" className="text-xl font-bold text-slate-900">
        Actividad reciente <span className="text-base font-medium text-slate-600">(últimos {RECENT_ACTIVITY_DAYS} días)</span>
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-3">
        {figures.map(({ label, value }) => (
          <div key={label} className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="order-first mb-1 text-xl font-bold tracking-tight break-words text-slate-900 tabular-nums sm:text-3xl">
              {formatInteger(value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function TopLists({ routes, buttons }: { routes: StaffMetrics['topRoutes']; buttons: StaffMetrics['topButtons'] }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TableSection
        id="top-routes"
        title="Rutas más visitadas"
        description={`Las ${TOP_N} rutas con más visitas en los últimos ${STAFF_TABLE_DAYS} días.`}
        headers={['Ruta', 'Visitas']}
        rows={routes.map((route) => ({
          key: route.originPath,
          cells: [<code key="path">{route.originPath}</code>, formatInteger(route.count)],
        }))}
      />
      <TableSection
        id="top-buttons"
        title="Botones más usados"
        description={`Los ${TOP_N} botones con más clics en los últimos ${STAFF_TABLE_DAYS} días.`}
        headers={['Botón', 'Clics']}
        rows={buttons.map((button) => ({
          key: button.buttonClicked,
          cells: [<code key="button">{button.buttonClicked}</code>, formatInteger(button.count)],
        }))}
      />
    </div>
  );
}

/** IP addresses arrive masked by the server (decisions: IPs are personal data) and are shown as given. */
export function RecentVisits({ visits }: { visits: StaffMetrics['allLandingVisits'] }) {
  return (
    <TableSection
      id="recent-visits"
      title="Visitas recientes"
      description={`Las ${RECENT_LIST} visitas más recientes. Una visita repetida por la misma persona suma en «Veces».`}
      headers={['Fecha', 'Ruta', 'Veces', 'Procedencia', 'IP']}
      numeric={[2]}
      tall
      rows={visits.map((visit) => ({
        key: visit.id,
        cells: [
          <time key="created" dateTime={visit.created} className="whitespace-nowrap">
            {formatDateTime(visit.created)}
          </time>,
          <code key="path">{visit.originPath}</code>,
          formatInteger(visit.timesVisited),
          <span key="referer" className="block max-w-64 truncate" title={visit.referer ?? undefined}>
            {visit.referer ?? '—'}
          </span>,
          <code key="ip">{visit.ip}</code>,
        ],
      }))}
    />
  );
}

export function RecentUsers({ users }: { users: StaffMetrics['usersRegistered'] }) {
  return (
    <TableSection
      id="recent-users"
      title="Usuarios recientes"
      description={`Las ${RECENT_LIST} cuentas creadas más recientemente.`}
      headers={['Fecha', 'Nombre', 'Correo', 'Verificado']}
      tall
      rows={users.map((user) => ({
        key: user.id,
        cells: [
          <time key="created" dateTime={user.created} className="whitespace-nowrap">
            {formatDateTime(user.created)}
          </time>,
          user.name,
          <span key="email" className="whitespace-nowrap">
            {user.email}
          </span>,
          user.verified ? 'Sí' : 'No',
        ],
      }))}
    />
  );
}

export function RecentClicks({ clicks }: { clicks: StaffMetrics['allLandingCTAs'] }) {
  return (
    <TableSection
      id="recent-clicks"
      title="Clics recientes"
      description={`Los ${RECENT_LIST} clics más recientes de los últimos ${STAFF_TABLE_DAYS} días.`}
      headers={['Fecha', 'Botón']}
      numeric={[]}
      tall
      rows={clicks.map((click, index) => ({
        key: `${click.created}-${index}`,
        cells: [
          <time key="created" dateTime={click.created} className="whitespace-nowrap">
            {formatDateTime(click.created)}
          </time>,
          <code key="button">{click.buttonClicked}</code>,
        ],
      }))}
    />
  );
}

interface TableSectionProps {
  id: string;
  title: string;
  description: string;
  headers: string[];
  rows: { key: string; cells: ReactNode[] }[];
  /** Columns (by index) aligned right; by default the second column of a two-column table. */
  numeric?: number[];
  /** Long lists scroll inside their card. */
  tall?: boolean;
}

function TableSection({
  id,
  title,
  description,
  headers,
  rows,
  numeric = headers.length === 2 ? [1] : [],
  tall = false,
}: TableSectionProps) {
  const align = (index: number) => (numeric.includes(index) ? 'text-right tabular-nums' : '');
  const captionId = `${id}-caption`;
  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0">
      <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{description}</p>
      {rows.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-slate-600">Sin datos todavía</p>
      ) : (
        <TableFrame captionId={captionId} tall={tall}>
          <table className={tableClassName}>
            <caption id={captionId} className="sr-only">
              {title}
            </caption>
            <thead>
              <tr>
                {headers.map((header, index) => (
                  <th key={header} scope="col" className={`${thClassName} ${align(index)}`}>
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-t border-slate-100">
                  {row.cells.map((cell, index) => (
                    <td key={headers[index]} className={`${tdClassName} ${align(index)}`}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}
